// Which Minecraft protocol a TCP connection on port 25565 speaks, from the
// first bytes its client sent: both Java Edition and Alpha use that port.
//
//   Alpha (seed 001)  the client's first message is Handshake 0x02: a u16
//                     length and the username in UTF-8 (a few characters)
//   Java (seed 003)   a VarInt-framed Handshake: VarInt length (6 or
//                     more), packet id 0x00, VarInt protocol version,
//                     VarInt-prefixed server address, u16 port, VarInt
//                     next state 1 or 2
//   Java legacy ping  0xFE (the pre-1.7 server list ping; Alpha has no 0xFE)
//
// The two cannot be confused: read as Java, Alpha's 0x02 is a frame of 2
// bytes, shorter than any Java Handshake (at least 6: id, version, address
// length, port, next state); read as Alpha, a Java Handshake's first byte is
// its length (6 or more), never 0x02. Everything is checked as far as the
// bytes go, so a front end can decide on the first segment and ask for more
// only when a Handshake is cut (NeedMore).
#pragma once

#include <cstddef>
#include <cstdint>

namespace minecraft {

enum class Edition : uint8_t {
    NeedMore,        // too few bytes to tell
    Alpha,           // Minecraft Alpha (mcalpha)
    Java,            // Minecraft Java Edition, 1.7 and later (mcjava)
    JavaLegacyPing,  // the pre-1.7 server list ping of a Java client
    Neither,         // not a Minecraft client's first bytes
};

// `p[0, avail)`: the first bytes of the client's stream.
Edition classify_first_client_bytes(const uint8_t* p, size_t avail);

const char* edition_name(Edition e);

}  // namespace minecraft
