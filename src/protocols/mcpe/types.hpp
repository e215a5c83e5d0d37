// Data types the MCPE 0.x game packets share (seed 002 "Types"): the
// u16-prefixed string, an inventory slot, entity metadata.
#pragma once

#include "core/describe.hpp"

namespace mcpe {

// seed 002 "string": a short with the length in bytes, then the bytes.
core::describe::F string8(const char* key, const char* name);
// An inventory slot: block/item id (short), stack size (byte), meta (short),
// as ContainerSetSlot and DropItem lay them out.
const core::TypeDef* slot_type();
// Entity metadata: entries keyed by a byte (type << 5 | index) until 0x7F,
// Minecraft's entity metadata encoding that MCPE 0.x shares (types 0 byte,
// 1 short, 2 int, 3 float, 4 string, 5 slot, 6 position, 7 rotation).
// The seed writes it "byte[]": its bytes are exactly these entries.
//
// Byte order: LITTLE-endian for every multi-byte value inside it (short,
// int, float, the string's length, a slot's id and meta, position and
// rotation), unlike the rest of the packet. The seed states no byte order
// at all and gives metadata no layout; the implementations of its era do:
// PocketMine Alpha (the server for MCPE 0.7-0.8, Utils::writeMetadata)
// writes type 1 with writeLShort, 2 with writeLInt, 3 with writeLFloat, a
// string's length with writeLShort, a slot as writeLShort id, byte count,
// writeLShort meta, a position as three writeLInt, while every packet
// field around it uses the big-endian writeInt/writeShort. So a short 300
// is 2C 01 on the wire (read big-endian it would be 11265).
const core::TypeDef* metadata_type();

}  // namespace mcpe
