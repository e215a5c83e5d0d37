// Which of the protocols sharing a port a TCP connection picked up mid-way
// speaks (no SYN, no Handshake to go by): the one whose messages read the
// most of its bytes back to back (ProtocolInfo::reads_midstream), once it
// reads enough of them and twice what any other does; at the end of what
// can be held, the one that reads the most. Both front ends ask it (the
// analyzer's TCP dispatcher, the plugin's shared port).
#pragma once

#include <cstddef>
#include <cstdint>

#include "protocol_info.hpp"

namespace core {

// Bytes the best reading needs, twice the others', to be taken before the end.
constexpr uint32_t kMidstreamDecisive = 512;

// `candidates[0, n)`: the protocols that may be speaking; `bytes[d]` /
// `len[d]`: each direction's contiguous bytes from the first captured (d:
// core::Side). Returns the index of the one it speaks, or -1: not yet
// (`final`: -1 only when none reads anything).
inline int midstream_choice(const ProtocolInfo* const* candidates, size_t n, const uint8_t* const bytes[2],
                            const size_t len[2], bool final) {
    int best = -1;
    uint32_t most = 0, second = 0;
    for (size_t i = 0; i < n; ++i) {
        if (!candidates[i]->reads_midstream) continue;
        uint32_t fit = 0;
        for (int d = 0; d < 2; ++d)
            if (len[d]) fit += candidates[i]->reads_midstream(bytes[d], len[d], d == 0);
        if (fit > most) {
            second = most;
            most = fit;
            best = int(i);
        } else if (fit > second) {
            second = fit;
        }
    }
    if (most >= kMidstreamDecisive && most >= 2 * second) return best;
    return final && most > second ? best : -1;
}

}  // namespace core
