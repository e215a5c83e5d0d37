// One Minecraft Pocket Edition connection: a raknet::Session for the
// transport, and the game layer on the messages it delivers (every user
// message, first byte 0x80 or more): the protocol version from the Login,
// each game packet's id and type, RequestChunk linked to the ChunkData that
// answers it (same column, other side), ChunkData summarised, the 0xFE
// wrapper of later releases recognised.
//
//   mcpe::Session s;                                   // one per UDP conversation
//   for every UDP payload, in capture order:
//       s.packet(side, bytes, len, {frame, time}, sink);
//   s.finish({last frame, last time}, sink);
//
// The Sink is a raknet::Sink (it gets every RakNet result, raknet/session.hpp)
// that also gets, for each game packet, a GamePacket — before the
// PacketResult of the UDP packet that completed it — and a Link when a
// later ChunkData answers an earlier RequestChunk. Decoding a game packet
// for display: core::decode(schema(*g.version), g.data, g.len, core::DecodeContext{}, visitor);
// generated fields: analysis_fields.hpp. Pointers are valid during the call.
#pragma once

#include <cstdint>

#include "chunk_summary.hpp"
#include "protocols/raknet/session.hpp"
#include "versions.hpp"

namespace mcpe {

struct GamePacket {
    uint64_t frame = 0;
    double time = 0;
    core::Side from = core::Side::Client;
    uint32_t message = 0;                          // index in the UDP packet's PacketResult::messages
    const raknet::MessageResult* transport = nullptr;
    const uint8_t* data = nullptr;
    uint32_t len = 0;
    const VersionInfo* version = nullptr;          // decode with schema(*version)
    uint8_t id = 0;
    const core::MessageType* type = nullptr;       // null: unknown in this version
    bool wrapper = false;                          // 0xFE
    // ChunkData: the request it answers (0: none seen) and its contents.
    uint64_t request_frame = 0;
    double since_request_ms = 0;
    bool has_chunk = false;
    ChunkSummary chunk;
    raknet::Span<core::Finding> findings;          // the game layer's (the decoder's come from decoding it)
};

enum class LinkKind : uint8_t { ChunkDataIn };

// A result for an earlier game packet: the RequestChunk in `frame` was
// answered by the ChunkData in `to`, `ms` later.
struct Link {
    uint64_t frame = 0;
    LinkKind kind = LinkKind::ChunkDataIn;
    uint64_t to = 0;
    double ms = 0;
};

struct GameStats {
    uint64_t packets = 0;
    uint64_t chunk_requests = 0, chunks = 0, chunks_answering = 0, wrappers = 0;
};

class Sink : public raknet::Sink {
public:
    virtual void game_packet(const GamePacket& g) = 0;
    virtual void game_link(const Link&) {}
};

// Another game carried by the same RakNet connection (Minecraft Bedrock's
// 0xFE batches): offered each user message first, in order; a message it
// takes is not read as an MCPE 0.x packet.
class OtherGame {
public:
    virtual ~OtherGame() = default;
    virtual bool take(const raknet::PacketResult& r, uint32_t message) = 0;
    virtual void finish(const core::Origin& last) = 0;
};

class Session {
public:
    explicit Session(const raknet::Options& o = raknet::Options());

    void packet(core::Side from, const uint8_t* p, uint32_t len, const core::Origin& o, Sink& sink,
                OtherGame* other = nullptr);
    void finish(const core::Origin& last, Sink& sink, OtherGame* other = nullptr);
    // After finish(): frees what only reading needed (raknet::Session::release).
    void release() { raknet_.release(); }

    const raknet::Session& transport() const { return raknet_; }
    const VersionInfo& version() const { return *version_; }
    bool version_known() const { return version_known_; }
    int32_t login_protocol() const { return login_protocol_; }
    const GameStats& stats(core::Side s) const { return st_[int(s)]; }

private:
    class Relay;
    struct Request {
        bool used = false;
        core::Side from = core::Side::Client;
        int32_t x = 0, z = 0;
        uint64_t frame = 0;
        double time = 0;
    };
    static constexpr uint32_t kRequests = 64;

    void game(const raknet::PacketResult& r, uint32_t index, Sink& sink);
    void add(const core::Finding& f);
    // mcpe.chunk.unanswered for a request no chunk data answered.
    static void unanswered(const Request& q, Sink& sink);

    raknet::Session raknet_;
    const VersionInfo* version_;
    bool version_known_ = false;
    int32_t login_protocol_ = -1;
    bool wrapper_reported_[2] = {false, false};
    GameStats st_[2];
    Request requests_[kRequests];
    uint32_t request_next_ = 0;
    core::Finding findings_[8];
    uint32_t nfindings_ = 0;
    uint64_t frame_ = 0;
};

}  // namespace mcpe
