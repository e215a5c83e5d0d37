#!/bin/bash
# Makes the encrypted captures of README-encrypted.md into OUTDIR, each with its two key log files.
# usage: make-encrypted-set.sh OUTDIR   (as root; node_modules at $MC_NODE_MODULES, default /work/npm-mc/node_modules,
#        made with: npm install minecraft-protocol@1.68.0 flying-squid@1.12.0 mineflayer@4.25.0)
# MC_ENCRYPT=1: capture.sh preloads encrypted-login.js into server.js: alice and bob become onlineModeExceptions of the offline-mode server (so it sends
# Encryption Request), and hasJoined is answered from a fake session server on 127.0.0.1:$MC_SESSION_PORT.
# MC_KEYLOG=X.keylog: client.js appends the SHARED_SECRET lines there and the token lines to X.mc_dissector.keylog.
# View distances: 5 for the compressed 1.13.2 run (as mcjava-1.13.2-compressed.pcap); 1 for the 1.14.4
# nocompress run (2 as in mcjava-1.14.4-nocompress.pcap gives ~1.5 MB of uncompressed Update Light; 0 sends no chunks).
set -eu
OUTDIR=$(cd "$1" && pwd)
H=$(cd "$(dirname "$0")" && pwd)
export MC_NODE_MODULES=${MC_NODE_MODULES:-/work/npm-mc/node_modules}
export MC_LOGS=${MC_LOGS:-$OUTDIR/logs}
export MC_ENCRYPT=1 MC_SESSION_PORT=${MC_SESSION_PORT:-25599}
run () {
  local out=$1; local base=${out%.pcap}
  rm -f "$base.keylog" "$base.mc_dissector.keylog"
  echo "== $*"; MC_KEYLOG=$base.keylog "$H/capture.sh" "$@"; sleep 2
}
MC_VD=5 run "$OUTDIR/mcjava-1.13.2-encrypted.pcap"             25565 1.13.2 compress   full
MC_VD=1 run "$OUTDIR/mcjava-1.14.4-encrypted-nocompress.pcap"  25565 1.14.4 nocompress full
