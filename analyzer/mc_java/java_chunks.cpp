#include "mc_java/java_chunks.hpp"

#include "capture_stream.hpp"

#include <cstdio>
#include <cstring>

namespace blankshark {

void JavaChunks::packet(const JavaPacket& jp) {
    const mcjava::Packet& p = *jp.packet;
    if (p.kind != mcjava::PacketKind::Packet || !p.data || !p.summary.type || !p.summary.type->key ||
        std::strcmp(p.summary.type->key, "chunk_data") != 0)
        return;
    mcjava::ChunkSummary s;
    mcjava::summarize_chunk(p, s);
    const Column c{jp.conv ? jp.conv->id : 0, p.span.first.carrier(), p.span.last.frame, jp.time, p.wire_len, p.data_len,
                   Totals{s.x, s.z, s.bit_mask, s.non_air, s.distinct, s.sections, s.full, s.valid, s.has_full_flag,
                          s.has_bit_mask}};
    if (!dir_.empty()) (extract(c, p) ? extracted_ : failed_)++;
    columns_.push_back(c);
}

// "mcjava_chunk_x1_z-2_c3_f42.bin": column, conversation, frame.
bool JavaChunks::extract(const Column& c, const mcjava::Packet& p) const {
    char name[160];
    std::snprintf(name, sizeof name, "/mcjava_chunk_x%d_z%d_c%u_f%llu.bin", c.sum.x, c.sum.z, c.conv,
                  (unsigned long long)c.frame);
    std::FILE* f = std::fopen((dir_ + name).c_str(), "wb");
    if (!f) return false;
    const bool ok = std::fwrite(p.data, 1, p.data_len, f) == p.data_len;
    return std::fclose(f) == 0 && ok;
}

void JavaChunks::text(Output& out) const {
    if (columns_.empty()) return;
    out << "Minecraft Java chunk columns (Chunk Data)\n"
           "conv      x      z  full  bit mask sections  non-air distinct  wire bytes  packet bytes    first     "
           "last      time\n";
    for (const Column& c : columns_) {
        // A release without the field (1.17+: no full-chunk flag; 1.18+: no bit mask) shows "-".
        char mask[16] = "-";
        if (c.sum.has_bit_mask) std::snprintf(mask, sizeof mask, "0x%04x", c.sum.bit_mask);
        char buf[256];
        std::snprintf(buf, sizeof buf, "%4u %6d %6d  %-4s  %8s %8u %8u %8u  %10u  %12u %8llu %8llu %9.3f%s\n",
                      c.conv, c.sum.x, c.sum.z, !c.sum.has_full_flag ? "-" : c.sum.full ? "yes" : "no", mask,
                      unsigned(c.sum.sections),
                      c.sum.non_air, c.sum.distinct, c.wire_bytes, c.packet_bytes, (unsigned long long)c.first_frame,
                      (unsigned long long)c.frame, c.time, c.sum.valid ? "" : "  (contents not readable)");
        out << buf;
    }
    out << columns_.size() << " chunk columns\n";
}

void JavaChunks::json(Output& out) const {
    for (const Column& c : columns_) {
        out << "{\"protocol\":\"mcjava\",\"conversation\":" << c.conv << ",\"x\":" << c.sum.x << ",\"z\":" << c.sum.z
            << ",\"full_chunk\":" << (c.sum.full ? "true" : "false") << ",\"bit_mask\":" << c.sum.bit_mask
            << ",\"sections\":" << unsigned(c.sum.sections) << ",\"non_air\":" << c.sum.non_air
            << ",\"distinct\":" << c.sum.distinct << ",\"wire_bytes\":" << c.wire_bytes
            << ",\"packet_bytes\":" << c.packet_bytes << ",\"first_frame\":" << c.first_frame
            << ",\"frame\":" << c.frame << ",\"time\":";
        out.fixed(c.time, 6);
        out << ",\"valid\":" << (c.sum.valid ? "true" : "false") << "}\n";
    }
}

}  // namespace blankshark
