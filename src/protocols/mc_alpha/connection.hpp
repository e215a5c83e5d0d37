// One Minecraft Alpha connection: both directions' framing, the state
// machine (login until the server's Login Response, then play) and the
// analyses of seed 001's protocol, message by message in capture order.
//
// It is handed whole messages (as its framing cut them: the analyzer's
// stream buffer, session.hpp, or Wireshark's desegmentation on its first
// pass) and hands each on as a Message with what the analyses found:
//  - the state: a play message before the login completed, a Handshake
//    or Login during play; the client's protocol version (6 in the seed);
//  - Map Chunk: the data inflated (bounded by the size its fields imply)
//    and checked against that size, summarised (non-air blocks, distinct
//    block types, light ranges); Pre-Chunk bookkeeping (columns.hpp);
//  - movement: the server's Player Position & Look against where the
//    client last said it was (movement.hpp), illegal stances;
//  - keep-alive cadence per direction, a client silent for 60 s (the
//    server drops it after 1200 ticks);
//  - entities spawned, used and destroyed (entities.hpp);
//  - inventory slot counts; Complex Entities that are not gzip;
//  - how the connection ended: Kick with its reason, Disconnect, FIN or
//    RST without either, or still open at the end of the capture.
// Memory is bounded whatever the traffic: fixed per-connection state, two
// bounded tables, the inflater's buffer (at most one chunk column).
#pragma once

#include <cstdint>

#include "columns.hpp"
#include "core/inflater.hpp"
#include "entities.hpp"
#include "framing.hpp"
#include "message.hpp"
#include "message_values.hpp"
#include "movement.hpp"

namespace mcalpha {

enum class Ending : uint8_t { Open, Kick, Disconnect, Fin, Reset };

struct ConnectionSummary {
    uint64_t messages[2] = {0, 0};
    uint64_t unframed_bytes[2] = {0, 0};
    int32_t protocol_version = -1;
    char username[33] = {};
    int32_t player_eid = -1;
    bool logged_in = false;
    // How it ended.
    Ending ending = Ending::Open;
    char reason[256] = {};   // Kick / Disconnect reason (truncated)
    uint64_t end_frame = 0;  // the Kick / Disconnect message, or the first FIN / RST
    bool fin[2] = {false, false};
    // Analyses.
    uint64_t map_chunks = 0, chunks_summarised = 0, pre_chunks = 0;
    uint64_t corrections = 0;
    double max_correction = 0;
    uint64_t keepalives[2] = {0, 0};
    size_t entities_spawned = 0, entities_alive = 0, columns_loaded = 0;
};

struct Settings {
    double correction_far = 0.5;  // blocks: a correction beyond is a warning
    double client_silence = 60;   // seconds: 1200 ticks at 20 per second
};

class Connection {
public:
    // `inflater` is shared by the connections of one thread.
    explicit Connection(core::Inflater& inflater, const Settings& settings = Settings());

    // One whole message of direction `d`, as framing(d) cut it.
    void message(Side d, const uint8_t* p, uint32_t len, const core::Span& span, MessageSink& sink);
    // Bytes framing(d) just gave up on (Invalid): a Message of kind Unframed
    // with the reason (an unknown id, a negative count, a length too large).
    void unframed(Side d, const uint8_t* p, uint32_t len, const core::Span& span, MessageSink& sink);

    // Framing by parsing, for desegmentation (plugin) or a stream buffer.
    StreamFraming& framing(Side d) { return framing_[int(d)]; }

    // Side `d` ended: FIN, or RST (`reset`), in frame `o`.
    void closed(Side d, bool reset, const core::Origin& o);
    // The capture ended (its last frame `last`): how the connection ended,
    // as events, unless a Kick or Disconnect said it on its message.
    void finish(MessageSink& sink, const core::Origin& last);

    State state() const { return state_; }
    const ConnectionSummary& summary() const { return sum_; }
    // The capture starts inside the connection, after the login: play, and
    // entities and columns never seen may predate the capture (their use,
    // destroy or unload is no finding).
    void start_mid_stream() {
        state_ = State::Play;
        picked_up_ = true;
    }

private:
    // A message of direction `d` from these bytes, in the current state (counted).
    void begin(Message& m, Side d, const uint8_t* p, uint32_t len, const core::Span& span);
    void check_state(Message& m);
    void analyse(Message& m, const MessageValues& v);
    void map_chunk(Message& m, const MessageValues& v);
    void entity(Message& m, const MessageValues& v, const char* key, bool spawn, bool initialises = false);

    core::Inflater& inflater_;
    Settings settings_;
    StreamFraming framing_[2];
    State state_ = State::Login;
    bool picked_up_ = false;
    Columns columns_;
    Entities entities_;
    Movement movement_;
    bool ended_[2] = {false, false};
    bool after_end_reported_[2] = {false, false};
    bool have_time_[2] = {false, false};
    double last_time_[2] = {0, 0};
    double keepalive_time_[2] = {0, 0};
    uint64_t keepalive_frame_[2] = {0, 0};
    uint64_t fin_frame_[2] = {0, 0};
    bool reset_ = false;
    uint64_t reset_frame_ = 0;
    bool ends_first(const Message& m) const;
    Side closed_by_ = Side::Client;  // the side whose FIN / RST ended it
    uint64_t end_carried_ = 0;                      // and the frame that carried it
    char client_reason_[256] = {};
    ConnectionSummary sum_;
};

}  // namespace mcalpha
