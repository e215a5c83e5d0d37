// The keys of encrypted Minecraft Bedrock connections, from a key log (what
// SSLKEYLOGFILE is to TLS; docs/bedrock.md, "Encrypted sessions"). Each
// line names its connection by the salt of the Server To Client
// Handshake's JWT, which the capture shows in clear:
//
//   BEDROCK_KEY <salt hex> <AES-256 key, 64 hex digits>
//   BEDROCK_SHARED_SECRET <salt hex> <ECDH shared secret hex>
//       the key is SHA-256(salt || secret), as the game derives it;
//   <64 hex digits>
//       MC_Dissector's "secret key": a key alone, for the connection whose
//       salt no other line names (one key, so one connection).
//
// Hex, either case; '#' starts a comment line. Read alone (parse, load),
// lines of other forms are left alone: a file may hold Minecraft Java's
// SHARED_SECRET lines too (the analyzer says which lines no protocol takes).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/key_log_reader.hpp"

namespace bedrock {

using Key = std::array<uint8_t, 32>;

// SHA-256(salt || secret): the game's key derivation.
Key derive_key(std::string_view salt, std::string_view secret);

class KeyLog {
public:
    enum class Source : uint8_t { Key, SharedSecret, BareKey };
    struct Found {
        Key key;
        Source source;
        uint32_t index = 0;  // in the order of the lines taken
    };

    void parse(std::string_view text);
    // Reads a file; false (and `error`) when it cannot be read.
    bool load(const std::string& path, std::string& error);

    // One line's key: null when it is one of the forms above, else why not.
    const char* take(const core::KeyLogLine& l);

    // The key of the connection whose salt (raw bytes) is `salt`; the bare
    // key when no line names it; nothing when neither. A found one counts
    // as used.
    std::optional<Found> find(std::string_view salt) const;
    size_t size() const { return by_salt_.size() + (bare_ ? 1 : 0); }
    // Keys a connection used so far (from any thread).
    size_t used() const;

private:
    core::KeyLogReader reader_;
    std::unordered_map<std::string, Found> by_salt_;
    std::optional<Found> bare_;
    // One flag per line taken (Found::index); a deque never moves them.
    mutable std::deque<std::atomic<bool>> used_;
};

const char* source_name(KeyLog::Source s);  // "BEDROCK_KEY", "BEDROCK_SHARED_SECRET", "bare key"

}  // namespace bedrock
