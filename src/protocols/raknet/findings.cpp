#include "findings.hpp"

#include <cinttypes>

#include "core/finding_text.hpp"
#include "core/usual_findings.hpp"

namespace raknet {
namespace {

using namespace core::finding_rows;
using C = FindingCode;

// Indexed by FindingCode.
constexpr FindingInfo kFindings[] = {
    {C::Empty, "raknet.malformed.empty", S::Error, G::Malformed, "UDP payload of 0 bytes: no message id"},
    {C::UnknownId, "raknet.malformed.unknown_id", S::Error, G::Malformed,
     "message id RakNet does not define (offline messages and system messages inside frames)"},
    CORE_USUAL_DECODE_FINDING_ROWS(C, "raknet", "message", "a bool byte other than 0 or 1"),
    {C::BadMagic, "raknet.offline.bad_magic", S::Error, G::Malformed,
     "offline message whose 16-byte magic is not RakNet's OFFLINE_MESSAGE_DATA_ID (RakNet ignores it)"},
    {C::VersionDetected, "raknet.version.detected", S::Comment, G::Protocol,
     "the connection's RakNet layout (MCPE 0.x's or today's), from the length of a message whose layout differs"},
    {C::VersionMismatch, "raknet.version.mismatch", S::Warn, G::Protocol,
     "a message laid out as the other RakNet version than the one this connection showed first"},
    {C::Incompatible, "raknet.offline.incompatible", S::Note, G::Protocol,
     "the server refused the client's RakNet protocol version"},
    {C::MidStart, "raknet.seq.mid_start", S::Comment, G::Sequence,
     "the first datagram of this direction is not number 0: the capture starts inside the connection "
     "(common at capture start)"},
    {C::SeqGap, "raknet.seq.gap", S::Note, G::Sequence,
     "datagram sequence numbers skipped: lost before the capture point (or still to come, reordered)"},
    {C::SeqOutOfOrder, "raknet.seq.out_of_order", S::Note, G::Sequence,
     "a datagram older than the newest one seen: reordered before the capture point (it fills a gap); after a NAK "
     "that named it, its late first copy or its resend under the same number"},
    {C::SeqDuplicate, "raknet.seq.duplicate", S::Note, G::Sequence,
     "the same datagram again (same number, same bytes) with no NAK asking for it: duplicated by the network, "
     "or resent on a timeout"},
    {C::SeqReused, "raknet.seq.reused", S::Warn, G::Sequence,
     "a datagram number seen before, with other bytes: RakNet never reuses a number"},
    {C::DatagramResent, "raknet.resend.datagram", S::Note, G::Sequence,
     "the same datagram again after the receiver's NAK for it (jsp-raknet resends datagrams whole, same number)"},
    {C::Nak, "raknet.nak", S::Note, G::Sequence,
     "the receiver reports datagrams missing; those seen at the capture point were lost after it"},
    {C::AckUnseen, "raknet.ack.unseen", S::Note, G::Sequence,
     "acknowledges datagrams never seen at the capture point (not captured, or the capture started later)"},
    {C::AckFuture, "raknet.ack.future", S::Warn, G::Sequence,
     "acknowledges datagram numbers above any the other side sent"},
    {C::RangeReversed, "raknet.ack.range_reversed", S::Error, G::Malformed,
     "ACK/NAK range whose end is below its start (RakNet discards the packet)"},
    {C::Unacked, "raknet.ack.missing", S::Note, G::Sequence,
     "a datagram the receiver neither acknowledged nor reported missing before the connection ended"},
    {C::AckReceiptOnWire, "raknet.frame.ack_receipt", S::Warn, G::Protocol,
     "reliability 5-7 (*_WITH_ACK_RECEIPT) on the wire: RakNet sends these as 0, 2 and 3"},
    {C::FrameResent, "raknet.resend.frame", S::Note, G::Sequence,
     "a reliable message index seen before, in a new datagram: RakNet's resend, answering a NAK (each NAK once per "
     "message) or on a timeout"},
    {C::ReliableHole, "raknet.reliable.hole", S::Comment, G::Sequence,
     "reliable message indexes never seen: lost before the capture point and never resent, or never sent "
     "(jsp-raknet consumes indexes for split fragments of unreliable messages): indexes are not contiguous"},
    {C::ReliableUnacked, "raknet.reliable.unacked", S::Note, G::Sequence,
     "a reliable message none of whose datagrams the receiver acknowledged before the connection ended"},
    {C::OrderGap, "raknet.order.gap", S::Note, G::Sequence,
     "ordering indexes skipped on a channel: messages lost before the capture point (or reordered)"},
    {C::OrderLate, "raknet.order.late", S::Note, G::Sequence,
     "an ordered message below the newest ordering index of its channel: the receiver holds what came after it"},
    {C::SequencedStale, "raknet.sequenced.stale", S::Comment, G::Sequence,
     "a sequenced message older than the newest of its channel: RakNet drops it"},
    {C::BadChannel, "raknet.order.bad_channel", S::Error, G::Malformed,
     "ordering channel above 31: RakNet has 32 channels"},
    {C::SplitIncomplete, "raknet.split.incomplete", S::Warn, G::Sequence,
     "a split packet whose fragments never all arrived"},
    {C::SplitCountLimit, "raknet.split.count_limit", S::Warn, G::Protocol,
     "split count above the analysis limit: the fragments are not reassembled"},
    {C::SplitSizeLimit, "raknet.split.size_limit", S::Warn, G::Protocol,
     "split packet larger than the analysis limit: the fragments are not reassembled"},
    {C::SplitInconsistent, "raknet.split.inconsistent", S::Error, G::Malformed,
     "a fragment disagrees with its split group (count, index or reliability)"},
    {C::SplitEvicted, "raknet.split.evicted", S::Warn, G::Sequence,
     "too many split packets open at once: the oldest was given up"},
    {C::SplitDuplicate, "raknet.split.duplicate", S::Comment, G::Sequence,
     "a fragment already held (resent or duplicated)"},
    {C::PongUnmatched, "raknet.pong.unmatched", S::Note, G::Protocol, "connected pong naming no ping seen"},
    {C::Disconnect, "raknet.end.disconnect", S::Comment, G::Sequence,
     "Disconnection Notification: the connection ends"},
    {C::EndSilence, "raknet.end.silence", S::Note, G::Sequence,
     "the connection went silent: no packet for RakNet's timeout (it drops a peer after 10 s by default)"},
    {C::EndCapture, "raknet.end.capture", S::Comment, G::Sequence,
     "the capture ends with the connection still up"},
    {C::AnalysisLimit, "raknet.analysis.limit", S::Note, G::Protocol,
     "beyond what the analysis keeps (frames per datagram, its windows): analysed in part"},
    {C::PeerSilent, "raknet.end.peer_silent", S::Warn, G::Sequence,
     "one side sent nothing for RakNet's timeout (10 s) while the other went on sending: it vanished (crashed, "
     "killed or cut off); what the other sent afterwards is unanswered"},
};
static_assert(sizeof(kFindings) / sizeof(kFindings[0]) == size_t(C::Count_), "one row per FindingCode");

size_t format(const core::Finding& f, char* b, size_t cap) {
    const char* what = f.what ? f.what : "message";
    const unsigned long long ref = (unsigned long long)f.ref_frame;
    switch (core::local_code<FindingCode>(f.code)) {
    case C::Empty: return core::print(b, cap, "Empty UDP payload");
    case C::UnknownId:
        return core::print(b, cap, "Unknown %s id 0x%02" PRIx64, what, uint64_t(f.a));
    case C::Truncated: case C::TrailingBytes: case C::CountRange: case C::StringNotUtf8: case C::DepthLimit:
        return core::text::usual_decode<C>(f, what, b, cap);
    case C::UnknownValue: return core::print(b, cap, "%s: value %" PRId64, what, f.a);
    case C::BadMagic: return core::print(b, cap, "%s: offline magic is not RakNet's", what);
    case C::VersionDetected:
        return core::print(b, cap, "RakNet layout %s (message 0x%02" PRIx64 " of %" PRId64 " bytes)", what,
                           uint64_t(f.a), f.b);
    case C::VersionMismatch:
        return core::print(b, cap,
                           "Message 0x%02" PRIx64 " of %" PRId64 " bytes has the other layout; "
                           "decoded as %s, the connection's",
                           uint64_t(f.a), f.b, what);
    case C::Incompatible:
        return core::print(b, cap, "Server speaks RakNet protocol %" PRId64 ", the client asked for %" PRId64,
                           f.a, f.b);
    case C::MidStart: return core::print(b, cap, "First datagram of this direction is #%" PRId64, f.a);
    case C::SeqGap:
        if (f.a == 1) return core::print(b, cap, "Datagram #%" PRId64 " not seen", f.b);
        return core::print(b, cap, "%" PRId64 " datagrams not seen (#%" PRId64 "..#%" PRId64 ")", f.a, f.b, f.c);
    case C::SeqOutOfOrder:
        if (f.ref_frame)
            return core::print(b, cap,
                               "Datagram #%" PRId64 " after #%" PRId64 ", %.1f ms after the NAK in frame %llu "
                               "reported it missing (its late first copy, or its resend)",
                               f.a, f.b, double(f.c) / 1000.0, ref);
        return core::print(b, cap, "Datagram #%" PRId64 " after #%" PRId64 " (out of order)", f.a, f.b);
    case C::SeqDuplicate:
        return core::print(b, cap, "Duplicate of datagram #%" PRId64 " in frame %llu", f.a, ref);
    case C::SeqReused:
        return core::print(b, cap, "Datagram #%" PRId64 " again with other bytes (first in frame %llu)", f.a, ref);
    case C::DatagramResent:
        return core::print(b, cap, "Datagram #%" PRId64 " resent %.1f ms after the NAK in frame %llu", f.a,
                           double(f.b) / 1000.0, ref);
    case C::Nak:
        return core::print(b, cap, "NAK of %" PRId64 " datagrams (%" PRId64 " of them seen here)", f.a, f.b);
    case C::AckUnseen:
        return core::print(b, cap, "Acknowledges %" PRId64 " datagrams never seen here (first #%" PRId64 ")", f.a, f.b);
    case C::AckFuture:
        return core::print(b, cap, "Acknowledges %" PRId64 " datagrams never sent (first #%" PRId64 ")", f.a, f.b);
    case C::RangeReversed:
        return core::print(b, cap, "Range #%" PRId64 "..#%" PRId64 " ends below its start", f.a, f.b);
    case C::Unacked:
        return core::print(b, cap, "Datagram #%" PRId64 " never acknowledged nor reported missing", f.a);
    case C::AckReceiptOnWire: return core::print(b, cap, "Reliability %" PRId64 " on the wire", f.a);
    case C::FrameResent:
        if (f.b)
            return core::print(b, cap,
                               "Reliable message %" PRId64 " resent (first in frame %llu), %.1f ms after "
                               "the NAK in frame %" PRId64,
                               f.a, ref, double(f.c) / 1000.0, f.b);
        return core::print(b, cap, "Reliable message %" PRId64 " resent on a timeout (first in frame %llu)",
                           f.a, ref);
    case C::ReliableHole:
        if (f.a == 1) return core::print(b, cap, "Reliable message index %" PRId64 " never seen", f.b);
        return core::print(b, cap, "%" PRId64 " reliable message indexes never seen (%" PRId64 "..%" PRId64 ")",
                           f.a, f.b, f.c);
    case C::ReliableUnacked:
        return core::print(b, cap, "Reliable message %" PRId64 " never acknowledged", f.a);
    case C::OrderGap:
        return core::print(b, cap, "%" PRId64 " ordering indexes skipped on channel %" PRId64 " (from %" PRId64 ")",
                           f.a, f.b, f.c);
    case C::OrderLate:
        return core::print(b, cap, "Ordering index %" PRId64 " on channel %" PRId64 " after %" PRId64, f.a, f.b, f.c);
    case C::SequencedStale:
        return core::print(b, cap, "Sequencing index %" PRId64 " on channel %" PRId64 " after %" PRId64, f.a, f.b, f.c);
    case C::BadChannel: return core::print(b, cap, "Ordering channel %" PRId64, f.a);
    case C::SplitIncomplete:
        return core::print(b, cap, "Split packet %" PRId64 ": %" PRId64 " of %" PRId64 " fragments", f.c, f.a, f.b);
    case C::SplitCountLimit:
        return core::print(b, cap, "Split packet %" PRId64 " claims %" PRId64 " fragments (limit %" PRId64 ")",
                           f.c, f.a, f.b);
    case C::SplitSizeLimit:
        return core::print(b, cap, "Split packet %" PRId64 " would exceed %" PRId64 " bytes (limit %" PRId64 ")",
                           f.c, f.a, f.b);
    case C::SplitInconsistent:
        return core::print(b, cap, "Split packet %" PRId64 " fragment %" PRId64 ": %s", f.a, f.b, what);
    case C::SplitEvicted:
        return core::print(b, cap, "Split packet %" PRId64 " given up with %" PRId64 " of %" PRId64 " fragments",
                           f.a, f.b, f.c);
    case C::SplitDuplicate:
        return core::print(b, cap, "Split packet %" PRId64 " fragment %" PRId64 " again", f.a, f.b);
    case C::PongUnmatched: return core::print(b, cap, "Pong for ping time %" PRId64 ": no such ping", f.a);
    case C::Disconnect: return core::print(b, cap, "Disconnection Notification from the %s", what);
    case C::EndSilence:
        return core::print(b, cap, "No packet in the %.0f s after this one (RakNet's timeout): gone",
                           double(f.a) / 1000.0);
    case C::EndCapture:
        return core::print(b, cap, "Capture ends with the connection up (last packet %.1f s before)",
                           double(f.a) / 1000.0);
    case C::AnalysisLimit: return core::print(b, cap, "Analysis limit: %s (%" PRId64 ")", what, f.a);
    case C::PeerSilent:
        return core::print(b, cap, "The %s's last packet: silent for %.1f s while the other side sent on (to frame %llu)",
                           what, double(f.a) / 1000.0, ref);
    case C::Count_: break;
    }
    return core::text::summary(f, b, cap);
}

constexpr core::FindingTable kTable{"raknet", kFindingBase, kFindings, size_t(C::Count_), format};

}  // namespace

const core::FindingTable& finding_table() { return kTable; }

}  // namespace raknet
