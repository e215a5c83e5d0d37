// The symbols Wireshark looks up in a plugin .so. They need C linkage and
// `extern` (namespace-scope const is internal in C++); without them tshark
// silently skips the plugin. plugin_want_major/minor name the release this
// build is for (Wireshark loads a plugin only into that one); 4.4 and later
// also ask plugin_describe() what kind of plugin it is.
#include <epan/packet.h>
#include <epan/proto.h>
#include <ws_symbol_export.h>
#include <ws_version.h>

#include "ws_compat.hpp"

#include "mc_java/dissector.hpp"
#include "blank/dissector.hpp"
#include "mc_alpha/dissector.hpp"
#include "minecraft_dispatch.hpp"
#include "raknet/dissector.hpp"

extern "C" {
WS_DLL_PUBLIC_DEF extern const gchar plugin_version[] = BLANKSHARK_VERSION;
WS_DLL_PUBLIC_DEF extern const int plugin_want_major = WIRESHARK_VERSION_MAJOR;
WS_DLL_PUBLIC_DEF extern const int plugin_want_minor = WIRESHARK_VERSION_MINOR;

WS_DLL_PUBLIC void plugin_register(void);
#if BLANKSHARK_WS_PLUGIN_DESCRIBE
WS_DLL_PUBLIC uint32_t plugin_describe(void);

uint32_t plugin_describe(void) { return WS_PLUGIN_DESC_DISSECTOR | WS_PLUGIN_DESC_TAP_LISTENER; }
#endif

// Every protocol of the catalog has its dissector's registration here, in
// one list (the Minecraft dispatcher holds Java's and Alpha's shared port).
void plugin_register(void) {
    static proto_plugin registrations[] = {
        {proto_register_blank, proto_reg_handoff_blank},
        {proto_register_mcjava, proto_reg_handoff_mcjava},
        {proto_register_mcalpha, proto_reg_handoff_mcalpha},
        {proto_register_minecraft_dispatch, proto_reg_handoff_minecraft_dispatch},
        {proto_register_raknet_bs, proto_reg_handoff_raknet_bs},  // and MCPE, carried in it
    };
    for (proto_plugin& p : registrations) proto_register_plugin(&p);
}
}
