// The play figures of the bundled Minecraft Bedrock captures as the
// captures' independent counter measured them (captures/bedrock/counts/
// NAME.count.json, "figures", written by harness/count.js from its own
// decryption and bedrock-protocol's deserialiser): Network Stack Latency
// round trips, Player Auth Input ticks, corrections and teleports, at the
// frames RakNet completed their batches in. Read by the analyzer's and
// tshark's Bedrock tests alike, with one comparison.
#pragma once

#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "bedrock_counts.hpp"

namespace blank::test {

struct BedrockFigures {
    struct RoundTrip {
        uint64_t request = 0, response = 0;
        double ms = 0;
    };
    struct Jump {
        uint64_t frame = 0;
        int64_t step = 0;  // the tick minus the previous input's
    };
    struct Moved {
        uint64_t frame = 0;
        uint64_t input_frame = 0;  // 0: not given (teleports)
        int64_t input_tick = 0;
        double distance = 0;
        double since_ms = -1;      // -1: not given (teleports)
    };
    uint64_t requests = 0;  // answered or not
    std::vector<RoundTrip> round_trips;
    uint64_t inputs = 0;
    std::vector<Jump> jumps;
    std::vector<Moved> corrections, teleports;
    // The resource pack transfer (one pack in every capture).
    struct Pack {
        std::string id;
        uint64_t chunk_count = 0, max_chunk_size = 0, size = 0, requests = 0, asked_again = 0, received = 0,
                 bytes = 0, never_received = 0;
    } pack;
    // Chunks: Level Chunk, and the sub-chunks asked by position (origin + offset) and answered.
    struct Chunks {
        uint64_t level_chunks = 0, requests = 0, asked = 0, answers = 0, answered = 0, success = 0, all_air = 0,
                 never_answered = 0;
        std::vector<std::pair<uint64_t, uint64_t>> unanswered_requests;  // frame, sub-chunks
    } chunks;
};

inline int64_t figure_int(const nlohmann::json& v) {
    return v.is_string() ? std::stoll(v.get<std::string>()) : v.get<int64_t>();
}

// `dir`/counts/NAME.count.json: the figures of its game connection.
inline BedrockFigures bedrock_count_figures(const std::string& dir, const std::string& name) {
    BedrockFigures out;
    std::ifstream in(dir + "counts/" + name + ".count.json");
    const nlohmann::json all = nlohmann::json::parse(in, nullptr, false);
    if (!all.is_object()) return out;
    for (const auto& c : all["connections"]) {
        if (!c.contains("figures")) continue;
        const nlohmann::json& f = c["figures"];
        for (const auto& l : f["latency"]) {
            ++out.requests;
            if (!l["response_frame"].is_null())
                out.round_trips.push_back({l["request_frame"], l["response_frame"], l["rtt_ms"]});
        }
        out.inputs = f["authInput"]["count"];
        for (const auto& g : f["authInput"]["tick_gaps"])
            out.jumps.push_back({g["frame"], figure_int(g["tick"]) - figure_int(g["after_tick"])});
        for (const auto& k : f["corrections"])
            out.corrections.push_back({k["frame"], k["input_frame"], figure_int(k["tick"]), k["distance"],
                                       k["since_input_ms"]});
        const nlohmann::json& rp = f["resourcePack"];
        out.pack.id = rp["pack_id"];
        out.pack.chunk_count = rp["chunk_count"];
        out.pack.max_chunk_size = rp["max_chunk_size"];
        out.pack.size = uint64_t(figure_int(rp["size"]));
        out.pack.requests = rp["requests"];
        for (const auto& r : rp["repeated_requests"]) out.pack.asked_again += r["times"].get<uint64_t>() - 1;
        out.pack.received = rp["chunks_received"];
        out.pack.bytes = rp["bytes_received"];
        out.pack.never_received = rp["missing"].size();
        const nlohmann::json& ch = f["chunks"];
        out.chunks.level_chunks = ch["level_chunks"];
        out.chunks.requests = ch["subchunk_requests"];
        out.chunks.asked = ch["subchunk_entries_requested"];
        out.chunks.answers = ch["subchunk_answers"];
        out.chunks.answered = ch["subchunk_entries_answered"];
        out.chunks.success = ch["subchunk_results"].value("success", 0);
        out.chunks.all_air = ch["subchunk_results"].value("success_all_air", 0);
        out.chunks.never_answered = ch["subchunk_entries_unanswered"];
        for (const auto& u : ch["unanswered_requests"]) out.chunks.unanswered_requests.emplace_back(u["frame"], u["entries"]);
        for (const auto& t : f["teleports"])
            out.teleports.push_back({t["frame"], 0, figure_int(t["from_input_tick"]), t["distance"], -1});
    }
    return out;
}

// The figures' own frames moved to where RakNet ordering handed their
// batches on (counts/NAME.packets.tsv: each packet's complete and
// delivered frames), as tshark shows them; the frames they name (a
// request's, an input's) stay where those were complete.
inline void shown_where_handed_on(BedrockFigures& f, const std::string& dir, const std::string& name) {
    std::map<std::tuple<std::string, uint64_t, uint32_t>, uint64_t> delivered;
    for (const auto& col : bedrock_tsv_rows(dir, name))
        delivered.emplace(std::make_tuple(col[1], std::stoull(col[3]), uint32_t(std::stoul(col[7]))),
                          std::stoull(col[4]));
    auto move = [&](uint64_t& frame, const char* d, uint32_t id) {
        const auto it = delivered.find({d, frame, id});
        if (it != delivered.end()) frame = it->second;
    };
    for (auto& r : f.round_trips) move(r.response, "c2s", 115);
    for (auto& j : f.jumps) move(j.frame, "c2s", 144);
    for (auto& c : f.corrections) move(c.frame, "s2c", 161);
    for (auto& t : f.teleports) move(t.frame, "s2c", 19);
}

// The first difference between the figures wanted and those got, within
// what each side rounds to (the counter: distances to 4 decimals, times to
// 3; our JSON and tshark's fields: milliseconds and blocks to 3). Empty
// when none.
// The counts of requests and inputs are compared when `got` has them.
inline std::string figures_difference(const BedrockFigures& want, const BedrockFigures& got) {
    auto n = [](uint64_t x) { return std::to_string(x); };
    if (got.requests && got.requests != want.requests) return "latency requests " + n(got.requests) + ", not " + n(want.requests);
    if (got.round_trips.size() != want.round_trips.size())
        return "round trips " + n(got.round_trips.size()) + ", not " + n(want.round_trips.size());
    for (size_t i = 0; i < want.round_trips.size(); ++i) {
        const auto &w = want.round_trips[i], &g = got.round_trips[i];
        if (g.request != w.request || g.response != w.response || std::fabs(g.ms - w.ms) > 0.0011)
            return "round trip " + n(i + 1) + ": frames " + n(g.request) + " -> " + n(g.response) + ", " +
                   std::to_string(g.ms) + " ms, not " + n(w.request) + " -> " + n(w.response) + ", " +
                   std::to_string(w.ms) + " ms";
    }
    if (got.inputs && got.inputs != want.inputs) return "inputs " + n(got.inputs) + ", not " + n(want.inputs);
    if (got.jumps.size() != want.jumps.size())
        return "tick jumps " + n(got.jumps.size()) + ", not " + n(want.jumps.size());
    for (size_t i = 0; i < want.jumps.size(); ++i)
        if (got.jumps[i].frame != want.jumps[i].frame || got.jumps[i].step != want.jumps[i].step)
            return "tick jump " + n(i + 1) + ": frame " + n(got.jumps[i].frame) + " step " +
                   std::to_string(got.jumps[i].step) + ", not frame " + n(want.jumps[i].frame) + " step " +
                   std::to_string(want.jumps[i].step);
    for (int k = 0; k < 2; ++k) {
        const auto& w = k ? want.teleports : want.corrections;
        const auto& g = k ? got.teleports : got.corrections;
        const std::string what = k ? "teleport" : "correction";
        if (g.size() != w.size()) return what + "s " + n(g.size()) + ", not " + n(w.size());
        for (size_t i = 0; i < w.size(); ++i) {
            const bool same = g[i].frame == w[i].frame && g[i].input_tick == w[i].input_tick &&
                              (!w[i].input_frame || g[i].input_frame == w[i].input_frame) &&
                              std::fabs(g[i].distance - w[i].distance) < 0.00056 &&
                              (w[i].since_ms < 0 || std::fabs(g[i].since_ms - w[i].since_ms) < 0.0011);
            if (!same)
                return what + " " + n(i + 1) + ": frame " + n(g[i].frame) + ", input tick " +
                       std::to_string(g[i].input_tick) + " (frame " + n(g[i].input_frame) + "), " +
                       std::to_string(g[i].distance) + " blocks, " + std::to_string(g[i].since_ms) +
                       " ms; not frame " + n(w[i].frame) + ", tick " + std::to_string(w[i].input_tick) + " (frame " +
                       n(w[i].input_frame) + "), " + std::to_string(w[i].distance) + " blocks, " +
                       std::to_string(w[i].since_ms) + " ms";
        }
    }
    return "";
}

}  // namespace blank::test
