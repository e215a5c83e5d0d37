// The compiled description: unique, well-formed filter names that the
// issue and the README promise.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "protocols/blank/protocol.hpp"

namespace blank {
namespace {

TEST(Schema, AbbreviationsAreUniqueAndWellFormed) {
    const Schema& s = schema();
    std::set<std::string> seen;
    const std::regex form("blank(\\.[a-z0-9_]+)+");
    for (const FieldInfo& f : s.fields) {
        EXPECT_TRUE(seen.insert(f.abbrev).second) << f.abbrev;
        EXPECT_TRUE(std::regex_match(f.abbrev, form)) << f.abbrev;
        EXPECT_FALSE(f.name.empty()) << f.abbrev;
        EXPECT_TRUE(f.desc && *f.desc) << f.abbrev;
    }
}

TEST(Schema, PromisedFieldsExist) {
    const Schema& s = schema();
    for (const char* a : {"blank.tag", "blank.seq", "blank.ack", "blank.ack_hist", "blank.ack_hist.acked",
                          "blank.type", "blank.padding", "blank.player.name", "blank.entity.id",
                          "blank.state.orientation.w", "blank.state.chunk.x", "blank.state.block.x",
                          "blank.state.pitch", "blank.state.yaw", "blank.chunk.coords.x", "blank.chunk.transmission",
                          "blank.chunk.data", "blank.message.text", "blank.block.orient.face"})
        EXPECT_NE(s.find(a), nullptr) << a;
}

TEST(Schema, ThirteenTypesWithTheDocumentedLengths) {
    const Schema& s = schema();
    ASSERT_EQ(s.tables[0].by_id.size(), 13u);
    struct L { uint8_t t; uint16_t min, max; };
    for (L l : {L{0, 0, 0}, L{1, 0, 32}, L{2, 47, 78}, L{3, 0, 0}, L{4, 50, 50}, L{5, 79, 110}, L{6, 4, 4},
                L{7, 53, 460}, L{8, 44, 44}, L{9, 24, 24}, L{10, 12, 484}, L{11, 22, 484}, L{12, 6, 455}}) {
        EXPECT_EQ(packet_type(s, l.t)->length.min, l.min) << int(l.t);
        EXPECT_EQ(packet_type(s, l.t)->length.max, l.max) << int(l.t);
    }
    EXPECT_STREQ(type_name(s, 8), "PlayerCorrection");
    EXPECT_STREQ(type_name(s, 200), "Unknown");
}

}  // namespace
}  // namespace blank
