#include "raknet/raknet_flows.hpp"

#include <algorithm>

#include "protocols/raknet/detect.hpp"

namespace blankshark {

class RaknetFlows::Relay : public mcpe::Sink, public bedrock::Sink {
public:
    Relay(RaknetListener& l, RaknetConnection& c) : l_(l), c_(c) {}
    void game_packet(const mcpe::GamePacket& g) override { l_.game_packet(c_, g); }
    void batch(const bedrock::Batch& b) override { l_.bedrock_batch(c_, b); }
    void game_link(const mcpe::Link& k) override { l_.game_link(c_, k); }
    void packet(const raknet::PacketResult& p) override { l_.packet(c_, p); }
    void link(const raknet::Link& k) override { l_.link(c_, k); }
    void finding(const core::Finding& f) override { l_.late_finding(c_, f); }

private:
    RaknetListener& l_;
    RaknetConnection& c_;
};

bool RaknetFlows::offer(const capture::Frame& f, const capture::UdpDatagram& d, double time) {
    const uint64_t frame = f.number;
    if (d.src == d.dst) return false;  // a socket to itself
    if (time > now_) {
        now_ = time;
        end_silent(now_);
    }
    const auto key = capture::EndpointPair::of(d.src, d.dst);
    Entry* e = nullptr;
    if (auto it = by_key_.find(key); it != by_key_.end()) {
        e = it->second;
    } else {
        const bool on_port = d.src.port == port_ || d.dst.port == port_;
        if (!on_port && !raknet::looks_like_offline_message(d.payload, d.payload_len)) return false;
        // The server: the side on the port; else the side the core says
        // sends this offline message; else the receiver of the first packet.
        bool src_server = d.src.port == port_ && d.dst.port != port_;
        if (!on_port && d.payload_len) {
            const auto sender = raknet::sender_of(d.payload[0]);
            src_server = sender && *sender == core::Side::Server;
        }
        const capture::Endpoint& server = src_server ? d.src : d.dst;
        const capture::Endpoint& client = src_server ? d.dst : d.src;
        Conversation* conv = new_conversation_(client, server, frame);
        if (!conv) return true;  // no room (counted): not followed while the others are open
        e = &conns_.take();
        e->key = key;
        e->begun = ++begun_;
        RaknetConnection& c = e->c;
        c.server = server;
        c.client = client;
        c.summary = std::make_shared<RaknetSummary>(keys_);
        c.conv = conv;
        by_key_[key] = e;
    }
    heard(*e);
    RaknetConnection& c = e->c;
    Relay r(listener_, c);
    bedrock::Offer offer(c.summary->bedrock, r);
    const core::Side from = d.src == c.server ? core::Side::Server : core::Side::Client;
    c.summary->session.packet(from, d.payload, d.payload_len, core::Origin{frame, time}, r, &offer);
    return true;
}

void RaknetFlows::heard(Entry& e) {
    if (newest_ == &e) return;
    if (e.older || oldest_ == &e) {  // in the list: unlink
        (e.older ? e.older->newer : oldest_) = e.newer;
        e.newer->older = e.older;    // not the newest, so it has a newer one
    }
    e.older = newest_;
    e.newer = nullptr;
    (newest_ ? newest_->newer : oldest_) = &e;
    newest_ = &e;
}

void RaknetFlows::end_silent(double now) {
    while (oldest_) {
        const raknet::Session& s = oldest_->c.summary->session.transport();
        if (now - s.last_time() < s.options().silence_seconds) return;
        end(*oldest_, s.last_frame(), now);
    }
}

void RaknetFlows::end(Entry& e, uint64_t frame, double time) {
    (e.older ? e.older->newer : oldest_) = e.newer;
    (e.newer ? e.newer->older : newest_) = e.older;
    e.older = e.newer = nullptr;
    by_key_.erase(e.key);
    RaknetConnection& c = e.c;
    Relay r(listener_, c);
    bedrock::Offer offer(c.summary->bedrock, r);
    c.summary->session.finish(core::Origin{frame, time}, r, &offer);
    c.summary->session.release();
    c.summary->bedrock.release();
    c.open = false;
    listener_.ended(c);
    c.summary.reset();  // whoever took it keeps it; a conversation of a busy day costs this entry alone
    if (let_go_) conns_.give_back(e);
}

void RaknetFlows::finish(uint64_t last_frame, double last_time) {
    std::vector<Entry*> open;  // in the order they began (an entry may have been taken again)
    open.reserve(by_key_.size());
    for (const auto& [key, e] : by_key_) open.push_back(e);
    std::sort(open.begin(), open.end(), [](const Entry* a, const Entry* b) { return a->begun < b->begun; });
    for (Entry* e : open) end(*e, last_frame, last_time);
}

}  // namespace blankshark
