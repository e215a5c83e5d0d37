#include "key_log.hpp"

namespace mcjava {

const char* KeyLog::take(const core::KeyLogLine& l) {
    const std::string_view* w = l.words;
    const bool labelled = l.count == 3 && w[0] == "SHARED_SECRET";
    const std::string_view k = labelled ? w[1] : w[0], s = labelled ? w[2] : w[1];
    if (l.count != 2 && !labelled)
        return l.count == 3 ? "three words, the first not SHARED_SECRET"
                            : "not two words (verify token, secret) nor SHARED_SECRET and two words";
    std::string key, secret;
    if (!core::unhex(k, key) || !core::unhex(s, secret)) return "not hex";
    if (secret.size() != 16) return "the secret is not 16 bytes (32 hex digits)";
    Entry e;
    for (size_t i = 0; i < 16; ++i) e.secret[i] = uint8_t(secret[i]);
    e.line = uint32_t(l.number);
    (labelled ? by_secret_ : by_token_)[key] = entries_.size();
    entries_.push_back(e);
    used_.emplace_back(false);
    return nullptr;
}

void KeyLog::parse(std::string_view text) {
    reader_.read(text, [this](const core::KeyLogLine& l) { return take(l); });
}

void KeyLog::mark_used(const Entry& e) const {
    const size_t i = size_t(&e - entries_.data());
    if (i < entries_.size()) used_[i].store(true, std::memory_order_relaxed);
}

size_t KeyLog::used() const {
    size_t n = 0;
    for (const std::atomic<bool>& u : used_) n += u.load(std::memory_order_relaxed);
    return n;
}

bool KeyLog::load(const std::string& path, std::string& error) {
    std::string text;
    if (!core::KeyLogReader::read_file(path, text, error)) return false;
    parse(text);
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

}  // namespace mcjava
