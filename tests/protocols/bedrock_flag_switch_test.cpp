// Bedrock fields present when a flag of an earlier bitflags field is set:
// minecraft-data names the flag "field.flag" in a switch's compareTo, or
// several "a.x || a.y" (node-protodef evaluates it as JavaScript). Until
// the ProtoDef translator read them, Move Entity Delta (every release to
// 1.26.30), Player Auth Input (1.16.210 to 1.26.30) and Clientbound Map
// Item Data (1.16.220 to 1.26.30) were bytes ("layout not supported").
// Packets written by hand from minecraft-data's layouts of 1.21.0
// (protocol 685): DeltaMoveFlags lu16 {has_x 1, has_y 2, has_z 4, ...};
// UpdateMapFlags varint ["void", "texture", "decoration", "initialisation"]
// (bits 1, 2, 4, 8).
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/decoder.hpp"
#include "protocols/bedrock/schema.hpp"
#include "protocols/bedrock/versions.hpp"

namespace {

struct Leaves {
    std::map<std::string, double> values;  // by key, the last of that key
    void open(const core::Item&) {}
    void close() {}
    void finding(const core::Finding&) {}
    void leaf(const core::Item& it) {
        if (!it.node->key) return;
        const double v = it.vclass == core::ValueClass::Float || it.vclass == core::ValueClass::Double ? it.d
                         : it.vclass == core::ValueClass::Int                                           ? double(it.i)
                                                                                                         : double(it.u);
        values[it.node->key] = v;
    }
};

const core::Schema& release_685() {
    const bedrock::VersionInfo* v = bedrock::find_version(685);
    EXPECT_NE(v, nullptr);
    EXPECT_STREQ(v->name, "1.21.0");
    return bedrock::schema(*v);
}

Leaves decode(const std::vector<uint8_t>& p, uint32_t& problems) {
    Leaves l;
    problems = core::decode(release_685(), p.data(), p.size(), core::DecodeContext{}, l).counted;
    return l;
}

TEST(BedrockFlagSwitch, MoveEntityDeltaHasTheCoordinatesItsFlagsSay) {
    // id 111 (0x6f), runtime id 5, flags has_x | has_z (05 00), x 1.5 (lf32 00 00 c0 3f), z -2 (00 00 00 c0)
    uint32_t problems = 99;
    const Leaves l = decode({0x6f, 0x05, 0x05, 0x00, 0x00, 0x00, 0xc0, 0x3f, 0x00, 0x00, 0x00, 0xc0}, problems);
    EXPECT_EQ(problems, 0u);
    EXPECT_EQ(l.values.count("data"), 0u) << "still bytes";
    EXPECT_EQ(l.values.at("runtime_entity_id"), 5);
    EXPECT_EQ(l.values.at("x"), 1.5);
    EXPECT_EQ(l.values.count("y"), 0u);
    EXPECT_EQ(l.values.at("z"), -2.0);
    // has_y also set: 4 bytes short of its y.
    decode({0x6f, 0x05, 0x07, 0x00, 0x00, 0x00, 0xc0, 0x3f, 0x00, 0x00, 0x00, 0xc0}, problems);
    EXPECT_GT(problems, 0u);
}

TEST(BedrockFlagSwitch, MapItemDataHasItsScaleWhenAnyOfThreeFlagsIsSet) {
    // id 67 (0x43), map id 1 (zigzag 02), update flags, dimension 0, unlocked, origin 0 0 0
    uint32_t problems = 99;
    Leaves l = decode({0x43, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00}, problems);
    EXPECT_EQ(problems, 0u);
    EXPECT_EQ(l.values.count("data"), 0u) << "still bytes";
    EXPECT_EQ(l.values.at("map_id"), 1);
    EXPECT_EQ(l.values.count("scale"), 0u);
    // decoration (4): the scale (3), then no tracked objects and no decorations
    l = decode({0x43, 0x02, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00}, problems);
    EXPECT_EQ(problems, 0u);
    EXPECT_EQ(l.values.at("scale"), 3);
    // void (1) alone is none of the three: the scale byte is one too many
    decode({0x43, 0x02, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03}, problems);
    EXPECT_GT(problems, 0u);
}

}  // namespace
