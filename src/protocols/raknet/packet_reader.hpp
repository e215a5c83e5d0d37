// Reads one UDP payload (or one frame body) through the core decoder into
// plain values the analysis works on: a datagram's number and frames, an
// ACK's or NAK's records, an offline or system message's few fields the
// connection's state needs. The bytes are read by the decoder only (the
// rows in *_rows.cpp); this visitor just keeps what it is told, by field.
// Reused per connection: its vectors keep their capacity, so a packet costs
// no allocation once the largest one was seen.
#pragma once

#include <cstdint>
#include <vector>

#include "constants.hpp"
#include "core/decoder.hpp"

namespace raknet {

// One encapsulated frame, as on the wire.
struct WireFrame {
    uint32_t offset = 0, length = 0;  // the whole frame in the payload
    uint32_t body_offset = 0, body_len = 0;
    uint8_t flags = 0;
    Reliability reliability = Reliability::Unreliable;
    bool split = false;
    bool complete = false;  // every field, body included, is there
    uint32_t length_bits = 0;
    uint32_t message_index = 0, sequencing_index = 0, order_index = 0;
    uint8_t channel = 0;
    uint32_t split_count = 0, split_index = 0;
    uint16_t split_id = 0;
};

// One ACK/NAK record.
struct Record {
    uint32_t min = 0, max = 0;
    bool single = false;
    bool complete = false;
};

// The fields of offline and system messages the connection uses (0 when
// the message has none).
struct MessageValues {
    bool has_magic = false, magic_ok = false;
    uint32_t magic_offset = 0;
    uint8_t protocol = 0;
    bool use_security = false;
    uint16_t mtu = 0;
    uint64_t time = 0, ping_time = 0, pong_time = 0;
    bool has_ping_time = false, has_pong_time = false;
};

struct ParsedPacket {
    core::MessageSummary summary;
    PacketKind kind = PacketKind::Offline;
    uint8_t id = 0;
    uint32_t seq = 0;
    bool has_seq = false;
    std::vector<WireFrame> frames;  // at most Options::max_frames
    uint32_t frames_total = 0;      // all the decoder saw
    std::vector<Record> records;    // at most Options::max_records
    uint32_t records_total = 0;
    uint32_t record_count = 0;      // the ACK/NAK's declared count
    MessageValues values;
    uint32_t decode_findings = 0;   // the decoder's findings above Comment
};

class PacketReader {
public:
    explicit PacketReader(uint32_t max_frames = 1024, uint32_t max_records = 4096)
        : max_frames_(max_frames), max_records_(max_records) {}
    // Decodes p[0, len) as a message of `ctx.table` into `out` (reset first).
    void read(const core::Schema& s, const uint8_t* p, uint32_t len, const core::DecodeContext& ctx, ParsedPacket& out);

private:
    uint32_t max_frames_, max_records_;
};

}  // namespace raknet
