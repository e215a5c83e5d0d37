// Server to client messages of seed 001 ("Server To Client Packets").
#include "directions.hpp"
#include "rows.hpp"
#include "tables.hpp"
#include "values.hpp"

namespace mcalpha {

using namespace core::describe;
using core::Kind;

core::MessageTable clientbound_table() {
    return table("cb", "server to client", {
        msg(kKeepAlive, "keep_alive", "Keep Alive", {}),
        msg(kLogin, "login_response", "Login Response", {
            eid("eid", "Entity ID").desc("the player's entity"),
            string("unknown_1", "Unknown (server name?)").desc("not yet used"),
            string("unknown_2", "Unknown (MOTD?)").desc("not yet used"),
            i64("map_seed", "Map seed").summary(),
            i8("dimension", "Dimension").vals(kDimensions).summary(),
        }),
        msg(kHandshake, "handshake", "Handshake", handshake("connection_hash", "Connection hash",
            "a per-connection hash, '-' (no name authentication) or '+' (the client sends the password)")),
        msg(kChat, "chat", "Chat Message", chat(0)),
        msg(kTimeUpdate, "time_update", "Time Update", {
            i64("time", "Time").summary().desc("world time: +20 per second, 0 to 24000 a day"),
        }),
        msg(kPlayerInventory, "player_inventory", "Player Inventory", player_inventory()),
        msg(kSpawnPosition, "spawn_position", "Spawn Position", {
            i32("x", "X").unit("blocks").summary(), i32("y", "Y").unit("blocks").summary(),
            i32("z", "Z").unit("blocks").summary(),
        }),
        msg(kUpdateHealth, "update_health", "Update Health", {
            i8("health", "Health").summary().desc("0 dead, 20 full"),
        }),
        msg(kRespawn, "respawn", "Respawn", {}, "answers the client's Respawn"),
        msg(kPlayerPositionLook, "player_position_look", "Player Position & Look", player_position_look(false),
            "Stance before Y, unlike the client's"),
        msg(kHoldingChange, "holding_change", "Holding Change", {
            eid("eid", "Entity ID").desc("the player's entity (the protocol document: 'EID?')"),
            i16("item_id", "Block or item ID").summary(),
        }),
        msg(kAddToInventory, "add_to_inventory", "Add To Inventory", {
            i16("item_type", "Item type").summary(), i8("count", "Count").summary(),
            i16("life", "Life").desc("1 full health to 50 (0x32) no health; 0: no health bar (blocks)"),
        }),
        msg(kAnimation, "animation", "Animation", {eid(), i8("animate", "Animate").vals(kAnimations).summary()}),
        msg(kNamedEntitySpawn, "named_entity_spawn", "Named Entity Spawn", {
            eid(), string("name", "Player name").summary(),
            absolute_int("x", "X"), absolute_int("y", "Y"), absolute_int("z", "Z"),
            packed_angle("rotation", "Rotation"), packed_angle("pitch", "Pitch"),
            i16("current_item", "Current item").summary(),
        }),
        msg(kPickupSpawn, "pickup_spawn", "Pickup Spawn", pickup_spawn()),
        msg(kCollectItem, "collect_item", "Collect Item", {
            eid("collected_eid", "Collected entity ID"), eid("collector_eid", "Collector entity ID"),
        }),
        msg(kAddObject, "add_object", "Add Object/Vehicle", {
            eid(), i8("type", "Type").vals(kObjectTypes).summary(),
            absolute_int("x", "X"), absolute_int("y", "Y"), absolute_int("z", "Z"),
        }),
        msg(kMobSpawn, "mob_spawn", "Mob Spawn", {
            eid(), i8("type", "Type").vals(kMobTypes).summary(),
            absolute_int("x", "X"), absolute_int("y", "Y"), absolute_int("z", "Z"),
            packed_angle("yaw", "Yaw"), packed_angle("pitch", "Pitch"),
        }),
        msg(kEntityVelocity, "entity_velocity", "Entity Velocity", {
            eid(), velocity("vx", "Velocity X"), velocity("vy", "Velocity Y"), velocity("vz", "Velocity Z"),
        }),
        msg(kDestroyEntity, "destroy_entity", "Destroy Entity", {eid()}),
        msg(kEntity, "entity", "Entity", {eid()}, "may initialise the entity on the client"),
        msg(kEntityRelativeMove, "entity_relative_move", "Entity Relative Move", {
            eid(), relative("dx", "X"), relative("dy", "Y"), relative("dz", "Z"),
        }),
        msg(kEntityLook, "entity_look", "Entity Look", {
            eid(), packed_angle("yaw", "Yaw"), packed_angle("pitch", "Pitch"),
        }),
        msg(kEntityLookMove, "entity_look_move", "Entity Look and Relative Move", {
            eid(), relative("dx", "X"), relative("dy", "Y"), relative("dz", "Z"),
            packed_angle("yaw", "Yaw"), packed_angle("pitch", "Pitch"),
        }),
        msg(kEntityTeleport, "entity_teleport", "Entity Teleport", {
            eid(), absolute_int("x", "X"), absolute_int("y", "Y"), absolute_int("z", "Z"),
            packed_angle("yaw", "Yaw"), packed_angle("pitch", "Pitch"),
        }),
        msg(kEntityStatus, "entity_status", "Entity Status", {
            eid(), i8("status", "Entity status").summary().desc("seen: 2, 3 (entity dead?), 4, 5 (not fully understood)"),
        }),
        msg(kAttachEntity, "attach_entity", "Attach Entity", {
            eid(), eid("vehicle_eid", "Vehicle ID").desc("-1: unattaching"),
        }),
        msg(kPreChunk, "pre_chunk", "Pre-Chunk", {
            i32("x", "Chunk X").summary(), i32("z", "Chunk Z").summary(),
            u8("mode", "Mode").vals(kPreChunkModes).summary().desc("bool: 0 unload, 1 initialise the chunk"),
        }),
        msg(kMapChunk, "map_chunk", "Map Chunk", {
            i32("x", "X").unit("blocks").summary().desc("block X of the region's start"),
            i16("y", "Y").unit("blocks").summary(),
            i32("z", "Z").unit("blocks").summary(),
            u8("size_x", "Size X - 1"), u8("size_y", "Size Y - 1"), u8("size_z", "Size Z - 1"),
            i32("compressed_size", "Compressed size").unit("bytes"),
            bytes("compressed_data", "Compressed data", field_count(), "compressed_size")
                .desc("zlib: block types, metadata, block light and sky light nibbles"),
        }),
        msg(kMultiBlockChange, "multi_block_change", "Multi Block Change", {
            i32("chunk_x", "Chunk X").summary(), i32("chunk_z", "Chunk Z").summary(),
            i16("array_size", "Array size").summary(),
            // "top 4 bits is X, next 4 bits is Z, bottom 8 bits is Y"
            array("coordinates", "Coordinate", field_count(), {
                u16("coordinate", "Coordinate").hex().flags({
                    bits("x", "X in the chunk", 0xF000), bits("z", "Z in the chunk", 0x0F00),
                    bits("y", "Y", 0x00FF),
                }),
            }, "array_size"),
            array("types", "Block type", field_count(), {u8("type", "Block type")}, "array_size"),
            array("metadata", "Block metadata", field_count(), {u8("meta", "Block metadata")}, "array_size"),
        }),
        msg(kBlockChange, "block_change", "Block Change", {
            i32("x", "X").unit("blocks").summary(), i8("y", "Y").unit("blocks").summary(),
            i32("z", "Z").unit("blocks").summary(),
            u8("block_type", "Block type"), u8("block_metadata", "Block metadata"),
        }),
        msg(kComplexEntities, "complex_entities", "Complex Entities", complex_entities()),
        msg(kExplosion, "explosion", "Explosion", {
            absolute("x", "X").summary(), absolute("y", "Y").summary(), absolute("z", "Z").summary(),
            f32("radius", "Radius?").desc("the protocol document: 'Unknown', 3.0 in its example"),
            i32("record_count", "Record count"),
            array("records", "Record", field_count(), {
                i8("dx", "X offset"), i8("dy", "Y offset"), i8("dz", "Z offset"),
            }, "record_count"),
        }, "not fully understood by the protocol document: affected blocks as XYZ offsets"),
        msg(kKick, "kick", "Kick", reason("displayed to the client when the connection ends")),
    });
}

}  // namespace mcalpha
