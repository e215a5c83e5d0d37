// The symbols Wireshark looks up in a plugin .so. They need C linkage and
// `extern` (namespace-scope const is internal in C++); without them tshark
// silently skips the plugin. plugin_want_major/minor name the release this
// build is for (Wireshark loads a plugin only into that one); 4.4 and later
// also ask plugin_describe() what kind of plugin it is.
//
// Every protocol of the catalog (catalog::protocols()) is registered by the
// one loop below from its ProtocolInfo and the part its dissector added
// (protocol_registration.hpp), then the protocols a carrier's dissector
// shows from outside the catalog (Bedrock): nothing here names a protocol.
#include <epan/packet.h>
#include <epan/prefs.h>
#include <epan/proto.h>
#include <epan/tap.h>
#include <ws_symbol_export.h>
#include <ws_version.h>
#include <wsutil/wslog.h>

#include <algorithm>
#include <vector>

#include "heuristic.hpp"
#include "protocol_registration.hpp"
#include "protocols/catalog.hpp"
#include "shared_port.hpp"
#include "ws_compat.hpp"

namespace {

using plugin::ProtocolRegistration;

// The dissectors' parts in catalog order (nullptr: a protocol without one).
std::vector<const ProtocolRegistration*> parts() {
    std::vector<const ProtocolRegistration*> all;
    for (const core::ProtocolInfo* info : catalog::protocols()) all.push_back(plugin::registration_of(*info));
    return all;
}

void register_protocol(const ProtocolRegistration& r) {
    const core::ProtocolInfo& info = *r.info;
    plugin::Registered& reg = *r.into;
    reg.proto = proto_register_protocol(info.name, info.short_name, info.filter_name);
    if (info.declared_fields) {
        reg.fields.add(reg.proto, info.declared_fields());
    } else {
        // Every version's fields, newest first: its field types win where versions differ.
        std::vector<const core::Schema*> schemas;
        for (size_t i = info.versions(); i-- > 0;) schemas.push_back(&info.schema(i));
        reg.fields.add(reg.proto, schemas);
    }
    reg.experts.add(reg.proto, info.findings());
    gint* ett[] = {&reg.ett};
    proto_register_subtree_array(ett, 1);
    if (r.dissect) {
        reg.handle = register_dissector(info.filter_name, r.dissect, reg.proto);
        reg.tap = register_tap(info.filter_name);
    }
    if (r.prefs) r.prefs(prefs_register_protocol(reg.proto, nullptr));
    if (r.cleanup) register_cleanup_routine(r.cleanup);
    if (r.extra) r.extra(reg);
}

void register_all() {
    const std::vector<const ProtocolRegistration*> all = parts();
    for (size_t i = 0; i < all.size(); ++i) {
        if (all[i]) register_protocol(*all[i]);
        else ws_warning("blankshark: no dissector for the protocol %s", catalog::protocols()[i]->filter_name);
    }
    // The protocols outside the catalog a carrier's dissector shows (no
    // port, heuristic or dissector of their own).
    for (const ProtocolRegistration& r : plugin::added_protocols())
        if (std::find(all.begin(), all.end(), &r) == all.end() && r.info->carried_by) register_protocol(r);
    plugin::register_shared_ports(all);
}

// After every built-in dissector's handoff: a port the plugin takes from a
// built-in dissector (RakNet's 19132) is the plugin's.
void handoff_all() {
    const std::vector<const ProtocolRegistration*> all = parts();
    for (size_t i = 0; i < all.size(); ++i) {
        if (!all[i]) continue;
        const ProtocolRegistration& r = *all[i];
        const core::ProtocolInfo& info = *r.info;
        const plugin::Registered& reg = *r.into;
        if (plugin::has_port_alone(r, all))
            // Also makes the preference "<filter>.<table>" (blank.udp.port) and the Decode As entry.
            dissector_add_uint_with_preference(info.port_table(), info.default_port, reg.handle);
        if (reg.handle && info.looks_like && r.heuristic) plugin::add_heuristic(i, reg.proto, reg.handle);
        if (r.handoff) r.handoff(reg);
    }
    plugin::handoff_shared_ports();
}

}  // namespace

extern "C" {
WS_DLL_PUBLIC_DEF extern const gchar plugin_version[] = BLANKSHARK_VERSION;
WS_DLL_PUBLIC_DEF extern const int plugin_want_major = WIRESHARK_VERSION_MAJOR;
WS_DLL_PUBLIC_DEF extern const int plugin_want_minor = WIRESHARK_VERSION_MINOR;

WS_DLL_PUBLIC void plugin_register(void);
#if BLANKSHARK_WS_PLUGIN_DESCRIBE
WS_DLL_PUBLIC uint32_t plugin_describe(void);

uint32_t plugin_describe(void) { return WS_PLUGIN_DESC_DISSECTOR | WS_PLUGIN_DESC_TAP_LISTENER; }
#endif

void plugin_register(void) {
    static proto_plugin catalog = {register_all, handoff_all};
    proto_register_plugin(&catalog);
}
}
