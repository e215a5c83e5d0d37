// The decoder's findings-only mode (check's fast path) reports exactly the
// findings of a full decode, in the same order (and with kSummaryLeaves the
// same summary fields), on every packet of every
// bundled capture (the malformed crafted one included) and of every revision.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "blank/blank_flows.hpp"
#include "protocols/blank/decoder.hpp"
#include "protocols/blank/protocol.hpp"

namespace blank {
namespace {

struct All {
    std::vector<Finding> found;
    size_t leaves = 0;
    void open(const Item&) {}
    void close() {}
    void leaf(const Item&) { ++leaves; }
    void finding(const Finding& f) { found.push_back(f); }
};

struct Quick {
    static constexpr bool kFindingsOnly = true;
    std::vector<Finding> found;
    size_t leaves = 0;
    void open(const Item&) {}
    void close() {}
    void leaf(const Item&) { ++leaves; }
    void finding(const Finding& f) { found.push_back(f); }
};

// Summary fields as "abbrev=value" in order: the full decode's, filtered
// by Node::summary, against what kSummaryLeaves delivers.
struct SummaryOf {
    std::string text;
    void add(const Item& it) {
        if (!it.node || !it.node->summary) return;
        text += it.info->abbrev + "=" + std::to_string(it.u) + "/" + std::to_string(it.i) + "/" +
                std::to_string(it.d) + "/" + std::string(it.s) + ";";
    }
};
struct FullSummary : SummaryOf {
    void open(const Item& it) { add(it); }
    void close() {}
    void leaf(const Item& it) { add(it); }
    void finding(const Finding&) {}
};
struct QuickSummary : SummaryOf {
    static constexpr bool kFindingsOnly = true;
    static constexpr bool kSummaryLeaves = true;
    void open(const Item& it) { add(it); }
    void close() {}
    void leaf(const Item& it) { add(it); }
    void finding(const Finding&) {}
};

size_t summary_fields = 0;

void expect_same(const Schema& s, const uint8_t* p, size_t len, size_t& packets, size_t& findings) {
    FullSummary fs;
    QuickSummary qs;
    decode(s, p, len, fs);
    decode(s, p, len, qs);
    EXPECT_EQ(qs.text, fs.text);
    summary_fields += size_t(std::count(fs.text.begin(), fs.text.end(), ';'));
    All a;
    Quick q;
    decode(s, p, len, a);
    decode(s, p, len, q);
    ASSERT_EQ(q.found.size(), a.found.size());
    EXPECT_EQ(q.leaves, 0u);  // nothing but findings
    EXPECT_GT(a.leaves, 0u);
    for (size_t i = 0; i < a.found.size(); ++i) {
        EXPECT_EQ(q.found[i].code, a.found[i].code);
        EXPECT_EQ(q.found[i].offset, a.found[i].offset);
        EXPECT_EQ(q.found[i].length, a.found[i].length);
        EXPECT_EQ(q.found[i].a, a.found[i].a);
        EXPECT_EQ(q.found[i].b, a.found[i].b);
        EXPECT_EQ(q.found[i].c, a.found[i].c);
        EXPECT_STREQ(q.found[i].what ? q.found[i].what : "", a.found[i].what ? a.found[i].what : "");
    }
    ++packets;
    findings += a.found.size();
}

TEST(FindingsOnly, SameFindingsOnEveryBundledPacketAndRevision) {
    size_t packets = 0, findings = 0;
    for (const char* file : {"blank-fa73e36-clean-session.pcap", "blank-fa73e36-lossy-5pct.pcap",
                             "blank-fa73e36-two-clients.pcap", "blank-933ca0f-first-8s.pcap",
                             "crafted/malformed.pcap", "crafted/all-types.pcap", "crafted/old-933ca0f.pcap"}) {
        blankshark::CaptureStream stream;
        blankshark::run_blank(stream, std::string(BLANKSHARK_SHARED_CAPTURES) + "/" + file,
                                      [&](const blankshark::BlankPacket& p) {
                                          for (const Revision* r : revisions())
                                              expect_same(schema(*r), p.data, p.len, packets, findings);
                                      });
    }
    EXPECT_GT(packets, 150000u);  // ~20000 packets x 9 revisions
    EXPECT_GT(findings, packets);
    EXPECT_GT(summary_fields, packets / 2);  // most packet types have summary fields  // malformed and other-revision decodes find plenty
}

// core::decode_header() reads a fixed header at its places
// (core::detail::fixed_header); the decoder's own header-only walk must
// give the same summary, whole packets and every cut of their first bytes.
void expect_same_header(const Schema& s, const uint8_t* p, size_t len, size_t& compared) {
    const core::MessageSummary fast = core::decode_header(s, p, len, core::DecodeContext{});
    core::DecodeContext ctx;
    ctx.header_only = true;
    core::NullVisitor nv;
    const core::MessageSummary walk = core::decode(s, p, len, ctx, nv);
    EXPECT_EQ(fast.header_ok, walk.header_ok);
    EXPECT_EQ(fast.table, walk.table);
    EXPECT_EQ(fast.id, walk.id);
    EXPECT_EQ(fast.type, walk.type);
    EXPECT_EQ(fast.header_len, walk.header_len);
    EXPECT_EQ(fast.payload_len, walk.payload_len);
    for (uint32_t k = 0; k < core::MessageSummary::kHeaderValues; ++k) EXPECT_EQ(fast.header[k], walk.header[k]);
    EXPECT_EQ(fast.findings, walk.findings);
    EXPECT_EQ(fast.counted, walk.counted);
    EXPECT_EQ(fast.worst, walk.worst);
    EXPECT_EQ(fast.truncated, walk.truncated);
    EXPECT_EQ(fast.end, walk.end);
    ++compared;
}

TEST(FindingsOnly, FixedHeaderReadsAsTheHeaderWalk) {
    ASSERT_EQ(schema().header_fixed, kHeaderSize);  // the fast path applies to blank
    size_t compared = 0, unknown = 0, bad_tag = 0;
    for (const char* file : {"blank-fa73e36-lossy-5pct.pcap", "blank-933ca0f-first-8s.pcap", "crafted/malformed.pcap",
                             "crafted/all-types.pcap"}) {
        blankshark::CaptureStream stream;
        blankshark::run_blank(stream, std::string(BLANKSHARK_SHARED_CAPTURES) + "/" + file,
                                      [&](const blankshark::BlankPacket& p) {
                                          for (const Revision* r : revisions()) {
                                              const Schema& s = schema(*r);
                                              expect_same_header(s, p.data, p.len, compared);
                                              const core::MessageSummary h =
                                                  core::decode_header(s, p.data, p.len, core::DecodeContext{});
                                              unknown += p.len >= kHeaderSize && !h.type;
                                              bad_tag += p.len >= kHeaderSize && !h.header_ok;
                                          }
                                          for (size_t cut = 0; cut < kHeaderSize + 2 && cut < p.len; ++cut)
                                              expect_same_header(schema(), p.data, cut, compared);
                                      });
    }
    EXPECT_GT(compared, 100000u);
    EXPECT_GT(unknown, 0u);   // the malformed capture has unknown types
    EXPECT_GT(bad_tag, 0u);   // and wrong tags
}

}  // namespace
}  // namespace blank
