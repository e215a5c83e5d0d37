// The Minecraft dispatcher on TCP port 25565 (minecraft_dispatch.hpp).
//
// The decision is made on the first pass, from the client's first bytes:
// an Alpha Handshake (0x02, a u16 length, a short UTF-8 name; a first byte
// 0x02 whatever follows, since no Java client starts so) → mcalpha;
// a VarInt-framed Java Handshake or the legacy ping 0xFE → mcjava. The
// first byte decides (the rest only confirms: the two cannot be confused),
// so a Handshake cut across segments needs no desegmentation here. The
// choice is kept as conversation data and read back on later passes; bytes
// that are neither, or a server speaking first, go to mcjava (which
// reports them).
#include <epan/conversation.h>
#include <epan/packet.h>

#include "minecraft_dispatch.hpp"
#include "protocols/mc_alpha/protocol_info.hpp"
#include "protocols/mc_java/protocol_info.hpp"
#include "protocols/minecraft_detect.hpp"

namespace {

int proto_minecraft = -1;
dissector_handle_t dispatch_handle, mcjava_handle, mcalpha_handle;

using minecraft::Edition;
constexpr guint8 kAlphaHandshake = 0x02;

// The conversation's choice (conversation data of proto_minecraft).
struct Choice {
    bool alpha;
};

int dissect_minecraft(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void* data) {
    conversation_t* conv = find_or_create_conversation(pinfo);
    auto* choice = static_cast<Choice*>(conversation_get_proto_data(conv, proto_minecraft));
    if (!choice) {
        // The port the dissector was found by (the preference's, or one given
        // by Decode As): the side on it is the server.
        const guint32 port = pinfo->match_uint ? pinfo->match_uint : mcalpha::protocol_info().default_port;
        const bool from_client = pinfo->destport == port && pinfo->srcport != port;
        Edition e = Edition::Java;
        if (from_client) {
            const guint len = tvb_captured_length(tvb);
            const guint8* p = tvb_get_ptr(tvb, 0, gint(len));
            e = minecraft::classify_first_client_bytes(p, len);
            // Alpha's Handshake id: a Java client cannot start with 0x02
            // (its first byte is a length, 6 or more), whatever follows; a
            // Handshake cut across segments is decided on its first byte.
            if (len && p[0] == kAlphaHandshake) e = Edition::Alpha;
        }
        choice = wmem_new(wmem_file_scope(), Choice);
        choice->alpha = e == Edition::Alpha;
        conversation_add_proto_data(conv, proto_minecraft, choice);
    }
    return call_dissector_only(choice->alpha ? mcalpha_handle : mcjava_handle, tvb, pinfo, tree, data);
}

}  // namespace

void proto_register_minecraft_dispatch() {
    proto_minecraft = proto_register_protocol("Minecraft (Java Edition or Alpha, by the client's first bytes)",
                                              "Minecraft", "minecraft");
    dispatch_handle = register_dissector("minecraft", dissect_minecraft, proto_minecraft);
}

void proto_reg_handoff_minecraft_dispatch() {
    mcjava_handle = find_dissector(mcjava::protocol_info().filter_name);
    mcalpha_handle = find_dissector(mcalpha::protocol_info().filter_name);
    // Java and Alpha share the port (and so this preference, minecraft.tcp.port).
    const core::ProtocolInfo& alpha = mcalpha::protocol_info();
    dissector_add_uint_with_preference(alpha.port_table(), alpha.default_port, dispatch_handle);
}
