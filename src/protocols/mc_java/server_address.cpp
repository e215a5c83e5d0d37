#include "server_address.hpp"

#include <cstring>

namespace mcjava {

using namespace core::describe;
using core::Kind;

namespace {

constexpr uint8_t kNul = 0;
constexpr uint32_t kMaxHost = 255;  // vanilla's limit; a proxy's additions come on top

F forge_marker() {
    return text("forge_marker", "Forge marker", until(kNul))
        .desc("a Forge client: FML (1.7-1.12), FML2 (1.13-1.17), FML3 (1.18 on)");
}

}  // namespace

F server_address() {
    F a = text("server_address", "Server address", prefix(Kind::VarInt))
              .desc("as sent: the host, and after a NUL what a proxy (BungeeCord, Velocity) or Forge added");
    a.sub = {
        text("host", "Host", until(kNul), kMaxHost).summary(),
        select_ahead(kNul, {on_text("FML", {forge_marker()}), on_text("FML2", {forge_marker()}),
                            on_text("FML3", {forge_marker()})},
                     {array("forwarding", "Proxy forwarding", rest(), {
                          text("client_address", "Client address", until(kNul))
                              .desc("where the player connected to the proxy from"),
                          text("player_uuid", "Player UUID", until(kNul), 32).desc("32 hex digits, no dashes"),
                          text("properties", "Profile properties", until(kNul))
                              .desc("JSON array of name, value and signature (the skin); empty: none sent"),
                      }).max(1)}),
    };
    return a;
}

void describe_server_address(std::vector<F>& rows) {
    for (F& r : rows)
        if (r.f.key && std::strcmp(r.f.key, "server_address") == 0 && r.f.kind == Kind::Text) r = server_address();
}

}  // namespace mcjava
