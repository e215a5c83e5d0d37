// A request and its answer on one Minecraft Java connection: a Keep Alive
// and the client's echo, a status Ping and its Pong, a teleport (clientbound
// Player Position And Look) and its Teleport Confirm. The trackers keep one
// Exchange per request for the connection's lifetime (stable addresses), so
// the front ends can link the two frames both ways (Wireshark's
// request/response convention: response_in on the request, request_in and
// the time on the answer).
#pragma once

#include <cstdint>

namespace mcjava {

enum class ExchangeKind : uint8_t { KeepAlive, StatusPing, Teleport };

struct Exchange {
    ExchangeKind kind = ExchangeKind::KeepAlive;
    int64_t id = 0;                  // keep-alive id, ping payload, teleport id
    uint64_t request_frame = 0, answer_frame = 0;  // answer_frame 0: not answered (yet)
    bool has_id = true;              // false: a request its version has no answer for (a 1.8 teleport)
    double request_time = 0, answer_time = 0;
    bool answered() const { return answer_frame != 0; }
    double delay() const { return answer_time - request_time; }

    // Teleports: where the server put the client (relative flags applied),
    // and where the client last said it was (its position packets).
    double x = 0, y = 0, z = 0;
    uint8_t flags = 0;
    bool has_client = false;
    double client_x = 0, client_y = 0, client_z = 0;
    uint64_t client_frame = 0;
    double distance = 0;             // blocks between the two (0 without a client position)
};

// What a packet is to the trackers: the request or the answer of an
// exchange, or nothing.
struct PacketLink {
    const Exchange* exchange = nullptr;
    bool is_answer = false;
};

}  // namespace mcjava
