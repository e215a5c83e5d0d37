// What differs between the Wireshark releases for fuzz_plugin.cpp, a
// program that runs libwireshark's epan itself (the plugin's own
// differences are in plugin/ws_compat.hpp, whose version macro this uses):
// how a frame's bytes reach epan_dissect_run, and configuration_init's
// arguments. 4.0 and 4.4 share one API here; 4.6 changed both.
#pragma once

#include <epan/column-info.h>
#include <epan/epan.h>
#include <epan/frame_data.h>
#include <wiretap/wtap.h>
#include <wsutil/filesystem.h>

#include <cstddef>
#include <cstdint>

#include "ws_compat.hpp"  // BLANKSHARK_WS_AT_LEAST

namespace epan_harness {

// A packet record of `len` bytes of link type `encap`, without its bytes
// yet (dissect() gives them): 4.6's wtap_rec holds the bytes in a buffer of
// its own, sized here, and wtap_setup_packet_rec also names the record's
// type (the frame dissector shows it); before 4.6 the record is only its
// header.
inline void init_packet_rec(wtap_rec* rec, int encap, size_t len) {
#if BLANKSHARK_WS_AT_LEAST(4, 6)
    wtap_rec_init(rec, len);
    wtap_setup_packet_rec(rec, encap);
#else
    (void)len;
    wtap_rec_init(rec);
    rec->rec_type = REC_TYPE_PACKET;
    rec->rec_header.packet_header.pkt_encap = encap;
#endif
}

// Dissects one frame of these bytes: before 4.6 epan_dissect_run takes them
// as a tvb (not copied: they must outlive epan_dissect_reset, which frees
// the tvb); 4.6's takes them from the record's buffer (copied there: the
// record must outlive epan_dissect_reset, wtap_rec_cleanup frees them).
inline void dissect(epan_dissect_t* edt, wtap_rec* rec, const uint8_t* bytes, size_t len, frame_data* fd,
                    column_info* cinfo) {
#if BLANKSHARK_WS_AT_LEAST(4, 6)
    ws_buffer_append(&rec->data, bytes, len);
    epan_dissect_run(edt, WTAP_FILE_TYPE_SUBTYPE_UNKNOWN, rec, fd, cinfo);
#else
    tvbuff_t* tvb = tvb_new_real_data(bytes, guint(len), gint(len));
    epan_dissect_run(edt, WTAP_FILE_TYPE_SUBTYPE_UNKNOWN, rec, tvb, fd, cinfo);
#endif
}

// The program's directories from argv[0]: before 4.6 with the name of the
// configuration's namespace (null: Wireshark's); 4.6 takes it from the
// application's flavor (Wireshark by default).
inline char* configuration_init(const char* arg0) {
#if BLANKSHARK_WS_AT_LEAST(4, 6)
    return ::configuration_init(arg0);
#else
    return ::configuration_init(arg0, nullptr);
#endif
}

}  // namespace epan_harness
