// tests/analyzer/finding_ledger.tsv: for every finding code, a capture
// where it is raised, the frame and the exact text (read by
// analyzer/finding_ledger_test.cpp and plugin/tshark_finding_ledger_test.cpp).
//
// A line: code, capture, check options, tshark options, frame, text,
// separated by tabs; '#' starts a comment line. The capture is a path from
// the top of the repository (captures/...) or a generator run into the
// test's artifacts: gen:mcjava_damaged [ARGS], gen:mcjava_problems (the
// crafted Java sessions), gen:synth ARGS (blankshark synth), gen:py SCRIPT
// ARGS (python3 tests/tools/SCRIPT OUT ARGS), gen:from N FILE (FILE's
// frames from N on, by editcap: a capture started mid-connection; the
// row's frame counts in it). Options: "-" for none, else
// check's options, or "decode ARGS" for a finding only `decode --json ARGS`
// shows (a consequence told as such in a second pass); a word starting
// with captures/ or tests/ is a path from the top. The tshark column: "-"
// tshark shows the same with no options, "x" the plugin does not show it
// (the line's comment above says why), else tshark's options.
//
// A code nothing raises today has frame 0 and, as its text, why: the
// test then checks that its capture indeed does not raise it, so the row
// fails (and asks for its frame and text) as soon as something does.
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "run.hpp"

namespace blank::test {

inline const std::string kLedgerSource = BLANKSHARK_CAPTURES "/..";

struct LedgerRow {
    std::string code, capture, check_options, tshark_options, text;
    uint64_t frame = 0;
    int line = 0;
};

struct Ledger {
    std::vector<LedgerRow> rows;
};

using LedgerFinding = std::tuple<uint64_t, std::string, std::string>;  // frame, code, text

inline Ledger read_ledger() {
    Ledger l;
    std::ifstream in(kLedgerSource + "/tests/analyzer/finding_ledger.tsv");
    std::string s;
    for (int n = 1; std::getline(in, s); ++n) {
        if (s.empty() || s[0] == '#') continue;
        std::vector<std::string> col;
        std::istringstream ls(s);
        for (std::string c; std::getline(ls, c, '\t');) col.push_back(c);
        if (col.size() != 6) {
            ADD_FAILURE() << "finding_ledger.tsv line " << n << ": " << col.size() << " columns, 6 expected: " << s;
            continue;
        }
        LedgerRow r{col[0], col[1], col[2], col[3], col[5], std::stoull(col[4]), n};
        l.rows.push_back(r);
    }
    return l;
}

// Options with their paths made absolute.
inline std::string ledger_options(const std::string& opts) {
    if (opts == "-") return "";
    std::istringstream in(opts);
    std::string out, w;
    while (in >> w) {
        if (w.rfind("captures/", 0) == 0 || w.rfind("tests/", 0) == 0) w = kLedgerSource + "/" + w;
        out += (out.empty() ? "" : " ") + w;
    }
    return out;
}

// The captures of the rows, generated once each.
class LedgerCaptures {
public:
    explicit LedgerCaptures(std::string dir) : dir_(std::move(dir)) { run("mkdir -p " + dir_); }

    std::string path(const std::string& capture) {
        if (capture.rfind("gen:", 0) != 0) return kLedgerSource + "/" + capture;
        if (auto it = made_.find(capture); it != made_.end()) return it->second;
        const std::string out = dir_ + "/gen-" + std::to_string(made_.size()) + ".pcap";
        std::istringstream in(capture.substr(4));
        std::string name, args, w;
        in >> name;
        while (in >> w) args += " " + w;
        std::string cmd;
        if (name == "mcjava_damaged") cmd = std::string(MCJAVA_MAKE_DAMAGED) + args + " " + out;
        else if (name == "mcjava_problems") cmd = std::string(MCJAVA_MAKE_CRAFTED) + " " + out;
        else if (name == "synth") cmd = std::string(BLANKSHARK_BIN) + " synth -q -o " + out + args;
        else if (name == "from") {
            std::istringstream a(args);
            std::string first, file;
            a >> first >> file;
            cmd = "editcap -F pcap -r " + kLedgerSource + "/" + file + " " + out + " " + first + "-4000000000";  // editcap 4.0 wants the range's end
        } else if (name == "py") {
            std::istringstream a(args);
            std::string script, rest;
            a >> script;
            std::getline(a, rest);
            cmd = "python3 " + kLedgerSource + "/tests/tools/" + script + " " + out + rest;
        }
        if (cmd.empty() || run(cmd + " >/dev/null").exit_code != 0) return "";
        return made_[capture] = out;
    }

private:
    std::string dir_;
    std::map<std::string, std::string> made_;
};

}  // namespace blank::test
