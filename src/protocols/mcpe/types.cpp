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

const core::TypeDef* metadata_type() {
    static const core::TypeDef* t = [] {
        core::TypeDef* d = arena().type("metadata", "entity metadata: (type << 5 | index) entries until 0x7F");
        F entry = u8("key", "Key").hex().flags({bits("type", "Type", 0xE0).vals(kMetadataTypes), bits("index", "Index", 0x1F)});
        arena().define(d, {
            array("entry", "Metadata entry", until(0x7F), {
                entry,
                select("key", {
                    on(0 << 5, {i8("byte", "Byte")}),
                    on(1 << 5, {i16("short", "Short")}),
                    on(2 << 5, {i32("int", "Int")}),
                    on(3 << 5, {f32("float", "Float")}),
                    on(4 << 5, {string8("string", "String")}),
                    on(5 << 5, {use("slot", "Slot", slot_type())}),
                    on(6 << 5, {i32("x", "X"), i32("y", "Y"), i32("z", "Z")}),
                    on(7 << 5, {f32("pitch", "Pitch"), f32("yaw", "Yaw"), f32("roll", "Roll")}),
                }, {}, 0xE0),
            }),
        });
        return d;
    }();
    return t;
}

}  // namespace mcpe
