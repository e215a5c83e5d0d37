#!/usr/bin/env python3
"""Counts, for every 1.18+ Chunk Data of the corpus (minecraft-packets.tar.xz, map_chunk/N.raw), where
its sections end and what follows them. Python 3 standard library only; shares nothing with blankshark.

A 1.18+ Chunk Data (wiki.vg "Chunk Format"): packet id, Int x, Int z, the heightmaps (a named NBT
compound), a VarInt size and that many bytes of sections, then block entities and light. Each section:
Short block count, then two paletted containers (block states, biomes): a Byte of bits per entry; 0: one
VarInt value; up to 8 (blocks) or 3 (biomes): a VarInt count of palette VarInts; then a VarInt count of
longs and the longs. The world's height is the dimension type's (the overworld's 384 blocks: 24 sections).

For each chunk it prints the release, the file, the buffer size, the single-valued containers of the
first 24 sections, and how many bytes follow the 24th section and whether they are all zero: a vanilla
server leaves one zero byte per single-valued container.

  chunk_padding.py
"""
import os
import struct
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
SECTIONS = 24  # the overworld: 384 blocks / 16


def varint(b, i):
    v = s = 0
    while True:
        c = b[i]
        i += 1
        v |= (c & 0x7F) << s
        s += 7
        if not c & 0x80:
            return v, i


def nbt_payload(b, i, t):
    fixed = {1: 1, 2: 2, 3: 4, 4: 8, 5: 4, 6: 8}
    if t in fixed:
        return i + fixed[t]
    if t == 7:
        return i + 4 + struct.unpack(">i", b[i:i + 4])[0]
    if t == 8:
        return i + 2 + struct.unpack(">H", b[i:i + 2])[0]
    if t == 9:
        et, n = b[i], struct.unpack(">i", b[i + 1:i + 5])[0]
        i += 5
        for _ in range(n):
            i = nbt_payload(b, i, et)
        return i
    if t == 10:
        while True:
            tt = b[i]
            i += 1
            if tt == 0:
                return i
            i += 2 + struct.unpack(">H", b[i:i + 2])[0]
            i = nbt_payload(b, i, tt)
    if t in (11, 12):
        return i + 4 + (4 if t == 11 else 8) * struct.unpack(">i", b[i:i + 4])[0]
    raise ValueError("NBT tag %d" % t)


def container(d, i, max_indirect):
    bits = d[i]
    i += 1
    if bits == 0:
        _, i = varint(d, i)
    elif bits <= max_indirect:
        n, i = varint(d, i)
        for _ in range(n):
            _, i = varint(d, i)
    n, i = varint(d, i)
    return i + 8 * n, bits == 0


def main():
    with tarfile.open(os.path.join(HERE, "minecraft-packets.tar.xz"), "r:xz") as tar:
        names = sorted(m.name for m in tar.getmembers() if "/from-server/map_chunk/" in m.name)
        for name in names:
            release = name.split("/")[2]
            if tuple(int(x) for x in release.split(".")[:2]) < (1, 18):
                continue
            b = tar.extractfile(name).read()
            _, i = varint(b, 0)
            i += 8
            t = b[i]
            i += 3 + struct.unpack(">H", b[i + 1:i + 3])[0]
            i = nbt_payload(b, i, t)
            size, i = varint(b, i)
            d = b[i:i + size]
            j = singles = 0
            for _ in range(SECTIONS):
                j += 2
                j, one = container(d, j, 8)
                singles += one
                j, one = container(d, j, 3)
                singles += one
            rest = d[j:]
            print(release, name.split("/")[-1], "size", size, "single-valued", singles, "after", SECTIONS,
                  "sections:", len(rest), "bytes,", "all zero" if not any(rest) else "NOT zero")
    return 0


if __name__ == "__main__":
    sys.exit(main())
