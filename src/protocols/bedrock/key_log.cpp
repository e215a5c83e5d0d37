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
    const uint32_t index = uint32_t(used_.size());
    if (l.count == 1) {
        if (!core::unhex(w[0], value) || value.size() != 32) return "one word, not a key of 64 hex digits";
        bare_ = Found{key_of(value), Source::BareKey, index};
    } else if (l.count == 3 && (w[0] == "BEDROCK_KEY" || w[0] == "BEDROCK_SHARED_SECRET")) {
        if (!core::unhex(w[1], salt) || !core::unhex(w[2], value)) return "not hex";
        if (w[0] == "BEDROCK_KEY") {
            if (value.size() != 32) return "the key is not 32 bytes (64 hex digits)";
            by_salt_[salt] = Found{key_of(value), Source::Key, index};
        } else {
            by_salt_[salt] = Found{derive_key(salt, value), Source::SharedSecret, index};
        }
    } else {
        return "neither BEDROCK_KEY nor BEDROCK_SHARED_SECRET and two words, nor a key alone";
    }
    used_.emplace_back(false);
    return nullptr;
}

void KeyLog::parse(std::string_view text) {
    // Alone, a line of another form is another tool's (Minecraft Java's):
    // left alone, not counted.
    reader_.read(text, [this](const core::KeyLogLine& l) {
        take(l);
        return nullptr;
    });
}

bool KeyLog::load(const std::string& path, std::string& error) {
    std::string text;
    if (!core::KeyLogReader::read_file(path, text, error)) return false;
    parse(text);
    return true;
}

std::optional<KeyLog::Found> KeyLog::find(std::string_view salt) const {
    const auto it = by_salt_.find(std::string(salt));
    const Found* f = it != by_salt_.end() ? &it->second : bare_ ? &*bare_ : nullptr;
    if (!f) return std::nullopt;
    used_[f->index].store(true, std::memory_order_relaxed);
    return *f;
}

size_t KeyLog::used() const {
    size_t n = 0;
    for (const std::atomic<bool>& u : used_) n += u.load(std::memory_order_relaxed);
    return n;
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
