#!/bin/bash
# Makes one capture: capture.sh NAME OUTDIR   (as root; netns-setup.sh run once; node_modules of
# package.json at $BEDROCK_NODE_MODULES, default harness/node_modules)
# Server in namespace bdsrv (198.51.100.1:19132), client in bdcli; tcpdump on the server's side of the
# veth pair. Writes OUTDIR/NAME.pcap, NAME.keylog (+ .secret.keylog, .mc_dissector.key), the two
# packet logs NAME.server.jsonl / NAME.client.jsonl and the processes' output in OUTDIR/logs/.
set -u
NAME=$1; OUT=$(cd "$2" && pwd)
H=$(cd "$(dirname "$0")" && pwd)
export NODE_PATH=${BEDROCK_NODE_MODULES:-$H/node_modules}
cd "$H"
mkdir -p "$OUT/logs"
LOSS=$(node -p "require('./scenarios')('$NAME').loss") || exit 1
END=$(node -p "require('./scenarios')('$NAME').end")
rm -f "$OUT/$NAME".{pcap,keylog,secret.keylog,client.keylog,client.secret.keylog,mc_dissector.key,server.jsonl,client.jsonl}
ip netns exec bdsrv tcpdump -i bdsrv0 -U -s 0 -w "$OUT/$NAME.pcap" udp port 19132 > "$OUT/logs/$NAME.tcpdump.log" 2>&1 & TD=$!
if [ "$LOSS" != 0 ]; then
  # drop LOSS % of the datagrams in each direction, in the client's namespace: client->server ones are
  # lost before the capture point (the capture shows their gaps), server->client ones after it (the
  # capture shows the originals and the server's resends)
  ip netns exec bdcli nft -f - <<NFT
table inet bdloss {
  chain out { type filter hook output priority 0; policy accept; udp dport 19132 numgen random mod 100 < $LOSS counter drop; udp dport 19132 counter; }
  chain in { type filter hook input priority 0; policy accept; udp sport 19132 numgen random mod 100 < $LOSS counter drop; udp sport 19132 counter; }
}
NFT
fi
sleep 1
ip netns exec bdsrv node server.js "$NAME" "$OUT" > "$OUT/logs/$NAME.server.log" 2>&1 & SRV=$!
for i in $(seq 1 40); do grep -q READY "$OUT/logs/$NAME.server.log" && break; sleep 0.25; done
ip netns exec bdcli node client.js "$NAME" "$OUT" > "$OUT/logs/$NAME.client.log" 2>&1 & CLI=$!
if [ "$END" = silence ]; then
  # wait until the client has stopped itself, leave the server 15 s to time the connection out
  for i in $(seq 1 240); do [ "$(awk '{print $3}' /proc/$CLI/stat 2>/dev/null)" = T ] && break; [ -d /proc/$CLI ] || break; sleep 0.25; done
  for p in $(pgrep -P $CLI) $CLI; do :; done
  sleep 15
fi
wait $SRV
echo "server rc=$?"
if [ "$END" = silence ]; then kill -KILL $(pgrep -f "node client.js $NAME " | head -5) 2>/dev/null; fi
wait $CLI; echo "client rc=$?"
sleep 1
kill -INT $TD; wait $TD
cat "$OUT/logs/$NAME.tcpdump.log"
if [ "$LOSS" != 0 ]; then ip netns exec bdcli nft list table inet bdloss > "$OUT/logs/$NAME.nft.txt"; ip netns exec bdcli nft delete table inet bdloss; cat "$OUT/logs/$NAME.nft.txt"; fi
# the key logs the two sides wrote must be the same; the MC_Dissector form is the key alone
cmp "$OUT/$NAME.keylog" "$OUT/$NAME.client.keylog" && cmp "$OUT/$NAME.secret.keylog" "$OUT/$NAME.client.secret.keylog" && echo "key logs of both sides agree" && rm -f "$OUT/$NAME.client.keylog" "$OUT/$NAME.client.secret.keylog"
awk '{print $3}' "$OUT/$NAME.keylog" > "$OUT/$NAME.mc_dissector.key"
ls -la "$OUT/$NAME".*
