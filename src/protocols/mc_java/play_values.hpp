// Enumerations and flag sets of play packets, shared by the generations.
#pragma once

#include "core/describe.hpp"

namespace mcjava {

// Decoder variable numbers (Version::vars): Join Game / Respawn save the dimension.
constexpr int8_t kVarDimension = 0;

inline constexpr core::ValueString kChatModes[] = {{0, "enabled"}, {1, "commands only"}, {2, "hidden"}, {0, nullptr}};
inline constexpr core::ValueString kHands[] = {{0, "left"}, {1, "right"}, {0, nullptr}};
inline constexpr core::ValueString kDifficulties[] = {
    {0, "peaceful"}, {1, "easy"}, {2, "normal"}, {3, "hard"}, {0, nullptr}};
inline constexpr core::ValueString kChatPositions[] = {
    {0, "chat"}, {1, "system message"}, {2, "game info (above the hotbar)"}, {0, nullptr}};
inline constexpr core::ValueString kGamemodes[] = {
    {0, "survival"}, {1, "creative"}, {2, "adventure"}, {3, "spectator"}, {0, nullptr}};
// Join Game: bit 3 is the hardcore flag.
inline constexpr core::ValueString kGamemodesHardcore[] = {
    {0, "survival"}, {1, "creative"}, {2, "adventure"}, {3, "spectator"}, {8, "survival, hardcore"},
    {9, "creative, hardcore"}, {10, "adventure, hardcore"}, {11, "spectator, hardcore"}, {0, nullptr}};
inline constexpr core::ValueString kDimensions[] = {{uint32_t(-1), "nether"}, {0, "overworld"}, {1, "end"}, {0, nullptr}};
inline constexpr core::ValueString kPlayerInfoActions[] = {
    {0, "add player"}, {1, "update gamemode"}, {2, "update latency"}, {3, "update display name"},
    {4, "remove player"}, {0, nullptr}};
inline constexpr core::ValueString kEquipmentSlots[] = {
    {0, "main hand"}, {1, "off hand"}, {2, "boots"}, {3, "leggings"}, {4, "chestplate"}, {5, "helmet"}, {0, nullptr}};

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

}  // namespace mcjava
