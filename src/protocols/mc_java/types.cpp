#include "types.hpp"

#include "protocols/nbt_tags.hpp"

namespace mcjava {

using namespace core::describe;
using core::Encoding;
using core::Kind;
using core::PositionLayout;
using core::ValueString;

F chat(const char* key, const char* name) { return text(key, name, prefix(Kind::VarInt), 262144).desc("JSON text component"); }
F identifier(const char* key, const char* name) { return text(key, name, prefix(Kind::VarInt), 32767).desc("namespaced identifier"); }
F string(const char* key, const char* name, uint32_t max_chars) { return text(key, name, prefix(Kind::VarInt), max_chars); }
F angle(const char* key, const char* name) { return fixed(key, name, Kind::U8, 360.0 / 256, "deg").desc("angle in steps of 1/256 of a turn"); }
F position(const char* key, const char* name, const Types& t) { return core::describe::position(key, name, t.position); }
F byte_array(const char* key, const char* name) { return bytes(key, name, prefix(Kind::VarInt)); }
F rest(const char* key, const char* name) { return bytes(key, name, core::describe::rest()); }

namespace {

using minecraft::kNbtTags;

// NBT (wiki.vg "NBT"): a named tag is a type byte, a u16-prefixed modified
// UTF-8 name and the payload; a compound is named tags up to TAG_End; a
// list is an element type, an i32 count and that many payloads.
struct Nbt {
    core::TypeDef* tag;
    core::TypeDef* list;
    core::TypeDef* compound;
    core::TypeDef* anonymous;  // the network root of 1.20.2 and later: no name
};

Nbt make_nbt() {
    Arena& a = arena();
    Nbt n{a.type("nbt", "named NBT tag"), a.type("nbt.list", "NBT list"), a.type("nbt.compound", "NBT compound"),
          a.type("anonymous_nbt", "NBT tag without a name (the network root of 1.20.2 and later)")};
    auto cases = [&](const char* on_field) {
        return select(on_field, {
            on(1, {i8("byte", "Byte")}),
            on(2, {i16("short", "Short")}),
            on(3, {i32("int", "Int")}),
            on(4, {i64("long", "Long")}),
            on(5, {f32("float", "Float")}),
            on(6, {f64("double", "Double")}),
            on(7, {bytes("byte_array", "Byte array", prefix(Kind::I32))}),
            on(8, {text("string", "String", prefix(Kind::U16), 0, Encoding::Mutf8)}),
            on(9, {use("list", "List", n.list)}),
            on(10, {use("compound", "Compound", n.compound)}),
            on(11, {array("int_array", "Int array", prefix(Kind::I32), {i32("int", "Int")})}),
            on(12, {array("long_array", "Long array", prefix(Kind::I32), {i64("long", "Long")})}),
        });
    };
    a.define(n.tag, {
        u8("type", "Tag type").vals(kNbtTags),
        when("type", 0, {
            text("name", "Name", prefix(Kind::U16), 0, Encoding::Mutf8),
            cases("type"),
        }),
    });
    a.define(n.list, {
        u8("element_type", "Element type").vals(kNbtTags),
        i32("count", "Count"),
        array("elements", "Element", field_count(), {cases("element_type")}, "count"),
    });
    a.define(n.compound, {array("tags", "Tag", until(0), {use("tag", "Tag", n.tag)})});
    a.define(n.anonymous, {
        u8("type", "Tag type").vals(kNbtTags),
        when("type", 0, {cases("type")}),
    });
    return n;
}

const Nbt& nbt_types() {
    static const Nbt n = make_nbt();
    return n;
}

constexpr ValueString kMetadataTypes404[] = {
    {0, "Byte"}, {1, "VarInt"}, {2, "Float"}, {3, "String"}, {4, "Chat"}, {5, "OptChat"}, {6, "Slot"},
    {7, "Boolean"}, {8, "Rotation"}, {9, "Position"}, {10, "OptPosition"}, {11, "Direction"}, {12, "OptUUID"},
    {13, "OptBlockID"}, {14, "NBT"}, {15, "Particle"}, {0, nullptr}};
constexpr ValueString kMetadataTypes477[] = {
    {0, "Byte"}, {1, "VarInt"}, {2, "Float"}, {3, "String"}, {4, "Chat"}, {5, "OptChat"}, {6, "Slot"},
    {7, "Boolean"}, {8, "Rotation"}, {9, "Position"}, {10, "OptPosition"}, {11, "Direction"}, {12, "OptUUID"},
    {13, "OptBlockID"}, {14, "NBT"}, {15, "Particle"}, {16, "VillagerData"}, {17, "OptVarInt"}, {18, "Pose"},
    {0, nullptr}};
constexpr ValueString kDirections[] = {{0, "down"}, {1, "up"}, {2, "north"}, {3, "south"}, {4, "west"}, {5, "east"},
                                       {0, nullptr}};
constexpr ValueString kPoses[] = {{0, "standing"}, {1, "fall_flying"}, {2, "sleeping"}, {3, "swimming"},
                                  {4, "spin_attack"}, {5, "sneaking"}, {6, "dying"}, {0, nullptr}};

}  // namespace

// Particle data after a particle id (wiki.vg "Particle"): only these
// particles carry data. Ids moved in 1.14.
F particle_data(const char* id_field, Generation g, const core::TypeDef* slot) {
    const bool v404 = g == Generation::V404;
    return select(id_field, {
        on(3, {varint("block_state", "Block state")}),
        on(v404 ? 11 : 14, {f32("red", "Red"), f32("green", "Green"), f32("blue", "Blue"), f32("scale", "Scale")}),
        on(v404 ? 20 : 23, {varint("block_state", "Block state")}),
        on(v404 ? 27 : 32, {use("item", "Item", slot)}),
    });
}

F particle_data(const char* id_field, Generation g) { return particle_data(id_field, g, types(g).slot); }

namespace {

Types make(Generation g) {
    Arena& a = arena();
    const Nbt& nbt = nbt_types();
    Types t{};
    t.gen = g;
    t.position = g == Generation::V404 ? PositionLayout::XYZ_26_12_26 : PositionLayout::XZY_26_26_12;
    t.nbt = nbt.tag;

    core::TypeDef* slot = a.type("slot", "item stack (1.13.2 and later: present flag, item id, count, NBT)");
    a.define(slot, {option("present", "Present", {
        varint("item_id", "Item ID"),
        i8("count", "Item count"),
        use("nbt", "NBT", nbt.tag),
    })});
    t.slot = slot;

    const bool v404 = g == Generation::V404;
    // Entity metadata: (index, type, value) entries up to index 0xFF.
    core::TypeDef* meta = a.type("metadata", "entity metadata");
    std::vector<CaseRows> values = {
        on(0, {i8("byte", "Byte")}),
        on(1, {varint("varint", "VarInt")}),
        on(2, {f32("float", "Float")}),
        on(3, {string("string", "String")}),
        on(4, {chat("chat", "Chat")}),
        on(5, {option("opt_chat", "Optional chat", {chat("chat", "Chat")})}),
        on(6, {use("slot", "Slot", slot)}),
        on(7, {boolean("boolean", "Boolean")}),
        on(8, {group("rotation", "Rotation", {f32("x", "X"), f32("y", "Y"), f32("z", "Z")})}),
        on(9, {position("position", "Position", t)}),
        on(10, {option("opt_position", "Optional position", {position("position", "Position", t)})}),
        on(11, {varint("direction", "Direction").vals(kDirections)}),
        on(12, {option("opt_uuid", "Optional UUID", {uuid("uuid", "UUID")})}),
        on(13, {varint("opt_block_id", "Optional block state (0 = absent)")}),
        on(14, {use("nbt", "NBT", nbt.tag)}),
        on(15, {varint("particle_id", "Particle ID"), particle_data("particle_id", g, slot)}),
    };
    if (!v404) {
        values.push_back(on(16, {group("villager", "Villager data",
                                       {varint("type", "Type"), varint("profession", "Profession"),
                                        varint("level", "Level")})}));
        values.push_back(on(17, {varint("opt_varint", "Optional VarInt (0 = absent, else value + 1)")}));
        values.push_back(on(18, {varint("pose", "Pose").vals(kPoses)}));
    }
    F value_switch = select("type", {});
    value_switch.cases = values;
    a.define(meta, {array("entries", "Entry", until(0xFF), {
        u8("index", "Index"),
        varint("type", "Type").vals(v404 ? kMetadataTypes404 : kMetadataTypes477),
        value_switch,
    })});
    t.metadata = meta;
    return t;
}

}  // namespace

const core::TypeDef* named_nbt() { return nbt_types().tag; }
const core::TypeDef* anonymous_nbt() { return nbt_types().anonymous; }

const Types& types(Generation g) {
    static const Types v404 = make(Generation::V404);
    static const Types v477 = make(Generation::V477);
    return g == Generation::V404 ? v404 : v477;
}

}  // namespace mcjava
