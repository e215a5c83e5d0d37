#include "rows.hpp"

#include "values.hpp"

namespace mcalpha {

using namespace core::describe;
using core::Kind;

F string(const char* key, const char* name, uint32_t max_chars) {
    return text(key, name, prefix(Kind::U16), max_chars).desc("u16 length, then that many bytes of UTF-8");
}
F absolute_int(const char* key, const char* name) {
    return fixed(key, name, Kind::I32, 1.0 / 32, "blocks").desc("Absolute Integer: an int in 1/32 block (pixels)");
}
F absolute(const char* key, const char* name) { return f64(key, name).unit("blocks"); }
F packed_angle(const char* key, const char* name) {
    return fixed(key, name, Kind::I8, 360.0 / 256, "deg").desc("packed angle: a byte in steps of 360/256 degrees");
}
F relative(const char* key, const char* name) {
    return fixed(key, name, Kind::I8, 1.0 / 32, "blocks").desc("relative movement as an Absolute Integer (1/32 block)");
}
F velocity(const char* key, const char* name) {
    return fixed(key, name, Kind::I16, 1.0 / 32000, "blocks/tick").desc("block velocity x 32000, capped at +-28800");
}
F eid(const char* key, const char* name) { return i32(key, name).summary(); }

Rows block_xyz(bool summary) {
    Rows r = {i32("x", "X").unit("blocks"), i8("y", "Y").unit("blocks"), i32("z", "Z").unit("blocks")};
    if (summary)
        for (F& f : r) f.summary();
    return r;
}

Rows chat(uint32_t max_chars) { return {string("message", "Message", max_chars).summary()}; }

Rows handshake(const char* key, const char* name, const char* desc) { return {string(key, name).summary().desc(desc)}; }

// "The payload is an array of shorts (item ID) optionally followed by a
// byte-short pair (count and uses) as long as the item ID does not equal
// -1, which signifies an empty slot."
Rows player_inventory() {
    return {
        i32("type", "Type").vals(kInventoryTypes).summary(),
        i16("count", "Count").summary().desc("slots: 36 (main), 4 (armour), 4 (crafting)"),
        array("slots", "Slot", field_count(), {
            i16("item_id", "Item ID").desc("-1: an empty slot"),
            select("item_id", {on(-1, {})}, {
                i8("item_count", "Item count"),
                i16("uses", "Uses").desc("times the item has been used"),
            }),
        }, "count"),
    };
}

// Seed: the client sends X, Y, Stance, Z; the server sends X, Stance, Y, Z
// ("the Stance and Y are swapped"). The client's example values (Y 67.24,
// Stance 65.62) are the server's in the client's column order: stance - y
// would be -1.62, which the seed's own rule calls illegal; the server's
// example (Stance 67.24, Y 65.62) has stance - y = 1.62, a standing player.
Rows player_position_look(bool serverbound) {
    F stance = f64("stance", "Stance").unit("blocks").desc("eye height: the bounding box's top; stance - y in [0.1, 1.65]");
    Rows r = {absolute("x", "X").summary()};
    if (serverbound) {
        r.push_back(absolute("y", "Y").summary());
        r.push_back(stance);
    } else {
        r.push_back(stance);
        r.push_back(absolute("y", "Y").summary());
    }
    r.push_back(absolute("z", "Z").summary());
    r.push_back(f32("yaw", "Yaw").unit("deg"));
    r.push_back(f32("pitch", "Pitch").unit("deg"));
    r.push_back(boolean("on_ground", "On ground"));
    return r;
}

Rows pickup_spawn() {
    return {
        eid(), i16("item", "Item ID").summary(), i8("count", "Count").summary(),
        absolute_int("x", "X"), absolute_int("y", "Y"), absolute_int("z", "Z"),
        packed_angle("rotation", "Rotation"), packed_angle("pitch", "Pitch"), packed_angle("roll", "Roll"),
    };
}

// The payload is a gzip-compressed NBT file (shown as bytes).
Rows complex_entities() {
    return {
        i32("x", "X").unit("blocks").summary(), i16("y", "Y").unit("blocks").summary(),
        i32("z", "Z").unit("blocks").summary(),
        i16("payload_size", "Payload size").unit("bytes"),
        bytes("payload", "Payload", field_count(), "payload_size")
            .desc("gzip-compressed NBT (furnaces, chests, signs, mob spawners)"),
    };
}

Rows reason(const char* desc) { return {string("reason", "Reason").summary().desc(desc)}; }

}  // namespace mcalpha
