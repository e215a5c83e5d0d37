// Exit codes of blankshark, documented in --help.
#pragma once

#include "capture_stream.hpp"

namespace blankshark {

constexpr int kExitOk = 0;
constexpr int kExitFindings = 1;     // check: findings at or above --fail-on
constexpr int kExitUsage = 2;        // bad command line
constexpr int kExitCannotRead = 3;   // missing file, not a capture, unsupported link type
constexpr int kExitCorrupt = 4;      // truncated or corrupt capture: everything before it was reported
constexpr int kExitCannotWrite = 5;  // report, synth: the output file cannot be written
constexpr int kExitNothingRecognised = 6;  // check: a capture with no conversation of any supported protocol

// What reading a capture means for the exit code.
constexpr int exit_code(StreamResult r) {
    return r == StreamResult::OpenError ? kExitCannotRead : r == StreamResult::ReadError ? kExitCorrupt : kExitOk;
}

constexpr const char* kExitCodesHelp =
    "Exit codes:\n"
    "  0  success\n"
    "  1  findings at or above --fail-on (check)\n"
    "  2  bad command line\n"
    "  3  the file cannot be read: missing, not a capture file, unsupported link type\n"
    "  4  the capture is truncated or corrupt: everything before the bad spot was reported,\n"
    "     then an error naming the file, frame number and byte offset\n"
    "  5  the output file cannot be written (report, synth)\n"
    "  6  check: nothing recognised, a capture holds no conversation of any supported protocol\n"
    "     (the verdict says which ports and heuristics were tried: --port may be missing)\n";

}  // namespace blankshark
