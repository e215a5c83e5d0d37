// Play packets of the 1.14 family: 477 (1.14), 480 (1.14.1), 485 (1.14.2),
// 490 (1.14.3), 498 (1.14.4). Ids and layouts from the community protocol
// documentation of 1.14.4 (wiki.vg), cross-checked against minecraft-data's
// protocol.json of each release; where a release differs, the row says so.
#include "chunk_rows.hpp"
#include "play_values.hpp"
#include "versions.hpp"

namespace mcjava {

using namespace core::describe;
using core::Kind;

void add_play_477(std::vector<core::MessageTable>& tables, const Types& t, int32_t protocol) {
    (void)protocol;
    const F velocity[] = {fixed("vx", "Velocity X", Kind::I16, 1.0 / 8000, "blocks/tick"),
                          fixed("vy", "Velocity Y", Kind::I16, 1.0 / 8000, "blocks/tick"),
                          fixed("vz", "Velocity Z", Kind::I16, 1.0 / 8000, "blocks/tick")};
    tables[table_index(State::Play, Direction::Serverbound)] = table("play.sb", "play, serverbound", {
        msg(0x00, "teleport_confirm", "Teleport Confirm", {varint("teleport_id", "Teleport ID").summary()}),
        msg(0x03, "chat", "Chat Message (serverbound)", {string("message", "Message", 256).summary()}),
        msg(0x05, "client_settings", "Client Settings", {
            string("locale", "Locale", 16),
            i8("view_distance", "View distance"),
            varint("chat_mode", "Chat mode").vals(kChatModes),
            boolean("chat_colors", "Chat colors"),
            u8("skin_parts", "Displayed skin parts").hex().flags(skin_part_flags()),
            varint("main_hand", "Main hand").vals(kHands),
        }),
        msg(0x0B, "plugin_message", "Plugin Message (serverbound)", {
            identifier("channel", "Channel").summary(),
            rest("data", "Data"),
        }),
        msg(0x0F, "keep_alive", "Keep Alive (serverbound)", {i64("keep_alive_id", "Keep Alive ID").summary()}),
        msg(0x11, "position", "Player Position", {
            f64("x", "X").unit("blocks").summary(), f64("y", "Feet Y").unit("blocks").summary(),
            f64("z", "Z").unit("blocks").summary(), boolean("on_ground", "On ground"),
        }),
        msg(0x12, "position_rotation", "Player Position And Rotation", {
            f64("x", "X").unit("blocks").summary(), f64("y", "Feet Y").unit("blocks").summary(),
            f64("z", "Z").unit("blocks").summary(), f32("yaw", "Yaw").unit("deg"), f32("pitch", "Pitch").unit("deg"),
            boolean("on_ground", "On ground"),
        }),
        msg(0x14, "movement", "Player Movement", {boolean("on_ground", "On ground")}),
        msg(0x23, "held_item_change", "Held Item Change (serverbound)", {i16("slot", "Slot").summary()}),
    });
    tables[table_index(State::Play, Direction::Clientbound)] = table("play.cb", "play, clientbound", {
        msg(0x03, "spawn_mob", "Spawn Mob", {
            varint("entity_id", "Entity ID").summary(), uuid("uuid", "Entity UUID"),
            varint("type", "Type").summary(),
            f64("x", "X").unit("blocks"), f64("y", "Y").unit("blocks"), f64("z", "Z").unit("blocks"),
            angle("yaw", "Yaw"), angle("pitch", "Pitch"), angle("head_pitch", "Head pitch"),
            velocity[0], velocity[1], velocity[2],
            use("metadata", "Metadata", t.metadata),
        }),
        msg(0x05, "spawn_player", "Spawn Player", {
            varint("entity_id", "Entity ID").summary(), uuid("uuid", "Player UUID"),
            f64("x", "X").unit("blocks"), f64("y", "Y").unit("blocks"), f64("z", "Z").unit("blocks"),
            angle("yaw", "Yaw"), angle("pitch", "Pitch"),
            use("metadata", "Metadata", t.metadata),
        }),
        msg(0x0D, "server_difficulty", "Server Difficulty", {
            u8("difficulty", "Difficulty").vals(kDifficulties).summary(), boolean("locked", "Difficulty locked"),
        }),
        msg(0x0E, "chat", "Chat Message (clientbound)", {
            chat("json", "JSON data").summary(), i8("position", "Position").vals(kChatPositions),
        }),
        msg(0x18, "plugin_message", "Plugin Message (clientbound)", {
            identifier("channel", "Channel").summary(), rest("data", "Data"),
        }),
        msg(0x1A, "disconnect", "Disconnect (play)", {chat("reason", "Reason").summary()}),
        msg(0x1B, "entity_status", "Entity Status", {
            i32("entity_id", "Entity ID").summary(), i8("status", "Entity status").summary(),
        }),
        msg(0x20, "keep_alive", "Keep Alive (clientbound)", {i64("keep_alive_id", "Keep Alive ID").summary()}),
        msg(0x21, "chunk_data", "Chunk Data", {
            i32("x", "Chunk X").summary(), i32("z", "Chunk Z").summary(),
            boolean("full_chunk", "Full chunk"),
            varint("bit_mask", "Primary bit mask").hex(),
            use("heightmaps", "Heightmaps", t.nbt),
            chunk_data(Generation::V477),
            array("block_entities", "Block entity", prefix(Kind::VarInt), {use("nbt", "Block entity", t.nbt)}),
        }),
        msg(0x24, "update_light", "Update Light", {
            varint("x", "Chunk X").summary(), varint("z", "Chunk Z").summary(),
            varint("sky_light_mask", "Sky light mask").hex(), varint("block_light_mask", "Block light mask").hex(),
            varint("empty_sky_light_mask", "Empty sky light mask").hex(),
            varint("empty_block_light_mask", "Empty block light mask").hex(),
            array("sky_light", "Sky light section", popcount(), {byte_array("light", "Light")}, "sky_light_mask"),
            array("block_light", "Block light section", popcount(), {byte_array("light", "Light")},
                  "block_light_mask"),
        }),
        msg(0x25, "join_game", "Join Game", {
            i32("entity_id", "Entity ID").summary(),
            u8("gamemode", "Gamemode").vals(kGamemodesHardcore).summary(),
            i32("dimension", "Dimension").vals(kDimensions).summary().save(kVarDimension),
            u8("max_players", "Max players"),
            string("level_type", "Level type", 16),
            varint("view_distance", "View distance"),
            boolean("reduced_debug_info", "Reduced debug info"),
        }),
        msg(0x28, "entity_relative_move", "Entity Relative Move", {
            varint("entity_id", "Entity ID").summary(),
            fixed("dx", "Delta X", Kind::I16, 1.0 / 4096, "blocks"), fixed("dy", "Delta Y", Kind::I16, 1.0 / 4096, "blocks"),
            fixed("dz", "Delta Z", Kind::I16, 1.0 / 4096, "blocks"), boolean("on_ground", "On ground"),
        }),
        msg(0x2A, "entity_look", "Entity Look", {
            varint("entity_id", "Entity ID").summary(), angle("yaw", "Yaw"), angle("pitch", "Pitch"),
            boolean("on_ground", "On ground"),
        }),
        msg(0x33, "player_info", "Player Info", {
            varint("action", "Action").vals(kPlayerInfoActions).summary(),
            varint("count", "Number of players").summary(),
            array("players", "Player", field_count(), {
                uuid("uuid", "UUID"),
                select("action", {
                    on(0, {
                        string("name", "Name", 16),
                        varint("property_count", "Number of properties"),
                        array("properties", "Property", field_count(), {
                            string("property_name", "Name"), string("property_value", "Value"),
                            boolean("signed", "Is signed"),
                            when("signed", 0, {string("signature", "Signature")}),
                        }, "property_count"),
                        varint("gamemode", "Gamemode").vals(kGamemodes),
                        varint("ping", "Ping").unit("ms"),
                        option("has_display_name", "Has display name", {chat("display_name", "Display name")}),
                    }),
                    on(1, {varint("gamemode", "Gamemode").vals(kGamemodes)}),
                    on(2, {varint("ping", "Ping").unit("ms")}),
                    on(3, {option("has_display_name", "Has display name", {chat("display_name", "Display name")})}),
                }),
            }, "count"),
        }),
        msg(0x35, "player_position_look", "Player Position And Look (clientbound)", {
            f64("x", "X").unit("blocks").summary(), f64("y", "Y").unit("blocks").summary(),
            f64("z", "Z").unit("blocks").summary(),
            f32("yaw", "Yaw").unit("deg"), f32("pitch", "Pitch").unit("deg"),
            u8("flags", "Relative flags").hex().flags(relative_flags()),  // a Byte on the wiki: a bit field
            varint("teleport_id", "Teleport ID").summary(),
        }),
        msg(0x37, "destroy_entities", "Destroy Entities", {
            varint("count", "Count").summary(),
            array("entity_ids", "Entity", field_count(), {varint("entity_id", "Entity ID")}, "count"),
        }),
        msg(0x3B, "entity_head_look", "Entity Head Look", {
            varint("entity_id", "Entity ID").summary(), angle("head_yaw", "Head yaw"),
        }),
        msg(0x3F, "held_item_change", "Held Item Change (clientbound)", {i8("slot", "Slot").summary()}),
        msg(0x40, "update_view_position", "Update View Position", {
            varint("chunk_x", "Chunk X").summary(), varint("chunk_z", "Chunk Z").summary(),
        }),
        msg(0x46, "entity_equipment", "Entity Equipment", {
            varint("entity_id", "Entity ID").summary(), varint("slot", "Slot").vals(kEquipmentSlots),
            use("item", "Item", t.slot),
        }),
        msg(0x47, "set_experience", "Set Experience", {
            f32("bar", "Experience bar"), varint("level", "Level").summary(), varint("total", "Total experience"),
        }),
        msg(0x48, "update_health", "Update Health", {
            f32("health", "Health").summary(), varint("food", "Food"), f32("saturation", "Food saturation"),
        }),
        msg(0x4D, "spawn_position", "Spawn Position", {position("location", "Location", t).summary()}),
        msg(0x4E, "time_update", "Time Update", {
            i64("world_age", "World age").unit("ticks"), i64("time_of_day", "Time of day").unit("ticks").summary(),
        }),
        msg(0x53, "player_list_header_footer", "Player List Header And Footer", {
            chat("header", "Header"), chat("footer", "Footer"),
        }),
    });
}

}  // namespace mcjava
