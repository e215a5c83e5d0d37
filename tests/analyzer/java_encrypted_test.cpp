// `check` and `decode` on the real encrypted Minecraft Java sessions
// (captures/minecraft-java/README-encrypted.md: minecraft-protocol's
// AES/CFB8 after Encryption Request/Response, the client's key log beside
// each capture, figures from tools/count.py, which decrypts with Python's
// `cryptography`): with the key log every analysis as on a clear session;
// without it one note per connection and a PASS; a wrong key reported, not
// decoded; a key log of many connections; $MINECRAFT_KEY_LOG_FILE.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "../support/pcap_edit.hpp"
#include "../support/run.hpp"
#include "../support/skip.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kJava = std::string(BLANKSHARK_CAPTURES) + "/minecraft-java/";
const std::string k1132 = kJava + "mcjava-1.13.2-encrypted";
const std::string k1144 = kJava + "mcjava-1.14.4-encrypted-nocompress";

using Pairs = std::vector<std::pair<uint64_t, uint64_t>>;

std::vector<nlohmann::json> check_json(const std::string& args, int want_exit) {
    const RunResult r = run(kBin + " check --format json " + args);
    EXPECT_EQ(r.exit_code, want_exit) << r.err;
    return json_lines(r.out);
}

// The events of a type, in conversation order (a conversation's events come
// when it ends: the second may end before the first).
std::vector<nlohmann::json> of_type(const std::vector<nlohmann::json>& ev, const char* type) {
    std::vector<nlohmann::json> out;
    for (const auto& e : ev)
        if (e["event_type"] == type) out.push_back(e);
    std::stable_sort(out.begin(), out.end(), [](const nlohmann::json& a, const nlohmann::json& b) {
        return a["conversation"].get<uint32_t>() < b["conversation"].get<uint32_t>();
    });
    return out;
}

Pairs keepalives(const nlohmann::json& conv) {
    Pairs v;
    for (const auto& e : conv["keepalive"]["exchanges"])
        v.emplace_back(e["request_frame"].get<uint64_t>(), e["answer_frame"].get<uint64_t>());
    return v;
}

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// README-encrypted.md, "packets for the tests": per connection (alice #2,
// bob #3) the Keep Alive request and answer frames, the teleports'
// frames and confirms, the Chunk Data count, bob's Disconnect.
struct Want {
    const std::string file;
    Pairs alice_ka, bob_ka, alice_tp, bob_tp;
    int chunks;
    uint64_t bob_disconnect;
    // Without the key: bytes encrypted C->S and S->C, alice then bob
    // (README-encrypted.md, "C→S encrypted B", "S→C encrypted B").
    std::vector<uint64_t> encrypted_bytes;
};

const Want kWant[] = {
    {k1132, {{558, 560}, {967, 969}, {1531, 1533}}, {{725, 726}, {1263, 1264}, {1682, 1684}},
     {{36, 39}, {91, 98}}, {{222, 226}, {288, 289}}, 100, 1726, {4861, 67431, 2433, 67126}},
    {k1144, {{335, 336}, {757, 759}, {1384, 1386}}, {{514, 516}, {1115, 1117}, {1544, 1546}},
     {{43, 45}, {68, 70}}, {{114, 122}, {162, 164}}, 4, 1591, {4924, 182532, 2232, 182526}},
};

void expect_as_readme(const Want& w, const std::vector<nlohmann::json>& ev) {
    const auto convs = of_type(ev, "conversation");
    ASSERT_EQ(convs.size(), 3u);  // the status ping (never encrypted), alice, bob
    EXPECT_EQ(convs[0]["encrypted"], false);
    for (int i : {1, 2}) {
        EXPECT_EQ(convs[size_t(i)]["encrypted"], true);
        EXPECT_EQ(convs[size_t(i)]["decrypted"], true);
        EXPECT_EQ(convs[size_t(i)]["chunk_columns"]["sent"], w.chunks);
        EXPECT_EQ(convs[size_t(i)]["keepalive"]["unanswered"], 0);
        EXPECT_EQ(convs[size_t(i)]["teleports"]["unconfirmed"], 0);
    }
    EXPECT_EQ(keepalives(convs[1]), w.alice_ka);
    EXPECT_EQ(keepalives(convs[2]), w.bob_ka);
    Pairs tp[2];
    for (int i : {0, 1})
        for (const auto& t : convs[size_t(i + 1)]["teleports"]["list"])
            tp[i].emplace_back(t["frame"].get<uint64_t>(), t["confirm_frame"].get<uint64_t>());
    EXPECT_EQ(tp[0], w.alice_tp);
    EXPECT_EQ(tp[1], w.bob_tp);
    EXPECT_EQ(convs[2]["disconnect"]["frame"], w.bob_disconnect);
    EXPECT_EQ(convs[2]["disconnect"]["reason"], "{\"text\":\"bye bob\"}");
    // One note per encrypted connection, nothing else.
    const auto findings = of_type(ev, "finding");
    ASSERT_EQ(findings.size(), 2u);
    for (const auto& f : findings) EXPECT_EQ(f["code"], "mcjava.decrypted");
}

TEST(JavaEncrypted, WithTheKeyLogEveryAnalysisIsAsTheIndependentDecoder) {
    for (const Want& w : kWant) {
        SCOPED_TRACE(w.file);
        expect_as_readme(w, check_json("--keylog " + w.file + ".keylog " + w.file + ".pcap", 0));
    }
}

TEST(JavaEncrypted, MCDissectorKeyLogDecryptsTheSame) {
    for (const Want& w : kWant) {
        SCOPED_TRACE(w.file);
        const auto ev = check_json("--keylog " + w.file + ".mc_dissector.keylog " + w.file + ".pcap", 0);
        expect_as_readme(w, ev);
        for (const auto& f : of_type(ev, "finding"))
            EXPECT_NE(f["message"].get<std::string>().find("found by the verify token"), std::string::npos) << f;
    }
}

TEST(JavaEncrypted, TheEnvironmentNamesTheKeyLogAsSSLKEYLOGFILE) {
    const RunResult r = run("MINECRAFT_KEY_LOG_FILE=" + k1132 + ".keylog " + kBin + " check --format json " + k1132 +
                            ".pcap");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    expect_as_readme(kWant[0], json_lines(r.out));
}

TEST(JavaEncrypted, WithoutTheKeyOneNotePerConnectionAndAPass) {
    for (const Want& w : kWant) {
        SCOPED_TRACE(w.file);
        const RunResult t = run(kBin + " check " + w.file + ".pcap");
        EXPECT_EQ(t.exit_code, 0) << t.out;
        // README-encrypted.md, without the key log: 13 packets (the status
        // ping's 5, 3 C->S and 1 S->C before encryption in each game connection).
        EXPECT_NE(t.out.find("13 Minecraft Java packets"), std::string::npos) << t.out;
        EXPECT_NE(t.out.find("no key (--keylog): packets, keep-alives, teleports, chunks and entities after it not "
                             "judged, its TCP streams judged"),
                  std::string::npos)
            << t.out;
        EXPECT_NE(t.out.find("verdict: PASS"), std::string::npos) << t.out;
        const auto ev = check_json(w.file + ".pcap", 0);
        const auto findings = of_type(ev, "finding");
        ASSERT_EQ(findings.size(), 2u);
        for (const auto& f : findings) {
            EXPECT_EQ(f["code"], "mcjava.encrypted");
            EXPECT_EQ(f["severity"], "note");
        }
        std::vector<uint64_t> encrypted;
        for (const auto& c : of_type(ev, "conversation")) {
            EXPECT_EQ(c["decrypted"], false);
            for (const char* d : {"client_to_server", "server_to_client"})
                if (c["encrypted"] == true) encrypted.push_back(c[d]["encrypted_bytes"].get<uint64_t>());
        }
        EXPECT_EQ(encrypted, w.encrypted_bytes);
    }
}

// A secret of the right connection changed in its last bit: the first
// decrypted packet does not frame.
TEST(JavaEncrypted, AWrongKeyIsReportedAndNothingIsDecodedAsGarbage) {
    std::string log = slurp(k1132 + ".keylog");
    std::string bad;
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("SHARED_SECRET ", 0) == 0) line.back() = line.back() == '0' ? '1' : '0';
        bad += line + "\n";
    }
    const std::string path = testing::TempDir() + "wrong.keylog";
    std::ofstream(path) << bad;
    const auto ev = check_json("--keylog " + path + " " + k1132 + ".pcap", 1);  // warn: fails at the default --fail-on
    const auto findings = of_type(ev, "finding");
    ASSERT_EQ(findings.size(), 4u);  // per connection: the key was found, and is wrong
    int wrong = 0, found = 0;
    for (const auto& f : findings) {
        wrong += f["code"] == "mcjava.decrypt.wrong_key";
        found += f["code"] == "mcjava.decrypted";
    }
    EXPECT_EQ(wrong, 2);
    EXPECT_EQ(found, 2);
    const RunResult d = run(kBin + " decode --json --keylog " + path + " " + k1132 + ".pcap");
    size_t typed = 0;
    for (const auto& j : json_lines(d.out)) typed += j.contains("mcjava.packet_id");
    EXPECT_EQ(typed, 13u);  // as without a key: nothing after the switch decoded
    const RunResult t = run(kBin + " check --keylog " + path + " " + k1132 + ".pcap");
    EXPECT_NE(t.out.find("the key log's secret does not decrypt it"), std::string::npos) << t.out;
}

TEST(JavaEncrypted, AKeyLogOfManyConnectionsGivesEachItsOwn) {
    std::string log = "# decoys first: other connections' secrets and tokens\n";
    for (int i = 0; i < 500; ++i) {
        char line[400];
        std::snprintf(line, sizeof line, "SHARED_SECRET %0256x %032x\n%08x %032x\n", i, i + 1, i, i + 2);
        log += line;
    }
    log += slurp(k1144 + ".keylog") + slurp(k1132 + ".mc_dissector.keylog");
    const std::string path = testing::TempDir() + "many.keylog";
    std::ofstream(path) << log;
    for (const Want& w : kWant) {
        SCOPED_TRACE(w.file);
        expect_as_readme(w, check_json("--keylog " + path + " " + w.file + ".pcap", 0));
    }
    // Both files in one run, one key log.
    const RunResult r = run(kBin + " check --keylog " + path + " " + k1132 + ".pcap " + k1144 + ".pcap");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("1156 Minecraft Java packets"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("999 Minecraft Java packets"), std::string::npos) << r.out;
}

TEST(JavaEncrypted, AKeyLogThatCannotBeReadIsAnError) {
    const RunResult r = run(kBin + " check --keylog /nonexistent/x.keylog " + k1132 + ".pcap");
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.err.find("/nonexistent/x.keylog"), std::string::npos) << r.err;
}

// Issue 52: a key log whose lines are not understood says so (stderr,
// check's text and JSON), and a connection without a key names what its
// line would be found by: the encrypted shared secret, which the client's
// own key log beside the capture (written by minecraft-protocol, not by us)
// holds as its first line's second word.
TEST(JavaEncrypted, KeyLogLinesNotUnderstoodAreSaidAndTheMissingKeyIsNamed) {
    const std::string path = std::string(TEST_ARTIFACTS) + "/keylog-not-understood.keylog";
    {
        std::ofstream o(path);
        o << "CLIENT_RANDOM aa bb\n"  // a TLS key log's line
          << "SHARED_SECRET zz 000102030405060708090a0b0c0d0e0f\n"
          << slurp(k1144 + ".keylog");  // another capture's connections: no key for these
    }
    std::string first = slurp(k1132 + ".keylog");
    first = first.substr(0, first.find('\n'));
    const std::string encrypted_secret = first.substr(14, first.rfind(' ') - 14);  // after "SHARED_SECRET "
    ASSERT_EQ(encrypted_secret.size(), 256u);  // a 1024-bit RSA block
    const RunResult t = run(kBin + " check --keylog " + path + " " + k1132 + ".pcap");
    EXPECT_EQ(t.exit_code, 0) << t.err;
    EXPECT_NE(t.err.find("not understood, skipped (the first: line 1, Minecraft Java: three words, the first not "
                         "SHARED_SECRET; Minecraft Bedrock: "),
              std::string::npos)
        << t.err;
    EXPECT_NE(t.out.find("2 lines not understood (the first: line 1"), std::string::npos) << t.out;
    EXPECT_NE(t.out.find("key: none in the key log; a line for this connection is found by its verify token "),
              std::string::npos)
        << t.out;
    EXPECT_NE(t.out.find("its encrypted shared secret " + encrypted_secret), std::string::npos) << t.out;
    const auto logs = of_type(check_json("--keylog " + path + " " + k1132 + ".pcap", 0), "keylog");
    ASSERT_EQ(logs.size(), 1u);
    const std::string other = slurp(k1144 + ".keylog");
    const size_t k1144_lines = size_t(std::count(other.begin(), other.end(), '\n'));
    EXPECT_EQ(logs[0]["lines"], 2 + k1144_lines);
    EXPECT_EQ(logs[0]["mcjava"]["secrets"], k1144_lines);
    EXPECT_EQ(logs[0]["mcjava"]["used"], 0);
    EXPECT_EQ(logs[0]["bedrock"]["keys"], 0);
    EXPECT_EQ(logs[0]["not_understood"], 2);
    EXPECT_EQ(logs[0]["first_not_understood"]["line"], 1);
    EXPECT_EQ(logs[0]["first_not_understood"]["reason"],
              "Minecraft Java: three words, the first not SHARED_SECRET; Minecraft Bedrock: neither BEDROCK_KEY nor "
              "BEDROCK_SHARED_SECRET and two words, nor a key alone");
}

}  // namespace
}  // namespace blank::test

namespace blank::test {
namespace {

// Frame 70 of the 1.13.2 session (one whole Chunk Data of alice's, 622
// bytes at server stream offset 9920) taken out: the next 16 bytes cannot
// be decrypted (CFB8 needs the 16 ciphertext bytes before each byte), so
// the packet after the hole is lost too, and decoding resumes at the next
// packet start. Every other packet and every analysis stay as without the
// hole: the search does not wait on bytes inside that packet that read as
// the start of a 73 KB packet (core/confirmed_start.hpp).
TEST(JavaEncrypted, AHoleInAnEncryptedStreamCostsOnlyThePacketsItTouches) {
    if (run("command -v editcap").exit_code != 0) SKIP_OR_FAIL_IN_CI() << "editcap not installed";
    const std::string holed = testing::TempDir() + "mcjava-1.13.2-encrypted-no70.pcap";
    ASSERT_EQ(run("editcap " + k1132 + ".pcap " + holed + " 70").exit_code, 0);
    const std::string key = "--keylog " + k1132 + ".keylog ";
    // Where alice's server packets start, from the capture without the hole.
    std::vector<uint64_t> starts;
    uint64_t at = 0;
    for (const auto& j : json_lines(run(kBin + " decode --json " + key + k1132 + ".pcap").out))
        if (j["conversation"] == 2 && j["direction"] == "server_to_client") {
            starts.push_back(at);
            at += j["length"].get<uint64_t>();
        }
    const RunResult t = run(kBin + " check " + key + holed);
    EXPECT_EQ(t.exit_code, 1) << t.out;  // the gap is a warning
    EXPECT_NE(t.out.find("1154 Minecraft Java packets"), std::string::npos) << t.out;  // 1156 - 2
    EXPECT_NE(t.out.find("mcjava.stream.gap: 622 bytes never captured at stream offset 9920"), std::string::npos);
    const size_t r = t.out.find("mcjava.stream.resync: Resynchronised at stream offset ");
    ASSERT_NE(r, std::string::npos) << t.out;
    const uint64_t resync = std::stoull(t.out.substr(r + 54));
    EXPECT_TRUE(std::binary_search(starts.begin(), starts.end(), resync)) << resync << " is not where a packet starts";
    EXPECT_GT(resync, 9920u + 622u + 16u);
    const auto ev = check_json(key + holed, 1);
    for (const auto& f : of_type(ev, "finding")) {
        const std::string code = f["code"];
        EXPECT_TRUE(code == "mcjava.decrypted" || code == "mcjava.stream.gap" || code == "mcjava.stream.resync") << f;
    }
    const auto convs = of_type(ev, "conversation");
    ASSERT_EQ(convs.size(), 3u);
    // The README's frames, one less after the frame taken out.
    auto shifted = [](Pairs v) {
        for (auto& [a, b] : v) a -= a > 70, b -= b > 70;
        return v;
    };
    EXPECT_EQ(keepalives(convs[1]), shifted(kWant[0].alice_ka));
    EXPECT_EQ(keepalives(convs[2]), shifted(kWant[0].bob_ka));
}

// A hole inside a packet, in the middle of a segment: frame 45 (alice's
// 687-byte Chunk Data at server stream offset 1007) cut into segments at
// payload bytes 200 and 400, the middle left out. The packet is reported as
// cut (its Length arrived); the cipher never sees its bytes after the hole
// (Wireshark's TCP keeps them in its reassembly, the analyzer passes them
// over alike), so the next packet's first 16 bytes do not decrypt and
// decoding resumes at the packet after it: 2 packets lost, no error, no
// packet made up, every analysis as without the hole.
TEST(JavaEncrypted, AHoleInsideAPacketIsACutPacketNotGarbage) {
    const std::string holed = testing::TempDir() + "mcjava-1.13.2-encrypted-cut45.pcap";
    ASSERT_TRUE(cut_out_of_segment(k1132 + ".pcap", holed, 45, 200, 400));
    const std::string key = "--keylog " + k1132 + ".keylog ";
    const RunResult t = run(kBin + " check " + key + holed);
    EXPECT_NE(t.out.find("mcjava.stream.cut: A compressed packet cut by a gap after 200 of its 687 bytes"),
              std::string::npos)
        << t.out;
    EXPECT_NE(t.out.find("mcjava.stream.gap: 200 bytes never captured at stream offset 1207"), std::string::npos);
    const auto ev = check_json(key + holed, 1);
    for (const auto& f : of_type(ev, "finding")) {
        const std::string code = f["code"];
        EXPECT_TRUE(code == "mcjava.decrypted" || code == "mcjava.stream.gap" || code == "mcjava.stream.resync" ||
                    code == "mcjava.stream.cut")
            << f;
    }
    const auto convs = of_type(ev, "conversation");
    ASSERT_EQ(convs.size(), 3u);
    auto shifted = [](Pairs v) {  // one frame more after frame 45
        for (auto& [a, b] : v) a += a > 45, b += b > 45;
        return v;
    };
    EXPECT_EQ(keepalives(convs[1]), shifted(kWant[0].alice_ka));
    EXPECT_EQ(convs[1]["chunk_columns"]["sent"], 98);  // 100, less the cut one and the one after it
    size_t typed = 0;
    for (const auto& j : json_lines(run(kBin + " decode --json " + key + holed).out)) typed += j.contains("mcjava.packet_id");
    EXPECT_EQ(typed, 1154u);
}

}  // namespace
}  // namespace blank::test
