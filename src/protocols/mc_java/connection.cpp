#include "connection.hpp"

#include <algorithm>
#include <cstring>

#include "findings.hpp"
#include "play_values.hpp"
#include "schema.hpp"
#include "world_height.hpp"

namespace mcjava {

using core::Finding;
using core::Measure;
using core::MeasureResult;
using C = FindingCode;

namespace {

// Packets that drive the state machine, by their filter names: the decoder
// reads them (a quiet decode with summary leaves), nothing else does.
struct Grab {
    static constexpr bool kFindingsOnly = true;
    static constexpr bool kSummaryLeaves = true;
    static constexpr bool kPayloadOnly = true;
    struct Want {
        const char* abbrev;
        int64_t* into;
        bool* seen;
    };
    const core::Schema& s;
    Packet& p;
    int64_t protocol = 0, next_state = 0, threshold = 0, dimension = 0;
    bool has_protocol = false, has_next = false, has_threshold = false, has_dimension = false;

    void open(const core::Item&) {}
    void close() {}
    void leaf(const core::Item& it) {
        const std::string& a = it.info->abbrev;
        const int64_t v = it.vclass == core::ValueClass::Int ? it.i : int64_t(it.u);
        // Only the few fields the state machine needs; compared by suffix of
        // the packet's own abbreviation, which the tables fix.
        if (ends_with(a, ".handshake.protocol_version")) { protocol = v; has_protocol = true; }
        else if (ends_with(a, ".handshake.next_state")) { next_state = v; has_next = true; }
        else if (ends_with(a, ".set_compression.threshold")) { threshold = v; has_threshold = true; }
        else if (ends_with(a, ".dimension") && (a.find(".join_game.") != std::string::npos ||
                                                 a.find(".respawn.") != std::string::npos)) {
            dimension = v;
            has_dimension = true;
        }
    }
    void finding(const Finding&) {}  // the front ends' own decode reports them
    static bool ends_with(const std::string& a, const char* suffix) {
        const size_t n = std::strlen(suffix);
        return a.size() >= n && a.compare(a.size() - n, n, suffix) == 0;
    }
};

// The key log's keys: the Encryption Request's verify token, the
// Encryption Response's encrypted shared secret (fields no summary shows,
// so a decode with every leaf).
struct KeyFields {
    std::string* token;
    std::string* secret;
    void open(const core::Item&) {}
    void close() {}
    void finding(const Finding&) {}
    void leaf(const core::Item& it) {
        const std::string& a = it.info->abbrev;
        if (Grab::ends_with(a, ".encryption_request.verify_token")) token->assign(it.s);
        else if (Grab::ends_with(a, ".encryption_response.shared_secret")) secret->assign(it.s);
    }
};

bool is(const Packet& p, const char* key) {
    return p.summary.type && p.summary.type->key && std::strcmp(p.summary.type->key, key) == 0;
}

// The packets whose fields the state machine reads.
bool drives_state(const Packet& p) {
    static const char* const kKeys[] = {"handshake", "set_compression", "join_game", "respawn"};
    for (const char* k : kKeys)
        if (is(p, k)) return true;
    return false;
}

}  // namespace

Connection::Connection(core::Inflater& inflater) : inflater_(inflater), version_(&default_version()) {
    for (int d = 0; d < 2; ++d) {
        framing_[d].c = this;
        framing_[d].d = Side(d);
    }
}

void Connection::start_inferred(const Inferred& r) {
    inferred_ = true;
    inferred_info_ = r;
    if (r.how == Inferred::How::None) {
        undecoded_ = true;
        return;
    }
    version_ = r.version;
    range_ = r.range;
    compressed_inferred_ = r.compressed;
    for (int d = 0; d < 2; ++d) {
        state_[d] = r.state[d];
        announce_start_[d] = r.start_known[d] && r.start[d] > 0;
        if (!r.key) continue;
        // The key was judged on the plaintext already: the stream goes on
        // from the 16 ciphertext bytes before the direction's start.
        SharedSecret iv;
        std::memcpy(iv.data(), r.iv[d], iv.size());
        decrypting_[d] = cipher_[d].start(r.key->secret, iv);
        key_checked_[d] = head_judged_[d] = true;
    }
}

void Connection::announce(Packet& p) {
    const Inferred& r = inferred_info_;
    if (!announced_) {
        announced_ = true;
        add(p, inferred_finding(r));
        if (r.key) add(p, {C::KeyFound, 0, 0, int64_t(r.key->line), int64_t(r.keys_tried)});
    }
    if (announce_start_[int(p.dir)]) {
        announce_start_[int(p.dir)] = false;
        add(p, {C::MidStream, 0, 0, int64_t(r.start[int(p.dir)])});
    }
}

namespace {

// How a release reads a packet's bytes: worse grades lose.
enum Grade : uint8_t { kClean, kWarned, kError };
Grade grade_of(const core::MessageSummary& s) {
    if (!s.type || s.worst == core::Severity::Error) return kError;
    return s.worst == core::Severity::Warn ? kWarned : kClean;
}

}  // namespace

void Connection::narrow(Packet& p) {
    Grade grade[64];
    Grade best = kError;
    const std::vector<const VersionInfo*>& all = versions();
    for (const VersionInfo* v : all) {
        if (!(range_ & version_bit(*v))) continue;
        core::NullVisitor nv;
        const core::MessageSummary s = core::decode(schema(*v), p.data, p.data_len, p.context(), nv);
        grade[v->index] = grade_of(s);
        best = std::min(best, grade[v->index]);
    }
    // Those that read it best stay (two that read it equally well, even as
    // two packet types, cannot be told apart by it).
    VersionSet kept = 0;
    for (const VersionInfo* v : all)
        if ((range_ & version_bit(*v)) && grade[v->index] == best) kept |= version_bit(*v);
    if (kept == range_ || !kept) return;
    add(p, narrowed_finding(range_, kept));
    range_ = kept;
    if (!(kept & version_bit(*version_))) version_ = newest_of(kept);
    p.version = version_;
}

void Connection::gap(Side d, uint64_t offset) {
    key_judged_from_[int(d)] = offset + 16;
    head_judged_[int(d)] = true;  // the bytes after it are not the first packet's
}

void Connection::first_decrypted(Side d, const uint8_t* p, size_t n) {
    const int i = int(d);
    if (head_judged_[i] || key_checked_[i] || !decrypting_[i]) return;
    const size_t take = std::min(n, sizeof head_[i] - head_len_[i]);
    std::memcpy(head_[i] + head_len_[i], p, take);
    head_len_[i] = uint8_t(head_len_[i] + take);
    const MeasureResult r = frame_length(d, head_[i], head_len_[i]);
    if (r.status == Measure::Invalid || (r.status == Measure::NeedMore && !plausible_start(d, head_[i], head_len_[i]))) {
        head_judged_[i] = true;
        key_is_wrong(d);
        return;
    }
    // Enough to tell the length, Data Length and id: frame() judges the rest.
    if (r.status == Measure::Complete || head_len_[i] == sizeof head_[i]) head_judged_[i] = true;
}

bool Connection::judges_key(Side d, const core::Span& span) const {
    return span.stream_offset >= key_judged_from_[int(d)];
}

void Connection::key_is_wrong(Side d) {
    decrypting_[0] = decrypting_[1] = false;
    encrypted_ = true;
    wrong_key_ = true;
    wrong_key_side_ = d;
}

void Connection::start_decryption(Packet& p) {
    // By the encrypted secret, else by the verify token (KeyLog::find's order).
    const KeyLog::Entry* by_secret = key_log_ ? key_log_->find(encrypted_secret_, {}) : nullptr;
    const KeyLog::Entry* entry = by_secret ? by_secret : key_log_ ? key_log_->find({}, verify_token_) : nullptr;
    if (entry && cipher_[0].start(entry->secret) && cipher_[1].start(entry->secret)) {
        // Each direction's next byte is its first encrypted one: the
        // client's after this packet, the server's after its Encryption
        // Request (it sends nothing until it has the response).
        decrypting_[0] = decrypting_[1] = true;
        add(p, {C::Decrypted, 0, p.wire_len, by_secret ? 1 : 0});
        return;
    }
    encrypted_ = true;
    // What a key log line would be found by: the verify token (a: its first
    // 8 bytes, b: its length) and the encrypted secret (c: its first 8
    // bytes, b >> 16: its length).
    auto head = [](const std::string& s) {
        int64_t v = 0;
        for (size_t i = 0; i < s.size() && i < 8; ++i) v = v << 8 | uint8_t(s[i]);
        return v;
    };
    add(p, {C::Encrypted, 0, p.wire_len, head(verify_token_),
            int64_t(verify_token_.size()) | int64_t(encrypted_secret_.size()) << 16, head(encrypted_secret_)});
}

MeasureResult Connection::frame_length(Side d, const uint8_t* p, size_t avail) const {
    if (avail == 0) return {Measure::NeedMore, 0};
    if (encrypted_ || undecoded_) return {Measure::Complete, uint32_t(avail)};
    if (legacy_) {
        if (d == Side::Server) return measure_legacy_kick(p, avail);
        return {Measure::Complete, uint32_t(avail)};  // the ping: whatever the client sends
    }
    if (d == Side::Client && count_[0] == 0 && state_[0] == State::Handshaking && p[0] == kLegacyPing)
        return {Measure::Complete, uint32_t(avail)};
    return measure_frame(p, avail);
}

void Connection::add(Packet& p, const Finding& f) { p.add(f); }

void Connection::begin(Packet& p, Side d, const uint8_t* wire, uint32_t len) const {
    p.dir = d;
    p.state = state_[int(d)];
    p.version = version_;
    p.table = table_index(p.state, d);
    p.wire = wire;
    p.wire_len = len;
    p.decrypted = decrypting_[int(d)];
    p.picked_up = inferred_;
}

void Connection::unframed(Side d, const uint8_t* bytes, uint32_t len, const core::Span& span, PacketSink& sink) {
    if (decrypting_[int(d)] && !key_checked_[int(d)] && judges_key(d, span)) {  // the first decrypted bytes do not frame
        key_is_wrong(d);
        frame(d, bytes, len, span, sink);
        return;
    }
    Packet p;
    p.kind = PacketKind::Unframed;
    begin(p, d, bytes, len);
    p.span = span;
    p.number = ++count_[int(d)];
    uint64_t v;
    uint32_t used;
    const core::wire::VarIntResult r = core::wire::read_varint(bytes, len, 5, v, used);
    if (r == core::wire::VarIntResult::TooLong)
        add(p, {C::BadVarInt, 0, used, 5, 0, 0, "Length"});
    else
        add(p, {C::LengthOverMax, 0, used, int64_t(v), kMaxPacketLength});
    sink.packet(p);
}

bool Connection::unpack(Packet& p) {
    const uint32_t body = p.parts.body_offset;
    if (!p.compressed_framing) {
        p.data = p.wire + body;
        p.data_len = p.wire_len - body;
        return true;
    }
    if (p.parts.data_length_bad) {
        add(p, {C::BadVarInt, p.parts.length_len, p.parts.data_length_len, 5, 0, 0, "Data Length"});
        return false;
    }
    if (p.parts.data_length == 0) {
        p.data = p.wire + body;
        p.data_len = p.wire_len - body;
        return true;
    }
    const uint32_t dl = p.parts.data_length;
    if (threshold_ >= 0 && int64_t(dl) < threshold_)
        add(p, {C::CompressedBelowThreshold, p.parts.length_len, p.parts.data_length_len, int64_t(dl), threshold_});
    if (dl > kMaxDataLength) {
        add(p, {C::DataLengthOverMax, p.parts.length_len, p.parts.data_length_len, int64_t(dl), kMaxDataLength});
        return false;
    }
    const core::Inflater::Result r = inflater_.inflate(p.wire + body, p.wire_len - body, dl);
    if (r == core::Inflater::Result::NotZlib || r == core::Inflater::Result::Truncated) {
        add(p, {C::InflateFailed, body, p.wire_len - body, inflater_.zlib_error()});
        return false;
    }
    if (r == core::Inflater::Result::TooLarge) {  // inflating stopped at the Data Length: more than it, how much unknown
        add(p, {C::InflateSizeMismatch, body, p.wire_len - body, int64_t(dl), int64_t(dl), 1});
        return false;
    }
    if (inflater_.out_size() != dl)
        add(p, {C::InflateSizeMismatch, body, p.wire_len - body, int64_t(inflater_.out_size()), int64_t(dl)});
    p.inflated = true;
    p.data = inflater_.out();
    p.data_len = uint32_t(inflater_.out_size());
    return true;
}

void Connection::decode_quietly(Packet& p) {
    const core::Schema& s = schema(*p.version);
    p.summary = core::decode_header(s, p.data, p.data_len, p.context());
    // An id unknown here but known in another state: the state machine and
    // the peer disagree.
    if (!p.summary.type && p.summary.header_len) {
        for (uint32_t t = 0; t < kTableCount; ++t)
            if (t != p.table && t % 2 == p.table % 2 && s.type(t, p.summary.id)) {
                add(p, {C::WrongState, 0, p.summary.header_len, int64_t(p.summary.id), 0, 0,
                        s.tables[p.table].table->name});
                break;
            }
    }
    if (p.state == State::Login && (is(p, "encryption_request") || is(p, "encryption_response"))) {
        KeyFields k{&verify_token_, &encrypted_secret_};
        core::decode(s, p.data, p.data_len, p.context(), k);
        return;
    }
    height_.packet(s, p);  // the dimension's height, for 1.18+'s Chunk Data
    vars_[kVarSections] = height_.sections();
    if (!drives_state(p)) return;
    Grab g{s, p};
    core::decode(s, p.data, p.data_len, p.context(), g);
    // The state machine's fields.
    if (g.has_protocol && p.state == State::Handshaking) {
        handshake_protocol_ = int32_t(g.protocol);
        const VersionInfo* v = find_version(handshake_protocol_);
        if (v) {
            version_ = v;
            add(p, {C::VersionDetected, 0, p.data_len, g.protocol, 0, 0, v->name});
        } else {
            version_ = &nearest_version(handshake_protocol_);
            add(p, {C::VersionUnknown, 0, p.data_len, g.protocol, 0, 0, version_->name});
        }
        version_from_handshake_ = true;
        p.version = version_;  // the Handshake's layout is every version's: it shows the one it names
    }
    if (g.has_next && p.state == State::Handshaking) {
        const State next = g.next_state == kNextStatus ? State::Status
                         : g.next_state == kNextLogin || g.next_state == kNextTransfer ? State::Login
                         : State::Handshaking;
        if (next != State::Handshaking) state_[0] = state_[1] = next;
    }
    if (g.has_threshold && p.state == State::Login) {
        threshold_ = g.threshold;
        if (threshold_ >= 0) add(p, {C::CompressionEnabled, 0, p.data_len, threshold_});
    }
    if (g.has_dimension) vars_[kVarDimension] = g.dimension;
}

void Connection::advance(Packet& p) {
    const int d = int(p.dir);
    // Each direction switches after its own packet that says so: from
    // 1.20.2 the server's after Login Success (to configuration), the
    // client's after Login Acknowledged; Finish Configuration each way ends
    // it; Start Configuration and its acknowledgement go back to it.
    const bool configures = version_->version().tables[table_index(State::Configuration, Side::Server)].count > 0;
    if (p.state == State::Login && is(p, "login_success")) {
        if (configures) state_[d] = State::Configuration;
        else state_[0] = state_[1] = State::Play;
    }
    if (p.state == State::Login && is(p, "login_acknowledged")) state_[d] = State::Configuration;
    if (p.state == State::Configuration && is(p, "finish_configuration")) state_[d] = State::Play;
    if (p.state == State::Play && (is(p, "start_configuration") || is(p, "configuration_acknowledged")))
        state_[d] = State::Configuration;
    if (p.state == State::Login && is(p, "encryption_response") && !encrypted()) start_decryption(p);
    if ((p.state == State::Status && p.dir == Side::Server && is(p, "pong")) ||
        (p.dir == Side::Server && is(p, "disconnect")))
        ended_[d] = true;
}

void Connection::frame(Side d, const uint8_t* wire, uint32_t len, const core::Span& span, PacketSink& sink) {
    Packet p;
    begin(p, d, wire, len);
    p.span = span;
    p.number = ++count_[int(d)];
    std::memcpy(p.vars, vars_, sizeof vars_);
    if (undecoded_) {
        p.kind = PacketKind::Undecoded;
        if (!announced_) {
            announced_ = true;
            const Inferred& r = inferred_info_;
            if (r.looks_encrypted) add(p, {C::EncryptedNoKey, 0, 0, 0, int64_t(r.keys_tried)});
            else add(p, {C::VersionUndecided, 0, 0, int64_t(r.packets), int64_t(r.tied)});
        }
        sink.packet(p);
        return;
    }
    if (inferred_) announce(p);
    if (decrypting_[int(d)] && !key_checked_[int(d)] && judges_key(d, span)) {
        // The direction's first decrypted packet is a packet of its state
        // with the right secret only.
        if (is_a_packet(d, wire, len)) key_checked_[int(d)] = true;
        else key_is_wrong(d);
        p.decrypted = decrypting_[int(d)];
    }
    if (encrypted_) {
        p.kind = PacketKind::Encrypted;
        if (wrong_key_ && !wrong_key_reported_) {
            wrong_key_reported_ = true;
            add(p, {C::WrongKey, 0, len, 0, 0, 0, wrong_key_side_ == Side::Client ? "serverbound" : "clientbound"});
        }
        sink.packet(p);
        return;
    }
    if (legacy_ || (d == Side::Client && p.number == 1 && p.state == State::Handshaking && len > 0 &&
                    wire[0] == kLegacyPing)) {
        if (!legacy_) add(p, {C::LegacyPing, 0, len, int64_t(len)});
        legacy_ = true;
        p.kind = PacketKind::LegacyPing;
        sink.packet(p);
        return;
    }
    if (ended_[int(d)]) {
        if (!after_end_reported_[int(d)]) {
            after_end_reported_[int(d)] = true;
            add(p, {C::AfterEnd, 0, len, int64_t(len), 0, 0,
                    p.state == State::Status ? "the status exchange" : "the connection (Disconnect)"});
        }
    }
    p.compressed_framing = compressed_framing();
    p.parts = split_frame(wire, len, p.compressed_framing);
    if (p.parts.length == 0) {
        add(p, {C::EmptyPacket, 0, len});
        sink.packet(p);
        return;
    }
    if (unpack(p)) {
        if (range_ & (range_ - 1)) narrow(p);  // more than one release still agrees
        decode_quietly(p);
    }
    advance(p);
    sink.packet(p);
}

// After a gap: a frame that decodes without a finding starts here.
core::Measure Connection::DirFraming::starts_here(const uint8_t* p, size_t avail) {
    const MeasureResult r = c->frame_length(d, p, avail);
    if (r.status == Measure::Invalid) return Measure::Invalid;
    if (r.status == Measure::NeedMore)  // reject on what is there rather than wait up to 2 MiB for a candidate
        return c->plausible_start(d, p, avail) ? Measure::NeedMore : Measure::Invalid;
    return c->decodes_cleanly(d, p, r.length) ? Measure::Complete : Measure::Invalid;
}

namespace {

// A VarInt at p[0, avail): its value and size; size 0 when more bytes are
// needed, -1 when malformed (over 5 bytes).
struct VarIntAt {
    uint32_t value = 0;
    int size = 0;
};
VarIntAt varint_at(const uint8_t* p, size_t avail) {
    VarIntAt v;
    for (size_t i = 0; i < 5; ++i) {
        if (i == avail) return v;
        v.value |= uint32_t(p[i] & 0x7f) << (7 * i);
        if (!(p[i] & 0x80)) {
            v.size = int(i + 1);
            return v;
        }
    }
    v.size = -1;
    return v;
}

}  // namespace

// The first bytes of a packet not yet complete: a length, then (compressed
// framing) a Data Length that is 0 or at least the threshold and a zlib
// header, or a packet id the state knows.
bool Connection::plausible_start(Side d, const uint8_t* p, size_t avail) const {
    if (encrypted_ || legacy_ || undecoded_) return true;
    const VarIntAt length = varint_at(p, avail);
    if (length.size < 0) return false;
    if (length.size == 0) return true;
    if (length.value == 0) return false;
    const uint8_t* q = p + length.size;
    size_t left = avail - size_t(length.size);
    if (compressed_framing()) {
        const VarIntAt dl = varint_at(q, left);
        if (dl.size < 0) return false;
        if (dl.size == 0) return true;
        q += dl.size;
        left -= size_t(dl.size);
        if (dl.value != 0) {
            if (int64_t(dl.value) < threshold_ || dl.value > kMaxDataLength) return false;
            if (left >= 1 && (q[0] & 0x0f) != 8) return false;  // zlib: deflate
            if (left >= 2 && ((q[0] << 8) | q[1]) % 31 != 0) return false;
            return true;
        }
    }
    const VarIntAt id = varint_at(q, left);
    if (id.size < 0) return false;
    if (id.size == 0) return true;
    return schema(*version_).type(table_index(state_[int(d)], d), id.value) != nullptr;
}

bool Connection::trial_decode(Side d, const uint8_t* wire, uint32_t len, core::MessageSummary& sum) {
    Packet p;
    begin(p, d, wire, len);
    p.compressed_framing = compressed_framing();
    p.parts = split_frame(wire, len, p.compressed_framing);
    if (p.parts.length == 0 || !unpack(p) || p.findings_total) return false;
    core::NullVisitor v;
    sum = core::decode(schema(*p.version), p.data, p.data_len, p.context(), v);
    return true;
}

bool Connection::is_a_packet(Side d, const uint8_t* wire, uint32_t len) {
    // A known id whose fields decode without an error (a warning, such as
    // text that is not UTF-8, does not tell a wrong key).
    core::MessageSummary sum;
    return trial_decode(d, wire, len, sum) && sum.type && sum.worst < core::Severity::Error;
}

bool Connection::decodes_cleanly(Side d, const uint8_t* wire, uint32_t len) {
    if (encrypted_ || legacy_ || undecoded_) return true;
    core::MessageSummary sum;
    return trial_decode(d, wire, len, sum) && sum.type && sum.findings == 0;
}

}  // namespace mcjava
