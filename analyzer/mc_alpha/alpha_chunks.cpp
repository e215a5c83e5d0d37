#include "mc_alpha/alpha_chunks.hpp"

#include <cstdio>

#include "capture_stream.hpp"
#include "core/format.hpp"
#include "protocols/mc_alpha/message_values.hpp"
#include "protocols/mc_alpha/schema.hpp"
#include "protocols/mc_alpha/session.hpp"

namespace blankshark {

void AlphaChunks::message(const AlphaMessage& am) {
    if (!am.msg) return;
    const mcalpha::Message& m = *am.msg;
    // A Map Chunk a gap cut: listed with what its header says.
    const core::Finding* cut = mcalpha::cut_of(m);
    if (cut && cut->c == mcalpha::kMapChunk) {
        Row r;
        r.conv = am.conv ? am.conv->id : 0;
        r.frame = m.span.last.frame;
        r.compressed = uint32_t(cut->b);
        r.cut_have = uint32_t(cut->a);
        mcalpha::MessageValues v;  // the header's fields (the decoder stops where the bytes end)
        core::decode(mcalpha::schema(), m.data, m.len, m.context(), v);
        r.x = int32_t(v.i("x"));
        r.y = int32_t(v.i("y"));
        r.z = int32_t(v.i("z"));
        r.chunk.column_x = r.x >> 4;  // block to column, rounding down
        r.chunk.column_z = r.z >> 4;
        r.chunk.size_x = uint16_t(v.i("size_x") + 1);
        r.chunk.size_y = uint16_t(v.i("size_y") + 1);
        r.chunk.size_z = uint16_t(v.i("size_z") + 1);
        r.problem = core::finding_info(cut->code).name;
        rows_.push_back(r);
        return;
    }
    if (!m.analysis.chunk.present) return;
    Row r;
    r.conv = am.conv ? am.conv->id : 0;
    r.frame = m.span.last.frame;
    r.chunk = m.analysis.chunk;
    r.compressed = m.len;
    mcalpha::MessageValues v;
    core::decode(mcalpha::schema(), m.data, m.len, m.context(), v);
    r.x = int32_t(v.i("x"));
    r.y = int32_t(v.i("y"));
    r.z = int32_t(v.i("z"));
    for (uint8_t i = 0; i < m.nfindings && !r.problem; ++i)
        if (core::finding_info(m.findings[i].code).severity >= core::Severity::Note)
            r.problem = core::finding_info(m.findings[i].code).name;
    rows_.push_back(r);
    if (dir_.empty() || !r.chunk.summarised || !m.inflated) return;
    char name[200];
    std::snprintf(name, sizeof name, "/mcalpha_c%u_f%llu_x%d_y%d_z%d_%ux%ux%u.bin", r.conv,
                  (unsigned long long)r.frame, r.x, r.y, r.z, unsigned(r.chunk.size_x), unsigned(r.chunk.size_y),
                  unsigned(r.chunk.size_z));
    std::FILE* f = std::fopen((dir_ + name).c_str(), "wb");
    bool ok = f != nullptr;
    if (f) {
        ok = std::fwrite(m.inflated, 1, m.inflated_len, f) == m.inflated_len;
        ok = std::fclose(f) == 0 && ok;
    }
    (ok ? extracted_ : failed_)++;
}

void AlphaChunks::text(Output& out) const {
    if (rows_.empty()) return;
    out << "Minecraft Alpha Map Chunks\n"
           "conv    frame column    region start     size          wire inflated non-air types blight "
           "skylight pre-chunk  state\n";
    for (const Row& r : rows_) {
        const mcalpha::ChunkResult& c = r.chunk;
        // The parenthesised values padded to their columns' widths, so every row lines up under the header.
        char column[32], start[48], size[32];
        std::snprintf(column, sizeof column, "(%d,%d)", c.column_x, c.column_z);
        std::snprintf(start, sizeof start, "(%d,%d,%d)", r.x, r.y, r.z);
        std::snprintf(size, sizeof size, "%ux%ux%u", unsigned(c.size_x), unsigned(c.size_y), unsigned(c.size_z));
        char buf[400];
        std::snprintf(buf, sizeof buf, "%4u %8llu %-9s %-16s %-10s %7u %8u %7u %5u %2u-%-2u %4u-%-2u %9llu  %s",
                      r.conv, (unsigned long long)r.frame, column, start, size, r.compressed, c.inflated, c.non_air, c.distinct,
                      unsigned(c.block_light_min), unsigned(c.block_light_max), unsigned(c.sky_light_min),
                      unsigned(c.sky_light_max), (unsigned long long)c.pre_chunk_frame,
                      r.cut_have ? "cut by a gap" : c.summarised ? "summarised" : "not summarised");
        out << buf;
        if (r.problem) out << " (" << r.problem << ')';
        out << '\n';
    }
    size_t summarised = 0, cut = 0;
    for (const Row& r : rows_) {
        summarised += r.chunk.summarised;
        cut += r.cut_have != 0;
    }
    out << rows_.size() << " Map Chunks, " << summarised << " inflated and summarised";
    if (cut) out << ", " << cut << " cut by a gap";
    out << '\n';
}

void AlphaChunks::json(Output& out) const {
    for (const Row& r : rows_) {
        const mcalpha::ChunkResult& c = r.chunk;
        out << "{\"conversation\":" << r.conv << ",\"protocol\":\"mcalpha\",\"frame\":" << r.frame
            << ",\"column\":[" << c.column_x << ',' << c.column_z << "],\"region\":[" << r.x << ',' << r.y << ','
            << r.z << "],\"size\":[" << c.size_x << ',' << c.size_y << ',' << c.size_z << "],\"length\":"
            << r.compressed << ",\"expected\":" << c.expected << ",\"inflated\":" << c.inflated
            << ",\"summarised\":" << (c.summarised ? "true" : "false");
        if (r.cut_have) out << ",\"cut_by_gap\":{\"received\":" << r.cut_have << '}';
        if (c.summarised)
            out << ",\"contents\":{\"non_air\":" << c.non_air << ",\"distinct_types\":" << c.distinct
                << ",\"block_light\":[" << unsigned(c.block_light_min) << ',' << unsigned(c.block_light_max)
                << "],\"sky_light\":[" << unsigned(c.sky_light_min) << ',' << unsigned(c.sky_light_max) << "]}";
        out << ",\"pre_chunk_frame\":" << c.pre_chunk_frame << ",\"problem\":\"" << (r.problem ? r.problem : "")
            << "\"}\n";
    }
}

}  // namespace blankshark
