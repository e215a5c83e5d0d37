#include "key_log.hpp"

#include <gcrypt.h>

#include <fstream>
#include <sstream>

namespace bedrock {
namespace {

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

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

std::string_view word(std::string_view line, size_t& pos) {
    while (pos < line.size() && is_space(line[pos])) ++pos;
    const size_t start = pos;
    while (pos < line.size() && !is_space(line[pos])) ++pos;
    return line.substr(start, pos - start);
}

Key key_of(const std::string& raw) {
    Key k{};
    for (size_t i = 0; i < k.size() && i < raw.size(); ++i) k[i] = uint8_t(raw[i]);
    return k;
}

}  // namespace

Key derive_key(std::string_view salt, std::string_view secret) {
    std::string both(salt);
    both.append(secret);
    Key k{};
    gcry_md_hash_buffer(GCRY_MD_SHA256, k.data(), both.data(), both.size());
    return k;
}

void KeyLog::parse(std::string_view text) {
    std::string salt, value;
    while (!text.empty()) {
        const size_t nl = text.find('\n');
        const std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        size_t pos = 0;
        std::string_view w[4];
        int n = 0;
        for (; n < 4; ++n) {
            w[n] = word(line, pos);
            if (w[n].empty()) break;
        }
        if (n == 0 || w[0][0] == '#') continue;
        if (n == 1 && unhex(w[0], value) && value.size() == 32) {
            bare_ = key_of(value);
        } else if (n == 3 && w[0] == "BEDROCK_KEY" && unhex(w[1], salt) && unhex(w[2], value) && value.size() == 32) {
            by_salt_[salt] = Found{key_of(value), Source::Key};
        } else if (n == 3 && w[0] == "BEDROCK_SHARED_SECRET" && unhex(w[1], salt) && unhex(w[2], value)) {
            by_salt_[salt] = Found{derive_key(salt, value), Source::SharedSecret};
        }
    }
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

std::optional<KeyLog::Found> KeyLog::find(std::string_view salt) const {
    const auto it = by_salt_.find(std::string(salt));
    if (it != by_salt_.end()) return it->second;
    if (bare_) return Found{*bare_, Source::BareKey};
    return std::nullopt;
}

const char* source_name(KeyLog::Source s) {
    switch (s) {
    case KeyLog::Source::Key: return "BEDROCK_KEY";
    case KeyLog::Source::SharedSecret: return "BEDROCK_SHARED_SECRET";
    case KeyLog::Source::BareKey: return "a key alone";
    }
    return "?";
}

}  // namespace bedrock
