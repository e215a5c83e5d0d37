#include "packet_fields.hpp"

#include "core/schema_cache.hpp"

namespace mcjava {
namespace {

using core::Kind;

constexpr core::ValueString kStates[] = {
    {0, "handshaking"}, {1, "status"}, {2, "login"}, {3, "play"}, {4, "configuration"}, {0, nullptr}};

const core::Field kSection[] = {
    {"y", "Section Y", Kind::U8, core::kFollows, 0, 1, nullptr, "section index: blocks y*16 to y*16+15"},
    {"bits", "Bits per block", Kind::U8, core::kFollows, 0, 1, nullptr, "bits of each packed block state"},
    {"non_air", "Non-air blocks", Kind::U32, core::kFollows, 0, 1, nullptr,
     "blocks whose state is not air, void air or cave air"},
    {"distinct", "Distinct block states", Kind::U32, core::kFollows, 0, 1, nullptr, "different block states"},
};
const core::Field kChunk[] = {
    {"sections", "Sections", Kind::U8, core::kFollows, 0, 1, nullptr, "sections sent (bits of the primary bit mask)"},
    {"non_air", "Non-air blocks", Kind::U32, core::kFollows, 0, 1, nullptr,
     "blocks of the column whose state is not air, void air or cave air"},
    {"distinct", "Distinct block states", Kind::U32, core::kFollows, 0, 1, nullptr,
     "different block states in the column"},
    {"biomes", "Distinct biomes", Kind::U32, core::kFollows, 0, 1, nullptr, "different biome ids (full chunks)"},
    {"section", "Section", Kind::Group, core::kFollows, 0, 0, nullptr, "one section's contents", {kSection, 4}},
};

// Links between a request and its answer (analysis.hpp), Wireshark's
// request/response convention: response_in on the request, request_in and
// time on the answer.
const core::Field kKeepAlive[] = {
    {"response_in", "Answered in", Kind::FrameNum, core::kFollows, 0, 0, nullptr, "the client's Keep Alive with this id"},
    {"request_in", "Answer to", Kind::FrameNum, core::kFollows, 0, 0, nullptr, "the server's Keep Alive with this id"},
    {"time", "Answer time", Kind::F64, core::kFollows, 0, 1, "s", "seconds from the Keep Alive to its answer"},
};
const core::Field kPing[] = {
    {"response_in", "Pong in", Kind::FrameNum, core::kFollows, 0, 0, nullptr, "the Pong with this payload"},
    {"request_in", "Ping in", Kind::FrameNum, core::kFollows, 0, 0, nullptr, "the Ping with this payload"},
    {"time", "Round trip", Kind::F64, core::kFollows, 0, 1, "s", "seconds from the Ping to its Pong"},
};
const core::Field kTeleport[] = {
    {"response_in", "Confirmed in", Kind::FrameNum, core::kFollows, 0, 0, nullptr, "the Teleport Confirm with this id"},
    {"request_in", "Confirms teleport in", Kind::FrameNum, core::kFollows, 0, 0, nullptr,
     "the Player Position And Look with this teleport id"},
    {"time", "Confirm time", Kind::F64, core::kFollows, 0, 1, "s", "seconds from the teleport to its confirm"},
    {"client_in", "Client position in", Kind::FrameNum, core::kFollows, 0, 0, nullptr,
     "the client's last position packet before the teleport"},
    {"distance", "Distance", Kind::F64, core::kFollows, 0, 1, "blocks",
     "from where the client last said it was to where the teleport put it (relative flags applied)"},
};

const core::Field kRows[] = {
    {"length", "Length", Kind::VarInt, core::kFollows, 0, 1, "bytes", "bytes of the packet after this VarInt"},
    {"data_length", "Data Length", Kind::VarInt, core::kFollows, 0, 1, "bytes",
     "compressed framing: size of the packet id and data once inflated; 0: not compressed"},
    {"state", "State", Kind::U8, core::kFollows, 0, 1, nullptr, "the connection's state for this packet",
     {nullptr, 0}, kStates},
    {"version", "Protocol version", Kind::VarInt, core::kFollows, 0, 1, nullptr,
     "the protocol version the packet is decoded with (from the Handshake)"},
    {"chunk", "Chunk contents", Kind::Group, core::kFollows, 0, 0, nullptr,
     "Chunk Data unpacked: blocks and biomes of the column", {kChunk, 5}},
    {"keepalive", "Keep Alive", Kind::Group, core::kFollows, 0, 0, nullptr, "the Keep Alive's request and answer",
     {kKeepAlive, 3}},
    {"ping", "Status ping", Kind::Group, core::kFollows, 0, 0, nullptr, "the status Ping and its Pong", {kPing, 3}},
    {"teleport", "Teleport", Kind::Group, core::kFollows, 0, 0, nullptr,
     "the server's Player Position And Look and its Teleport Confirm", {kTeleport, 5}},
};

}  // namespace

core::Layout packet_field_rows() { return core::Layout{kRows, sizeof(kRows) / sizeof(kRows[0])}; }

const PacketNodes& packet_nodes(const core::Schema& compiled) {
    return core::per_schema<PacketNodes>(compiled, [](const core::Schema& s) {
        const std::string p = std::string(kPrefix) + ".";
        PacketNodes n{s.node(p + "length"),          s.node(p + "data_length"),
                      s.node(p + "state"),           s.node(p + "version"),
                      s.node(p + "chunk"),           s.node(p + "chunk.sections"),
                      s.node(p + "chunk.non_air"),   s.node(p + "chunk.distinct"),
                      s.node(p + "chunk.biomes"),    s.node(p + "chunk.section"),
                      s.node(p + "chunk.section.y"), s.node(p + "chunk.section.bits"),
                      s.node(p + "chunk.section.non_air"), s.node(p + "chunk.section.distinct"),
                      {}};
        const char* const groups[3] = {"keepalive.", "ping.", "teleport."};
        const char* const leaves[5] = {"response_in", "request_in", "time", "client_in", "distance"};
        for (int g = 0; g < 3; ++g)
            for (int k = 0; k < 5; ++k) n.link[g][k] = s.node(p + groups[g] + leaves[k]);
        return n;
    });
}

}  // namespace mcjava
