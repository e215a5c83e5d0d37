// The statistics tree of blank: node names shared by Wireshark's
// Statistics > blank > Packets, chunks and findings (stats_tree, also
// `tshark -q -z blank,tree`) and `blankshark stats`, so both print the same
// tree with the same names. Header-only; the names are stable (tests and
// users' scripts match them): add nodes, do not rename them.
//
// The tree (children in this order; Wireshark may sort them by count):
//
//   Packets by type and direction          packets; avg/min/max = blank packet length
//     client -> server                       (UDP payload: 16-byte header + payload, bytes)
//       Ping, Login, ... (type_node_name)
//     server -> client
//       ...
//     no conversation                        (analyzer only: packets outside any conversation)
//   Bytes by type and direction            the same tree, counting bytes (sum of the lengths)
//     client -> server
//       <type>
//     server -> client
//       <type>
//   Chunk transmissions
//     transmissions                          every transmission seen (by its ChunkBegin or its pieces)
//     begun                                  a ChunkBegin from the server was seen
//     complete                               every byte seen, and it is a valid chunk
//     not complete                           never completed (blank.chunk.incomplete)
//     without ChunkBegin                     pieces only (blank.chunk.unknown_transmission)
//     data before ChunkBegin                 ChunkData packets that arrived before their
//                                              transmission's ChunkBegin, or of one never begun
//                                              (the captures README's count: 46 on the lossy one)
//     ChunkBegin resent                      same ChunkBegin, new seq (the game's resend)
//     pieces resent                          same id and offset, new seq (the game's resend)
//     duplicated on the path                 the same packet (same seq) again
//     client re-requests                     ChunkBegin sent by the client (its 5 s timeout)
//   Findings by code
//     error                                  severity_name(), most severe first
//       blank.malformed.length ...           finding_info(code).name
//     warn
//     note
//     comment
//
// Counts of the top-level nodes: kPackets all blank packets (avg/min/max
// length), kBytes all their bytes, kChunks the ChunkBegin and ChunkData
// packets, kFindings all findings. Direction and type nodes appear when
// something was counted in them; chunk and severity nodes always (0 too).
//
// "not complete" and "without ChunkBegin" are known only at the end of the
// capture: Wireshark (every later pass, the GUI's statistics, tshark -2)
// counts them like the analyzer; tshark in one pass cannot.
#pragma once

#include <cstddef>
#include <cstdio>

#include "findings.hpp"
#include "protocol.hpp"
#include "roles.hpp"

namespace blank::stats {

// Wireshark registration: `-z blank,tree`, menu Statistics > blank > ...
inline constexpr const char* kTreeAbbrev = "blank";
inline constexpr const char* kTreeName = "blank/Packets, chunks and findings";

// Top-level nodes.
inline constexpr const char* kPackets = "Packets by type and direction";
inline constexpr const char* kBytes = "Bytes by type and direction";
inline constexpr const char* kChunks = "Chunk transmissions";
inline constexpr const char* kFindings = "Findings by code";

// Children of kChunks, in order.
inline constexpr const char* kChunkTransmissions = "transmissions";
inline constexpr const char* kChunkBegun = "begun";
inline constexpr const char* kChunkComplete = "complete";
inline constexpr const char* kChunkNotComplete = "not complete";
inline constexpr const char* kChunkWithoutBegin = "without ChunkBegin";
inline constexpr const char* kChunkDataBeforeBegin = "data before ChunkBegin";
inline constexpr const char* kChunkBeginResent = "ChunkBegin resent";
inline constexpr const char* kChunkPiecesResent = "pieces resent";
inline constexpr const char* kChunkDuplicates = "duplicated on the path";
inline constexpr const char* kChunkRerequests = "client re-requests";
inline constexpr const char* const kChunkNodes[] = {
    kChunkTransmissions, kChunkBegun,       kChunkComplete,     kChunkNotComplete, kChunkWithoutBegin,
    kChunkDataBeforeBegin, kChunkBeginResent, kChunkPiecesResent, kChunkDuplicates,  kChunkRerequests};

// Children of kPackets / kBytes: the sender's direction.
inline const char* direction_name(Role sender) {
    return sender == Role::Client   ? "client -> server"
           : sender == Role::Server ? "server -> client"
                                    : "no conversation";
}

inline constexpr const char* kShortHeader = "short header";

// Children of a direction: the packet type as the revision names it;
// "type 27" for a code the revision does not define; "short header" when
// fewer than the 16 header bytes were captured (len < kHeaderSize).
// Returns buf or a static string.
inline const char* type_node_name(const Schema& s, int code, bool short_header, char* buf, size_t cap) {
    if (short_header) return kShortHeader;
    if (code >= 0 && code < 256)
        if (const PacketType* t = packet_type(s, uint8_t(code))) return t->name;
    std::snprintf(buf, cap, "type %d", code);
    return buf;
}

// Children of kFindings, in this order; below each, finding_info(code).name.
inline constexpr Severity kSeverityOrder[] = {Severity::Error, Severity::Warn, Severity::Note, Severity::Comment};
inline const char* severity_node_name(Severity s) { return severity_name(s); }

}  // namespace blank::stats
