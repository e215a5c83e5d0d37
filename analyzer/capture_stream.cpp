#include "capture_stream.hpp"

#include "protocols/blank/decoder.hpp"
#include "protocols/blank/protocol_info.hpp"
#include "progress.hpp"

namespace blankshark {

std::array<uint16_t, core::kProtocolCount> StreamOptions::default_ports() {
    std::array<uint16_t, core::kProtocolCount> a{};
    for (size_t i = 0; i < a.size(); ++i)
        a[i] = core::protocols()[i]->carried_by ? 0 : core::protocols()[i]->default_port;
    return a;
}

uint16_t StreamOptions::port_of(const core::ProtocolInfo& p) const {
    for (size_t i = 0; i < ports.size(); ++i)
        if (core::protocols()[i] == &p) return ports[i];
    return 0;
}

void StreamOptions::set_port(const core::ProtocolInfo& p, uint16_t port) {
    for (size_t i = 0; i < ports.size(); ++i)
        if (core::protocols()[i] == &p) ports[i] = port;
}

CaptureStream::CaptureStream(StreamOptions opt) : opt_(opt), blank_port_(opt.port_of(blank::protocol_info())) {}

size_t CaptureStream::KeyHash::operator()(const Key& k) const {
    size_t h = 1469598103934665603ull;
    auto mix = [&h](const Endpoint& e) {
        for (uint8_t b : e.addr) h = (h ^ b) * 1099511628211ull;
        h = (h ^ e.port) * 1099511628211ull;
        h = (h ^ e.family) * 1099511628211ull;
    };
    mix(k.a);
    mix(k.b);
    return h;
}

Conversation* CaptureStream::find(const capture::UdpDatagram& d, bool create, const uint8_t* p, uint32_t len) {
    Key k{d.src, d.dst};
    if (k.b < k.a) std::swap(k.a, k.b);
    auto it = convs_.find(k);
    if (it != convs_.end()) return &it->second;
    if (!create) return nullptr;
    if (convs_.size() >= opt_.max_conversations) {
        ++stats_.conversations_dropped;
        if (!stats_.first_dropped_frame) stats_.first_dropped_frame = frame_;
        return nullptr;
    }
    Conversation c;
    c.id = next_id_++;
    const bool server = blank::first_sender_is_server(blank::header_type(p, len), d.src.port, d.dst.port, blank_port_);
    c.server = server ? d.src : d.dst;
    c.client = server ? d.dst : d.src;
    auto [ins, ok] = convs_.emplace(k, c);
    (void)ok;
    order_.push_back(&ins->second);
    return &ins->second;
}

Conversation* CaptureStream::add_conversation(const Endpoint& client, const Endpoint& server, uint64_t frame,
                                              const FrontEnd* protocol) {
    other_convs_.emplace_back();
    Conversation& c = other_convs_.back();
    c.id = next_id_++;
    c.client = client;
    c.server = server;
    c.first_frame = frame;
    c.protocol = protocol;
    order_.push_back(&c);
    return &c;
}

StreamResult CaptureStream::run(const std::string& path, const std::function<void(const BlankPacket&)>& on_packet,
                                tcp::Dispatcher* tcp, UdpClaimant* udp) {
    capture::CaptureReader reader;
    if (!reader.open(path)) {
        error_ = reader.error();
        return StreamResult::OpenError;
    }
    link_type_ = reader.link_type();
    Progress progress(path, opt_.progress);
    capture::Frame f;
    capture::UdpDatagram d;
    capture::TcpSegment seg;
    bool have_start = false;
    int64_t start_sec = 0;
    int32_t start_nsec = 0;
    double last_time = 0;
    for (;;) {
        const auto st = reader.next(f);
        if (st == capture::CaptureReader::Status::End) break;
        if (st == capture::CaptureReader::Status::Error) {
            error_ = reader.error();
            error_frame_ = reader.error_frame();
            error_offset_ = reader.error_offset();
            if (tcp) tcp->finish(last_time);
            return StreamResult::ReadError;
        }
        ++stats_.frames;
        frame_ = f.number;
        if ((f.number & 63) == 0) progress.update(reader.position(), f.number);
        if (!have_start) {
            have_start = true;
            start_sec = f.ts_sec;
            start_nsec = f.ts_nsec;
        }
        // In 64 bits: a corrupt record may carry any timestamp.
        const double time =
            double(int64_t(uint64_t(f.ts_sec) - uint64_t(start_sec))) + (int64_t(f.ts_nsec) - start_nsec) * 1e-9;
        last_time = time;
        if (f.link_type != link_type_ && !capture::link_type_supported(f.link_type)) {
            ++stats_.not_udp;  // a pcapng interface of a link type not read (the first one's was checked)
            continue;
        }
        switch (capture::parse_udp(f.link_type, f.data, f.caplen, d)) {
        case capture::LinkResult::Ok: break;
        case capture::LinkResult::Fragment: ++stats_.fragments; continue;
        case capture::LinkResult::NotUdp: case capture::LinkResult::NotIp:
            ++stats_.not_udp;
            if (tcp && capture::parse_tcp(f.link_type, f.data, f.caplen, seg) == capture::LinkResult::Ok) {
                ++stats_.tcp;
                tcp->feed(seg, f.number, time);
            }
            continue;
        default: ++stats_.truncated; continue;
        }
        const bool tagged = blank::looks_like_blank(d.payload, d.payload_len);
        const bool on_port = d.src.port == blank_port_ || d.dst.port == blank_port_;
        if (udp && !tagged && !on_port && !find(d, false, d.payload, d.payload_len) && udp->offer(d, f.number, time)) {
            ++stats_.udp_other;
            continue;
        }
        Conversation* conv = find(d, tagged || on_port, d.payload, d.payload_len);
        if (!conv && !tagged && !on_port) {
            ++stats_.other_udp;
            continue;
        }
        ++stats_.blank;
        if (conv) ++conv->packets;
        if (conv && conv->first_frame == 0) conv->first_frame = f.number;
        BlankPacket bp;
        bp.frame = &f;
        bp.udp = &d;
        bp.time = time;
        bp.conv = conv;
        bp.sender = !conv ? blank::Role::Unknown : d.src == conv->server ? blank::Role::Server : blank::Role::Client;
        bp.data = d.payload;
        bp.len = d.payload_len;
        on_packet(bp);
    }
    if (tcp) tcp->finish(last_time);
    return StreamResult::Ok;
}

}  // namespace blankshark
