// blankshark check: verdicts, exit codes, formats, and figures checked
// against an independent count made from tshark's plain UDP export.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;

std::vector<nlohmann::json> events(const std::string& args, int want_exit) {
    const RunResult r = run(kBin + " check --format json " + args);
    EXPECT_EQ(r.exit_code, want_exit) << r.err;
    return json_lines(r.out);
}

// " CAPS/a CAPS/b ...": bundled captures as command-line arguments.
std::string capture_args(std::initializer_list<const char*> names) {
    std::string args;
    for (const char* n : names) args += " " + kCaps + "/" + n;
    return args;
}

TEST(Check, CleanSessionPassesWithoutWarnings) {
    const RunResult r = run(kBin + " check " + kCaps + "/blank-fa73e36-clean-session.pcap");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    // One note: its first packets fit several protocol revisions.
    EXPECT_NE(r.out.find("findings: 0 error, 0 warn, 1 note"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("ended: Part from the client"), std::string::npos);
    EXPECT_NE(r.out.find("verdict: PASS"), std::string::npos);
    // Even at --fail-on note, loopback has nothing else to note.
    EXPECT_EQ(run(kBin + " check --fail-on note --ignore blank.revision.ambiguous " + kCaps +
                  "/blank-fa73e36-clean-session.pcap").exit_code,
              0);
    EXPECT_EQ(run(kBin + " check --fail-on note --revision fa73e36 " + kCaps + "/blank-fa73e36-clean-session.pcap")
                  .exit_code,
              0);
}

TEST(Check, FailOnAndIgnore) {
    const std::string lossy = kCaps + "/blank-fa73e36-lossy-5pct.pcap";
    // 48 corrections beyond 0.5 block are warnings on the lossy path.
    EXPECT_EQ(run(kBin + " check " + lossy).exit_code, 1);
    EXPECT_EQ(run(kBin + " check --fail-on error " + lossy).exit_code, 0);
    EXPECT_EQ(run(kBin + " check --ignore blank.correction.large " + lossy).exit_code, 0);
    EXPECT_EQ(run(kBin + " check --correction-warn 1.0 " + lossy).exit_code, 0);
    EXPECT_EQ(run(kBin + " check --ignore no.such.code " + lossy).exit_code, 2);
    // One code per --ignore: the files after it stay files, every one checked.
    const RunResult both = run(kBin + " check --ignore blank.correction.large " + lossy + " " + lossy);
    EXPECT_EQ(both.exit_code, 0) << both.out;
    size_t files = 0;
    for (size_t at = both.out.find(lossy + ": "); at != std::string::npos; at = both.out.find(lossy + ": ", at + 1)) ++files;
    EXPECT_EQ(files, 2u) << both.out;
    // Two clients on loopback: corrections are notes.
    const std::string two = kCaps + "/blank-fa73e36-two-clients.pcap";
    EXPECT_EQ(run(kBin + " check " + two).exit_code, 0);
    EXPECT_EQ(run(kBin + " check --fail-on note " + two).exit_code, 1);
}

TEST(Check, MalformedPacketsFailAtError) {
    const RunResult r = run(kBin + " check --fail-on error " + kCaps + "/crafted/malformed.pcap");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find("      2 error   blank.malformed.short_header: Packet of 8 bytes"), std::string::npos) << r.out;
}

TEST(Check, UnreadableFileIsNotAPass) {
    EXPECT_EQ(run(kBin + " check /nonexistent.pcap").exit_code, 3);
}

// Independent count: seq, ack and direction read straight from the UDP
// payload bytes that tshark (without the plugin) exports.
struct Independent {
    std::map<std::string, int> skipped, reordered, duplicates, ack_back, packets;
};

Independent count_independently(const std::string& file, const std::string& server_port) {
    // udp.payload is there whether or not a blank dissector is loaded.
    const RunResult r = run("env HOME=/tmp tshark -r " + file + " -T fields -e udp.srcport -e udp.payload");
    Independent c;
    std::map<std::string, long> max_seq, last_ack;
    std::map<std::string, std::set<long>> seen;
    std::map<std::string, std::set<std::string>> payloads;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) {
        const size_t tab = line.find('\t');
        const std::string dir = line.substr(0, tab) == server_port ? "s2c" : "c2s";
        std::string hex = line.substr(tab + 1);
        hex.erase(std::remove(hex.begin(), hex.end(), ':'), hex.end());
        auto byte = [&hex](size_t i) { return std::stol(hex.substr(2 * i, 2), nullptr, 16); };
        const long seq = byte(4) | byte(5) << 8, ack = byte(6) | byte(7) << 8;
        ++c.packets[dir];
        // unwrap near the highest seen (the captures do not wrap, but be fair)
        if (!max_seq.count(dir)) {
            max_seq[dir] = seq;
        } else if (seq > max_seq[dir]) {
            c.skipped[dir] += int(seq - max_seq[dir] - 1);
            max_seq[dir] = seq;
        } else if (seen[dir].count(seq)) {
            if (payloads[dir].count(hex)) ++c.duplicates[dir];
        } else {
            ++c.reordered[dir];
        }
        seen[dir].insert(seq);
        payloads[dir].insert(hex);
        const long other = seen[dir == "c2s" ? "s2c" : "c2s"].empty() ? -1 : 0;
        // 16-bit comparison: a fresh connection's 0xFFFF is just before 0
        if (other == 0 && last_ack.count(dir) && int16_t(uint16_t(ack - last_ack[dir])) < 0) ++c.ack_back[dir];
        if (other == 0) last_ack[dir] = ack;
    }
    return c;
}

TEST(Check, LossyFiguresAgreeWithAnIndependentCount) {
    const std::string file = kCaps + "/blank-fa73e36-lossy-5pct.pcap";
    const auto ev = events(file, 1);
    const nlohmann::json* conv = nullptr;
    for (const auto& e : ev)
        if (e.at("event_type") == "conversation") conv = &e;
    ASSERT_NE(conv, nullptr);
    const auto& c2s = conv->at("client_to_server");
    const auto& s2c = conv->at("server_to_client");
    // ../shared/captures/README.md
    EXPECT_EQ(c2s.at("packets"), 933);
    EXPECT_EQ(c2s.at("skipped"), 175);
    EXPECT_EQ(c2s.at("never_seen"), 48);
    EXPECT_EQ(c2s.at("duplicates"), 15);
    EXPECT_EQ(c2s.at("reordered"), 127);
    EXPECT_EQ(c2s.at("ack_back"), 113);
    EXPECT_EQ(s2c.at("packets"), 2130);
    EXPECT_EQ(s2c.at("skipped"), 986);
    EXPECT_EQ(s2c.at("never_seen"), 91);
    EXPECT_EQ(s2c.at("duplicates"), 17);
    EXPECT_EQ(s2c.at("reordered"), 897);
    EXPECT_EQ(s2c.at("ack_back"), 258);
    EXPECT_EQ(conv->at("corrections"), 1055);
    // The same figures from tshark's raw export.
    const Independent ind = count_independently(file, "12370");
    EXPECT_EQ(ind.packets.at("c2s"), 933);
    EXPECT_EQ(ind.skipped.at("c2s"), c2s.at("skipped").get<int>());
    EXPECT_EQ(ind.reordered.at("c2s"), c2s.at("reordered").get<int>());
    EXPECT_EQ(ind.duplicates.at("c2s"), c2s.at("duplicates").get<int>());
    EXPECT_EQ(ind.ack_back.at("c2s"), c2s.at("ack_back").get<int>());
    EXPECT_EQ(ind.skipped.at("s2c"), s2c.at("skipped").get<int>());
    EXPECT_EQ(ind.reordered.at("s2c"), s2c.at("reordered").get<int>());
    EXPECT_EQ(ind.duplicates.at("s2c"), s2c.at("duplicates").get<int>());
    EXPECT_EQ(ind.ack_back.at("s2c"), s2c.at("ack_back").get<int>());
    // The events carry frame numbers (Suricata's pcap_cnt) and a verdict.
    std::map<std::string, int> by_code;
    for (const auto& e : ev)
        if (e.at("event_type") == "finding") {
            ++by_code[e.at("code").get<std::string>()];
            EXPECT_GT(e.at("pcap_cnt").get<int>(), 0);
        }
    // The README's counts (and tshark's export above): duplicates 15 + 17,
    // reordered 127 + 897, ack back 113 + 258; 1055 corrections, the 48
    // farther than 0.5 block failing; chunks: 32 transmissions with data
    // before their ChunkBegin, 6 client re-requests, 3 duplicated packets.
    EXPECT_EQ(by_code["blank.seq.duplicate"], 32);
    EXPECT_EQ(by_code["blank.seq.reordered"], 1024);
    EXPECT_EQ(by_code["blank.ack.backwards"], 371);
    EXPECT_EQ(by_code["blank.correction.linked"] + by_code["blank.correction.large"], 1055);
    EXPECT_EQ(by_code["blank.correction.large"], 48);
    EXPECT_EQ(by_code["blank.chunk.data_before_begin"], 32);
    EXPECT_EQ(by_code["blank.chunk.rerequest"], 6);
    EXPECT_EQ(by_code["blank.chunk.duplicate"], 3);
    EXPECT_EQ(ev.back().at("event_type"), "verdict");
    EXPECT_EQ(ev.back().at("verdict"), "fail");
    EXPECT_EQ(ev.back().at("failing"), 48);
}

TEST(Check, CorrectionsAsTheDesignNotesSay) {
    // Two clients on loopback: 1595 corrections, at most 0.25 blocks off.
    const auto ev = events(kCaps + "/blank-fa73e36-two-clients.pcap --fail-on error", 0);
    int corrections = 0;
    double max_dist = 0;
    for (const auto& e : ev) {
        if (e.at("event_type") == "conversation") corrections += e.at("corrections").get<int>();
        if (e.at("event_type") == "finding" && e.at("code") == "blank.correction.linked") {
            const std::string m = e.at("message");
            max_dist = std::max(max_dist, std::stod(m.substr(m.find("): ") + 3)));
        }
    }
    EXPECT_EQ(corrections, 1595);
    EXPECT_NEAR(max_dist, 0.25, 0.005);  // design.md: "max 0.25 blocks" on loopback
}

TEST(Check, JunitOneCasePerConversationAndCheck) {
    const RunResult r = run(kBin + " check --format junit " + kCaps + "/blank-fa73e36-lossy-5pct.pcap " + kCaps +
                            "/blank-fa73e36-clean-session.pcap");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out.rfind("<?xml", 0), 0u);
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n') > 50, true);
    // Two suites; the lossy one fails exactly one case: blank.correction.large.
    size_t suites = 0, pos = 0;
    while ((pos = r.out.find("<testsuite ", pos)) != std::string::npos) ++suites, ++pos;
    EXPECT_EQ(suites, 2u);
    EXPECT_NE(r.out.find("failures=\"1\""), std::string::npos);
    EXPECT_NE(r.out.find("name=\"blank.correction.large\">\n      <failure message=\"48 findings at or above warn\""),
              std::string::npos);
    EXPECT_NE(r.out.find("failures=\"0\""), std::string::npos);  // the clean session
    EXPECT_EQ(r.out.find("<failure", r.out.find("clean-session")), std::string::npos);
    EXPECT_NE(r.out.find("</testsuites>"), std::string::npos);
}

}  // namespace
}  // namespace blank::test

#include "pcap_writer.hpp"
#include "../support/capture_repeat.hpp"
#include "protocols/blank/encoder.hpp"

namespace blank::test {
namespace {

TEST(Check, ConversationLimitIsAFinding) {
    // 20 clients, each one Login: 20 conversations against a limit of 5.
    const std::string file = ::testing::TempDir() + "/many-conversations.pcap";
    {
        blankshark::PcapWriter w(file, 1);
        for (uint16_t c = 0; c < 20; ++c)
            w.udp(c * 0.01, blankshark::UdpEndpoint::v4(10, 0, 0, 2, uint16_t(40000 + c)),
                  blankshark::UdpEndpoint::v4(10, 0, 0, 1, 12354), PacketBuilder(1).text("blank.player.name", "x").build());
    }
    const auto ev = events("--max-conversations 5 " + file, 1);
    size_t conversations = 0, limit = 0;
    for (const auto& e : ev) {
        conversations += e.at("event_type") == "conversation";
        if (e.at("event_type") == "finding" && e.at("code") == "capture.limit.conversations") {
            ++limit;
            EXPECT_EQ(e.at("pcap_cnt"), 6);  // the first packet without room
            EXPECT_NE(e.at("message").get<std::string>().find("15 packets"), std::string::npos);
        }
    }
    EXPECT_EQ(conversations, 5u);
    EXPECT_EQ(limit, 1u);
    // decode still shows every packet
    EXPECT_EQ(json_lines(run(kBin + " decode --json --max-conversations 5 " + file).out).size(), 20u);
}

// --max-conversations counts conversations open at once: one that ended
// makes room for the next (issue 55). Real connections repeated one after
// the other are all analysed under a limit of a few; the same repetitions
// overlapping are not, and the finding counts the packets not followed.
struct Limited {
    size_t conversations = 0, max_open = 0;
    std::string limit;  // the capture.limit.conversations message, if any
};

// `linger`: how long a conversation stays open after its last packet
// (RakNet's timeout; a TCP connection ends at its last FIN).
Limited check_limited(const std::string& file, int limit, double linger) {
    Limited l;
    std::vector<std::pair<double, int>> edges;  // (time, +1 open / -1 ended)
    for (const auto& e : json_lines(run(kBin + " check --format json --max-conversations " + std::to_string(limit) +
                                        " " + file)
                                        .out)) {
        if (e.at("event_type") == "conversation") {
            ++l.conversations;
            edges.emplace_back(e.at("first_time").get<double>(), 1);
            edges.emplace_back(e.at("last_time").get<double>() + linger, -1);
        } else if (e.at("event_type") == "finding" && e.at("code") == "capture.limit.conversations") {
            l.limit = e.at("message").get<std::string>();
        }
    }
    std::sort(edges.begin(), edges.end());  // an end before a start at the same time
    int open = 0;
    for (const auto& [t, d] : edges) l.max_open = std::max(l.max_open, size_t(open += d));
    return l;
}

std::string repeated(const std::string& name, const std::string& input, uint64_t times, double every,
                     bool keep_ports) {
    const std::string file = ::testing::TempDir() + "/" + name + ".pcap";
    RepeatOptions o;
    o.times = times;
    o.every = every;
    o.keep_ports = keep_ports;
    std::string err;
    EXPECT_GT(repeat_captures(file, {kCaps + "/" + input}, o, err), 0) << err;
    return file;
}

TEST(Check, ConversationLimitCountsTcpConnectionsOpenAtOnce) {
    // Two server list pings a repetition (README: 3 packets from the
    // client, 2 from the server each, 0.346 s in all), 20 repetitions.
    const std::string status = "minecraft-java/mcjava-1.14.4-status-only.pcap";
    const Limited one_after_another = check_limited(repeated("status-seq", status, 20, 0, false), 2, 0);
    EXPECT_EQ(one_after_another.conversations, 40u);
    EXPECT_EQ(one_after_another.limit, "");
    EXPECT_LE(one_after_another.max_open, 2u);

    // A repetition every 10 ms, each connection's bytes lasting 29 ms: up
    // to 3 at once. (A conversation begins with its first bytes, after the
    // SYNs, so the times in the report cannot show how many were open.)
    const Limited overlapping = check_limited(repeated("status-overlap", status, 20, 0.01, false), 2, 0);
    EXPECT_GT(overlapping.conversations, 2u);  // those that ended made room
    ASSERT_LT(overlapping.conversations, 40u);
    // Every connection not followed is counted with its 5 packets.
    const size_t refused = 40 - overlapping.conversations;
    EXPECT_EQ(overlapping.limit, "Conversation limit 2 reached (open at once): " + std::to_string(5 * refused) +
                                     " packets of further conversations not analysed");
}

TEST(Check, ConversationLimitCountsRaknetConversationsOpenAtOnce) {
    // Three conversations a repetition once the client address changes
    // (README: the native client's 3 pings, the jsp client's 3, and the
    // server's socket self-test to its own port), 6 s long; each ends 10 s
    // after its last datagram.
    const std::string ping = "raknet/raknet-unconnected-ping.pcap";
    const Limited apart = check_limited(repeated("ping-apart", ping, 10, 30, true), 3, 10);
    EXPECT_EQ(apart.conversations, 30u);
    EXPECT_EQ(apart.limit, "");

    // A repetition every second: about 16 at once.
    const Limited overlapping = check_limited(repeated("ping-overlap", ping, 10, 1, true), 3, 10);
    EXPECT_LE(overlapping.max_open, 3u);
    EXPECT_GT(overlapping.conversations, 3u);  // those that ended made room
    EXPECT_LT(overlapping.conversations, 30u);
    EXPECT_NE(overlapping.limit.find("Conversation limit 3 reached (open at once): "), std::string::npos);
}

}  // namespace
}  // namespace blank::test

namespace blank::test {
namespace {

// check -j N: files in parallel, and --threads N: chunks inflated on N
// threads while reading; output byte-identical to one file at a time with
// one inflating thread, in every format, errors included (a missing file in
// the middle).
TEST(CheckParallel, SameOutputWhateverTheJobAndThreadCount) {
    std::string files = capture_args({"blank-fa73e36-lossy-5pct.pcap", "blank-fa73e36-clean-session.pcap",
                                      "blank-fa73e36-two-clients.pcap", "blank-933ca0f-first-8s.pcap",
                                      "blank-fa73e36-any-sll2.pcapng", "crafted/malformed.pcap"});
    files += " /nonexistent.pcap" + files;
    for (const char* format : {"text", "json", "junit"}) {
        const RunResult serial = run(kBin + " check --format " + format + files);
        EXPECT_EQ(serial.exit_code, 3);
        EXPECT_GT(serial.out.size(), 10000u);
        for (const char* args : {"-j 2", "-j 5", "-j 16", "--threads 0", "--threads 2", "-j 3 --threads 3", "-j 2 --threads 1"}) {
            const RunResult par = run(kBin + " check " + args + " --format " + format + files);
            EXPECT_EQ(par.exit_code, serial.exit_code) << format << " " << args;
            EXPECT_TRUE(par.out == serial.out) << format << " " << args;
            EXPECT_EQ(par.err, serial.err) << format << " " << args;
        }
    }
}

// Files of every protocol in parallel: each protocol builds its tables on
// first use, so two threads may build two protocols' tables at once (this
// crashed in about half the runs while the tables' arena was unguarded).
// Repeated, since a race shows in some runs only; scripts/test.sh runs the
// same command under ThreadSanitizer.
TEST(CheckParallel, MixedProtocolsSameOutputEveryRun) {
    const std::string files = capture_args(
        {"minecraft-java/mcjava-1.14.4-compressed.pcap", "raknet/raknet-clean.pcap", "mc_alpha/mc_alpha-session.pcap",
         "raknet/raknet-native-lossy-10pct.pcap", "blank-fa73e36-clean-session.pcap",
         "minecraft-java/mcjava-1.13.2-teleport.pcap"});
    const RunResult serial = run(kBin + " check --format json" + files);
    ASSERT_EQ(serial.exit_code, 1) << serial.err;  // the lossy RakNet capture fails
    for (const char* f : {"mcjava-1.14.4-compressed", "raknet-clean", "mc_alpha-session", "raknet-native-lossy-10pct",
                          "blank-fa73e36-clean-session", "mcjava-1.13.2-teleport"})
        EXPECT_NE(serial.out.find(f), std::string::npos) << f;
    for (int i = 0; i < 8; ++i) {
        const RunResult par = run(kBin + " check -j 2 --format json" + files);
        ASSERT_EQ(par.exit_code, serial.exit_code) << "run " << i << ": " << par.err;
        EXPECT_TRUE(par.out == serial.out) << "run " << i;
    }
}

}  // namespace
}  // namespace blank::test

namespace blank::test {
namespace {

// --no-inflate: every transmission with all its bytes counts as complete;
// nothing else changes.
TEST(CheckNoInflate, SameCountsWithoutInflation) {
    const std::string lossy = kCaps + "/blank-fa73e36-lossy-5pct.pcap";
    auto conv = [](const std::vector<nlohmann::json>& ev) {
        for (const auto& e : ev)
            if (e["event_type"] == "conversation") return e;
        return nlohmann::json();
    };
    const auto full = conv(events(lossy, 1));
    const auto fast = conv(events("--no-inflate " + lossy, 1));
    EXPECT_EQ(fast["chunks_complete"], full["chunks_complete"]);
    EXPECT_EQ(fast["chunks_complete"], 127);
    EXPECT_EQ(fast["client_to_server"], full["client_to_server"]);
    EXPECT_EQ(fast["corrections"], full["corrections"]);
}

}  // namespace
}  // namespace blank::test

namespace blank::test {
namespace {

// Past a number of findings held in memory, a conversation's findings go to
// a temporary file in sorted runs and are merged back when listed: the
// output is the same byte for byte (a limit of 3 makes thousands of runs).
TEST(CheckSpill, SameOutputWithFindingsOnDisk) {
    const std::string files =
        capture_args({"blank-fa73e36-lossy-5pct.pcap", "blank-fa73e36-two-clients.pcap", "crafted/malformed.pcap"});
    for (const char* format : {"text", "json", "junit"}) {
        // Every line listed (--max-listed 0), so the merged order shows.
        const RunResult mem = run(kBin + " check --comments --max-listed 0 --format " + format + files);
        const RunResult disk =
            run("BLANKSHARK_FINDINGS_IN_MEMORY=3 " + kBin + " check --comments --max-listed 0 --format " + format + files);
        EXPECT_GT(mem.out.size(), 100000u);
        EXPECT_EQ(disk.exit_code, mem.exit_code);
        EXPECT_TRUE(disk.out == mem.out) << format;
    }
    const RunResult mem = run(kBin + " stats --json" + files);
    const RunResult disk = run("BLANKSHARK_FINDINGS_IN_MEMORY=3 " + kBin + " stats --json" + files);
    EXPECT_EQ(disk.out, mem.out);
}

}  // namespace
}  // namespace blank::test
