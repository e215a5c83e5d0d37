// The JSON Web Tokens of Bedrock's login: the Server To Client Handshake's
// (its payload carries the key's salt) and the Login's chain and client
// data (who logs in, on what device). Read, never verified: blankshark has
// no keys to check the signatures with, and says so.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace bedrock {

// Base64 (standard or URL alphabet, padding optional) to bytes; false on a
// character outside both.
bool base64_decode(std::string_view in, std::string& out);

// The salt (raw bytes) of a Server To Client Handshake token; false when the
// token is not a JWT with a base64 "salt" in its payload.
bool handshake_salt(std::string_view token, std::string& salt);

// What the Login tells about the player, from its identity chain (JSON with
// "chain", or from 1.21.90 a "Certificate" holding it) and its client data
// JWT. Signatures are not verified.
struct LoginInfo {
    uint32_t chain_tokens = 0;   // JWTs in the chain that decoded
    std::string display_name, xuid, identity, title_id;
    std::string device_os, device_model, game_version, server_address, language;
    bool client_data = false;    // the client data JWT decoded
};
bool read_login(std::string_view identity, std::string_view client, LoginInfo& out);

// DeviceOS's name ("Android", "Windows 10", ...), or null.
const char* device_os_name(int64_t os);

}  // namespace bedrock
