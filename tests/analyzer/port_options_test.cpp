// --port PROTOCOL=PORT for every protocol, and the verdict of a capture in
// which nothing of any supported protocol is recognised (a CI job pointed at
// traffic on a port the options do not name must not pass).
#include <gtest/gtest.h>

#include <filesystem>

#include "../support/port_rewrite.hpp"
#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;

std::string moved(const std::string& name, uint16_t from, uint16_t to) {
    const std::string dir = std::string(TEST_ARTIFACTS) + "/ports";
    std::filesystem::create_directories(dir);
    const std::string out = dir + "/" + std::filesystem::path(name).stem().string() + "-" + std::to_string(to) + ".pcap";
    EXPECT_GT(rewrite_port(kCaps + "/" + name, out, from, to), 0) << name;
    return out;
}

// Minecraft Alpha off its port is recognised by its whole Handshake (0x02,
// a name length, a player name of 1-16 letters, digits or '_'; seed 001),
// even sent in pieces: this capture's client sends it in four segments of
// 1, 2, 3 and 2 bytes (frames 4-7). Moved to 25570 it reads as on 25565,
// every message of the README's count (248 client messages of 4,211 bytes,
// 247 server messages of 38,602 bytes, 1309 frames); so does naming the
// port, and so does moving the Alpha port away from a capture whose Alpha
// is on 25565 (which then is Java's port only). Catches: a dispatcher that
// judges the first segment alone (nothing recognised; or, on 25565 named
// away, Java "protocol 1 ... decoded as 1.8").
TEST(PortOptions, AlphaOnAnotherPortIsRecognisedByItsWholeHandshake) {
    const std::string file = moved("mc_alpha/mc_alpha-session.pcap", 25565, 25570);
    const RunResult original = run(kBin + " check -q " + kCaps + "/mc_alpha/mc_alpha-session.pcap");
    for (const std::string& opt : {std::string(), std::string(" --port mcalpha=25570")}) {
        const RunResult r = run(kBin + " check -q" + opt + " " + file);
        EXPECT_NE(r.out.find(": 495 Minecraft Alpha messages in 1309 frames, 1 conversations"), std::string::npos)
            << opt << r.out;
        EXPECT_NE(r.out.find("client->server: 248 messages, 4211 bytes"), std::string::npos) << opt << r.out;
        EXPECT_NE(r.out.find("server->client: 247 messages, 38602 bytes"), std::string::npos) << opt << r.out;
        EXPECT_NE(r.out.find("server 192.0.2.1:25570 (Minecraft Alpha)"), std::string::npos) << opt << r.out;
        EXPECT_NE(r.out.find("player: alice, protocol version 6"), std::string::npos) << opt << r.out;
        EXPECT_EQ(r.exit_code, original.exit_code) << opt;
    }
    const RunResult away = run(kBin + " check -q --port mcalpha=25566 " + kCaps + "/mc_alpha/mc_alpha-session.pcap");
    EXPECT_EQ(away.out, original.out);
    EXPECT_EQ(away.out.find("Minecraft Java"), std::string::npos) << away.out;
}

// Picked up mid-connection (no Handshake) off its port, Alpha's messages
// are too weak a sign: nothing recognised, in every format, until the port
// is named; then it is decoded from the first place plausible messages
// start (frames 20 on: 246 client and 244 server messages, the session's 248
// and 247 less each side's Handshake and Login of frames 4-18, and frame
// 20's Time Update, which the pick-up starts after).
TEST(PortOptions, AlphaPickedUpOffItsPortIsNothingRecognisedUntilNamed) {
    const std::string whole = moved("mc_alpha/mc_alpha-session.pcap", 25565, 25570);
    const std::string file = std::string(TEST_ARTIFACTS) + "/ports/mc_alpha-session-25570-from20.pcap";
    ASSERT_EQ(run("editcap -F pcap -r " + whole + " " + file + " 20-4000000000").exit_code, 0);

    const RunResult text = run(kBin + " check -q " + file);
    EXPECT_EQ(text.exit_code, 6) << text.out << text.err;
    EXPECT_NE(text.out.find(": nothing recognised in 1290 frames, 0 conversations"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("verdict: NOTHING RECOGNISED (" + file +
                            ": no conversation of any supported protocol in 1290 frames (tried UDP port 12354 "
                            "(blank), TCP port 25565 (Minecraft Java), UDP port 19132 (RakNet), TCP port 25565 (Minecraft "
                            "Alpha); on any port: blank's tag, a Minecraft Java Handshake, a RakNet offline message, a "
                            "Minecraft Alpha Handshake)"),
              std::string::npos)
        << text.out;
    EXPECT_EQ(text.out.find("PASS"), std::string::npos);

    const RunResult json = run(kBin + " check -q --format json " + file);
    EXPECT_EQ(json.exit_code, 6);
    const auto ev = json_lines(json.out);
    ASSERT_EQ(ev.size(), 2u) << json.out;
    EXPECT_EQ(ev[0]["event_type"], "nothing_recognised");
    EXPECT_EQ(ev[0]["frames"], 1290);
    EXPECT_NE(ev[0]["tried"].get<std::string>().find("a Minecraft Alpha Handshake"), std::string::npos);
    EXPECT_EQ(ev[1]["verdict"], "nothing_recognised");
    EXPECT_EQ(ev[1]["files_nothing_recognised"], 1);

    const RunResult junit = run(kBin + " check -q --format junit " + file);
    EXPECT_EQ(junit.exit_code, 6);
    EXPECT_NE(junit.out.find("tests=\"1\" failures=\"1\" errors=\"0\""), std::string::npos) << junit.out;
    EXPECT_NE(junit.out.find("name=\"protocol recognised\"><failure"), std::string::npos) << junit.out;

    const RunResult named = run(kBin + " check -q --port mcalpha=25570 " + file);
    EXPECT_NE(named.out.find(": 490 Minecraft Alpha messages in 1290 frames, 1 conversations"), std::string::npos)
        << named.out;
    EXPECT_NE(named.out.find("client->server: 246 messages, 4180 bytes"), std::string::npos) << named.out;
    EXPECT_NE(named.out.find("server->client: 244 messages, 38571 bytes"), std::string::npos) << named.out;
    EXPECT_NE(named.out.find("picked up mid-connection, after the login"), std::string::npos) << named.out;
    EXPECT_EQ(named.out.find("NOTHING RECOGNISED"), std::string::npos);

    // Among other files: the run does not pass, and says how many.
    const RunResult mixed = run(kBin + " check -q " + kCaps + "/blank-fa73e36-two-clients.pcap " + file);
    EXPECT_EQ(mixed.exit_code, 6);
    EXPECT_NE(mixed.out.find("verdict: NOTHING RECOGNISED (1 of 2 files with nothing recognised, the first: " + file),
              std::string::npos)
        << mixed.out;
}

// Java and RakNet are found on any port by their first messages; naming the
// port gives the same figures. A capture of neither is nothing recognised
// under every name.
TEST(PortOptions, JavaAndRaknetOnAnotherPortSameFiguresNamedOrNot) {
    const std::string java = moved("minecraft-java/mcjava-1.13.2-teleport.pcap", 25565, 25570);
    const RunResult original = run(kBin + " check -q --format json " + kCaps + "/minecraft-java/mcjava-1.13.2-teleport.pcap");
    for (const std::string& opt : {std::string(), std::string(" --port mcjava=25570")}) {
        const RunResult r = run(kBin + " check -q --format json" + opt + " " + java);
        EXPECT_EQ(r.exit_code, original.exit_code) << opt;
        const auto a = json_lines(r.out), b = json_lines(original.out);
        ASSERT_EQ(a.size(), b.size()) << opt;
        EXPECT_EQ(a[0]["event_type"], "conversation");
        EXPECT_EQ(a[0]["server"].get<std::string>().substr(a[0]["server"].get<std::string>().rfind(':')), ":25570");
        EXPECT_EQ(a[0]["client_to_server"], b[0]["client_to_server"]) << opt;
        EXPECT_EQ(a[0]["server_to_client"], b[0]["server_to_client"]) << opt;
    }
    const std::string raknet = moved("raknet/raknet-clean.pcap", 19132, 19200);
    const RunResult ro = run(kBin + " check -q " + kCaps + "/raknet/raknet-clean.pcap");
    for (const std::string& opt : {std::string(), std::string(" --port raknet=19200"), std::string(" --port bsraknet=19200")}) {
        const RunResult r = run(kBin + " check -q" + opt + " " + raknet);
        EXPECT_NE(r.out.find(": 2079 RakNet packets in 2079 frames, 1 conversations"), std::string::npos) << opt << r.out;
        EXPECT_NE(r.out.find("server 127.0.0.1:19200 (RakNet)"), std::string::npos) << opt;
        EXPECT_EQ(r.exit_code, ro.exit_code) << opt;
    }
}

TEST(PortOptions, BadSpecsAreUsageErrorsNamingTheKnownProtocols) {
    const std::string cap = kCaps + "/blank-fa73e36-two-clients.pcap";
    const RunResult carried = run(kBin + " check --port mcpe=19133 " + cap);
    EXPECT_EQ(carried.exit_code, 2);
    EXPECT_NE(carried.err.find("'mcpe' has no port of its own: it is carried by raknet (--port raknet=N)"),
              std::string::npos)
        << carried.err;
    const RunResult unknown = run(kBin + " decode --port quake=27960 " + cap);
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find("known: blank=12354, mcjava=25565, raknet=19132, mcalpha=25565"), std::string::npos)
        << unknown.err;
    for (const char* bad : {"mcjava=0", "mcjava=65536", "mcjava=", "mcjava=25x"})
        EXPECT_EQ(run(kBin + " stats --port " + std::string(bad) + " " + cap).exit_code, 2) << bad;
    // A port alone is blank's, as before the option took names; the blank
    // server of this capture is on 12354, so naming another port loses only
    // the port rule, not the tag heuristic: the same two conversations.
    const RunResult bare = run(kBin + " check -q --port 12354 " + cap);
    const RunResult named = run(kBin + " check -q --port blank=12354 " + cap);
    EXPECT_EQ(bare.out, named.out);
    EXPECT_EQ(bare.exit_code, 0);
    EXPECT_NE(bare.out.find("2 conversations"), std::string::npos) << bare.out;
}

}  // namespace
}  // namespace blank::test
