// Every finding code is raised by a test that asserts its frame and text
// (issue 56): tests/analyzer/finding_ledger.tsv names, for each code of
// every table (each protocol's in the catalog, the TCP reassembler's, the
// capture's: core::finding_tables(), so a protocol or code added later is
// listed here by itself), a capture where `check` raises it, the frame and
// the exact text, worked out from the capture's bytes, its README or the
// generator that wrote it. A code without a row fails
// (EveryCodeHasARow: add one when you add a code); each row is checked
// against `check --format json --comments` on its capture
// (EveryRowRaisedOnItsFrameWithItsText); tshark with the plugin is held
// to the same rows in tests/plugin/tshark_finding_ledger_test.cpp.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "../support/finding_ledger.hpp"
#include "../support/run.hpp"
#include "capture_findings.hpp"
#include "core/finding.hpp"
#include "tcp/tcp_finding.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;

// Every code of every table the analyzer knows.
std::set<std::string> all_codes() {
    blankshark::tcp::finding_table();           // the front ends' own tables register on first use
    blankshark::capture_finding_table();
    std::set<std::string> codes;
    const core::FindingTables t = core::finding_tables();
    for (size_t i = 0; i < t.count; ++i)
        for (size_t k = 0; k < t.tables[i]->count; ++k) codes.insert(t.tables[i]->infos[k].name);
    return codes;
}

TEST(FindingLedger, EveryCodeHasARow) {
    const Ledger ledger = read_ledger();
    ASSERT_FALSE(ledger.rows.empty());
    std::set<std::string> listed;
    for (const LedgerRow& r : ledger.rows) listed.insert(r.code);
    const std::set<std::string> codes = all_codes();
    EXPECT_GT(codes.size(), 200u);
    for (const std::string& c : codes)
        EXPECT_TRUE(listed.count(c)) << c << ": no test raises it; add a row to tests/analyzer/finding_ledger.tsv";
    for (const std::string& c : listed)
        EXPECT_TRUE(codes.count(c)) << c << ": a row for a code no table has";
}

// What `check` (or, for a "decode ..." row, `decode --json`) reports on a
// row's capture: every finding with its frame and text.
std::set<LedgerFinding> reported(const std::string& path, const std::string& options) {
    const bool decode = options.rfind("decode", 0) == 0;
    const std::string cmd = decode ? kBin + " decode --json " + ledger_options(options.substr(6)) + " " + path
                                   : kBin + " check --format json --comments --fail-on error " +
                                         ledger_options(options) + " " + path;
    const RunResult out = run(cmd);
    EXPECT_TRUE(out.exit_code == 0 || out.exit_code == 1) << cmd << ": " << out.err;
    std::set<LedgerFinding> s;
    for (const auto& e : json_lines(out.out)) {
        if (decode) {
            for (const auto& f : e["findings"])
                s.insert({e["frame"].get<uint64_t>(), f["code"].get<std::string>(), f["message"].get<std::string>()});
        } else if (e["event_type"] == "finding") {
            s.insert({e["pcap_cnt"].get<uint64_t>(), e["code"].get<std::string>(), e["message"].get<std::string>()});
        }
    }
    return s;
}

TEST(FindingLedger, EveryRowRaisedOnItsFrameWithItsText) {
    const Ledger ledger = read_ledger();
    LedgerCaptures caps(std::string(TEST_ARTIFACTS) + "/ledger");
    std::map<std::pair<std::string, std::string>, std::set<LedgerFinding>> seen;  // (capture, options) -> findings
    for (const LedgerRow& r : ledger.rows) {
        SCOPED_TRACE("finding_ledger.tsv line " + std::to_string(r.line) + ": " + r.code);
        const auto key = std::make_pair(r.capture, r.check_options);
        if (!seen.count(key)) {
            const std::string path = caps.path(r.capture);
            ASSERT_FALSE(path.empty()) << "cannot make " << r.capture;
            seen[key] = reported(path, r.check_options);
        }
        const auto& s = seen[key];
        std::string got;
        for (const auto& f : s)
            if (std::get<1>(f) == r.code)
                got += "\n  frame " + std::to_string(std::get<0>(f)) + " \"" + std::get<2>(f) + "\"";
        if (r.frame == 0)  // raised nowhere today: then not on this capture either
            EXPECT_TRUE(got.empty()) << "now raised: give the row its frame and text:" << got;
        else
            EXPECT_TRUE(s.count({r.frame, r.code, r.text}))
                << "not raised: frame " << r.frame << " \"" << r.text << "\"; on that capture:" << (got.empty() ? " none" : got);
    }
}

}  // namespace
}  // namespace blank::test
