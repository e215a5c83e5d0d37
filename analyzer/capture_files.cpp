#include "capture_files.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <utility>

namespace blankshark {

std::string CaptureFiles::name() const {
    if (paths.empty()) return "";
    if (paths.size() == 1) return paths.front();
    return paths.front() + " \xE2\x80\xA6 " + paths.back() + " (" + std::to_string(paths.size()) + " files)";
}

std::string CaptureFiles::order_text() const {
    if (!is_set()) return "";
    std::string s = std::to_string(paths.size()) + " files read as one capture, frames numbered across them in this order: ";
    for (size_t i = 0; i < paths.size(); ++i) s += (i ? ", " : "") + paths[i];
    return s;
}

namespace {

constexpr size_t kNumberDigits = 5;  // dumpcap's %05d
constexpr size_t kTimeDigits = 14;   // YYYYmmddHHMMSS

bool digits(const std::string& s, size_t at, size_t n) {
    if (at + n > s.size()) return false;
    return std::all_of(s.begin() + long(at), s.begin() + long(at + n), [](char c) { return std::isdigit(uint8_t(c)); });
}

}  // namespace

namespace {

// The ring-buffer tail at the end of `stem`.
std::optional<RingName> ring_stem(const std::string& stem, size_t base) {
    const size_t tail = 1 + kNumberDigits + 1 + kTimeDigits;  // _NNNNN_YYYYmmddHHMMSS or _YYYYmmddHHMMSS_NNNNN
    if (stem.size() < base + tail + 1) return std::nullopt;
    const size_t at = stem.size() - tail;
    if (stem[at] != '_') return std::nullopt;
    RingName r;
    r.prefix = stem.substr(0, at);
    if (digits(stem, at + 1, kNumberDigits) && stem[at + 1 + kNumberDigits] == '_' &&
        digits(stem, at + 2 + kNumberDigits, kTimeDigits)) {
        r.number = std::stoull(stem.substr(at + 1, kNumberDigits));
        r.time = stem.substr(at + 2 + kNumberDigits, kTimeDigits);
        return r;
    }
    if (digits(stem, at + 1, kTimeDigits) && stem[at + 1 + kTimeDigits] == '_' &&
        digits(stem, at + 2 + kTimeDigits, kNumberDigits)) {
        r.time = stem.substr(at + 1, kTimeDigits);
        r.number = std::stoull(stem.substr(at + 2 + kTimeDigits, kNumberDigits));
        return r;
    }
    return std::nullopt;
}

}  // namespace

std::optional<RingName> ring_name(const std::string& path) {
    const size_t slash = path.find_last_of('/');
    const size_t base = slash == std::string::npos ? 0 : slash + 1;
    // The extension starts at the first dot after the tail (".pcapng", ".pcap.gz").
    for (size_t dot = path.find('.', base);; dot = path.find('.', dot + 1)) {
        const size_t end = dot == std::string::npos ? path.size() : dot;
        if (std::optional<RingName> r = ring_stem(path.substr(0, end), base)) {
            r->ext = path.substr(end);
            return r;
        }
        if (dot == std::string::npos) return std::nullopt;
    }
}

std::vector<CaptureFiles> group_files(const std::vector<std::string>& files, FileSetMode mode) {
    std::vector<CaptureFiles> out;
    if (mode == FileSetMode::Join) {
        if (!files.empty()) out.emplace_back(files);
        return out;
    }
    if (mode == FileSetMode::Separate) {
        for (const std::string& f : files) out.emplace_back(f);
        return out;
    }
    // Auto: a ring buffer's files by (prefix, extension), in number order
    // (then time: the numbers wrap after 99999), at the place of its first.
    std::map<std::pair<std::string, std::string>, size_t> set_of;
    std::vector<std::vector<std::pair<RingName, std::string>>> members;
    for (const std::string& f : files) {
        const std::optional<RingName> r = ring_name(f);
        if (!r) {
            out.emplace_back(f);
            members.emplace_back();
            continue;
        }
        auto [it, fresh] = set_of.emplace(std::make_pair(r->prefix, r->ext), out.size());
        if (fresh) {
            out.emplace_back();
            members.emplace_back();
        }
        members[it->second].emplace_back(*r, f);
    }
    for (size_t i = 0; i < out.size(); ++i) {
        auto& m = members[i];
        if (m.empty()) continue;
        std::stable_sort(m.begin(), m.end(), [](const auto& a, const auto& b) {
            return a.first.time != b.first.time ? a.first.time < b.first.time : a.first.number < b.first.number;
        });
        for (auto& [r, path] : m) out[i].paths.push_back(path);
    }
    return out;
}

}  // namespace blankshark
