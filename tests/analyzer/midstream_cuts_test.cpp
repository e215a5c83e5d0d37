// Captures that start late (issue 52): every bundled Minecraft Java and
// Alpha capture cut at every 5 % of its frames and once inside a segment's
// payload (the largest after a third of the capture, cut in its middle),
// the cuts side by side in one file, each with its own addresses
// (tests/support/capture_cuts.hpp), read by `decode --json` (with the key
// log of an encrypted capture). Against the uncut capture read the same
// way, for every cut:
//  - every whole packet after the cut is there, in the frame it is in the
//    uncut capture, as the same packet type with every field the same
//    (the analyses' links to other frames too, unless they point before
//    the cut);
//  - no packet has an error finding the uncut capture's does not;
//  - every Java connection picked up without its Handshake names the
//    release the uncut capture's Handshake names, or a range containing it.
// The truth is the uncut capture's decoding, which java_captures_test.cpp
// and mcalpha_test.cpp check against the captures' independent counts.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "../support/capture_cuts.hpp"
#include "../support/midstream_cases.hpp"
#include "../support/run.hpp"
#include "protocols/mc_java/inferred.hpp"

namespace blank::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaptures = BLANKSHARK_CAPTURES;

// Links from an analysis to another frame (a keep-alive's request, a
// teleport's client position) and what they measure.
bool is_analysis(const std::string& k) {
    for (const char* p : {"mcjava.keepalive.", "mcjava.ping.", "mcjava.teleport.", "mcalpha.keepalive.",
                          "mcalpha.correction.", "mcalpha.spawn_frame"})
        if (k.rfind(p, 0) == 0) return true;
    return false;
}

// A field that names another frame: an analysis's link ("..._in"), the
// spawn's frame, the Pre-Chunk a Map Chunk's column was announced in.
bool is_link(const std::string& k) {
    return (is_analysis(k) && k.size() > 3 && k.compare(k.size() - 3, 3, "_in") == 0) || k == "mcalpha.spawn_frame" ||
           k == "mcalpha.chunk.pre_chunk" || k == "mcalpha.keepalive.previous";
}

// A packet as compared: its fields, without where it lies in the file
// (frame, time, stream offset, addresses); frame links renumbered to the
// uncut capture's frames (+ `shift`), an analysis's dropped with what it
// measures when one points before `first` (the cut lost that frame).
json comparable(const json& p, int64_t shift, uint64_t first) {
    const auto before = [&](const json& v) { return v.is_number() && v.get<int64_t>() + shift < int64_t(first); };
    json o = json::object();
    bool analysis_before = false;
    for (const auto& [k, v] : p.items())
        if (is_analysis(k) && is_link(k) && before(v)) analysis_before = true;
    for (const auto& [k, v] : p.items()) {
        if (k == "frame" || k == "first_frame" || k == "time" || k == "conversation" || k == "findings" ||
            k == "stream_offset" || k == "src" || k == "dst" || k == "mcjava.version")
            continue;
        if (is_analysis(k) && analysis_before) continue;
        if (is_link(k) && v.is_number()) {
            if (!before(v)) o[k] = v.get<int64_t>() + shift;
        } else if (v.is_object()) {
            // A keep-alive's interval is measured from its previous one:
            // dropped with it; a column's Pre-Chunk link alone.
            json inner = json::object();
            bool lost = false;
            for (const auto& [ik, iv] : v.items())
                if (!is_link(ik) || !iv.is_number()) inner[ik] = iv;
                else if (!before(iv)) inner[ik] = iv.get<int64_t>() + shift;
                else lost = lost || k == "mcalpha.keepalive";
            if (!lost) o[k] = inner;
        } else {
            o[k] = v;
        }
    }
    return o;
}

std::string port(const std::string& endpoint) { return endpoint.substr(endpoint.rfind(':') + 1); }
int block_of(const std::string& endpoint) {  // 10.<block>.c.d
    return endpoint.rfind("10.", 0) == 0 ? std::stoi(endpoint.substr(3)) : -1;
}

std::vector<json> decode(const std::string& path, const std::string& keylog) {
    const RunResult r = run(kBin + " decode --json " + (keylog.empty() ? "" : "--keylog " + kCaptures + "/" + keylog + " ") + path);
    EXPECT_EQ(r.exit_code, 0) << path << ": " << r.err;
    std::vector<json> out;
    for (json& o : json_lines(r.out))
        if (o.contains("type_name")) out.push_back(std::move(o));
    return out;
}

std::set<std::string> errors(const json& p) {
    std::set<std::string> s;
    for (const json& f : p["findings"])
        if (f["severity"] == "error") s.insert(f["code"].get<std::string>());
    return s;
}

// "No Handshake: release 1.21.6–1.21.8 (protocol 772) ...": the protocol
// numbers of its oldest and newest releases.
bool inferred_range(const std::string& message, int32_t& lo, int32_t& hi) {
    const size_t a = message.find("release "), b = message.find(" (protocol");
    if (a == std::string::npos || b == std::string::npos) return false;
    std::string range = message.substr(a + 8, b - a - 8);
    const size_t dash = range.find("\u2013");
    const std::string first = range.substr(0, dash), last = dash == std::string::npos ? first : range.substr(dash + 3);
    const mcjava::VersionInfo* l = mcjava::find_release(first.substr(0, first.find('/')));
    const mcjava::VersionInfo* h = mcjava::find_release(last.substr(last.rfind('/') + 1));
    if (!l || !h) return false;
    lo = l->protocol;
    hi = h->protocol;
    return true;
}

using Case = MidstreamCase;

// Not held to it yet (issue 52 left open; each fails this test today):
//  - Minecraft Alpha (every capture): a connection picked up before its
//    Handshake is decoded in play, and a few play packets after a cut
//    (Player Position & Look, Collect Item) differ from the uncut ones;
//  - the encrypted captures: a connection with a few packets after the cut
//    is given a release from one or two packets, outside the true one;
//  - cuts inside a segment's payload on 1.8.9, 1.12.2, 1.16.5, 1.18.2,
//    1.21.4 and 26.1 uncompressed: undecided, a packet or two after the cut
//    lost, or (26.1) a Java connection read as Alpha;
//  - 1.13.2 (compressed, mtu1500, nocompress*) and 1.14.4 compressed:
//    packets after some 5 % cuts not as uncut (a Chunk Data and the
//    packets of its segment after it missing).
const char* const kNotYet[] = {"mc_alpha-anomalies.pcap", "mc_alpha-session-gap.pcap", "mc_alpha-session.pcap",
                               "mc_alpha-session-retransmission.pcap", "mcjava-1.13.2-encrypted.pcap",
                               "mcjava-1.14.4-encrypted-nocompress.pcap", "mcjava-1.8.9-compressed.pcap",
                               "mcjava-1.8.9-nocompress.pcap", "mcjava-1.12.2-compressed.pcap",
                               "mcjava-1.16.5-compressed.pcap", "mcjava-1.18.2-compressed.pcap",
                               "mcjava-1.21.4-compressed.pcap", "mcjava-26.1-nocompress.pcap",
                               "mcjava-1.13.2-compressed.pcap", "mcjava-1.13.2-mtu1500.pcap",
                               "mcjava-1.13.2-nocompress.pcap", "mcjava-1.13.2-nocompress-mtu1500.pcap",
                               "mcjava-1.14.4-compressed.pcap", nullptr};
class MidstreamCuts : public ::testing::TestWithParam<Case> {};

TEST_P(MidstreamCuts, EveryWholePacketAfterTheCutIsDecodedAsUncut) {
    const Case& c = GetParam();
    const std::string src = kCaptures + "/" + c.path;
    Pcap in;
    ASSERT_TRUE(in.read(src)) << src;
    const std::vector<Cut> cuts = users_cuts(in);
    std::vector<uint64_t> starts;  // each block's first frame in the merged file
    const Pcap merged = side_by_side(in, cuts, starts);
    const std::string dir = std::string(TEST_ARTIFACTS) + "/midstream-cuts";
    fs::create_directories(dir);
    const std::string cut_path = dir + "/" + identifier(c.path);
    ASSERT_TRUE(merged.write(cut_path));

    const std::vector<json> full = decode(src, c.keylog);
    const std::vector<json> got = decode(cut_path, c.keylog);
    ASSERT_FALSE(full.empty());
    // The uncut packets by (frame, source port), and each connection's protocol number.
    std::map<std::pair<uint64_t, std::string>, std::vector<const json*>> by_frame;
    std::map<std::string, int32_t> version_of_client;
    for (const json& p : full) {
        by_frame[{p["frame"].get<uint64_t>(), port(p["src"])}].push_back(&p);
        if (p.contains("mcjava.version") && p["direction"] == "client_to_server")
            version_of_client[port(p["src"])] = p["mcjava.version"].get<int32_t>();
    }
    std::map<std::pair<uint64_t, std::string>, std::vector<const json*>> got_by;  // (merged frame, src port)
    for (const json& p : got) got_by[{p["frame"].get<uint64_t>(), port(p["src"])}].push_back(&p);

    for (size_t b = 0; b < cuts.size(); ++b) {
        const Cut& cut = cuts[b];
        const int64_t shift = int64_t(cut.first) - int64_t(starts[b]);  // uncut frame = merged frame + shift
        SCOPED_TRACE(c.path + " cut at frame " + std::to_string(cut.first) +
                     (cut.skip ? " + " + std::to_string(cut.skip) + " bytes" : std::string()));
        size_t want = 0, found = 0;
        for (const json& p : full) {
            const uint64_t ff = p["first_frame"].get<uint64_t>();
            if (ff < cut.first || (cut.skip && ff == cut.first)) continue;  // not whole after the cut
            ++want;
            const uint64_t frame = p["frame"].get<uint64_t>();
            const auto it = got_by.find({uint64_t(int64_t(frame) - shift), port(p["src"])});
            const json w = comparable(p, 0, cut.first);
            bool same = false;
            if (it != got_by.end())
                for (const json* g : it->second)
                    if (block_of((*g)["src"]) == int(b + 1) && comparable(*g, shift, cut.first) == w) same = true;
            if (same) ++found;
            else if (want - found <= 3)
                ADD_FAILURE() << "frame " << frame << " (" << p["type_name"] << " from port " << port(p["src"])
                              << ") not decoded as uncut: " << w.dump();
        }
        EXPECT_EQ(found, want);
        // No error finding the uncut capture does not have; the release named.
        for (const json& g : got) {
            if (block_of(g["src"]) != int(b + 1)) continue;
            const uint64_t frame = uint64_t(int64_t(g["frame"].get<uint64_t>()) + shift);
            std::set<std::string> had;
            const auto u = by_frame.find({frame, port(g["src"])});
            if (u != by_frame.end())
                for (const json* p : u->second) {
                    const std::set<std::string> e = errors(*p);
                    had.insert(e.begin(), e.end());
                }
            for (const std::string& e : errors(g))
                EXPECT_TRUE(had.count(e)) << "frame " << frame << ": " << e << " " << g["findings"].dump();
            for (const json& f : g["findings"]) {
                EXPECT_NE(f["code"], "mcjava.version.undecided") << "frame " << frame << ": " << f["message"];
                if (f["code"] != "mcjava.version.inferred") continue;
                int32_t lo = 0, hi = 0;
                ASSERT_TRUE(inferred_range(f["message"].get<std::string>(), lo, hi)) << f["message"];
                const std::string client = g["direction"] == "client_to_server" ? port(g["src"]) : port(g["dst"]);
                const auto v = version_of_client.find(client);
                if (v == version_of_client.end()) continue;  // the uncut connection has no client packet
                EXPECT_LE(lo, v->second) << f["message"];
                EXPECT_GE(hi, v->second) << f["message"];
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Captures, MidstreamCuts, ::testing::ValuesIn(midstream_cases(kCaptures, kNotYet)),
                         [](const ::testing::TestParamInfo<Case>& i) { return identifier(i.param.path); });

}  // namespace
}  // namespace blank::test
