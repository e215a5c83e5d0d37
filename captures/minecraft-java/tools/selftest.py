#!/usr/bin/env python3
"""Self-test of count.py on altered copies of a bundled capture (written to a temporary directory).

- two adjacent full-size segments swapped: same packets, 1 out-of-order segment, no error;
- one segment sent again later: same packets, its bytes counted as retransmitted, no error;
- one segment dropped: stream gaps and trailing bytes reported;
- one byte of a zlib body flipped: a decompression error reported;
- the encrypted captures (needs the 'cryptography' package): decrypted with X.keylog without any
  error; X.mc_dissector.keylog (verify-token lines) gives the same packets; without a key log the
  packets before encryption are the same as with it, the rest is counted as encrypted bytes, no
  error; a wrong shared secret gives a framing or decode error;
- the minecraft-data tables (mcdata-ids.json) used on 1.13.2 and 1.14.4 captures instead of the hand
  tables: the same packets, no error, the same keep-alive, teleport and chunk column figures.
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
    # the minecraft-data path (mcdata-ids.json, used for every protocol but 404 and 498) on the 1.13.2
    # and 1.14.4 captures: the same packets and the same keep-alive, teleport and chunk figures as the
    # hand tables
    orig = count.generic_proto
    for stem in ('mcjava-1.13.2-teleport', 'mcjava-1.14.4-compressed'):
        src = os.path.join(HERE, stem + '.pcap')
        count.generic_proto = orig
        a = count.analyse(src)
        count.generic_proto = lambda pv: None if pv is None else count.Proto.get(pv)
        count.Proto._cache.clear()
        try:
            b = count.analyse(src)
            fig_b = [count.analysis_generic(c) for c in b['conns'] if c.user]
        finally:
            count.generic_proto = orig
            count.Proto._cache.clear()
        fig_a = []
        for c in a['conns']:
            if c.user:
                ids = count.IDS[c.protocol]
                cb = [p for p in c.cb.packets if p['state'] == 'play']
                sb = [p for p in c.sb.packets if p['state'] == 'play']
                fig_a.append((sum(p['id'] == ids['keepalive_cb'] for p in cb), sum(p['id'] == ids['keepalive_sb'] for p in sb),
                              sum(p['id'] == ids['poslook_cb'] for p in cb), sum(p['id'] == ids['teleport_confirm'] for p in sb),
                              sum(p['id'] == ids['chunk'] and p['fields'].get('full') for p in cb),
                              sum(p['id'] == ids['unload'] for p in cb)))
        fig_b2 = [(x['keepalive_sent'], x['keepalive_answered'], x['teleports'], x['teleport_confirms'],
                   x['chunks_loaded'], x['chunks_unloaded']) for x in fig_b]
        check(key(a) == key(b) and not any(count.errors_of(b).values()) and fig_a == fig_b2,
              '%s through the minecraft-data tables: the same %d packets, no error, the same figures %s' % (
                  stem, len(b['packets']), fig_b2))
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
