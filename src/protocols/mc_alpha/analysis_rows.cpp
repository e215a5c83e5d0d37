#include "analysis_rows.hpp"

#include <stdexcept>
#include <string>

#include "schema.hpp"

namespace mcalpha {
namespace {

using core::Kind;

constexpr core::ValueString kStates[] = {{0, "login"}, {1, "play"}, {0, nullptr}};

core::Field row(const char* key, const char* name, Kind kind, const char* unit, const char* desc) {
    core::Field f{key, name, kind};
    f.unit = unit;
    f.desc = desc;
    return f;
}

const core::Field kChunk[] = {
    row("column_x", "Column X", Kind::I32, nullptr, "chunk column of the region: X >> 4"),
    row("column_z", "Column Z", Kind::I32, nullptr, "chunk column of the region: Z >> 4"),
    row("size_x", "Size X", Kind::U16, "blocks", "Size_X + 1"),
    row("size_y", "Size Y", Kind::U16, "blocks", "Size_Y + 1"),
    row("size_z", "Size Z", Kind::U16, "blocks", "Size_Z + 1"),
    row("blocks", "Blocks", Kind::U32, nullptr, "blocks in the region"),
    row("inflated", "Inflated size", Kind::U32, "bytes", "bytes the compressed data inflated to"),
    row("expected", "Expected size", Kind::U32, "bytes", "blocks x 2.5 (types, metadata, block light, sky light)"),
    row("non_air", "Non-air blocks", Kind::U32, nullptr, "blocks whose type is not 0"),
    row("distinct", "Distinct block types", Kind::U32, nullptr, "different block types in the region"),
    row("block_light_min", "Block light min", Kind::U8, nullptr, "lowest block light nibble"),
    row("block_light_max", "Block light max", Kind::U8, nullptr, "highest block light nibble"),
    row("sky_light_min", "Sky light min", Kind::U8, nullptr, "lowest sky light nibble"),
    row("sky_light_max", "Sky light max", Kind::U8, nullptr, "highest sky light nibble"),
    row("pre_chunk", "Pre-Chunk", Kind::FrameNum, nullptr, "the Pre-Chunk that initialised the column"),
};

const core::Field kCorrection[] = {
    row("distance", "Distance", Kind::Measure, "blocks",
        "from where the client last said the player was to where the server puts it"),
    row("elapsed", "Since the client's position", Kind::Measure, "s", "time since that position"),
    row("client_frame", "Client's position", Kind::FrameNum, nullptr, "the message with the client's last position"),
};

const core::Field kKeepAlive[] = {
    row("interval", "Interval", Kind::Measure, "s", "time since the previous Keep Alive of this direction"),
    row("previous", "Previous", Kind::FrameNum, nullptr, "the previous Keep Alive of this direction"),
};

core::Field group(const char* key, const char* name, const char* desc, const core::Field* rows, size_t n) {
    core::Field f = row(key, name, Kind::Group, nullptr, desc);
    f.sub = core::Layout{rows, n};
    return f;
}

const core::Field kRows[] = {
    [] {
        core::Field f = row("state", "State", Kind::U8, nullptr, "the connection's state for this message");
        f.vals = kStates;
        return f;
    }(),
    row("length", "Message length", Kind::U32, "bytes", "the message's id and fields, as parsing measured them"),
    group("chunk", "Map Chunk contents", "the region inflated and summarised", kChunk, sizeof kChunk / sizeof *kChunk),
    group("correction", "Correction", "a server Player Position & Look against the client's last position",
          kCorrection, sizeof kCorrection / sizeof *kCorrection),
    row("stance_height", "Stance - Y", Kind::Measure, "blocks", "legal from 0.1 to 1.65 (1.62 standing)"),
    group("keepalive", "Keep Alive cadence", "keep-alives of this direction", kKeepAlive,
          sizeof kKeepAlive / sizeof *kKeepAlive),
    row("spawn_frame", "Entity spawned in", Kind::FrameNum, nullptr, "the message that spawned this entity"),
};

}  // namespace

core::Layout analysis_field_rows() { return core::Layout{kRows, sizeof kRows / sizeof *kRows}; }

const AnalysisNodes& analysis_nodes() {
    static const AnalysisNodes n = [] {
        const core::Schema& s = schema();
        auto at = [&s](const char* key) {
            const core::Node* node = s.node(std::string(kPrefix) + "." + key);
            if (!node) throw std::logic_error(std::string("mcalpha: no analysis row ") + key);
            return node;
        };
        return AnalysisNodes{
            at("state"), at("length"),
            at("chunk"), at("chunk.column_x"), at("chunk.column_z"), at("chunk.size_x"), at("chunk.size_y"),
            at("chunk.size_z"), at("chunk.blocks"), at("chunk.inflated"), at("chunk.expected"), at("chunk.non_air"),
            at("chunk.distinct"), at("chunk.block_light_min"), at("chunk.block_light_max"), at("chunk.sky_light_min"),
            at("chunk.sky_light_max"), at("chunk.pre_chunk"),
            at("correction"), at("correction.distance"), at("correction.elapsed"), at("correction.client_frame"),
            at("stance_height"),
            at("keepalive"), at("keepalive.interval"), at("keepalive.previous"),
            at("spawn_frame"),
        };
    }();
    return n;
}

}  // namespace mcalpha
