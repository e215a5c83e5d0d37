// The crafted session's game packets: every packet of seed 002 once, with
// plausible values (a player "Steve" joins a survival world at (128.5, 64,
// 128.5), meets a zombie and an item, places and breaks blocks, opens a
// chest, chats, and leaves). Directions follow what the packet does (the
// seed labels several backwards: design.md).
#include <string>

#include "simulator.hpp"

namespace mcpe {

using core::Value;
using raknet::Reliability;
using core::Side;

namespace {

constexpr Side C = Side::Client, S = Side::Server;
constexpr Reliability kUnreliable = Reliability::Unreliable;

Value slot(int id, int count, int meta) { return Value{{"id", id}, {"count", count}, {"meta", meta}}; }

// Entity metadata entries: key = type << 5 | index.
Value entry(int type, int index, const char* field, Value v) {
    Value e{{"key", type << 5 | index}};
    e.set(field, std::move(v));
    return e;
}

}  // namespace

Value scripted_chunk() {
    // Four sections (y 0..63) as packets_seed002.cpp reads ChunkData: a
    // count, then 4096 block ids per section, then 2048 meta bytes per
    // section. Within a section the ids go column by column, y fastest
    // (index (x * 16 + z) * 16 + y: the page gives no order; this is the
    // column order of the era): stone (1) up to y 59, dirt (3) at 60-62,
    // grass (2) at 63; metas 0.
    std::string blocks;
    for (int section = 0; section < 4; ++section)
        for (int column = 0; column < 256; ++column)
            for (int dy = 0; dy < 16; ++dy) {
                const int y = section * 16 + dy;
                blocks.push_back(char(y < 60 ? 1 : y < 63 ? 3 : 2));
            }
    return Value{{"x", 8}, {"z", 8}, {"sections", 4}, {"blocks", Value::bytes(blocks)},
                 {"metas", Value::bytes(4 * 2048, 0)}};
}

const std::vector<ScriptedPacket>& seed_script() {
    static const std::vector<ScriptedPacket> s = [] {
        std::vector<ScriptedPacket> p;
        auto add = [&](Side from, uint8_t id, Value v, Reliability r = Reliability::ReliableOrdered) {
            p.push_back(ScriptedPacket{from, id, std::move(v), r});
        };
        add(C, 0x82, Value{{"username", "Steve"}, {"protocol1", 11}, {"protocol2", 11}, {"client_id", 0x5c7c3a},
                           {"realms_data", ""}});
        add(S, 0x83, Value{{"status", 0}});
        add(S, 0x87, Value{{"seed", 1234567}, {"unknown", 0}, {"gamemode", 0}, {"entity_id", 1},
                           {"x", 128.5}, {"y", 64.0}, {"z", 128.5}});
        add(S, 0xaa, Value{{"x", 128}, {"z", 128}, {"y", 64}});
        add(S, 0x86, Value{{"time", 6000}});
        add(C, 0x84, Value{{"status", 1}});
        add(C, 0x9d, Value{{"x", 8}, {"z", 8}});
        add(S, 0x9e, scripted_chunk());
        add(S, 0xb7, Value{{"flags", Value::bytes(std::string("\x00\x00\x00\x20", 4))}});
        add(S, 0xad, Value{{"entity_id", 1}, {"window_id", 0}, {"count", 2},
                           {"slots", Value::list({slot(4, 64, 0), slot(17, 10, 2)})},
                           {"items", Value::list({slot(298, 1, 0), slot(299, 1, 0), slot(300, 1, 0), slot(301, 1, 0)})}});
        add(S, 0xa9, Value{{"health", 20}});
        add(S, 0x85, Value{{"message", "Steve joined the game"}});
        add(S, 0x89, Value{{"client_id", 0x1f2e3d}, {"username", "Alex"}, {"entity_id", 2},
                           {"x", 130.5}, {"y", 64.0}, {"z", 126.5}, {"yaw", 64}, {"pitch", 0},
                           {"unknown1", 0}, {"unknown2", 0},
                           {"metadata", Value{{"entry", Value::list({entry(0, 0, "byte", 0), entry(1, 1, "short", 300)})}}}});
        add(S, 0xa0, Value{{"entity_id", 2}, {"slot1", 42}, {"slot2", 43}, {"slot3", 44}, {"slot4", 45}});
        add(S, 0x9f, Value{{"entity_id", 2}, {"block", 267}, {"meta", 0}, {"slot", 0}});
        add(S, 0x88, Value{{"entity_id", 3}, {"type", 32}, {"x", 140.0}, {"y", 64.0}, {"z", 120.0}, {"yaw", -32},
                           {"pitch", 0},
                           {"metadata", Value{{"entry", Value::list({entry(0, 0, "byte", 0), entry(1, 1, "short", 300),
                                                                     entry(0, 16, "byte", 0)})}}}});
        add(S, 0x8c, Value{{"entity_id", 4}, {"type", 80}, {"x", 131.0}, {"y", 66.0}, {"z", 127.0}, {"did", 2},
                           {"speed_x", 800}, {"speed_y", 200}, {"speed_z", -400}});
        add(S, 0x8e, Value{{"entity_id", 5}, {"block", 264}, {"stack", 1}, {"meta", 0}, {"x", 129.5}, {"y", 64.5},
                           {"z", 129.5}, {"yaw", 0}, {"pitch", 0}, {"roll", 0}});
        add(C, 0x94, Value{{"entity_id", 1}, {"x", 129.0}, {"y", 65.62}, {"z", 129.25}, {"yaw", 90.0}, {"pitch", 10.0}},
            kUnreliable);
        add(S, 0x8f, Value{{"target", 5}, {"entity_id", 1}});
        add(S, 0x90, Value{{"entity_id", 3}, {"x", 139.0}, {"y", 64.0}, {"z", 121.0}}, kUnreliable);
        add(S, 0x93, Value{{"entity_id", 3}, {"x", 138.0}, {"y", 64.0}, {"z", 122.0}, {"yaw", 225.0}, {"pitch", 0.0}},
            kUnreliable);
        add(S, 0x94, Value{{"entity_id", 2}, {"x", 131.5}, {"y", 65.62}, {"z", 126.5}, {"yaw", 45.0}, {"pitch", 0.0}},
            kUnreliable);
        add(S, 0xa7, Value{{"unknown", 0}, {"entity_id", 3}, {"x", 100}, {"y", 0}, {"z", -100}});
        add(S, 0x9c, Value{{"entity_id", 3}, {"event", 2}});
        add(S, 0xab, Value{{"action", 1}, {"entity_id", 2}});
        add(C, 0xab, Value{{"action", 1}, {"entity_id", 1}});
        add(C, 0xa1, Value{{"action", Value::bytes(std::string("\x01", 1))}, {"entity_id", 1}, {"target", 3}});
        add(S, 0xa6, Value{{"entity_id", 3}, {"metadata", Value{{"entry", Value::list({entry(0, 0, "byte", 1)})}}}});
        add(S, 0xa5, Value{{"health", 18}});
        add(S, 0xa9, Value{{"health", 18}});
        add(C, 0xa2, Value{{"x", 130}, {"y", 63}, {"z", 130}, {"face", 1},
                           {"block", Value::bytes(std::string("\x04", 1))}, {"meta", 0}, {"entity_id", 1},
                           {"fx", 0.5}, {"fy", 1.0}, {"fz", 0.5}, {"pos_x", 129.0}, {"pos_y", 65.62}, {"pos_z", 129.25}});
        add(C, 0x95, Value{{"entity_id", 1}, {"x", 130}, {"z", 130}, {"y", 64}, {"block", 4}, {"meta", 0}, {"face", 1}});
        add(S, 0x97, Value{{"entity_id", 0}, {"x", 130}, {"z", 130}, {"y", 64}, {"block", 4}, {"meta", 0}});
        add(C, 0xa3, Value{{"action", 0}, {"x", 131}, {"y", 63}, {"z", 131}, {"face", 1}, {"entity_id", 1}});
        add(C, 0x96, Value{{"entity_id", 1}, {"x", 131}, {"z", 131}, {"y", 63}});
        add(S, 0x9a, Value{{"event", 2001}, {"x", 131}, {"y", 63}, {"z", 131}, {"data", 2}});
        add(S, 0x98, Value{{"entity_id", 6}, {"x", 126}, {"y", 65}, {"z", 128}, {"direction", 3}, {"title", "Kebab"}});
        add(S, 0x9b, Value{{"x", 127}, {"y", 64}, {"z", 131}, {"case1", 1}, {"case2", 1}});
        add(S, 0xaf, Value{{"window_id", 1}, {"type", 0}, {"slot", 27}, {"title", "Chest"}});
        add(S, 0xb3, Value{{"window_id", 1}, {"count", 2}, {"items", Value::list({slot(264, 3, 0), slot(0, 0, 0)})}});
        add(C, 0xb1, Value{{"window_id", 1}, {"slot", 0}, {"block", 264}, {"stack", 3}, {"meta", 0}});
        add(S, 0xb2, Value{{"window_id", 1}, {"property", 0}, {"value", 150}});
        add(S, 0xb4, Value{{"window_id", 1}, {"unknown", 1}});
        add(C, 0xb0, Value{{"window_id", 1}});
        add(C, 0xae, Value{{"entity_id", 1}, {"unknown", 0}, {"block", 3}, {"stack", 5}, {"meta", 0}});
        add(C, 0xb6, Value{{"x", 127}, {"y", 65}, {"z", 130}, {"lines", "Welcome\nto\nthe\nserver"}});
        add(C, 0xb5, Value{{"message", "hello"}});
        add(S, 0x85, Value{{"message", "<Steve> hello"}});
        add(S, 0x99, Value{{"x", 140.0}, {"y", 64.0}, {"z", 120.0}, {"radius", 3.0}, {"count", 2},
                           {"records", Value::list({Value{{"dx", 0}, {"dy", -1}, {"dz", 0}},
                                                    Value{{"dx", 1}, {"dy", 0}, {"dz", 1}}})}});
        add(S, 0x8d, Value{{"entity_id", 4}});
        add(S, 0xa8, Value{{"a", 2}, {"b", 3}});
        add(S, 0xac, Value{{"entity_id", 1}, {"x", 128.5}, {"y", 64.0}, {"z", 128.5}});
        add(S, 0x8a, Value{{"entity_id", 2}, {"client_id", 0x1f2e3d}});
        return p;
    }();
    return s;
}

}  // namespace mcpe
