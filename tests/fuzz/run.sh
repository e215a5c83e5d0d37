#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan), makes seed corpora
# from the bundled captures, replays each target's past failures
# (tests/fuzz/regressions/<target>/) and runs every target for SECONDS
# (default 60), from those seeds and the committed corpus
# (tests/fuzz/corpus/<target>/, kept by tests/fuzz/keep_corpus.sh).
# Usage: tests/fuzz/run.sh [SECONDS] [BUILD_DIR]
# Exits non-zero when a target finds a crash, a leak, a sanitizer report or a
# timeout; the reproducer is left in BUILD_DIR/fuzz-out/<target>/.
set -euo pipefail
secs=${1:-60}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${2:-$root/build-fuzz}
# The plugin (and fuzz_plugin, its dissectors in libwireshark) when
# libwireshark-dev is there; the other targets either way.
plugin=OFF
targets=(decode analysis seq capture tcp mcalpha_framing front_ends mcjava_framing raknet raknet_split bedrock)
if pkg-config --exists wireshark; then
  plugin=ON
elif [[ ${CI:-} == true ]]; then
  echo "fuzz: no libwireshark-dev (pkg-config wireshark): fuzz_plugin cannot be built; in CI that fails" >&2
  exit 1
fi
CXX=clang++ cmake -S "$root" -B "$build" -DBLANKSHARK_FUZZ=ON -DBLANKSHARK_PLUGIN=$plugin -DBLANKSHARK_TESTS=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" >/dev/null
cmake --build "$build" -j2 --target "${targets[@]/#/fuzz_}" bedrock_seeds >/dev/null
# Built only for the Wireshark versions it is written for (its CMakeLists.txt says which).
if [[ $plugin == ON ]] && cmake --build "$build" --target help | grep "fuzz_plugin$" >/dev/null; then  # grep -q: SIGPIPE under pipefail
  cmake --build "$build" -j2 --target fuzz_plugin >/dev/null
  targets+=(plugin)
else
  echo "fuzz_plugin: not built (no libwireshark-dev, or a Wireshark it is not written for)"
fi

seeds=$build/fuzz-seeds
rm -rf "$seeds"
mkdir -p "$seeds"/{decode,analysis,seq,capture,tcp,mcalpha_framing,front_ends,mcjava_framing,raknet,raknet_split,bedrock,plugin}
# Every protocol's front end: the Alpha, Java, RakNet and Bedrock captures (a prefix of the long ones).
for c in "$root"/captures/mc_alpha/*.pcap "$root"/captures/minecraft-java/*.pcap "$root"/captures/raknet/*.pcap \
         "$root"/captures/bedrock/*.pcap; do
  head -c 60000 "$c" >"$seeds/front_ends/$(basename "$c")"
done
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
# pcapng: one link type, and several (merged by mergecap: an interface each).
head -c 60000 "$root/captures/blank-fa73e36-any-sll2.pcapng" >"$seeds/capture/any-sll2.pcapng"
mergecap -F pcapng -w "$seeds/capture/merged.pcapng" "$root/captures/crafted/linux-sll.pcap" \
  "$root/captures/crafted/null-ipv6.pcap" "$root/captures/crafted/raw-ipv4-port-12399.pcap"
head -c 4096 /dev/urandom >"$seeds/seq/random"
# TCP: sessions in fuzz_tcp's record format (see fuzz_tcp.cpp): handshake,
# data both ways, out-of-order and repeated segments, acks, FINs; on 1 or
# 2 tuples, ISNs near the wrap or not.
perl -e '
  my $dir = shift;
  sub rec { my ($ctl, $fl, $d, $len) = @_; return pack("CCsC", $ctl, $fl, $d, $len); }
  my @opt = ("\x35\x40\x00", "\xF7\x02\x11", "\x10\x00\x0C", "\x8F\xFF\x43");
  for my $i (0 .. $#opt) {
    my $s = $opt[$i];
    for my $t (0, ($i % 2 ? 2 : 0)) {
      $s .= rec(0x08 | $t, 0x02, 0, 0) . rec(0x19 | $t, 0x12, 0, 0) . rec(0x18 | $t, 0x10, 0, 0);
      $s .= rec(0x18 | $t, 0x18, 0, 100) . rec(0x19 | $t, 0x18, 0, 200);
      $s .= rec(0x18 | $t, 0x18, 40, 30) . rec(0x18 | $t, 0x18, -70, 40) . rec(0x18 | $t, 0x18, -70, 40);
      $s .= rec(0x19 | $t, 0x10, 0, 0) . rec(0x00 | $t, 0x18, -5, 3) . "abc";
      $s .= rec(0x18 | $t, 0x11, 0, 0) . rec(0x19 | $t, 0x11, 0, 0) . rec(0x18 | $t, 0x10, 0, 0);
    }
    open(my $f, ">", "$dir/tcp/session-$i"); binmode $f; print $f $s; close $f;
  }' "$seeds"
head -c 2048 /dev/urandom >"$seeds/tcp/random"
# Minecraft Alpha: each direction's stream of the crafted captures (first
# byte: bit 0 the direction, bits 1-7 how fuzz_mcalpha_framing cuts it into
# segments), in pieces of 4000 bytes from every 997th byte on.
for c in "$root"/captures/mc_alpha/*.pcap; do
  name=$(basename "$c" .pcap)
  env HOME=/tmp tshark -r "$c" -T fields -e tcp.srcport -e tcp.payload -Y "tcp.len > 0" 2>/dev/null |
    perl -e '
      my ($dir, $name) = @ARGV; my %s = (0 => "", 1 => "");
      while (<STDIN>) { chomp; my ($port, $hex) = split /\t/; next unless $hex; $hex =~ s/://g;
        $s{$port == 25565 ? 1 : 0} .= pack("H*", $hex); }
      for my $d (0, 1) {
        my $b = $s{$d}; my $k = 0;
        for (my $at = 0; $at < length($b); $at += 997) {
          open(my $f, ">", "$dir/mcalpha_framing/$name-$d-$at"); binmode $f;
          print $f chr($d | (($k++ * 37 % 128) << 1)) . substr($b, $at, 4000); close $f;
        }
      }' "$seeds" "$name"
done

# Minecraft Java: each capture's TCP payloads in capture order as
# fuzz_mcjava_framing's records ([h][bytes], h bit 7 clientbound, bits 0-5
# length - 1), the first 8000 bytes of records per file.
for c in "$root"/captures/minecraft-java/*.pcap "$root"/captures/minecraft-java/crafted/*.pcap; do
  name=$(basename "$c" .pcap)
  env HOME=/tmp tshark -r "$c" -T fields -e tcp.srcport -e tcp.payload -Y "tcp.len > 0" 2>/dev/null |
    perl -e '
      my ($dir, $name) = @ARGV; my $rec = "";
      # read to the end: leaving early would break tshark'"'"'s pipe (pipefail)
      while (<STDIN>) { chomp; my ($port, $hex) = split /\t/; next unless $hex && length($rec) <= 8000;
        $hex =~ s/://g; my $b = pack("H*", $hex); my $cb = $port == 25565 ? 0x80 : 0;
        for (my $at = 0; $at < length($b); $at += 64) {
          my $piece = substr($b, $at, 64); $rec .= chr($cb | (length($piece) - 1)) . $piece; } }
      open(my $f, ">", "$dir/mcjava_framing/$name"); binmode $f; print $f substr($rec, 0, 8000); close $f;' \
      "$seeds" "$name"
done

# RakNet / MCPE: each RakNet capture's first packets as [flags][length][payload]
# records (flags bit 0: sent by the server; payloads cut to 255 bytes).
for c in "$root"/captures/raknet/*.pcap "$root"/captures/raknet/crafted/*.pcap; do
  name=$(basename "$c" .pcap)
  env HOME=/tmp tshark -r "$c" -c 300 -T fields -e udp.srcport -e udp.payload 2>/dev/null |
    perl -e '
      my ($dir, $name) = @ARGV; my $rec = "";
      while (<STDIN>) {
        chomp; my ($port, $hex) = split /\t/; next unless $hex; $hex =~ s/://g;
        my $pkt = pack("H*", $hex); my $len = length($pkt) > 255 ? 255 : length($pkt);
        $rec .= pack("CC", ($port == 19132 ? 1 : 0), $len) . substr($pkt, 0, $len);
      }
      open(my $f, ">", "$dir/raknet/$name"); binmode $f; print $f $rec; close $f;' "$seeds" "$name"
done
# Split reassembly: [id][count][index][flags][length][body] records: a group
# in order, one out of order with a repeat, one never completed.
perl -e '
  my $dir = shift; my $s = "";
  sub frag { my ($id, $n, $i, $body) = @_; return pack("CCCCC", $id, $n, $i, 3, length($body)) . $body; }
  $s .= frag(1, 3, $_, "abc" x ($_ + 1)) for (0, 1, 2);
  $s .= frag(2, 4, $_, "xyz") for (3, 1, 1, 0, 2);
  $s .= frag(3, 5, 0, "q") . frag(3, 5, 4, "r");
  open(my $f, ">", "$dir/raknet_split/groups"); binmode $f; print $f $s; close $f;' "$seeds"
head -c 1024 /dev/urandom >"$seeds/raknet_split/random"
# Bedrock: each capture's batches with its key (bedrock_seeds.cpp), from
# the start (the Login fills most of 64 kB), and without batches over 2 kB
# (the session's later packets, encrypted).
for c in "$root"/captures/bedrock/*.pcap; do
  name=$(basename "$c" .pcap)
  env HOME=/tmp tshark -r "$c" -T fields -e udp.srcport -e udp.payload 2>/dev/null >"$seeds/bedrock.lines"
  "$build/tests/fuzz/bedrock_seeds" "${c%.pcap}.keylog" 19132 "$seeds/bedrock/$name" 65536 <"$seeds/bedrock.lines"
  "$build/tests/fuzz/bedrock_seeds" "${c%.pcap}.keylog" 19132 "$seeds/bedrock/$name-small" 65536 2048 \
    <"$seeds/bedrock.lines"
done
rm -f "$seeds/bedrock.lines"

# The plugin in libwireshark: one conversation per capture in fuzz_plugin's
# format ([options][ctl][len][payload]..., see fuzz_plugin.cpp): the
# TCP connection with the most data of each Java and Alpha capture (options 0x0C: handshake and
# FINs; payloads in records of at most 8191 bytes), the first 300 datagrams
# of each RakNet capture (0x01) and of each blank capture (0x02); 8000 bytes
# of records at most.
plugin_seed() {  # UDP capture, options byte (octal), server port pattern
  env HOME=/tmp tshark -r "$1" -T fields -e udp.srcport -e udp.payload -Y "udp.length > 8 && !icmp" 2>/dev/null |
    perl -e '
      my ($out, $opt, $server) = @ARGV; my $rec = chr(oct($opt)); my $n = 0;
      # read to the end: leaving early would break tshark'"'"'s pipe (pipefail)
      while (<STDIN>) { chomp; my ($port, $hex) = split /\t/; next unless $hex && length($rec) <= 8000 && $n < 300;
        $hex =~ s/://g; my $b = pack("H*", $hex); my $dir = $port =~ /^$server$/ ? 1 : 0; $n++;
        for (my $at = 0; $at < length($b); $at += 8191) {
          my $piece = substr($b, $at, 8191); my $len = length($piece);
          $rec .= chr($dir | (($len >> 8) << 3)) . chr($len & 255) . $piece; } }
      open(my $f, ">", $out); binmode $f; print $f substr($rec, 0, 8000); close $f;' \
      "$seeds/plugin/$(basename "$1" .pcap)" "$2" "$3"
}
if [[ " ${targets[*]} " == *" plugin "* ]]; then
  for c in "$root"/captures/minecraft-java/*.pcap "$root"/captures/minecraft-java/crafted/*.pcap \
           "$root"/captures/mc_alpha/*.pcap; do
    # the connection with the most data (the first 8000 bytes of records)
    env HOME=/tmp tshark -r "$c" -T fields -e tcp.stream -e tcp.srcport -e tcp.payload -Y "tcp.len > 0" \
        2>/dev/null | perl -e '
      my ($out) = @ARGV; my %rec; my %all;
      while (<STDIN>) { chomp; my ($s, $port, $hex) = split /\t/; next unless $hex;
        $all{$s} += length($hex); $rec{$s} //= chr(0x0C); next if length($rec{$s}) > 8000;
        $hex =~ s/://g; my $b = pack("H*", $hex); my $dir = $port == 25565 ? 1 : 0;
        for (my $at = 0; $at < length($b); $at += 8191) {
          my $piece = substr($b, $at, 8191); my $len = length($piece);
          $rec{$s} .= chr($dir | (($len >> 8) << 3)) . chr($len & 255) . $piece; } }
      my ($best) = sort { $all{$b} <=> $all{$a} || $a <=> $b } keys %all; exit 0 unless defined $best;
      open(my $f, ">", $out); binmode $f; print $f substr($rec{$best}, 0, 8000); close $f;' \
      "$seeds/plugin/$(basename "$c" .pcap)"
  done
  for c in "$root"/captures/raknet/*.pcap "$root"/captures/raknet/crafted/*.pcap "$root"/captures/bedrock/*.pcap; do
    plugin_seed "$c" 01 19132
  done
  for c in "$root"/captures/crafted/*.pcap; do plugin_seed "$c" 02 '123\d\d'; done
fi

status=0
for t in "${targets[@]}"; do
  out=$build/fuzz-out/$t
  rm -rf "$out"
  mkdir -p "$out/corpus"
  extra=()
  # fuzz_plugin checks leaks itself, at each session's end (see fuzz_plugin.cpp)
  if [[ $t == plugin ]]; then extra=(-detect_leaks=0); fi
  case $t in capture|front_ends|bedrock) max=70000 ;; analysis|raknet|mcjava_framing|plugin) max=8192 ;; tcp|mcalpha_framing|raknet_split) max=4096 ;; *) max=600 ;; esac
  # Every input that once made a target fail (tests/fuzz/regressions/<target>/,
  # its README says which bug), run once each before the fuzzing: well under
  # a second for all of them.
  regressions=()
  if [ -d "$root/tests/fuzz/regressions/$t" ]; then
    mapfile -t regressions < <(find "$root/tests/fuzz/regressions/$t" -type f ! -name '*.md' | sort)
  fi
  if [ ${#regressions[@]} -gt 0 ]; then
    if (cd "$out" && "$build/tests/fuzz/fuzz_$t" -timeout=10 -rss_limit_mb=2048 "${extra[@]}" "${regressions[@]}" \
          >replay.log 2>&1); then
      echo "fuzz_$t: ${#regressions[@]} past failures replayed, none fails again"
    else
      echo "fuzz_$t FAILED on a past failure (tests/fuzz/regressions/$t): see $out/replay.log"
      grep -E "^Running: |ERROR|runtime error|SUMMARY" "$out/replay.log" | tail -10; status=1
    fi
  fi
  # Seeds: those made above from the captures, and the committed corpus
  # (tests/fuzz/corpus/<target>/: what earlier runs learned, kept small by
  # tests/fuzz/keep_corpus.sh).
  kept=()
  if [ -d "$root/tests/fuzz/corpus/$t" ]; then kept=("$root/tests/fuzz/corpus/$t"); fi
  echo "fuzz_$t: ${secs}s, seeds $(ls "$seeds/$t" | wc -l) made + $(ls "$root/tests/fuzz/corpus/$t" 2>/dev/null | wc -l) kept"
  if ! (cd "$out" && "$build/tests/fuzz/fuzz_$t" -max_total_time="$secs" -max_len=$max -timeout=10 \
          -rss_limit_mb=2048 -print_final_stats=1 "${extra[@]}" corpus "$seeds/$t" "${kept[@]}" >log 2>&1); then
    echo "fuzz_$t FAILED: see $out/log"; tail -30 "$out/log"; status=1
  fi
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$out/log" | sed "s/^/  /"
done
exit $status
