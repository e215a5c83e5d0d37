// check --format junit is XML that CI tools accept: valid against
// tests/analyzer/junit.xsd (xmllint, Debian's libxml2-utils), with each
// suite's tests, failures and errors counts equal to its cases.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;
const std::string kSchema = std::string(BLANKSHARK_SOURCE_DIR) + "/tests/analyzer/junit.xsd";

// xmllint's verdict on FILE against the schema ("FILE validates" on success).
RunResult validate(const std::string& file) { return run("xmllint --noout --schema " + kSchema + " " + file); }

std::string xpath(const std::string& file, const std::string& expr) {
    const RunResult r = run("xmllint --xpath '" + expr + "' " + file);
    EXPECT_EQ(r.exit_code, 0) << expr << ": " << r.err;
    std::string out = r.out;
    while (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

TEST(JunitSchema, RejectsWhatCiToolsWouldNotRead) {
    // The check below can fail: a suite without its counts, a stray element.
    const std::string bad = ::testing::TempDir() + "junit-bad-" + std::to_string(getpid()) + ".xml";
    std::ofstream(bad) << "<?xml version=\"1.0\"?>\n<testsuites><testsuite name=\"x\" tests=\"1\">"
                          "<testcase name=\"a\"><failed/></testcase></testsuite></testsuites>\n";
    const RunResult r = validate(bad);
    std::remove(bad.c_str());
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("failures"), std::string::npos) << r.err;  // the missing attribute
    EXPECT_NE(r.err.find("failed"), std::string::npos) << r.err;    // the unknown element
}

TEST(JunitSchema, CheckOutputValidatesAndCountsItsCases) {
    // Failures (lossy), a clean pass, malformed packets at --fail-on note, an
    // unreadable file and a truncated one: every kind of case.
    const std::string cut = ::testing::TempDir() + "junit-" + std::to_string(getpid()) + ".pcap";
    {
        std::ifstream in(kCaps + "/blank-fa73e36-two-clients.pcap", std::ios::binary);
        std::string all((std::istreambuf_iterator<char>(in)), {});
        std::ofstream(cut, std::ios::binary) << all.substr(0, 500000);
    }
    const std::string xml = ::testing::TempDir() + "junit-check-" + std::to_string(getpid()) + ".xml";
    const RunResult r = run(kBin + " check --format junit --fail-on note " + kCaps + "/blank-fa73e36-lossy-5pct.pcap " +
                            kCaps + "/blank-fa73e36-clean-session.pcap " + kCaps + "/crafted/malformed.pcap " +
                            "/nonexistent.pcap " + cut + " > " + xml);
    EXPECT_EQ(r.exit_code, 4);
    const RunResult v = validate(xml);
    EXPECT_EQ(v.exit_code, 0) << v.err;
    EXPECT_NE(v.err.find(xml + " validates"), std::string::npos) << v.err;

    ASSERT_EQ(xpath(xml, "count(/testsuites/testsuite)"), "5");
    int failures = 0, errors = 0;
    for (int i = 1; i <= 5; ++i) {
        SCOPED_TRACE(i);
        const std::string s = "/testsuites/testsuite[" + std::to_string(i) + "]";
        const std::string tests = xpath(xml, "string(" + s + "/@tests)");
        EXPECT_EQ(xpath(xml, "count(" + s + "/testcase)"), tests);
        EXPECT_GT(std::stoi(tests), 0);
        EXPECT_EQ(xpath(xml, "count(" + s + "/testcase[failure])"), xpath(xml, "string(" + s + "/@failures)"));
        EXPECT_EQ(xpath(xml, "count(" + s + "/testcase[error])"), xpath(xml, "string(" + s + "/@errors)"));
        failures += std::stoi(xpath(xml, "string(" + s + "/@failures)"));
        errors += std::stoi(xpath(xml, "string(" + s + "/@errors)"));
    }
    EXPECT_GT(failures, 3);  // at --fail-on note the lossy and malformed files fail several checks
    EXPECT_EQ(errors, 2);    // the missing file and the truncated one
    EXPECT_EQ(xpath(xml, "string(/testsuites/testsuite[4]/testcase[error]/error/@type)"), "unreadable");
    EXPECT_EQ(xpath(xml, "string(/testsuites/testsuite[5]/testcase[error]/error/@type)"), "truncated_or_corrupt");
    std::remove(cut.c_str());
    std::remove(xml.c_str());
}

}  // namespace
}  // namespace blank::test
