// What differs between the Wireshark releases the plugin builds against
// (Debian 12: 4.0, Debian 13: 4.4, Debian testing: 4.6), in one place, so the
// dissectors are written once. Where the headers tell the difference
// themselves (a typedef, a macro) it is read from them; where only the
// version does, from ws_version.h.
#pragma once

#include <epan/packet.h>
#include <epan/tvbuff.h>
#include <ws_version.h>
#if __has_include(<wsutil/plugins.h>)  // not installed by 4.0's libwireshark-dev
#include <wsutil/plugins.h>
#endif

#include <type_traits>

#define BLANKSHARK_WS_AT_LEAST(major, minor) \
    (WIRESHARK_VERSION_MAJOR > (major) ||    \
     (WIRESHARK_VERSION_MAJOR == (major) && WIRESHARK_VERSION_MINOR >= (minor)))

namespace ws_compat {

// A heuristic dissector's result: gboolean in 4.0, bool since. Taken from
// heur_dissector_t itself, so every release gets its own.
using heur_result = std::invoke_result_t<heur_dissector_t, tvbuff_t*, packet_info*, proto_tree*, void*>;
inline constexpr heur_result kHeurAccepted = heur_result(1);
inline constexpr heur_result kHeurRejected = heur_result(0);

// A child tvb of zlib-inflated bytes: 4.4 renamed tvb_child_uncompress to
// tvb_child_uncompress_zlib (beside zstd, brotli, …) and deprecated the old
// name; 4.0 has only the old one.
inline tvbuff_t* child_uncompress_zlib(tvbuff_t* parent, tvbuff_t* tvb, int offset, int length) {
#if BLANKSHARK_WS_AT_LEAST(4, 4)
    return tvb_child_uncompress_zlib(parent, tvb, offset, length);
#else
    return tvb_child_uncompress(parent, tvb, offset, length);
#endif
}

// One byte: 4.4 renamed tvb_get_guint8 to tvb_get_uint8 (C99 types) and
// deprecated the old name.
inline uint8_t get_u8(tvbuff_t* tvb, int offset) {
#if BLANKSHARK_WS_AT_LEAST(4, 4)
    return tvb_get_uint8(tvb, offset);
#else
    return tvb_get_guint8(tvb, offset);
#endif
}

}  // namespace ws_compat

// plugin_describe() (4.4 and later: what kind of plugin this is, shown in
// About → Plugins and by `tshark -G plugins`) exists where its flags do.
#ifdef WS_PLUGIN_DESC_DISSECTOR
#define BLANKSHARK_WS_PLUGIN_DESCRIBE 1
#else
#define BLANKSHARK_WS_PLUGIN_DESCRIBE 0
#endif
