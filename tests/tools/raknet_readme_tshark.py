#!/usr/bin/env python3
"""The RakNet README's figures against Wireshark's own RakNet dissector.

usage: raknet_readme_tshark.py README.md TSHARK_CHECK.py FILE.pcap...

captures/raknet/README.md says, per file, that harness/tshark_check.py
(tshark's RakNet dissector, no code of ours) agrees with the independent
decoder on 26 values ("26 values checked, 0 differ"). The decoder is not
shipped; its figures are, in the README's per-conversation tables, which
the tests read. This writes those tables out in the decoder's JSON layout
(the one tshark_check.py takes as its third argument), runs
tshark_check.py on a world-readable copy of the capture (it runs tshark as
nobody when root, and no plugin is offered to it: WIRESHARK_PLUGIN_DIR is an
empty folder) and requires its own verdict, "COMPARE: 26 values checked, 0
differ", for every file. Exit status 0 when every file agrees.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


def section(text, name):
    m = re.search(r'^## %s\n(.*?)(?=^## |\Z)' % re.escape(name), text, re.S | re.M)
    if not m:
        sys.exit('no section "## %s" in the README' % name)
    return m.group(1)


def conversation_tables(sec):
    """One {row label: (c2s cell, s2c cell)} per '| count | c2s | s2c |' table."""
    out, cur = [], None
    for line in sec.split('\n'):
        if not line.startswith('|'):
            cur = None
            continue
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if cells == ['count', 'c2s', 's2c']:
            cur = {}
            out.append(cur)
        elif cur is not None and len(cells) == 3 and not set(cells[0]) <= set('-'):
            cur[cells[0]] = (cells[1], cells[2])
    return out


def named_counts(cell):
    """'reliable 54, unreliable 157' -> {'reliable': 54, 'unreliable': 157}; '-' -> {}."""
    if cell in ('-', ''):
        return {}
    return {k: int(v) for k, v in (item.rsplit(' ', 1) for item in cell.split(', '))}


def three(cell):
    a, b, c = (int(x) for x in cell.split(' / '))
    return {'datagrams': a, 'records': b, 'seqs_covered': c}


def distinct(cell):
    """'0..598 (571, 28)' -> 571; '-' -> 0."""
    m = re.search(r'\((\d+), \d+\)', cell)
    return int(m.group(1)) if m else 0


def direction(t, i):
    return {
        'offline': named_counts(t['offline messages'][i]),
        'datagrams': int(t['datagrams (0x80-0x8F)'][i]),
        'distinct_seqs': int(t['distinct sequence numbers'][i]),
        'ack': three(t['ACK datagrams / records / seqs covered'][i]),
        'nak': three(t['NAK datagrams / records / seqs covered'][i]),
        'frames': int(t['frames'][i]),
        'frames_by_reliability': named_counts(t['frames by reliability'][i]),
        'split': {'fragments': int(t['split fragments'][i])},
        'reliable_message_indexes': {'distinct': distinct(t['reliable message index range (distinct, never seen)'][i])},
    }


def main():
    readme, checker, files = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3:]
    text = open(readme, encoding='utf-8').read()
    bad = 0
    stage = tempfile.mkdtemp(prefix='blankshark-raknet-oracle-')
    try:
        os.chmod(stage, 0o755)
        plugins = os.path.join(stage, 'no-plugins')
        os.mkdir(plugins)
        for f in files:
            name = os.path.basename(f)
            sec = section(text, name)
            claim = re.search(r'RakNet dissector .*?: yes \((\d+) values checked, 0 differ\)', sec)
            tables = conversation_tables(sec)
            if not claim or not tables:
                print('%s: the README section has no tshark agreement line or no table' % name)
                bad += 1
                continue
            decoder = {'conversations': [{'c2s': direction(t, 0), 's2c': direction(t, 1)} for t in tables]}
            dj = os.path.join(stage, name + '.json')
            with open(dj, 'w') as out:
                json.dump(decoder, out)
            cap = os.path.join(stage, name)
            shutil.copyfile(f, cap)
            for p in (dj, cap):
                os.chmod(p, 0o644)
            env = dict(os.environ, WIRESHARK_PLUGIN_DIR=plugins)
            env.pop('XDG_CONFIG_HOME', None)
            r = subprocess.run([sys.executable, checker, cap, '19132', dj], capture_output=True, text=True,
                               env=env, cwd=stage)
            lines = r.stdout.splitlines()
            at = next((i for i, l in enumerate(lines) if l.startswith('COMPARE:')), len(lines))
            verdict = lines[at:]  # the verdict, then one line per value that differs
            want = 'COMPARE: %s values checked, 0 differ' % claim.group(1)
            ok = r.returncode == 0 and verdict[:1] == [want] and len(verdict) == 1
            print('%s: %d conversation(s) from the README; tshark_check.py: %s' % (
                name, len(tables), ' / '.join(verdict) if verdict else 'no verdict'))
            if not ok:
                print(r.stderr)
                bad += 1
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
