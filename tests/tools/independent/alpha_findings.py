#!/usr/bin/env python3
"""Writes a Minecraft Alpha (seed 001) capture in which each TCP connection
shows what the analysis reports and the crafted sessions of
captures/mc_alpha/ do not: connections that end with a FIN and no Kick,
with a reset, and with the capture (inside a message); a message of an
impossible length; a server stream that never finds a message start again;
a string that is not UTF-8; more chunk columns and more entities than the
analysis follows; a value outside the document's lists (a Player Digging face of 6).

    python3 tests/tools/independent/alpha_findings.py OUT.pcap

Messages from tests/tools/independent/mc_alpha.py's encoder (the seed's
layouts, nothing of blankshark). Connection k: client 192.0.2.2:(52000 + k),
server 192.0.2.1:25565; each message its own segment, 10 ms apart unless
said otherwise. tests/analyzer/finding_ledger.tsv holds the frames and
texts."""

import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mc_alpha  # noqa: E402
import pcapfile  # noqa: E402
from mc_alpha import CLIENT, SERVER, encode  # noqa: E402


class Capture:
    def __init__(self, path):
        self.w = pcapfile.PcapWriter(path)
        self.t = 1292544000.0
        self.conv = 0

    def connection(self, steps, end):
        """steps: (from_client, bytes); end: "fin" (the server's, then the client's), "rst" (the
        server's) or "none"."""
        self.conv += 1
        client = pcapfile.Side([2, 0, 0, 0, 0, 2], [192, 0, 2, 2], 52000 + self.conv, 0x1000 * self.conv)
        server = pcapfile.Side([2, 0, 0, 0, 0, 1], [192, 0, 2, 1], 25565, 0x80000000 + self.conv)
        tcp = pcapfile.TcpConnection(self.w, client, server)
        self.t += 1.0
        tcp.handshake(self.t, 0.001)
        for from_client, b in steps:
            self.t += 0.01
            tcp.data(self.t, from_client, b, tcp.sent[0 if from_client else 1])
        self.t += 0.01
        if end == "fin":
            tcp.fin(self.t, False)
            tcp.fin(self.t + 0.001, True)
        elif end == "rst":
            tcp.rst(self.t, False)
        return tcp.frames


def login():
    return [(True, encode(CLIENT, "handshake", username="alice")),
            (False, encode(SERVER, "handshake", connection_hash="-")),
            (True, encode(CLIENT, "login", protocol_version=6, username="alice", password="", map_seed=0, dimension=0)),
            (False, encode(SERVER, "login", eid=1298, unknown_1="", unknown_2="", map_seed=0, dimension=0))]


def main():
    c = Capture(sys.argv[1])
    C, S = True, False
    # 1. Frames 1-9: logged in, then FINs without a Kick or Disconnect.
    c.connection(login(), "fin")
    # 2. Frames 10-17: logged in, then the server resets the connection.
    c.connection(login(), "rst")
    # 3. Frames 18-24: a chat whose text is not UTF-8 (C3 28), then a Map Chunk whose compressed
    # size says 2000000 bytes (more than a message can be); nothing after it starts a message
    # again: the rest of the server's stream is lost.
    c.connection(login() + [(S, b"\x03" + struct.pack(">h", 2) + b"\xc3\x28"),
                            (S, b"\x33" + struct.pack(">ihiBBBi", 0, 0, 0, 15, 127, 15, 2000000) + bytes(20))], "fin")
    # 4. Frames 25-: 8193 columns initialised (the analysis follows 8192), 16385 mobs spawned (it
    # follows 16384), in segments of 1000 messages.
    pre = [encode(SERVER, "pre_chunk", x=i, z=0, mode=1) for i in range(8193)]
    mobs = [encode(SERVER, "mob_spawn", eid=10000 + i, type=90, x=0.5, y=70, z=0.5) for i in range(16385)]
    steps = login()
    for group in (pre, mobs):
        for k in range(0, len(group), 1000):
            steps.append((S, b"".join(group[k:k + 1000])))
    c.connection(steps, "fin")
    # 5. Frames 64-72: the client digs at a face the document does not list (its faces are 0-5,
    # -Y to +X; the bytes: 0e 00 00000020 40 00000020 06); then the capture ends with this
    # connection open, inside the server's Time Update (5 of its 9 bytes).
    c.connection(login() + [(C, encode(CLIENT, "digging", status=0, x=32, y=64, z=32, face=6)),
                            (S, encode(SERVER, "time", time=6000)[:5])], "none")
    c.w.close()


if __name__ == "__main__":
    main()
