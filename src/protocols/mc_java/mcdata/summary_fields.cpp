#include "summary_fields.hpp"

#include <cstring>

namespace mcjava::mcdata {
namespace {

struct Summary {
    const char* table;
    const char* packet;
    const char* path;             // keys from the packet down, '/' between levels
    const char* unless = nullptr;  // not where the packet shows this field already
};

// What the hand tables of 1.13.2 and 1.14 cannot say: packets after 1.14,
// and values a later release carries under another name.
constexpr Summary kSummaries[] = {
    {"configuration.cb", "registry_data", "id"},    // 1.20.2+: the registry this packet fills
    {"play.cb", "registry_data", "id"},
    {"play.sb", "chat_command", "command"},          // 1.19+
    {"play.sb", "chat_command_signed", "command"},   // 1.20.5+
    // 1.16.2-1.20.1: the world the player is in, where the dimension is the type's NBT
    // (1.16 and 1.16.1 name it in `dimension`, which 1.13.2's summary shows).
    {"play.cb", "join_game", "world_name", "dimension"},
    {"play.cb", "respawn", "world_name", "dimension"},
};

bool mark(core::protodef::Rows& rows, const char* path) {
    const char* slash = std::strchr(path, '/');
    const size_t n = slash ? size_t(slash - path) : std::strlen(path);
    for (core::describe::F& r : rows) {
        if (!r.f.key || std::strlen(r.f.key) != n || std::strncmp(r.f.key, path, n) != 0) continue;
        if (!slash) {
            r.f.summary = true;
            return true;
        }
        return mark(r.sub, slash + 1);
    }
    return false;
}

bool shown(const core::protodef::Rows& rows, const char* key) {
    for (const core::describe::F& r : rows)
        if (r.f.key && r.f.summary && std::strcmp(r.f.key, key) == 0) return true;
    return false;
}

}  // namespace

void summary_fields(core::protodef::Rows& rows, const char* table, const char* packet) {
    for (const Summary& s : kSummaries)
        if (std::strcmp(s.table, table) == 0 && std::strcmp(s.packet, packet) == 0 && !(s.unless && shown(rows, s.unless)))
            mark(rows, s.path);
}

}  // namespace mcjava::mcdata
