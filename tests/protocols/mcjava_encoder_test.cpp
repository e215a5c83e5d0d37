// The generic encoder writes what the decoder reads back: round trips over
// Minecraft Java rows of every construct (prefixed text, arrays counted by
// a field, switches on a field of the enclosing scope, bool options, named
// types, substreams), checked against bytes written by hand.
#include <gtest/gtest.h>

#include "core/encoder.hpp"
#include "../support/collect_decoded.hpp"
#include "protocols/mc_java/schema.hpp"

namespace {

using core::Value;
using coretest::Collect;
using namespace mcjava;

std::string hex(const std::vector<uint8_t>& b) {
    static const char* d = "0123456789abcdef";
    std::string s;
    for (uint8_t c : b) {
        s += d[c >> 4];
        s += d[c & 15];
    }
    return s;
}

Collect decode(const core::Schema& s, uint32_t table, const std::vector<uint8_t>& b) {
    Collect c;
    core::DecodeContext ctx;
    ctx.table = table;
    c.summary = core::decode(s, b.data(), b.size(), ctx, c);
    return c;
}

TEST(CoreEncoder, HandshakeBytesAsTheClientWritesThem) {
    const core::Schema& s = schema(*find_version(498));
    const auto b = core::encode(s, table_index(State::Handshaking, Side::Client), 0,
                                Value{{"protocol_version", 498}, {"server_address", "127.0.0.1"},
                                      {"server_port", 25565}, {"next_state", 1}});
    // The real client's bytes (mcjava-1.14.4-status-only.pcap) without the length.
    EXPECT_EQ(hex(b), "00f203093132372e302e302e3163dd01");
}

TEST(CoreEncoder, PlayerInfoRoundTrip) {
    const core::Schema& s = schema(*find_version(498));
    const uint32_t t = table_index(State::Play, Side::Server);
    const Value player{{"uuid", Value::bytes(16, 0xab)},
                       {"name", "bob"},
                       {"property_count", 1},
                       {"properties", Value::list({Value{{"property_name", "textures"},
                                                         {"property_value", "e30="},
                                                         {"signed", 1},
                                                         {"signature", "sig"}}})},
                       {"gamemode", 1},
                       {"ping", 42},
                       {"display_name", "{\"text\":\"Bob\"}"}};
    const auto b = core::encode(s, t, 0x33, Value{{"action", 0}, {"count", 1}, {"players", Value::list({player})}});
    const Collect c = decode(s, t, b);
    for (const auto& n : c.finding_names()) ADD_FAILURE() << n;
    EXPECT_EQ(c.num("mcjava.play.cb.player_info.action"), 0);
    EXPECT_EQ(c.text("mcjava.play.cb.player_info.name"), "bob");
    EXPECT_EQ(c.text("mcjava.play.cb.player_info.property_value"), "e30=");
    EXPECT_EQ(c.text("mcjava.play.cb.player_info.signature"), "sig");
    EXPECT_EQ(c.num("mcjava.play.cb.player_info.ping"), 42);
    EXPECT_EQ(c.num("mcjava.play.cb.player_info.has_display_name"), 1);
    EXPECT_EQ(c.text("mcjava.play.cb.player_info.display_name"), "{\"text\":\"Bob\"}");
    EXPECT_EQ(c.summary.type->key, std::string("player_info"));
}

TEST(CoreEncoder, NbtAndSubstreamRoundTrip) {
    const core::Schema& s = schema(*find_version(498));
    const uint32_t t = table_index(State::Play, Side::Server);
    const Value heightmaps{{"type", 10},
                           {"name", ""},
                           {"compound", Value{{"tags", Value::list({Value{{"type", 3}, {"name", "n"}, {"int", 7}},
                                                                    Value{{"type", 8}, {"name", "s"}, {"string", "hi"}}})}}}};
    const Value section{{"block_count", 0}, {"bits_per_block", 4},
                        {"palette", Value::list({Value(0)})}, {"packed_states", Value::bytes(2048, 0)}};
    const auto b = core::encode(
        s, t, 0x21,
        Value{{"x", 3}, {"z", -4}, {"full_chunk", 0}, {"bit_mask", 1}, {"heightmaps", heightmaps},
              {"data", Value{{"sections", Value::list({section})}}}, {"block_entities", Value::list({})}});
    const Collect c = decode(s, t, b);
    for (const auto& n : c.finding_names()) ADD_FAILURE() << n;
    EXPECT_EQ(c.num("mcjava.play.cb.chunk_data.z"), -4);
    EXPECT_EQ(c.num("mcjava.nbt.int"), 7);
    EXPECT_EQ(c.text("mcjava.nbt.string"), "hi");
    EXPECT_EQ(c.num("mcjava.play.cb.chunk_data.data.bits_per_block"), 4);
    EXPECT_EQ(c.get("mcjava.play.cb.chunk_data.data.packed_states")->text.size(), 2048u);
}

}  // namespace
