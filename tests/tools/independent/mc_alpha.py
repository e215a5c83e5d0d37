#!/usr/bin/env python3
"""Writes the crafted Minecraft Alpha captures (captures/mc_alpha/) with an
encoder of its own, written from the protocol document alone (seed 001:
wiki.vg, 17 December 2010, protocol 6) in Python's standard library: no
code, table or value list of blankshark's decoder is used, so the tests
that decode these captures are not checking the decoder against itself.

    python3 tests/tools/independent/mc_alpha.py OUTDIR

The sessions are those of captures/mc_alpha/README.md (the script below
says, message by message, what the README says in words), cut into TCP
segments as the README says. Units as the document gives them: Absolute
Integers are 1/32 block, packed angles 1/256 turn, velocities 1/32000
block per tick; a value given in blocks or degrees is rounded to the
nearest step (half away from zero)."""

import math
import struct
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pcapfile  # noqa: E402

# ---- the document's data types -------------------------------------------

def nearest(v):
    """Half away from zero."""
    r = math.floor(abs(v))
    if abs(v) - r >= 0.5:
        r += 1
    return int(r if v >= 0 else -r)


def _string(v):
    b = v.encode("utf-8")
    return struct.pack(">h", len(b)) + b  # "Prefixed by a short containing the length"


def _inventory(slots):
    out = b""
    for s in slots:  # the payload: item id; count and uses unless the id is -1
        out += struct.pack(">h", s[0])
        if s[0] != -1:
            out += struct.pack(">bh", s[1], s[2])
    return out


ENC = {
    "byte": lambda v: struct.pack(">b", v),
    "bool": lambda v: struct.pack(">B", v),
    "short": lambda v: struct.pack(">h", v),
    "int": lambda v: struct.pack(">i", v),
    "long": lambda v: struct.pack(">q", v),
    "float": lambda v: struct.pack(">f", v),
    "double": lambda v: struct.pack(">d", v),
    "string": _string,
    "abs_int": lambda v: struct.pack(">i", nearest(v * 32)),          # Absolute Integer: blocks x 32
    "rel_byte": lambda v: struct.pack(">b", nearest(v * 32)),         # relative move, Absolute Integer units
    "angle": lambda v: struct.pack(">b", (nearest(v * 256 / 360) + 128) % 256 - 128),  # packed: 360/256 degrees
    "velocity": lambda v: struct.pack(">h", nearest(v * 32000)),      # block velocity x 32000
}

# The document's messages: (id, [(field, type), ...]) per direction. Fields
# whose encoding depends on others (counts and sizes) are written by
# special cases in encode().
CLIENT = {
    "keep_alive": (0x00, []),
    "login": (0x01, [("protocol_version", "int"), ("username", "string"), ("password", "string"),
                     ("map_seed", "long"), ("dimension", "byte")]),
    "handshake": (0x02, [("username", "string")]),
    "chat": (0x03, [("message", "string")]),
    "inventory": (0x05, None),
    "use_entity": (0x07, [("user", "int"), ("target", "int"), ("left_click", "bool")]),
    "respawn": (0x09, []),
    "player": (0x0A, [("on_ground", "bool")]),
    "position": (0x0B, [("x", "double"), ("y", "double"), ("stance", "double"), ("z", "double"),
                        ("on_ground", "bool")]),
    "look": (0x0C, [("yaw", "float"), ("pitch", "float"), ("on_ground", "bool")]),
    # The client's order: X, Y, Stance, Z.
    "position_look": (0x0D, [("x", "double"), ("y", "double"), ("stance", "double"), ("z", "double"),
                             ("yaw", "float"), ("pitch", "float"), ("on_ground", "bool")]),
    "digging": (0x0E, [("status", "byte"), ("x", "int"), ("y", "byte"), ("z", "int"), ("face", "byte")]),
    "placement": (0x0F, [("block_id", "short"), ("x", "int"), ("y", "byte"), ("z", "int"), ("direction", "byte")]),
    "holding": (0x10, [("unused", "int"), ("item_id", "short")]),
    "animation": (0x12, [("eid", "int"), ("animate", "bool")]),
    "pickup_spawn": (0x15, [("eid", "int"), ("item", "short"), ("count", "byte"), ("x", "abs_int"),
                            ("y", "abs_int"), ("z", "abs_int"), ("rotation", "angle"), ("pitch", "angle"),
                            ("roll", "angle")]),
    "complex": (0x3B, None),  # "Packet 0x3B now being sent from client" (2010-12-01)
    "kick": (0xFF, [("reason", "string")]),
}
SERVER = {
    "keep_alive": (0x00, []),
    "login": (0x01, [("eid", "int"), ("unknown_1", "string"), ("unknown_2", "string"), ("map_seed", "long"),
                     ("dimension", "byte")]),
    "handshake": (0x02, [("connection_hash", "string")]),
    "chat": (0x03, [("message", "string")]),
    "time": (0x04, [("time", "long")]),
    "inventory": (0x05, None),
    "spawn_position": (0x06, [("x", "int"), ("y", "int"), ("z", "int")]),
    "health": (0x08, [("health", "byte")]),
    "respawn": (0x09, []),
    # The server's order: X, Stance, Y, Z.
    "position_look": (0x0D, [("x", "double"), ("stance", "double"), ("y", "double"), ("z", "double"),
                             ("yaw", "float"), ("pitch", "float"), ("on_ground", "bool")]),
    "holding": (0x10, [("eid", "int"), ("item_id", "short")]),
    "add_to_inventory": (0x11, [("item_type", "short"), ("count", "byte"), ("life", "short")]),
    "animation": (0x12, [("eid", "int"), ("animate", "byte")]),
    "named_entity_spawn": (0x14, [("eid", "int"), ("name", "string"), ("x", "abs_int"), ("y", "abs_int"),
                                  ("z", "abs_int"), ("rotation", "angle"), ("pitch", "angle"),
                                  ("current_item", "short")]),
    "pickup_spawn": CLIENT["pickup_spawn"],
    "collect_item": (0x16, [("collected_eid", "int"), ("collector_eid", "int")]),
    "add_object": (0x17, [("eid", "int"), ("type", "byte"), ("x", "abs_int"), ("y", "abs_int"), ("z", "abs_int")]),
    "mob_spawn": (0x18, [("eid", "int"), ("type", "byte"), ("x", "abs_int"), ("y", "abs_int"), ("z", "abs_int"),
                         ("yaw", "angle"), ("pitch", "angle")]),
    "velocity": (0x1C, [("eid", "int"), ("vx", "velocity"), ("vy", "velocity"), ("vz", "velocity")]),
    "destroy": (0x1D, [("eid", "int")]),
    "entity": (0x1E, [("eid", "int")]),
    "relative_move": (0x1F, [("eid", "int"), ("dx", "rel_byte"), ("dy", "rel_byte"), ("dz", "rel_byte")]),
    "look": (0x20, [("eid", "int"), ("yaw", "angle"), ("pitch", "angle")]),
    "look_move": (0x21, [("eid", "int"), ("dx", "rel_byte"), ("dy", "rel_byte"), ("dz", "rel_byte"),
                         ("yaw", "angle"), ("pitch", "angle")]),
    "teleport": (0x22, [("eid", "int"), ("x", "abs_int"), ("y", "abs_int"), ("z", "abs_int"), ("yaw", "angle"),
                        ("pitch", "angle")]),
    "status": (0x26, [("eid", "int"), ("status", "byte")]),
    "attach": (0x27, [("eid", "int"), ("vehicle_eid", "int")]),
    "pre_chunk": (0x32, [("x", "int"), ("z", "int"), ("mode", "bool")]),
    "map_chunk": (0x33, None),
    "multi_block_change": (0x34, None),
    "block_change": (0x35, [("x", "int"), ("y", "byte"), ("z", "int"), ("block_type", "byte"),
                            ("block_metadata", "byte")]),
    "complex": (0x3B, None),
    "explosion": (0x3C, None),
    "kick": (0xFF, [("reason", "string")]),
}


def encode(table, msg, **v):
    name = msg
    mid, fields = table[name]
    out = bytes([mid])
    if fields is not None:
        for f, t in fields:
            out += ENC[t](v.get(f, 0))
        return out
    if name == "inventory":  # Type int, Count short, payload
        return out + struct.pack(">ih", v["type"], len(v["slots"])) + _inventory(v["slots"])
    if name == "map_chunk":  # X int, Y short, Z int, sizes - 1 as bytes, Compressed size int, data
        d = v["data"]
        return out + struct.pack(">ihiBBBi", v["x"], v["y"], v["z"], v["size_x"], v["size_y"], v["size_z"],
                                 len(d)) + d
    if name == "multi_block_change":  # Chunk X, Chunk Z, Array size short, coordinates, types, metadata
        n = len(v["coordinates"])
        return (out + struct.pack(">iih", v["chunk_x"], v["chunk_z"], n) +
                b"".join(struct.pack(">H", c & 0xFFFF) for c in v["coordinates"]) +
                bytes(t & 0xFF for t in v["types"]) + bytes(m & 0xFF for m in v["metadata"]))
    if name == "complex":  # X int, Y short, Z int, Payload Size short, payload (gzip NBT)
        p = v["payload"]
        return out + struct.pack(">ihih", v["x"], v["y"], v["z"], len(p)) + p
    if name == "explosion":  # X, Y, Z double, radius float, record count int, 3 bytes a record
        recs = v.get("records", [])
        count = v.get("record_count", len(recs))
        return (out + struct.pack(">dddfi", v["x"], v["y"], v["z"], v["radius"], count) +
                b"".join(struct.pack(">bbb", *r) for r in recs))
    raise KeyError(name)

# ---- the world the server sends --------------------------------------------

AIR, STONE, GRASS, DIRT, COBBLESTONE, BEDROCK, COAL, LOG, LEAVES, TORCH = 0, 1, 2, 3, 4, 7, 16, 17, 18, 50
GROUND_Y, TORCH_LIGHT, HEIGHT, SIDE = 69, 14, 128, 16


def mix(a, b, c):
    """A deterministic hash of a block position (coal, trees), in 32-bit arithmetic."""
    m = 0xFFFFFFFF
    h = ((a & m) * 73856093 ^ (b & m) * 19349663 ^ (c & m) * 83492791) & m
    h ^= h >> 13
    h = (h * 0x5BD1E995) & m
    return h ^ (h >> 15)


def has_tree(cx, cz):
    return mix(cx, 7, cz) % 3 == 0


def spawn_column(cx, cz):
    return cx == 7 and cz == -3


def block_at(cx, cz, x, y, z):
    if y == 0:
        return BEDROCK
    if y < 64:
        return COAL if mix(cx * SIDE + x, y, cz * SIDE + z) % 50 == 0 else STONE
    if y < GROUND_Y:
        return DIRT
    if y == GROUND_Y:
        return GRASS
    if spawn_column(cx, cz) and x == 8 and z == 8 and y == 70:
        return TORCH
    if has_tree(cx, cz):
        if x == 4 and z == 4 and y <= 73:
            return LOG
        if 72 <= y <= 75 and 2 <= x <= 6 and 2 <= z <= 6:
            return LEAVES
    return AIR


def light_at(cx, cz, x, y, z, sky):
    if sky:
        return 15 if y > GROUND_Y and block_at(cx, cz, x, y, z) == AIR else 0
    if not spawn_column(cx, cz):
        return 0
    d = abs(x - 8) + abs(y - 70) + abs(z - 8)  # the torch at (8, 70, 8), one less per block
    return TORCH_LIGHT - d if d < TORCH_LIGHT else 0


def region_data(cx, cz, x0, y0, z0, sx, sy, sz):
    """The document's Map Chunk data: block types, then metadata, block light and
    sky light nibbles (low nibble first), index y + z * sy + x * sy * sz."""
    n = sx * sy * sz
    half = (n + 1) // 2
    out = bytearray(n + 3 * half)
    for x in range(sx):
        for z in range(sz):
            for y in range(sy):
                i = y + z * sy + x * sy * sz
                bx, by, bz = x0 + x, y0 + y, z0 + z
                out[i] = block_at(cx, cz, bx, by, bz)
                for base, sky in ((n + half, False), (n + 2 * half, True)):
                    val = light_at(cx, cz, bx, by, bz, sky)
                    j = base + (i >> 1)
                    out[j] = (out[j] & 0x0F) | (val << 4) if i & 1 else (out[j] & 0xF0) | (val & 0x0F)
    return bytes(out)


def column_data(cx, cz):
    return region_data(cx, cz, 0, 0, 0, SIDE, HEIGHT, SIDE)


def zlib_compress(raw):
    return zlib.compress(raw, -1)  # "the deflate() function in zlib", default level


def gzip_compress(raw):
    c = zlib.compressobj(-1, zlib.DEFLATED, 15 + 16)  # zlib's own gzip wrapper (mtime 0)
    return c.compress(raw) + c.flush()


def nbt_name(tag, name):
    b = name.encode()
    return bytes([tag]) + struct.pack(">h", len(b)) + b


def chest_nbt(x, y, z, item, count):
    """A chest's tile entity: TAG_Compound "" {id "Chest", x, y, z, Items: [ {Slot, id, Count, Damage} ]}."""
    s = nbt_name(10, "")
    s += nbt_name(8, "id") + struct.pack(">h", 5) + b"Chest"
    for k, val in (("x", x), ("y", y), ("z", z)):
        s += nbt_name(3, k) + struct.pack(">i", val)
    s += nbt_name(9, "Items") + bytes([10]) + struct.pack(">i", 1)
    s += nbt_name(1, "Slot") + b"\x00"
    s += nbt_name(2, "id") + struct.pack(">h", item)
    s += nbt_name(1, "Count") + struct.pack(">b", count)
    s += nbt_name(2, "Damage") + struct.pack(">h", 0)
    return s + b"\x00" + b"\x00"  # ends of the item and of the root

# ---- the sessions ------------------------------------------------------------

START = 1292544000.0  # 2010-12-17 00:00:00 UTC, the document's revision
PLAYER, BOB, SHEEP, PIG, ITEM, CART = 1298, 1500, 1600, 1601, 1700, 1800  # 1298: the document's example
SPAWN = (117, 70, -46)  # the document's Spawn Position example
AROUND = 2
SMALL_CORRECTION, FAR_CORRECTION = 0.3, 2.5
TICK, SERVER_LAG, EYE = 0.05, 0.01, 1.62
MAP_SEED = 971768181197178410  # the document's Login Response example
KICK_REASON = "The server is full!"


class Script:
    def __init__(self):
        self.out = []  # (time, from_client, bytes)
        self.t = START

    def wait(self, s):
        self.t += s

    def c(self, msg, **v):
        self.out.append((self.t, True, encode(CLIENT, msg, **v)))

    def s(self, msg, **v):
        self.out.append((self.t, False, encode(SERVER, msg, **v)))

    def raw(self, from_client, b):
        self.out.append((self.t, from_client, bytes(b)))

    def done(self):
        return sorted(self.out, key=lambda r: r[0])  # stable: same time, order written


def slot(item, count, uses):
    return (item, count, uses)


def inventory(kind, items, slots):
    return dict(type=kind, slots=items + [(-1,)] * (slots - len(items)))


def column(cx, cz):
    return dict(x=cx * 16, y=0, z=cz * 16, size_x=15, size_y=127, size_z=15, data=zlib_compress(column_data(cx, cz)))


def load_column(sc, cx, cz):
    sc.s("pre_chunk", x=cx, z=cz, mode=1)
    sc.s("map_chunk", **column(cx, cz))


def ppl_server(x, y, z):
    return dict(x=x, stance=y + EYE, y=y, z=z, yaw=0.0, pitch=0.0, on_ground=0)


def ppl_client(x, y, z, yaw):
    return dict(x=x, y=y, stance=y + EYE, z=z, yaw=yaw, pitch=0.0, on_ground=1)


def position(x, y, z):
    return dict(x=x, y=y, stance=y + EYE, z=z, on_ground=1)


def login(sc, version):
    sc.c("handshake", username="alice")
    sc.wait(0.004)
    sc.s("handshake", connection_hash="-")
    sc.wait(0.006)
    sc.c("login", protocol_version=version, username="alice", password="", map_seed=0, dimension=0)
    sc.wait(0.02)
    sc.s("login", eid=PLAYER, unknown_1="", unknown_2="", map_seed=MAP_SEED, dimension=0)


def server_tick(sc, k):
    if k % 20 == 0:
        sc.s("keep_alive")
        sc.s("time", time=6000 + k)
    if k == 5:
        sc.s("named_entity_spawn", eid=BOB, name="bob", x=120.5, y=70, z=-40.5, rotation=90.0, current_item=0)
    if k == 6:
        sc.s("mob_spawn", eid=SHEEP, type=91, x=110.5, y=70, z=-50.5)
        sc.s("mob_spawn", eid=PIG, type=90, x=112.5, y=70, z=-52.5, yaw=-37.96875)  # -27: the document's example
    if k == 7:
        sc.s("entity", eid=SHEEP)
    if 8 <= k < 200 and k % 2 == 0 and k != 100:
        step = (4 if k // 2 % 4 < 2 else -4) / 32.0
        if k % 6 == 0:
            sc.s("look_move", eid=BOB, dx=step, dy=0.0, dz=0.0, yaw=float(k % 256), pitch=0.0)
        elif k % 6 == 2:
            sc.s("relative_move", eid=BOB, dx=0.0, dy=0.0, dz=step)
        else:
            sc.s("look", eid=BOB, yaw=45.0, pitch=-11.25)
    if k == 100:
        sc.s("teleport", eid=BOB, x=126.5, y=70, z=-39.5, yaw=180.0, pitch=0.0)
    if k % 10 == 3 and 6 < k < 160:
        sc.s("relative_move", eid=SHEEP, dx=0.09375, dy=0.0, dz=-0.0625)
    if k == 30:
        sc.s("velocity", eid=SHEEP, vx=-0.04196875, vy=0.0, vz=0.0)  # -1343: the document's example
    if k == 26:
        sc.s("chat", message="<alice> Hello World!")
    if k == 40:
        sc.s("chat", message="<bob> hi alice")
    if k == 63:
        sc.s("block_change", x=120, y=69, z=-45, block_type=0, block_metadata=0)
    if k == 64:
        sc.s("pickup_spawn", eid=ITEM, item=DIRT, count=1, x=120.5, y=69.5, z=-44.5, rotation=16 * 360.0 / 256)
    if k == 70:
        sc.s("collect_item", collected_eid=ITEM, collector_eid=PLAYER)
    if k == 71:
        sc.s("destroy", eid=ITEM)
        sc.s("add_to_inventory", item_type=DIRT, count=1, life=0)
    if k == 76:
        sc.s("block_change", x=120, y=69, z=-45, block_type=COBBLESTONE, block_metadata=0)
    if k == 77:
        sc.s("animation", eid=BOB, animate=1)
    if k == 81:
        sc.s("holding", eid=BOB, item_id=COBBLESTONE)
    if k == 85:
        sc.s("add_object", eid=CART, type=10, x=125.5, y=70, z=-40.5)
    if k == 86:
        sc.s("attach", eid=BOB, vehicle_eid=CART)
    if 86 < k < 96 and k % 2 == 1:
        sc.s("relative_move", eid=CART, dx=0.25, dy=0.0, dz=0.0)
    if k == 88:
        sc.s("velocity", eid=CART, vx=0.25, vy=0.0, vz=0.0)
    if k == 96:
        sc.s("attach", eid=BOB, vehicle_eid=-1)
    if k == 101:
        # The document's Multi Block Change example ((8, 7, 4), 11, 0), ((7, 13, 6), 11, 0),
        # ((13, 1, 8), 11, 0), ((7, 6, 6), 11, 0): x in the top 4 bits, z the next 4, y the low 8.
        xyz = [x << 12 | z << 8 | y for x, y, z in ((8, 7, 4), (7, 13, 6), (13, 1, 8), (7, 6, 6))]
        sc.s("multi_block_change", chunk_x=SPAWN[0] >> 4, chunk_z=SPAWN[2] >> 4, coordinates=xyz,
             types=[11] * 4, metadata=[0] * 4)
    if k == 105:
        sc.s("complex", x=118, y=70, z=-44, payload=gzip_compress(chest_nbt(118, 70, -44, COBBLESTONE, 32)))
    if k == 110:
        recs = [(i % 3 - 1, i // 3 - 1, 1 - i % 2) for i in range(6)]
        sc.s("explosion", x=125.5, y=70.0, z=-40.5, radius=3.0, records=recs)
    if k == 113:
        sc.s("status", eid=SHEEP, status=2)
    if k == 114:
        sc.s("health", health=18)
    if k == 121:
        # The player crossed into column x 8: columns x 10 load, x 5 unload.
        cz0 = SPAWN[2] >> 4
        for cz in range(cz0 - AROUND, cz0 + AROUND + 1):
            sc.s("pre_chunk", x=(SPAWN[0] >> 4) - AROUND, z=cz, mode=0)
            load_column(sc, (SPAWN[0] >> 4) + AROUND + 1, cz)
    if k == 160:
        sc.s("status", eid=PIG, status=3)
    if k == 161:
        sc.s("destroy", eid=PIG)
    if k == 170:
        sc.s("health", health=0)
    if k == 200:
        sc.s("destroy", eid=BOB)


def session():
    sc = Script()
    login(sc, 6)
    sc.wait(0.001)
    sc.s("time", time=6000)
    sc.s("spawn_position", x=SPAWN[0], y=SPAWN[1], z=SPAWN[2])
    sc.s("inventory", **inventory(-1, [slot(270, 1, 3), slot(DIRT, 64, 0), slot(COBBLESTONE, 32, 0)], 36))
    sc.s("inventory", **inventory(-2, [], 4))
    sc.s("inventory", **inventory(-3, [], 4))
    cx0, cz0 = SPAWN[0] >> 4, SPAWN[2] >> 4
    for cx in range(cx0 - AROUND, cx0 + AROUND + 1):
        for cz in range(cz0 - AROUND, cz0 + AROUND + 1):
            sc.wait(0.002)
            load_column(sc, cx, cz)
    sc.wait(0.01)
    x, y, z = SPAWN[0] + 0.5, SPAWN[1], SPAWN[2] + 0.5
    sc.s("position_look", **ppl_server(x, y, z))
    sc.wait(0.02)
    sc.c("position_look", **ppl_client(x, y, z, 0))
    t0 = sc.t + TICK
    echo = False  # the client answers a server position with its own
    for k in range(221):
        sc.t = t0 + k * TICK
        walking = 20 <= k < 120
        server_x, correct = 0.0, False
        if echo:
            sc.c("position_look", **ppl_client(x, y, z, 270))
            echo = False
        elif walking:
            claimed = x + 0.2
            if k == 50:  # the client claims a jump: pulled back
                server_x = claimed
                claimed += FAR_CORRECTION
                correct = True
            elif k == 90:  # a small disagreement
                server_x = claimed - SMALL_CORRECTION
                correct = True
            if k % 20 == 0:
                sc.c("position_look", **ppl_client(claimed, y, z, 270))
            else:
                sc.c("position", **position(claimed, y, z))
            x = claimed
        elif k % 7 == 0:
            sc.c("look", yaw=float(k), pitch=-5.0, on_ground=1)
        else:
            sc.c("player", on_ground=1)
        if k % 20 == 10:
            sc.c("keep_alive")
        if k == 25:
            sc.c("chat", message="Hello World!")
        if 60 <= k <= 63:
            sc.c("digging", status=0 if k == 60 else 3 if k == 63 else 1, x=120, y=69, z=-45, face=1)
        if k == 75:
            sc.c("placement", block_id=COBBLESTONE, x=120, y=68, z=-45, direction=1)
            sc.c("animation", eid=PLAYER, animate=1)
        if k == 80:
            sc.c("holding", unused=0, item_id=COBBLESTONE)
        if k == 112:
            sc.c("use_entity", user=PLAYER, target=SHEEP, left_click=1)
        if k == 140:
            sc.c("inventory", **inventory(-3, [slot(LOG, 1, 0)], 4))
        if k == 145:  # the client updates the chest it opened
            sc.c("complex", x=118, y=70, z=-44, payload=gzip_compress(chest_nbt(118, 70, -44, COBBLESTONE, 31)))
        if k == 150:
            sc.c("pickup_spawn", eid=1701, item=COBBLESTONE, count=1, x=x, y=y + 1.5, z=z)
        if k == 175:
            sc.c("respawn")
        sc.t = t0 + k * TICK + SERVER_LAG
        if correct:
            x = server_x
            sc.s("position_look", **ppl_server(x, y, z))
            echo = True
        if k == 176:
            sc.s("respawn")
            x, z = SPAWN[0] + 0.5, SPAWN[2] + 0.5
            sc.s("position_look", **ppl_server(x, y, z))
            echo = True
        if k == 179:
            sc.s("health", health=20)
        server_tick(sc, k)
        if k == 220:
            sc.s("kick", reason=KICK_REASON)
    return sc.done()


def anomalies():
    sc = Script()
    sc.c("handshake", username="mallory")
    sc.wait(0.002)
    sc.c("player", on_ground=1)  # before the login: out of place
    sc.wait(0.004)
    sc.s("handshake", connection_hash="+")
    sc.wait(0.006)
    sc.c("login", protocol_version=5, username="mallory", password="hunter2", map_seed=0, dimension=0)
    sc.wait(0.02)
    sc.s("login", eid=PLAYER, unknown_1="", unknown_2="", map_seed=MAP_SEED, dimension=0)
    sc.wait(0.01)
    sc.s("inventory", **inventory(-1, [slot(DIRT, 64, 0)], 35))  # 35 slots: main has 36
    sc.s("position_look", **ppl_server(0.5, 70, 0.5))
    sc.wait(0.02)
    sc.c("position_look", **ppl_client(0.5, 70, 0.5, 0))
    sc.wait(0.05)
    sc.s("handshake", connection_hash="-")  # during play: out of place

    # Chunks: a column announced twice, one never announced, a region that
    # leaves its chunk, data of the wrong size, data that is not zlib, a
    # region larger than a column, unloads of unknown and unloaded columns.
    sc.s("pre_chunk", x=0, z=0, mode=1)
    sc.s("map_chunk", **column(0, 0))
    sc.s("pre_chunk", x=0, z=0, mode=1)
    sc.s("map_chunk", **column(20, 20))  # never announced
    sc.s("map_chunk", **dict(column(0, 0), x=8))  # x 8..23 crosses into column 1
    sc.s("pre_chunk", x=1, z=0, mode=1)
    sc.s("map_chunk", x=16, y=0, z=0, size_x=15, size_y=127, size_z=15,
         data=zlib_compress(region_data(1, 0, 0, 0, 0, 16, 64, 16)))
    sc.s("pre_chunk", x=2, z=0, mode=1)
    sc.s("map_chunk", x=32, y=0, z=0, size_x=15, size_y=127, size_z=15, data=b"\x78\x9c not deflate data")
    sc.s("map_chunk", x=48, y=0, z=0, size_x=255, size_y=127, size_z=255, data=zlib_compress(bytes(64)))
    sc.s("pre_chunk", x=30, z=30, mode=0)
    sc.s("pre_chunk", x=1, z=0, mode=0)
    sc.s("pre_chunk", x=1, z=0, mode=0)

    # Entities: a move for an entity never spawned, a spawn twice, a destroy
    # twice, a mob type the document does not list.
    sc.wait(0.05)
    sc.s("relative_move", eid=9999, dx=0.125, dy=0.0, dz=0.0)
    sc.s("mob_spawn", eid=2000, type=91, x=4.5, y=70, z=4.5)
    sc.s("destroy", eid=2000)
    sc.s("destroy", eid=2000)
    sc.s("mob_spawn", eid=2001, type=91, x=4.5, y=70, z=4.5)
    sc.s("mob_spawn", eid=2001, type=91, x=4.5, y=70, z=4.5)
    sc.s("mob_spawn", eid=2002, type=50, x=4.5, y=70, z=4.5)
    sc.s("complex", x=1, y=70, z=1, payload=chest_nbt(1, 70, 1, 4, 1))  # not gzip

    # An id the document does not know, then an impossible count: the
    # server's stream cannot be cut until three clean messages follow.
    sc.wait(0.05)
    sc.raw(False, [0x99, 0x00, 0x00, 0x01])
    for i in range(4):
        sc.s("time", time=7000 + 20 * i)
    sc.s("explosion", x=1.5, y=70.0, z=1.5, radius=3.0, record_count=-1)
    for i in range(4):
        sc.s("look", eid=2001, yaw=90.0, pitch=0.0)

    # Movement: a far correction, an illegal stance; a chat message over 100
    # characters; a client silent for 61 s.
    sc.wait(0.05)
    sc.c("position", **position(10.5, 70, 0.5))
    sc.wait(0.01)
    sc.s("position_look", **ppl_server(0.5, 70, 0.5))
    sc.wait(0.04)
    sc.c("position_look", **ppl_client(0.5, 70, 0.5, 0))
    sc.c("chat", message="a" * 120)
    sc.wait(61)
    sc.c("position", x=0.5, y=70.0, stance=72.0, z=0.5, on_ground=1)
    sc.wait(0.01)
    sc.s("kick", reason="Illegal stance")
    sc.s("chat", message="<server> after the kick")
    sc.wait(0.01)
    sc.c("kick", reason="Quitting")
    return sc.done()

# ---- the TCP connection (captures/mc_alpha/README.md, "The TCP connection") --

SIZES = [1, 2, 3, 5, 7, 11, 13, 536, 1460, 4, 9, 1448, 6, 17, 1000, 1460, 1460, 2, 8, 300]
SAME_WRITE = 0.002  # messages of one direction this close in time leave in one write


def write(path, recs, variant, server_ends):
    w = pcapfile.PcapWriter(path)
    client = pcapfile.Side([0x02, 0, 0, 0, 0, 0x02], [192, 0, 2, 2], 51234, 0x12345678)
    server = pcapfile.Side([0x02, 0, 0, 0, 0, 0x01], [192, 0, 2, 1], 25565, 0xFFFFF000)  # wraps
    tcp = pcapfile.TcpConnection(w, client, server)
    tcp.handshake(recs[0][0] - 0.002, 0.0004)
    next_size = [0, 11]
    server_data = 0
    chosen = 200  # the variants' segments: about 60 % into the server's data
    gap_done = False
    resend = []
    i = 0
    while i < len(recs):
        t, from_client = recs[i][0], recs[i][1]
        d = 0 if from_client else 1
        data = b""
        j = i
        while j < len(recs) and recs[j][1] == from_client and recs[j][0] - t < SAME_WRITE:
            data += recs[j][2]
            j += 1
        for (rc, off, b) in resend:  # retransmissions wait for the next write
            tcp.data(t, rc, b, off)
        resend = []
        off = tcp.sent[d]
        pos = k = 0
        while pos < len(data):
            n = min(SIZES[next_size[d] % len(SIZES)], len(data) - pos)
            next_size[d] += 1
            ts = t + k * 1e-5
            missing = variant == "gap" and not from_client and not gap_done and server_data >= chosen and n >= 500
            gap_done |= missing
            tcp.data(ts, from_client, data[pos:pos + n], off + pos, not missing)
            if variant == "retransmission" and not from_client and server_data in (chosen, chosen + 40):
                resend.append((False, off + pos, data[pos:pos + n]))
            if variant == "retransmission" and not from_client and server_data == chosen + 81 and pos > 0:
                prev = SIZES[(next_size[d] - 2) % len(SIZES)]  # one segment that covers the previous and this
                start = pos - prev if pos >= prev else 0
                resend.append((False, off + start, data[start:pos + n]))
            if not from_client:
                server_data += 1
            pos += n
            k += 1
            if k % 2 == 0 or pos == len(data):
                tcp.ack(ts + 2e-6, not from_client)
        i = j
    end = recs[-1][0]
    tcp.fin(end + 0.001, not server_ends)
    tcp.ack(end + 0.0015, server_ends)
    tcp.fin(end + 0.0016, server_ends)
    tcp.ack(end + 0.002, not server_ends)
    w.close()
    return tcp.frames


def main():
    out = Path(sys.argv[1])
    s, a = session(), anomalies()
    for name, recs, variant, server_ends in (("mc_alpha-session.pcap", s, "clean", True),
                                             ("mc_alpha-session-gap.pcap", s, "gap", True),
                                             ("mc_alpha-session-retransmission.pcap", s, "retransmission", True),
                                             ("mc_alpha-anomalies.pcap", a, "clean", False)):
        frames = write(str(out / name), recs, variant, server_ends)
        print(f"{name}: {frames} frames")


if __name__ == "__main__":
    main()
