#!/usr/bin/env python3
"""Every connection of every bundled Minecraft Java capture through mcjava_scan,
compared with the captures' READMEs.

For each captures/minecraft-java/*.pcap: each TCP stream is decoded by
build/tests/mcjava_scan (via mcjava_follow.sh, tshark's reassembly); its counts
per (state, direction, id) must equal the README's "Packet counts ... per
connection" column of that connection (matched by the client's port), and no
packet may have a finding of severity note or above. Both READMEs are read
(README.md and README-1.13.2.md); a file described in both is checked against
both.

Usage: tests/tools/mcjava_check_captures.py [BUILD_DIR]   (default: build)
Exit status 0 when every count agrees and no connection has a finding.
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CAPS = os.path.join(ROOT, 'captures', 'minecraft-java')


def sections(readme):
    text = open(readme, encoding='utf-8').read()
    out = {}
    for m in re.finditer(r'^## (mcjava-[^\n]+\.pcap)\n(.*?)(?=^## |\Z)', text, re.S | re.M):
        out[m.group(1)] = m.group(2)
    return out


NAMES = {}  # (state, dir, id, protocol) -> README name, (..., 'scan') -> decoded name


def readme_counts(sec, protocol=None):
    """{client port: {(state, dir, id): count}} from a file's section (names go to NAMES)."""
    ports = {}
    for line in sec.split('\n'):
        m = re.match(r'\| (\d+) \| `[^`]*:(\d+)` \| `[^`]*` \|', line)
        if m:
            ports[int(m.group(1))] = int(m.group(2))
    if not ports:
        return None  # a section that only points to the other README
    counts = {p: {} for p in ports.values()}
    header = None
    for line in sec.split('\n'):
        if line.startswith('| state | dir | id | name |'):
            header = [c.strip() for c in line.strip().strip('|').split('|')]
            continue
        if header and line.startswith('|') and not line.startswith('|---'):
            cells = [c.strip() for c in line.strip().strip('|').split('|')]
            if len(cells) != len(header):
                continue
            key = (cells[0], cells[1].replace('→', '>'), int(cells[2], 16))
            NAMES.setdefault(key + (protocol,), set()).add(cells[3])
            for i, h in enumerate(header):
                m = re.fullmatch(r'#(\d+)', h)
                if m and int(cells[i]):
                    counts[ports[int(m.group(1))]][key] = int(cells[i])
        elif header and not line.startswith('|'):
            header = None if line.strip() else header
    return counts


def streams(pcap):
    """{stream index: client port}, from each connection's first SYN."""
    out = subprocess.run(['tshark', '-r', pcap, '-T', 'fields', '-e', 'tcp.stream', '-e', 'tcp.srcport',
                          '-Y', 'tcp.flags.syn==1 && tcp.flags.ack==0'],
                         capture_output=True, text=True, check=True).stdout
    res = {}
    for line in out.split('\n'):
        if line.strip():
            s, port = line.split('\t')
            res.setdefault(int(s), int(port))
    return res


def scan(pcap, stream, build):
    follow = subprocess.run([os.path.join(ROOT, 'tests', 'tools', 'mcjava_follow.sh'), pcap, str(stream)],
                            capture_output=True, check=True).stdout
    r = subprocess.run([os.path.join(build, 'tests', 'mcjava_scan')], input=follow, capture_output=True)
    text = r.stdout.decode('utf-8', 'replace')
    counts, names = {}, {}
    for line in text.split('\n'):
        m = re.match(r'\s*(\d+)  (\w+)\s+(C>S|S>C) 0x([0-9a-f]+) (.*)$', line)
        if m:
            counts[(m.group(2), m.group(3), int(m.group(4), 16))] = int(m.group(1))
            names[(m.group(2), m.group(3), int(m.group(4), 16))] = m.group(5)
    problems = [l for l in text.split('\n') if l.startswith('#')]
    pending = re.search(r'pending: C>S (\d+) S>C (\d+)', text)
    version = re.search(r'; version (\S+)', text)
    return counts, names, version and version.group(1), problems, \
        pending and (int(pending.group(1)), int(pending.group(2))), r.returncode


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, 'build')
    described = {}
    for readme in ('README.md', 'README-1.13.2.md'):
        for name, sec in sections(os.path.join(CAPS, readme)).items():
            counts = readme_counts(sec, name.split('-')[1])
            if counts is not None:
                described.setdefault(name, []).append((readme, counts))
    bad = 0
    for pcap in sorted(glob.glob(os.path.join(CAPS, '*.pcap'))):
        name = os.path.basename(pcap)
        if name not in described:
            print(f'{name}: no README section')
            bad += 1
            continue
        total = 0
        for stream, port in sorted(streams(pcap).items()):
            counts, names, version, problems, pending, rc = scan(pcap, stream, build)
            for key, decoded in names.items():
                want = NAMES.get(key + (version,))
                if want and decoded not in want:
                    print(f'{name} stream {stream} {key}: decoded as "{decoded}", README says {sorted(want)}')
                    bad += 1
            total += sum(counts.values())
            for readme, want in described[name]:
                if port not in want:
                    print(f'{name} stream {stream}: client port {port} not in {readme}')
                    bad += 1
                    continue
                for key in sorted(set(want[port]) | set(counts)):
                    if want[port].get(key, 0) != counts.get(key, 0):
                        print(f'{name} stream {stream} {key[0]} {key[1]} 0x{key[2]:02x}: '
                              f'decoded {counts.get(key, 0)}, {readme} {want[port].get(key, 0)}')
                        bad += 1
            for p in problems:
                print(f'{name} stream {stream}: {p}')
            if problems or rc != 0 or pending != (0, 0):
                print(f'{name} stream {stream}: {len(problems)} packets with findings, pending {pending}, exit {rc}')
                bad += 1
        print(f'{name}: {total} packets, {len(streams(pcap))} connections')
    print('all counts equal, no findings' if bad == 0 else f'{bad} differences')
    return 0 if bad == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
