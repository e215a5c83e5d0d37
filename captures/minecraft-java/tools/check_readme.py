#!/usr/bin/env python3
"""Compare the figures of a README's per-file sections with what count.py computes now.

Usage: check_readme.py README.md FILE.pcap...

For each capture it takes the README section '## <file name>' and count.py's report of the file
and compares, row by row: the connection table (every column but 'end', whose wording differs
between the two tools), the framing table, the packet-count table (state, dir, id and counts; the
name column too), the '- #N:' summary lines, the Minecraft packet total, the framed byte total, the duration and the frame count.
When the section holds a '### <file name>: packets for the tests' part, it must be exactly what
count.py --details prints (it runs to the end of the section).
An encrypted capture X.pcap with a key log X.keylog next to it has two sections: '## X.pcap' holds
the figures of count.py --keylog X.keylog, '## X.pcap without the key log' those of count.py
without it; both are compared (with the '- encryption:' line too).
Exit status 0 when everything agrees.
"""
import io
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import count  # noqa: E402


def section(text, name):
    m = re.search(r'^## %s\n(.*?)(?=^## |\Z)' % re.escape(name), text, re.S | re.M)
    return m.group(1) if m else None


def tables(sec):
    """list of tables; a table = list of rows (lists of cells), header first, separator dropped."""
    out, cur = [], None
    for line in sec.split('\n'):
        if line.startswith('|'):
            cells = [c.strip() for c in line.strip().strip('|').split('|')]
            if all(re.fullmatch(r'-+', c) for c in cells):
                continue
            if cur is None:
                cur = []
                out.append(cur)
            cur.append(cells)
        else:
            cur = None
    return out


def totals(sec):
    m = re.search(r'decoder totals: (\d+) Minecraft packets, (\d+) bytes of framed packets', sec)
    return m.groups() if m else None


def frames_duration(sec):
    m = re.search(r'duration: ([0-9.]+) s; frames: (\d+)', sec)
    m2 = re.search(r'frames: (\d+)', sec)
    return (m.group(1), m.group(2)) if m else None


def summaries(sec):
    return [l.strip() for l in sec.split('\n') if l.startswith('- #')]


def enc_line(sec):
    return [l.strip() for l in sec.split('\n') if l.startswith('- encryption:')]


def main():
    readme = open(sys.argv[1], encoding='utf-8').read()
    bad = 0
    jobs = []
    for f in sys.argv[2:]:
        kl = f[:-len('.pcap')] + '.keylog' if f.endswith('.pcap') else None
        if kl and os.path.exists(kl):
            jobs.append((f, os.path.basename(f), kl))
            jobs.append((f, os.path.basename(f) + ' without the key log', None))
        else:
            jobs.append((f, os.path.basename(f), None))
    for f, name, kl in jobs:
        ref = section(readme, name)
        if ref is None:
            print('%s: no section in the README' % name)
            bad += 1
            continue
        res = count.analyse(f, keylog=kl)
        buf = io.StringIO()
        count.report(res, buf)
        mine = buf.getvalue()
        problems = []
        extra = ''
        if '### %s: packets for the tests' % os.path.basename(f) in ref:
            # the per-packet lists (count.py --details) must be in the section verbatim
            dbuf = io.StringIO()
            count.details(res, dbuf)
            det = dbuf.getvalue()
            i = ref.index('### %s: packets for the tests' % os.path.basename(f))
            if ref[i:].strip() != det.strip():
                problems.append('the --details part differs from count.py --details')
            ref = ref[:i]
            extra = ' and the --details lists'
        if totals(ref) is None and extra:
            # a section with only the --details lists (the bundled 1.14.4 files in README-1.13.2.md)
            print('%s: %s (--details lists compared)' % (name, 'AGREES' if not problems else 'DIFFERS'))
            for p in problems:
                print('  ' + p)
            bad += bool(problems)
            continue
        if totals(ref) != totals(mine):
            problems.append('totals %s vs %s' % (totals(ref), totals(mine)))
        if frames_duration(ref) != frames_duration(mine):
            problems.append('duration/frames %s vs %s' % (frames_duration(ref), frames_duration(mine)))
        tr, tm = tables(ref), tables(mine)
        if len(tr) != len(tm):
            problems.append('%d tables vs %d' % (len(tr), len(tm)))
        rows = 0
        for a, b in zip(tr, tm):
            if a[0] != b[0]:
                problems.append('header %s vs %s' % (a[0], b[0]))
                continue
            drop = a[0].index('end') if 'end' in a[0] else None
            if len(a) != len(b):
                problems.append('%d rows vs %d in table %s' % (len(a), len(b), a[0][:3]))
            for ra, rb in zip(a[1:], b[1:]):
                rows += 1
                if drop is not None:
                    ra = ra[:drop] + ra[drop + 1:]
                    rb = rb[:drop] + rb[drop + 1:]
                if ra != rb:
                    problems.append('row %s vs %s' % (ra, rb))
        if enc_line(ref) != enc_line(mine):
            problems.append('encryption line differs:\n  %s\n  %s' % (enc_line(ref), enc_line(mine)))
        if summaries(ref) != summaries(mine):
            problems.append('summary lines differ:\n  %s\n  %s' % (summaries(ref), summaries(mine)))
        print('%s: %s (%d table rows, %d summary lines%s compared)' % (
            name, 'AGREES' if not problems else 'DIFFERS', rows, len(summaries(ref)), extra))
        for p in problems:
            print('  ' + p)
        bad += bool(problems)
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
