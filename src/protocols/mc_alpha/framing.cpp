#include "framing.hpp"

#include <cmath>
#include <cstdlib>
#include <cstring>

#include "core/decoder.hpp"
#include "schema.hpp"

namespace mcalpha {
namespace {

// Entity ids a real server hands out (it counts up from 0).
constexpr int64_t kMaxEntityId = int64_t(1) << 26;
// Positions within the world (blocks).
constexpr double kMaxCoordinate = 3.2e7;
// "Each axis Velocity is capped between -0.9 and 0.9 blocks per tick."
constexpr double kMaxVelocity = 0.9;
// Longer strings are legal but no peer sends them in play: not a resync point.
constexpr size_t kMaxPlausibleText = 256;
constexpr int64_t kWorldHeight = 128;
// Entity and player heights (blocks): the world's 128, with room to fall or jump.
constexpr double kMinHeight = -128, kMaxHeight = 512;
// "0 = dead, 20 = full HP"; "The current time ranges from 0 to 24000" (seed).
constexpr int64_t kMaxHealth = 20;
constexpr int64_t kDayLength = 24000;

bool is_entity_id(const char* key) {
    const size_t n = std::strlen(key);
    return std::strcmp(key, "eid") == 0 || (n > 4 && std::strcmp(key + n - 4, "_eid") == 0) ||
           std::strcmp(key, "user") == 0 || std::strcmp(key, "target") == 0;
}

bool zlib_header(std::string_view b) {
    if (b.size() < 2) return false;
    const unsigned cmf = uint8_t(b[0]), flg = uint8_t(b[1]);
    return (cmf & 0x0F) == 8 && (cmf << 8 | flg) % 31 == 0;
}

// Values no real peer sends, read off a full decode.
struct Plausibility {
    bool ok = true;
    void open(const core::Item& it) { leaf(it); }
    void close() {}
    void finding(const core::Finding&) { ok = false; }
    void leaf(const core::Item& it) {
        if (!it.node || !ok) return;
        const char* key = it.node->key;
        switch (it.vclass) {
        case core::ValueClass::Float:
        case core::ValueClass::Double: {
            if (!std::isfinite(it.d) || std::fabs(it.d) > kMaxCoordinate) ok = false;
            const char* unit = it.info->unit;
            if (unit && std::strcmp(unit, "blocks/tick") == 0 && std::fabs(it.d) > kMaxVelocity) ok = false;
            if (std::strcmp(key, "y") == 0 && (it.d < kMinHeight || it.d > kMaxHeight)) ok = false;
            break;
        }
        case core::ValueClass::Int: {
            if (is_entity_id(key) && (it.i >= kMaxEntityId || it.i < (std::strcmp(key, "vehicle_eid") == 0 ? -1 : 0)))
                ok = false;
            const char* unit = it.info->unit;
            const bool block = unit && std::strcmp(unit, "blocks") == 0;
            // Block coordinates: y within the world (-1: Block Placement's special case).
            if (block && std::strcmp(key, "y") == 0 && (it.i < -1 || it.i > kWorldHeight)) ok = false;
            if (block && std::llabs(it.i) > int64_t(kMaxCoordinate)) ok = false;
            if (std::strcmp(key, "health") == 0 && (it.i < 0 || it.i > kMaxHealth)) ok = false;
            if (std::strcmp(key, "time") == 0 && (it.i < 0 || it.i > kDayLength)) ok = false;
            break;
        }
        case core::ValueClass::String:
            if (it.s.size() > kMaxPlausibleText) ok = false;
            break;
        case core::ValueClass::Bytes:
            if (std::strcmp(key, "compressed_data") == 0 && !zlib_header(it.s)) ok = false;
            if (std::strcmp(key, "payload") == 0 && (it.s.size() < 2 || uint8_t(it.s[0]) != 0x1f || uint8_t(it.s[1]) != 0x8b))
                ok = false;
            break;
        default: break;
        }
    }
};

}  // namespace

StreamFraming::StreamFraming(Side d)
    : core::ParsedFraming([d] {
          Spec s;
          s.schema = &schema();
          s.table = table_index(d);
          s.max_message = kMaxMessage;
          s.resync_messages = kResyncMessages;
          s.resync_max_message = kMaxResyncMessage;
          s.resync_min_payload = kMinResyncPayload;
          return s;
      }()),
      dir_(d) {}

bool StreamFraming::plausible(const core::MessageSummary& summary, const uint8_t* p, uint32_t len) const {
    core::DecodeContext ctx;
    ctx.table = table_index(dir_);
    Plausibility v;
    core::decode(schema(), p, len, ctx, v);
    if (!v.ok) return false;
    if (summary.id == kMapChunk && len >= 1 + 4 + 2) {
        const int64_t y = int16_t(uint16_t(p[5] << 8 | p[6]));
        if (y < 0 || y >= kWorldHeight) return false;
    }
    return true;
}

core::Measure first_message(Side d, const uint8_t* p, size_t len, bool ended, size_t& at) {
    // Messages enough to trust a start without reading to the end.
    constexpr uint32_t kEnough = 16;
    StreamFraming f(d);
    bool wait = false;
    for (size_t i = 0; i < len; ++i) {
        // Messages back to back from i; one of their starts begins three
        // plausible ones.
        bool plausible = false, whole = true;
        uint32_t n = 0;
        size_t j = i;
        while (j < len && !(plausible && n >= kEnough)) {
            if (!plausible) {
                const core::Measure s = f.starts_here(p + j, len - j);
                if (s == core::Measure::Complete) plausible = true;
                else if (s == core::Measure::NeedMore && !ended) wait = true;
            }
            const core::MeasureResult m = f.measure(p + j, len - j);
            if (m.status == core::Measure::Invalid) {
                whole = false;
                break;
            }
            if (m.status == core::Measure::NeedMore) {
                whole = !ended;  // cut by the end of the bytes, unless they ended
                break;
            }
            ++n;
            j += m.length;
        }
        if (whole && plausible && n > 0) {
            at = i;
            return core::Measure::Complete;
        }
        if (whole && !ended && n < kResyncMessages) return core::Measure::NeedMore;
    }
    return wait ? core::Measure::NeedMore : core::Measure::Invalid;
}

core::HeldStart first_messages(const core::HeldStreams& held, bool last) {
    // A direction this quiet (bytes but no start yet) is searched for
    // message by message once the other's start is found.
    constexpr size_t kQuiet = 4096;
    core::HeldStart s;
    bool found[2] = {false, false}, hopeless[2] = {false, false};
    for (int i = 0; i < 2; ++i) {
        const Side d = Side(i);
        const size_t n = held.contiguous(d);
        if (!n) continue;
        size_t at = 0;
        const core::Measure m = first_message(d, held.bytes(d), n, held.contiguous_ended(d) || last, at);
        found[i] = m == core::Measure::Complete;
        hopeless[i] = m == core::Measure::Invalid;
        s.start_known[i] = found[i];
        s.start[i] = at;
    }
    // Decided once each direction has its start, or has none to find
    // (no bytes, none in them, the end), the other's being known.
    bool ready = true;
    for (int i = 0; i < 2; ++i) {
        const Side d = Side(i);
        const bool quiet = !held.any(d) || held.contiguous(d) >= kQuiet || held.contiguous_ended(d);
        if (!found[i] && !hopeless[i] && !(quiet && found[1 - i])) ready = false;
    }
    s.decided = last || ready;
    return s;
}

}  // namespace mcalpha
