#include "frame_store.hpp"

#include <epan/conversation.h>

#include <algorithm>

#include "../frame_origin.hpp"

namespace raknet_plugin {

struct FrameStore::Conversation {
    explicit Conversation(const bedrock::KeyLog* keys) : bedrock(keys) {}
    address server_addr;
    guint32 server_port = 0;
    mcpe::Session session;
    bedrock::Session bedrock;  // its 0xFE messages when they are Bedrock batches
};

namespace {

template <class T>
raknet::Span<T> file_copy(raknet::Span<T> s) {
    if (!s.size) return {};
    return {static_cast<const T*>(wmem_memdup(wmem_file_scope(), s.data, s.size * sizeof(T))), s.size};
}

// A batch as shown later: its packets' bytes, spans, figures and findings copied;
// its Login (the session's) stays with the session, which lives as long.
bedrock::Batch file_copy(const bedrock::Batch& b) {
    static const uint8_t kEmpty = 0;
    bedrock::Batch k = b;
    k.clear = nullptr;
    k.clear_len = 0;
    if (b.data) k.data = b.len ? static_cast<const uint8_t*>(wmem_memdup(wmem_file_scope(), b.data, b.len)) : &kEmpty;
    k.packets = file_copy(b.packets);
    k.figures = file_copy(b.figures);
    k.findings = file_copy(b.findings);
    return k;
}

}  // namespace

// Copies what the sessions hand out for the frame being analysed.
class FrameStore::Recorder : public mcpe::Sink, public bedrock::Sink {
public:
    Recorder(FrameStore& s) : s_(s) {}
    FrameRecord* made = nullptr;

    // Handed on before the packet's record exists (taken by packet()), or
    // at the end of the capture, onto the frame it names.
    void batch(const bedrock::Batch& b) override {
        if (!s_.finished_) return s_.batches_.push_back(file_copy(b));
        if (FrameRecord* r = s_.record_of(b.frame)) {
            const bedrock::Batch k = file_copy(b);
            append(r->batches, &k, sizeof k);
        }
    }

    void game_packet(const mcpe::GamePacket& g) override {
        GameRecord r{};
        r.message = g.message;
        r.version = g.version;
        r.wrapper = g.wrapper;
        r.request_frame = g.request_frame;
        r.since_request_ms = g.since_request_ms;
        r.has_chunk = g.has_chunk;
        r.chunk = g.chunk;
        r.nfindings = guint8(std::min<uint32_t>(g.findings.size, 4));
        std::copy(g.findings.begin(), g.findings.begin() + r.nfindings, r.findings);
        s_.games_.push_back(r);
    }
    void packet(const raknet::PacketResult& p) override {
        wmem_allocator_t* a = wmem_file_scope();
        auto* rec = wmem_new0(a, FrameRecord);
        rec->p = p;
        rec->p.bytes = nullptr;
        rec->p.frames.data = p.frames.size ? static_cast<raknet::FrameResult*>(
                                                 wmem_memdup(a, p.frames.data, p.frames.size * sizeof(raknet::FrameResult)))
                                           : nullptr;
        rec->p.linked_frames.data = p.linked_frames.size ? static_cast<uint64_t*>(wmem_memdup(
                                                               a, p.linked_frames.data, p.linked_frames.size * sizeof(uint64_t)))
                                                         : nullptr;
        rec->p.findings.data = p.findings.size ? static_cast<core::Finding*>(
                                                     wmem_memdup(a, p.findings.data, p.findings.size * sizeof(core::Finding)))
                                               : nullptr;
        if (p.messages.size) {
            auto* ms = static_cast<raknet::MessageResult*>(wmem_alloc0(a, p.messages.size * sizeof(raknet::MessageResult)));
            rec->message_offsets = static_cast<guint32*>(wmem_alloc0(a, p.messages.size * sizeof(guint32)));
            for (uint32_t i = 0; i < p.messages.size; ++i) {
                const raknet::MessageResult& m = p.messages[i];
                ms[i] = m;
                const bool inside = m.data >= p.bytes && m.data + m.len <= p.bytes + p.len && !m.reassembled;
                if (inside) {
                    rec->message_offsets[i] = guint32(m.data - p.bytes);
                    ms[i].data = nullptr;
                } else {
                    ms[i].data = m.len ? static_cast<const uint8_t*>(wmem_memdup(a, m.data, m.len)) : nullptr;
                }
                ms[i].fragment_frames.data =
                    m.fragment_frames.size ? static_cast<uint64_t*>(wmem_memdup(a, m.fragment_frames.data,
                                                                               m.fragment_frames.size * sizeof(uint64_t)))
                                           : nullptr;
            }
            rec->p.messages.data = ms;
        }
        if (!s_.games_.empty()) {
            rec->ngames = guint32(s_.games_.size());
            rec->games = static_cast<GameRecord*>(wmem_memdup(a, s_.games_.data(), s_.games_.size() * sizeof(GameRecord)));
        }
        s_.games_.clear();
        for (const bedrock::Batch& b : s_.batches_) append(rec->batches, &b, sizeof b);
        s_.batches_.clear();
        s_.records_[p.frame] = rec;
        made = rec;
    }
    void link(const raknet::Link& l) override {
        if (FrameRecord* r = s_.record_of(l.frame)) append(r->links, &l, sizeof l);
    }
    void finding(const core::Finding& f) override {
        if (FrameRecord* r = s_.record_of(f.frame)) append(r->late, &f, sizeof f);
    }
    void game_link(const mcpe::Link& l) override {
        if (FrameRecord* r = s_.record_of(l.frame)) append(r->game_links, &l, sizeof l);
    }

private:
    static void append(wmem_array_t*& arr, const void* item, size_t size) {
        if (!arr) arr = wmem_array_sized_new(wmem_file_scope(), size, 4);
        wmem_array_append(arr, item, 1);
    }
    FrameStore& s_;
};

FrameStore::FrameStore() = default;
FrameStore::~FrameStore() = default;

FrameRecord* FrameStore::record_of(guint64 frame) {
    const auto it = records_.find(frame);
    return it == records_.end() ? nullptr : it->second;
}

FrameStore::Conversation* FrameStore::conversation(packet_info* pinfo, const guint8* data, guint len) {
    // A socket's packet to itself (RakNet's self-test) is no conversation.
    if (pinfo->srcport == pinfo->destport && addresses_equal(&pinfo->src, &pinfo->dst)) return nullptr;
    conversation_t* conv = find_or_create_conversation(pinfo);
    auto* c = static_cast<Conversation*>(conversation_get_proto_data(conv, proto_));
    if (c) return c;
    conversations_.push_back(std::make_unique<Conversation>(bedrock_keys_ ? bedrock_keys_() : nullptr));
    c = conversations_.back().get();
    // The server: the side on the port, else the side the core says sends
    // this offline message, else the receiver of the first packet.
    bool src_server = pinfo->srcport == *server_port_ && pinfo->destport != *server_port_;
    if (pinfo->srcport != *server_port_ && pinfo->destport != *server_port_ && len) {
        const auto sender = raknet::sender_of(data[0]);
        src_server = sender && *sender == core::Side::Server;
    }
    copy_address_wmem(wmem_file_scope(), &c->server_addr, src_server ? &pinfo->src : &pinfo->dst);
    c->server_port = src_server ? pinfo->srcport : pinfo->destport;
    conversation_add_proto_data(conv, proto_, c);
    return c;
}

const FrameRecord* FrameStore::analyse(packet_info* pinfo, const guint8* data, guint len) {
    last_frame_ = pinfo->num;
    last_time_ = nstime_to_sec(&pinfo->rel_ts);
    Conversation* c = conversation(pinfo, data, len);
    if (!c) return nullptr;
    const bool from_server = pinfo->srcport == c->server_port && addresses_equal(&pinfo->src, &c->server_addr);
    Recorder r(*this);
    games_.clear();
    batches_.clear();
    bedrock::Offer bedrock(c->bedrock, r);
    c->session.packet(from_server ? core::Side::Server : core::Side::Client, data, len,
                      plugin::frame_origin(pinfo), r, &bedrock);
    return r.made;
}

void FrameStore::finish_all() {
    finished_ = true;
    Recorder r(*this);
    for (auto& c : conversations_) {
        bedrock::Offer bedrock(c->bedrock, r);
        c->session.finish(core::Origin{last_frame_, last_time_}, r, &bedrock);
    }
}

const FrameRecord* FrameStore::load(packet_info* pinfo) {
    if (!finished_) finish_all();
    return record_of(pinfo->num);
}

void FrameStore::clear() {
    conversations_.clear();
    records_.clear();
    games_.clear();
    batches_.clear();
    last_frame_ = 0;
    last_time_ = 0;
    finished_ = false;
}

}  // namespace raknet_plugin
