#!/usr/bin/env python3
"""Writes a RakNet / Minecraft Pocket Edition 0.x capture in which each
conversation shows what the analysis reports and the other captures do
not: offline messages that are wrong (bad magic, an incompatible protocol,
the other RakNet layout, an unknown id, fields cut short or too long, text
that is not UTF-8, a bool of 2, an empty payload), datagrams and ACKs that
are wrong (a number used again, a resend after a NAK, acknowledgements of
datagrams never seen or never sent, a reversed range, too many records, a
receipt reliability, a channel above 31, a pong for no ping), split packets
that go wrong, a connection that goes silent, and MCPE 0.7.3's game packets
gone wrong (a refused login, a chunk requested and never sent, one never
requested, an unknown protocol, id or value, text, counts and lengths).

    python3 tests/tools/independent/raknet_findings.py OUT.pcap

Written with tests/tools/independent/mcpe.py's encoding (seed 002 and
RakNet's own format), nothing of blankshark. Conversation k is client
192.168.1.10:(47000 + k) with server 192.168.1.2:19132, packets 20 ms
apart unless said otherwise. tests/analyzer/finding_ledger.tsv holds the
frames and texts."""

import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mcpe  # noqa: E402
import pcapfile  # noqa: E402
from mcpe import (MAGIC, RELIABLE, RELIABLE_ORDERED, UNRELIABLE, Frame, ack_bytes, address,  # noqa: E402
                  datagram_bytes, string, u24le)


def frame(reliability, body, message_index=0, order_index=0, channel=0, split=None):
    f = Frame(reliability, channel)
    f.message_index, f.order_index, f.body = message_index, order_index, body
    if split:
        f.split = True
        f.split_id, f.split_count, f.split_index = split
    return f


def dgram(seq, *frames):
    return datagram_bytes(seq, list(frames))


def acks(nak, records):
    """An ACK or NAK of (first, last) records."""
    out = bytes([0xA0 if nak else 0xC0]) + struct.pack(">H", len(records))
    for first, last in records:
        out += bytes([1]) + u24le(first) if first == last else bytes([0]) + u24le(first) + u24le(last)
    return out


def game(mid, body=b""):
    return bytes([mid]) + body


class Capture:
    def __init__(self, path):
        self.w = pcapfile.PcapWriter(path)
        self.t = 1400000000.0
        self.conv = 0

    def conversation(self, steps):
        """steps: (from_client, bytes[, seconds after the previous packet])."""
        self.conv += 1
        port = 47000 + self.conv
        self.t += 1.0
        for s in steps:
            self.t += s[2] if len(s) > 2 else 0.02
            ends = [(bytes(mcpe.CLIENT_IP), port), (bytes(mcpe.SERVER_IP), mcpe.SERVER_PORT)]
            (src, sport), (dst, dport) = ends if s[0] else ends[::-1]
            self.w.record(self.t, pcapfile.ethernet_ipv4_udp(src, dst, sport, dport, s[1]))


def main():
    c = Capture(sys.argv[1])
    C, S = True, False
    ping = bytes([0x01]) + struct.pack(">q", 0x3C6D0D)  # the seed's unconnected ping, magic to follow
    reply1 = bytes([0x06]) + MAGIC + struct.pack(">qBH", mcpe.SERVER_GUID, 0, mcpe.MTU)
    # 1. Offline messages (frames 1-10): a ping whose magic is not RakNet's; an Open Connection
    # Request 1 for protocol 6 refused with Incompatible Protocol Version (0x19: RakNet's id, the
    # seed's 0x1A is ID_IP_RECENTLY_CONNECTED) naming 5; a ping of today's layout (a GUID after
    # the magic) after the seed's; an offline id 0x42 RakNet does not define; a Reply 1 cut after
    # its GUID; a Reply 1 with 2 bytes too many; a Reply 1 whose security bool is 2 (a cookie
    # would follow); an empty payload.
    c.conversation([(C, ping + bytes(16)),
                    (C, bytes([0x05]) + MAGIC + bytes([6]) + bytes(100)),
                    (S, bytes([0x19, 5]) + MAGIC + struct.pack(">q", mcpe.SERVER_GUID)),
                    (C, ping + MAGIC),
                    (C, ping + MAGIC + struct.pack(">q", mcpe.CLIENT_GUID)),
                    (S, bytes([0x42, 0, 0])),
                    (S, reply1[:25]),
                    (S, reply1 + b"\x00\x00"),
                    (S, bytes([0x06]) + MAGIC + struct.pack(">qBH", mcpe.SERVER_GUID, 2, mcpe.MTU)),
                    (C, b"")])
    # 2. Datagrams and ACKs (frames 11-24): the client's #0 (a Connection Request) and #2 (#1
    # never seen here); the server's ACK of #0, of #1 (never seen here) and of #40 (never sent); #3
    # (a reliable frame) and #3 again with another body; #4, a NAK of it and #4 sent again after
    # it; a range 9..5; a frame of reliability 5 (RakNet sends it as 0); an ordered frame on
    # channel 40; the server's connected pong for a ping time never sent, in its reliable message
    # #0 that the client never acknowledges.
    req = bytes([0x09]) + struct.pack(">qqB", mcpe.CLIENT_GUID, 100000, 0)
    ping_body = lambda n: bytes([0x00]) + struct.pack(">q", n)  # noqa: E731  a connected ping
    c.conversation([(C, dgram(0, frame(RELIABLE, req))),
                    (C, dgram(2, frame(RELIABLE, ping_body(1), message_index=2))),
                    (S, acks(False, [(0, 0)])),
                    (S, acks(False, [(1, 1)])),
                    (S, acks(False, [(40, 40)])),
                    (C, dgram(3, frame(RELIABLE, ping_body(2), message_index=3))),
                    (C, dgram(3, frame(RELIABLE, ping_body(3), message_index=3))),
                    (C, dgram(4, frame(RELIABLE, ping_body(4), message_index=4))),
                    (S, acks(True, [(4, 4)])),
                    (C, dgram(4, frame(RELIABLE, ping_body(4), message_index=4))),
                    (S, bytes([0xC0]) + struct.pack(">H", 1) + bytes([0]) + u24le(9) + u24le(5)),
                    (C, dgram(5, frame(5, ping_body(5)))),
                    (C, dgram(6, frame(RELIABLE_ORDERED, ping_body(6), message_index=5, channel=40))),
                    (S, dgram(0, frame(RELIABLE, bytes([0x03]) + struct.pack(">q", 777)))),
                    ])
    # 3. Split packets (frames ...): a group of 3 fragments of which 2 arrive, one of them twice;
    # a fragment of the same id claiming 4; a group claiming 2000 fragments; a 5000-byte fragment
    # of a group of 1000; 65 groups open at once.
    steps = [(S, dgram(0, frame(RELIABLE, b"a" * 100, 0, split=(1, 3, 0)))),
             (S, dgram(1, frame(RELIABLE, b"b" * 100, 1, split=(1, 3, 1)))),
             (S, dgram(2, frame(RELIABLE, b"b" * 100, 2, split=(1, 3, 1)))),
             (S, dgram(3, frame(RELIABLE, b"c" * 100, 3, split=(1, 4, 2)))),
             (S, dgram(4, frame(RELIABLE, b"d" * 100, 4, split=(2, 2000, 0)))),
             (S, dgram(5, frame(RELIABLE, b"e" * 5000, 5, split=(3, 1000, 0))))]
    for g in range(65):
        steps.append((S, dgram(6 + g, frame(RELIABLE, b"f" * 10, 6 + g, split=(100 + g, 2, 0)))))
    c.conversation(steps)
    # 4. An ACK of 5000 single records (the analysis keeps 4096 a packet).
    c.conversation([(C, dgram(0, frame(RELIABLE, req))),
                    (S, acks(False, [(i, i) for i in range(5000)]))])
    # 5. MCPE 0.7.3 (frames ...): a Login of protocol 99, answered with LoginStatus 1 (the server
    # is outdated); a RequestChunk never answered; a ChunkData never requested; game packet id
    # 0xc5; a SetTime cut to 2 bytes; a SetHealth with a byte too many; a SendInventory counting
    # -1 slots; a MessagePacket that is not UTF-8; a LoginStatus of 5.
    body = [game(0x82, string("Steve") + struct.pack(">iii", 99, 99, 1) + string("")),
            game(0x83, struct.pack(">i", 1)),
            game(0x9D, struct.pack(">ii", 3, 3)),
            game(0x9E, struct.pack(">iiB", 9, 9, 0)),
            game(0xC5),
            game(0x86, b"\x00\x00"),
            game(0xA9, b"\x14\x00"),
            game(0xAD, struct.pack(">ibh", 1, 0, -1)),
            game(0x85, struct.pack(">H", 2) + b"\xc3\x28"),
            game(0x83, struct.pack(">i", 5))]
    senders = [C, S, C, S, S, S, S, S, S, S]
    seqs = {C: 0, S: 0}
    steps = []
    for from_client, b in zip(senders, body):
        n = seqs[from_client]
        seqs[from_client] += 1
        steps.append((from_client, dgram(n, frame(RELIABLE_ORDERED, b, message_index=n, order_index=n))))
    c.conversation(steps)
    # 6. A split packet that grows past 4 MiB (the analysis holds 4194304 bytes of one): fragments
    # of 8190 bytes (a frame's length in bits is a short: 8191 bytes at most) of a group of 600;
    # the 513th makes 4201470.
    c.conversation([(S, dgram(k, frame(RELIABLE, bytes(8190), k, split=(7, 600, k)))) for k in range(513)])
    # 7. A connection that goes silent 12 s before the end of the capture (its last packet here,
    # then one more conversation's ping 12 s later).
    c.conversation([(C, dgram(0, frame(RELIABLE, req)))])
    c.conversation([(C, ping + MAGIC, 12.0)])
    c.w.close()


if __name__ == "__main__":
    main()
