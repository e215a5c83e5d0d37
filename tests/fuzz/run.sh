#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan), makes seed corpora
# from the bundled captures, and runs every target for SECONDS (default 60).
# Usage: tests/fuzz/run.sh [SECONDS] [BUILD_DIR]
# Exits non-zero when a target finds a crash, a leak, a sanitizer report or a
# timeout; the reproducer is left in BUILD_DIR/fuzz-out/<target>/.
set -euo pipefail
secs=${1:-60}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${2:-$root/build-fuzz}
CXX=clang++ cmake -S "$root" -B "$build" -DBLANKSHARK_FUZZ=ON -DBLANKSHARK_PLUGIN=OFF -DBLANKSHARK_TESTS=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j2 --target fuzz_decode fuzz_analysis fuzz_seq fuzz_capture >/dev/null

seeds=$build/fuzz-seeds
rm -rf "$seeds"
mkdir -p "$seeds"/{decode,analysis,seq,capture}
caps=("$root"/captures/crafted/*.pcap "$root"/captures/blank-fa73e36-lossy-5pct.pcap)
# Each blank payload is a decoder seed; each capture's first packets, as
# [role][length][bytes] records, an analysis seed; small captures, file seeds.
for c in "${caps[@]}"; do
  name=$(basename "$c" .pcap)
  env HOME=/tmp tshark -r "$c" -c 400 -T fields -e udp.srcport -e udp.payload 2>/dev/null |
    perl -e '
      my ($dir, $name) = @ARGV; my $i = 0; my $rec = "";
      while (<STDIN>) {
        chomp; my ($port, $hex) = split /\t/; next unless $hex; $hex =~ s/://g;
        my $pkt = pack("H*", $hex);
        if ($i < 300) { open(my $f, ">", "$dir/decode/$name-$i"); binmode $f; print $f $pkt; close $f; }
        my $len = length($pkt) > 255 ? 255 : length($pkt);
        $rec .= pack("CC", ($port =~ /^123/ ? 1 : 0), $len) . substr($pkt, 0, $len);
        $i++;
      }
      open(my $f, ">", "$dir/analysis/$name"); binmode $f; print $f $rec; close $f;' "$seeds" "$name"
  head -c 60000 "$c" >"$seeds/capture/$name.pcap"
done
head -c 4096 /dev/urandom >"$seeds/seq/random"

status=0
for t in decode analysis seq capture; do
  out=$build/fuzz-out/$t
  rm -rf "$out"
  mkdir -p "$out/corpus"
  case $t in capture) max=70000 ;; analysis) max=8192 ;; *) max=600 ;; esac
  echo "fuzz_$t: ${secs}s, seeds $(ls "$seeds/$t" | wc -l)"
  if ! (cd "$out" && "$build/tests/fuzz/fuzz_$t" -max_total_time="$secs" -max_len=$max -timeout=10 \
          -rss_limit_mb=2048 -print_final_stats=1 corpus "$seeds/$t" >log 2>&1); then
    echo "fuzz_$t FAILED: see $out/log"; tail -30 "$out/log"; status=1
  fi
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$out/log" | sed "s/^/  /"
done
exit $status
