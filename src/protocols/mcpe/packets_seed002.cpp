// Seed 002's game packets ("Data Packets", protocol 11, MCPE 0.7.3), every
// packet with every field, in id order. Integers are big-endian (the seed
// names no byte order; PocketMine, the server of that era, writes them so),
// except inside entity metadata (little-endian: types.hpp says why).
// The seed's directions are not encoded (one table for both ways: several
// are labelled backwards, design.md).
//
// Decisions where the seed cannot be read literally:
// - "byte" is signed in the seed's Types table; block ids, metas, Y
//   coordinates and faces are unsigned (ids up to 255 exist).
// - A "byte[]" the page gives no length is sized by what the fixed-size
//   fields after it leave of the packet (core::describe::open_length(): the
//   schema compiler sums their sizes). InteractPacket "Action byte[]"
//   (then entity ID int, Target int: the packet less 8 bytes) and
//   UseItemPacket "Block byte[]" (then Meta byte, Entity ID int and six
//   floats: the packet less 29 bytes; one byte in the packets seen) are the
//   only such fields with fixed fields after them; a byte[] that ends its
//   packet is the rest of it (Metadata, AdventureSettings' bytes,
//   ContainerSetContent's and SendInventory's Items). Earlier tables read
//   Block as a short and Action as one byte: a one-byte Block then shifted
//   every later field (entity id 17 read as 4415) and ran Pos Z past the end.
// - ExplodePacket "Records byte / Counts? byte / Records? byte" after
//   "Count int": Count records of three signed bytes (x, y, z offsets).
// - AddEntityPacket "Did? int: if this int > 0 you can send the next
//   parameter": the three speeds follow when it is not 0.
// - ChunkDataPacket "X int, Z int, byte, Data? byte[], Data? byte[]": read
//   as the page writes it, once: the unnamed byte counts 16x16x16 sections,
//   the first array is their block ids (4096 per section), the second their
//   metas (2048 bytes per section, two 4-bit metas a byte). The page gives
//   neither array a length and the two follow each other, so the rule above
//   cannot size them; this is the reading in which the count and the
//   packet's bytes add up (9 + 6144 x count bytes with the id byte), and
//   the one an independent decoder written from the same page uses. The
//   page does not say which sections they are: the lowest `count` are
//   assumed (chunk_summary.hpp). NOT what PocketMine Alpha (the server of
//   the 0.7 era) sends: 256 columns of (section flags byte, 16 ids + 8 meta
//   bytes per flagged section), Level::getOrderedMiniChunk; an earlier
//   table decoded that, without bounding the columns. Such a packet now
//   ends with trailing bytes or runs past the end.
// - SendInventoryPacket "Slots byte[]" is Count slots (two open arrays in a
//   row: the Count sizes the first); "Items byte[]" the slots after them
//   (armour). ContainerSetContentPacket "Items byte[]" is Count slots.
//   AdventureSettingsPacket: the page lists no fields (it ends with the
//   table's header row): its bytes are shown as Flags.
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
            u8("sections", "Sections").summary().desc("seed 002: an unnamed byte; the number of 16x16x16 sections"),
            bytes("blocks", "Block IDs", times(field_count(), 4096), "sections").desc("4096 block ids per section"),
            bytes("metas", "Block metas", times(field_count(), 2048), "sections")
                .desc("2048 bytes per section, two 4-bit metas per byte"),
        }),
        msg(0x9f, "player_equipment", "PlayerEquipmentPacket", {
            eid(), i16("block", "Block").summary(), i16("meta", "Meta"), i8("slot", "Slot"),
        }),
        msg(0xa0, "player_armor_equipment", "PlayerArmorEquipmentPacket", {
            eid(), i8("slot1", "Slot 1"), i8("slot2", "Slot 2"), i8("slot3", "Slot 3"), i8("slot4", "Slot 4"),
        }),
        msg(0xa1, "interact", "InteractPacket", {
            bytes("action", "Action", open_length()).summary().desc("seed 002: byte[] of no length: what the 8 bytes of fields after it leave"),
            eid(), i32("target", "Target"),
        }),
        msg(0xa2, "use_item", "UseItemPacket", {
            i32("x", "X"), i32("y", "Y"), i32("z", "Z"), i32("face", "Face"),
            bytes("block", "Block", open_length()).summary().desc("seed 002: byte[] of no length: what the 29 bytes of fields after it leave"),
            u8("meta", "Meta"), eid(),
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
