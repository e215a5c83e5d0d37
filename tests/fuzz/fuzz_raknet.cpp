// libFuzzer target: RakNet and MCPE parsing and analysis. Every record is
// decoded with every RakNet version and table and every MCPE version (each
// value formatted, as both front ends do), then fed to an mcpe::Session
// (which drives a raknet::Session) with small bounds; every result, link
// and game packet has its generated fields emitted and formatted. Checks
// that the counts stay consistent.
// Input: records of [flags byte][length byte][payload...]: flags bit 0 the
// side (server), bit 1 "make it a datagram" (0x84 and a number from the
// next 3 bytes are put in front), bit 2 a small time step instead of 20 ms.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/format.hpp"
#include "protocols/mcpe/analysis_fields.hpp"
#include "protocols/mcpe/schema.hpp"
#include "protocols/mcpe/session.hpp"
#include "protocols/raknet/analysis_fields.hpp"
#include "protocols/raknet/schema.hpp"

namespace {

struct Format {
    char buf[512];
    void open(const core::Item& it) { leaf(it); }
    void close() {}
    void leaf(const core::Item& it) {
        core::format_value(it, buf, sizeof buf);
        char line[512];
        line[0] = '\0';
        core::append_summary(it, line, 0, sizeof line);
    }
    void finding(const core::Finding& f) { core::format_finding(f, buf, sizeof buf); }
};

void decode_all(const uint8_t* p, size_t n) {
    Format v;
    int64_t vars[core::kMaxVars] = {1};
    for (const raknet::VersionInfo* ver : raknet::versions()) {
        const core::Schema& s = raknet::schema(*ver);
        for (uint32_t t : {raknet::kPacketTable, raknet::kMessageTable}) {
            core::DecodeContext ctx;
            ctx.table = t;
            ctx.vars = vars;
            core::decode(s, p, n, ctx, v);
        }
    }
    for (const mcpe::VersionInfo* ver : mcpe::versions()) core::decode(mcpe::schema(*ver), p, n, core::DecodeContext{}, v);
}

struct Sink : mcpe::Sink {
    Format v;
    void packet(const raknet::PacketResult& r) override {
        const core::Schema& s = raknet::schema(*r.version);
        core::decode(s, r.bytes, r.len, r.context(raknet::kPacketTable), v);
        raknet::emit_packet(s, r, v);
        for (const raknet::FrameResult& f : r.frames) raknet::emit_frame(s, f, v);
        for (const raknet::MessageResult& m : r.messages) {
            raknet::emit_message(s, m, v);
            if (m.system) core::decode(s, m.data, m.len, r.context(raknet::kMessageTable), v);
        }
        for (const core::Finding& f : r.findings) v.finding(f);
        if (r.frames.size > r.frames_total) std::abort();
    }
    void link(const raknet::Link& l) override { raknet::emit_link(raknet::schema(raknet::Generation::Current), l, v); }
    void finding(const core::Finding& f) override { v.finding(f); }
    void game_packet(const mcpe::GamePacket& g) override {
        const core::Schema& s = mcpe::schema(*g.version);
        core::decode(s, g.data, g.len, core::DecodeContext{}, v);
        mcpe::emit_game_packet(s, g, v);
        for (const core::Finding& f : g.findings) v.finding(f);
    }
    void game_link(const mcpe::Link& l) override { mcpe::emit_link(mcpe::schema(mcpe::default_version()), l, v); }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    raknet::Options o;
    o.datagram_window = 16;
    o.message_window = 16;
    o.order_window = 64;
    o.max_split_count = 32;
    o.max_split_bytes = 2048;
    o.max_open_splits = 4;
    o.max_split_buffer = 4096;
    o.max_frames = 16;
    o.max_records = 16;
    o.max_links = 4;
    mcpe::Session session(o);
    Sink sink;
    uint64_t frame = 0;
    double t = 0;
    size_t at = 0;
    std::vector<uint8_t> pkt;
    while (at + 2 <= size && frame < 2048) {
        const uint8_t flags = data[at];
        size_t len = data[at + 1];
        at += 2;
        if (len > size - at) len = size - at;
        pkt.clear();
        if (flags & 2) {
            pkt.push_back(0x84);
            for (int i = 0; i < 3; ++i) pkt.push_back(at + i < size ? data[at + i] : 0);
        }
        pkt.insert(pkt.end(), data + at, data + at + len);
        at += len;
        decode_all(pkt.data(), pkt.size());
        t += flags & 4 ? 0.0001 : 0.02;
        session.packet(flags & 1 ? core::Side::Server : core::Side::Client, pkt.data(), uint32_t(pkt.size()),
                       core::Origin{++frame, t}, sink);
    }
    session.finish(core::Origin{frame, t + 11}, sink);
    for (core::Side s : {core::Side::Client, core::Side::Server}) {
        const raknet::DirectionStats& st = session.transport().stats(s);
        if (st.distinct_seqs > st.datagrams || st.split_completed + st.split_incomplete > st.split_groups ||
            st.acked > st.distinct_seqs)
            std::abort();
    }
    return 0;
}
