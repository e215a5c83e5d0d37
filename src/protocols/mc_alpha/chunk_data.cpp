#include "chunk_data.hpp"

#include "core/decoder.hpp"
#include "message_values.hpp"
#include "schema.hpp"

namespace mcalpha {

ChunkData locate_chunk_data(Side d, const uint8_t* p, uint32_t len) {
    ChunkData c;
    if (!p || len == 0 || p[0] != kMapChunk) return c;
    core::DecodeContext ctx;
    ctx.table = table_index(d);
    MessageValues v;
    core::decode(schema(), p, len, ctx, v);
    if (!v.has("compressed_data")) return c;
    const std::string_view s = v.s("compressed_data");
    const auto* at = reinterpret_cast<const uint8_t*>(s.data());
    if (at < p || at + s.size() > p + len) return c;
    c.present = true;
    c.offset = uint32_t(at - p);
    c.length = uint32_t(s.size());
    return c;
}

}  // namespace mcalpha
