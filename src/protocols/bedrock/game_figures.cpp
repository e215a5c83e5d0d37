#include "game_figures.hpp"

#include <cmath>
#include <cstring>

#include "core/decoder.hpp"
#include "findings.hpp"

namespace bedrock {
namespace {

// The values a figure needs, by key: the packet's own (depth 1, inside
// the packet's item), not those of its nested groups.
struct Values {
    uint64_t timestamp = 0, needs_response = 0, mode = 0;
    std::string_view pack_id;
    uint64_t chunk_index = 0, chunk_count = 0, max_chunk_size = 0, size = 0, payload = 0;
    int64_t tick = 0;
    bool has_tick = false, has_position = false, has_origin = false;
    double pos[3] = {};
    int32_t origin[3] = {};
    // Sub-chunk entries of a list (any other group of the packet): x, y, z, result (-1: none) each.
    std::vector<int32_t>* entries = nullptr;
    int depth = 0;
    enum class In : uint8_t { None, Position, Origin, List } in = In::None;  // the packet's group being read
    void open(const core::Item& it) {
        if (depth == 1) {
            const char* k = it.node->key ? it.node->key : "";
            in = !std::strcmp(k, "position") ? In::Position : !std::strcmp(k, "origin") ? In::Origin : In::List;
            has_position |= in == In::Position;
            has_origin |= in == In::Origin;
        }
        ++depth;
    }
    void close() {
        if (--depth == 1) in = In::None;
    }
    void finding(const core::Finding&) {}
    static double number(const core::Item& it) {
        switch (it.vclass) {
        case core::ValueClass::Float: case core::ValueClass::Double: return it.d;
        case core::ValueClass::Int: return double(it.i);
        default: return double(it.u);
        }
    }
    void leaf(const core::Item& it) {
        const char* k = it.node->key;
        if (!k) return;
        // A coordinate: "x", "y", "z" (or "dx", "dy", "dz").
        const char* c = k[0] == 'd' && k[1] ? k + 1 : k;
        const int axis = c[0] >= 'x' && c[0] <= 'z' && !c[1] ? c[0] - 'x' : -1;
        if (in == In::Position && axis >= 0) {
            pos[axis] = number(it);
            return;
        }
        if (in == In::Origin && axis >= 0) {
            origin[axis] = int32_t(number(it));
            return;
        }
        if (in == In::List && entries) {
            if (axis == 0) entries->insert(entries->end(), {0, 0, 0, -1});
            if (entries->empty()) return;
            if (axis >= 0) (*entries)[entries->size() - 4 + size_t(axis)] = int32_t(number(it));
            else if (!std::strcmp(k, "result")) entries->back() = int32_t(it.u);
            return;
        }
        if (depth != 1) return;
        // 1.16.201's minecraft-data names Needs Response "unknown_flag"; older
        // releases' "package_id", "compressed_package_size".
        if (!std::strcmp(k, "timestamp")) timestamp = it.u;
        else if (!std::strcmp(k, "needs_response") || !std::strcmp(k, "unknown_flag")) needs_response = it.u;
        else if (!std::strcmp(k, "mode")) mode = it.u;
        else if (!std::strcmp(k, "pack_id") || !std::strcmp(k, "package_id")) pack_id = it.s;
        else if (!std::strcmp(k, "chunk_index")) chunk_index = it.u;
        else if (!std::strcmp(k, "chunk_count")) chunk_count = it.u;
        else if (!std::strcmp(k, "max_chunk_size")) max_chunk_size = it.u;
        else if (!std::strcmp(k, "size") || !std::strcmp(k, "compressed_package_size")) size = it.u;
        else if (!std::strcmp(k, "payload")) payload = it.s.size();
        else if (!std::strcmp(k, "tick")) tick = it.vclass == core::ValueClass::Uint ? int64_t(it.u) : it.i, has_tick = true;
    }
};

// A sub-chunk position as one key (21 bits of x and z, 22 of y: far beyond any world).
uint64_t position_key(int64_t x, int64_t y, int64_t z) {
    return (uint64_t(x) & 0x1FFFFF) << 43 | (uint64_t(y) & 0x3FFFFF) << 21 | (uint64_t(z) & 0x1FFFFF);
}

constexpr uint64_t kTeleportMode = 2;  // Move Player's mode

int64_t thousandths(double x) { return x > 9e15 ? int64_t(9e18) : int64_t(std::llround(x * 1000)); }

}  // namespace

const GameFigures::Input* GameFigures::input_of(int64_t tick) const {
    const uint64_t n = ninputs_ < kInputs ? ninputs_ : kInputs;
    for (uint64_t i = 0; i < n; ++i) {
        const Input& in = inputs_[(ninputs_ - 1 - i) % kInputs];
        if (in.tick == tick) return &in;
    }
    return nullptr;
}

PackTransfer* GameFigures::pack(std::string_view id) {
    for (PackTransfer& p : packs_)
        if (p.id == id) return &p;
    return nullptr;
}

void GameFigures::packet(const core::Schema& s, core::Side from, const uint8_t* data, const PacketSpan& p,
                         uint32_t index, uint64_t frame, double time, std::vector<PacketFigure>& figures,
                         std::vector<core::Finding>& findings) {
    if (!wanted(p.id)) return;
    Values v;
    offsets_.clear();
    if (p.id == kSubChunk || p.id == kSubChunkRequest) v.entries = &offsets_;
    core::decode(s, data + p.offset, p.len, core::DecodeContext{}, v);
    PacketFigure fig;
    fig.index = index;
    const bool server = from == core::Side::Server;
    switch (p.id) {
    case kNetworkStackLatency:
        if (server && v.needs_response) {
            ++st_.requests;
            requests_[next_request_++ % kRequests] = Request{v.timestamp, frame, time, false};
            return;
        }
        if (server) return;
        for (Request& r : requests_) {
            if (r.used || r.timestamp != v.timestamp) continue;
            r.used = true;
            fig.kind = PacketFigure::Kind::LatencyEcho;
            fig.frame = r.frame;
            fig.ms = (time - r.time) * 1000;
            if (!st_.round_trips++ || fig.ms < st_.rtt_min) st_.rtt_min = fig.ms;
            if (fig.ms > st_.rtt_max) st_.rtt_max = fig.ms;
            st_.rtt_sum += fig.ms;
            figures.push_back(fig);
            return;
        }
        return;
    case kPlayerAuthInput: {
        if (server || !v.has_tick) return;
        fig.kind = PacketFigure::Kind::Input;
        fig.tick = v.tick;
        if (ninputs_) {
            const Input& prev = inputs_[(ninputs_ - 1) % kInputs];
            fig.tick_step = v.tick - prev.tick;
            fig.frame = prev.frame;
            fig.ms = (time - prev.time) * 1000;
            if (fig.ms > st_.input_gap_max) st_.input_gap_max = fig.ms;
            if (fig.tick_step > 1) {
                ++st_.tick_jumps;
                st_.ticks_skipped += uint64_t(fig.tick_step - 1);
                core::Finding f{FindingCode::TickJump};
                f.a = prev.tick;
                f.b = v.tick;
                f.c = thousandths(fig.ms);
                f.ref_frame = prev.frame;
                findings.push_back(f);
            }
        }
        ++st_.inputs;
        inputs_[ninputs_++ % kInputs] = Input{v.tick, v.pos[0], v.pos[1], v.pos[2], frame, time};
        figures.push_back(fig);
        return;
    }
    case kCorrectPlayerMovePrediction:
    case kMovePlayer: {
        if (!server || !v.has_position || !ninputs_) return;
        const bool correction = p.id == kCorrectPlayerMovePrediction;
        if (!correction && v.mode != kTeleportMode) return;
        // A correction answers the input of its tick; a teleport is measured from the last input.
        const Input* in = correction ? (v.has_tick ? input_of(v.tick) : nullptr) : &inputs_[(ninputs_ - 1) % kInputs];
        if (!in) return;
        fig.kind = correction ? PacketFigure::Kind::Correction : PacketFigure::Kind::Teleport;
        fig.tick = in->tick;
        fig.frame = in->frame;
        fig.ms = (time - in->time) * 1000;
        const double dx = v.pos[0] - in->x, dy = v.pos[1] - in->y, dz = v.pos[2] - in->z;
        fig.distance = std::sqrt(dx * dx + dy * dy + dz * dz);
        core::Finding f{correction ? FindingCode::Correction : FindingCode::Teleport};
        f.a = thousandths(fig.distance);
        f.b = in->tick;
        f.c = thousandths(fig.ms);
        f.ref_frame = in->frame;
        findings.push_back(f);
        if (correction) {
            ++st_.corrections;
            if (fig.distance > st_.correction_max) st_.correction_max = fig.distance;
        } else {
            ++st_.teleports;
        }
        figures.push_back(fig);
        return;
    }
    case kResourcePackDataInfo: {
        if (!server || pack(v.pack_id) || packs_.size() >= kMaxPacks) return;
        if (packs_.empty()) packs_.reserve(kMaxPacks);  // never moved: findings point at the ids
        PackTransfer t;
        t.id.assign(v.pack_id.data(), v.pack_id.size());
        t.frame = frame;
        t.chunk_count = uint32_t(v.chunk_count);
        t.max_chunk_size = uint32_t(v.max_chunk_size);
        t.size = v.size;
        t.chunks.resize(v.chunk_count < kMaxChunks ? size_t(v.chunk_count) : kMaxChunks);
        packs_.push_back(std::move(t));
        return;
    }
    case kResourcePackChunkRequest: {
        PackTransfer* t = server ? nullptr : pack(v.pack_id);
        if (!t) return;
        ++t->requests;
        if (v.chunk_index >= t->chunks.size()) return;
        PackTransfer::Chunk& c = t->chunks[v.chunk_index];
        if (c.asked < 255) ++c.asked;
        if (c.asked == 1) {
            c.asked_frame = frame;
            c.asked_time = time;
        } else {
            ++t->repeated;
            core::Finding f{FindingCode::PackRepeated};
            f.a = int64_t(v.chunk_index);
            f.b = c.asked;
            f.what = t->id.c_str();
            f.ref_frame = c.asked_frame;
            findings.push_back(f);
        }
        fig.kind = PacketFigure::Kind::PackRequest;
        fig.tick = c.asked;
        fig.frame = c.asked == 1 ? 0 : c.asked_frame;
        figures.push_back(fig);
        return;
    }
    case kResourcePackChunkData: {
        PackTransfer* t = server ? pack(v.pack_id) : nullptr;
        if (!t) return;
        ++t->received;
        t->bytes += v.payload;
        if (v.chunk_index >= t->chunks.size()) return;
        PackTransfer::Chunk& c = t->chunks[v.chunk_index];
        if (c.got++) ++t->duplicates;
        if (!c.got) c.got = 255;  // saturate
        fig.kind = PacketFigure::Kind::PackChunk;
        fig.frame = c.asked_frame;
        fig.ms = c.asked ? (time - c.asked_time) * 1000 : 0;
        figures.push_back(fig);
        return;
    }
    case kLevelChunk:
        if (server) ++st_.level_chunks;
        return;
    case kSubChunkRequest: {
        if (server) return;
        ++st_.subchunk_requests;
        const uint32_t n = uint32_t(offsets_.size() / 4);
        st_.subchunks_asked += n;
        const bool tracked = sub_requests_.size() < kMaxSubRequests;
        if (tracked) sub_requests_.push_back(SubRequest{frame, time, n, 0});
        for (size_t i = 0; i + 4 <= offsets_.size(); i += 4) {
            const uint64_t key = position_key(int64_t(v.origin[0]) + offsets_[i], int64_t(v.origin[1]) + offsets_[i + 1],
                                              int64_t(v.origin[2]) + offsets_[i + 2]);
            if (tracked && (pending_.size() < kMaxPending || pending_.count(key)))
                pending_[key] = uint32_t(sub_requests_.size() - 1);
            else
                ++untracked_;
        }
        return;
    }
    case kSubChunk: {
        if (!server) return;
        ++st_.subchunk_answers;
        fig.kind = PacketFigure::Kind::SubChunks;
        for (size_t i = 0; i + 4 <= offsets_.size(); i += 4) {
            const int32_t result = offsets_[i + 3];
            ++st_.subchunk_results[result >= 0 && result < 7 ? result : 7];
            const auto it = pending_.find(position_key(int64_t(v.origin[0]) + offsets_[i],
                                                      int64_t(v.origin[1]) + offsets_[i + 1],
                                                      int64_t(v.origin[2]) + offsets_[i + 2]));
            if (it == pending_.end()) {
                ++st_.subchunks_unasked;
                continue;
            }
            SubRequest& r = sub_requests_[it->second];
            ++r.answered;
            ++fig.answered;
            if (!fig.frame) {
                fig.frame = r.frame;
                fig.ms = (time - r.time) * 1000;
            }
            pending_.erase(it);
            ++st_.subchunks_answered;
        }
        figures.push_back(fig);
        return;
    }
    default: return;
    }
}

}  // namespace bedrock
