// The bundled Minecraft captures cut mid-connection (issue 52), for the
// analyzer's test (analyzer/midstream_cuts_test.cpp) and tshark's with the
// plugin (plugin/tshark_midstream_cuts_test.cpp), each with the key log
// beside an encrypted one; each test names those it is not held to yet.
#pragma once

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

namespace blank::test {

struct MidstreamCase {
    std::string path;    // under captures/
    std::string keylog;  // under captures/, or empty
};
// Its name in a test's output (GoogleTest prints a parameter with it).
inline void PrintTo(const MidstreamCase& c, std::ostream* os) { *os << c.path; }

// True when `rel` ends with one of `names` (null-terminated).
inline bool named(const std::string& rel, const char* const* names) {
    for (; *names; ++names)
        if (rel.size() >= std::strlen(*names) &&
            rel.compare(rel.size() - std::strlen(*names), std::string::npos, *names) == 0)
            return true;
    return false;
}

// `captures`: the checkout's captures/ directory; `not_yet`: the captures
// (file names) a front end is not held to yet, null-terminated.
inline std::vector<MidstreamCase> midstream_cases(const std::string& captures, const char* const* not_yet) {
    namespace fs = std::filesystem;
    std::vector<MidstreamCase> out;
    for (const char* dir : {"minecraft-java", "minecraft-java/eras", "mc_alpha"})
        for (const auto& e : fs::directory_iterator(captures + "/" + dir))
            if (e.path().extension() == ".pcap") {
                const std::string rel = std::string(dir) + "/" + e.path().filename().string();
                if (named(rel, not_yet)) continue;
                std::string keylog = e.path().string();
                keylog = keylog.substr(0, keylog.size() - 5) + ".keylog";
                out.push_back({rel, fs::exists(keylog) ? keylog.substr(captures.size() + 1) : ""});
            }
    std::sort(out.begin(), out.end(), [](const MidstreamCase& a, const MidstreamCase& b) { return a.path < b.path; });
    return out;
}

}  // namespace blank::test
