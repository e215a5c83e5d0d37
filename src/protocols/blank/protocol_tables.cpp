// The protocol tables. One row per field, as in doc/protocol; where the
// game's code (src/net/net.cpp at 28585b1) is more precise than the doc, the
// row follows the code and says so.
#include <array>

#include "protocol.hpp"

namespace blank {
namespace {

constexpr double kPi = 3.14159265358979323846;

template <size_t N>
constexpr Layout L(const Field (&f)[N]) { return Layout{f, N}; }
constexpr Layout kNone{nullptr, 0};

// Rows at fixed offsets (blank's layouts are C structs on the wire).
constexpr Field row(const char* key, const char* name, Kind kind, uint16_t off, uint16_t size, const char* desc) {
    Field f{key, name, kind};
    f.offset = off;
    f.size = size;
    f.desc = desc;
    return f;
}
constexpr Field leaf(const char* key, const char* name, Kind kind, uint16_t off, uint16_t size,
                     const char* desc, double scale = 1, const char* unit = nullptr) {
    Field f = row(key, name, kind, off, size, desc);
    f.scale = scale;
    f.unit = unit;
    return f;
}
constexpr Field hex(const char* key, const char* name, Kind kind, uint16_t off, uint16_t size,
                    const char* desc, Layout flags = kNone) {
    Field f = leaf(key, name, kind, off, size, desc);
    f.sub = flags;
    f.display = Display::Hex;
    return f;
}
constexpr Field flag(const char* key, const char* name, uint32_t bit, const char* desc) {
    Field f = leaf(key, name, Kind::Flag, 0, 0, desc);
    f.mask = bit;
    return f;
}
constexpr Field enumerated(const char* key, const char* name, Kind kind, uint16_t off, uint16_t size,
                           const char* desc, const ValueString* vals) {
    Field f = leaf(key, name, kind, off, size, desc);
    f.vals = vals;
    return f;
}
constexpr Field group(const char* key, const char* name, uint16_t off, uint16_t size, Layout sub,
                      const char* desc, double scale = 0, const char* unit = nullptr) {
    Field f = leaf(key, name, Kind::Group, off, size, desc, scale, unit);
    f.sub = sub;
    return f;
}
// A view computed from the bytes of its parent: `axis` picks the component.
constexpr Field derived(const char* key, const char* name, Kind kind, uint16_t off, uint16_t size,
                        uint8_t axis, const char* desc, const ValueString* vals = nullptr) {
    Field f = leaf(key, name, kind, off, size, desc);
    f.vals = vals;
    f.axis = axis;
    return f;
}
// A history bit view: the seqs it acknowledges (true) or reports missing.
constexpr Field history(const char* key, const char* name, Kind kind, bool acked, const char* desc) {
    Field f = leaf(key, name, kind, 0, 4, desc);
    f.acked = acked;
    return f;
}
// The EntityUpdate chunk base: each component saved in a decoder variable.
constexpr Field base(const char* key, const char* name, uint16_t off, Var var, const char* desc) {
    Field f = leaf(key, name, Kind::I32, off, 4, desc, 0);
    f.save = int8_t(var);
    return f;
}
// An integer with views of its own bytes as children.
constexpr Field group_of(Field f, Layout views) {
    f.sub = views;
    return f;
}
// Bytes (the rest of the payload) whose length the earlier field `size` declares.
constexpr Field sized_by(Field f, const char* size) {
    f.ref = size;
    return f;
}
// A list of `entry` rows counted by the earlier field `count`, which must
// fill the rest of the payload, with min..max entries.
constexpr Field list(const char* key, const char* name, uint16_t off, uint16_t entry_size, Layout entry,
                     const char* count, uint32_t min, uint32_t max, const char* desc) {
    Field f = leaf(key, name, Kind::Array, off, entry_size, desc);
    f.sub = entry;
    f.ref = count;
    f.count.from = core::CountFrom::Field;
    f.count.min = min;
    f.count.max = max;
    f.count.fills_rest = true;
    return f;
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
constexpr Field kVec3IBase[] = {base("x", "X", 0, kVarBaseX, "x component"), base("y", "Y", 4, kVarBaseY, "y component"),
                                base("z", "Z", 8, kVarBaseZ, "z component")};
constexpr Field kChunkAbs[] = {
    derived("x", "X", Kind::Sum, 0, 1, kVarBaseX, "base x + offset x"),
    derived("y", "Y", Kind::Sum, 1, 1, kVarBaseY, "base y + offset y"),
    derived("z", "Z", Kind::Sum, 2, 1, kVarBaseZ, "base z + offset z")};

constexpr ValueString kAxisNames[] = {{0, "x"}, {1, "y"}, {2, "z"}, {3, "w"}, {0, nullptr}};
// Shown w first, as a person writes a quaternion; axis is the glm index (x y z w).
constexpr Field kQuatPacked[] = {
    derived("w", "W", Kind::QuatComp, 0, 8, 3, "w component"),
    derived("x", "X", Kind::QuatComp, 0, 8, 0, "x component"),
    derived("y", "Y", Kind::QuatComp, 0, 8, 1, "y component"),
    derived("z", "Z", Kind::QuatComp, 0, 8, 2, "z component"),
    derived("largest", "Largest component", Kind::QuatComp, 0, 8, 4,
            "index of the omitted largest component (bits 63-62), recomputed as sqrt(1 - others^2)",
            kAxisNames)};

constexpr Field quat(uint16_t off) {
    Field f = leaf("orientation", "Orientation", Kind::Quat, off, 8,
                   "unit quaternion: 2-bit largest index, 2 pad bits, three 20-bit components "
                   "mapped from [-0.7072, 0.7072]");
    f.sub = L(kQuatPacked);
    return f;
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
    history("acked", "Acknowledged", Kind::AckSeq, true, "remote seq this history bit acknowledges"),
    history("missing", "Not received", Kind::AckSeq, false, "remote seq this history bit reports as not received"),
    history("acked_ranges", "Acknowledged", Kind::AckRanges, true, "remote seqs the history acknowledges, as ranges"),
    history("missing_ranges", "Not received", Kind::AckRanges, false,
            "remote seqs the history reports as not received, as ranges"),
    history("before_first", "Before the peer's first seq", Kind::AckBefore, false,
            "history bits naming seqs before the peer's first packet (never sent): neither acked nor missing"),
};
// Bit i of the history acknowledges the remote seq `ack` - 1 - i; the
// analysis tells how many bits name seqs the peer sent (kVarHistBits).
constexpr Field ack_history() {
    Field f = hex("ack_hist", "Ack history", Kind::AckHist, 8, 4, "bit i set: remote seq ack-1-i was received",
                  L(kAckBits));
    f.ref = "ack";
    f.axis = kVarHistBits;
    return f;
}
constexpr Field kHeader[] = {
    hex("tag", "Tag", Kind::U32, 0, 4, "protocol tag, must be 0xFB1AB1AF"),
    leaf("seq", "Sequence number", Kind::U16, 4, 2, "sender's sequence number"),
    leaf("ack", "Acknowledgement", Kind::U16, 6, 2, "newest remote sequence number seen"),
    ack_history(),
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
    list("entities", "Entity", 16, 37, L(kEntityEntry), "entity.count", 1, 12, "one updated entity"),
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
    sized_by(leaf("chunk.data", "Data", Kind::Bytes, 12, 0, "raw (usually zlib-compressed) chunk data"),
             "chunk.piece_size"),
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
    group_of(leaf("block.orient", "Orientation", Kind::U8, 4, 1, "face * 4 + turn"), L(kOrient)),
    leaf("block.unused", "Unused", Kind::U8, 5, 1, "unused byte of the block"),
};
constexpr Field kBlockUpdate[] = {
    S(vec3("chunk.coords", "Chunk coordinates", kVec3I, 0, 12, "chunk coordinates, vec3i")),
    S(leaf("block.count", "Block count", Kind::U32, 12, 4, "number of blocks, 1-78")),
    list("blocks", "Block", 16, 6, L(kBlockEntry), "block.count", 1, 78, "one changed block"),
};
constexpr ValueString kMessageTypes[] = {{0, "notification"}, {1, "chat"}, {0, nullptr}};
constexpr Field kMessage[] = {
    S(enumerated("message.type", "Message type", Kind::U8, 0, 1, "0 = notification, 1 = chat", kMessageTypes)),
    leaf("message.referral", "Referral", Kind::U32, 1, 4, "entity ID of the speaker if type = chat"),
    S(leaf("message.text", "Message", Kind::String, 5, 450, "message, UTF-8, zero-terminated when shorter")),
};

constexpr LengthSpec fixed(uint16_t n) { return {LengthRule::Fixed, n, n, 0, 0}; }
constexpr LengthSpec range(uint16_t lo, uint16_t hi) { return {LengthRule::Range, lo, hi, 0, 0}; }
// base + stride * n bytes for n in cmin..cmax (the list rows check the count itself).
constexpr LengthSpec repeated(uint16_t base, uint16_t stride, uint16_t cmin, uint16_t cmax) {
    return {LengthRule::Repeated, uint32_t(base + stride * cmin), uint32_t(base + stride * cmax), base, stride};
}

constexpr PacketType kTypesFa73e36[] = {
    {0, nullptr, "Ping", "keep-alive, sent after 50 ms without other traffic", fixed(0), kNone},
    {1, nullptr, "Login", "client asks to join", range(0, 32), L(kLogin)},
    {2, nullptr, "Join", "server accepts a login or changes worlds", range(47, 78), L(kJoin)},
    {3, nullptr, "Part", "login refused, kicked, or client leaving", fixed(0), kNone},
    {4, nullptr, "PlayerUpdate", "client's predicted player state and input", fixed(50), L(kPlayerUpdate)},
    {5, nullptr, "SpawnEntity", "entity entered spawn range", range(79, 110), L(kSpawnEntity)},
    {6, nullptr, "DespawnEntity", "entity left spawn range", fixed(4), L(kDespawnEntity)},
    {7, nullptr, "EntityUpdate", "updated entity states", repeated(16, 37, 1, 12), L(kEntityUpdate)},
    {8, nullptr, "PlayerCorrection", "server's authoritative player state", fixed(44), L(kPlayerCorrection)},
    {9, nullptr, "ChunkBegin", "start of a chunk transmission (or a client re-request)", fixed(24), L(kChunkBegin)},
    {10, nullptr, "ChunkData", "a piece of a chunk transmission", range(12, 484), L(kChunkData)},
    {11, nullptr, "BlockUpdate", "changed blocks of a chunk", repeated(16, 6, 1, 78), L(kBlockUpdate)},
    {12, nullptr, "Message", "chat line or server notification", range(6, 455), L(kMessage)},
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


// Older revisions (GitHub issue 6) ===========================================
//
// Read from the game's history between 933ca0f and fa73e36: doc/protocol,
// src/net/net.cpp (Packet::Payload Read/Write and each packet's codec),
// src/net/Packet.hpp (MAX_LEN, GetSize), src/world/Chunk.hpp (BlockSize) and
// the ChunkTransmitter in src/server/net.cpp. Each revision is named by the
// game commit that introduced it, and is data only: a row that did not change
// IS the fa73e36 row (copied by value from the tables above; at() moves it to
// its older offset, sub() swaps its children), and packets around a 64- or
// 50-byte entity state are one template over the state's layout.
//
//   933ca0f  entity state = memcpy of struct EntityState, 64 bytes: vec3i
//            chunk, vec3 block position, vec3 velocity, glm::quat as 4 f32 in
//            memory order x y z w, vec3 angular velocity; world time in
//            milliseconds (blocks/ms, rad/ms). PlayerUpdate 76 with i16 input
//            pitch/yaw; SpawnEntity with a skeleton ID, bbox at 72; Join 68-100;
//            EntityUpdate 4 + 1..7 x 68; PlayerCorrection 66; no Message.
//            ChunkData always 484 bytes; chunks inflate to 20480 bytes.
//   9240fdf  Chunk::BlockSize() becomes offsetof(position) - offsetof(blocks):
//            + bool generated, bool lighted, 2 pad bytes = 20484. Packets same.
//   4da2ae6  world time in seconds: velocity blocks/s, angular velocity rad/s.
//   ca90ec4  adds Message (12), as in fa73e36.
//   7c5e04a  "compress protocol a little": 50-byte state (vec3u block by 16,
//            quat as 4 packn in w x y z order, vec3 angular velocity); the
//            vec3b variant in EntityUpdate (16 + 1..10 x 45); Join 54-86,
//            PlayerUpdate 62, SpawnEntity 87-118 with a model ID, PlayerCorrection 52.
//   808d9db  angular velocity dropped: 12 reserved bytes the game never writes.
//   33b37e7  pitch/yaw move from the PlayerUpdate input into the 42-byte state.
//   da06ac1  quaternion as 2-bit index + three 20-bit components (fa73e36 form).
//   fa73e36  the wire format of 56069d4 (ChunkData sent at 12 + piece size);
//            fa73e36 only adds the client's ChunkBegin re-request.

namespace {

template <size_t N>
constexpr Layout L(const std::array<Field, N>& a) { return Layout{a.data(), N}; }
// The same row at the offset an older layout had it.
constexpr Field at(Field f, uint16_t off) {
    f.offset = off;
    return f;
}
// The same row with other children (an older entity state inside it).
constexpr Field sub(Field f, Layout children) {
    f.sub = children;
    return f;
}
// The same packet type with an older payload (and length rule).
constexpr PacketType with(PacketType t, Layout payload) {
    t.payload = payload;
    return t;
}
constexpr PacketType with(PacketType t, LengthSpec len, Layout payload) {
    t.length = len;
    t.payload = payload;
    return t;
}

// glm::quat as stored in memory: x y z w (glm's tquat members; in the 933ca0f
// capture the identity orientation has 1.0f in the fourth float). Shown w
// first like the packed form; each leaf covers its own 4 bytes.
constexpr Field kQuatFloat[] = {
    derived("w", "W", Kind::QuatComp, 12, 4, 3, "w component (f32)"),
    derived("x", "X", Kind::QuatComp, 0, 4, 0, "x component (f32)"),
    derived("y", "Y", Kind::QuatComp, 4, 4, 1, "y component (f32)"),
    derived("z", "Z", Kind::QuatComp, 8, 4, 2, "z component (f32)")};
constexpr Field quatf(uint16_t off) {
    Field f = leaf("orientation", "Orientation", Kind::QuatF, off, 16,
                   "quaternion as 4 x f32 in glm's memory order x y z w");
    f.sub = L(kQuatFloat);
    return f;
}
// 7c5e04a .. 33b37e7: Payload::Write(glm::quat) = WritePackN of w, x, y, z
// (round, clamp to +-32767); Read() normalises what it read.
constexpr Field kQuatPackN[] = {
    leaf("w", "W", Kind::PackN, 0, 2, "w component (packn: i16 / 32767)", 0),
    leaf("x", "X", Kind::PackN, 2, 2, "x component (packn: i16 / 32767)", 0),
    leaf("y", "Y", Kind::PackN, 4, 2, "y component (packn: i16 / 32767)", 0),
    leaf("z", "Z", Kind::PackN, 6, 2, "z component (packn: i16 / 32767)", 0)};
constexpr Field quatn(uint16_t off) {
    return group("orientation", "Orientation", off, 8, L(kQuatPackN),
                 "quaternion as 4 x packn in w x y z order (the receiver normalises it)");
}

// 64-byte entity state (933ca0f .. ca90ec4) ----------------------------------

constexpr Field kState64Ms[] = {
    kEntityState[0],  // chunk, vec3i at 0
    vec3("block", "Block position", kVec3F, 12, 12, "position inside the chunk, vec3", 1, "blocks"),
    vec3("velocity", "Velocity", kVec3F, 24, 12, "velocity, vec3 (world time in milliseconds before 4da2ae6)", 1,
         "blocks/ms"),
    quatf(36),
    vec3("angular_velocity", "Angular velocity", kVec3F, 52, 12,
         "angular velocity, vec3 (world time in milliseconds before 4da2ae6)", 1, "rad/ms"),
};
constexpr Field kState64[] = {
    kState64Ms[0],
    kState64Ms[1],
    vec3("velocity", "Velocity", kVec3F, 24, 12, "velocity, vec3", 1, "blocks/s"),
    kState64Ms[3],
    vec3("angular_velocity", "Angular velocity", kVec3F, 52, 12, "angular velocity, vec3", 1, "rad/s"),
};

// PlayerUpdate input before 33b37e7 (933ca0f: i16 = value * 32767 / (pi/2)
// truncated; 7c5e04a: packn, rounded); decoded alike.
constexpr Field kPitchInput =
    leaf("input.pitch", "Pitch input", Kind::PackN, 70, 2, "head pitch input, packn by pi/2", kPi / 2, "rad");
constexpr Field kYawInput =
    leaf("input.yaw", "Yaw input", Kind::PackN, 72, 2, "head yaw input, packn by pi", kPi, "rad");
constexpr Field kSkeletonId = leaf("entity.skeleton", "Skeleton ID", Kind::U32, 4, 4,
                                   "entity's skeleton ID (doc name until 7c5e04a; from 7e78229 the game "
                                   "sends its model's ID there)");

constexpr Field state64(uint16_t off, Layout st, const char* desc) {
    return group("state", "Entity state", off, 64, st, desc);
}
constexpr std::array<Field, 3> join64(Layout st) {
    return {{kJoin[0], state64(4, st, "entity state of the player"), at(kJoin[2], 68)}};
}
constexpr std::array<Field, 6> player_update64(Layout st) {
    return {{state64(0, st, "player's entity state as predicted by the client"), at(kPlayerUpdate[1], 64),
             kPitchInput, kYawInput, at(kPlayerUpdate[2], 74), at(kPlayerUpdate[3], 75)}};
}
constexpr std::array<Field, 6> spawn_entity64(Layout st) {
    return {{kSpawnEntity[0], kSkeletonId, state64(8, st, "entity state"), at(kSpawnEntity[3], 72),
             at(kSpawnEntity[4], 96), at(kSpawnEntity[5], 100)}};
}
constexpr std::array<Field, 2> entity_entry64(Layout st) {
    return {{kEntityEntry[0], state64(4, st, "entity state")}};
}
constexpr std::array<Field, 2> entity_update64(Layout entry) {
    return {{S(leaf("entity.count", "Entity count", Kind::U32, 0, 4, "number of entities, 1-7")),
             list("entities", "Entity", 4, 68, entry, "entity.count", 1, 7, "one updated entity")}};
}
constexpr std::array<Field, 2> player_correction64(Layout st) {
    return {{kPlayerCorrection[0], state64(2, st, "entity state of the player's entity on the server")}};
}

// Before fa73e36 only the server sends ChunkBegin.
constexpr PacketType kChunkBeginServer = {9, nullptr, "ChunkBegin", "start of a chunk transmission", fixed(24), L(kChunkBegin)};
// Before 56069d4 Packet::Make set every length to MAX_LEN and the
// ChunkTransmitter never shortened a piece: every ChunkData is 484 bytes
// (the 933ca0f capture: all of them), and the data is not checked against
// the piece size (Revision::chunk_data_padded says what counts).
constexpr Field kChunkDataPadded[] = {
    kChunkData[0], kChunkData[1], kChunkData[2],
    leaf("chunk.data", "Data", Kind::Bytes, 12, 0,
         "chunk data: its first piece-size bytes; the game sends every piece at 484 bytes, so the last one of "
         "a transmission ends in stale buffer content"),
};
constexpr PacketType kChunkDataFull = with(kTypesFa73e36[10], fixed(484), L(kChunkDataPadded));

constexpr auto kJoin64Ms = join64(L(kState64Ms));
constexpr auto kPlayerUpdate64Ms = player_update64(L(kState64Ms));
constexpr auto kSpawnEntity64Ms = spawn_entity64(L(kState64Ms));
constexpr auto kEntityEntry64Ms = entity_entry64(L(kState64Ms));
constexpr auto kEntityUpdate64Ms = entity_update64(L(kEntityEntry64Ms));
constexpr auto kPlayerCorrection64Ms = player_correction64(L(kState64Ms));

constexpr auto kJoin64 = join64(L(kState64));
constexpr auto kPlayerUpdate64 = player_update64(L(kState64));
constexpr auto kSpawnEntity64 = spawn_entity64(L(kState64));
constexpr auto kEntityEntry64 = entity_entry64(L(kState64));
constexpr auto kEntityUpdate64 = entity_update64(L(kEntityEntry64));
constexpr auto kPlayerCorrection64 = player_correction64(L(kState64));

// 933ca0f and 9240fdf.
constexpr PacketType kTypes933ca0f[] = {
    kTypesFa73e36[0],
    kTypesFa73e36[1],
    with(kTypesFa73e36[2], range(68, 100), L(kJoin64Ms)),
    kTypesFa73e36[3],
    with(kTypesFa73e36[4], fixed(76), L(kPlayerUpdate64Ms)),
    with(kTypesFa73e36[5], range(100, 132), L(kSpawnEntity64Ms)),
    kTypesFa73e36[6],
    with(kTypesFa73e36[7], repeated(4, 68, 1, 7), L(kEntityUpdate64Ms)),
    with(kTypesFa73e36[8], fixed(66), L(kPlayerCorrection64Ms)),
    kChunkBeginServer,
    kChunkDataFull,
    kTypesFa73e36[11],
};
// ca90ec4; its first 12 rows are 4da2ae6.
constexpr PacketType kTypesCa90ec4[] = {
    kTypesFa73e36[0],
    kTypesFa73e36[1],
    with(kTypesFa73e36[2], range(68, 100), L(kJoin64)),
    kTypesFa73e36[3],
    with(kTypesFa73e36[4], fixed(76), L(kPlayerUpdate64)),
    with(kTypesFa73e36[5], range(100, 132), L(kSpawnEntity64)),
    kTypesFa73e36[6],
    with(kTypesFa73e36[7], repeated(4, 68, 1, 7), L(kEntityUpdate64)),
    with(kTypesFa73e36[8], fixed(66), L(kPlayerCorrection64)),
    kChunkBeginServer,
    kChunkDataFull,
    kTypesFa73e36[11],
    kTypesFa73e36[12],
};

// 50-byte entity state (7c5e04a, 808d9db) --------------------------------------

constexpr Field kAngularVelocity50 =
    vec3("angular_velocity", "Angular velocity", kVec3F, 38, 12, "angular velocity, vec3", 1, "rad/s");
constexpr Field kReserved50 = leaf("reserved", "Reserved", Kind::Bytes, 38, 12,
                                   "12 reserved bytes (used to be angular velocity); the game never writes them, "
                                   "so they hold stale buffer content");
// vec3i chunk, vec3u block, vec3 velocity: the fa73e36 rows at the same offsets.
constexpr Field kState50[] = {kEntityState[0], kEntityState[1], kEntityState[2], quatn(30), kAngularVelocity50};
constexpr Field kState50B[] = {kEntityStateB[0], kEntityStateB[1], kEntityStateB[2], kEntityStateB[3], quatn(21),
                               at(kAngularVelocity50, 29)};
constexpr Field kState50R[] = {kEntityState[0], kEntityState[1], kEntityState[2], quatn(30), kReserved50};
constexpr Field kState50RB[] = {kEntityStateB[0], kEntityStateB[1], kEntityStateB[2], kEntityStateB[3], quatn(21),
                                at(kReserved50, 29)};

constexpr Field state50(uint16_t off, Layout st, const char* desc) {
    return group("state", "Entity state", off, 50, st, desc);
}
constexpr std::array<Field, 3> join50(Layout st) {
    return {{kJoin[0], state50(4, st, "entity state of the player"), at(kJoin[2], 54)}};
}
constexpr std::array<Field, 6> player_update50(Layout st) {
    return {{state50(0, st, "player's entity state as predicted by the client"), at(kPlayerUpdate[1], 50),
             at(kPitchInput, 56), at(kYawInput, 58), at(kPlayerUpdate[2], 60), at(kPlayerUpdate[3], 61)}};
}
constexpr std::array<Field, 6> spawn_entity50(Layout st) {
    return {{kSpawnEntity[0], kSpawnEntity[1], state50(8, st, "entity state"), at(kSpawnEntity[3], 58),
             at(kSpawnEntity[4], 82), at(kSpawnEntity[5], 86)}};
}
constexpr std::array<Field, 2> entity_entry50(Layout state_b) {
    return {{kEntityEntry[0], group("state", "Entity state", 4, 41, state_b, "entity state with a vec3b chunk offset")}};
}
constexpr std::array<Field, 3> entity_update50(Layout entry) {
    return {{S(leaf("entity.count", "Entity count", Kind::U32, 0, 4, "number of entities, 1-10")), kEntityUpdate[1],
             list("entities", "Entity", 16, 45, entry, "entity.count", 1, 10, "one updated entity")}};
}
constexpr std::array<Field, 2> player_correction50(Layout st) {
    return {{kPlayerCorrection[0], state50(2, st, "entity state of the player's entity on the server")}};
}

constexpr auto kJoin7c5e04a = join50(L(kState50));
constexpr auto kPlayerUpdate7c5e04a = player_update50(L(kState50));
constexpr auto kSpawnEntity7c5e04a = spawn_entity50(L(kState50));
constexpr auto kEntityEntry7c5e04a = entity_entry50(L(kState50B));
constexpr auto kEntityUpdate7c5e04a = entity_update50(L(kEntityEntry7c5e04a));
constexpr auto kPlayerCorrection7c5e04a = player_correction50(L(kState50));

constexpr auto kJoin808d9db = join50(L(kState50R));
constexpr auto kPlayerUpdate808d9db = player_update50(L(kState50R));
constexpr auto kSpawnEntity808d9db = spawn_entity50(L(kState50R));
constexpr auto kEntityEntry808d9db = entity_entry50(L(kState50RB));
constexpr auto kEntityUpdate808d9db = entity_update50(L(kEntityEntry808d9db));
constexpr auto kPlayerCorrection808d9db = player_correction50(L(kState50R));

constexpr PacketType kTypes7c5e04a[] = {
    kTypesFa73e36[0],
    kTypesFa73e36[1],
    with(kTypesFa73e36[2], range(54, 86), L(kJoin7c5e04a)),
    kTypesFa73e36[3],
    with(kTypesFa73e36[4], fixed(62), L(kPlayerUpdate7c5e04a)),
    with(kTypesFa73e36[5], range(87, 118), L(kSpawnEntity7c5e04a)),
    kTypesFa73e36[6],
    with(kTypesFa73e36[7], repeated(16, 45, 1, 10), L(kEntityUpdate7c5e04a)),
    with(kTypesFa73e36[8], fixed(52), L(kPlayerCorrection7c5e04a)),
    kChunkBeginServer,
    kChunkDataFull,
    kTypesFa73e36[11],
    kTypesFa73e36[12],
};
constexpr PacketType kTypes808d9db[] = {
    kTypesFa73e36[0],
    kTypesFa73e36[1],
    with(kTypesFa73e36[2], range(54, 86), L(kJoin808d9db)),
    kTypesFa73e36[3],
    with(kTypesFa73e36[4], fixed(62), L(kPlayerUpdate808d9db)),
    with(kTypesFa73e36[5], range(87, 118), L(kSpawnEntity808d9db)),
    kTypesFa73e36[6],
    with(kTypesFa73e36[7], repeated(16, 45, 1, 10), L(kEntityUpdate808d9db)),
    with(kTypesFa73e36[8], fixed(52), L(kPlayerCorrection808d9db)),
    kChunkBeginServer,
    kChunkDataFull,
    kTypesFa73e36[11],
    kTypesFa73e36[12],
};

// 42-byte entity state with a packn quaternion (33b37e7) ----------------------
// The fa73e36 layouts with quatn() in place of the packed quaternion.

constexpr Field kState33b37e7[] = {kEntityState[0], kEntityState[1], kEntityState[2],
                                   quatn(30),       kEntityState[4], kEntityState[5]};
constexpr Field kState33b37e7B[] = {kEntityStateB[0], kEntityStateB[1], kEntityStateB[2], kEntityStateB[3],
                                    quatn(21),        kEntityStateB[5], kEntityStateB[6]};
constexpr Field kJoin33b37e7[] = {kJoin[0], sub(kJoin[1], L(kState33b37e7)), kJoin[2]};
constexpr Field kPlayerUpdate33b37e7[] = {sub(kPlayerUpdate[0], L(kState33b37e7)), kPlayerUpdate[1],
                                          kPlayerUpdate[2], kPlayerUpdate[3]};
constexpr Field kSpawnEntity33b37e7[] = {kSpawnEntity[0], kSpawnEntity[1], sub(kSpawnEntity[2], L(kState33b37e7)),
                                         kSpawnEntity[3], kSpawnEntity[4], kSpawnEntity[5]};
constexpr Field kEntityEntry33b37e7[] = {kEntityEntry[0], sub(kEntityEntry[1], L(kState33b37e7B))};
constexpr Field kEntityUpdate33b37e7[] = {kEntityUpdate[0], kEntityUpdate[1],
                                          sub(kEntityUpdate[2], L(kEntityEntry33b37e7))};
constexpr Field kPlayerCorrection33b37e7[] = {kPlayerCorrection[0], sub(kPlayerCorrection[1], L(kState33b37e7))};

constexpr PacketType kTypes33b37e7[] = {
    kTypesFa73e36[0],
    kTypesFa73e36[1],
    with(kTypesFa73e36[2], L(kJoin33b37e7)),
    kTypesFa73e36[3],
    with(kTypesFa73e36[4], L(kPlayerUpdate33b37e7)),
    with(kTypesFa73e36[5], L(kSpawnEntity33b37e7)),
    kTypesFa73e36[6],
    with(kTypesFa73e36[7], L(kEntityUpdate33b37e7)),
    with(kTypesFa73e36[8], L(kPlayerCorrection33b37e7)),
    kChunkBeginServer,
    kChunkDataFull,
    kTypesFa73e36[11],
    kTypesFa73e36[12],
};

// da06ac1: the fa73e36 rows, but ChunkData still always 484 bytes.
constexpr PacketType kTypesDa06ac1[] = {
    kTypesFa73e36[0], kTypesFa73e36[1], kTypesFa73e36[2], kTypesFa73e36[3], kTypesFa73e36[4],
    kTypesFa73e36[5], kTypesFa73e36[6], kTypesFa73e36[7], kTypesFa73e36[8], kChunkBeginServer,
    kChunkDataFull,   kTypesFa73e36[11], kTypesFa73e36[12],
};

template <size_t N>
constexpr size_t count(const PacketType (&)[N]) { return N; }
constexpr size_t kHeaderCount = sizeof(kHeader) / sizeof(kHeader[0]);

}  // namespace

// Header padding: 7e 00 00 is what the 933ca0f capture shows; no capture of
// the revisions in between exists, so their builders write zeros (the game
// never writes these bytes: any value is possible).
extern const Revision kRevision933ca0f, kRevision9240fdf, kRevision4da2ae6, kRevisionCa90ec4, kRevision7c5e04a,
    kRevision808d9db, kRevision33b37e7, kRevisionDa06ac1;
const Revision kRevision933ca0f = {
    "933ca0f",
    "game commit 933ca0f: 64-byte entity state (float quaternion, angular velocity, world time in ms), "
    "12 packet types (no Message), chunks of 20480 bytes",
    kTypes933ca0f, count(kTypes933ca0f), kHeader, kHeaderCount, {0x7e, 0, 0}, 20480, true,
};
const Revision kRevision9240fdf = {
    "9240fdf",
    "game commit 9240fdf: packets as 933ca0f, chunks of 20484 bytes (two flag bytes and 2 pad bytes)",
    kTypes933ca0f, count(kTypes933ca0f), kHeader, kHeaderCount, {0, 0, 0}, 20484, true,
};
const Revision kRevision4da2ae6 = {
    "4da2ae6",
    "game commit 4da2ae6: packets as 9240fdf, world time in seconds (velocity blocks/s, angular velocity rad/s)",
    kTypesCa90ec4, 12, kHeader, kHeaderCount, {0, 0, 0}, 20484, true,
};
const Revision kRevisionCa90ec4 = {
    "ca90ec4",
    "game commit ca90ec4: 4da2ae6 plus the Message packet (13 packet types)",
    kTypesCa90ec4, count(kTypesCa90ec4), kHeader, kHeaderCount, {0, 0, 0}, 20484, true,
};
const Revision kRevision7c5e04a = {
    "7c5e04a",
    "game commit 7c5e04a: 50-byte entity state (vec3u block, 4 x packn quaternion, angular velocity), "
    "EntityUpdate with a chunk base and 1-10 x 45 bytes",
    kTypes7c5e04a, count(kTypes7c5e04a), kHeader, kHeaderCount, {0, 0, 0}, 20484, true,
};
const Revision kRevision808d9db = {
    "808d9db",
    "game commit 808d9db: 7c5e04a with 12 reserved bytes in place of the angular velocity",
    kTypes808d9db, count(kTypes808d9db), kHeader, kHeaderCount, {0, 0, 0}, 20484, true,
};
const Revision kRevision33b37e7 = {
    "33b37e7",
    "game commit 33b37e7: 42-byte entity state with pitch and yaw, still a 4 x packn quaternion",
    kTypes33b37e7, count(kTypes33b37e7), kHeader, kHeaderCount, {0, 0, 0}, 20484, true,
};
const Revision kRevisionDa06ac1 = {
    "da06ac1",
    "game commit da06ac1: fa73e36's packets (20-bit quaternions), but every ChunkData sent at 484 bytes",
    kTypesDa06ac1, count(kTypesDa06ac1), kHeader, kHeaderCount, {0, 0, 0}, 20484, true,
};

}  // namespace blank
