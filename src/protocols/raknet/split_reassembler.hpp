// One direction's split packets (RakNet splits a message larger than the
// MTU into split_count fragments sharing a split id; ReliabilityLayer.cpp,
// SplitPacket / BuildPacketFromSplitPacketList), reassembled in any order,
// duplicates held once, inconsistent fragments reported. Bounded: a split
// count or size above the limits is a finding and is not reassembled, at
// most Options::max_open_splits groups are open at once (the oldest is
// given up, as a finding) holding at most Options::max_split_buffer bytes,
// and groups that never complete are findings at the end. Groups are
// reused, so steady traffic costs no allocation.
#pragma once

#include <cstdint>
#include <vector>

#include "events.hpp"
#include "options.hpp"
#include "packet_reader.hpp"
#include "stats.hpp"

namespace raknet {

class SplitReassembler {
public:
    SplitReassembler(Side side, const Options& o) : side_(side), o_(o) {}

    enum class Outcome : uint8_t { Held, Completed, Duplicate, Rejected };
    struct Added {
        Outcome outcome = Outcome::Rejected;
        uint32_t held = 0;  // fragments of its group held now
        // Completed: the message (valid until the next add()) and where it came from.
        const uint8_t* data = nullptr;
        uint32_t len = 0;
        const uint64_t* frames = nullptr;  // by fragment index
        uint32_t count = 0;
        Reliability reliability = Reliability::Unreliable;
        uint32_t message_index = 0, order_index = 0;
        uint8_t channel = 0;
    };
    // A fragment (f.split) whose body is `body`, in `frame`.
    Added add(const WireFrame& f, const uint8_t* body, uint64_t frame, double time, DirectionStats& st, Events& ev);
    // End of the capture: groups still open never completed.
    void finish(DirectionStats& st, Events& ev);

    uint32_t open_groups() const;
    uint64_t buffered() const { return buffered_; }

private:
    struct Piece {
        uint32_t offset = 0, len = 0;
        uint64_t frame = 0;
        bool present = false;
    };
    struct Group {
        bool used = false;
        uint16_t id = 0;
        uint32_t count = 0, received = 0;
        Reliability reliability = Reliability::Unreliable;
        uint32_t message_index = 0, order_index = 0;
        uint8_t channel = 0;
        uint64_t first_frame = 0;
        double first_time = 0;
        std::vector<uint8_t> data;  // fragments in arrival order
        std::vector<Piece> pieces;  // by index
    };
    Group* find(uint16_t id);
    Group* open(const WireFrame& f, uint64_t frame, double time, DirectionStats& st, Events& ev);
    void release(Group& g);
    // raknet.split.incomplete (it cannot complete, or the capture ended) or,
    // `evicted` (no room for it), raknet.split.evicted; then released.
    void give_up(Group& g, DirectionStats& st, Events& ev, bool evicted = false);
    Group* oldest(const Group* except);

    struct Done {
        bool used = false;
        uint16_t id = 0;
        uint32_t count = 0;
    };
    static constexpr uint32_t kRecent = 16;

    Side side_;
    Options o_;
    std::vector<Group> groups_;
    uint64_t buffered_ = 0;
    Done recent_[kRecent];  // groups completed lately: their late fragments are duplicates
    uint32_t recent_next_ = 0;
    bool rejected_any_ = false;  // the last split id refused for its count (reported once)
    uint16_t rejected_id_ = 0;
    std::vector<uint8_t> out_;
    std::vector<uint64_t> out_frames_;
};

}  // namespace raknet
