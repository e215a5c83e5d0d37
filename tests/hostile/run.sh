#!/usr/bin/env bash
# Hostile captures: the real captures mutated with editcap -E (several error
# probabilities and seeds) and truncated at random points, through the
# sanitizer build of blankshark and through tshark with the plugin (-V and
# -2). Each run must end on its own (bounded time), without a crash or a
# sanitizer report, within bounded memory; a truncated file must report the
# intact frames, then name the frame and byte offset where it breaks.
# Usage: tests/hostile/run.sh BLANKSHARK_BIN PLUGIN_DIR [WORK_DIR]
set -uo pipefail
bin=$1
plugin_dir=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${3:-$(mktemp -d /tmp/blankshark-hostile.XXXXXX)}
mkdir -p "$work"
chmod 755 "$work"
limit_kb=$((1024 * 1024))  # 1 GiB of RSS for any one run
# tshark ignores WIRESHARK_PLUGIN_DIR as root: run it as nobody then.
tshark_cmd=(env HOME=/tmp WIRESHARK_PLUGIN_DIR="$plugin_dir" tshark)
[ "$(id -u)" -eq 0 ] && tshark_cmd=(setpriv --reuid=65534 --regid=65534 --clear-groups "${tshark_cmd[@]}")

files=()
for cap in "$root"/captures/blank-*.pcap*; do
  name=$(basename "$cap")
  for p in 0.001 0.01 0.05; do
    for seed in 1 2; do
      out="$work/mut-$p-$seed-$name"
      editcap -E "$p" --seed "$seed" "$cap" "$out" >/dev/null 2>&1 && files+=("$out")
    done
  done
  size=$(stat -c %s "$cap")
  for k in 1 2 3; do
    cut=$(( (RANDOM * 32768 + RANDOM) % size ))
    out="$work/cut-$cut-$name"
    head -c "$cut" "$cap" >"$out"
    files+=("$out")
  done
done
chmod 644 "${files[@]}"

fail=0
runs=0
peak=0
check() {  # what, exit code, allowed codes, stderr file
  local what=$1 rc=$2 allowed=$3 err=$4
  runs=$((runs + 1))
  if [ "$rc" -eq 124 ]; then echo "TIMEOUT: $what"; fail=1; return; fi
  if ! [[ " $allowed " == *" $rc "* ]]; then echo "EXIT $rc: $what"; tail -5 "$err"; fail=1; fi
  if grep -qE "AddressSanitizer|LeakSanitizer|runtime error|Segmentation|Aborted" "$err"; then
    echo "SANITIZER: $what"; grep -m5 -E "SUMMARY|runtime error|ERROR" "$err"; fail=1
  fi
}
rss() {  # kB from /usr/bin/time's file
  local kb
  kb=$(tail -1 "$1")
  [ "$kb" -gt "$peak" ] && peak=$kb
  if [ "$kb" -gt "$limit_kb" ]; then echo "MEMORY ${kb} kB: $2"; fail=1; fi
}
for f in "${files[@]}"; do
  name=$(basename "$f")
  timeout 120 /usr/bin/time -f "%M" -o "$work/time" "$bin" check --format json --fail-on error "$f" >"$work/out" 2>"$work/err"
  check "blankshark check $name" $? "0 1 3 4" "$work/err"
  rss "$work/time" "blankshark check $name"
  if [[ $name == cut-* ]]; then
    timeout 120 "$bin" decode --json "$f" >"$work/out" 2>"$work/err"
    rc=$?
    check "blankshark decode $name" $rc "0 3 4" "$work/err"
    if [ $rc -eq 4 ]; then
      # every frame before the bad spot is reported, then the spot is named
      n=$(wc -l <"$work/out")
      grep -q "frame $((n + 1)) (byte offset" "$work/err" || { echo "NOT NAMED: $name: $(cat "$work/err")"; fail=1; }
    fi
  fi
  for args in "-V" "-2 -V"; do
    timeout 300 /usr/bin/time -f "%M" -o "$work/time" "${tshark_cmd[@]}" -r "$f" $args >/dev/null 2>"$work/err"
    check "tshark $args $name" $? "0 1 2" "$work/err"
    rss "$work/time" "tshark $args $name"
  done
done
echo "hostile captures: ${#files[@]} files (editcap -E 0.001/0.01/0.05 x 2 seeds, 3 random cuts each), $runs runs, peak RSS ${peak} kB"
[ $fail -eq 0 ] && echo "hostile captures: all passed" || echo "hostile captures: FAILED"
exit $fail
