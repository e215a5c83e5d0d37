// The findings of tests/tools/mcjava_make_damaged.cpp's session, each on
// its frame with its text, worked out by hand from the bytes it writes
// (both front ends must show exactly these: tests/analyzer/
// java_damaged_test.cpp, tests/plugin/tshark_mcjava_damaged_test.cpp).
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <tuple>

namespace blank::test {

using ExpectedFindings = std::multiset<std::tuple<uint64_t, std::string, std::string>>;

// Stream offsets: the server's Set Compression is 4 bytes (03 03 80 02),
// the Keep Alive in login 11 (Length 10, Data Length 0, id, 8-byte id),
// Login Success 44 (Length 43: id, a 36-character UUID and "eve" with
// their lengths), Join Game 23, Keep Alive 1 11: the impossible Length
// starts at 93, its 4 bytes are the unframed ones, 00 21 are passed over
// and Keep Alive 2 starts at 99. The client's Handshake is 17 bytes
// (Length 16: id, 404 as 94 03, "localhost" with its length, port, next
// state), Login Start 20, its Keep Alive answer 11: the 6-byte VarInt
// starts at 48, its first 5 bytes unframed, 01 passed over, the answer to
// Keep Alive 2 at 54.
inline const ExpectedFindings kDamagedJava = {
    {5, "mcjava.string.too_long", "Name has 17 characters, at most 16 allowed"},
    {7, "mcjava.malformed.wrong_state", "Packet id 0x21 unknown in login, clientbound (known in another state)"},
    {7, "mcjava.malformed.unknown_id", "Packet id 0x21 unknown in login, clientbound"},
    {12, "mcjava.malformed.length", "Packet length 2097152 above the maximum 2097151"},
    {13, "mcjava.stream.resync", "Resynchronised at stream offset 99 after skipping 2 bytes"},
    {14, "mcjava.malformed.varint", "Length: VarInt longer than 5 bytes"},
    {15, "mcjava.stream.resync", "Resynchronised at stream offset 54 after skipping 1 bytes"},
    // 20 bytes of 0x11: zlib's "incorrect header check", Z_DATA_ERROR.
    {16, "mcjava.compression.inflate_failed", "Compressed packet does not inflate (zlib error -3)"},
    {19, "mcjava.compression.size_mismatch", "Inflated to 300 bytes, Data Length says 400"},
    {20, "mcjava.compression.size_mismatch", "Inflates to more than 300 bytes, Data Length says 300"},
    {21, "mcjava.compression.below_threshold", "Compressed packet of 100 bytes below the threshold 256"},
    {22, "mcjava.compression.data_length", "Data Length 8388609 above the maximum 8388608"},
    {24, "mcjava.malformed.varint", "Data Length: VarInt longer than 5 bytes"},
    {25, "mcjava.malformed.empty", "Packet of length 0"},
    // Time Update: id, then World Age at offset 1 needs 8 bytes of the 5.
    {26, "mcjava.malformed.truncated", "World age runs past the end of the packet (offset 1 of 5)"},
    {27, "mcjava.malformed.trailing", "2 bytes after the last field of Time Update"},
    {28, "mcjava.malformed.unknown_id", "Packet id 0x7f unknown in play, clientbound"},
    // {"text":" is 9 bytes: C3 28 starts at byte 9.
    {29, "mcjava.string.not_utf8", "JSON data is not UTF-8 (byte 9)"},
    {29, "mcjava.unknown_value", "Position: unknown value 5"},
    // The Time Update after the Disconnect: Length 18, 19 bytes.
    {33, "mcjava.malformed.after_end", "19 bytes after the end of the connection (Disconnect)"},
    // The client's chat: 5 of its 9 bytes, in frame 34; the capture ends
    // with the server's FIN, frame 35, where the end of the capture is told.
    {35, "mcjava.stream.incomplete", "Capture ends inside a packet: 5 bytes of it captured"},
};

// mcjava_make_damaged --others: the 1.13.2 connection (frames 4-15), the
// status connection (16-25), the 1.14.4 connection (26-36).
inline const ExpectedFindings kDamagedJavaOthers = {
    // Destroy Entities' count is a VarInt with no maximum, at least 0.
    {8, "mcjava.malformed.count", "Count -1 below its minimum 0"},
    // 70 nested compounds; Java's schema stops at 64 levels (schema.cpp's bound).
    {9, "mcjava.malformed.depth", "Tag nested deeper than 64 levels"},
    // 4 bits per block x 4096 blocks / 64 bits a long = 256 longs.
    {10, "mcjava.chunk.data_length", "Section 0: 100 longs of packed states, 256 expected"},
    {11, "mcjava.chunk.palette_index", "Section 0: palette index 5 of 2 entries"},
    // Answered 1.5 s after the Keep Alive; the lag threshold's default is 1 s.
    {13, "mcjava.keepalive.slow", "Keep Alive id 9 answered after 1.500 s (lag threshold 1.000 s)"},
    // 403 names no release; the nearest known is 404, 1.13.2.
    {19, "mcjava.version.unknown", "Protocol version 403 not known: decoded as 1.13.2"},
    {22, "mcjava.ping.unanswered", "Ping payload 5 never answered"},
    {23, "mcjava.ping.unknown_payload", "Pong payload 6: no Ping carried it"},
    // 256 longs of 0x1111111111111111: palette index 1 (stone) for all 4096 blocks.
    {33, "mcjava.chunk.block_count", "Section 0: 4000 non-air blocks declared, 4096 in its states"},
    {34, "mcjava.chunk.light_unknown", "Update Light for column (5, 5), which never got Chunk Data"},
};

}  // namespace blank::test
