#!/usr/bin/env python3
"""Cross-checks the Java tables with minecraft-data's protocol.json.

Reads what build/tests/mcjava_dump_tables prints (every packet of every
version as a wire signature) and turns each packet of minecraft-data's
protocol.json of the same release into the same kind of signature, then
prints, per version and table, the ids one side has and the other lacks and
the packets whose signatures differ. It reads protocol.json; it writes
nothing: the tables stay hand-written, this only finds where they and
minecraft-data disagree (each difference is then judged against the
documentation and the captures).

Signatures are relaxed where the two descriptions say the same thing in
different words: integer signedness (an angle is i8 there, u8 here), a count
field followed by an array counted by it (here) versus a counted array
(there), options versus a bool and a switch on it, switch cases without
fields.

Usage: mcjava_crosscheck.py [--data DIR] [--build DIR] [PROTOCOL...]
  DIR: minecraft-data's data/pc (default: the npm copy in /work/npm-mc)
"""
import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = '/work/npm-mc/node_modules/minecraft-data/minecraft-data/data/pc'
# minecraft-data has no 1.14.2: its protocol is 1.14.1's (ViaVersion's 1.14.1 -> 1.14.2 step changes nothing).
RELEASES = {404: '1.13.2', 477: '1.14', 480: '1.14.1', 485: '1.14.1', 490: '1.14.3', 498: '1.14.4'}
TABLES = {('handshaking', 'toServer'): 'handshake.sb', ('status', 'toServer'): 'status.sb',
          ('status', 'toClient'): 'status.cb', ('login', 'toServer'): 'login.sb', ('login', 'toClient'): 'login.cb',
          ('play', 'toServer'): 'play.sb', ('play', 'toClient'): 'play.cb'}
NATIVE = {'varint': 'varint', 'optvarint': 'varint', 'varlong': 'varlong', 'bool': 'bool', 'f32': 'f32',
          'f64': 'f64', 'UUID': 'uuid', 'position': 'position', 'string': 'string', 'restBuffer': 'rest',
          'slot': 'slot', 'nbt': 'nbt', 'optionalNbt': 'nbt', 'entityMetadata': 'metadata', 'void': ''}
for w in (8, 16, 32, 64):
    NATIVE['i%d' % w] = NATIVE['u%d' % w] = 'int%d' % w


def alternatives(parts):
    parts = sorted(set(p for p in parts if p))
    if not parts:
        return ''
    if len(parts) == 1:
        return '?{%s}' % parts[0]
    return 'sw{%s}' % '|'.join(parts)


def join(tokens):
    return ' '.join(t for t in tokens if t)


def proto(t, types):
    """A ProtoDef type as a signature string."""
    if isinstance(t, str):
        if t in NATIVE:
            return NATIVE[t]
        if t in types and types[t] != 'native':
            return proto(types[t], types)
        return '?' + t
    kind, opts = t
    if kind == 'container':
        # Consecutive switches on one field are one switch written per field
        # (Boss Bar, Title, Teams ...): merge them case by case.
        out, i = [], 0
        while i < len(opts):
            t0 = opts[i]['type']
            if isinstance(t0, list) and t0[0] == 'switch':
                run = [t0[1]]
                while (i + len(run) < len(opts) and isinstance(opts[i + len(run)]['type'], list)
                       and opts[i + len(run)]['type'][0] == 'switch'
                       and opts[i + len(run)]['type'][1]['compareTo'] == t0[1]['compareTo']):
                    run.append(opts[i + len(run)]['type'][1])
                if len(run) > 1:
                    keys = sorted(set(k for s in run for k in s['fields']))
                    parts = [join(proto(s['fields'].get(k, s.get('default', 'void')), types) for s in run)
                             for k in keys]
                    parts.append(join(proto(s.get('default', 'void'), types) for s in run))
                    out.append(alternatives(parts))
                    i += len(run)
                    continue
            out.append(proto(t0, types))
            i += 1
        return counted(join(out))
    if kind == 'array':
        if 'countType' in opts:
            return 'arr(%s){%s}' % (proto(opts['countType'], types), proto(opts['type'], types))
        return 'arr(field){%s}' % proto(opts['type'], types)
    if kind == 'option':
        return join(['bool', alternatives([proto(opts, types)])])
    if kind == 'switch':
        parts = [proto(v, types) for v in opts['fields'].values()]
        if 'default' in opts:
            parts.append(proto(opts['default'], types))
        return alternatives(parts)
    if kind == 'bitfield':
        return 'int%d' % sum(b['size'] for b in opts)
    if kind == 'mapper':
        return proto(opts['type'], types)
    if kind == 'buffer':
        return 'buffer' if opts.get('countType') == 'varint' else 'bytes(%s)' % opts.get('count')
    if kind == 'pstring':
        return 'string' if opts.get('countType') == 'varint' else 'string(%s)' % proto(opts['countType'], types)
    if kind == 'entityMetadataLoop':
        return 'metadata'
    if kind in types:
        return proto(types[kind], types)
    return '?' + kind


def ours(sig):
    """Our signature, relaxed like minecraft-data's: integers by width."""
    sig = re.sub(r'\b[iu](8|16|32|64)\b', r'int\1', sig)
    return canonical(counted(sig))


def canonical(sig):
    """Switch parts sorted again (after the relaxation renamed their integers)."""
    def parts(s, i):  # s[i:] starts inside braces: its '|'-separated parts and the index after '}'
        out, cur = [], ''
        while i < len(s):
            if s.startswith('sw{', i):
                inner, i = parts(s, i + 3)
                cur += 'sw{' + '|'.join(sorted(set(inner))) + '}'
            elif s[i] == '{':
                inner, i = parts(s, i + 1)
                cur += '{' + '|'.join(inner) + '}'
            elif s[i] == '}':
                return out + [cur], i + 1
            elif s[i] == '|':
                out.append(cur)
                cur, i = '', i + 1
            else:
                cur += s[i]
                i += 1
        return out + [cur], i
    return parts(sig, 0)[0][0]


def counted(sig):
    """'int16 arr(field){...}' -> 'arr(int16){...}': a count field just before its array."""
    return re.sub(r'(\bint8|\bint16|\bint32|\bint64|\bvarint) arr\(field\)', r'arr(\1)', sig)


# Differences judged against the documentation (the report says which source
# each row follows); printed apart so that a new one stands out.
KNOWN = {
    ('handshake.sb', 0xFE): 'legacy server list ping: framed apart (framing.hpp), not a table row',
    ('play.sb', 'click_window'): 'mode: VarInt enum in the documentation, i8 there (the same byte for 0-6)',
    ('play.cb', 'declare_commands'): 'there: parsers of later releases (minecraft:resource ...)',
    ('play.cb', 'face_player'): 'entity feet/eyes: VarInt enum in the documentation, a string there',
    ('play.cb', 'update_light'): 'there: the light arrays as one rest buffer',
    ('play.cb', 'declare_recipes'): 'shaped ingredients: width * height here, nested arrays there',
    ('play.cb', 'stop_sound'): 'one condition per flag bit here, a switch on the flags value there',
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', default=DATA)
    ap.add_argument('--build', default=os.path.join(ROOT, 'build'))
    ap.add_argument('protocols', nargs='*', type=int)
    a = ap.parse_args()
    dump = subprocess.run([os.path.join(a.build, 'tests', 'mcjava_dump_tables')] + [str(p) for p in a.protocols],
                          capture_output=True, text=True, check=True).stdout
    mine = {}
    for line in dump.splitlines():
        head, sig = line.split('\t')
        protocol, table, pid, key, name = head.split(' ', 4)
        mine.setdefault(int(protocol), {}).setdefault(table, {})[int(pid, 16)] = (key, name, ours(sig))
    differences = 0
    for protocol in sorted(mine):
        spec = json.load(open(os.path.join(a.data, RELEASES[protocol], 'protocol.json')))
        for (state, direction), table in TABLES.items():
            types = dict(spec['types'])
            types.update(spec[state][direction]['types'])
            mapper = types['packet'][1][0]['type'][1]['mappings']
            theirs = {int(k, 16): v for k, v in mapper.items()}
            have = mine[protocol].get(table, {})
            for pid in sorted(set(theirs) | set(have)):
                if pid not in have:
                    why = KNOWN.get((table, pid))
                    print(f'{protocol} {table} 0x{pid:02X}: only in minecraft-data ({theirs[pid]})' +
                          (f' known: {why}' if why else ''))
                    differences += 0 if why else 1
                    continue
                key, name, sig = have[pid]
                if pid not in theirs:
                    print(f'{protocol} {table} 0x{pid:02X} {key}: only here')
                    differences += 1
                    continue
                other = canonical(proto(types['packet_' + theirs[pid]], types))
                if other != sig:
                    why = KNOWN.get((table, key))
                    print(f'{protocol} {table} 0x{pid:02X} {key} ({theirs[pid]}):' + (f' known: {why}' if why else
                          f'\n    here:  {sig}\n    there: {other}'))
                    differences += 0 if why else 1
    print(f'{differences} differences not judged yet')
    return 0 if differences == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
