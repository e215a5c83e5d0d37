// A protocol's heuristic dissector, the same for every protocol: when the
// protocol's test accepts the payload (its first bytes, whatever the port),
// the conversation is pinned to the protocol's dissector, so its later
// packets go there without a test, and this packet is dissected by it.
#pragma once

#include <epan/conversation.h>
#include <epan/packet.h>

#include "ws_compat.hpp"

namespace plugin {

// `looks`: the protocol's test on the payload's captured bytes; `handle`:
// where its dissector's handle is kept (set at registration).
template <bool (*looks)(const guint8* p, guint len), dissector_handle_t* handle>
ws_compat::heur_result heuristic(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void* data) {
    const guint len = tvb_captured_length(tvb);
    if (!looks(len ? tvb_get_ptr(tvb, 0, gint(len)) : nullptr, len)) return ws_compat::kHeurRejected;
    conversation_set_dissector(find_or_create_conversation(pinfo), *handle);
    call_dissector_only(*handle, tvb, pinfo, tree, data);
    return ws_compat::kHeurAccepted;
}

}  // namespace plugin
