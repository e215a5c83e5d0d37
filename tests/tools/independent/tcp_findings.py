#!/usr/bin/env python3
"""Writes a capture of TCP connections to port 25565 (each starts with a
Minecraft Java Handshake and Login Start, so the analyzer follows it) whose
segments do what the analyzer's TCP reassembler reports: bytes before the
stream's start, bytes after its FIN, a FIN at another place than the
first, a SYN/ACK that disagrees with the established start, a segment more
than 1 GiB ahead, a new SYN on a connection never closed, a segment
captured shorter than its IP length, more out-of-order bytes than it holds
(4 MiB), and more connections at once than it tracks (4096).

    python3 tests/tools/independent/tcp_findings.py OUT.pcap

Python's standard library and tests/tools/independent/pcapfile.py only.
tests/analyzer/finding_ledger.tsv holds the frames and texts."""

import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pcapfile  # noqa: E402
from pcapfile import ACK, FIN, PSH, SYN  # noqa: E402


def varint(v):
    out = b""
    while True:
        b = v & 0x7F
        v >>= 7
        out += bytes([b | (0x80 if v else 0)])
        if not v:
            return out


def framed(p):
    return varint(len(p)) + p


# Handshake (protocol 404, "localhost", 25565, next state login) and Login Start "eve" (seed 003).
HELLO = framed(b"\x00" + varint(404) + b"\x09localhost" + struct.pack(">H", 25565) + b"\x02") + framed(b"\x00\x03eve")


class Capture:
    def __init__(self, path):
        self.w = pcapfile.PcapWriter(path)
        self.t = 5000.0
        self.port = 53000

    def open(self):
        """A new connection after its handshake and hello; returns it."""
        self.port += 1
        client = pcapfile.Side([2, 0, 0, 0, 0, 2], [192, 0, 2, 2], self.port, 0x10000000)
        server = pcapfile.Side([2, 0, 0, 0, 0, 1], [192, 0, 2, 1], 25565, 0x20000000)
        tcp = pcapfile.TcpConnection(self.w, client, server)
        self.t += 1.0
        tcp.handshake(self.t, 0.001)
        self.t += 0.01
        tcp.data(self.t, True, HELLO, 0)
        return tcp

    def seg(self, tcp, from_client, flags, seq, payload=b""):
        self.t += 0.01
        tcp._segment(self.t, from_client, flags, seq, payload)


def main():
    c = Capture(sys.argv[1])
    # 1. Frames 1-7: 4 bytes sequenced before the client's stream start (its ISN), then its FIN
    # and 3 bytes after the FIN.
    t = c.open()
    isn = 0x10000000
    c.seg(t, True, ACK | PSH, isn - 4, b"\x01\x02\x03\x04")
    t.fin(c.t + 0.01, True)
    c.t += 0.01
    c.seg(t, True, ACK | PSH, isn + 1 + len(HELLO) + 1, b"abc")
    # 2. Frames 8-12: the client's FIN, then a FIN 10 bytes further on, then the server's SYN/ACK
    # again with another sequence number.
    t = c.open()
    t.fin(c.t + 0.01, True)
    c.t += 0.01
    c.seg(t, True, FIN | ACK, isn + 1 + len(HELLO) + 10)
    c.seg(t, False, SYN | ACK, 0x20000000 + 0x500)
    # 3. A segment 1.5 GiB past the client's next byte.
    t = c.open()
    c.seg(t, True, ACK | PSH, isn + 1 + len(HELLO) + (3 << 29), b"far")
    # 4. Frames 17-20: a SYN from the same port with a new ISN before the connection ended.
    t = c.open()
    c.seg(t, True, SYN, 0x30000000)
    # 5. Frames 21-: a segment whose IP length says 100 bytes more than the capture holds.
    t = c.open()
    c.t += 0.01
    side = t.side[0]
    ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 40 + 10 + 100, 0x3000, 0x4000, 64, 6, 0, side.ip, t.side[1].ip)
    tcp = struct.pack(">HHIIBBHHH", side.port, 25565, isn + 1 + len(HELLO), 0, 5 << 4, ACK | PSH, 65535, 0, 0)
    c.w.record(c.t, t.side[1].mac + side.mac + b"\x08\x00" + ip + tcp + b"0123456789")
    # 6. A hole of 10 bytes in the server's stream, then 4.3 MB after it the client never acknowledges.
    t = c.open()
    s_isn = 0x20000000
    for k in range(70):
        c.seg(t, False, ACK | PSH, s_isn + 1 + 10 + k * 64000, bytes(64000))
    # 7. Frames 104-4200: 4097 connections opened (their SYNs only) besides the 6 above, more
    # than tracked at once (4096). The 6 are still open (none saw both FINs); the first of port
    # 53004, replaced by its new SYN (frame 24), has ended and makes room. So SYNs 1-4090 are
    # followed (the 4090th in the ended one's place: 6 + 4090 = 4096 open) and the 4091st, frame
    # 103 + 4091 = 4194, is the first connection not followed: tcp.connection_limit there, with
    # the 7 SYNs from it on (4091-4097) not analysed.
    for k in range(4097):
        c.port += 1
        client = pcapfile.Side([2, 0, 0, 0, 0, 2], [192, 0, 2, 3], c.port, 0x10000000)
        server = pcapfile.Side([2, 0, 0, 0, 0, 1], [192, 0, 2, 1], 25565, 0x20000000)
        c.seg(pcapfile.TcpConnection(c.w, client, server), True, SYN, 0x10000000)
    c.w.close()


if __name__ == "__main__":
    main()
