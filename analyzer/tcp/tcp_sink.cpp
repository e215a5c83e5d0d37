#include "tcp/tcp_sink.hpp"

namespace blankshark::tcp {

const char* gap_reason_name(GapReason r) noexcept {
    switch (r) {
    case GapReason::HeldLimit: return "held_limit";
    case GapReason::Acked: return "acked";
    case GapReason::Reset: return "reset";
    case GapReason::Superseded: return "superseded";
    case GapReason::EndOfCapture: return "end_of_capture";
    }
    return "?";
}

const char* close_reason_name(CloseReason r) noexcept {
    switch (r) {
    case CloseReason::Fin: return "fin";
    case CloseReason::Reset: return "reset";
    case CloseReason::Superseded: return "superseded";
    case CloseReason::EndOfCapture: return "end_of_capture";
    }
    return "?";
}

}  // namespace blankshark::tcp
