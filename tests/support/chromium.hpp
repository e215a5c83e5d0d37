// Headless Chromium (Debian's chromium package) opening a page with no
// network at all, for the HTML report's tests. A test that needs it starts
// with `if (!have_chromium()) SKIP_OR_FAIL_IN_CI() << "chromium not installed";`:
// skipped on a developer's machine without it, failed in CI (CI=true).
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <sstream>
#include <string>

#include "run.hpp"
#include "skip.hpp"

namespace blank::test {

inline bool have_chromium() { return run("command -v chromium").exit_code == 0; }

// Opens file://`html` with `extra` options ("--dump-dom", "--screenshot=..."):
// returns what Chromium printed (the DOM after load, for --dump-dom); the
// page's console messages end up in `console` (empty: it logged nothing).
inline std::string chromium(const std::string& html, const std::string& extra, std::string& console) {
    char profile[] = "/tmp/blankshark-chromium-XXXXXX";  // one per run: tests may run in parallel
    EXPECT_NE(mkdtemp(profile), nullptr);
    const RunResult r = run("timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars "
                            "--no-first-run --user-data-dir=" + std::string(profile) +
                            " --proxy-server=127.0.0.1:9 --host-resolver-rules='MAP * ~NOTFOUND' "
                            "--enable-logging=stderr --v=0 " + extra + " file://" + html);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    run(std::string("rm -rf ") + profile);
    console.clear();
    std::istringstream lines(r.err);
    for (std::string line; std::getline(lines, line);)
        if (line.find(":CONSOLE") != std::string::npos) console += line + "\n";
    return r.out;
}

}  // namespace blank::test
