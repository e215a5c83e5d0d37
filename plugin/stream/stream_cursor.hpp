// One direction of a TCP connection as a desegmenting dissector cuts it
// into messages on Wireshark's first pass, for every TCP protocol on the
// core's Framing (Minecraft Java, Alpha): where each dissector call's bytes
// lie in the stream (the TCP sequence number of struct tcpinfo), what the
// bytes at a position are (a message, bytes that cannot be framed, bytes
// passed over while searching for a message start) and what to ask
// Wireshark for when a message is not whole yet.
//
// Why sequence numbers: Wireshark's TCP hands some bytes over again (a
// retransmission, a reassembly extended from its old start) and, with its
// default preferences (tcp.reassemble_out_of_order off,
// tcp.no_subdissector_on_error on), hands a segment that arrived before the
// one in front of it over as if it followed on, and never hands over the
// late one. Bytes already cut are skipped; bytes that do not follow the
// last ones are a gap, never decoded from a misaligned offset.
//
// After a gap inside a message whose first bytes tell its length (a Java
// Length, an Alpha Map Chunk's compressed size: core::known_length, the
// analyzer's rule), the message is reported as cut and decoding resumes
// where it ends; otherwise the next message start is searched for
// (Framing::starts_here) and the message found carries a
// resynchronisation finding.
//
// Knows no Wireshark type: the dissection loop (pdu_dissection.hpp) passes
// the sequence number in.
#pragma once

#include <cstdint>

#include "core/confirmed_start.hpp"
#include "core/stream_buffer.hpp"

namespace plugin::stream {

// What a piece of a call's bytes is.
enum class PieceKind : uint8_t {
    Message,   // a whole message
    Unframed,  // bytes the framing gave up on (an unknown id, an impossible length)
    Skipped,   // bytes passed over while searching for a message start
    Tail,      // the rest of a message whose start came before a gap (its length said where it ends)
    Gap,       // no bytes: those before this call's that never came (shown where TCP's gap is)
};

// The next step at the cursor: a piece of `length` bytes, or more bytes
// needed (`length` of them if known exactly, else 0: one more segment).
struct Step {
    bool need_more = false;
    PieceKind kind = PieceKind::Message;
    uint32_t length = 0;
};

// What the stream did before the next piece, for the findings it carries.
struct StreamEvents {
    static constexpr uint32_t kHead = 64;  // first bytes of a cut message kept (its id, its length fields)
    bool gap = false;
    uint64_t gap_missing = 0;  // bytes never handed over
    uint64_t gap_offset = 0;   // stream offset of the first of them
    bool resync = false;       // the piece is the message found by a search
    uint64_t resync_offset = 0;
    uint64_t resync_skipped = 0;      // bytes passed over since the last message, gaps' missing bytes included
    uint64_t resync_gap_missing = 0;  // of those, missing in gaps
    bool cut = false;                  // the gap cut a message whose length its first bytes tell
    uint64_t cut_offset = 0;           // its stream offset
    uint32_t cut_have = 0;             // its bytes handed over before the gap
    uint32_t cut_declared = 0;         // its length
    uint32_t head_len = 0;
    uint8_t head[kHead] = {};
};

class StreamCursor {
public:
    // Start of a dissector call whose bytes begin at TCP sequence number
    // `seq` (`has_seq` false: not over TCP, taken as following on) and are
    // `len` long, in a stream framed by `f`. Returns the offset of the first
    // byte not cut before (`len` when every byte was).
    uint32_t begin(bool has_seq, uint32_t seq, uint32_t len, core::Framing& f);
    // What the bytes at `at` of this call, p[0, avail), are.
    Step step(uint32_t at, const uint8_t* p, uint32_t avail, core::Framing& f);
    // The step's piece at `at` was recorded.
    void cut(uint32_t at, const Step& s);
    // Bytes [at, at + len) of this call went whole to a stream buffer of
    // the protocol's own (a Java connection picked up mid-way cuts its
    // packets as the analyzer does): the cursor only moves past them.
    void taken(uint32_t at, uint32_t len) { cut(at, Step{false, PieceKind::Tail, len}); }
    // What happened before the piece about to be recorded (cleared by cut()).
    const StreamEvents& events() const { return ev_; }
    // The gap was shown (as a piece of its own).
    void gap_shown() { ev_.gap = false; }
    // The byte at `at` of this call is in the rest of a message a gap cut
    // (a Tail piece: not decrypted, the analyzer skips it too).
    bool in_tail(uint32_t at) const { return tail_ && int32_t(tail_end_ - seq_at(at)) > 0; }
    // Stream offset of the byte at `at` of this call.
    uint64_t stream_offset(uint32_t at) const { return offset_ + uint32_t(seq_at(at) - next_seq_); }

private:
    uint32_t seq_at(uint32_t at) const { return call_seq_ + at; }

    bool have_seq_ = false;
    uint32_t next_seq_ = 0;   // first byte not cut yet
    uint32_t seen_end_ = 0;   // after the last byte handed over
    uint64_t offset_ = 0;     // stream offset of next_seq_
    uint32_t call_seq_ = 0;   // sequence number of this call's byte 0
    bool pending_ = false;        // a message at next_seq_ waits for bytes; its first ones:
    uint32_t head_len_ = 0;
    uint8_t head_[StreamEvents::kHead] = {};
    bool tail_ = false;           // skipping the rest of a message cut by a gap
    uint32_t tail_end_ = 0;
    bool searching_ = false;
    core::StartFinder finder_;  // while the search waits on a candidate
    uint64_t skipped_ = 0, gap_missing_ = 0;  // since the last message
    StreamEvents ev_;
};

}  // namespace plugin::stream
