#include "raknet/raknet_printers.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "bedrock/bedrock_printers.hpp"
#include "decode_command.hpp"
#include "item_visitors.hpp"
#include "link_layer.hpp"
#include "capture_stream.hpp"
#include "core/text_buffer.hpp"
#include "json_packet_head.hpp"
#include "nested_json.hpp"
#include "packet_lines.hpp"
#include "protocols/mcpe/analysis_fields.hpp"
#include "protocols/mcpe/schema.hpp"
#include "protocols/mcpe/versions.hpp"
#include "protocols/raknet/analysis_fields.hpp"
#include "protocols/raknet/info_text.hpp"
#include "protocols/raknet/schema.hpp"
#include "protocols/raknet/versions.hpp"

namespace blankshark {
namespace {

using core::Side;

const mcpe::GamePacket* game_of(const RaknetPrint& r, uint32_t message) {
    for (const mcpe::GamePacket& g : *r.games)
        if (g.message == message) return &g;
    return nullptr;
}

const bedrock::Batch* batch_of(const RaknetPrint& r, uint32_t message) {
    for (const bedrock::Batch& b : *r.batches)
        if (b.message == message) return &b;
    return nullptr;
}

// The packet through `v`: its fields and analysis, then each message (a
// system message, a game packet with its analysis, a Bedrock batch), the
// Bedrock batches RakNet ordering held back until this packet, then the
// findings. `names(summary, top, bedrock)` gets each decoded type's name.
template <class V, class Names>
void show(const RaknetPrint& r, V& v, bool analysis, Names&& names) {
    const raknet::PacketResult& p = *r.p;
    const core::Schema& s = raknet::schema(*p.version);
    const core::MessageSummary sum = core::decode(s, p.bytes, p.len, p.context(raknet::kPacketTable), v);
    names(sum, true, false);
    if (analysis) {
        raknet::emit_packet(s, p, v);
        for (const raknet::FrameResult& f : p.frames) raknet::emit_frame(s, f, v);
    }
    for (uint32_t i = 0; i < p.messages.size; ++i) {
        const raknet::MessageResult& m = p.messages[i];
        if (m.system) {
            names(core::decode(s, m.data, m.len, p.context(raknet::kMessageTable), v), false, false);
            if (analysis) raknet::emit_message(s, m, v);
        } else if (const mcpe::GamePacket* g = game_of(r, i)) {
            if (analysis) raknet::emit_message(s, m, v);
            const core::Schema& ms = mcpe::schema(*g->version);
            names(core::decode(ms, g->data, g->len, core::DecodeContext{}, v), false, false);
            if (analysis) mcpe::emit_game_packet(ms, *g, v);
            for (const core::Finding& f : g->findings) v.finding(f);
        } else if (const bedrock::Batch* b = batch_of(r, i)) {
            if (analysis) raknet::emit_message(s, m, v);
            show_bedrock_batch(*b, v, analysis, [&](const core::MessageSummary& bs) { names(bs, false, true); });
        }
    }
    for (const bedrock::Batch& b : *r.batches)
        if (b.message == ~0u)
            show_bedrock_batch(b, v, analysis, [&](const core::MessageSummary& bs) { names(bs, false, true); });
    for (const core::Finding& f : p.findings) v.finding(f);
}

void prefix(Output& out, const RaknetPrint& r) {
    print_line_prefix(out, r.p->frame, r.time, r.conn->conv, core::arrow(r.p->from));
}

}  // namespace

bool raknet_packet_matches(const RaknetPrint& r, const std::set<std::string>& keys, const std::set<uint32_t>& ids) {
    bool found = false;
    core::NullVisitor quiet;
    show(r, quiet, false, [&](const core::MessageSummary& s, bool, bool) {
        if (s.type && keys.count(packet_name_key(s.type->name))) found = true;
        if (s.type && s.type->key && keys.count(s.type->key)) found = true;
        if (s.type && ids.count(s.id)) found = true;
    });
    return found;
}

void print_raknet_summary(Output& out, const RaknetPrint& r) {
    // The summary fields of the packet and of each message, each message after a comma.
    SummaryVisitor v;
    char names[320];  // no allocation per packet
    size_t n = 0;
    // A batch's runs of one packet type are folded ("Level Chunk x29").
    const char* last = nullptr;
    uint32_t repeats = 0;
    auto flush = [&] {
        if (repeats > 1) n = core::TextBuffer(names, sizeof names, n).add(" x").add(repeats).size();
        repeats = 0;
    };
    show(r, v, false, [&](const core::MessageSummary& s, bool, bool bedrock) {
        const char* name = s.type ? s.type->name : "Unknown";
        if (bedrock && repeats && last == name) {
            ++repeats;
            return;
        }
        flush();
        n = core::TextBuffer(names, sizeof names, n).add(n ? ", " : "").add(name).size();
        last = name;
        repeats = bedrock ? 1 : 0;
    });
    flush();
    prefix(out, r);
    char more[160];
    size_t m = 0;
    if (r.p->kind == raknet::PacketKind::Ack || r.p->kind == raknet::PacketKind::Nak)
        m = raknet::record_ranges_text(r.p->record_list.data, r.p->record_list.size, r.p->records, more, sizeof more);
    m = raknet::append_markers(*r.p, more, m, sizeof more);
    end_summary_line(out, std::string_view(names, n), v, std::string_view(more, m));
}

void print_raknet_tree(Output& out, const RaknetPrint& r) {
    print_raknet_summary(out, r);
    const bool from_client = r.p->from == Side::Client;
    out << "    ";
    print_endpoints(out, from_client ? r.conn->client : r.conn->server, from_client ? r.conn->server : r.conn->client);
    out << r.p->len << " bytes\n";
    TreeVisitor v(out);
    show(r, v, true, [](const core::MessageSummary&, bool, bool) {});
}

void print_raknet_json(Output& out, const RaknetPrint& r) {
    const raknet::PacketResult& p = *r.p;
    const core::Schema& s = raknet::schema(*p.version);
    NestedJson v(out);
    out << '{';
    JsonPacketHead h;
    h.frame = p.frame;
    h.time = r.time;
    const bool from_client = p.from == Side::Client;
    h.sent_in(r.conn->conv, from_client);
    h.src = from_client ? &r.conn->client : &r.conn->server;  // known without a conversation too
    h.dst = from_client ? &r.conn->server : &r.conn->client;
    h.protocol = !r.batches->empty() ? "bedrock" : r.games->empty() ? "raknet" : "mcpe";
    h.length = p.len;
    h.type_name = p.type ? p.type->name : "Unknown";
    json_packet_head(v, out, h);
    core::decode(s, p.bytes, p.len, p.context(raknet::kPacketTable), v);
    raknet::emit_packet(s, p, v);
    for (const core::Finding& f : p.findings) v.finding(f);
    // What became of each frame, in the frames' order.
    v.top("frames");
    out << '[';
    for (uint32_t i = 0; i < p.frames.size; ++i) {
        out << (i ? ",{" : "{");
        NestedJson fv(out);
        raknet::emit_frame(s, p.frames[i], fv);
        fv.finish_fields();
        out << '}';
    }
    out << ']';
    // Each delivered message as an object of its own (its fields, the
    // analysis of its delivery, its game packet's, its findings).
    v.top("messages");
    out << '[';
    for (uint32_t i = 0; i < p.messages.size; ++i) {
        const raknet::MessageResult& m = p.messages[i];
        const mcpe::GamePacket* g = m.system ? nullptr : game_of(r, i);
        if (const bedrock::Batch* b = m.system ? nullptr : batch_of(r, i)) {
            out << (i ? "," : "");
            print_bedrock_batch_json(out, *b);
            continue;
        }
        out << (i ? ",{" : "{");
        NestedJson mv(out);
        mv.top("protocol");
        out << (g ? "\"mcpe\"" : "\"raknet\"");
        if (m.system) {
            const core::MessageSummary sum = core::decode(s, m.data, m.len, p.context(raknet::kMessageTable), mv);
            mv.top("type_name");
            out << '"';
            json_escape(out, sum.type ? sum.type->name : "Unknown");
            out << '"';
            raknet::emit_message(s, m, mv);
        } else if (g) {
            raknet::emit_message(s, m, mv);
            const core::Schema& ms = mcpe::schema(*g->version);
            const core::MessageSummary sum = core::decode(ms, g->data, g->len, core::DecodeContext{}, mv);
            mcpe::emit_game_packet(ms, *g, mv);
            for (const core::Finding& f : g->findings) mv.finding(f);
            mv.top("type_name");
            out << '"';
            json_escape(out, sum.type ? sum.type->name : "Unknown");
            out << '"';
        }
        mv.finish();
        out << '}';
    }
    out << ']';
    // Bedrock batches RakNet ordering held back until this packet.
    bool held = false;
    for (const bedrock::Batch& b : *r.batches) {
        if (b.message != ~0u) continue;
        if (!held) v.top("held_back_batches");
        out << (held ? "," : "[");
        held = true;
        print_bedrock_batch_json(out, b);
    }
    if (held) out << ']';
    v.finish();
    out << "}\n";
}

}  // namespace blankshark
