// A Minecraft Java connection the capture picked up without its Handshake
// (Wireshark started late, a ring-buffer file, a cut capture: issue 52),
// decoded in Wireshark as the analyzer decodes it. mcjava::Session holds
// both directions until the release search decides (the release or a
// range of them, each direction's state, compressed framing, the key log
// secret of an encrypted one), then cuts them with the core's stream
// buffer; Wireshark's desegmentation is not asked for.
//
// A decision replays the bytes held so far: packets that completed in
// frames already dissected. So every packet is recorded by the frame that
// completed it (as the analyzer's `frame`): a frame's packets known when
// it is dissected are shown at once; the held ones from the second pass
// (tshark -2, the GUI's packet list and tree).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/inflater.hpp"
#include "protocols/mc_java/session.hpp"

namespace mcjava_plugin {

template <class Record>
class PickedUp {
public:
    // `only`: the release the user named (preference mcjava.release), else inferred.
    PickedUp(const mcjava::KeyLog* keys, const mcjava::VersionInfo* only) {
        session.set_key_log(keys);
        session.start_mid_stream(only);
    }

    core::Inflater inflater;
    mcjava::Session session{inflater};
    core::Origin last;        // the connection's last frame on the first pass
    bool finished = false;    // the first pass is over: the session was finished

    // Stream offset of each direction's first packet (bytes before it were
    // passed over while its start was searched for).
    uint64_t first_packet[2] = {UINT64_MAX, UINT64_MAX};

    void add(uint64_t frame, core::Side d, uint64_t stream_offset, Record* r) {
        by_frame_[frame].push_back(r);
        if (stream_offset < first_packet[int(d)]) first_packet[int(d)] = stream_offset;
    }
    // The packets that completed in `frame` (null: none).
    const std::vector<Record*>* of(uint64_t frame) const {
        const auto it = by_frame_.find(frame);
        return it == by_frame_.end() ? nullptr : &it->second;
    }

private:
    std::unordered_map<uint64_t, std::vector<Record*>> by_frame_;
};

}  // namespace mcjava_plugin
