// Minecraft Bedrock Edition as minecraft-data describes it, release by
// release from 1.16.201: the tables generate.py writes into
// tables_generated.cpp (do not edit that file; README.md says how to
// regenerate it). Layouts are minecraft-data's ProtoDef JSON, each distinct
// one stored once.
#pragma once

#include <cstddef>
#include <cstdint>

namespace bedrock::mcdata {

template <class T>
struct Span {
    const T* data;
    size_t count;
    const T* begin() const { return data; }
    const T* end() const { return data + count; }
    size_t size() const { return count; }
    const T& operator[](size_t i) const { return data[i]; }
};

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

// One distinct protocol description (several releases may share one).
struct Description {
    int32_t protocol;      // of its first release
    const char* path;      // minecraft-data's folder ("bedrock/1.20.50")
    uint32_t first_packet, packet_count;
    uint32_t first_type, type_count;
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
