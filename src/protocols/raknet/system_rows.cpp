// RakNet's system messages: frame bodies below 0x80 (seed 002 "Encapsulated
// Login packets", "Ping/Pong"; RakNet RakPeer.cpp, RunUpdateCycle and
// ParseConnectionRequestPacket).
//
// Decisions where seed 002 contradicts itself or RakNet:
// - Client Connect (0x09): the seed's clientID / session / unknown byte
//   are RakNet's client GUID, time and "do security" byte (18 bytes both).
// - Server Handshake (0x10, 96 bytes) and Client Handshake (0x13, 94
//   bytes): the seed splits the same bytes into cookies, "security flags",
//   ports and "data arrays" built from triads. Its lengths are exactly
//   RakNet's: 0x10 = client address (7) + system index (2) + 10 internal
//   addresses (70) + two times (16); 0x13 = server address (7) + 10 internal
//   addresses (70) + two times (16). Its "cookie 043f57fe" + "security
//   0xcd" are an address (version 4, inverted bytes) in both messages, so
//   the seed reads its own bytes two ways. Real RakNet wins.
// - The number of internal addresses is not fixed: RakNet writes
//   MAXIMUM_NUMBER_OF_INTERNAL_IDS of them (10), jsp-raknet 20 (see the
//   captures' README). The list is whatever lies before the two times.
// - Connected Pong (0x03): one time in the seed (9 bytes), the ping's and
//   the pong's times today (17): a version difference.
#include "constants.hpp"
#include "rows.hpp"

namespace raknet {

using namespace core::describe;
using core::ByteOrder;
using core::Kind;

namespace {

F ms_time(const char* key, const char* name) { return u64(key, name).unit("ms"); }
F address(const char* key, const char* name) { return use(key, name, address_type()); }
const core::TypeDef* internal_address_type();

// Internal addresses up to the two times at the end (16 bytes).
F internal_addresses() {
    F a = array("internal_addresses", "Internal addresses", rest_but(16), {});
    a.sub = {use("internal_address", "Internal address", internal_address_type())};
    return a;
}

}  // namespace

namespace {

// The address rows; `summary`: its IP address and port go to the one-line
// summary (a message's own address, not each of the 10 or 20 internal ones).
const core::TypeDef* make_address_type(bool summary) {
    const auto sum = [summary](F f) { return summary ? f.summary() : f; };
    core::TypeDef* d = arena().type("address", "RakNet system address (BitStream::Write(SystemAddress))");
    arena().define(d, {
        u8("version", "IP version"),
        select("version", {
            on(4, {sum(ipv4("ipv4", "IPv4 address", 0xFFFFFFFF)), sum(u16("port", "Port"))}),
            // sockaddr_in6 as the sender's memory holds it: family in the
            // host's order (little-endian on the platforms RakNet runs on).
            on(6, {
                u16("family", "Address family").order(ByteOrder::Little),
                sum(u16("port", "Port")),
                u32("flow_info", "Flow info"),
                bytes_fixed("ipv6", "IPv6 address", 16),
                u32("scope_id", "Scope ID"),
            }),
        }),
    });
    return d;
}

// The same fields (the same filter names), out of the summary.
const core::TypeDef* internal_address_type() {
    static const core::TypeDef* t = make_address_type(false);
    return t;
}

}  // namespace

const core::TypeDef* address_type() {
    static const core::TypeDef* t = make_address_type(true);
    return t;
}

std::vector<M> system_messages(Generation g) {
    std::vector<M> m;
    m.push_back(msg(id::kConnectedPing, "connected_ping", "Connected Ping", {ms_time("time", "Ping time").summary()}));
    if (g == Generation::Seed002)
        m.push_back(msg(id::kConnectedPong, "connected_pong", "Connected Pong",
                        {ms_time("ping_time", "Ping time").summary().desc("the MCPE 0.x protocol document: the identifier of the ping")}));
    else
        m.push_back(msg(id::kConnectedPong, "connected_pong", "Connected Pong",
                        {ms_time("ping_time", "Ping time").summary(), ms_time("pong_time", "Pong time")}));
    m.push_back(msg(id::kDetectLostConnections, "detect_lost_connections", "Detect Lost Connections", {}));
    m.push_back(msg(id::kConnectionRequest, "connection_request", "Connection Request", {
        u64("client_guid", "Client GUID").hex(),
        ms_time("time", "Time").summary(),
        boolean("use_security", "Use security"),
        when("use_security", 0, {
            bytes_fixed("proof", "Client proof", 32),
            boolean("use_client_key", "Use client key"),
            when("use_client_key", 0, {bytes_fixed("identity", "Client identity", 160)}),
        }),
        bytes("password", "Password", rest()),
    }));
    m.push_back(msg(id::kConnectionRequestAccepted, "connection_request_accepted", "Connection Request Accepted", {
        address("client_address", "Client address"),
        u16("system_index", "System index"),
        internal_addresses(),
        ms_time("request_time", "Request time").summary(),
        ms_time("accepted_time", "Accepted time"),
    }));
    m.push_back(msg(id::kNewIncomingConnection, "new_incoming_connection", "New Incoming Connection", {
        address("server_address", "Server address"),
        internal_addresses(),
        ms_time("request_time", "Request time").summary(),
        ms_time("accepted_time", "Accepted time"),
    }));
    m.push_back(msg(id::kDisconnectionNotification, "disconnection_notification", "Disconnection Notification", {}));
    m.push_back(msg(id::kInvalidPassword, "invalid_password", "Invalid Password", {}));
    m.push_back(msg(id::kTimestamp, "timestamped", "Timestamp", {  // not "timestamp": Wireshark's raknet.timestamp is a number
        ms_time("time", "Time").summary(),
        bytes("message", "Message", rest()).desc("the timestamped message"),
    }));
    return m;
}

}  // namespace raknet
