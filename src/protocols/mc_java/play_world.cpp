// World packets of play (blocks, effects, sounds, maps, border, time),
// shared by 404 and the 1.14 family (play_rows.hpp). Chunk Data and Update
// Light are in the version tables (chunk_rows.cpp). Layouts: seed 003 (404)
// and the community documentation of 1.14.4.
#include "play_rows.hpp"
#include "play_values.hpp"

namespace mcjava {

using namespace core::describe;
using core::Kind;

namespace {

// Sound positions: Int, the coordinate times 8 (3 fractional bits).
F sound_coordinate(const char* key, const char* name) { return fixed(key, name, Kind::I32, 1.0 / 8, "blocks"); }

}  // namespace

Rows block_break_animation(const Types& t) {
    return {
        varint("entity_id", "Entity ID").summary(), position("location", "Location", t).summary(),
        i8("destroy_stage", "Destroy stage").desc("0-9 set the stage, any other value removes it"),
    };
}

Rows update_block_entity(const Types& t) {
    return {
        position("location", "Location", t).summary(),
        u8("action", "Action").summary().desc("which block entity the data is for (spawner, command block, ...)"),
        use("nbt", "NBT data", t.nbt),
    };
}

Rows block_action(const Types& t) {
    return {
        position("location", "Location", t).summary(),
        u8("action_id", "Action ID"), u8("action_param", "Action parameter"),
        varint("block_type", "Block type").summary().desc("block id, not a block state"),
    };
}

Rows block_change(const Types& t) {
    return {position("location", "Location", t).summary(), varint("block_id", "Block state").summary()};
}

Rows multi_block_change() {
    return {
        i32("chunk_x", "Chunk X").summary(), i32("chunk_z", "Chunk Z").summary(),
        varint("record_count", "Record count").summary(),
        array("records", "Record", field_count(), {
            // One byte: x in the high nibble, z in the low one, relative to the chunk.
            u8("horizontal_position", "Horizontal position").hex().flags({
                bits("x", "X in the chunk", 0xF0), bits("z", "Z in the chunk", 0x0F),
            }),
            u8("y", "Y"),
            varint("block_id", "Block state"),
        }, "record_count"),
    };
}

Rows explosion() {
    return {
        f32("x", "X").unit("blocks").summary(), f32("y", "Y").unit("blocks").summary(),
        f32("z", "Z").unit("blocks").summary(), f32("radius", "Radius"),
        array("records", "Record", prefix(Kind::I32), {
            i8("dx", "X offset"), i8("dy", "Y offset"), i8("dz", "Z offset"),
        }),
        f32("motion_x", "Player motion X"), f32("motion_y", "Player motion Y"), f32("motion_z", "Player motion Z"),
    };
}

Rows unload_chunk() { return {i32("chunk_x", "Chunk X").summary(), i32("chunk_z", "Chunk Z").summary()}; }

Rows change_game_state() {
    return {u8("reason", "Reason").vals(kGameStateReasons).summary(), f32("value", "Value").summary()};
}

Rows effect(const Types& t) {
    return {
        i32("effect_id", "Effect ID").summary(), position("location", "Location", t),
        i32("data", "Data"), boolean("disable_relative_volume", "Disable relative volume"),
    };
}

Rows particle(const Types& t) {
    return {
        i32("particle_id", "Particle ID").summary(), boolean("long_distance", "Long distance"),
        f32("x", "X").unit("blocks"), f32("y", "Y").unit("blocks"), f32("z", "Z").unit("blocks"),
        f32("offset_x", "Offset X"), f32("offset_y", "Offset Y"), f32("offset_z", "Offset Z"),
        f32("particle_data", "Particle data"), i32("count", "Particle count").summary(),
        particle_data("particle_id", t.gen),
    };
}

Rows named_sound_effect() {
    return {
        identifier("sound_name", "Sound name").summary(), varint("category", "Sound category").vals(kSoundCategories),
        sound_coordinate("x", "X"), sound_coordinate("y", "Y"), sound_coordinate("z", "Z"),
        f32("volume", "Volume"), f32("pitch", "Pitch"),
    };
}

Rows sound_effect() {
    return {
        varint("sound_id", "Sound ID").summary(), varint("category", "Sound category").vals(kSoundCategories),
        sound_coordinate("x", "X"), sound_coordinate("y", "Y"), sound_coordinate("z", "Z"),
        f32("volume", "Volume"), f32("pitch", "Pitch"),
    };
}

Rows stop_sound() {
    return {
        i8("flags", "Flags").hex().flags({flag("has_source", "Source present", 0x01),
                                          flag("has_sound", "Sound present", 0x02)}),
        when("flags", 0x01, {varint("source", "Source").vals(kSoundCategories).summary()}),
        when("flags", 0x02, {identifier("sound", "Sound").summary()}),
    };
}

Rows map(const Types& t) {
    Rows rows = {
        varint("map_id", "Map ID").summary(), i8("scale", "Scale"), boolean("tracking_position", "Tracking position"),
    };
    if (t.gen != Generation::V404) append(rows, {boolean("locked", "Locked")});  // new in 1.14
    append(rows, {
        array("icons", "Icon", prefix(Kind::VarInt), {
            varint("type", "Icon type"),
            i8("x", "X"), i8("z", "Z"), i8("direction", "Direction").desc("0-15, steps of 22.5 degrees"),
            option("has_display_name", "Has display name", {chat("display_name", "Display name")}),
        }),
        u8("columns", "Columns updated").summary(),
        when("columns", 0, {
            u8("rows", "Rows updated"), u8("offset_x", "X offset"), u8("offset_z", "Z offset"),
            byte_array("data", "Colors"),
        }),
    });
    return rows;
}

Rows world_border() {
    const F diameter = f64("diameter", "Diameter").unit("blocks");
    const F old_diameter = f64("old_diameter", "Old diameter").unit("blocks");
    const F new_diameter = f64("new_diameter", "New diameter").unit("blocks");
    const F speed = varlong("speed", "Speed").unit("ms").desc("real time until the new diameter is reached");
    const F x = f64("x", "Center X").unit("blocks"), z = f64("z", "Center Z").unit("blocks");
    const F warning_time = varint("warning_time", "Warning time").unit("s");
    const F warning_blocks = varint("warning_blocks", "Warning blocks").unit("blocks");
    return {
        varint("action", "Action").vals(kWorldBorderActions).summary(),
        select("action", {
            on(0, {diameter}),
            on(1, {old_diameter, new_diameter, speed}),
            on(2, {x, z}),
            on(3, {x, z, old_diameter, new_diameter, speed,
                   varint("portal_teleport_boundary", "Portal teleport boundary").unit("blocks"),
                   warning_time, warning_blocks}),
            on(4, {warning_time}),
            on(5, {warning_blocks}),
        }),
    };
}

Rows spawn_position(const Types& t) { return {position("location", "Location", t).summary()}; }

Rows time_update() {
    return {i64("world_age", "World age").unit("ticks"), i64("time_of_day", "Time of day").unit("ticks").summary()};
}

Rows open_sign_editor(const Types& t) { return {position("location", "Location", t).summary()}; }

Rows nbt_query_response(const Types& t) {
    return {varint("transaction_id", "Transaction ID").summary(), use("nbt", "NBT", t.nbt)};
}

}  // namespace mcjava
