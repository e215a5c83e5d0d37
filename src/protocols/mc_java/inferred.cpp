#include "inferred.hpp"

#include <cinttypes>
#include <cstdlib>

#include "core/finding_text.hpp"
#include "core/protodef.hpp"
#include "findings.hpp"

namespace mcjava {

namespace {

// A version's first and last release ("1.20.3" and "1.20.4" of "1.20.3/1.20.4").
std::string first_release(const VersionInfo& v) {
    const std::string n = v.name;
    return n.substr(0, n.find('/'));
}
std::string last_release(const VersionInfo& v) {
    const std::string n = v.name;
    const size_t slash = n.rfind('/');
    return slash == std::string::npos ? n : n.substr(slash + 1);
}

}  // namespace

const char* range_name(VersionSet set) {
    const VersionInfo *oldest = nullptr, *newest = nullptr;
    size_t count = 0;
    for (const VersionInfo* v : versions())
        if (set & version_bit(*v)) {
            if (!oldest) oldest = v;
            newest = v;
            ++count;
        }
    if (!oldest) return "";
    if (count == 1) return oldest->name;
    // Every release from the oldest to the newest: the set may leave some
    // out, but the range contains the connection's.
    return core::protodef::Translator::keep(first_release(*oldest) + "\u2013" + last_release(*newest));
}

const VersionInfo* newest_of(VersionSet set) {
    const VersionInfo* newest = nullptr;
    for (const VersionInfo* v : versions())
        if (set & version_bit(*v)) newest = v;
    return newest;
}

const VersionInfo* find_release(const std::string& text) {
    if (text.empty()) return nullptr;
    char* end = nullptr;
    const long number = std::strtol(text.c_str(), &end, 10);
    if (end && *end == '\0') return find_version(int32_t(number));
    for (const VersionInfo* v : versions()) {
        const std::string n = v->name;
        for (size_t at = 0; at <= n.size();) {
            const size_t slash = n.find('/', at);
            const size_t stop = slash == std::string::npos ? n.size() : slash;
            if (n.compare(at, stop - at, text) == 0) return v;
            at = stop + 1;
        }
    }
    return nullptr;
}

namespace {

// Bits of the inferred finding's b and c.
constexpr int kCleanShift = 20, kClientStateShift = 40, kServerStateShift = 44, kCompressedShift = 48,
              kHowShift = 49, kRunnerCleanShift = 8;
constexpr int64_t kCountMask = (int64_t(1) << 20) - 1;

}  // namespace

core::Finding inferred_finding(const Inferred& r) {
    core::Finding f{r.how == Inferred::How::Given ? FindingCode::VersionGiven : FindingCode::VersionInferred};
    f.a = int64_t(r.range);
    f.b = (int64_t(r.packets) & kCountMask) | (int64_t(r.clean) & kCountMask) << kCleanShift |
          int64_t(r.state[0]) << kClientStateShift | int64_t(r.state[1]) << kServerStateShift |
          int64_t(r.compressed) << kCompressedShift | int64_t(r.how) << kHowShift;
    f.c = r.runner_up ? int64_t(r.runner_up->index + 1) | int64_t(r.runner_up_clean) << kRunnerCleanShift : 0;
    return f;
}

core::Finding narrowed_finding(VersionSet before, VersionSet after) {
    core::Finding f{FindingCode::VersionNarrowed};
    f.a = int64_t(after);
    f.b = int64_t(before);
    return f;
}

size_t format_inferred(const core::Finding& f, char* buf, size_t cap) {
    const VersionSet range = VersionSet(f.a);
    const VersionInfo* v = newest_of(range);
    const char* name = range_name(range);
    if (core::local_code<FindingCode>(f.code) == FindingCode::VersionNarrowed)
        return core::print(buf, cap, "This packet tells the releases apart: %s (was %s)", name,
                           range_name(VersionSet(f.b)));
    const unsigned packets = unsigned(f.b & kCountMask), clean = unsigned(f.b >> kCleanShift & kCountMask);
    const char* client = state_name(State(f.b >> kClientStateShift & 0xF));
    const char* server = state_name(State(f.b >> kServerStateShift & 0xF));
    const bool compressed = f.b >> kCompressedShift & 1;
    const auto how = Inferred::How(f.b >> kHowShift & 7);
    char states[96];
    if (client == server) std::snprintf(states, sizeof states, "%s", server);
    else std::snprintf(states, sizeof states, "server %s, client %s", server, client);
    char runner[96] = "";
    if (f.c) {
        const size_t i = size_t(f.c & 0xFF) - 1;
        if (i < versions().size())
            std::snprintf(runner, sizeof runner, "; next best %s, %u cleanly", versions()[i]->name,
                          unsigned(f.c >> kRunnerCleanShift));
    }
    if (how == Inferred::How::Given)
        return core::print(buf, cap, "No Handshake: release %s (protocol %d) as named; %s, %s framing, from %u packets", name,
                           v ? v->protocol : 0, states, compressed ? "compressed" : "uncompressed", packets);
    return core::print(buf, cap, "No Handshake: release %s (protocol %d) inferred from %u packets, %u decoded cleanly%s%s; %s, %s framing",
                       name, v ? v->protocol : 0, packets, clean, runner,
                       how == Inferred::How::AtEnd  ? " (the best when the bytes ran out, not clearly ahead)"
                       : how == Inferred::How::Peer ? " (fitting as well as others: the release of another connection to this server)"
                                                    : "",
                       states,
                       compressed ? "compressed" : "uncompressed");
}

}  // namespace mcjava
