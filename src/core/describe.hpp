// A builder for writing large, nested description tables inline.
//
// blank's rows are constexpr arrays; Minecraft's packets nest containers,
// switches and options several levels deep, where a named array per level
// would bury the protocol. With this builder a packet reads like its
// documentation:
//
//   msg(0x21, "chunk_data", "Chunk Data", {
//       i32("x", "Chunk X"), i32("z", "Chunk Z"),
//       boolean("full_chunk", "Full chunk"),
//       varint("bit_mask", "Primary bit mask").hex(),
//       bytes("data", "Data", prefix(Kind::VarInt)),
//       array("block_entities", "Block entity", prefix(Kind::VarInt), {use("nbt", "NBT", nbt)}),
//   })
//
// Rows are turned into plain Field arrays owned by an Arena that lives as
// long as the process (tables are built once, at first use); the schema
// compiler sees the same rows blank's constexpr tables give it.
#pragma once

#include <deque>
#include <mutex>
#include <initializer_list>
#include <memory>
#include <utility>
#include <vector>

#include "field.hpp"
#include "message.hpp"

namespace core::describe {

struct F;

struct CaseRows {
    int64_t value;
    const char* text;
    std::vector<F> rows;
};

// A row under construction.
struct F {
    Field f;
    std::vector<F> sub;
    std::vector<CaseRows> cases;

    F(Field field) : f(field) {}  // NOLINT: rows convert implicitly
    F& hex() { f.display = Display::Hex; return *this; }
    F& vals(const ValueString* v) { f.vals = v; return *this; }
    F& unit(const char* u) { f.unit = u; return *this; }
    F& scale(double s) { f.scale = s; return *this; }
    F& desc(const char* d) { f.desc = d; return *this; }
    F& summary() { f.summary = true; return *this; }
    F& order(ByteOrder o) { f.order = o; return *this; }
    F& save(int8_t var) { f.save = var; return *this; }
    F& max(uint32_t n) { f.count.max = n; return *this; }
    F& min(uint32_t n) { f.count.min = n; return *this; }
    // Parts of an integer: children flag() and bits() rows.
    F& flags(std::initializer_list<F> rows) { sub.assign(rows); return *this; }
};

// How many entries or bytes: the count descriptors.
inline Count prefix(Kind k) { Count c; c.from = CountFrom::Prefix; c.prefix = k; return c; }
inline Count rest() { Count c; c.from = CountFrom::Rest; return c; }
// Entries up to a sentinel byte; a text up to it (consumed), or to the region's end without one.
inline Count until(uint8_t sentinel) { Count c; c.from = CountFrom::Sentinel; c.sentinel = sentinel; return c; }
inline Count fixed_count(uint32_t n) { Count c; c.min = c.max = n; return c; }
inline Count field_count() { Count c; c.from = CountFrom::Field; return c; }
inline Count product_count(const char* second) { Count c; c.from = CountFrom::Product; c.ref2 = second; return c; }
// Entries up to the first whose first byte has its top bit clear.
inline Count top_bit_terminated() { Count c; c.from = CountFrom::TopBit; return c; }
// The value of the earlier field `ref` plus `bias` (Minecraft's holder sets store count + 1).
inline Count field_count_plus(int8_t bias) { Count c = field_count(); c.bias = bias; return c; }
inline Count popcount() { Count c; c.from = CountFrom::Popcount; return c; }
// Bytes counted in bits by the earlier field `ref` (RakNet's frame length): ceil(bits / 8) bytes.
inline Count field_bits() { Count c; c.from = CountFrom::Field; c.in_bits = true; return c; }
// The rest of the region but its last `reserve` bytes (fixed fields that follow).
inline Count rest_but(uint32_t reserve) { Count c; c.from = CountFrom::Rest; c.reserve = reserve; return c; }
// A length the document leaves open: the rest of the region less what the
// fixed-size rows after it in the same scope take (computed by the schema
// compiler; every later row of the scope must have a fixed size). MCPE's
// UseItem "Block byte[]" before Meta byte, Entity ID int and six floats.
inline Count open_length() { Count c; c.from = CountFrom::Rest; c.open = true; return c; }
// `per` bytes for each unit the count names (a popcount of sections times 16 bytes).
inline Count times(Count c, uint32_t per) { c.unit = per; return c; }

inline Field leaf(const char* key, const char* name, Kind kind) {
    Field f{key, name, kind};
    return f;
}

// Numbers
inline F u8(const char* k, const char* n) { return leaf(k, n, Kind::U8); }
inline F i8(const char* k, const char* n) { return leaf(k, n, Kind::I8); }
inline F u16(const char* k, const char* n) { return leaf(k, n, Kind::U16); }
inline F i16(const char* k, const char* n) { return leaf(k, n, Kind::I16); }
inline F u24(const char* k, const char* n) { return leaf(k, n, Kind::U24); }
inline F u32(const char* k, const char* n) { return leaf(k, n, Kind::U32); }
inline F i32(const char* k, const char* n) { return leaf(k, n, Kind::I32); }
inline F u64(const char* k, const char* n) { return leaf(k, n, Kind::U64); }
inline F i64(const char* k, const char* n) { return leaf(k, n, Kind::I64); }
inline F f32(const char* k, const char* n) { return leaf(k, n, Kind::F32); }
inline F f64(const char* k, const char* n) { return leaf(k, n, Kind::F64); }
inline F boolean(const char* k, const char* n) { return leaf(k, n, Kind::Bool); }
inline F varint(const char* k, const char* n) { return leaf(k, n, Kind::VarInt); }
inline F varlong(const char* k, const char* n) { return leaf(k, n, Kind::VarLong); }
inline F zigzag32(const char* k, const char* n) { return leaf(k, n, Kind::ZigZag32); }
inline F zigzag64(const char* k, const char* n) { return leaf(k, n, Kind::ZigZag64); }
inline F uuid(const char* k, const char* n) { return leaf(k, n, Kind::Uuid); }
// An IPv4 address; `xor_mask` undoes an encoding of the bits (RakNet: 0xFFFFFFFF, every byte inverted).
inline F ipv4(const char* k, const char* n, uint32_t xor_mask = 0) {
    Field f = leaf(k, n, Kind::Ipv4);
    f.mask = xor_mask;
    return f;
}
inline F flag(const char* k, const char* n, uint64_t mask) {
    Field f = leaf(k, n, Kind::Flag);
    f.mask = mask;
    return f;
}
// The bits of `mask` of the parent integer as an unsigned number, shifted
// down (0xF0 of a byte: its high nibble, 0..15). Takes vals() like any integer.
inline F bits(const char* k, const char* n, uint64_t mask) {
    Field f = leaf(k, n, Kind::Bits);
    f.mask = mask;
    return f;
}
// An integer `wire` times `scale`, shown as a double in `unit`.
inline F fixed(const char* k, const char* n, Kind wire, double scale, const char* unit) {
    Field f = leaf(k, n, Kind::Fixed);
    f.wire = wire;
    f.scale = scale;
    f.unit = unit;
    return f;
}
// What an analysis computes: a frame it links to, a duration in ms.
inline F frame_num(const char* k, const char* n, const char* d) { return F(leaf(k, n, Kind::FrameNum)).desc(d); }
inline F ms(const char* k, const char* n, const char* d) { return F(leaf(k, n, Kind::Measure)).unit("ms").desc(d); }
// A packed u64 block position with generated x y z children.
F position(const char* k, const char* n, PositionLayout layout);

// Text and bytes
inline F text(const char* k, const char* n, Count c, uint32_t max_chars = 0, Encoding e = Encoding::Utf8) {
    Field f = leaf(k, n, Kind::Text);
    f.count = c;
    f.size = max_chars;
    f.encoding = e;
    return f;
}
inline F bytes(const char* k, const char* n, Count c, const char* ref = nullptr) {
    Field f = leaf(k, n, Kind::Bytes);
    f.count = c;
    f.ref = ref;  // field_count(), field_bits(), popcount(): the earlier field counted
    return f;
}
inline F bytes_fixed(const char* k, const char* n, uint32_t size) {
    Field f = leaf(k, n, Kind::Bytes);
    f.size = size;
    return f;
}

// Structure
inline F group(const char* k, const char* n, std::initializer_list<F> rows) {
    F r = leaf(k, n, Kind::Group);
    r.sub.assign(rows);
    return r;
}
// `count.from` Field/Product/Popcount take `ref`, the earlier field counted.
inline F array(const char* k, const char* n, Count c, std::initializer_list<F> entry, const char* ref = nullptr) {
    F r = leaf(k, n, Kind::Array);
    r.f.count = c;
    r.f.ref = ref;
    r.sub.assign(entry);
    return r;
}
// `rows` after a bool byte, present when it is 1 (ProtoDef's option).
inline F option(const char* k, const char* n, std::initializer_list<F> rows) {
    F r = leaf(k, n, Kind::Option);
    r.sub.assign(rows);
    return r;
}
// `rows` present when the earlier field `ref` has a bit of `mask` set (any
// non-zero value when mask is 0). No item of its own.
inline F when(const char* ref, uint64_t mask, std::initializer_list<F> rows) {
    F r = leaf("when", "", Kind::Option);
    r.f.ref = ref;
    r.f.mask = mask;
    r.sub.assign(rows);
    return r;
}
// One case of a switch.
inline CaseRows on(int64_t value, std::initializer_list<F> rows) { return CaseRows{value, nullptr, rows}; }
inline CaseRows on_text(const char* text, std::initializer_list<F> rows) { return CaseRows{0, text, rows}; }
// The case matching the earlier field `ref` (masked by `mask` if non-zero);
// `otherwise` when none does. No item of its own.
inline F select(const char* ref, std::initializer_list<CaseRows> cases, std::initializer_list<F> otherwise = {},
                uint64_t mask = 0) {
    F r = leaf("switch", "", Kind::Switch);
    r.f.ref = ref;
    r.f.mask = mask;
    r.cases.assign(cases);
    r.sub.assign(otherwise);
    return r;
}
// The case whose text is the text ahead, up to `sentinel` (not consumed;
// the rest of the region without one): a marker value that decides what
// the bytes it starts are (Forge's "FML2" after a Handshake's host).
inline F select_ahead(uint8_t sentinel, std::initializer_list<CaseRows> cases, std::initializer_list<F> otherwise = {}) {
    F r = leaf("switch", "", Kind::Switch);
    r.f.count = until(sentinel);
    r.cases.assign(cases);
    r.sub.assign(otherwise);
    return r;
}
// A named, possibly recursive type.
inline F use(const char* k, const char* n, const TypeDef* type) {
    Field f = leaf(k, n, Kind::Type);
    f.type = type;
    return f;
}

// Owns the rows built from F trees; never frees them (tables live as long
// as the process). Thread-safe: each protocol builds its tables on first
// use, and `check -j` may first use two protocols in two threads at once.
class Arena {
public:
    Layout layout(const std::vector<F>& rows);
    Layout layout(std::initializer_list<F> rows) { return layout(std::vector<F>(rows)); }
    // A named type whose rows may refer to the type itself: make it first,
    // fill it once its rows can be written.
    TypeDef* type(const char* name, const char* desc);
    void define(TypeDef* t, std::initializer_list<F> rows) { t->layout = layout(rows); }
    MessageType* messages(size_t n);

private:
    std::mutex m_;  // guards the four containers, not the rows in them
    std::deque<std::unique_ptr<Field[]>> fields_;
    std::deque<std::unique_ptr<Case[]>> cases_;
    std::deque<TypeDef> types_;
    std::deque<std::unique_ptr<MessageType[]>> messages_;
};

// The arena every protocol's builder tables live in.
Arena& arena();

// A message row: id, filter key, name, payload.
struct M {
    uint32_t id;
    const char* key;
    const char* name;
    std::vector<F> rows;
    const char* desc = nullptr;
};
inline M msg(uint32_t id, const char* key, const char* name, std::initializer_list<F> rows,
             const char* desc = nullptr) {
    return M{id, key, name, rows, desc};
}
// Rows built elsewhere (a packet shared by versions with different ids).
inline M msg(uint32_t id, const char* key, const char* name, std::vector<F> rows, const char* desc = nullptr) {
    return M{id, key, name, std::move(rows), desc};
}
// A message table from message rows.
MessageTable table(const char* key, const char* name, const std::vector<M>& msgs);

}  // namespace core::describe
