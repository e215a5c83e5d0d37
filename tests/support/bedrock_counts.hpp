// The independent counts of the bundled Minecraft Bedrock captures
// (captures/bedrock/counts/NAME.packets.tsv, written by the captures'
// harness/count.js): every game packet of the game connection in order,
// with the frame RakNet ordering handed it on in. Read by the analyzer's
// and tshark's Bedrock tests alike.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace blank::test {

inline const char* const kBedrockCaptures[] = {
    "bedrock-1.16.201",        "bedrock-1.19.21",           "bedrock-1.20.50",
    "bedrock-1.21.0",          "bedrock-1.26.60",           "bedrock-1.26.60-nocompress",
    "bedrock-1.26.60-lossy-10pct", "bedrock-1.26.60-jsp-raknet",
};

// One game packet: direction ("c2s"/"s2c"), the frame it was handed on in,
// its id, its name (minecraft-data's: "request_network_settings").
using BedrockPacket = std::tuple<std::string, uint64_t, uint32_t, std::string>;

// `dir`/counts/NAME.packets.tsv, row by row: its columns client, dir, n,
// frame (where RakNet completed the batch), delivered_frame, batch,
// encryption, id, name, bytes.
inline std::vector<std::vector<std::string>> bedrock_tsv_rows(const std::string& dir, const std::string& name) {
    std::vector<std::vector<std::string>> rows;
    std::ifstream in(dir + "counts/" + name + ".packets.tsv");
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> col;
        std::istringstream cells(line);
        std::string c;
        while (std::getline(cells, c, '\t')) col.push_back(c);
        if (col.size() >= 10) rows.push_back(std::move(col));
    }
    return rows;
}

// Every game packet of the game connection in order; `client`, when given,
// gets its first column (the client's "address:port").
inline std::vector<BedrockPacket> bedrock_tsv_packets(const std::string& dir, const std::string& name,
                                                      std::string* client = nullptr) {
    std::vector<BedrockPacket> out;
    for (const auto& col : bedrock_tsv_rows(dir, name)) {
        if (client) *client = col[0];
        out.emplace_back(col[1], std::stoull(col[4]), uint32_t(std::stoul(col[7])), col[8]);
    }
    return out;
}

// One direction's packets, in order (RakNet hands each direction's batches
// on in order).
inline std::vector<BedrockPacket> of_dir(const std::vector<BedrockPacket>& v, const char* dir) {
    std::vector<BedrockPacket> out;
    for (const BedrockPacket& p : v)
        if (std::get<0>(p) == dir) out.push_back(p);
    return out;
}

// The first difference between the packets wanted and those got, direction
// by direction, in order: the id, the frame, and the name when both have
// one. Empty when there is none.
inline std::string first_difference(const std::vector<BedrockPacket>& want, const std::vector<BedrockPacket>& got) {
    for (const char* dir : {"c2s", "s2c"}) {
        const std::vector<BedrockPacket> w = of_dir(want, dir), g = of_dir(got, dir);
        const std::string at = std::string(dir) + " packet ";
        for (size_t i = 0; i < w.size() && i < g.size(); ++i) {
            const std::string n = at + std::to_string(i + 1) + ": ";
            if (std::get<2>(g[i]) != std::get<2>(w[i]))
                return n + "id " + std::to_string(std::get<2>(g[i])) + ", not " + std::to_string(std::get<2>(w[i]));
            if (std::get<1>(g[i]) != std::get<1>(w[i]))
                return n + "frame " + std::to_string(std::get<1>(g[i])) + ", not " + std::to_string(std::get<1>(w[i]));
            const std::string &gn = std::get<3>(g[i]), &wn = std::get<3>(w[i]);
            if (!gn.empty() && !wn.empty() && gn != wn) return n + "name " + gn + ", not " + wn;
        }
        if (g.size() != w.size())
            return std::string(dir) + ": " + std::to_string(g.size()) + " packets, not " + std::to_string(w.size());
    }
    return "";
}

}  // namespace blank::test
