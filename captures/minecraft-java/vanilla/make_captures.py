#!/usr/bin/env python3
"""Turns the vanilla-server packet corpus (minecraft-packets.tar.xz, see README.md) into captures.

One pcap per release: a TCP connection (Ethernet, IPv4, 127.0.0.1:40000 -> 127.0.0.1:25565) whose
client sends the Handshake (the release's protocol number, next state login) and Login Start; the
server answers Set Compression 256 and Login Success, then sends every play packet the corpus holds
for that release, in the order the corpus first saw each packet type (metadata/packets_info.json's
"collected"), the numbered dumps of one type in their order (1.raw, 2.raw, ...). A packet is its
dump's bytes exactly (packet id then fields), framed as a vanilla server frames it after Set
Compression 256: Length, Data Length 0 and the bytes when they are under 256, else Data Length and
their zlib stream. As a server writes them, one after the other: the play packets are one stream
cut into TCP segments of 1460 bytes (an Ethernet MTU of 1500), so a segment holds many small
packets and a large one spans many segments. Then both sides close (FIN).

Python 3 standard library only; shares nothing with blankshark.

vanilla-all.pcap holds every release's connection one after the other, release i (in the order of
PROTOCOL below) from client port 40000 + i: one file for a test to read once. For 1.18.2 and 1.20.1 it
also writes vanilla-<release>-without-join.pcap: the same without the Join
Game packet (the corpus's "login"), as when a capture starts after it: the dimension, and so how many
sections a Chunk Data holds, is not named (1.18.2's Join Game carries the dimension type itself,
1.20.1's names it in its dimension codec).

  make_captures.py OUT_DIR            writes OUT_DIR/vanilla-<release>.pcap for every release
  make_captures.py --counts           prints <release> <protocol> <packets> per release
"""
import io
import os
import struct
import sys
import tarfile
import zlib
import json

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "minecraft-packets.tar.xz")

# minecraft-data's protocol numbers of the releases in the corpus.
PROTOCOL = {
    "1.8.8": 47, "1.9.4": 110, "1.10.2": 210, "1.11.2": 316, "1.12.2": 340, "1.13.2": 404,
    "1.14.4": 498, "1.15.2": 578, "1.16.5": 754, "1.17.1": 756, "1.18.2": 758, "1.19": 759,
    "1.19.2": 760, "1.19.3": 761, "1.19.4": 762, "1.20.1": 763,
}
WITHOUT_JOIN = ("1.18.2", "1.20.1")
THRESHOLD = 256
CLIENT_PORT = 40000
MSS = 1460
PLAYER = "vanilla"
UUID = bytes.fromhex("5c1bbc1e0d2d4a0f8a3ef0f2b9f1c0de")


def varint(n):
    n &= 0xFFFFFFFF
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def string(s):
    b = s.encode()
    return varint(len(b)) + b


def load(tar):
    """{release: [(name, bytes), ...]} in the corpus's order."""
    files = {}
    for m in tar.getmembers():
        if m.isfile():
            files[m.name] = tar.extractfile(m).read()
    out = {}
    for release in PROTOCOL:
        base = "data/pc/%s/" % release
        order = json.loads(files[base + "metadata/packets_info.json"])["collected"]
        packets = []
        for name in order:
            prefix = base + "from-server/%s/" % name
            nums = sorted(int(k[len(prefix):-4]) for k in files if k.startswith(prefix) and k.endswith(".raw"))
            packets += [(name, files[prefix + "%d.raw" % n]) for n in nums]
        out[release] = packets
    return out


def login_start(protocol):
    body = varint(0) + string(PLAYER)
    if protocol == 759:       # 1.19: optional signature data
        body += b"\x00"
    elif protocol == 760:     # 1.19.1-1.19.2: optional signature data, optional UUID
        body += b"\x00\x00"
    elif protocol >= 761:     # 1.19.3-1.20.1: optional UUID
        body += b"\x00"
    return body


def login_success(protocol):
    if protocol < 735:        # before 1.16: the UUID as hyphenated text
        h = UUID.hex()
        body = string("%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:]))
    else:
        body = UUID
    body += string(PLAYER)
    if protocol >= 759:       # 1.19+: properties
        body += varint(0)
    return varint(2) + body


def frame(body, compressed):
    if not compressed:
        return varint(len(body)) + body
    if len(body) < THRESHOLD:
        inner = varint(0) + body
    else:
        inner = varint(len(body)) + zlib.compress(body, 6)
    return varint(len(inner)) + inner


class Pcap:
    def __init__(self, f):
        self.f = f
        self.t = 1700000000.0
        f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 262144, 1))
        self.port = CLIENT_PORT

    def connection(self, port):
        self.port = port
        self.seq = {True: 1000, False: 500000}
        self.ident = {True: 1, False: 1}

    def packet(self, client, flags, payload=b""):
        src, dst = (b"\x7f\x00\x00\x01", b"\x7f\x00\x00\x01")
        sport, dport = (self.port, 25565) if client else (25565, self.port)
        ack = self.seq[not client] if flags & 0x10 else 0
        tcp = struct.pack("!HHIIBBHHH", sport, dport, self.seq[client], ack, 5 << 4, flags, 65535, 0, 0)
        total = 20 + len(tcp) + len(payload)
        ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, total, self.ident[client], 0x4000, 64, 6, 0, src, dst)
        csum = ipsum(ip)
        ip = ip[:10] + struct.pack("!H", csum) + ip[12:]
        pseudo = src + dst + struct.pack("!BBH", 0, 6, len(tcp) + len(payload))
        tsum = ipsum(pseudo + tcp + payload)
        tcp = tcp[:16] + struct.pack("!H", tsum) + tcp[18:]
        eth = (b"\x02\x00\x00\x00\x00\x02" if client else b"\x02\x00\x00\x00\x00\x01") + \
              (b"\x02\x00\x00\x00\x00\x01" if client else b"\x02\x00\x00\x00\x00\x02") + b"\x08\x00"
        data = eth + ip + tcp + payload
        self.t += 0.001
        sec = int(self.t)
        usec = int(round((self.t - sec) * 1e6))
        self.f.write(struct.pack("<IIII", sec, usec, len(data), len(data)) + data)
        self.ident[client] += 1
        self.seq[client] = (self.seq[client] + len(payload) + (1 if flags & 0x03 else 0)) & 0xFFFFFFFF

    def send(self, client, data):
        for k in range(0, len(data), MSS):
            self.packet(client, 0x18, data[k:k + MSS])


def ipsum(b):
    if len(b) % 2:
        b += b"\x00"
    s = sum(struct.unpack("!%dH" % (len(b) // 2), b))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def write(release, packets, path):
    with open(path, "wb") as f:
        connection(Pcap(f), release, packets, CLIENT_PORT)


def connection(p, release, packets, port):
    protocol = PROTOCOL[release]
    p.connection(port)
    p.packet(True, 0x02)            # SYN
    p.packet(False, 0x12)           # SYN-ACK
    p.packet(True, 0x10)            # ACK
    handshake = varint(0) + varint(protocol) + string("localhost") + struct.pack("!H", 25565) + varint(2)
    p.send(True, frame(handshake, False))
    p.send(True, frame(login_start(protocol), False))
    p.send(False, frame(varint(3) + varint(THRESHOLD), False))   # Set Compression
    p.send(False, frame(login_success(protocol), True))
    p.send(False, b"".join(frame(body, True) for _, body in packets))
    p.packet(False, 0x11)           # FIN from the server
    p.packet(True, 0x11)            # the client's
    p.packet(False, 0x10)           # last ACK


def main(argv):
    with tarfile.open(CORPUS, "r:xz") as tar:
        corpus = load(tar)
    if argv[1:] == ["--counts"]:
        for release, packets in corpus.items():
            print(release, PROTOCOL[release], len(packets))
        return 0
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    os.makedirs(argv[1], exist_ok=True)
    for release, packets in corpus.items():
        write(release, packets, os.path.join(argv[1], "vanilla-%s.pcap" % release))
        if release in WITHOUT_JOIN:
            write(release, [p for p in packets if p[0] != "login"],
                  os.path.join(argv[1], "vanilla-%s-without-join.pcap" % release))
    with open(os.path.join(argv[1], "vanilla-all.pcap"), "wb") as f:
        p = Pcap(f)
        for i, (release, packets) in enumerate(corpus.items()):
            connection(p, release, packets, CLIENT_PORT + i)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
