// Runs a command and captures its exit code, stdout and stderr. A sanitizer
// report on its stderr fails the test whatever the exit code (in a sanitizer
// build it also exits 86, a code no command uses: CMakeLists.txt).
#pragma once

#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace blank::test {

struct RunResult {
    int exit_code = -1;
    std::string out, err;
};

inline RunResult run(const std::string& cmd) {
    RunResult r;
    char errfile[] = "/tmp/blankshark-test-stderr-XXXXXX";
    const int fd = mkstemp(errfile);
    if (fd >= 0) close(fd);
    FILE* p = popen((cmd + " 2>" + errfile).c_str(), "r");
    if (!p) return r;
    char buf[1 << 16];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    const int st = pclose(p);
    r.exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    std::ifstream e(errfile);
    std::stringstream ss;
    ss << e.rdbuf();
    r.err = ss.str();
    std::remove(errfile);
    if (r.err.find("Sanitizer") != std::string::npos || r.err.find("runtime error:") != std::string::npos)
        ADD_FAILURE() << cmd << ": sanitizer report (exit " << r.exit_code << "):\n" << r.err;
    return r;
}

inline std::vector<nlohmann::json> json_lines(const std::string& text) {
    std::vector<nlohmann::json> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        if (!line.empty()) out.push_back(nlohmann::json::parse(line));
    return out;
}

// A test-parameter name from a file name: "blank-fa73e36-x.pcap" -> "blank_fa73e36_x_pcap".
inline std::string identifier(std::string s) {
    for (char& c : s)
        if (!isalnum(static_cast<unsigned char>(c))) c = '_';
    return s;
}

}  // namespace blank::test
