#include "check_findings.hpp"

#include <array>
#include <cstdio>
#include <map>
#include <vector>

namespace blankshark {
namespace {

using core::Finding;
using core::Severity;

std::string message(const Finding& f) {
    char buf[320];
    return std::string(buf, core::format_finding(f, buf, sizeof buf));
}
constexpr uint64_t kRunGap = 8;    // frames between two findings of one burst
constexpr size_t kMinRun = 4;      // a burst folds into one line from this many findings
constexpr size_t kMaxBetween = 64; // other findings held while a burst is open

struct CodeDigest {
    uint64_t count = 0;
    uint64_t first[3] = {};
    Finding worst{};
    int64_t worst_mag = -1;
    bool have_worst = false;

    void add(const Finding& f) {
        if (count < 3) first[count] = f.frame;
        ++count;
        const int64_t m = core::finding_magnitude(f);
        if (!have_worst || m > worst_mag) {
            worst = f;
            worst_mag = m;
            have_worst = true;
        }
    }
};

// Counts per code, in code order: codes of every protocol (core::Code's
// raw value), not only blank's.
using CodeCounts = std::map<uint16_t, uint64_t>;

void code_counts(Output& out, const CodeCounts& by_code) {
    bool any = false;
    for (const auto& [c, n] : by_code)
        if (n) {
            out << (any ? ", " : "") << n << ' ' << core::finding_info(core::Code(c)).name;
            any = true;
        }
}

// The list, with bursts of path findings folded; stops after `max` lines.
class Lister {
public:
    // `cause`: the event whose consequences were grouped above (null: none).
    Lister(Output& out, size_t max, const Cause* cause) : out_(out), max_(max), cause_(cause) {}

    void add(const Finding& f) {
        if (core::finding_on_path(f)) {
            if (open_ && f.frame > last_ + kRunGap) close();
            if (!open_) {
                open_ = true;
                first_ = f;
                path_.clear();
                by_code_.clear();
                count_ = 0;
            }
            if (path_.size() < kMinRun) path_.push_back(f);
            ++by_code_[f.code.v];
            ++count_;
            last_ = f.frame;
            return;
        }
        if (open_ && f.frame > last_ + kRunGap) close();
        if (!open_) return line(f);
        between_.push_back(f);
        if (between_.size() >= kMaxBetween) close();
    }
    void finish() { close(); }
    size_t lines() const { return lines_; }
    size_t hidden() const { return hidden_; }

private:
    void close() {
        if (!open_) return;
        open_ = false;
        if (count_ >= kMinRun) {
            burst();
            for (const Finding& f : between_) line(f);
        } else {  // too short to fold: as they came, by frame
            size_t i = 0, j = 0;
            while (i < path_.size() || j < between_.size())
                line(j == between_.size() || (i < path_.size() && path_[i].frame <= between_[j].frame) ? path_[i++]
                                                                                                      : between_[j++]);
        }
        between_.clear();
    }
    bool room() {
        if (max_ && lines_ >= max_) {
            ++hidden_;
            return false;
        }
        ++lines_;
        return true;
    }
    void line(const Finding& f) {
        if (!room()) return;
        char head[64];
        std::snprintf(head, sizeof head, "    %7llu %-7s ", (unsigned long long)f.frame,
                      core::severity_name(f.severity()));
        out_ << head << core::finding_info(f.code).name << ": " << message(f) << '\n';
        if (cause_ && f.code == cause_->code)
            out_ << "            (what the other side got afterwards: its consequences, above)\n";
    }
    void burst() {
        if (!room()) return;
        char head[64];
        std::snprintf(head, sizeof head, "    %7llu %-7s ", (unsigned long long)first_.frame,
                      core::severity_name(first_.severity()));
        out_ << head << "burst of loss/reordering to frame " << last_ << ", " << count_ << " findings (";
        code_counts(out_, by_code_);
        out_ << "), first: " << core::finding_info(first_.code).name << ": " << message(first_) << '\n';
    }

    Output& out_;
    size_t max_, lines_ = 0, hidden_ = 0;
    const Cause* cause_;
    bool open_ = false;
    Finding first_{};
    uint64_t last_ = 0, count_ = 0;
    CodeCounts by_code_;
    std::vector<Finding> path_, between_;
};

}  // namespace

void text_findings(Output& out, const ConvReport& conv, const FindingsTextOptions& opt,
                   const std::function<bool(const Finding&)>& shown) {
    const FindingList& list = conv.findings;
    const Cause* cause = conv.summary ? conv.summary->cause() : nullptr;
    std::map<uint16_t, CodeDigest> codes;
    CodeDigest after;  // the consequences of the silence, all codes
    CodeCounts after_by_code;
    uint64_t after_last = 0, total = 0;
    uint64_t by_sev[4] = {};
    for (const Finding& f : list) {
        if (!shown(f)) continue;
        if (!conv.counted(f)) {
            after.add(f);
            ++after_by_code[f.code.v];
            after_last = f.frame;
            continue;
        }
        ++by_sev[size_t(f.severity())];
        codes[f.code.v].add(f);
        ++total;
    }
    out << "  findings: " << by_sev[size_t(Severity::Error)] << " error, " << by_sev[size_t(Severity::Warn)]
        << " warn, " << by_sev[size_t(Severity::Note)] << " note";
    if (opt.comments) out << ", " << by_sev[size_t(Severity::Comment)] << " comment";
    if (after.count)
        out << "; " << after.count << " more after " << cause->what << ", counted with it";
    out << '\n';
    if (!total && !after.count) return;

    out << "  by code:\n";
    for (int sev = int(Severity::Error); sev >= int(Severity::Comment); --sev)
        for (const auto& [c, d] : codes) {
            const core::FindingInfo& fi = core::finding_info(core::Code(c));
            if (!d.count || int(fi.severity) != sev) continue;
            char head[96];
            std::snprintf(head, sizeof head, "    %-7s %-34s %7llu  ", core::severity_name(fi.severity), fi.name,
                          (unsigned long long)d.count);
            out << head << (d.count > 1 ? "frames " : "frame ");
            for (uint64_t i = 0; i < d.count && i < 3; ++i) out << (i ? ", " : "") << d.first[i];
            if (d.count > 3) out << ", ...";
            if (d.count > 1 && d.worst_mag >= 0) out << "; worst: frame " << d.worst.frame << ": " << message(d.worst);
            out << '\n';
        }
    if (after.count) {
        out << "  after " << cause->what << " (frame " << cause->frame << ") " << cause->after << "; "
            << (after.count == 1 ? "their finding is" : "their findings are") << " its consequence"
            << (after.count == 1 ? "" : "s") << " (frames " << after.first[0] << "-" << after_last << "): ";
        code_counts(out, after_by_code);
        if (after.worst_mag >= 0)
            out << "; worst: frame " << after.worst.frame << ": " << core::finding_info(after.worst.code).name << ": "
                << message(after.worst);
        out << '\n';
    }
    if (!total) return;
    Lister lister(out, opt.max_listed, after.count > 0 ? cause : nullptr);
    out << "  list:\n";
    for (const Finding& f : list)
        if (shown(f) && conv.counted(f)) lister.add(f);
    lister.finish();
    if (lister.hidden())
        out << "    ... " << lister.hidden() << " more lines (--max-listed " << opt.max_listed
            << "; 0 lists all, --format json every finding)\n";
}

}  // namespace blankshark
