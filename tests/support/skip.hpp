// A test that cannot run here (a tool such as tshark or mergecap is not
// installed, ../shared is not beside the checkout) is reported as skipped,
// never as passed; in CI (CI=true in the environment) it fails instead, so
// a CI machine that lost a tool cannot pass by skipping:
//
//     if (!have_tshark()) SKIP_OR_FAIL_IN_CI() << "tshark not installed";
//
// Like GTEST_SKIP() it returns from the current (void) function. Every
// gtest_discover_tests in tests/CMakeLists.txt sets SKIP_REGULAR_EXPRESSION,
// so ctest counts the skip as a skip.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

namespace blank::test {

inline bool in_ci() {
    const char* ci = std::getenv("CI");
    return ci && std::strcmp(ci, "true") == 0;
}

}  // namespace blank::test

#define SKIP_OR_FAIL_IN_CI()                                                                                  \
    return GTEST_MESSAGE_AT_(__FILE__, __LINE__,                                                              \
                             ::blank::test::in_ci() ? "CI=true: what this test needs must be there in CI"    \
                                                    : "",                                                    \
                             ::blank::test::in_ci() ? ::testing::TestPartResult::kFatalFailure               \
                                                    : ::testing::TestPartResult::kSkip)
