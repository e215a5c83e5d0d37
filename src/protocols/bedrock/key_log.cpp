#include "key_log.hpp"

#include <gcrypt.h>

namespace bedrock {
namespace {

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

const char* KeyLog::take(const core::KeyLogLine& l) {
    const std::string_view* w = l.words;
    std::string salt, value;
    if (l.count == 1 && core::unhex(w[0], value) && value.size() == 32) {
        bare_ = key_of(value);
    } else if (l.count == 3 && w[0] == "BEDROCK_KEY" && core::unhex(w[1], salt) && core::unhex(w[2], value) &&
               value.size() == 32) {
        by_salt_[salt] = Found{key_of(value), Source::Key};
    } else if (l.count == 3 && w[0] == "BEDROCK_SHARED_SECRET" && core::unhex(w[1], salt) && core::unhex(w[2], value)) {
        by_salt_[salt] = Found{derive_key(salt, value), Source::SharedSecret};
    }
    return nullptr;
}

void KeyLog::parse(std::string_view text) {
    reader_.read(text, [this](const core::KeyLogLine& l) { return take(l); });
}

bool KeyLog::load(const std::string& path, std::string& error) {
    std::string text;
    if (!core::KeyLogReader::read_file(path, text, error)) return false;
    parse(text);
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
