// libFuzzer target: Minecraft Alpha's framing by parsing (no length prefix:
// a message is as long as parsing it takes) and the session behind it.
// Input: byte 0 picks the direction (bit 0) and how the rest is cut into
// segments (bits 1-7); the rest is that direction's byte stream.
//  - measure() at the start: Complete is a length within the bytes that
//    measures Complete again on exactly those bytes, with every shorter
//    prefix NeedMore asking for more than it has and never more than the
//    message; NeedMore asks for more than there is; Invalid gives up 1 byte.
//  - the session, fed in segments (with a gap in the middle when bit 7 is
//    set): messages come in stream order without overlapping, each measures
//    to its own length, and every message is decoded, its generated fields
//    emitted and its findings formatted; memory stays bounded (ASan).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "core/format.hpp"
#include "protocols/mc_alpha/framing.hpp"
#include "protocols/mc_alpha/message_fields.hpp"
#include "protocols/mc_alpha/schema.hpp"
#include "protocols/mc_alpha/session.hpp"

namespace {

using namespace mcalpha;

void check(bool ok) {
    if (!ok) std::abort();
}

struct Format {
    char buf[512];
    void open(const core::Item& it) { leaf(it); }
    void close() {}
    void leaf(const core::Item& it) {
        core::format_value(it, buf, sizeof buf);
        core::append_summary(it, buf, 0, sizeof buf);
    }
    void finding(const core::Finding& f) { core::format_finding(f, buf, sizeof buf); }
};

struct Check : MessageSink {
    Side dir;
    uint64_t next = 0;  // messages never start before the end of the previous one
    void message(Message& m) override {
        check(m.dir == dir);
        Format fmt;
        for (uint8_t i = 0; i < m.nfindings; ++i) fmt.finding(m.findings[i]);
        emit_message_fields(m, fmt);
        if (m.kind == MessageKind::Incomplete) return;
        check(m.span.stream_offset >= next);
        next = m.span.stream_offset + m.len;
        if (m.kind != MessageKind::Message) return;
        StreamFraming f(dir);
        const core::MeasureResult r = f.measure(m.data, m.len);
        check(r.status == core::Measure::Complete && r.length == m.len);
        core::decode(schema(), m.data, m.len, m.context(), fmt);
    }
    void event(const core::Finding& f) override {
        char buf[256];
        core::format_finding(f, buf, sizeof buf);
    }
};

void measure_invariants(Side d, const uint8_t* p, size_t n) {
    StreamFraming f(d);
    const core::MeasureResult r = f.measure(p, n);
    switch (r.status) {
    case core::Measure::Complete: {
        check(r.length > 0 && r.length <= n);
        const core::MeasureResult again = f.measure(p, r.length);
        check(again.status == core::Measure::Complete && again.length == r.length);
        // Every prefix when short, else a sample of them.
        const size_t step = r.length <= 64 ? 1 : r.length / 32;
        for (size_t k = 0; k < r.length; k += step) {
            const core::MeasureResult part = f.measure(p, k);
            check(part.status == core::Measure::NeedMore && part.length > k && part.length <= r.length);
        }
        break;
    }
    case core::Measure::NeedMore: check(r.length > n && r.length <= kMaxMessage); break;
    case core::Measure::Invalid: check(r.length == 1); break;
    }
    (void)f.starts_here(p, n);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    const Side d = data[0] & 1 ? Side::Server : Side::Client;
    const unsigned cut = data[0] >> 1;
    const uint8_t* p = data + 1;
    const size_t n = size - 1;
    measure_invariants(d, p, n);

    core::Inflater inflater;
    Session s(inflater);
    Check sink;
    sink.dir = d;
    const size_t seg = 1 + (cut & 0x3F) * 7;  // 1 to 442 bytes
    const bool gap = cut & 0x40;
    uint64_t off = 0;
    uint64_t frame = 0;
    for (size_t at = 0; at < n; at += seg) {
        const size_t len = at + seg < n ? seg : n - at;
        if (gap && at <= n / 2 && n / 2 < at + len && at > 0) {
            s.gap(d, off, len, core::Origin{++frame, 0}, sink);
        } else {
            s.data(d, p + at, uint32_t(len), off, core::Origin{++frame, double(frame)}, sink);
        }
        off += len;
    }
    s.end(d, StreamEnd::Fin, core::Origin{++frame, 0}, sink);
    s.finish(sink, core::Origin{frame, 0});
    return 0;
}
