#!/usr/bin/env bash
# Configures and builds blankshark in ./build: the analyzer and the plugin;
# with --tests also the tests (scripts/test.sh passes it).
set -euo pipefail
cd "$(dirname "$0")/.."
tests=OFF
[ "${1:-}" = "--tests" ] && tests=ON
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBLANKSHARK_TESTS=$tests >/dev/null
cmake --build build -j2
