#!/usr/bin/env bash
# Builds and runs every test:
#   1. asan (./build-asan): the unit, analyzer end-to-end and tshark-with-plugin
#      tests (ctest), built with AddressSanitizer + UBSan, the plugin included
#      (the tests' own code with ASan alone: tests/CMakeLists.txt says why):
#      the system's tshark loads the instrumented blank.so with the sanitizer
#      runtime preloaded; a sanitizer report exits 86
#   2. bench (the same ./build-asan, before its ctest): a smoke run of
#      tests/bench/run.sh (no timing: every row runs once, so the benchmark
#      keeps working) and the C references' counts against check's
#   3. fuzz: every libFuzzer target for FUZZ_SECONDS (default 20) each
#      (./build-fuzz), fuzz_plugin (the plugin in libwireshark) too when
#      libwireshark-dev is there
#   4. hostile: mutated and truncated real captures through the sanitizer
#      builds of blankshark and of the plugin (in tshark)
#   5. tsan (./build-tsan): blankshark built with ThreadSanitizer, check -j
#      and --threads over every bundled capture, all protocols mixed
# BLANKSHARK_TEST_STAGES picks stages (default "bench asan fuzz hostile tsan",
# what CI runs). Two more: "ctest" runs the same ctest suite without
# sanitizers in ./build (faster to iterate; tests/distros/run.sh --quick);
# "tshark" builds only what the tests labelled tshark need (target
# tshark_tests, which also compiles tests/fuzz/fuzz_plugin.cpp against that
# Wireshark, without linking it) and runs them (CI's Debian 13 and testing
# legs, tests/distros/run.sh --tshark).
#
# The suite runs once, under the sanitizers, rather than once without and
# once with them: the four builds and two runs did not fit CI's 90 minutes.
# The builds carry line tables only (-g1): a sanitizer's stack trace has
# its files and lines, and the compiler is spared the variable tracking of
# -g (half the time on the largest table files). The sanitizer builds are
# -O1 (what the sanitizers' own documentation advises): with UBSan, -O2
# took 2.4 times the CPU to compile (tshark_java_test.cpp 89 s, at -O1
# 37 s; plugin/mc_java/dissector.cpp 28 s and 16 s). The benchmark's smoke
# run and the references' counts use the sanitizer build's binaries: they
# prove the programs run and count alike, not how fast (tests/bench/run.sh
# without --quick, on a Release build, measures that: docs/performance.md).
# The tshark stage builds without line tables at -O1 (-O2 -g1 took 1.4
# times the CPU): it proves the plugin builds and behaves on that release.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzz_seconds=${FUZZ_SECONDS:-20}
stages=" ${BLANKSHARK_TEST_STAGES:-bench asan fuzz hostile tsan} "
stage() { [[ $stages == *" $1 "* ]]; }
# Each stage's heading says when it started and the CPU time used so far by
# every process this script waited for (CI's time is counted).
# (times runs in this shell, not in a $(...) subshell, which has no children.)
times_file=$(mktemp)
cpu() { awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } printf "%.0f", s }' "$times_file"; }
at() { times >"$times_file"; echo "== $* ($(date +%T), ${SECONDS}s in, CPU $(cpu) s)"; }
flags() { echo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$1 -DNDEBUG"; }
lines=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "$(flags "-O2 -g1")" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG")
san_lines=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "$(flags "-O1 -g1")" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG")

if stage ctest; then
at "build and test without sanitizers"
scripts/build.sh --tests
(cd build && ctest --output-on-failure -j2)
fi

if stage tshark; then
at "the tshark tests (label tshark) without sanitizers, $(tshark --version | head -n 1)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo "$(flags "-O1 -g0")" -DBLANKSHARK_TESTS=ON >/dev/null
cmake --build build -j2 --target tshark_tests >/dev/null
(cd build && ctest --output-on-failure -j2 -L tshark)
fi

if stage asan || stage hostile || stage bench; then
at "sanitizer build (address, undefined)"
bench=OFF
if stage bench; then bench=ON; fi
cmake -S . -B build-asan "${san_lines[@]}" -DBLANKSHARK_SANITIZE=address,undefined \
  -DBLANKSHARK_PLUGIN=ON -DBLANKSHARK_BENCH=$bench >/dev/null
cmake --build build-asan -j2 >/dev/null
fi

if stage bench; then
at "benchmark programs: one smoke run (sanitizer build)"
tests/bench/run.sh --quick --no-tshark --build "$PWD/build-asan" --out "$PWD/build-asan/tests/bench/smoke"
tests/bench/limit_counts.sh "$PWD/build-asan" >build-asan/limit_counts.txt || { cat build-asan/limit_counts.txt; exit 1; }
echo "limit_counts: the C references count what check counts on every bundled capture ($(wc -l <build-asan/limit_counts.txt) lines)"
fi

if stage asan; then
at "sanitizer tests (ctest)"
(cd build-asan && ctest --output-on-failure -j2)
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
  (cmake -S . -B build-tsan "${san_lines[@]}" -DBLANKSHARK_SANITIZE=thread -DBLANKSHARK_PLUGIN=OFF \
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
at "done"
rm -f "$hostile_log" "$tsan_log" "$times_file"
