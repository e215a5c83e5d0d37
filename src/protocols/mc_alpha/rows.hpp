// The units of seed 001 ("Data Types", "Units of Measurement") as rows of
// the description language, and the messages both directions share.
#pragma once

#include <vector>

#include "core/describe.hpp"

namespace mcalpha {

using Rows = std::vector<core::describe::F>;

// "string": a short length, then that many bytes of UTF-8.
core::describe::F string(const char* key, const char* name, uint32_t max_chars = 0);
// "Absolute Integer": an int in pixels, 1/32 block.
core::describe::F absolute_int(const char* key, const char* name);
// "Absolute double": a double in blocks.
core::describe::F absolute(const char* key, const char* name);
// A packed angle: a byte in steps of 360/256 degrees.
core::describe::F packed_angle(const char* key, const char* name);
// A relative move: a byte in 1/32 block.
core::describe::F relative(const char* key, const char* name);
// Entity Velocity: a short in 1/32000 block per tick.
core::describe::F velocity(const char* key, const char* name);
// An entity id.
core::describe::F eid(const char* key = "eid", const char* name = "Entity ID");
// X, Y, Z of a block: int, byte, int.
Rows block_xyz(bool summary);

// Messages of both directions.
Rows chat(uint32_t max_chars);
Rows handshake(const char* key, const char* name, const char* desc);
Rows player_inventory();
Rows player_position_look(bool serverbound);
Rows pickup_spawn();
Rows complex_entities();
Rows reason(const char* desc);

}  // namespace mcalpha
