// Minecraft Bedrock's own encodings, written in the core's rows: the two
// NBT forms (little-endian, and the network form with VarInt lengths and
// zigzag integers) and the natives minecraft-data's descriptions name but
// do not define (bedrock-protocol's datatypes/compiler-minecraft.js says
// what each is).
#pragma once

#include <string>

#include "core/describe.hpp"
#include "core/protodef.hpp"

namespace bedrock {

// A named tag of NBT: "lnbt" (little-endian: u16 name lengths, fixed-width
// numbers) and "nbt" (the network form: VarInt lengths, zigzag ints and
// longs, as the game's NetworkNbtSerializer).
const core::TypeDef* little_nbt();
const core::TypeDef* network_nbt();

// Rows for a field of one of Bedrock's natives (ProtoDef type `type` with
// `args`), appended to `out`; false: not one of them. For
// core::protodef::Translator's Native callback.
bool bedrock_native(core::protodef::Translator& t, const std::string& type, const core::protodef::Json* args,
                    const char* key, const char* name, core::protodef::Rows& out);

}  // namespace bedrock
