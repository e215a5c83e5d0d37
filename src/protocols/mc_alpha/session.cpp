#include "session.hpp"

#include "core/decoder.hpp"
#include "findings.hpp"
#include "schema.hpp"

namespace mcalpha {

using C = FindingCode;

void Session::note(Direction d, const core::Finding& f) {
    uint8_t& n = npending_[int(d)];
    if (n < 2) pending_[int(d)][n++] = f;
}

void Session::Relay::message(Message& m) {
    const int d = int(m.dir);
    for (uint8_t i = 0; i < s->npending_[d]; ++i) {
        core::Finding f = s->pending_[d][i];
        f.frame = m.span.last.frame;
        m.add(f);
    }
    s->npending_[d] = 0;
    sink->message(m);
}

void Session::Cut::message(const uint8_t* p, uint32_t len, const core::Span& where) {
    Relay r;
    r.s = s;
    r.sink = sink;
    s->conn_.message(d, p, len, where, r);
}

void Session::Cut::invalid(const uint8_t* p, uint32_t len, const core::Span& where) {
    Relay r;
    r.s = s;
    r.sink = sink;
    s->conn_.unframed(d, p, len, where, r);
}

void Session::Cut::resynchronised(uint64_t skipped, const core::Span& where) {
    const int i = int(d);
    ++s->resyncs_[i];
    // `skipped` counts the gaps' missing bytes too: those are reported apart.
    const uint64_t undecoded = skipped > s->gap_missing_[i] ? skipped - s->gap_missing_[i] : 0;
    s->skipped_[i] += undecoded;
    s->gap_missing_[i] = 0;
    s->note(d, {C::Resynchronised, 0, 0, int64_t(where.stream_offset), int64_t(undecoded)});
}

core::Finding cut_finding(Connection& c, Direction d, const uint8_t* p, uint32_t head_len, uint32_t have,
                          uint32_t declared) {
    core::DecodeContext ctx;
    ctx.table = c.framing(d).spec().table;
    ctx.header_only = true;
    core::NullVisitor v;
    const core::MessageSummary sum = core::decode(schema(), p, head_len, ctx, v);
    core::Finding f{C::CutByGap, 0, head_len, int64_t(have), int64_t(declared), int64_t(sum.id)};
    f.what = sum.type ? sum.type->name : nullptr;
    return f;
}

const core::Finding* cut_of(const Message& m) {
    if (m.kind != MessageKind::Incomplete) return nullptr;
    for (uint8_t i = 0; i < m.nfindings; ++i)
        if (m.findings[i].code == core::Code(C::CutByGap)) return &m.findings[i];
    return nullptr;
}

void Session::Cut::cut(const uint8_t* p, uint32_t have, uint32_t declared, const core::Span& where) {
    Message m;
    m.kind = MessageKind::Incomplete;
    m.dir = d;
    m.state = s->conn_.state();
    m.data = p;
    m.len = have;
    m.span = where;
    core::Finding f = cut_finding(s->conn_, d, p, have, have, declared);
    f.frame = where.last.frame;
    f.ref_frame = where.first.frame;
    m.add(f);
    Relay r;
    r.s = s;
    r.sink = sink;
    r.message(m);
}

void Session::data(Direction d, const uint8_t* p, uint32_t n, uint64_t offset, const core::Origin& o,
                   MessageSink& sink) {
    Cut cut;
    cut.s = this;
    cut.d = d;
    cut.sink = &sink;
    buf_[int(d)].push(p, n, offset, o, conn_.framing(d), cut);
}

void Session::gap(Direction d, uint64_t offset, uint64_t missing, const core::Origin& o, MessageSink& sink) {
    const int i = int(d);
    ++gaps_[i];
    missing_[i] += missing;
    // The stream buffer counts these with the bytes it skips (and a message
    // the gap cut, whose captured bytes are dropped): only those are "skipped".
    gap_missing_[i] += missing;
    note(d, {C::StreamGap, 0, 0, int64_t(missing), int64_t(offset)});
    Cut cut;
    cut.s = this;
    cut.d = d;
    cut.sink = &sink;
    buf_[i].gap(offset, missing, o, conn_.framing(d), cut);
}

void Session::end(Direction d, StreamEnd how, const core::Origin& o, MessageSink& sink) {
    if (end_[int(d)] != StreamEnd::Open || how == StreamEnd::Open) return;
    end_[int(d)] = how;
    Cut cut;
    cut.s = this;
    cut.d = d;
    cut.sink = &sink;
    if (buf_[int(d)].resyncing()) buf_[int(d)].finish(conn_.framing(d), cut);
    conn_.closed(d, how == StreamEnd::Reset, o);
}

void Session::finish(MessageSink& sink, const core::Origin& last) {
    Relay r;
    r.s = this;
    r.sink = &sink;
    for (int d = 0; d < 2; ++d) {
        // No more bytes will come: a search for a message start stops waiting.
        Cut cut;
        cut.s = this;
        cut.d = Direction(d);
        cut.sink = &sink;
        if (buf_[d].resyncing()) buf_[d].finish(conn_.framing(Direction(d)), cut);
        const core::StreamBuffer& b = buf_[d];
        if (b.resyncing()) {
            // Searching when the capture ended: these bytes were never decoded.
            const uint64_t gapped = gap_missing_[d];
            const uint64_t lost = b.skipped() + b.pending() > gapped ? b.skipped() + b.pending() - gapped : 0;
            skipped_[d] += lost;
            if (lost) {
                core::Finding f{C::BytesLost, 0, 0, int64_t(lost)};
                f.frame = last.frame;
                sink.event(f);
            }
        } else if (b.pending()) {
            Message m;
            m.kind = MessageKind::Incomplete;
            m.dir = Direction(d);
            m.state = conn_.state();
            m.span.stream_offset = b.pending_offset();
            m.span.first = b.pending_origin();
            m.span.last = last;
            m.add({C::IncompleteAtEnd, 0, 0, int64_t(b.pending())});
            m.findings[0].frame = last.frame;
            r.message(m);
        }
    }
    conn_.finish(sink, last);
}

}  // namespace mcalpha
