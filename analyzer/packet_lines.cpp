#include "packet_lines.hpp"

#include <charconv>

namespace blankshark {

void print_line_prefix(Output& out, uint64_t frame, double time, const Conversation* c, const char* arrow) {
    char num[24];
    auto r = std::to_chars(num, num + sizeof num, frame);
    out.pad(std::string_view(num, size_t(r.ptr - num)), 7, true) << ' ';
    char t[32];
    auto tr = std::to_chars(t, t + sizeof t, time, std::chars_format::fixed, 6);
    out.pad(std::string_view(t, size_t(tr.ptr - t)), 11, true) << ' ';
    r = std::to_chars(num, num + sizeof num, c ? c->id : 0);
    out.pad(std::string_view(num, size_t(r.ptr - num)), 3, true) << ' ' << arrow << "  ";
}

void end_summary_line(Output& out, std::string_view name, const SummaryVisitor& v, std::string_view markers) {
    out << name << std::string_view(v.text, v.len) << markers;
    write_worst_finding(out, v.worst, v.counted);
    out << '\n';
}

void print_endpoints(Output& out, const Conversation* c, bool from_client) {
    if (c) print_endpoints(out, from_client ? c->client : c->server, from_client ? c->server : c->client);
}

void print_endpoints(Output& out, const capture::Endpoint& from, const capture::Endpoint& to) {
    out << capture::endpoint_text(from) << " -> " << capture::endpoint_text(to) << ", ";
}

void end_tree_head(Output& out, uint64_t first, uint64_t last) {
    if (first != last) out << ", frames " << first << '-' << last;
    out << '\n';
}

void print_conversation_header(Output& out, const Conversation& c, const char* protocol) {
    out << "# conversation " << c.id << ": client " << capture::endpoint_text(c.client) << " <-> server "
        << capture::endpoint_text(c.server);
    if (protocol) out << " (" << protocol << ')';
    out << '\n';
}

}  // namespace blankshark
