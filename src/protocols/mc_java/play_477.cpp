// Play packets of the 1.14 family: 477 (1.14), 480 (1.14.1), 485 (1.14.2),
// 490 (1.14.3), 498 (1.14.4): every id of both directions, in id order.
// Ids and layouts from the community protocol documentation of 1.14.4
// (wiki.vg), cross-checked against minecraft-data's protocol.json of each
// release and ViaVersion's 1.14.x protocol steps; where a release differs,
// the row branches on `protocol`:
//   490+ Trade List ends with Can restock (1.14.3-pre1)
//   498  Trade List offers carry Demand (1.14.4-pre5); Acknowledge Player
//        Digging (clientbound 0x5C) exists
// 477, 480 and 485 are otherwise the same protocol.
#include "chunk_rows.hpp"
#include "play_rows.hpp"
#include "play_values.hpp"
#include "versions.hpp"

namespace mcjava {

using namespace core::describe;
using core::Kind;

namespace {

// The menu types of Open Window (the 1.14 registry, in order).
constexpr core::ValueString kWindowTypes[] = {
    {0, "generic_9x1"}, {1, "generic_9x2"}, {2, "generic_9x3"}, {3, "generic_9x4"}, {4, "generic_9x5"},
    {5, "generic_9x6"}, {6, "generic_3x3"}, {7, "anvil"}, {8, "beacon"}, {9, "blast_furnace"},
    {10, "brewing_stand"}, {11, "crafting"}, {12, "enchantment"}, {13, "furnace"}, {14, "grindstone"},
    {15, "hopper"}, {16, "lectern"}, {17, "loom"}, {18, "merchant"}, {19, "shulker_box"}, {20, "smoker"},
    {21, "cartography"}, {22, "stonecutter"}, {0, nullptr}};
// Acknowledge Player Digging: the digging statuses it answers.
constexpr core::ValueString kDiggingAcks[] = {
    {0, "started digging"}, {1, "cancelled digging"}, {2, "finished digging"}, {0, nullptr}};

Rows trade_list(const Types& t, int32_t protocol) {
    Rows offer = {
        use("input_item_1", "Input item 1", t.slot),
        use("output_item", "Output item", t.slot),
        option("has_second_item", "Has second item", {use("input_item_2", "Input item 2", t.slot)}),
        boolean("trade_disabled", "Trade disabled"),
        i32("uses", "Number of trade uses"),
        i32("max_uses", "Maximum number of trade uses"),
        i32("xp", "XP"),
        i32("special_price", "Special price"),
        f32("price_multiplier", "Price multiplier"),
    };
    if (protocol >= 498) append(offer, {i32("demand", "Demand")});
    F trades = array("trades", "Trade", field_count(), {}, "size");
    trades.sub = offer;
    Rows rows = {
        varint("window_id", "Window ID").summary(),
        u8("size", "Number of trades").summary(),
        trades,
        varint("villager_level", "Villager level"),
        varint("experience", "Experience"),
        boolean("is_regular_villager", "Is regular villager"),
    };
    if (protocol >= 490) append(rows, {boolean("can_restock", "Can restock")});
    return rows;
}

}  // namespace

void add_play_477(std::vector<core::MessageTable>& tables, const Types& t, int32_t protocol) {
    std::vector<M> cb = {
        msg(0x00, "spawn_object", "Spawn Object", spawn_object(t)),
        msg(0x01, "spawn_experience_orb", "Spawn Experience Orb", spawn_experience_orb()),
        msg(0x02, "spawn_global_entity", "Spawn Global Entity", spawn_global_entity()),
        msg(0x03, "spawn_mob", "Spawn Mob", spawn_mob(t)),
        msg(0x04, "spawn_painting", "Spawn Painting", spawn_painting(t)),
        msg(0x05, "spawn_player", "Spawn Player", spawn_player(t)),
        msg(0x06, "animation", "Animation (clientbound)", entity_animation()),
        msg(0x07, "statistics", "Statistics", statistics()),
        msg(0x08, "block_break_animation", "Block Break Animation", block_break_animation(t)),
        msg(0x09, "update_block_entity", "Update Block Entity", update_block_entity(t)),
        msg(0x0A, "block_action", "Block Action", block_action(t)),
        msg(0x0B, "block_change", "Block Change", block_change(t)),
        msg(0x0C, "boss_bar", "Boss Bar", boss_bar()),
        msg(0x0D, "server_difficulty", "Server Difficulty", {
            u8("difficulty", "Difficulty").vals(kDifficulties).summary(), boolean("locked", "Difficulty locked"),
        }),
        msg(0x0E, "chat", "Chat Message (clientbound)", chat_cb()),
        msg(0x0F, "multi_block_change", "Multi Block Change", multi_block_change()),
        msg(0x10, "tab_complete", "Tab-Complete (clientbound)", tab_complete_cb()),
        msg(0x11, "declare_commands", "Declare Commands", declare_commands()),
        msg(0x12, "confirm_transaction", "Confirm Transaction (clientbound)", confirm_transaction()),
        msg(0x13, "close_window", "Close Window (clientbound)", close_window()),
        msg(0x14, "window_items", "Window Items", window_items(t)),
        msg(0x15, "window_property", "Window Property", window_property()),
        msg(0x16, "set_slot", "Set Slot", set_slot(t)),
        msg(0x17, "set_cooldown", "Set Cooldown", set_cooldown()),
        msg(0x18, "plugin_message", "Plugin Message (clientbound)", plugin_message()),
        msg(0x19, "named_sound_effect", "Named Sound Effect", named_sound_effect()),
        msg(0x1A, "disconnect", "Disconnect (play)", disconnect()),
        msg(0x1B, "entity_status", "Entity Status", entity_status()),
        msg(0x1C, "explosion", "Explosion", explosion()),
        msg(0x1D, "unload_chunk", "Unload Chunk", unload_chunk()),
        msg(0x1E, "change_game_state", "Change Game State", change_game_state()),
        msg(0x1F, "open_horse_window", "Open Horse Window", {
            u8("window_id", "Window ID").summary(), varint("slot_count", "Number of slots"),
            i32("entity_id", "Entity ID").summary(),
        }),
        msg(0x20, "keep_alive", "Keep Alive (clientbound)", keep_alive()),
        msg(0x21, "chunk_data", "Chunk Data", {
            i32("x", "Chunk X").summary(), i32("z", "Chunk Z").summary(),
            boolean("full_chunk", "Full chunk"),
            varint("bit_mask", "Primary bit mask").hex(),
            use("heightmaps", "Heightmaps", t.nbt),
            chunk_data(Generation::V477),
            array("block_entities", "Block entity", prefix(Kind::VarInt), {use("nbt", "Block entity", t.nbt)}),
        }),
        msg(0x22, "effect", "Effect", effect(t)),
        msg(0x23, "particle", "Particle", particle(t)),
        msg(0x24, "update_light", "Update Light", {
            varint("x", "Chunk X").summary(), varint("z", "Chunk Z").summary(),
            varint("sky_light_mask", "Sky light mask").hex(), varint("block_light_mask", "Block light mask").hex(),
            varint("empty_sky_light_mask", "Empty sky light mask").hex(),
            varint("empty_block_light_mask", "Empty block light mask").hex(),
            // one 2048-byte array per bit of each mask
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
            varint("view_distance", "View distance").unit("chunks"),
            boolean("reduced_debug_info", "Reduced debug info"),
        }),
        msg(0x26, "map_data", "Map Data", map(t)),
        msg(0x27, "trade_list", "Trade List", trade_list(t, protocol)),
        msg(0x28, "entity_relative_move", "Entity Relative Move", entity_relative_move()),
        msg(0x29, "entity_look_and_relative_move", "Entity Look And Relative Move", entity_look_and_relative_move()),
        msg(0x2A, "entity_look", "Entity Look", entity_look()),
        msg(0x2B, "entity", "Entity", entity()),
        msg(0x2C, "vehicle_move", "Vehicle Move (clientbound)", vehicle_move()),
        msg(0x2D, "open_book", "Open Book", {varint("hand", "Hand").vals(kHandSlots).summary()}),
        msg(0x2E, "open_window", "Open Window", {
            varint("window_id", "Window ID").summary(),
            varint("window_type", "Window type").vals(kWindowTypes).summary(),
            chat("window_title", "Window title"),
        }),
        msg(0x2F, "open_sign_editor", "Open Sign Editor", open_sign_editor(t)),
        msg(0x30, "craft_recipe_response", "Craft Recipe Response", craft_recipe_response()),
        msg(0x31, "player_abilities", "Player Abilities (clientbound)", player_abilities_cb()),
        msg(0x32, "combat_event", "Combat Event", combat_event()),
        msg(0x33, "player_info", "Player Info", player_info()),
        msg(0x34, "face_player", "Face Player", face_player()),
        msg(0x35, "player_position_look", "Player Position And Look (clientbound)", player_position_look_cb()),
        msg(0x36, "unlock_recipes", "Unlock Recipes", unlock_recipes()),
        msg(0x37, "destroy_entities", "Destroy Entities", destroy_entities()),
        msg(0x38, "remove_entity_effect", "Remove Entity Effect", remove_entity_effect()),
        msg(0x39, "resource_pack_send", "Resource Pack Send", resource_pack_send()),
        msg(0x3A, "respawn", "Respawn", respawn(t)),
        msg(0x3B, "entity_head_look", "Entity Head Look", entity_head_look()),
        msg(0x3C, "select_advancement_tab", "Select Advancement Tab", select_advancement_tab()),
        msg(0x3D, "world_border", "World Border", world_border()),
        msg(0x3E, "camera", "Camera", camera()),
        msg(0x3F, "held_item_change", "Held Item Change (clientbound)", held_item_change_cb()),
        msg(0x40, "update_view_position", "Update View Position", {
            varint("chunk_x", "Chunk X").summary(), varint("chunk_z", "Chunk Z").summary(),
        }),
        msg(0x41, "update_view_distance", "Update View Distance", {
            varint("view_distance", "View distance").unit("chunks").summary(),
        }),
        msg(0x42, "display_scoreboard", "Display Scoreboard", display_scoreboard()),
        msg(0x43, "entity_metadata", "Entity Metadata", entity_metadata(t)),
        msg(0x44, "attach_entity", "Attach Entity", attach_entity()),
        msg(0x45, "entity_velocity", "Entity Velocity", entity_velocity()),
        msg(0x46, "entity_equipment", "Entity Equipment", entity_equipment(t)),
        msg(0x47, "set_experience", "Set Experience", set_experience()),
        msg(0x48, "update_health", "Update Health", update_health()),
        msg(0x49, "scoreboard_objective", "Scoreboard Objective", scoreboard_objective()),
        msg(0x4A, "set_passengers", "Set Passengers", set_passengers()),
        msg(0x4B, "teams", "Teams", teams()),
        msg(0x4C, "update_score", "Update Score", update_score()),
        msg(0x4D, "spawn_position", "Spawn Position", spawn_position(t)),
        msg(0x4E, "time_update", "Time Update", time_update()),
        msg(0x4F, "title", "Title", title()),
        msg(0x50, "entity_sound_effect", "Entity Sound Effect", {
            varint("sound_id", "Sound ID").summary(), varint("category", "Sound category").vals(kSoundCategories),
            varint("entity_id", "Entity ID").summary(), f32("volume", "Volume"), f32("pitch", "Pitch"),
        }),
        msg(0x51, "sound_effect", "Sound Effect", sound_effect()),
        msg(0x52, "stop_sound", "Stop Sound", stop_sound()),
        msg(0x53, "player_list_header_footer", "Player List Header And Footer", player_list_header_footer()),
        msg(0x54, "nbt_query_response", "NBT Query Response", nbt_query_response(t)),
        msg(0x55, "collect_item", "Collect Item", collect_item()),
        msg(0x56, "entity_teleport", "Entity Teleport", entity_teleport()),
        msg(0x57, "advancements", "Advancements", advancements(t)),
        msg(0x58, "entity_properties", "Entity Properties", entity_properties()),
        msg(0x59, "entity_effect", "Entity Effect", entity_effect(t)),
        msg(0x5A, "declare_recipes", "Declare Recipes", declare_recipes(t)),
        msg(0x5B, "tags", "Tags", tags(t)),
    };
    if (protocol >= 498)
        cb.push_back(msg(0x5C, "acknowledge_player_digging", "Acknowledge Player Digging", {
            position("location", "Location", t).summary(),
            varint("block", "Block state"),
            varint("status", "Status").vals(kDiggingAcks).summary(),
            boolean("successful", "Successful"),
        }));
    tables[table_index(State::Play, Side::Server)] = table("play.cb", "play, clientbound", cb);
    tables[table_index(State::Play, Side::Client)] = table("play.sb", "play, serverbound", {
        msg(0x00, "teleport_confirm", "Teleport Confirm", teleport_confirm()),
        msg(0x01, "query_block_nbt", "Query Block NBT", query_block_nbt(t)),
        msg(0x02, "set_difficulty", "Set Difficulty", {
            u8("difficulty", "New difficulty").vals(kDifficulties).summary(),
        }),
        msg(0x03, "chat", "Chat Message (serverbound)", chat_sb()),
        msg(0x04, "client_status", "Client Status", client_status()),
        msg(0x05, "client_settings", "Client Settings", client_settings()),
        msg(0x06, "tab_complete", "Tab-Complete (serverbound)", tab_complete_sb()),
        msg(0x07, "confirm_transaction", "Confirm Transaction (serverbound)", confirm_transaction()),
        msg(0x08, "click_window_button", "Click Window Button", click_window_button()),
        msg(0x09, "click_window", "Click Window", click_window(t)),
        msg(0x0A, "close_window", "Close Window (serverbound)", close_window()),
        msg(0x0B, "plugin_message", "Plugin Message (serverbound)", plugin_message()),
        msg(0x0C, "edit_book", "Edit Book", edit_book(t)),
        msg(0x0D, "query_entity_nbt", "Query Entity NBT", query_entity_nbt()),
        msg(0x0E, "use_entity", "Use Entity", use_entity()),
        msg(0x0F, "keep_alive", "Keep Alive (serverbound)", keep_alive()),
        msg(0x10, "lock_difficulty", "Lock Difficulty", {boolean("locked", "Locked").summary()}),
        msg(0x11, "position", "Player Position", player_position()),
        msg(0x12, "position_rotation", "Player Position And Rotation", player_position_look_sb()),
        msg(0x13, "rotation", "Player Rotation", player_look()),
        msg(0x14, "movement", "Player Movement", player_on_ground()),
        msg(0x15, "vehicle_move", "Vehicle Move (serverbound)", vehicle_move()),
        msg(0x16, "steer_boat", "Steer Boat", steer_boat()),
        msg(0x17, "pick_item", "Pick Item", pick_item()),
        msg(0x18, "craft_recipe_request", "Craft Recipe Request", craft_recipe_request()),
        msg(0x19, "player_abilities", "Player Abilities (serverbound)", player_abilities_sb()),
        msg(0x1A, "player_digging", "Player Digging", player_digging(t)),
        msg(0x1B, "entity_action", "Entity Action", entity_action()),
        msg(0x1C, "steer_vehicle", "Steer Vehicle", steer_vehicle()),
        msg(0x1D, "recipe_book_data", "Recipe Book Data", recipe_book_data(t)),
        msg(0x1E, "name_item", "Name Item", name_item()),
        msg(0x1F, "resource_pack_status", "Resource Pack Status", resource_pack_status()),
        msg(0x20, "advancement_tab", "Advancement Tab", advancement_tab()),
        msg(0x21, "select_trade", "Select Trade", select_trade()),
        msg(0x22, "set_beacon_effect", "Set Beacon Effect", set_beacon_effect()),
        msg(0x23, "held_item_change", "Held Item Change (serverbound)", held_item_change_sb()),
        msg(0x24, "update_command_block", "Update Command Block", update_command_block(t)),
        msg(0x25, "update_command_block_minecart", "Update Command Block Minecart", update_command_block_minecart()),
        msg(0x26, "creative_inventory_action", "Creative Inventory Action", creative_inventory_action(t)),
        msg(0x27, "update_jigsaw_block", "Update Jigsaw Block", {
            position("location", "Location", t).summary(),
            identifier("attachment_type", "Attachment type"),
            identifier("target_pool", "Target pool"),
            string("final_state", "Final state").desc("what the jigsaw block turns into"),
        }),
        msg(0x28, "update_structure_block", "Update Structure Block", update_structure_block(t)),
        msg(0x29, "update_sign", "Update Sign", update_sign(t)),
        msg(0x2A, "animation", "Animation (serverbound)", animation_sb()),
        msg(0x2B, "spectate", "Spectate", spectate()),
        msg(0x2C, "player_block_placement", "Player Block Placement", {  // 1.14: hand first, inside block
            varint("hand", "Hand").vals(kHandSlots),
            position("location", "Location", t).summary(),
            varint("face", "Face").vals(kBlockFaces),
            f32("cursor_x", "Cursor position X"), f32("cursor_y", "Cursor position Y"),
            f32("cursor_z", "Cursor position Z"),
            boolean("inside_block", "Inside block").desc("the player's head is inside a block"),
        }),
        msg(0x2D, "use_item", "Use Item", use_item()),
    });
}

}  // namespace mcjava
