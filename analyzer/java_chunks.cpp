#include "java_chunks.hpp"

#include <cstdio>
#include <cstring>

#include "capture_stream.hpp"
#include "protocols/mc_java/analysis.hpp"
#include "protocols/mc_java/chunk_column.hpp"
#include "protocols/mc_java/findings.hpp"

namespace blankshark {
namespace {

bool is(const mcjava::Packet& p, const char* key) {
    return p.summary.type && p.summary.type->key && std::strcmp(p.summary.type->key, key) == 0;
}

// The column analysis' first finding on the packet (sent twice, unload unknown, ...).
std::string column_finding(const mcjava::Packet& p) {
    for (uint8_t i = 0; i < p.nfindings; ++i) {
        const auto c = core::local_code<mcjava::FindingCode>(p.findings[i].code);
        if (c >= mcjava::FindingCode::ChunkSentTwice && c <= mcjava::FindingCode::ChunkChangeUnloaded)
            return core::finding_info(p.findings[i].code).name;
    }
    return "";
}

}  // namespace

void JavaChunkList::packet(const JavaPacket& jp) {
    const mcjava::Packet& p = *jp.packet;
    if (p.kind != mcjava::PacketKind::Packet || !p.data || p.dir != mcjava::Direction::Clientbound) return;
    const uint32_t conv = jp.conv ? jp.conv->id : 0;
    if (is(p, "chunk_data")) {
        mcjava::ChunkSummary c;
        mcjava::summarize_chunk(p, c);
        rows_.push_back({conv, c.full ? "load" : "partial", c.x, c.z, p.span.last.frame, jp.time, p.wire_len,
                         p.data_len, c.sections, c.non_air, c.distinct, column_finding(p)});
        if (!dir_.empty()) {
            // "mcjava_chunk_c2_x-1_z3_f57.bin": conversation, column, frame.
            char name[160];
            std::snprintf(name, sizeof name, "/mcjava_chunk_c%u_x%d_z%d_f%llu.bin", conv, c.x, c.z,
                          (unsigned long long)p.span.last.frame);
            std::FILE* f = std::fopen((dir_ + name).c_str(), "wb");
            bool ok = f && std::fwrite(p.data, 1, p.data_len, f) == p.data_len;
            if (f) ok = std::fclose(f) == 0 && ok;
            (ok ? extracted_ : failed_)++;
        }
    } else if (is(p, "unload_chunk")) {
        mcjava::PacketValues v;
        auto none = [](int64_t) {};
        mcjava::read_values(p, v, none);
        rows_.push_back({conv, "unload", int32_t(v.i[1]), int32_t(v.i[3]), p.span.last.frame, jp.time, p.wire_len,
                         0, 0, 0, 0, column_finding(p)});
    }
}

void JavaChunkList::text(Output& out) const {
    if (rows_.empty()) return;
    out << "\nMinecraft Java chunk columns\n"
           "conv  event      x      z    frame       time   wire   bytes sect  non-air distinct  finding\n";
    for (const Row& r : rows_) {
        char buf[256];
        std::snprintf(buf, sizeof buf, "%4u  %-7s %6d %6d %8llu %10.6f %6u %7u %4u %8u %8u  %s\n", r.conv, r.event,
                      r.x, r.z, (unsigned long long)r.frame, r.time, r.wire, r.data, r.sections, r.non_air,
                      r.distinct, r.finding.c_str());
        out << buf;
    }
    size_t loads = 0, unloads = 0;
    for (const Row& r : rows_) (std::strcmp(r.event, "unload") == 0 ? unloads : loads) += 1;
    out << loads << " Chunk Data, " << unloads << " Unload Chunk\n";
}

void JavaChunkList::json(Output& out) const {
    for (const Row& r : rows_) {
        out << "{\"protocol\":\"mcjava\",\"conversation\":" << r.conv << ",\"event\":\"" << r.event << "\",\"x\":" << r.x
            << ",\"z\":" << r.z << ",\"frame\":" << r.frame << ",\"time\":";
        out.fixed(r.time, 6) << ",\"wire_bytes\":" << r.wire << ",\"bytes\":" << r.data << ",\"sections\":" << r.sections
            << ",\"non_air\":" << r.non_air << ",\"distinct\":" << r.distinct << ",\"finding\":\"" << r.finding
            << "\"}\n";
    }
}

}  // namespace blankshark
