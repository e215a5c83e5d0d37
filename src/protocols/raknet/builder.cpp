#include "builder.hpp"

#include "schema.hpp"

namespace raknet {

using core::Value;

namespace {

Value header(uint8_t id) {
    // The first byte is the id and, for connected packets, the bits row
    // that reads the same byte: both get the same value.
    return Value{{"packet_type", int64_t(id)}};
}

std::string bytes_of(const std::vector<uint8_t>& b) { return std::string(b.begin(), b.end()); }

}  // namespace

std::vector<uint8_t> encode_datagram(Generation g, uint32_t seq, const std::vector<FrameSpec>& frames, uint8_t flags) {
    std::vector<Value> items;
    for (const FrameSpec& f : frames) {
        Value v{{"flags", int64_t(uint8_t(f.reliability) << 5 | (f.split ? kSplitFlag : 0))},
                {"length_bits", int64_t(f.body.size() * 8)},
                {"message_index", int64_t(f.message_index)},
                {"sequencing_index", int64_t(f.sequencing_index)},
                {"order_index", int64_t(f.order_index)},
                {"order_channel", int64_t(f.channel)},
                {"split_count", int64_t(f.split_count)},
                {"split_id", int64_t(f.split_id)},
                {"split_index", int64_t(f.split_index)},
                {"body", Value::bytes(bytes_of(f.body))}};
        items.push_back(std::move(v));
    }
    const uint8_t id = uint8_t(bit::kValid | (flags & 0x1C));
    return core::encode(schema(g), kPacketTable, id, Value{{"seq", int64_t(seq)}, {"frame", Value::list(items)}},
                        header(id));
}

std::vector<uint8_t> encode_ack(Generation g, bool nak, const std::vector<std::pair<uint32_t, uint32_t>>& ranges) {
    std::vector<Value> records;
    for (const auto& [first, last] : ranges)
        records.push_back(Value{{"single", first == last ? 1 : 0}, {"min", int64_t(first)}, {"max", int64_t(last)}});
    const uint8_t id = nak ? uint8_t(bit::kValid | bit::kNak) : uint8_t(bit::kValid | bit::kAck);
    return core::encode(schema(g), kPacketTable, id,
                        Value{{"record_count", int64_t(ranges.size())}, {"record", Value::list(records)}}, header(id));
}

std::vector<uint8_t> encode_message(Generation g, uint32_t table, uint8_t id, const Value& values) {
    return core::encode(schema(g), table, id, values, header(id));
}

Value address_value(const char* ipv4, uint16_t port) {
    return Value{{"version", 4}, {"ipv4", ipv4}, {"port", int64_t(port)}};
}

Value magic_value() { return Value::bytes(std::string(reinterpret_cast<const char*>(kMagic), kMagicSize)); }

}  // namespace raknet
