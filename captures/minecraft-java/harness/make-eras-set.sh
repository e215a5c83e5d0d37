#!/bin/bash
# Makes the captures of README-eras.md (one release of each era, 1.8.9 to 26.1) into OUTDIR (bundled: ../eras).
# usage: make-eras-set.sh OUTDIR   (as root; node_modules at $MC_NODE_MODULES, default harness/node_modules,
#        made with: npm install minecraft-protocol@1.68.0 mineflayer@4.39.0 flying-squid@1.12.0 prismarine-chunk@1.41.0, which resolve
#        minecraft-data 3.119.0, prismarine-registry 1.12.0, prismarine-nbt 2.8.0, protodef 1.19.0; logs go to
#        $MC_LOGS, default OUTDIR/logs)
# flying-squid 1.12.0 (server.js, the scenario 'full' of the 1.13.2/1.14.4 captures) serves 1.8.9 to 1.21.4;
# the newest release minecraft-protocol knows, 26.1, is served by eras-server.js (minimal server on
# minecraft-protocol's createServer, client scenario 'single'), and so is the uncompressed 1.8.9 file:
# flying-squid's 1.8 columns carry all 16 sections (about 197 KB each uncompressed; 7.5 MB at view
# distance 2, with segments lost by the capture), eras-server.js sends only the section of its floor.
# 1.21.5 to 1.21.11 (protocols 770 to 774, one release of each: 1.21.5, 1.21.6, 1.21.8, 1.21.9, 1.21.11)
# are newer than flying-squid's list too: eras-server.js with MC_SCOREBOARD=1 (a scoreboard objective
# and the player's score, with the number formats of 1.20.3+), client scenario 'single'.
# The netns run needs netns-setup.sh to have been run once (ip netns mcsrv/mccli).
set -eu
OUTDIR=$(cd "$1" && pwd)
H=$(cd "$(dirname "$0")" && pwd)
export MC_NODE_MODULES=${MC_NODE_MODULES:-$H/node_modules}
export MC_LOGS=${MC_LOGS:-$OUTDIR/logs}
run () { echo "== $*"; "$H/capture.sh" "$@"; sleep 2; }
for v in 1.8.9 1.12.2 1.16.5 1.18.2 1.19.4 1.20.4 1.21.4; do
  MC_VD=5 run "$OUTDIR/mcjava-$v-compressed.pcap"   25565 $v compress   full
done
MC_VD=1 run "$OUTDIR/mcjava-1.20.4-nocompress.pcap"   25565 1.20.4 nocompress full
export MC_SERVER=eras-server.js
run "$OUTDIR/mcjava-1.8.9-nocompress.pcap"            25565 1.8.9  nocompress single
run "$OUTDIR/mcjava-26.1-compressed.pcap"             25565 26.1   compress   single
run "$OUTDIR/mcjava-26.1-nocompress.pcap"             25565 26.1   nocompress single
run "$OUTDIR/mcjava-26.1-mtu1500.pcap"                25565 26.1   compress   single netns
for v in 1.21.5 1.21.6 1.21.8 1.21.9 1.21.11; do
  MC_SCOREBOARD=1 run "$OUTDIR/mcjava-$v-compressed.pcap" 25565 $v compress single
done
