// What the "mcjava" tap gets per packet (dissector.cpp queues it, the
// stats tree reads it): the node names of `blankshark stats`' Java tree
// (state, direction, type) and the bytes on the wire.
#pragma once

#include <glib.h>

namespace mcjava_plugin {

struct TapInfo {
    const char* state;
    const char* dir;
    char type[128];  // as long as the label it is copied from
    guint32 length;
};

}  // namespace mcjava_plugin
