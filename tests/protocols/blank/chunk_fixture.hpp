// Feeds packets built with the encoder through a ConversationAnalysis.
#pragma once

#include <zlib.h>

#include <algorithm>
#include <string>
#include <vector>

#include "protocols/blank/le.hpp"
#include "protocols/blank/analysis.hpp"
#include "protocols/blank/encoder.hpp"

namespace blank::test {

// A chunk as the game stores it: 20484 bytes; blocks with y < `stone_below`
// are type 1, light 15 except the first `varied` light bytes.
inline std::vector<uint8_t> raw_chunk(int stone_below = 8, int varied = 0) {
    std::vector<uint8_t> raw(20484, 0);
    for (int i = 0; i < 4096; ++i) raw[size_t(i) * 4] = (i / 16 % 16) < stone_below ? 1 : 0;
    uint32_t lcg = 7;
    for (int i = 0; i < 4096; ++i) {
        lcg = lcg * 1103515245u + 12345u;
        raw[16384 + size_t(i)] = i < varied ? uint8_t(lcg >> 24 & 15) : 15;
    }
    return raw;
}

inline std::vector<uint8_t> zlib(const std::vector<uint8_t>& raw) {
    uLongf n = compressBound(uLong(raw.size()));
    std::vector<uint8_t> z(n);
    compress(z.data(), &n, raw.data(), uLong(raw.size()));
    z.resize(n);
    return z;
}

struct Feeder : FindingSink {
    ConversationAnalysis a;
    uint64_t frame = 0;
    uint16_t server_seq = 0, client_seq = 0;
    std::vector<FrameAnalysis> frames;  // index = frame - 1
    std::vector<Finding> late;          // from finish()

    explicit Feeder(AnalysisConfig cfg = {}) : a(cfg, &current_revision()) {}
    // These tests look at chunk findings only (sequence analysis has its own).
    static bool chunk_code(core::Code code) {
        const FindingCode c = core::local_code<FindingCode>(code);
        return c >= FindingCode::ChunkIncomplete && c <= FindingCode::ChunkLimit;
    }
    void add(const Finding& f) override {
        if (chunk_code(f.code)) late.push_back(f);
    }

    const FrameAnalysis& send(const std::vector<uint8_t>& pkt, Role sender = Role::Server) {
        frames.emplace_back();
        ++frame;
        a.on_packet(frame, double(frame) * 0.01, sender, pkt.data(), uint32_t(pkt.size()),
                    frames.back());
        return frames.back();
    }
    std::vector<uint8_t> begin(uint32_t id, uint32_t size, int32_t x = 0, uint32_t flags = 1, int seq = -1) {
        return PacketBuilder(9).seq(seq < 0 ? server_seq++ : uint16_t(seq)).set("blank.chunk.transmission", id)
            .set("blank.chunk.flags", flags).set("blank.chunk.coords.x", x).set("blank.chunk.size", size).build();
    }
    std::vector<uint8_t> piece(uint32_t id, const std::vector<uint8_t>& data, uint32_t off, uint32_t len, int seq = -1) {
        len = std::min<uint32_t>(len, uint32_t(data.size()) - off);
        return PacketBuilder(10).seq(seq < 0 ? server_seq++ : uint16_t(seq)).set("blank.chunk.transmission", id)
            .set("blank.chunk.offset", off).set("blank.chunk.piece_size", len)
            .text("blank.chunk.data", std::string(data.begin() + off, data.begin() + off + len)).build();
    }
    // Every piece of `data` at offsets i*472, in order.
    void pieces(uint32_t id, const std::vector<uint8_t>& data) {
        for (uint32_t off = 0; off < data.size(); off += 472) send(piece(id, data, off, 472));
    }
    void finish() { a.finish(double(frame) * 0.01, *this); }

    std::vector<FindingCode> codes(const FrameAnalysis& fa) const {
        std::vector<FindingCode> c;
        for (uint8_t i = 0; i < fa.nfindings; ++i)
            if (chunk_code(fa.findings[i].code)) c.push_back(core::local_code<FindingCode>(fa.findings[i].code));
        return c;
    }
    const Transmission& tx(size_t n) const { return a.chunks().transmissions().at(n); }
};

}  // namespace blank::test
