#!/usr/bin/env python3
"""Resends after a NAK and on a timeout, per direction, counted apart from
blankshark: packets parsed by Wireshark's own RakNet dissector (tshark),
the rule written here again. A reliable message index seen before is a
resend; it answers the latest NAK of a datagram that carried it (a NAK seen
before the resend, also one that came before the datagram itself) unless
an earlier resend of that message answered the same NAK: then it came on a
timeout.

usage: raknet_nak_answers.py FILE SERVER_PORT"""
import subprocess
import sys

path, port = sys.argv[1], sys.argv[2]
fields = ['frame.number', 'frame.time_relative', 'udp.srcport', 'raknet.packet.type', 'raknet.packet_number',
          'raknet.range.max_equals_to_min', 'raknet.range.packet_number.min', 'raknet.range.packet_number.max',
          'raknet.reliable.number']
cmd = ['tshark', '-r', path, '-d', f'udp.port=={port},raknet', '-T', 'fields', '-E', 'occurrence=a',
       '-E', 'aggregator=|', '-Y', 'raknet']
for f in fields:
    cmd += ['-e', f]
out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout

stats = {d: {'resent': 0, 'after_nak': 0, 'delays': []} for d in ('c2s', 's2c')}
nak_of = {'c2s': {}, 's2c': {}}       # datagram number -> (NAK frame, time), latest
carriers = {'c2s': {}, 's2c': {}}     # message index -> datagram numbers, in order
answered = {'c2s': {}, 's2c': {}}     # message index -> last NAK frame answered
seqs = {'c2s': set(), 's2c': set()}   # datagram numbers seen

for line in out.splitlines():
    F = dict(zip(fields, line.split('\t')))
    if not F['raknet.packet.type']:
        continue
    frame, t = int(F['frame.number']), float(F['frame.time_relative'])
    d = 's2c' if F['udp.srcport'] == port else 'c2s'
    kind = int(F['raknet.packet.type'].split('|')[0], 16)
    if kind & 0x40 or kind & 0x20:  # ACK / NAK: about the other direction's datagrams
        if kind & 0x40:
            continue
        other = 'c2s' if d == 's2c' else 's2c'
        mins = [int(x) for x in F['raknet.range.packet_number.min'].split('|') if x]
        maxs = [int(x) for x in F['raknet.range.packet_number.max'].split('|') if x]
        eqs = [x for x in F['raknet.range.max_equals_to_min'].split('|') if x]
        xi = 0  # a single-number record has no max field
        for mi, e in enumerate(eqs):
            lo = mins[mi]
            if e in ('1', 'True'):
                hi = lo
            else:
                hi = maxs[xi]
                xi += 1
            for n in range(lo, hi + 1):
                nak_of[other][n] = (frame, t)
        continue
    seq = int(F['raknet.packet_number'])
    if seq in seqs[d]:  # the same datagram again (a duplicate, or resent whole): not a new datagram
        continue
    seqs[d].add(seq)
    for x in F['raknet.reliable.number'].split('|'):
        if not x:
            continue
        m = int(x)
        seen = carriers[d].setdefault(m, [])
        if seen:
            stats[d]['resent'] += 1
            for c in reversed(seen[-4:]):
                nk = nak_of[d].get(c)
                if nk and nk[1] <= t:
                    if nk[0] > answered[d].get(m, 0):
                        stats[d]['after_nak'] += 1
                        stats[d]['delays'].append((t - nk[1]) * 1000)
                        answered[d][m] = nk[0]
                    break
        if not seen or seen[-1] != seq:
            seen.append(seq)

for d in ('c2s', 's2c'):
    s = stats[d]
    mx = max(s['delays']) if s['delays'] else 0
    print(f"{d}: resent {s['resent']}, after a NAK {s['after_nak']}, on a timeout {s['resent'] - s['after_nak']}, "
          f"NAK to resend max {mx:.3f} ms")
