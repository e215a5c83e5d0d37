#include "info_text.hpp"

#include <cstdio>
#include <cstring>

namespace raknet {
namespace {

// Collects the records' min and max (the rows' keys: datagram_rows.cpp),
// the first kMax of them.
struct RangeVisitor {
    static constexpr uint32_t kMax = 64;
    Record r[kMax];
    uint32_t n = 0, total = 0;
    void open(const core::Item&) {}
    void close() {}
    void finding(const core::Finding&) {}
    void leaf(const core::Item& it) {
        if (!it.node || !it.node->key) return;
        if (std::strcmp(it.node->key, "min") == 0) {
            if (total++ < kMax) {
                r[n] = Record{uint32_t(it.u), uint32_t(it.u), true, true};
                ++n;
            }
        } else if (std::strcmp(it.node->key, "max") == 0 && n && total <= kMax) {
            r[n - 1].max = uint32_t(it.u);
            r[n - 1].single = false;
        }
    }
};

}  // namespace

size_t record_ranges_text(const Record* records, uint32_t n, uint32_t total, char* out, size_t cap) {
    if (!cap) return 0;
    size_t len = 0;
    out[0] = '\0';
    for (uint32_t i = 0; i < n; ++i) {
        char num[32];
        const Record& r = records[i];
        const int w = r.max != r.min ? std::snprintf(num, sizeof num, "%s%u..%u", i ? ", " : " ", r.min, r.max)
                                     : std::snprintf(num, sizeof num, "%s%u", i ? ", " : " ", r.min);
        if (len + size_t(w) + 4 >= cap) {  // room for "..." and the NUL
            if (len + 4 <= cap) {
                std::memcpy(out + len, "...", 3);
                len += 3;
            }
            out[len] = '\0';
            return len;
        }
        std::memcpy(out + len, num, size_t(w));
        len += size_t(w);
    }
    if (total > n && len + 4 <= cap) {
        std::memcpy(out + len, "...", 3);
        len += 3;
    }
    out[len] = '\0';
    return len;
}

size_t record_ranges_text(const core::Schema& s, const uint8_t* p, uint32_t len, const core::DecodeContext& ctx,
                          char* out, size_t cap) {
    RangeVisitor v;
    core::decode(s, p, len, ctx, v);
    return record_ranges_text(v.r, v.n, v.total, out, cap);
}

size_t append_markers(const PacketResult& p, char* out, size_t len, size_t cap) {
    if (p.kind != PacketKind::Datagram || len >= cap) return len;
    const char* status = "";
    switch (p.status) {
    case SeqStatus::Gap: status = " [gap]"; break;
    case SeqStatus::OutOfOrder: status = p.nak_frame ? " [out of order, after NAK]" : " [out of order]"; break;
    case SeqStatus::Duplicate: status = " [duplicate]"; break;
    case SeqStatus::Resent: status = " [resent after NAK]"; break;
    case SeqStatus::Reused: status = " [reused]"; break;
    default: break;
    }
    int n = std::snprintf(out + len, cap - len, "%s", status);
    if (n > 0) len = len + size_t(n) < cap ? len + size_t(n) : cap - 1;
    // Reliable messages seen before, in this new datagram: RakNet's resends.
    uint32_t after_nak = 0, on_timeout = 0;
    for (const FrameResult& f : p.frames)
        if (f.role == FrameRole::Resend) ++(f.nak_frame ? after_nak : on_timeout);
    if (after_nak && len < cap) {
        n = after_nak == 1 ? std::snprintf(out + len, cap - len, " [resent after NAK]")
                           : std::snprintf(out + len, cap - len, " [%u resent after NAK]", after_nak);
        if (n > 0) len = len + size_t(n) < cap ? len + size_t(n) : cap - 1;
    }
    if (on_timeout && len < cap) {
        n = on_timeout == 1 ? std::snprintf(out + len, cap - len, " [resent on timeout]")
                            : std::snprintf(out + len, cap - len, " [%u resent on timeout]", on_timeout);
        if (n > 0) len = len + size_t(n) < cap ? len + size_t(n) : cap - 1;
    }
    return len;
}

}  // namespace raknet
