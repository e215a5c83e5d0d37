#!/usr/bin/env bash
# Builds and runs every test:
#   1. bench (./build): the analyzer and the benchmark programs, a smoke run
#      of tests/bench/run.sh (no timing: every row runs once, so the benchmark
#      keeps working) and the C references' counts against check's
#   2. asan (./build-asan): the unit, analyzer end-to-end and tshark-with-plugin
#      tests (ctest), built with AddressSanitizer + UBSan, the plugin included:
#      the system's tshark loads the instrumented blank.so with the sanitizer
#      runtime preloaded; a sanitizer report exits 86
#   3. fuzz: every libFuzzer target for FUZZ_SECONDS (default 20) each
#      (./build-fuzz), fuzz_plugin (the plugin in libwireshark) too when
#      libwireshark-dev is there
#   4. hostile: mutated and truncated real captures through the sanitizer
#      builds of blankshark and of the plugin (in tshark)
#   5. tsan (./build-tsan): blankshark built with ThreadSanitizer, check -j
#      and --threads over every bundled capture, all protocols mixed
# BLANKSHARK_TEST_STAGES picks stages (default "bench asan fuzz hostile tsan",
# what CI runs). One more, "ctest", runs the same ctest suite without
# sanitizers in ./build (faster to iterate; tests/distros/run.sh --quick).
#
# The suite runs once, under the sanitizers, rather than once without and
# once with them: the four builds and two runs did not fit CI's 90 minutes.
# The builds carry line tables only (-g1): a sanitizer's stack trace has
# its files and lines, and the compiler is spared the variable tracking of
# -g (half the time on the largest table files).
set -euo pipefail
cd "$(dirname "$0")/.."
fuzz_seconds=${FUZZ_SECONDS:-20}
stages=" ${BLANKSHARK_TEST_STAGES:-bench asan fuzz hostile tsan} "
stage() { [[ $stages == *" $1 "* ]]; }
# Each stage's heading says when it started (CI's time is counted).
at() { echo "== $* ($(date +%T), ${SECONDS}s in)"; }
lines=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"
  "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG")

if stage bench; then
at "benchmark programs: one smoke run"
cmake -S . -B build "${lines[@]}" -DBLANKSHARK_BENCH=ON -DBLANKSHARK_TESTS=OFF >/dev/null
cmake --build build -j2 --target blankshark bench >/dev/null
tests/bench/run.sh --quick --no-tshark --build "$PWD/build" --out "$PWD/build/tests/bench/smoke"
tests/bench/limit_counts.sh "$PWD/build" >build/limit_counts.txt || { cat build/limit_counts.txt; exit 1; }
echo "limit_counts: the C references count what check counts on every bundled capture ($(wc -l <build/limit_counts.txt) lines)"
fi

if stage ctest; then
at "build and test without sanitizers"
scripts/build.sh --tests
(cd build && ctest --output-on-failure -j2)
fi

if stage asan || stage hostile; then
at "sanitizer build (address, undefined) and test"
cmake -S . -B build-asan "${lines[@]}" -DBLANKSHARK_SANITIZE=address,undefined \
  -DBLANKSHARK_PLUGIN=ON >/dev/null
cmake --build build-asan -j2 >/dev/null
if stage asan; then (cd build-asan && ctest --output-on-failure -j2); fi
fi

# The hostile captures and ThreadSanitizer's build run beside the fuzzing:
# a libFuzzer process and the hostile captures' runs (one tshark or
# blankshark at a time) keep one core busy each, and the builds fill the gaps.
hostile_log=$(mktemp)
if stage hostile; then
  tests/hostile/run.sh "$PWD/build-asan/analyzer/blankshark" "$PWD/build-asan/plugins" "$PWD/build-asan/hostile" \
    >"$hostile_log" 2>&1 &
  hostile_run=$!
fi
tsan_log=$(mktemp)
if stage tsan; then
  (cmake -S . -B build-tsan "${lines[@]}" -DBLANKSHARK_SANITIZE=thread -DBLANKSHARK_PLUGIN=OFF \
     -DBLANKSHARK_TESTS=OFF && cmake --build build-tsan -j2 --target blankshark) >"$tsan_log" 2>&1 &
  tsan_build=$!
fi

if stage fuzz; then
at "fuzzing, ${fuzz_seconds}s per target"
tests/fuzz/run.sh "$fuzz_seconds" "$PWD/build-fuzz"
fi

if stage hostile; then
at "hostile captures (started beside the fuzzing)"
rc=0
wait "$hostile_run" || rc=$?
cat "$hostile_log"
(( rc == 0 )) || exit "$rc"
fi

if stage tsan; then
at "ThreadSanitizer: check -j over captures of every protocol"
wait "$tsan_build" || { cat "$tsan_log"; echo "ThreadSanitizer build failed" >&2; exit 1; }
tests/tsan/run.sh "$PWD/build-tsan/analyzer/blankshark"
fi
rm -f "$hostile_log" "$tsan_log"
at "done"
