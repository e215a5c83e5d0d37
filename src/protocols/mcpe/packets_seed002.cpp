// Seed 002's game packets ("Data Packets", protocol 11, MCPE 0.7.3), every
// packet with every field, in id order. Integers are big-endian (the seed
// names no byte order; PocketMine, the server of that era, writes them so).
// The seed's directions are not encoded (one table for both ways: several
// are labelled backwards, design.md).
//
// Decisions where the seed cannot be read literally:
// - "byte" is signed in the seed's Types table; block ids, metas, Y
//   coordinates and faces are unsigned (ids up to 255 exist).
// - InteractPacket "Action byte[]" and UseItemPacket "Block byte[]" are
//   followed by fixed fields, so they cannot be arrays of unknown length:
//   Action is one byte, Block a short (as the item ids of every other
//   packet).
// - ExplodePacket "Records byte / Counts? byte / Records? byte" after
//   "Count int": Count records of three signed bytes (x, y, z offsets).
// - AddEntityPacket "Did? int: if this int > 0 you can send the next
//   parameter": the three speeds follow when it is not 0.
// - ChunkDataPacket "byte, Data? byte[], Data? byte[]" after X and Z: the
//   rest of the packet is columns of (section flags byte, 16 block ids per
//   flagged section, 8 bytes of nibble metas per flagged section): the
//   byte and the two arrays the seed names, repeated per column.
// - SendInventoryPacket "Slots byte[]" is Count slots; "Items byte[]" the
//   slots after them (armour). ContainerSetContentPacket "Items byte[]" is
//   Count slots. AdventureSettingsPacket "Flags byte[]" is the rest.
// - Metadata "byte[]": entity metadata entries up to 0x7F (types.hpp).
#include "core/describe.hpp"
#include "types.hpp"
#include "versions.hpp"

namespace mcpe {

using namespace core::describe;
using core::Kind;

namespace {

constexpr core::ValueString kLoginStatuses[] = {
    {0, "ok"}, {1, "server outdated"}, {2, "client outdated"}, {0, nullptr}};

F eid() { return i32("entity_id", "Entity ID").summary(); }
F xyz_f(const char* k, const char* n) { return f32(k, n).summary(); }
F yaw_b() { return i8("yaw", "Yaw"); }
F pitch_b() { return i8("pitch", "Pitch"); }
F block_b() { return u8("block", "Block").summary(); }
F meta_b() { return u8("meta", "Meta"); }
F metadata() { return use("metadata", "Metadata", metadata_type()); }
F slot(const char* k, const char* n) { return use(k, n, slot_type()); }

F slots(const char* k, const char* n, core::Count c, const char* ref = nullptr) {
    F a = array(k, n, c, {}, ref);
    a.sub = {slot("slot", "Slot")};
    return a;
}

}  // namespace

core::MessageTable seed002_table() {
    return table(nullptr, "game packet", {
        msg(0x82, "login", "LoginPacket", {
            string8("username", "Username").summary(),
            i32("protocol1", "Protocol #1").summary(),
            i32("protocol2", "Protocol #2"),
            i32("client_id", "Client ID"),
            string8("realms_data", "Realms data"),
        }),
        msg(0x83, "login_status", "LoginStatusPacket", {i32("status", "Status").vals(kLoginStatuses).summary()}),
        msg(0x84, "ready", "ReadyPacket", {u8("status", "Status").hex().summary()}),
        msg(0x85, "message", "MessagePacket", {string8("message", "Message").summary()}),
        msg(0x86, "set_time", "SetTimePacket", {i32("time", "Time").summary()}),
        msg(0x87, "start_game", "StartGamePacket", {
            i32("seed", "Level seed"),
            i32("unknown", "Unknown"),
            i32("gamemode", "Gamemode").summary(),
            eid(),
            xyz_f("x", "X"), xyz_f("y", "Y"), xyz_f("z", "Z"),
        }),
        msg(0x88, "add_mob", "AddMobPacket", {
            eid(), i32("type", "Type").summary(),
            f32("x", "X"), f32("y", "Y"), f32("z", "Z"),
            yaw_b(), pitch_b(), metadata(),
        }),
        msg(0x89, "add_player", "AddPlayerPacket", {
            u64("client_id", "Client ID").hex(),
            string8("username", "Username").summary(),
            eid(),
            f32("x", "X"), f32("y", "Y"), f32("z", "Z"),
            yaw_b(), pitch_b(),
            i16("unknown1", "Unknown"), i16("unknown2", "Unknown"),
            metadata(),
        }),
        msg(0x8a, "remove_player", "RemovePlayerPacket", {eid(), u64("client_id", "Client ID").hex()}),
        msg(0x8c, "add_entity", "AddEntityPacket", {
            eid(), i8("type", "Type").summary(),
            f32("x", "X"), f32("y", "Y"), f32("z", "Z"),
            i32("did", "Did"),
            when("did", 0, {i16("speed_x", "Speed X"), i16("speed_y", "Speed Y"), i16("speed_z", "Speed Z")}),
        }),
        msg(0x8d, "remove_entity", "RemoveEntityPacket", {eid()}),
        msg(0x8e, "add_item_entity", "AddItemEntityPacket", {
            eid(), i16("block", "Block").summary(), i8("stack", "Stack"), i16("meta", "Meta"),
            f32("x", "X"), f32("y", "Y"), f32("z", "Z"),
            yaw_b(), pitch_b(), i8("roll", "Roll"),
        }),
        msg(0x8f, "take_item_entity", "TakeItemEntityPacket", {i32("target", "Target").summary(), eid()}),
        msg(0x90, "move_entity", "MoveEntityPacket", {eid(), f32("x", "X"), f32("y", "Y"), f32("z", "Z")}),
        msg(0x93, "move_entity_posrot", "MoveEntityPacket_PosRot", {
            eid(), f32("x", "X"), f32("y", "Y"), f32("z", "Z"), f32("yaw", "Yaw"), f32("pitch", "Pitch"),
        }),
        msg(0x94, "move_player", "MovePlayerPacket", {
            eid(), xyz_f("x", "X"), xyz_f("y", "Y"), xyz_f("z", "Z"), f32("yaw", "Yaw"), f32("pitch", "Pitch"),
        }),
        msg(0x95, "place_block", "PlaceBlockPacket", {
            eid(), i32("x", "X").summary(), i32("z", "Z").summary(), u8("y", "Y").summary(),
            block_b(), meta_b(), u8("face", "Face"),
        }),
        msg(0x96, "remove_block", "RemoveBlockPacket", {
            eid(), i32("x", "X").summary(), i32("z", "Z").summary(), u8("y", "Y").summary(),
        }),
        msg(0x97, "update_block", "UpdateBlockPacket", {
            eid(), i32("x", "X").summary(), i32("z", "Z").summary(), u8("y", "Y").summary(), block_b(), meta_b(),
        }),
        msg(0x98, "add_painting", "AddPaintingPacket", {
            eid(), i32("x", "X"), i32("y", "Y"), i32("z", "Z"), i32("direction", "Direction"),
            string8("title", "Title").summary(),
        }),
        msg(0x99, "explode", "ExplodePacket", {
            f32("x", "X"), f32("y", "Y"), f32("z", "Z"),
            f32("radius", "Radius").summary(),
            i32("count", "Count").summary(),
            array("records", "Record", field_count(), {i8("dx", "X offset"), i8("dy", "Y offset"), i8("dz", "Z offset")},
                  "count"),
        }),
        msg(0x9a, "level_event", "LevelEventPacket", {
            i16("event", "Event").summary().desc("seed 002: Unknown? short"),
            i16("x", "X").desc("seed 002: Unknown? short"),
            i16("y", "Y").desc("seed 002: Unknown? short"),
            i16("z", "Z").desc("seed 002: Unknown? short"),
            i32("data", "Data").desc("seed 002: Unknown? int"),
        }),
        msg(0x9b, "tile_event", "TileEventPacket", {
            i32("x", "X"), i32("y", "Y"), i32("z", "Z"), i32("case1", "Case 1").summary(), i32("case2", "Case 2"),
        }),
        msg(0x9c, "entity_event", "EntityEventPacket", {eid(), i8("event", "Event").summary()}),
        msg(0x9d, "request_chunk", "RequestChunkPacket", {i32("x", "Chunk X").summary(), i32("z", "Chunk Z").summary()}),
        msg(0x9e, "chunk_data", "ChunkDataPacket", {
            i32("x", "Chunk X").summary(),
            i32("z", "Chunk Z").summary(),
            array("columns", "Column", rest(), {
                u8("sections", "Sections").hex().desc("a bit per 16-block section present in this column"),
                bytes("blocks", "Block IDs", times(popcount(), 16), "sections"),
                bytes("metas", "Block metas", times(popcount(), 8), "sections").desc("two 4-bit metas per byte"),
            }),
        }),
        msg(0x9f, "player_equipment", "PlayerEquipmentPacket", {
            eid(), i16("block", "Block").summary(), i16("meta", "Meta"), i8("slot", "Slot"),
        }),
        msg(0xa0, "player_armor_equipment", "PlayerArmorEquipmentPacket", {
            eid(), i8("slot1", "Slot 1"), i8("slot2", "Slot 2"), i8("slot3", "Slot 3"), i8("slot4", "Slot 4"),
        }),
        msg(0xa1, "interact", "InteractPacket", {i8("action", "Action").summary(), eid(), i32("target", "Target")}),
        msg(0xa2, "use_item", "UseItemPacket", {
            i32("x", "X"), i32("y", "Y"), i32("z", "Z"), i32("face", "Face"),
            i16("block", "Block").summary(), u8("meta", "Meta"), eid(),
            f32("fx", "Fx"), f32("fy", "Fy"), f32("fz", "Fz"),
            f32("pos_x", "Pos X"), f32("pos_y", "Pos Y"), f32("pos_z", "Pos Z"),
        }),
        msg(0xa3, "player_action", "PlayerActionPacket", {
            i32("action", "Action").summary(), i32("x", "X"), i32("y", "Y"), i32("z", "Z"), i32("face", "Face"), eid(),
        }),
        msg(0xa5, "hurt_armor", "HurtArmorPacket", {i8("health", "Health").summary()}),
        msg(0xa6, "set_entity_data", "SetEntityDataPacket", {eid(), metadata()}),
        msg(0xa7, "set_entity_motion", "SetEntityMotionPacket", {
            i8("unknown", "Unknown"), eid(), i16("x", "X"), i16("y", "Y"), i16("z", "Z"),
        }),
        msg(0xa8, "set_riding", "SetRidingPacket", {i32("a", "A").summary(), i32("b", "B").summary()}),
        msg(0xa9, "set_health", "SetHealthPacket", {i8("health", "Health").summary()}),
        msg(0xaa, "set_spawn_position", "SetSpawnPositionPacket", {
            i32("x", "X").summary(), i32("z", "Z").summary(), u8("y", "Y").summary(),
        }),
        msg(0xab, "animate", "AnimatePacket", {i8("action", "Action").summary(), eid()}),
        msg(0xac, "respawn", "RespawnPacket", {eid(), f32("x", "X"), f32("y", "Y"), f32("z", "Z")}),
        msg(0xad, "send_inventory", "SendInventoryPacket", {
            eid(), i8("window_id", "Window ID").summary(), i16("count", "Count").summary(),
            slots("slots", "Slots", field_count(), "count"),
            slots("items", "Items", rest()),
        }),
        msg(0xae, "drop_item", "DropItemPacket", {
            eid(), i8("unknown", "Unknown"), i16("block", "Block").summary(), i8("stack", "Stack"), i16("meta", "Meta"),
        }),
        msg(0xaf, "container_open", "ContainerOpenPacket", {
            i8("window_id", "Window ID").summary(), i8("type", "Type"), i8("slot", "Slot"),
            string8("title", "Title").summary(),
        }),
        msg(0xb0, "container_close", "ContainerClosePacket", {i8("window_id", "Window ID").summary()}),
        msg(0xb1, "container_set_slot", "ContainerSetSlotPacket", {
            i8("window_id", "Window ID").summary(), i16("slot", "Slot").summary(),
            i16("block", "Block"), i8("stack", "Stack"), i16("meta", "Meta"),
        }),
        msg(0xb2, "container_set_data", "ContainerSetDataPacket", {
            i8("window_id", "Window ID").summary(), i16("property", "Property"), i16("value", "Value"),
        }),
        msg(0xb3, "container_set_content", "ContainerSetContentPacket", {
            i8("window_id", "Window ID").summary(), i16("count", "Count").summary(),
            slots("items", "Items", field_count(), "count"),
        }),
        msg(0xb4, "container_ack", "ContainerAckPacket", {i8("window_id", "Window ID").summary(), i16("unknown", "Unknown")}),
        msg(0xb5, "chat", "ChatPacket", {string8("message", "Message").summary()}),
        msg(0xb6, "sign_update", "SignUpdatePacket", {
            i16("x", "X"), u8("y", "Y"), i16("z", "Z"), string8("lines", "Lines").summary(),
        }),
        msg(0xb7, "adventure_settings", "AdventureSettingsPacket", {bytes("flags", "Flags", rest())}),
        msg(kWrapper, "wrapper", "Game packet wrapper (0xFE)", {bytes("payload", "Wrapped bytes", rest())},
            "the game packet wrapper of later releases (Bedrock: batches, compressed and encrypted): not an MCPE 0.x "
            "packet"),
    });
}

}  // namespace mcpe
