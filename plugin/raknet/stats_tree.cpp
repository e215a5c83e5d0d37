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
// Each side's datagrams: the figures check, stats and the report show,
// under the same names (raknet/figures.hpp, docs/findings.md).
constexpr const char* kFigures = "Datagrams lost and resent (by sender)";
int st_packets = -1, st_messages = -1, st_figures = -1;

const char* direction(const TapInfo& t) {
    if (!t.analysed) return "unknown direction";
    return t.from == core::Side::Client ? "client->server" : "server->client";
}

void init(stats_tree* st) {
    st_packets = stats_tree_create_node(st, kPackets, 0, STAT_DT_INT, TRUE);
    st_messages = stats_tree_create_node(st, kMessages, 0, STAT_DT_INT, TRUE);
    st_figures = stats_tree_create_node(st, kFigures, 0, STAT_DT_INT, TRUE);
}

// The figures of the datagram (or NAK) `t` under its sender's (or, for a NAK, the datagrams' sender's) node.
void figures(stats_tree* st, const TapInfo& t) {
    if (!t.analysed) return;
    if (t.kind == raknet::PacketKind::Nak) {  // about the other side's datagrams
        const int dir = increase_stat_node(st, t.from == core::Side::Client ? "server->client" : "client->server",
                                           st_figures, TRUE, 0);
        increase_stat_node(st, "NAKs", dir, FALSE, 1);
        return;
    }
    if (t.kind != raknet::PacketKind::Datagram) return;
    const int dir = increase_stat_node(st, direction(t), st_figures, TRUE, 0);
    const auto add = [&](const char* name, int n) { increase_stat_node(st, name, dir, FALSE, n); };
    // Created in this order on a datagram's first pass, so the tree reads alike everywhere.
    add("gaps", t.skipped ? 1 : 0);
    add("numbers skipped", int(t.skipped));
    add("out of order", t.status == raknet::SeqStatus::OutOfOrder);
    // Numbers skipped that never arrived: each out-of-order datagram fills one.
    add("never seen", int(t.skipped) - (t.status == raknet::SeqStatus::OutOfOrder));
    add("duplicates", t.status == raknet::SeqStatus::Duplicate || t.status == raknet::SeqStatus::Reused);
    add("resends", int(t.resends));
}

tap_packet_status packet(stats_tree* st, packet_info*, epan_dissect_t*, const void* data, tap_flags_t) {
    const auto* t = static_cast<const TapInfo*>(data);
    const gint len = gint(t->length);
    avg_stat_node_add_value_int(st, kPackets, 0, TRUE, len);
    const int dir = avg_stat_node_add_value_int(st, direction(*t), st_packets, TRUE, len);
    avg_stat_node_add_value_int(st, kKinds[int(t->kind) & 3], dir, FALSE, len);
    figures(st, *t);
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
