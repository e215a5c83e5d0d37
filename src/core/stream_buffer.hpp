// Cuts one direction of a byte stream (TCP, after reassembly) into messages
// with a protocol's framing: a length prefix (Minecraft Java) or parsing
// alone (Minecraft Alpha). The same framing answers Wireshark's
// desegmentation questions (plugin) and this buffer's (analyzer).
//
// Bytes arrive in order, in pieces of any size. A message that lies inside
// one piece is handed on without a copy; only a message split over pieces is
// copied into the buffer, which never holds more than the framing's largest
// message. After a gap (bytes never captured) or bytes the framing cannot
// cut, the buffer resynchronises: it looks for the first offset where the
// framing recognises the start of a message, and reports what it skipped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "confirmed_start.hpp"

namespace core {

// Where stream bytes came from: the frame where they became part of the
// in-order stream (where a desegmenting dissector shows what they
// complete) and, when earlier (a segment that arrived before the hole in
// front of it was filled), the frame that carried them.
struct Origin {
    uint64_t frame = 0;
    double time = 0;
    uint64_t carried = 0;  // 0: `frame` carried them
    uint64_t carrier() const { return carried ? carried : frame; }
};

// The frames a message's bytes came in: the first and the one that
// completed it (where a desegmenting dissector shows it).
struct Span {
    uint64_t stream_offset = 0;  // of the message's first byte
    Origin first, last;
};

enum class Measure : uint8_t {
    Complete,  // a whole message of `length` bytes is there
    NeedMore,  // not yet: `length` is the total needed if known, else 0
    Invalid,   // these bytes cannot start a message (`length`: bytes to give up, at least 1)
};

struct MeasureResult {
    Measure status;
    uint32_t length;
};

// A protocol's framing of one direction.
class Framing {
public:
    virtual ~Framing() = default;
    // The message at the start of p[0, avail).
    virtual MeasureResult measure(const uint8_t* p, size_t avail) = 0;
    // After a gap: does a message start here? A strict check (a plausible
    // length and a message that decodes cleanly), `avail` bytes available.
    // NeedMore when it cannot tell yet.
    virtual Measure starts_here(const uint8_t* p, size_t avail) = 0;
    // Largest message (bytes) the buffer has to hold.
    virtual uint32_t max_message() const = 0;
    // NeedMore's `length` is the message's exact total (a length prefix
    // read whole), not only a lower bound (parsing that stopped at the end
    // of the bytes): a desegmenting dissector may ask for exactly the rest.
    virtual bool need_is_exact() const { return false; }
    // While a search after a gap waits on a candidate that needs more
    // bytes, a later start two whole messages confirm may be taken instead
    // (confirmed_start.hpp): for a framing whose starts_here() judges one
    // message, where such a candidate is mostly a length read inside other
    // bytes. Not for one whose candidates are chains still unproven (Alpha's
    // parsing): there the candidate is mostly real.
    virtual bool confirms_later_starts() const { return false; }
    // From the next message on, bytes are rewritten before they are framed
    // (a decryption the protocol switched on): transform() sees each byte
    // once, in stream order, in place.
    virtual bool transforms() const { return false; }
    virtual void transform(uint8_t* p, size_t n) { (void)p, (void)n; }
};

class StreamSink {
public:
    virtual ~StreamSink() = default;
    virtual void message(const uint8_t* p, uint32_t len, const Span& where) = 0;
    // Bytes the framing gave up on (Invalid), before a resynchronisation.
    virtual void invalid(const uint8_t* p, uint32_t len, const Span& where) = 0;
    // Decoding resumed at `where.stream_offset` after `skipped` bytes that
    // were not framed (after a gap or invalid bytes).
    virtual void resynchronised(uint64_t skipped, const Span& where) = 0;
    // A gap cut the message at `where.stream_offset`: its first `have`
    // bytes arrived and tell that it is `declared` bytes long; decoding
    // resumes where it ends (where.last: the frame after the gap).
    virtual void cut(const uint8_t* p, uint32_t have, uint32_t declared, const Span& where) {
        (void)p, (void)have, (void)declared, (void)where;
    }
};

// The length of the message that starts with p[0, have) when those bytes
// alone tell it (the framing measures the same complete length whether the
// bytes after them are all 0x00 or all 0xFF: a length prefix, a Map
// Chunk's compressed size), else 0. What a gap that cut the message leaves
// to go on with.
uint32_t known_length(const uint8_t* p, size_t have, Framing& f);

class StreamBuffer {
public:
    // Bytes at stream offset `offset` (contiguous with what came before,
    // unless a gap was reported in between).
    void push(const uint8_t* p, size_t n, uint64_t offset, const Origin& o, Framing& f, StreamSink& sink);
    // `missing` bytes at `offset` were never captured. A message they cut
    // whose length its first bytes tell (the framing measures the same
    // length whatever the missing bytes are) goes to sink.cut(), and
    // decoding resumes where it ends, without a search, when that is not
    // inside the gap; otherwise the partial message is dropped (counted in
    // skipped) and the next message is searched for.
    void gap(uint64_t offset, uint64_t missing, const Origin& o, Framing& f, StreamSink& sink);
    // Bytes of a message still incomplete (the capture ended inside it).
    size_t pending() const { return buf_.size(); }
    uint64_t pending_offset() const { return buf_offset_; }
    const Origin& pending_origin() const { return buf_first_; }
    bool resyncing() const { return resync_; }
    // Bytes skipped since the last message (a gap, bytes given up, bytes
    // searched without finding a message start).
    uint64_t skipped() const { return skipped_; }
    // Start looking for a message boundary (the framing gave up).
    void resync() { resync_ = true; }
    // The stream ended (the capture, or the direction): while searching for
    // a message start, a candidate that needs more bytes is passed over
    // instead of waited for, and the messages found after it are delivered.
    // What still cannot be cut stays pending.
    void finish(Framing& f, StreamSink& sink);
    // The stream is over and finished: the memory its bytes held goes back
    // (a long capture keeps every ended connection's record, not its buffers).
    void release() { *this = StreamBuffer(); }

private:
    // Frames what is in buf_ (after a copy) or in p (no copy).
    void cut(const uint8_t* p, size_t n, uint64_t offset, const Origin& o, Framing& f, StreamSink& sink);
    bool search(const uint8_t*& p, size_t& n, uint64_t& offset, const Origin& o, Framing& f, StreamSink& sink);

    void append(const uint8_t* p, size_t n, uint64_t offset, const Origin& o);
    Origin origin_at(uint64_t offset) const;
    // The framing transforms: buffered bytes from `at` on not transformed yet are.
    void transform_buffered(uint64_t at, Framing& f);

    std::vector<uint8_t> buf_;  // a partial message (or bytes being searched), starting at buf_offset_
    uint64_t buf_offset_ = 0;
    Origin buf_first_;
    // Where buffered bytes came from: (stream offset, origin) at each change.
    std::vector<std::pair<uint64_t, Origin>> marks_;
    bool resync_ = false;
    bool skipping_ = false;     // the rest of a message a gap cut, up to skip_until_
    uint64_t skip_until_ = 0;
    bool ended_ = false;        // finish(): no more bytes will come
    uint64_t skipped_ = 0;      // bytes skipped since the last message
    uint64_t transformed_to_ = 0;  // stream offset after the last byte transformed
    StartFinder finder_;           // while a search waits on a candidate
};

}  // namespace core
