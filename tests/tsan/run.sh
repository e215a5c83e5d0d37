#!/usr/bin/env bash
# check -j (files on worker threads) and --threads (blank's chunks inflated
# on threads) under ThreadSanitizer, over every bundled capture of every
# protocol in one run, so that threads meet each protocol's first use of its
# tables at the same time. Repeated: a race shows in some runs only. Each
# run's output and exit code must be those of one thread's.
# Usage: tests/tsan/run.sh BLANKSHARK_BUILT_WITH_TSAN
set -euo pipefail
bin=$1
cd "$(dirname "$0")/../.."
# Round robin over the folders (one capture of each protocol, then the next
# of each, ...), so the first files the workers take are of different
# protocols.
mapfile -t files < <(find captures -name '*.pcap' -o -name '*.pcapng' | sort |
  awk -F/ '{ d = $0; sub("/[^/]*$", "", d); print (n[d]++) "\t" d "\t" $0 }' | sort -n -k1,1 -k2,2 | cut -f3)
(( ${#files[@]} >= 30 )) || { echo "tsan: only ${#files[@]} captures found" >&2; exit 1; }
export TSAN_OPTIONS="halt_on_error=1 exitcode=86 second_deadlock_stack=1"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# The reference: one file after the other, one thread. check -j and
# --threads promise the same output (docs/analyzer.md): every run below must
# print it byte for byte and exit as it does (no race report: 86, no crash).
ref_rc=0
"$bin" check --format json "${files[@]}" >"$out/ref.json" 2>"$out/ref.err" || ref_rc=$?
if (( ref_rc != 0 && ref_rc != 1 && ref_rc != 3 )); then
  echo "tsan: check (one thread) exited $ref_rc" >&2
  cat "$out/ref.err" >&2
  exit 1
fi
events=$(grep -c '"event_type":"finding"' "$out/ref.json" || true)
(( events > 0 )) || { echo "tsan: the one-thread check reported no finding: nothing to compare" >&2; exit 1; }
for args in "-j 4" "-j 2" "-j 3 --threads 2" "--threads 2"; do
  rc=0
  "$bin" check $args --format json "${files[@]}" >"$out/run.json" 2>"$out/run.err" || rc=$?
  if (( rc != ref_rc )) || ! cmp -s "$out/ref.json" "$out/run.json"; then
    echo "tsan: check $args exited $rc (one thread: $ref_rc)$(cmp -s "$out/ref.json" "$out/run.json" || echo ", its output differs from one thread's:")" >&2
    diff "$out/ref.json" "$out/run.json" | head -20 >&2
    cat "$out/run.err" >&2
    exit 1
  fi
  echo "tsan: check $args over ${#files[@]} captures: exit $rc and the same $(wc -l <"$out/run.json") events ($events findings) as one thread, no race reported"
done
