#include "session.hpp"

#include "core/decoder.hpp"
#include "findings.hpp"
#include "schema.hpp"

namespace mcjava {

using C = FindingCode;

Session::Session(core::Inflater& inflater) : Base(inflater), inflater_(inflater) {}
Session::~Session() = default;

void Session::start_mid_stream(const VersionInfo* only) {
    start_ = std::make_unique<MidStreamStart>(inflater_, keys_, only);
    start_->set_hint(hint_);
    hold_from_start(kHoldLimit);
}

void Session::set_key_log(const KeyLog* log) {
    keys_ = log;
    conn_.set_key_log(log);
    if (start_) start_->set_key_log(log);
}

void Session::hint(VersionSet releases) {
    hint_ = releases;
    if (start_) start_->set_hint(releases);
}

bool Session::settle(PacketSink& sink) {
    if (!holding()) return true;
    may_wait_ = true;
    judge_held(sink, true);
    may_wait_ = false;
    return !holding();
}

core::HeldStart Session::on_held(const core::HeldStreams& held, bool last) {
    const core::HeldStart s = start_->judge(held, last, may_wait_, conn_);
    if (s.decided) start_.reset();  // no allocation per packet once decided
    return s;
}

void Session::end(Side d, StreamEnd how, const core::Origin& o, PacketSink& sink) {
    if (!hold_end(d, how, o, sink)) close(d, how, o);
}

void Session::on_resynchronised(Side d, uint64_t skipped, const core::Span& where) {
    if (first_found(d)) {  // the first packet of a connection picked up mid-way
        if (skipped) note(d, {C::MidStream, 0, 0, int64_t(skipped)});
        return;
    }
    note(d, {C::Resynchronised, 0, 0, int64_t(where.stream_offset), int64_t(skipped)});
}

core::Finding cut_finding(const Connection& c, Side d, const uint8_t* p, uint32_t head_len, uint32_t have,
                          uint32_t declared) {
    core::Finding f{C::CutByGap, 0, head_len, int64_t(have), int64_t(declared), -1};
    const FrameParts parts = split_frame(p, head_len, c.compressed_framing());
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

void Session::unframed_packet(Packet& p, Side d) const {
    p.kind = PacketKind::Unframed;
    p.dir = d;
    p.state = conn_.state(d);
    p.version = &conn_.version();
    p.table = table_index(p.state, d);
}

void Session::on_cut(Side d, const uint8_t* p, uint32_t have, uint32_t declared, const core::Span& where,
                     Relay& r) {
    Packet k;
    unframed_packet(k, d);
    k.wire = p;
    k.wire_len = have;
    k.span = where;
    k.compressed_framing = conn_.compressed_framing();
    k.parts = split_frame(p, have, k.compressed_framing);
    k.add(spanning(cut_finding(conn_, d, p, have, have, declared), where));
    r.packet(k);
}

void Session::gap(Side d, uint64_t offset, uint64_t missing, const core::Origin& o, PacketSink& sink) {
    if (hold_gap(d, offset, missing, o, sink)) return;
    conn_.gap(d, offset + missing);
    skip(d, offset, missing, C::StreamGap, o, sink);
}

void Session::finish(PacketSink& sink, const core::Origin& last) {
    hold_finish(sink, last);
    for (int i = 0; i < 2; ++i) {
        const Side d = Side(i);
        close(d, StreamEnd::CaptureEnd, last);  // unless FIN or RST ended it first
        // No more bytes will come: a search for a packet start after a gap
        // stops waiting for a candidate's missing bytes and delivers what it
        // finds after it.
        drain(d, sink);
        const core::StreamBuffer& b = stream(d);
        // A packet whose last bytes the capture does not have; or a gap no
        // packet followed: its finding still has to be shown somewhere.
        const bool incomplete = b.pending() && !b.resyncing();
        if (!incomplete && !holds(d)) continue;
        Packet p;
        unframed_packet(p, d);
        p.span.stream_offset = b.pending() ? b.pending_offset() : 0;
        p.span.first = b.pending() ? b.pending_origin() : last;
        p.span.last = last;
        if (incomplete) {
            p.findings[p.nfindings++] = {C::IncompleteAtEnd, 0, 0, int64_t(b.pending())};
            p.findings_total = 1;
        }
        Relay(*this, sink).packet(p);
    }
}

}  // namespace mcjava
