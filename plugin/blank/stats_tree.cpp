#include "stats_tree.hpp"

#include <epan/packet.h>
#include <epan/stats_tree.h>

#include <iterator>

#include "protocols/blank/protocol_info.hpp"
#include "protocols/blank/stats_layout.hpp"
#include "tap_info.hpp"

namespace blank_plugin {

namespace {

// Statistics > blank > Packets, chunks and findings (tshark -z blank,tree).
// Node names: protocols/blank/stats_layout.hpp, shared with `blankshark stats`.
int st_packets = -1, st_bytes = -1, st_chunks = -1, st_findings = -1;
int st_chunk_node[std::size(blank::stats::kChunkNodes)];
int st_severity[std::size(blank::stats::kSeverityOrder)];

void blank_stats_init(stats_tree* st) {
    namespace bs = blank::stats;
    st_packets = stats_tree_create_node(st, bs::kPackets, 0, STAT_DT_INT, TRUE);
    st_bytes = stats_tree_create_node(st, bs::kBytes, 0, STAT_DT_INT, TRUE);
    st_chunks = stats_tree_create_node(st, bs::kChunks, 0, STAT_DT_INT, TRUE);
    for (size_t i = 0; i < std::size(bs::kChunkNodes); ++i)
        st_chunk_node[i] = stats_tree_create_node(st, bs::kChunkNodes[i], st_chunks, STAT_DT_INT, FALSE);
    st_findings = stats_tree_create_node(st, bs::kFindings, 0, STAT_DT_INT, TRUE);
    for (size_t i = 0; i < std::size(bs::kSeverityOrder); ++i)
        st_severity[i] =
            stats_tree_create_node(st, bs::severity_node_name(bs::kSeverityOrder[i]), st_findings, STAT_DT_INT, TRUE);
}

tap_packet_status blank_stats_packet(stats_tree* st, packet_info*, epan_dissect_t*, const void* data, tap_flags_t) {
    namespace bs = blank::stats;
    using blank::FindingCode;
    const auto* t = static_cast<const TapInfo*>(data);
    const gint len = gint(t->length);
    char buf[32];
    const char* dir = bs::direction_name(t->sender);
    const char* type = bs::type_node_name(*t->schema, t->type, t->type < 0, buf, sizeof buf);

    avg_stat_node_add_value_int(st, bs::kPackets, 0, TRUE, len);
    const int pdir = avg_stat_node_add_value_int(st, dir, st_packets, TRUE, len);
    avg_stat_node_add_value_int(st, type, pdir, FALSE, len);
    increase_stat_node(st, bs::kBytes, 0, TRUE, len);
    const int bdir = increase_stat_node(st, dir, st_bytes, TRUE, len);
    increase_stat_node(st, type, bdir, FALSE, len);

    // Chunk transmissions: from the frame's chunk event and findings.
    const auto found = [t](FindingCode c) { return gint(t->findings[size_t(c)]); };
    const gint chunk_counts[] = {
        (t->chunk & kTxNew) ? 1 : 0,
        (t->chunk & kTxBegun) ? 1 : 0,
        (t->chunk & kTxComplete) ? 1 : 0,
        found(FindingCode::ChunkIncomplete),
        found(FindingCode::ChunkUnknownTransmission),
        (t->chunk & kBeforeBegin) ? 1 : 0,  // pieces, as the captures README counts them
        (t->chunk & kBeginResent) ? 1 : 0,
        (t->chunk & kPieceResent) ? 1 : 0,
        (t->chunk & kDuplicate) ? 1 : 0,
        found(FindingCode::ChunkRerequest),
    };
    static_assert(std::size(chunk_counts) == std::size(bs::kChunkNodes));
    if (t->type == blank::type::ChunkBegin || t->type == blank::type::ChunkData) tick_stat_node(st, bs::kChunks, 0, TRUE);
    for (size_t i = 0; i < std::size(chunk_counts); ++i)
        if (chunk_counts[i]) increase_stat_node(st, bs::kChunkNodes[i], st_chunks, FALSE, chunk_counts[i]);

    for (size_t c = 0; c < blank::kFindingCount; ++c) {
        const gint n = t->findings[c];
        if (!n) continue;
        const blank::FindingInfo& fi = blank::finding_info(FindingCode(c));
        increase_stat_node(st, bs::kFindings, 0, TRUE, n);
        const int sev = increase_stat_node(st, bs::severity_node_name(fi.severity), st_findings, TRUE, n);
        increase_stat_node(st, fi.name, sev, FALSE, n);
    }
    return TAP_PACKET_REDRAW;
}

}  // namespace

void register_stats_tree() {
    stats_tree_register_plugin(blank::protocol_info().filter_name, blank::stats::kTreeAbbrev, blank::stats::kTreeName, 0,
                               blank_stats_packet, blank_stats_init, nullptr);
}

}  // namespace blank_plugin
