#!/usr/bin/env bash
# check -j (files on worker threads) and --threads (blank's chunks inflated
# on threads) under ThreadSanitizer, over every bundled capture of every
# protocol in one run, so that threads meet each protocol's first use of its
# tables at the same time. Repeated: a race shows in some runs only.
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
for args in "-j 4" "-j 2" "-j 3 --threads 2" "--threads 2"; do
  rc=0
  "$bin" check $args --format json "${files[@]}" >/dev/null 2>/tmp/tsan-$$.err || rc=$?
  # 0 PASS, 1 FAIL (lossy captures), 3 a file unreadable (the damaged
  # crafted ones); a race report exits 86, a crash 128+.
  if (( rc != 0 && rc != 1 && rc != 3 )); then
    echo "tsan: check $args exited $rc" >&2
    cat /tmp/tsan-$$.err >&2
    rm -f /tmp/tsan-$$.err
    exit 1
  fi
  echo "tsan: check $args over ${#files[@]} captures: exit $rc, no race reported"
done
rm -f /tmp/tsan-$$.err
