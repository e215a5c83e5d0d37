// Handshaking, Status and Login (seed 003, "Handshaking", "Status",
// "Login"): the same in 404 and the 1.14 family.
#include "server_address.hpp"
#include "versions.hpp"

namespace mcjava {

using namespace core::describe;
using core::Kind;
using core::ValueString;

namespace {

constexpr ValueString kNextStates[] = {{1, "status"}, {2, "login"}, {0, nullptr}};

}  // namespace

void add_handshake_status_login(std::vector<core::MessageTable>& tables, const Types&) {
    tables[table_index(State::Handshaking, Side::Client)] = table("handshake.sb", "handshaking, serverbound", {
        msg(0x00, "handshake", "Handshake", {
            varint("protocol_version", "Protocol version").summary(),
            server_address(),
            u16("server_port", "Server port"),
            varint("next_state", "Next state").vals(kNextStates).summary(),
        }),
    });
    tables[table_index(State::Handshaking, Side::Server)] = table("handshake.cb", "handshaking, clientbound", {});
    tables[table_index(State::Status, Side::Client)] = table("status.sb", "status, serverbound", {
        msg(0x00, "request", "Request", {}),
        msg(0x01, "ping", "Ping", {i64("payload", "Payload").summary()}),
    });
    tables[table_index(State::Status, Side::Server)] = table("status.cb", "status, clientbound", {
        msg(0x00, "response", "Response", {string("json", "JSON response", 32767)}),
        msg(0x01, "pong", "Pong", {i64("payload", "Payload").summary()}),
    });
    tables[table_index(State::Login, Side::Client)] = table("login.sb", "login, serverbound", {
        msg(0x00, "login_start", "Login Start", {string("name", "Name", 16).summary()}),
        msg(0x01, "encryption_response", "Encryption Response", {
            byte_array("shared_secret", "Shared secret"),
            byte_array("verify_token", "Verify token"),
        }),
        msg(0x02, "login_plugin_response", "Login Plugin Response", {
            varint("message_id", "Message ID").summary(),
            boolean("successful", "Successful"),
            when("successful", 0, {rest("data", "Data")}),
        }),
    });
    tables[table_index(State::Login, Side::Server)] = table("login.cb", "login, clientbound", {
        msg(0x00, "disconnect", "Disconnect (login)", {chat("reason", "Reason").summary()}),
        msg(0x01, "encryption_request", "Encryption Request", {
            string("server_id", "Server ID", 20),
            byte_array("public_key", "Public key"),
            byte_array("verify_token", "Verify token"),
        }),
        msg(0x02, "login_success", "Login Success", {
            string("uuid", "UUID", 36).summary(),
            string("username", "Username", 16).summary(),
        }),
        msg(0x03, "set_compression", "Set Compression", {varint("threshold", "Threshold").summary()}),
        msg(0x04, "login_plugin_request", "Login Plugin Request", {
            varint("message_id", "Message ID").summary(),
            identifier("channel", "Channel").summary(),
            rest("data", "Data"),
        }),
    });
}

}  // namespace mcjava
