#include "mc_java/java_printers.hpp"

#include "protocols/mc_java/packet_name.hpp"

#include <cmath>
#include <cstring>
#include <vector>

#include "core/format.hpp"
#include "item_visitors.hpp"
#include "packet_lines.hpp"
#include "json_packet_head.hpp"
#include "nested_json.hpp"
#include "protocols/mc_java/packet_fields.hpp"
#include "protocols/mc_java/schema.hpp"

namespace blankshark {
namespace {

using mcjava::PacketKind;

const char* arrow(const mcjava::Packet& p) { return core::arrow(p.dir); }

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
    print_line_prefix(out, jp.packet->span.last.frame, jp.time, jp.conv, arrow(*jp.packet));
}

}  // namespace

std::string java_packet_name(const mcjava::Packet& p) {
    char buf[32];
    return mcjava::packet_name(p, buf, sizeof buf);
}

void print_java_summary(Output& out, const JavaPacket& jp) {
    SummaryVisitor v;
    const core::MessageSummary sum = show(jp, v, false);
    (void)sum;
    prefix(out, jp);
    char name[32];
    end_summary_line(out, mcjava::packet_name(*jp.packet, name, sizeof name), v);
}

void print_java_tree(Output& out, const JavaPacket& jp) {
    print_java_summary(out, jp);
    const mcjava::Packet& p = *jp.packet;
    out << "    ";
    print_endpoints(out, jp.conv, p.dir == core::Side::Client);
    out << p.wire_len << " bytes";
    if (p.inflated) out << " (" << p.data_len << " inflated)";
    end_tree_head(out, p.span.first.carrier(), p.span.last.frame);
    TreeVisitor v(out);
    show(jp, v, true);
}

void print_java_json(Output& out, const JavaPacket& jp) {
    const mcjava::Packet& p = *jp.packet;
    NestedJson v(out);
    out << '{';
    char name[32];
    JsonPacketHead h;
    h.frame = p.span.last.frame;
    h.first_frame = p.span.first.carrier();
    h.time = jp.time;
    h.sent_in(jp.conv, p.dir == core::Side::Client);
    h.protocol = "mcjava";
    h.length = p.wire_len;
    h.type_name = mcjava::packet_name(p, name, sizeof name);
    json_packet_head(v, out, h);
    show(jp, v, true);
    v.finish();
    out << "}\n";
}

}  // namespace blankshark
