// A protocol's part of the plugin, as its dissector.cpp declares it: which
// catalog protocol (core::ProtocolInfo), its dissect function and the
// registration that is its own (preferences, statistics, cleanup). The
// rest, the same for every protocol, is done from the catalog by one loop
// (plugin.cpp): the protocol, its fields from its schemas, its
// expert infos from its findings table, its subtree, dissector and tap,
// its port with preference and its heuristic.
//
// A dissector.cpp adds its part at load time (a namespace-scope
// `[[maybe_unused]] const bool added = plugin::add_protocol(...)`): the
// catalog says which protocols there are and in which order, so no second
// list of them is kept here.
#pragma once

#include <epan/packet.h>
#include <epan/prefs.h>

#include <vector>

#include "core/protocol_info.hpp"
#include "expert_registry.hpp"
#include "field_registry.hpp"

namespace plugin {

namespace stream {
struct Prelude;
}

// What the loop registered for a protocol, read by its dissector.
struct Registered {
    int proto = -1;
    gint ett = -1;  // the protocol item's subtree
    int tap = -1;   // the tap named as the protocol (-1: no dissector of its own)
    dissector_handle_t handle = nullptr;
    FieldRegistry fields;    // every version's fields
    ExpertRegistry experts;  // its findings
};

struct ProtocolRegistration {
    // `dissect` nullptr: the protocol is shown by the dissector of the one
    // that carries it (MCPE in RakNet), which reads `into`.
    ProtocolRegistration(const core::ProtocolInfo& i, Registered& r, dissector_t d = nullptr)
        : info(&i), into(&r), dissect(d) {}

    const core::ProtocolInfo* info;
    Registered* into;
    dissector_t dissect;
    // Its preferences, in its module (made for it only when it has some).
    void (*prefs)(module_t*) = nullptr;
    // What else it registers once the common part is done (stats tree,
    // conversation table, subtrees of its own).
    void (*extra)(const Registered&) = nullptr;
    // Its own handoff, after its port and heuristic.
    void (*handoff)(const Registered&) = nullptr;
    // Forgets what it kept about the capture (a file closed).
    void (*cleanup)() = nullptr;
    // Found on any port by its looks_like (a heuristic "<filter>_<transport>");
    // false: only on its port and by Decode As, for a protocol whose test,
    // asked of one segment at a time, would claim what it cannot decode.
    bool heuristic = true;
    // On a port shared with other protocols: client first bytes that are
    // this protocol's though its looks_like cannot tell yet (a first message
    // cut, or damaged). Asked after every sharing protocol's looks_like.
    bool (*claims_on_shared_port)(const guint8* p, guint len) = nullptr;
    // On a shared port: takes over a connection picked up mid-way whose
    // first bytes the shared port held while it chose (stream/own_stream.hpp);
    // its dissector is then called for the frame that decided. Needed, with
    // the catalog's reads_midstream, to be chosen by those bytes.
    void (*adopt)(packet_info* pinfo, const stream::Prelude& prelude) = nullptr;
};

// Adds a protocol's part (kept by value); returns true.
bool add_protocol(const ProtocolRegistration& r);
// Every part added, in the order added: the catalog's, and those only the
// dissector of the protocol that carries them shows (Bedrock, in RakNet's
// user messages: the analyzer's RakNet front end carries it too, outside
// the catalog).
const std::vector<ProtocolRegistration>& added_protocols();
// The part added for a catalog protocol, nullptr if none was.
const ProtocolRegistration* registration_of(const core::ProtocolInfo& info);

}  // namespace plugin
