// RakNet findings: stable names "raknet.*", one severity each. Decoding
// findings come from the core decoder (schema.cpp), the rest from the
// connection's analysis (session.hpp and the trackers it drives).
#pragma once

#include <cstdint>

#include "core/finding.hpp"

namespace raknet {

enum class FindingCode : uint16_t {
    // Decoding (core decoder)
    Empty,              // a UDP payload of 0 bytes
    UnknownId,          // offline or system message id RakNet does not define
    Truncated,          // a field runs past the end of the message
    TrailingBytes,      // bytes after the last field
    CountRange,         // a count outside its bounds
    StringNotUtf8,      // the pong's server string is not UTF-8
    UnknownValue,       // a bool byte above 1
    DepthLimit,         // nesting deeper than the decoder's bound
    // Offline handshake
    BadMagic,           // the 16-byte offline magic differs
    VersionDetected,    // the connection's RakNet layout, and the message that showed it
    VersionMismatch,    // a message laid out as the other version, after the version was decided
    Incompatible,       // the server answered Incompatible Protocol Version
    // Datagram sequence numbers (per direction, at the capture point)
    MidStart,           // the first datagram of a direction is not sequence 0
    SeqGap,             // sequence numbers skipped
    SeqOutOfOrder,      // a datagram older than the newest one seen
    SeqDuplicate,       // the same datagram (same sequence number, same bytes) again, no NAK asked for it
    SeqReused,          // a sequence number seen before with other bytes
    DatagramResent,     // the same datagram again after a NAK for it (jsp-raknet's resend)
    // ACK / NAK
    Nak,                // the receiver reports datagrams missing
    AckUnseen,          // acknowledges sequence numbers never seen at the capture point
    AckFuture,          // acknowledges sequence numbers above any sent
    RangeReversed,      // an ACK/NAK range whose end is below its start
    Unacked,            // a datagram never acknowledged (end of capture)
    // Frames and reliable messages
    AckReceiptOnWire,   // reliability 5-7: RakNet never sends these
    FrameResent,        // a reliable message index again in a new datagram (RakNet's resend)
    ReliableHole,       // reliable message indexes never seen
    ReliableUnacked,    // a reliable message none of whose datagrams was acknowledged
    OrderGap,           // order indexes skipped on a channel
    OrderLate,          // an ordered message below the newest order index of its channel
    SequencedStale,     // a sequenced message older than the newest of its channel (RakNet drops it)
    BadChannel,         // an ordering channel above 31
    // Split packets
    SplitIncomplete,    // a split group that never completed
    SplitCountLimit,    // a claimed split count above the limit: not reassembled
    SplitSizeLimit,     // a split group larger than the limit: not reassembled
    SplitInconsistent,  // a fragment disagrees with its group (count, index, reliability)
    SplitEvicted,       // too many groups open at once: the oldest was given up
    SplitDuplicate,     // a fragment already held
    // Pings and the end
    PongUnmatched,      // a connected pong naming no ping seen
    Disconnect,         // Disconnection Notification
    EndSilence,         // the connection went silent (RakNet's timeout is 10 s)
    EndCapture,         // the capture ends with the connection up
    AnalysisLimit,      // more than the analysis keeps (frames per datagram, window): partly analysed
    PeerSilent,         // one side silent for the timeout while the other sent on
    Count_
};

constexpr uint16_t kFindingBase = 512;  // blank 0..255, mcjava 256..511

const core::FindingTable& finding_table();

}  // namespace raknet

template <>
struct core::FindingBlock<raknet::FindingCode> {
    static constexpr uint16_t base = raknet::kFindingBase;
};

namespace raknet {
// Registered with the core's findings registry wherever the codes are used.
inline const bool kFindingsRegistered = core::registered(finding_table());
}  // namespace raknet
