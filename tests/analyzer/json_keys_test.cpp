// The JSON Lines of `decode --json` and `check --format json`, key by key,
// against what docs/analyzer.md documents (the README points there): every
// documented key is there with its type, nothing undocumented is, and the
// documentation still says so.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <map>
#include <set>

#include "../support/run.hpp"
#include "protocols/blank/protocol.hpp"

namespace blank::test {
namespace {

using nlohmann::json;
using Keys = std::set<std::string>;

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;

Keys keys_of(const json& j) {
    Keys k;
    for (const auto& [key, v] : j.items()) k.insert(key);
    return k;
}

// The paragraph of docs/analyzer.md that starts with `start`, whitespace
// folded.
std::string doc_paragraph(const std::string& start) {
    std::ifstream in(std::string(BLANKSHARK_SOURCE_DIR) + "/docs/analyzer.md");
    const std::string all((std::istreambuf_iterator<char>(in)), {});
    const size_t at = all.find(start);
    if (at == std::string::npos) return "";
    std::string p;
    for (char c : all.substr(at, all.find("\n\n", at) - at)) p += c == '\n' ? ' ' : c;
    return p;
}

void expect_documented(const std::string& paragraph, const Keys& keys) {
    ASSERT_FALSE(paragraph.empty());
    for (const std::string& k : keys) EXPECT_NE(paragraph.find("`" + k + "`"), std::string::npos) << k;
}

// A filter name of some revision (what the plugin registers).
bool is_field(const std::string& abbrev) {
    for (const Revision* r : revisions())
        if (schema(*r).find(abbrev)) return true;
    return false;
}

size_t check_fields(const json& obj) {
    size_t n = 0;
    for (const auto& [k, v] : obj.items()) {
        if (k.rfind("blank.", 0) != 0) continue;
        EXPECT_TRUE(is_field(k)) << k;
        ++n;
        if (v.is_array())
            for (const auto& e : v)
                if (e.is_object()) n += check_fields(e);  // blank.entities, blank.blocks
    }
    return n;
}

TEST(JsonKeys, DecodeAsTheReadmeSays) {
    // docs/analyzer.md: "`--json` writes one object per line: `frame`, `time`, ..."
    const Keys top = {"frame", "time", "timestamp", "src", "dst", "conversation", "protocol", "direction", "length",
                      "type_name", "findings"};
    expect_documented(doc_paragraph("`--json` writes one object per line"),
                      {"frame", "time", "timestamp", "src", "dst", "conversation", "protocol", "direction", "length",
                       "type_name", "findings", "blank.entities", "blank.blocks"});
    size_t lines = 0, fields = 0, findings = 0;
    for (const char* cap : {"crafted/all-types.pcap", "crafted/malformed.pcap", "blank-fa73e36-two-clients.pcap"}) {
        const RunResult r = run(kBin + " decode --json " + kCaps + "/" + cap);
        ASSERT_EQ(r.exit_code, 0) << r.err;
        for (const json& j : json_lines(r.out)) {
            ++lines;
            Keys other;
            for (const std::string& k : keys_of(j))
                if (k.rfind("blank.", 0) != 0) other.insert(k);
            ASSERT_EQ(other, top) << j.dump().substr(0, 300);
            EXPECT_TRUE(j["frame"].is_number_unsigned());
            EXPECT_TRUE(j["time"].is_number());
            EXPECT_TRUE(j["timestamp"].is_number());
            if (std::string(cap).rfind("blank-", 0) == 0) {  // real: seconds since 1970 (crafted ones start at 0)
                EXPECT_GT(j["timestamp"].get<double>(), 1.7e9) << cap;
            }
            EXPECT_NE(j["src"].get<std::string>().rfind(':'), std::string::npos);
            EXPECT_NE(j["dst"].get<std::string>().rfind(':'), std::string::npos);
            EXPECT_TRUE(j["conversation"].is_number_unsigned());
            EXPECT_EQ(j["protocol"], "blank");
            EXPECT_TRUE(j["direction"] == "client_to_server" || j["direction"] == "server_to_client" ||
                        j["direction"] == "unknown");
            EXPECT_TRUE(j["length"].is_number_unsigned());
            EXPECT_TRUE(j["type_name"].is_string());
            for (const json& f : j["findings"]) {
                ++findings;
                EXPECT_EQ(keys_of(f), (Keys{"code", "severity", "offset", "message"})) << f.dump();
                EXPECT_EQ(f["code"].get<std::string>().rfind("blank.", 0), 0u);
                EXPECT_TRUE(f["offset"].is_number_unsigned());
            }
            fields += check_fields(j);
        }
    }
    // captures/README.md: all-types.pcap 18 blank packets (frame 18 is not
    // one), malformed.pcap 15; ../shared/captures/README.md: two-clients 11146.
    EXPECT_EQ(lines, 18u + 15u + 11146u);
    EXPECT_GT(fields, lines * 10);
    EXPECT_GT(findings, 20u);
}

TEST(JsonKeys, CheckEventsAsTheReadmeSays) {
    const std::string p = doc_paragraph("`--format json` writes JSON Lines events");
    const Keys conversation = {"event_type", "file", "conversation", "client", "server", "first_time", "last_time",
                               "end", "protocol", "revision", "revision_state", "client_to_server", "server_to_client",
                               "corrections", "chunk_transmissions", "chunks_complete", "failing"};
    const Keys direction = {"packets", "bytes", "first_seq", "last_seq", "skipped", "never_seen", "reordered",
                            "duplicates", "ack_back", "lost", "acked"};
    const Keys rtt = {"rtt_min", "rtt_median", "rtt_max"};
    const Keys finding = {"event_type", "file", "conversation", "pcap_cnt", "severity", "code", "message"};
    const Keys error = {"event_type", "file", "error", "message"}, cut = {"pcap_cnt", "offset"};
    const Keys verdict = {"event_type", "verdict", "fail_on", "failing", "files", "files_not_read",
                          "files_nothing_recognised"};
    const Keys nothing = {"event_type", "file", "frames", "tried"};  // port_options_test.cpp checks the values
    for (const Keys* ks : {&conversation, &direction, &rtt, &finding, &error, &cut, &verdict, &nothing})
        expect_documented(p, *ks);
    expect_documented(p, {"ref_frame", "reason"});

    const std::string cut_file = ::testing::TempDir() + "json-keys-" + std::to_string(getpid()) + ".pcap";
    {
        std::ifstream in(kCaps + "/blank-fa73e36-lossy-5pct.pcap", std::ios::binary);
        std::string all((std::istreambuf_iterator<char>(in)), {});
        std::ofstream(cut_file, std::ios::binary) << all.substr(0, 100000);
    }
    const RunResult r = run(kBin + " check --format json " + kCaps + "/blank-fa73e36-lossy-5pct.pcap " + cut_file +
                            " /nonexistent.pcap");
    EXPECT_EQ(r.exit_code, 4);
    std::remove(cut_file.c_str());
    std::map<std::string, size_t> seen;
    for (const json& e : json_lines(r.out)) {
        const std::string type = e.at("event_type");
        ++seen[type];
        Keys k = keys_of(e);
        if (type == "conversation") {
            EXPECT_EQ(k, conversation);
            for (const char* d : {"client_to_server", "server_to_client"}) {
                Keys dk = keys_of(e[d]);
                if (dk.count("rtt_min")) {
                    for (const std::string& x : rtt) EXPECT_TRUE(dk.erase(x)) << x;
                    EXPECT_TRUE(e[d]["rtt_median"].is_number());
                }
                EXPECT_EQ(dk, direction) << d;
            }
        } else if (type == "finding") {
            if (k.erase("ref_frame")) {
                EXPECT_TRUE(e["ref_frame"].is_number_unsigned());
            }
            EXPECT_EQ(k, finding) << e.dump();
            EXPECT_TRUE(e["pcap_cnt"].is_number_unsigned());
        } else if (type == "error") {
            if (e["error"] == "truncated_or_corrupt") {
                for (const std::string& x : cut) EXPECT_TRUE(k.erase(x)) << x;
            } else {
                EXPECT_EQ(e["error"], "unreadable");
            }
            EXPECT_EQ(k, error) << e.dump();
        } else if (type == "verdict") {
            EXPECT_TRUE(k.erase("reason"));  // an error verdict says why
            EXPECT_EQ(k, verdict);
            EXPECT_EQ(e["verdict"], "error");
            EXPECT_EQ(e["files"], 3);
            EXPECT_EQ(e["files_not_read"], 2);
        } else {
            ADD_FAILURE() << "undocumented event " << type;
        }
    }
    EXPECT_EQ(seen["conversation"], 2u);
    EXPECT_GT(seen["finding"], 3000u);
    EXPECT_EQ(seen["error"], 2u);
    EXPECT_EQ(seen["verdict"], 1u);
    // A pass or fail verdict has no reason.
    const auto pass = json_lines(run(kBin + " check --format json " + kCaps + "/blank-fa73e36-clean-session.pcap").out);
    ASSERT_FALSE(pass.empty());
    EXPECT_EQ(keys_of(pass.back()), verdict);
    EXPECT_EQ(pass.back()["verdict"], "pass");
}

}  // namespace
}  // namespace blank::test
