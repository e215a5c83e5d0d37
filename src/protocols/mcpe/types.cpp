#include "types.hpp"

namespace mcpe {

using namespace core::describe;
using core::Kind;

namespace {

constexpr core::ValueString kMetadataTypes[] = {
    {0, "byte"}, {1, "short"}, {2, "int"}, {3, "float"}, {4, "string"}, {5, "slot"}, {6, "position"}, {7, "rotation"},
    {0, nullptr},
};

}  // namespace

F string8(const char* key, const char* name) { return text(key, name, prefix(Kind::U16)); }

const core::TypeDef* slot_type() {
    static const core::TypeDef* t = [] {
        core::TypeDef* d = arena().type("slot", "inventory slot: id, count, meta");
        arena().define(d, {i16("id", "Block / item ID"), u8("count", "Stack size"), i16("meta", "Meta")});
        return d;
    }();
    return t;
}

namespace {

// Metadata's multi-byte values are little-endian (types.hpp).
F le(F f) { return f.order(core::ByteOrder::Little); }

// A slot inside metadata: the same fields as slot_type(), little-endian.
const core::TypeDef* metadata_slot_type() {
    static const core::TypeDef* t = [] {
        core::TypeDef* d = arena().type("metadata_slot", "inventory slot in entity metadata: id, count, meta (little-endian)");
        arena().define(d, {le(i16("id", "Block / item ID")), u8("count", "Stack size"), le(i16("meta", "Meta"))});
        return d;
    }();
    return t;
}

}  // namespace

const core::TypeDef* metadata_type() {
    static const core::TypeDef* t = [] {
        core::TypeDef* d = arena().type("metadata", "entity metadata: (type << 5 | index) entries until 0x7F");
        F entry = u8("key", "Key").hex().flags({bits("type", "Type", 0xE0).vals(kMetadataTypes), bits("index", "Index", 0x1F)});
        arena().define(d, {
            array("entry", "Metadata entry", until(0x7F), {
                entry,
                select("key", {
                    on(0 << 5, {i8("byte", "Byte")}),
                    on(1 << 5, {le(i16("short", "Short"))}),
                    on(2 << 5, {le(i32("int", "Int"))}),
                    on(3 << 5, {le(f32("float", "Float"))}),
                    on(4 << 5, {le(string8("string", "String"))}),
                    on(5 << 5, {use("slot", "Slot", metadata_slot_type())}),
                    on(6 << 5, {le(i32("x", "X")), le(i32("y", "Y")), le(i32("z", "Z"))}),
                    on(7 << 5, {le(f32("pitch", "Pitch")), le(f32("yaw", "Yaw")), le(f32("roll", "Roll"))}),
                }, {}, 0xE0),
            }),
        });
        return d;
    }();
    return t;
}

}  // namespace mcpe
