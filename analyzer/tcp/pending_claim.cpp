#include "tcp/pending_claim.hpp"

#include <algorithm>

#include "core/midstream_choice.hpp"

namespace blankshark::tcp {

namespace {

// The first judgement once a direction holds this many bytes; the next
// when they have doubled.
constexpr size_t kFirstJudgement = 256;

}  // namespace

bool PendingClaim::data(Side d, const uint8_t* p, uint32_t n, uint64_t offset, const SegmentOrigin& o) {
    std::vector<uint8_t>& b = bytes_[int(d)];
    if (b.size() + n > kMaxHeld) return false;
    Event e{Kind::Data, d, 0, 0, {}, GapReason::EndOfCapture, {}, 0};
    e.offset = offset;
    e.length = n;
    e.origin = o;
    e.at = b.size();
    events_.push_back(e);
    b.insert(b.end(), p, p + n);
    if (!broken_[int(d)]) contiguous_[int(d)] = b.size();
    return true;
}

void PendingClaim::gap(Side d, uint64_t offset, uint64_t missing, GapReason why, uint64_t frame, double time) {
    broken_[int(d)] = true;
    Event e{Kind::Gap, d, 0, 0, {}, GapReason::EndOfCapture, {}, 0};
    e.offset = offset;
    e.length = missing;
    e.why = why;
    e.origin.frame = frame;
    e.origin.time = time;
    events_.push_back(e);
}

void PendingClaim::fin(Side d, uint64_t offset, const SegmentOrigin& o) {
    broken_[int(d)] = true;
    Event e{Kind::Fin, d, 0, 0, {}, GapReason::EndOfCapture, {}, 0};
    e.offset = offset;
    e.origin = o;
    events_.push_back(e);
}

void PendingClaim::rst(Side d, uint64_t frame, double time) {
    broken_[int(d)] = true;
    Event e{Kind::Rst, d, 0, 0, {}, GapReason::EndOfCapture, {}, 0};
    e.origin.frame = frame;
    e.origin.time = time;
    events_.push_back(e);
}

void PendingClaim::finding(Side d, const FindingInfo& f) {
    Event e{Kind::Finding, d, 0, 0, {}, GapReason::EndOfCapture, {}, 0};
    e.finding = f;
    events_.push_back(e);
}

Sink* PendingClaim::decide(bool final) {
    if (!final) {
        bool grown = false;
        for (int d = 0; d < 2; ++d)
            if (contiguous_[d] >= std::max(kFirstJudgement, 2 * judged_[d])) grown = true;
        if (!grown) return nullptr;
    }
    for (int d = 0; d < 2; ++d) judged_[d] = contiguous_[d];
    std::vector<const core::ProtocolInfo*> infos;
    for (const Claimant* c : candidates_) infos.push_back(c->info);
    const uint8_t* bytes[2] = {bytes_[0].data(), bytes_[1].data()};
    const int i = core::midstream_choice(infos.data(), infos.size(), bytes, contiguous_, final);
    if (i >= 0) return candidates_[size_t(i)]->sink;
    return final ? fallback_ : nullptr;
}

void PendingClaim::replay(Connection& conn, Sink& to) const {
    for (const Event& e : events_) {
        switch (e.kind) {
        case Kind::Data:
            to.on_data(conn, e.dir, bytes_[int(e.dir)].data() + e.at, uint32_t(e.length), e.offset, e.origin);
            break;
        case Kind::Gap: to.on_gap(conn, e.dir, e.offset, e.length, e.why, e.origin.frame, e.origin.time); break;
        case Kind::Fin: to.on_fin(conn, e.dir, e.offset, e.origin); break;
        case Kind::Rst: to.on_rst(conn, e.dir, e.origin.frame, e.origin.time); break;
        case Kind::Finding: to.on_finding(&conn, e.dir, e.finding); break;
        }
    }
}

}  // namespace blankshark::tcp
