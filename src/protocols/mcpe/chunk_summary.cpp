#include "chunk_summary.hpp"

#include <cstring>

#include "core/decoder.hpp"

namespace mcpe {
namespace {

struct Sections {
    const core::FieldId x, z, sections, blocks;
    ChunkSummary& out;
    uint32_t counts[256] = {};
    uint32_t findings = 0;

    void open(const core::Item& it) { leaf(it); }
    void close() {}
    void finding(const core::Finding&) { ++findings; }
    void leaf(const core::Item& it) {
        const core::FieldId f = it.info->id;
        if (f == x) out.x = int32_t(it.i);
        else if (f == z) out.z = int32_t(it.i);
        else if (f == sections) {
            out.sections = uint32_t(it.u);
            // The page does not say which sections: the lowest `count` (chunk_summary.hpp).
            out.section_mask = uint8_t(it.u >= 8 ? 0xFF : (1u << it.u) - 1);
        } else if (f == blocks) {
            for (char c : it.s) ++counts[uint8_t(c)];
            out.blocks += uint32_t(it.s.size());
        }
    }
};

}  // namespace

bool summarize_chunk(const core::Schema& s, const uint8_t* p, uint32_t len, ChunkSummary& out) {
    out = ChunkSummary{};
    const core::FieldInfo *x = s.find("mcpe.chunk_data.x"), *z = s.find("mcpe.chunk_data.z"),
                          *sec = s.find("mcpe.chunk_data.sections"), *blk = s.find("mcpe.chunk_data.blocks");
    if (!x || !z || !sec || !blk) return false;
    Sections c{x->id, z->id, sec->id, blk->id, out};
    const core::MessageSummary sum = core::decode(s, p, len, core::DecodeContext{}, c);
    if (!sum.type || !sum.type->key || std::strcmp(sum.type->key, "chunk_data") != 0) return false;
    uint32_t best = 0;
    for (uint32_t id = 0; id < 256; ++id) {
        if (!c.counts[id]) continue;
        ++out.distinct;
        if (id == 0) continue;
        out.non_air += c.counts[id];
        if (c.counts[id] > best) {
            best = c.counts[id];
            out.common_block = uint8_t(id);
        }
    }
    // Every section spans the chunk's 16 x 16 columns.
    if (out.sections && out.blocks >= 4096) out.columns = 256;
    out.complete = c.findings == 0 && out.sections > 0 && out.blocks == out.sections * 4096;
    return true;
}

}  // namespace mcpe
