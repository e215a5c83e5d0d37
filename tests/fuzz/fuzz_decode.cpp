// libFuzzer target: one packet through the table-driven decoder and every
// value formatter both front ends use; the findings-only mode (check's fast
// path) must report exactly the findings of the full decode, in order; the
// fixed-header read (core::decode_header) must equal the header-only walk.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "protocols/blank/decoder.hpp"
#include "core/format.hpp"

namespace {

struct FormatAll {
    char buf[512];
    size_t len = 0;
    void open(const blank::Item& it) { leaf(it); }
    void close() {}
    void leaf(const blank::Item& it) {
        core::format_value(it, buf, sizeof buf);
        len = core::append_summary(it, buf, len < 200 ? len : 0, sizeof buf);
    }
    blank::Finding found[64];
    size_t nfound = 0;
    void finding(const blank::Finding& f) {
        blank::format_finding(f, buf, sizeof buf);
        if (nfound < 64) found[nfound++] = f;
    }
};

struct FindingsOnly {
    static constexpr bool kFindingsOnly = true;
    blank::Finding found[64];
    size_t nfound = 0;
    void open(const blank::Item&) {}
    void close() {}
    void leaf(const blank::Item&) {}
    void finding(const blank::Finding& f) {
        if (nfound < 64) found[nfound++] = f;
    }
};

bool same(const blank::Finding& a, const blank::Finding& b) {
    return a.code == b.code && a.offset == b.offset && a.length == b.length && a.a == b.a && a.b == b.b &&
           a.c == b.c && (a.what == b.what || (a.what && b.what && std::strcmp(a.what, b.what) == 0));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FormatAll v;
    const blank::PacketSummary full = blank::decode(blank::schema(), data, size, v);
    FindingsOnly q;
    const blank::PacketSummary quick = blank::decode(blank::schema(), data, size, q);
    if (q.nfound != v.nfound || full.findings != quick.findings) std::abort();
    for (size_t i = 0; i < q.nfound; ++i)
        if (!same(q.found[i], v.found[i])) std::abort();
    const core::MessageSummary fast = core::decode_header(blank::schema(), data, size, core::DecodeContext{});
    core::DecodeContext ctx;
    ctx.header_only = true;
    core::NullVisitor nv;
    const core::MessageSummary walk = core::decode(blank::schema(), data, size, ctx, nv);
    if (fast.header_ok != walk.header_ok || fast.id != walk.id || fast.type != walk.type ||
        fast.header_len != walk.header_len || fast.payload_len != walk.payload_len || fast.end != walk.end ||
        fast.findings != walk.findings || fast.truncated != walk.truncated ||
        std::memcmp(fast.header, walk.header, sizeof fast.header) != 0)
        std::abort();
    return 0;
}
