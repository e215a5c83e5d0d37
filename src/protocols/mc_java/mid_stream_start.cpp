#include "mid_stream_start.hpp"

#include "protocols/minecraft_detect.hpp"

namespace mcjava {

core::HeldStart MidStreamStart::judge(const core::HeldStreams& held, bool last, bool may_wait, Connection& conn) {
    core::HeldStart s;
    const uint8_t* bytes[2] = {held.bytes(Side::Client), held.bytes(Side::Server)};
    const size_t len[2] = {held.contiguous(Side::Client), held.contiguous(Side::Server)};
    const bool ended[2] = {held.contiguous_ended(Side::Client), held.contiguous_ended(Side::Server)};
    const minecraft::Edition e = minecraft::classify_first_client_bytes(bytes[0], len[0]);
    if (held.any(Side::Client) && held.first_offset(Side::Client) == 0 &&
        (e == minecraft::Edition::Java || e == minecraft::Edition::JavaLegacyPing)) {
        // The capture began between the SYN and the Handshake: read from the start.
        s.decided = true;
        s.start_known[0] = s.start_known[1] = true;
        return s;
    }
    const ReleaseSearch::Verdict v = search_.judge(bytes, len, ended, last);
    if (v == ReleaseSearch::Verdict::Undecided) return s;
    if (v == ReleaseSearch::Verdict::Tied) {
        if (may_wait) return s;
        search_.give_up();
    }
    const Inferred& r = search_.result();
    conn.start_inferred(r);
    s.decided = true;
    for (int i = 0; i < 2; ++i) {
        // Not decoded: nothing to look for, every byte is handed on.
        s.start_known[i] = r.how == Inferred::How::None || r.start_known[i];
        s.start[i] = r.how == Inferred::How::None ? 0 : r.start[i];
    }
    return s;
}

}  // namespace mcjava
