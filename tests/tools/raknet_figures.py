#!/usr/bin/env python3
"""RakNet's loss figures per sending side (docs/findings.md, "RakNet's
figures"), counted apart from blankshark: datagram numbers as Wireshark's
own RakNet dissector (tshark) reads them, in capture order, the definitions
written here again.

  gaps             datagrams that arrived with numbers skipped after the newest
  numbers skipped  how many numbers those jumped over
  out of order     datagrams older than the newest, seen for the first time
  never seen       numbers between the lowest and the highest never seen
  duplicates       a number seen again (no NAK answered by a whole datagram
                   in this capture: raknet-native resends messages)
  NAKs             NAK packets the other side sent about them

usage: raknet_figures.py FILE SERVER_PORT"""
import subprocess
import sys

path, port = sys.argv[1], sys.argv[2]
fields = ['udp.srcport', 'raknet.packet.type', 'raknet.packet_number']
cmd = ['tshark', '-r', path, '-d', f'udp.port=={port},raknet', '-T', 'fields', '-E', 'occurrence=f', '-Y', 'raknet']
for f in fields:
    cmd += ['-e', f]
out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout

fig = {d: dict(gaps=0, skipped=0, out_of_order=0, duplicates=0, naks=0) for d in ('c2s', 's2c')}
seen = {'c2s': set(), 's2c': set()}
newest = {'c2s': None, 's2c': None}
for line in out.splitlines():
    sport, kind, number = (line.split('\t') + ['', '', ''])[:3]
    if not kind:
        continue  # an offline message
    d = 's2c' if sport == port else 'c2s'
    k = int(kind, 16)
    if k & 0x20:  # a NAK: about the other side's datagrams
        fig['c2s' if d == 's2c' else 's2c']['naks'] += 1
        continue
    if k & 0x40 or not number:  # an ACK
        continue
    n = int(number)
    if n in seen[d]:
        fig[d]['duplicates'] += 1
        continue
    seen[d].add(n)
    top = newest[d]
    if top is None or n > top:
        if top is not None and n > top + 1:
            fig[d]['gaps'] += 1
            fig[d]['skipped'] += n - top - 1
        newest[d] = n
    else:
        fig[d]['out_of_order'] += 1

for d in ('c2s', 's2c'):
    f = fig[d]
    never = (max(seen[d]) - min(seen[d]) + 1 - len(seen[d])) if seen[d] else 0
    print(f"{d}: gaps {f['gaps']}, numbers skipped {f['skipped']}, out of order {f['out_of_order']}, "
          f"never seen {never}, duplicates {f['duplicates']}, NAKs {f['naks']}")
