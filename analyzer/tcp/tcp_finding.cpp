#include "tcp/tcp_finding.hpp"

#include <cstdio>

namespace blankshark::tcp {

const char* finding_name(Finding f) noexcept {
    switch (f) {
    case Finding::RetransmissionConflict: return "tcp.retransmission_conflict";
    case Finding::BeforeStreamStart: return "tcp.before_stream_start";
    case Finding::DataAfterFin: return "tcp.data_after_fin";
    case Finding::OutOfWindow: return "tcp.out_of_window";
    case Finding::HeldLimit: return "tcp.held_limit";
    case Finding::ConnectionLimit: return "tcp.connection_limit";
    case Finding::PortReuseUnclosed: return "tcp.port_reuse_unclosed";
    case Finding::SynMismatch: return "tcp.syn_mismatch";
    case Finding::FinMismatch: return "tcp.fin_mismatch";
    case Finding::TruncatedSegment: return "tcp.truncated_segment";
    }
    return "tcp.unknown";
}

const char* finding_meaning(Finding f) noexcept {
    switch (f) {
    case Finding::RetransmissionConflict:
        return "retransmitted bytes differ from the copy delivered or held first; the first copy was kept";
    case Finding::BeforeStreamStart:
        return "bytes sequenced before the direction's stream start (its SYN + 1, or where it was picked up); dropped";
    case Finding::DataAfterFin: return "bytes sequenced at or after the direction's FIN; dropped";
    case Finding::OutOfWindow: return "a segment starting more than 1 GiB past the delivery point; dropped";
    case Finding::HeldLimit:
        return "out-of-order data went over the held-bytes bound; a gap was declared to make room";
    case Finding::ConnectionLimit:
        return "more TCP connections open at once than the analysis follows: new ones are not analysed "
               "until one of them ends";
    case Finding::PortReuseUnclosed:
        return "a SYN with a new initial sequence number arrived on a tuple whose connection had not ended; it "
               "replaced it";
    case Finding::SynMismatch:
        return "a SYN/ACK whose sequence number disagrees with the direction's established stream start; ignored";
    case Finding::FinMismatch:
        return "a FIN at another sequence number than the direction's first FIN, or below delivered data; ignored";
    case Finding::TruncatedSegment:
        return "a segment captured shorter than its IP length; the missing tail is a hole";
    }
    return "unknown finding";
}

}  // namespace blankshark::tcp

namespace blankshark::tcp {
namespace {

size_t format(const core::Finding& f, char* buf, size_t cap) {
    const Finding k = Finding(f.code.v - kFindingBase);
    int n = 0;
    switch (k) {
    case Finding::RetransmissionConflict:
        n = std::snprintf(buf, cap, "Retransmitted bytes differ from the first copy: %lld bytes from stream offset %lld "
                          "(the first copy was kept)", (long long)f.b, (long long)f.a);
        break;
    case Finding::HeldLimit:
        n = std::snprintf(buf, cap, "Out-of-order data over the held-bytes bound: %lld bytes at stream offset %lld given up",
                          (long long)f.b, (long long)f.a);
        break;
    case Finding::ConnectionLimit:  // told once, for the capture (the first connection not followed)
        n = std::snprintf(buf, cap, "%lld TCP connections open, as many as the analysis follows: this connection and "
                          "those opened while none ends are not analysed (%lld segments)", (long long)f.a,
                          (long long)f.b);
        break;
    case Finding::TruncatedSegment:  // how much is missing is not known here (the IP length is not kept)
        n = std::snprintf(buf, cap, "A segment captured shorter than its IP length: the missing tail, from stream offset "
                          "%lld, is a hole", (long long)f.a);
        break;
    default:
        n = std::snprintf(buf, cap, "%s (stream offset %lld, %lld bytes)", finding_meaning(k), (long long)f.a,
                          (long long)f.b);
        break;
    }
    return n < 0 ? 0 : size_t(n) < cap ? size_t(n) : cap - 1;
}

core::Severity severity(Finding k) {
    switch (k) {
    case Finding::RetransmissionConflict: case Finding::HeldLimit: case Finding::ConnectionLimit:
    case Finding::OutOfWindow: return core::Severity::Warn;
    case Finding::PortReuseUnclosed: case Finding::TruncatedSegment: return core::Severity::Note;
    default: return core::Severity::Note;
    }
}

struct Table {
    core::FindingInfo infos[kFindingCount];
    core::FindingTable table;
    Table() {
        for (int i = 0; i < kFindingCount; ++i) {
            const Finding k = Finding(i);
            infos[i] = core::FindingInfo{core::Code(uint16_t(kFindingBase + i)), finding_name(k), severity(k),
                                         core::FindingGroup::Sequence, finding_meaning(k)};
        }
        table = core::FindingTable{"tcp", kFindingBase, infos, size_t(kFindingCount), format};
        core::add_finding_table(table);
    }
};

}  // namespace

const core::FindingTable& finding_table() {
    static const Table t;
    return t.table;
}

core::Code core_code(Finding f) noexcept {
    finding_table();
    return core::Code(uint16_t(kFindingBase + uint16_t(f)));
}

}  // namespace blankshark::tcp
