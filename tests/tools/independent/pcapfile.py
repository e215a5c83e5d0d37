"""Classic pcap files of Ethernet + IPv4 frames: TCP connections segment by
segment (real sequence and acknowledgement numbers, checksums) and UDP
datagrams. Written apart from the C++ tools on purpose (Python's standard
library only): the captures of Minecraft Alpha and Pocket Edition 0.x that
tests/tools/independent/*.py write share no code with blankshark."""

import math
import struct

MIN_SPACING = 1e-6  # seconds between two frames of a TCP connection

FIN, SYN, RST, PSH, ACK = 0x01, 0x02, 0x04, 0x08, 0x10


def _sum16(data, total=0):
    if len(data) % 2:
        data = data + b"\0"
    for i in range(0, len(data), 2):
        total += (data[i] << 8) | data[i + 1]
    return total


def _fold(total):
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return (~total) & 0xFFFF


class PcapWriter:
    """Nanosecond timestamps (magic a1b23c4d), version 2.4, snaplen 65535."""

    def __init__(self, path, linktype=1):
        self.f = open(path, "wb")
        self.f.write(struct.pack("<IHHiIII", 0xA1B23C4D, 2, 4, 0, 0, 65535, linktype))

    def record(self, time, frame):
        sec = math.floor(time)
        frac = (time - sec) * 1e9
        nsec = math.floor(frac)
        if frac - nsec >= 0.5:  # rounded half away from zero (the fraction is positive)
            nsec += 1
        self.f.write(struct.pack("<IIII", int(sec), nsec, len(frame), len(frame)) + frame)

    def close(self):
        self.f.close()


class Side:
    def __init__(self, mac, ip, port, isn):
        self.mac, self.ip, self.port, self.isn = bytes(mac), bytes(ip), port, isn
        self.next = 0   # our next sequence number
        self.acked = 0  # the peer's bytes we acknowledge


class TcpConnection:
    """One TCP connection: client side 0, server side 1."""

    def __init__(self, writer, client, server):
        self.w = writer
        self.side = [client, server]
        self.sent = [0, 0]
        self.fin_sent = [False, False]
        self.ip_id = [0x1000, 0x2000]
        self.frames = 0
        self.last_time = 0.0

    def _segment(self, t, from_client, flags, seq, payload=b""):
        i = 0 if from_client else 1
        src, dst = self.side[i], self.side[1 - i]
        ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 40 + len(payload), self.ip_id[i], 0x4000, 64, 6, 0, src.ip, dst.ip)
        self.ip_id[i] = (self.ip_id[i] + 1) & 0xFFFF
        ip = ip[:10] + struct.pack(">H", _fold(_sum16(ip))) + ip[12:]
        tcp = struct.pack(">HHIIBBHHH", src.port, dst.port, seq & 0xFFFFFFFF,
                          src.acked & 0xFFFFFFFF if flags & ACK else 0, 5 << 4, flags, 65535, 0, 0) + payload
        total = _sum16(src.ip) + _sum16(dst.ip) + 6 + len(tcp)
        tcp = tcp[:16] + struct.pack(">H", _fold(_sum16(tcp, total))) + tcp[18:]
        if self.frames and t < self.last_time + MIN_SPACING:
            t = self.last_time + MIN_SPACING
        self.last_time = t
        self.w.record(t, dst.mac + src.mac + b"\x08\x00" + ip + tcp)
        self.frames += 1

    def handshake(self, t, rtt):
        c, s = self.side
        self._segment(t, True, SYN, c.isn)
        c.next = c.isn + 1
        s.acked = c.next
        self._segment(t + rtt / 2, False, SYN | ACK, s.isn)
        s.next = s.isn + 1
        c.acked = s.next
        self._segment(t + rtt, True, ACK, c.next)

    def data(self, t, from_client, payload, offset, captured=True):
        i = 0 if from_client else 1
        src = self.side[i]
        seq = src.isn + 1 + offset
        if captured:
            self._segment(t, from_client, ACK | PSH, seq, payload)
        if offset + len(payload) > self.sent[i]:
            self.sent[i] = offset + len(payload)
            src.next = src.isn + 1 + self.sent[i]
            self.side[1 - i].acked = src.next

    def ack(self, t, from_client):
        i = 0 if from_client else 1
        src = self.side[i]
        src.acked = self.side[1 - i].next
        self._segment(t, from_client, ACK, src.next)

    def rst(self, t, from_client):
        i = 0 if from_client else 1
        self._segment(t, from_client, RST | ACK, self.side[i].next)

    def fin(self, t, from_client):
        i = 0 if from_client else 1
        src = self.side[i]
        self._segment(t, from_client, FIN | ACK, src.next)
        if not self.fin_sent[i]:
            self.fin_sent[i] = True
            src.next += 1
            self.side[1 - i].acked = src.next


def ethernet_ipv4_udp(src_ip, dst_ip, src_port, dst_port, payload):
    """A UDP datagram as a frame: Ethernet (zero addresses, as on loopback),
    IPv4 (no options, don't fragment, TTL 64), UDP with its checksum."""
    udp_len = 8 + len(payload)
    ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + udp_len, 0, 0x4000, 64, 17, 0, src_ip, dst_ip)
    ip = ip[:10] + struct.pack(">H", _fold(_sum16(ip))) + ip[12:]
    udp = struct.pack(">HHHH", src_port, dst_port, udp_len, 0) + payload
    check = _fold(_sum16(udp, _sum16(src_ip) + _sum16(dst_ip) + 17 + udp_len))
    udp = udp[:6] + struct.pack(">H", check or 0xFFFF) + udp[8:]
    return bytes(12) + b"\x08\x00" + ip + udp
