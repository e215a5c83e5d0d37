#!/usr/bin/env python3
"""Cross-check count.py's TCP reassembly with tshark's (a different implementation).

Usage: crosscheck_tshark.py FILE.pcap...

For every TCP stream of the file, `tshark -z follow,tcp,raw,N` gives the reassembled bytes of each
direction; they must be byte for byte the streams count.py framed its packets from. Also prints
tshark's count of segments it flags as retransmissions / out-of-order / spurious retransmissions
next to count.py's counts of re-received bytes and segments that arrived beyond a hole (the two
tools define these differently, so they are shown, not compared). Needs tshark on PATH.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import count  # noqa: E402


def follow(path, n):
    out = subprocess.run(['tshark', '-r', path, '-q', '-z', 'follow,tcp,raw,%d' % n],
                         capture_output=True, text=True, check=True).stdout
    node0 = None
    a, b = bytearray(), bytearray()
    for line in out.split('\n'):
        if line.startswith('Node 0: '):
            node0 = line[8:].strip()
        elif line.startswith('\t') and line.strip():
            b += bytes.fromhex(line.strip())
        elif line and all(c in '0123456789abcdef' for c in line):
            a += bytes.fromhex(line)
    return node0, bytes(a), bytes(b)


def flagged(path, expr):
    out = subprocess.run(['tshark', '-r', path, '-Y', expr, '-T', 'fields', '-e', 'frame.number'],
                         capture_output=True, text=True, check=True).stdout
    return len([l for l in out.split('\n') if l.strip()])


def main():
    bad = 0
    for f in sys.argv[1:]:
        res = count.analyse(f)
        ok = True
        for i, c in enumerate(res['conns']):
            node0, a, b = follow(f, i)
            cli = count.fmt_ep(c.client)
            if node0 == cli:
                sb, cb = a, b
            else:
                sb, cb = b, a
            same = sb == bytes(c.sb.stream) and cb == bytes(c.cb.stream)
            ok &= same
            print('%s #%d: C→S %d B, S→C %d B: %s' % (os.path.basename(f), c.num, len(sb), len(cb),
                                                     'identical to tshark' if same else 'DIFFERENT from tshark'))
        r = flagged(f, 'tcp.analysis.retransmission')
        s = flagged(f, 'tcp.analysis.spurious_retransmission')
        o = flagged(f, 'tcp.analysis.out_of_order')
        mine_r = sum(dr.retrans_segs for c in res['conns'] for dr in (c.sb, c.cb))
        mine_rb = sum(dr.retrans for c in res['conns'] for dr in (c.sb, c.cb))
        mine_o = sum(dr.ooo for c in res['conns'] for dr in (c.sb, c.cb))
        print('%s: tshark flags %d retransmission, %d spurious retransmission, %d out-of-order frames; '
              'count.py: %d segments with %d re-received bytes, %d out-of-order segments' % (
                  os.path.basename(f), r, s, o, mine_r, mine_rb, mine_o))
        bad += not ok
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
