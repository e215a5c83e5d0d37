// Each revision as a core::Version (one message table, the header's checks,
// the decoder variables), compiled once by the core's schema compiler.
#include <map>
#include <memory>
#include <mutex>

#include "findings.hpp"
#include "protocol.hpp"

namespace blank {

extern const Revision kRevisionFa73e36;
extern const Revision kRevision933ca0f, kRevision9240fdf, kRevision4da2ae6, kRevisionCa90ec4, kRevision7c5e04a,
    kRevision808d9db, kRevision33b37e7, kRevisionDa06ac1;
extern const Layout kAnalysisLayout;

namespace {

// The tag must be right; the padding is never written by the game (any
// value is a comment, not a broken header).
const core::Expect kExpects[] = {
    {"tag", kTag, FindingCode::BadTag, true},
    {"padding", 0, FindingCode::PaddingNonZero, false},
};

const char* const kVars[kVarCount] = {"base_x", "base_y", "base_z", "hist_bits"};
const int64_t kVarDefaults[kVarCount] = {0, 0, 0, 32};

core::DecodeFindings decode_findings() {
    using C = FindingCode;
    core::DecodeFindings f{};
    f.short_header = C::ShortHeader;
    f.unknown_type = C::UnknownType;
    f.bad_length = C::BadLength;
    f.count_range = C::CountRange;
    f.count_mismatch = C::CountMismatch;
    f.trailing = C::TrailingBytes;
    f.string_unterminated = C::StringUnterminated;
    f.string_not_utf8 = C::StringNotUtf8;
    f.unknown_value = C::UnknownValue;
    f.quat_pad_bits = C::QuatPadBits;
    f.quat_not_unit = C::QuatNotUnit;
    f.size_mismatch = C::PieceSizeMismatch;
    return f;
}

struct Compiled {
    core::MessageTable table;
    core::Version version;
    Schema schema;
};

std::unique_ptr<Compiled> compile(const Revision& rev) {
    auto c = std::make_unique<Compiled>();
    c->table = core::MessageTable{nullptr, "blank", rev.types, rev.type_count};
    c->version = core::Version{rev.name, rev.description, Layout{rev.header, rev.header_count}, "type", &c->table, 1,
                               kExpects, 2, kVars, kVarCount, kVarDefaults, &rev};
    core::SchemaSpec spec{kPrefix, &c->version, core::ByteOrder::Little, decode_findings(), kAnalysisLayout, 32};
    c->schema = core::compile(spec);
    return c;
}

}  // namespace

const Revision& current_revision() { return kRevisionFa73e36; }

const std::vector<const Revision*>& revisions() {
    // Oldest first (protocol_tables.cpp says what each one changed).
    static const std::vector<const Revision*> all{&kRevision933ca0f, &kRevision9240fdf, &kRevision4da2ae6,
                                                  &kRevisionCa90ec4, &kRevision7c5e04a, &kRevision808d9db,
                                                  &kRevision33b37e7, &kRevisionDa06ac1, &kRevisionFa73e36};
    return all;
}

const Schema& schema(const Revision& rev) {
    static std::mutex m;
    // Freed at exit, after every user (so leak checkers stay quiet).
    static std::map<const Revision*, std::unique_ptr<Compiled>> compiled;
    std::lock_guard<std::mutex> lock(m);
    auto it = compiled.find(&rev);
    if (it == compiled.end()) it = compiled.emplace(&rev, compile(rev)).first;
    return it->second->schema;
}

const Revision& revision_of(const Schema& s) { return *static_cast<const Revision*>(s.version->user); }

const PacketType* packet_type(const Schema& s, uint8_t code) { return s.type(0, code); }

const char* type_name(const Schema& s, uint8_t code) {
    const PacketType* t = packet_type(s, code);
    return t ? t->name : "Unknown";
}

}  // namespace blank
