// Development tool for the Minecraft Java tables: decodes a connection's two
// byte streams (lines "C <hex>" / "S <hex>" in capture order on stdin, e.g.
// from tests/tools/mcjava_follow.sh) and prints, per (state, direction, id),
// the packets seen and every finding with the packet's fields when asked.
// Usage: mcjava_scan [-v] < lines
#include <cstdio>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "core/decoder.hpp"
#include "protocols/mc_java/connection.hpp"
#include "protocols/mc_java/findings.hpp"
#include "protocols/mc_java/packet_fields.hpp"
#include "protocols/mc_java/schema.hpp"

using namespace mcjava;

namespace {

struct Printer {
    int depth = 0;
    void open(const core::Item& it) { leaf(it); ++depth; }
    void close() { --depth; }
    void leaf(const core::Item& it) {
        std::printf("      %*s%s", depth * 2, "", it.info->abbrev.c_str());
        switch (it.vclass) {
        case core::ValueClass::Uint: case core::ValueClass::Bool: std::printf(" = %llu", (unsigned long long)it.u); break;
        case core::ValueClass::Int: std::printf(" = %lld", (long long)it.i); break;
        case core::ValueClass::Float: case core::ValueClass::Double: std::printf(" = %g", it.d); break;
        case core::ValueClass::String: std::printf(" = \"%s\"", std::string(it.s.substr(0, 80)).c_str()); break;
        case core::ValueClass::Bytes: case core::ValueClass::Uuid: std::printf(" = %zu bytes", it.s.size()); break;
        default: break;
        }
        std::printf(" [%u+%u]\n", it.offset, it.length);
    }
    void finding(const core::Finding& f) {
        char buf[256];
        core::format_finding(f, buf, sizeof buf);
        std::printf("      ! %s: %s\n", core::finding_info(f.code).name, buf);
    }
};

struct Scan : core::StreamSink, PacketSink {
    Connection* c;
    Side d;
    bool verbose;
    std::map<std::string, int> counts;
    int problems = 0;
    void message(const uint8_t* p, uint32_t len, const core::Span& s) override { c->frame(d, p, len, s, *this); }
    void invalid(const uint8_t* p, uint32_t len, const core::Span& s) override { c->unframed(d, p, len, s, *this); }
    void resynchronised(uint64_t skipped, const core::Span&) override { std::printf("resync after %llu\n", (unsigned long long)skipped); }
    void packet(Packet& p) override {
        char key[96];
        std::snprintf(key, sizeof key, "%-9s %s 0x%02x %s", state_name(p.state), core::arrow(p.dir), p.summary.id,
                      p.summary.type ? p.summary.type->name : "?");
        if (p.kind != PacketKind::Packet) std::snprintf(key, sizeof key, "kind %d", int(p.kind));
        ++counts[key];
        bool bad = false;
        for (uint8_t i = 0; i < p.nfindings; ++i)
            bad |= core::finding_info(p.findings[i].code).severity >= core::Severity::Note;
        if (p.kind == PacketKind::Packet && p.data) {
            core::NullVisitor quiet;
            bad |= core::decode(schema(*p.version), p.data, p.data_len, p.context(), quiet).findings > 0;
        }
        if (bad || verbose) {
            ++problems;
            std::printf("#%llu %s %s len %u%s\n", (unsigned long long)p.number, core::arrow(p.dir), key, p.data_len,
                        p.inflated ? " (inflated)" : "");
            Printer pr;
            if (p.kind == PacketKind::Packet && p.data) core::decode(schema(*p.version), p.data, p.data_len, p.context(), pr);
            ChunkSummary chunk;
            if (p.summary.type && std::string(p.summary.type->key) == "chunk_data" && summarize_chunk(p, chunk))
                emit_chunk_summary(schema(*p.version), chunk, p.span.last.frame, pr);
            for (uint8_t i = 0; i < p.nfindings; ++i) {
                char buf[256];
                core::format_finding(p.findings[i], buf, sizeof buf);
                std::printf("    finding %s: %s\n", core::finding_info(p.findings[i].code).name, buf);
            }
        }
    }
};

std::vector<uint8_t> hex(const std::string& h) {
    std::vector<uint8_t> out;
    for (size_t i = 0; i + 1 < h.size(); i += 2) out.push_back(uint8_t(std::stoul(h.substr(i, 2), nullptr, 16)));
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    const bool verbose = argc > 1 && std::string(argv[1]) == "-v";
    core::Inflater inflater;
    Connection conn(inflater);
    Scan scans[2];
    core::StreamBuffer bufs[2];
    uint64_t offset[2] = {0, 0};
    for (int d = 0; d < 2; ++d) {
        scans[d].c = &conn;
        scans[d].d = Side(d);
        scans[d].verbose = verbose;
    }
    std::string line;
    uint64_t n = 0;
    while (std::getline(std::cin, line)) {
        if (line.size() < 3) continue;
        const int d = line[0] == 'C' ? 0 : 1;
        const std::vector<uint8_t> b = hex(line.substr(2));
        core::Origin o{++n, 0};
        bufs[d].push(b.data(), b.size(), offset[d], o, conn.framing(Side(d)), scans[d]);
        offset[d] += b.size();
    }
    std::map<std::string, int> all;
    for (int d = 0; d < 2; ++d)
        for (auto& [k, v] : scans[d].counts) all[k] += v;
    for (auto& [k, v] : all) std::printf("%6d  %s\n", v, k.c_str());
    std::printf("pending: C>S %zu S>C %zu bytes; version %s\n", bufs[0].pending(), bufs[1].pending(), conn.version().name);
    return scans[0].problems + scans[1].problems ? 1 : 0;
}
