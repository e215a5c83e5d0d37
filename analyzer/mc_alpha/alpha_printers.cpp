#include "mc_alpha/alpha_printers.hpp"

#include <charconv>
#include <cstdio>

#include "core/format.hpp"
#include "item_visitors.hpp"
#include "packet_lines.hpp"
#include "json_packet_head.hpp"
#include "nested_json.hpp"
#include "protocols/mc_alpha/session.hpp"
#include "protocols/mc_alpha/message_fields.hpp"
#include "protocols/mc_alpha/schema.hpp"

namespace blankshark {
namespace {

using mcalpha::MessageKind;

// Decodes the message (a whole one) into `v`, then its generated fields
// (with `generated`) and its findings (framing, state, analyses, stream).
template <class V>
void show(const mcalpha::Message& m, V& v, bool generated) {
    if (m.kind == MessageKind::Message) core::decode(mcalpha::schema(), m.data, m.len, m.context(), v);
    if (generated) mcalpha::emit_message_fields(m, v);
    mcalpha::emit_message_findings(m, v);
}

}  // namespace

const char* alpha_message_name(const mcalpha::Message& m, AlphaName& buf) {
    switch (m.kind) {
    case MessageKind::Unframed:
        std::snprintf(buf.text, sizeof buf.text, "Unframed 0x%02x", m.len ? unsigned(m.data[0]) : 0u);
        return buf.text;
    case MessageKind::Incomplete:
        // The first bytes of a message a gap cut (Session::Cut::cut), or the capture's last ones.
        if (const core::Finding* cut = mcalpha::cut_of(m)) {
            std::snprintf(buf.text, sizeof buf.text, "%s, cut by a gap", cut->what ? cut->what : "Unknown message");
            return buf.text;
        }
        return "Incomplete message";
    case MessageKind::Message: break;
    }
    if (m.summary.type) return m.summary.type->name;
    std::snprintf(buf.text, sizeof buf.text, "Unknown 0x%02x", unsigned(m.summary.id));
    return buf.text;
}

void print_alpha_summary(Output& out, const AlphaMessage& am) {
    const mcalpha::Message& m = *am.msg;
    SummaryVisitor v;
    show(m, v, false);
    print_line_prefix(out, m.span.last.frame, am.time, am.conv, core::arrow(m.dir));
    AlphaName name;
    end_summary_line(out, alpha_message_name(m, name), v);
}

void print_alpha_tree(Output& out, const AlphaMessage& am) {
    print_alpha_summary(out, am);
    const mcalpha::Message& m = *am.msg;
    out << "    ";
    print_endpoints(out, am.conv, m.dir == core::Side::Client);
    out << m.len << " bytes at stream offset " << m.span.stream_offset;
    end_tree_head(out, m.span.first.carrier(), m.span.last.frame);
    TreeVisitor v(out);
    show(m, v, true);
}

void print_alpha_json(Output& out, const AlphaMessage& am) {
    const mcalpha::Message& m = *am.msg;
    NestedJson v(out);
    out << '{';
    AlphaName name;
    JsonPacketHead h;
    h.frame = m.span.last.frame;
    h.first_frame = m.span.first.carrier();
    h.time = am.time;
    h.sent_in(am.conv, m.dir == core::Side::Client);
    h.protocol = "mcalpha";
    h.stream_offset = int64_t(m.span.stream_offset);
    h.length = m.len;
    h.type_name = alpha_message_name(m, name);
    json_packet_head(v, out, h);
    show(m, v, true);
    v.finish();
    out << "}\n";
}

void print_alpha_event(Output& out, const AlphaMessage& am, bool json) {
    const core::Finding& f = *am.event;
    const core::FindingInfo& fi = core::finding_info(f.code);
    char msg[256];
    const size_t n = core::format_finding(f, msg, sizeof msg);
    if (json) {
        out << "{\"frame\":" << f.frame << ",\"conversation\":" << (am.conv ? am.conv->id : 0)
            << ",\"protocol\":\"mcalpha\",\"event\":{\"code\":\"" << fi.name << "\",\"severity\":\""
            << core::severity_name(fi.severity) << "\",\"message\":\"";
        json_escape(out, std::string_view(msg, n));
        out << "\"}}\n";
        return;
    }
    print_line_prefix(out, f.frame, am.time, am.conv, "   ");
    out << "[" << core::severity_name(fi.severity) << ": " << fi.name << "] " << std::string_view(msg, n) << '\n';
}

}  // namespace blankshark
