// Connected packets: the first byte has bit 0x80 set (seed 002 "Custom
// Packet (0x80-0x8F)", "NAK (0xA0)", "ACK (0xC0)", "Packet Encapsulation
// format"; RakNet ReliabilityLayer.cpp: DatagramHeaderFormat,
// WriteToBitStreamFromInternalPacket, CreateInternalPacketFromBitStream).
//
//   datagram  flags | seq u24 LE | frame*
//   frame     flags (reliability << 5 | split 0x10) | length u16 BE, in BITS |
//             [message index u24 LE]         reliable, reliable ordered/sequenced
//             [sequencing index u24 LE]      unreliable/reliable sequenced
//             [order index u24 LE, channel]  ordered and sequenced
//             [split count u32, split id u16, split index u32]  split flag
//             body, ceil(length / 8) bytes
//   ACK/NAK   flags | [AS f32, ACK with 0x20] | record count u16 |
//             records: single u8 (1: min == max) | min u24 LE | [max u24 LE]
//
// Decisions where seed 002 and real RakNet differ:
// - The seed's "Count 3 bytes" of a custom packet is the datagram
//   sequence number, u24 little-endian as RakNet writes it (the seed states
//   no byte order; its other integers are big-endian).
// - The seed's encapsulation "IDs" 0x00 / 0x40 / 0x60 are the flags byte of
//   unreliable / reliable / reliable ordered frames. Its 0x60 "Unknown 4
//   bytes, only sent on first iteration" are the order index and channel,
//   which RakNet writes in every reliable ordered frame.
// - Datagram flags beyond the seed's 0x80-0x8F: RakNet also sets packet
//   pair (0x10), so every first byte 0x80-0x9F is a datagram, 0xA0-0xBF a
//   NAK, 0xC0-0xFF an ACK (0xE0-0xFF with the AS float, never sent today).
#include "constants.hpp"
#include "rows.hpp"

namespace raknet {

using namespace core::describe;
using core::ByteOrder;
using core::Kind;

namespace {

constexpr core::ValueString kReliabilities[] = {
    {0, "unreliable"},
    {1, "unreliable sequenced"},
    {2, "reliable"},
    {3, "reliable ordered"},
    {4, "reliable sequenced"},
    {5, "unreliable with ack receipt"},
    {6, "reliable with ack receipt"},
    {7, "reliable ordered with ack receipt"},
    {0, nullptr},
};

F u24le(const char* key, const char* name) { return u24(key, name).order(ByteOrder::Little); }

F at_start(F f) {
    f.f.offset = 0;
    return f;
}

F message_index() { return u24le("message_index", "Reliable message index").summary(); }
F sequencing_index() { return u24le("sequencing_index", "Sequencing index"); }
F order_index() { return u24le("order_index", "Ordering index"); }
F order_channel() { return u8("order_channel", "Ordering channel"); }

std::vector<F> frame_rows() {
    const uint64_t kRel = kReliabilityMask;
    return {
        u8("flags", "Frame flags").hex().flags({
            bits("reliability", "Reliability", kReliabilityMask).vals(kReliabilities).summary(),
            flag("split", "Has split packet", kSplitFlag),
            bits("reserved", "Reserved bits", 0x0F),
        }),
        u16("length_bits", "Body length").unit("bits"),
        select("flags", {
            on(1 << 5, {sequencing_index(), order_index(), order_channel()}),
            on(2 << 5, {message_index()}),
            on(3 << 5, {message_index(), order_index(), order_channel()}),
            on(4 << 5, {message_index(), sequencing_index(), order_index(), order_channel()}),
            on(6 << 5, {message_index()}),
            on(7 << 5, {message_index(), order_index(), order_channel()}),
        }, {}, kRel),
        when("flags", kSplitFlag, {
            u32("split_count", "Split packet count"),
            u16("split_id", "Split packet ID"),
            u32("split_index", "Split packet index").summary(),
        }),
        bytes("body", "Body", field_bits(), "length_bits"),
    };
}

F frames() {
    F f = array("frame", "Frame", rest(), {});
    f.sub = frame_rows();
    return f;
}

std::vector<F> datagram_rows() {
    return {
        u24le("seq", "Datagram sequence number").summary(),
        frames(),
    };
}

std::vector<F> record_rows(bool with_as) {
    std::vector<F> rows;
    if (with_as) rows.push_back(f32("arrival_rate", "Data arrival rate (AS)"));
    rows.push_back(u16("record_count", "Record count"));  // summarised as the numbers: info_text.hpp
    rows.push_back(array("record", "Record", field_count(), {
        boolean("single", "Max equals min"),
        u24le("min", "Sequence number min"),
        select("single", {on(0, {u24le("max", "Sequence number max")})}),
    }, "record_count"));
    return rows;
}

std::vector<F> type_flags(PacketKind k) {
    std::vector<F> f = {flag("is_valid", "Is for connected peer", bit::kValid), flag("is_ack", "Is ACK", bit::kAck)};
    if (k == PacketKind::Ack) {
        f.push_back(flag("has_b_and_as", "Has B and AS", bit::kAckHasBAndAs));
    } else {
        f.push_back(flag("is_nak", "Is NAK", bit::kNak));
    }
    if (k == PacketKind::Datagram) {
        f.push_back(flag("is_pair", "Is packet pair", bit::kPacketPair));
        f.push_back(flag("is_continuous_send", "Is continuous send", bit::kContinuousSend));
        f.push_back(flag("needs_b_and_as", "Needs B and AS", bit::kNeedsBAndAs));
    }
    return f;
}

F packet_type(PacketKind k) {
    F t = u8("packet_type", "Packet type").hex();
    t.sub = type_flags(k);
    return at_start(t);
}

}  // namespace

core::Layout header_rows() {
    // The first byte twice: as the message id (which names the message in
    // the table) and, for connected packets, as RakNet's bits.
    static const core::Layout rows = arena().layout({
        at_start(u8("id", "Packet ID").hex()),
        at_start(select("id", {
            on(bit::kValid, {packet_type(PacketKind::Datagram)}),
            on(bit::kValid | bit::kNak, {packet_type(PacketKind::Nak)}),
            on(bit::kValid | bit::kAck, {packet_type(PacketKind::Ack)}),
            on(bit::kValid | bit::kAck | bit::kAckHasBAndAs, {packet_type(PacketKind::Ack)}),
        }, {}, 0xE0)),
    });
    return rows;
}

std::vector<M> connected_packets() {
    std::vector<M> m;
    for (uint32_t b = 0x80; b <= 0xFF; ++b) {
        switch (packet_kind(uint8_t(b))) {
        case PacketKind::Datagram: m.push_back(msg(b, "datagram", "Datagram", datagram_rows())); break;
        case PacketKind::Nak: m.push_back(msg(b, "nak", "NAK", record_rows(false))); break;
        case PacketKind::Ack: m.push_back(msg(b, "ack", "ACK", record_rows(b & bit::kAckHasBAndAs))); break;
        case PacketKind::Offline: break;
        }
    }
    return m;
}

}  // namespace raknet
