// The protocol catalog: one ProtocolInfo per protocol, holding the values
// the front ends used to spell out themselves (checked against tshark in
// tests/plugin/plugin_registration_test.cpp).
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>

#include "core/field_decl.hpp"
#include "core/finding.hpp"
#include "protocols/blank/protocol.hpp"
#include "protocols/catalog.hpp"
#include "protocols/mc_java/protocol_info.hpp"
#include "protocols/mc_java/schema.hpp"
#include "protocols/mc_java/versions.hpp"
#include "protocols/mcpe/protocol_info.hpp"
#include "protocols/raknet/protocol_info.hpp"

namespace {

TEST(ProtocolCatalog, ListsEveryProtocolOnceInFindingBlockOrder) {
    const auto& all = catalog::protocols();
    ASSERT_EQ(all.size(), 5u);
    const char* filters[] = {"blank", "mcjava", "bsraknet", "bsmcpe", "mcalpha"};
    const char* prefixes[] = {"blank", "mcjava", "raknet", "mcpe", "mcalpha"};
    for (size_t i = 0; i < all.size(); ++i) {
        EXPECT_STREQ(all[i]->filter_name, filters[i]);
        EXPECT_STREQ(all[i]->field_prefix, prefixes[i]);
        EXPECT_EQ(catalog::find_protocol(filters[i]), all[i]);
    }
    EXPECT_EQ(catalog::find_protocol("raknet"), nullptr);  // Wireshark's, not ours
}

TEST(ProtocolCatalog, EveryFindingTableIsRegisteredUnderItsProtocolsPrefix) {
    const core::FindingTables tables = core::finding_tables();
    const auto& all = catalog::protocols();
    ASSERT_GE(tables.count, all.size());
    for (size_t i = 0; i < all.size(); ++i) {
        const core::FindingTable& t = all[i]->findings();
        EXPECT_EQ(tables.tables[i], &t) << all[i]->filter_name;  // same order as before the catalog
        EXPECT_STREQ(t.protocol, all[i]->field_prefix);
        EXPECT_EQ(t.base, i * core::kFindingBlock);
        for (size_t k = 0; k < t.count; ++k)
            EXPECT_EQ(std::string(t.infos[k].name).rfind(std::string(all[i]->field_prefix) + ".", 0), 0u)
                << t.infos[k].name;
    }
}

// A finding's summary is its expert info's text in Wireshark, which keeps
// 239 characters (ITEM_LABEL_LENGTH): longer ones are cut, and a filter or
// a test matching the whole text misses them.
TEST(ProtocolCatalog, EveryFindingSummaryFitsAnExpertInfo) {
    for (const core::ProtocolInfo* p : catalog::protocols()) {
        const core::FindingTable& t = p->findings();
        for (size_t k = 0; k < t.count; ++k) EXPECT_LT(std::strlen(t.infos[k].summary), 240u) << t.infos[k].name;
    }
}

TEST(ProtocolCatalog, PortsAndPreferences) {
    const core::ProtocolInfo& b = *catalog::find_protocol("blank");
    EXPECT_EQ(b.default_port, 12354);  // the game's server default (design.md)
    EXPECT_EQ(b.default_port, blank::kDefaultPort);
    EXPECT_EQ(b.transport, core::Transport::Udp);
    EXPECT_STREQ(b.port_table(), "udp.port");
    EXPECT_STREQ(b.port_preference, "blank.udp.port");
    EXPECT_EQ(b.framing, core::FramingKind::Datagram);

    const core::ProtocolInfo& j = mcjava::protocol_info();
    EXPECT_EQ(j.default_port, 25565);
    EXPECT_EQ(j.transport, core::Transport::Tcp);
    EXPECT_STREQ(j.port_table(), "tcp.port");
    EXPECT_EQ(j.framing, core::FramingKind::VarIntLength);
    const core::ProtocolInfo& a = *catalog::find_protocol("mcalpha");
    EXPECT_EQ(a.default_port, 25565);  // shared with Java: the dispatcher's preference
    EXPECT_STREQ(a.port_preference, j.port_preference);
    EXPECT_STREQ(a.port_preference, "minecraft.tcp.port");
    EXPECT_EQ(a.framing, core::FramingKind::SelfDelimiting);

    const core::ProtocolInfo& r = raknet::protocol_info();
    EXPECT_EQ(r.default_port, 19132);
    EXPECT_STREQ(r.port_preference, "bsraknet.udp.port");
    const core::ProtocolInfo& m = mcpe::protocol_info();
    EXPECT_EQ(m.carried_by, &r);
    EXPECT_EQ(m.default_port, r.default_port);
    for (const core::ProtocolInfo* p : catalog::protocols()) {
        if (p != &m) {
            EXPECT_EQ(p->carried_by, nullptr) << p->filter_name;
        }
    }
}

TEST(ProtocolCatalog, VersionsByName) {
    auto names = [](const core::ProtocolInfo& p) {
        std::set<std::string> s;
        if (p.version_count)
            for (size_t i = 0; i < p.version_count(); ++i) s.insert(p.version_name(i));
        return s;
    };
    const auto blank_revs = names(*catalog::find_protocol("blank"));
    EXPECT_TRUE(blank_revs.count("fa73e36")) << blank_revs.size();
    EXPECT_TRUE(blank_revs.count("933ca0f"));
    EXPECT_TRUE(names(mcjava::protocol_info()).count("1.13.2"));
    EXPECT_TRUE(names(mcjava::protocol_info()).count("1.14.4"));
    EXPECT_TRUE(names(raknet::protocol_info()).count("mcpe-0.x"));
    EXPECT_TRUE(names(raknet::protocol_info()).count("current"));
    EXPECT_FALSE(names(mcpe::protocol_info()).empty());
    EXPECT_TRUE(names(*catalog::find_protocol("mcalpha")).empty());  // one protocol version, no list
}

TEST(ProtocolCatalog, Heuristics) {
    // blank's tag (little-endian) and a 16-byte header.
    uint8_t blank_pkt[16] = {};
    std::memcpy(blank_pkt, &blank::kTag, 4);
    const core::ProtocolInfo& b = *catalog::find_protocol("blank");
    ASSERT_NE(b.looks_like, nullptr);
    EXPECT_TRUE(b.looks_like(blank_pkt, sizeof blank_pkt));
    EXPECT_FALSE(b.looks_like(blank_pkt, 15));

    // A Java Handshake (length 16, id 0, version 404, "localhost", 25565, next 2)
    // and Alpha's Handshake: each is its own protocol's and not the other's.
    const uint8_t java[] = {0x10, 0x00, 0x94, 0x03, 0x09, 'l', 'o', 'c', 'a', 'l',
                            'h', 'o', 's', 't', 0x63, 0xDD, 0x02};
    const uint8_t alpha[] = {0x02, 0x00, 0x03, 'b', 'o', 'b'};
    const core::ProtocolInfo& j = mcjava::protocol_info();
    const core::ProtocolInfo& a = *catalog::find_protocol("mcalpha");
    EXPECT_TRUE(j.looks_like(java, sizeof java));
    EXPECT_FALSE(a.looks_like(java, sizeof java));
    EXPECT_TRUE(a.looks_like(alpha, sizeof alpha));
    EXPECT_FALSE(j.looks_like(alpha, sizeof alpha));
    EXPECT_FALSE(j.looks_like(blank_pkt, sizeof blank_pkt));
    // A Handshake cut short is not one yet (on the port, the dispatcher waits).
    EXPECT_FALSE(j.looks_like(java, sizeof java - 1));
    // The legacy server list ping: 1.4-1.5 (FE 01) and 1.6 (FE 01 FA ...)
    // on any port; pre-1.4's bare FE and FE followed by anything else not.
    const uint8_t ping14[] = {0xFE, 0x01}, ping16[] = {0xFE, 0x01, 0xFA, 0x00, 0x0B};
    const uint8_t bare[] = {0xFE}, other[] = {0xFE, 0x01, 0x00};
    EXPECT_TRUE(j.looks_like(ping14, sizeof ping14));
    EXPECT_TRUE(j.looks_like(ping16, sizeof ping16));
    EXPECT_FALSE(j.looks_like(bare, sizeof bare));
    EXPECT_FALSE(j.looks_like(other, sizeof other));

    EXPECT_FALSE(raknet::protocol_info().looks_like(blank_pkt, sizeof blank_pkt));
    EXPECT_EQ(mcpe::protocol_info().looks_like, nullptr);
}

}  // namespace

namespace {

// What a front end registers a protocol's filter names as (the plugin's
// FieldRegistry): its declarations where it has them, else the union of its
// versions' schemas newest first, an integer as wide as every version needs.
core::FieldTypes registration(const core::ProtocolInfo& p) {
    core::FieldTypes reg;
    if (p.declared_fields) {
        for (const core::FieldDecl& d : p.declared_fields())
            reg.emplace(d.abbrev, core::FieldType{d.vclass, d.bits, d.bitmask});
        return reg;
    }
    for (size_t i = p.versions(); i-- > 0;)
        for (const core::FieldInfo& f : p.schema(i).fields) {
            const core::FieldType t{f.vclass, f.bits, f.bitmask};
            auto [it, fresh] = reg.emplace(f.abbrev, t);
            if (!fresh && !f.bitmask) it->second = core::widest_of(it->second, t);
        }
    return reg;
}

}  // namespace

// One filter name, one type: every field of every version of every protocol
// (Java's 47 protocol numbers, hand-written and generated) is added by its
// name's registration without changing its type. 1.13.2's Open Window sent
// its window type as text where 1.14 sends a VarInt, under one name
// registered as an integer: Wireshark raised a dissector bug on it and
// dropped the frame's other packets. The text is window_type_text now.
TEST(ProtocolCatalog, EveryVersionsFieldsAddAsTheirRegistration) {
    size_t checked = 0;
    for (const core::ProtocolInfo* p : catalog::protocols()) {
        const core::FieldTypes reg = registration(*p);
        for (size_t i = 0; i < p->versions(); ++i)
            for (const core::FieldInfo& f : p->schema(i).fields) {
                const auto it = reg.find(f.abbrev);
                ASSERT_NE(it, reg.end()) << p->filter_name << " version " << i << ": " << f.abbrev << " not registered";
                EXPECT_TRUE(core::adds_as(it->second, core::FieldType{f.vclass, f.bits, f.bitmask}))
                    << p->filter_name << " version " << i << ": " << f.abbrev << " is " << int(f.vclass) << "/"
                    << int(f.bits) << ", registered " << int(it->second.vclass) << "/" << int(it->second.bits);
                ++checked;
            }
    }
    EXPECT_GT(checked, 40000u);  // (version, field) pairs: 48249 today
    // By hand, the case that broke (the protocol document, seed 003: 1.13.2's
    // Open Window "Window Type: String"; 1.14's a VarInt).
    const core::ProtocolInfo& java = *catalog::find_protocol("mcjava");
    const core::FieldTypes reg = registration(java);
    EXPECT_EQ(reg.at("mcjava.play.cb.open_window.window_type").vclass, core::ValueClass::Int);
    EXPECT_EQ(reg.at("mcjava.play.cb.open_window.window_type_text").vclass, core::ValueClass::String);
    const core::Schema& s404 = mcjava::schema(*mcjava::find_version(404));
    ASSERT_NE(s404.find("mcjava.play.cb.open_window.window_type_text"), nullptr);
    EXPECT_EQ(s404.find("mcjava.play.cb.open_window.window_type"), nullptr);
    EXPECT_NE(mcjava::schema(*mcjava::find_version(498)).find("mcjava.play.cb.open_window.window_type"), nullptr);
}
