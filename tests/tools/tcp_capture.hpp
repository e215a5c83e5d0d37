// Writes one TCP connection into a pcap file (Ethernet, IPv4), segment by
// segment, with real sequence and acknowledgement numbers and checksums:
// what the crafted captures of protocols without a living implementation
// need (tests/tools/mcalpha_make_captures.cpp). Sequence numbers may wrap;
// frames are stamped in order (a frame asked for earlier than the previous
// one is stamped just after it).
#pragma once

#include <cstdint>
#include <vector>

#include "pcap_writer.hpp"

namespace tcpcap {

struct Side {
    uint8_t mac[6];
    uint8_t ip[4];
    uint16_t port;
    uint32_t isn;
    uint32_t next = 0;    // our next sequence number
    uint32_t acked = 0;   // the peer's bytes we acknowledge
};

enum Flag : uint8_t { kFin = 0x01, kSyn = 0x02, kRst = 0x04, kPsh = 0x08, kAck = 0x10 };

class TcpCapture {
public:
    TcpCapture(blankshark::PcapWriter& w, Side client, Side server) : w_(w), side_{client, server} {}

    // SYN, SYN-ACK, ACK at t, t + rtt/2, t + rtt.
    void handshake(double t, double rtt);
    // A data segment of `from_client` with `len` bytes; `seq_offset` bytes
    // into its stream (a retransmission repeats an earlier offset). The
    // sender's next sequence number advances past it unless it is earlier.
    // Not `captured`: sent (and acknowledged) but missing from the capture.
    void data(double t, bool from_client, const uint8_t* p, uint32_t len, uint64_t seq_offset, bool captured = true);
    // An acknowledgement from `from_client` of everything the peer sent.
    void ack(double t, bool from_client);
    // Off: a side's segments acknowledge only what its last ack() did (a
    // receiver whose acknowledgements the capture does not show moving).
    void set_auto_ack(bool on) { auto_ack_ = on; }
    // FIN (with ACK) from `from_client`.
    void fin(double t, bool from_client);
    // Stream bytes sent so far by each side (client 0, server 1).
    uint64_t sent(bool from_client) const { return sent_[from_client ? 0 : 1]; }
    uint64_t frames() const { return frames_; }

private:
    void segment(double t, bool from_client, uint8_t flags, uint32_t seq, const uint8_t* p, uint32_t len);

    blankshark::PcapWriter& w_;
    Side side_[2];  // client, server
    uint64_t sent_[2] = {0, 0};
    bool fin_sent_[2] = {false, false};
    uint16_t ip_id_[2] = {0x1000, 0x2000};
    uint64_t frames_ = 0;
    bool auto_ack_ = true;
    double last_time_ = 0;
    std::vector<uint8_t> frame_;
};

}  // namespace tcpcap
