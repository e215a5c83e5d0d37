// Feeds a capture's RakNet conversations to raknet::Session the way a
// front end would (the analyzer's capture reader and UDP parser, one
// session per client endpoint, the server being the endpoint on
// `server_port`), and keeps copies of everything the sessions hand out, for
// tests and tools. The socket self-test raknet-native sends from the server
// port to itself is not part of a conversation.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "capture_reader.hpp"
#include "link_layer.hpp"
#include "protocols/raknet/session.hpp"

namespace raknettest {

struct FrameCopy {
    raknet::FrameResult r;
};

struct MessageCopy {
    raknet::MessageResult m;  // data and fragment_frames not kept (see bytes, fragments)
    std::vector<uint8_t> bytes;
    std::vector<uint64_t> fragments;
};

struct PacketCopy {
    raknet::PacketResult p;  // spans not kept (see the vectors)
    std::vector<uint8_t> bytes;
    std::vector<raknet::FrameResult> frames;
    std::vector<MessageCopy> messages;
    std::vector<uint64_t> linked;
    std::vector<core::Finding> findings;
};

struct Conversation {
    blankshark::capture::Endpoint client, server;
    std::unique_ptr<raknet::Session> session;
    std::vector<PacketCopy> packets;
    std::vector<raknet::Link> links;
    std::vector<core::Finding> late;  // findings on earlier frames

    const PacketCopy* at(uint64_t frame) const {
        for (const PacketCopy& p : packets)
            if (p.p.frame == frame) return &p;
        return nullptr;
    }
    std::vector<raknet::Link> links_of(uint64_t frame, raknet::LinkKind k) const {
        std::vector<raknet::Link> out;
        for (const raknet::Link& l : links)
            if (l.frame == frame && l.kind == k) out.push_back(l);
        return out;
    }
};

class Recorder : public raknet::Sink {
public:
    explicit Recorder(Conversation& c) : c_(c) {}
    void packet(const raknet::PacketResult& r) override {
        PacketCopy pc;
        pc.p = r;
        pc.bytes.assign(r.bytes, r.bytes + r.len);
        pc.frames.assign(r.frames.begin(), r.frames.end());
        for (const raknet::MessageResult& m : r.messages) {
            MessageCopy mc;
            mc.m = m;
            mc.bytes.assign(m.data, m.data + m.len);
            mc.fragments.assign(m.fragment_frames.begin(), m.fragment_frames.end());
            pc.messages.push_back(std::move(mc));
        }
        pc.linked.assign(r.linked_frames.begin(), r.linked_frames.end());
        pc.findings.assign(r.findings.begin(), r.findings.end());
        pc.p.frames = {};
        pc.p.messages = {};
        pc.p.linked_frames = {};
        pc.p.findings = {};
        pc.p.bytes = nullptr;
        c_.packets.push_back(std::move(pc));
    }
    void link(const raknet::Link& l) override { c_.links.push_back(l); }
    void finding(const core::Finding& f) override { c_.late.push_back(f); }

private:
    Conversation& c_;
};

struct CaptureRun {
    bool ok = false;
    std::string error;
    uint64_t frames = 0;
    std::vector<std::unique_ptr<Conversation>> conversations;
};

inline CaptureRun run_capture(const std::string& path, uint16_t server_port = raknet::kDefaultPort,
                              const raknet::Options& o = raknet::Options()) {
    using namespace blankshark::capture;
    CaptureRun run;
    CaptureReader reader;
    if (!reader.open(path)) {
        run.error = reader.error();
        return run;
    }
    std::map<std::pair<Endpoint, Endpoint>, Conversation*> by_key;
    Frame f;
    core::Origin last;
    while (reader.next(f) == CaptureReader::Status::Next) {
        const double t = double(f.ts_sec) + f.ts_nsec * 1e-9;
        last = core::Origin{f.number, t};
        UdpDatagram d;
        if (parse_udp(reader.link_type(), f.data, f.caplen, d) != LinkResult::Ok) continue;
        if (d.src.port == server_port && d.dst.port == server_port) continue;  // socket self-test
        core::Side side;
        if (d.dst.port == server_port) side = core::Side::Client;
        else if (d.src.port == server_port) side = core::Side::Server;
        else continue;
        const Endpoint client = side == core::Side::Client ? d.src : d.dst;
        const Endpoint server = side == core::Side::Client ? d.dst : d.src;
        Conversation*& c = by_key[{client, server}];
        if (!c) {
            run.conversations.push_back(std::make_unique<Conversation>());
            c = run.conversations.back().get();
            c->client = client;
            c->server = server;
            c->session = std::make_unique<raknet::Session>(o);
        }
        Recorder rec(*c);
        c->session->packet(side, d.payload, d.payload_len, last, rec);
    }
    run.frames = reader.frames_read();
    for (auto& c : run.conversations) {
        Recorder rec(*c);
        c->session->finish(last, rec);
    }
    run.ok = true;
    return run;
}

}  // namespace raknettest
