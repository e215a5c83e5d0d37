// The data types Minecraft Java packets share (wiki.vg "Data types";
// minecraft-data's protocol.json "types"), as named types of the
// description language: NBT (recursive), slots, entity metadata, particles,
// chat. Built once per generation of the protocol: 404 (1.13.2) and the
// 1.14 family (477-498) differ in positions, metadata types and particle ids.
#pragma once

#include "core/describe.hpp"

namespace mcjava {

enum class Generation : uint8_t { V404, V477, Data };  // Data: generated from minecraft-data (mcdata/)

struct Types {
    Generation gen;
    core::PositionLayout position;
    const core::TypeDef* nbt;       // a named tag (TAG_End alone: no NBT)
    const core::TypeDef* slot;
    const core::TypeDef* metadata;  // entity metadata, until index 0xFF
};

const Types& types(Generation g);
// NBT as a named tag (type, name, payload; TAG_End alone: none) and as the
// nameless root the network sends from 1.20.2 on (type, payload).
const core::TypeDef* named_nbt();
const core::TypeDef* anonymous_nbt();

// Common rows.
core::describe::F chat(const char* key, const char* name);        // JSON text, at most 262144 characters
core::describe::F identifier(const char* key, const char* name);  // namespaced id, at most 32767 characters
core::describe::F string(const char* key, const char* name, uint32_t max_chars = 32767);
core::describe::F angle(const char* key, const char* name);       // u8 steps of 360/256 degrees
core::describe::F position(const char* key, const char* name, const Types& t);
core::describe::F byte_array(const char* key, const char* name);   // VarInt length + bytes
core::describe::F rest(const char* key, const char* name);         // the rest of the packet
// The data of particle `id_field` (an earlier field of the packet).
core::describe::F particle_data(const char* id_field, Generation g);

}  // namespace mcjava
