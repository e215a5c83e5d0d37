#include "mc_java/java_printers.hpp"

#include "protocols/mc_java/packet_name.hpp"

#include <cmath>
#include <cstring>
#include <vector>

#include "core/format.hpp"
#include "item_visitors.hpp"
#include "nested_json.hpp"
#include "protocols/mc_java/packet_fields.hpp"
#include "protocols/mc_java/schema.hpp"

namespace blankshark {
namespace {

using mcjava::PacketKind;

const char* arrow(const mcjava::Packet& p) { return mcjava::direction_arrow(p.dir); }
const char* direction_json(const mcjava::Packet& p) {
    return p.dir == mcjava::Direction::Serverbound ? "client_to_server" : "server_to_client";
}

bool is_chunk(const mcjava::Packet& p) {
    return p.summary.type && p.summary.type->key && std::strcmp(p.summary.type->key, "chunk_data") == 0;
}

// Decodes the packet (when it has bytes to decode) into `v`, with the
// framing fields before and the chunk contents after; then the packet's
// own findings (framing, state machine, stream).
template <class V>
core::MessageSummary show(const JavaPacket& jp, V& v, bool framing) {
    mcjava::Packet& p = *jp.packet;
    const core::Schema& s = mcjava::schema(*p.version);
    if (framing) mcjava::emit_packet_fields(s, p, v);
    core::MessageSummary sum{};
    if (p.kind == PacketKind::Packet && p.data) {
        sum = core::decode(s, p.data, p.data_len, p.context(), v);
        if (framing && is_chunk(p)) {
            mcjava::ChunkSummary c;
            if (mcjava::summarize_chunk(p, c)) mcjava::emit_chunk_summary(s, c, p.span.last.frame, v);
        }
        // The analysis' link as far as it is known now (one pass: the
        // answer side's request_in and time; the teleport's client_in and
        // distance), as tshark's first pass shows it.
        if (framing) mcjava::emit_link(s, jp.link, v);
    }
    for (uint8_t i = 0; i < p.nfindings; ++i) v.finding(p.findings[i]);
    return sum;
}

void prefix(Output& out, const JavaPacket& jp) {
    char num[24];
    auto r = std::to_chars(num, num + sizeof num, jp.packet->span.last.frame);
    out.pad(std::string_view(num, size_t(r.ptr - num)), 7, true) << ' ';
    char t[32];
    auto tr = std::to_chars(t, t + sizeof t, jp.time, std::chars_format::fixed, 6);
    out.pad(std::string_view(t, size_t(tr.ptr - t)), 11, true) << ' ';
    r = std::to_chars(num, num + sizeof num, jp.conv ? jp.conv->id : 0);
    out.pad(std::string_view(num, size_t(r.ptr - num)), 3, true) << ' ' << arrow(*jp.packet) << "  ";
}

}  // namespace

std::string java_packet_name(const mcjava::Packet& p) {
    char buf[32];
    return mcjava::packet_name(p, buf, sizeof buf);
}

void print_java_conversation_header(Output& out, const Conversation& c) {
    out << "# conversation " << c.id << ": client " << capture::to_string(c.client) << " <-> server "
        << capture::to_string(c.server) << " (Minecraft Java)\n";
}

void print_java_summary(Output& out, const JavaPacket& jp) {
    SummaryVisitor v;
    const core::MessageSummary sum = show(jp, v, false);
    (void)sum;
    prefix(out, jp);
    out << java_packet_name(*jp.packet) << std::string_view(v.text, v.len);
    if (v.worst) {
        const core::FindingInfo& fi = core::finding_info(v.worst->code);
        out << "  [" << core::severity_name(fi.severity) << ": " << fi.name;
        if (v.counted > 1) out << " +" << (v.counted - 1);
        out << ']';
    }
    out << '\n';
}

void print_java_tree(Output& out, const JavaPacket& jp) {
    print_java_summary(out, jp);
    const mcjava::Packet& p = *jp.packet;
    const Conversation* c = jp.conv;
    out << "    ";
    if (c) {
        const bool from_client = p.dir == mcjava::Direction::Serverbound;
        out << capture::to_string(from_client ? c->client : c->server) << " -> "
            << capture::to_string(from_client ? c->server : c->client) << ", ";
    }
    out << p.wire_len << " bytes";
    if (p.inflated) out << " (" << p.data_len << " inflated)";
    if (p.span.first.frame != p.span.last.frame) out << ", frames " << p.span.first.frame << '-' << p.span.last.frame;
    out << '\n';
    TreeVisitor v(out);
    show(jp, v, true);
}

void print_java_json(Output& out, const JavaPacket& jp) {
    const mcjava::Packet& p = *jp.packet;
    NestedJson v(out);
    out << '{';
    v.top("frame");
    out << p.span.last.frame;
    v.top("first_frame");
    out << p.span.first.frame;
    v.top("time");
    out.fixed(jp.time, 9);
    if (jp.conv) {
        const bool from_client = p.dir == mcjava::Direction::Serverbound;
        v.top("src");
        out << '"' << capture::to_string(from_client ? jp.conv->client : jp.conv->server) << '"';
        v.top("dst");
        out << '"' << capture::to_string(from_client ? jp.conv->server : jp.conv->client) << '"';
    }
    v.top("conversation");
    out << (jp.conv ? jp.conv->id : 0);
    v.top("protocol");
    out << "\"mcjava\"";
    v.top("direction");
    out << '"' << direction_json(p) << '"';
    v.top("length");
    out << p.wire_len;
    v.top("type_name");
    out << '"';
    json_escape(out, java_packet_name(p));
    out << '"';
    show(jp, v, true);
    v.finish();
    out << "}\n";
}

}  // namespace blankshark
