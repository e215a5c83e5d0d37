#include "batch_tree.hpp"

#include <epan/prefs.h>
#include <wsutil/wslog.h>

#include <cstring>
#include <string>

#include "../protocol_registration.hpp"
#include "../tree_builder.hpp"
#include "core/text_buffer.hpp"
#include "protocols/bedrock/analysis_fields.hpp"
#include "protocols/bedrock/findings.hpp"
#include "protocols/bedrock/key_log.hpp"
#include "protocols/bedrock/protocol_info.hpp"
#include "protocols/bedrock/schema.hpp"

namespace bedrock_plugin {

namespace {

plugin::Registered reg;
gint ett_packet = -1;
const char* pref_keylog = nullptr;  // bedrock.keylog_file

struct Keys {
    bedrock::KeyLog log;
    bool loaded = false;
} keys;

}  // namespace

void InfoRun::flush(char* info, size_t info_size) {
    if (repeats > 1) core::TextBuffer(info, info_size, std::strlen(info)).add(" x").add(repeats);
    repeats = 0;
    last = nullptr;
}

void InfoRun::add(const char* name, char* info, size_t info_size) {
    if (repeats && last == name) {
        ++repeats;
        return;
    }
    flush(info, info_size);
    core::TextBuffer(info, info_size, std::strlen(info)).add(", ").add(name);
    last = name;
    repeats = 1;
}

void show_batch(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, const bedrock::Batch& b, char* info,
                size_t info_size, InfoRun& run, raknet_plugin::TapInfo* tap) {
    const core::Schema& s = bedrock::schema(*b.version);
    const char* const outer = pinfo->current_proto;  // expert infos name the protocol current when added
    pinfo->current_proto = "Bedrock";
    const bool here = b.message != ~0u;
    proto_item* ti = proto_tree_add_item(tree, reg.proto, tvb, 0, here ? -1 : 0, ENC_NA);
    proto_tree* bt = proto_item_add_subtree(ti, reg.ett);
    proto_item_append_text(ti, ", batch %u, %s", b.number, bedrock::crypt_name(b.crypt));
    if (!here)
        proto_item_append_text(ti, " (completed in frame %" G_GUINT64_FORMAT ", held back by RakNet ordering)",
                               b.complete_frame);
    plugin::TreeBuilder tb(tvb, pinfo, bt, ti, s, reg.fields, reg.experts);
    bedrock::emit_batch(s, b, tb);
    for (const core::Finding& f : b.findings) tb.finding(f);
    tvbuff_t* data = nullptr;
    if (b.data && b.len) {
        data = tvb_new_child_real_data(tvb, b.data, b.len, gint(b.len));
        add_new_data_source(pinfo, data, "Bedrock batch (decrypted, decompressed)");
    }
    for (uint32_t i = 0; i < b.packets.size && data; ++i) {
        const bedrock::PacketSpan& p = b.packets[i];
        if (p.offset > b.len || p.len > b.len - p.offset) break;
        tvbuff_t* ptvb = tvb_new_subset_length(data, gint(p.offset), gint(p.len));
        proto_item* pi = nullptr;
        proto_tree* pt = proto_tree_add_subtree(bt, ptvb, 0, -1, ett_packet, &pi, "Packet");
        plugin::TreeBuilder pb(ptvb, pinfo, pt, pi, s, reg.fields, reg.experts);
        const core::MessageSummary sum = core::decode(s, b.data + p.offset, p.len, core::DecodeContext{}, pb);
        bedrock::emit_packet(s, b, i, p.id == bedrock::kLoginId, pb);
        const char* name = sum.type ? sum.type->name : "Unknown";
        proto_item_append_text(pi, " %u: %s%s", i + 1, name, sum.worst == core::Severity::Error ? " [Malformed]" : "");
        if (tap) tap->add(name);
        run.add(name, info, info_size);
    }
    pinfo->current_proto = outer;
}

bool is_finding(const core::Finding& f) {
    return f.code.v >= bedrock::kFindingBase && f.code.v < bedrock::kFindingBase + 256;
}

void report(packet_info* pinfo, proto_item* item, const core::Finding& f) { reg.experts.report(pinfo, item, f); }

const bedrock::KeyLog* key_log() {
    if (!keys.loaded) {
        keys.loaded = true;
        keys.log = {};
        const char* env = core::KeyLogReader::file_from_environment();
        const char* file = pref_keylog && *pref_keylog ? pref_keylog : env;
        std::string error;
        if (file && !keys.log.load(file, error)) ws_warning("bedrock: %s", error.c_str());
    }
    return keys.log.size() ? &keys.log : nullptr;
}

namespace {

plugin::ProtocolRegistration part() {
    plugin::ProtocolRegistration p(bedrock::protocol_info(), reg);  // shown by RakNet's dissector
    p.prefs = [](module_t* prefs) {
        prefs_register_filename_preference(
            prefs, "keylog_file", "Key log file",
            "Decrypts encrypted Bedrock connections: lines 'BEDROCK_KEY <salt hex> <AES-256 key hex>' or "
            "'BEDROCK_SHARED_SECRET <salt hex> <ECDH shared secret hex>' (the salt of the Server To Client "
            "Handshake's JWT), or MC_Dissector's key alone (one connection). Lines of other forms are left "
            "alone (a file may hold Minecraft Java's too). Empty: $MINECRAFT_KEY_LOG_FILE",
            &pref_keylog, FALSE);
    };
    p.extra = [](const plugin::Registered&) {
        gint* ett[] = {&ett_packet};
        proto_register_subtree_array(ett, 1);
    };
    p.cleanup = [] { keys.loaded = false; };
    return p;
}
[[maybe_unused]] const bool added = plugin::add_protocol(part());

}  // namespace

}  // namespace bedrock_plugin
