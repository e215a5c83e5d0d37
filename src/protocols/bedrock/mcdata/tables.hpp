// Minecraft Bedrock Edition as minecraft-data describes it, release by
// release from 1.16.201: the tables generate.py writes into
// tables_generated.cpp (do not edit that file; generate.py's docstring says
// how to regenerate it, from the minecraft-data version pinned in
// src/protocols/minecraft_data_tables.py, named in the file's first line). Layouts are minecraft-data's ProtoDef JSON, each distinct
// one stored once.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/protodef_tables.hpp"

namespace bedrock::mcdata {

using core::protodef::Description;
using core::protodef::Span;

struct Packet {
    uint16_t id;          // the 10-bit packet id
    const char* key;      // minecraft-data's name, the filter segment on every release ("level_chunk")
    const char* name;     // display name ("Level Chunk")
    uint32_t layout;      // index for layout()
};

// A type the layouts refer to by name.
struct NamedType {
    const char* name;
    uint32_t layout;
};

struct Release {
    const char* name;      // "1.20.50"
    int32_t protocol;      // 630
    uint32_t description;  // index into descriptions()
};

const char* source();                    // "minecraft-data 3.119.0"
Span<Description> descriptions();        // oldest first
Span<Release> releases();                // oldest first
Span<Packet> packets(const Description& d);
Span<NamedType> named_types(const Description& d);
const char* layout(uint32_t index);      // minified ProtoDef JSON; null past the end

}  // namespace bedrock::mcdata
