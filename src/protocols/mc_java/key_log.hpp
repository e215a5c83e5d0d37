// The shared secrets of encrypted Minecraft Java connections, from a key
// log a client (or a proxy, or a Java agent) wrote: what SSLKEYLOGFILE is
// to TLS. Each connection's secret is found by something the capture shows
// in clear (docs/minecraft-java.md, "Encrypted sessions"):
//
//   SHARED_SECRET <encrypted shared secret> <shared secret>
//       keyed by the Encryption Response's encrypted shared secret, as sent
//       (unique per connection: RSA with random padding);
//   <verify token> <shared secret>
//       MC_Dissector's format, keyed by the Encryption Request's verify
//       token (4 random bytes: unique in practice).
//
// Hex, either case; the secret is 16 bytes (AES-128); '#' starts a
// comment line. Lines not understood are counted, not fatal.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

namespace mcjava {

using SharedSecret = std::array<uint8_t, 16>;

class KeyLog {
public:
    // Adds the entries of a key log's text.
    void parse(std::string_view text);
    // Reads a file; false (and `error`) when it cannot be read.
    bool load(const std::string& path, std::string& error);

    // The secret of the connection whose Encryption Response carried
    // `encrypted_secret` (tried first) or whose Encryption Request carried
    // `verify_token`; null when the log has neither.
    const SharedSecret* find(std::string_view encrypted_secret, std::string_view verify_token) const;

    size_t size() const { return by_secret_.size() + by_token_.size(); }
    size_t bad_lines() const { return bad_lines_; }

private:
    std::unordered_map<std::string, SharedSecret> by_secret_;  // raw bytes of the encrypted secret
    std::unordered_map<std::string, SharedSecret> by_token_;   // raw bytes of the verify token
    size_t bad_lines_ = 0;
};

// The key log named by the environment (MINECRAFT_KEY_LOG_FILE, as
// SSLKEYLOGFILE), or null when it is not set.
const char* key_log_from_environment();

}  // namespace mcjava
