#include "packet_fields.hpp"

#include <map>
#include <mutex>

namespace mcjava {
namespace {

using core::Kind;

constexpr core::ValueString kStates[] = {
    {0, "handshaking"}, {1, "status"}, {2, "login"}, {3, "play"}, {0, nullptr}};

const core::Field kRows[] = {
    {"length", "Length", Kind::VarInt, core::kFollows, 0, 1, "bytes", "bytes of the packet after this VarInt"},
    {"data_length", "Data Length", Kind::VarInt, core::kFollows, 0, 1, "bytes",
     "compressed framing: size of the packet id and data once inflated; 0: not compressed"},
    {"state", "State", Kind::U8, core::kFollows, 0, 1, nullptr, "the connection's state for this packet",
     {nullptr, 0}, kStates},
    {"version", "Protocol version", Kind::VarInt, core::kFollows, 0, 1, nullptr,
     "the protocol version the packet is decoded with (from the Handshake)"},
};

}  // namespace

core::Layout packet_field_rows() { return core::Layout{kRows, sizeof(kRows) / sizeof(kRows[0])}; }

const PacketNodes& packet_nodes(const core::Schema& s) {
    static std::mutex m;
    static std::map<const core::Schema*, PacketNodes> cache;
    std::lock_guard<std::mutex> lock(m);
    auto it = cache.find(&s);
    if (it == cache.end()) {
        const std::string p = std::string(kPrefix) + ".";
        PacketNodes n{s.node(p + "length"), s.node(p + "data_length"), s.node(p + "state"), s.node(p + "version")};
        it = cache.emplace(&s, n).first;
    }
    return it->second;
}

}  // namespace mcjava
