#include "session.hpp"

#include "core/decoder.hpp"
#include "findings.hpp"
#include "schema.hpp"

namespace mcalpha {

using C = FindingCode;

void Session::on_resynchronised(Side d, uint64_t skipped, const core::Span& where) {
    const int i = int(d);
    if (first_found(d)) {  // the first message of a connection picked up mid-way
        gap_missing_[i] = 0;
        return;
    }
    ++resyncs_[i];
    // `skipped` counts the gaps' missing bytes too: those are reported apart.
    const uint64_t undecoded = skipped > gap_missing_[i] ? skipped - gap_missing_[i] : 0;
    skipped_[i] += undecoded;
    gap_missing_[i] = 0;
    note(d, {C::Resynchronised, 0, 0, int64_t(where.stream_offset), int64_t(undecoded)});
}

core::Finding cut_finding(Connection& c, Side d, const uint8_t* p, uint32_t head_len, uint32_t have,
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

void Session::incomplete_message(Message& m, Side d) const {
    m.kind = MessageKind::Incomplete;
    m.dir = d;
    m.state = conn_.state();
}

const core::Finding* cut_of(const Message& m) {
    if (m.kind != MessageKind::Incomplete) return nullptr;
    for (uint8_t i = 0; i < m.nfindings; ++i)
        if (m.findings[i].code == core::Code(C::CutByGap)) return &m.findings[i];
    return nullptr;
}

void Session::on_cut(Side d, const uint8_t* p, uint32_t have, uint32_t declared, const core::Span& where,
                     Relay& r) {
    Message m;
    incomplete_message(m, d);
    m.data = p;
    m.len = have;
    m.span = where;
    m.add(spanning(cut_finding(conn_, d, p, have, have, declared), where));
    r.message(m);
}

core::HeldStart Session::on_held(const core::HeldStreams& held, bool last) { return first_messages(held, last); }

void Session::gap(Side d, uint64_t offset, uint64_t missing, const core::Origin& o, MessageSink& sink) {
    if (hold_gap(d, offset, missing, o, sink)) return;
    // The stream buffer counts these with the bytes it skips (and a message
    // the gap cut, whose captured bytes are dropped): only those are "skipped".
    gap_missing_[int(d)] += missing;
    skip(d, offset, missing, C::StreamGap, o, sink);
}

void Session::end(Side d, StreamEnd how, const core::Origin& o, MessageSink& sink) {
    if (hold_end(d, how, o, sink)) return;
    if (how == StreamEnd::Open || how == StreamEnd::CaptureEnd || !close(d, how, o)) return;
    drain(d, sink);
    conn_.closed(d, how == StreamEnd::Reset, o);
}

void Session::finish(MessageSink& sink, const core::Origin& last) {
    hold_finish(sink, last);
    for (int i = 0; i < 2; ++i) {
        const Side d = Side(i);
        // No more bytes will come: a search for a message start stops waiting.
        drain(d, sink);
        const core::StreamBuffer& b = stream(d);
        if (b.resyncing()) {
            // Searching when the capture ended: these bytes were never decoded.
            const uint64_t gapped = gap_missing_[i];
            const uint64_t lost = b.skipped() + b.pending() > gapped ? b.skipped() + b.pending() - gapped : 0;
            skipped_[i] += lost;
            if (lost) {
                core::Finding f{C::BytesLost, 0, 0, int64_t(lost)};
                f.frame = last.frame;
                sink.event(f);
            }
        } else if (b.pending()) {
            Message m;
            incomplete_message(m, d);
            m.span.stream_offset = b.pending_offset();
            m.span.first = b.pending_origin();
            m.span.last = last;
            m.add({C::IncompleteAtEnd, 0, 0, int64_t(b.pending())});
            m.findings[0].frame = last.frame;
            Relay(*this, sink).message(m);
        }
    }
    conn_.finish(sink, last);
}

}  // namespace mcalpha
