#include "raknet/mcpe_chunks.hpp"

#include <cstdio>

#include "capture_stream.hpp"
#include "raknet/raknet_flows.hpp"

namespace blankshark {

void McpeChunks::game_packet(const RaknetConnection& c, const mcpe::GamePacket& g) {
    if (!g.has_chunk) return;
    rows_.push_back(Row{c.conv ? c.conv->id : 0, g.frame, g.request_frame, g.time, g.since_request_ms, g.len,
                        g.transport ? g.transport->fragment_frames.size : 0, g.chunk});
}

namespace {

using Row = McpeChunks::Row;

constexpr const char* kHeader =
    "conv    frame column        bytes fragments  request  after ms columns sections  mask   blocks  non-air distinct "
    "common  state\n";

void row_text(Output& out, const Row& c) {
    char column[32];
    std::snprintf(column, sizeof column, "(%d,%d)", c.sum.x, c.sum.z);
    char buf[256];
    std::snprintf(buf, sizeof buf, "%4u %8llu %-12s %6u %9u %8llu %9.1f %7u %8u  0x%02x %8u %8u %8u %6u  %s\n", c.conv,
                  (unsigned long long)c.frame, column, c.bytes, c.fragments, (unsigned long long)c.request_frame,
                  c.since_request_ms, c.sum.columns, c.sum.sections, unsigned(c.sum.section_mask), c.sum.blocks,
                  c.sum.non_air, c.sum.distinct, unsigned(c.sum.common_block), c.sum.complete ? "complete" : "incomplete");
    out << buf;
}

void row_json(Output& out, const Row& c) {
    out << "{\"protocol\":\"mcpe\",\"conversation\":" << c.conv << ",\"frame\":" << c.frame << ",\"time\":";
    out.fixed(c.time, 6) << ",\"x\":" << c.sum.x << ",\"z\":" << c.sum.z << ",\"bytes\":" << c.bytes
                         << ",\"fragments\":" << c.fragments << ",\"request_frame\":" << c.request_frame
                         << ",\"since_request_ms\":";
    out.fixed(c.since_request_ms, 3) << ",\"columns\":" << c.sum.columns << ",\"sections\":" << c.sum.sections
                                     << ",\"section_mask\":" << unsigned(c.sum.section_mask) << ",\"blocks\":"
                                     << c.sum.blocks << ",\"non_air\":" << c.sum.non_air << ",\"distinct\":"
                                     << c.sum.distinct << ",\"common_block\":" << unsigned(c.sum.common_block)
                                     << ",\"complete\":" << (c.sum.complete ? "true" : "false") << "}\n";
}

}  // namespace

void McpeChunks::text(Output& out) const {
    if (rows_.empty()) return;
    out << "Minecraft Pocket Edition chunk data (ChunkData)\n" << kHeader;
    for (const Row& r : rows_) row_text(out, r);
    out << rows_.size() << " MCPE chunk data packets\n";
}

void McpeChunks::json(Output& out) const {
    for (const Row& r : rows_) row_json(out, r);
}

}  // namespace blankshark
