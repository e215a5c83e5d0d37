#include "connection.hpp"

#include <cstring>

#include "findings.hpp"
#include "message_values.hpp"
#include "region.hpp"
#include "schema.hpp"

namespace mcalpha {

using core::Finding;
using C = FindingCode;

namespace {

constexpr double kMilli = 1000;
constexpr double kMicro = 1e6;
constexpr uint8_t kGzip0 = 0x1f, kGzip1 = 0x8b;

// A quantity in thousandths or millionths as a finding's integer detail:
// whatever double the peer sent (NaN, 1e300) converts without overflow.
int64_t scaled(double v, double scale) {
    constexpr double kLimit = 9.0e18;
    const double x = v * scale;
    if (!(x == x)) return 0;  // NaN
    return x >= kLimit ? int64_t(kLimit) : x <= -kLimit ? -int64_t(kLimit) : int64_t(x);
}

// Slots of each inventory type (seed, Player Inventory).
int64_t inventory_slots(int64_t type) {
    switch (type) {
    case -1: return 36;
    case -2: return 4;
    case -3: return 4;
    default: return -1;
    }
}

void copy_text(char* out, size_t cap, std::string_view s) {
    const size_t n = s.size() < cap - 1 ? s.size() : cap - 1;
    std::memcpy(out, s.data(), n);
    out[n] = '\0';
}

Finding at(const Message& m, core::Code code, int64_t a = 0, int64_t b = 0, int64_t c = 0, const char* what = nullptr,
           uint64_t ref = 0) {
    Finding f{code, 0, m.len, a, b, c, what};
    f.frame = m.span.last.frame;
    f.ref_frame = ref;
    return f;
}

const char* name_of(const Message& m) { return m.summary.type ? m.summary.type->name : "message"; }

}  // namespace

Connection::Connection(core::Inflater& inflater, const Settings& settings)
    : inflater_(inflater),
      settings_(settings),
      framing_{StreamFraming(Side::Client), StreamFraming(Side::Server)},
      movement_(settings.correction_far) {}

void Connection::begin(Message& m, Side d, const uint8_t* p, uint32_t len, const core::Span& span) {
    m.dir = d;
    m.state = state_;
    m.data = p;
    m.len = len;
    m.span = span;
    m.number = ++sum_.messages[int(d)];
}

void Connection::message(Side d, const uint8_t* p, uint32_t len, const core::Span& span, MessageSink& sink) {
    Message m;
    begin(m, d, p, len, span);
    MessageValues v;
    m.summary = core::decode(schema(), p, len, m.context(), v);
    if (ended_[int(d)] && !after_end_reported_[int(d)]) {
        after_end_reported_[int(d)] = true;
        m.add(at(m, C::AfterEnd, d == Side::Server, 0, 0, name_of(m)));
    }
    if (m.summary.type) {
        check_state(m);
        analyse(m, v);
    }
    sink.message(m);
}

void Connection::unframed(Side d, const uint8_t* p, uint32_t len, const core::Span& span, MessageSink& sink) {
    Message m;
    m.kind = MessageKind::Unframed;
    begin(m, d, p, len, span);
    sum_.unframed_bytes[int(d)] += len;
    const core::Measured& last = framing_[int(d)].last();
    m.summary = last.summary;
    const Finding& fatal = framing_[int(d)].last_fatal();
    if (last.too_long) {
        m.add(at(m, C::TooLong, len ? p[0] : 0, int64_t(last.summary.need), kMaxMessage));
    } else if (fatal.code == core::Code(C::UnknownId) || fatal.code == core::kNoCode) {
        m.add(at(m, C::UnknownId, len ? p[0] : 0, d == Side::Server));
    } else {
        Finding f = fatal;  // the decoder's: a negative count
        f.frame = span.last.frame;
        m.add(f);
    }
    sink.message(m);
}

void Connection::check_state(Message& m) {
    const uint8_t id = uint8_t(m.summary.id);
    const bool login_message = id == kLogin || id == kHandshake;
    const bool anytime = id == kKeepAlive || id == kKick;
    if (state_ == State::Login && !login_message && !anytime)
        m.add(at(m, C::UnexpectedState, 0, 0, 0, name_of(m)));
    if (state_ == State::Play && login_message) m.add(at(m, C::UnexpectedState, 1, 0, 0, name_of(m)));
}

void Connection::entity(Message& m, const MessageValues& v, const char* key, bool spawn, bool initialises) {
    if (!v.has(key)) return;
    const int32_t eid = int32_t(v.i(key));
    const uint64_t frame = m.span.last.frame;
    const Entities::Result r = spawn ? entities_.spawn(eid, frame) : entities_.use(eid, frame, initialises);
    switch (r.event) {
    case Entities::Event::Ok:
        if (!spawn) m.analysis.spawn_frame = r.frame;
        break;
    case Entities::Event::TableFull: m.add(at(m, C::EntityTableFull, Entities::kMaxEntities)); break;
    case Entities::Event::Unknown:
        if (!(picked_up_ && !r.destroyed && !r.frame)) m.add(at(m, C::EntityUnknown, eid, r.destroyed, 0, name_of(m), r.frame));
        break;
    case Entities::Event::SpawnedTwice: m.add(at(m, C::EntitySpawnedTwice, eid, 0, 0, nullptr, r.frame)); break;
    default: break;
    }
}

void Connection::map_chunk(Message& m, const MessageValues& v) {
    ++sum_.map_chunks;
    Region r;
    r.x = int32_t(v.i("x"));
    r.y = int32_t(v.i("y"));
    r.z = int32_t(v.i("z"));
    r.sx = uint16_t(v.i("size_x") + 1);
    r.sy = uint16_t(v.i("size_y") + 1);
    r.sz = uint16_t(v.i("size_z") + 1);
    ChunkResult& c = m.analysis.chunk;
    c.present = true;
    c.column_x = r.column_x();
    c.column_z = r.column_z();
    c.size_x = r.sx;
    c.size_y = r.sy;
    c.size_z = r.sz;
    c.blocks = r.blocks();
    c.expected = r.bytes_max();
    if (!r.inside_column()) m.add(at(m, C::ChunkRegionOutside, r.x, r.y, r.z));
    const Columns::Result col = columns_.map_chunk(c.column_x, c.column_z);
    if (col.event == Columns::Event::Ok) c.pre_chunk_frame = col.frame;
    if (col.event == Columns::Event::NotAnnounced)
        m.add(at(m, C::ChunkNotAnnounced, c.column_x, c.column_z, col.unloaded));
    if (r.blocks() > kColumnBlocks) {
        m.add(at(m, C::ChunkRegionTooLarge, r.blocks()));
        return;
    }
    const std::string_view data = v.s("compressed_data");
    if (!v.has("compressed_data")) return;  // the decoder reports why
    const size_t limit = size_t(r.bytes_max()) + 1;
    const core::Inflater::Result res =
        inflater_.inflate(reinterpret_cast<const uint8_t*>(data.data()), data.size(), limit);
    using R = core::Inflater::Result;
    if (res == R::NotZlib || res == R::Truncated) {
        m.add(at(m, C::ChunkInflateFailed, inflater_.zlib_error()));
        return;
    }
    if (res == R::TrailingData) m.add(at(m, C::ChunkInflateFailed, 1));  // Z_STREAM_END before the data's end
    c.inflated = uint32_t(inflater_.out_size());
    m.inflated = inflater_.out();
    m.inflated_len = c.inflated;
    if (res == R::TooLarge || (c.inflated != r.bytes_min() && c.inflated != r.bytes_max())) {
        m.add(at(m, C::ChunkSizeMismatch, c.inflated, c.expected, res == R::TooLarge));
        return;
    }
    const RegionSummary s = summarize_region(r, inflater_.out(), inflater_.out_size());
    c.summarised = s.valid;
    c.non_air = s.non_air;
    c.distinct = s.distinct;
    c.block_light_min = s.block_light_min;
    c.block_light_max = s.block_light_max;
    c.sky_light_min = s.sky_light_min;
    c.sky_light_max = s.sky_light_max;
    if (s.valid) ++sum_.chunks_summarised;
}

void Connection::analyse(Message& m, const MessageValues& v) {
    const Side d = m.dir;
    const double t = m.span.last.time;
    const uint64_t frame = m.span.last.frame;
    // Activity: the server drops a client it has not heard from for 1200 ticks.
    if (d == Side::Client && have_time_[0] && t - last_time_[0] >= settings_.client_silence)
        m.add(at(m, C::ClientSilent, scaled(t - last_time_[0], kMicro)));
    have_time_[int(d)] = true;
    last_time_[int(d)] = t;

    const uint8_t id = uint8_t(m.summary.id);
    if (id == kKeepAlive) {
        if (sum_.keepalives[int(d)]++) {
            m.analysis.has_keepalive = true;
            m.analysis.keepalive_interval = t - keepalive_time_[int(d)];
            m.analysis.keepalive_previous = keepalive_frame_[int(d)];
        }
        keepalive_time_[int(d)] = t;
        keepalive_frame_[int(d)] = frame;
        return;
    }
    if (id == kPlayerInventory) {
        const int64_t want = inventory_slots(v.i("type"));
        if (want >= 0 && v.i("count") != want) m.add(at(m, C::InventoryCount, v.i("type"), v.i("count"), want));
        return;
    }
    if (id == kComplexEntities) {
        const std::string_view p = v.s("payload");
        if (p.size() < 2 || uint8_t(p[0]) != kGzip0 || uint8_t(p[1]) != kGzip1)
            m.add(at(m, C::ComplexNotGzip, p.size() > 0 ? uint8_t(p[0]) : 0, p.size() > 1 ? uint8_t(p[1]) : 0));
        return;
    }
    if (d == Side::Client) {
        switch (id) {
        case kLogin: {
            sum_.protocol_version = int32_t(v.i("protocol_version"));
            copy_text(sum_.username, sizeof sum_.username, v.s("username"));
            m.add(at(m, C::ProtocolVersion, sum_.protocol_version));
            if (sum_.protocol_version != kProtocolVersion) m.add(at(m, C::VersionNotSeed, sum_.protocol_version));
            break;
        }
        case kPlayerPosition:
        case kPlayerPositionLook: {
            const Position p{v.d("x"), v.d("y"), v.d("z"), t, frame};
            const double stance = v.d("stance");
            m.analysis.has_stance = true;
            m.analysis.stance_height = stance - p.y;
            if (!movement_.client(p, stance))
                m.add(at(m, C::IllegalStance, scaled(m.analysis.stance_height, kMilli)));
            break;
        }
        case kUseEntity: entity(m, v, "target", false); break;
        case kKick:
            copy_text(client_reason_, sizeof client_reason_, v.s("reason"));
            m.add(at(m, C::Disconnect, 0, 0, 0, client_reason_));
            ended_[0] = true;
            if (ends_first(m)) {
                sum_.ending = Ending::Disconnect;
                copy_text(sum_.reason, sizeof sum_.reason, v.s("reason"));
                sum_.end_frame = frame;
            }
            break;
        default: break;
        }
        return;
    }
    switch (id) {
    case kLogin:
        sum_.player_eid = int32_t(v.i("eid"));
        sum_.logged_in = true;
        state_ = State::Play;
        entity(m, v, "eid", true);
        break;
    case kRespawn: movement_.respawn(); break;
    case kPlayerPositionLook: {
        const Position p{v.d("x"), v.d("y"), v.d("z"), t, frame};
        m.analysis.has_stance = true;
        m.analysis.stance_height = v.d("stance") - p.y;
        const Movement::Result r = movement_.server(p);
        if (r.kind == Movement::Kind::Placement) {
            m.add(at(m, C::ServerPlacement, scaled(p.x, kMilli), scaled(p.y, kMilli), scaled(p.z, kMilli)));
            break;
        }
        CorrectionResult& c = m.analysis.correction;
        c.present = true;
        c.distance = r.distance;
        c.elapsed = r.elapsed;
        c.client_frame = r.from_frame;
        m.add(at(m, r.kind == Movement::Kind::Far ? C::CorrectionFar : C::Correction, scaled(r.distance, kMilli),
                 scaled(r.elapsed, kMicro), 0, nullptr, r.from_frame));
        sum_.corrections = movement_.corrections();
        sum_.max_correction = movement_.max_correction();
        break;
    }
    case kNamedEntitySpawn:
    case kPickupSpawn:
    case kAddObject:
    case kMobSpawn: entity(m, v, "eid", true); break;
    case kEntity: entity(m, v, "eid", false, true); break;
    case kAnimation:
    case kEntityVelocity:
    case kEntityRelativeMove:
    case kEntityLook:
    case kEntityLookMove:
    case kEntityTeleport:
    case kEntityStatus: entity(m, v, "eid", false); break;
    case kAttachEntity:
        entity(m, v, "eid", false);
        if (v.i("vehicle_eid") != -1) entity(m, v, "vehicle_eid", false);
        break;
    case kCollectItem:
        entity(m, v, "collected_eid", false);
        entity(m, v, "collector_eid", false);
        break;
    case kDestroyEntity: {
        const int32_t eid = int32_t(v.i("eid"));
        const Entities::Result r = entities_.destroy(eid, frame);
        if (r.event == Entities::Event::Ok) m.analysis.spawn_frame = r.frame;
        if (r.event == Entities::Event::DestroyedTwice)
            m.add(at(m, C::EntityDestroyedTwice, eid, 0, 0, nullptr, r.frame));
        if (r.event == Entities::Event::Unknown && !picked_up_) m.add(at(m, C::EntityUnknown, eid, 0, 0, name_of(m)));
        break;
    }
    case kPreChunk: {
        ++sum_.pre_chunks;
        const int32_t x = int32_t(v.i("x")), z = int32_t(v.i("z"));
        const Columns::Result r = columns_.pre_chunk(x, z, v.i("mode") != 0, frame);
        switch (r.event) {
        case Columns::Event::LoadTwice: m.add(at(m, C::ChunkLoadTwice, x, z, 0, nullptr, r.frame)); break;
        case Columns::Event::UnloadUnknown:
            if (!picked_up_) m.add(at(m, C::ChunkUnloadUnknown, x, z));
            break;
        case Columns::Event::UnloadTwice: m.add(at(m, C::ChunkUnloadTwice, x, z, 0, nullptr, r.frame)); break;
        case Columns::Event::TableFull: m.add(at(m, C::ChunkTableFull, Columns::kMaxColumns)); break;
        default: break;
        }
        break;
    }
    case kMapChunk: map_chunk(m, v); break;
    case kKick:
        ended_[1] = true;
        if (ends_first(m)) {
            sum_.ending = Ending::Kick;
            copy_text(sum_.reason, sizeof sum_.reason, v.s("reason"));
            sum_.end_frame = frame;
        }
        m.add(at(m, C::Kick, 0, 0, 0, sum_.ending == Ending::Kick ? sum_.reason : "(after the end)"));
        break;
    default: break;
    }
    sum_.entities_spawned = entities_.spawned();
    sum_.entities_alive = entities_.alive();
    sum_.columns_loaded = columns_.loaded();
}

// A Kick or Disconnect ends the connection unless something ended it
// before; a FIN or RST the other direction delivered first did not, when
// the message came in an earlier frame (a hole in its direction held it
// back: each direction's stream order is its own).
bool Connection::ends_first(const Message& m) const {
    if (sum_.ending == Ending::Open) return true;
    return (sum_.ending == Ending::Fin || sum_.ending == Ending::Reset) && m.span.last.carrier() < end_carried_;
}

void Connection::closed(Side d, bool reset, const core::Origin& o) {
    if (reset) {
        if (!reset_) reset_frame_ = o.frame;
        reset_ = true;
    } else if (!sum_.fin[int(d)]) {
        sum_.fin[int(d)] = true;
        fin_frame_[int(d)] = o.carrier();  // the FIN's own frame, also when held behind a hole
    }
    if (sum_.ending == Ending::Open) {
        sum_.ending = reset ? Ending::Reset : Ending::Fin;
        sum_.end_frame = o.frame;
        end_carried_ = o.carrier();
        closed_by_ = d;
    }
}

void Connection::finish(MessageSink& sink, const core::Origin& last) {
    Finding f;
    f.frame = sum_.end_frame;
    switch (sum_.ending) {
    case Ending::Fin:
        f.code = C::ClosedWithoutReason;
        f.a = closed_by_ == Side::Server;
        sink.event(f);
        break;
    case Ending::Reset:
        f.code = C::Reset;
        f.a = closed_by_ == Side::Server;
        sink.event(f);
        break;
    case Ending::Open:
        f.code = C::OpenAtCaptureEnd;
        f.frame = last.frame;
        sink.event(f);
        break;
    default: break;
    }
}

}  // namespace mcalpha
