#!/bin/bash
# Counts one capture: count.js (report NAME.count.md, NAME.count.json, NAME.packets.tsv, with the
# packet logs compared when they are there) and tshark_check.js (NAME.tshark.txt).
# usage: count-one.sh DIR NAME
set -u
D=$(cd "$1" && pwd); N=$2
H=$(cd "$(dirname "$0")" && pwd)
export NODE_PATH=${BEDROCK_NODE_MODULES:-$H/node_modules}
LOGS=()
[ -f "$D/$N.server.jsonl" ] && LOGS=(--logs "$D/$N.server.jsonl" "$D/$N.client.jsonl")
node "$H/count.js" "$D/$N.pcap" --keylog "$D/$N.keylog" --json "$D/$N.count.json" --packets "$D/$N.packets.tsv" "${LOGS[@]}" > "$D/$N.count.md"
echo "$N: count.js rc=$? $(grep -c 'errors: none' "$D/$N.count.md") connection(s) without errors"
node "$H/tshark_check.js" "$D/$N.pcap" "$D/$N.count.json" > "$D/$N.tshark.txt"
echo "$N: tshark_check rc=$? $(grep 'values compared' "$D/$N.tshark.txt")"
