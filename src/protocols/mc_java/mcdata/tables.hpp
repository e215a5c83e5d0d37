// Minecraft Java Edition as minecraft-data describes it, release by release
// from 1.8: the tables generate.py writes into tables_generated.cpp (do not
// edit that file; README.md says how to regenerate it). Layouts are
// minecraft-data's ProtoDef JSON, each distinct one stored once; packet keys
// and display names are blankshark's stable ones (names.tsv).
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/protodef_tables.hpp"
#include "core/side.hpp"

namespace mcjava::mcdata {

using core::protodef::Description;
using core::protodef::Span;

struct Packet {
    const char* state;    // "handshaking", "status", "login", "configuration", "play"
    core::Side dir;       // Client: serverbound, Server: clientbound
    uint16_t id;
    const char* key;      // blankshark's filter segment, the same on every version ("keep_alive")
    const char* theirs;   // minecraft-data's name of the packet ("keep_alive", "map_chunk")
    const char* name;     // display name ("Keep Alive (clientbound)")
    uint32_t layout;      // index for layout()
};

// A type the layouts refer to by name: `scope` empty for the protocol's
// own types, "play.toClient" and the like for a state's and direction's.
struct NamedType {
    const char* scope;
    const char* name;
    uint32_t layout;
};

struct Release {
    const char* name;      // "1.20.4"
    int32_t protocol;      // 765
    uint32_t description;  // index into descriptions()
    // Global palette ids of air, void_air and cave_air (blocks.json): what
    // a chunk section's non-air count leaves out.
    uint32_t air[3];
};

const char* source();                    // "minecraft-data 3.119.0"
Span<Description> descriptions();        // oldest first
Span<Release> releases();                // oldest first
Span<Packet> packets(const Description& d);
Span<NamedType> named_types(const Description& d);
const char* layout(uint32_t index);      // minified ProtoDef JSON; null past the end

}  // namespace mcjava::mcdata
