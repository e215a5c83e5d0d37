// libFuzzer target: Minecraft Java's framing (VarInt length, compression,
// the state machine that decides both) and the session behind it, fed from
// both directions as the analyzer's TCP reassembler feeds it.
// Input: records [h][bytes]: h bit 7 the direction (1: clientbound), bit 6
// a gap of that many bytes instead of data, bits 0-5 the length - 1 (1-64).
//  - measure_frame() at every record's start: Complete is a length within
//    the bytes that measures Complete again on exactly those bytes; NeedMore
//    asks for more than there is and no more than the largest frame.
//  - the session: packets of a direction come in stream order without
//    overlapping, each framed one measures to its own length, is decoded,
//    its fields and findings formatted, a Chunk Data summarised; memory
//    stays bounded (ASan), nothing is left behind after finish().
//  - decryption: the key log holds the secrets of the bundled encrypted
//    captures (their seeds reach the switch), so mutations of a decrypted
//    stream and of wrong keys run too.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "core/format.hpp"
#include "protocols/mc_java/chunk_column.hpp"
#include "protocols/mc_java/framing.hpp"
#include "protocols/mc_java/key_log.hpp"
#include "protocols/mc_java/schema.hpp"
#include "protocols/mc_java/session.hpp"

namespace {

using namespace mcjava;

void check(bool ok) {
    if (!ok) std::abort();
}

struct Format {
    char buf[512];
    void open(const core::Item& it) { leaf(it); }
    void close() {}
    void leaf(const core::Item& it) {
        core::format_value(it, buf, sizeof buf);
        core::append_summary(it, buf, 0, sizeof buf);
    }
    void finding(const core::Finding& f) { core::format_finding(f, buf, sizeof buf); }
};

struct Check : PacketSink {
    uint64_t next[2] = {0, 0};  // packets never start before the end of the previous one
    void packet(Packet& p) override {
        Format fmt;
        for (uint8_t i = 0; i < p.nfindings; ++i) fmt.finding(p.findings[i]);
        check(p.nfindings <= Packet::kMaxFindings && p.findings_total >= p.nfindings);
        const int d = int(p.dir);
        if (p.kind == PacketKind::Unframed && !p.wire) return;  // an end-of-capture report
        check(p.span.stream_offset >= next[d]);
        next[d] = p.span.stream_offset + p.wire_len;
        if (p.kind != PacketKind::Packet) return;
        const core::MeasureResult r = measure_frame(p.wire, p.wire_len);
        check(r.status == core::Measure::Complete && r.length == p.wire_len);
        if (!p.data) return;
        check(p.data_len <= kMaxDataLength);
        core::decode(schema(*p.version), p.data, p.data_len, p.context(), fmt);
        ChunkSummary chunk;
        if (p.summary.type && p.summary.type->key && std::strcmp(p.summary.type->key, "chunk_data") == 0)
            summarize_chunk(p, chunk);
    }
};

void measure_invariants(const uint8_t* p, size_t n) {
    const core::MeasureResult r = measure_frame(p, n);
    switch (r.status) {
    case core::Measure::Complete: {
        check(r.length > 0 && r.length <= n);
        const core::MeasureResult again = measure_frame(p, r.length);
        check(again.status == core::Measure::Complete && again.length == r.length);
        break;
    }
    case core::Measure::NeedMore: check(r.length == 0 || (r.length > n && r.length <= kMaxPacketLength + 3)); break;
    case core::Measure::Invalid: check(r.length >= 1); break;
    }
}

}  // namespace

// The bundled encrypted captures' secrets, by verify token
// (captures/minecraft-java/*.mc_dissector.keylog).
const KeyLog& keys() {
    static const KeyLog log = [] {
        KeyLog k;
        k.parse("736bc1b0 60bd226161dcebae9e53d48bc7df3762\n"
                "43d88118 08b888108baa1d0b8704cc1588baf138\n"
                "b614a3af 0566c67bb6f93bc48a900ac6866beb54\n"
                "d3ece1f7 32eec33ba38a8356b3d0e7db192d2bfc\n");
        return k;
    }();
    return log;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    core::Inflater inflater;
    Session s(inflater);
    s.set_key_log(&keys());
    Check sink;
    uint64_t off[2] = {0, 0}, frame = 0;
    size_t at = 0;
    while (at < size) {
        const uint8_t h = data[at++];
        const Side d = h & 0x80 ? Side::Server : Side::Client;
        size_t len = (h & 0x3F) + 1u;
        ++frame;
        if (h & 0x40) {
            s.gap(d, off[int(d)], len, core::Origin{frame, double(frame)}, sink);
        } else {
            if (len > size - at) len = size - at;
            if (len == 0) break;
            measure_invariants(data + at, len);
            s.data(d, data + at, uint32_t(len), off[int(d)], core::Origin{frame, double(frame)}, sink);
            at += len;
        }
        off[int(d)] += len;
    }
    s.end(Side::Client, StreamEnd::Fin, core::Origin{++frame, 0}, sink);
    s.finish(sink, core::Origin{frame, 0});
    return 0;
}
