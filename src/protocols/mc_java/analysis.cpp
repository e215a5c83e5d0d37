#include "analysis.hpp"

#include <cmath>

namespace mcjava {

Analysis::Analysis(const AnalysisConfig& cfg)
    : cfg_(cfg),
      keepalive_(ExchangeKind::KeepAlive, FindingCode::KeepAliveUnanswered, FindingCode::KeepAliveUnknownId,
                 cfg.keepalive_window, cfg.keepalive_slow),
      ping_(ExchangeKind::StatusPing, FindingCode::PingUnanswered, FindingCode::PongUnknown, 0),
      teleport_(cfg.teleport_threshold) {}

namespace {
// Destroyed ids go straight to the tracker (no list kept).
struct Destroyed {
    EntityTracker& t;
    Packet& p;
    void operator()(int64_t id) { t.destroy(p, id); }
};
// The version has an Unload Chunk packet (1.9 and later).
bool has_unload_chunk(const VersionInfo& v) {
    return core::find_type(v.version().tables[table_index(State::Play, Side::Server)], "unload_chunk") != nullptr;
}
// Block Change's column: the block's x and z divided by 16, rounded down.
int64_t column_of(int64_t block) { return block >> 4; }
// A serverbound Chat Message is a command when its text (a VarInt length,
// then UTF-8, right after the packet id) starts with '/'.
bool is_command(const Packet& p) {
    uint32_t at = p.summary.header_len;
    for (int i = 0; i < 5 && at < p.data_len; ++i)
        if (!(p.data[at++] & 0x80)) return at < p.data_len && p.data[at] == '/';
    return false;
}
}  // namespace

PacketLink Analysis::packet(Packet& p) {
    if (p.span.last.time > last_time_) last_time_ = p.span.last.time;
    if (p.picked_up && !picked_up_) {
        // Answers, unloads and updates of what came before the capture are
        // not findings.
        picked_up_ = true;
        keepalive_.picked_up();
        ping_.picked_up();
        teleport_.picked_up();
        columns_.picked_up();
        entities_.picked_up();
    }
    silence_.packet(p);
    if (p.kind != PacketKind::Packet || !p.data || !p.summary.type) return {};
    const Event ev = event_of(p);
    if (ev == Event::None) return {};
    PacketValues v;
    Destroyed destroyed{entities_, p};
    read_values(p, v, destroyed);
    switch (ev) {
    case Event::PingRequest: return ping_.request(p, v.id());
    case Event::PingAnswer: return ping_.answer(p, v.id());
    case Event::KeepAliveRequest: return keepalive_.request(p, v.id());
    case Event::KeepAliveAnswer: return keepalive_.answer(p, v.id());
    case Event::Teleport:
        if (!v.has(1) || !v.has(2) || !v.has(3)) return {};
        return teleport_.teleport(p, v.has(0), v.id(), v.d[1], v.d[2], v.d[3], uint8_t(v.i[4]));
    case Event::TeleportConfirm: return teleport_.confirm(p, v.id());
    case Event::ClientChat:
        if (is_command(p)) teleport_.client_command(p);
        return {};
    case Event::ClientPosition:
        if (v.has(1) && v.has(2) && v.has(3)) teleport_.client_position(p, v.d[1], v.d[2], v.d[3]);
        return {};
    case Event::LoginSuccess: columns_.login(p.span.last.time); return {};
    case Event::JoinGame:
        columns_.forget_all();
        entities_.forget_all();
        if (v.has(0)) entities_.own(v.i[0]);
        return {};
    case Event::Respawn:
        columns_.forget_all();
        entities_.forget_all();
        return {};
    case Event::ChunkData:
    {
        if (!v.has(1) || !v.has(3)) return {};
        // From 1.17 every Chunk Data is a whole column (no full-chunk flag).
        const bool full = !v.has(0) || v.i[0] != 0;
        // Before 1.9 (no Unload Chunk) a whole column without sections unloads it.
        if (full && v.has(2) && v.i[2] == 0 && !has_unload_chunk(*p.version)) columns_.unload(p, v.i[1], v.i[3]);
        else columns_.chunk_data(p, v.i[1], v.i[3], full);
        return {};
    }
    case Event::UpdateLight:
        if (v.has(1) && v.has(3)) columns_.light(p, v.i[1], v.i[3]);
        return {};
    case Event::UnloadChunk:
        if (v.has(1) && v.has(3)) columns_.unload(p, v.i[1], v.i[3]);
        return {};
    case Event::BlockChange:
        if (v.has(1) && v.has(3)) columns_.change(p, column_of(v.i[1]), column_of(v.i[3]), "Block Change");
        return {};
    case Event::MultiBlockChange:
        if (v.has(1) && v.has(3)) columns_.change(p, v.i[1], v.i[3], "Multi Block Change");
        return {};
    case Event::Spawn:
        if (v.has(0)) entities_.spawn(p, v.i[0], v.spawn, v.has(1) ? v.i[1] : -1);
        return {};
    case Event::EntityMove:
    case Event::EntityState:
        if (v.has(0)) entities_.update(p, v.i[0]);
        return {};
    case Event::DestroyEntities:  // each id went to the tracker while reading
    case Event::Disconnect:
    case Event::ClientSettings:
    case Event::SpawnPosition:
    case Event::None: return {};
    }
    return {};
}

void Analysis::finish(EndFindings& out) const {
    keepalive_.finish(out, last_time_);
    ping_.finish(out, last_time_);
    teleport_.finish(out);
    columns_.finish(out);
}

void Analysis::release() {
    columns_.release();
    entities_.release();
}

}  // namespace mcjava
