#include "info_text.hpp"

#include <cstring>

#include "core/text_buffer.hpp"

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
        core::TextBuffer t(num, sizeof num);
        t.add(i ? ", " : " ").add(r.min);
        if (r.max != r.min) t.add("..").add(r.max);
        const size_t w = t.size();
        if (len + w + 4 >= cap) {  // room for "..." and the NUL
            if (len + 4 <= cap) {
                std::memcpy(out + len, "...", 3);
                len += 3;
            }
            out[len] = '\0';
            return len;
        }
        std::memcpy(out + len, num, w);
        len += w;
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
    core::TextBuffer t(out, cap, len);
    t.add(status);
    // Reliable messages seen before, in this new datagram: RakNet's resends.
    uint32_t after_nak = 0, on_timeout = 0;
    for (const FrameResult& f : p.frames)
        if (f.role == FrameRole::Resend) ++(f.nak_frame ? after_nak : on_timeout);
    if (after_nak == 1) t.add(" [resent after NAK]");
    else if (after_nak) t.add(" [").add(after_nak).add(" resent after NAK]");
    if (on_timeout == 1) t.add(" [resent on timeout]");
    else if (on_timeout) t.add(" [").add(on_timeout).add(" resent on timeout]");
    return t.size();
}

}  // namespace raknet
