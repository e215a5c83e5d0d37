// Enumerations and flag sets of play packets, shared by the generations.
// Only closed, documented sets get values (seed 003 for 404, the community
// documentation of 1.14.4 for the 1.14 family): a value outside is a finding.
#pragma once

#include "core/describe.hpp"

namespace mcjava {

// Decoder variable numbers (Version::vars): Join Game / Respawn save the dimension;
// the sections of a 1.18+ Chunk Data are the dimension's height / 16 (world_height.hpp; 0: not known).
constexpr int8_t kVarDimension = 0;
constexpr int8_t kVarSections = 1;

using core::ValueString;

inline constexpr ValueString kChatModes[] = {{0, "enabled"}, {1, "commands only"}, {2, "hidden"}, {0, nullptr}};
// Client Settings' main hand.
inline constexpr ValueString kHands[] = {{0, "left"}, {1, "right"}, {0, nullptr}};
// The hand an action uses.
inline constexpr ValueString kHandSlots[] = {{0, "main hand"}, {1, "off hand"}, {0, nullptr}};
inline constexpr ValueString kDifficulties[] = {
    {0, "peaceful"}, {1, "easy"}, {2, "normal"}, {3, "hard"}, {0, nullptr}};
inline constexpr ValueString kChatPositions[] = {
    {0, "chat"}, {1, "system message"}, {2, "game info (above the hotbar)"}, {0, nullptr}};
inline constexpr ValueString kGamemodes[] = {
    {0, "survival"}, {1, "creative"}, {2, "adventure"}, {3, "spectator"}, {0, nullptr}};
// Join Game: bit 3 is the hardcore flag.
inline constexpr ValueString kGamemodesHardcore[] = {
    {0, "survival"}, {1, "creative"}, {2, "adventure"}, {3, "spectator"}, {8, "survival, hardcore"},
    {9, "creative, hardcore"}, {10, "adventure, hardcore"}, {11, "spectator, hardcore"}, {0, nullptr}};
inline constexpr ValueString kDimensions[] = {{uint32_t(-1), "nether"}, {0, "overworld"}, {1, "end"}, {0, nullptr}};
inline constexpr ValueString kPlayerInfoActions[] = {
    {0, "add player"}, {1, "update gamemode"}, {2, "update latency"}, {3, "update display name"},
    {4, "remove player"}, {0, nullptr}};
inline constexpr ValueString kEquipmentSlots[] = {
    {0, "main hand"}, {1, "off hand"}, {2, "boots"}, {3, "leggings"}, {4, "chestplate"}, {5, "helmet"}, {0, nullptr}};

// Entities
inline constexpr ValueString kAnimations[] = {
    {0, "swing main arm"}, {1, "take damage"}, {2, "leave bed"}, {3, "swing offhand"}, {4, "critical effect"},
    {5, "magic critical effect"}, {0, nullptr}};
inline constexpr ValueString kGlobalEntityTypes[] = {{1, "thunderbolt"}, {0, nullptr}};
inline constexpr ValueString kPaintingDirections[] = {
    {0, "south"}, {1, "west"}, {2, "north"}, {3, "east"}, {0, nullptr}};
inline constexpr ValueString kAttributeOperations[] = {
    {0, "add amount"}, {1, "add amount percent"}, {2, "multiply by amount percent"}, {0, nullptr}};
inline constexpr ValueString kFeetEyes[] = {{0, "feet"}, {1, "eyes"}, {0, nullptr}};

// World
inline constexpr ValueString kSoundCategories[] = {
    {0, "master"}, {1, "music"}, {2, "record"}, {3, "weather"}, {4, "block"}, {5, "hostile"}, {6, "neutral"},
    {7, "player"}, {8, "ambient"}, {9, "voice"}, {0, nullptr}};
inline constexpr ValueString kGameStateReasons[] = {
    {0, "invalid bed"}, {1, "end raining"}, {2, "begin raining"}, {3, "change gamemode"}, {4, "exit end"},
    {5, "demo message"}, {6, "arrow hitting player"}, {7, "fade value"}, {8, "fade time"},
    {9, "play pufferfish sting sound"}, {10, "play elder guardian appearance"}, {0, nullptr}};
inline constexpr ValueString kWorldBorderActions[] = {
    {0, "set size"}, {1, "lerp size"}, {2, "set center"}, {3, "initialize"}, {4, "set warning time"},
    {5, "set warning blocks"}, {0, nullptr}};
inline constexpr ValueString kBlockFaces[] = {
    {0, "bottom (-Y)"}, {1, "top (+Y)"}, {2, "north (-Z)"}, {3, "south (+Z)"}, {4, "west (-X)"}, {5, "east (+X)"},
    {0, nullptr}};

// Chat, commands, scoreboard, HUD
inline constexpr ValueString kBossBarActions[] = {
    {0, "add"}, {1, "remove"}, {2, "update health"}, {3, "update title"}, {4, "update style"},
    {5, "update flags"}, {0, nullptr}};
inline constexpr ValueString kBossBarColors[] = {
    {0, "pink"}, {1, "blue"}, {2, "red"}, {3, "green"}, {4, "yellow"}, {5, "purple"}, {6, "white"}, {0, nullptr}};
inline constexpr ValueString kBossBarDivisions[] = {
    {0, "no division"}, {1, "6 notches"}, {2, "10 notches"}, {3, "12 notches"}, {4, "20 notches"}, {0, nullptr}};
inline constexpr ValueString kTitleActions[] = {
    {0, "set title"}, {1, "set subtitle"}, {2, "set action bar"}, {3, "set times and display"}, {4, "hide"},
    {5, "reset"}, {0, nullptr}};
inline constexpr ValueString kCombatEvents[] = {
    {0, "enter combat"}, {1, "end combat"}, {2, "entity dead"}, {0, nullptr}};
inline constexpr ValueString kObjectiveModes[] = {
    {0, "create"}, {1, "remove"}, {2, "update display text"}, {0, nullptr}};
inline constexpr ValueString kObjectiveTypes[] = {{0, "integer"}, {1, "hearts"}, {0, nullptr}};
inline constexpr ValueString kTeamModes[] = {
    {0, "create team"}, {1, "remove team"}, {2, "update team info"}, {3, "add entities"},
    {4, "remove entities"}, {0, nullptr}};
inline constexpr ValueString kScoreActions[] = {{0, "create or update"}, {1, "remove"}, {0, nullptr}};
inline constexpr ValueString kStatisticCategories[] = {
    {0, "minecraft.mined"}, {1, "minecraft.crafted"}, {2, "minecraft.used"}, {3, "minecraft.broken"},
    {4, "minecraft.picked_up"}, {5, "minecraft.dropped"}, {6, "minecraft.killed"}, {7, "minecraft.killed_by"},
    {8, "minecraft.custom"}, {0, nullptr}};
inline constexpr ValueString kAdvancementFrames[] = {{0, "task"}, {1, "challenge"}, {2, "goal"}, {0, nullptr}};
inline constexpr ValueString kCommandNodeTypes[] = {{0, "root"}, {1, "literal"}, {2, "argument"}, {0, nullptr}};
inline constexpr ValueString kStringParserTypes[] = {
    {0, "single word"}, {1, "quotable phrase"}, {2, "greedy phrase"}, {0, nullptr}};
inline constexpr ValueString kResourcePackResults[] = {
    {0, "successfully loaded"}, {1, "declined"}, {2, "failed download"}, {3, "accepted"}, {0, nullptr}};
inline constexpr ValueString kAdvancementTabActions[] = {{0, "opened tab"}, {1, "closed screen"}, {0, nullptr}};

// Inventory and recipes
inline constexpr ValueString kClickModes[] = {
    {0, "click"}, {1, "shift click"}, {2, "number key"}, {3, "middle click"}, {4, "drop"}, {5, "drag"},
    {6, "double click"}, {0, nullptr}};
inline constexpr ValueString kUnlockRecipesActions[] = {{0, "init"}, {1, "add"}, {2, "remove"}, {0, nullptr}};
inline constexpr ValueString kRecipeBookDataTypes[] = {
    {0, "displayed recipe"}, {1, "recipe book states"}, {0, nullptr}};

// Player
inline constexpr ValueString kClientStatusActions[] = {{0, "perform respawn"}, {1, "request stats"}, {0, nullptr}};
inline constexpr ValueString kUseEntityTypes[] = {{0, "interact"}, {1, "attack"}, {2, "interact at"}, {0, nullptr}};
inline constexpr ValueString kDiggingStatuses[] = {
    {0, "started digging"}, {1, "cancelled digging"}, {2, "finished digging"}, {3, "drop item stack"},
    {4, "drop item"}, {5, "shoot arrow / finish eating"}, {6, "swap item in hand"}, {0, nullptr}};
inline constexpr ValueString kEntityActions[] = {
    {0, "start sneaking"}, {1, "stop sneaking"}, {2, "leave bed"}, {3, "start sprinting"}, {4, "stop sprinting"},
    {5, "start jump with horse"}, {6, "stop jump with horse"}, {7, "open horse inventory"},
    {8, "start flying with elytra"}, {0, nullptr}};
inline constexpr ValueString kCommandBlockModes[] = {{0, "sequence"}, {1, "auto"}, {2, "redstone"}, {0, nullptr}};
inline constexpr ValueString kStructureBlockActions[] = {
    {0, "update data"}, {1, "save the structure"}, {2, "load the structure"}, {3, "detect size"}, {0, nullptr}};
inline constexpr ValueString kStructureBlockModes[] = {
    {0, "save"}, {1, "load"}, {2, "corner"}, {3, "data"}, {0, nullptr}};
inline constexpr ValueString kMirrors[] = {{0, "none"}, {1, "left-right"}, {2, "front-back"}, {0, nullptr}};
inline constexpr ValueString kRotations[] = {
    {0, "none"}, {1, "clockwise 90"}, {2, "clockwise 180"}, {3, "counterclockwise 90"}, {0, nullptr}};

inline std::initializer_list<core::describe::F> skin_part_flags() {
    using core::describe::flag;
    static const std::initializer_list<core::describe::F> rows = {
        flag("cape", "Cape", 0x01), flag("jacket", "Jacket", 0x02), flag("left_sleeve", "Left sleeve", 0x04),
        flag("right_sleeve", "Right sleeve", 0x08), flag("left_pants", "Left pants leg", 0x10),
        flag("right_pants", "Right pants leg", 0x20), flag("hat", "Hat", 0x40)};
    return rows;
}

// Player Position And Look (clientbound): a set bit makes the value relative.
inline std::initializer_list<core::describe::F> relative_flags() {
    using core::describe::flag;
    static const std::initializer_list<core::describe::F> rows = {
        flag("x_relative", "X relative", 0x01), flag("y_relative", "Y relative", 0x02),
        flag("z_relative", "Z relative", 0x04), flag("yaw_relative", "Yaw relative", 0x08),
        flag("pitch_relative", "Pitch relative", 0x10)};
    return rows;
}

// Player Abilities, both directions: the game writes one encoding for both
// (see play_player.cpp for the serverbound documentation's other order).
inline std::initializer_list<core::describe::F> ability_flags() {
    using core::describe::flag;
    static const std::initializer_list<core::describe::F> rows = {
        flag("invulnerable", "Invulnerable", 0x01), flag("flying", "Flying", 0x02),
        flag("allow_flying", "Allow flying", 0x04), flag("creative_mode", "Creative mode (instant break)", 0x08)};
    return rows;
}

}  // namespace mcjava
