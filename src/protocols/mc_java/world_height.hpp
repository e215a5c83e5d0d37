// How many sections a Chunk Data holds from 1.18 on (one per 16 blocks of
// the dimension's height, from its bottom): the decoder variable $sections
// that the Chunk Data rows count them by (chunk_rows.cpp). Vanilla servers
// size the data buffer one byte per single-valued container too large and
// leave those bytes zero, so the buffer's end does not tell where the
// sections end (wiki.vg "Chunk Format": the section count is the world's
// height / 16).
//
// The height is the dimension type's: Join Game and Respawn name the
// dimension type (1.18's carry the type itself; 1.19-1.20.4 name it; 1.20.5+
// give its index in the dimension type registry), whose definitions the
// server sent before (Join Game's dimension codec until 1.20.1, Registry
// Data in configuration from 1.20.2; a registry entry sent without data,
// 1.20.5+'s known packs, is vanilla's own: overworld 384 blocks, nether and
// end 256). When the capture started after them, the first Chunk Data tells
// it: the section count whose end leaves exactly the vanilla padding (as many
// zero bytes as single-valued containers), or, from a server that does not
// pad, none at all; a note says it was inferred.
#pragma once

#include <cstdint>

#include "core/schema.hpp"

namespace mcjava {

struct Packet;  // connection.hpp, which holds a WorldHeight per connection

class WorldHeight {
public:
    // A packet of the connection, in capture order, before it is shown:
    // Join Game, Respawn and Registry Data are read; a Chunk Data gets
    // p.vars[kVarSections] (inferred, with a note on p, when unknown).
    // Nothing to do before 1.18 and for other packets (a key compare).
    void packet(const core::Schema& s, Packet& p);
    // Sections of the dimension the client is in (0: not known yet).
    int64_t sections() const { return sections_; }

    static constexpr uint32_t kMaxTypes = 16;   // dimension types kept (vanilla has 4)
    static constexpr uint32_t kMaxName = 64;    // of a type's name ("minecraft:overworld")

    // One dimension type: its registry name and sections (0: sent without
    // its height).
    struct Type {
        char name[kMaxName];
        uint8_t name_len;
        uint16_t sections;
    };

private:
    friend class HeightReader;
    void learn(const core::Schema& s, Packet& p);
    void infer(const core::Schema& s, Packet& p);
    const Type* by_name(const char* name, size_t len) const;

    Type types_[kMaxTypes] = {};
    uint32_t ntypes_ = 0;
    int64_t sections_ = 0;
};

// The sections a 1.18+ Chunk Data holds if its buffer ends in vanilla's
// padding, or without padding; 0 when neither fits. Decodes it once.
uint32_t infer_sections(const core::Schema& s, const Packet& p);

}  // namespace mcjava
