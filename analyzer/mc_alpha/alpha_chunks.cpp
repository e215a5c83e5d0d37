#include "mc_alpha/alpha_chunks.hpp"

#include <cstdio>

#include "capture_stream.hpp"
#include "core/format.hpp"
#include "protocols/mc_alpha/message_values.hpp"
#include "protocols/mc_alpha/schema.hpp"

namespace blankshark {

void AlphaChunks::message(const AlphaMessage& am) {
    if (!am.msg) return;
    const mcalpha::Message& m = *am.msg;
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
           "conv    frame column      region start        size         wire inflated non-air types blight "
           "skylight pre-chunk  state\n";
    for (const Row& r : rows_) {
        const mcalpha::ChunkResult& c = r.chunk;
        char buf[400];
        std::snprintf(buf, sizeof buf, "%4u %8llu (%d,%d) (%d,%d,%d) %ux%ux%u %6u %8u %7u %5u %2u-%-2u %4u-%-2u %9llu  %s",
                      r.conv, (unsigned long long)r.frame, c.column_x, c.column_z, r.x, r.y, r.z, unsigned(c.size_x),
                      unsigned(c.size_y), unsigned(c.size_z), r.compressed, c.inflated, c.non_air, c.distinct,
                      unsigned(c.block_light_min), unsigned(c.block_light_max), unsigned(c.sky_light_min),
                      unsigned(c.sky_light_max), (unsigned long long)c.pre_chunk_frame,
                      c.summarised ? "summarised" : "not summarised");
        out << buf;
        if (r.problem) out << " (" << r.problem << ')';
        out << '\n';
    }
    size_t summarised = 0;
    for (const Row& r : rows_) summarised += r.chunk.summarised;
    out << rows_.size() << " Map Chunks, " << summarised << " inflated and summarised\n";
}

void AlphaChunks::json(Output& out) const {
    for (const Row& r : rows_) {
        const mcalpha::ChunkResult& c = r.chunk;
        out << "{\"conversation\":" << r.conv << ",\"protocol\":\"mcalpha\",\"frame\":" << r.frame
            << ",\"column\":[" << c.column_x << ',' << c.column_z << "],\"region\":[" << r.x << ',' << r.y << ','
            << r.z << "],\"size\":[" << c.size_x << ',' << c.size_y << ',' << c.size_z << "],\"length\":"
            << r.compressed << ",\"expected\":" << c.expected << ",\"inflated\":" << c.inflated
            << ",\"summarised\":" << (c.summarised ? "true" : "false");
        if (c.summarised)
            out << ",\"contents\":{\"non_air\":" << c.non_air << ",\"distinct_types\":" << c.distinct
                << ",\"block_light\":[" << unsigned(c.block_light_min) << ',' << unsigned(c.block_light_max)
                << "],\"sky_light\":[" << unsigned(c.sky_light_min) << ',' << unsigned(c.sky_light_max) << "]}";
        out << ",\"pre_chunk_frame\":" << c.pre_chunk_frame << ",\"problem\":\"" << (r.problem ? r.problem : "")
            << "\"}\n";
    }
}

}  // namespace blankshark
