#include "session.hpp"

#include "core/decoder.hpp"
#include "findings.hpp"
#include "schema.hpp"

namespace mcjava {

using C = FindingCode;

void Session::note(Direction d, const core::Finding& f) {
    uint8_t& n = npending_[int(d)];
    if (n < 2) pending_[int(d)][n++] = f;
}

void Session::Relay::packet(Packet& p) {
    const int d = int(p.dir);
    for (uint8_t i = 0; i < s->npending_[d]; ++i) {
        core::Finding f = s->pending_[d][i];
        f.frame = p.span.last.frame;
        ++p.findings_total;
        if (p.nfindings < Packet::kMaxFindings) p.findings[p.nfindings++] = f;
    }
    s->npending_[d] = 0;
    sink->packet(p);
}

void Session::Cut::message(const uint8_t* p, uint32_t len, const core::Span& where) {
    Relay r;
    r.s = s;
    r.sink = sink;
    s->conn_.frame(d, p, len, where, r);
}

void Session::Cut::invalid(const uint8_t* p, uint32_t len, const core::Span& where) {
    s->unframed_[int(d)] += len;
    Relay r;
    r.s = s;
    r.sink = sink;
    s->conn_.unframed(d, p, len, where, r);
}

void Session::Cut::resynchronised(uint64_t skipped, const core::Span& where) {
    s->note(d, {C::Resynchronised, 0, 0, int64_t(where.stream_offset), int64_t(skipped)});
}

core::Finding cut_finding(const Connection& c, Direction d, const uint8_t* p, uint32_t head_len, uint32_t have,
                          uint32_t declared) {
    core::Finding f{C::CutByGap, 0, head_len, int64_t(have), int64_t(declared), -1};
    const FrameParts parts = split_frame(p, head_len, c.threshold() >= 0);
    if (!parts.data_length_bad && parts.data_length == 0 && parts.body_offset < head_len) {
        core::DecodeContext ctx;
        ctx.table = table_index(c.state(d), d);
        ctx.header_only = true;
        core::NullVisitor v;
        const core::MessageSummary sum =
            core::decode(schema(c.version()), p + parts.body_offset, head_len - parts.body_offset, ctx, v);
        f.c = int64_t(sum.id);
        f.what = sum.type ? sum.type->name : nullptr;
    }
    return f;
}

void Session::Cut::cut(const uint8_t* p, uint32_t have, uint32_t declared, const core::Span& where) {
    Packet k;
    k.kind = PacketKind::Unframed;
    k.dir = d;
    k.state = s->conn_.state(d);
    k.version = &s->conn_.version();
    k.table = table_index(k.state, d);
    k.wire = p;
    k.wire_len = have;
    k.span = where;
    k.compressed_framing = s->conn_.threshold() >= 0;
    k.parts = split_frame(p, have, k.compressed_framing);
    core::Finding f = cut_finding(s->conn_, d, p, have, have, declared);
    f.frame = where.last.frame;
    f.ref_frame = where.first.frame;
    k.add(f);
    Relay r;
    r.s = s;
    r.sink = sink;
    r.packet(k);
}

void Session::data(Direction d, const uint8_t* p, uint32_t n, uint64_t offset, const core::Origin& o,
                   PacketSink& sink) {
    Cut cut;
    cut.s = this;
    cut.d = d;
    cut.sink = &sink;
    buf_[int(d)].push(p, n, offset, o, conn_.framing(d), cut);
}

void Session::gap(Direction d, uint64_t offset, uint64_t missing, const core::Origin& o, PacketSink& sink) {
    ++gaps_[int(d)];
    missing_[int(d)] += missing;
    note(d, {C::StreamGap, 0, 0, int64_t(missing), int64_t(offset)});
    Cut cut;
    cut.s = this;
    cut.d = d;
    cut.sink = &sink;
    buf_[int(d)].gap(offset, missing, o, conn_.framing(d), cut);
}

void Session::end(Direction d, StreamEnd how, const core::Origin& o) {
    if (end_[int(d)] != StreamEnd::Open) return;
    end_[int(d)] = how;
    end_at_[int(d)] = o;
}

void Session::finish(PacketSink& sink, const core::Origin& last) {
    for (int d = 0; d < 2; ++d) {
        if (end_[d] == StreamEnd::Open) end(Direction(d), StreamEnd::CaptureEnd, last);
        // No more bytes will come: a search for a packet start after a gap
        // stops waiting for a candidate's missing bytes and delivers what it
        // finds after it.
        Cut cut;
        cut.s = this;
        cut.d = Direction(d);
        cut.sink = &sink;
        if (buf_[d].resyncing()) buf_[d].finish(conn_.framing(Direction(d)), cut);
        const core::StreamBuffer& b = buf_[d];
        // A packet whose last bytes the capture does not have; or a gap no
        // packet followed: its finding still has to be shown somewhere.
        const bool incomplete = b.pending() && !b.resyncing();
        if (!incomplete && npending_[d] == 0) continue;
        Packet p;
        p.kind = PacketKind::Unframed;
        p.dir = Direction(d);
        p.state = conn_.state(Direction(d));
        p.version = &conn_.version();
        p.table = table_index(p.state, p.dir);
        p.span.stream_offset = b.pending() ? b.pending_offset() : 0;
        p.span.first = b.pending() ? b.pending_origin() : last;
        p.span.last = last;
        if (incomplete) {
            p.findings[p.nfindings++] = {C::IncompleteAtEnd, 0, 0, int64_t(b.pending())};
            p.findings_total = 1;
        }
        Relay r;
        r.s = this;
        r.sink = &sink;
        r.packet(p);
    }
}

}  // namespace mcjava
