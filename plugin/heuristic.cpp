#include "heuristic.hpp"

#include <epan/conversation.h>

#include <array>
#include <utility>

#include "protocols/catalog.hpp"
#include "ws_compat.hpp"

namespace plugin {

namespace {

// Per catalog index: the handle its heuristic hands packets to. Wireshark
// calls a heuristic with no data of its own, so each index has its own
// function (heuristic<I>) that knows where to look.
std::array<dissector_handle_t, catalog::kProtocolCount> handles{};

template <size_t I>
ws_compat::heur_result heuristic(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void* data) {
    const guint len = tvb_captured_length(tvb);
    if (!catalog::protocols()[I]->looks_like(len ? tvb_get_ptr(tvb, 0, gint(len)) : nullptr, len))
        return ws_compat::kHeurRejected;
    conversation_set_dissector(find_or_create_conversation(pinfo), handles[I]);
    call_dissector_only(handles[I], tvb, pinfo, tree, data);
    return ws_compat::kHeurAccepted;
}

template <size_t... I>
constexpr std::array<heur_dissector_t, sizeof...(I)> heuristics(std::index_sequence<I...>) {
    return {&heuristic<I>...};
}

}  // namespace

void add_heuristic(size_t index, int proto, dissector_handle_t handle) {
    static constexpr auto all = heuristics(std::make_index_sequence<catalog::kProtocolCount>());
    const core::ProtocolInfo& info = *catalog::protocols()[index];
    handles[index] = handle;
    const bool udp = info.transport == core::Transport::Udp;
    // Wireshark keeps the names: made once, never freed.
    heur_dissector_add(udp ? "udp" : "tcp", all[index], g_strdup_printf("%s over %s", info.name, udp ? "UDP" : "TCP"),
                       g_strdup_printf("%s_%s", info.filter_name, udp ? "udp" : "tcp"), proto, HEURISTIC_ENABLE);
}

}  // namespace plugin
