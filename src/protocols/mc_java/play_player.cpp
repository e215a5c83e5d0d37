// The player's own packets of play (movement, digging, settings, abilities,
// command and structure blocks, health, respawn), shared by 404 and the 1.14
// family (play_rows.hpp). Join Game and Player Block Placement differ: they
// are in the version tables. Layouts: seed 003 (404) and the community
// documentation of 1.14.4.
#include "play_rows.hpp"
#include "play_values.hpp"

namespace mcjava {

using namespace core::describe;
using core::Kind;

namespace {

F coordinate(const char* key, const char* name) { return f64(key, name).unit("blocks").summary(); }
F hand() { return varint("hand", "Hand").vals(kHandSlots); }

}  // namespace

Rows teleport_confirm() { return {varint("teleport_id", "Teleport ID").summary()}; }

Rows query_block_nbt(const Types& t) {
    return {varint("transaction_id", "Transaction ID").summary(), position("location", "Location", t).summary()};
}

Rows query_entity_nbt() {
    return {varint("transaction_id", "Transaction ID").summary(), varint("entity_id", "Entity ID").summary()};
}

Rows client_status() { return {varint("action", "Action").vals(kClientStatusActions).summary()}; }

Rows client_settings() {
    return {
        string("locale", "Locale", 16),
        i8("view_distance", "View distance").unit("chunks"),
        varint("chat_mode", "Chat mode").vals(kChatModes),
        boolean("chat_colors", "Chat colors"),
        u8("skin_parts", "Displayed skin parts").hex().flags(skin_part_flags()),
        varint("main_hand", "Main hand").vals(kHands),
    };
}

Rows use_entity() {
    return {
        varint("target", "Target entity ID").summary(),
        varint("type", "Type").vals(kUseEntityTypes).summary(),
        select("type", {
            on(0, {hand()}),
            on(2, {f32("target_x", "Target X"), f32("target_y", "Target Y"), f32("target_z", "Target Z"), hand()}),
        }),
    };
}

Rows player_position() {
    return {coordinate("x", "X"), coordinate("y", "Feet Y"), coordinate("z", "Z"), boolean("on_ground", "On ground")};
}

Rows player_position_look_sb() {
    return {
        coordinate("x", "X"), coordinate("y", "Feet Y"), coordinate("z", "Z"),
        f32("yaw", "Yaw").unit("deg"), f32("pitch", "Pitch").unit("deg"), boolean("on_ground", "On ground"),
    };
}

Rows player_look() {
    return {f32("yaw", "Yaw").unit("deg").summary(), f32("pitch", "Pitch").unit("deg").summary(),
            boolean("on_ground", "On ground")};
}

Rows player_on_ground() { return {boolean("on_ground", "On ground").summary()}; }

Rows vehicle_move() {
    return {coordinate("x", "X"), coordinate("y", "Y"), coordinate("z", "Z"),
            f32("yaw", "Yaw").unit("deg"), f32("pitch", "Pitch").unit("deg")};
}

Rows steer_boat() {
    return {boolean("left_paddle", "Left paddle turning"), boolean("right_paddle", "Right paddle turning")};
}

Rows player_abilities_cb() {
    return {
        i8("flags", "Flags").hex().flags(ability_flags()).summary(),
        f32("flying_speed", "Flying speed"), f32("fov_modifier", "Field of view modifier"),
    };
}

Rows player_abilities_sb() {
    // Seed 003 lists these bits in the opposite order (0x01 creative ...
    // 0x08 god mode); the game writes the serverbound flags as it writes the
    // clientbound ones (0x02 is flying either way, the only bit the server
    // reads), so both directions share ability_flags().
    return {
        i8("flags", "Flags").hex().flags(ability_flags()).summary(),
        f32("flying_speed", "Flying speed"), f32("walking_speed", "Walking speed"),
    };
}

Rows player_digging(const Types& t) {
    return {
        varint("status", "Status").vals(kDiggingStatuses).summary(),
        position("location", "Location", t).summary(),
        i8("face", "Face").vals(kBlockFaces),
    };
}

Rows entity_action() {
    return {
        varint("entity_id", "Entity ID"),
        varint("action", "Action").vals(kEntityActions).summary(),
        varint("jump_boost", "Jump boost").desc("0-100 for start jump with horse, else 0"),
    };
}

Rows steer_vehicle() {
    return {
        f32("sideways", "Sideways").desc("positive to the left"), f32("forward", "Forward"),
        u8("flags", "Flags").hex().flags({flag("jump", "Jump", 0x01), flag("unmount", "Unmount", 0x02)}),
    };
}

Rows update_command_block(const Types& t) {
    return {
        position("location", "Location", t).summary(),
        string("command", "Command").summary(),
        varint("mode", "Mode").vals(kCommandBlockModes),
        i8("flags", "Flags").hex().flags({
            flag("track_output", "Track output", 0x01), flag("conditional", "Is conditional", 0x02),
            flag("automatic", "Automatic", 0x04)}),
    };
}

Rows update_command_block_minecart() {
    return {
        varint("entity_id", "Entity ID").summary(), string("command", "Command").summary(),
        boolean("track_output", "Track output"),
    };
}

Rows update_structure_block(const Types& t) {
    return {
        position("location", "Location", t).summary(),
        varint("action", "Action").vals(kStructureBlockActions).summary(),
        varint("mode", "Mode").vals(kStructureBlockModes),
        string("name", "Name").summary(),
        i8("offset_x", "Offset X"), i8("offset_y", "Offset Y"), i8("offset_z", "Offset Z"),
        i8("size_x", "Size X"), i8("size_y", "Size Y"), i8("size_z", "Size Z"),
        varint("mirror", "Mirror").vals(kMirrors),
        varint("rotation", "Rotation").vals(kRotations),
        string("metadata", "Metadata"),
        f32("integrity", "Integrity"),
        varlong("seed", "Seed"),
        i8("flags", "Flags").hex().flags({
            flag("ignore_entities", "Ignore entities", 0x01), flag("show_air", "Show air", 0x02),
            flag("show_bounding_box", "Show bounding box", 0x04)}),
    };
}

Rows update_sign(const Types& t) {
    return {
        position("location", "Location", t).summary(),
        string("line1", "Line 1", 384).summary(), string("line2", "Line 2", 384),
        string("line3", "Line 3", 384), string("line4", "Line 4", 384),
    };
}

Rows animation_sb() { return {hand().summary()}; }

Rows spectate() { return {uuid("target", "Target player UUID").summary()}; }

Rows use_item() { return {hand().summary()}; }

Rows face_player() {
    return {
        varint("feet_eyes", "Feet/eyes").vals(kFeetEyes),
        coordinate("target_x", "Target X"), coordinate("target_y", "Target Y"), coordinate("target_z", "Target Z"),
        option("is_entity", "Is entity", {
            varint("entity_id", "Entity ID"),
            varint("entity_feet_eyes", "Entity feet/eyes").vals(kFeetEyes),
        }),
    };
}

Rows player_position_look_cb() {
    return {
        coordinate("x", "X"), coordinate("y", "Y"), coordinate("z", "Z"),
        f32("yaw", "Yaw").unit("deg"), f32("pitch", "Pitch").unit("deg"),
        u8("flags", "Relative flags").hex().flags(relative_flags()),  // a Byte on the wiki: a bit field
        varint("teleport_id", "Teleport ID"),
    };
}

Rows update_health() {
    return {f32("health", "Health").summary(), varint("food", "Food"), f32("saturation", "Food saturation")};
}

Rows set_experience() {
    return {f32("bar", "Experience bar"), varint("level", "Level").summary(), varint("total", "Total experience")};
}

Rows respawn(const Types& t) {
    // The connection follows the dimension (sky light in 404's Chunk Data).
    Rows rows = {i32("dimension", "Dimension").vals(kDimensions).summary().save(kVarDimension)};
    if (t.gen == Generation::V404) append(rows, {u8("difficulty", "Difficulty").vals(kDifficulties)});
    append(rows, {u8("gamemode", "Gamemode").vals(kGamemodes).summary(), string("level_type", "Level type", 16)});
    return rows;
}

}  // namespace mcjava
