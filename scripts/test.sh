#!/usr/bin/env bash
# Builds and runs every test:
#   1. unit, analyzer end-to-end and tshark-with-plugin tests (ctest, ./build),
#      and the benchmark programs with a smoke run of tests/bench/run.sh
#      (no timing: every row runs once, so the benchmark keeps working)
#   2. the same suite built with AddressSanitizer + UBSan (./build-asan), the
#      plugin included: the system's tshark loads the instrumented blank.so
#      with the sanitizer runtime preloaded; a sanitizer report exits 86
#   3. every libFuzzer target for FUZZ_SECONDS (default 60) each (./build-fuzz),
#      fuzz_plugin (the plugin in libwireshark) too when libwireshark-dev is there
#   4. hostile captures (mutated and truncated real captures) through the
#      sanitizer builds of blankshark and of the plugin (in tshark)
#   5. blankshark built with ThreadSanitizer (./build-tsan): check -j 2 and
#      --threads 2 over every bundled capture, all protocols mixed
# BLANKSHARK_TEST_STAGES="ctest asan fuzz hostile tsan" (the default: all) picks
# stages, for tests/distros/run.sh --quick; CI runs them all.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzz_seconds=${FUZZ_SECONDS:-60}
stages=" ${BLANKSHARK_TEST_STAGES:-ctest asan fuzz hostile tsan} "
stage() { [[ $stages == *" $1 "* ]]; }
# Each stage's heading says when it started (CI's time is counted).
at() { echo "== $* ($(date +%T), ${SECONDS}s in)"; }

if stage ctest; then
at "build and test"
scripts/build.sh --tests
cmake -S . -B build -DBLANKSHARK_BENCH=ON >/dev/null
cmake --build build -j2 --target bench >/dev/null
(cd build && ctest --output-on-failure -j2)
fi

if stage asan || stage hostile; then
at "sanitizer build (address, undefined) and test"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBLANKSHARK_SANITIZE=address,undefined \
  -DBLANKSHARK_PLUGIN=ON >/dev/null
cmake --build build-asan -j2 >/dev/null
if stage asan; then (cd build-asan && ctest --output-on-failure -j2); fi
fi

if stage fuzz; then
at "fuzzing, ${fuzz_seconds}s per target"
tests/fuzz/run.sh "$fuzz_seconds" "$PWD/build-fuzz"
fi

if stage hostile; then
at "hostile captures"
tests/hostile/run.sh "$PWD/build-asan/analyzer/blankshark" "$PWD/build-asan/plugins" "$PWD/build-asan/hostile"
fi

if stage tsan; then
at "ThreadSanitizer: check -j over captures of every protocol"
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBLANKSHARK_SANITIZE=thread -DBLANKSHARK_PLUGIN=OFF \
  -DBLANKSHARK_TESTS=OFF >/dev/null
cmake --build build-tsan -j2 --target blankshark >/dev/null
tests/tsan/run.sh "$PWD/build-tsan/analyzer/blankshark"
fi
at "done"
