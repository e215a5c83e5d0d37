// Test support for the TCP reassembler: a sink that records every event as a
// line and each direction's stream as a string (gaps as '~'), checking the
// Sink's ordering promises as it goes; and a builder of synthetic segments.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "link_layer.hpp"
#include "tcp/tcp_reassembly.hpp"

namespace blankshark::tcp::testing {

struct Recorder : Sink {
    struct DirLog {
        std::string bytes;  // delivered bytes, '~' for each missing one
        uint64_t next = 0;
        bool fin = false;
    };
    struct ConnLog {
        std::array<DirLog, 2> dir;
        bool closed = false;
    };

    Hint hint = Hint::Unknown;
    Reassembler* reassembler = nullptr;  // to release from on_close, if set
    bool release_on_close = false;
    std::map<uint32_t, ConnLog> conns;
    std::vector<std::string> log;
    std::vector<FindingInfo> findings;
    std::vector<const uint8_t*> data_pointers;  // of every on_data call

    DirLog& d(uint32_t id, Side dir) { return conns[id].dir[int(dir)]; }
    const std::string& stream(uint32_t id, Side dir) { return d(id, dir).bytes; }

    Hint on_new_tuple(const capture::TcpSegment&, uint64_t) override { return hint; }
    void on_open(Connection& c, uint64_t frame, double) override {
        EXPECT_EQ(conns.count(c.id()), 0u) << "opened twice";
        conns[c.id()];
        log.push_back("open " + std::to_string(c.id()) + " f" + std::to_string(frame));
    }
    void on_data(Connection& c, Side dir, const uint8_t* p, uint32_t n, uint64_t off,
                 const SegmentOrigin& o) override {
        ConnLog& cl = conns[c.id()];
        EXPECT_FALSE(cl.closed) << "data after close";
        DirLog& dl = cl.dir[int(dir)];
        EXPECT_FALSE(dl.fin) << "data after fin";
        EXPECT_EQ(off, dl.next) << "not contiguous";
        EXPECT_GT(n, 0u);
        dl.bytes.append(reinterpret_cast<const char*>(p), n);
        dl.next = off + n;
        data_pointers.push_back(p);
        std::string line = "data " + std::to_string(c.id()) + " " + core::arrow(dir) + " " + std::to_string(off) + "+" +
                           std::to_string(n) + " f" + std::to_string(o.frame);
        if (o.delivered_frame != o.frame) line += "@f" + std::to_string(o.delivered_frame);
        log.push_back(line);
    }
    void on_gap(Connection& c, Side dir, uint64_t off, uint64_t missing, GapReason why, uint64_t frame,
                double) override {
        ConnLog& cl = conns[c.id()];
        EXPECT_FALSE(cl.closed) << "gap after close";
        DirLog& dl = cl.dir[int(dir)];
        EXPECT_EQ(off, dl.next) << "gap not contiguous";
        EXPECT_GT(missing, 0u);
        dl.bytes.append(size_t(std::min<uint64_t>(missing, 1 << 20)), '~');
        dl.next = off + missing;
        log.push_back("gap " + std::to_string(c.id()) + " " + core::arrow(dir) + " " + std::to_string(off) + "+" +
                      std::to_string(missing) + " " + gap_reason_name(why) + " f" + std::to_string(frame));
    }
    void on_fin(Connection& c, Side dir, uint64_t off, const SegmentOrigin& o) override {
        DirLog& dl = d(c.id(), dir);
        EXPECT_FALSE(dl.fin) << "two fins";
        EXPECT_EQ(off, dl.next) << "fin before the last byte";
        dl.fin = true;
        std::string line = "fin " + std::to_string(c.id()) + " " + core::arrow(dir) + " " + std::to_string(off) + " f" +
                           std::to_string(o.frame);
        if (o.delivered_frame != o.frame) line += "@f" + std::to_string(o.delivered_frame);
        log.push_back(line);
    }
    void on_rst(Connection& c, Side dir, uint64_t frame, double) override {
        log.push_back("rst " + std::to_string(c.id()) + " " + core::arrow(dir) + " f" + std::to_string(frame));
    }
    void on_close(Connection& c, CloseReason why, uint64_t frame, double) override {
        ConnLog& cl = conns[c.id()];
        EXPECT_FALSE(cl.closed) << "closed twice";
        cl.closed = true;
        log.push_back("close " + std::to_string(c.id()) + " " + close_reason_name(why) + " f" + std::to_string(frame));
        if (release_on_close && reassembler) reassembler->release(c);
    }
    void on_finding(Connection* c, Side dir, const FindingInfo& f) override {
        if (c) {
            EXPECT_FALSE(conns[c->id()].closed) << "finding after close";
        }
        findings.push_back(f);
        log.push_back(std::string(finding_name(f.kind)) + " " + (c ? std::to_string(c->id()) : "-") + " " +
                      core::arrow(dir) + " " + std::to_string(f.stream_offset) + "+" + std::to_string(f.length) + " f" +
                      std::to_string(f.frame));
    }

    size_t count(Finding k) const {
        size_t n = 0;
        for (const auto& f : findings) n += f.kind == k;
        return n;
    }
    std::string joined() const {
        std::string s;
        for (const auto& l : log) s += l + "\n";
        return s;
    }
};

// Synthetic segments between a client and a server, fed with increasing
// frame numbers (time = frame / 10).
struct Wire {
    capture::Endpoint client, server;
    std::deque<std::string> payloads;  // keeps the bytes alive while the reassembler may point at them
    uint64_t frame = 0;

    explicit Wire(bool v6 = false) {
        client.family = server.family = v6 ? 6 : 4;
        if (v6) {
            client.addr[15] = 2;
            server.addr[15] = 1;
        } else {
            const uint8_t c[4] = {10, 0, 0, 2}, s[4] = {10, 0, 0, 1};
            std::copy(c, c + 4, client.addr);
            std::copy(s, s + 4, server.addr);
        }
        client.port = 40000;
        server.port = 25565;
    }

    capture::TcpSegment make(bool from_client, uint32_t seq, uint32_t ack, uint8_t flags, const std::string& payload,
                             uint16_t window = 65535) {
        payloads.push_back(payload);
        capture::TcpSegment s;
        s.src = from_client ? client : server;
        s.dst = from_client ? server : client;
        s.seq = seq;
        s.ack = ack;
        s.flags = flags;
        s.window = window;
        s.header_len = 20;
        s.payload = reinterpret_cast<const uint8_t*>(payloads.back().data());
        s.payload_len = uint32_t(payloads.back().size());
        return s;
    }
};

// One connection's segments in order, each numbered after the one before
// it (a SYN or FIN counts one): they point at the caller's bytes, so
// building one copies and allocates nothing (the allocation tests use it).
struct InOrder {
    const Wire& w;
    uint32_t cseq = 1000, sseq = 5000;

    capture::TcpSegment next(bool from_client, uint8_t flags, const std::string* p = nullptr) {
        return next(from_client, flags, p ? p->data() : nullptr, p ? p->size() : 0);
    }
    capture::TcpSegment next(bool from_client, uint8_t flags, const char* p, size_t n) {
        capture::TcpSegment s;
        s.src = from_client ? w.client : w.server;
        s.dst = from_client ? w.server : w.client;
        s.seq = from_client ? cseq : sseq;
        s.ack = from_client ? sseq : cseq;
        s.flags = flags;
        s.window = 65535;
        s.payload = reinterpret_cast<const uint8_t*>(p);
        s.payload_len = uint32_t(n);
        uint32_t& q = from_client ? cseq : sseq;
        q += uint32_t(n) + ((flags & (capture::tcpflag::kSyn | capture::tcpflag::kFin)) ? 1 : 0);
        return s;
    }
};

}  // namespace blankshark::tcp::testing
