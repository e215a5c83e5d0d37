// The TCP reassembler on the bundled real Minecraft Java captures
// (captures/minecraft-java/): per connection and direction, the stream
// length must be the README's framed byte total ("Framing" table, the sum of
// every framed packet's bytes), the retransmitted bytes and out-of-order
// segments its per-connection figures, no gap, no finding, and every
// connection must end with both FINs. Minecraft is not decoded: bytes are
// counted. When tshark is installed, every stream is also compared byte for
// byte with tshark's own reassembly (`-z follow,tcp,raw`). A second test
// reads the same figures from the tables of every capture section of
// README.md and README-1.13.2.md (whatever files are bundled) and checks them,
// and those streams against tshark's too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "../support/skip.hpp"
#include "capture_reader.hpp"
#include "link_layer.hpp"
#include "tcp/tcp_reassembly.hpp"
#include "tcp/tcp_seq.hpp"

#ifndef BLANKSHARK_CAPTURES
#define BLANKSHARK_CAPTURES "captures"
#endif

namespace blankshark::tcp {
namespace {

namespace fs = std::filesystem;
constexpr Side CS = Side::Client, SC = Side::Server;

const std::string kDir = std::string(BLANKSHARK_CAPTURES) + "/minecraft-java/";

// One row of the README's per-connection table, with the two matching
// rows of its Framing table.
struct ConnFigures {
    const char* client;
    uint64_t framed[2];        // bytes C>S, S>C ("Framing": bytes)
    uint64_t retransmitted[2]; // "sb retrans B", "cb retrans B"
    uint64_t out_of_order[2];  // "sb/cb out-of-order segs"
};

struct CaptureFigures {
    const char* file;
    uint64_t frames;
    uint64_t framed_total;  // "decoder totals: ... bytes of framed packets"
    std::vector<ConnFigures> conns;
};

void PrintTo(const CaptureFigures& c, std::ostream* os) { *os << c.file; }

const std::vector<CaptureFigures> kCaptures = {
    {"mcjava-1.14.4-compressed.pcap", 2084, 154105,
     {{"127.0.0.1:53766", {29, 151}, {0, 0}, {0, 0}},
      {"127.0.0.1:53778", {5110, 73165}, {36, 103}, {0, 0}},
      {"127.0.0.1:53792", {2456, 73194}, {0, 0}, {0, 0}}}},
    {"mcjava-1.14.4-status-only.pcap", 28, 360,
     {{"127.0.0.1:50366", {29, 151}, {0, 0}, {0, 0}}, {"127.0.0.1:50376", {29, 151}, {0, 0}, {0, 0}}}},
    {"mcjava-1.14.4-mtu1500.pcap", 2046, 153647,
     {{"192.0.2.2:58660", {29, 151}, {0, 0}, {0, 0}},
      {"192.0.2.2:58674", {4886, 73218}, {0, 37}, {0, 0}},
      {"192.0.2.2:58680", {2512, 72851}, {36, 0}, {0, 0}}}},
};

// Keeps every stream, every gap and finding.
struct Collect : Sink {
    std::map<uint32_t, std::string> streams[2];
    std::map<uint32_t, uint64_t> next[2];
    uint64_t gaps = 0, data_calls = 0, from_held = 0;
    std::vector<std::string> findings;
    std::vector<FindingInfo> finding_infos;
    std::map<uint32_t, int> fins;
    struct GapEvent {
        uint32_t conn;
        Side dir;
        uint64_t offset, missing;
        GapReason why;
    };
    std::vector<GapEvent> gap_events;
    std::map<uint64_t, uint64_t> offset_of_frame;  // stream offset of each frame's first in-order byte
    std::vector<uint64_t> held_frames;              // frames whose bytes were held

    Hint on_new_tuple(const capture::TcpSegment& s, uint64_t) override {
        return s.src.port == 25565 ? Hint::SenderIsServer : Hint::SenderIsClient;
    }
    void on_data(Connection& c, Side d, const uint8_t* p, uint32_t n, uint64_t off, const SegmentOrigin& o) override {
        EXPECT_EQ(off, next[int(d)][c.id()]);
        next[int(d)][c.id()] = off + n;
        streams[int(d)][c.id()].append(reinterpret_cast<const char*>(p), n);
        ++data_calls;
        from_held += o.delivered_frame != o.frame;
        if (o.delivered_frame != o.frame) held_frames.push_back(o.frame);
        offset_of_frame.emplace(o.frame, off);
    }
    void on_gap(Connection& c, Side d, uint64_t off, uint64_t missing, GapReason why, uint64_t, double) override {
        ++gaps;
        gap_events.push_back({c.id(), d, off, missing, why});
        streams[int(d)][c.id()].append(size_t(missing), '\0');
        next[int(d)][c.id()] = off + missing;
    }
    void on_fin(Connection& c, Side, uint64_t, const SegmentOrigin&) override { ++fins[c.id()]; }
    void on_finding(Connection*, Side, const FindingInfo& f) override {
        finding_infos.push_back(f);
        findings.push_back(std::string(finding_name(f.kind)) + " at frame " + std::to_string(f.frame));
    }
};

struct Reassembled {
    Collect sink;
    std::unique_ptr<Reassembler> r;
    uint64_t frames = 0, tcp = 0;
};

void reassemble(const std::string& path, Reassembled& run) {
    capture::CaptureReader reader;
    ASSERT_TRUE(reader.open(path)) << reader.error();
    run.r = std::make_unique<Reassembler>(run.sink);
    capture::Frame f;
    capture::TcpSegment seg;
    double t0 = -1, t = 0;
    while (reader.next(f) == capture::CaptureReader::Status::Next) {
        ++run.frames;
        t = double(f.ts_sec) + f.ts_nsec * 1e-9;
        if (t0 < 0) t0 = t;
        if (capture::parse_tcp(reader.link_type(), f.data, f.caplen, seg) != capture::LinkResult::Ok) continue;
        ++run.tcp;
        run.r->feed(seg, f.number, t - t0);
    }
    run.r->finish(t - t0);
}

// A capture's frames in memory, to feed altered.
struct Frames {
    int dlt = 0;
    std::vector<std::vector<uint8_t>> bytes;
    std::vector<uint64_t> number;
};

Frames load(const std::string& path) {
    Frames out;
    capture::CaptureReader reader;
    EXPECT_TRUE(reader.open(path)) << reader.error();
    out.dlt = reader.link_type();
    capture::Frame f;
    while (reader.next(f) == capture::CaptureReader::Status::Next) {
        out.bytes.emplace_back(f.data, f.data + f.caplen);
        out.number.push_back(f.number);
    }
    return out;
}

void reassemble(const Frames& fr, Reassembled& run) {
    run.r = std::make_unique<Reassembler>(run.sink);
    capture::TcpSegment seg;
    for (size_t i = 0; i < fr.bytes.size(); ++i) {
        ++run.frames;
        if (capture::parse_tcp(fr.dlt, fr.bytes[i].data(), uint32_t(fr.bytes[i].size()), seg) != capture::LinkResult::Ok)
            continue;
        ++run.tcp;
        run.r->feed(seg, fr.number[i], double(i));
    }
    run.r->finish(double(fr.bytes.size()));
}

std::string unhex(const std::string& h) {
    std::string out;
    for (size_t i = 0; i + 1 < h.size(); i += 2) out.push_back(char(std::stoi(h.substr(i, 2), nullptr, 16)));
    return out;
}

// tshark's reassembly of tcp.stream `index`: node 0's bytes and node 1's.
bool tshark_follow(const std::string& path, int index, std::string& node0_addr, std::string streams[2]) {
    const std::string cmd =
        "HOME=/tmp tshark -n -r '" + path + "' -q -z follow,tcp,raw," + std::to_string(index) + " 2>/dev/null";
    std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd.c_str(), "r"), pclose);
    if (!p) return false;
    std::string all;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p.get())) > 0) all.append(buf, n);
    size_t at = 0;
    int seps = 0;
    while (at < all.size()) {
        size_t eol = all.find('\n', at);
        if (eol == std::string::npos) eol = all.size();
        const std::string line = all.substr(at, eol - at);
        at = eol + 1;
        if (line.rfind("=====", 0) == 0) {
            ++seps;
            continue;
        }
        if (line.rfind("Node 0: ", 0) == 0) node0_addr = line.substr(8);
        if (seps != 1 || line.empty() || line.rfind("Follow:", 0) == 0 || line.rfind("Filter:", 0) == 0 ||
            line.rfind("Node ", 0) == 0)
            continue;
        if (line[0] == '\t') streams[1] += unhex(line.substr(1));
        else streams[0] += unhex(line);
    }
    return seps >= 2;
}

bool have_tshark() { return std::system("command -v tshark >/dev/null 2>&1") == 0; }

// Every stream of the run equals tshark's (tcp.stream i is our connection i + 1).
void same_as_tshark(const std::string& path, Reassembled& run) {
    const auto conns = run.r->connections();
    for (size_t i = 0; i < conns.size(); ++i) {
        const Connection& c = *conns[i];
        std::string node0, theirs[2];
        ASSERT_TRUE(tshark_follow(path, int(i), node0, theirs)) << "tshark follow " << i;
        const bool client_first = node0 == capture::to_string(c.client());
        ASSERT_TRUE(client_first || node0 == capture::to_string(c.server())) << node0;
        EXPECT_TRUE(theirs[client_first ? 0 : 1] == run.sink.streams[0][c.id()]) << "C>S differs from tshark, conn " << c.id();
        EXPECT_TRUE(theirs[client_first ? 1 : 0] == run.sink.streams[1][c.id()]) << "S>C differs from tshark, conn " << c.id();
    }
}

class MinecraftJavaCaptures : public ::testing::TestWithParam<CaptureFigures> {};

TEST_P(MinecraftJavaCaptures, StreamsMatchTheReadme) {
    const CaptureFigures& cap = GetParam();
    const std::string path = kDir + cap.file;
    ASSERT_TRUE(fs::exists(path)) << path;
    Reassembled run;
    reassemble(path, run);
    EXPECT_EQ(run.frames, cap.frames);
    EXPECT_EQ(run.tcp, cap.frames);  // all TCP
    EXPECT_EQ(run.sink.gaps, 0u);
    EXPECT_TRUE(run.sink.findings.empty()) << run.sink.findings.front();
    const auto conns = run.r->connections();
    ASSERT_EQ(conns.size(), cap.conns.size());
    uint64_t total = 0, segments = 0;
    for (size_t i = 0; i < conns.size(); ++i) {
        const Connection& c = *conns[i];
        const ConnFigures& want = cap.conns[i];
        SCOPED_TRACE("connection " + std::to_string(c.id()));
        EXPECT_EQ(c.id(), i + 1);
        EXPECT_EQ(capture::to_string(c.client()), want.client);
        EXPECT_EQ(c.server().port, 25565);
        EXPECT_FALSE(c.midstream());
        for (Side d : {CS, SC}) {
            SCOPED_TRACE(core::arrow(d));
            const StreamStats& s = c.stats(d);
            EXPECT_EQ(s.delivered_bytes, want.framed[int(d)]);
            EXPECT_EQ(c.stream(d).next_offset(), want.framed[int(d)]);
            EXPECT_EQ(run.sink.streams[int(d)][c.id()].size(), want.framed[int(d)]);
            EXPECT_EQ(s.retransmitted_bytes, want.retransmitted[int(d)]);
            EXPECT_EQ(s.out_of_order_segments, want.out_of_order[int(d)]);
            EXPECT_EQ(s.gaps + s.missing_bytes, 0u);
            EXPECT_EQ(s.conflicting_bytes + s.unchecked_retransmitted_bytes + s.dropped_bytes, 0u);
            EXPECT_EQ(s.payload_bytes, s.delivered_bytes + s.retransmitted_bytes);
            EXPECT_TRUE(c.stream(d).fin_delivered());
            EXPECT_EQ(c.stream(d).fin_offset(), want.framed[int(d)]);
            total += s.delivered_bytes;
            segments += s.segments;
        }
        EXPECT_EQ(run.sink.fins[c.id()], 2);
        EXPECT_TRUE(c.ended());
        EXPECT_EQ(c.close_reason(), CloseReason::Fin);
    }
    EXPECT_EQ(total, cap.framed_total);
    EXPECT_EQ(segments, cap.frames);
    EXPECT_EQ(run.r->stats().held_bytes_peak, 0u);  // nothing arrived out of order

    if (!have_tshark()) SKIP_OR_FAIL_IN_CI() << "tshark not installed: streams not compared with tshark's reassembly";
    same_as_tshark(path, run);
}

INSTANTIATE_TEST_SUITE_P(Bundled, MinecraftJavaCaptures, ::testing::ValuesIn(kCaptures),
                         [](const ::testing::TestParamInfo<CaptureFigures>& i) {
                             std::string n = i.param.file;
                             n = n.substr(0, n.find(".pcap"));
                             for (char& ch : n) if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             return n;
                         });

// ---------------------------------------------------------------- every file the READMEs describe

// The figures of one capture section ("## <file>.pcap") of a README: its
// per-connection table and its Framing table, read by column name.
struct Section {
    std::string file;
    std::vector<ConnFigures> conns;
    std::vector<std::string> clients;  // the client column
    std::vector<std::string> ends;     // the "end" column
};

std::vector<std::string> cells(const std::string& line) {
    std::vector<std::string> out;
    size_t at = line.find('|');
    while (at != std::string::npos) {
        const size_t next = line.find('|', at + 1);
        if (next == std::string::npos) break;
        std::string c = line.substr(at + 1, next - at - 1);
        const size_t b = c.find_first_not_of(" `"), e = c.find_last_not_of(" `");
        out.push_back(b == std::string::npos ? "" : c.substr(b, e - b + 1));
        at = next;
    }
    return out;
}

int column(const std::vector<std::string>& header, const std::string& name) {
    for (size_t i = 0; i < header.size(); ++i)
        if (header[i] == name) return int(i);
    return -1;
}

std::vector<Section> read_sections(const std::string& readme) {
    std::vector<Section> out;
    std::ifstream in(readme);
    std::string line;
    std::vector<std::string> header;
    enum { None, Conns, Framing } table = None;
    bool in_file = false;
    while (std::getline(in, line)) {
        if (line.rfind("## ", 0) == 0) {
            table = None;
            const std::string title = line.substr(3);
            // A file's section; other sections ("X.pcap without the key log":
            // the same connections) end it.
            in_file = title.size() > 5 && title.compare(title.size() - 5, 5, ".pcap") == 0;
            if (in_file) out.push_back({title, {}, {}, {}});
            continue;
        }
        if (out.empty() || !in_file || line.rfind("|", 0) != 0) {
            if (line.empty()) table = None;
            continue;
        }
        const auto c = cells(line);
        if (c.size() > 1 && c[0] == "#") {
            header = c;
            table = c[1] == "client" ? Conns : c[1] == "dir" ? Framing : None;
            continue;
        }
        if (table == None || c.empty() || c[0].empty() || !isdigit(static_cast<unsigned char>(c[0][0]))) continue;
        Section& sec = out.back();
        const size_t n = size_t(std::stoul(c[0]));
        if (table == Conns) {
            const int cl = column(header, "client"), end = column(header, "end");
            const int rs = column(header, "sb retrans B"), rc = column(header, "cb retrans B");
            const int os = column(header, "sb out-of-order segs"), oc = column(header, "cb out-of-order segs");
            if (cl < 0 || end < 0 || rs < 0 || rc < 0 || os < 0 || oc < 0) continue;
            if (sec.conns.size() < n) sec.conns.resize(n), sec.clients.resize(n), sec.ends.resize(n);
            ConnFigures& f = sec.conns[n - 1];
            sec.clients[n - 1] = c[size_t(cl)];
            sec.ends[n - 1] = c[size_t(end)];
            f.retransmitted[0] = std::stoull(c[size_t(rs)]);
            f.retransmitted[1] = std::stoull(c[size_t(rc)]);
            f.out_of_order[0] = std::stoull(c[size_t(os)]);
            f.out_of_order[1] = std::stoull(c[size_t(oc)]);
        } else {
            const int dir = column(header, "dir"), bytes = column(header, "bytes");
            if (dir < 0 || bytes < 0 || sec.conns.size() < n) continue;
            const bool to_server = c[size_t(dir)].rfind("C", 0) == 0;  // "C→S"
            sec.conns[n - 1].framed[to_server ? 0 : 1] = std::stoull(c[size_t(bytes)]);
        }
    }
    return out;  // (conns[i].client stays null: clients[i] has it)
}

// Every capture section of README.md, README-1.13.2.md and
// README-encrypted.md: the same checks as above, figures read from the
// tables themselves (12 files, 32 connections; TCP is the same encrypted).
TEST(MinecraftJavaReadmes, EveryConnectionOfEveryFile) {
    std::vector<Section> all;
    for (const char* readme : {"README.md", "README-1.13.2.md", "README-encrypted.md"}) {
        if (!fs::exists(kDir + readme)) continue;
        for (Section& s : read_sections(kDir + readme)) all.push_back(std::move(s));
    }
    // README-1.13.2.md has sections for the 1.14.4 files too, without the
    // tables (they are in README.md): keep the sections with tables, and
    // every bundled capture must have one.
    all.erase(std::remove_if(all.begin(), all.end(), [](const Section& s) { return s.conns.empty(); }), all.end());
    for (const auto& e : fs::directory_iterator(kDir)) {
        const std::string name = e.path().filename().string();
        if (e.path().extension() != ".pcap") continue;
        EXPECT_TRUE(std::any_of(all.begin(), all.end(), [&](const Section& s) { return s.file == name; }))
            << name << " has no connection table in the READMEs";
    }
    size_t connections = 0, files = 0;
    for (const Section& sec : all) {
        SCOPED_TRACE(sec.file);
        if (!fs::exists(kDir + sec.file)) continue;  // described, not bundled
        ++files;
        Reassembled run;
        reassemble(kDir + sec.file, run);
        EXPECT_EQ(run.sink.gaps, 0u);
        EXPECT_TRUE(run.sink.findings.empty()) << run.sink.findings.front();
        const auto conns = run.r->connections();
        ASSERT_EQ(conns.size(), sec.conns.size());
        for (size_t i = 0; i < conns.size(); ++i) {
            const Connection& c = *conns[i];
            const ConnFigures& want = sec.conns[i];
            SCOPED_TRACE("connection " + std::to_string(c.id()) + " (" + sec.ends[i] + ")");
            EXPECT_EQ(capture::to_string(c.client()), sec.clients[i]);
            EXPECT_NE(want.framed[0], 0u);  // the Framing table was read
            for (Side d : {CS, SC}) {
                SCOPED_TRACE(core::arrow(d));
                const StreamStats& s = c.stats(d);
                EXPECT_EQ(s.delivered_bytes, want.framed[int(d)]);
                EXPECT_EQ(run.sink.streams[int(d)][c.id()].size(), want.framed[int(d)]);
                EXPECT_EQ(s.retransmitted_bytes, want.retransmitted[int(d)]);
                EXPECT_EQ(s.out_of_order_segments, want.out_of_order[int(d)]);
                EXPECT_EQ(s.gaps + s.conflicting_bytes + s.unchecked_retransmitted_bytes + s.dropped_bytes, 0u);
                EXPECT_TRUE(c.stream(d).fin_delivered());
            }
            EXPECT_NE(sec.ends[i].find("FIN"), std::string::npos);
            EXPECT_EQ(c.close_reason(), CloseReason::Fin);
            ++connections;
        }
        if (have_tshark()) same_as_tshark(kDir + sec.file, run);
    }
    // The 12 .pcap files of captures/minecraft-java/, each with a "## <file>"
    // section in README.md, README-1.13.2.md or README-encrypted.md; their
    // "TCP connections: N" lines add up to 32 (3 + 2 + 3 in README.md;
    // 3 + 3 + 3 + 3 + 1 + 2 + 3 in README-1.13.2.md; 3 + 3 in
    // README-encrypted.md), one row each in the connection tables.
    EXPECT_EQ(files, 12u);
    EXPECT_EQ(connections, 32u);
    std::printf("checked %zu files, %zu connections\n", files, connections);
    if (!have_tshark()) SKIP_OR_FAIL_IN_CI() << "tshark not installed: streams not compared with tshark's reassembly";
}

// ---------------------------------------------------------------- a real capture, altered

// mcjava-1.14.4-mtu1500.pcap with, in alice's server-to-client direction
// (connection 2), two adjacent data segments swapped, one segment sent
// again later, one sent again with a byte flipped, and one dropped: the
// out-of-order segments (the swapped one, and those behind the dropped one)
// are held and delivered when their hole fills or is given up on, the
// repeats are counted once (the flipped one as a conflict, first copy
// kept), and the dropped one is a gap of exactly its length at its offset,
// declared when alice's acknowledgement passes it. Everything else is the
// original stream byte for byte.
TEST(MinecraftJavaAltered, SwapRepeatFlipAndDrop) {
    const std::string path = kDir + "mcjava-1.14.4-mtu1500.pcap";
    const Frames original = load(path);
    Reassembled base;
    reassemble(original, base);
    ASSERT_EQ(base.sink.gaps, 0u);

    // S>C data segments of connection 2, by index into the frames.
    std::vector<size_t> data;
    uint32_t payload_of[4096] = {};
    for (size_t i = 0; i < original.bytes.size() && i < 4096; ++i) {
        capture::TcpSegment seg;
        if (capture::parse_tcp(original.dlt, original.bytes[i].data(), uint32_t(original.bytes[i].size()), seg) !=
                capture::LinkResult::Ok)
            continue;
        if (seg.src.port == 25565 && seg.dst.port == 58674 && seg.payload_len > 100 &&
            !seg.has(capture::tcpflag::kFin)) {
            data.push_back(i);
            payload_of[i] = seg.payload_len;
        }
    }
    ASSERT_GT(data.size(), 200u);
    // Adjacent in the capture and in the stream: swap them.
    size_t a = 0;
    for (size_t k = 100; k + 1 < data.size(); ++k) {
        if (data[k + 1] == data[k] + 1) {
            a = data[k];
            break;
        }
    }
    ASSERT_NE(a, 0u);
    const size_t repeat = data[150], flip = data[160], drop = data[170];
    const uint64_t drop_offset = base.sink.offset_of_frame.at(original.number[drop]);
    const uint64_t flip_offset = base.sink.offset_of_frame.at(original.number[flip]);

    Frames altered;
    altered.dlt = original.dlt;
    for (size_t i = 0; i < original.bytes.size(); ++i) {
        if (i == drop) continue;
        if (i == a) {  // a + 1 first, then a
            altered.bytes.push_back(original.bytes[a + 1]);
            altered.number.push_back(original.number[a + 1]);
            altered.bytes.push_back(original.bytes[a]);
            altered.number.push_back(original.number[a]);
            ++i;
            continue;
        }
        altered.bytes.push_back(original.bytes[i]);
        altered.number.push_back(original.number[i]);
        if (i == repeat + 3) {  // the same segment again, 3 frames later
            altered.bytes.push_back(original.bytes[repeat]);
            altered.number.push_back(100000 + i);
        }
        if (i == flip + 2) {  // again, its last byte flipped
            altered.bytes.push_back(original.bytes[flip]);
            altered.bytes.back().back() ^= 0xFF;
            altered.number.push_back(200000 + i);
        }
    }
    Reassembled run;
    reassemble(altered, run);
    const Connection* c = run.r->find(2);
    ASSERT_NE(c, nullptr);
    const StreamStats& sc = c->stats(SC);
    const StreamStats& was = base.r->find(2)->stats(SC);
    // Behind the dropped segment, the server's next segments wait (held)
    // until an acknowledgement from alice passes the first of them, and then
    // for Options::ack_reorder_segments more segments of the connection (the
    // hole's bytes might still come, reordered): a hole is given up on once
    // something beyond it is known and acknowledged, and the wait is over.
    uint64_t waiting = 0, waiting_bytes = 0;
    uint32_t first_seq = 0;
    int after_ack = -1;  // segments of the connection since that acknowledgement
    for (size_t i = drop + 1; i < original.bytes.size(); ++i) {
        capture::TcpSegment seg;
        capture::parse_tcp(original.dlt, original.bytes[i].data(), uint32_t(original.bytes[i].size()), seg);
        const bool of_conn = (seg.src.port == 58674 && seg.dst.port == 25565) ||
                             (seg.src.port == 25565 && seg.dst.port == 58674);
        if (!of_conn) continue;
        if (after_ack >= 0) ++after_ack;
        if (after_ack < 0 && waiting && seg.src.port == 58674 && seg.has(capture::tcpflag::kAck) &&
            seq_le(first_seq, seg.ack))
            after_ack = 0;
        if (seg.src.port == 25565 && seg.payload_len > 0) {
            if (waiting++ == 0) first_seq = seg.seq;
            waiting_bytes += seg.payload_len;
        }
        if (after_ack == int(Options{}.ack_reorder_segments)) break;
    }
    ASSERT_GT(waiting, 0u);
    EXPECT_EQ(sc.out_of_order_segments, 1 + waiting);  // the swapped one, and those
    EXPECT_EQ(sc.held_bytes_peak, std::max<uint64_t>(payload_of[a + 1], waiting_bytes));
    EXPECT_EQ(sc.retransmitted_bytes, was.retransmitted_bytes + payload_of[repeat] + payload_of[flip]);
    EXPECT_EQ(sc.conflicting_segments, 1u);
    EXPECT_EQ(sc.conflicting_bytes, 1u);
    ASSERT_EQ(run.sink.finding_infos.size(), 1u);
    EXPECT_EQ(run.sink.finding_infos[0].kind, Finding::RetransmissionConflict);
    EXPECT_EQ(run.sink.finding_infos[0].stream_offset, flip_offset + payload_of[flip] - 1);
    ASSERT_EQ(run.sink.gap_events.size(), 1u);
    const auto& g = run.sink.gap_events[0];
    EXPECT_EQ(g.conn, 2u);
    EXPECT_EQ(g.dir, SC);
    EXPECT_EQ(g.offset, drop_offset);
    EXPECT_EQ(g.missing, payload_of[drop]);
    EXPECT_EQ(g.why, GapReason::Acked);
    EXPECT_EQ(sc.delivered_bytes, was.delivered_bytes - payload_of[drop]);
    // The stream: the original with the dropped bytes as zeros (the sink's gap filler).
    std::string want = base.sink.streams[1][2];
    std::fill(want.begin() + long(drop_offset), want.begin() + long(drop_offset + payload_of[drop]), '\0');
    EXPECT_TRUE(run.sink.streams[1][2] == want);
    EXPECT_TRUE(run.sink.streams[0][2] == base.sink.streams[0][2]);
    EXPECT_TRUE(c->stream(SC).fin_delivered());
    EXPECT_EQ(c->close_reason(), CloseReason::Fin);
}

// The README's first framed packet of every connection is the Handshake
// (packet id 0x00 after a one-byte length); the stream must start there.
// Not a decode: a check that offset 0 is the first byte the client sent.
TEST(MinecraftJavaStreams, StartAtTheFirstByte) {
    Reassembled run;
    reassemble(kDir + "mcjava-1.14.4-compressed.pcap", run);
    for (const Connection* c : run.r->connections()) {
        const std::string& s = run.sink.streams[0][c->id()];
        ASSERT_GE(s.size(), 2u);
        EXPECT_EQ(uint8_t(s[1]), 0x00) << c->id();                       // Handshake id
        EXPECT_EQ(size_t(uint8_t(s[0])) + 1 <= s.size(), true) << c->id();  // its length fits
    }
}

}  // namespace
}  // namespace blankshark::tcp
