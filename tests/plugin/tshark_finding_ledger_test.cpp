// tshark with the plugin shows every finding of tests/analyzer/finding_ledger.tsv
// on its frame with its text (the expert info's code and the finding's
// text item), as `check` does (analyzer/finding_ledger_test.cpp): the rows
// whose tshark column is not "x", with tshark's options of that column, or
// on frame N for "@N" (a stream gap is shown where Wireshark's TCP notices
// it); a code whose field says it all (blank's padding) by its frame and
// code alone; a row of a code nothing raises (frame 0): not shown either.
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "../support/finding_ledger.hpp"
#include "core/finding.hpp"
#include "tshark_findings.hpp"

namespace blank::test {
namespace {

// The column's options for tshark, a path from the top of the repository
// (after "name:" in -o name:path) made one tshark can read.
std::string tshark_options(const std::string& opts) {
    if (opts == "-") return "";
    std::istringstream in(opts);
    std::string out, w;
    while (in >> w) {
        const size_t colon = w.find(':');
        if (colon != std::string::npos &&
            (w.compare(colon + 1, 9, "captures/") == 0 || w.compare(colon + 1, 6, "tests/") == 0))
            w = w.substr(0, colon + 1) + tshark_file(kLedgerSource + "/" + w.substr(colon + 1));
        out += (out.empty() ? "" : " ") + w;
    }
    return out;
}

TEST(TsharkFindingLedger, EveryRowShownOnItsFrameWithItsText) {
    const Ledger ledger = read_ledger();
    ASSERT_FALSE(ledger.rows.empty());
    LedgerCaptures caps(std::string(TEST_ARTIFACTS_DIR) + "/ledger-tshark");
    std::map<std::pair<std::string, std::string>, ShownFindings> seen;
    size_t checked = 0;
    for (const LedgerRow& r : ledger.rows) {
        if (r.tshark_options == "x") continue;
        SCOPED_TRACE("finding_ledger.tsv line " + std::to_string(r.line) + ": " + r.code);
        const bool at = r.tshark_options[0] == '@';
        const uint64_t frame = at ? std::stoull(r.tshark_options.substr(1)) : r.frame;
        const std::string opts = at ? "-" : r.tshark_options;
        const auto key = std::make_pair(r.capture, opts);
        if (!seen.count(key)) {
            const std::string path = caps.path(r.capture);
            ASSERT_FALSE(path.empty()) << "cannot make " << r.capture;
            seen[key] = tshark_findings(path, tshark_options(opts));
        }
        core::Code code;
        ASSERT_TRUE(core::find_code(r.code.c_str(), code));
        const std::string text = core::finding_info(code).in_field ? "" : r.text;
        const auto& s = seen[key];
        std::string got;
        for (const auto& f : s)
            if (std::get<1>(f) == r.code)
                got += "\n  frame " + std::to_string(std::get<0>(f)) + " \"" + std::get<2>(f) + "\"";
        ++checked;
        if (r.frame == 0)
            EXPECT_TRUE(got.empty()) << "now shown: give the row its frame and text:" << got;
        else
            EXPECT_TRUE(s.count({frame, r.code, text}))
                << "not shown: frame " << frame << " \"" << text << "\"; on that capture:" << (got.empty() ? " none" : got);
    }
    EXPECT_GT(checked, 180u);
}

}  // namespace
}  // namespace blank::test
