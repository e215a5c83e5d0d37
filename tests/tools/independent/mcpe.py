#!/usr/bin/env python3
"""Writes the crafted Minecraft Pocket Edition 0.x captures
(captures/raknet/crafted/) with an encoder of its own, written from the
protocol document (seed 002: the Pocket Minecraft protocol page, MCPE
0.7.3, protocol 11, RakNet 5) in Python's standard library: no code, table
or value list of blankshark's decoder is used, so the tests that decode
these captures are not checking the decoder against itself.

    python3 tests/tools/independent/mcpe.py OUTDIR

Where the page cannot be read literally, this follows what RakNet and the
servers of the era (PocketMine Alpha) write, the decisions
captures/raknet/crafted/README.md and design.md record:
- numbers are big-endian, but RakNet's 24-bit counters (datagram number,
  message, sequencing and order indexes: "3 bytes") are little-endian;
- a system address is a version byte 4, the four IPv4 bytes inverted (the
  page's "Security + Cookie 0x043f57fefd" is 192.168.1.2), the port;
- Server Handshake (0x10) is RakNet's Connection Request Accepted: the
  client's address, the system index (short), 10 internal addresses, the
  request and accepted times (the page's 96 bytes; its "2 unknown bytes"
  are the index, which RakNet writes before the addresses); Client
  Handshake (0x13) is New Incoming Connection (94 bytes);
- a frame: flags (reliability << 5, 0x10 when split), length in bits
  (short), then the message index (reliable), the sequencing index
  (sequenced), the order index and channel (ordered and sequenced), the
  split count (int), split id (short) and split index (int);
- entity metadata ("Metadata byte[]"): entries keyed by type << 5 | index,
  values little-endian as PocketMine Alpha writes them, ended by 0x7F;
  inventory slots: id short, count byte, meta short;
- ChunkDataPacket "X int, Z int, byte, Data? byte[], Data? byte[]": a
  section count, then 4096 block ids and 2048 meta bytes per section;
- AddEntityPacket: the speeds follow when Did? is not 0."""

import math
import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pcapfile  # noqa: E402

MAGIC = bytes.fromhex("00ffff00fefefefefdfdfdfd12345678")  # the page's MAGIC
SERVER_IP, CLIENT_IP = (192, 168, 1, 2), (192, 168, 1, 10)
SERVER_PORT, CLIENT_PORT = 19132, 46946  # 46946: the page's Open Connection Reply 2 example
SERVER_GUID, CLIENT_GUID = 0x372CDC9E, 0xDB5C7C3A  # 0x372cdc9e: the page's Server ID example
MTU = 1464  # the page's Open Connection Request 2 example
FRAGMENT = 1400  # split fragment body: fits the MTU with every header
GAP, ACK_DELAY, NAK_DELAY, RESEND_DELAY = 0.020, 0.002, 0.001, 0.0005
DATAGRAM_FLAGS = 0x84  # valid, needs B and AS: as RakNet sends them

UNRELIABLE, UNRELIABLE_SEQUENCED, RELIABLE, RELIABLE_ORDERED = 0, 1, 2, 3
has_message_index = lambda r: r in (2, 3, 4, 6, 7)  # noqa: E731
is_sequenced = lambda r: r in (1, 4)  # noqa: E731
has_order = lambda r: r in (1, 3, 4, 7)  # noqa: E731
is_ordered = lambda r: r in (3, 7)  # noqa: E731


def u24le(v):
    return struct.pack("<I", v)[:3]


def string(s):
    b = s.encode()
    return struct.pack(">H", len(b)) + b


def address(ip, port):
    return bytes([4]) + bytes((~b) & 0xFF for b in ip) + struct.pack(">H", port)

# ---- RakNet -----------------------------------------------------------------

class Frame:
    def __init__(self, reliability, channel=0):
        self.reliability, self.channel = reliability, channel
        self.message_index = self.sequencing_index = self.order_index = 0
        self.split = False
        self.split_count = self.split_index = self.split_id = 0
        self.body = b""

    def encode(self):
        r = self.reliability
        out = struct.pack(">BH", r << 5 | (0x10 if self.split else 0), len(self.body) * 8)
        if has_message_index(r):
            out += u24le(self.message_index)
        if is_sequenced(r):
            out += u24le(self.sequencing_index)
        if has_order(r):
            out += u24le(self.order_index) + bytes([self.channel])
        if self.split:
            out += struct.pack(">IHI", self.split_count, self.split_id, self.split_index)
        return out + self.body


def datagram_bytes(seq, frames):
    return bytes([DATAGRAM_FLAGS]) + u24le(seq) + b"".join(f.encode() for f in frames)


def ack_bytes(nak, first, last):
    """One record: single when first == last."""
    rec = bytes([1]) + u24le(first) if first == last else bytes([0]) + u24le(first) + u24le(last)
    return bytes([0xA0 if nak else 0xC0]) + struct.pack(">H", 1) + rec


class Peer:
    def __init__(self):
        self.seq = self.message_index = self.split_id = 0
        self.order = [0] * 32
        self.sequencing = [0] * 32
        self.sent = {}  # datagram number -> its reliable frames
        self.expected = 0


class Sim:
    def __init__(self, start=1.0, offline=True, client_lost=(), server_lost=(), client_duplicated=()):
        self.start, self.offline_handshake = start, offline
        self.client_lost, self.server_lost, self.client_duplicated = client_lost, server_lost, client_duplicated
        self.peers = {True: Peer(), False: Peer()}  # from_client -> its sender
        self.out = []  # (time, from_client, bytes)
        self.pending = []  # resends: (time, from_client, frames)

    def record(self, t, from_client, b):
        self.out.append((t, from_client, b))

    def frame(self, from_client, r, channel):
        p = self.peers[from_client]
        f = Frame(r, channel)
        if has_message_index(r):
            f.message_index = p.message_index
            p.message_index += 1
        if is_sequenced(r):
            f.sequencing_index = p.sequencing[channel]
            p.sequencing[channel] += 1
        if has_order(r):
            f.order_index = p.order[channel]  # sequenced: the current ordering index
        return f

    def send(self, t, from_client, body, r, channel=0):
        p = self.peers[from_client]
        if len(body) <= FRAGMENT:
            f = self.frame(from_client, r, channel)
            f.body = body
            if is_ordered(r):
                p.order[channel] += 1
            self.datagram(t, from_client, [f])
            return
        # Split: one order index for the message, a message index per
        # fragment, reliable whatever was asked (as RakNet does).
        if r == UNRELIABLE:
            r = RELIABLE
        count = (len(body) + FRAGMENT - 1) // FRAGMENT
        sid = p.split_id & 0xFFFF
        p.split_id += 1
        order = p.order[channel]
        for i in range(count):
            f = self.frame(from_client, r, channel)
            f.order_index = order
            f.split, f.split_id, f.split_count, f.split_index = True, sid, count, i
            f.body = body[i * FRAGMENT:(i + 1) * FRAGMENT]
            self.datagram(t + i * 0.0001, from_client, [f])
        if is_ordered(r):
            p.order[channel] += 1

    def send_packed(self, t, from_client, bodies, r):
        frames = []
        for b in bodies:
            f = self.frame(from_client, r, 0)
            f.body = b
            if is_ordered(r):
                self.peers[from_client].order[0] += 1
            frames.append(f)
        self.datagram(t, from_client, frames)

    def flush(self, t, only=None):
        while True:
            best = None
            for i, (rt, rc, _) in enumerate(self.pending):
                if rt <= t and (only is None or rc == only) and (best is None or rt < self.pending[best][0]):
                    best = i
            if best is None:
                return
            rt, rc, frames = self.pending.pop(best)
            self.datagram(rt, rc, frames)

    def datagram(self, t, from_client, frames):
        self.flush(t, from_client)
        p, q = self.peers[from_client], self.peers[not from_client]
        seq = p.seq
        p.seq += 1
        p.sent[seq] = [f for f in frames if has_message_index(f.reliability)]
        b = datagram_bytes(seq, frames)
        lost_before = from_client and seq in self.client_lost
        lost_after = not from_client and seq in self.server_lost
        if not lost_before:
            self.record(t, from_client, b)
        if from_client and seq in self.client_duplicated:
            self.record(t + 0.00005, from_client, b)
        if lost_before or lost_after:
            return
        # The receiver NAKs what this datagram skipped and ACKs it; the
        # sender resends the NAKed datagrams' reliable frames in new datagrams.
        first = q.expected
        if seq >= q.expected:
            q.expected = seq + 1
        if seq > first:
            last = seq - 1
            self.record(t + NAK_DELAY, not from_client, ack_bytes(True, first, last))
            for s in range(first, last + 1):
                if p.sent.get(s):
                    self.pending.append((t + NAK_DELAY + RESEND_DELAY + (s - first) * 0.0001, from_client, p.sent[s]))
        self.record(t + ACK_DELAY, not from_client, ack_bytes(False, seq, seq))

    def offline(self, t):
        # Server list query: the page's ping (ping ID 0x3c6d0d, MAGIC) and pong.
        self.record(t, True, bytes([0x01]) + struct.pack(">q", 0x3C6D0D) + MAGIC)
        self.record(t + 0.001, False, bytes([0x1C]) + struct.pack(">qq", 0x3C6D0D, SERVER_GUID) + MAGIC +
                    string("MCCPP;MINECON;Steve's world"))
        t += 0.5
        # Open Connection Request 1 padded to the MTU: 1464 - 28 (UDP and IP headers) = 1436 bytes.
        padding = MTU - 28 - 1 - len(MAGIC) - 1
        self.record(t, True, bytes([0x05]) + MAGIC + bytes([5]) + bytes(padding))
        self.record(t + 0.001, False, bytes([0x06]) + MAGIC + struct.pack(">qBH", SERVER_GUID, 0, MTU))
        self.record(t + 0.002, True, bytes([0x07]) + MAGIC + address(SERVER_IP, SERVER_PORT) +
                    struct.pack(">Hq", MTU, CLIENT_GUID))
        self.record(t + 0.003, False, bytes([0x08]) + MAGIC + struct.pack(">qHHB", SERVER_GUID, CLIENT_PORT, MTU, 0))
        return t + 0.5

    def run(self, script):
        t = self.start
        if self.offline_handshake:
            t = self.offline(t)
        internal = address((255, 255, 255, 255), 0) * 10
        clock_c, clock_s = 100000, 200000  # each side's RakNet::GetTime()
        self.send(t, True, bytes([0x09]) + struct.pack(">qqB", CLIENT_GUID, clock_c, 0), RELIABLE)
        t += GAP
        self.send(t, False, bytes([0x10]) + address(CLIENT_IP, CLIENT_PORT) + struct.pack(">H", 0) + internal +
                  struct.pack(">qq", clock_c, clock_s + 20), RELIABLE)
        t += GAP
        ping = lambda time: bytes([0x00]) + struct.pack(">q", time)  # noqa: E731
        pong = lambda ping_time: bytes([0x03]) + struct.pack(">q", ping_time)  # noqa: E731  (the page: 9 bytes)
        # New Incoming Connection and the first connected ping in one datagram.
        self.send_packed(t, True, [bytes([0x13]) + address(SERVER_IP, SERVER_PORT) + internal +
                                   struct.pack(">qq", clock_c + 40, clock_s + 20), ping(clock_c + 40)], RELIABLE)
        self.send(t + 0.004, False, pong(clock_c + 40), UNRELIABLE)
        t += GAP
        n = 0
        for from_client, body, r in script:
            self.flush(t)
            self.send(t, from_client, body, r)
            t += GAP
            n += 1
            if n % 20 == 0:  # a connected ping every 20 messages
                now = clock_c + int((t - self.start) * 1000.0)
                self.send(t, True, ping(now), UNRELIABLE)
                self.send(t + 0.003, False, pong(now), UNRELIABLE)
                t += GAP
        self.flush(t)
        self.send(t, True, bytes([0x15]), RELIABLE_ORDERED)  # disconnection notification
        self.flush(t + 1.0)
        return sorted(self.out, key=lambda r: r[0])

# ---- MCPE 0.7.3 game packets (the page's "Data Packets") ---------------------

def slot(block, count, meta):
    return struct.pack(">hbh", block, count, meta)


def metadata(entries):
    """(type, index, value): 0 byte, 1 short (little-endian), then 0x7F."""
    out = b""
    for kind, index, value in entries:
        out += bytes([kind << 5 | index]) + (struct.pack("<b", value) if kind == 0 else struct.pack("<h", value))
    return out + b"\x7f"


def scripted_chunk():
    """Four sections (y 0..63): 4096 block ids each, column by column with y
    fastest (stone up to y 59, dirt 60-62, grass 63), then 2048 meta bytes."""
    blocks = bytearray()
    for section in range(4):
        for _column in range(256):
            for dy in range(16):
                y = section * 16 + dy
                blocks.append(1 if y < 60 else 3 if y < 63 else 2)
    return struct.pack(">iiB", 8, 8, 4) + bytes(blocks) + bytes(4 * 2048)


def game_script():
    """Every game packet of the page once, with the values of the README's table."""
    C, S = True, False
    RO, U = RELIABLE_ORDERED, UNRELIABLE
    p = lambda fc, mid, fmt, *vals, tail=b"", r=RO: (fc, bytes([mid]) + struct.pack(">" + fmt, *vals) + tail, r)  # noqa: E731
    return [
        (C, bytes([0x82]) + string("Steve") + struct.pack(">iii", 11, 11, 0x5C7C3A) + string(""), RO),
        p(S, 0x83, "i", 0),
        p(S, 0x87, "iiiifff", 1234567, 0, 0, 1, 128.5, 64.0, 128.5),
        p(S, 0xAA, "iiB", 128, 128, 64),
        p(S, 0x86, "i", 6000),
        p(C, 0x84, "b", 1),
        p(C, 0x9D, "ii", 8, 8),
        (S, bytes([0x9E]) + scripted_chunk(), RO),
        (S, bytes([0xB7, 0x00, 0x00, 0x00, 0x20]), RO),
        (S, bytes([0xAD]) + struct.pack(">ibh", 1, 0, 2) + slot(4, 64, 0) + slot(17, 10, 2) +
         slot(298, 1, 0) + slot(299, 1, 0) + slot(300, 1, 0) + slot(301, 1, 0), RO),
        p(S, 0xA9, "b", 20),
        (S, bytes([0x85]) + string("Steve joined the game"), RO),
        (S, bytes([0x89]) + struct.pack(">Q", 0x1F2E3D) + string("Alex") +
         struct.pack(">ifffbbhh", 2, 130.5, 64.0, 126.5, 64, 0, 0, 0) + metadata([(0, 0, 0), (1, 1, 300)]), RO),
        p(S, 0xA0, "ibbbb", 2, 42, 43, 44, 45),
        p(S, 0x9F, "ihhb", 2, 267, 0, 0),
        p(S, 0x88, "iifffbb", 3, 32, 140.0, 64.0, 120.0, -32, 0, tail=metadata([(0, 0, 0), (1, 1, 300), (0, 16, 0)])),
        p(S, 0x8C, "ibfffihhh", 4, 80, 131.0, 66.0, 127.0, 2, 800, 200, -400),
        p(S, 0x8E, "ihbhfffbbb", 5, 264, 1, 0, 129.5, 64.5, 129.5, 0, 0, 0),
        p(C, 0x94, "ifffff", 1, 129.0, 65.62, 129.25, 90.0, 10.0, r=U),
        p(S, 0x8F, "ii", 5, 1),
        p(S, 0x90, "ifff", 3, 139.0, 64.0, 121.0, r=U),
        p(S, 0x93, "ifffff", 3, 138.0, 64.0, 122.0, 225.0, 0.0, r=U),
        p(S, 0x94, "ifffff", 2, 131.5, 65.62, 126.5, 45.0, 0.0, r=U),
        p(S, 0xA7, "bihhh", 0, 3, 100, 0, -100),
        p(S, 0x9C, "ib", 3, 2),
        p(S, 0xAB, "bi", 1, 2),
        p(C, 0xAB, "bi", 1, 1),
        (C, bytes([0xA1, 0x01]) + struct.pack(">ii", 1, 3), RO),  # Action byte[]: one byte
        (S, bytes([0xA6]) + struct.pack(">i", 3) + metadata([(0, 0, 1)]), RO),
        p(S, 0xA5, "b", 18),
        p(S, 0xA9, "b", 18),
        (C, bytes([0xA2]) + struct.pack(">iiii", 130, 63, 130, 1) + bytes([0x04]) +  # Block byte[]: one byte
         struct.pack(">Biffffff", 0, 1, 0.5, 1.0, 0.5, 129.0, 65.62, 129.25), RO),
        p(C, 0x95, "iiiBBBB", 1, 130, 130, 64, 4, 0, 1),
        p(S, 0x97, "iiiBBB", 0, 130, 130, 64, 4, 0),
        p(C, 0xA3, "iiiiii", 0, 131, 63, 131, 1, 1),
        p(C, 0x96, "iiiB", 1, 131, 131, 63),
        p(S, 0x9A, "hhhhi", 2001, 131, 63, 131, 2),
        (S, bytes([0x98]) + struct.pack(">iiiii", 6, 126, 65, 128, 3) + string("Kebab"), RO),
        p(S, 0x9B, "iiiii", 127, 64, 131, 1, 1),
        (S, bytes([0xAF]) + struct.pack(">bbb", 1, 0, 27) + string("Chest"), RO),
        (S, bytes([0xB3]) + struct.pack(">bh", 1, 2) + slot(264, 3, 0) + slot(0, 0, 0), RO),
        p(C, 0xB1, "bhhbh", 1, 0, 264, 3, 0),
        p(S, 0xB2, "bhh", 1, 0, 150),
        p(S, 0xB4, "bh", 1, 1),
        p(C, 0xB0, "b", 1),
        p(C, 0xAE, "ibhbh", 1, 0, 3, 5, 0),
        (C, bytes([0xB6]) + struct.pack(">hBh", 127, 65, 130) + string("Welcome\nto\nthe\nserver"), RO),
        (C, bytes([0xB5]) + string("hello"), RO),
        (S, bytes([0x85]) + string("<Steve> hello"), RO),
        p(S, 0x99, "ffffi", 140.0, 64.0, 120.0, 3.0, 2, tail=struct.pack(">bbbbbb", 0, -1, 0, 1, 0, 1)),
        p(S, 0x8D, "i", 4),
        p(S, 0xA8, "ii", 2, 3),
        p(S, 0xAC, "ifff", 1, 128.5, 64.0, 128.5),
        p(S, 0x8A, "iQ", 2, 0x1F2E3D),
    ]


def write(path, records):
    w = pcapfile.PcapWriter(path)
    epoch = 1400000000.0  # 2014-05-13, the page's era
    for t, from_client, b in records:
        src, dst = (CLIENT_IP, CLIENT_PORT), (SERVER_IP, SERVER_PORT)
        if not from_client:
            src, dst = dst, src
        w.record(epoch + t, pcapfile.ethernet_ipv4_udp(bytes(src[0]), bytes(dst[0]), src[1], dst[1], b))
    w.close()


def main():
    out = Path(sys.argv[1])
    script = game_script()
    clean = Sim().run(script)
    # The lossy session: the client's datagrams #5 and #14 lost before the
    # capture point, the server's #12 and #34 after it, the client's #9
    # delivered twice (captures/raknet/crafted/README.md).
    lossy = Sim(client_lost=(5, 14), server_lost=(12, 34), client_duplicated=(9,)).run(script)
    # The capture starts 1.3 s into the connection.
    mid = [r for r in clean if r[0] >= clean[0][0] + 1.3]
    for name, recs in (("mcpe-0.7.3-session.pcap", clean), ("mcpe-0.7.3-lossy.pcap", lossy),
                       ("mcpe-0.7.3-midcapture.pcap", mid)):
        write(str(out / name), recs)
        print(f"{name}: {len(recs)} frames")


if __name__ == "__main__":
    main()
