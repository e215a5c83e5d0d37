// The Bedrock releases blankshark decodes, as data: one per protocol number
// minecraft-data describes (mcdata/), oldest first, each a core::Version
// (header: a VarInt whose low 10 bits are the packet id and the next four
// the sub-client numbers; one message table for both directions) built on
// first use. What a release does on the wire beside its packets (cipher,
// login order, compression header) follows from its protocol number.
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

#include "core/message.hpp"

namespace bedrock {

// Protocol numbers where the wire changed (the captures' README, "What a
// decoder must know").
constexpr int32_t kCtrFrom = 431;              // 1.16.220: AES-256-CTR (GCM without tags); before, CFB8
constexpr int32_t kNetworkSettingsFrom = 554;  // 1.19.30: Request Network Settings before the Login
constexpr int32_t kCompressorByteFrom = 649;   // 1.20.60: a compression header byte on every batch

class VersionInfo {
public:
    VersionInfo(int32_t protocol, const char* name, uint32_t description)
        : protocol(protocol), name(name), description_(description) {}
    VersionInfo(const VersionInfo&) = delete;
    VersionInfo& operator=(const VersionInfo&) = delete;

    const int32_t protocol;  // 630
    const char* const name;  // "1.20.50" (several releases of one protocol: "1.19.62/1.19.63")
    uint32_t index = 0;      // position in versions()

    bool ctr() const { return protocol >= kCtrFrom; }
    bool network_settings_first() const { return protocol >= kNetworkSettingsFrom; }
    bool compressor_byte() const { return protocol >= kCompressorByteFrom; }

    // The core's description: built on first use (milliseconds each; a
    // capture needs one or two of the 53).
    const core::Version& version() const;

private:
    const uint32_t description_;  // index into mcdata::descriptions()
    mutable std::once_flag built_;
    mutable core::Version version_{};
    mutable core::MessageTable table_{};
};

const std::vector<const VersionInfo*>& versions();
const VersionInfo* find_version(int32_t protocol);
// The known release closest to `protocol` (ties: the older).
const VersionInfo& nearest_version(int32_t protocol);
// What a connection is decoded with before its release is known: the newest.
const VersionInfo& default_version();

}  // namespace bedrock
