// A simulation of the blank game's traffic, for synthetic captures
// (`blankshark synth`, analyzer/synth_command.cpp writes them into a pcap),
// benchmarks and end-to-end tests; built on the core's encoder
// (blank::PacketBuilder) and the game's ack rules (ack_rule.hpp).
//
// The traffic follows the game (HolySmoke86/blank at 28585b1):
//   - N clients, each its own UDP conversation (10.0.x.y:port <-> server
//     10.0.0.1:12354), joining 0.1 s apart: Login (full 32-byte name field) ->
//     Message "player joined" (to every client) + Join (78 bytes), then
//     PlayerUpdate every client frame (60 Hz, Ping after 50 ms without
//     sending), and per server tick (60 Hz): PlayerCorrection naming the last
//     accepted PlayerUpdate, one ChunkBegin or ChunkData piece, SpawnEntity /
//     DespawnEntity, EntityUpdate every other tick (at most 12 entities a
//     packet), now and then BlockUpdate and chat Messages (relayed to every
//     client); Part at the end.
//   - Chunks: a pool of distinct chunks of the real layout (4096 x 4-byte
//     blocks, 4096 light bytes, 2 flag bytes, 2 pad bytes = 20484 bytes),
//     zlib compress()ed once at start, sent as in the server's
//     ChunkTransmitter (src/server/net.cpp): ChunkBegin, pieces of at most 472
//     bytes at i*472, one chunk at a time, the next only when every packet
//     of the current one was acknowledged; a packet the acks report lost is
//     sent again with the same id/offset under a NEW seq (same for
//     SpawnEntity / DespawnEntity).
//   - Every header carries seq (+1 per packet sent), and the ack / 32-bit
//     history of what the sender has RECEIVED so far, computed with the
//     game's Connection::Received (src/net/net.cpp), including its quirk of
//     moving ack back on a late packet; the sender concludes loss from the
//     peer's acks with the same function.
//   - Impairment (after each direction's first 3 packets and before the
//     closing phase): each packet sent is lost with --loss, else delivered
//     late (3-60 ms, overtaken by later ones) with --reorder, and a second
//     copy is delivered with --duplicate. The capture shows what arrives
//     (both directions seen at the receiver), so a lost packet is never in it.
//   - Exactly --packets records: when the end nears, the generator stops
//     starting chunks, spawns, block updates and chat and stops impairing,
//     waits until every transmission is acknowledged, then fills up with
//     regular traffic and ends each session with a Part from the client.
//   - Deterministic: the same options give the same bytes (own PRNG, integer
//     nanosecond clock).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace blank {

struct SynthOptions {
    std::string output;     // the capture's name (for the truth JSON; the command writes it)
    uint64_t packets = 0;   // records written, exactly
    uint32_t clients = 2;
    uint64_t seed = 1;
    double loss = 0, duplicate = 0, reorder = 0;  // per packet sent, 0..1 (loss at most 0.9)
    // A side that stops sending at this many seconds after the start (-1:
    // never), as the game's processes do when killed: the first client
    // (--stop-client: no Part, the server times it out 10 s after the last
    // packet it got, its corrections drifting from the dead client's last
    // update) or the server (--stop-server: each client times it out).
    // Sessions end early then: --packets is the most written.
    double stop_client = -1, stop_server = -1;
    std::string truth;      // optional JSON file: what was generated
    bool quiet = false;     // no summary on stderr
};

// One direction of a conversation, as generated.
struct SynthDirection {
    uint64_t sent = 0;        // packets sent (seqs used)
    uint64_t written = 0;     // records in the capture (copies included)
    uint64_t bytes = 0;       // blank bytes written (UDP payload)
    uint64_t dropped = 0;     // sent, never delivered: never in the capture
    uint64_t duplicated = 0;  // second copies written
    uint64_t reordered = 0;   // first copies arriving below the highest seq already delivered
    uint64_t delayed = 0;     // packets the impairment delayed (not all end up overtaken)
    // What the sender concluded from the peer's acks (Connection::Received:
    // Handler().PacketLost / PacketReceived), for seqs it sent; a seq can be
    // reported more than once after the peer's ack moved back.
    uint64_t sender_lost = 0, sender_acked = 0;
};

struct SynthConversation {
    std::string client, server;
    SynthDirection c2s, s2c;
    uint64_t transmissions = 0;           // transmission ids the server used
    uint64_t transmissions_seen = 0;      // of those, with a ChunkBegin or piece in the capture
    uint64_t transmissions_complete = 0;  // ChunkBegin and every piece in the capture
    // A transmission stays incomplete when the server took a packet for
    // acknowledged that was not: after a late packet the game's receiver
    // moves ack back and its history then claims seqs it never got (with
    // --reorder / --duplicate). The client re-requests such chunks after 5 s.
    uint64_t pieces_resent = 0, begins_resent = 0, spawns_resent = 0, despawns_resent = 0;
    uint64_t corrections = 0;             // PlayerCorrection records written (copies included)
    bool joined = false, parted = false;
    double stopped_at = -1;    // --stop-client: when this client stopped (s since the start)
    bool timed_out = false;    // a side closed the connection after 10 s without receiving
    double timed_out_at = 0;   // s since the start
};

struct SynthTruth {
    uint64_t packets = 0;
    uint64_t first_ns = 0, last_ns = 0;      // capture time span (ns since the epoch)
    std::array<uint64_t, 13> types{};        // records written per packet type code
    std::vector<SynthConversation> conversations;
    uint32_t pool_chunks = 0, pool_min = 0, pool_max = 0;  // compressed chunk sizes in the pool
    double pool_mean = 0;
    bool clean_end = true;  // every client that logged in also sent its Part and every transmission was
                            // acknowledged before it (the budget of --packets did not cut anything)
    double seconds = 0;     // wall time taken
    double server_stopped_at = -1;  // --stop-server
};

// An IPv4 UDP endpoint of the simulated network.
struct SimEndpoint {
    uint8_t addr[4] = {};
    uint16_t port = 0;
    static SimEndpoint v4(uint8_t a, uint8_t b, uint8_t c, uint8_t d, uint16_t port) {
        SimEndpoint e;
        e.addr[0] = a;
        e.addr[1] = b;
        e.addr[2] = c;
        e.addr[3] = d;
        e.port = port;
        return e;
    }
};

// Where the simulation's packets go, in time order (nanoseconds since the epoch).
class SimSink {
public:
    virtual ~SimSink() = default;
    virtual void udp(uint64_t time_ns, const SimEndpoint& src, const SimEndpoint& dst, const uint8_t* p, size_t len) = 0;
};

// False with `error` set when the options are out of range.
bool check_synth_options(const SynthOptions& opt, std::string& error);
// Runs the simulation into `out`; false with `error` set when the options are bad.
bool synthesize(const SynthOptions& opt, SimSink& out, SynthTruth& truth, std::string& error);
std::string synth_truth_json(const SynthOptions& opt, const SynthTruth& truth);

// Pool entry `variant` (of the pool made for `seed`): 20484 bytes of chunk
// block data in the current revision's layout, before compression.
std::vector<uint8_t> synth_chunk(uint32_t variant, uint64_t seed);
// The 42-byte entity state as the game writes it (Packet::Payload::Write of
// EntityState): chunk vec3i, block vec3u (packu of pos / 16), velocity vec3f,
// packed quaternion, pitch packn(/ pi/2), yaw packn(/ pi). `pos` is absolute
// in blocks. Exposed so a test can compare it with PacketBuilder.
void synth_write_state(uint8_t* out, const double pos[3], const float vel[3], const double quat_xyzw[4], double pitch,
                       double yaw);

}  // namespace blank
