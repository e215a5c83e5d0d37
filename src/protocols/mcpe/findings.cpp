#include "findings.hpp"

#include <cinttypes>

#include "core/finding_text.hpp"
#include "core/usual_findings.hpp"

namespace mcpe {
namespace {

using namespace core::finding_rows;
using C = FindingCode;

// Indexed by FindingCode.
constexpr FindingInfo kFindings[] = {
    {C::UnknownId, "mcpe.malformed.unknown_id", S::Warn, G::Malformed,
     "game packet id the connection's protocol version does not define (another release's packet?)"},
    CORE_USUAL_DECODE_FINDING_ROWS(C, "mcpe", "game packet", "enumerated value outside its defined values"),
    {C::VersionDetected, "mcpe.version.detected", S::Comment, G::Protocol,
     "the connection's protocol version, from its Login packet"},
    {C::VersionUnknown, "mcpe.version.unknown", S::Warn, G::Protocol,
     "Login names a protocol version whose tables are not known: decoded with the nearest known version"},
    {C::Wrapper, "mcpe.wrapper", S::Comment, G::Protocol,
     "0xFE: the game packet wrapper of later releases (Bedrock batches), shown as bytes"},
    {C::LoginRefused, "mcpe.login.refused", S::Note, G::Protocol,
     "LoginStatus other than 0: the server (1) or the client (2) is outdated"},
    {C::ChunkUnanswered, "mcpe.chunk.unanswered", S::Note, G::Sequence,
     "a RequestChunk no ChunkData for the same column answered before the connection ended"},
    {C::ChunkUnrequested, "mcpe.chunk.unrequested", S::Comment, G::Sequence,
     "ChunkData for a column no RequestChunk asked for (or asked before the capture)"},
};
static_assert(sizeof(kFindings) / sizeof(kFindings[0]) == size_t(C::Count_), "one row per FindingCode");

size_t format(const core::Finding& f, char* b, size_t cap) {
    const char* what = f.what ? f.what : "packet";
    switch (core::local_code<FindingCode>(f.code)) {
    case C::UnknownId: return core::print(b, cap, "Unknown %s id 0x%02" PRIx64, what, uint64_t(f.a));
    case C::Truncated: case C::TrailingBytes: case C::CountRange: case C::StringNotUtf8: case C::UnknownValue:
    case C::DepthLimit: return core::text::usual_decode<C>(f, what, b, cap);
    case C::VersionDetected:
        return core::print(b, cap, "Protocol %" PRId64 " (Minecraft PE %s)", f.a, what);
    case C::VersionUnknown:
        return core::print(b, cap, "Protocol %" PRId64 " not known: decoded as %s", f.a, what);
    case C::Wrapper: return core::print(b, cap, "Game packet wrapper 0xFE, %" PRId64 " bytes", f.a);
    case C::LoginRefused: return core::print(b, cap, "Login refused: status %" PRId64, f.a);
    case C::ChunkUnanswered:
        return core::print(b, cap, "Chunk (%" PRId64 ", %" PRId64 ") requested, never sent", f.a, f.b);
    case C::ChunkUnrequested:
        return core::print(b, cap, "Chunk (%" PRId64 ", %" PRId64 ") sent without a request seen", f.a, f.b);
    case C::Count_: break;
    }
    return core::text::summary(f, b, cap);
}

constexpr core::FindingTable kTable{"mcpe", kFindingBase, kFindings, size_t(C::Count_), format};

}  // namespace

const core::FindingTable& finding_table() { return kTable; }

}  // namespace mcpe
