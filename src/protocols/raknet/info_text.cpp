#include "info_text.hpp"

#include <cstdio>
#include <cstring>

namespace raknet {
namespace {

// Collects each record's min and max (the rows' keys: datagram_rows.cpp).
struct RangeVisitor {
    char* out;
    size_t cap, len = 0;
    uint32_t records = 0;
    bool full = false;
    void put(const char* s, size_t n) {
        if (full) return;
        if (len + n + 4 >= cap) {  // room for "..." and the NUL
            std::memcpy(out + len, "...", 3);
            len += 3;
            full = true;
            return;
        }
        std::memcpy(out + len, s, n);
        len += n;
    }
    void open(const core::Item&) {}
    void close() {}
    void finding(const core::Finding&) {}
    void leaf(const core::Item& it) {
        if (!it.node || !it.node->key) return;
        char num[24];
        if (std::strcmp(it.node->key, "min") == 0) {
            const int n = std::snprintf(num, sizeof num, "%s%llu", records++ ? ", " : " ", (unsigned long long)it.u);
            put(num, size_t(n));
        } else if (std::strcmp(it.node->key, "max") == 0) {
            const int n = std::snprintf(num, sizeof num, "..%llu", (unsigned long long)it.u);
            put(num, size_t(n));
        }
    }
};

}  // namespace

size_t record_ranges_text(const core::Schema& s, const uint8_t* p, uint32_t len, const core::DecodeContext& ctx,
                          char* out, size_t cap) {
    if (!cap) return 0;
    if (cap < 8) {
        out[0] = '\0';
        return 0;
    }
    RangeVisitor v{out, cap};
    core::decode(s, p, len, ctx, v);
    out[v.len] = '\0';
    return v.len;
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
