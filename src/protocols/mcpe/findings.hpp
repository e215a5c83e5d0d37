// Minecraft Pocket Edition 0.x findings: stable names "mcpe.*". Decoding
// findings come from the core decoder (schema.cpp), the rest from the game
// layer of a connection (session.hpp).
#pragma once

#include <cstdint>

#include "core/finding.hpp"

namespace mcpe {

enum class FindingCode : uint16_t {
    // Decoding (core decoder)
    UnknownId,        // a game packet id this version does not define
    Truncated,        // a field runs past the end of the packet
    TrailingBytes,    // bytes after the last field
    CountRange,       // a count outside its bounds
    StringNotUtf8,    // text that is not valid UTF-8
    UnknownValue,     // an enumerated value outside its defined values
    DepthLimit,       // nesting deeper than the decoder's bound
    // The game layer
    VersionDetected,  // the connection's protocol version, from its Login
    VersionUnknown,   // Login names a protocol version not known: decoded with the nearest
    Wrapper,          // 0xFE: today's Bedrock game packet wrapper, not an MCPE 0.x packet
    LoginRefused,     // LoginStatus other than 0
    ChunkUnanswered,  // a chunk request no chunk data answered
    ChunkUnrequested, // chunk data no request asked for
    Count_
};

constexpr uint16_t kFindingBase = 768;  // raknet has 512..767

const core::FindingTable& finding_table();

}  // namespace mcpe

template <>
struct core::FindingBlock<mcpe::FindingCode> {
    static constexpr uint16_t base = mcpe::kFindingBase;
};

namespace mcpe {
// Registered with the core's findings registry wherever the codes are used.
inline const bool kFindingsRegistered = core::registered(finding_table());
}  // namespace mcpe
