// The analysis' bounds: how much a connection may keep, whatever the
// input. Every limit that is reached is a finding (raknet.analysis.limit,
// raknet.split.*_limit), never a crash or unbounded growth.
#pragma once

#include <cstdint>

namespace raknet {

struct Options {
    // Datagrams remembered per direction for ACK/NAK matching, duplicates
    // and resends (a power of two). RakNet itself tracks 512 at a time.
    uint32_t datagram_window = 1024;
    // Reliable message indexes remembered per direction (a power of two).
    uint32_t message_window = 1024;
    // Ordering indexes remembered per channel (a power of two).
    uint32_t order_window = 1024;
    // Split packets: the largest split count reassembled, the largest
    // message, split groups open at once per direction and the bytes they
    // may hold together.
    uint32_t max_split_count = 1024;
    uint32_t max_split_bytes = 4u << 20;
    uint32_t max_open_splits = 64;
    uint32_t max_split_buffer = 16u << 20;
    // Frames and ACK/NAK records analysed per packet (the rest is counted).
    uint32_t max_frames = 1024;
    uint32_t max_records = 4096;
    // Links an ACK/NAK lists to the datagrams it covers (the rest counted).
    uint32_t max_links = 64;
    // Silence before the end of the capture after which the connection
    // counts as gone (RakNet's default timeout is 10 s).
    double silence_seconds = 10.0;
};

}  // namespace raknet
