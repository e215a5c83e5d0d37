#include "session.hpp"

#include "findings.hpp"
#include "schema.hpp"

namespace raknet {

using C = FindingCode;

namespace {

// raknet.analysis.limit: more `what` (`count`) than the analysis keeps.
void beyond_limit(Events& ev, const char* what, uint64_t count) {
    core::Finding f{C::AnalysisLimit};
    f.what = what;
    f.a = int64_t(count);
    ev.finding(f);
}

// A finding on frame `f`'s ordering channel (b): a and c as the code says.
core::Finding on_channel(FindingCode code, const WireFrame& f, int64_t a, int64_t c) {
    core::Finding e{code};
    e.offset = f.offset;
    e.a = a;
    e.b = f.channel;
    e.c = c;
    return e;
}

}  // namespace

const char* end_reason_name(EndReason r) {
    switch (r) {
    case EndReason::Open: return "open";
    case EndReason::Disconnect: return "disconnect";
    case EndReason::Silence: return "silence";
    case EndReason::CaptureEnd: return "capture end";
    }
    return "?";
}

std::optional<Side> sender_of(uint8_t id) {
    switch (id) {
    case id::kUnconnectedPing: case id::kUnconnectedPingOpenConnections: case id::kOpenConnectionRequest1:
    case id::kOpenConnectionRequest2:
        return Side::Client;
    case id::kUnconnectedPong: case id::kAdvertiseSystem: case id::kOpenConnectionReply1: case id::kOpenConnectionReply2:
    case id::kIncompatibleProtocolVersion: case id::kAlreadyConnected: case id::kNoFreeIncomingConnections:
    case id::kConnectionBanned: case id::kIpRecentlyConnected:
        return Side::Server;
    default: return std::nullopt;
    }
}

// Findings on the current packet go to its result, the rest to the sink.
class Session::Route : public Events {
public:
    Route(Session& s, Sink& sink, uint64_t frame) : s_(s), sink_(sink), frame_(frame) {}
    void finding(const core::Finding& f) override {
        core::Finding g = f;
        g.frame = frame_;
        s_.findings_.push_back(g);
    }
    void late_finding(const core::Finding& f) override { sink_.finding(f); }
    void link(const Link& l) override { sink_.link(l); }
    Sink& sink() { return sink_; }

private:
    Session& s_;
    Sink& sink_;
    uint64_t frame_;
};

Session::Session(const Options& o)
    : o_(o),
      version_(&raknet::version(Generation::Current)),
      dgrams_{{Side::Client, o.datagram_window}, {Side::Server, o.datagram_window}},
      msgs_{{Side::Client, o.message_window}, {Side::Server, o.message_window}},
      orders_{OrderTracker(o.order_window), OrderTracker(o.order_window)},
      splits_{{Side::Client, o}, {Side::Server, o}},
      reader_(o.max_frames, o.max_records) {}

void Session::decide(Evidence e, uint8_t id, uint32_t len, Route& ev) {
    if (e == Evidence::None) return;
    const Generation g = e == Evidence::Seed002 ? Generation::Seed002 : Generation::Current;
    if (!decided_) {
        decided_ = true;
        version_ = &raknet::version(g);
        core::Finding f{C::VersionDetected};
        f.a = id;
        f.b = len;
        f.what = version_->name;
        ev.finding(f);
    } else if (version_->gen != g) {
        core::Finding f{C::VersionMismatch};
        f.a = id;
        f.b = len;
        f.what = version_->name;
        ev.finding(f);
    }
}

void Session::packet(Side from, const uint8_t* p, uint32_t len, const core::Origin& o, Sink& sink) {
    from_ = from;
    findings_.clear();
    frames_.clear();
    messages_.clear();
    arena_.clear();
    frame_arena_.clear();
    arena_at_.clear();
    frames_at_.clear();
    links_.clear();
    result_ = PacketResult{};
    result_.frame = o.frame;
    result_.time = o.time;
    result_.from = from;
    result_.bytes = p;
    result_.len = len;
    result_.id = len ? p[0] : 0;
    result_.kind = len ? packet_kind(p[0]) : PacketKind::Offline;
    any_ = true;
    last_frame_ = o.frame;
    last_time_ = o.time;
    side_last_frame_[int(from)] = o.frame;
    side_last_time_[int(from)] = o.time;
    Route ev(*this, sink, o.frame);
    DirectionStats& st = st_[int(from)];
    ++st.udp_packets;

    // A message whose length shows the layout decides the version before it
    // is read, so it is read with its own layout.
    if (len && result_.kind == PacketKind::Offline) decide(evidence(kPacketTable, p[0], len), p[0], len, ev);
    reads_clean_ = true;
    read_version_ = nullptr;
    read(kPacketTable, p, len, parsed_);
    if (parsed_.decode_findings) ++st.malformed;
    result_.type = parsed_.summary.type;

    if (len) {
        switch (result_.kind) {
        case PacketKind::Offline: offline(p, len, ev); break;
        case PacketKind::Datagram: datagram(p, len, ev); break;
        case PacketKind::Ack: ack(false, ev); break;
        case PacketKind::Nak: ack(true, ev); break;
        }
    }

    result_.version = version_;
    result_.vars[kVarSecurity] = security_;
    result_.decodes_clean = reads_clean_ && read_version_ == version_ && read_security_ == security_;
    // Reassembled messages live in the arenas: point at them now that they are complete.
    for (size_t i = 0; i < messages_.size(); ++i) {
        if (arena_at_[i] != ~0u) messages_[i].data = arena_.data() + arena_at_[i];
        if (frames_at_[i] != ~0u)
            messages_[i].fragment_frames = {frame_arena_.data() + frames_at_[i], messages_[i].split_count};
    }
    result_.frames = {frames_.data(), uint32_t(frames_.size())};
    result_.messages = {messages_.data(), uint32_t(messages_.size())};
    result_.linked_frames = {links_.data(), uint32_t(links_.size())};
    result_.record_list = {};
    if (result_.kind == PacketKind::Ack || result_.kind == PacketKind::Nak)
        result_.record_list = {parsed_.records.data(), uint32_t(parsed_.records.size())};
    result_.findings = {findings_.data(), uint32_t(findings_.size())};
    sink.packet(result_);
}

void Session::offline(const uint8_t* p, uint32_t len, Route& ev) {
    const uint8_t id = p[0];
    DirectionStats& st = st_[int(from_)];
    if (!result_.type) return;  // the decoder reports the unknown id
    ++st.offline[id];
    const MessageValues& v = parsed_.values;
    if (v.has_magic && !v.magic_ok) {
        core::Finding f{C::BadMagic};
        f.offset = v.magic_offset;
        f.length = kMagicSize;
        f.what = result_.type->name;
        ev.finding(f);
    }
    switch (id) {
    case id::kUnconnectedPing: case id::kUnconnectedPingOpenConnections: hs_.ping = true; break;
    case id::kOpenConnectionRequest1:
        hs_.client_protocol = v.protocol;
        if (len + kUdpIpHeaders > hs_.mtu_tried) hs_.mtu_tried = len + kUdpIpHeaders;
        break;
    case id::kOpenConnectionReply1: security_ = v.use_security; hs_.use_security = v.use_security; break;
    case id::kOpenConnectionRequest2: if (!hs_.mtu) hs_.mtu = v.mtu; break;
    case id::kOpenConnectionReply2: hs_.mtu = v.mtu; break;
    case id::kIncompatibleProtocolVersion: {
        hs_.incompatible = true;
        hs_.server_protocol = v.protocol;
        core::Finding f{C::Incompatible};
        f.a = v.protocol;
        f.b = hs_.client_protocol;
        ev.finding(f);
        break;
    }
    default: break;
    }
}

void Session::datagram(const uint8_t* p, uint32_t len, Route& ev) {
    DirectionStats& st = st_[int(from_)];
    if (p[0] >= 0x80 && p[0] < 0xA0) ++st.datagram_flags[p[0] - 0x80];
    if (!parsed_.has_seq) {  // too short for its number: the decoder says so
        ++st.datagrams;
        return;
    }
    const DatagramTracker::Verdict v =
        dgrams_[int(from_)].datagram(parsed_.seq, datagram_hash(p, len), len, result_.frame, result_.time, st, ev);
    result_.seq = parsed_.seq;
    result_.seq_unwrapped = v.seq;
    result_.status = v.status;
    result_.gap_first = v.gap_first;
    result_.gap_count = v.gap_count;
    result_.newest = v.newest;
    result_.original_frame = v.original_frame;
    result_.nak_frame = v.nak_frame;
    result_.since_nak_ms = v.since_nak_ms;
    result_.frames_total = parsed_.frames_total;

    st.frames += parsed_.frames_total;
    if (parsed_.frames_total > 1) ++st.multi_frame_datagrams;
    if (parsed_.frames_total > st.max_frames_per_datagram) st.max_frames_per_datagram = parsed_.frames_total;
    if (parsed_.frames_total > parsed_.frames.size()) beyond_limit(ev, "frames per datagram", parsed_.frames_total);
    const bool repeated = v.status == SeqStatus::Duplicate || v.status == SeqStatus::Resent ||
                          v.status == SeqStatus::Reused;
    bool receipt_reported = false;
    for (uint32_t i = 0; i < parsed_.frames.size(); ++i) {
        const WireFrame& f = parsed_.frames[i];
        if (uint8_t(f.reliability) >= uint8_t(Reliability::UnreliableWithAckReceipt) && !receipt_reported) {
            receipt_reported = true;
            core::Finding e{C::AckReceiptOnWire};
            e.offset = f.offset;
            e.length = 1;
            e.a = uint8_t(f.reliability);
            ev.finding(e);
        }
        frame(f, i, repeated, v.seq, p, ev);
    }
}

void Session::frame(const WireFrame& f, uint32_t index, bool repeated, uint64_t dgram_seq, const uint8_t* p, Route& ev) {
    DirectionStats& st = st_[int(from_)];
    const int s = int(from_);
    FrameResult r;
    r.offset = f.offset;
    r.length = f.length;
    r.body_offset = f.body_offset;
    r.body_len = f.body_len;
    r.reliability = f.reliability;
    r.split = f.split;
    r.message_index = f.message_index;
    r.sequencing_index = f.sequencing_index;
    r.order_index = f.order_index;
    r.channel = f.channel;
    r.split_count = f.split_count;
    r.split_index = f.split_index;
    r.split_id = f.split_id;
    ++st.frames_by_reliability[uint8_t(f.reliability) & 7];
    if (f.split) {
        ++st.split_fragments;
        if (f.split_count > st.max_split_count) st.max_split_count = f.split_count;
    }
    const bool ordered = is_ordered(f.reliability);
    if (ordered && f.channel < kOrderingChannels) ++st.ordered_by_channel[f.channel];
    const bool channel_ok = f.channel < kOrderingChannels;
    if (has_order(f.reliability) && !channel_ok) {
        core::Finding e{C::BadChannel};
        e.offset = f.offset;
        e.a = f.channel;
        ev.finding(e);
    }
    auto done = [&](FrameRole role) {
        r.role = role;
        frames_.push_back(r);
    };
    if (!f.complete) return done(FrameRole::Dropped);
    // A datagram seen before: its reliable frames are known by their index;
    // its unreliable ones RakNet delivers again (it drops repeats by
    // reliable message index only), so they count as messages again.
    if (repeated && has_message_index(f.reliability)) {
        ++st.repeated_frames;
        return done(FrameRole::Repeated);
    }
    if (has_message_index(f.reliability)) {
        const MessageTracker::Verdict mv =
            msgs_[s].frame(f.message_index, dgram_seq, result_.frame, result_.time, dgrams_[s], st, ev);
        if (mv.resend) {
            r.original_frame = mv.original_frame;
            r.since_original_ms = mv.since_original_ms;
            r.nak_frame = mv.nak_frame;
            r.since_nak_ms = mv.since_nak_ms;
            return done(FrameRole::Resend);
        }
    }
    if (ordered && channel_ok) {
        const OrderTracker::Verdict ov = orders_[s].ordered(f.channel, f.order_index);
        if (ov.first && ov.gap) {
            ++st.order_gaps;
            r.order_gap = uint32_t(ov.gap);
            ev.finding(on_channel(C::OrderGap, f, int64_t(ov.gap), int64_t((ov.newest + 1) & (kSeqModulus - 1))));
        }
        if (ov.first && ov.late) {
            ++st.order_late;
            r.order_late = true;
            ev.finding(on_channel(C::OrderLate, f, f.order_index, int64_t(ov.newest & (kSeqModulus - 1))));
        }
    }
    if (is_sequenced(f.reliability) && channel_ok) {
        uint64_t newest = 0;
        if (orders_[s].stale(f.channel, f.sequencing_index, newest)) {
            ++st.sequenced_stale;
            r.stale = true;
            ev.finding(on_channel(C::SequencedStale, f, f.sequencing_index, int64_t(newest & (kSeqModulus - 1))));
        }
    }
    MessageResult m;
    m.frame_index = index;
    m.reliability = f.reliability;
    m.message_index = f.message_index;
    m.order_index = f.order_index;
    m.channel = f.channel;
    if (f.split) {
        const SplitReassembler::Added a = splits_[s].add(f, p + f.body_offset, result_.frame, result_.time, st, ev);
        r.fragments_held = a.held;
        if (a.outcome == SplitReassembler::Outcome::Duplicate) return done(FrameRole::Repeated);
        if (a.outcome == SplitReassembler::Outcome::Rejected) return done(FrameRole::Dropped);
        if (a.outcome == SplitReassembler::Outcome::Held) return done(FrameRole::Fragment);
        m.reliability = a.reliability;
        m.message_index = a.message_index;
        m.order_index = a.order_index;
        m.channel = a.channel;
        m.reassembled = true;
        m.split_id = f.split_id;
        m.split_count = a.count;
        m.len = a.len;
        // Keep the bytes and the fragments' frames for this packet's result.
        arena_at_.push_back(uint32_t(arena_.size()));
        arena_.insert(arena_.end(), a.data, a.data + a.len);
        frames_at_.push_back(uint32_t(frame_arena_.size()));
        frame_arena_.insert(frame_arena_.end(), a.frames, a.frames + a.count);
        r.message = int32_t(messages_.size());
        done(FrameRole::Fragment);
        deliver(m, a.data, ev);
        return;
    }
    m.len = f.body_len;
    arena_at_.push_back(~0u);
    frames_at_.push_back(~0u);
    r.message = int32_t(messages_.size());
    done(FrameRole::Message);
    m.data = p + f.body_offset;
    deliver(m, m.data, ev);
}

void Session::deliver(MessageResult m, const uint8_t* data, Route& ev) {
    DirectionStats& st = st_[int(from_)];
    m.id = m.len ? data[0] : 0;
    m.system = m.len && m.id < id::kFirstUser;
    if (m.len) ++st.messages_by_id[m.id];
    if (m.len > st.largest_message) st.largest_message = m.len;
    if (m.system) system_message(m, data, ev);
    messages_.push_back(m);
}

void Session::read(uint32_t table, const uint8_t* p, uint32_t len, ParsedPacket& out) {
    int64_t vars[core::kMaxVars] = {};
    vars[kVarSecurity] = security_;
    core::DecodeContext ctx;
    ctx.table = table;
    ctx.vars = vars;
    reader_.read(schema(*version_), p, len, ctx, out);
    if (out.summary.findings || (read_version_ && (read_version_ != version_ || read_security_ != security_)))
        reads_clean_ = false;
    read_version_ = version_;
    read_security_ = security_;
}

void Session::system_message(MessageResult& m, const uint8_t* data, Route& ev) {
    decide(evidence(kMessageTable, m.id, m.len), m.id, m.len, ev);
    read(kMessageTable, data, m.len, body_);
    if (!body_.summary.type) return;
    const int s = int(from_);
    switch (m.id) {
    case id::kConnectedPing: {
        Ping& pg = pings_[s][ping_next_[s]];
        ping_next_[s] = (ping_next_[s] + 1) % kPings;
        pg = Ping{body_.values.time, result_.frame, result_.time, true};
        break;
    }
    case id::kConnectedPong: {
        const int pinger = int(other(from_));
        for (Ping& pg : pings_[pinger]) {
            if (!pg.used || pg.value != body_.values.ping_time) continue;
            m.ping_frame = pg.frame;
            m.rtt_ms = (result_.time - pg.time) * 1000.0;
            st_[pinger].rtt.add(m.rtt_ms);
            ev.link(Link{pg.frame, LinkKind::PongIn, result_.frame, m.rtt_ms, pg.value, other(from_)});
            pg.used = false;
            break;
        }
        if (!m.ping_frame) {
            core::Finding f{C::PongUnmatched};
            f.a = int64_t(body_.values.ping_time);
            ev.finding(f);
        }
        break;
    }
    case id::kConnectionRequestAccepted: hs_.connected = true; break;
    case id::kDisconnectionNotification:
        if (end_ != EndReason::Disconnect) {
            end_ = EndReason::Disconnect;
            end_frame_ = result_.frame;
            disconnect_side_ = from_;
            core::Finding f{C::Disconnect};
            f.what = from_ == Side::Client ? "client" : "server";
            ev.finding(f);
        }
        break;
    default: break;
    }
}

void Session::ack(bool nak, Route& ev) {
    DirectionStats& st = st_[int(from_)];
    const Side owner = other(from_);  // whose datagrams the records name
    if (nak) {
        ++st.naks;
        st.nak_records += parsed_.records_total;
    } else {
        ++st.acks;
        st.ack_records += parsed_.records_total;
        if (parsed_.records_total > st.max_records_per_ack) st.max_records_per_ack = parsed_.records_total;
    }
    if (parsed_.records_total > parsed_.records.size()) beyond_limit(ev, "records per ACK/NAK", parsed_.records_total);
    DatagramTracker::Coverage c;
    uint32_t budget = 4 * o_.datagram_window;
    for (const Record& r : parsed_.records) {
        if (!r.complete) continue;
        (nak ? (r.single ? st.nak_single : st.nak_ranges) : (r.single ? st.ack_single : st.ack_ranges)) += 1;
        dgrams_[int(owner)].record(r, nak, result_.frame, result_.time, c, links_, o_.max_links, budget,
                                   st_[int(owner)], ev);
    }
    (nak ? st.nak_seqs : st.ack_seqs) += c.covered;
    result_.records = parsed_.records_total;
    result_.seqs_covered = c.covered;
    result_.matched = c.matched;
    result_.repeated = c.repeated;
    result_.unseen = c.unseen;
    result_.future = c.future;
    if (!budget) beyond_limit(ev, "datagrams matched per ACK/NAK", 4 * o_.datagram_window);
    if (nak) {
        core::Finding f{C::Nak};
        f.a = int64_t(c.covered);
        f.b = c.matched;
        ev.finding(f);
    } else if (c.unseen) {
        core::Finding f{C::AckUnseen};
        f.a = c.unseen;
        f.b = int64_t(c.first_unseen);
        ev.finding(f);
    }
    if (c.future) {
        core::Finding f{C::AckFuture};
        f.a = c.future;
        f.b = int64_t(c.first_future);
        ev.finding(f);
    }
}

void Session::finish(const core::Origin& last, Sink& sink) {
    Route ev(*this, sink, last.frame);
    for (int s = 0; s < 2; ++s) {
        msgs_[s].finish(dgrams_[s], st_[s], ev);
        dgrams_[s].finish(st_[s], ev);
        splits_[s].finish(st_[s], ev);
    }
    if (!any_ || end_ == EndReason::Disconnect) return;
    // Silent for the timeout: the timeout, not how long the silence lasted
    // (a front end that ends a connection early, at the first packet past
    // it, and one that ends it with the capture must say the same).
    const double silent = last.time - last_time_;
    const bool gone = silent >= o_.silence_seconds;
    core::Finding f{gone ? C::EndSilence : C::EndCapture};
    end_ = gone ? EndReason::Silence : EndReason::CaptureEnd;
    end_frame_ = last_frame_;
    f.a = int64_t((gone ? o_.silence_seconds : silent) * 1000.0);
    f.frame = last_frame_;
    sink.finding(f);
    // One peer silent for the timeout while the other went on sending: it
    // vanished (crashed, killed, cut off), whatever the capture ends with.
    for (int s = 0; s < 2; ++s) {
        const int other = 1 - s;
        if (!side_last_frame_[s] || !side_last_frame_[other]) continue;
        const double quiet = side_last_time_[other] - side_last_time_[s];
        if (quiet < o_.silence_seconds) continue;
        core::Finding p{C::PeerSilent};
        p.a = int64_t(quiet * 1000.0);
        p.b = s;  // the silent side: 0 client, 1 server
        p.frame = side_last_frame_[s];
        p.ref_frame = side_last_frame_[other];
        p.what = s ? "server" : "client";
        silent_side_ = Side(s);
        peer_silent_ = true;
        sink.finding(p);
    }
}

void Session::release() {
    for (int s = 0; s < 2; ++s) {
        const Side side = Side(s);
        dgrams_[s] = DatagramTracker(side, o_.datagram_window);
        msgs_[s] = MessageTracker(side, o_.message_window);
        orders_[s] = OrderTracker(o_.order_window);
        splits_[s] = SplitReassembler(side, o_);
    }
    reader_ = PacketReader(o_.max_frames, o_.max_records);
    parsed_ = ParsedPacket();
    body_ = ParsedPacket();
    result_ = PacketResult();
    // Swapped with empty ones: `v = {}` or clear() would keep the capacity.
    std::vector<FrameResult>().swap(frames_);
    std::vector<MessageResult>().swap(messages_);
    std::vector<uint8_t>().swap(arena_);
    std::vector<uint64_t>().swap(frame_arena_);
    std::vector<uint32_t>().swap(arena_at_);
    std::vector<uint32_t>().swap(frames_at_);
    std::vector<uint64_t>().swap(links_);
    std::vector<core::Finding>().swap(findings_);
}

}  // namespace raknet
