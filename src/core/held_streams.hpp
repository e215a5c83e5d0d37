// Both directions of a TCP connection held as they came (bytes, gaps,
// ends, in arrival order) until the protocol knows how to read them, then
// replayed in that order (TcpSession::hold_from_start): a connection picked
// up mid-way is held until the protocol finds where its first whole
// messages start (and Minecraft Java its release:
// protocols/mc_java/release_search.hpp). Bounded: a direction holds at
// most `limit` bytes; data beyond is refused and the caller decides on
// what is held.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "side.hpp"
#include "stream_buffer.hpp"
#include "stream_end.hpp"

namespace core {

// What a protocol found in the bytes it held from a connection's start
// (TcpSession::hold_from_start): where each direction's first whole
// message starts, or not yet.
struct HeldStart {
    bool decided = false;                  // false: go on holding
    bool start_known[2] = {false, false};  // false: searched for (Framing::starts_here)
    uint64_t start[2] = {0, 0};            // bytes of the direction before it
};

class HeldStreams {
public:
    enum class Kind : uint8_t { Data, Gap, End };
    struct Event {
        Kind kind;
        Side dir;
        StreamEnd how;    // End
        uint64_t offset;  // Data, Gap: stream offset
        uint64_t length;  // Data: bytes (at bytes(dir) + at); Gap: bytes missing
        Origin origin;
        size_t at;        // Data: index into the direction's held bytes
    };

    explicit HeldStreams(size_t limit) : limit_(limit) {}

    // False when the direction would hold more than the limit: nothing is
    // held then.
    bool data(Side d, const uint8_t* p, size_t n, uint64_t offset, const Origin& o) {
        Dir& dir = dirs_[int(d)];
        if (dir.bytes.size() + n > limit_) return false;
        if (!dir.any) {
            dir.any = true;
            dir.first = offset;
        }
        if (!dir.broken) dir.run = dir.bytes.size() + n;
        events_.push_back({Kind::Data, d, StreamEnd::Open, offset, n, o, dir.bytes.size()});
        dir.bytes.insert(dir.bytes.end(), p, p + n);
        return true;
    }
    void gap(Side d, uint64_t offset, uint64_t missing, const Origin& o) {
        dirs_[int(d)].broken = true;
        events_.push_back({Kind::Gap, d, StreamEnd::Open, offset, missing, o, 0});
    }
    void end(Side d, StreamEnd how, const Origin& o) {
        dirs_[int(d)].broken = true;
        events_.push_back({Kind::End, d, how, 0, 0, o, 0});
    }

    const std::vector<Event>& events() const { return events_; }
    const uint8_t* bytes(Side d) const { return dirs_[int(d)].bytes.data(); }
    // The direction's bytes from its first one up to its first gap or end
    // (what a judgement of the stream's beginning may read), and whether no
    // more will join them.
    size_t contiguous(Side d) const { return dirs_[int(d)].run; }
    bool contiguous_ended(Side d) const { return dirs_[int(d)].broken; }
    // Stream offset of the direction's first held byte.
    uint64_t first_offset(Side d) const { return dirs_[int(d)].first; }
    bool any(Side d) const { return dirs_[int(d)].any; }

private:
    struct Dir {
        std::vector<uint8_t> bytes;
        bool any = false, broken = false;
        uint64_t first = 0;
        size_t run = 0;
    };
    size_t limit_;
    Dir dirs_[2];
    std::vector<Event> events_;
};

}  // namespace core
