// The blank game simulation: see simulator.hpp for what the traffic is.
//
// Structure: one discrete-event loop over integer nanoseconds. Events are
// client frames and server ticks (60 Hz each, per client), a client's start,
// and the delivery of a packet. A packet is built when it is sent (header:
// the sender's seq and its current ack/history), passes the impairment, and
// is written to the capture when it is delivered, which is also when the
// receiver updates its ack/history (the game's Connection::Received) and
// reacts (accepts a PlayerUpdate, relays a chat line, resends what the acks
// report lost). Frequent packets are copied from templates built once with
// blank::PacketBuilder and patched in place.
#include "simulator.hpp"

#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>

#include "core/codecs.hpp"
#include "ack_rule.hpp"
#include "encoder.hpp"
#include "le.hpp"
#include "protocol.hpp"

namespace blank {
namespace {

using blank::PacketBuilder;
using blank::le::put16;
using blank::le::put32;
using blank::le::put64;
using blank::le::putf32;
using blank::le::u16;
using blank::le::u32;

constexpr double kPi = 3.14159265358979323846;
constexpr uint64_t kMs = 1000000;
constexpr uint64_t kSecond = 1000 * kMs;
constexpr uint64_t kEpoch = 1700000000ull * kSecond;  // 2023-11-14, the capture's first second
constexpr uint64_t kFrame = 16666667;                 // 60 Hz client frames and server ticks
constexpr uint64_t kLatency = 120000;                 // one-way, every packet (keeps each path FIFO)
constexpr uint64_t kBurstGap = 5000;                  // between packets one side sends at once
constexpr uint64_t kPingAfter = 50 * kMs;             // Connection::ShouldPing
constexpr uint64_t kChunkTimeout = 5 * kSecond;       // client ChunkReceiver timer
constexpr uint64_t kRecvTimeout = 10 * kSecond;       // Connection: recv_timer(10000), then Close()
constexpr size_t kHeader = blank::kHeaderSize;
constexpr size_t kPieceLen = 472;                     // Packet::ChunkData::MAX_DATA_LEN
constexpr size_t kMaxEntities = 12;                   // Packet::EntityUpdate::MAX_ENTITIES
constexpr size_t kSlot = 512;                         // room for the largest packet (500 bytes)
constexpr uint32_t kPoolSize = 48;
constexpr int kChunkRadius = 5;                       // chunks loaded around the player (manhattan)
constexpr uint16_t kServerPort = 12354;


// xoshiro256** seeded through splitmix64: the same sequence on every platform
// (std:: distributions are not specified bit for bit).
struct Rng {
    uint64_t s[4];
    explicit Rng(uint64_t seed) {
        for (uint64_t& x : s) {
            seed += 0x9E3779B97F4A7C15ull;
            uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            x = z ^ (z >> 31);
        }
    }
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    uint64_t next() {
        const uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
        s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
        s[2] ^= t;
        s[3] = rotl(s[3], 45);
        return r;
    }
    double uniform() { return double(next() >> 11) * 0x1.0p-53; }  // [0, 1)
    double range(double a, double b) { return a + (b - a) * uniform(); }
    uint32_t below(uint32_t n) { return uint32_t(((next() >> 32) * n) >> 32); }
    bool chance(double p) { return uniform() < p; }
};

uint64_t mix(uint64_t x) {
    x ^= x >> 33; x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 33; x *= 0xC4CEB9FE1A85EC53ull;
    return x ^ (x >> 33);
}

// --- chunk pool --------------------------------------------------------------

// Smooth value noise over a 16x16 face, from a 5x5 lattice.
struct Noise2 {
    double v[5][5];
    explicit Noise2(Rng& r) {
        for (auto& row : v)
            for (double& x : row) x = r.uniform();
    }
    double at(int x, int z) const {
        const double fx = x / 4.0, fz = z / 4.0;
        const int ix = int(fx), iz = int(fz);
        const double tx = fx - ix, tz = fz - iz;
        const double a = v[ix][iz] * (1 - tx) + v[ix + 1][iz] * tx;
        const double b = v[ix][iz + 1] * (1 - tx) + v[ix + 1][iz + 1] * tx;
        return a * (1 - tz) + b * tz;
    }
};

// The block data of Chunk at fa73e36 (see src/chunk_contents.hpp): 4096 x
// (u16 type, u8 orientation, u8 unused), index x + 16 y + 256 z; 4096 light
// bytes; 2 flag bytes; 2 pad bytes. Kinds in the proportions of the real
// captures' compressed sizes: air (45-46 bytes), a few blocks, low and high
// surface terrain, solid ground with ores and caves (up to ~1.2 kB).
std::vector<uint8_t> make_chunk(uint32_t variant, uint64_t seed) {
    std::vector<uint8_t> raw(20484, 0);
    Rng r(mix(seed * 0x100000001B3ull + variant + 1));
    auto set = [&](int x, int y, int z, uint16_t type) {
        const size_t i = size_t(x + 16 * y + 256 * z) * 4;
        raw[i] = uint8_t(type);
        raw[i + 1] = uint8_t(type >> 8);
    };
    raw[16384 + 4096] = 1;                  // flags as the real chunks show them: 01 00 or 01 01
    raw[16384 + 4097] = uint8_t(r.below(2));
    const uint32_t kind = variant % 16;
    if (kind <= 7) {  // air, or air with a few blocks
        const int n = kind <= 5 ? 0 : int(1 + r.below(kind == 6 ? 4 : 40));
        for (int i = 0; i < n; ++i) set(int(r.below(16)), int(r.below(16)), int(r.below(16)), uint16_t(1 + r.below(8)));
        return raw;
    }
    if (kind <= 12) {  // terrain: a height field, stone under dirt under grass, some ores and plants
        Noise2 height(r);
        const double base = kind <= 9 ? r.range(0, 2) : r.range(3, 9);
        const double amp = kind <= 9 ? r.range(1, 3) : r.range(2, 6);
        const double ore = kind <= 9 ? 0.004 : r.range(0.005, 0.03);
        const double plant = r.range(0, 0.06);
        for (int z = 0; z < 16; ++z)
            for (int x = 0; x < 16; ++x) {
                const int h = std::min(15, int(base + amp * height.at(x, z)));
                for (int y = 0; y <= h; ++y) {
                    uint16_t t = y == h ? 3 : y >= h - 2 ? 2 : 1;
                    if (t == 1 && r.chance(ore)) t = uint16_t(4 + r.below(5));
                    set(x, y, z, t);
                }
                if (h < 15 && r.chance(plant)) set(x, h + 1, z, uint16_t(7 + r.below(2)));
            }
        return raw;
    }
    // solid ground: stone with ores and pockets of other material, a cave or two
    const double ore = r.range(0.02, 0.1);
    const uint16_t pocket = uint16_t(2 + r.below(7));
    Noise2 pockets(r);
    for (int z = 0; z < 16; ++z)
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 16; ++x) {
                uint16_t t = pockets.at(x, z) > 0.6 && y % 5 < 3 ? pocket : 1;
                if (r.chance(ore)) t = uint16_t(4 + r.below(5));
                set(x, y, z, t);
            }
    const int caves = int(r.below(3));
    for (int c = 0; c < caves; ++c) {
        const int cx = int(r.below(16)), cy = int(r.below(16)), cz = int(r.below(16)), rad = int(2 + r.below(4));
        for (int z = 0; z < 16; ++z)
            for (int y = 0; y < 16; ++y)
                for (int x = 0; x < 16; ++x)
                    if ((x - cx) * (x - cx) + (y - cy) * (y - cy) + (z - cz) * (z - cz) <= rad * rad) set(x, y, z, 0);
    }
    return raw;
}

// --- the game's connection control (src/net/net.cpp, Connection) -------------

struct Ctrl {
    uint16_t seq = 0;                            // ctrl_out.seq: next to send
    uint16_t ack = 0xFFFF;                       // ctrl_out.ack / hist: what this side received
    uint32_t hist = 0xFFFFFFFF;
    uint16_t in_ack = 0xFFFF;                    // ctrl_in: the peer's newest ack of our packets
    uint32_t in_hist = 0xFFFFFFFF;
    uint64_t last_send = 0;
    bool sent_any = false;
};

using blank::acks;

// --- the simulation ----------------------------------------------------------

enum EventKind : uint8_t { kDeliver, kClientStart, kClientFrame, kServerTick, kStopClient, kStopServer };

struct Event {
    uint64_t t, order;
    uint32_t conv, slot;
    uint16_t len;
    EventKind kind;
    bool from_client, copy;
};
struct Later {
    bool operator()(const Event& a, const Event& b) const { return a.t != b.t ? a.t > b.t : a.order > b.order; }
};

struct Mob {
    uint32_t id;
    double pos[3];
    float vel[3];
    double yaw;
    uint64_t quat;
    int32_t spawn_pack = -1, despawn_pack = -1;
    bool confirmed = false;
};

// The server's ChunkTransmitter (src/server/net.cpp).
struct Transmitter {
    bool current = false;
    uint32_t trans_id = 0;
    int32_t coords[3] = {0, 0, 0};
    const std::vector<uint8_t>* data = nullptr;
    size_t cursor = 0, num_packets = 0;
    int32_t begin_packet = -1;
    std::vector<int32_t> data_packets;
    int confirm_wait = 0;
    bool transmitting() const { return cursor < num_packets; }
    bool waiting() const { return confirm_wait > 0; }
    bool idle() const { return !transmitting() && !waiting(); }
};

// The client's ChunkReceiver (src/client/net.cpp): only what decides its
// re-requests.
struct RecvTx {
    uint32_t id = 0;
    bool active = false, header = false;
    int32_t coords[3] = {0, 0, 0};
    uint32_t size = 0;
    uint64_t received = 0;  // bytes counted per piece, duplicates included (the game's TODO)
    uint64_t pieces = 0;    // bit mask of distinct pieces, to tell corrupt data
    uint64_t last_update = 0;
};

// What the capture holds of a transmission (for the truth).
struct TxTrack {
    uint32_t id = 0;
    uint32_t pieces = 0;
    bool begin = false, counted = false, seen = false;
    uint64_t mask = 0;
};

struct Client {
    uint32_t index = 0;
    SimEndpoint ep;
    std::string name;
    uint32_t entity_id = 0;
    Rng world, imp_c2s, imp_s2c;
    enum State : uint8_t { Waiting, LoggingIn, Joined, Parted } state = Waiting;
    // --stop-client: the process is gone (sends and reads nothing, no Part).
    // closed: one side's connection timed out (10 s without receiving).
    bool dead = false, closed = false;
    uint64_t heard_client = 0, heard_server = 0;  // last receive, server side / client side
    Ctrl cctrl, sctrl;  // the client's connection; the server's connection to it
    // client side
    double pos[3] = {0, 0, 0};
    float vel[3] = {0, 0, 0};
    double yaw = 0, pitch = 0;
    uint64_t quat = core::codecs::kQuatIdentityBits | 3ull << 62;
    bool moving = false;
    uint64_t phase_end = 0;
    int stall = 0;
    uint8_t slot = 0;
    std::vector<RecvTx> rx;
    uint16_t login_seq = 0;
    // server side
    bool server_joined = false, accepted_any = false;
    uint16_t accepted_seq = 0;
    double acc_pos[3] = {0, 0, 0};
    float acc_vel[3] = {0, 0, 0};
    uint64_t acc_quat = 0;
    double acc_pitch = 0, acc_yaw = 0;
    bool acc_moving = false;
    uint64_t tick_no = 0;
    bool have_base = false;
    int32_t old_base[3] = {0, 0, 0};
    std::deque<std::array<int32_t, 3>> chunk_queue;
    Transmitter tx;
    std::vector<Mob> mobs;
    uint32_t mob_target = 30;
    TxTrack tracks[16];
    // delivered seqs, per direction (unwrapped), for the truth
    bool any_c2s = false, any_s2c = false;
    int64_t max_c2s = 0, max_s2c = 0;
    SynthConversation* truth = nullptr;
    Client() : world(0), imp_c2s(0), imp_s2c(0) {}
};

int32_t chunk_of(double v) { return int32_t(std::floor(v / 16.0)); }
int manhattan(const int32_t a[3], const int32_t b[3]) {
    return std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
}
uint64_t yaw_quat(double yaw) {
    const double q[4] = {0, std::sin(yaw / 2), 0, std::cos(yaw / 2)};
    return core::codecs::pack_quat(q);
}

const char* const kNames[] = {"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"};
const char* const kChat[] = {"hello", "anyone here?", "look at this cave", "brb", "nice build",
                             "where are you?", "found some ore", "gg"};

class Synth {
public:
    Synth(const SynthOptions& o, SimSink& out, SynthTruth& t) : opt_(o), truth_(t), out_(out) {}
    bool run(std::string& error);

private:
    // packets
    uint8_t* slot_ptr(uint32_t s) { return slots_[s].data(); }
    uint32_t alloc_slot() {
        if (!free_.empty()) {
            const uint32_t s = free_.back();
            free_.pop_back();
            return s;
        }
        slots_.emplace_back();
        return uint32_t(slots_.size() - 1);
    }
    uint32_t from_template(const std::vector<uint8_t>& t) {
        const uint32_t s = alloc_slot();
        std::memcpy(slot_ptr(s), t.data(), t.size());
        return s;
    }
    int32_t post(Client& c, bool from_client, uint64_t now, uint32_t slot, size_t len, bool part = false);
    void push(uint64_t t, EventKind k, uint32_t conv, uint32_t slot = 0, uint16_t len = 0, bool from_client = false,
              bool copy = false) {
        heap_.push_back(Event{t, order_++, conv, slot, len, k, from_client, copy});
        std::push_heap(heap_.begin(), heap_.end(), Later{});
    }
    bool allowed(bool part) const;

    // senders
    int32_t send_simple(Client& c, bool from_client, uint64_t now, const std::vector<uint8_t>& tmpl) {
        return post(c, from_client, now, from_template(tmpl), tmpl.size());
    }
    void send_login(Client& c, uint64_t now);
    void send_player_update(Client& c, uint64_t now);
    void send_message(Client& c, bool from_client, uint64_t now, uint8_t type, uint32_t referral, const std::string& text);
    void send_join(Client& c, uint64_t now);
    void send_correction(Client& c, uint64_t now);
    void send_begin(Client& c, uint64_t now);
    void send_data(Client& c, uint64_t now, size_t i);
    void send_spawn(Client& c, Mob& m, uint64_t now);
    void send_despawn(Client& c, Mob& m, uint64_t now);
    void send_entity_updates(Client& c, uint64_t now);
    void send_block_update(Client& c, uint64_t now, const int32_t coords[3], uint32_t n, Rng& r);
    void send_rerequest(Client& c, uint64_t now, const int32_t coords[3]);

    // behaviour
    void client_start(Client& c, uint64_t now);
    void client_frame(Client& c, uint64_t now);
    void server_tick(Client& c, uint64_t now);
    void deliver(const Event& e);
    void on_lost(Client& c, uint16_t seq, uint64_t now);
    void on_acked(Client& c, uint16_t seq);
    void server_handle(Client& c, const uint8_t* p, size_t len, uint64_t now);
    void client_handle(Client& c, const uint8_t* p, size_t len, uint64_t now);
    void check_chunk_queue(Client& c, uint64_t now);
    void check_entities(Client& c, uint64_t now);
    void track_delivery(Client& c, const uint8_t* p, size_t len);
    void start_parting(uint64_t now);
    void close(Client& c, uint64_t now);
    bool stops() const { return opt_.stop_client >= 0 || opt_.stop_server >= 0; }

    const SynthOptions& opt_;
    SynthTruth& truth_;
    SimSink& out_;
    SimEndpoint server_ = SimEndpoint::v4(10, 0, 0, 1, kServerPort);
    std::vector<std::unique_ptr<Client>> clients_;
    std::deque<std::array<uint8_t, kSlot>> slots_;
    std::vector<uint32_t> free_;
    std::vector<Event> heap_;
    uint64_t order_ = 0;
    uint64_t written_ = 0, inflight_ = 0;
    enum Phase : uint8_t { Normal, Closing, Parting } phase_ = Normal;
    uint64_t closing_at_ = 0;  // written + in flight at which closing starts
    uint32_t parts_due_ = 0;   // clients that will send a Part
    bool server_dead_ = false; // --stop-server: the server process is gone
    std::vector<std::vector<uint8_t>> pool_;
    uint32_t next_entity_ = 1;
    // templates
    std::vector<uint8_t> t_ping_, t_part_, t_update_, t_spawn_, t_despawn_, t_entity_, t_correction_, t_begin_,
        t_data_, t_block_, t_rerequest_, t_join_;
};

// Room for one more packet: every client that started keeps room for its Part.
bool Synth::allowed(bool part) const {
    if (part) return true;
    if (phase_ == Parting) return false;
    return written_ + inflight_ + 1 + parts_due_ <= opt_.packets;
}

// Connection::Send: the header carries this side's seq and what it has
// received; then the path decides the packet's fate.
int32_t Synth::post(Client& c, bool from_client, uint64_t now, uint32_t slot, size_t len, bool part) {
    if (!allowed(part)) {
        free_.push_back(slot);
        return -1;
    }
    Ctrl& me = from_client ? c.cctrl : c.sctrl;
    uint8_t* p = slot_ptr(slot);
    put16(p + 4, me.seq);
    put16(p + 6, me.ack);
    put32(p + 8, me.hist);
    const uint16_t seq = me.seq++;
    const uint64_t t = me.sent_any ? std::max(now, me.last_send + kBurstGap) : now;
    me.last_send = t;
    me.sent_any = true;
    SynthDirection& dir = from_client ? c.truth->c2s : c.truth->s2c;
    ++dir.sent;
    uint64_t at = t + kLatency;
    if (phase_ == Normal && dir.sent > 3) {
        Rng& r = from_client ? c.imp_c2s : c.imp_s2c;
        // Always draw the same numbers, so the stream of decisions does not
        // depend on the outcome of the previous ones.
        const double u_loss = r.uniform(), u_reorder = r.uniform(), u_dup = r.uniform();
        const double u_delay = r.uniform(), u_dup_delay = r.uniform();
        if (u_loss < opt_.loss) {
            ++dir.dropped;
            free_.push_back(slot);
            return seq;
        }
        if (u_reorder < opt_.reorder) {
            at += 3 * kMs + uint64_t(u_delay * double(57 * kMs));
            ++dir.delayed;
        }
        if (u_dup < opt_.duplicate && written_ + inflight_ + 2 + parts_due_ <= opt_.packets) {
            const uint32_t copy = alloc_slot();
            std::memcpy(slot_ptr(copy), slot_ptr(slot), len);
            push(at + 50000 + uint64_t(u_dup_delay * double(5 * kMs)), kDeliver, c.index, copy, uint16_t(len),
                 from_client, true);
            ++inflight_;
        }
    }
    push(at, kDeliver, c.index, slot, uint16_t(len), from_client, false);
    ++inflight_;
    return seq;
}

// --- packets ---

void Synth::send_login(Client& c, uint64_t now) {
    const auto b = PacketBuilder(blank::type::Login).text("blank.player.name", c.name).build();  // full 32 bytes, as the game
    c.login_seq = c.cctrl.seq;
    send_simple(c, true, now, b);
}

void synth_state(uint8_t* out, const double pos[3], const float vel[3], uint64_t quat, double pitch, double yaw) {
    int32_t ch[3];
    for (int i = 0; i < 3; ++i) {
        ch[i] = chunk_of(pos[i]);
        put32(out + 4 * i, uint32_t(ch[i]));
        put16(out + 12 + 2 * i, core::codecs::to_packu((pos[i] - ch[i] * 16.0) / 16.0));
        putf32(out + 18 + 4 * i, vel[i]);
    }
    put64(out + 30, quat);
    put16(out + 38, uint16_t(core::codecs::to_packn(pitch / (kPi / 2))));
    put16(out + 40, uint16_t(core::codecs::to_packn(yaw / kPi)));
}

void Synth::send_player_update(Client& c, uint64_t now) {
    const uint32_t s = from_template(t_update_);
    uint8_t* p = slot_ptr(s) + kHeader;
    synth_state(p, c.pos, c.vel, c.quat, c.pitch, c.yaw);
    put16(p + 42, 0);
    put16(p + 44, 0);
    put16(p + 46, uint16_t(core::codecs::to_packn(c.moving ? -1.0 : 0.0)));  // forward
    p[48] = 0;
    p[49] = c.slot;
    post(c, true, now, s, t_update_.size());
}

void Synth::send_message(Client& c, bool from_client, uint64_t now, uint8_t type, uint32_t referral,
                         const std::string& text) {
    const auto b = PacketBuilder(blank::type::Message).set("blank.message.type", type).set("blank.message.referral", referral)
                       .text("blank.message.text", text).compact().build();
    send_simple(c, from_client, now, b);
}

void Synth::send_join(Client& c, uint64_t now) {
    const uint32_t s = from_template(t_join_);
    uint8_t* p = slot_ptr(s) + kHeader;
    put32(p, c.entity_id);
    synth_state(p + 4, c.pos, c.vel, c.quat, c.pitch, c.yaw);
    post(c, false, now, s, t_join_.size());
}

void Synth::send_correction(Client& c, uint64_t now) {
    // The server's state: where the client predicted itself in the last
    // accepted PlayerUpdate, a little off (loopback: median 0.05 block).
    const double u = c.world.uniform(), dir = c.world.range(0, 2 * kPi);
    const double dist = 0.011 + 0.22 * u * u * u;
    double pos[3] = {c.acc_pos[0] + dist * std::cos(dir), c.acc_pos[1], c.acc_pos[2] + dist * std::sin(dir)};
    if (c.dead) {  // the server moves the player on with its last input; the prediction stays where it was
        const double since = double(now - c.heard_client) / double(kSecond);
        for (int i = 0; i < 3; ++i) pos[i] += c.acc_vel[i] * since;
    }
    const uint32_t s = from_template(t_correction_);
    uint8_t* p = slot_ptr(s) + kHeader;
    put16(p, c.accepted_seq);
    synth_state(p + 2, pos, c.acc_vel, c.acc_quat, c.acc_pitch, c.acc_yaw);
    post(c, false, now, s, t_correction_.size());
}

void Synth::send_begin(Client& c, uint64_t now) {
    Transmitter& tx = c.tx;
    const uint32_t s = from_template(t_begin_);
    uint8_t* p = slot_ptr(s) + kHeader;
    put32(p, tx.trans_id);
    put32(p + 4, 1);  // compressed
    for (int i = 0; i < 3; ++i) put32(p + 8 + 4 * i, uint32_t(tx.coords[i]));
    put32(p + 20, uint32_t(tx.data->size()));
    if (tx.begin_packet == -1) ++tx.confirm_wait;
    tx.begin_packet = post(c, false, now, s, t_begin_.size());
}

void Synth::send_data(Client& c, uint64_t now, size_t i) {
    Transmitter& tx = c.tx;
    const size_t pos = i * kPieceLen, len = std::min(kPieceLen, tx.data->size() - pos);
    const uint32_t s = from_template(t_data_);
    uint8_t* p = slot_ptr(s) + kHeader;
    put32(p, tx.trans_id);
    put32(p + 4, uint32_t(pos));
    put32(p + 8, uint32_t(len));
    std::memcpy(p + 12, tx.data->data() + pos, len);
    if (tx.data_packets[i] == -1) ++tx.confirm_wait;
    tx.data_packets[i] = post(c, false, now, s, kHeader + 12 + len);
}

void Synth::send_spawn(Client& c, Mob& m, uint64_t now) {
    if (m.spawn_pack != -1) return;
    const uint32_t s = from_template(t_spawn_);
    uint8_t* p = slot_ptr(s) + kHeader;
    put32(p, m.id);
    synth_state(p + 8, m.pos, m.vel, m.quat, 0, m.yaw);
    m.spawn_pack = post(c, false, now, s, t_spawn_.size());
}

void Synth::send_despawn(Client& c, Mob& m, uint64_t now) {
    if (m.despawn_pack != -1) return;
    const uint32_t s = from_template(t_despawn_);
    put32(slot_ptr(s) + kHeader, m.id);
    m.despawn_pack = post(c, false, now, s, t_despawn_.size());
}

// ClientConnection::SendUpdates: every confirmed entity, 12 to a packet,
// chunk coordinates relative to the player's chunk.
void Synth::send_entity_updates(Client& c, uint64_t now) {
    int32_t base[3];
    for (int i = 0; i < 3; ++i) base[i] = chunk_of(c.acc_pos[i]);
    uint32_t slot = 0;
    size_t n = 0;
    auto flush = [&] {
        uint8_t* p = slot_ptr(slot) + kHeader;
        put32(p, uint32_t(n));
        post(c, false, now, slot, kHeader + 16 + 37 * n);
        n = 0;
    };
    const double dt = 2.0 / 60;
    for (Mob& m : c.mobs) {
        if (!m.confirmed || m.despawn_pack != -1) continue;
        // move on
        if (c.world.chance(0.01)) {
            const double speed = c.world.chance(0.3) ? 0.0 : c.world.range(0.5, 2.0);
            m.yaw = c.world.range(-kPi, kPi);
            m.vel[0] = float(-speed * std::sin(m.yaw));
            m.vel[2] = float(-speed * std::cos(m.yaw));
            m.quat = yaw_quat(m.yaw);
        }
        for (int i = 0; i < 3; ++i) m.pos[i] += m.vel[i] * dt;
        if (n == 0) {
            slot = from_template(t_entity_);
            uint8_t* p = slot_ptr(slot) + kHeader;
            for (int i = 0; i < 3; ++i) put32(p + 4 + 4 * i, uint32_t(base[i]));
        }
        uint8_t* e = slot_ptr(slot) + kHeader + 16 + 37 * n;
        put32(e, m.id);
        uint8_t state[42];
        synth_state(state, m.pos, m.vel, m.quat, 0, m.yaw);
        for (int i = 0; i < 3; ++i) e[4 + i] = uint8_t(int8_t(u32(state + 4 * i) - uint32_t(base[i])));
        std::memcpy(e + 7, state + 12, 30);  // block, velocity, orientation, pitch, yaw
        if (++n == kMaxEntities) flush();
    }
    if (n > 0) flush();
}

void Synth::send_block_update(Client& c, uint64_t now, const int32_t coords[3], uint32_t n, Rng& r) {
    const uint32_t s = from_template(t_block_);
    uint8_t* p = slot_ptr(s) + kHeader;
    for (int i = 0; i < 3; ++i) put32(p + 4 * i, uint32_t(coords[i]));
    put32(p + 12, n);
    for (uint32_t i = 0; i < n; ++i) {
        uint8_t* b = p + 16 + 6 * i;
        put16(b, uint16_t(r.below(4096)));
        put16(b + 2, uint16_t(r.chance(0.5) ? 0 : 1 + r.below(8)));
        b[4] = 0;
        b[5] = 0;
    }
    post(c, false, now, s, kHeader + 16 + 6 * n);
}

void Synth::send_rerequest(Client& c, uint64_t now, const int32_t coords[3]) {
    const uint32_t s = from_template(t_rerequest_);
    uint8_t* p = slot_ptr(s) + kHeader;
    for (int i = 0; i < 3; ++i) put32(p + 8 + 4 * i, uint32_t(coords[i]));
    post(c, true, now, s, t_rerequest_.size());
}

// --- behaviour ---

void Synth::client_start(Client& c, uint64_t now) {
    if (phase_ != Normal || written_ + inflight_ + parts_due_ + 8 > opt_.packets) return;  // too late to join
    c.state = Client::LoggingIn;
    ++parts_due_;
    c.truth->joined = true;
    if (c.world.chance(0.5)) send_simple(c, true, now, t_ping_);  // the client may ping before its Login
    send_login(c, now);
    push(now + kFrame, kClientFrame, c.index);
}

void Synth::client_frame(Client& c, uint64_t now) {
    if (c.state == Client::Parted || c.dead || c.closed) return;
    if (server_dead_ && c.state == Client::Joined && now >= c.heard_server + kRecvTimeout) {
        close(c, now);  // MasterState::OnTimeout: the client gives up
        return;
    }
    push(now + kFrame - 800000 + c.world.below(1600000), kClientFrame, c.index);
    // ChunkReceiver::Update: re-request a chunk after 5 s without progress
    for (RecvTx& t : c.rx) {
        if (t.active && now - t.last_update > kChunkTimeout) {
            if (t.header) {
                send_rerequest(c, now, t.coords);
                t.header = false;
                t.size = 0;
                t.received = 0;
                t.pieces = 0;
                t.last_update = now;
            } else {
                t.active = false;
            }
        }
    }
    if (c.rx.size() > 3)
        for (auto it = c.rx.begin(); it != c.rx.end(); ++it)
            if (!it->active) {
                c.rx.erase(it);
                break;
            }
    if (c.state != Client::Joined) {
        if (now >= c.cctrl.last_send + kPingAfter) send_simple(c, true, now, t_ping_);
        return;
    }
    // walk for a while, stand for a while
    if (now >= c.phase_end) {
        c.moving = !c.moving;
        if (c.moving) {
            c.phase_end = now + uint64_t(c.world.range(2, 10) * double(kSecond));
            c.yaw = c.world.range(-kPi, kPi);
            const double speed = c.world.range(2, 4.5);
            c.vel[0] = float(-speed * std::sin(c.yaw));
            c.vel[2] = float(-speed * std::cos(c.yaw));
        } else {
            c.phase_end = now + uint64_t(c.world.range(1, 6) * double(kSecond));
            c.vel[0] = c.vel[2] = 0;
        }
        c.quat = yaw_quat(c.yaw);
        if (c.world.chance(0.2)) c.slot = uint8_t(c.world.below(10));
    }
    if (c.world.chance(0.05)) c.pitch = std::clamp(c.pitch + c.world.range(-0.2, 0.2), -1.2, 1.2);
    for (int i = 0; i < 3; ++i) c.pos[i] += c.vel[i] / 60.0;
    // now and then the client stalls a few frames, and pings after 50 ms without sending
    if (c.stall > 0) {
        --c.stall;
        if (now >= c.cctrl.last_send + kPingAfter) send_simple(c, true, now, t_ping_);
        return;
    }
    if (c.world.chance(0.004)) {
        c.stall = int(4 + c.world.below(4));
        return;
    }
    send_player_update(c, now);
    if (phase_ == Normal && c.world.chance(1.0 / 4000))
        send_message(c, true, now, 1, 0, kChat[c.world.below(8)]);
}

// ClientConnection::Update: CheckPlayerFix, CheckChunkQueue, CheckEntities,
// SendUpdates, then a Ping if nothing was sent for 50 ms.
void Synth::server_tick(Client& c, uint64_t now) {
    if (c.state == Client::Parted || c.closed || server_dead_) return;
    if (now >= c.heard_client + kRecvTimeout) {
        close(c, now);  // ClientConnection: the connection timed out
        return;
    }
    push(now + kFrame - 300000 + c.world.below(600000), kServerTick, c.index);
    ++c.tick_no;
    if (c.accepted_any && c.world.chance(c.acc_moving ? 0.5 : 0.03)) send_correction(c, now);
    check_chunk_queue(c, now);
    if (phase_ == Normal) check_entities(c, now);
    if (c.tick_no % 2 == 0) send_entity_updates(c, now);
    if (phase_ == Normal && c.accepted_any && c.world.chance(1.0 / 250)) {
        // the player breaks or places blocks: every client near gets the BlockUpdate
        int32_t coords[3];
        for (int i = 0; i < 3; ++i) coords[i] = chunk_of(c.acc_pos[i]) + int32_t(c.world.below(3)) - 1;
        const uint32_t n = c.world.chance(0.8) ? 1 : 2 + c.world.below(3);
        const uint64_t seed = c.world.next();
        for (auto& o : clients_) {
            int32_t theirs[3];
            for (int i = 0; i < 3; ++i) theirs[i] = chunk_of(o->acc_pos[i]);
            if (o->server_joined && o->state != Client::Parted && manhattan(theirs, coords) <= 4) {
                Rng r(seed);
                send_block_update(*o, now, coords, n, r);
            }
        }
    }
    if (now >= c.sctrl.last_send + kPingAfter) send_simple(c, false, now, t_ping_);
}

void Synth::check_chunk_queue(Client& c, uint64_t now) {
    int32_t base[3];
    for (int i = 0; i < 3; ++i) base[i] = chunk_of(c.acc_pos[i]);
    if (!c.have_base || base[0] != c.old_base[0] || base[1] != c.old_base[1] || base[2] != c.old_base[2]) {
        const int R = kChunkRadius;
        for (int z = -R; z <= R; ++z)
            for (int y = -R; y <= R; ++y)
                for (int x = -R; x <= R; ++x) {
                    const int32_t p[3] = {base[0] + x, base[1] + y, base[2] + z};
                    if (manhattan(p, base) > R) continue;
                    if (c.have_base && manhattan(p, c.old_base) <= R) continue;
                    c.chunk_queue.push_back({p[0], p[1], p[2]});
                }
        std::memcpy(c.old_base, base, sizeof base);
        c.have_base = true;
        std::stable_sort(c.chunk_queue.begin(), c.chunk_queue.end(),
                         [&](const std::array<int32_t, 3>& a, const std::array<int32_t, 3>& b) {
                             auto d = [&](const std::array<int32_t, 3>& v) {
                                 const int64_t x = v[0] - base[0], y = v[1] - base[1], z = v[2] - base[2];
                                 return x * x + y * y + z * z;
                             };
                             return d(a) < d(b);
                         });
        c.chunk_queue.erase(std::unique(c.chunk_queue.begin(), c.chunk_queue.end()), c.chunk_queue.end());
        // chunks that went out of range are not sent
        c.chunk_queue.erase(std::remove_if(c.chunk_queue.begin(), c.chunk_queue.end(),
                                           [&](const std::array<int32_t, 3>& v) {
                                               return manhattan(v.data(), base) > kChunkRadius + 1;
                                           }),
                            c.chunk_queue.end());
    }
    Transmitter& tx = c.tx;
    if (tx.transmitting()) {
        send_data(c, now, tx.cursor);
        ++tx.cursor;
        return;
    }
    if (tx.idle() && phase_ == Normal && !c.chunk_queue.empty()) {
        const auto coords = c.chunk_queue.front();
        c.chunk_queue.pop_front();
        // ChunkTransmitter::Send (never aborts here: it starts only when idle)
        tx.current = true;
        std::memcpy(tx.coords, coords.data(), sizeof tx.coords);
        const uint64_t h = mix(mix(mix(opt_.seed ^ uint64_t(uint32_t(coords[0]))) ^ uint64_t(uint32_t(coords[1]))) ^
                               uint64_t(uint32_t(coords[2])));
        tx.data = &pool_[h % pool_.size()];
        tx.cursor = 0;
        tx.num_packets = (tx.data->size() + kPieceLen - 1) / kPieceLen;
        tx.data_packets.assign(tx.num_packets, -1);
        tx.begin_packet = -1;
        tx.confirm_wait = 0;
        ++tx.trans_id;
        ++c.truth->transmissions;
        c.tracks[tx.trans_id % 16] = TxTrack{tx.trans_id, uint32_t(tx.num_packets), false, false, false, 0};
        send_begin(c, now);
    }
}

// ClientConnection::CheckEntities: mobs come into range and go.
void Synth::check_entities(Client& c, uint64_t now) {
    int32_t base[3];
    for (int i = 0; i < 3; ++i) base[i] = chunk_of(c.acc_pos[i]);
    for (Mob& m : c.mobs) {
        if (m.despawn_pack != -1 || !m.confirmed) continue;
        int32_t mc[3];
        for (int i = 0; i < 3; ++i) mc[i] = chunk_of(m.pos[i]);
        if (manhattan(mc, base) > 7 || c.world.chance(1.0 / 6000)) send_despawn(c, m, now);
    }
    if (c.mobs.size() < c.mob_target && c.accepted_any && c.world.chance(0.05)) {
        Mob m;
        m.id = next_entity_++;
        for (int i = 0; i < 3; ++i)
            m.pos[i] = c.acc_pos[i] + (i == 1 ? c.world.range(-4, 4) : c.world.range(-40, 40));
        m.yaw = c.world.range(-kPi, kPi);
        m.vel[0] = m.vel[1] = m.vel[2] = 0;
        m.quat = yaw_quat(m.yaw);
        c.mobs.push_back(m);
        send_spawn(c, c.mobs.back(), now);
    }
}

// ClientConnection::OnPacketLost / ChunkTransmitter::Nack: send it again.
void Synth::on_lost(Client& c, uint16_t seq, uint64_t now) {
    Transmitter& tx = c.tx;
    if (tx.waiting()) {
        if (int32_t(seq) == tx.begin_packet) {
            ++c.truth->begins_resent;
            send_begin(c, now);
            return;
        }
        for (size_t i = 0; i < tx.data_packets.size(); ++i)
            if (int32_t(seq) == tx.data_packets[i]) {
                ++c.truth->pieces_resent;
                send_data(c, now, i);
                return;
            }
    }
    for (Mob& m : c.mobs) {
        if (int32_t(seq) == m.spawn_pack) {
            m.spawn_pack = -1;
            ++c.truth->spawns_resent;
            send_spawn(c, m, now);
            return;
        }
        if (int32_t(seq) == m.despawn_pack) {
            m.despawn_pack = -1;
            ++c.truth->despawns_resent;
            send_despawn(c, m, now);
            return;
        }
    }
}

// ClientConnection::OnPacketReceived / ChunkTransmitter::Ack
void Synth::on_acked(Client& c, uint16_t seq) {
    Transmitter& tx = c.tx;
    if (tx.waiting()) {
        bool hit = false;
        if (int32_t(seq) == tx.begin_packet) {
            tx.begin_packet = -1;
            --tx.confirm_wait;
            hit = true;
        } else {
            for (int32_t& d : tx.data_packets)
                if (int32_t(seq) == d) {
                    d = -1;
                    --tx.confirm_wait;
                    hit = true;
                    break;
                }
        }
        if (hit) {
            if (tx.idle()) tx.current = false;
            return;
        }
    }
    for (auto it = c.mobs.begin(); it != c.mobs.end(); ++it) {
        if (int32_t(seq) == it->spawn_pack) {
            it->spawn_pack = -1;
            it->confirmed = true;
            return;
        }
        if (int32_t(seq) == it->despawn_pack) {
            c.mobs.erase(it);
            return;
        }
    }
}

void Synth::server_handle(Client& c, const uint8_t* p, size_t len, uint64_t now) {
    const uint8_t type = p[12];
    const uint8_t* pl = p + kHeader;
    switch (type) {
    case blank::type::Login:
        if (c.server_joined) break;
        c.server_joined = true;
        c.accepted_seq = u16(p + 4);  // player_update_pack starts at the Login's seq
        // "player joined" to everyone (the new client first gets it before its Join)
        for (auto& o : clients_)
            if (o->server_joined && o->state != Client::Parted)
                send_message(*o, false, now, 0, 0, "player \"" + c.name + "\" joined");
        send_join(c, now);
        std::memcpy(c.acc_pos, c.pos, sizeof c.pos);
        c.acc_quat = c.quat;
        push(now + 1300000, kServerTick, c.index);
        break;
    case blank::type::PlayerUpdate: {
        // ClientConnection::On(PlayerUpdate): older ones are dropped
        const uint16_t seq = u16(p + 4);
        if (c.accepted_any && int16_t(uint16_t(seq - c.accepted_seq)) <= 0) break;
        c.accepted_any = true;
        c.accepted_seq = seq;
        for (int i = 0; i < 3; ++i) {
            const int32_t ch = int32_t(u32(pl + 4 * i));
            c.acc_pos[i] = ch * 16.0 + core::codecs::packu(u16(pl + 12 + 2 * i)) * 16.0;
            c.acc_vel[i] = blank::le::f32(pl + 18 + 4 * i);
        }
        c.acc_quat = blank::le::u64(pl + 30);
        c.acc_pitch = core::codecs::packn(int16_t(u16(pl + 38))) * kPi / 2;
        c.acc_yaw = core::codecs::packn(int16_t(u16(pl + 40))) * kPi;
        c.acc_moving = c.acc_vel[0] != 0 || c.acc_vel[2] != 0;
        break;
    }
    case blank::type::Message:
        if (len > kHeader + 5 && pl[0] == 1) {
            const std::string text(reinterpret_cast<const char*>(pl + 5), strnlen(reinterpret_cast<const char*>(pl + 5), len - kHeader - 5));
            for (auto& o : clients_)
                if (o->server_joined && o->state != Client::Parted) send_message(*o, false, now, 1, c.entity_id, text);
        }
        break;
    case blank::type::ChunkBegin: {  // a client's re-request: ClientConnection::On(ChunkBegin)
        std::array<int32_t, 3> v{int32_t(u32(pl + 8)), int32_t(u32(pl + 12)), int32_t(u32(pl + 16))};
        c.chunk_queue.push_front(v);
        break;
    }
    case blank::type::Part:
        c.state = Client::Parted;
        c.truth->parted = true;
        break;
    default: break;
    }
}

void Synth::client_handle(Client& c, const uint8_t* p, size_t len, uint64_t now) {
    const uint8_t type = p[12];
    const uint8_t* pl = p + kHeader;
    if (type == blank::type::Join && c.state == Client::LoggingIn) {
        c.state = Client::Joined;
        c.phase_end = now + kSecond;
        return;
    }
    if (type != blank::type::ChunkBegin && type != blank::type::ChunkData) return;
    // ChunkReceiver::Handle / GetTransmission / Commit
    const uint32_t id = u32(pl);
    RecvTx* t = nullptr;
    for (RecvTx& x : c.rx)
        if (x.active && x.id == id) t = &x;
    if (!t)
        for (RecvTx& x : c.rx)
            if (!x.active) {
                t = &x;
                break;
            }
    if (!t) {
        c.rx.emplace_back();
        t = &c.rx.back();
    }
    if (!t->active) *t = RecvTx{};
    t->active = true;
    t->id = id;
    if (type == blank::type::ChunkBegin) {
        for (int i = 0; i < 3; ++i) t->coords[i] = int32_t(u32(pl + 8 + 4 * i));
        t->size = u32(pl + 20);
        t->header = true;
    } else {
        const uint32_t off = u32(pl + 4), n = u32(pl + 8);
        t->received += n;
        if (off / kPieceLen < 64) t->pieces |= 1ull << (off / kPieceLen);
    }
    (void)len;
    t->last_update = now;
    if (t->header && t->received == t->size) {
        const uint32_t want = uint32_t((t->size + kPieceLen - 1) / kPieceLen);
        const uint64_t all = want >= 64 ? ~0ull : (1ull << want) - 1;
        if ((t->pieces & all) != all) {  // data corrupt (a duplicate counted twice): ask again
            send_rerequest(c, now, t->coords);
            const uint32_t keep = t->id;
            *t = RecvTx{};
            t->active = true;
            t->id = keep;
            t->last_update = now;
        } else {
            t->active = false;
        }
    }
}

// What the capture holds of each transmission.
void Synth::track_delivery(Client& c, const uint8_t* p, size_t len) {
    (void)len;
    const uint8_t* pl = p + kHeader;
    const uint32_t id = u32(pl);
    TxTrack& t = c.tracks[id % 16];
    if (t.id != id || t.counted) return;
    if (!t.seen) {
        t.seen = true;
        ++c.truth->transmissions_seen;
    }
    if (p[12] == blank::type::ChunkBegin) t.begin = true;
    else t.mask |= 1ull << (u32(pl + 4) / kPieceLen);
    const uint64_t all = t.pieces >= 64 ? ~0ull : (1ull << t.pieces) - 1;
    if (t.begin && (t.mask & all) == all) {
        t.counted = true;
        ++c.truth->transmissions_complete;
    }
}

void Synth::deliver(const Event& e) {
    Client& c = *clients_[e.conv];
    const uint8_t* p = slot_ptr(e.slot);
    const size_t len = e.len;
    --inflight_;
    ++written_;
    out_.udp(kEpoch + e.t, e.from_client ? c.ep : server_, e.from_client ? server_ : c.ep, p, len);
    if (!truth_.first_ns) truth_.first_ns = kEpoch + e.t;
    truth_.last_ns = kEpoch + e.t;
    const uint8_t type = p[12];
    ++truth_.types[type];
    SynthDirection& dir = e.from_client ? c.truth->c2s : c.truth->s2c;
    ++dir.written;
    dir.bytes += len;
    const uint16_t seq = u16(p + 4), pack_ack = u16(p + 6);
    const uint32_t pack_hist = u32(p + 8);
    bool& any = e.from_client ? c.any_c2s : c.any_s2c;
    int64_t& max = e.from_client ? c.max_c2s : c.max_s2c;
    if (e.copy) {
        ++dir.duplicated;
    } else {
        const int64_t u = any ? max + int16_t(uint16_t(seq - uint16_t(max))) : int64_t(seq);
        if (any && u < max) ++dir.reordered;
        if (!any || u > max) max = u;
        any = true;
    }
    if (!e.from_client && (type == blank::type::ChunkBegin || type == blank::type::ChunkData)) track_delivery(c, p, len);
    if (type == blank::type::PlayerCorrection) ++c.truth->corrections;
    if (e.from_client ? server_dead_ || c.closed : c.dead || c.closed) {  // nobody reads it
        free_.push_back(e.slot);
        return;
    }
    (e.from_client ? c.heard_client : c.heard_server) = e.t;

    // Connection::Received on the receiving side
    Ctrl& r = e.from_client ? c.sctrl : c.cctrl;
    const int16_t diff = int16_t(uint16_t(seq - r.ack));
    r.hist = blank::received_history(r.hist, diff);
    r.ack = seq;
    const uint64_t now = e.t;
    if (e.from_client) server_handle(c, p, len, now);
    else client_handle(c, p, len, now);
    if (diff > 0) {
        const int16_t d = int16_t(uint16_t(pack_ack - r.in_ack));
        const uint16_t old_ack = r.in_ack;
        const uint32_t old_hist = r.in_hist;
        r.in_ack = pack_ack;
        r.in_hist = pack_hist;
        // The receiver of this packet learns the fate of its own packets
        // (Handler().PacketLost / PacketReceived); only the server acts on it.
        SynthDirection& mine = e.from_client ? c.truth->s2c : c.truth->c2s;
        const Ctrl& sender = e.from_client ? c.sctrl : c.cctrl;
        auto was_sent = [&](uint16_t s) {
            const uint16_t back = uint16_t(sender.seq - 1 - s);
            return back < 32768 && back < mine.sent;
        };
        for (int i = 0; i < d; ++i)
            if (i > 32 || (i < 32 && (old_hist & (1u << (31 - i))) == 0)) {
                const uint16_t s = uint16_t(old_ack - 32 + i);
                if (was_sent(s)) ++mine.sender_lost;
                if (e.from_client) on_lost(c, s, now);
            }
        for (uint16_t s = pack_ack; s != uint16_t(pack_ack - 33); --s)
            if (acks(pack_ack, pack_hist, s) && !acks(old_ack, old_hist, s)) {
                if (was_sent(s)) ++mine.sender_acked;
                if (e.from_client) on_acked(c, s);
            }
    }
    free_.push_back(e.slot);
}

void Synth::start_parting(uint64_t now) {
    phase_ = Parting;
    bool clean = true;
    for (auto& c : clients_) {
        if ((c->state == Client::LoggingIn || c->state == Client::Joined) && !c->dead && !c->closed) {
            const uint32_t s = from_template(t_part_);
            post(*c, true, now, s, t_part_.size(), true);
            if (!c->tx.idle()) clean = false;
        }
    }
    truth_.clean_end = clean;
}

// A connection closed by a timeout (or a client that died): no Part will come.
void Synth::close(Client& c, uint64_t now) {
    if (c.closed) return;
    c.closed = true;
    if (c.state == Client::LoggingIn || c.state == Client::Joined) --parts_due_;
    c.truth->timed_out = true;
    c.truth->timed_out_at = double(now) / double(kSecond);
}

bool Synth::run(std::string& error) {
    const auto t0 = std::chrono::steady_clock::now();
    // templates, from the core's encoder
    t_ping_ = PacketBuilder(blank::type::Ping).build();
    t_part_ = PacketBuilder(blank::type::Part).build();
    t_update_ = PacketBuilder(blank::type::PlayerUpdate).build();
    t_join_ = PacketBuilder(blank::type::Join).text("blank.world.name", "default").build();
    t_spawn_ = PacketBuilder(blank::type::SpawnEntity)
                   .set("blank.entity.model", 2)
                   .set("blank.entity.bbox.min.x", -0.5).set("blank.entity.bbox.min.y", -0.5)
                   .set("blank.entity.bbox.min.z", -0.5).set("blank.entity.bbox.max.x", 0.5)
                   .set("blank.entity.bbox.max.y", 0.5).set("blank.entity.bbox.max.z", 0.5)
                   .set("blank.entity.flags.world_collision", 1)
                   .text("blank.entity.name", "spawned")
                   .build();
    t_despawn_ = PacketBuilder(blank::type::DespawnEntity).build();
    t_entity_ = PacketBuilder(blank::type::EntityUpdate).entries(kMaxEntities).build();
    t_correction_ = PacketBuilder(blank::type::PlayerCorrection).build();
    t_begin_ = PacketBuilder(blank::type::ChunkBegin).set("blank.chunk.flags.compressed", 1).build();
    t_data_ = PacketBuilder(blank::type::ChunkData).build();
    t_block_ = PacketBuilder(blank::type::BlockUpdate).entries(78).build();
    // a client's re-request: only the coordinates count, the rest is stale
    t_rerequest_ = PacketBuilder(blank::type::ChunkBegin).set("blank.chunk.transmission", 0xFFFFFFFF)
                       .set("blank.chunk.size", 0xFFFFFFFF).build();
    if (t_update_.size() != kHeader + 50 || t_join_.size() != kHeader + 78 || t_spawn_.size() != kHeader + 110 ||
        t_entity_.size() != kHeader + 16 + 37 * kMaxEntities || t_correction_.size() != kHeader + 44 ||
        t_begin_.size() != kHeader + 24 || t_data_.size() != kHeader + 12 || t_despawn_.size() != kHeader + 4 ||
        t_block_.size() != kHeader + 16 + 6 * 78) {
        error = "the current revision's packet layout is not the one synth writes";
        return false;
    }
    // the chunk pool: compress() as the server does
    pool_.reserve(kPoolSize);
    uint64_t total = 0;
    truth_.pool_min = UINT32_MAX;
    for (uint32_t v = 0; v < kPoolSize; ++v) {
        const std::vector<uint8_t> raw = make_chunk(v, opt_.seed);
        uLongf n = compressBound(uLong(raw.size()));
        std::vector<uint8_t> z(n);
        if (compress(z.data(), &n, raw.data(), uLong(raw.size())) != Z_OK) {
            error = "zlib compress failed";
            return false;
        }
        z.resize(n);
        truth_.pool_min = std::min<uint32_t>(truth_.pool_min, uint32_t(n));
        truth_.pool_max = std::max<uint32_t>(truth_.pool_max, uint32_t(n));
        total += n;
        pool_.push_back(std::move(z));
    }
    truth_.pool_chunks = kPoolSize;
    truth_.pool_mean = double(total) / kPoolSize;

    // clients
    truth_.conversations.resize(opt_.clients);
    Rng setup(mix(opt_.seed));
    for (uint32_t k = 0; k < opt_.clients; ++k) {
        auto c = std::make_unique<Client>();
        c->index = k;
        c->ep = SimEndpoint::v4(10, 0, uint8_t(1 + k / 250), uint8_t(2 + k % 250), uint16_t(41000 + (k * 7919) % 20000));
        c->name = k < 8 ? kNames[k] : "player" + std::to_string(k + 1);
        c->entity_id = next_entity_++;
        c->world = Rng(mix(opt_.seed * 3 + 1) ^ mix(k + 1));
        c->imp_c2s = Rng(mix(opt_.seed * 3 + 2) ^ mix(k + 1));
        c->imp_s2c = Rng(mix(opt_.seed * 3 + 3) ^ mix(k + 1));
        c->pos[0] = setup.range(-8, 24);
        c->pos[1] = 4.5 + setup.below(8);
        c->pos[2] = setup.range(-8, 24);
        c->mob_target = 24 + setup.below(12);
        c->truth = &truth_.conversations[k];
        char ep[64];
        std::snprintf(ep, sizeof ep, "10.0.%u.%u:%u", c->ep.addr[2], c->ep.addr[3], c->ep.port);
        c->truth->client = ep;
        c->truth->server = "10.0.0.1:" + std::to_string(kServerPort);
        push(uint64_t(k) * 100 * kMs + setup.below(uint32_t(5 * kMs)), kClientStart, k);
        clients_.push_back(std::move(c));
    }
    if (opt_.stop_client >= 0) push(uint64_t(opt_.stop_client * double(kSecond)), kStopClient, 0);
    if (opt_.stop_server >= 0) push(uint64_t(opt_.stop_server * double(kSecond)), kStopServer, 0);
    // closing: leave room to finish the transmissions and part cleanly
    const uint64_t reserve = std::min<uint64_t>(opt_.packets / 4, 200 + 300ull * opt_.clients);
    closing_at_ = opt_.packets - reserve;

    while (written_ < opt_.packets) {
        if (heap_.empty() || (phase_ == Parting && inflight_ == 0)) break;  // nothing more can arrive
        std::pop_heap(heap_.begin(), heap_.end(), Later{});
        const Event e = heap_.back();
        heap_.pop_back();
        switch (e.kind) {
        case kDeliver: deliver(e); break;
        case kClientStart: client_start(*clients_[e.conv], e.t); break;
        case kClientFrame: client_frame(*clients_[e.conv], e.t); break;
        case kServerTick: server_tick(*clients_[e.conv], e.t); break;
        case kStopClient: {  // killed: no Part, nothing sent or read from now on
            Client& c = *clients_[e.conv];
            if (c.state == Client::LoggingIn || c.state == Client::Joined) {
                if (!c.closed) --parts_due_;
                c.dead = true;
                c.truth->stopped_at = double(e.t) / double(kSecond);
            }
            break;
        }
        case kStopServer:
            server_dead_ = true;
            truth_.server_stopped_at = double(e.t) / double(kSecond);
            break;
        }
        if (phase_ == Normal && written_ + inflight_ >= closing_at_) phase_ = Closing;
        if (phase_ != Parting && written_ + inflight_ + parts_due_ >= opt_.packets) start_parting(e.t);
    }
    if (written_ != opt_.packets && !stops()) {
        error = "internal error: generated " + std::to_string(written_) + " packets instead of " +
                std::to_string(opt_.packets);
        return false;
    }
    for (const SynthConversation& c : truth_.conversations)
        if (c.joined && !c.parted) truth_.clean_end = false;
    // A stopped side ends sessions early: --packets is then at most.
    truth_.packets = written_;
    truth_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return true;
}

std::string json_escape(const std::string& in) {
    std::string out;
    for (const char ch : in) {
        if (ch == '"' || ch == '\\') out += '\\';
        if (static_cast<unsigned char>(ch) < 0x20) continue;
        out += ch;
    }
    return out;
}

void dir_json(std::string& s, const char* name, const SynthDirection& d) {
    char b[1024];
    std::snprintf(b, sizeof b,
                  "\"%s\":{\"sent\":%llu,\"written\":%llu,\"bytes\":%llu,\"dropped\":%llu,\"duplicated\":%llu,"
                  "\"reordered\":%llu,\"delayed\":%llu,\"sender_lost\":%llu,\"sender_acked\":%llu}",
                  name, (unsigned long long)d.sent, (unsigned long long)d.written, (unsigned long long)d.bytes,
                  (unsigned long long)d.dropped, (unsigned long long)d.duplicated, (unsigned long long)d.reordered,
                  (unsigned long long)d.delayed, (unsigned long long)d.sender_lost,
                  (unsigned long long)d.sender_acked);
    s += b;
}

}  // namespace

void synth_write_state(uint8_t* out, const double pos[3], const float vel[3], const double quat_xyzw[4], double pitch,
                       double yaw) {
    const double q[4] = {quat_xyzw[0], quat_xyzw[1], quat_xyzw[2], quat_xyzw[3]};
    synth_state(out, pos, vel, core::codecs::pack_quat(q), pitch, yaw);
}

std::vector<uint8_t> synth_chunk(uint32_t variant, uint64_t seed) { return make_chunk(variant, seed); }

bool check_synth_options(const SynthOptions& opt, std::string& error) {
    if (opt.packets < 16) {
        error = "--packets must be at least 16";
        return false;
    }
    if (opt.clients < 1 || opt.clients > 5000) {
        error = "--clients must be 1..5000";
        return false;
    }
    if (!(opt.loss >= 0 && opt.loss <= 0.9) || !(opt.duplicate >= 0 && opt.duplicate <= 1) ||
        !(opt.reorder >= 0 && opt.reorder <= 1)) {
        error = "--loss must be 0..0.9, --duplicate and --reorder 0..1";
        return false;
    }
    if (opt.stop_client >= 0 && opt.stop_server >= 0) {
        error = "--stop-client and --stop-server: one side at a time";
        return false;
    }
    return true;
}

bool synthesize(const SynthOptions& opt, SimSink& out, SynthTruth& truth, std::string& error) {
    if (!check_synth_options(opt, error)) return false;
    truth = SynthTruth{};
    Synth s(opt, out, truth);
    return s.run(error);
}

std::string synth_truth_json(const SynthOptions& opt, const SynthTruth& t) {
    std::string s;
    char b[8192];
    std::snprintf(b, sizeof b,
                  "{\"file\":\"%s\",\"packets\":%llu,\"clients\":%u,\"seed\":%llu,\"loss\":%g,\"duplicate\":%g,"
                  "\"reorder\":%g,\"first_time\":%.9f,\"last_time\":%.9f,\"clean_end\":%s,\"seconds\":%.3f,"
                  "\"server_stopped_at\":%.9g,",
                  json_escape(opt.output).c_str(), (unsigned long long)t.packets, opt.clients, (unsigned long long)opt.seed, opt.loss,
                  opt.duplicate, opt.reorder, double(t.first_ns) / 1e9, double(t.last_ns) / 1e9,
                  t.clean_end ? "true" : "false", t.seconds, t.server_stopped_at);
    s += b;
    s += "\"types\":{";
    for (int i = 0; i < blank::type::kCount; ++i) {
        std::snprintf(b, sizeof b, "%s\"%s\":%llu", i ? "," : "", blank::type_name(blank::schema(), uint8_t(i)), (unsigned long long)t.types[size_t(i)]);
        s += b;
    }
    std::snprintf(b, sizeof b, "},\"chunk_pool\":{\"chunks\":%u,\"min\":%u,\"max\":%u,\"mean\":%.1f},\"conversations\":[",
                  t.pool_chunks, t.pool_min, t.pool_max, t.pool_mean);
    s += b;
    for (size_t i = 0; i < t.conversations.size(); ++i) {
        const SynthConversation& c = t.conversations[i];
        std::snprintf(b, sizeof b, "%s{\"conversation\":%zu,\"client\":\"%s\",\"server\":\"%s\",", i ? "," : "", i + 1,
                      c.client.c_str(), c.server.c_str());
        s += b;
        dir_json(s, "client_to_server", c.c2s);
        s += ',';
        dir_json(s, "server_to_client", c.s2c);
        std::snprintf(b, sizeof b,
                      ",\"transmissions\":%llu,\"transmissions_seen\":%llu,\"transmissions_complete\":%llu,"
                      "\"pieces_resent\":%llu,"
                      "\"begins_resent\":%llu,\"spawns_resent\":%llu,\"despawns_resent\":%llu,\"corrections\":%llu,"
                      "\"joined\":%s,\"parted\":%s,\"client_stopped_at\":%.9g,\"timed_out_at\":%.9g}",
                      (unsigned long long)c.transmissions, (unsigned long long)c.transmissions_seen,
                      (unsigned long long)c.transmissions_complete,
                      (unsigned long long)c.pieces_resent, (unsigned long long)c.begins_resent,
                      (unsigned long long)c.spawns_resent, (unsigned long long)c.despawns_resent,
                      (unsigned long long)c.corrections, c.joined ? "true" : "false", c.parted ? "true" : "false",
                      c.stopped_at, c.timed_out ? c.timed_out_at : -1.0);
        s += b;
    }
    s += "]}\n";
    return s;
}

}  // namespace blank
