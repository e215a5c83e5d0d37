#!/usr/bin/env bash
# Hostile captures: every bundled capture (blank, Minecraft Java, Alpha,
# RakNet/MCPE; real and crafted) mutated with editcap -E and cut at seeded
# random points, through the
# sanitizer build of blankshark (check and decode) and through tshark with the
# plugin (-V and -2 -V). Each run must end on its own (bounded time), within
# bounded memory, with the exit code its input calls for and without a crash
# or a sanitizer report; what comes before the damage must be reported as in
# the intact capture (check's findings, decode's packets, and every frame
# tshark -V shows), and a cut must be named (file, frame, byte offset). The
# intact captures' own runs (the references) must pass the same way.
# When PLUGIN_DIR's blank.so is built with ASan/UBSan (scripts/test.sh), the
# system's tshark loads it with the sanitizer runtime preloaded.
# Usage: tests/hostile/run.sh BLANKSHARK_BIN PLUGIN_DIR [WORK_DIR]
#   HOSTILE_SEED=N picks other cut points (default 15; printed).
set -uo pipefail
bin=$1
plugin_dir=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${3:-$(mktemp -d /tmp/blankshark-hostile-work.XXXXXX)}  # blankshark's outputs
mkdir -p "$work"
seed=${HOSTILE_SEED:-15}
RANDOM=$seed
limit_kb=$((1024 * 1024))  # 1 GiB of RSS for any one run
sanitizer_exit=86          # as CMakeLists.txt: a code no command uses
# tshark's exit on a capture cut short: 2 up to 4.4, WS_EXIT_READ_ERROR (14)
# from 4.6 (measured: 4.0.17 and 4.4.19 exit 2, 4.6.9 exits 14).
tshark_read_error=2
read -r ws_major ws_minor < <(tshark --version 2>/dev/null | sed -nE '1s/^TShark \(Wireshark\) ([0-9]+)\.([0-9]+).*/\1 \2/p')
if [ "${ws_major:-0}" -gt 4 ] || { [ "${ws_major:-0}" -eq 4 ] && [ "${ws_minor:-0}" -ge 6 ]; }; then
  tshark_read_error=14
fi

# tshark as root ignores WIRESHARK_PLUGIN_DIR, so it then runs as nobody, who
# cannot read a checkout under /root (0700): the plugin and the captures
# tshark reads go into a world-readable directory under /tmp.
stage=$(mktemp -d /tmp/blankshark-hostile.XXXXXX)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/plugins" "$stage/files" "$stage/extcap"
cp -r "$plugin_dir"/. "$stage/plugins/"
chmod -R u=rwX,go=rX "$stage"
# An empty extcap folder: tshark starts no extcap tools (with the sanitizer
# runtime preloaded they hang at exit).
tshark_cmd=(env -u XDG_CONFIG_HOME HOME="$stage" WIRESHARK_PLUGIN_DIR="$stage/plugins"
            WIRESHARK_EXTCAP_DIR="$stage/extcap")
so=$(find "$stage/plugins" -name blank.so | head -1)
asan=$(ldd "$so" | awk '$1 ~ /^libasan\.so/ {print $3}')
ubsan=$(ldd "$so" | awk '$1 ~ /^libubsan\.so/ {print $3}')
if [ -n "$asan$ubsan" ]; then  # the ASan runtime must come first
  preload=$(echo "$asan $ubsan" | xargs | tr ' ' :)
  tshark_cmd+=(LD_PRELOAD="$preload" ASAN_OPTIONS="detect_leaks=0:exitcode=$sanitizer_exit"
               UBSAN_OPTIONS="exitcode=$sanitizer_exit:print_stacktrace=1")
  echo "hostile captures: blank.so built with sanitizers, tshark runs with $preload preloaded"
fi
tshark_cmd+=(tshark)
tshark_user=$(id -un)
if [ "$(id -u)" -eq 0 ]; then
  tshark_cmd=(setpriv --reuid=65534 --regid=65534 --clear-groups "${tshark_cmd[@]}")
  tshark_user=nobody
fi
plugins=$(cd "$stage" && "${tshark_cmd[@]}" -G plugins 2>"$work/err")
if ! grep -q "^blank\.so.*$stage/plugins/" <<<"$plugins"; then
  echo "hostile captures: FAILED: tshark (run as $tshark_user) does not load $so:"
  echo "$plugins" | grep -i blank; cat "$work/err"
  exit 1
fi

fail=0
runs=0
peak=0
# The frame that holds byte OFFSET (1-based, as cmp counts) of FILE.
frame_at() {
  perl "$here/record_offsets.pl" "$1" | awk -v at="$2" '$1 < at { n++ } END { print n + 0 }'
}
# For FILE cut after BYTES bytes: the exit code it calls for, the first
# frame not read completely and the byte where its record starts.
cut_calls_for() {
  perl "$here/record_offsets.pl" "$1" | awk -v cut="$2" -v size="$(stat -c %s "$1")" '
    { start[++n] = $1 }
    END {
      start[n + 1] = size
      if (cut < start[1]) { print 3, 1, 0; exit }
      for (i = 1; i <= n + 1; i++) {
        if (cut == start[i]) { print 0, i, start[i]; exit }         # clean end after i - 1 frames
        if (cut < start[i + 1]) { print 4, i, start[i]; exit }       # frame i cut inside its record
      }
    }'
}
check() {  # what, exit code, allowed codes, stderr file
  local what=$1 rc=$2 allowed=$3 err=$4
  runs=$((runs + 1))
  if [ "$rc" -eq 124 ]; then echo "TIMEOUT: $what"; fail=1; return; fi
  if grep -qE "Sanitizer|runtime error|Segmentation|Aborted" "$err" || [ "$rc" -eq "$sanitizer_exit" ]; then
    echo "SANITIZER (exit $rc): $what"; grep -m5 -E "SUMMARY|runtime error|ERROR" "$err"; fail=1
  elif ! [[ " $allowed " == *" $rc "* ]]; then
    echo "EXIT $rc (expected $allowed): $what"; tail -5 "$err"; fail=1
  fi
}
rss() {  # kB from /usr/bin/time's file (none when timeout killed it)
  local kb
  kb=$(tail -1 "$1" 2>/dev/null | grep -E '^[0-9]+$' || echo 0)
  [ "$kb" -gt "$peak" ] && peak=$kb
  if [ "$kb" -gt "$limit_kb" ]; then echo "MEMORY ${kb} kB: $2"; fail=1; fi
}
compared=0  # decode lines and findings before the damage, compared with the intact capture's
tshark_compared=0  # frames tshark -V shows before the damage, compared with the intact capture's
same_before() {  # decode|check, intact output, damaged output, frame K, what
  local r
  if ! r=$(perl "$here/same_before.pl" "$1" "$2" "$3" "$4"); then echo "NOT AS INTACT: $5: $r"; fail=1; return; fi
  compared=$((compared + ${r%% *}))
}
tshark_same_before() {  # intact -V output, damaged -V output, frame K, what
  local r
  if ! r=$(perl "$here/tshark_same_before.pl" "$1" "$2" "$3"); then echo "NOT AS INTACT: $4: $r"; fail=1; return; fi
  tshark_compared=$((tshark_compared + ${r%% *}))
}
tshark_run() {  # output file, stderr file, args...: tshark with the plugin, bounded in time and memory
  local out=$1 err=$2 rc
  shift 2
  rm -f "$work/time"
  (cd "$stage" && timeout 300 /usr/bin/time -f "%M" -o "$work/time" "${tshark_cmd[@]}" "$@") >"$out" 2>"$err"
  rc=$?
  rss "$work/time" "tshark $*"
  return $rc
}
blankshark() {  # output file, args...: the sanitizer build, bounded in time and memory; stderr in OUT.err
  local out=$1 rc
  shift
  rm -f "$work/time"
  timeout 120 /usr/bin/time -f "%M" -o "$work/time" "$bin" "$@" >"$out" 2>"$out.err"
  rc=$?
  rss "$work/time" "blankshark $*"
  return $rc
}

# Mutated (editcap -E: packet bytes only) and cut copies of every bundled
# capture, real and crafted, of every protocol, each beside an unmutated
# editcap copy (editcap rewrites the file headers). blank's real captures
# get 3 error rates x 2 seeds and 3 cuts; the others (Minecraft Java,
# Alpha, RakNet/MCPE, the crafted ones) one mutation and one cut each, so
# the stage stays within CI's time (it runs tshark twice per file).
files=()
declare -A intact first_bad cut_at tshark_args
variants() {  # capture, error rates, seeds, cuts, tshark passes
  local cap=$1 probs=$2 seeds=$3 ncuts=$4 passes=$5
  local name rel fmt ref p s out at size k cut
  rel=${cap#"$root/captures/"}
  name=${rel//\//_}
  fmt=pcap
  [[ $name == *.pcapng ]] && fmt=pcapng
  ref="$stage/files/ref-$name"
  if ! editcap -F "$fmt" "$cap" "$ref" >"$work/err" 2>&1; then
    echo "EDITCAP FAILED: $name: $(cat "$work/err")"; fail=1; return
  fi
  # The references: the intact capture must pass as every capture does.
  blankshark "$work/ref-$name.decode" decode --json "$ref"
  check "blankshark decode (intact) $name" $? "0" "$work/ref-$name.decode.err"
  blankshark "$work/ref-$name.check" check --format json --fail-on error "$ref"
  check "blankshark check (intact) $name" $? "0 1" "$work/ref-$name.check.err"
  tshark_run "$work/ref-$name.tshark" "$work/ref-$name.tshark.err" -r "$ref" -V
  check "tshark -V (intact) $name" $? "0" "$work/ref-$name.tshark.err"
  # (every bundled capture has frames: a reference without any compares nothing)
  grep -q '^Frame 1: ' "$work/ref-$name.tshark" || { echo "NO FRAME SHOWN: tshark -V (intact) $name"; fail=1; }
  for p in $probs; do
    for s in $seeds; do
      # A small file may come out of a low rate untouched: then a higher one.
      at=
      for q in $p 0.05 0.2; do
        out="$stage/files/mut-$q-$s-$name"
        if ! editcap -F "$fmt" -E "$q" --seed "$s" "$cap" "$out" >"$work/err" 2>&1; then
          echo "EDITCAP FAILED: -E $q --seed $s $name: $(cat "$work/err")"; fail=1; break
        fi
        at=$(cmp "$ref" "$out" | awk '{ sub(",", "", $5); print $5 }')
        [ -n "$at" ] && break
        rm -f "$out"
      done
      if [ -z "$at" ]; then echo "NOT MUTATED: editcap -E $p --seed $s $name"; fail=1; continue; fi
      files+=("$out")
      intact[$out]=$name
      first_bad[$out]=$(frame_at "$ref" "$at")
      tshark_args[$out]=$passes
    done
  done
  size=$(stat -c %s "$cap")
  for ((k = 0; k < ncuts; k++)); do
    cut=$(( (RANDOM * 32768 + RANDOM) % size ))
    out="$stage/files/cut-$cut-$name"
    head -c "$cut" "$ref" >"$out"
    files+=("$out")
    intact[$out]=$name
    cut_at[$out]=$cut
    tshark_args[$out]=$passes
  done
}
for cap in "$root"/captures/blank-*.pcap*; do
  variants "$cap" "0.001 0.01 0.05" "1 2" 3 "-V,-2 -V"
done
# Every other capture (the Java releases of every era included).
n=0
while IFS= read -r cap; do
  n=$((n + 1))
  # One error rate per file, in turn; tshark one pass or two, in turn.
  variants "$cap" "$(echo 0.002 0.01 0.03 | cut -d' ' -f$((n % 3 + 1)))" "$n" 1 "$([ $((n % 2)) -eq 0 ] && echo "-V" || echo "-V,-2 -V")"
done < <(find "$root/captures" -mindepth 1 \( -name '*.pcap' -o -name '*.pcapng' \) ! -path "$root/captures/blank-*" | sort)
if [ ${#files[@]} -eq 0 ]; then echo "NO FILES"; fail=1; else chmod 644 "$stage"/files/*; fi

for f in "${files[@]}"; do
  name=$(basename "$f")
  ref=${intact[$f]}
  o="$work/$name"
  blankshark "$o.check" check --format json --fail-on error "$f"
  crc=$?
  blankshark "$o.decode" decode --json "$f"
  drc=$?
  if [[ $name == mut-* ]]; then
    # packet bytes changed, records intact: read to the end
    check "blankshark check $name" $crc "0 1" "$o.check.err"
    check "blankshark decode $name" $drc "0" "$o.decode.err"
    k=${first_bad[$f]}
    same_before decode "$work/ref-$ref.decode" "$o.decode" "$k" "decode $name (first mutated frame $k)"
    same_before check "$work/ref-$ref.check" "$o.check" "$k" "check $name (first mutated frame $k)"
    want_tshark=0
  else
    # What the cut calls for, from the intact file's record offsets: inside
    # the file header (or pcapng's first blocks) 3, on a record boundary a
    # clean end, else 4 at the record it cuts, named by where it starts.
    read -r want k at <<<"$(cut_calls_for "$stage/files/ref-$ref" "${cut_at[$f]}")"
    check "blankshark decode $name" $drc "$want" "$o.decode.err"
    check "blankshark check $name" $crc "$([ "$want" = 0 ] && echo "0 1" || echo "$want")" "$o.check.err"
    want_tshark=$([ "$want" = 0 ] && echo 0 || echo "$tshark_read_error")  # "appears to have been cut short"
    if [ "$want" = 4 ]; then
      # everything before the bad spot as in the intact file, then the spot named
      if ! grep -q "^blankshark: $f: truncated or corrupt capture file at frame $k (byte offset $at): " \
           "$o.decode.err"; then
        echo "NOT NAMED: $name: frame $k, byte offset $at expected: $(cat "$o.decode.err")"; fail=1
      fi
      grep -q "\"event_type\":\"error\",\"file\":\"$f\",\"error\":\"truncated_or_corrupt\",\"pcap_cnt\":$k,\"offset\":$at," \
        "$o.check" || { echo "NO ERROR EVENT: $name: frame $k, byte offset $at expected"; fail=1; }
      grep -q '"event_type":"verdict","verdict":"error"' "$o.check" || { echo "NOT AN ERROR VERDICT: $name"; fail=1; }
    fi
    same_before decode "$work/ref-$ref.decode" "$o.decode" "$k" "decode $name"
    same_before check "$work/ref-$ref.check" "$o.check" "$k" "check $name"
  fi
  # tshark: one pass (-V), its frames before the damage as in the intact
  # capture's; some files two passes too (-2 -V: later frames may change
  # earlier ones then, so only how it ends is checked).
  IFS=, read -ra passes <<<"${tshark_args[$f]}"
  for args in "${passes[@]}"; do
    tshark_run "$work/tshark.out" "$work/err" -r "$f" $args
    check "tshark $args $name" $? "$want_tshark" "$work/err"
    if [ "$args" = "-V" ]; then
      tshark_same_before "$work/ref-$ref.tshark" "$work/tshark.out" "$k" "tshark -V $name (before frame $k)"
    fi
  done
done
rm -f "$work/tshark.out"
echo "hostile captures: seed $seed, ${#files[@]} files (blank: editcap -E 0.001/0.01/0.05 x 2 seeds, 3 cuts each;" \
  "the other captures of every protocol: one mutation, one cut each), $runs runs," \
  "peak RSS ${peak} kB; $compared packets and findings and $tshark_compared tshark -V frames before the damage" \
  "as in the intact captures"
[ $fail -eq 0 ] && echo "hostile captures: all passed" || echo "hostile captures: FAILED"
exit $fail
