// Reading a key log (what SSLKEYLOGFILE is to TLS) the way every protocol's
// is read: the text line by line, a line's first words, hex; blank lines and
// '#' comments skipped; lines the protocol does not understand counted, the
// first one kept with its reason. The protocol's own key log says which line
// forms it takes and keeps what they carry.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace core {

// Hex text to bytes, either case; false on an empty or odd-length text or a
// character that is not a hex digit.
bool unhex(std::string_view hex, std::string& out);

// One line with words: its first four (whitespace-separated; count 4 means
// four or more).
struct KeyLogLine {
    size_t number;  // 1-based, over every line the reader has read
    std::string_view words[4];
    int count;
};

class KeyLogReader {
public:
    // Null when the protocol understood the line, else why it did not.
    using Understand = std::function<const char*(const KeyLogLine&)>;

    // Hands each line of `text` with words, comments aside, to `understand`.
    void read(std::string_view text, const Understand& understand);
    // A file's whole text; false (and `error`) when it cannot be read.
    static bool read_file(const std::string& path, std::string& text, std::string& error);
    // The key log the environment names (MINECRAFT_KEY_LOG_FILE, as
    // SSLKEYLOGFILE; one file for every protocol), or null when unset or empty.
    static const char* file_from_environment();

    // Lines read (comments and blank ones included), lines not understood
    // and the first of them (its number, 0: none, and why).
    size_t lines() const { return lines_; }
    size_t bad_lines() const { return bad_lines_; }
    size_t first_bad_line() const { return first_bad_line_; }
    const char* first_bad_reason() const { return first_bad_reason_; }

private:
    size_t lines_ = 0, bad_lines_ = 0, first_bad_line_ = 0;
    const char* first_bad_reason_ = nullptr;
};

}  // namespace core
