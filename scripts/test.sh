#!/usr/bin/env bash
# Builds and runs every test (unit, analyzer end-to-end, tshark with the plugin).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
cd build && ctest --output-on-failure -j2
