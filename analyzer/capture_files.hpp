// The files read as one capture: one file, or the files of one ring buffer
// (dumpcap -b: a new file every N seconds, kilobytes or packets, one
// interface), read one after the other so that a connection that runs
// across them is one connection. Frames are numbered across the set (as
// `mergecap -a` would: the second file's first frame follows the first
// file's last); where each file's frames are is kept so that a position can
// name its file (CaptureStream::files()).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace blankshark {

struct CaptureFiles {
    CaptureFiles() = default;
    CaptureFiles(std::string path) : paths{std::move(path)} {}  // NOLINT: one file is a capture
    CaptureFiles(const char* path) : paths{path} {}              // NOLINT
    explicit CaptureFiles(std::vector<std::string> p) : paths(std::move(p)) {}

    std::vector<std::string> paths;  // in reading order

    bool is_set() const { return paths.size() > 1; }
    // What output calls the capture: the path, or "FIRST … LAST (N files)".
    std::string name() const;
    // A ring buffer's files for a reader of frame numbers: "3 files read as
    // one capture, frames numbered across them in this order: a, b, c"
    // (empty for one file).
    std::string order_text() const;
};

// A file name of a ring buffer: dumpcap's <prefix>_<NNNNN>_<YYYYmmddHHMMSS>.<ext>
// (Wireshark's File Set pattern), or the time first (-b nametimenum:2,
// dumpcap 4.2 on). The prefix keeps its directory.
struct RingName {
    std::string prefix, ext;
    uint64_t number = 0;
    std::string time;  // YYYYmmddHHMMSS
};
std::optional<RingName> ring_name(const std::string& path);

enum class FileSetMode {
    Auto,      // files named as one ring buffer (same prefix and extension) are one capture, in number order
    Join,      // every file given is one capture, in the order given (--file-set)
    Separate,  // every file alone (--no-file-set)
};

// The command line's files as captures, in the order of their first file.
std::vector<CaptureFiles> group_files(const std::vector<std::string>& files, FileSetMode mode);

}  // namespace blankshark
