// Where a Map Chunk's zlib data sits inside the message, for a front end
// that shows it inflated (Wireshark's "Inflated Map Chunk" data source) on a
// later pass, when the connection's analysis (message.hpp) is no longer run.
#pragma once

#include <cstdint>

#include "directions.hpp"

namespace mcalpha {

struct ChunkData {
    bool present = false;  // a Map Chunk whose compressed data decoded
    uint32_t offset = 0;   // of the data in the message (its id at 0)
    uint32_t length = 0;
};

// `p[0, len)`: one whole message of direction `d`, as its framing cut it.
ChunkData locate_chunk_data(Side d, const uint8_t* p, uint32_t len);

}  // namespace mcalpha
