#!/bin/bash
# Counts the bundled captures again (count.js and tshark_check.js, into a temporary folder) and says
# whether counts/*.count.json and the README's per-capture sections still say the same.
# usage: check.sh   (node_modules of package.json here or at $BEDROCK_NODE_MODULES; tshark)
set -u
H=$(cd "$(dirname "$0")" && pwd); B=$(dirname "$H")
export BEDROCK_NODE_MODULES=${BEDROCK_NODE_MODULES:-$H/node_modules}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
bad=0
for n in $(cd "$H" && NODE_PATH=$BEDROCK_NODE_MODULES node -p "require('./scenarios').names.join(' ')"); do
  for f in pcap keylog; do ln -s "$B/$n.$f" "$T/$n.$f"; done
  ln -s "$B/logs/$n.server.jsonl" "$T/$n.server.jsonl"; ln -s "$B/logs/$n.client.jsonl" "$T/$n.client.jsonl"
  "$H/count-one.sh" "$T" "$n" > /dev/null
  for f in count.json packets.tsv tshark.txt; do cmp -s "$T/$n.$f" "$B/counts/$n.$f" || { echo "$n.$f differs"; bad=1; }; done
done
NODE_PATH=$BEDROCK_NODE_MODULES node "$H/readme.js" "$B/README.md" "$T" --check || bad=1
[ $bad = 0 ] && echo "all counts agree with the bundled files"
exit $bad
