// A Minecraft Java connection as `check` reports it: the version and
// states, packets and bytes per direction (compressed and inflated), the
// TCP stream (retransmitted bytes, gaps), and how it ended.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "tcp/tcp_summary.hpp"
#include "mc_java/java_flows.hpp"

namespace blankshark {

class JavaSummary : public tcp::TcpSummary {
public:
    // Every packet of the connection, in order.
    void packet(const JavaPacket& p);
    // The connection's end (after its last packet).
    void close(const JavaConnection& c);

    const char* protocol() const override { return "Minecraft Java"; }
    std::string ended() const override;
    void text(Output& out) const override;
    void json(Output& out) const override;
    std::vector<const core::FindingTable*> tables() const override;
    std::string details() const override;
    Figures figures() const override;
    // The core's analysis of the connection (null before close()).
    const mcjava::Analysis* analysis() const { return analysis_.get(); }

private:
    struct Side {
        uint64_t packets = 0, bytes = 0;       // on the wire (decoded packets)
        uint64_t encrypted = 0;                 // bytes not decrypted (no key, or a wrong one)
        uint64_t undecoded = 0;                 // bytes no release reads (no Handshake)
        uint64_t compressed = 0, inflated = 0;  // zlib packets, and the bytes they inflate to
        uint64_t compressed_wire = 0;
        uint64_t retransmitted = 0, gaps = 0, missing = 0, unframed = 0;
        uint64_t fin_frame = 0, rst_frame = 0;
    };
    // "1.20.3/1.20.4 (protocol 765, from the Handshake)" and the like.
    std::string version_text() const;

    Side dir_[2];
    std::string version_;
    int32_t protocol_number_ = -1;
    bool version_known_ = false;   // the Handshake named it
    bool version_exact_ = false;   // ... and it is a release's
    bool inferred_ = false;        // no Handshake: what the release search found
    mcjava::Inferred inference_;
    mcjava::VersionSet range_ = 0;  // the releases that agree with every packet, at the end
    int64_t threshold_ = -1;
    bool compressed_framing_ = false;
    bool reached_[mcjava::kStateCount] = {};  // by mcjava::State
    bool decrypted_ = false;   // bytes after the Encryption Response decrypted with the key log
    bool wrong_key_ = false;   // the key log's secret did not decrypt it
    bool encrypted_ = false, legacy_ = false, midstream_ = false;
    std::string verify_token_, encrypted_secret_;  // hex: what a key log line would be found by
    uint64_t disconnect_frame_ = 0;
    std::string disconnect_reason_;
    mcjava::State disconnect_state_ = mcjava::State::Play;
    bool capture_end_ = false;
    std::shared_ptr<const mcjava::Analysis> analysis_;  // the core's, shared with the connection
};

}  // namespace blankshark
