#include "packet_printers.hpp"

#include <cmath>

#include "core/format.hpp"
#include "item_visitors.hpp"
#include "protocols/blank/info_markers.hpp"

namespace blankshark {
namespace {

const char* direction(const BlankPacket& p) {
    switch (p.sender) {
    case blank::Role::Client: return "C>S";
    case blank::Role::Server: return "S>C";
    default: return "?>?";
    }
}

const char* direction_json(const BlankPacket& p) {
    switch (p.sender) {
    case blank::Role::Client: return "client_to_server";
    case blank::Role::Server: return "server_to_client";
    default: return "unknown";
    }
}

class JsonVisitor {
public:
    explicit JsonVisitor(Output& out) : out_(out) {}

    // Array entries become a list of objects under the array's name; every
    // other field is a key of the packet's object.
    void open(const blank::Item& it) {
        flush();
        if (it.node->kind == blank::Kind::Array) {
            if (open_array_ != it.node) {
                close_array();
                key(it.info->abbrev);
                out_ << '[';
                open_array_ = it.node;
                comma_ = false;
            }
            if (comma_) out_ << ',';
            out_ << '{';
            comma_ = false;
        } else {
            if (depth_ == 0) close_array();
            if (it.vclass != blank::ValueClass::None) value(it);
        }
        if (depth_ < kMaxDepth) stack_[depth_] = it.node;
        ++depth_;
    }
    void close() {
        flush();
        --depth_;
        if (depth_ >= kMaxDepth) return;
        const blank::Node* n = stack_[depth_];
        if (n->kind == blank::Kind::Array) {
            out_ << '}';
            comma_ = true;
        } else if (n->kind == blank::Kind::AckHist) {
            seqs("blank.ack_hist.acked", acked_, nacked_);
            seqs("blank.ack_hist.missing", missing_, nmissing_);
            nacked_ = nmissing_ = 0;
        }
    }
    void leaf(const blank::Item& it) {
        if (it.node->kind == blank::Kind::AckSeq) {
            if (it.node->acked) acked_[nacked_++ & 31] = uint16_t(it.u);
            else missing_[nmissing_++ & 31] = uint16_t(it.u);
            return;
        }
        if (depth_ == 0) close_array();
        // A field repeated in a row (e.g. piece frames) becomes a list.
        if (pending_ && pending_->info == it.info) {
            if (!in_list_) {
                key(it.info->abbrev);
                out_ << '[';
                raw_value(*pending_);
                in_list_ = true;
            }
            out_ << ',';
            raw_value(it);
            return;
        }
        flush();
        held_ = it;
        pending_ = &held_;
    }
    void finding(const blank::Finding& f) {
        if (nfindings_ < kMaxFindings) findings_[nfindings_++] = f;
    }
    void finish() {
        flush();
        close_array();
        key("findings");
        out_ << '[';
        for (size_t i = 0; i < nfindings_; ++i) {
            const blank::Finding& f = findings_[i];
            const blank::FindingInfo& fi = blank::finding_info(f.code);
            char msg[256];
            const size_t n = blank::format_finding(f, msg, sizeof msg);
            if (i) out_ << ',';
            out_ << "{\"code\":\"" << fi.name << "\",\"severity\":\"" << blank::severity_name(fi.severity)
                 << "\",\"offset\":" << f.offset << ",\"message\":\"";
            json_escape(out_, std::string_view(msg, n));
            out_ << "\"}";
        }
        out_ << ']';
    }
    void key(std::string_view k) {
        if (comma_) out_ << ',';
        out_ << '"' << k << "\":";
        comma_ = true;
    }

private:
    static constexpr size_t kMaxFindings = 64;
    static constexpr int kMaxDepth = 16;

    void close_array() {
        if (!open_array_) return;
        out_ << ']';
        open_array_ = nullptr;
        comma_ = true;
    }
    void seqs(const char* name, const uint16_t* v, size_t n) {
        key(name);
        out_ << '[';
        for (size_t i = 0; i < n && i < 32; ++i) {
            if (i) out_ << ',';
            out_ << v[i];
        }
        out_ << ']';
    }
    void flush() {
        if (pending_ && !in_list_) value(*pending_);
        if (in_list_) out_ << ']';
        pending_ = nullptr;
        in_list_ = false;
    }
    void value(const blank::Item& it) {
        key(it.info->abbrev);
        raw_value(it);
    }
    void raw_value(const blank::Item& it) {
        switch (it.vclass) {
        case blank::ValueClass::Uint: out_ << it.u; break;
        case blank::ValueClass::Int: out_ << it.i; break;
        case blank::ValueClass::Bool: out_ << (it.u ? "true" : "false"); break;
        case blank::ValueClass::Float:
        case blank::ValueClass::Double: {
            if (!std::isfinite(it.d)) {
                out_ << "null";
                break;
            }
            char tmp[40];
            const size_t n = core::format_value(it, tmp, sizeof tmp);
            out_ << std::string_view(tmp, n);
            break;
        }
        case blank::ValueClass::String:
            out_ << '"';
            json_escape(out_, it.s);
            out_ << '"';
            break;
        case blank::ValueClass::Bytes: {
            static const char hex[] = "0123456789abcdef";
            out_ << '"';
            for (unsigned char c : it.s) out_ << hex[c >> 4] << hex[c & 15];
            out_ << '"';
            break;
        }
        case blank::ValueClass::Uuid: {
            char tmp[40];
            const size_t n = core::format_value(it, tmp, sizeof tmp);
            out_ << '"' << std::string_view(tmp, n) << '"';
            break;
        }
        case blank::ValueClass::None: out_ << "null"; break;
        }
    }

    Output& out_;
    bool comma_ = false;
    const blank::Node* stack_[kMaxDepth] = {};
    int depth_ = 0;
    const blank::Node* open_array_ = nullptr;
    uint16_t acked_[32], missing_[32];
    size_t nacked_ = 0, nmissing_ = 0;
    blank::Finding findings_[kMaxFindings];
    size_t nfindings_ = 0;
    blank::Item held_{};
    const blank::Item* pending_ = nullptr;  // the last leaf, written when the next differs
    bool in_list_ = false;
};

}  // namespace

void print_endpoints(Output& out, const Conversation* c, bool from_client) {
    if (!c) return;
    out << capture::to_string(from_client ? c->client : c->server) << " -> "
        << capture::to_string(from_client ? c->server : c->client) << ", ";
}

void print_conversation_header(Output& out, const Conversation& c, const char* protocol) {
    out << "# conversation " << c.id << ": client " << capture::to_string(c.client) << " <-> server "
        << capture::to_string(c.server);
    if (protocol) out << " (" << protocol << ')';
    out << '\n';
}

void print_line_prefix(Output& out, const BlankPacket& p) {
    char num[24];
    auto r = std::to_chars(num, num + sizeof num, p.frame->number);
    out.pad(std::string_view(num, size_t(r.ptr - num)), 7, true) << ' ';
    char t[32];
    auto tr = std::to_chars(t, t + sizeof t, p.time, std::chars_format::fixed, 6);
    out.pad(std::string_view(t, size_t(tr.ptr - t)), 11, true) << ' ';
    r = std::to_chars(num, num + sizeof num, p.conv ? p.conv->id : 0);
    out.pad(std::string_view(num, size_t(r.ptr - num)), 3, true) << ' ' << direction(p) << "  ";
}

void print_summary(Output& out, const blank::Schema& fallback, const BlankPacket& p, const blank::FrameAnalysis* fa) {
    const blank::Schema& s = fa && fa->schema ? *fa->schema : fallback;
    SummaryVisitor v;
    blank::PacketSummary sum = blank::decode(s, p.data, p.len, v);
    if (fa) {
        blank::emit_analysis(s, *fa, false, v);
        sum.counted = v.counted;
    }
    print_line_prefix(out, p);
    if (p.len < blank::kHeaderSize) {
        out << "Truncated header (" << p.len << " bytes)";
    } else {
        out << blank::type_name(s, sum.type) << " seq=" << sum.seq << " ack=" << sum.ack
            << std::string_view(v.text, v.len);
        if (fa) {
            char marks[256];
            out << std::string_view(marks, blank::append_markers(*fa, marks, 0, sizeof marks));
        }
    }
    write_worst_finding(out, v.worst, sum.counted);
    out << '\n';
}

void print_tree(Output& out, const blank::Schema& fallback, const BlankPacket& p, const blank::FrameAnalysis* fa) {
    const blank::Schema& s = fa && fa->schema ? *fa->schema : fallback;
    print_summary(out, s, p, fa);
    out << "    " << capture::to_string(p.udp->src) << " -> " << capture::to_string(p.udp->dst) << ", " << p.len
        << " bytes\n";
    TreeVisitor v(out);
    blank::decode(s, p.data, p.len, v, fa ? fa->seq.hist_bits : 32);
    if (fa) blank::emit_analysis(s, *fa, false, v);
}

void print_json(Output& out, const blank::Schema& fallback, const BlankPacket& p, const blank::FrameAnalysis* fa) {
    const blank::Schema& s = fa && fa->schema ? *fa->schema : fallback;
    JsonVisitor v(out);
    out << '{';
    v.key("frame");
    out << p.frame->number;
    v.key("time");
    out.fixed(p.time, 9);
    v.key("timestamp");
    out << p.frame->ts_sec << '.';
    char ns[16];
    std::snprintf(ns, sizeof ns, "%09d", int(p.frame->ts_nsec));
    out << ns;
    v.key("src");
    out << '"' << capture::to_string(p.udp->src) << '"';
    v.key("dst");
    out << '"' << capture::to_string(p.udp->dst) << '"';
    v.key("conversation");
    out << (p.conv ? p.conv->id : 0);
    v.key("direction");
    out << '"' << direction_json(p) << '"';
    v.key("length");
    out << p.len;
    v.key("type_name");
    const int type = fa ? fa->type : blank::header_type(p.data, p.len);
    out << '"' << (type >= 0 ? blank::type_name(s, uint8_t(type)) : "Truncated") << '"';
    blank::decode(s, p.data, p.len, v, fa ? fa->seq.hist_bits : 32);
    if (fa) blank::emit_analysis(s, *fa, false, v);
    v.finish();
    out << "}\n";
}

}  // namespace blankshark
