// Which side of a TCP conversation is the server, for every TCP protocol
// of the plugin: the side on the protocol's port, else the receiver of the
// first data (the Minecraft client speaks first). Decided at the
// conversation's first data; the direction of every later piece follows.
#pragma once

#include <epan/address.h>
#include <epan/conversation.h>
#include <epan/dissectors/packet-tcp.h>
#include <epan/packet.h>

namespace plugin::stream {

struct ServerSide {
    address addr;
    guint32 port = 0;

    void decide(packet_info* pinfo, guint32 server_port) {
        const bool src_server = pinfo->srcport == server_port && pinfo->destport != server_port;
        copy_address_wmem(wmem_file_scope(), &addr, src_server ? &pinfo->src : &pinfo->dst);
        port = src_server ? pinfo->srcport : pinfo->destport;
    }
    // The packet's sender is the server.
    bool sent_by(const packet_info* pinfo) const {
        return pinfo->srcport == port && addresses_equal(&pinfo->src, &addr);
    }
};

// The server's port as TCP saw it in the conversation's SYN or SYN/ACK
// (tcp_analysis.server_port); 0: no SYN seen, the capture picked the
// connection up mid-way.
inline guint32 syn_server_port(packet_info* pinfo, conversation_t* conv) {
    const struct tcp_analysis* tcpd = get_tcp_conversation_data(conv, pinfo);
    return tcpd ? tcpd->server_port : 0;
}

}  // namespace plugin::stream
