// Enumerations of the Alpha protocol document (seed 001), which calls several of its lists incomplete
// (mob types, animations, entity status), so a value outside them is a
// note (mcalpha.unknown_value), not an error.
#pragma once

#include "core/field.hpp"

namespace mcalpha {

using core::ValueString;

// Player Inventory "Type" (negative ints: named by their 32-bit pattern).
inline constexpr ValueString kInventoryTypes[] = {
    {uint32_t(-1), "main inventory"}, {uint32_t(-2), "equipped armour"}, {uint32_t(-3), "crafting slots"},
    {0, nullptr}};
inline constexpr ValueString kDimensions[] = {{uint32_t(-1), "hell"}, {0, "normal"}, {0, nullptr}};
inline constexpr ValueString kDiggingStatuses[] = {
    {0, "started digging"}, {1, "digging"}, {2, "stopped digging"}, {3, "block broken"}, {0, nullptr}};
inline constexpr ValueString kFaces[] = {{0, "-Y"}, {1, "+Y"}, {2, "-Z"}, {3, "+Z"}, {4, "-X"}, {5, "+X"},
                                         {0, nullptr}};
// Block placement: -1 with X, Y, Z -1 updates the held item's state.
inline constexpr ValueString kPlacementFaces[] = {
    {0, "-Y"}, {1, "+Y"}, {2, "-Z"}, {3, "+Z"}, {4, "-X"}, {5, "+X"}, {uint32_t(-1), "update held item"},
    {0, nullptr}};
inline constexpr ValueString kObjectTypes[] = {
    {1, "boat"}, {10, "minecart"}, {11, "storage cart"}, {12, "powered cart"}, {0, nullptr}};
// The document lists the animals (90-93) and calls its list incomplete;
// the monsters are the ids the game of the time spawns them with (its
// EntityList: 50 Creeper ... 57 PigZombie), so a creeper is known, not a finding.
inline constexpr ValueString kMobTypes[] = {
    {50, "creeper"}, {51, "skeleton"}, {52, "spider"},  {53, "giant zombie"}, {54, "zombie"}, {55, "slime"},
    {56, "ghast"},   {57, "zombie pigman"}, {90, "pig"}, {91, "sheep"},      {92, "cow"},    {93, "hen"},
    {0, nullptr}};
inline constexpr ValueString kAnimations[] = {
    {0, "no animation"}, {1, "swing arm"}, {2, "death animation?"}, {102, "unknown (seen often)"}, {0, nullptr}};
inline constexpr ValueString kPreChunkModes[] = {{0, "unload"}, {1, "initialize"}, {0, nullptr}};

}  // namespace mcalpha
