// Desegmentation at every offset (issue 20): one capture of many Minecraft
// Alpha connections, each with both streams cut in two at another offset
// (every offset of the server's messages, and of the client's), read by
// tshark with the plugin and by blankshark. Every connection must decode
// to the same whole messages, whatever the cut. The bytes are the seed's
// examples as captures/mc_alpha/README.md checks them by hand.
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "../support/split.hpp"
#include "tcp_capture.hpp"
#include "tshark.hpp"

namespace blank::test {
namespace {

using nlohmann::json;

const std::string kBin = BLANKSHARK_BIN;

std::vector<uint8_t> hex(const char* s) {
    std::vector<uint8_t> b;
    for (const char* p = s; p[0] && p[1];) {
        if (*p == ' ') {
            ++p;
            continue;
        }
        b.push_back(uint8_t(std::stoul(std::string(p, 2), nullptr, 16)));
        p += 2;
    }
    return b;
}

// Client: Handshake "alice", Login Request (protocol 6).
const std::vector<uint8_t> kClient = hex("02 0005 616c696365 01 00000006 0005 616c696365 0000 0000000000000000 00");
// Server: Handshake "-", Login Response, Spawn Position, Kick.
const std::vector<uint8_t> kServer =
    hex("02 0001 2d 01 00000512 0000 0000 0d7c6a031c49062a 00 06 00000075 00000046 ffffffd2"
        " ff 0013 546865207365727665722069732066756c6c21");

std::string write_capture(size_t& connections) {
    const std::string path = TsharkStage::get().dir() + "/mcalpha-cuts.pcap";
    blankshark::PcapWriter w(path, 1);
    connections = 0;
    for (size_t k = 1; k < kServer.size(); ++k) {
        const size_t ck = 1 + (k - 1) % (kClient.size() - 1);
        tcpcap::Side client{{0x02, 0, 0, 0, 0, 0x02}, {192, 0, 2, 2}, uint16_t(40000 + k), uint32_t(0x1000 * k)};
        tcpcap::Side server{{0x02, 0, 0, 0, 0, 0x01}, {192, 0, 2, 1}, 25565, uint32_t(0xFFFFFF00u - k)};
        tcpcap::TcpCapture tcp(w, client, server);
        const double t = double(k);
        tcp.handshake(t, 0.001);
        tcp.data(t + 0.01, true, kClient.data(), uint32_t(ck), 0);
        tcp.data(t + 0.02, true, kClient.data() + ck, uint32_t(kClient.size() - ck), ck);
        tcp.ack(t + 0.03, false);
        tcp.data(t + 0.04, false, kServer.data(), uint32_t(k), 0);
        tcp.data(t + 0.05, false, kServer.data() + k, uint32_t(kServer.size() - k), k);
        tcp.ack(t + 0.06, true);
        tcp.fin(t + 0.07, false);
        tcp.fin(t + 0.08, true);
        ++connections;
    }
    EXPECT_TRUE(w.close());
    std::filesystem::permissions(path, std::filesystem::perms(0644));
    return path;
}

TEST(TsharkMcAlphaCuts, EveryOffsetDecodesTheSameMessages) {
    size_t n = 0;
    const std::string path = write_capture(n);
    ASSERT_EQ(n, kServer.size() - 1);
    // tshark: per TCP stream, the message ids in order and the Kick's reason.
    const RunResult r = tshark("-r " + path +
                               " -Y mcalpha -T fields -E occurrence=a -E aggregator=, -e tcp.stream -e ip.src"
                               " -e mcalpha.packet_id -e mcalpha.cb.kick.reason -e mcalpha.sb.login_request.username");
    std::map<int, std::string> server_ids, client_ids;
    std::map<int, int> kicks, logins;
    for (const std::string& line : split(r.out, '\n')) {
        const auto c = split(line, '\t');
        if (c.size() < 3) continue;
        const int stream = std::stoi(c[0]);
        (c[1] == "192.0.2.1" ? server_ids : client_ids)[stream] += c[2] + ";";
        if (c.size() > 3 && c[3] == "The server is full!") ++kicks[stream];
        if (c.size() > 4 && c[4] == "alice") ++logins[stream];
    }
    ASSERT_EQ(server_ids.size(), n) << r.out;
    for (const auto& [stream, ids] : server_ids) {
        std::string all;  // the ids of the stream's frames, in order, whatever the grouping
        for (const std::string& part : split(ids, ';'))
            if (!part.empty()) all += (all.empty() ? "" : ",") + part;
        EXPECT_EQ(all, "0x02,0x01,0x06,0xff") << "stream " << stream;
        EXPECT_EQ(kicks[stream], 1) << "stream " << stream;
    }
    for (const auto& [stream, ids] : client_ids) {
        std::string all;
        for (const std::string& part : split(ids, ';'))
            if (!part.empty()) all += (all.empty() ? "" : ",") + part;
        EXPECT_EQ(all, "0x02,0x01") << "stream " << stream;
        EXPECT_EQ(logins[stream], 1) << "stream " << stream;
    }
    EXPECT_EQ(client_ids.size(), n);
    // No finding but the login's version comment and the kick: nothing unframed, nothing malformed.
    const RunResult e = tshark("-r " + path + " -Y \"mcalpha.malformed.unknown_id || mcalpha.malformed.count || "
                                              "mcalpha.malformed.truncated || mcalpha.stream.resync\"");
    EXPECT_EQ(e.out, "");
    // The analyzer: the same messages per connection.
    const RunResult a = run(kBin + " decode --json " + path);
    ASSERT_EQ(a.exit_code, 0) << a.err;
    std::map<int, std::string> per_conv;
    for (const std::string& line : split(a.out, '\n')) {
        if (line.empty()) continue;
        const json o = json::parse(line);
        if (!o.contains("mcalpha.packet_id")) continue;
        char id[8];
        std::snprintf(id, sizeof id, "%02x", o["mcalpha.packet_id"].get<int>());
        per_conv[o["conversation"].get<int>()] += std::string(o["direction"] == "client_to_server" ? "c" : "s") + id;
    }
    ASSERT_EQ(per_conv.size(), n);
    for (const auto& [conv, ids] : per_conv) {
        std::string s, c;
        for (size_t i = 0; i + 3 <= ids.size(); i += 3) (ids[i] == 's' ? s : c) += ids.substr(i + 1, 2) + " ";
        EXPECT_EQ(s, "02 01 06 ff ") << "conversation " << conv;
        EXPECT_EQ(c, "02 01 ") << "conversation " << conv;
    }
}

}  // namespace
}  // namespace blank::test
