#!/usr/bin/env bash
# Writes everything a user sees of blank into OUT_DIR: tshark with the plugin
# (-V, -2 -V, -T ek, -z blank,tree, -z conv/endpoints, -z expert) and every
# blankshark command, on every bundled blank capture. Two snapshots of
# different builds must be identical (`diff -r`): the proof that a refactor
# changed nothing users see.
# Usage: tests/identity/snapshot.sh BUILD_DIR OUT_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
out=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$build/analyzer/blankshark
mkdir -p "$out"
out=$(cd "$out" && pwd)

# tshark reads the plugin and the captures as an unprivileged user when run
# as root (it ignores WIRESHARK_PLUGIN_DIR for root): stage them in /tmp.
stage=$(mktemp -d /tmp/blankshark-identity.XXXXXX)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/plugins" "$stage/caps"
cp -r "$build"/plugins/. "$stage/plugins/"  # <major.minor>/epan/blank.so, whichever Wireshark built it
chmod -R a+rX "$stage"
ts=(env HOME=/tmp WIRESHARK_PLUGIN_DIR="$stage/plugins" tshark)
[ "$(id -u)" -eq 0 ] && ts=(setpriv --reuid=65534 --regid=65534 --clear-groups "${ts[@]}")

caps=("$root"/captures/blank-*.pcap* "$root"/captures/crafted/*.pcap)
for cap in "${caps[@]}"; do
  n=$(basename "$cap")
  cp "$cap" "$stage/caps/$n"
  chmod a+r "$stage/caps/$n"
  c=$stage/caps/$n
  d=$out/$n
  mkdir -p "$d"
  "${ts[@]}" -r "$c" -V >"$d/tshark-V.txt" 2>&1 || true
  "${ts[@]}" -r "$c" -2 -V >"$d/tshark-2V.txt" 2>&1 || true
  "${ts[@]}" -r "$c" -T ek >"$d/tshark-ek.txt" 2>&1 || true
  "${ts[@]}" -r "$c" -q -z blank,tree >"$d/tshark-tree.txt" 2>&1 || true
  "${ts[@]}" -r "$c" -q -z conv,blank -z endpoints,blank >"$d/tshark-conv.txt" 2>&1 || true
  "${ts[@]}" -r "$c" -q -z expert >"$d/tshark-expert.txt" 2>&1 || true
  "${ts[@]}" -r "$c" -2 -q -z expert >"$d/tshark-2-expert.txt" 2>&1 || true
  for cmd in "decode" "decode -V" "decode --json" "chunks" "chunks --json" "check" "check --comments" \
             "check --format json" "check --format junit" "stats" "stats --json"; do
    f=$d/blankshark-${cmd// /_}.txt
    rc=0; (cd "$stage/caps" && "$bin" $cmd "$n") >"$f" 2>&1 || rc=$?
    echo "exit $rc" >>"$f"
  done
  rc=0; (cd "$stage/caps" && "$bin" report "$n" -o "$d/report.html") >"$d/blankshark-report.txt" 2>&1 || rc=$?
  echo "exit $rc" >>"$d/blankshark-report.txt"
done
# synth (its own timing masked) and check on what it wrote
(cd "$stage" && "$bin" synth -o synth.pcap --packets 20000 --clients 3 --seed 7 --loss 0.03 --reorder 0.02 \
  --duplicate 0.01 --truth synth-truth.json) 2>&1 | sed -E 's/in [0-9.]+ s;/in T s;/' >"$out/synth.txt"
sed -E 's/"seconds":[0-9.]+/"seconds":T/' "$stage/synth-truth.json" >"$out/synth-truth.json"
cmp -s "$stage/synth.pcap" /dev/null || cksum <"$stage/synth.pcap" >"$out/synth-pcap.cksum"
rc=0; (cd "$stage" && "$bin" check synth.pcap) >"$out/synth-check.txt" 2>&1 || rc=$?
echo "exit $rc" >>"$out/synth-check.txt"
echo "snapshot of ${#caps[@]} captures in $out"
