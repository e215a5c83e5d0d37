// Reference for run.sh: a minimal epan plugin. Protocol "blankmin", claims
// UDP port 12354 and adds only the header fields (tag, seq, ack, hist,
// type), sets the protocol column and an Info line like blank.so's first
// part ("<type> seq=N ack=N"). No payload fields, no analysis, no
// heuristic. Build output: BUILD/minimal-plugins/4.0/epan/blankmin.so.
#include <epan/packet.h>
#include <epan/proto.h>
#include <ws_symbol_export.h>
#include <ws_version.h>

#include "ws_compat.hpp"

namespace {

int proto_blankmin = -1;
int hf_tag = -1, hf_seq = -1, hf_ack = -1, hf_hist = -1, hf_type = -1;
int ett_blankmin = -1;

const value_string kTypes[] = {
    {0, "Ping"},          {1, "Login"},       {2, "Join"},         {3, "Part"},         {4, "PlayerUpdate"},
    {5, "SpawnEntity"},   {6, "DespawnEntity"}, {7, "EntityUpdate"}, {8, "PlayerCorrection"}, {9, "ChunkBegin"},
    {10, "ChunkData"},    {11, "BlockUpdate"}, {12, "Message"},     {0, nullptr}};

int dissect_blankmin(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void*) {
    if (tvb_captured_length(tvb) < 16) return 0;
    col_set_str(pinfo->cinfo, COL_PROTOCOL, "BLANKMIN");
    const guint8 type = ws_compat::get_u8(tvb, 12);
    col_add_fstr(pinfo->cinfo, COL_INFO, "%s seq=%u ack=%u", val_to_str_const(type, kTypes, "Unknown"),
                 tvb_get_letohs(tvb, 4), tvb_get_letohs(tvb, 6));
    proto_item* ti = proto_tree_add_item(tree, proto_blankmin, tvb, 0, -1, ENC_NA);
    proto_tree* t = proto_item_add_subtree(ti, ett_blankmin);
    proto_tree_add_item(t, hf_tag, tvb, 0, 4, ENC_LITTLE_ENDIAN);
    proto_tree_add_item(t, hf_seq, tvb, 4, 2, ENC_LITTLE_ENDIAN);
    proto_tree_add_item(t, hf_ack, tvb, 6, 2, ENC_LITTLE_ENDIAN);
    proto_tree_add_item(t, hf_hist, tvb, 8, 4, ENC_LITTLE_ENDIAN);
    proto_tree_add_item(t, hf_type, tvb, 12, 1, ENC_LITTLE_ENDIAN);
    return tvb_captured_length(tvb);
}

void proto_register_blankmin() {
    static hf_register_info hf[] = {
        {&hf_tag, {"Tag", "blankmin.tag", FT_UINT32, BASE_HEX, nullptr, 0, nullptr, HFILL}},
        {&hf_seq, {"Sequence number", "blankmin.seq", FT_UINT16, BASE_DEC, nullptr, 0, nullptr, HFILL}},
        {&hf_ack, {"Acknowledgement", "blankmin.ack", FT_UINT16, BASE_DEC, nullptr, 0, nullptr, HFILL}},
        {&hf_hist, {"Ack history", "blankmin.ack_hist", FT_UINT32, BASE_HEX, nullptr, 0, nullptr, HFILL}},
        {&hf_type, {"Type", "blankmin.type", FT_UINT8, BASE_DEC, VALS(kTypes), 0, nullptr, HFILL}},
    };
    static gint* ett[] = {&ett_blankmin};
    proto_blankmin = proto_register_protocol("blank header only (benchmark reference)", "BLANKMIN", "blankmin");
    proto_register_field_array(proto_blankmin, hf, G_N_ELEMENTS(hf));
    proto_register_subtree_array(ett, G_N_ELEMENTS(ett));
}

void proto_reg_handoff_blankmin() {
    dissector_handle_t h = create_dissector_handle(dissect_blankmin, proto_blankmin);
    dissector_add_uint_with_preference("udp.port", 12354, h);
}

}  // namespace

extern "C" {
WS_DLL_PUBLIC_DEF extern const gchar plugin_version[] = "0.1";
WS_DLL_PUBLIC_DEF extern const int plugin_want_major = WIRESHARK_VERSION_MAJOR;
WS_DLL_PUBLIC_DEF extern const int plugin_want_minor = WIRESHARK_VERSION_MINOR;

WS_DLL_PUBLIC void plugin_register(void);

void plugin_register(void) {
    static proto_plugin plug;
    plug.register_protoinfo = proto_register_blankmin;
    plug.register_handoff = proto_reg_handoff_blankmin;
    proto_register_plugin(&plug);
}
}
