#include "tcp_finding.hpp"

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
        return "max_connections are tracked, none released: new connections go untracked";
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
