#include "simulator.hpp"

#include <algorithm>
#include <map>

#include "core/encoder.hpp"
#include "protocols/raknet/builder.hpp"
#include "schema.hpp"

namespace mcpe {

using core::Value;
using raknet::FrameSpec;
using raknet::Generation;
using raknet::Reliability;
using core::Side;

namespace {

constexpr uint32_t kMtu = 1464;             // the seed's MTU
constexpr uint32_t kFragment = 1400;        // split fragment body: fits kMtu with every header
constexpr double kGap = 0.020;              // between two scripted messages
constexpr double kAckDelay = 0.002, kNakDelay = 0.001, kResendDelay = 0.0005;
constexpr uint8_t kDatagramFlags = raknet::bit::kValid | raknet::bit::kNeedsBAndAs;  // 0x84, as RakNet sends

std::string ip(const uint8_t (&a)[4]) {
    return std::to_string(a[0]) + "." + std::to_string(a[1]) + "." + std::to_string(a[2]) + "." + std::to_string(a[3]);
}

bool in(const std::vector<uint32_t>& v, uint32_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// One side's RakNet sender.
struct Peer {
    uint32_t seq = 0, message_index = 0, split_id = 0;
    uint32_t order[raknet::kOrderingChannels] = {};
    uint32_t sequencing[raknet::kOrderingChannels] = {};
    std::map<uint32_t, std::vector<FrameSpec>> sent;  // datagram number -> its reliable frames
    uint32_t expected = 0;                            // receiving: the next datagram number
};

class Sim {
public:
    explicit Sim(const SimulatorOptions& o) : o_(o), g_(o.raknet) {}

    std::vector<WireRecord> run();

private:
    void record(double t, Side from, std::vector<uint8_t> b) { out_.push_back(WireRecord{t, from, std::move(b)}); }
    Peer& peer(Side s) { return peers_[int(s)]; }

    // A message of `from` at time t: its frames (split when larger than a
    // datagram) in datagrams of their own.
    void send(double t, Side from, const std::vector<uint8_t>& body, Reliability r, uint8_t channel = 0);
    // Several small messages packed into one datagram.
    void send_packed(double t, Side from, const std::vector<std::vector<uint8_t>>& bodies, Reliability r);
    FrameSpec frame(Side from, Reliability r, uint8_t channel);
    void datagram(double t, Side from, std::vector<FrameSpec> frames);
    // Resends wait for their time, so a side's numbers follow its send times.
    void flush(double t, const Side* only = nullptr);
    void offline(double& t);

    struct Resend {
        double time;
        Side from;
        std::vector<FrameSpec> frames;
    };
    std::vector<Resend> pending_;

    SimulatorOptions o_;
    Generation g_;
    Peer peers_[2];
    std::vector<WireRecord> out_;
};

FrameSpec Sim::frame(Side from, Reliability r, uint8_t channel) {
    Peer& p = peer(from);
    FrameSpec f;
    f.reliability = r;
    f.channel = channel;
    if (raknet::has_message_index(r)) f.message_index = p.message_index++;
    if (raknet::is_sequenced(r)) f.sequencing_index = p.sequencing[channel]++;
    if (raknet::has_order(r)) f.order_index = p.order[channel];  // sequenced: the current ordering index
    return f;
}

void Sim::send(double t, Side from, const std::vector<uint8_t>& body, Reliability r, uint8_t channel) {
    Peer& p = peer(from);
    if (body.size() <= kFragment) {
        FrameSpec f = frame(from, r, channel);
        f.body = body;
        if (raknet::is_ordered(r)) ++p.order[channel];
        datagram(t, from, {f});
        return;
    }
    // Split: one order index for the message, a message index per fragment
    // (RakNet's SplitPacket), reliable whatever was asked (RakNet makes
    // split unreliable messages reliable, as the captures' README says).
    if (r == Reliability::Unreliable) r = Reliability::Reliable;
    const uint32_t count = uint32_t((body.size() + kFragment - 1) / kFragment);
    const uint16_t id = uint16_t(p.split_id++);
    const uint32_t order = p.order[channel];
    for (uint32_t i = 0; i < count; ++i) {
        FrameSpec f = frame(from, r, channel);
        f.order_index = order;
        f.split = true;
        f.split_id = id;
        f.split_count = count;
        f.split_index = i;
        const size_t at = size_t(i) * kFragment, n = std::min<size_t>(kFragment, body.size() - at);
        f.body.assign(body.begin() + long(at), body.begin() + long(at + n));
        datagram(t + i * 0.0001, from, {f});
    }
    if (raknet::is_ordered(r)) ++p.order[channel];
}

void Sim::send_packed(double t, Side from, const std::vector<std::vector<uint8_t>>& bodies, Reliability r) {
    std::vector<FrameSpec> frames;
    for (const auto& b : bodies) {
        FrameSpec f = frame(from, r, 0);
        f.body = b;
        if (raknet::is_ordered(r)) ++peer(from).order[0];
        frames.push_back(std::move(f));
    }
    datagram(t, from, frames);
}

void Sim::flush(double t, const Side* only) {
    for (;;) {
        size_t best = pending_.size();
        for (size_t i = 0; i < pending_.size(); ++i)
            if (pending_[i].time <= t && (!only || pending_[i].from == *only) &&
                (best == pending_.size() || pending_[i].time < pending_[best].time))
                best = i;
        if (best == pending_.size()) return;
        Resend r = std::move(pending_[best]);
        pending_.erase(pending_.begin() + long(best));
        datagram(r.time, r.from, std::move(r.frames));
    }
}

void Sim::datagram(double t, Side from, std::vector<FrameSpec> frames) {
    flush(t, &from);
    Peer& p = peer(from);
    const Side to = core::other(from);
    Peer& q = peer(to);
    const uint32_t seq = p.seq++;
    std::vector<FrameSpec> reliable;
    for (const FrameSpec& f : frames)
        if (raknet::has_message_index(f.reliability)) reliable.push_back(f);
    p.sent[seq] = reliable;
    const std::vector<uint8_t> bytes = raknet::encode_datagram(g_, seq, frames, kDatagramFlags);
    const Impairment& im = o_.impairment;
    const bool lost_before = from == Side::Client && in(im.client_lost, seq);
    const bool lost_after = from == Side::Server && in(im.server_lost, seq);
    if (!lost_before) record(t, from, bytes);
    if (from == Side::Client && in(im.client_duplicated, seq)) record(t + 0.00005, from, bytes);
    if (lost_before || lost_after) return;
    // The receiver: NAK what this datagram skipped, ACK it; the sender
    // resends the NAKed datagrams' reliable frames in new datagrams.
    const uint32_t first = q.expected;
    if (seq >= q.expected) q.expected = seq + 1;
    if (seq > first) {
        const uint32_t last = seq - 1;
        record(t + kNakDelay, to, raknet::encode_ack(g_, true, {{first, last}}));
        for (uint32_t s = first; s <= last; ++s) {
            auto it = p.sent.find(s);
            if (it != p.sent.end() && !it->second.empty())
                pending_.push_back(Resend{t + kNakDelay + kResendDelay + (s - first) * 0.0001, from, it->second});
        }
    }
    record(t + kAckDelay, to, raknet::encode_ack(g_, false, {{seq, seq}}));
}

void Sim::offline(double& t) {
    using raknet::address_value;
    using raknet::magic_value;
    const uint32_t P = raknet::kPacketTable;
    // Server list query: the seed's ping (ping ID, magic) and pong.
    Value ping{{"time", 0x3c6d0d}, {"magic", magic_value()}};
    if (g_ == Generation::Current) ping.set("client_guid", int64_t(kClientGuid));
    record(t, Side::Client, raknet::encode_message(g_, P, raknet::id::kUnconnectedPing, ping));
    record(t + 0.001, Side::Server,
           raknet::encode_message(g_, P, raknet::id::kUnconnectedPong,
                                  Value{{"time", 0x3c6d0d}, {"server_guid", int64_t(kServerGuid)}, {"magic", magic_value()},
                                        {"server_id", "MCCPP;MINECON;Steve's world"}}));
    t += 0.5;
    // Open Connection Request 1 padded to the MTU (1464 = 1436 bytes of payload + 28).
    const uint32_t padding = kMtu - raknet::kUdpIpHeaders - 1 - raknet::kMagicSize - 1;
    record(t, Side::Client,
           raknet::encode_message(g_, P, raknet::id::kOpenConnectionRequest1,
                                  Value{{"magic", magic_value()}, {"protocol", 5}, {"mtu_padding", Value::bytes(padding, 0)}}));
    record(t + 0.001, Side::Server,
           raknet::encode_message(g_, P, raknet::id::kOpenConnectionReply1,
                                  Value{{"magic", magic_value()}, {"server_guid", int64_t(kServerGuid)},
                                        {"use_security", 0}, {"mtu", int64_t(kMtu)}}));
    record(t + 0.002, Side::Client,
           raknet::encode_message(g_, P, raknet::id::kOpenConnectionRequest2,
                                  Value{{"magic", magic_value()}, {"server_address", address_value(ip(kServerIp).c_str(), raknet::kDefaultPort)},
                                        {"mtu", int64_t(kMtu)}, {"client_guid", int64_t(kClientGuid)}}));
    Value reply2{{"magic", magic_value()}, {"server_guid", int64_t(kServerGuid)}, {"mtu", int64_t(kMtu)}};
    if (g_ == Generation::Seed002) {
        reply2.set("client_port", kClientPort);
        reply2.set("security", 0);
    } else {
        reply2.set("client_address", address_value(ip(kClientIp).c_str(), kClientPort));
    }
    record(t + 0.003, Side::Server, raknet::encode_message(g_, P, raknet::id::kOpenConnectionReply2, reply2));
    t += 0.5;
}

std::vector<WireRecord> Sim::run() {
    double t = o_.start;
    if (o_.offline) offline(t);
    const uint32_t M = raknet::kMessageTable;
    using raknet::address_value;
    // RakNet's connected handshake (reliable, as RakNet sends it).
    auto system = [&](uint8_t id, const Value& v) { return raknet::encode_message(g_, M, id, v); };
    auto internal = [&] {
        std::vector<Value> a(10, address_value("255.255.255.255", 0));
        return Value::list(a);
    };
    uint64_t clock_c = 100000, clock_s = 200000;  // each side's RakNet::GetTime()
    send(t, Side::Client, system(raknet::id::kConnectionRequest,
                                 Value{{"client_guid", int64_t(kClientGuid)}, {"time", int64_t(clock_c)}, {"use_security", 0}}),
         Reliability::Reliable);
    t += kGap;
    send(t, Side::Server, system(raknet::id::kConnectionRequestAccepted,
                                 Value{{"client_address", address_value(ip(kClientIp).c_str(), kClientPort)},
                                       {"system_index", 0},
                                       {"internal_addresses", internal()},
                                       {"request_time", int64_t(clock_c)},
                                       {"accepted_time", int64_t(clock_s + 20)}}),
         Reliability::Reliable);
    t += kGap;
    // New Incoming Connection and the first connected ping in one datagram.
    auto ping = [&](uint64_t time) { return system(raknet::id::kConnectedPing, Value{{"time", int64_t(time)}}); };
    auto pong = [&](uint64_t ping_time, uint64_t pong_time) {
        Value v{{"ping_time", int64_t(ping_time)}};
        if (g_ == Generation::Current) v.set("pong_time", int64_t(pong_time));
        return system(raknet::id::kConnectedPong, v);
    };
    send_packed(t, Side::Client,
                {system(raknet::id::kNewIncomingConnection,
                        Value{{"server_address", address_value(ip(kServerIp).c_str(), raknet::kDefaultPort)},
                              {"internal_addresses", internal()},
                              {"request_time", int64_t(clock_c + 40)},
                              {"accepted_time", int64_t(clock_s + 20)}}),
                 ping(clock_c + 40)},
                Reliability::Reliable);
    send(t + 0.004, Side::Server, pong(clock_c + 40, clock_s + 44), Reliability::Unreliable);
    t += kGap;
    // The game.
    const core::Schema& s = schema(default_version());
    uint32_t n = 0;
    for (const ScriptedPacket& p : seed_script()) {
        flush(t);
        send(t, p.from, core::encode(s, 0, p.id, p.values), p.reliability);
        t += kGap;
        if (++n % 20 == 0) {  // a connected ping every 20 messages
            const uint64_t now = clock_c + uint64_t((t - o_.start) * 1000.0);
            send(t, Side::Client, ping(now), Reliability::Unreliable);
            send(t + 0.003, Side::Server, pong(now, clock_s + uint64_t((t - o_.start) * 1000.0) + 3), Reliability::Unreliable);
            t += kGap;
        }
    }
    flush(t);
    send(t, Side::Client, system(raknet::id::kDisconnectionNotification, Value{}), Reliability::ReliableOrdered);
    flush(t + 1.0);
    std::stable_sort(out_.begin(), out_.end(), [](const WireRecord& a, const WireRecord& b) { return a.time < b.time; });
    return out_;
}

}  // namespace

std::vector<WireRecord> simulate(const SimulatorOptions& o) { return Sim(o).run(); }

}  // namespace mcpe
