// A line of text cut at a separator (tshark's -T fields columns, a line of
// its output's values).
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace blank::test {

// The parts of `s` between `sep`s, as std::getline reads them: a trailing
// separator adds no empty last part unless `keep_last_empty` (a -T fields
// line whose last column is empty).
inline std::vector<std::string> split(const std::string& s, char sep, bool keep_last_empty = false) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string cur; std::getline(in, cur, sep);) out.push_back(cur);
    if (keep_last_empty && !s.empty() && s.back() == sep) out.emplace_back();
    return out;
}

}  // namespace blank::test
