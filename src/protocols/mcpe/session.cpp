#include "session.hpp"

#include <cstring>

#include "core/decoder.hpp"
#include "findings.hpp"
#include "schema.hpp"

namespace mcpe {

using C = FindingCode;

namespace {

// The Login's protocol number and the two coordinates of chunk packets,
// read through the decoder.
struct Values {
    int64_t protocol = 0, status = 0, x = 0, z = 0;
    bool has_protocol = false;
    void open(const core::Item&) {}
    void close() {}
    void finding(const core::Finding&) {}
    void leaf(const core::Item& it) {
        const char* k = it.node->key;
        if (std::strcmp(k, "protocol1") == 0) {
            protocol = it.i;
            has_protocol = true;
        } else if (std::strcmp(k, "status") == 0) {
            status = it.i;
        } else if (std::strcmp(k, "x") == 0) {
            x = it.i;
        } else if (std::strcmp(k, "z") == 0) {
            z = it.i;
        }
    }
};

Values read(const core::Schema& s, const raknet::MessageResult& m) {
    Values v;
    core::decode(s, m.data, m.len, core::DecodeContext{}, v);
    return v;
}

bool is(const core::MessageType* t, const char* key) { return t && t->key && std::strcmp(t->key, key) == 0; }

}  // namespace

// Sees every RakNet result first: game packets out of its messages, then
// the result itself.
class Session::Relay : public raknet::Sink {
public:
    Relay(Session& s, mcpe::Sink& sink, OtherGame* other) : s_(s), sink_(sink), other_(other) {}
    void packet(const raknet::PacketResult& r) override {
        for (uint32_t i = 0; i < r.messages.size; ++i)
            if (!r.messages[i].system && !(other_ && other_->take(r, i))) s_.game(r, i, sink_);
        sink_.packet(r);
    }
    void link(const raknet::Link& l) override { sink_.link(l); }
    void finding(const core::Finding& f) override { sink_.finding(f); }

private:
    Session& s_;
    mcpe::Sink& sink_;
    OtherGame* other_;
};

Session::Session(const raknet::Options& o) : raknet_(o), version_(&default_version()) {}

void Session::add(const core::Finding& f) {
    if (nfindings_ < sizeof(findings_) / sizeof(findings_[0])) {
        findings_[nfindings_] = f;
        findings_[nfindings_].frame = frame_;
        ++nfindings_;
    }
}

void Session::packet(core::Side from, const uint8_t* p, uint32_t len, const core::Origin& o, Sink& sink,
                     OtherGame* other) {
    Relay r(*this, sink, other);
    raknet_.packet(from, p, len, o, r);
}

void Session::game(const raknet::PacketResult& r, uint32_t index, Sink& sink) {
    const raknet::MessageResult& m = r.messages[index];
    frame_ = r.frame;
    nfindings_ = 0;
    GamePacket g;
    g.frame = r.frame;
    g.time = r.time;
    g.from = r.from;
    g.message = index;
    g.transport = &m;
    g.data = m.data;
    g.len = m.len;
    GameStats& st = st_[int(r.from)];
    ++st.packets;
    g.id = m.len ? m.data[0] : 0;

    const core::Schema* s = &schema(*version_);
    core::MessageSummary head = core::decode_header(*s, m.data, m.len, core::DecodeContext{});
    if (is(head.type, "login") && !version_known_) {
        const Values v = read(*s, m);
        if (v.has_protocol) {
            login_protocol_ = int32_t(v.protocol);
            version_known_ = true;
            const VersionInfo* known = find_version(login_protocol_);
            version_ = known ? known : &nearest_version(login_protocol_);
            core::Finding f{known ? C::VersionDetected : C::VersionUnknown};
            f.a = login_protocol_;
            f.what = version_->name;
            add(f);
            s = &schema(*version_);
            head = core::decode_header(*s, m.data, m.len, core::DecodeContext{});
        }
    }
    g.version = version_;
    g.type = head.type;
    if (g.id == kWrapper && head.type) {
        g.wrapper = true;
        ++st.wrappers;
        if (!wrapper_reported_[int(r.from)]) {  // once per direction: it is how today's traffic looks
            wrapper_reported_[int(r.from)] = true;
            add({C::Wrapper, 0, 0, int64_t(m.len)});
        }
    } else if (is(head.type, "login_status")) {
        const Values v = read(*s, m);
        if (v.status != 0) add({C::LoginRefused, 0, 0, v.status});
    } else if (is(head.type, "request_chunk")) {
        const Values v = read(*s, m);
        ++st.chunk_requests;
        Request& q = requests_[request_next_];
        if (q.used) unanswered(q, sink);  // its slot is reused: reported now
        request_next_ = (request_next_ + 1) % kRequests;
        q = Request{true, r.from, int32_t(v.x), int32_t(v.z), r.frame, r.time};
    } else if (is(head.type, "chunk_data")) {
        ++st.chunks;
        g.has_chunk = summarize_chunk(*s, m.data, m.len, g.chunk);
        // The oldest open request of the other side for this column.
        Request* best = nullptr;
        for (Request& q : requests_)
            if (q.used && q.from != r.from && q.x == g.chunk.x && q.z == g.chunk.z && (!best || q.frame < best->frame))
                best = &q;
        if (best) {
            ++st.chunks_answering;
            g.request_frame = best->frame;
            g.since_request_ms = (r.time - best->time) * 1000.0;
            sink.game_link(Link{best->frame, LinkKind::ChunkDataIn, r.frame, g.since_request_ms});
            best->used = false;
        } else {
            add({C::ChunkUnrequested, 0, 0, g.chunk.x, g.chunk.z});
        }
    }
    g.findings = {findings_, nfindings_};
    sink.game_packet(g);
}

void Session::unanswered(const Request& q, Sink& sink) {
    core::Finding f{C::ChunkUnanswered, 0, 0, q.x, q.z};
    f.frame = q.frame;
    sink.finding(f);
}

void Session::finish(const core::Origin& last, Sink& sink, OtherGame* other) {
    Relay r(*this, sink, other);
    raknet_.finish(last, r);
    if (other) other->finish(last);
    for (uint32_t i = 0; i < kRequests; ++i) {
        Request& q = requests_[(request_next_ + i) % kRequests];
        if (!q.used) continue;
        unanswered(q, sink);
        q.used = false;
    }
}

}  // namespace mcpe
