// Makes a fuzz_bedrock seed from a Bedrock capture: reads the capture's UDP
// payloads as tshark prints them (lines "<source port>\t<hex>", in capture
// order) and its key log, runs them through the game layer as the analyzer
// does, and writes every batch in the order it was handed on as a
// fuzz_bedrock record (fuzz_bedrock.cpp): the key first, then clear
// batches as they were, decrypted ones (checksum right) as sealed records
// (the harness encrypts them again, so their plaintext can be mutated).
// With MAX_BATCH, batches larger than that are left out (the Login's is
// 25 kB: without it, a seed reaches the session's later packets).
// Usage: bedrock_seeds KEYLOG SERVER_PORT OUT MAX_BYTES [MAX_BATCH] < lines
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "protocols/bedrock/session.hpp"

namespace {

struct Writer : mcpe::Sink, bedrock::Sink {
    std::string out;
    uint32_t max_batch = 0xFFFF;
    void packet(const raknet::PacketResult&) override {}
    void game_packet(const mcpe::GamePacket&) override {}
    void batch(const bedrock::Batch& b) override {
        uint8_t flags = b.from == core::Side::Server ? 1 : 0;
        uint32_t len = b.clear_len;
        if (b.crypt == bedrock::Crypt::Good) {
            flags |= 2 | (b.version && b.version->ctr() ? 4 : 0);
            len -= bedrock::kChecksumSize;
        }
        if (len > max_batch) return;
        out += char(flags);
        out += char(len & 0xFF);
        out += char(len >> 8);
        out.append(reinterpret_cast<const char*>(b.clear), len);
    }
};

std::vector<uint8_t> unhex(const std::string& h) {
    std::vector<uint8_t> b;
    for (size_t i = 0; i + 1 < h.size(); i += 2) b.push_back(uint8_t(std::stoi(h.substr(i, 2), nullptr, 16)));
    return b;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 5 && argc != 6) {
        std::fprintf(stderr, "usage: bedrock_seeds KEYLOG SERVER_PORT OUT MAX_BYTES [MAX_BATCH] < lines\n");
        return 2;
    }
    bedrock::KeyLog keys;
    std::string error;
    if (!keys.load(argv[1], error)) {
        std::fprintf(stderr, "bedrock_seeds: %s\n", error.c_str());
        return 1;
    }
    const std::string server = argv[2];
    bedrock::Session game(&keys);
    mcpe::Session session;
    Writer w;
    if (argc == 6) w.max_batch = std::min(0xFFFFul, std::stoul(argv[5]));
    bedrock::Offer offer(game, w);
    std::string line;
    uint64_t frame = 0;
    double t = 0;
    while (std::getline(std::cin, line)) {
        const size_t tab = line.find('\t');
        if (tab == std::string::npos) continue;
        std::string hex = line.substr(tab + 1);
        hex.erase(std::remove(hex.begin(), hex.end(), ':'), hex.end());
        const std::vector<uint8_t> p = unhex(hex);
        if (p.empty()) continue;
        t += 0.01;
        const core::Side side = line.substr(0, tab) == server ? core::Side::Server : core::Side::Client;
        session.packet(side, p.data(), uint32_t(p.size()), core::Origin{++frame, t}, w, &offer);
    }
    session.finish(core::Origin{frame, t + 1}, w, &offer);
    std::string seed(32, '\0');
    if (auto k = keys.find(game.salt())) seed.assign(reinterpret_cast<const char*>(k->key.data()), k->key.size());
    seed += w.out;
    seed.resize(std::min(seed.size(), size_t(std::stoul(argv[4]))));
    FILE* f = std::fopen(argv[3], "wb");
    if (!f || std::fwrite(seed.data(), 1, seed.size(), f) != seed.size() || std::fclose(f) != 0) {
        std::fprintf(stderr, "bedrock_seeds: cannot write %s\n", argv[3]);
        return 1;
    }
    return 0;
}
