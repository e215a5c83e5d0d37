// A Bedrock batch: what follows the 0xFE of a RakNet user message. Once
// decrypted (cipher.hpp) and decompressed (decompressor.hpp), a sequence of
// packets, each a VarInt length and that many bytes; a packet's first VarInt
// holds its id and sub-client numbers (versions.hpp).
//
//   0xFE | [encrypted: ] [header byte] compressed( (VarInt len, packet)* ) [8-byte checksum]
//
// How a batch is compressed is the connection's state (the release, Network
// Settings, which batch of the direction it is): the session works it out
// (session.hpp) and records it per batch as a Form, so that a front end can
// read a batch's bytes again alone (the plugin, on a later pass).
#pragma once

#include <cstdint>
#include <vector>

#include "core/finding.hpp"
#include "decompressor.hpp"

namespace bedrock {

constexpr uint8_t kBatchId = 0xFE;             // the RakNet user message of a batch
constexpr size_t kMaxBatch = 16u * 1024 * 1024;  // decompressed bytes kept per batch (the Login: ~0.7 MB)

// How a batch's (decrypted) bytes are compressed.
struct Form {
    bool header = false;         // a compression header byte first (1.20.60+, after Network Settings)
    bool compressed = false;     // without a header: raw deflate (else the bytes as they are)
    Algorithm algorithm = Algorithm::None;  // what it was compressed with (with a header: the byte's)
};

// One packet of a batch: where it is in the decompressed bytes (after its
// length), its id and sub-client numbers.
// The Login's packet id (every release): its JWTs are read (bedrock.analysis.login).
constexpr uint16_t kLoginId = 1;

struct PacketSpan {
    uint32_t offset = 0, len = 0;
    uint16_t id = 0;
    uint8_t sender = 0, target = 0;
};

// The packets of a decompressed batch; false (and a finding) when a length
// runs past its end or is no VarInt (the packets before it are kept).
bool split_packets(const uint8_t* p, size_t len, std::vector<PacketSpan>& out, core::Finding& problem);

// Decompresses `p[0, len)` (decrypted, without its checksum) as `f` says;
// Ok with the packets' bytes in d.out(), else a finding.
enum class Unpack : uint8_t { Ok, UnknownAlgorithm, Damaged, TooLarge };
Unpack unpack(const Form& f, const uint8_t* p, size_t len, Decompressor& d);

}  // namespace bedrock
