// Client to server messages of seed 001 ("Client to Server Packets").
#include "directions.hpp"
#include "rows.hpp"
#include "tables.hpp"
#include "values.hpp"

namespace mcalpha {

using namespace core::describe;
using core::Kind;

namespace {

Rows concat(Rows a, const Rows& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

}  // namespace

core::MessageTable serverbound_table() {
    return table("sb", "client to server", {
        msg(kKeepAlive, "keep_alive", "Keep Alive", {}, "keeps the connection alive (the server disconnects a "
            "client it has not heard from for 1200 ticks)"),
        msg(kLogin, "login_request", "Login Request", {
            i32("protocol_version", "Protocol version").summary().desc("6 in the Alpha 1.2.5 and 1.2.6 protocol"),
            string("username", "Username").summary(),
            string("password", "Password").desc("sent when the server's Handshake hash is '+'"),
            i64("map_seed", "Map seed").desc("not required from the client"),
            i8("dimension", "Dimension").vals(kDimensions).desc("not required from the client"),
        }),
        msg(kHandshake, "handshake", "Handshake", handshake("username", "Username", "the first message of the client")),
        // "A message longer than 100 characters will cause the server to kick you."
        msg(kChat, "chat", "Chat Message", chat(100)),
        msg(kPlayerInventory, "player_inventory", "Player Inventory", player_inventory()),
        msg(kUseEntity, "use_entity", "Use Entity", {
            eid("user", "User").desc("the player's entity (ignored by the server)"),
            eid("target", "Target"),
            boolean("left_click", "Left click").desc("true when left-clicking (the protocol document: not fully verified)"),
        }),
        msg(kRespawn, "respawn", "Respawn", {}, "the player pressed 'respawn' after dying"),
        msg(kPlayer, "player", "Player", {boolean("on_ground", "On ground").summary()}),
        msg(kPlayerPosition, "player_position", "Player Position", {
            absolute("x", "X").summary(), absolute("y", "Y").summary(),
            f64("stance", "Stance").unit("blocks").desc("stance - y outside [0.1, 1.65]: kicked for 'Illegal Stance'"),
            absolute("z", "Z").summary(), boolean("on_ground", "On ground"),
        }),
        msg(kPlayerLook, "player_look", "Player Look", {
            f32("yaw", "Yaw").unit("deg").summary(), f32("pitch", "Pitch").unit("deg").summary(),
            boolean("on_ground", "On ground"),
        }),
        msg(kPlayerPositionLook, "player_position_look", "Player Position & Look", player_position_look(true)),
        msg(kPlayerDigging, "player_digging", "Player Digging", concat(concat(
            {i8("status", "Status").vals(kDiggingStatuses).summary()}, block_xyz(false)),
            {i8("face", "Face").vals(kFaces)})),
        msg(kBlockPlacement, "player_block_placement", "Player Block Placement", concat(concat(
            {i16("block_id", "Block or item ID").summary()}, block_xyz(false)),
            {i8("direction", "Direction").vals(kPlacementFaces).summary()})),
        msg(kHoldingChange, "holding_change", "Holding Change", {
            i32("unused", "Unused").desc("any value from a client"),
            i16("item_id", "Block or item ID").summary(),
        }),
        msg(kAnimation, "arm_animation", "Arm Animation", {
            eid(), boolean("animate", "Animate").summary(),
        }),
        msg(kPickupSpawn, "pickup_spawn", "Pickup Spawn", pickup_spawn(), "the client dropped an item"),
        msg(kComplexEntities, "complex_entities", "Complex Entities", complex_entities(),
            "sent by the client too since 2010-12-01 (the protocol document's history)"),
        msg(kKick, "disconnect", "Disconnect", reason("the server does nothing with it (yet)")),
    });
}

}  // namespace mcalpha
