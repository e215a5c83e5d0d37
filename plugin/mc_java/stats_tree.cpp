#include "stats_tree.hpp"

#include <epan/packet.h>
#include <epan/stats_tree.h>

#include <cstdio>

#include "protocols/mc_java/protocol_info.hpp"
#include "tap_info.hpp"

namespace mcjava_plugin {
namespace {

const char* const kStatsRoot = "Minecraft Java packets by state, direction and type";

tap_packet_status packet(stats_tree* st, packet_info*, epan_dissect_t*, const void* data, tap_flags_t) {
    const auto* t = static_cast<const TapInfo*>(data);
    char node[64];
    std::snprintf(node, sizeof node, "%s %s", t->state, t->dir);
    const gint len = gint(t->length);
    avg_stat_node_add_value_int(st, kStatsRoot, 0, TRUE, len);
    const int parent = avg_stat_node_add_value_int(st, node, stats_tree_parent_id_by_name(st, kStatsRoot), TRUE, len);
    avg_stat_node_add_value_int(st, t->type, parent, FALSE, len);
    return TAP_PACKET_REDRAW;
}

void init(stats_tree* st) { stats_tree_create_node(st, kStatsRoot, 0, STAT_DT_INT, TRUE); }

}  // namespace

void register_stats_tree() {
    const char* tap = mcjava::protocol_info().filter_name;
    stats_tree_register_plugin(tap, tap, "Minecraft Java/Packets by state, direction and type", 0, packet, init, nullptr);
}

}  // namespace mcjava_plugin
