#include "stats_tree.hpp"

#include <epan/packet.h>
#include <epan/stats_tree.h>

#include "protocols/raknet/protocol_info.hpp"
#include "tap_info.hpp"

namespace raknet_plugin {
namespace {

// Per direction: UDP packets by kind (with their lengths), and the
// messages delivered by name, as `blankshark stats` counts them.
constexpr const char* kPackets = "RakNet packets";
constexpr const char* kMessages = "Messages delivered";
constexpr const char* kKinds[4] = {"Offline message", "Datagram", "ACK", "NAK"};
int st_packets = -1, st_messages = -1;

const char* direction(const TapInfo& t) {
    if (!t.analysed) return "unknown direction";
    return t.from == core::Side::Client ? "client->server" : "server->client";
}

void init(stats_tree* st) {
    st_packets = stats_tree_create_node(st, kPackets, 0, STAT_DT_INT, TRUE);
    st_messages = stats_tree_create_node(st, kMessages, 0, STAT_DT_INT, TRUE);
}

tap_packet_status packet(stats_tree* st, packet_info*, epan_dissect_t*, const void* data, tap_flags_t) {
    const auto* t = static_cast<const TapInfo*>(data);
    const gint len = gint(t->length);
    avg_stat_node_add_value_int(st, kPackets, 0, TRUE, len);
    const int dir = avg_stat_node_add_value_int(st, direction(*t), st_packets, TRUE, len);
    avg_stat_node_add_value_int(st, kKinds[int(t->kind) & 3], dir, FALSE, len);
    if (t->nnames) {
        const int mdir = increase_stat_node(st, direction(*t), st_messages, TRUE, 0);
        for (guint i = 0; i < t->nnames; ++i) {
            increase_stat_node(st, kMessages, 0, TRUE, 1);
            increase_stat_node(st, direction(*t), st_messages, TRUE, 1);
            increase_stat_node(st, t->names[i], mdir, FALSE, 1);
        }
    }
    return TAP_PACKET_REDRAW;
}

}  // namespace

void register_stats_tree() {
    const char* tap = raknet::protocol_info().filter_name;
    stats_tree_register_plugin(tap, tap, "RakNet-BS/Packets and messages", 0, packet, init, nullptr);
}

}  // namespace raknet_plugin
