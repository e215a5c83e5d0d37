// A 64-bit hash of a message's bytes, to tell an identical copy (a
// duplicate, a resend) from another message under a reused number. xxHash's
// XXH3, inlined from Debian's libxxhash-dev header (no library to link):
// every packet is hashed, and byte-wise FNV-1a cost more than its decoding.
#pragma once

#include <cstddef>
#include <cstdint>

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace core {

inline uint64_t content_hash(const uint8_t* p, size_t n) { return XXH3_64bits(p, n); }

}  // namespace core
