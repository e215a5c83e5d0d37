#!/usr/bin/env python3
"""Self-test of count.py on altered copies of a bundled capture (written to a temporary directory).

- two adjacent full-size segments swapped: same packets, 1 out-of-order segment, no error;
- one segment sent again later: same packets, its bytes counted as retransmitted, no error;
- one segment dropped: stream gaps and trailing bytes reported;
- one byte of a zlib body flipped: a decompression error reported;
- the encrypted captures (needs the 'cryptography' package): decrypted with X.keylog without any
  error; X.mc_dissector.keylog (verify-token lines) gives the same packets; without a key log the
  packets before encryption are the same as with it, the rest is counted as encrypted bytes, no
  error; a wrong shared secret gives a framing or decode error.
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

    for stem in ('mcjava-1.13.2-encrypted', 'mcjava-1.14.4-encrypted-nocompress'):
        src = os.path.join(HERE, stem + '.pcap')
        kl = os.path.join(HERE, stem + '.keylog')
        r1 = count.analyse(src, keylog=kl)
        r2 = count.analyse(src, keylog=os.path.join(HERE, stem + '.mc_dissector.keylog'))
        r0 = count.analyse(src)
        enc = [c for c in r1['conns'] if c.enc_response]
        check(enc and all(c.key_source == 'SHARED_SECRET line' for c in enc)
              and not any(count.errors_of(r1).values())
              and sum(d.encrypted for c in r1['conns'] for d in (c.sb, c.cb) if d.dec is None) == 0,
              '%s: %d connections decrypted, %d packets, no error' % (stem, len(enc), len(r1['packets'])))
        check(key(r2) == key(r1) and all(c.key_source == 'verify token line' for c in r2['conns'] if c.enc_response),
              '%s: the verify-token key log gives the same packets' % stem)
        before = [k for k, p in zip(key(r1), r1['packets'])
                  if r1['conns'][p['conn'] - 1].direction(p['dir']).enc_start is None
                  or p['off'] < r1['conns'][p['conn'] - 1].direction(p['dir']).enc_start]
        nenc = sum(d.encrypted for c in r0['conns'] for d in (c.sb, c.cb))
        check(key(r0) == before and nenc > 0 and not any(count.errors_of(r0).values()),
              '%s without a key: %d packets before encryption, %d encrypted bytes, no error' % (stem, len(before), nenc))
        bad = os.path.join(tmp, stem + '.wrong.keylog')
        with open(bad, 'w') as fh:
            for line in open(kl):
                t = line.split()
                t[2] = '%02x' % (int(t[2][:2], 16) ^ 1) + t[2][2:]
                fh.write(' '.join(t) + '\n')
        e = count.errors_of(count.analyse(src, keylog=bad))
        check(e['framing'] + e['decompression'] > 0,
              '%s with a wrong shared secret: %d framing, %d decode errors (%d bytes left unframed)' % (stem, e['framing'], e['decompression'], e['trailing']))
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
