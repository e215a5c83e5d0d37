#include "shared_port.hpp"

#include <epan/conversation.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include "core/midstream_choice.hpp"

namespace plugin {

namespace {

// A dissector of its own on a port of its own: not carried in another
// protocol, a default port.
bool has_port(const ProtocolRegistration* r) {
    return r && r->dissect && !r->info->carried_by && r->info->default_port;
}

bool same_port(const ProtocolRegistration* a, const ProtocolRegistration* b) {
    return has_port(a) && has_port(b) && a->info->transport == b->info->transport &&
           a->info->default_port == b->info->default_port;
}

bool shares_port(const ProtocolRegistration* r, const std::vector<const ProtocolRegistration*>& parts) {
    for (const ProtocolRegistration* o : parts)
        if (o != r && same_port(o, r)) return true;
    return false;
}

struct Dispatcher {
    std::vector<const ProtocolRegistration*> members;  // catalog order
    std::string filter, name, short_name;              // Wireshark keeps pointers to them
    int proto = -1;
    dissector_handle_t handle = nullptr;
};
std::deque<Dispatcher> dispatchers;  // stable: each is its dissector's data

// A test of the client's first bytes that holds off the port too (Java's
// whole Handshake; Alpha's whole Handshake, or MoreBytes: its start).
// Alpha's test wants the Handshake alone, as a client's first segment is;
// bytes desegmented after a start (below) may go on past it (the Login):
// a whole one at their start is enough.
core::Looks starts_as(const ProtocolRegistration& m, const guint8* p, guint len) {
    const core::ProtocolInfo& info = *m.info;
    if (!info.looks_like_on_port_only) return info.looks_like && info.looks_like(p, len) ? core::Looks::Yes : core::Looks::No;
    if (!info.looks_like_anywhere) return core::Looks::No;
    const core::Looks l = info.looks_like_anywhere(p, len);
    if (l != core::Looks::No) return l;
    for (guint k = std::min<guint>(len, 64); k-- > 1;)
        if (info.looks_like_anywhere(p, k) == core::Looks::Yes) return core::Looks::Yes;
    return core::Looks::No;
}

// The client's first bytes that may be the start of a Handshake are
// desegmented up to this many before the choice is made without them.
constexpr guint kStartWait = 4096;

// Which member a conversation is (see shared_port.hpp), from its first
// payload; -1: the start of a Handshake, wait for the client's next segment.
int choose(const Dispatcher& d, tvbuff_t* tvb, packet_info* pinfo) {
    const guint32 port = pinfo->match_uint ? pinfo->match_uint : d.members[0]->info->default_port;
    const bool from_client = pinfo->destport == port && pinfo->srcport != port;
    const guint len = tvb_captured_length(tvb);
    const guint8* p = len ? tvb_get_ptr(tvb, 0, gint(len)) : nullptr;
    if (from_client) {
        bool more = false;
        for (guint i = 0; i < d.members.size(); ++i) {
            const core::Looks l = starts_as(*d.members[i], p, len);
            if (l == core::Looks::Yes) return int(i);
            more = more || l == core::Looks::MoreBytes;
        }
        if (more && pinfo->can_desegment && len < kStartWait) return -1;
    }
    // No start any member recognises: picked up mid-way (Wireshark started
    // late), or the server spoke first. The member whose messages read the
    // most of these bytes back to back (the analyzer's rule, on the first
    // segment only: a choice made later could not show the earlier frames).
    std::vector<const core::ProtocolInfo*> infos;
    for (const ProtocolRegistration* m : d.members) infos.push_back(m->info);
    const guint8* bytes[2] = {from_client ? p : nullptr, from_client ? nullptr : p};
    const size_t lens[2] = {from_client ? len : 0, from_client ? 0 : len};
    const int best = core::midstream_choice(infos.data(), infos.size(), bytes, lens, true);
    if (best >= 0) return best;
    if (!from_client) return 0;
    for (guint i = 0; i < d.members.size(); ++i)
        if (d.members[i]->info->looks_like && d.members[i]->info->looks_like(p, len)) return int(i);
    for (guint i = 0; i < d.members.size(); ++i)
        if (d.members[i]->claims_on_shared_port && d.members[i]->claims_on_shared_port(p, len)) return int(i);
    return 0;
}

// The choice is made on the first pass and kept as conversation data
// (read back on later passes).
int dissect_shared(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void* data, void* cb_data) {
    const auto& d = *static_cast<const Dispatcher*>(cb_data);
    conversation_t* conv = find_or_create_conversation(pinfo);
    auto* choice = static_cast<guint*>(conversation_get_proto_data(conv, d.proto));
    if (!choice) {
        const int c = choose(d, tvb, pinfo);
        if (c < 0) {
            pinfo->desegment_offset = 0;
            pinfo->desegment_len = DESEGMENT_ONE_MORE_SEGMENT;
            return int(tvb_captured_length(tvb));
        }
        choice = wmem_new(wmem_file_scope(), guint);
        *choice = guint(c);
        conversation_add_proto_data(conv, d.proto, choice);
    }
    return call_dissector_only(d.members[*choice]->into->handle, tvb, pinfo, tree, data);
}

std::string joined(const Dispatcher& d, const char* core::ProtocolInfo::*name, const char* sep) {
    std::string s;
    for (const ProtocolRegistration* m : d.members) s += (s.empty() ? "" : sep) + std::string(m->info->*name);
    return s;
}

// "minecraft" from "minecraft.tcp.port": a preference's module is its
// protocol.
std::string owner_of(const Dispatcher& d) {
    const char* pref = d.members[0]->info->port_preference;
    const char* dot = pref ? std::strchr(pref, '.') : nullptr;
    return dot ? std::string(pref, dot) : joined(d, &core::ProtocolInfo::filter_name, "_");
}

}  // namespace

bool has_port_alone(const ProtocolRegistration& r, const std::vector<const ProtocolRegistration*>& parts) {
    return has_port(&r) && !shares_port(&r, parts);
}

void register_shared_ports(const std::vector<const ProtocolRegistration*>& parts) {
    for (const ProtocolRegistration* r : parts) {
        if (!shares_port(r, parts)) continue;
        auto d = dispatchers.begin();
        while (d != dispatchers.end() && !same_port(d->members[0], r)) ++d;
        (d != dispatchers.end() ? *d : dispatchers.emplace_back()).members.push_back(r);
    }
    for (Dispatcher& d : dispatchers) {
        d.filter = owner_of(d);
        d.short_name = d.filter;
        d.short_name[0] = char(std::toupper(static_cast<unsigned char>(d.short_name[0])));
        d.name = joined(d, &core::ProtocolInfo::name, " or ") + " (by the client's first bytes)";
        d.proto = proto_register_protocol(d.name.c_str(), d.short_name.c_str(), d.filter.c_str());
        d.handle = register_dissector_with_data(d.filter.c_str(), dissect_shared, d.proto, &d);
    }
}

void handoff_shared_ports() {
    for (const Dispatcher& d : dispatchers) {
        const core::ProtocolInfo& info = *d.members[0]->info;
        // Also makes the preference "<filter>.<table>" and the Decode As entry.
        dissector_add_uint_with_preference(info.port_table(), info.default_port, d.handle);
    }
}

}  // namespace plugin
