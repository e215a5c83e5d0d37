// libFuzzer target: Minecraft Bedrock's game layer as the analyzer drives it
// (an mcpe::Session offering its user messages to a bedrock::Session, with
// a key log): recognition, RakNet ordering (held batches, gaps given up),
// decryption and its checksum, decompression (raw deflate, zlib, Snappy,
// the header byte), the packets split and decoded with the release's
// tables, the Login's JWTs, every generated field and finding formatted.
// Checks that each batch's packets lie inside its bytes and that the
// counts stay consistent.
//
// Input: a 32-byte key (the key log's bare key), then records
// [flags][length, 2 bytes little-endian][bytes]: each one batch (the bytes
// after its 0xFE), sent in a reliable ordered RakNet frame (split when
// large). Flags: bit 0 from the server; bit 1 sealed: the bytes are the
// batch as decrypted, without its checksum, and this harness adds the
// checksum and encrypts it with the direction's own cipher (started at its
// first sealed batch, CTR when bit 2 is set, else CFB8), so that mutated
// plaintext still reaches the decompressor through a right checksum;
// bit 3 an ordering index skipped before it (a gap never filled); bit 4
// sent after the direction's next batch (a gap filled late); bit 5 split
// into fragments of 100 bytes. Seeds: tests/fuzz/bedrock_seeds.cpp.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "core/format.hpp"
#include "protocols/bedrock/analysis_fields.hpp"
#include "protocols/bedrock/cipher.hpp"
#include "protocols/bedrock/schema.hpp"
#include "protocols/bedrock/session.hpp"
#include "protocols/raknet/builder.hpp"

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
    void add(const core::Finding& f) { finding(f); }
};

struct Sink : mcpe::Sink, bedrock::Sink {
    Format v;
    uint64_t batches = 0;
    void packet(const raknet::PacketResult& r) override {
        for (const core::Finding& f : r.findings) v.finding(f);
    }
    void game_packet(const mcpe::GamePacket& g) override {
        for (const core::Finding& f : g.findings) v.finding(f);
    }
    void finding(const core::Finding& f) override { v.finding(f); }
    void batch(const bedrock::Batch& b) override {
        ++batches;
        for (const core::Finding& f : b.findings) v.finding(f);
        if (!b.version) return;
        const core::Schema& s = bedrock::schema(*b.version);
        bedrock::emit_batch(s, b, v);
        if (b.packets.size && !b.data) std::abort();
        uint32_t index = 0;
        for (const bedrock::PacketSpan& p : b.packets) {
            if (p.offset > b.len || p.len > b.len - p.offset) std::abort();
            core::decode(s, b.data + p.offset, p.len, core::DecodeContext{}, v);
            bedrock::emit_packet(s, b, index++, p.id == bedrock::kLoginId, v);
        }
    }
};

// One direction as this harness sends it.
struct Sender {
    uint32_t seq = 0, message = 0, order = 0;
    uint16_t split_id = 0;
    bedrock::BatchCipher cipher;
    std::vector<std::vector<uint8_t>> late;  // datagrams of a batch sent after the next one
};

// The datagrams of one batch (0xFE and its bytes) at ordering index `order`.
void datagrams(Sender& s, const std::vector<uint8_t>& body, uint32_t order, bool small,
               std::vector<std::vector<uint8_t>>& out) {
    const raknet::Generation g = raknet::Generation::Current;
    const size_t piece = small ? 100 : 1200;
    if (body.size() <= piece) {
        raknet::FrameSpec f;
        f.message_index = s.message++;
        f.order_index = order;
        f.body = body;
        out.push_back(raknet::encode_datagram(g, s.seq++, {f}));
        return;
    }
    const uint32_t count = uint32_t((body.size() + piece - 1) / piece);
    const uint16_t id = s.split_id++;
    for (uint32_t i = 0; i < count; ++i) {
        raknet::FrameSpec f;
        f.message_index = s.message++;
        f.order_index = order;
        f.split = true;
        f.split_id = id;
        f.split_count = count;
        f.split_index = i;
        const size_t at = i * piece;
        f.body.assign(body.begin() + at, body.begin() + std::min(body.size(), at + piece));
        out.push_back(raknet::encode_datagram(g, s.seq++, {f}));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 32) return 0;
    char line[80];
    for (int i = 0; i < 32; ++i) std::snprintf(line + 2 * i, 3, "%02x", data[i]);
    line[64] = '\n';
    bedrock::KeyLog keys;
    keys.parse(std::string_view(line, 65));
    bedrock::Options bo;
    bo.max_held = 8;
    bo.max_held_bytes = 1u << 16;
    bedrock::Session game(&keys, bo);
    raknet::Options ro;
    ro.max_frames = 64;
    ro.max_records = 64;
    mcpe::Session session(ro);
    Sink sink;
    bedrock::Offer offer(game, sink);
    Sender senders[2];
    uint64_t frame = 0, sent = 0;
    double t = 0;
    auto send = [&](core::Side side, const std::vector<uint8_t>& d) {
        t += 0.01;
        session.packet(side, d.data(), uint32_t(d.size()), core::Origin{++frame, t}, sink, &offer);
    };
    size_t at = 32;
    std::vector<uint8_t> body;
    std::vector<std::vector<uint8_t>> out;
    while (at + 3 <= size && frame < 4096) {
        const uint8_t flags = data[at];
        size_t len = data[at + 1] | size_t(data[at + 2]) << 8;
        at += 3;
        if (len > size - at) len = size - at;
        const core::Side side = flags & 1 ? core::Side::Server : core::Side::Client;
        Sender& s = senders[int(side)];
        body.assign(1, bedrock::kBatchId);
        body.insert(body.end(), data + at, data + at + len);
        at += len;
        if (flags & 2) {
            if (!s.cipher.started()) {
                bedrock::Key k;
                std::copy(data, data + 32, k.begin());
                if (!s.cipher.start(k, flags & 4)) std::abort();
            }
            body.resize(body.size() + bedrock::kChecksumSize);
            s.cipher.seal(body.data() + 1, body.size() - 1);
            s.cipher.encrypt(body.data() + 1, body.size() - 1);
        }
        if (flags & 8) ++s.order;
        out.clear();
        datagrams(s, body, s.order++, flags & 32, out);
        ++sent;
        const bool later = (flags & 16) && s.late.empty();
        for (const auto& d : out) later ? s.late.push_back(d) : send(side, d);
        if (!later) {
            for (const auto& d : s.late) send(side, d);
            s.late.clear();
        }
    }
    for (core::Side side : {core::Side::Client, core::Side::Server}) {
        for (const auto& d : senders[int(side)].late) send(side, d);
    }
    session.finish(core::Origin{frame, t + 11}, sink, &offer);
    if (sink.batches > sent) std::abort();
    for (core::Side side : {core::Side::Client, core::Side::Server}) {
        const bedrock::DirectionStats& st = game.stats(side);
        if (st.checksum_good + st.checksum_bad > st.encrypted || st.batches > sent) std::abort();
        // What an input reached (to see that a seed gets through decryption).
        if (std::getenv("FUZZ_BEDROCK_STATS"))
            std::fprintf(stderr, "%s: %llu batches, %llu packets, %llu encrypted, %llu checksum good, %llu bad\n",
                         side == core::Side::Server ? "server" : "client", (unsigned long long)st.batches,
                         (unsigned long long)st.packets, (unsigned long long)st.encrypted,
                         (unsigned long long)st.checksum_good, (unsigned long long)st.checksum_bad);
    }
    game.release();
    return 0;
}
