// The protocol tables. One row per field, as in doc/protocol; where the
// game's code (src/net/net.cpp at 28585b1) is more precise than the doc, the
// row follows the code and says so.
#include "protocol.hpp"

namespace blank {
namespace {

constexpr double kPi = 3.14159265358979323846;

template <size_t N>
constexpr Layout L(const Field (&f)[N]) { return Layout{f, N}; }
constexpr Layout kNone{nullptr, 0};

constexpr Field leaf(const char* key, const char* name, Kind kind, uint16_t off, uint16_t size,
                     const char* desc, double scale = 1, const char* unit = nullptr) {
    return Field{key, name, kind, off, size, scale, unit, desc, kNone};
}
constexpr Field hex(const char* key, const char* name, Kind kind, uint16_t off, uint16_t size,
                    const char* desc, Layout flags = kNone) {
    return Field{key, name, kind, off, size, 1, nullptr, desc, flags, nullptr, Display::Hex};
}
constexpr Field flag(const char* key, const char* name, uint32_t bit, const char* desc) {
    return Field{key, name, Kind::Flag, 0, 0, 1, nullptr, desc, kNone, nullptr, Display::Dec, 0, bit};
}
constexpr Field enumerated(const char* key, const char* name, Kind kind, uint16_t off, uint16_t size,
                           const char* desc, const ValueString* vals) {
    return Field{key, name, kind, off, size, 1, nullptr, desc, kNone, vals};
}
constexpr Field group(const char* key, const char* name, uint16_t off, uint16_t size, Layout sub,
                      const char* desc, double scale = 0, const char* unit = nullptr) {
    return Field{key, name, Kind::Group, off, size, scale, unit, desc, sub};
}
constexpr Field derived(const char* key, const char* name, Kind kind, uint16_t off, uint16_t size,
                        uint8_t aux, const char* desc, const ValueString* vals = nullptr) {
    return Field{key, name, kind, off, size, 1, nullptr, desc, kNone, vals, Display::Dec, aux};
}

// Marks a field for one-line summaries (Info column, `decode` lines).
constexpr Field S(Field f) {
    f.summary = true;
    return f;
}

// Common types ---------------------------------------------------------------

constexpr Field kVec3F[] = {
    leaf("x", "X", Kind::F32, 0, 4, "x component", 0), leaf("y", "Y", Kind::F32, 4, 4, "y component", 0),
    leaf("z", "Z", Kind::F32, 8, 4, "z component", 0)};
constexpr Field kVec3I[] = {
    leaf("x", "X", Kind::I32, 0, 4, "x component", 0), leaf("y", "Y", Kind::I32, 4, 4, "y component", 0),
    leaf("z", "Z", Kind::I32, 8, 4, "z component", 0)};
constexpr Field kVec3B[] = {
    leaf("x", "X", Kind::I8, 0, 1, "x component", 0), leaf("y", "Y", Kind::I8, 1, 1, "y component", 0),
    leaf("z", "Z", Kind::I8, 2, 1, "z component", 0)};
constexpr Field kVec3N[] = {
    leaf("x", "X", Kind::PackN, 0, 2, "x component (packn: i16 / 32767)", 0),
    leaf("y", "Y", Kind::PackN, 2, 2, "y component (packn: i16 / 32767)", 0),
    leaf("z", "Z", Kind::PackN, 4, 2, "z component (packn: i16 / 32767)", 0)};
constexpr Field kVec3U[] = {
    leaf("x", "X", Kind::PackU, 0, 2, "x component (packu: u16 / 65535)", 0),
    leaf("y", "Y", Kind::PackU, 2, 2, "y component (packu: u16 / 65535)", 0),
    leaf("z", "Z", Kind::PackU, 4, 2, "z component (packu: u16 / 65535)", 0)};
// The chunk base of an EntityUpdate: remembered to resolve each entry's vec3b.
constexpr Field kVec3IBase[] = {
    Field{"x", "X", Kind::I32, 0, 4, 0, nullptr, "x component", kNone, nullptr, Display::Dec, 0, 0, true},
    Field{"y", "Y", Kind::I32, 4, 4, 0, nullptr, "y component", kNone, nullptr, Display::Dec, 1, 0, true},
    Field{"z", "Z", Kind::I32, 8, 4, 0, nullptr, "z component", kNone, nullptr, Display::Dec, 2, 0, true}};
constexpr Field kChunkAbs[] = {
    derived("x", "X", Kind::ChunkAbs, 0, 1, 0, "base x + offset x"),
    derived("y", "Y", Kind::ChunkAbs, 1, 1, 1, "base y + offset y"),
    derived("z", "Z", Kind::ChunkAbs, 2, 1, 2, "base z + offset z")};

constexpr ValueString kAxisNames[] = {{0, "x"}, {1, "y"}, {2, "z"}, {3, "w"}, {0, nullptr}};
// Shown w first, as a person writes a quaternion; aux is the glm index (x y z w).
constexpr Field kQuatPacked[] = {
    derived("w", "W", Kind::QuatComp, 0, 8, 3, "w component"),
    derived("x", "X", Kind::QuatComp, 0, 8, 0, "x component"),
    derived("y", "Y", Kind::QuatComp, 0, 8, 1, "y component"),
    derived("z", "Z", Kind::QuatComp, 0, 8, 2, "z component"),
    derived("largest", "Largest component", Kind::QuatComp, 0, 8, 4,
            "index of the omitted largest component (bits 63-62), recomputed as sqrt(1 - others^2)",
            kAxisNames)};

constexpr Field quat(uint16_t off) {
    return Field{"orientation", "Orientation", Kind::Quat, off, 8, 1, nullptr,
                 "unit quaternion: 2-bit largest index, 2 pad bits, three 20-bit components "
                 "mapped from [-0.7072, 0.7072]",
                 L(kQuatPacked)};
}
constexpr Field vec3(const char* key, const char* name, const Field (&sub)[3], uint16_t off, uint16_t size,
                     const char* desc, double scale = 1, const char* unit = nullptr) {
    return group(key, name, off, size, L(sub), desc, scale, unit);
}

// entity state, 42 bytes
constexpr Field kEntityState[] = {
    vec3("chunk", "Chunk", kVec3I, 0, 12, "chunk position, vec3i"),
    vec3("block", "Block position", kVec3U, 12, 6, "position inside the chunk, vec3u by 16", 16, "blocks"),
    vec3("velocity", "Velocity", kVec3F, 18, 12, "velocity, vec3", 1, "blocks/s"),
    quat(30),
    leaf("pitch", "Pitch", Kind::PackN, 38, 2, "head pitch, packn by pi/2", kPi / 2, "rad"),
    leaf("yaw", "Yaw", Kind::PackN, 40, 2, "head yaw, packn by pi", kPi, "rad"),
};
// The vec3b variant inside EntityUpdate, 33 bytes: chunk = packet base + offset.
constexpr Field kEntityStateB[] = {
    vec3("chunk_offset", "Chunk offset", kVec3B, 0, 3, "chunk position relative to the packet's base, vec3b"),
    group("chunk", "Chunk", 0, 3, L(kChunkAbs), "chunk position: base + offset"),
    vec3("block", "Block position", kVec3U, 3, 6, "position inside the chunk, vec3u by 16", 16, "blocks"),
    vec3("velocity", "Velocity", kVec3F, 9, 12, "velocity, vec3", 1, "blocks/s"),
    quat(21),
    leaf("pitch", "Pitch", Kind::PackN, 29, 2, "head pitch, packn by pi/2", kPi / 2, "rad"),
    leaf("yaw", "Yaw", Kind::PackN, 31, 2, "head yaw, packn by pi", kPi, "rad"),
};
constexpr Field state(uint16_t off, const char* desc) {
    return group("state", "Entity state", off, 42, L(kEntityState), desc);
}

// Header ---------------------------------------------------------------------

constexpr Field kAckBits[] = {
    derived("acked", "Acknowledged", Kind::AckSeq, 0, 4, 1, "remote seq this history bit acknowledges"),
    derived("missing", "Not received", Kind::AckSeq, 0, 4, 0, "remote seq this history bit reports as not received"),
};
constexpr Field kHeader[] = {
    hex("tag", "Tag", Kind::U32, 0, 4, "protocol tag, must be 0xFB1AB1AF"),
    leaf("seq", "Sequence number", Kind::U16, 4, 2, "sender's sequence number"),
    leaf("ack", "Acknowledgement", Kind::U16, 6, 2, "newest remote sequence number seen"),
    Field{"ack_hist", "Ack history", Kind::AckHist, 8, 4, 1, nullptr,
          "bit i set: remote seq ack-1-i was received", L(kAckBits), nullptr, Display::Hex},
    // value strings come from the revision's type table (see schema.cpp)
    leaf("type", "Type", Kind::U8, 12, 1, "type code of the payload"),
    leaf("padding", "Padding", Kind::Bytes, 13, 3, "reserved; the game never writes it"),
};

// Packets (current revision) -----------------------------------------------

constexpr Field kLogin[] = {
    S(leaf("player.name", "Player name", Kind::String, 0, 32, "player name, UTF-8, zero-terminated when shorter")),
};
constexpr Field kJoin[] = {
    S(leaf("entity.id", "Entity ID", Kind::U32, 0, 4, "entity ID of the player")),
    state(4, "entity state of the player"),
    S(leaf("world.name", "World name", Kind::String, 46, 32, "name of the server's world, UTF-8")),
};
constexpr Field kActions[] = {
    flag("primary", "Primary", 1, "primary action active"),
    flag("secondary", "Secondary", 2, "secondary action active"),
    flag("tertiary", "Tertiary", 4, "tertiary action active"),
};
constexpr Field kPlayerUpdate[] = {
    state(0, "player's entity state as predicted by the client"),
    vec3("input.movement", "Movement input", kVec3N, 42, 6, "movement input, vec3n"),
    hex("input.actions", "Actions", Kind::U8, 48, 1, "active actions bit field", L(kActions)),
    leaf("input.slot", "Selected slot", Kind::U8, 49, 1, "selected inventory slot"),
};
constexpr Field kBounds[] = {
    vec3("min", "Min", kVec3F, 0, 12, "minimum corner"),
    vec3("max", "Max", kVec3F, 12, 12, "maximum corner"),
};
constexpr Field kEntityFlags[] = {flag("world_collision", "World collision", 1, "entity collides with the world")};
constexpr Field kSpawnEntity[] = {
    S(leaf("entity.id", "Entity ID", Kind::U32, 0, 4, "entity ID")),
    leaf("entity.model", "Model ID", Kind::U32, 4, 4, "entity's model ID"),
    state(8, "entity state"),
    group("entity.bbox", "Bounding box", 50, 24, L(kBounds), "bounding box, 6 x f32", 1, "blocks"),
    hex("entity.flags", "Flags", Kind::U32, 74, 4, "entity flags", L(kEntityFlags)),
    S(leaf("entity.name", "Entity name", Kind::String, 78, 32, "entity name, UTF-8")),
};
constexpr Field kDespawnEntity[] = {S(leaf("entity.id", "Entity ID", Kind::U32, 0, 4, "entity ID"))};
constexpr Field kEntityEntry[] = {
    leaf("entity.id", "Entity ID", Kind::U32, 0, 4, "entity ID"),
    group("state", "Entity state", 4, 33, L(kEntityStateB), "entity state with a vec3b chunk offset"),
};
constexpr Field kEntityUpdate[] = {
    S(leaf("entity.count", "Entity count", Kind::U32, 0, 4, "number of entities, 1-12")),
    group("chunk.base", "Chunk base", 4, 12, L(kVec3IBase), "base of the entries' chunk coordinates"),
    Field{"entities", "Entity", Kind::Array, 16, 37, 1, nullptr, "one updated entity", L(kEntityEntry),
          nullptr, Display::Dec, /*count sibling*/ 0},
};
constexpr Field kPlayerCorrection[] = {
    S(leaf("correction.update_seq", "Corrected update seq", Kind::U16, 0, 2,
         "sequence number of the offending PlayerUpdate")),
    state(2, "entity state of the player's entity on the server"),
};
constexpr Field kChunkFlags[] = {flag("compressed", "Compressed", 1, "data is a zlib stream")};
constexpr Field kChunkBegin[] = {
    S(leaf("chunk.transmission", "Transmission ID", Kind::U32, 0, 4, "transmission ID, referenced by Chunk Data")),
    hex("chunk.flags", "Flags", Kind::U32, 4, 4, "transmission flags", L(kChunkFlags)),
    S(vec3("chunk.coords", "Chunk coordinates", kVec3I, 8, 12, "chunk coordinates, vec3i")),
    S(leaf("chunk.size", "Data size", Kind::U32, 20, 4, "size of the data to come (compressed size if compressed)", 1,
         "bytes")),
};
constexpr Field kChunkData[] = {
    S(leaf("chunk.transmission", "Transmission ID", Kind::U32, 0, 4, "transmission ID of the Chunk Begin")),
    S(leaf("chunk.offset", "Data offset", Kind::U32, 4, 4, "offset of this piece inside the whole data", 1, "bytes")),
    S(leaf("chunk.piece_size", "Piece size", Kind::U32, 8, 4, "size of this piece", 1, "bytes")),
    // aux 3: its length must equal sibling 2, the piece size
    derived("chunk.data", "Data", Kind::Bytes, 12, 0, 3, "raw (usually zlib-compressed) chunk data"),
};
constexpr ValueString kFaceNames[] = {{0, "up"},    {1, "down"}, {2, "right"}, {3, "left"},
                                      {4, "front"}, {5, "back"}, {0, nullptr}};
constexpr ValueString kTurnNames[] = {{0, "none"}, {1, "left"}, {2, "around"}, {3, "right"}, {0, nullptr}};
constexpr Field kBlockPos[] = {
    derived("x", "X", Kind::BlockPos, 0, 2, 0, "index % 16"),
    derived("y", "Y", Kind::BlockPos, 0, 2, 1, "(index / 16) % 16"),
    derived("z", "Z", Kind::BlockPos, 0, 2, 2, "index / 256"),
};
constexpr Field kOrient[] = {
    derived("face", "Face", Kind::Face, 0, 1, 0, "orientation / 4", kFaceNames),
    derived("turn", "Turn", Kind::Turn, 0, 1, 0, "orientation % 4", kTurnNames),
};
constexpr Field kBlockEntry[] = {
    leaf("block.index", "Block index", Kind::U16, 0, 2, "index inside the chunk: x + 16 y + 256 z"),
    group("block.pos", "Block position", 0, 2, L(kBlockPos), "position inside the chunk, from the index"),
    leaf("block.type", "Block type", Kind::U16, 2, 2, "block type ID"),
    Field{"block.orient", "Orientation", Kind::U8, 4, 1, 1, nullptr, "face * 4 + turn", L(kOrient)},
    leaf("block.unused", "Unused", Kind::U8, 5, 1, "unused byte of the block"),
};
constexpr Field kBlockUpdate[] = {
    S(vec3("chunk.coords", "Chunk coordinates", kVec3I, 0, 12, "chunk coordinates, vec3i")),
    S(leaf("block.count", "Block count", Kind::U32, 12, 4, "number of blocks, 1-78")),
    Field{"blocks", "Block", Kind::Array, 16, 6, 1, nullptr, "one changed block", L(kBlockEntry), nullptr,
          Display::Dec, /*count sibling*/ 1},
};
constexpr ValueString kMessageTypes[] = {{0, "notification"}, {1, "chat"}, {0, nullptr}};
constexpr Field kMessage[] = {
    S(enumerated("message.type", "Message type", Kind::U8, 0, 1, "0 = notification, 1 = chat", kMessageTypes)),
    leaf("message.referral", "Referral", Kind::U32, 1, 4, "entity ID of the speaker if type = chat"),
    S(leaf("message.text", "Message", Kind::String, 5, 450, "message, UTF-8, zero-terminated when shorter")),
};

constexpr LengthSpec fixed(uint16_t n) { return {LengthRule::Fixed, n, n, 0, 0, 0, 0}; }
constexpr LengthSpec range(uint16_t lo, uint16_t hi) { return {LengthRule::Range, lo, hi, 0, 0, 0, 0}; }
constexpr LengthSpec repeated(uint16_t base, uint16_t stride, uint16_t cmin, uint16_t cmax) {
    return {LengthRule::Repeated, uint16_t(base + stride * cmin), uint16_t(base + stride * cmax), base, stride, cmin,
            cmax};
}

constexpr PacketType kTypesFa73e36[] = {
    {0, "Ping", "keep-alive, sent after 50 ms without other traffic", fixed(0), kNone},
    {1, "Login", "client asks to join", range(0, 32), L(kLogin)},
    {2, "Join", "server accepts a login or changes worlds", range(47, 78), L(kJoin)},
    {3, "Part", "login refused, kicked, or client leaving", fixed(0), kNone},
    {4, "PlayerUpdate", "client's predicted player state and input", fixed(50), L(kPlayerUpdate)},
    {5, "SpawnEntity", "entity entered spawn range", range(79, 110), L(kSpawnEntity)},
    {6, "DespawnEntity", "entity left spawn range", fixed(4), L(kDespawnEntity)},
    {7, "EntityUpdate", "updated entity states", repeated(16, 37, 1, 12), L(kEntityUpdate)},
    {8, "PlayerCorrection", "server's authoritative player state", fixed(44), L(kPlayerCorrection)},
    {9, "ChunkBegin", "start of a chunk transmission (or a client re-request)", fixed(24), L(kChunkBegin)},
    {10, "ChunkData", "a piece of a chunk transmission", range(12, 484), L(kChunkData)},
    {11, "BlockUpdate", "changed blocks of a chunk", repeated(16, 6, 1, 78), L(kBlockUpdate)},
    {12, "Message", "chat line or server notification", range(6, 455), L(kMessage)},
};

}  // namespace

extern const Revision kRevisionFa73e36;
const Revision kRevisionFa73e36 = {
    "fa73e36",
    "doc/protocol of game commit fa73e36 and later: 42-byte entity state, packed quaternions, 13 packet types",
    kTypesFa73e36,
    sizeof(kTypesFa73e36) / sizeof(kTypesFa73e36[0]),
    kHeader,
    sizeof(kHeader) / sizeof(kHeader[0]),
    {0x7f, 0, 0},
};

}  // namespace blank
