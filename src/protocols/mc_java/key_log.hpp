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
// comment line. Lines not understood are counted, the first one kept with
// its reason, not fatal. A connection picked up after its Encryption
// Response has neither key: every secret is tried on it (entries()).
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/key_log_reader.hpp"

namespace mcjava {

using SharedSecret = std::array<uint8_t, 16>;

class KeyLog {
public:
    struct Entry {
        SharedSecret secret;
        uint32_t line;  // 1-based, in the text it came from
    };

    // Adds the entries of a key log's text.
    void parse(std::string_view text);
    // Adds one line's entry: null when it is one of the forms above, else
    // why not (the analyzer offers a shared key log's lines to every
    // protocol that decrypts: analyzer/key_log_option.hpp).
    const char* take(const core::KeyLogLine& l);
    // Reads a file; false (and `error`) when it cannot be read.
    bool load(const std::string& path, std::string& error);

    // The entry of the connection whose Encryption Response carried
    // `encrypted_secret` (tried first) or whose Encryption Request carried
    // `verify_token`; null when the log has neither. A found one counts as
    // used.
    const Entry* find(std::string_view encrypted_secret, std::string_view verify_token) const;
    // Every entry, in the order of the text (a later line with the same key
    // replaces an earlier one in find(), both stay here).
    const std::vector<Entry>& entries() const { return entries_; }
    // The entry decrypted a connection (find() marks its own).
    void mark_used(const Entry& e) const;

    size_t size() const { return by_secret_.size() + by_token_.size(); }
    // What reading it said: lines read (comments and blank ones included),
    // entries used so far by any connection, lines not understood and the
    // first of them (its number, 0: none, and why).
    size_t lines() const { return reader_.lines(); }
    size_t used() const;
    size_t bad_lines() const { return reader_.bad_lines(); }
    size_t first_bad_line() const { return reader_.first_bad_line(); }
    const char* first_bad_reason() const { return reader_.first_bad_reason(); }

private:
    core::KeyLogReader reader_;
    std::vector<Entry> entries_;
    std::unordered_map<std::string, size_t> by_secret_;  // raw bytes of the encrypted secret -> entries_
    std::unordered_map<std::string, size_t> by_token_;   // raw bytes of the verify token -> entries_
    // One flag per entry, set from any thread (the analyzer reads files in
    // parallel); a deque, which never moves its elements as it grows.
    mutable std::deque<std::atomic<bool>> used_;
};

}  // namespace mcjava
