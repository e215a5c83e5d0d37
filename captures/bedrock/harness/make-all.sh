#!/bin/bash
# Remakes every capture of ../README.md into OUTDIR (the bundled ones are in ..), counts each with
# count.js and checks it with tshark_check.js.
# usage: make-all.sh OUTDIR [NAME...]   (as root, with tcpdump, nftables, tshark, node 20 and
#        npm ci run here (package.json/package-lock.json; raknet-native compiles its C++: g++, cmake,
#        node headers), or BEDROCK_NODE_MODULES pointing at such a node_modules)
set -eu
OUT=$(mkdir -p "$1" && cd "$1" && pwd); shift
H=$(cd "$(dirname "$0")" && pwd)
export NODE_PATH=${BEDROCK_NODE_MODULES:-$H/node_modules}
export BEDROCK_NODE_MODULES=$NODE_PATH
"$H/netns-setup.sh"
NAMES=${*:-$(cd "$H" && node -p "require('./scenarios').names.join(' ')")}
for n in $NAMES; do
  echo "== $n"
  "$H/capture.sh" "$n" "$OUT" | tail -3
  sleep 2
done
for n in $NAMES; do "$H/count-one.sh" "$OUT" "$n"; done
