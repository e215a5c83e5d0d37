// Decoder visitors that print the items of any protocol's message: the
// one-line summary's fields and worst finding, and the indented field tree
// (like tshark -V). Shared by every protocol's printers.
#pragma once

#include <string_view>

#include "core/decoder.hpp"
#include "core/format.hpp"
#include "output.hpp"

namespace blankshark {

// Keeps the worst finding for the summary line's tail.
// "  [warn: blank.ack.unsent +2]": a summary line's worst finding (null:
// nothing) and how many more it has.
inline void write_worst_finding(Output& out, const core::Finding* worst, uint32_t counted) {
    if (!worst) return;
    const core::FindingInfo& fi = core::finding_info(worst->code);
    out << "  [" << core::severity_name(fi.severity) << ": " << fi.name;
    if (counted > 1) out << " +" << (counted - 1);
    out << ']';
}

struct SummaryVisitor {
    static constexpr bool kFindingsOnly = true;  // and the summary fields:
    static constexpr bool kSummaryLeaves = true;
    char text[320] = {};
    size_t len = 0;
    uint32_t counted = 0;
    const core::Finding* worst = nullptr;
    core::Finding worst_copy{};
    void open(const core::Item& it) { leaf(it); }
    void close() {}
    void leaf(const core::Item& it) { len = core::append_summary(it, text, len, sizeof text); }
    void finding(const core::Finding& f) {
        if (f.severity() == core::Severity::Comment) return;
        ++counted;
        if (!worst || f.severity() > worst_copy.severity()) {
            worst_copy = f;
            worst = &worst_copy;
        }
    }
};

class TreeVisitor {
public:
    explicit TreeVisitor(Output& out) : out_(out) {}
    void open(const core::Item& it) {
        line(it);
        ++depth_;
    }
    void close() { --depth_; }
    void leaf(const core::Item& it) {
        if (!it.hidden) line(it);  // per-seq history bits: the ranges are shown
    }
    void finding(const core::Finding& f) {
        char msg[256];
        core::format_finding(f, msg, sizeof msg);
        const core::FindingInfo& fi = core::finding_info(f.code);
        indent();
        out_ << "[" << core::severity_name(fi.severity) << " " << fi.name << "] " << msg << '\n';
    }

private:
    void indent() {
        for (int i = 0; i < depth_ + 2; ++i) out_ << "  ";
    }
    void line(const core::Item& it) {
        indent();
        if (it.generated) out_ << '[';
        out_ << it.info->name;
        if (it.node->kind == core::Kind::Array || it.entry) out_ << " #" << it.index;
        char val[160];
        const size_t n = core::format_display(it, val, sizeof val);
        if (n) {
            out_ << ": ";
            if (it.vclass == core::ValueClass::String) out_ << '"';
            out_ << std::string_view(val, n);
            if (it.vclass == core::ValueClass::String) out_ << '"';
            if (it.info->unit) out_ << ' ' << it.info->unit;
        }
        if (it.generated) out_ << ']';
        out_ << '\n';
    }

    Output& out_;
    int depth_ = 0;
};

}  // namespace blankshark
