// Minecraft Alpha on a hot path allocates nothing per message: once a
// session has warmed up (the inflater's buffer, the stream buffers, the
// bookkeeping tables have grown), feeding it more traffic cut into awkward
// segments, framing, decoding, analysing (Map Chunks inflated and
// summarised) and emitting the generated fields costs no call to operator
// new (this binary counts them: tests/bench/alloc_counter.cpp).
#include <gtest/gtest.h>

#include "alloc_counter.hpp"
#include "protocols/mc_alpha/message_fields.hpp"
#include "protocols/mc_alpha/session.hpp"
#include "protocols/mc_alpha/simulator.hpp"

namespace {

using namespace mcalpha;

// What a front end does with each message, without keeping anything.
struct Use : MessageSink {
    uint64_t messages = 0, fields = 0, findings = 0;
    void open(const core::Item&) { ++fields; }
    void leaf(const core::Item&) { ++fields; }
    void close() {}
    void finding(const core::Finding&) { ++findings; }
    void message(Message& m) override {
        ++messages;
        if (m.kind == MessageKind::Message) core::decode(schema(), m.data, m.len, m.context(), *this);
        emit_message_fields(m, *this);
        emit_message_findings(m, *this);
    }
};

TEST(McAlphaAllocations, NoneForMessagesOnceWarm) {
    const std::vector<sim::Record> recs = sim::session();
    // Each direction's stream, cut into segments of 1 to 1460 bytes.
    std::vector<uint8_t> streams[2];
    for (const sim::Record& r : recs) streams[int(r.dir)].insert(streams[int(r.dir)].end(), r.bytes.begin(), r.bytes.end());
    static const uint32_t kSizes[] = {1, 2, 3, 5, 7, 11, 13, 536, 1460, 4, 9, 1448, 6, 17, 1000};
    core::Inflater inflater;
    Session s(inflater);
    Use use;
    uint64_t frame = 0, base[2] = {0, 0};
    size_t k = 0;
    // The whole session, continuing the streams where they are.
    auto feed = [&]() {
        for (int d = 0; d < 2; ++d) {
            for (uint64_t at = 0; at < streams[d].size();) {
                const uint32_t n = uint32_t(std::min<uint64_t>(kSizes[k++ % 15], streams[d].size() - at));
                s.data(Side(d), streams[d].data() + at, n, base[d] + at, core::Origin{++frame, double(frame)}, use);
                at += n;
            }
            base[d] += streams[d].size();
        }
    };
    feed();  // warm up: chunks inflated, buffers and tables grown
    const uint64_t before = bench::allocations();
    const uint64_t messages = use.messages;
    feed();  // the same traffic again (the analyses now find it repeated)
    EXPECT_EQ(bench::allocations() - before, 0u);
    EXPECT_EQ(use.messages - messages, recs.size());
    EXPECT_GT(use.fields, 0u);
}

}  // namespace
