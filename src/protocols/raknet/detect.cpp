#include "detect.hpp"

#include <cstring>

#include "constants.hpp"
#include "core/decoder.hpp"
#include "schema.hpp"
#include "versions.hpp"

namespace raknet {

bool looks_like_offline_message(const uint8_t* p, uint32_t len) {
    if (!p || len < kMagicSize + 1 || packet_kind(p[0]) != PacketKind::Offline) return false;
    bool magic = false;
    for (uint32_t i = 1; !magic && i + kMagicSize <= len; ++i) magic = std::memcmp(p + i, kMagic, kMagicSize) == 0;
    if (!magic) return false;
    for (const VersionInfo* v : versions()) {
        core::DecodeContext ctx;
        ctx.table = kPacketTable;
        core::NullVisitor quiet;
        const core::MessageSummary sum = core::decode(schema(*v), p, len, ctx, quiet);
        if (sum.type && sum.counted == 0) return true;
    }
    return false;
}

}  // namespace raknet
