#!/usr/bin/env bash
# Keeps what fuzzing learned: after tests/fuzz/run.sh, merges each target's
# corpus of that run (BUILD_DIR/fuzz-out/<target>/corpus) with the committed
# one into tests/fuzz/corpus/<target>/, which run.sh gives every later run
# as seeds. libFuzzer's -merge=1 keeps only the inputs that add coverage;
# inputs over MAX_BYTES are left out, so the committed corpus stays small
# (commit what it leaves, with the run that found it).
# Usage: tests/fuzz/keep_corpus.sh [BUILD_DIR] [MAX_BYTES]   (default ./build-fuzz, 2048)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build-fuzz}
max=${2:-2048}
for out in "$build"/fuzz-out/*/; do
  t=$(basename "$out")
  bin=$build/tests/fuzz/fuzz_$t
  [ -x "$bin" ] && [ -d "$out/corpus" ] || continue
  small=$(mktemp -d)
  merged=$(mktemp -d)
  work=$(mktemp -d)  # where a crash during the merge would leave its file
  find "$out/corpus" "$root/tests/fuzz/corpus/$t" -type f -size -$((max + 1))c -exec cp -t "$small" {} + 2>/dev/null || true
  extra=()
  if [[ $t == plugin ]]; then extra=(-detect_leaks=0); fi
  (cd "$work" && "$bin" -merge=1 -timeout=10 -rss_limit_mb=2048 "${extra[@]}" "$merged" "$small" >/dev/null 2>&1)
  mkdir -p "$root/tests/fuzz/corpus/$t"
  find "$root/tests/fuzz/corpus/$t" -type f -delete
  cp "$merged"/* "$root/tests/fuzz/corpus/$t/" 2>/dev/null || true
  echo "fuzz_$t: kept $(ls "$root/tests/fuzz/corpus/$t" | wc -l) inputs," \
    "$(du -sk "$root/tests/fuzz/corpus/$t" | cut -f1) kB (of $(ls "$small" | wc -l) of at most $max bytes)"
  rm -rf "$small" "$merged" "$work"
done
