// While a search for a message start after a gap waits on a candidate that
// needs more bytes (it reads as the start of a long message), a later
// offset where two whole messages follow each other, each recognised by the
// framing (Framing::starts_here() Complete), is taken instead: bytes inside
// the message a gap cut often read as such a candidate, claiming a length
// that never comes (73 KB of a 67 KB stream), while the real next message
// starts a few bytes on. Without this, everything after the candidate waits
// for its bytes: the analysis sees one direction late (answers before their
// requests) and Wireshark, which cannot look back, loses the rest of the
// direction. Two messages back to back, each decoding cleanly, do not occur
// by chance inside other bytes.
//
// The analyzer's stream buffer and the plugin's stream cursor search the
// same bytes at the same segment boundaries: both ask this finder, so both
// resynchronise at the same offset.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace core {

class Framing;  // stream_buffer.hpp

class StartFinder {
public:
    // A new search (after a gap or bytes given up on).
    void reset() {
        frontier_ = 0;
        open_.clear();
    }
    // The first offset in p[from, avail) where a confirmed pair of messages
    // starts, `avail` when none does yet; p[0] is at stream offset `base`.
    // Offsets tried before with a definite answer are not tried again;
    // those that needed more bytes are (kept in a list).
    size_t find(const uint8_t* p, size_t avail, uint64_t base, size_t from, Framing& f);

private:
    enum class Pair : uint8_t { No, Yes, NeedMore };
    static Pair pair_at(const uint8_t* p, size_t avail, Framing& f);

    uint64_t frontier_ = 0;        // stream offsets before it were tried
    std::vector<uint64_t> open_;   // of those, the ones that needed more bytes
};

}  // namespace core
