#!/usr/bin/env bash
# The C references (java_limit, alpha_limit, raknet_limit) count
# what `blankshark check` counts, on every bundled capture of their protocol:
# otherwise the ratio of check's packets/s to theirs compares different work.
# Prints one line per capture and exits 1 when a count differs.
#
#   tests/bench/limit_counts.sh BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
build=${1:?usage: limit_counts.sh BUILD_DIR}
bs="$build/analyzer/blankshark"
bin="$build/tests/bench"
fails=0

compare() {  # compare FILE WHAT LIMIT_COUNTS PRODUCT_COUNTS
  if [ "$3" = "$4" ]; then
    printf 'same      %-48s %s: %s\n' "${1#"$top"/}" "$2" "$3"
  else
    printf 'DIFFERENT %-48s %s: limit %s, check %s\n' "${1#"$top"/}" "$2" "$3" "$4"
    fails=$((fails + 1))
  fi
}
# Minecraft Java (the clear captures; java_limit does not decrypt): packets.
for f in "$top"/captures/minecraft-java/*.pcap; do
  case "$f" in *-encrypted*) continue ;; esac
  read -r n _ < <("$bin/java_limit" "$f" 2>/dev/null)
  c=$("$bs" check -q "$f" | head -1 | grep -oE '[0-9]+ Minecraft Java packets' | cut -d' ' -f1)
  compare "$f" "packets" "$n" "${c:-0}"
done

# Minecraft Alpha: messages per direction, their bytes, Map Chunks and how
# many inflated.
for f in "$top"/captures/mc_alpha/*.pcap; do
  read -r n sb cb bytes chunks inflated _ < <("$bin/alpha_limit" "$f" 2>/dev/null)
  out=$("$bs" check -q "$f")
  c=$(head -1 <<<"$out" | grep -oE '[0-9]+ Minecraft Alpha messages' | cut -d' ' -f1)
  csb=$(grep -oE 'client->server: [0-9]+ messages, [0-9]+ bytes' <<<"$out" | grep -oE '[0-9]+' | tr '\n' ' ')
  ccb=$(grep -oE 'server->client: [0-9]+ messages, [0-9]+ bytes' <<<"$out" | grep -oE '[0-9]+' | tr '\n' ' ')
  read -r m1 b1 m2 b2 <<<"$csb $ccb"
  cch=$(grep -oE '[0-9]+ Map Chunk \([0-9]+ inflated' <<<"$out" | grep -oE '[0-9]+' | tr '\n' ' ')
  compare "$f" "messages c>s s>c, bytes, Map Chunks, inflated" "$n $sb $cb $bytes $chunks $inflated" \
    "${c:-0} ${m1:-0} ${m2:-0} $(( ${b1:-0} + ${b2:-0} )) ${cch% }"
done

# RakNet / MCPE: UDP packets, offline messages, datagrams, ACKs, NAKs, their
# records, frames and messages delivered (check's summary and stats).
for f in "$top"/captures/raknet/*.pcap "$top"/captures/raknet/crafted/*.pcap; do
  read -r udp off dg ack nak rec fr msg _ < <("$bin/raknet_limit" "$f" 2>/dev/null)
  out=$("$bs" check -q "$f")
  c=$(head -1 <<<"$out" | grep -oE '[0-9]+ RakNet packets' | cut -d' ' -f1)
  crec=$(grep -oE '\([0-9]+ records' <<<"$out" | tr -d '(' | awk '{ s += $1 } END { print s + 0 }')
  cfr=$(grep -oE 'frames: [0-9]+' <<<"$out" | awk '{ s += $2 } END { print s + 0 }')
  js=$("$bs" stats -q --json "$f")
  kind() { grep -oE "\"$1\":\\{\"packets\":[0-9]+" <<<"$js" | grep -oE '[0-9]+$' | awk '{ s += $1 } END { print s + 0 }'; }
  cmsg=$(grep -oE '"messages":\{[^}]*\}' <<<"$js" | grep -oE ':[0-9]+' | tr -d : | awk '{ s += $1 } END { print s + 0 }')
  compare "$f" "UDP, offline, datagrams, ACK, NAK, records, frames, messages" "$udp $off $dg $ack $nak $rec $fr $msg" \
    "${c:-0} $(kind offline) $(kind datagram) $(kind ack) $(kind nak) $crec $cfr $cmsg"
done

[ "$fails" = 0 ] || { echo "limit_counts.sh: $fails capture(s) counted differently" >&2; exit 1; }
