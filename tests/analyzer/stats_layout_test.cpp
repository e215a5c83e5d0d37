// Issue 53: `stats` has one layout for every protocol. On every bundled
// capture (every protocol, crafted and damaged ones too): the first line is
// the file's, never a blank one; every table has a header row naming each
// column, and every cell of its rows sits under its column (numbers end
// where the header's name ends, text starts where it starts). Catches a
// table printed without its header (Alpha's five numbers once had none), a
// header in parentheses, a column that drifts when a name or a number is
// longer, a leading blank line.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;

struct Cell {
    size_t start, end;
};

// The cells of a line: runs of text split at two spaces or more (a label
// such as "client -> server" keeps its single spaces).
std::vector<Cell> cells(const std::string& line) {
    std::vector<Cell> out;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && line[i] == ' ') ++i;
        if (i >= line.size()) break;
        size_t j = i;
        while (j < line.size() && !(line[j] == ' ' && j + 1 < line.size() && line[j + 1] == ' ')) ++j;
        while (j > i && line[j - 1] == ' ') --j;
        out.push_back({i, j});
        i = j;
    }
    return out;
}

std::vector<std::string> lines_of(const std::string& s) {
    std::vector<std::string> out;
    size_t at = 0;
    while (at < s.size()) {
        const size_t nl = s.find('\n', at);
        out.push_back(s.substr(at, nl == std::string::npos ? std::string::npos : nl - at));
        if (nl == std::string::npos) break;
        at = nl + 1;
    }
    return out;
}

TEST(StatsLayout, EveryTableHasAHeaderAndItsCellsUnderTheirColumns) {
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::recursive_directory_iterator(kCaps)) {
        const std::string ext = e.path().extension().string();
        if (ext == ".pcap" || ext == ".pcapng") files.push_back(e.path().string());
    }
    ASSERT_GE(files.size(), 60u);  // captures/README.md lists 68
    size_t tables = 0, rows = 0;
    for (const std::string& f : files) {
        const RunResult r = run(kBin + " stats " + f);
        const std::vector<std::string> lines = lines_of(r.out);
        if (r.out.find("nothing recognised") != std::string::npos) continue;  // no table to lay out
        ASSERT_FALSE(lines.empty()) << f;
        EXPECT_EQ(lines[0].rfind(f + ": ", 0), 0u) << f << " starts with: " << lines[0];
        std::vector<Cell> header;
        std::string header_line;
        for (const std::string& line : lines) {
            EXPECT_TRUE(line.empty() || line.back() != ' ') << f << ": trailing space in '" << line << "'";
            if (line.empty()) {
                header.clear();
                continue;
            }
            const std::vector<Cell> c = cells(line);
            if (line[0] != ' ') {  // a table's title and header, or a section's title
                header = c.size() > 1 ? std::vector<Cell>(c.begin() + 1, c.end()) : std::vector<Cell>();
                for (const Cell& h : header) EXPECT_NE(line[h.start], '(') << f << ": header in parentheses: " << line;
                header_line = line;
                tables += !header.empty();
                continue;
            }
            if (c.size() < 2) continue;  // a group's heading ("1: client ... <-> server ...")
            if (header.empty()) {
                ADD_FAILURE() << f << ": a row of values under no header: '" << line << "'";
                continue;
            }
            ++rows;
            EXPECT_LE(c.size() - 1, header.size()) << f << ": more cells than columns: '" << line << "'";
            for (size_t k = 1; k < c.size(); ++k) {
                bool under = false;
                for (const Cell& h : header) under = under || c[k].end == h.end || c[k].start == h.start;
                EXPECT_TRUE(under) << f << ": cell '" << line.substr(c[k].start, c[k].end - c[k].start)
                                   << "' is under no column of\n"
                                   << header_line << "\n"
                                   << line;
            }
        }
    }
    // Every protocol's capture has its tables (blank 1, Java 1, Alpha 1,
    // RakNet 3 per file): far more than one per file.
    EXPECT_GT(tables, files.size());
    EXPECT_GT(rows, 2000u);
}

}  // namespace
}  // namespace blank::test
