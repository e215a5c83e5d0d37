// libFuzzer target: one packet through the table-driven decoder and every
// value formatter both front ends use.
#include <cstddef>
#include <cstdint>

#include "decoder.hpp"
#include "format.hpp"

namespace {

struct FormatAll {
    char buf[512];
    size_t len = 0;
    void open(const blank::Item& it) { leaf(it); }
    void close() {}
    void leaf(const blank::Item& it) {
        blank::format_value(it, buf, sizeof buf);
        len = blank::append_summary(it, buf, len < 200 ? len : 0, sizeof buf);
    }
    void finding(const blank::Finding& f) { blank::format_finding(f, buf, sizeof buf); }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FormatAll v;
    blank::decode(blank::schema(), data, size, v);
    return 0;
}
