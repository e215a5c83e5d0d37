#!/usr/bin/env python3
"""Self-test of count.py on altered copies of a bundled capture (written to a temporary directory).

- two adjacent full-size segments swapped: same packets, 1 out-of-order segment, no error;
- one segment sent again later: same packets, its bytes counted as retransmitted, no error;
- one segment dropped: stream gaps and trailing bytes reported;
- one byte of a zlib body flipped: a decompression error reported.
Exit status 0 when all hold.
"""
import os
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import count  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')


def records(path):
    data = open(path, 'rb').read()
    recs, pos = [], 24
    while pos < len(data):
        incl = struct.unpack('<I', data[pos + 8:pos + 12])[0]
        recs.append(data[pos:pos + 16 + incl])
        pos += 16 + incl
    return data[:24], recs


def key(res):
    return [(p['conn'], p['dir'], p['state'], p['id'], p['wire']) for p in res['packets']]


def main():
    tmp = tempfile.mkdtemp()
    ok = True

    def check(cond, what):
        nonlocal ok
        print('%s: %s' % ('ok' if cond else 'FAILED', what))
        ok &= bool(cond)

    src = os.path.join(HERE, 'mcjava-1.13.2-nocompress-mtu1500.pcap')
    hdr, recs = records(src)
    base = count.analyse(src)
    big = [i for i, r in enumerate(recs) if len(r) > 1400]
    i = big[len(big) // 2]

    def run(rs, name):
        p = os.path.join(tmp, name)
        open(p, 'wb').write(hdr + b''.join(rs))
        return count.analyse(p)

    rs = recs[:]
    rs[i], rs[i + 1] = rs[i + 1], rs[i]
    r = run(rs, 'swap.pcap')
    check(key(r) == key(base) and not any(count.errors_of(r).values())
          and sum(d.ooo for c in r['conns'] for d in (c.sb, c.cb)) == 1, 'swapped segments')
    rs = recs[:]
    rs.insert(i + 3, recs[i])
    r = run(rs, 'dup.pcap')
    extra = sum(d.retrans for c in r['conns'] for d in (c.sb, c.cb)) - \
        sum(d.retrans for c in base['conns'] for d in (c.sb, c.cb))
    check(key(r) == key(base) and not any(count.errors_of(r).values()) and extra == len(count.tcp_of(1, recs[i][16:])[-1]),
          'segment sent again (%d more retransmitted bytes)' % extra)
    rs = recs[:]
    del rs[i]
    e = count.errors_of(run(rs, 'drop.pcap'))
    check(e['gaps'] > 0 and e['trailing'] > 0, 'dropped segment: gaps %d, trailing %d' % (e['gaps'], e['trailing']))

    src = os.path.join(HERE, 'mcjava-1.13.2-compressed.pcap')
    hdr, recs = records(src)
    p = [p for p in count.analyse(src)['packets'] if p['kind'] == 'zlib'][5]
    rec = bytearray(recs[p['start_frame'] - 1])
    rec[-30] ^= 0xFF
    recs[p['start_frame'] - 1] = bytes(rec)
    e = count.errors_of(run(recs, 'corrupt.pcap'))
    check(e['decompression'] == 1, 'flipped zlib byte: %d decompression error' % e['decompression'])
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
