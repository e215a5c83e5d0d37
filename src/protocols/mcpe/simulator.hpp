// Crafted Minecraft Pocket Edition 0.x sessions (MCPE 0.x has no living
// implementation): both sides' UDP payloads as (time, side, bytes) records,
// every byte written by the core's encoder from the seed's rows (RakNet
// through raknet/builder.hpp, game packets through mcpe's schema).
//
// A session: the offline handshake in seed 002's RakNet layout (unconnected
// ping and pong, Open Connection Request 1 padded to the MTU, replies,
// Request 2), the connection request / accepted / new incoming connection,
// connected pings and pongs, every game packet of seed 002 with plausible
// values (seed_script()), a chunk request answered by a chunk too large for
// one datagram (split packets), and the client's disconnection. The RakNet
// layer behaves as RakNet does: reliable frames get message indexes,
// ordered ones order indexes per channel, messages over the MTU are split,
// the receiver acknowledges every datagram and NAKs the numbers a newer
// datagram skipped, the sender resends the NAKed datagrams' reliable frames
// in new datagrams. Impairment says which datagrams are lost (the client's
// before the capture point, the server's after it, as at a server-side
// capture) or duplicated.
#pragma once

#include <cstdint>
#include <vector>

#include "core/encoder.hpp"
#include "protocols/raknet/constants.hpp"
#include "protocols/raknet/versions.hpp"

namespace mcpe {

struct WireRecord {
    double time = 0;
    core::Side from = core::Side::Client;
    std::vector<uint8_t> bytes;
};

struct Impairment {
    std::vector<uint32_t> client_lost;        // client datagram numbers lost before the capture point
    std::vector<uint32_t> server_lost;        // server datagram numbers lost after it (captured, never delivered)
    std::vector<uint32_t> client_duplicated;  // client datagram numbers the network delivers twice
};

struct SimulatorOptions {
    raknet::Generation raknet = raknet::Generation::Seed002;
    Impairment impairment;
    double start = 1.0;          // time of the first packet
    bool offline = true;         // the offline handshake (else the capture starts at the connection request)
};

// One game packet of the script.
struct ScriptedPacket {
    core::Side from;
    uint8_t id;
    core::Value values;
    raknet::Reliability reliability = raknet::Reliability::ReliableOrdered;
};

// Every game packet of seed 002 once (RequestChunk and ChunkData included),
// in a plausible order, with the values the crafted captures' README lists.
const std::vector<ScriptedPacket>& seed_script();
// The chunk the script's ChunkData carries: 256 columns of sections 0-3.
core::Value scripted_chunk();

// The session's UDP payloads in time order.
std::vector<WireRecord> simulate(const SimulatorOptions& o);

// Endpoints of the crafted captures (seed 002's example address and port).
constexpr uint8_t kServerIp[4] = {192, 168, 1, 2};
constexpr uint8_t kClientIp[4] = {192, 168, 1, 10};
constexpr uint16_t kClientPort = 46946;
constexpr uint64_t kServerGuid = 0x00000000372cdc9eull;
constexpr uint64_t kClientGuid = 0x00000000db5c7c3aull;

}  // namespace mcpe
