#include "findings.hpp"

#include <cstdio>
#include <cstring>

#include "liveness.hpp"

namespace blank {
namespace {

using S = Severity;
using G = FindingGroup;

// Indexed by FindingCode.
constexpr FindingInfo kFindings[] = {
    {FindingCode::ShortHeader, "blank.malformed.short_header", S::Error, G::Malformed,
     "shorter than the 16-byte header"},
    {FindingCode::BadTag, "blank.malformed.tag", S::Error, G::Malformed, "protocol tag is not 0xFB1AB1AF"},
    {FindingCode::UnknownType, "blank.malformed.type", S::Error, G::Malformed, "type code unknown to this revision"},
    {FindingCode::BadLength, "blank.malformed.length", S::Error, G::Malformed,
     "payload length outside the rule of its packet type"},
    {FindingCode::CountRange, "blank.malformed.count_range", S::Error, G::Malformed, "count outside its range"},
    {FindingCode::CountMismatch, "blank.malformed.count_mismatch", S::Error, G::Malformed,
     "count disagrees with the payload length"},
    {FindingCode::StringUnterminated, "blank.string.unterminated", S::Warn, G::Protocol,
     "string shorter than its maximum but not zero-terminated"},
    {FindingCode::StringNotUtf8, "blank.string.not_utf8", S::Warn, G::Protocol, "string is not valid UTF-8"},
    {FindingCode::PaddingNonZero, "blank.padding.nonzero", S::Comment, G::Comment,
     "header padding is not zero: the game never writes these bytes (7f 00 00 is normal), not an error", true},
    {FindingCode::QuatPadBits, "blank.quat.pad_bits", S::Warn, G::Protocol,
     "quaternion pad bits 61-60 are set (the game always writes 0)"},
    {FindingCode::QuatNotUnit, "blank.quat.not_unit", S::Warn, G::Protocol,
     "quaternion's three small components exceed length 1"},
    {FindingCode::UnknownValue, "blank.unknown_value", S::Warn, G::Protocol,
     "enumerated field outside its defined values"},
    {FindingCode::PieceSizeMismatch, "blank.malformed.piece_size", S::Error, G::Malformed,
     "chunk piece size field disagrees with the bytes carried"},
    {FindingCode::TrailingBytes, "blank.malformed.trailing", S::Error, G::Malformed,
     "bytes after the last field of the packet"},
    {FindingCode::ChunkIncomplete, "blank.chunk.incomplete", S::Note, G::Sequence,
     "chunk transmission never completed (normal when the server moves on to another chunk, or on loss)"},
    {FindingCode::ChunkDataBeforeBegin, "blank.chunk.data_before_begin", S::Note, G::Sequence,
     "chunk data arrived before its ChunkBegin (reordering)"},
    {FindingCode::ChunkUnknownTransmission, "blank.chunk.unknown_transmission", S::Note, G::Sequence,
     "chunk data of a transmission whose ChunkBegin was not captured (lost, or before the capture)"},
    {FindingCode::ChunkPieceResent, "blank.chunk.piece_resent", S::Comment, G::Sequence,
     "chunk piece sent again under a new seq: the game's resend after a loss"},
    {FindingCode::ChunkBeginResent, "blank.chunk.begin_resent", S::Comment, G::Sequence,
     "ChunkBegin sent again under a new seq: the game's resend after a loss"},
    {FindingCode::ChunkDuplicate, "blank.chunk.duplicate", S::Note, G::Sequence,
     "the same chunk packet (same seq) seen twice: duplicated on the path"},
    {FindingCode::ChunkOverlapMismatch, "blank.chunk.overlap_mismatch", S::Error, G::Malformed,
     "overlapping chunk pieces carry different bytes"},
    {FindingCode::ChunkBeyondSize, "blank.chunk.beyond_size", S::Error, G::Malformed,
     "chunk piece extends past the size announced by ChunkBegin"},
    {FindingCode::ChunkIdReused, "blank.chunk.id_reused", S::Warn, G::Protocol,
     "ChunkBegin reuses the id of a live transmission with other parameters"},
    {FindingCode::ChunkRerequest, "blank.chunk.rerequest", S::Note, G::Sequence,
     "client re-requests a chunk (no complete transmission within 5 s)"},
    {FindingCode::ChunkInflateFailed, "blank.chunk.inflate_failed", S::Error, G::Malformed,
     "completed chunk data is not a valid zlib stream"},
    {FindingCode::ChunkTrailingData, "blank.chunk.trailing_data", S::Warn, G::Malformed,
     "bytes after the end of the chunk's zlib stream"},
    {FindingCode::ChunkWrongSize, "blank.chunk.wrong_size", S::Error, G::Malformed,
     "chunk data does not have the size of a chunk"},
    {FindingCode::ChunkLimit, "blank.chunk.limit", S::Warn, G::Protocol,
     "a chunk reassembly limit was hit: data not reassembled"},
    {FindingCode::SeqLostBefore, "blank.seq.lost_before", S::Note, G::Sequence,
     "seqs skipped before this packet: lost before the capture point (or still to come, reordered)"},
    {FindingCode::SeqReordered, "blank.seq.reordered", S::Note, G::Sequence,
     "arrived after a higher seq: reordered on the path"},
    {FindingCode::SeqDuplicate, "blank.seq.duplicate", S::Note, G::Sequence,
     "the same packet again: duplicated on the path"},
    {FindingCode::SeqReused, "blank.seq.reused", S::Warn, G::Sequence,
     "a seq seen before with other content: the sender reused a sequence number"},
    {FindingCode::SeqFarBack, "blank.seq.far_back", S::Warn, G::Sequence,
     "seq further behind the highest seen than the analysis window"},
    {FindingCode::SeqMidStart, "blank.seq.mid_start", S::Comment, G::Sequence,
     "the capture starts inside a connection (first seq is not 0): common at capture start"},
    {FindingCode::AckBackwards, "blank.ack.backwards", S::Note, G::Sequence,
     "ack moved back: the game acks the newest packet received, even a late one"},
    {FindingCode::AckUnsent, "blank.ack.unsent", S::Warn, G::Sequence,
     "acks a seq the other side has not sent (in the capture)"},
    {FindingCode::AckHistQuirk, "blank.ack.history_quirk", S::Comment, G::Sequence,
     "history reports a seq acked earlier as missing: the game read it against an ack that moved back"},
    {FindingCode::AckHistContradiction, "blank.ack.history_contradiction", S::Warn, G::Sequence,
     "history reports a seq acked earlier as missing"},
    {FindingCode::SeqLost, "blank.seq.lost", S::Note, G::Sequence,
     "the sender counts a packet of its own lost: it slid out of the peer's 32-packet ack window"},
    {FindingCode::Silence, "blank.session.silence", S::Note, G::Sequence,
     "one side sent nothing for longer than the configured time (the game pings every 50 ms)"},
    {FindingCode::Timeout, "blank.session.timeout", S::Warn, G::Sequence,
     "one side silent for 10 s or more: the game closes the connection"},
    {FindingCode::LoginRefused, "blank.session.login_refused", S::Note, G::Sequence,
     "Login answered with Part: the server refused it"},
    {FindingCode::LoginNoJoin, "blank.session.login_no_join", S::Warn, G::Sequence,
     "Login never answered with Join or Part"},
    {FindingCode::SessionEnd, "blank.session.end", S::Comment, G::Sequence,
     "how the session ended: Part, timeout, or cut by the end of the capture"},
    {FindingCode::WentSilent, "blank.session.went_silent", S::Warn, G::Sequence,
     "one side stopped sending while the other went on (crashed, killed or cut off: no Part); what the other "
     "side did afterwards is its consequence"},
    {FindingCode::AfterSilence, "blank.session.after_silence", S::Note, G::Sequence,
     "sent after the peer went silent: a consequence of blank.session.went_silent, not a fault of its own"},
    {FindingCode::Correction, "blank.correction.linked", S::Note, G::Sequence,
     "PlayerCorrection: the server's state differs from the client's prediction (normal reconciliation)"},
    {FindingCode::CorrectionLarge, "blank.correction.large", S::Warn, G::Sequence,
     "PlayerCorrection further from the prediction than the configured threshold"},
    {FindingCode::CorrectionUnknown, "blank.correction.unknown_update", S::Note, G::Sequence,
     "PlayerCorrection names an update seq not in the capture"},
    {FindingCode::RevisionAmbiguous, "blank.revision.ambiguous", S::Note, G::Protocol,
     "the packets so far fit several protocol revisions: decoded with the newest until one tells"},
    {FindingCode::RevisionDetected, "blank.revision.detected", S::Comment, G::Protocol,
     "the conversation's protocol revision is settled"},
    {FindingCode::RevisionUnknown, "blank.revision.unknown", S::Warn, G::Protocol,
     "no known protocol revision fits the packet lengths: decoded with the current one"},
    {FindingCode::SessionRestart, "blank.session.restart", S::Note, G::Sequence,
     "after the session ended with Part, a side starts over from seq 0: a new session on the same ports "
     "(sequence analysis starts again)"},
};
static_assert(sizeof(kFindings) / sizeof(kFindings[0]) == kFindingCount, "one row per FindingCode");

}  // namespace

int64_t finding_magnitude(const Finding& f) {
    switch (core::local_code<FindingCode>(f.code)) {
    case FindingCode::SeqLostBefore:
    case FindingCode::SeqLost:
    case FindingCode::Silence:
    case FindingCode::Timeout: return f.a;
    case FindingCode::Correction:
    case FindingCode::CorrectionLarge:
    case FindingCode::ChunkIncomplete:
    case FindingCode::SeqFarBack:
    case FindingCode::WentSilent: return f.b;
    case FindingCode::SeqReordered: return int16_t(uint16_t(f.b - f.a));  // seqs it came behind
    case FindingCode::AckBackwards: return int16_t(uint16_t(f.a - f.b));
    default: return -1;
    }
}

bool finding_on_path(const Finding& f) {
    switch (core::local_code<FindingCode>(f.code)) {
    case FindingCode::SeqLostBefore:
    case FindingCode::SeqReordered:
    case FindingCode::SeqDuplicate:
    case FindingCode::AckBackwards:
    case FindingCode::AckHistQuirk:
    case FindingCode::SeqLost:
    case FindingCode::ChunkDataBeforeBegin:
    case FindingCode::ChunkUnknownTransmission:
    case FindingCode::ChunkDuplicate: return true;
    default: return false;
    }
}

namespace {

size_t format(const Finding& f, char* buf, size_t cap) {
    const char* what = f.what ? f.what : "packet";
    int n = 0;
    switch (core::local_code<FindingCode>(f.code)) {
    case FindingCode::ShortHeader:
        n = std::snprintf(buf, cap, "Packet of %lld bytes is shorter than the 16-byte header", (long long)f.a);
        break;
    case FindingCode::BadTag:
        n = std::snprintf(buf, cap, "Tag 0x%08llX is not the blank tag 0xFB1AB1AF", (unsigned long long)f.a);
        break;
    case FindingCode::UnknownType:
        n = std::snprintf(buf, cap, "Unknown packet type %lld", (long long)f.a);
        break;
    case FindingCode::BadLength:
        if (f.c > 0)
            n = std::snprintf(buf, cap, "%s payload of %lld bytes is not %lld + %lld n", what, (long long)f.a,
                              (long long)f.b, (long long)f.c);
        else if (f.a < f.b)
            n = std::snprintf(buf, cap, "%s payload of %lld bytes is shorter than its minimum %lld", what,
                              (long long)f.a, (long long)f.b);
        else
            n = std::snprintf(buf, cap, "%s payload of %lld bytes is longer than its maximum %lld", what,
                              (long long)f.a, (long long)f.b);
        break;
    case FindingCode::CountRange:
        n = std::snprintf(buf, cap, "%s %lld outside %lld..%lld", what, (long long)f.a, (long long)f.b,
                          (long long)f.c);
        break;
    case FindingCode::CountMismatch:
        n = std::snprintf(buf, cap, "%s says %lld but the payload holds %lld", what, (long long)f.a, (long long)f.b);
        break;
    case FindingCode::StringUnterminated:
        n = std::snprintf(buf, cap, "%s: %lld of at most %lld bytes, not zero-terminated", what, (long long)f.a,
                          (long long)f.b);
        break;
    case FindingCode::StringNotUtf8:
        n = std::snprintf(buf, cap, "%s is not valid UTF-8 (byte %lld)", what, (long long)f.a);
        break;
    case FindingCode::PaddingNonZero:
        // the three bytes, big-endian packed by the header's check
        n = std::snprintf(buf, cap, "Padding %02llx %02llx %02llx is not zero (the game never writes it; not an error)",
                          (unsigned long long)(f.a >> 16 & 0xFF), (unsigned long long)(f.a >> 8 & 0xFF),
                          (unsigned long long)(f.a & 0xFF));
        break;
    case FindingCode::QuatPadBits:
        n = std::snprintf(buf, cap, "%s: quaternion pad bits are %lld, not 0", what, (long long)f.a);
        break;
    case FindingCode::QuatNotUnit:
        n = std::snprintf(buf, cap, "%s: small components exceed a unit quaternion", what);
        break;
    case FindingCode::UnknownValue:
        n = std::snprintf(buf, cap, "%s %lld is not a defined value", what, (long long)f.a);
        break;
    case FindingCode::PieceSizeMismatch:
        n = std::snprintf(buf, cap, "Piece size field %lld but %lld data bytes carried", (long long)f.a,
                          (long long)f.b);
        break;
    case FindingCode::TrailingBytes:
        n = std::snprintf(buf, cap, "%lld bytes after the last field of %s", (long long)f.a, what);
        break;
    case FindingCode::ChunkIncomplete:
        n = std::snprintf(buf, cap, "Transmission %lld never completed: %lld of %lld bytes missing (%s)", (long long)f.a,
                          (long long)f.b, (long long)f.c, what);
        break;
    case FindingCode::ChunkDataBeforeBegin:
        n = std::snprintf(buf, cap, "Data of transmission %lld before its ChunkBegin", (long long)f.a);
        break;
    case FindingCode::ChunkUnknownTransmission:
        n = std::snprintf(buf, cap, "Data of transmission %lld, whose ChunkBegin was not seen", (long long)f.a);
        break;
    case FindingCode::ChunkPieceResent:
        n = std::snprintf(buf, cap, "Piece at offset %lld of transmission %lld resent", (long long)f.b, (long long)f.a);
        break;
    case FindingCode::ChunkBeginResent:
        n = std::snprintf(buf, cap, "ChunkBegin of transmission %lld resent", (long long)f.a);
        break;
    case FindingCode::ChunkDuplicate:
        n = std::snprintf(buf, cap, "Duplicate of the packet in frame %llu (transmission %lld)",
                          (unsigned long long)f.ref_frame, (long long)f.a);
        break;
    case FindingCode::ChunkOverlapMismatch:
        n = std::snprintf(buf, cap, "Piece at offset %lld of transmission %lld differs from earlier data", (long long)f.b,
                          (long long)f.a);
        break;
    case FindingCode::ChunkBeyondSize:
        n = std::snprintf(buf, cap, "Piece ends at %lld, past the announced size %lld of transmission %lld",
                          (long long)f.b, (long long)f.c, (long long)f.a);
        break;
    case FindingCode::ChunkIdReused:
        n = std::snprintf(buf, cap, "ChunkBegin reuses live transmission id %lld with other parameters", (long long)f.a);
        break;
    case FindingCode::ChunkRerequest:
        n = std::snprintf(buf, cap, "Client re-requests chunk (%lld, %lld, %lld)", (long long)f.a, (long long)f.b,
                          (long long)f.c);
        break;
    case FindingCode::ChunkInflateFailed:
        n = std::snprintf(buf, cap, "Transmission %lld does not inflate: %s", (long long)f.a, what);
        break;
    case FindingCode::ChunkTrailingData:
        n = std::snprintf(buf, cap, "%lld bytes after the zlib stream of transmission %lld", (long long)f.b,
                          (long long)f.a);
        break;
    case FindingCode::ChunkWrongSize:
        n = std::snprintf(buf, cap, "Transmission %lld holds %lld bytes of chunk data, a chunk has %lld", (long long)f.a,
                          (long long)f.b, (long long)f.c);
        break;
    case FindingCode::ChunkLimit:
        n = std::snprintf(buf, cap, "Transmission %lld not reassembled: %s", (long long)f.a, what);
        break;
    case FindingCode::SeqLostBefore:
        n = std::snprintf(buf, cap, "%lld seqs (%lld..%lld) not seen before this one", (long long)f.a,
                          (long long)f.b, (long long)f.c);
        break;
    case FindingCode::SeqReordered:
        n = std::snprintf(buf, cap, "Seq %lld arrived after seq %lld (frame %llu)", (long long)f.a, (long long)f.b,
                          (unsigned long long)f.ref_frame);
        break;
    case FindingCode::SeqDuplicate:
        n = std::snprintf(buf, cap, "Duplicate of seq %lld in frame %llu", (long long)f.a,
                          (unsigned long long)f.ref_frame);
        break;
    case FindingCode::SeqReused:
        n = std::snprintf(buf, cap, "Seq %lld again with other content (first in frame %llu)", (long long)f.a,
                          (unsigned long long)f.ref_frame);
        break;
    case FindingCode::SeqFarBack:
        n = std::snprintf(buf, cap, "Seq %lld is %lld behind the highest seen", (long long)f.a, (long long)f.b);
        break;
    case FindingCode::SeqMidStart:
        n = std::snprintf(buf, cap, "Lowest seq from the %s is %lld: the capture starts inside the connection", what,
                          (long long)f.a);
        break;
    case FindingCode::AckBackwards:
        n = std::snprintf(buf, cap, "Ack moved back from %lld to %lld", (long long)f.a, (long long)f.b);
        break;
    case FindingCode::AckUnsent:
        n = std::snprintf(buf, cap, "Ack %lld but the other side has only sent up to %lld", (long long)f.a,
                          (long long)f.b);
        break;
    case FindingCode::AckHistQuirk:
    case FindingCode::AckHistContradiction:
        n = std::snprintf(buf, cap, "History says seq %lld was not received, but frame %llu acked it%s", (long long)f.a,
                          (unsigned long long)f.ref_frame,
                          f.code == FindingCode::AckHistQuirk ? " (ack moved back: the game's quirk)" : "");
        break;
    case FindingCode::SeqLost:
        n = f.ref_frame ? std::snprintf(buf, cap, "The %s counts %lld of its packets lost (first: seq %lld, frame %llu)",
                                        what, (long long)f.a, (long long)f.b, (unsigned long long)f.ref_frame)
                        : std::snprintf(buf, cap, "The %s counts %lld of its packets lost (first: seq %lld, not captured)",
                                        what, (long long)f.a, (long long)f.b);
        break;
    case FindingCode::Silence:
    case FindingCode::Timeout:
        n = std::snprintf(buf, cap, "Nothing from the %s for %.3f s (since frame %llu)", what, double(f.a) / 1000.0,
                          (unsigned long long)f.ref_frame);
        break;
    case FindingCode::LoginRefused:
        n = std::snprintf(buf, cap, "Login (frame %llu) refused with Part", (unsigned long long)f.ref_frame);
        break;
    case FindingCode::LoginNoJoin:
        n = std::snprintf(buf, cap, "Login never answered with Join or Part");
        break;
    case FindingCode::SessionEnd:
        n = std::snprintf(buf, cap, "Session ended: %s", what);
        break;
    case FindingCode::SessionRestart:
        n = std::snprintf(buf, cap,
                          "A new session: the %s starts over at seq %lld (it had reached %lld) after the Part in frame "
                          "%llu",
                          what, (long long)f.a, (long long)f.b, (unsigned long long)f.ref_frame);
        break;
    case FindingCode::WentSilent:
    {
        char outcome[160];
        silence_outcome(outcome, sizeof outcome, std::strcmp(what, "client") == 0 ? "server" : "client",
                        SilenceEnd(f.c), double(f.b) / 1e6, f.ref_frame);
        n = std::snprintf(buf, cap, "The %s went silent after this packet (%.3f s); %s", what, double(f.a) / 1e6,
                          outcome);
    }
        break;
    case FindingCode::AfterSilence: {
        Finding o = f;
        o.code = f.length < kFindingCount ? FindingCode(f.length) : FindingCode::SessionEnd;
        o.offset = o.length = 0;
        char inner[224];
        format_finding(o, inner, sizeof inner);
        n = std::snprintf(buf, cap, "After the %s went silent: %s [%s]", f.offset == 2 ? "server" : "client", inner,
                          finding_info(o.code).name);
        break;
    }
    case FindingCode::Correction:
    case FindingCode::CorrectionLarge:
        n = std::snprintf(buf, cap, "Correction of update seq %lld (frame %llu): %.3f blocks off, %.3f s later",
                          (long long)f.a, (unsigned long long)f.ref_frame, double(f.b) / 1e6, double(f.c) / 1e6);
        break;
    case FindingCode::CorrectionUnknown:
        n = std::snprintf(buf, cap, "Correction of update seq %lld, which is not in the capture", (long long)f.a);
        break;
    case FindingCode::RevisionAmbiguous:
        n = std::snprintf(buf, cap, "Protocol revision ambiguous: %lld candidates, decoding as %s", (long long)f.a,
                          what);
        break;
    case FindingCode::RevisionDetected:
        n = std::snprintf(buf, cap, "Protocol revision detected: %s", what);
        break;
    case FindingCode::RevisionUnknown:
        n = std::snprintf(buf, cap, "No known protocol revision fits: decoding as %s", what);
        break;
    case FindingCode::Count_:
        break;
    }
    if (n < 0) n = 0;
    return size_t(n) < cap ? size_t(n) : cap ? cap - 1 : 0;
}

constexpr core::FindingTable kTable{"blank", 0, kFindings, kFindingCount, format, finding_magnitude, finding_on_path};

}  // namespace

const core::FindingTable& finding_table() { return kTable; }

}  // namespace blank
