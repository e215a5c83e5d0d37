// What the RakNet/MCPE/Bedrock dissector keeps between passes: one
// mcpe::Session (over its raknet::Session) and one bedrock::Session per UDP
// conversation, fed in frame order on the first pass, and per frame a copy
// of what the sessions handed out (the PacketResult with its frames,
// messages and findings, the MCPE game packets, the Bedrock batches), plus
// what later frames told about it (Links, late findings). Later passes and
// clicks only read these records, so a frame shows the same whatever order
// frames are dissected in.
//
// Memory: one record per RakNet frame in wmem file scope (the packet's
// frames and messages; the bytes of reassembled messages are copied, a
// message inside the packet is kept as its offset; a Bedrock batch's
// decompressed bytes are copied, its decrypted wire bytes are not), and per
// conversation the core's bounded windows (raknet/options.hpp,
// bedrock::Options).
#pragma once

#include <epan/packet.h>

#include <memory>
#include <unordered_map>
#include <vector>

#include "protocols/bedrock/session.hpp"
#include "protocols/mcpe/session.hpp"

namespace raknet_plugin {

// One game packet (a user message) of a frame.
struct GameRecord {
    guint32 message;                    // index in the frame's messages
    const mcpe::VersionInfo* version;
    bool wrapper;
    guint64 request_frame;
    double since_request_ms;
    bool has_chunk;
    mcpe::ChunkSummary chunk;
    guint8 nfindings;
    core::Finding findings[4];
};

struct FrameRecord {
    // Spans point into wmem copies; messages' data is null when the message
    // lies in the packet (message_offsets[i] then), else a copy.
    raknet::PacketResult p;
    guint32* message_offsets;
    GameRecord* games;
    guint32 ngames;
    wmem_array_t* links;        // raknet::Link on this frame, known later
    wmem_array_t* game_links;   // mcpe::Link
    wmem_array_t* late;         // core::Finding on this frame, known later
    wmem_array_t* batches;      // bedrock::Batch handed on in this frame (spans into wmem copies; clear is null)
};

class FrameStore {
public:
    FrameStore();
    ~FrameStore();
    FrameStore(const FrameStore&) = delete;
    FrameStore& operator=(const FrameStore&) = delete;
    // At registration: the protocol that owns the conversation data, the
    // server port preference, and where a new conversation's Bedrock key
    // log comes from (null: none).
    void configure(int proto, const guint* server_port, const bedrock::KeyLog* (*bedrock_keys)()) {
        proto_ = proto;
        server_port_ = server_port;
        bedrock_keys_ = bedrock_keys;
    }
    // First pass: feeds the frame to its conversation's session; returns its
    // record (null when the packet belongs to no conversation, e.g. a
    // socket's packet to itself).
    const FrameRecord* analyse(packet_info* pinfo, const guint8* data, guint len);
    // Later passes: the frame's record. Finishes the conversations the first
    // time (never acknowledged, never completed, how they ended).
    const FrameRecord* load(packet_info* pinfo);
    void clear();

private:
    struct Conversation;
    class Recorder;

    Conversation* conversation(packet_info* pinfo, const guint8* data, guint len);
    FrameRecord* record_of(guint64 frame);
    void finish_all();

    int proto_ = -1;
    const guint* server_port_ = nullptr;
    const bedrock::KeyLog* (*bedrock_keys_)() = nullptr;
    std::vector<std::unique_ptr<Conversation>> conversations_;
    std::unordered_map<guint64, FrameRecord*> records_;
    std::vector<GameRecord> games_;  // the frame being analysed (reused)
    std::vector<bedrock::Batch> batches_;  // the same (copies in file scope)
    guint64 last_frame_ = 0;
    double last_time_ = 0;
    bool finished_ = false;
};

}  // namespace raknet_plugin
