#include "revision_detect.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace blank {

namespace {

bool same_length(const LengthSpec& a, const LengthSpec& b) {
    return a.rule == b.rule && a.min == b.min && a.max == b.max && a.base == b.base && a.stride == b.stride;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Full hashes of the game commits the revisions are named after
// (HolySmoke86/blank), for lookups by a longer prefix.
struct Commit {
    const char* name;
    const char* hash;
};
constexpr Commit kCommits[] = {
    {"933ca0f", "933ca0fe6c660e482edd45742d981f2de59a32df"},
    {"9240fdf", "9240fdf2e68ee014da0d0a89a7fb2f29ebf28e2d"},
    {"4da2ae6", "4da2ae6f12d7cf4594edb2d560c5c112e9bcd094"},
    {"ca90ec4", "ca90ec459ca0bd48c1483a45f30496aed61e9c21"},
    {"7c5e04a", "7c5e04a4af82947ae8e26db3d03f13a555c10aba"},
    {"808d9db", "808d9dbd3ab101c0ff10697e36ef2c45a23b6ef5"},
    {"33b37e7", "33b37e7242e4cbfa76e4a0d6e5bb54223b541162"},
    {"da06ac1", "da06ac178d2c083249f8cb2b2c0bef799c079cfd"},
    {"fa73e36", "fa73e3600dee78063ab95e1903172ab339dcd4bd"},
    // fa73e36's wire format came with 56069d4 (ChunkData sized to the piece).
    {"fa73e36", "56069d41c1553d87a8759713ef391d3a908adc0e"},
};
struct Alias {
    const char* alias;
    const char* name;
};
constexpr Alias kAliases[] = {{"current", "fa73e36"}, {"new", "fa73e36"}, {"old", "933ca0f"}};

const Revision* by_name(std::string_view name) {
    for (const Revision* r : revisions())
        if (name == r->name) return r;
    return nullptr;
}

}  // namespace

const char* detection_name(Detection d) {
    switch (d) {
    case Detection::Ambiguous: return "ambiguous";
    case Detection::Detected: return "detected";
    case Detection::None: return "none";
    }
    return "?";
}

bool fits(const Revision& rev, uint8_t type, uint32_t payload_len) {
    if (type >= rev.type_count) return false;
    const LengthSpec& r = rev.types[type].length;
    if (payload_len < r.min || payload_len > r.max) return false;
    return r.rule != LengthRule::Repeated || (payload_len - r.base) % r.stride == 0;
}

bool equivalent(const Revision& a, const Revision& b) {
    if (&a == &b) return true;
    if (a.header != b.header || a.header_count != b.header_count) return false;
    const size_t common = a.type_count < b.type_count ? a.type_count : b.type_count;
    for (size_t i = 0; i < common; ++i) {
        const PacketType& x = a.types[i];
        const PacketType& y = b.types[i];
        if (x.payload.fields != y.payload.fields || x.payload.count != y.payload.count ||
            !same_length(x.length, y.length))
            return false;
    }
    return true;
}

const Revision* find_revision(std::string_view name) {
    const std::string n = lower(name);
    if (n.empty()) return nullptr;
    for (const Alias& a : kAliases)
        if (n == a.alias) return by_name(a.name);
    if (const Revision* r = by_name(n)) return r;
    if (n.size() < 7) return nullptr;
    for (const Commit& c : kCommits)
        if (std::string_view(c.hash).substr(0, n.size()) == n) return by_name(c.name);
    return nullptr;
}

RevisionDetector::RevisionDetector(const std::vector<const Revision*>& candidates) : left_(candidates) {
    update();
}

void RevisionDetector::packet(uint8_t type, uint32_t payload_len) {
    ++packets_;
    const size_t before = left_.size();
    // In place: a new vector per packet was check's one allocation per packet.
    left_.erase(std::remove_if(left_.begin(), left_.end(),
                               [&](const Revision* r) { return !fits(*r, type, payload_len); }),
                left_.end());
    if (left_.size() != before) {
        last_change_ = packets_;
        update();
    }
}

void RevisionDetector::chunk(uint32_t inflated_size) {
    const size_t before = left_.size();
    left_.erase(std::remove_if(left_.begin(), left_.end(),
                               [&](const Revision* r) { return r->chunk_size != inflated_size; }),
                left_.end());
    if (left_.size() != before) {
        last_change_ = packets_;
        update();
    }
}

void RevisionDetector::update() {
    if (left_.empty()) {
        state_ = Detection::None;
        return;
    }
    // Equivalence need not be transitive (two revisions may each agree with
    // a third that lacks the type they differ in): every pair must agree.
    for (size_t i = 0; i < left_.size(); ++i)
        for (size_t j = i + 1; j < left_.size(); ++j)
            if (!equivalent(*left_[i], *left_[j])) {
                state_ = Detection::Ambiguous;
                return;
            }
    state_ = Detection::Detected;
}

const Revision& RevisionDetector::decode_with() const {
    switch (state_) {
    case Detection::Detected: return *left_.front();
    case Detection::Ambiguous: return *left_.back();
    case Detection::None: break;
    }
    return current_revision();
}

bool RevisionDetector::chunk_size_settled() const {
    for (const Revision* r : left_)
        if (r->chunk_size != left_.front()->chunk_size) return false;
    return true;
}

}  // namespace blank
