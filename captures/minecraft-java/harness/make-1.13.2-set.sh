#!/bin/bash
# Makes the 1.13.2 captures of README-1.13.2.md (and the 1.14.4 nocompress one) into OUTDIR.
# usage: make-1.13.2-set.sh OUTDIR   (as root; node_modules at $MC_NODE_MODULES, default /work/npm-mc/node_modules,
#        made with: npm install minecraft-protocol@1.68.0 flying-squid@1.12.0 mineflayer@4.25.0)
# The netns runs need netns-setup.sh to have been run once (ip netns mcsrv/mccli).
set -eu
OUTDIR=$(cd "$1" && pwd)
H=$(cd "$(dirname "$0")" && pwd)
export MC_NODE_MODULES=${MC_NODE_MODULES:-/work/npm-mc/node_modules}
export MC_LOGS=${MC_LOGS:-$OUTDIR/logs}
run () { echo "== $*"; "$H/capture.sh" "$@"; sleep 2; }
MC_VD=5 run "$OUTDIR/mcjava-1.13.2-compressed.pcap"          25565 1.13.2 compress   full
MC_VD=2 run "$OUTDIR/mcjava-1.13.2-nocompress.pcap"          25565 1.13.2 nocompress full
MC_VD=5 run "$OUTDIR/mcjava-1.13.2-mtu1500.pcap"             25565 1.13.2 compress   full netns
MC_VD=2 run "$OUTDIR/mcjava-1.13.2-nocompress-mtu1500.pcap"  25565 1.13.2 nocompress full netns
MC_VD=5 run "$OUTDIR/mcjava-1.13.2-teleport.pcap"            25565 1.13.2 compress   teleport
MC_VD=5 run "$OUTDIR/mcjava-1.13.2-status-only.pcap"         25565 1.13.2 compress   status
MC_VD=2 run "$OUTDIR/mcjava-1.14.4-nocompress.pcap"          25565 1.14.4 nocompress full
