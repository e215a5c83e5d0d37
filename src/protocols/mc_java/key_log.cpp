#include "key_log.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace mcjava {

namespace {

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Hex text to bytes; false on an odd length or a non-hex character.
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

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The next whitespace-separated word of `line` from `pos`.
std::string_view word(std::string_view line, size_t& pos) {
    while (pos < line.size() && is_space(line[pos])) ++pos;
    const size_t start = pos;
    while (pos < line.size() && !is_space(line[pos])) ++pos;
    return line.substr(start, pos - start);
}

}  // namespace

void KeyLog::bad_line(size_t line, const char* why) {
    if (!bad_lines_++) {
        first_bad_line_ = line;
        first_bad_reason_ = why;
    }
}

void KeyLog::parse(std::string_view text) {
    std::string key, secret;
    const size_t first_new = entries_.size();
    while (!text.empty()) {
        const size_t nl = text.find('\n');
        const std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        const size_t number = ++lines_;
        size_t pos = 0;
        std::string_view w[4];
        int n = 0;
        for (; n < 4; ++n) {
            w[n] = word(line, pos);
            if (w[n].empty()) break;
        }
        if (n == 0 || w[0][0] == '#') continue;
        const bool labelled = n == 3 && w[0] == "SHARED_SECRET";
        const std::string_view k = labelled ? w[1] : w[0], s = labelled ? w[2] : w[1];
        if (n != 2 && !labelled) {
            bad_line(number, n == 3 ? "three words, the first not SHARED_SECRET"
                                    : "not two words (verify token, secret) nor SHARED_SECRET and two words");
            continue;
        }
        if (!unhex(k, key) || !unhex(s, secret)) {
            bad_line(number, "not hex");
            continue;
        }
        if (secret.size() != 16) {
            bad_line(number, "the secret is not 16 bytes (32 hex digits)");
            continue;
        }
        Entry e;
        for (size_t i = 0; i < 16; ++i) e.secret[i] = uint8_t(secret[i]);
        e.line = uint32_t(number);
        (labelled ? by_secret_ : by_token_)[key] = entries_.size();
        entries_.push_back(e);
    }
    if (entries_.size() == first_new) return;
    auto used = std::make_unique<std::atomic<bool>[]>(entries_.size());
    for (size_t i = 0; i < first_new; ++i) used[i] = used_[i].load();
    used_ = std::move(used);
}

void KeyLog::mark_used(const Entry& e) const {
    const size_t i = size_t(&e - entries_.data());
    if (i < entries_.size()) used_[i].store(true, std::memory_order_relaxed);
}

size_t KeyLog::used() const {
    size_t n = 0;
    for (size_t i = 0; i < entries_.size(); ++i) n += used_[i].load(std::memory_order_relaxed);
    return n;
}

bool KeyLog::load(const std::string& path, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot read the key log " + path;
        return false;
    }
    std::ostringstream s;
    s << in.rdbuf();
    parse(s.str());
    return true;
}

const KeyLog::Entry* KeyLog::find(std::string_view encrypted_secret, std::string_view verify_token) const {
    const Entry* e = nullptr;
    if (!encrypted_secret.empty()) {
        const auto it = by_secret_.find(std::string(encrypted_secret));
        if (it != by_secret_.end()) e = &entries_[it->second];
    }
    if (!e && !verify_token.empty()) {
        const auto it = by_token_.find(std::string(verify_token));
        if (it != by_token_.end()) e = &entries_[it->second];
    }
    if (e) mark_used(*e);
    return e;
}

const char* key_log_from_environment() {
    const char* v = std::getenv("MINECRAFT_KEY_LOG_FILE");
    return v && *v ? v : nullptr;
}

}  // namespace mcjava
