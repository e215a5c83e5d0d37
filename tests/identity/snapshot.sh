#!/usr/bin/env bash
# Writes everything a user sees of blank into OUT_DIR: tshark with the plugin
# (-V, -2 -V, -T ek, -z blank,tree, -z conv/endpoints, -z expert) and every
# blankshark command, on every bundled blank capture. Two snapshots of
# different builds must be identical (`diff -r`): the proof that a refactor
# changed nothing users see. Fails (no snapshot) if tshark does not load this
# build's blank.so or exits other than 0 on any capture.
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
ts_user=$(id -un)
if [ "$(id -u)" -eq 0 ]; then
  ts=(setpriv --reuid=65534 --regid=65534 --clear-groups "${ts[@]}")
  ts_user="uid 65534"
fi

# The snapshot is worth nothing if tshark runs without this build's plugin:
# `tshark -G plugins`, as the user that runs it below, must list blank.so from
# the stage and no other blank.so.
plugins=$("${ts[@]}" -G plugins 2>&1) || { echo "$0: tshark -G plugins failed: $plugins" >&2; exit 1; }
ours=$(grep -c "^blank\.so.*$stage/plugins/" <<<"$plugins" || true)
all=$(grep -c '^blank\.so' <<<"$plugins" || true)
if [ "$ours" -ne 1 ] || [ "$all" -ne 1 ]; then
  echo "$0: tshark (as $ts_user) does not load this build's plugin alone: $ours blank.so from $stage/plugins/, $all in all:" >&2
  grep '^blank\.so' <<<"$plugins" >&2 || true
  exit 1
fi
# Loaded is not enough: the plugin must have registered blank's protocol
# (filter name `blank`, the third column of `tshark -G protocols` in every
# supported release), or every dissection below would be plain UDP.
protocols=$("${ts[@]}" -G protocols 2>&1) || { echo "$0: tshark -G protocols failed: $protocols" >&2; exit 1; }
if ! awk -F'\t' '$3 == "blank" { found = 1 } END { exit !found }' <<<"$protocols"; then
  echo "$0: tshark (as $ts_user) loads $stage/plugins/.../blank.so but lists no protocol with the filter name blank" >&2
  exit 1
fi
# tshark OUT ARGS...: its output and errors into OUT; the snapshot fails if it does.
tsh() {
  local f=$1
  shift
  "${ts[@]}" "$@" >"$f" 2>&1 || { echo "$0: tshark $* exited $? (its output: $f)" >&2; exit 1; }
}

caps=("$root"/captures/blank-*.pcap* "$root"/captures/crafted/*.pcap)
for cap in "${caps[@]}"; do
  n=$(basename "$cap")
  cp "$cap" "$stage/caps/$n"
  chmod a+r "$stage/caps/$n"
  c=$stage/caps/$n
  d=$out/$n
  mkdir -p "$d"
  tsh "$d/tshark-V.txt" -r "$c" -V
  tsh "$d/tshark-2V.txt" -r "$c" -2 -V
  tsh "$d/tshark-ek.txt" -r "$c" -T ek
  tsh "$d/tshark-tree.txt" -r "$c" -q -z blank,tree
  tsh "$d/tshark-conv.txt" -r "$c" -q -z conv,blank -z endpoints,blank
  tsh "$d/tshark-expert.txt" -r "$c" -q -z expert
  tsh "$d/tshark-2-expert.txt" -r "$c" -2 -q -z expert
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
