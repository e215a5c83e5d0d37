#include "packet_reader.hpp"

#include <cstring>

#include "core/schema_cache.hpp"

namespace raknet {
namespace {

using core::FieldId;
using core::kNoField;

// The filter fields whose values the analysis keeps.
struct Ids {
    FieldId seq, frame, flags, length_bits, message_index, sequencing_index, order_index, order_channel, split_count,
        split_id, split_index, body, ack_record, nak_record, ack_single, nak_single, ack_min, nak_min, ack_max, nak_max,
        ack_count, nak_count;
};

FieldId id_of(const core::Schema& s, const char* abbrev) {
    const core::FieldInfo* f = s.find(abbrev);
    return f ? f->id : kNoField;
}

const Ids& ids(const core::Schema& compiled) {
    return core::per_schema<Ids>(compiled, [](const core::Schema& s) {
        return Ids{id_of(s, "raknet.datagram.seq"),
                   id_of(s, "raknet.datagram.frame"),
                   id_of(s, "raknet.datagram.flags"),
                   id_of(s, "raknet.datagram.length_bits"),
                   id_of(s, "raknet.datagram.message_index"),
                   id_of(s, "raknet.datagram.sequencing_index"),
                   id_of(s, "raknet.datagram.order_index"),
                   id_of(s, "raknet.datagram.order_channel"),
                   id_of(s, "raknet.datagram.split_count"),
                   id_of(s, "raknet.datagram.split_id"),
                   id_of(s, "raknet.datagram.split_index"),
                   id_of(s, "raknet.datagram.body"),
                   id_of(s, "raknet.ack.record"),
                   id_of(s, "raknet.nak.record"),
                   id_of(s, "raknet.ack.single"),
                   id_of(s, "raknet.nak.single"),
                   id_of(s, "raknet.ack.min"),
                   id_of(s, "raknet.nak.min"),
                   id_of(s, "raknet.ack.max"),
                   id_of(s, "raknet.nak.max"),
                   id_of(s, "raknet.ack.record_count"),
                   id_of(s, "raknet.nak.record_count")};
    });
}

class Keep {
public:
    Keep(const Ids& ids, const uint8_t* p, ParsedPacket& out, uint32_t max_frames, uint32_t max_records)
        : ids_(ids), p_(p), out_(out), max_frames_(max_frames), max_records_(max_records) {}

    void open(const core::Item& it) {
        const FieldId f = it.info->id;
        if (depth_ < kStack) stack_[depth_] = f;
        ++depth_;
        if (f == ids_.frame) {
            ++out_.frames_total;
            frame_ = out_.frames.size() < max_frames_ ? &out_.frames.emplace_back() : nullptr;
            if (frame_) frame_->offset = it.offset;
        } else if (f == ids_.ack_record || f == ids_.nak_record) {
            ++out_.records_total;
            record_ = out_.records.size() < max_records_ ? &out_.records.emplace_back() : nullptr;
        } else {
            leaf(it);  // a value with children (the frame flags) is a value too
        }
    }
    void close() {
        if (depth_ > 0) --depth_;
    }
    void set_length(uint32_t n) {
        if (depth_ > 0 && depth_ <= kStack && stack_[depth_ - 1] == ids_.frame && frame_) frame_->length = n;
    }
    void finding(const core::Finding& f) {
        if (f.severity() != core::Severity::Comment) ++out_.decode_findings;
    }

    void leaf(const core::Item& it) {
        const FieldId f = it.info->id;
        const uint32_t u = uint32_t(it.u);
        if (f == ids_.seq) {
            out_.seq = u;
            out_.has_seq = true;
        } else if (frame_ && f == ids_.flags) {
            frame_->flags = uint8_t(u);
            frame_->reliability = Reliability((u & kReliabilityMask) >> 5);
            frame_->split = (u & kSplitFlag) != 0;
        } else if (frame_ && f == ids_.length_bits) {
            frame_->length_bits = u;
        } else if (frame_ && f == ids_.message_index) {
            frame_->message_index = u;
        } else if (frame_ && f == ids_.sequencing_index) {
            frame_->sequencing_index = u;
        } else if (frame_ && f == ids_.order_index) {
            frame_->order_index = u;
        } else if (frame_ && f == ids_.order_channel) {
            frame_->channel = uint8_t(u);
        } else if (frame_ && f == ids_.split_count) {
            frame_->split_count = u;
        } else if (frame_ && f == ids_.split_id) {
            frame_->split_id = uint16_t(u);
        } else if (frame_ && f == ids_.split_index) {
            frame_->split_index = u;
        } else if (frame_ && f == ids_.body) {
            frame_->body_offset = uint32_t(reinterpret_cast<const uint8_t*>(it.s.data()) - p_);
            frame_->body_len = uint32_t(it.s.size());
            frame_->complete = true;
        } else if (f == ids_.ack_count || f == ids_.nak_count) {
            out_.record_count = u;
        } else if (record_ && (f == ids_.ack_single || f == ids_.nak_single)) {
            record_->single = u != 0;
        } else if (record_ && (f == ids_.ack_min || f == ids_.nak_min)) {
            record_->min = record_->max = u;
            record_->complete = record_->single;
        } else if (record_ && (f == ids_.ack_max || f == ids_.nak_max)) {
            record_->max = u;
            record_->complete = true;
        } else if (!out_.has_seq && out_.kind == PacketKind::Offline) {
            message_value(it);
        }
    }

private:
    // Offline and system messages: a few fields, by their row's key.
    void message_value(const core::Item& it) {
        const char* k = it.node->key;
        MessageValues& v = out_.values;
        if (std::strcmp(k, "magic") == 0) {
            v.has_magic = true;
            v.magic_offset = it.offset;
            v.magic_ok = it.s.size() == kMagicSize && std::memcmp(it.s.data(), kMagic, kMagicSize) == 0;
        } else if (std::strcmp(k, "protocol") == 0) {
            v.protocol = uint8_t(it.u);
        } else if (std::strcmp(k, "use_security") == 0) {
            v.use_security = it.u != 0;
        } else if (std::strcmp(k, "mtu") == 0) {
            v.mtu = uint16_t(it.u);
        } else if (std::strcmp(k, "time") == 0) {
            v.time = it.u;
        } else if (std::strcmp(k, "ping_time") == 0) {
            v.ping_time = it.u;
            v.has_ping_time = true;
        } else if (std::strcmp(k, "pong_time") == 0) {
            v.pong_time = it.u;
            v.has_pong_time = true;
        }
    }

    static constexpr uint32_t kStack = 16;
    const Ids& ids_;
    const uint8_t* p_;
    ParsedPacket& out_;
    uint32_t max_frames_, max_records_;
    WireFrame* frame_ = nullptr;
    Record* record_ = nullptr;
    FieldId stack_[kStack] = {};
    uint32_t depth_ = 0;
};

}  // namespace

void PacketReader::read(const core::Schema& s, const uint8_t* p, uint32_t len, const core::DecodeContext& ctx,
                        ParsedPacket& out) {
    out.frames.clear();
    out.records.clear();
    out.frames_total = out.records_total = out.record_count = 0;
    out.values = MessageValues{};
    out.decode_findings = 0;
    out.has_seq = false;
    out.seq = 0;
    out.id = len ? p[0] : 0;
    out.kind = len && ctx.table == 0 ? packet_kind(p[0]) : PacketKind::Offline;
    Keep k(ids(s), p, out, max_frames_, max_records_);
    out.summary = core::decode(s, p, len, ctx, k);
}

}  // namespace raknet
