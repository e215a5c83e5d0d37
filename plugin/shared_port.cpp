#include "shared_port.hpp"

#include <epan/conversation.h>
#include <epan/dissectors/packet-tcp.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "core/midstream_choice.hpp"
#include "frame_origin.hpp"
#include "stream/own_stream.hpp"
#include "stream/server_side.hpp"

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

// Which member a conversation whose start TCP saw (its SYN) is, from the
// client's first bytes (see shared_port.hpp): the first whose looks_like
// accepts them, else the first that claims them, else the first.
guint choose_at_start(const Dispatcher& d, const guint8* p, guint len) {
    for (guint i = 0; i < d.members.size(); ++i)
        if (d.members[i]->info->looks_like && d.members[i]->info->looks_like(p, len)) return i;
    for (guint i = 0; i < d.members.size(); ++i)
        if (d.members[i]->claims_on_shared_port && d.members[i]->claims_on_shared_port(p, len)) return i;
    return 0;
}

// A connection picked up mid-way: the member whose test of the client's
// first bytes holds anywhere (a whole Handshake; a port-only test reads a
// stream's start, not its middle: Alpha's 0x02 is also a Java length), or -1.
int choose_anywhere(const Dispatcher& d, const guint8* p, guint len) {
    for (guint i = 0; i < d.members.size(); ++i) {
        const core::ProtocolInfo& info = *d.members[i]->info;
        const bool yes = info.looks_like_on_port_only
                             ? info.looks_like_anywhere && info.looks_like_anywhere(p, len) == core::Looks::Yes
                             : info.looks_like && info.looks_like(p, len);
        if (yes) return int(i);
    }
    return -1;
}

// Places the bytes and nothing else: nothing is framed while they are held.
struct NoFraming final : core::Framing {
    core::MeasureResult measure(const uint8_t*, size_t) override { return {core::Measure::Invalid, 1}; }
    core::Measure starts_here(const uint8_t*, size_t) override { return core::Measure::Invalid; }
    uint32_t max_message() const override { return 0; }
};

// A connection picked up mid-way whose first bytes start no member's
// Handshake: both directions held until one member's messages read them
// back to back (core::midstream_choice, as the analyzer's PendingClaim),
// at most kMaxHeld bytes each, then handed to it (its adopt()).
struct Contest {
    static constexpr size_t kMaxHeld = 64 * 1024;
    stream::ServerSide server;
    stream::StreamCursor cursor[2];  // by core::Side
    core::HeldStreams held{kMaxHeld};
    core::Origin last;  // the last frame held
};

// The choice, made on the first pass and kept as conversation data (read
// back on later passes); a contest while undecided.
struct Choice {
    int member = -1;
    Contest* contest = nullptr;
};
std::vector<std::unique_ptr<Contest>> contests;  // the capture's, for cleanup

// The members that read a stream's middle and take one over.
std::vector<guint> contenders(const Dispatcher& d) {
    std::vector<guint> out;
    for (guint i = 0; i < d.members.size(); ++i)
        if (d.members[i]->info->reads_midstream && d.members[i]->adopt) out.push_back(i);
    return out;
}

// Decides the contest on what is held (`final`: the best reading wins,
// else the first member): the member, or -1.
int judge(const Dispatcher& d, const Contest& k, bool final) {
    const std::vector<guint> who = contenders(d);
    std::vector<const core::ProtocolInfo*> infos;
    for (guint i : who) infos.push_back(d.members[i]->info);
    const uint8_t* bytes[2] = {k.held.bytes(core::Side::Client), k.held.bytes(core::Side::Server)};
    const size_t len[2] = {k.held.contiguous(core::Side::Client), k.held.contiguous(core::Side::Server)};
    const int best = core::midstream_choice(infos.data(), infos.size(), bytes, len, final);
    if (best >= 0) return int(who[size_t(best)]);
    return final ? 0 : -1;
}

// First pass, undecided: the call's bytes held. Returns the member once
// decided (the held bytes then go to it; with `taken` false, this call's
// bytes were not held: the bound), else -1.
int hold(const Dispatcher& d, Contest& k, tvbuff_t* tvb, packet_info* pinfo, void* data, bool& taken) {
    const core::Side side = k.server.sent_by(pinfo) ? core::Side::Server : core::Side::Client;
    stream::StreamCursor& cursor = k.cursor[int(side)];
    const guint len = tvb_captured_length(tvb);
    const auto* tcp = static_cast<const struct tcpinfo*>(data);
    NoFraming none;
    const guint offset = cursor.begin(tcp != nullptr, tcp ? tcp->seq : 0, len, none);
    const core::Origin o = frame_origin(pinfo);
    const stream::StreamEvents& ev = cursor.events();
    if (ev.gap) k.held.gap(side, ev.gap_offset, ev.gap_missing, o);
    taken = offset >= len ||
            k.held.data(side, tvb_get_ptr(tvb, gint(offset), gint(len - offset)), len - offset,
                        cursor.stream_offset(offset), o);
    k.last = o;
    // Not held (the bound): the chosen protocol's own call places them; its
    // cursor, copied from this one, must not see this call's gap again
    // (it is held, and replayed).
    cursor.taken(offset, taken ? len - offset : 0);
    return judge(d, k, !taken);
}

void show_held(const Dispatcher& d, tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree) {
    const guint len = tvb_captured_length(tvb);
    col_set_str(pinfo->cinfo, COL_PROTOCOL, d.short_name.c_str());
    char text[160];
    std::snprintf(text, sizeof text,
                  "[%u bytes held: picked up mid-connection, which protocol not known yet; shown on the second pass]",
                  len);
    col_add_str(pinfo->cinfo, COL_INFO, text);
    proto_item* ti = proto_tree_add_item(tree, d.proto, tvb, 0, gint(len), ENC_NA);
    proto_item_append_text(ti, ", %s", text);
}

int dissect_shared(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void* data, void* cb_data) {
    const auto& d = *static_cast<const Dispatcher*>(cb_data);
    conversation_t* conv = find_or_create_conversation(pinfo);
    auto* choice = static_cast<Choice*>(conversation_get_proto_data(conv, d.proto));
    const guint32 port = pinfo->match_uint ? pinfo->match_uint : d.members[0]->info->default_port;
    if (!choice) {
        choice = wmem_new0(wmem_file_scope(), Choice);
        choice->member = 0;
        conversation_add_proto_data(conv, d.proto, choice);
        const bool from_client = pinfo->destport == port && pinfo->srcport != port;
        const guint len = tvb_captured_length(tvb);
        const guint8* p = len ? tvb_get_ptr(tvb, 0, gint(len)) : nullptr;
        if (stream::syn_server_port(pinfo, conv)) {
            if (from_client) choice->member = int(choose_at_start(d, p, len));
        } else if (const int c = from_client ? choose_anywhere(d, p, len) : -1; c >= 0) {
            choice->member = c;
        } else if (contenders(d).size() >= 2 && !PINFO_FD_VISITED(pinfo)) {
            contests.push_back(std::make_unique<Contest>());
            choice->contest = contests.back().get();
            choice->contest->server.decide(pinfo, port);
            choice->member = -1;
        }
    }
    if (choice->member < 0) {
        Contest& k = *choice->contest;
        bool taken = true;
        choice->member = PINFO_FD_VISITED(pinfo) ? judge(d, k, true) : hold(d, k, tvb, pinfo, data, taken);
        if (choice->member < 0) {
            show_held(d, tvb, pinfo, tree);
            return int(tvb_captured_length(tvb));
        }
        d.members[guint(choice->member)]->adopt(pinfo, stream::Prelude{&k.held, k.cursor, &k.server, k.last});
    }
    return call_dissector_only(d.members[guint(choice->member)]->into->handle, tvb, pinfo, tree, data);
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
    register_cleanup_routine([] { contests.clear(); });
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
