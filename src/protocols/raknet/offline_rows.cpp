// Offline messages: the first byte of a UDP payload below 0x80, the
// 16-byte magic inside (seed 002 "Login Packets"; RakNet RakPeer.cpp,
// ProcessOfflineNetworkPacket; Wireshark packet-raknet.c for names).
//
// Decisions where seed 002 and real RakNet differ:
// - Open Connection Request 2: the seed's "Security + Cookie" (5 bytes,
//   "usually similar to 0x043f57fefd") and "Server UDP Port" are RakNet's
//   system address: 0x04 = IPv4, then the four bytes of the address inverted
//   (~c0 a8 01 02 = 192.168.1.2) and the port. The seed's own Server
//   Handshake (0x10) and Client Handshake (0x13) show the same
//   "043f57fe..." bytes where RakNet writes addresses, so both versions
//   decode it as an address (the length, 34 bytes, is the seed's).
// - Incompatible Protocol Version: the seed says 0x1A, but its other ids
//   are RakNet's (0x1C pong = 28, 0x1D advertise = 29), in which 0x19 (25) is
//   ID_INCOMPATIBLE_PROTOCOL_VERSION and 0x1A is ID_IP_RECENTLY_CONNECTED.
//   Both versions follow RakNet.
// - The seed's "ID_CONNECTED_PING_OPEN_CONNECTIONS (0x01)" is RakNet's
//   ID_UNCONNECTED_PING and its "ID_UNCONNECTED_PING_OPEN_CONNECTIONS (0x1C)"
//   the Unconnected Pong; names follow RakNet.
// - Open Connection Reply 2: the seed (30 bytes) carries the client's port
//   where RakNet 4.081 carries the client's address: a version difference
//   (the Generation), not a contradiction.
#include "constants.hpp"
#include "rows.hpp"

namespace raknet {

using namespace core::describe;
using core::Kind;

namespace {

F magic() { return bytes_fixed("magic", "Offline message data ID", kMagicSize).desc("always 00ffff00fefefefefdfdfdfd12345678"); }
F ms_time(const char* key, const char* name) { return u64(key, name).unit("ms").desc("RakNet::GetTime(): ms since the sender started"); }
F guid(const char* key, const char* name) { return u64(key, name).hex(); }
F address(const char* key, const char* name) { return use(key, name, address_type()); }

// Unconnected Ping (0x01) and Unconnected Ping Open Connections (0x02).
std::vector<F> ping(Generation g) {
    std::vector<F> rows = {ms_time("time", "Time").summary(), magic()};
    if (g == Generation::Current) rows.push_back(guid("client_guid", "Client GUID"));
    return rows;
}

// Unconnected Pong (0x1C) and Advertise System (0x1D): the seed's string,
// a u16 length before the bytes (Bedrock servers and jsp-raknet do so;
// plain RakNet appends the application's bytes raw, see the captures'
// README).
std::vector<F> pong() {
    return {ms_time("time", "Ping time").summary(), guid("server_guid", "Server GUID"), magic(),
            text("server_id", "Server ID string", prefix(Kind::U16), 0, core::Encoding::Raw).summary()};
}

// Messages RakNet answers an Open Connection Request 2 with instead of a reply.
std::vector<F> refusal() { return {magic(), guid("server_guid", "Server GUID")}; }

}  // namespace

std::vector<M> offline_messages(Generation g) {
    std::vector<M> m;
    m.push_back(msg(id::kUnconnectedPing, "unconnected_ping", "Unconnected Ping", ping(g)));
    m.push_back(msg(id::kUnconnectedPingOpenConnections, "unconnected_ping_open_connections",
                    "Unconnected Ping Open Connections", ping(g)));
    m.push_back(msg(id::kOpenConnectionRequest1, "open_connection_request_1", "Open Connection Request 1", {
        magic(),
        u8("protocol", "RakNet protocol version").summary(),
        // The client sends this message padded to the MTU it tries (seed:
        // 1447, 1155, 531 bytes of padding); the MTU is the UDP payload + 28.
        bytes("mtu_padding", "MTU padding", rest()).desc("zeros up to the MTU being tried"),
    }));
    m.push_back(msg(id::kOpenConnectionReply1, "open_connection_reply_1", "Open Connection Reply 1", {
        magic(),
        guid("server_guid", "Server GUID"),
        boolean("use_security", "Use security"),
        when("use_security", 0, {u32("cookie", "Cookie").hex(), bytes_fixed("public_key", "Server public key", 64)}),
        u16("mtu", "MTU size").summary(),
        // RakNet pads this reply to the MTU too ("so the MTU is tested in
        // both directions"); jsp-raknet does not.
        bytes("padding", "MTU padding", rest()),
    }));
    m.push_back(msg(id::kOpenConnectionRequest2, "open_connection_request_2", "Open Connection Request 2", {
        magic(),
        select("$security", {on(1, {
            u32("cookie", "Cookie").hex(),
            boolean("client_wrote_challenge", "Client wrote challenge"),
            when("client_wrote_challenge", 0, {bytes_fixed("challenge", "Client challenge", 64)}),
        })}),
        address("server_address", "Server address"),
        u16("mtu", "MTU size").summary(),
        guid("client_guid", "Client GUID"),
    }));
    if (g == Generation::Seed002) {
        m.push_back(msg(id::kOpenConnectionReply2, "open_connection_reply_2", "Open Connection Reply 2", {
            magic(),
            guid("server_guid", "Server GUID"),
            u16("client_port", "Client UDP port").summary(),
            u16("mtu", "MTU size").summary(),
            u8("security", "Security").desc("the MCPE 0.x protocol document: always 0"),
        }));
    } else {
        m.push_back(msg(id::kOpenConnectionReply2, "open_connection_reply_2", "Open Connection Reply 2", {
            magic(),
            guid("server_guid", "Server GUID"),
            address("client_address", "Client address"),
            u16("mtu", "MTU size").summary(),
            boolean("use_security", "Use security"),
            when("use_security", 0, {bytes_fixed("answer", "Server answer", 128)}),
        }));
    }
    m.push_back(msg(id::kAlreadyConnected, "already_connected", "Already Connected", refusal()));
    m.push_back(msg(id::kNoFreeIncomingConnections, "no_free_incoming_connections", "No Free Incoming Connections",
                    refusal()));
    m.push_back(msg(id::kConnectionBanned, "connection_banned", "Connection Banned", refusal()));
    m.push_back(msg(id::kIncompatibleProtocolVersion, "incompatible_protocol_version", "Incompatible Protocol Version", {
        u8("protocol", "RakNet protocol version").summary().desc("the server's"),
        magic(),
        guid("server_guid", "Server GUID"),
    }));
    m.push_back(msg(id::kIpRecentlyConnected, "ip_recently_connected", "IP Recently Connected", refusal()));
    m.push_back(msg(id::kUnconnectedPong, "unconnected_pong", "Unconnected Pong", pong()));
    m.push_back(msg(id::kAdvertiseSystem, "advertise_system", "Advertise System", pong()));
    return m;
}

}  // namespace raknet
