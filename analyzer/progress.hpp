// A progress bar on stderr for long captures: shown only when stderr is a
// terminal (and not --quiet), redrawn at most 5 times a second, erased at
// the end so the report itself is not disturbed.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace blankshark {

class Progress {
public:
    // `enabled` = the user did not ask for --quiet; the bar also needs a terminal.
    Progress(const std::string& path, bool enabled);
    ~Progress();
    // Called now and then by the reader: bytes of the file read so far.
    void update(uint64_t position, uint64_t frames) {
        if (active_ && ++calls_ % 16 == 0) draw(position, frames, false);
    }
    void done();

    // True when a bar would be drawn for `enabled` (stderr is a terminal).
    static bool wanted(bool enabled);

private:
    void draw(uint64_t position, uint64_t frames, bool force);

    bool active_ = false, drawn_ = false;
    std::string name_;
    uint64_t size_ = 0, calls_ = 0;
    std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace blankshark
