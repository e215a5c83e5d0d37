#!/usr/bin/env bash
# Prints TCP stream N of a capture as "C <hex>" / "S <hex>" lines in capture
# order (tshark's own reassembly), the input of mcjava_scan.
# Usage: tests/tools/mcjava_follow.sh FILE N
set -euo pipefail
tshark -r "$1" -q -z "follow,tcp,raw,$2" 2>/dev/null | awk '
  /^Node 0:/ {started=1; next}
  /^Node 1:/ {next}
  /^=+$/ {if (started) exit; next}
  started && /^\t/ {sub(/^\t/, ""); print "S " $0; next}
  started && /^[0-9a-f]+$/ {print "C " $0}'
