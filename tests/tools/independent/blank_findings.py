#!/usr/bin/env python3
"""Writes a capture of the voxel game blank (seed 004: doc/protocol of the
current revision) in which each conversation shows one thing the analysis
reports that the real captures do not: a refused login, silences and a
timeout, a seq used again for other bytes, a seq from far back, a history
that contradicts an earlier ack, a correction of an update never seen,
chunk transmissions that go wrong (resent, overlapping with other bytes,
past their size, an id used again, data that does not inflate, inflates to
the wrong size or has bytes after its zlib stream, a size above the limit).

    python3 tests/tools/independent/blank_findings.py OUT.pcap

Every packet is laid out here from the document (16-byte header: tag
0xFB1AB1AF, seq, ack, ack history, type, 3 bytes of padding the game
writes 7f 00 00; little-endian), with Python's standard library: nothing of
blankshark. Conversation k is client 10.1.0.2:(40000 + k) with server
10.1.0.1:12354; packets 20 ms apart unless a scenario says otherwise.
tests/analyzer/finding_ledger.tsv holds the frames and texts."""

import struct
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pcapfile  # noqa: E402

TAG = 0xFB1AB1AF
PING, LOGIN, JOIN, PART, PLAYER_UPDATE, SPAWN, DESPAWN, ENTITY_UPDATE, CORRECTION, CHUNK_BEGIN, CHUNK_DATA = range(11)
SERVER = (10, 1, 0, 1)
CLIENT = (10, 1, 0, 2)
PORT = 12354
CHUNK_BYTES = 20484  # 4096 blocks x 4 bytes, 4096 light bytes, 2 flag bytes, 2 pad bytes


def packet(seq, ack, hist, kind, payload=b""):
    return struct.pack("<IHHIB", TAG, seq, ack, hist, kind) + b"\x7f\x00\x00" + payload


def entity_state():
    """42 bytes: chunk pos vec3i, block pos vec3u, velocity vec3, orientation quat (identity: w largest,
    the others at the middle of their range), pitch, yaw."""
    quat = 3 << 62 | 524287 << 40 | 524287 << 20 | 524287
    return struct.pack("<iiiHHHfffQhh", 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.0, quat, 0, 0)


def entity_state_at(chunk_x, block_x_packu):
    """An entity state at chunk (chunk_x, 0, 0), block position (block_x_packu / 65535 x 16, 0, 0)."""
    quat = 3 << 62 | 524287 << 40 | 524287 << 20 | 524287
    return struct.pack("<iiiHHHfffQhh", chunk_x, 0, 0, block_x_packu, 0, 0, 0.0, 0.0, 0.0, quat, 0, 0)


def name(s, size=32):
    b = s.encode()
    return b + bytes(size - len(b))


def login(seq, ack=0xFFFF, hist=0xFFFFFFFF):
    return packet(seq, ack, hist, LOGIN, name("alice"))


def join(seq, ack, hist):
    return packet(seq, ack, hist, JOIN, struct.pack("<I", 1) + entity_state() + name("default"))


def chunk_begin(seq, ack, hist, tid, size, coords=(0, 0, 0), flags=1):
    return packet(seq, ack, hist, CHUNK_BEGIN, struct.pack("<IIiiiI", tid, flags, *coords, size))


def chunk_data(seq, ack, hist, tid, offset, data):
    return packet(seq, ack, hist, CHUNK_DATA, struct.pack("<III", tid, offset, len(data)) + data)


class Capture:
    def __init__(self, path):
        self.w = pcapfile.PcapWriter(path)
        self.t = 100.0
        self.conv = 0

    def conversation(self, steps):
        """steps: (from_client, bytes[, seconds after the previous packet])."""
        self.conv += 1
        port = 40000 + self.conv
        self.t += 1.0
        for s in steps:
            self.t += s[2] if len(s) > 2 else 0.02
            ends = [(bytes(CLIENT), port), (bytes(SERVER), PORT)]
            (src, sport), (dst, dport) = ends if s[0] else ends[::-1]
            self.w.record(self.t, pcapfile.ethernet_ipv4_udp(src, dst, sport, dport, s[1]))


def main():
    c = Capture(sys.argv[1])
    C, S = True, False
    # 1. A refused login (frames 1-2): the server answers Login with Part.
    c.conversation([(C, login(0)), (S, packet(0, 0, 0xFFFFFFFE, PART))])
    # 2. Silences (frames 3-8): the client quiet for 2 s (a silence), then for 12 s (a timeout).
    c.conversation([(C, login(0)), (S, join(0, 0, 0xFFFFFFFE)), (C, packet(1, 0, 0xFFFFFFFE, PING)),
                    (C, packet(2, 0, 0xFFFFFFFE, PING), 2.0), (S, packet(1, 2, 0xFFFFFFFF, PING), 0.02),
                    (C, packet(3, 1, 0xFFFFFFFF, PING), 12.0)])
    # 3. A seq used again for other bytes (frames 9-11): Ping seq 1, then a Part with seq 1.
    c.conversation([(C, login(0)), (C, packet(1, 0xFFFF, 0xFFFFFFFF, PING)), (C, packet(1, 0xFFFF, 0xFFFFFFFF, PART))])
    # 4. A seq from far back (frames 12-13): 2000, then 10 (1990 back; the window is 1024).
    c.conversation([(C, packet(2000, 0xFFFF, 0xFFFFFFFF, PING)), (C, packet(10, 0xFFFF, 0xFFFFFFFF, PING))])
    # 5. A history that contradicts an earlier ack (frames 14-19): the client sends seqs 0-3; the
    # server acks 3 with 0-2 received, then again 3 with seq 1 not received (its ack did not move back).
    c.conversation([(C, login(0)), (C, packet(1, 0xFFFF, 0xFFFFFFFF, PING)), (C, packet(2, 0xFFFF, 0xFFFFFFFF, PING)),
                    (C, packet(3, 0xFFFF, 0xFFFFFFFF, PING)), (S, packet(0, 3, 0x00000007, PING)),
                    (S, packet(1, 3, 0x00000005, PING))])
    # 6. A correction of an update never seen (frames 20-22): PlayerCorrection names seq 77.
    c.conversation([(C, login(0)), (S, join(0, 0, 0xFFFFFFFE)),
                    (S, packet(1, 0, 0xFFFFFFFE, CORRECTION, struct.pack("<H", 77) + entity_state()))])
    # 7. A chunk transmission (frames 23-28): id 1, 100 bytes compressed (flags 1); its ChunkBegin
    # and its first piece (10 bytes at offset 0) resent under new seqs; a piece at offset 0 with
    # other bytes; a piece of 10 bytes at offset 95, past the size. It never completes: 85 of its
    # 100 bytes missing (0-9 and 95-99 came).
    c.conversation([(S, chunk_begin(0, 0xFFFF, 0xFFFFFFFF, 1, 100)),
                    (S, chunk_data(1, 0xFFFF, 0xFFFFFFFF, 1, 0, b"\x78\x9c" + bytes(8))),
                    (S, chunk_begin(2, 0xFFFF, 0xFFFFFFFF, 1, 100)),
                    (S, chunk_data(3, 0xFFFF, 0xFFFFFFFF, 1, 0, b"\x78\x9c" + bytes(8))),
                    (S, chunk_data(4, 0xFFFF, 0xFFFFFFFF, 1, 0, bytes(10))),
                    (S, chunk_data(5, 0xFFFF, 0xFFFFFFFF, 1, 95, bytes(10)))])
    good = zlib.compress(bytes(CHUNK_BYTES))
    # 8. An id used again with other parameters while live; data that does not inflate; zlib data
    # of 100 bytes (not 20484); a whole chunk with 3 bytes after its zlib stream; an announced size
    # above the limit (65536).
    small = zlib.compress(bytes(100))
    c.conversation([(S, chunk_begin(0, 0xFFFF, 0xFFFFFFFF, 2, 50)),
                    (S, chunk_begin(1, 0xFFFF, 0xFFFFFFFF, 2, 60)),
                    (S, chunk_begin(2, 0xFFFF, 0xFFFFFFFF, 3, 20)),
                    (S, chunk_data(3, 0xFFFF, 0xFFFFFFFF, 3, 0, b"\x78\x9c" + b"\xff" * 18)),
                    (S, chunk_begin(4, 0xFFFF, 0xFFFFFFFF, 4, len(small))),
                    (S, chunk_data(5, 0xFFFF, 0xFFFFFFFF, 4, 0, small)),
                    (S, chunk_begin(6, 0xFFFF, 0xFFFFFFFF, 5, len(good) + 3)),
                    (S, chunk_data(7, 0xFFFF, 0xFFFFFFFF, 5, 0, good + b"\x01\x02\x03")),
                    (S, chunk_begin(8, 0xFFFF, 0xFFFFFFFF, 6, 70000))])
    # 9. A PlayerUpdate of 40 bytes: no revision has one of that length (fa73e36: 50, 933ca0f: 76).
    c.conversation([(C, login(0)), (C, packet(1, 0xFFFF, 0xFFFFFFFF, PLAYER_UPDATE, bytes(40)))])
    # 10. The client's seq 1 counted lost by the game's rule (frames 40-76): the client sends
    # seqs 0-3, the server acks 3 with a history without seq 1 (bit 1 of 0xFFFFFFFD), the client
    # sends 4-34, the server acks 34: seq 1 slid out of the window unacknowledged.
    steps = [(C, login(0))] + [(C, packet(k, 0xFFFF, 0xFFFFFFFF, PING)) for k in range(1, 4)]
    steps += [(S, packet(0, 3, 0xFFFFFFFD, PING))]
    steps += [(C, packet(k, 0, 0xFFFFFFFE, PING)) for k in range(4, 35)]
    steps += [(S, packet(1, 34, 0xFFFFFFFF, PING))]
    c.conversation(steps)
    # 11. Corrections (frames 77-83): PlayerUpdate seq 1 at block x 0, corrected 0.250 blocks off
    # (block x 1024 / 65535 x 16 = 0.250004); PlayerUpdate seq 2 at chunk 0, corrected at chunk 1:
    # 16 blocks off (the warning is at 0.5).
    update = lambda seq, chunk_x, bx: packet(seq, 0, 0xFFFFFFFE, PLAYER_UPDATE,  # noqa: E731
                                             entity_state_at(chunk_x, bx) + bytes(8))
    correction = lambda seq, of, chunk_x, bx: packet(seq, of, 0xFFFFFFFF, CORRECTION,  # noqa: E731
                                                     struct.pack("<H", of) + entity_state_at(chunk_x, bx))
    c.conversation([(C, login(0)), (S, join(0, 0, 0xFFFFFFFE)),
                    (C, update(1, 0, 0)), (S, correction(1, 1, 0, 1024)),
                    (C, update(2, 0, 0)), (S, correction(2, 2, 1, 0))])
    # 12. An ack of a seq never sent (frames 83-85): the client's seqs 0 and 1, the server acks 5.
    c.conversation([(C, login(0)), (C, packet(1, 0xFFFF, 0xFFFFFFFF, PING)), (S, packet(0, 5, 0xFFFFFFFF, PING))])
    c.w.close()


if __name__ == "__main__":
    main()
