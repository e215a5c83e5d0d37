// The rows of play packets shared by 404 (1.13.2) and the 1.14 family,
// written once and listed by play_404.cpp and play_477.cpp with their own
// ids. A packet whose layout differs between the generations in one field
// takes the Types (t.gen) and says where; packets of one generation only, or
// laid out differently throughout, are written in that generation's table.
//
// By area: play_entities.cpp, play_world.cpp, play_inventory.cpp,
// play_chat.cpp (chat, commands, scoreboard, HUD), play_player.cpp.
#pragma once

#include <vector>

#include "core/describe.hpp"
#include "types.hpp"

namespace mcjava {

using Rows = std::vector<core::describe::F>;

inline void append(Rows& rows, std::initializer_list<core::describe::F> more) {
    rows.insert(rows.end(), more.begin(), more.end());
}

// Velocity in 1/8000 block per tick (Spawn Object, Spawn Mob, Entity Velocity).
core::describe::F velocity(const char* key, const char* name);
// Entity Relative Move deltas: (new * 32 - old * 32) * 128 = 1/4096 block.
core::describe::F delta(const char* key, const char* name);

// Entities (play_entities.cpp)
Rows spawn_object(const Types& t);  // 404: type Byte; 1.14: VarInt
Rows spawn_experience_orb();
Rows spawn_global_entity();
Rows spawn_mob(const Types& t);
Rows spawn_painting(const Types& t);
Rows spawn_player(const Types& t);
Rows entity_animation();
Rows entity_status();
Rows entity();
Rows entity_relative_move();
Rows entity_look_and_relative_move();
Rows entity_look();
Rows entity_head_look();
Rows entity_teleport();
Rows entity_velocity();
Rows entity_equipment(const Types& t);
Rows entity_metadata(const Types& t);
Rows entity_properties();
Rows entity_effect(const Types& t);  // 1.14: a show-icon flag
Rows remove_entity_effect();
Rows destroy_entities();
Rows attach_entity();
Rows set_passengers();
Rows collect_item();
Rows camera();

// World (play_world.cpp)
Rows block_break_animation(const Types& t);
Rows update_block_entity(const Types& t);
Rows block_action(const Types& t);
Rows block_change(const Types& t);
Rows multi_block_change();
Rows explosion();
Rows unload_chunk();
Rows change_game_state();
Rows effect(const Types& t);
Rows particle(const Types& t);
Rows named_sound_effect();
Rows sound_effect();
Rows stop_sound();
Rows map(const Types& t);  // 1.14: a locked flag
Rows world_border();
Rows spawn_position(const Types& t);
Rows time_update();
Rows open_sign_editor(const Types& t);
Rows nbt_query_response(const Types& t);

// Inventory and recipes (play_inventory.cpp)
Rows confirm_transaction();  // both directions
Rows close_window();         // both directions
Rows window_items(const Types& t);
Rows window_property();
Rows set_slot(const Types& t);
Rows set_cooldown();
Rows craft_recipe_response();
Rows declare_recipes(const Types& t);  // 1.14: type first, namespaced, more types
Rows unlock_recipes();
Rows held_item_change_cb();
Rows held_item_change_sb();
Rows click_window(const Types& t);
Rows click_window_button();  // 404: Enchant Item
Rows creative_inventory_action(const Types& t);
Rows edit_book(const Types& t);
Rows pick_item();
Rows craft_recipe_request();
Rows recipe_book_data(const Types& t);  // 1.14: blasting and smoking books
Rows name_item();
Rows select_trade();
Rows set_beacon_effect();

// Chat, commands, scoreboard, HUD (play_chat.cpp)
Rows chat_cb();
Rows chat_sb();
Rows tab_complete_cb();
Rows tab_complete_sb();
Rows declare_commands();
Rows boss_bar();
Rows title();
Rows player_info();
Rows player_list_header_footer();
Rows display_scoreboard();
Rows scoreboard_objective();
Rows teams();
Rows update_score();
Rows combat_event();
Rows statistics();
Rows advancements(const Types& t);
Rows select_advancement_tab();
Rows advancement_tab();
Rows tags(const Types& t);  // 1.14: entity tags
Rows plugin_message();      // both directions
Rows disconnect();
Rows keep_alive();          // both directions
Rows resource_pack_send();
Rows resource_pack_status();

// Player (play_player.cpp)
Rows teleport_confirm();
Rows query_block_nbt(const Types& t);
Rows query_entity_nbt();
Rows client_status();
Rows client_settings();
Rows use_entity();
Rows player_position();
Rows player_position_look_sb();  // 1.14: Player Position And Rotation
Rows player_look();              // 1.14: Player Rotation
Rows player_on_ground();         // 404: Player; 1.14: Player Movement
Rows vehicle_move();             // both directions
Rows steer_boat();
Rows player_abilities_cb();
Rows player_abilities_sb();
Rows player_digging(const Types& t);
Rows entity_action();
Rows steer_vehicle();
Rows update_command_block(const Types& t);
Rows update_command_block_minecart();
Rows update_structure_block(const Types& t);
Rows update_sign(const Types& t);
Rows animation_sb();
Rows spectate();
Rows use_item();
Rows face_player();
Rows player_position_look_cb();
Rows update_health();
Rows set_experience();
Rows respawn(const Types& t);  // 404: with the difficulty

}  // namespace mcjava
