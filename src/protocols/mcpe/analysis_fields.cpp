#include "analysis_fields.hpp"

#include "core/describe.hpp"
#include "core/schema_cache.hpp"

namespace mcpe {
namespace {

using namespace core::describe;

}  // namespace

core::Layout analysis_field_rows() {
    static const core::Layout rows = arena().layout({
        group("analysis", "MCPE analysis", {
            i32("protocol", "Protocol version").desc("the version the packet is decoded with (from the Login)"),
            frame_num("request_frame", "Requested in frame", "the RequestChunk this ChunkData answers"),
            ms("since_request", "Time since request", "from the RequestChunk to this ChunkData"),
            frame_num("data_frame", "Chunk data in frame", "the ChunkData answering this RequestChunk"),
            ms("since_data", "Time to chunk data", "from this RequestChunk to its ChunkData"),
            group("chunk", "Chunk contents", {
                u32("columns", "Columns").desc("16 x 16 columns the sections cover (256 once a whole section is there)"),
                u32("sections", "Sections").desc("16 x 16 x 16 sections the packet's count announces"),
                u8("section_mask", "Section mask").hex().desc("sections 0 .. count-1 (the MCPE 0.x protocol document does not place them: the lowest assumed)"),
                u32("blocks", "Block IDs").desc("block ids carried"),
                u32("non_air", "Non-air blocks").desc("block ids other than 0"),
                u32("distinct", "Distinct block IDs"),
                u8("common_block", "Most common block").desc("the most common non-air block id"),
            }),
        }),
    });
    return rows;
}

const AnalysisNodes& analysis_nodes(const core::Schema& compiled) {
    return core::per_schema<AnalysisNodes>(compiled, [](const core::Schema& s) {
        auto n = [&](const char* k) { return s.node(std::string("mcpe.analysis") + k); };
        AnalysisNodes a{n(""), n(".protocol"), n(".request_frame"), n(".since_request"), n(".data_frame"),
                        n(".since_data"), n(".chunk"), n(".chunk.columns"), n(".chunk.sections"),
                        n(".chunk.section_mask"), n(".chunk.blocks"), n(".chunk.non_air"), n(".chunk.distinct"),
                        n(".chunk.common_block")};
        return a;
    });
}

}  // namespace mcpe
