// What differs between the tshark releases the tests run with, read from
// the tshark that runs them: Debian 12 ships 4.0, Debian 13 4.4, Debian
// testing 4.6 (tests/distros/run.sh runs the suite on each). A test whose
// expectation depends on the release says so through these, never by
// accepting any of several spellings.
#pragma once

#include <cstdio>
#include <string>

#include "../support/run.hpp"

namespace blank::test {

struct TsharkVersion {
    int major = 0, minor = 0;
};

// `tshark --version`'s first line: "TShark (Wireshark) 4.6.9 ...".
inline const TsharkVersion& tshark_version() {
    static const TsharkVersion v = [] {
        TsharkVersion t;
        const RunResult r = run("tshark --version");
        const auto at = r.out.find(") ");
        if (at != std::string::npos) std::sscanf(r.out.c_str() + at + 2, "%d.%d", &t.major, &t.minor);
        return t;
    }();
    return v;
}

inline bool tshark_at_least(int major, int minor) {
    const TsharkVersion& v = tshark_version();
    return v.major > major || (v.major == major && v.minor >= minor);
}

// How `-T fields` prints an FT_BOOLEAN: 4.0 as the number ("1", "0"); 4.4
// and 4.6 as "True"/"False".
inline std::string fields_bool(bool value) {
    if (tshark_at_least(4, 4)) return value ? "True" : "False";
    return value ? "1" : "0";
}

}  // namespace blank::test
