#include "blank/blank_flows.hpp"

#include "blank/blank_front_end.hpp"
#include "protocols/blank/decoder.hpp"
#include "protocols/blank/protocol_info.hpp"

namespace blankshark {

BlankFlows::BlankFlows(CaptureStream& stream, uint16_t port, Callback on_packet)
    : stream_(stream), port_(port), on_packet_(std::move(on_packet)) {}

bool BlankFlows::offer(const capture::Frame& f, const capture::UdpDatagram& d, double time) {
    const auto k = capture::EndpointPair::of(d.src, d.dst);
    Conversation* conv = nullptr;
    if (auto it = convs_.find(k); it != convs_.end()) {
        conv = it->second;
    } else {
        const bool tagged = blank::looks_like_blank(d.payload, d.payload_len);
        const bool on_port = d.src.port == port_ || d.dst.port == port_;
        if (!tagged && !on_port) return false;
        const bool server = blank::first_sender_is_server(blank::header_type(d.payload, d.payload_len),
                                                          d.src.port, d.dst.port, port_);
        conv = stream_.add_conversation(server ? d.dst : d.src, server ? d.src : d.dst, f.number, &blank_front_end());
        if (conv) convs_.emplace(k, conv);  // else: no room, still decoded without a conversation
    }
    ++packets_;
    BlankPacket bp;
    bp.frame = &f;
    bp.udp = &d;
    bp.time = time;
    bp.conv = conv;
    bp.sender = !conv ? blank::Role::Unknown : d.src == conv->server ? blank::Role::Server : blank::Role::Client;
    bp.data = d.payload;
    bp.len = d.payload_len;
    on_packet_(bp);
    return true;
}

StreamResult run_blank(CaptureStream& stream, const CaptureFiles& files, const BlankFlows::Callback& on_packet) {
    BlankFlows flows(stream, stream.options().port_of(blank::protocol_info()), on_packet);
    return stream.run(files, nullptr, &flows);
}

}  // namespace blankshark
