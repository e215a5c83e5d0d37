#include "java_printers.hpp"

#include "protocols/mc_java/packet_name.hpp"

#include <cmath>
#include <cstring>
#include <vector>

#include "core/format.hpp"
#include "item_visitors.hpp"
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

// JSON with nesting: groups and named types are objects, arrays lists of
// their entries, values keyed by their filter names.
class NestedJson {
public:
    explicit NestedJson(Output& out) : out_(out) { frames_.push_back(Frame{}); }

    void open(const core::Item& it) {
        Frame& f = frames_.back();
        const bool array_entry = it.node->kind == core::Kind::Array || it.entry;
        if (array_entry) {
            list_item(f, it.info->abbrev);
            out_ << '{';
            frames_.push_back(Frame{true, false, {}});
            return;
        }
        end_list(f);
        if (it.vclass != core::ValueClass::None && it.vclass != core::ValueClass::Bytes) {
            // A value with views of it (flags, an option's rows): the views follow as keys here.
            key(f, it.info->abbrev);
            value(it);
            frames_.push_back(Frame{false, true, {}});
            return;
        }
        key(f, it.info->abbrev);
        out_ << '{';
        frames_.push_back(Frame{true, false, {}});
    }
    void set_length(uint32_t) {}
    void close() {
        Frame f = frames_.back();
        frames_.pop_back();
        if (f.flattened) {
            // keys went into the parent: it carries on after them
            frames_.back().comma = true;
            frames_.back().list = f.list.empty() ? frames_.back().list : f.list;
            return;
        }
        end_list(f);
        out_ << '}';
        frames_.back().comma = true;
    }
    void leaf(const core::Item& it) {
        Frame& f = frames_.back();
        if (it.hidden) return;
        if (it.entry) {
            list_item(f, it.info->abbrev);
            value(it);
            return;
        }
        end_list(f);
        key(f, it.info->abbrev);
        value(it);
    }
    void finding(const core::Finding& f) { findings_.push_back(f); }

    // Top-level keys of the packet object.
    void top(std::string_view k) { key(frames_.front(), k); }
    void finish() {
        Frame& f = frames_.front();
        end_list(f);
        key(f, "findings");
        out_ << '[';
        for (size_t i = 0; i < findings_.size(); ++i) {
            const core::Finding& x = findings_[i];
            const core::FindingInfo& fi = core::finding_info(x.code);
            char msg[256];
            const size_t n = core::format_finding(x, msg, sizeof msg);
            if (i) out_ << ',';
            out_ << "{\"code\":\"" << fi.name << "\",\"severity\":\"" << core::severity_name(fi.severity)
                 << "\",\"offset\":" << x.offset << ",\"message\":\"";
            json_escape(out_, std::string_view(msg, n));
            out_ << "\"}";
        }
        out_ << ']';
    }

private:
    struct Frame {
        bool object = true;
        bool flattened = false;
        std::string list;  // the key of the list open in this object
        bool comma = false;
    };

    void key(Frame& f, std::string_view k) {
        // a flattened frame writes into its parent object
        Frame& target = f.flattened ? parent_object() : f;
        if (target.comma) out_ << ',';
        out_ << '"' << k << "\":";
        target.comma = true;
    }
    Frame& parent_object() {
        for (size_t i = frames_.size(); i-- > 0;)
            if (!frames_[i].flattened) return frames_[i];
        return frames_.front();
    }
    void list_item(Frame& f, const std::string& k) {
        Frame& target = f.flattened ? parent_object() : f;
        if (target.list == k) {
            out_ << ',';
            return;
        }
        end_list(target);
        if (target.comma) out_ << ',';
        out_ << '"' << k << "\":[";
        target.list = k;
        target.comma = true;
    }
    void end_list(Frame& f) {
        Frame& target = f.flattened ? parent_object() : f;
        if (target.list.empty()) return;
        out_ << ']';
        target.list.clear();
    }
    void value(const core::Item& it) {
        switch (it.vclass) {
        case core::ValueClass::Uint: out_ << it.u; break;
        case core::ValueClass::Int: out_ << it.i; break;
        case core::ValueClass::Bool: out_ << (it.u ? "true" : "false"); break;
        case core::ValueClass::Float:
        case core::ValueClass::Double: {
            if (!std::isfinite(it.d)) {
                out_ << "null";
                break;
            }
            char tmp[40];
            out_ << std::string_view(tmp, core::format_value(it, tmp, sizeof tmp));
            break;
        }
        case core::ValueClass::String:
            out_ << '"';
            json_escape(out_, it.s);
            out_ << '"';
            break;
        case core::ValueClass::Uuid: {
            char tmp[40];
            out_ << '"' << std::string_view(tmp, core::format_value(it, tmp, sizeof tmp)) << '"';
            break;
        }
        case core::ValueClass::Bytes: {
            static const char hex[] = "0123456789abcdef";
            out_ << '"';
            for (unsigned char c : it.s) out_ << hex[c >> 4] << hex[c & 15];
            out_ << '"';
            break;
        }
        case core::ValueClass::None: out_ << "null"; break;
        }
    }

    Output& out_;
    std::vector<Frame> frames_;
    std::vector<core::Finding> findings_;
};

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
