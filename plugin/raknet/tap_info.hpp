// What the RakNet dissector hands its tap ("bsraknet") per UDP packet: the
// sender, the packet's kind and length, and the names of the messages it
// delivered (RakNet system messages and MCPE game packets; the core's
// static type names).
#pragma once

#include <glib.h>

#include "protocols/raknet/constants.hpp"
#include "protocols/raknet/results.hpp"

namespace raknet_plugin {

struct TapInfo {
    core::Side from;
    bool analysed;  // part of a conversation (else the sender is unknown)
    raknet::PacketKind kind;
    guint32 length;
    // A datagram's analysis, for the figures of raknet/figures.hpp: the
    // numbers skipped before it, its status (out of order, duplicate, ...)
    // and the resends it carries (messages again, or itself again).
    guint32 skipped;
    raknet::SeqStatus status;
    guint32 resends;
    static constexpr guint kMaxNames = 16;
    const char* names[kMaxNames];
    guint nnames;
    void add(const char* n) {
        if (nnames < kMaxNames) names[nnames++] = n;
    }
};

}  // namespace raknet_plugin
