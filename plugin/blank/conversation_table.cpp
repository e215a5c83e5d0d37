#include "conversation_table.hpp"

#include <epan/packet.h>
#include <epan/conversation_table.h>

#include "tap_info.hpp"

namespace blank_plugin {

namespace {

// Statistics > Conversations / Endpoints: a blank conversation is its UDP
// address/port pair, frames and bytes counted as the UDP table does.
const char* blank_address_filter(const address* a, conv_filter_type_e filter) {
    const bool v6 = a->type == AT_IPv6;
    if (a->type != AT_IPv4 && !v6) return CONV_FILTER_INVALID;
    switch (filter) {
    case CONV_FT_SRC_ADDRESS: return v6 ? "ipv6.src" : "ip.src";
    case CONV_FT_DST_ADDRESS: return v6 ? "ipv6.dst" : "ip.dst";
    case CONV_FT_ANY_ADDRESS: return v6 ? "ipv6.addr" : "ip.addr";
    default: return CONV_FILTER_INVALID;
    }
}

const char* blank_port_filter(conv_filter_type_e filter) {
    switch (filter) {
    case CONV_FT_SRC_PORT: return "udp.srcport";
    case CONV_FT_DST_PORT: return "udp.dstport";
    case CONV_FT_ANY_PORT: return "udp.port";
    default: return CONV_FILTER_INVALID;
    }
}

const char* blank_conv_filter_type(conv_item_t* conv, conv_filter_type_e filter) {
    if (filter == CONV_FT_SRC_PORT || filter == CONV_FT_DST_PORT || filter == CONV_FT_ANY_PORT)
        return blank_port_filter(filter);
    return blank_address_filter(&conv->src_address, filter);
}

const char* blank_endpoint_filter_type(endpoint_item_t* endpoint, conv_filter_type_e filter) {
    if (filter == CONV_FT_SRC_PORT || filter == CONV_FT_DST_PORT || filter == CONV_FT_ANY_PORT)
        return blank_port_filter(filter);
    return blank_address_filter(&endpoint->myaddress, filter);
}

ct_dissector_info_t blank_ct_dissector_info = {&blank_conv_filter_type};
et_dissector_info_t blank_et_dissector_info = {&blank_endpoint_filter_type};

tap_packet_status blank_conversation_packet(void* pct, packet_info* pinfo, epan_dissect_t*, const void* data,
                                            tap_flags_t flags) {
    auto* hash = static_cast<conv_hash_t*>(pct);
    hash->flags = flags;
    const auto* t = static_cast<const TapInfo*>(data);
    add_conversation_table_data(hash, &t->src, &t->dst, t->srcport, t->dstport, 1, int(pinfo->fd->pkt_len),
                                &pinfo->rel_ts, &pinfo->abs_ts, &blank_ct_dissector_info, CONVERSATION_UDP);
    return TAP_PACKET_REDRAW;
}

tap_packet_status blank_endpoint_packet(void* pit, packet_info* pinfo, epan_dissect_t*, const void* data,
                                        tap_flags_t flags) {
    auto* hash = static_cast<conv_hash_t*>(pit);
    hash->flags = flags;
    const auto* t = static_cast<const TapInfo*>(data);
    add_endpoint_table_data(hash, &t->src, t->srcport, TRUE, 1, int(pinfo->fd->pkt_len), &blank_et_dissector_info,
                            ENDPOINT_UDP);
    add_endpoint_table_data(hash, &t->dst, t->dstport, FALSE, 1, int(pinfo->fd->pkt_len), &blank_et_dissector_info,
                            ENDPOINT_UDP);
    return TAP_PACKET_REDRAW;
}

}  // namespace

void register_conversation_table(int proto) {
    ::register_conversation_table(proto, FALSE, blank_conversation_packet, blank_endpoint_packet);
}

}  // namespace blank_plugin
