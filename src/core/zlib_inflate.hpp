// Inflates a zlib stream into a bounded buffer (never more than `limit`
// bytes, whatever the stream claims).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace blank {

struct InflateResult {
    bool ok = false;           // the stream ended properly within the limit
    size_t consumed = 0;       // input bytes used by the stream
    const char* error = nullptr;  // zlib's reason when !ok
};

InflateResult zlib_inflate(const uint8_t* in, size_t len, size_t limit, std::vector<uint8_t>& out);

}  // namespace blank
