#!/usr/bin/env python3
"""Independent counter for Minecraft Java Edition captures (protocol 404 = 1.13.2, 498 = 1.14.4, and
every release from 1.8 (47) to 26.1 (775) through tables read from minecraft-data).

Python 3 standard library only; shares no code with blankshark. For each pcap/pcapng file it
  - reads the frames (Ethernet, Linux cooked v1/v2, BSD null/loopback, raw IP; IPv4 and IPv6),
  - reassembles each TCP direction by sequence number: bytes already received (retransmissions,
    partial overlaps) are counted once and compared with what was received first; a segment that
    arrives beyond a hole is held until the hole is filled (out-of-order),
  - frames packets by their VarInt length, follows the state machine in capture order across both
    directions (Handshake -> status/login; Login Success -> play; Set Compression switches the
    framing of BOTH directions from the NEXT packet on), inflates every compressed packet and checks
    the inflated length against Data Length,
  - counts packets per (connection, state, direction, id), names them after the community protocol
    documentation (wiki.vg pages for protocol 404 and 498),
  - with --keylog, decrypts encrypted logins (AES-128/CFB8 from the byte after the Encryption
    Request resp. Response on); without a key, counts the encrypted bytes,
  - parses the packets the tests care about (Handshake, Login Start, Encryption Request/Response,
    Set Compression, Keep Alive,
    Player Position And Look, Teleport Confirm, Chunk Data down to the last byte, Unload Chunk,
    Disconnect, Chat, Join Game, Respawn).
  - for any other protocol number (1.8 to 26.1): names the packets after minecraft-data's
    protocol.json (stored in mcdata-ids.json next to this script, written by --extract-ids; nothing
    of blankshark's own tables is used), follows the configuration state of 1.20.2+ (Login Success,
    then the client's Login Acknowledged switches both directions to configuration; the client's
    Finish Configuration switches both to play; the client's Configuration Acknowledged in play back
    to configuration), and parses with a small ProtoDef reader the packets the analysis needs:
    Keep Alive (VarInt id before 1.12.2, Long after; in configuration too), Player Position And Look
    and Teleport Confirm, Chunk Data (and 1.8's Map Chunk Bulk; a full column without sections
    unloads it before 1.9), Unload Chunk, Chunk Batch Start/Finished/Received, Disconnect (JSON text
    or NBT), Login Start, Set Compression, Login Success, and the scoreboard's Update Objectives,
    Display Objective and Update Score (1.20.3+: with their optional number format, a switch on
    an option's value); each must parse to its last byte.

Usage:
  count.py FILE...                 markdown report (the tables of README.md / README-1.13.2.md /
                                   README-eras.md)
  count.py --packets FILE          one line per Minecraft packet: start frame, completion frame, ...
  count.py --details FILE          Keep Alive, Player Position And Look / Teleport Confirm, Chunk Data,
                                   Unload Chunk and Disconnect lists (and the scoreboard packets with
                                   every field, where there are any)
  count.py --json FILE             everything above as JSON (per packet, per connection)
  count.py --matrix FILE...        one table of packet counts per (protocol, state, dir, id), a column per file
  count.py --extract-ids DATA_DIR  write mcdata-ids.json from minecraft-data's data directory
                                   (node_modules/minecraft-data/minecraft-data/data): every release
                                   from 1.8 on, one entry per protocol number
  count.py --check-names PROTOCOL.JSON VERSION
                                   compare this script's id/name tables with a minecraft-data
                                   protocol.json (only the ids: names differ in style by design)
Options: --port N (server port, default 25565).
         --keylog FILE: decrypt encrypted logins (AES-128/CFB8, key = IV = the 16-byte shared secret).
                   FILE lines (lowercase hex, '#' starts a comment line):
                     SHARED_SECRET <encrypted shared secret as sent in the Encryption Response> <shared secret>
                     <verify token of the Encryption Request> <shared secret>      (MC_Dissector's form)
                   A connection takes the entry whose encrypted shared secret is the one of its
                   Encryption Response, else the one whose verify token is its Encryption Request's.
                   Needs the 'cryptography' package (imported only with --keylog). Without a key, a
                   connection is reported as encrypted from the byte after the Encryption Request
                   (server to client) and after the Encryption Response (client to server) on: those
                   bytes are counted, not framed.
"""

import argparse
import bisect
import json
import struct
import sys
import zlib

# --------------------------------------------------------------------------------------------
# Packet names (wiki.vg). Keys: (state, direction, id); direction 'sb' = client->server,
# 'cb' = server->client. Protocol 404 = Minecraft 1.13.2 (the names of the protocol page of that
# version, which is the project's seed document); 498 = 1.14.4 (names as in README.md).
# --------------------------------------------------------------------------------------------

COMMON = {
    ('handshake', 'sb', 0x00): 'Handshake',
    ('handshake', 'sb', 0xFE): 'Legacy Server List Ping',
    ('status', 'sb', 0x00): 'Request',
    ('status', 'sb', 0x01): 'Ping',
    ('status', 'cb', 0x00): 'Response',
    ('status', 'cb', 0x01): 'Pong',
    ('login', 'sb', 0x00): 'Login Start',
    ('login', 'sb', 0x01): 'Encryption Response',
    ('login', 'sb', 0x02): 'Login Plugin Response',
    ('login', 'cb', 0x00): 'Disconnect (login)',
    ('login', 'cb', 0x01): 'Encryption Request',
    ('login', 'cb', 0x02): 'Login Success',
    ('login', 'cb', 0x03): 'Set Compression',
    ('login', 'cb', 0x04): 'Login Plugin Request',
}

PLAY_CB_404 = [
    'Spawn Object', 'Spawn Experience Orb', 'Spawn Global Entity', 'Spawn Mob', 'Spawn Painting',
    'Spawn Player', 'Animation (clientbound)', 'Statistics', 'Block Break Animation',
    'Update Block Entity', 'Block Action', 'Block Change', 'Boss Bar', 'Server Difficulty',
    'Chat Message (clientbound)', 'Multi Block Change', 'Tab-Complete (clientbound)',
    'Declare Commands', 'Confirm Transaction (clientbound)', 'Close Window (clientbound)',
    'Open Window', 'Window Items', 'Window Property', 'Set Slot', 'Set Cooldown',
    'Plugin Message (clientbound)', 'Named Sound Effect', 'Disconnect (play)', 'Entity Status',
    'NBT Query Response', 'Explosion', 'Unload Chunk', 'Change Game State',
    'Keep Alive (clientbound)', 'Chunk Data', 'Effect', 'Particle', 'Join Game', 'Map Data',
    'Entity', 'Entity Relative Move', 'Entity Look And Relative Move', 'Entity Look',
    'Vehicle Move (clientbound)', 'Open Sign Editor', 'Craft Recipe Response',
    'Player Abilities (clientbound)', 'Combat Event', 'Player Info', 'Face Player',
    'Player Position And Look (clientbound)', 'Use Bed', 'Unlock Recipes', 'Destroy Entities',
    'Remove Entity Effect', 'Resource Pack Send', 'Respawn', 'Entity Head Look',
    'Select Advancement Tab', 'World Border', 'Camera', 'Held Item Change (clientbound)',
    'Display Scoreboard', 'Entity Metadata', 'Attach Entity', 'Entity Velocity',
    'Entity Equipment', 'Set Experience', 'Update Health', 'Scoreboard Objective',
    'Set Passengers', 'Teams', 'Update Score', 'Spawn Position', 'Time Update', 'Title',
    'Stop Sound', 'Sound Effect', 'Player List Header And Footer', 'Collect Item',
    'Entity Teleport', 'Advancements', 'Entity Properties', 'Entity Effect', 'Declare Recipes',
    'Tags',
]  # 0x00..0x55

PLAY_SB_404 = [
    'Teleport Confirm', 'Query Block NBT', 'Chat Message (serverbound)', 'Client Status',
    'Client Settings', 'Tab-Complete (serverbound)', 'Confirm Transaction (serverbound)',
    'Enchant Item', 'Click Window', 'Close Window (serverbound)', 'Plugin Message (serverbound)',
    'Edit Book', 'Query Entity NBT', 'Use Entity', 'Keep Alive (serverbound)', 'Player',
    'Player Position', 'Player Position And Look (serverbound)', 'Player Look',
    'Vehicle Move (serverbound)', 'Steer Boat', 'Pick Item', 'Craft Recipe Request',
    'Player Abilities (serverbound)', 'Player Digging', 'Entity Action', 'Steer Vehicle',
    'Recipe Book Data', 'Name Item', 'Resource Pack Status', 'Advancement Tab', 'Select Trade',
    'Set Beacon Effect', 'Held Item Change (serverbound)', 'Update Command Block',
    'Update Command Block Minecart', 'Creative Inventory Action', 'Update Structure Block',
    'Update Sign', 'Animation (serverbound)', 'Spectate', 'Player Block Placement', 'Use Item',
]  # 0x00..0x2A

PLAY_CB_498 = [
    'Spawn Object', 'Spawn Experience Orb', 'Spawn Global Entity', 'Spawn Mob', 'Spawn Painting',
    'Spawn Player', 'Animation (clientbound)', 'Statistics', 'Block Break Animation',
    'Update Block Entity', 'Block Action', 'Block Change', 'Boss Bar', 'Server Difficulty',
    'Chat Message (clientbound)', 'Multi Block Change', 'Tab-Complete (clientbound)',
    'Declare Commands', 'Window Confirmation (clientbound)', 'Close Window (clientbound)',
    'Window Items', 'Window Property', 'Set Slot', 'Set Cooldown', 'Plugin Message (clientbound)',
    'Named Sound Effect', 'Disconnect (play)', 'Entity Status', 'Explosion', 'Unload Chunk',
    'Change Game State', 'Open Horse Window', 'Keep Alive (clientbound)', 'Chunk Data', 'Effect',
    'Particle', 'Update Light', 'Join Game', 'Map Data', 'Trade List', 'Entity Relative Move',
    'Entity Look And Relative Move', 'Entity Look', 'Entity', 'Vehicle Move (clientbound)',
    'Open Book', 'Open Window', 'Open Sign Editor', 'Craft Recipe Response',
    'Player Abilities (clientbound)', 'Combat Event', 'Player Info', 'Face Player',
    'Player Position And Look (clientbound)', 'Unlock Recipes', 'Destroy Entities',
    'Remove Entity Effect', 'Resource Pack Send', 'Respawn', 'Entity Head Look',
    'Select Advancement Tab', 'World Border', 'Camera', 'Held Item Change (clientbound)',
    'Update View Position', 'Update View Distance', 'Display Scoreboard', 'Entity Metadata',
    'Attach Entity', 'Entity Velocity', 'Entity Equipment', 'Set Experience', 'Update Health',
    'Scoreboard Objective', 'Set Passengers', 'Teams', 'Update Score', 'Spawn Position',
    'Time Update', 'Title', 'Entity Sound Effect', 'Sound Effect', 'Stop Sound',
    'Player List Header And Footer', 'NBT Query Response', 'Collect Item', 'Entity Teleport',
    'Advancements', 'Entity Properties', 'Entity Effect', 'Declare Recipes', 'Tags',
    'Acknowledge Player Digging',
]  # 0x00..0x5C

PLAY_SB_498 = [
    'Teleport Confirm', 'Query Block NBT', 'Set Difficulty', 'Chat Message (serverbound)',
    'Client Status', 'Client Settings', 'Tab-Complete (serverbound)',
    'Window Confirmation (serverbound)', 'Click Window Button', 'Click Window',
    'Close Window (serverbound)', 'Plugin Message (serverbound)', 'Edit Book', 'Query Entity NBT',
    'Interact Entity', 'Keep Alive (serverbound)', 'Lock Difficulty', 'Player Position',
    'Player Position And Rotation', 'Player Rotation', 'Player Movement',
    'Vehicle Move (serverbound)', 'Steer Boat', 'Pick Item', 'Craft Recipe Request',
    'Player Abilities (serverbound)', 'Player Digging', 'Entity Action', 'Steer Vehicle',
    'Recipe Book Data', 'Name Item', 'Resource Pack Status', 'Advancement Tab', 'Select Trade',
    'Set Beacon Effect', 'Held Item Change (serverbound)', 'Update Command Block',
    'Update Command Block Minecart', 'Creative Inventory Action', 'Update Jigsaw Block',
    'Update Structure Block', 'Update Sign', 'Animation (serverbound)', 'Spectate',
    'Player Block Placement', 'Use Item',
]  # 0x00..0x2D


def _table(cb, sb):
    t = dict(COMMON)
    for i, n in enumerate(cb):
        t[('play', 'cb', i)] = n
    for i, n in enumerate(sb):
        t[('play', 'sb', i)] = n
    return t


NAMES = {404: _table(PLAY_CB_404, PLAY_SB_404), 498: _table(PLAY_CB_498, PLAY_SB_498)}

# ids of the packets this script parses, per protocol
IDS = {
    404: dict(keepalive_cb=0x21, keepalive_sb=0x0E, poslook_cb=0x32, teleport_confirm=0x00,
              chunk=0x22, unload=0x1F, disconnect=0x1B, chat_cb=0x0E, chat_sb=0x02,
              join=0x25, respawn=0x38, light=None, pos_sb=0x10, poslook_sb=0x11, plugin_sb=0x0A, plugin_cb=0x19, destroy=0x35),
    498: dict(keepalive_cb=0x20, keepalive_sb=0x0F, poslook_cb=0x35, teleport_confirm=0x00,
              chunk=0x21, unload=0x1D, disconnect=0x1A, chat_cb=0x0E, chat_sb=0x03,
              join=0x25, respawn=0x3A, light=0x24, pos_sb=0x11, poslook_sb=0x12, plugin_sb=0x0B, plugin_cb=0x18, destroy=0x37),
}

STATES = {1: 'status', 2: 'login'}


# --------------------------------------------------------------------------------------------
# Every other protocol: tables read from minecraft-data (npm package, MIT), not from blankshark.
# `count.py --extract-ids DATA_DIR` reads DATA_DIR/dataPaths.json and each release's protocol.json
# (DATA_DIR = node_modules/minecraft-data/minecraft-data/data) and writes mcdata-ids.json next to
# this script: per protocol number, the packet id -> name maps of every state and direction and the
# ProtoDef layouts of the few packets this script parses (with the named types they use). Equal maps
# and layouts are stored once. Protocols 404 and 498 keep the hand tables above.
# --------------------------------------------------------------------------------------------

MCDATA_FILE = __file__.rsplit('/', 1)[0] + '/mcdata-ids.json' if '/' in __file__ else 'mcdata-ids.json'
MC_STATES = {'handshaking': 'handshake', 'status': 'status', 'login': 'login',
             'configuration': 'configuration', 'play': 'play'}
# packets parsed on the generic path, by minecraft-data name: (state, direction, name)
PARSED = [
    ('handshake', 'sb', 'set_protocol'), ('status', 'cb', 'server_info'), ('status', 'sb', 'ping'),
    ('status', 'cb', 'ping'), ('login', 'sb', 'login_start'), ('login', 'cb', 'disconnect'),
    ('login', 'cb', 'success'), ('login', 'cb', 'compress'), ('login', 'cb', 'encryption_begin'),
    ('login', 'sb', 'login_acknowledged'), ('login', 'sb', 'encryption_begin'),
    ('configuration', 'cb', 'keep_alive'), ('configuration', 'sb', 'keep_alive'),
    ('configuration', 'cb', 'disconnect'), ('configuration', 'cb', 'finish_configuration'),
    ('configuration', 'sb', 'finish_configuration'),
    ('play', 'cb', 'keep_alive'), ('play', 'sb', 'keep_alive'), ('play', 'cb', 'position'),
    ('play', 'sb', 'teleport_confirm'), ('play', 'cb', 'map_chunk'), ('play', 'cb', 'map_chunk_bulk'),
    ('play', 'cb', 'unload_chunk'), ('play', 'cb', 'kick_disconnect'), ('play', 'cb', 'chunk_batch_start'),
    ('play', 'cb', 'chunk_batch_finished'), ('play', 'sb', 'chunk_batch_received'),
    ('play', 'cb', 'start_configuration'), ('play', 'sb', 'configuration_acknowledged'),
    ('play', 'cb', 'login'), ('play', 'cb', 'respawn'),
    ('play', 'cb', 'scoreboard_objective'), ('play', 'cb', 'scoreboard_display_objective'),
    ('play', 'cb', 'scoreboard_score'),
]
SCOREBOARD = ('scoreboard_objective', 'scoreboard_display_objective', 'scoreboard_score')
CHAT_NAMES = {'cb': ('chat', 'system_chat', 'player_chat', 'profileless_chat'),
              'sb': ('chat', 'chat_message', 'chat_command', 'chat_command_signed')}
_RELEASE = None


def _release(v):
    import re
    return re.match(r'^\d+\.\d+(\.\d+)?$', v) is not None


def extract_ids(data_dir, out_path=None):
    """Writes mcdata-ids.json from a minecraft-data data directory; returns its path."""
    import os
    paths = json.load(open(os.path.join(data_dir, 'dataPaths.json')))['pc']
    pkg = os.path.join(data_dir, '..', '..', 'package.json')
    pkg_version = json.load(open(pkg))['version'] if os.path.exists(pkg) else 'unknown'
    pool, index = [], {}

    def ref(obj):
        k = json.dumps(obj, sort_keys=True, separators=(',', ':'))
        if k not in index:
            index[k] = len(pool)
            pool.append(obj)
        return index[k]

    protos = {}
    for ver, dp in paths.items():
        if 'protocol' not in dp or 'version' not in dp or not _release(ver):
            continue
        vj = json.load(open(os.path.join(data_dir, dp['version'], 'version.json')))
        pv = vj['version']
        if pv < 47 or pv >= 0x40000000:
            continue
        e = protos.setdefault(pv, dict(versions=[], protocol_dir=None))
        e['versions'].append(ver)
        e['protocol_dir'] = dp['protocol']   # the last listed (newest) release of this number
    out = {}
    for pv, e in sorted(protos.items()):
        pj = json.load(open(os.path.join(data_dir, e['protocol_dir'], 'protocol.json')))
        names, layouts, types = {}, {}, {}
        wanted = {}
        for mst, st in MC_STATES.items():
            if mst not in pj:
                continue
            for mdr, dr in (('toServer', 'sb'), ('toClient', 'cb')):
                t = pj[mst][mdr]['types']
                m = t['packet'][1][0]['type'][1]['mappings']
                names['%s/%s' % (st, dr)] = ref({k.lower(): v for k, v in m.items()})
                for st2, dr2, nm in PARSED:
                    if st2 == st and dr2 == dr and ('packet_' + nm) in t:
                        layouts['%s/%s/%s' % (st, dr, nm)] = ref(t['packet_' + nm])
                        wanted[(st, dr)] = t
        # the named types the layouts use (closure), from the state's types or the global ones
        todo = [pool[i] for i in layouts.values()]
        scopes = list(wanted.values()) + [pj['types']]
        while todo:
            x = todo.pop()
            if isinstance(x, str):
                if x in types:
                    continue
                for sc in scopes:
                    if x in sc and sc[x] != 'native':
                        types[x] = ref(sc[x])
                        todo.append(sc[x])
                        break
            elif isinstance(x, list):
                todo.extend(x)
            elif isinstance(x, dict):
                todo.extend(x.values())
        out[str(pv)] = dict(versions=e['versions'], source=e['protocol_dir'], names=names,
                            layouts=layouts, types=types)
    doc = dict(comment='Packet ids and names per protocol number, and the layouts of the packets count.py '
                       'parses, from minecraft-data ' + pkg_version + ' (written by count.py --extract-ids; '
                       'entries are indexes into "pool")',
               minecraft_data=pkg_version, protocols=out, pool=pool)
    path = out_path or MCDATA_FILE
    with open(path, 'w') as f:
        f.write('{"comment":%s,\n"minecraft_data":%s,\n"protocols":{\n' % (
            json.dumps(doc['comment']), json.dumps(pkg_version)))
        f.write(',\n'.join('%s:%s' % (json.dumps(k), json.dumps(v, sort_keys=True, separators=(',', ':')))
                           for k, v in out.items()))
        f.write('},\n"pool":[\n')
        f.write(',\n'.join(json.dumps(x, sort_keys=True, separators=(',', ':')) for x in pool))
        f.write(']}\n')
    return path


_MCDATA = None


def mcdata():
    global _MCDATA
    if _MCDATA is None:
        try:
            _MCDATA = json.load(open(MCDATA_FILE))
        except OSError:
            _MCDATA = dict(protocols={}, pool=[])
    return _MCDATA


class Proto:
    """The minecraft-data tables of one protocol number."""
    _cache = {}

    @classmethod
    def get(cls, pv):
        if pv not in cls._cache:
            d = mcdata()
            e = d['protocols'].get(str(pv))
            cls._cache[pv] = cls(pv, e, d['pool']) if e else None
        return cls._cache[pv]

    def __init__(self, pv, e, pool):
        self.pv = pv
        self.versions = e['versions']
        self.names = {}
        self.ids = {}
        for k, i in e['names'].items():
            st, dr = k.split('/')
            for h, n in pool[i].items():
                self.names[(st, dr, int(h, 16))] = n
                self.ids[(st, dr, n)] = int(h, 16)
        self.layouts = {tuple(k.split('/')): pool[i] for k, i in e['layouts'].items()}
        self.types = {k: pool[i] for k, i in e['types'].items()}
        self.states = set(k[0] for k in self.names)

    def id(self, st, dr, name):
        return self.ids.get((st, dr, name))


def pd_read(proto, r, t, ctx):
    """Reads one value of ProtoDef type t (minecraft-data's protocol.json) from Reader r."""
    if isinstance(t, str):
        if t in proto.types:
            return pd_read(proto, r, proto.types[t], ctx)
        f = PD_NATIVE.get(t)
        if f is None:
            raise ParseError('type %s not supported here' % t)
        return f(r)
    kind, arg = t[0], t[1] if len(t) > 1 else None
    if isinstance(kind, str) and kind in proto.types and kind not in PD_COMPOUND:
        # a parametrised named type, e.g. ["entityMetadataItem", {...}]: not needed for these packets
        raise ParseError('parametrised type %s not supported here' % kind)
    if kind == 'container':
        obj = {}
        scope = dict(ctx, **{'..': ctx})
        for fld in arg:
            v = pd_read(proto, r, fld['type'], dict(scope, **obj))
            if fld.get('anon'):
                if isinstance(v, dict):
                    obj.update(v)
            else:
                obj[fld['name']] = v
        return obj
    if kind in ('array', 'buffer', 'pstring'):
        if 'countType' in arg:
            n = pd_read(proto, r, arg['countType'], ctx)
        elif 'count' in arg:
            n = arg['count'] if isinstance(arg['count'], int) else pd_ref(ctx, arg['count'])
        else:
            raise ParseError('%s without a count' % kind)
        if kind == 'buffer':
            return r.take(n)
        if kind == 'pstring':
            return r.take(n).decode('utf-8')
        if n < 0 or n > r.left() + 1:
            raise ParseError('array count %d' % n)
        return [pd_read(proto, r, arg['type'], ctx) for _ in range(n)]
    if kind == 'option':
        return pd_read(proto, r, arg, ctx) if r.boolean() else None
    if kind == 'mapper':
        v = pd_read(proto, r, arg['type'], ctx)
        return arg['mappings'].get(str(v), v)
    if kind == 'bitflags':
        v = pd_read(proto, r, arg['type'], ctx)
        fl = arg['flags']
        if isinstance(fl, list):
            return {n: bool(v >> i & 1) for i, n in enumerate(fl) if n}
        return {n: bool(v & m) for n, m in fl.items()}
    if kind == 'bitfield':
        size = sum(x['size'] for x in arg)
        raw = int.from_bytes(r.take(size // 8), 'big')
        out, shift = {}, size
        for x in arg:
            shift -= x['size']
            v = raw >> shift & ((1 << x['size']) - 1)
            if x['signed'] and v >> (x['size'] - 1):
                v -= 1 << x['size']
            out[x['name']] = v
        return out
    if kind == 'switch':
        v = pd_ref(ctx, arg['compareTo'])
        key = str(v).lower() if isinstance(v, bool) else str(v)
        sub = arg['fields'].get(key, arg.get('default', 'void'))
        return pd_read(proto, r, sub, ctx)
    raise ParseError('type %s not supported here' % kind)


def pd_ref(ctx, path):
    c = ctx
    parts = path.split('/')
    for p in parts[:-1]:
        if p == '..':
            c = c.get('..', c)
    return c.get(parts[-1])


def nbt_value(r, t, depth=0):
    """An NBT payload as a Python value (compounds as dicts)."""
    if depth > 64:
        raise ParseError('NBT too deep')
    if t == 1:
        return r.i8()
    if t == 2:
        return r.i16()
    if t == 3:
        return r.i32()
    if t == 4:
        return r.i64()
    if t == 5:
        return r.f32()
    if t == 6:
        return r.f64()
    if t == 8:
        return r.take(r.u16()).decode('utf-8', 'replace')
    if t == 9:
        et = r.u8()
        return [nbt_value(r, et, depth + 1) for _ in range(max(r.i32(), 0))]
    if t == 10:
        d = {}
        while True:
            ct = r.u8()
            if ct == 0:
                return d
            k = r.take(r.u16()).decode('utf-8', 'replace')
            d[k] = nbt_value(r, ct, depth + 1)
    if t in (7, 11, 12):
        p = r.pos
        nbt_payload(r, t)
        return '<%d bytes>' % (r.pos - p)
    raise ParseError('NBT tag type %d' % t)


def _nbt_named(r):
    t = r.u8()
    if t == 0:
        return None
    r.take(r.u16())
    return nbt_value(r, t)


def _nbt_anon(r):
    t = r.u8()
    return None if t == 0 else nbt_value(r, t)


def _i64(r):
    return r.i64()


PD_NATIVE = {
    'varint': lambda r: r.varint(), 'i8': lambda r: r.i8(), 'u8': lambda r: r.u8(), 'i16': lambda r: r.i16(),
    'u16': lambda r: r.u16(), 'i32': lambda r: r.i32(), 'u32': lambda r: struct.unpack('>I', r.take(4))[0],
    'i64': _i64, 'u64': lambda r: struct.unpack('>Q', r.take(8))[0], 'f32': lambda r: r.f32(),
    'f64': lambda r: r.f64(), 'bool': lambda r: r.boolean(), 'UUID': lambda r: r.take(16).hex(),
    'void': lambda r: None, 'restBuffer': lambda r: r.take(r.left()), 'nbt': _nbt_named,
    'optionalNbt': _nbt_named, 'anonymousNbt': _nbt_anon, 'anonOptionalNbt': _nbt_anon,
    'varlong': lambda r: _varlong(r),
}
PD_COMPOUND = ('container', 'array', 'buffer', 'pstring', 'option', 'mapper', 'bitflags', 'bitfield', 'switch')


def _varlong(r):
    v = 0
    for i in range(10):
        c = r.u8()
        v |= (c & 0x7F) << (7 * i)
        if not c & 0x80:
            return v - (1 << 64) if v >= 1 << 63 else v
    raise ParseError('VarLong too long')


def generic_proto(pv):
    """The minecraft-data tables for protocol pv, or None for 404/498 (hand tables) and unknown ones."""
    if pv is None or pv in NAMES:
        return None
    return Proto.get(pv)


def sanitize(v):
    """Parsed values for the reports: byte strings and long lists as their lengths."""
    if isinstance(v, bytes):
        return '<%d bytes>' % len(v)
    if isinstance(v, dict):
        return {k: sanitize(x) for k, x in v.items()}
    if isinstance(v, list):
        if len(v) > 8:
            return '<%d entries>' % len(v)
        return [sanitize(x) for x in v]
    return v


def text_of(v):
    """A Disconnect reason (JSON text or NBT text component) as a short string."""
    if isinstance(v, str):
        return v
    return json.dumps(v, sort_keys=True)
DIRS = {'sb': 'C→S', 'cb': 'S→C'}


class ParseError(Exception):
    pass


# --------------------------------------------------------------------------------------------
# Primitive readers
# --------------------------------------------------------------------------------------------

class Reader:
    def __init__(self, b, pos=0):
        self.b = b
        self.pos = pos

    def left(self):
        return len(self.b) - self.pos

    def take(self, n):
        if n < 0 or self.pos + n > len(self.b):
            raise ParseError('short read: want %d at %d of %d' % (n, self.pos, len(self.b)))
        v = bytes(self.b[self.pos:self.pos + n])
        self.pos += n
        return v

    def u8(self):
        return self.take(1)[0]

    def i8(self):
        return struct.unpack('>b', self.take(1))[0]

    def u16(self):
        return struct.unpack('>H', self.take(2))[0]

    def i16(self):
        return struct.unpack('>h', self.take(2))[0]

    def i32(self):
        return struct.unpack('>i', self.take(4))[0]

    def i64(self):
        return struct.unpack('>q', self.take(8))[0]

    def f32(self):
        return struct.unpack('>f', self.take(4))[0]

    def f64(self):
        return struct.unpack('>d', self.take(8))[0]

    def boolean(self):
        v = self.u8()
        if v > 1:
            raise ParseError('boolean %d' % v)
        return bool(v)

    def varint(self):
        v, n = read_varint(self.b, self.pos)
        if v is None:
            raise ParseError('bad VarInt at %d' % self.pos)
        self.pos += n
        return v

    def string(self):
        n = self.varint()
        return self.take(n).decode('utf-8')


def read_varint(b, pos, maxlen=5):
    """(value, length) of a VarInt at pos; (None, 0) if incomplete; raises on > maxlen bytes."""
    v = 0
    for i in range(maxlen):
        if pos + i >= len(b):
            return None, 0
        c = b[pos + i]
        v |= (c & 0x7F) << (7 * i)
        if not c & 0x80:
            if v >= 1 << 31:
                v -= 1 << 32
            return v, i + 1
    raise ParseError('VarInt longer than %d bytes at %d' % (maxlen, pos))


def nbt_payload(r, t, depth=0):
    if depth > 64:
        raise ParseError('NBT too deep')
    if t == 1:
        r.take(1)
    elif t == 2:
        r.take(2)
    elif t == 3:
        r.take(4)
    elif t == 4:
        r.take(8)
    elif t == 5:
        r.take(4)
    elif t == 6:
        r.take(8)
    elif t == 7:
        r.take(r.i32())
    elif t == 8:
        r.take(r.u16())
    elif t == 9:
        et = r.u8()
        n = r.i32()
        for _ in range(max(n, 0)):
            nbt_payload(r, et, depth + 1)
    elif t == 10:
        while True:
            ct = r.u8()
            if ct == 0:
                break
            r.take(r.u16())
            nbt_payload(r, ct, depth + 1)
    elif t == 11:
        r.take(4 * r.i32())
    elif t == 12:
        r.take(8 * r.i32())
    else:
        raise ParseError('NBT tag type %d' % t)


def nbt_named(r):
    """A named root tag (type, name, payload); TAG_End alone stands for 'no NBT'. Returns (type, name)."""
    t = r.u8()
    if t == 0:
        return 0, None
    name = r.take(r.u16()).decode('utf-8')
    nbt_payload(r, t)
    return t, name


# --------------------------------------------------------------------------------------------
# Capture file reading
# --------------------------------------------------------------------------------------------

LINKTYPES = {0: 'NULL (BSD loopback, 0)', 1: 'EN10MB (Ethernet, 1)', 101: 'RAW (raw IP, 101)',
             108: 'LOOP (OpenBSD loopback, 108)', 113: 'LINUX_SLL (cooked v1, 113)',
             228: 'IPV4 (228)', 229: 'IPV6 (229)', 276: 'LINUX_SLL2 (cooked v2, 276)'}


def read_capture(path):
    """Returns (format, [linktypes], [(frame_no, ts, linktype, bytes)])."""
    data = open(path, 'rb').read()
    magic = data[:4]
    frames = []
    if magic in (b'\xd4\xc3\xb2\xa1', b'\xa1\xb2\xc3\xd4', b'\x4d\x3c\xb2\xa1', b'\xa1\xb2\x3c\x4d'):
        e = '<' if magic[0] in (0xd4, 0x4d) else '>'
        nano = magic in (b'\x4d\x3c\xb2\xa1', b'\xa1\xb2\x3c\x4d')
        lt = struct.unpack(e + 'I', data[20:24])[0] & 0x0FFFFFFF
        pos = 24
        n = 0
        while pos + 16 <= len(data):
            s, us, incl, orig = struct.unpack(e + 'IIII', data[pos:pos + 16])
            pos += 16
            n += 1
            frames.append((n, s + us / (1e9 if nano else 1e6), lt, data[pos:pos + incl]))
            pos += incl
        return 'pcap', [lt], frames
    if magic == b'\x0a\x0d\x0d\x0a':
        pos = 0
        e = '<'
        ifaces = []
        n = 0
        while pos + 12 <= len(data):
            bt = struct.unpack(e + 'I', data[pos:pos + 4])[0]
            if bt == 0x0A0D0D0A:
                bom = data[pos + 8:pos + 12]
                e = '<' if bom == b'\x4d\x3c\x2b\x1a' else '>'
                ifaces = []
            blen = struct.unpack(e + 'I', data[pos + 4:pos + 8])[0]
            body = data[pos + 8:pos + blen - 4]
            if bt == 1:
                lt = struct.unpack(e + 'H', body[:2])[0]
                tsres = 1e-6
                opos = 8
                while opos + 4 <= len(body):
                    oc, ol = struct.unpack(e + 'HH', body[opos:opos + 4])
                    if oc == 0:
                        break
                    if oc == 9:
                        v = body[opos + 4]
                        tsres = 2 ** -(v & 0x7F) if v & 0x80 else 10 ** -v
                    opos += 4 + ((ol + 3) & ~3)
                ifaces.append((lt, tsres))
            elif bt == 6:
                iid, th, tl, incl, orig = struct.unpack(e + 'IIIII', body[:20])
                n += 1
                lt, res = ifaces[iid]
                frames.append((n, ((th << 32) | tl) * res, lt, body[20:20 + incl]))
            elif bt == 3:
                orig = struct.unpack(e + 'I', body[:4])[0]
                n += 1
                lt, res = ifaces[0]
                frames.append((n, 0.0, lt, body[4:4 + orig]))
            pos += blen
        return 'pcapng', sorted(set(l for l, _ in ifaces)), frames
    raise SystemExit('%s: not a pcap or pcapng file' % path)


def ip_of(lt, b):
    """(ethertype-ish 'v4'/'v6', ip bytes) or None."""
    if lt == 1:
        et = struct.unpack('>H', b[12:14])[0]
        p = 14
        while et in (0x8100, 0x88A8):
            et = struct.unpack('>H', b[p + 2:p + 4])[0]
            p += 4
    elif lt == 113:
        et = struct.unpack('>H', b[14:16])[0]
        p = 16
    elif lt == 276:
        et = struct.unpack('>H', b[0:2])[0]
        p = 20
    elif lt in (0, 108):
        fam = struct.unpack('<I', b[:4])[0]
        if fam > 0xFFFF:
            fam = struct.unpack('>I', b[:4])[0]
        et = 0x0800 if fam == 2 else 0x86DD
        p = 4
    elif lt in (101, 228, 229):
        et = 0x0800 if b[0] >> 4 == 4 else 0x86DD
        p = 0
    else:
        return None
    if et == 0x0800:
        return 'v4', b[p:]
    if et == 0x86DD:
        return 'v6', b[p:]
    return None


def tcp_of(lt, b):
    r = ip_of(lt, b)
    if r is None:
        return None
    v, ip = r
    if v == 'v4':
        ihl = (ip[0] & 0x0F) * 4
        total = struct.unpack('>H', ip[2:4])[0]
        if ip[9] != 6:
            return None
        frag = struct.unpack('>H', ip[6:8])[0]
        if frag & 0x3FFF:
            raise SystemExit('IP fragments are not handled')
        src = '.'.join(str(x) for x in ip[12:16])
        dst = '.'.join(str(x) for x in ip[16:20])
        seg = ip[ihl:total]
    else:
        nh = ip[6]
        plen = struct.unpack('>H', ip[4:6])[0]
        p = 40
        while nh in (0, 43, 60):
            nh, hl = ip[p], (ip[p + 1] + 1) * 8
            p += hl
        if nh != 6:
            return None
        import ipaddress
        src = '[%s]' % ipaddress.IPv6Address(ip[8:24])
        dst = '[%s]' % ipaddress.IPv6Address(ip[24:40])
        seg = ip[p:40 + plen]
    sport, dport, seq, ack, off_flags = struct.unpack('>HHIIH', seg[:14])
    doff = (off_flags >> 12) * 4
    flags = off_flags & 0x1FF
    return src, sport, dst, dport, seq, ack, flags, seg[doff:]


FIN, SYN, RST, ACK = 0x01, 0x02, 0x04, 0x10


# --------------------------------------------------------------------------------------------
# TCP direction: reassembly by sequence number
# --------------------------------------------------------------------------------------------

class Direction:
    def __init__(self, conn, d):
        self.conn = conn
        self.d = d                 # 'sb' or 'cb'
        self.base = None           # sequence number of the first data byte
        self.next = 0              # relative sequence number of the next in-order byte
        self.pending = {}          # rel start -> (bytes, carrying frame, rel start of the segment)
        self.stream = bytearray()
        self.piece_starts = []     # delivered pieces: start offsets (sorted)
        self.pieces = []           # (start, end, carrying frame, segment start, delivering frame)
        self.retrans = 0           # bytes received again
        self.retrans_mismatch = 0  # ... that differ from the first copy
        self.retrans_segs = 0
        self.ooo = 0               # segments that arrived beyond a hole
        self.segments = 0          # segments with payload
        self.fin = None
        self.rst = None
        self.parse_pos = 0
        self.state = 'handshake'
        self.threshold = None      # None: no compression
        self.packets = []
        self.error = None
        self.enc_start = None      # stream offset of the first encrypted byte
        self.dec = None            # AES/CFB8 decryptor once the key is known
        self.view = None           # stream with the encrypted part decrypted (same offsets)

    def segment(self, frame, seq, flags, payload):
        if flags & SYN:
            if self.base is None:
                self.base = (seq + 1) & 0xFFFFFFFF
            return
        if self.base is None:
            self.base = seq
        rel = (seq - self.base) & 0xFFFFFFFF
        if rel >= 1 << 31:
            rel -= 1 << 32
        if flags & RST and self.rst is None:
            self.rst = frame
        if payload:
            self.segments += 1
            a, b = rel, rel + len(payload)
            covered = [(-(1 << 62), self.next)] + sorted(
                (s, s + len(v[0])) for s, v in self.pending.items())
            new = []
            cur = a
            for cs, ce in covered:
                if ce <= cur or cs >= b:
                    continue
                if cs > cur:
                    new.append((cur, cs))
                cur = max(cur, ce)
            if cur < b:
                new.append((cur, b))
            dup = len(payload) - sum(e - s for s, e in new)
            if dup:
                self.retrans += dup
                self.retrans_segs += 1
                # compare the re-sent bytes that were already delivered
                s, e = max(a, 0), min(b, self.next)
                if e > s and bytes(self.stream[s:e]) != payload[s - a:e - a]:
                    self.retrans_mismatch += e - s
                for ps, (pv, _, _) in self.pending.items():
                    s, e = max(a, ps), min(b, ps + len(pv))
                    if e > s and pv[s - ps:e - ps] != payload[s - a:e - a]:
                        self.retrans_mismatch += e - s
            if new and a > self.next:
                self.ooo += 1
            for s, e in new:
                if s < 0:
                    continue
                self.pending[s] = (payload[s - a:e - a], frame, a)
            while self.next in self.pending:
                v, cf, ss = self.pending.pop(self.next)
                start = self.next
                self.stream += v
                self.next += len(v)
                self.piece_starts.append(start)
                self.pieces.append((start, self.next, cf, ss, frame))
        if flags & FIN and self.fin is None:
            self.fin = frame

    def piece_at(self, off):
        i = bisect.bisect_right(self.piece_starts, off) - 1
        return self.pieces[i], i


# --------------------------------------------------------------------------------------------
# Connection: framing, compression, state machine, packet parsing
# --------------------------------------------------------------------------------------------

class KeyLog:
    """Shared secrets by encrypted shared secret (SHARED_SECRET lines) and by verify token."""

    def __init__(self, path):
        self.path = path
        self.by_secret = {}
        self.by_token = {}
        for n, line in enumerate(open(path, encoding='ascii'), 1):
            t = line.split()
            if not t or t[0].startswith('#'):
                continue
            try:
                if t[0] == 'SHARED_SECRET' and len(t) == 3:
                    self.by_secret[bytes.fromhex(t[1])] = bytes.fromhex(t[2])
                    k = t[2]
                elif len(t) == 2:
                    self.by_token[bytes.fromhex(t[0])] = bytes.fromhex(t[1])
                    k = t[1]
                else:
                    raise ValueError('fields')
                if len(bytes.fromhex(k)) != 16:
                    raise ValueError('shared secret of %d bytes' % len(bytes.fromhex(k)))
            except ValueError as ex:
                raise SystemExit('%s:%d: not a key log line (%s)' % (path, n, ex))

    def find(self, enc_secret, token):
        if enc_secret is not None and enc_secret in self.by_secret:
            return self.by_secret[enc_secret], 'SHARED_SECRET line'
        if token is not None and token in self.by_token:
            return self.by_token[token], 'verify token line'
        return None, None


def aes_cfb8_decryptor(key):
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms  # only with --keylog
    try:
        from cryptography.hazmat.decrepit.ciphers.modes import CFB8   # cryptography >= 47
    except ImportError:
        from cryptography.hazmat.primitives.ciphers.modes import CFB8  # older (Debian 12: 38.0.4)
    return Cipher(algorithms.AES(key), CFB8(key)).decryptor()


class Connection:
    def __init__(self, num, client, server, first_frame, port, keylog=None):
        self.num = num
        self.client = client
        self.server = server
        self.first_frame = first_frame
        self.sb = Direction(self, 'sb')
        self.cb = Direction(self, 'cb')
        self.protocol = None
        self.handshake = None
        self.user = None
        self.set_compression = None   # (frame, threshold)
        self.disconnects = []
        self.dimension = 0
        self.closed = False
        self.status_version = None
        self.ping_payload = None
        self.keylog = keylog
        self.enc_request = None       # Encryption Request packet
        self.enc_response = None      # Encryption Response packet
        self.key = None               # shared secret in use
        self.key_source = None        # which key log line gave it
        self.resume_cb = False

    def direction(self, d):
        return self.sb if d == 'sb' else self.cb

    def parse_available(self, dr, out):
        while dr.error is None:
            p = dr.parse_pos
            if dr.enc_start is not None and p >= dr.enc_start:
                if dr.dec is None:
                    return              # encrypted and no key: the rest is only counted
                if len(dr.view) < len(dr.stream):
                    dr.view += dr.dec.update(bytes(dr.stream[len(dr.view):]))
                b = dr.view
            else:
                b = dr.stream
            try:
                ln, n = read_varint(b, p, 3)
            except ParseError as ex:
                dr.error = 'framing: %s' % ex
                return
            if ln is None or p + n + ln > len(b):
                return
            if ln <= 0:
                dr.error = 'framing: length %d at %d' % (ln, p)
                return
            body = bytes(b[p + n:p + n + ln])
            q = p + n + ln
            rec = dict(conn=self.num, dir=dr.d, state=dr.state, off=p, wire=n + ln, prefix=n)
            try:
                if dr.threshold is None:
                    rec['kind'] = 'plain'
                    payload = body
                else:
                    r = Reader(body)
                    dl = r.varint()
                    rest = body[r.pos:]
                    if dl == 0:
                        rec['kind'] = 'raw'
                        payload = rest
                        if len(payload) >= dr.threshold:
                            rec['raw_at_or_above_threshold'] = True
                    else:
                        rec['kind'] = 'zlib'
                        rec['data_length'] = dl
                        d = zlib.decompressobj()
                        payload = d.decompress(rest)
                        if not d.eof or d.unused_data:
                            raise ParseError('zlib stream not ended exactly at the packet end')
                        if len(payload) != dl:
                            raise ParseError('inflated %d bytes, Data Length %d' % (len(payload), dl))
                        if dl < dr.threshold:
                            rec['compressed_below_threshold'] = True
                r = Reader(payload)
                pid = r.varint()
            except (ParseError, zlib.error) as ex:
                dr.error = 'decode at stream offset %d: %s' % (p, ex)
                return
            rec['id'] = pid
            rec['len'] = len(payload)
            # frames: where the packet starts and where its last byte became contiguous
            (ps, pe, cf, ss, df), i = dr.piece_at(p)
            rec['start_frame'] = cf
            rec['mid'] = p != ss
            (qs, qe, qcf, qss, qdf), j = dr.piece_at(q - 1)
            rec['end_frame'] = qdf
            rec['spanning'] = i != j
            (_, _, _, _, _), k = dr.piece_at(p + n - 1)
            rec['prefix_split'] = i != k
            dr.parse_pos = q
            rec['fields'] = {}
            try:
                self.interpret(dr, rec, Reader(payload, r.pos))
            except (ParseError, UnicodeDecodeError, ValueError) as ex:
                rec['field_error'] = str(ex)
            dr.packets.append(rec)
            out.append(rec)

    def interpret(self, dr, rec, r):
        st, d, pid, f = rec['state'], rec['dir'], rec['id'], rec['fields']
        proto = self.protocol
        ids = IDS.get(proto)
        P = generic_proto(proto)
        if P is not None and st != 'handshake':
            return self.interpret_generic(dr, rec, r, P)
        if st == 'handshake' and d == 'sb' and pid == 0x00:
            pv = r.varint()
            addr = r.string()
            port = r.u16()
            nxt = r.varint()
            f.update(protocol=pv, address=addr, port=port, next_state=nxt)
            self.protocol = pv
            self.handshake = f
            ns = STATES.get(nxt)
            if ns is None and nxt == 3 and generic_proto(pv) is not None:
                ns = 'login'    # 1.20.5+: a transfer logs in as well
            if ns is None:
                raise ParseError('next state %d' % nxt)
            self.sb.state = self.cb.state = ns
        elif st == 'status' and d == 'cb' and pid == 0x00:
            js = r.string()
            f['json'] = js
            try:
                self.status_version = json.loads(js).get('version')
            except ValueError:
                pass
        elif st == 'status' and pid == 0x01:
            f['payload'] = r.i64()
            if d == 'sb':
                self.ping_payload = f['payload']
        elif st == 'login' and d == 'sb' and pid == 0x00:
            self.user = f['name'] = r.string()
        elif st == 'login' and d == 'cb' and pid == 0x01:
            f['server_id'] = r.string()
            f['public_key_length'] = len(r.take(r.varint()))
            f['verify_token'] = r.take(r.varint()).hex()
            self.enc_request = rec
            dr.enc_start = rec['off'] + rec['wire']   # the server's next byte is encrypted
        elif st == 'login' and d == 'sb' and pid == 0x01:
            f['encrypted_shared_secret'] = r.take(r.varint()).hex()
            f['encrypted_verify_token_length'] = len(r.take(r.varint()))
            self.enc_response = rec
            dr.enc_start = rec['off'] + rec['wire']   # the client's next byte is encrypted
            if self.keylog is not None:
                tok = bytes.fromhex(self.enc_request['fields']['verify_token']) if self.enc_request else None
                self.key, self.key_source = self.keylog.find(bytes.fromhex(f['encrypted_shared_secret']), tok)
                if self.key is not None:
                    for x in (self.sb, self.cb):
                        if x.enc_start is not None:
                            x.dec = aes_cfb8_decryptor(self.key)
                            x.view = bytearray(x.stream[:x.enc_start])
                    self.resume_cb = True
        elif st == 'login' and d == 'cb' and pid == 0x03:
            t = r.varint()
            f['threshold'] = t
            self.set_compression = (rec['end_frame'], t)
            # from the next packet on, in both directions
            self.sb.threshold = self.cb.threshold = (t if t >= 0 else None)
        elif st == 'login' and d == 'cb' and pid == 0x02:
            f['uuid'] = r.string()
            f['name'] = r.string()
            self.sb.state = self.cb.state = 'play'
        elif st == 'login' and d == 'cb' and pid == 0x00:
            f['reason'] = r.string()
            self.disconnects.append(('login', rec))
        elif st == 'play' and ids:
            if d == 'cb' and pid == ids['keepalive_cb'] or d == 'sb' and pid == ids['keepalive_sb']:
                f['keepalive_id'] = r.i64()
            elif d == 'cb' and pid == ids['poslook_cb']:
                f.update(x=r.f64(), y=r.f64(), z=r.f64(), yaw=r.f32(), pitch=r.f32(),
                         flags=r.u8(), teleport_id=r.varint())
            elif d == 'sb' and pid == ids['plugin_sb'] or d == 'cb' and pid == ids['plugin_cb']:
                f['channel'] = r.string()
                f['data'] = r.take(r.left()).hex()
            elif d == 'cb' and pid == ids['destroy']:
                n = r.varint()
                f['entity_ids'] = [r.varint() for _ in range(n)]
            elif d == 'sb' and pid == ids['pos_sb']:
                f.update(x=r.f64(), y=r.f64(), z=r.f64(), on_ground=r.boolean())
            elif d == 'sb' and pid == ids['poslook_sb']:
                f.update(x=r.f64(), y=r.f64(), z=r.f64(), yaw=r.f32(), pitch=r.f32(), on_ground=r.boolean())
            elif d == 'sb' and pid == ids['teleport_confirm']:
                f['teleport_id'] = r.varint()
            elif d == 'cb' and pid == ids['chunk']:
                self.parse_chunk(r, f)
            elif d == 'cb' and pid == ids['unload']:
                f.update(x=r.i32(), z=r.i32())
            elif d == 'cb' and pid == ids['disconnect']:
                f['reason'] = r.string()
                self.disconnects.append(('play', rec))
            elif d == 'cb' and pid == ids['chat_cb']:
                f['json'] = r.string()
                f['position'] = r.i8()
            elif d == 'sb' and pid == ids['chat_sb']:
                f['message'] = r.string()
            elif d == 'cb' and pid == ids['join']:
                f['entity_id'] = r.i32()
                f['gamemode'] = r.u8()
                f['dimension'] = self.dimension = r.i32()
                if proto == 404:
                    f['difficulty'] = r.u8()
                f['max_players'] = r.u8()
                f['level_type'] = r.string()
                if proto == 498:
                    f['view_distance'] = r.varint()
                f['reduced_debug'] = r.boolean()
            elif d == 'cb' and pid == ids['respawn']:
                f['dimension'] = self.dimension = r.i32()
            else:
                return
        else:
            return
        if r.left():
            raise ParseError('%d bytes left after the fields' % r.left())
        f['parsed_to_end'] = True

    def interpret_generic(self, dr, rec, r, P):
        """Any protocol but 404/498: names and layouts from minecraft-data (mcdata-ids.json)."""
        st, d, pid, f = rec['state'], rec['dir'], rec['id'], rec['fields']
        name = P.names.get((st, d, pid))
        lay = P.layouts.get((st, d, name))
        if lay is None:
            return
        try:
            v = pd_read(P, r, lay, {})
        except (KeyError, TypeError, IndexError, AttributeError) as ex:
            raise ParseError('layout of %s: %r' % (name, ex))
        if r.left():
            raise ParseError('%d bytes left after the fields' % r.left())
        f.update(sanitize(v))
        f['parsed_to_end'] = True
        both = (self.sb, self.cb)
        if name == 'server_info':
            try:
                self.status_version = json.loads(v['response']).get('version')
            except (ValueError, AttributeError):
                pass
        elif st == 'status' and name == 'ping' and d == 'sb':
            self.ping_payload = v.get('time')
        elif name == 'login_start':
            self.user = v.get('username')
        elif name == 'compress':
            t = v['threshold']
            self.set_compression = (rec['end_frame'], t)
            for x in both:
                x.threshold = t if t >= 0 else None
        elif name == 'encryption_begin':
            # no key logs on this path: from the byte after the request (server) or the response
            # (client) on, the bytes are counted as encrypted, not framed
            if d == 'cb':
                self.enc_request = rec
            else:
                self.enc_response = rec
            dr.enc_start = rec['off'] + rec['wire']
        elif name == 'success':
            if 'configuration' not in P.states:
                for x in both:
                    x.state = 'play'
        elif name in ('login_acknowledged', 'configuration_acknowledged'):
            # the client switches after sending it, the server after receiving it
            for x in both:
                x.state = 'configuration'
        elif st == 'configuration' and name == 'finish_configuration' and d == 'sb':
            for x in both:
                x.state = 'play'
        elif name in ('disconnect', 'kick_disconnect') and d == 'cb':
            f['reason'] = text_of(v.get('reason'))
            self.disconnects.append((st if st != 'play' else 'play', rec))
        rec['mcdata_name'] = name
        rec['values'] = v

    def parse_chunk(self, r, f):
        proto = self.protocol
        f['x'] = r.i32()
        f['z'] = r.i32()
        f['full'] = r.boolean()
        f['mask'] = mask = r.varint()
        if proto >= 477:
            t, name = nbt_named(r)
            f['heightmaps_nbt'] = (t, name)
        size = r.varint()
        f['data_size'] = size
        data = Reader(r.take(size))
        sections = 0
        bpbs = []
        palettes = []
        sky = proto < 477 and self.dimension == 0
        for y in range(16):
            if not mask >> y & 1:
                continue
            sections += 1
            if proto >= 477:
                data.i16()      # non-air block count
            bpb = data.u8()
            bpbs.append(bpb)
            if bpb <= 8:
                pl = data.varint()
                for _ in range(pl):
                    data.varint()
                palettes.append(pl)
            else:
                palettes.append(None)   # direct (global) palette: no palette field
            nlongs = data.varint()
            if proto < 713 and nlongs != 4096 * bpb // 64:
                raise ParseError('section %d: %d longs for %d bits per block' % (y, nlongs, bpb))
            data.take(8 * nlongs)
            if proto < 477:
                data.take(2048)          # block light
                if sky:
                    data.take(2048)      # sky light
        if f['full']:
            biomes = [data.i32() for _ in range(256)]
            f['biomes_distinct'] = len(set(biomes))
        if mask >> 16:
            raise ParseError('bit mask above section 15')
        if data.left():
            raise ParseError('%d bytes left in the chunk data' % data.left())
        f['sections'] = sections
        f['bits_per_block'] = bpbs
        f['palette_lengths'] = palettes
        f['sky_light'] = sky
        nbe = r.varint()
        for _ in range(nbe):
            nbt_named(r)
        f['block_entities'] = nbe
        f['chunk_parsed'] = r.left() == 0


# --------------------------------------------------------------------------------------------
# File analysis
# --------------------------------------------------------------------------------------------

def analyse(path, port=25565, keylog=None):
    """keylog: a KeyLog, or the path of a key log file, or None."""
    if isinstance(keylog, str):
        keylog = KeyLog(keylog)
    fmt, lts, frames = read_capture(path)
    conns = []
    bykey = {}
    packets = []
    nontcp = 0
    other_tcp = 0
    for fno, ts, lt, b in frames:
        t = tcp_of(lt, b)
        if t is None:
            nontcp += 1
            continue
        src, sport, dst, dport, seq, ack, flags, payload = t
        if port not in (sport, dport):
            other_tcp += 1
            continue
        a, bb = (src, sport), (dst, dport)
        key = frozenset((a, bb))
        c = bykey.get(key)
        if c is not None and flags & SYN and not flags & ACK and c.sb.base is not None and (
                c.sb.fin or c.sb.rst or c.cb.fin or c.cb.rst):
            c = None  # a new connection on the same 4-tuple
        if c is None:
            client, server = (a, bb) if dport == port else (bb, a)
            c = Connection(len(conns) + 1, client, server, fno, port, keylog)
            conns.append(c)
            bykey[key] = c
        dr = c.sb if a == c.client else c.cb
        dr.segment(fno, seq, flags, payload)
        c.last_frame = fno
        c.parse_available(dr, packets)
        if c.resume_cb:
            # the key became known with the Encryption Response: the server's encrypted bytes
            # that waited for it can be decoded now
            c.resume_cb = False
            c.parse_available(c.cb, packets)
    for c in conns:
        for dr in (c.sb, c.cb):
            dr.encrypted = len(dr.stream) - dr.enc_start if dr.enc_start is not None else 0
            if dr.enc_start is not None and dr.dec is None:
                dr.trailing = dr.enc_start - dr.parse_pos   # the encrypted bytes are not trailing bytes
            else:
                dr.trailing = len(dr.stream) - dr.parse_pos
    ts = [f[1] for f in frames]
    return dict(path=path, keylog=keylog, format=fmt, linktypes=lts, frames=len(frames), nontcp=nontcp,
                other_tcp=other_tcp, duration=(max(ts) - min(ts)) if ts else 0.0,
                conns=conns, packets=packets, size=len(open(path, 'rb').read()))


def name_of(proto, rec):
    P = generic_proto(proto)
    if P is not None:
        return P.names.get((rec['state'], rec['dir'], rec['id']))
    t = NAMES.get(proto) or NAMES[498]
    return t.get((rec['state'], rec['dir'], rec['id']))


def end_of(c):
    parts = []
    for kind, rec in c.disconnects:
        parts.append('server Disconnect (%s) %s (frame %d)' % (kind, rec['fields']['reason'],
                                                                rec['end_frame']))
    fins = []
    if c.sb.fin:
        fins.append((c.sb.fin, 'client'))
    if c.cb.fin:
        fins.append((c.cb.fin, 'server'))
    fins.sort()
    if len(fins) == 2:
        parts.append('FIN both ways (%s first, frame %d; %s frame %d)' % (
            fins[0][1], fins[0][0], fins[1][1], fins[1][0]))
    elif fins:
        parts.append('FIN from %s only (frame %d)' % (fins[0][1], fins[0][0]))
    for side, dr in (('client', c.sb), ('server', c.cb)):
        if dr.rst:
            parts.append('RST from %s (frame %d)' % (side, dr.rst))
    if not parts:
        parts.append('open at the end of the capture')
    return '; then '.join(parts)


def fmt_ep(ep):
    return '%s:%d' % ep


def errors_of(res):
    fr = sum(1 for c in res['conns'] for dr in (c.sb, c.cb) if dr.error and dr.error.startswith('framing'))
    de = sum(1 for c in res['conns'] for dr in (c.sb, c.cb) if dr.error and not dr.error.startswith('framing'))
    gaps = sum(len(dr.pending) for c in res['conns'] for dr in (c.sb, c.cb))
    trailing = sum(dr.trailing for c in res['conns'] for dr in (c.sb, c.cb) if not dr.error)
    unknown = 0
    for p in res['packets']:
        proto = res['conns'][p['conn'] - 1].protocol
        if name_of(proto, p) is None:
            unknown += 1
    ferr = sum(1 for p in res['packets'] if 'field_error' in p)
    mism = sum(dr.retrans_mismatch for c in res['conns'] for dr in (c.sb, c.cb))
    below = sum(1 for p in res['packets'] if p.get('compressed_below_threshold'))
    above = sum(1 for p in res['packets'] if p.get('raw_at_or_above_threshold'))
    return dict(framing=fr, decompression=de, gaps=gaps, trailing=trailing, unknown=unknown,
                field_errors=ferr, retrans_mismatch=mism, compressed_below_threshold=below,
                raw_at_or_above_threshold=above)


def protocols_of(res):
    return sorted(set(c.protocol for c in res['conns'] if c.protocol is not None))


def report(res, out):
    w = out.write
    name = res['path'].rsplit('/', 1)[-1]
    conns = res['conns']
    pk = res['packets']
    err = errors_of(res)
    tcpframes = res['frames'] - res['nontcp'] - res['other_tcp']
    w('## %s\n\n' % name)
    w('- link type: %s; file format: %s; bytes: %d; duration: %.3f s; frames: %d (%s); TCP connections: %d\n' % (
        ', '.join(LINKTYPES.get(l, str(l)) for l in res['linktypes']), res['format'], res['size'],
        res['duration'], res['frames'],
        'all TCP' if tcpframes == res['frames'] else '%d TCP on the port' % tcpframes, len(conns)))
    w('- decoder totals: %d Minecraft packets, %d bytes of framed packets; framing errors %d, '
      'decompression errors %d, stream gaps %d, trailing bytes %d, unknown ids %d; field parse errors %d, '
      'retransmitted bytes that differ from the first copy %d, compressed below the threshold %d, '
      'sent raw at or above the threshold %d\n\n' % (
          len(pk), sum(p['wire'] for p in pk), err['framing'], err['decompression'], err['gaps'],
          err['trailing'], err['unknown'], err['field_errors'], err['retrans_mismatch'],
          err['compressed_below_threshold'], err['raw_at_or_above_threshold']))
    if any(c.enc_request or c.enc_response for c in conns):
        encryption_report(res, w)
    for c in conns:
        for dr in (c.sb, c.cb):
            if dr.error:
                w('- ERROR #%d %s: %s\n' % (c.num, DIRS[dr.d], dr.error))
    w('| # | client | server | next_state | user | threshold | end | sb pkts | cb pkts | sb retrans B | cb retrans B | sb out-of-order segs | cb out-of-order segs |\n')
    w('|---|---|---|---|---|---|---|---|---|---|---|---|---|\n')
    for c in conns:
        hs = c.handshake or {}
        w('| %d | `%s` | `%s` | %s | %s | %s | %s | %d | %d | %d | %d | %d | %d |\n' % (
            c.num, fmt_ep(c.client), fmt_ep(c.server), hs.get('next_state', '-'), c.user or '-',
            c.set_compression[1] if c.set_compression else 'none', end_of(c),
            len(c.sb.packets), len(c.cb.packets), c.sb.retrans, c.cb.retrans, c.sb.ooo, c.cb.ooo))
    w('\nFraming per connection and direction (plain = before/without compression; raw = compressed '
      'framing with Data Length 0; zlib = compressed body; spanning = packet bytes came in more than one '
      'captured segment; mid = packet starts inside a segment; prefix split = the length VarInt itself '
      'is split across two segments):\n\n')
    w('| # | dir | packets | bytes | plain | raw | zlib | max wire len | max inflated | spanning | mid | prefix split |\n')
    w('|---|---|---|---|---|---|---|---|---|---|---|---|\n')
    for c in conns:
        for dr in (c.sb, c.cb):
            ps = dr.packets
            w('| %d | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n' % (
                c.num, DIRS[dr.d], len(ps), sum(p['wire'] for p in ps),
                sum(p['kind'] == 'plain' for p in ps), sum(p['kind'] == 'raw' for p in ps),
                sum(p['kind'] == 'zlib' for p in ps), max([p['wire'] for p in ps] or [0]),
                max([p.get('data_length', 0) for p in ps] or [0]),
                sum(p['spanning'] for p in ps), sum(p['mid'] for p in ps),
                sum(p['prefix_split'] for p in ps)))
    w('\nPacket counts (state / direction / id) per connection:\n\n')
    w('| state | dir | id | name | %s | total |\n' % ' | '.join('#%d' % c.num for c in conns))
    w('|---|---|---|---|%s---|\n' % ('---|' * len(conns)))
    order = {'handshake': 0, 'status': 1, 'login': 2, 'configuration': 3, 'play': 4}
    keys = sorted(set((p['state'], p['dir'], p['id']) for p in pk),
                  key=lambda k: (order[k[0]], k[1] != 'sb', k[2]))
    cnt = {}
    for p in pk:
        cnt[(p['conn'], p['state'], p['dir'], p['id'])] = cnt.get((p['conn'], p['state'], p['dir'], p['id']), 0) + 1
    protos = protocols_of(res)
    proto = protos[0] if protos else None
    for k in keys:
        nm = (NAMES.get(proto) or {}).get(k, 'UNKNOWN')
        if generic_proto(proto) is not None:
            nm = generic_proto(proto).names.get(k, 'UNKNOWN')
        row = [cnt.get((c.num,) + k, 0) for c in conns]
        w('| %s | %s | 0x%02X | %s | %s | %d |\n' % (k[0], DIRS[k[1]], k[2], nm,
                                                   ' | '.join(str(x) for x in row), sum(row)))
    w('\n')
    if any(generic_proto(c.protocol) is not None for c in conns):
        state_table(res, w)
    for c in conns:
        w('- #%d: %s\n' % (c.num, conn_summary(c)))
    w('\n')


def state_table(res, w):
    """Packets per state and direction (and how many of them were zlib-compressed), per connection."""
    conns = res['conns']
    order = ['handshake', 'status', 'login', 'configuration', 'play']
    w('Packets per state and direction (zlib = sent compressed) per connection:\n\n')
    w('| state | dir | %s | total | zlib |\n' % ' | '.join('#%d' % c.num for c in conns))
    w('|---|---|%s---|---|\n' % ('---|' * len(conns)))
    for st in order:
        for d in ('sb', 'cb'):
            row = [sum(1 for p in c.direction(d).packets if p['state'] == st) for c in conns]
            if not sum(row):
                continue
            z = sum(1 for c in conns for p in c.direction(d).packets if p['state'] == st and p['kind'] == 'zlib')
            w('| %s | %s | %s | %d | %d |\n' % (st, DIRS[d], ' | '.join(str(x) for x in row), sum(row), z))
    w('\n')


def enc_from(dr):
    """'offset N (frame F)' of the first encrypted byte of a direction, or '-'."""
    if dr.enc_start is None:
        return '-'
    if dr.enc_start >= len(dr.stream):
        return 'offset %d (no byte after it)' % dr.enc_start
    (_, _, cf, _, _), _ = dr.piece_at(dr.enc_start)
    return 'offset %d (frame %d)' % (dr.enc_start, cf)


def encryption_report(res, w):
    conns = res['conns']
    kl = res.get('keylog')
    enc = [c for c in conns if c.enc_request or c.enc_response]
    und = sum(dr.encrypted for c in conns for dr in (c.sb, c.cb) if dr.dec is None)
    w('- encryption: %d of %d connections encrypted (AES-128/CFB8, key = IV = shared secret); key log: %s; '
      'decrypted: %d; encrypted bytes left undecrypted: %d\n\n' % (
          len(enc), len(conns), kl.path.rsplit('/', 1)[-1] if kl else 'none',
          sum(1 for c in enc if c.key is not None), und))
    w('Encryption per connection (offsets are TCP stream offsets of the first encrypted byte, frame = the '
      'captured frame carrying it; "before" = packets framed before encryption, "decrypted" = after it):\n\n')
    w('| # | user | Encryption Request frame | verify token | Encryption Response frame | key | '
      'C→S encrypted from | S→C encrypted from | C→S encrypted B | S→C encrypted B | C→S pkts before | '
      'S→C pkts before | C→S pkts decrypted | S→C pkts decrypted |\n')
    w('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n')
    for c in enc:
        rq, rs = c.enc_request, c.enc_response
        nb = {}
        for dr in (c.sb, c.cb):
            before = sum(1 for p in dr.packets if dr.enc_start is None or p['off'] < dr.enc_start)
            nb[dr.d] = (before, len(dr.packets) - before)
        w('| %d | %s | %s | %s | %s | %s | %s | %s | %d | %d | %d | %d | %d | %d |\n' % (
            c.num, c.user or '-', frames_of(rq) if rq else '-',
            rq['fields'].get('verify_token', '?') if rq else '-', frames_of(rs) if rs else '-',
            c.key_source or 'none', enc_from(c.sb), enc_from(c.cb), c.sb.encrypted, c.cb.encrypted,
            nb['sb'][0], nb['cb'][0], nb['sb'][1], nb['cb'][1]))
    w('\n')


def analysis_generic(c):
    """The figures of one connection on the generic path, from the parsed packets."""
    P = generic_proto(c.protocol)
    a = dict(keepalive_sent=0, keepalive_answered=0, keepalive_unsolicited=0, keepalive_ids=[],
             teleports=0, teleport_confirms=0, teleports_confirmed=0, chunks_loaded=0, chunks_partial=0,
             chunks_unloaded=0, batches_started=0, batches_finished=0, batch_chunks=0, batches_received=0,
             chat_sb=0, chat_cb=0, config_rounds=0, disconnect=None, chunk_list=[], unload_list=[],
             keepalive_list=[], teleport_list=[], batch_list=[], scoreboard_list=[])
    pend_k = []
    pend_t = []
    batch = None
    for p in sorted(c.sb.packets + c.cb.packets, key=lambda p: (p['end_frame'], p['dir'] == 'cb')):
        n = name_of(c.protocol, p)
        v = p.get('values') or {}
        d, st = p['dir'], p['state']
        if n in CHAT_NAMES[d] and st == 'play':
            a['chat_' + d] += 1
        if n == 'keep_alive' and 'keepAliveId' in v:
            if d == 'cb':
                a['keepalive_sent'] += 1
                pend_k.append(p)
                a['keepalive_list'].append([st, v['keepAliveId'], frames_of(p), None])
            else:
                m = next((q for q in pend_k if q['values']['keepAliveId'] == v['keepAliveId']), None)
                if m is None:
                    a['keepalive_unsolicited'] += 1
                    a['keepalive_list'].append([st, v['keepAliveId'], None, frames_of(p)])
                else:
                    pend_k.remove(m)
                    a['keepalive_answered'] += 1
                    for e in a['keepalive_list']:
                        if e[2] == frames_of(m) and e[3] is None and e[1] == v['keepAliveId']:
                            e[3] = frames_of(p)
                            break
        elif n == 'position' and d == 'cb':
            a['teleports'] += 1
            pend_t.append(p)
            a['teleport_list'].append([v.get('teleportId'), v.get('x'), v.get('y'), v.get('z'), frames_of(p), None])
        elif n == 'teleport_confirm':
            a['teleport_confirms'] += 1
            m = next((q for q in pend_t if q['values'].get('teleportId') == v.get('teleportId')), None)
            if m is not None:
                pend_t.remove(m)
                a['teleports_confirmed'] += 1
                for e in a['teleport_list']:
                    if e[4] == frames_of(m) and e[5] is None:
                        e[5] = frames_of(p)
                        break
        elif n == 'map_chunk':
            full = v.get('groundUp', True)
            if full and v.get('bitMap') == 0 and P.id('play', 'cb', 'unload_chunk') is None:
                a['chunks_unloaded'] += 1       # before 1.9: a full column without sections unloads it
                a['unload_list'].append((v['x'], v['z'], frames_of(p)))
            elif full:
                a['chunks_loaded'] += 1
                a['chunk_list'].append((v['x'], v['z'], frames_of(p)))
            else:
                a['chunks_partial'] += 1
            if batch is not None:
                batch[1] += 1
        elif n == 'map_chunk_bulk':
            for m in v.get('meta', []):
                a['chunks_loaded'] += 1
                a['chunk_list'].append((m['x'], m['z'], frames_of(p)))
        elif n == 'unload_chunk':
            a['chunks_unloaded'] += 1
            a['unload_list'].append((v.get('chunkX'), v.get('chunkZ'), frames_of(p)))
        elif n == 'chunk_batch_start':
            a['batches_started'] += 1
            batch = [frames_of(p), 0]
        elif n == 'chunk_batch_finished':
            a['batches_finished'] += 1
            a['batch_chunks'] += v.get('batchSize', 0)
            a['batch_list'].append((batch[0] if batch else None, batch[1] if batch else None,
                                    v.get('batchSize'), frames_of(p)))
            batch = None
        elif n == 'chunk_batch_received':
            a['batches_received'] += 1
        elif n == 'finish_configuration' and d == 'sb':
            a['config_rounds'] += 1
        elif n in SCOREBOARD and d == 'cb' and st == 'play' and p['fields'].get('parsed_to_end'):
            a['scoreboard_list'].append((n, v, frames_of(p)))
    if c.disconnects:
        k, r = c.disconnects[-1]
        a['disconnect'] = '%s %s' % (k, r['fields'].get('reason'))
    return a


def fmt_analysis(a):
    s = ['Keep Alive: %d sent, %d answered%s' % (
        a['keepalive_sent'], a['keepalive_answered'],
        (', %d unsolicited' % a['keepalive_unsolicited']) if a['keepalive_unsolicited'] else '')]
    s.append('teleports: %d Player Position And Look, %d Teleport Confirm, %d confirmed' % (
        a['teleports'], a['teleport_confirms'], a['teleports_confirmed']))
    s.append('chunk columns: %d loaded, %d unloaded%s' % (
        a['chunks_loaded'], a['chunks_unloaded'],
        (', %d partial updates' % a['chunks_partial']) if a['chunks_partial'] else ''))
    if a['batches_started'] or a['batches_finished']:
        s.append('chunk batches: %d started, %d finished (%d columns announced), %d acknowledged' % (
            a['batches_started'], a['batches_finished'], a['batch_chunks'], a['batches_received']))
    if a['config_rounds']:
        s.append('configuration finished %d time(s)' % a['config_rounds'])
    if a['scoreboard_list']:
        s.append('scoreboard: %s' % ', '.join('%d %s' % (sum(e[0] == n for e in a['scoreboard_list']), n)
                                              for n in SCOREBOARD))
    s.append('chat: %d serverbound, %d clientbound' % (a['chat_sb'], a['chat_cb']))
    return '; '.join(s)


def conn_summary(c):
    hs = c.handshake or {}
    s = ['handshake protocol %s, address "%s", port %s' % (hs.get('protocol'), hs.get('address'), hs.get('port'))]
    if c.status_version is not None:
        s.append('status response version %s' % json.dumps(c.status_version))
        s.append('Ping payload [%s]' % c.ping_payload)
    ids = IDS.get(c.protocol)
    if c.user and generic_proto(c.protocol) is not None:
        a = analysis_generic(c)
        s.append('minecraft-data %s' % '/'.join(generic_proto(c.protocol).versions))
        s.append(fmt_analysis(a))
    if c.user and ids:
        cb = c.cb.packets
        ch = [p for p in cb if p['state'] == 'play' and p['id'] == ids['chunk']]
        if ch:
            s.append('Chunk Data: %d (full chunk %d, %d sections in total, largest inflated %d B, largest '
                     'on the wire %d B, all parse to the end: %s)' % (
                         len(ch), sum(1 for p in ch if p['fields'].get('full')),
                         sum(p['fields'].get('sections', 0) for p in ch),
                         max(p.get('data_length', p['len']) for p in ch), max(p['wire'] for p in ch),
                         'yes' if all(p['fields'].get('chunk_parsed') for p in ch) else 'NO'))
        kcb = [p for p in cb if p['state'] == 'play' and p['id'] == ids['keepalive_cb']]
        ksb = [p for p in c.sb.packets if p['state'] == 'play' and p['id'] == ids['keepalive_sb']]
        cids = set(p['fields'].get('keepalive_id') for p in kcb)
        s.append('Keep Alive: %d clientbound, %d serverbound, %d echo a clientbound id' % (
            len(kcb), len(ksb), sum(1 for p in ksb if p['fields'].get('keepalive_id') in cids)))
        csb = [p for p in c.sb.packets if p['state'] == 'play' and p['id'] == ids['chat_sb']]
        ccb = [p for p in cb if p['state'] == 'play' and p['id'] == ids['chat_cb']]
        s.append('chat: %d serverbound, %d clientbound' % (len(csb), len(ccb)))
    return '; '.join(s)


def details_generic(c, w):
    a = analysis_generic(c)
    w('#### #%d (%s, %s)\n\n' % (c.num, c.user, fmt_ep(c.client)))
    w('Keep Alive (clientbound keep_alive → serverbound keep_alive, any state):\n\n')
    w('| state | id | request frame | answer frame |\n|---|---|---|---|\n')
    for st, kid, rq, an in a['keepalive_list']:
        w('| %s | %s | %s | %s |\n' % (st, kid, rq or 'none', an or 'none'))
    w('\nPlayer Position And Look (clientbound position) and Teleport Confirm (serverbound teleport_confirm):\n\n')
    w('| teleport id | x | y | z | frame | Teleport Confirm frame |\n|---|---|---|---|---|---|\n')
    for tid, x, y, z, fr, an in a['teleport_list']:
        w('| %s | %r | %r | %r | %s | %s |\n' % ('-' if tid is None else tid, x, y, z, fr,
                                                  an or ('none' if tid is not None else 'n/a (no teleport id before 1.9)')))
    w('\nChunk columns loaded (%d), in order: (x, z) [frame]\n\n' % len(a['chunk_list']))
    w((', '.join('(%d, %d) [%s]' % e for e in a['chunk_list']) or 'none') + '\n')
    w('\nChunk columns unloaded (%d): %s\n' % (len(a['unload_list']), ', '.join(
        '(%d, %d) [%s]' % e for e in a['unload_list']) or 'none'))
    if a['batch_list']:
        w('\nChunk batches (start frame, map_chunk packets in between, batchSize, finished frame): %s; '
          'acknowledged by the client: %d\n' % (', '.join('(%s, %s, %s, %s)' % e for e in a['batch_list']),
                                                a['batches_received']))
    if a['scoreboard_list']:
        # every field as parsed with minecraft-data's layout (NBT as its payload: a compound as a
        # JSON object, a byte as a number), in the layout's order
        w('\nScoreboard packets (clientbound; every field of minecraft-data\'s layout, NBT as its payload):\n\n')
        w('| frame | packet | fields |\n|---|---|---|\n')
        for n, v, fr in a['scoreboard_list']:
            w('| %s | %s | `%s` |\n' % (fr, n, json.dumps(sanitize(v), ensure_ascii=False)))
    w('\nDisconnect: %s\n\n' % ('; '.join('%s %s [%s]' % (k, r['fields']['reason'], frames_of(r))
                                            for k, r in c.disconnects) or 'none'))


def details(res, out):
    w = out.write
    name = res['path'].rsplit('/', 1)[-1]
    w('### %s: packets for the tests\n\n' % name)
    for c in res['conns']:
        if c.user and generic_proto(c.protocol) is not None:
            details_generic(c, w)
            continue
        ids = IDS.get(c.protocol)
        if not ids or not c.user:
            continue
        w('#### #%d (%s, %s)\n\n' % (c.num, c.user, fmt_ep(c.client)))
        cb = [p for p in c.cb.packets if p['state'] == 'play']
        sb = [p for p in c.sb.packets if p['state'] == 'play']
        kcb = [p for p in cb if p['id'] == ids['keepalive_cb']]
        ksb = [p for p in sb if p['id'] == ids['keepalive_sb']]
        w('Keep Alive (clientbound 0x%02X → serverbound 0x%02X):\n\n' % (ids['keepalive_cb'], ids['keepalive_sb']))
        w('| id | request frame | answer frame |\n|---|---|---|\n')
        used = set()
        for p in kcb:
            ans = answer_to(p, ksb, used, 'keepalive_id')
            w('| %d | %s | %s |\n' % (p['fields']['keepalive_id'], frames_of(p), frames_of(ans) if ans else 'none'))
        for q in ksb:
            if id(q) not in used:
                w('| %d | none | %s (unsolicited) |\n' % (q['fields']['keepalive_id'], frames_of(q)))
        w('\nPlayer Position And Look (clientbound 0x%02X) and Teleport Confirm (serverbound 0x00):\n\n' % ids['poslook_cb'])
        w('| teleport id | x | y | z | yaw | pitch | flags | frame | Teleport Confirm frame | '
          'client position last reported before it |\n|---|---|---|---|---|---|---|---|---|---|\n')
        tcs = [p for p in sb if p['id'] == ids['teleport_confirm']]
        moves = [p for p in sb if p['id'] in (ids['pos_sb'], ids['poslook_sb'])]
        used = set()
        for p in cb:
            if p['id'] != ids['poslook_cb']:
                continue
            f = p['fields']
            ans = answer_to(p, tcs, used, 'teleport_id')
            before = [q for q in moves if q['end_frame'] < p['start_frame']]
            last = ('(%r, %r, %r) [%s]' % (before[-1]['fields']['x'], before[-1]['fields']['y'],
                                          before[-1]['fields']['z'], frames_of(before[-1]))) if before else 'none yet'
            w('| %d | %r | %r | %r | %r | %r | 0x%02X | %s | %s | %s |\n' % (
                f['teleport_id'], f['x'], f['y'], f['z'], f['yaw'], f['pitch'], f['flags'],
                frames_of(p), frames_of(ans) if ans else 'none', last))
        for q in tcs:
            if id(q) not in used:
                w('| %d (confirm without request) | | | | | | | | %s | |\n' % (q['fields']['teleport_id'], frames_of(q)))
        ch = [p for p in cb if p['id'] == ids['chunk']]
        w('\nChunk Data (0x%02X), %d packets, in order: (x, z) full-chunk bit-mask [frame]; '
          'all parse to the last byte: %s\n\n' % (ids['chunk'], len(ch),
                                                 'yes' if all(p['fields'].get('chunk_parsed') for p in ch) else 'NO'))
        w(', '.join('(%d, %d) %s 0x%X [%s]' % (p['fields']['x'], p['fields']['z'],
                                              'full' if p['fields']['full'] else 'partial',
                                              p['fields']['mask'], frames_of(p)) for p in ch) + '\n')
        if ch:
            bpb = {}
            for p in ch:
                for v in p['fields'].get('bits_per_block', []):
                    bpb[v] = bpb.get(v, 0) + 1
            masks = {}
            for p in ch:
                masks[p['fields']['mask']] = masks.get(p['fields']['mask'], 0) + 1
            pls = [v for p in ch for v in p['fields'].get('palette_lengths', []) if v is not None]
            w('\nbits per block over all sections: %s; palette lengths %s; bit masks: %s; block entities: %d; '
              'sky light arrays: %s; data sizes %d..%d B\n' % (
                  ', '.join('%d: %d' % kv for kv in sorted(bpb.items())),
                  ('%d..%d' % (min(pls), max(pls))) if pls else 'none (direct palettes)',
                  ', '.join('0x%X: %d' % kv for kv in sorted(masks.items())),
                  sum(p['fields'].get('block_entities', 0) for p in ch),
                  'yes' if any(p['fields'].get('sky_light') for p in ch) else ('n/a' if c.protocol >= 477 else 'no'),
                  min(p['fields']['data_size'] for p in ch), max(p['fields']['data_size'] for p in ch)))
        un = [p for p in cb if p['id'] == ids['unload']]
        w('\nUnload Chunk (0x%02X): %d%s\n' % (ids['unload'], len(un), (': ' + ', '.join(
            '(%d, %d) [%s]' % (p['fields']['x'], p['fields']['z'], frames_of(p)) for p in un)) if un else ''))
        w('\nDisconnect: %s\n\n' % ('; '.join('%s %s [%s]' % (k, r['fields']['reason'], frames_of(r))
                                                for k, r in c.disconnects) or 'none'))


def answer_to(req, answers, used, key):
    """The first answer not yet used with the same key value that completes at or after the request."""
    for q in answers:
        if id(q) in used or q['fields'].get(key) != req['fields'].get(key):
            continue
        if q['end_frame'] < req['end_frame']:
            continue
        used.add(id(q))
        return q
    return None


def frames_of(p):
    if p['start_frame'] == p['end_frame']:
        return str(p['start_frame'])
    return '%d–%d' % (p['start_frame'], p['end_frame'])


def packets_list(res, out):
    for p in res['packets']:
        proto = res['conns'][p['conn'] - 1].protocol
        fl = {k: v for k, v in p['fields'].items() if k not in ('json',)}
        out.write('#%d %s %-9s 0x%02X %-40s start %5d end %5d wire %6d %-5s%s %s\n' % (
            p['conn'], DIRS[p['dir']], p['state'], p['id'], name_of(proto, p) or 'UNKNOWN',
            p['start_frame'], p['end_frame'], p['wire'], p['kind'],
            (' inflated %d' % p['data_length']) if 'data_length' in p else '',
            json.dumps(fl, sort_keys=True) if fl else ''))


def to_json(res):
    conns = []
    for c in res['conns']:
        conns.append(dict(
            num=c.num, client=fmt_ep(c.client), server=fmt_ep(c.server), handshake=c.handshake,
            user=c.user, threshold=c.set_compression[1] if c.set_compression else None, end=end_of(c),
            dirs={dr.d: dict(packets=len(dr.packets), bytes=sum(p['wire'] for p in dr.packets),
                             retransmitted_bytes=dr.retrans, out_of_order_segments=dr.ooo,
                             fin_frame=dr.fin, rst_frame=dr.rst, error=dr.error,
                             encrypted_from=dr.enc_start, encrypted_bytes=dr.encrypted,
                             decrypted=dr.dec is not None)
                  for dr in (c.sb, c.cb)},
            key_source=c.key_source))
    pk = []
    for p in res['packets']:
        q = {k: v for k, v in p.items() if k not in ('off', 'values')}
        q['name'] = name_of(res['conns'][p['conn'] - 1].protocol, p)
        pk.append(q)
    return dict(file=res['path'].rsplit('/', 1)[-1], format=res['format'], linktypes=res['linktypes'],
                bytes=res['size'], frames=res['frames'], duration=round(res['duration'], 6),
                errors=errors_of(res), connections=conns, packets=pk)


def matrix(results, out):
    """One table: packet counts per (protocol, state, direction, id) and file."""
    cols = []
    m = {}
    for res in results:
        name = res['path'].rsplit('/', 1)[-1]
        cols.append(name)
        for p in res['packets']:
            proto = res['conns'][p['conn'] - 1].protocol
            k = (proto, p['state'], p['dir'], p['id'], name_of(proto, p) or 'UNKNOWN')
            m.setdefault(k, {})
            m[k][name] = m[k].get(name, 0) + 1
    order = {'handshake': 0, 'status': 1, 'login': 2, 'configuration': 3, 'play': 4}
    short = [c.replace('mcjava-', '').replace('.pcapng', '').replace('.pcap', '') for c in cols]
    out.write('| protocol | state | dir | id | name | %s |\n' % ' | '.join(short))
    out.write('|---|---|---|---|---|%s\n' % ('---|' * len(cols)))
    for k in sorted(m, key=lambda k: (k[0], order[k[1]], k[2] != 'sb', k[3])):
        out.write('| %d | %s | %s | 0x%02X | %s | %s |\n' % (
            k[0], k[1], DIRS[k[2]], k[3], k[4], ' | '.join(str(m[k].get(c, 0)) for c in cols)))
    out.write('| | | | | **Minecraft packets** | %s |\n' % ' | '.join(
        str(len(r['packets'])) for r in results))


def check_names(path, version):
    d = json.load(open(path))
    proto = {'1.13.2': 404, '1.14.4': 498}[version]
    t = NAMES[proto]
    smap = {'handshaking': 'handshake', 'status': 'status', 'login': 'login', 'play': 'play'}
    bad = 0
    seen = set()
    for st, ours in smap.items():
        for dr, d2 in (('toServer', 'sb'), ('toClient', 'cb')):
            m = d[st][dr]['types']['packet'][1][0]['type'][1]['mappings']
            for k, n in m.items():
                i = int(k, 16)
                seen.add((ours, d2, i))
                mine = t.get((ours, d2, i))
                print('%-9s %s 0x%02X %-32s %s' % (ours, d2, i, n, mine))
                if mine is None:
                    bad += 1
    for k in t:
        if k not in seen:
            print('only here: %s %s 0x%02X %s' % (k[0], k[1], k[2], t[k]))
            bad += 1
    print('ids that differ: %d' % bad)
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('files', nargs='*')
    ap.add_argument('--port', type=int, default=25565)
    ap.add_argument('--packets', action='store_true')
    ap.add_argument('--details', action='store_true')
    ap.add_argument('--json', action='store_true')
    ap.add_argument('--matrix', action='store_true')
    ap.add_argument('--check-names', nargs=2, metavar=('PROTOCOL_JSON', 'VERSION'))
    ap.add_argument('--keylog', metavar='FILE')
    ap.add_argument('--extract-ids', metavar='DATA_DIR')
    a = ap.parse_args()
    if a.extract_ids:
        path = extract_ids(a.extract_ids)
        d = json.load(open(path))
        print('%s: minecraft-data %s, %d protocol numbers (%s), %d distinct maps and layouts' % (
            path, d['minecraft_data'], len(d['protocols']),
            ', '.join('%s=%s' % (k, '/'.join(v['versions'])) for k, v in d['protocols'].items()), len(d['pool'])))
        sys.exit(0)
    kl = KeyLog(a.keylog) if a.keylog else None
    if a.check_names:
        sys.exit(1 if check_names(*a.check_names) else 0)
    rc = 0
    if a.matrix:
        results = [analyse(f, a.port, kl) for f in a.files]
        matrix(results, sys.stdout)
        sys.exit(1 if any(any(errors_of(r).values()) for r in results) else 0)
    for f in a.files:
        res = analyse(f, a.port, kl)
        e = errors_of(res)
        if any(e.values()):
            rc = 1
        if a.json:
            json.dump(to_json(res), sys.stdout, indent=1, sort_keys=True)
            sys.stdout.write('\n')
        elif a.packets:
            packets_list(res, sys.stdout)
        elif a.details:
            details(res, sys.stdout)
        else:
            report(res, sys.stdout)
    sys.exit(rc)


if __name__ == '__main__':
    main()
