#!/usr/bin/env bash
# Whole-process benchmark: in ONE run, on the same capture, times
# the references (cat, a bare libpcap loop, that loop plus chunk reassembly
# and inflation, tshark without a blank dissector and with a minimal
# header-only plugin), blankshark check/decode and tshark with blank.so; and
# for Minecraft Java, Alpha and RakNet, on their bundled captures repeated to
# as many frames, the same rows against each protocol's own C limit program
# and tshark without the plugin. Prints packets/s, the ratio to each goal's
# reference and peak RSS as a table (table.txt) and JSON (results.json). See
# tests/bench/README.md.
#
#   tests/bench/run.sh [options] [FILE]
#
# Without FILE a capture is generated (and kept in BUILD/bench-data):
# `blankshark synth` when the analyzer has it, else repeat_capture (the
# bundled real captures repeated as new conversations on port 12354).
#
# Options:
#   --build DIR       build directory with `cmake --build DIR --target bench` done
#                     (default: build-bench next to this repository's top)
#   --repeat N        runs per row; the table shows the best (lowest) elapsed
#                     time and the highest peak RSS of them (default 3)
#   --out DIR         results (table.txt, results.json, logs/) (default BUILD/bench-results)
#   --packets N       packets of the generated capture (default 1000000)
#   --clients K       synth clients (default 8)
#   --seed S          synth seed (default 1)
#   --long F          memory goal: also check a capture F times longer, once (default 10, 0 = skip)
#   --busy N          a busy server's day per protocol: N connections (default 100000, 0 = skip),
#                     mostly server list pings with a whole session every 50th, starting
#                     every 0.05 s and overlapping; checked once (packets/s, peak RSS)
#   --chunk-file F    chunk-heavy capture for the threading rows (default: the chunk
#                     packets of FILE, written by chunk_filter)
#   --no-tshark       leave out the tshark rows
#   --regen           generate the capture again even if it exists
#   --quick           smoke run: a 20000-packet capture, 1 run per row, --long 2, no verdicts
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
build="$top/build-bench"
repeat=3
out=""
packets=1000000
clients=8
seed=1
long=10
busy=100000
chunk_file=""
tshark=1
regen=0
quick=0
file=""

die() { echo "run.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --packets) packets=$2; shift 2 ;;
    --clients) clients=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --long) long=$2; shift 2 ;;
    --busy) busy=$2; shift 2 ;;
    --chunk-file) chunk_file=$2; shift 2 ;;
    --no-tshark) tshark=0; shift ;;
    --regen) regen=1; shift ;;
    --quick) quick=1; shift ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option $1" ;;
    *) [ -z "$file" ] || die "one capture only"; file=$1; shift ;;
  esac
done
if [ "$quick" = 1 ]; then
  packets=20000; repeat=1; long=2; busy=2000
fi
build=$(cd "$build" 2>/dev/null && pwd) || die "no build directory $build (cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DBLANKSHARK_BENCH=ON)"
out=${out:-$build/bench-results}
mkdir -p "$out/logs" || die "cannot create $out"
out=$(cd "$out" && pwd)
data="$build/bench-data"
mkdir -p "$data"

bs="$build/analyzer/blankshark"
bin="$build/tests/bench"
blank_plugins="$build/plugins"
min_plugins="$build/minimal-plugins"
for f in "$bs" "$bin/bare_loop" "$bin/bare_inflate" "$bin/java_limit" "$bin/alpha_limit" "$bin/raknet_limit" "$bin/chunk_filter" "$bin/repeat_capture" "$bin/core_bench" "$bin/tcp_speed"; do
  [ -x "$f" ] || die "missing $f: cmake --build $build --target bench"
done
if [ "$tshark" = 1 ]; then
  command -v tshark >/dev/null || die "no tshark (or use --no-tshark)"
  ls "$blank_plugins"/*/epan/blank.so >/dev/null 2>&1 || die "missing blank.so under $blank_plugins: cmake --build $build --target bench"
  ls "$min_plugins"/*/epan/blankmin.so >/dev/null 2>&1 || die "missing blankmin.so under $min_plugins: cmake --build $build --target bench"
fi

# --- the capture --------------------------------------------------------------

has_synth=0
"$bs" --help 2>/dev/null | grep -qE '^ +synth( |$)' && has_synth=1
generate() {  # generate OUT PACKETS
  local dst=$1 n=$2
  if [ -s "$dst" ] && [ "$regen" = 0 ]; then return 0; fi
  echo "generating $dst ($n packets)" >&2
  if [ "$has_synth" = 1 ]; then
    "$bs" synth -o "$dst.tmp" --packets "$n" --clients "$clients" --seed "$seed" >"$out/logs/synth.log" 2>&1 ||
      die "synth failed: $(tail -3 "$out/logs/synth.log")"
  else
    "$bin/repeat_capture" "$dst.tmp" "$n" "$top"/captures/blank-fa73e36-{clean-session,two-clients,lossy-5pct}.pcap \
      >"$out/logs/repeat_capture.log" 2>&1 || die "repeat_capture failed"
  fi
  mv "$dst.tmp" "$dst"
}
plong_factor=$long  # the other protocols' files are always generated
if [ -n "$file" ]; then
  [ -r "$file" ] || die "cannot read $file"
  file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")
  generator="given"
  long=0  # a longer capture of the same blank traffic is only known for generated ones
else
  if [ "$has_synth" = 1 ]; then
    stem="synth-p$packets-c$clients-s$seed"
    generator="blankshark synth --packets $packets --clients $clients --seed $seed"
  else
    stem="repeat-p$packets"
    generator="repeat_capture $packets (captures/blank-fa73e36-{clean-session,two-clients,lossy-5pct}.pcap repeated)"
  fi
  file="$data/$stem.pcap"
  generate "$file" "$packets"
fi
base=$(basename "$file" .pcap)
base=${base%.pcapng}

if [ -z "$chunk_file" ]; then
  chunk_file="$data/$base-chunks.pcap"
  if [ ! -s "$chunk_file" ] || [ "$chunk_file" -ot "$file" ]; then
    "$bin/chunk_filter" "$file" "$chunk_file" >"$out/logs/chunk_filter.log" 2>&1 || die "chunk_filter failed"
  fi
fi
long_file=""
if [ "$long" != 0 ]; then
  if [ "$has_synth" = 1 ]; then
    long_file="$data/synth-p$((packets * long))-c$clients-s$seed.pcap"
  else
    long_file="$data/repeat-p$((packets * long)).pcap"
  fi
  generate "$long_file" $((packets * long))
fi

# Minecraft Java, Alpha and RakNet/MCPE: their bundled captures repeated as new
# connections to as many frames as the blank capture has packets (and LONG
# times as many for the memory rows): Java's clear captures (not the
# encrypted ones, which would be read without their key); RakNet keeps its
# port 19132, by which check and raknet_limit find it.
for c in "$top"/captures/minecraft-java/*.pcap; do case "$c" in *-encrypted*) ;; *) java_caps+=("$c") ;; esac; done
proto_capture() {  # proto_capture KEY FRAMES: prints the file's path
  local key=$1 n=$2 dst="$data/mc$1-p$2.pcap" keep=() caps=()
  case "$key" in
    java) caps=("${java_caps[@]}") ;;
    alpha) caps=("$top"/captures/mc_alpha/*.pcap) ;;
    raknet) dst="$data/raknet-p$n.pcap"; keep=(--keep-ports); caps=("$top"/captures/raknet/*.pcap "$top"/captures/raknet/crafted/*.pcap) ;;
  esac
  if [ ! -s "$dst" ] || [ "$regen" = 1 ]; then
    echo "generating $dst ($n frames)" >&2
    "$bin/repeat_capture" "${keep[@]}" "$dst.tmp" "$n" "${caps[@]}" >"$out/logs/repeat_capture_$key.log" 2>&1 ||
      die "repeat_capture ($key) failed: $(tail -2 "$out/logs/repeat_capture_$key.log")"
    mv "$dst.tmp" "$dst"
  fi
  echo "$dst"
}
java_file=$(proto_capture java "$packets") || exit 2
alpha_file=$(proto_capture alpha "$packets") || exit 2
raknet_file=$(proto_capture raknet "$packets") || exit 2
declare -A plong
if [ "$plong_factor" != 0 ]; then
  for p in java alpha raknet; do plong[$p]=$(proto_capture "$p" $((packets * plong_factor))) || exit 2; done
fi

# A busy server's day: $busy connections of each protocol, each repetition of
# the inputs starting 0.05 s after the one before, so that hundreds are open
# at once. 49 short connections to one whole session: Java's server list
# pings (its status-only captures, 2 connections of 14 frames each) and
# RakNet's (an unconnected ping, 3 conversations once the client has another
# address), with a whole play session each 50th; Alpha has no short
# capture: its anomalies capture (one connection, 78 frames over 61 s).
busy_capture() {  # busy_capture KEY: prints the file's path
  local key=$1 dst="$data/busy-$1-c$busy.pcap" keep=() short=() whole="" per=0
  case "$key" in
    java) short=("$top"/captures/minecraft-java/mcjava-1.1{3.2,4.4}-status-only.pcap); whole="$top/captures/minecraft-java/mcjava-1.14.4-compressed.pcap"; per=2 ;;
    alpha) short=("$top/captures/mc_alpha/mc_alpha-anomalies.pcap"); whole="$top/captures/mc_alpha/mc_alpha-session.pcap"; per=1 ;;
    raknet) keep=(--keep-ports); short=("$top/captures/raknet/raknet-unconnected-ping.pcap"); whole="$top/captures/raknet/raknet-clean.pcap"; per=3 ;;
  esac
  local caps=() i
  for ((i = 0; i < 49; i++)); do caps+=("${short[i % ${#short[@]}]}"); done
  caps+=("$whole")
  local times=$(((busy + 49 * per) / (49 * per + 1)))
  if [ ! -s "$dst" ] || [ "$regen" = 1 ]; then
    echo "generating $dst ($times x 50 repetitions)" >&2
    "$bin/repeat_capture" "${keep[@]}" --every 0.05 --times "$times" "$dst.tmp" 0 "${caps[@]}" \
      >"$out/logs/repeat_capture_busy_$key.log" 2>&1 ||
      die "repeat_capture (busy $key) failed: $(tail -2 "$out/logs/repeat_capture_busy_$key.log")"
    mv "$dst.tmp" "$dst"
  fi
  echo "$dst"
}
declare -A pbusy
if [ "$busy" != 0 ]; then
  for p in java alpha raknet; do pbusy[$p]=$(busy_capture "$p") || exit 2; done
fi

# tshark as root ignores WIRESHARK_PLUGIN_DIR: run it as nobody then, which
# needs world-readable files.
empty_plugins="$data/no-plugins"
mkdir -p "$empty_plugins"
chmod a+rX "$data" "$empty_plugins" "$file" "$chunk_file" "$java_file" "$alpha_file" "$raknet_file" 2>/dev/null
if [ "$(id -u)" = 0 ]; then
  as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/tmp)
else
  as_user=(env)
fi
if [ "$tshark" = 1 ]; then
  chmod -R a+rX "$blank_plugins" "$min_plugins" 2>/dev/null
  "${as_user[@]}" test -r "$file" || die "$file must be readable by the user tshark runs as (nobody)"
  "${as_user[@]}" WIRESHARK_PLUGIN_DIR="$blank_plugins" tshark -G plugins 2>/dev/null | grep -q 'blank\.so' ||
    die "tshark does not load $blank_plugins/*/epan/blank.so"
  "${as_user[@]}" WIRESHARK_PLUGIN_DIR="$empty_plugins" tshark -G plugins 2>/dev/null | grep -q 'blank' &&
    die "a blank plugin is installed globally: tshark without the plugin would still load it"
fi

packets_in_file=$("$bin/bare_loop" "$file" | cut -d' ' -f1)
bytes_in_file=$(stat -c %s "$file")
chunk_packets=$("$bin/bare_loop" "$chunk_file" | cut -d' ' -f1)

check_help=$("$bs" check --help 2>&1)
has_opt() { grep -qE -- "(^|[ ,])$1([ ,=]|$)" <<<"$check_help"; }
no_inflate=""; has_opt --no-inflate && no_inflate=--no-inflate
threads_opt=""
for o in --threads --inflate-threads; do has_opt "$o" && { threads_opt=$o; break; }; done
jobs_opt=""
for o in -j --jobs; do has_opt "$o" && { jobs_opt=$o; break; }; done
quiet=""; has_opt --quiet && quiet=-q

# --- measuring ------------------------------------------------------------------

declare -A secs rss rc cmdline cpu npkts argv runs_of
order=()
errors=0
# measure ID PACKETS USER(0|1) CMD... : registers a row. The rows run in
# rounds (every row once per round, $repeat rounds) so that load from
# elsewhere on a shared machine spreads over all rows; a row keeps its best
# (lowest) elapsed time and the highest peak RSS.
measure() {
  local id=$1 npk=$2 user=$3; shift 3
  local prefix=()
  [ "$user" = 1 ] && prefix=("${as_user[@]}")
  cmdline[$id]="$*"
  argv[$id]=$(printf '%q ' "${prefix[@]}" "$@")
  npkts[$id]=$npk
  runs_of[$id]=$repeat
  rss[$id]=0
  order+=("$id")
}
once() {  # once ID: one run of a row
  local id=$1 t0 t1 us e m u s code
  t0=${EPOCHREALTIME/[.,]/}
  eval "/usr/bin/time -f '%e %M %U %S' -o '$out/logs/$id.time' ${argv[$id]}" >/dev/null 2>"$out/logs/$id.stderr"
  code=$?
  t1=${EPOCHREALTIME/[.,]/}
  us=$((t1 - t0))
  read -r e m u s < <(tail -1 "$out/logs/$id.time")
  if [ "$code" -gt 1 ] || ! [[ "$m" =~ ^[0-9]+$ ]]; then
    printf '%-22s FAILED (exit %s): %s\n' "$id" "$code" "$(tail -2 "$out/logs/$id.stderr" | tr '\n' ' ')" >&2
    errors=$((errors + 1))
    rc[$id]=failed
    return
  fi
  if [ -z "${secs[$id]:-}" ] || [ "$us" -lt "${secs[$id]}" ]; then
    secs[$id]=$us  # microseconds
    cpu[$id]=$(awk -v u="$u" -v s="$s" 'BEGIN{printf "%.2f", u + s}')  # user + sys seconds of the best run
  fi
  [ "$m" -gt "${rss[$id]}" ] && rss[$id]=$m  # KB
  rc[$id]=$code
  printf '%-22s round %d: %s s\n' "$id" "$round" "$(awk -v u="$us" 'BEGIN{printf "%.3f", u/1e6}')" >&2
}
skip() {  # skip ID WHY
  order+=("$1"); rc[$1]=skip; cmdline[$1]=$2
  printf '%-22s skipped: %s\n' "$1" "$2" >&2
}

echo "capture: $file ($packets_in_file packets, $bytes_in_file bytes); $repeat run(s) per row" >&2
load_start=$(cut -d" " -f1-3 /proc/loadavg)
commit=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown)
built=$(date -u -r "$bs" +%Y-%m-%dT%H:%M:%SZ)
P=$packets_in_file
measure cat "$P" 0 cat "$file"
measure bare_loop "$P" 0 "$bin/bare_loop" "$file"
measure bare_inflate "$P" 0 "$bin/bare_inflate" "$file"
measure bare_inflate_core "$P" 0 "$bin/bare_inflate" --core "$file"
measure check "$P" 0 "$bs" check $quiet "$file"
if [ -n "$no_inflate" ]; then
  measure check_no_inflate "$P" 0 "$bs" check $quiet --no-inflate "$file"
else
  skip check_no_inflate "blankshark check has no --no-inflate"
fi
measure decode "$P" 0 "$bs" decode $quiet "$file"
measure decode_V "$P" 0 "$bs" decode $quiet -V "$file"
measure decode_json "$P" 0 "$bs" decode $quiet --json "$file"

# Minecraft Java, Alpha and RakNet/MCPE: each against its own limit, a plain C
# program with libpcap (and zlib) that counts what check counts
# (java_limit: TCP reassembly, framing, inflation of every compressed packet;
# alpha_limit: reassembly, message framing by the seed's tables, Map Chunk
# inflation; raknet_limit: datagrams, frames, ACK/NAK records, split
# reassembly, delivery once per reliable message), in frames/s of the same file.
protos=(java alpha raknet)
declare -A pfile plabel pframes
pfile[java]=$java_file; pfile[alpha]=$alpha_file; pfile[raknet]=$raknet_file
plabel[java]=Java; plabel[alpha]=Alpha; plabel[raknet]=RakNet
for p in "${protos[@]}"; do
  f=${pfile[$p]}
  n=$("$bin/bare_loop" "$f" | cut -d' ' -f1)
  pframes[$p]=$n
  measure "${p}_limit" "$n" 0 "$bin/${p}_limit" "$f"
  measure "${p}_check" "$n" 0 "$bs" check $quiet "$f"
  measure "${p}_decode" "$n" 0 "$bs" decode $quiet "$f"
  measure "${p}_decode_json" "$n" 0 "$bs" decode $quiet --json "$f"
  if [ -n "$jobs_opt" ]; then
    ln -sf "$f" "${f%.pcap}-copy.pcap"
    measure "${p}_2files_j1" $((2 * n)) 0 "$bs" check $quiet "$jobs_opt" 1 "$f" "${f%.pcap}-copy.pcap"
    measure "${p}_2files_j2" $((2 * n)) 0 "$bs" check $quiet "$jobs_opt" 2 "$f" "${f%.pcap}-copy.pcap"
  fi
done
# Java also against reading and reassembling its TCP streams alone (tcp_speed's
# reassembly pass, once): what is left of check once zlib is set aside.
measure java_reassemble "${pframes[java]}" 0 "$bin/tcp_speed" "$java_file" 1 tcp

# A reference's ratio means something only when it counts what check counts
# on the same file (tests/bench/limit_counts.sh checks the bundled captures;
# this, the bench files made of them): first number of each against check's.
same_count() {  # same_count NAME LIMIT_BINARY FILE UNIT_TEXT
  local n c
  n=$("$2" "$3" 2>/dev/null | cut -d' ' -f1)
  c=$("$bs" check $quiet "$3" 2>/dev/null | head -1 | grep -oE "[0-9]+ $4" | cut -d' ' -f1)
  if [ "$n" != "$c" ]; then
    echo "run.sh: $1 counts $n, blankshark check ${c:-nothing} ($4) on $3 (made by an older repeat_capture? --regen)" >&2
    errors=$((errors + 1))
  fi
}
same_count java_limit "$bin/java_limit" "$java_file" "Minecraft Java packets"
same_count alpha_limit "$bin/alpha_limit" "$alpha_file" "Minecraft Alpha messages"
same_count raknet_limit "$bin/raknet_limit" "$raknet_file" "RakNet packets"

# Threading: one chunk-heavy capture, inflation off the reading thread vs one thread.
if [ -n "$threads_opt" ]; then
  # --threads 0: inflation on the reading thread (single-threaded); then
  # one inflating worker per remaining core.
  measure check_chunks_1thread "$chunk_packets" 0 "$bs" check $quiet "$threads_opt" 0 "$chunk_file"
  measure check_chunks "$chunk_packets" 0 "$bs" check $quiet "$threads_opt" "$(( $(nproc) > 1 ? $(nproc) - 1 : 1 ))" "$chunk_file"
else
  skip check_chunks_1thread "blankshark check has no --threads"
  skip check_chunks "blankshark check has no --threads"
fi
# Several files at once: the capture twice (a second name for the same bytes).
if [ -n "$jobs_opt" ]; then
  ln -sf "$file" "$data/$base-copy.pcap"
  measure check_2files_j1 $((2 * P)) 0 "$bs" check $quiet "$jobs_opt" 1 "$file" "$data/$base-copy.pcap"
  measure check_2files_j2 $((2 * P)) 0 "$bs" check $quiet "$jobs_opt" 2 "$file" "$data/$base-copy.pcap"
else
  skip check_2files_j1 "blankshark check has no -j"
  skip check_2files_j2 "blankshark check has no -j"
fi

if [ "$tshark" = 1 ]; then
  ts() { local id=$1 dir=$2; shift 2; measure "$id" "$P" 1 env WIRESHARK_PLUGIN_DIR="$dir" tshark -n -r "$file" "$@"; }
  ts tshark_none "$empty_plugins"
  ts tshark_none_V "$empty_plugins" -V
  ts tshark_none_2 "$empty_plugins" -2
  ts tshark_min "$min_plugins"
  ts tshark_min_2 "$min_plugins" -2
  ts tshark_blank "$blank_plugins"
  ts tshark_blank_V "$blank_plugins" -V
  ts tshark_blank_2 "$blank_plugins" -2
  # The other protocols' files: TCP/UDP dissection only (no plugin), then
  # with blank.so, in each of tshark's three modes.
  for p in "${protos[@]}"; do
    for mode in "" -V -2; do
      for w in none blank; do
        d=$empty_plugins; [ "$w" = blank ] && d=$blank_plugins
        measure "${p}_tshark_${w}${mode:+_${mode#-}}" "${pframes[$p]}" 1 env WIRESHARK_PLUGIN_DIR="$d" tshark -n -r "${pfile[$p]}" $mode
      done
    done
  done
fi

if [ -n "$long_file" ]; then
  measure check_long "$((P * long))" 0 "$bs" check $quiet "$long_file"
  runs_of[check_long]=1  # for its peak RSS: once is enough
fi
if [ "$plong_factor" != 0 ]; then
  for p in "${protos[@]}"; do
    measure "${p}_check_long" "$("$bin/bare_loop" "${plong[$p]}" | cut -d' ' -f1)" 0 "$bs" check $quiet "${plong[$p]}"
    runs_of[${p}_check_long]=1
  done
fi

if [ "$busy" != 0 ]; then
  for p in "${protos[@]}"; do
    measure "${p}_busy" "$("$bin/bare_loop" "${pbusy[$p]}" | cut -d' ' -f1)" 0 "$bs" check $quiet "${pbusy[$p]}"
    runs_of[${p}_busy]=1
  done
fi

for ((round = 1; round <= repeat; round++)); do
  for id in "${order[@]}"; do
    [ "${rc[$id]:-}" = skip ] || [ "${rc[$id]:-}" = failed ] && continue
    [ "$round" -le "${runs_of[$id]}" ] && once "$id"
  done
done

# Allocations per packet, from the counting allocator of core_bench.
"$bin/core_bench" --benchmark_filter='BM_DecodeCapture|BM_Print|BM_Analysis|BM_SeqTracker' \
  --benchmark_min_time=0.01 --benchmark_format=json >"$out/core_bench_allocs.json" 2>"$out/logs/core_bench.stderr" ||
  { echo "core_bench failed" >&2; errors=$((errors + 1)); }
# name <TAB> allocs_per_packet <TAB> print_allocs_per_packet
allocs=$(awk -F'"' '
  /"name":/ && !/run_name/ { name = $4 }
  /"allocs_per_packet":/ { split($3, a, /[:,]/); ap[name] = a[2] + 0; names[name] = 1 }
  /"print_allocs_per_packet":/ { split($3, a, /[:,]/); pp[name] = a[2] + 0 }
  END { for (n in names) printf "%s\t%g\t%s\n", n, ap[n], (n in pp) ? pp[n] : "-" }' "$out/core_bench_allocs.json" | sort)

# --- the table ------------------------------------------------------------------

# One TSV line per row: id label reference kind(pps_min|time_max|rss_max|-) bound
goals=$(cat <<'EOF'
cat	cat FILE > /dev/null (reference)	-	-	-
bare_loop	bare libpcap loop (reference)	-	-	-
bare_inflate	bare loop + reassembly + inflate (reference)	-	-	-
bare_inflate_core	bare loop + core ChunkReassembler (info)	bare_inflate	-	-
check	blankshark check	bare_inflate	pps_min	0.8
check_no_inflate	blankshark check --no-inflate	bare_loop	pps_min	0.5
decode	blankshark decode (summary lines)	bare_loop	pps_min	0.3
decode_V	blankshark decode -V	bare_loop	-	-
decode_json	blankshark decode --json	bare_loop	pps_min	0.1
check_chunks_1thread	check --threads 0, chunk-heavy capture	-	-	-
check_chunks	check --threads NPROC-1, chunk-heavy capture	check_chunks_1thread	pps_min	1.5
check_2files_j1	check -j 1 FILE FILE	-	-	-
check_2files_j2	check -j 2 FILE FILE	check_2files_j1	pps_min	1.5
tshark_none	tshark -r, no blank dissector (reference)	-	-	-
tshark_none_V	tshark -r -V, no blank dissector (reference)	-	-	-
tshark_none_2	tshark -r -2, no blank dissector (reference)	-	-	-
tshark_min	tshark -r, minimal plugin (reference)	-	-	-
tshark_min_2	tshark -r -2, minimal plugin (reference)	-	-	-
tshark_blank	tshark -r, blank.so	tshark_min	time_max	1.3
tshark_blank_V	tshark -r -V, blank.so	tshark_none_V	time_max	1.5
tshark_blank_2	tshark -r -2, blank.so	tshark_min_2	time_max	1.3
check_long	check, capture LONGx longer (peak RSS)	check	rss_max	1.10
EOF
)
for p in "${protos[@]}"; do
  L=${plabel[$p]}
  goals+=$'\n'"${p}_limit	$L: ${p}_limit, the floor (reference)	-	-	-"
  goals+=$'\n'"${p}_check	$L: blankshark check	${p}_limit	pps_min	0.8"
  goals+=$'\n'"${p}_decode	$L: blankshark decode (summary lines)	${p}_limit	pps_min	0.3"
  goals+=$'\n'"${p}_decode_json	$L: blankshark decode --json	${p}_limit	pps_min	0.1"
  goals+=$'\n'"${p}_2files_j1	$L: check -j 1 FILE FILE	-	-	-"
  goals+=$'\n'"${p}_2files_j2	$L: check -j 2 FILE FILE	${p}_2files_j1	pps_min	1.5"
  goals+=$'\n'"${p}_tshark_none	$L: tshark -r, no plugin (reference)	${p}_limit	-	-"
  goals+=$'\n'"${p}_tshark_blank	$L: tshark -r, blank.so	${p}_tshark_none	time_max	1.5"
  goals+=$'\n'"${p}_tshark_none_V	$L: tshark -r -V, no plugin (reference)	-	-	-"
  goals+=$'\n'"${p}_tshark_blank_V	$L: tshark -r -V, blank.so	${p}_tshark_none_V	time_max	1.5"
  goals+=$'\n'"${p}_tshark_none_2	$L: tshark -r -2, no plugin (reference)	-	-	-"
  goals+=$'\n'"${p}_tshark_blank_2	$L: tshark -r -2, blank.so	${p}_tshark_none_2	time_max	1.5"
  goals+=$'\n'"${p}_check_long	$L: check, capture LONGPx longer (peak RSS)	${p}_check	rss_max	1.10"
  goals+=$'\n'"${p}_busy	$L: check, a busy server's day (BUSY connections)	-	-	-"
done
goals+=$'\n'"java_reassemble	Java: read + TCP reassembly (reference)	-	-	-"
goals=${goals//BUSY/$busy}
goals=${goals//LONGP/$plong_factor}
goals=${goals//LONG/$long}
goals=${goals//NPROC/$(nproc)}

# The table lists the rows in the goals' order (blank's, then each protocol's
# together), whatever order they ran in.
declare -A registered
for id in "${order[@]}"; do registered[$id]=1; done
shown=()
while IFS=$'\t' read -r id _; do [ -n "${registered[$id]:-}" ] && shown+=("$id"); done <<<"$goals"
for id in "${order[@]}"; do grep -q "^$id"$'\t' <<<"$goals" || shown+=("$id"); done
rows=""
for id in "${shown[@]}"; do
  line=$(awk -F'\t' -v id="$id" '$1 == id' <<<"$goals")
  IFS=$'\t' read -r _ label ref kind bound <<<"$line"
  [ -n "$label" ] || label=$id
  if [ "${rc[$id]}" = skip ]; then
    rows+="$id	$label	-	-	-	-	-	-	skipped: ${cmdline[$id]}"$'\n'
    continue
  fi
  if [ -z "${secs[$id]:-}" ]; then
    rows+="$id	$label	-	-	-	-	-	-	failed (logs/$id.stderr)"$'\n'
    continue
  fi
  rows+="$id	$label	${secs[$id]}	${npkts[$id]}	${rss[$id]}	$ref	${secs[$ref]:-}	${npkts[$ref]:-}	${rss[$ref]:-}	$kind	$bound	${cpu[$id]}"$'\n'
done

plugin_rss=""
if [ -n "${rss[tshark_blank]:-}" ] && [ -n "${rss[tshark_none]:-}" ]; then
  plugin_rss=$(awk -v a="${rss[tshark_blank]}" -v b="${rss[tshark_none]}" -v n="$P" 'BEGIN{printf "%.1f", (a - b) * 1024 / n}')
  plugin_rss_2=$(awk -v a="${rss[tshark_blank_2]:-0}" -v b="${rss[tshark_none_2]:-0}" -v n="$P" 'BEGIN{printf "%.1f", (a - b) * 1024 / n}')
fi
# The same for the other protocols, on their files: "key bytes" lines.
proto_rss=""
for p in "${protos[@]}"; do
  [ -n "${rss[${p}_tshark_blank]:-}" ] && [ -n "${rss[${p}_tshark_none]:-}" ] || continue
  proto_rss+="$p $(awk -v a="${rss[${p}_tshark_blank]}" -v b="${rss[${p}_tshark_none]}" -v n="${pframes[$p]}" 'BEGIN{printf "%.1f", (a - b) * 1024 / n}')"$'\n'
done
decode_allocs=$(awk -F'\t' '$1 ~ /^BM_DecodeCapture/ { if ($2 > m) m = $2 } $1 ~ /^BM_Print/ && $3 != "-" { if ($3 > m) m = $3 }
  END { printf "%g", m + 0 }' <<<"$allocs")
analysis_allocs=$(awk -F'\t' '$1 ~ /^BM_Analysis\/.*retain:0/ { if ($2 > m) m = $2 } END { printf "%g", m + 0 }' <<<"$allocs")

load_end=$(cut -d" " -f1-3 /proc/loadavg)
dirty=$(git -C "$top" status --porcelain -- src analyzer plugin 2>/dev/null | grep -q . && echo "+local changes" || true)
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
now=$(date -u +%Y-%m-%dT%H:%M:%SZ)

awk -F'\t' -v quick="$quick" -v P="$P" -v file="$file" -v bytes="$bytes_in_file" -v repeat="$repeat" \
  -v gen="$generator" -v chunkfile="$chunk_file" -v chunkpk="$chunk_packets" -v longfile="$long_file" \
  -v prss="$plugin_rss" -v prss2="${plugin_rss_2:-}" -v protorss="$proto_rss" -v dalloc="$decode_allocs" -v aalloc="$analysis_allocs" \
  -v allocs="$allocs" -v commit="$commit$dirty (blankshark built $built)" -v cpu="$cpu" -v ncpu="$(nproc)" -v now="$now" -v load="$load_start -> $load_end" \
  -v table="$out/table.txt" -v json="$out/results.json" '
function jstr(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
function verdict(ok) { return quick ? "(quick)" : (ok ? "yes" : "NO") }
BEGIN { n = 0 }
NF > 0 {
  id = $1; label = $2; n++
  ids[n] = id
  if ($3 == "-") {  # skipped or failed
    line[n] = sprintf("%-44s %9s %8s %11s %8s %7s  %-32s %-6s %s", label, "-", "-", "-", "-", "-", "", "", $9)
    js[n] = sprintf("{\"id\":%s,\"label\":%s,\"status\":%s}", jstr(id), jstr(label), jstr($9))
    next
  }
  s = $3 / 1e6; pk = $4; r = $5 / 1024; pps = pk / s
  ref = $6; kind = $10; bound = $11
  ratio = ""; goal = ""; met = ""; rtxt = ""
  if (ref != "-" && $7 != "") {
    rs = $7 / 1e6; rpk = $8; rpps = rpk / rs
    if (kind == "pps_min") { ratio = pps / rpps; goal = sprintf(">= %.2g", bound); met = verdict(ratio >= bound) }
    if (kind == "time_max") { ratio = s / rs; goal = sprintf("<= %.2g", bound); met = verdict(ratio <= bound) }
    if (kind == "rss_max") { ratio = $5 / $9; goal = sprintf("<= %.2g", bound); met = verdict(ratio <= bound) }
    if (kind == "-") { ratio = pps / rpps; kind = "pps" }
    rtxt = sprintf("%.3g", ratio)
  } else if (ref != "-") { goal = "reference " ref " missing"; met = "-" }
  of = kind == "time_max" ? "time of " ref : kind == "rss_max" ? "RSS of " ref : "pkts/s of " ref
  line[n] = sprintf("%-44s %9.3f %8.2f %11.0f %8.1f %7s  %-32s %-6s %s", label, s, $12, pps, r, rtxt, (rtxt == "" ? "" : of), goal, met)
  js[n] = sprintf("{\"id\":%s,\"label\":%s,\"seconds\":%.6f,\"cpu_seconds\":%s,\"packets\":%d,\"packets_per_s\":%.1f,\"peak_rss_mb\":%.1f,\"reference\":%s,\"ratio\":%s,\"ratio_kind\":%s,\"goal\":%s,\"met\":%s}",
    jstr(id), jstr(label), s, $12, pk, pps, r, (ref == "-" ? "null" : jstr(ref)), (rtxt == "" ? "null" : sprintf("%.4f", ratio)),
    (kind == "-" ? "null" : jstr(kind == "pps" ? "pps_ratio" : kind)), (goal == "" ? "null" : jstr(goal)), (met == "" || met == "-" ? "null" : (met == "(quick)" ? "null" : (met == "yes" ? "true" : "false"))))
}
END {
  hdr = sprintf("%-44s %9s %8s %11s %8s %7s  %-32s %-6s %s", "row", "seconds", "CPU s", "packets/s", "RSS MB", "ratio", "ratio of", "goal", "met?")
  print "capture: " file " (" P " packets, " bytes " bytes; " gen ")" > table
  print "chunk-heavy capture: " chunkfile " (" chunkpk " packets)" > table
  print "best elapsed of " repeat " round(s) (every row once per round), peak RSS the highest of them; HEAD at start " commit "; " ncpu " x " cpu "; " now "; load average " load > table
  print "" > table
  print hdr > table
  for (i = 1; i <= n; i++) print line[i] > table
  print "" > table
  if (prss != "") {
    print sprintf("plugin RSS per packet: %s bytes (tshark with blank.so minus without, summary pass; -2: %s)  goal <= 48  met? %s",
      prss, prss2, verdict(prss + 0 <= 48)) > table
  }
  np = split(protorss, pr, "\n")
  for (i = 1; i <= np; i++) { if (pr[i] == "") continue; split(pr[i], f, " ")
    print sprintf("plugin RSS per frame, %s file: %s bytes (tshark with blank.so minus without)  goal <= 48  met? %s",
      f[1], f[2], verdict(f[2] + 0 <= 48)) > table }
  print sprintf("allocations per packet on the decode path (core_bench: decoder + printers): %s  goal 0  met? %s", dalloc, verdict(dalloc + 0 == 0)) > table
  print sprintf("allocations per packet in ConversationAnalysis::on_packet (core_bench, as check runs it): %s", aalloc) > table
  close(table)

  printf "{\"date\":%s,\"load_average\":%s,\"commit\":%s,\"cpu\":%s,\"cpus\":%d,\"file\":%s,\"packets\":%d,\"bytes\":%d,\"generator\":%s,",
    jstr(now), jstr(load), jstr(commit), jstr(cpu), ncpu, jstr(file), P, bytes, jstr(gen) > json
  printf "\"chunk_file\":%s,\"chunk_packets\":%d,\"long_file\":%s,\"repeat\":%d,\"statistic\":\"best elapsed; highest peak RSS\",\"quick\":%s,\n\"rows\":[\n",
    jstr(chunkfile), chunkpk, (longfile == "" ? "null" : jstr(longfile)), repeat, (quick ? "true" : "false") > json
  for (i = 1; i <= n; i++) printf "  %s%s\n", js[i], (i < n ? "," : "") > json
  printf "],\n\"plugin_rss_bytes_per_packet\":%s,\"plugin_rss_bytes_per_packet_2pass\":%s,\"plugin_rss_goal_met\":%s,\n",
    (prss == "" ? "null" : prss), (prss2 == "" ? "null" : prss2), (prss == "" || quick ? "null" : (prss + 0 <= 48 ? "true" : "false")) > json
  printf "\"plugin_rss_bytes_per_frame\":{" > json
  first = 1
  for (i = 1; i <= np; i++) { if (pr[i] == "") continue; split(pr[i], f, " ")
    printf "%s%s:%s", (first ? "" : ","), jstr(f[1]), f[2] > json; first = 0 }
  printf "},\n" > json
  printf "\"decode_allocs_per_packet\":%s,\"analysis_allocs_per_packet\":%s,\"core_bench_allocs\":{", dalloc, aalloc > json
  m = split(allocs, al, "\n"); first = 1
  for (i = 1; i <= m; i++) { if (al[i] == "") continue; split(al[i], f, "\t")
    printf "%s%s:{\"allocs_per_packet\":%s,\"print_allocs_per_packet\":%s}", (first ? "" : ","), jstr(f[1]), f[2], (f[3] == "-" ? "null" : f[3]) > json; first = 0 }
  print "}}" > json
  close(json)
}' <<<"$rows"

cat "$out/table.txt"
echo "JSON: $out/results.json" >&2
[ "$errors" = 0 ] || { echo "run.sh: $errors row(s) failed (logs in $out/logs)" >&2; exit 1; }
exit 0
