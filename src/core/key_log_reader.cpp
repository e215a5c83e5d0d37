#include "key_log_reader.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace core {
namespace {

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The next whitespace-separated word of `line` from `pos`.
std::string_view word(std::string_view line, size_t& pos) {
    while (pos < line.size() && is_space(line[pos])) ++pos;
    const size_t start = pos;
    while (pos < line.size() && !is_space(line[pos])) ++pos;
    return line.substr(start, pos - start);
}

}  // namespace

bool unhex(std::string_view h, std::string& out) {
    if (h.empty() || h.size() % 2) return false;
    out.resize(h.size() / 2);
    for (size_t i = 0; i < out.size(); ++i) {
        const int a = hex_digit(h[2 * i]), b = hex_digit(h[2 * i + 1]);
        if (a < 0 || b < 0) return false;
        out[i] = char(a << 4 | b);
    }
    return true;
}

void KeyLogReader::read(std::string_view text, const Understand& understand) {
    while (!text.empty()) {
        const size_t nl = text.find('\n');
        const std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        KeyLogLine l{};
        l.number = ++lines_;
        size_t pos = 0;
        for (; l.count < 4; ++l.count) {
            l.words[l.count] = word(line, pos);
            if (l.words[l.count].empty()) break;
        }
        if (l.count == 0 || l.words[0][0] == '#') continue;
        const char* why = understand(l);
        if (why && !bad_lines_++) {
            first_bad_line_ = l.number;
            first_bad_reason_ = why;
        }
    }
}

const char* KeyLogReader::file_from_environment() {
    const char* v = std::getenv("MINECRAFT_KEY_LOG_FILE");
    return v && *v ? v : nullptr;
}

bool KeyLogReader::read_file(const std::string& path, std::string& text, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot read the key log " + path;
        return false;
    }
    std::ostringstream s;
    s << in.rdbuf();
    text = s.str();
    return true;
}

}  // namespace core
