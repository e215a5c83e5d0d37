#include "blank/blank_printers.hpp"

#include <cmath>

#include "core/format.hpp"
#include "item_visitors.hpp"
#include "json_packet_head.hpp"
#include "nested_json.hpp"
#include "packet_lines.hpp"
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
        if (it.hidden) return;  // the packet type's filter (type_name says it)
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
        json_findings(out_, findings_, nfindings_);
    }
    void top(std::string_view k) { key(k); }
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
    void raw_value(const blank::Item& it) { json_value(out_, it); }

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

void print_blank_summary(Output& out, const BlankPacket& p, const blank::FrameAnalysis& fa) {
    const blank::Schema& s = *fa.schema;
    SummaryVisitor v;
    blank::PacketSummary sum = blank::decode(s, p.data, p.len, v);
    blank::emit_analysis(s, fa, false, v);
    sum.counted = v.counted;
    print_line_prefix(out, p.frame->number, p.time, p.conv, direction(p));
    if (p.len < blank::kHeaderSize) {
        out << "Truncated header (" << p.len << " bytes)";
    } else {
        out << blank::type_name(s, sum.type) << " seq=" << sum.seq << " ack=" << sum.ack
            << std::string_view(v.text, v.len);
        char marks[256];
        out << std::string_view(marks, blank::append_markers(fa, marks, 0, sizeof marks));
    }
    write_worst_finding(out, v.worst, sum.counted);
    out << '\n';
}

void print_blank_tree(Output& out, const BlankPacket& p, const blank::FrameAnalysis& fa) {
    const blank::Schema& s = *fa.schema;
    print_blank_summary(out, p, fa);
    out << "    ";
    print_endpoints(out, p.udp->src, p.udp->dst);
    out << p.len << " bytes\n";
    TreeVisitor v(out);
    blank::decode(s, p.data, p.len, v, fa.seq.hist_bits);
    blank::emit_analysis(s, fa, false, v);
}

void print_blank_json(Output& out, const BlankPacket& p, const blank::FrameAnalysis& fa) {
    const blank::Schema& s = *fa.schema;
    JsonVisitor v(out);
    out << '{';
    JsonPacketHead h;
    h.frame = p.frame->number;
    h.time = p.time;
    h.has_timestamp = true;
    h.ts_sec = p.frame->ts_sec;
    h.ts_nsec = uint32_t(p.frame->ts_nsec);
    h.src = &p.udp->src;  // the datagram's, also without a conversation
    h.dst = &p.udp->dst;
    h.conversation = p.conv ? p.conv->id : 0;
    h.direction = direction_json(p);
    h.protocol = "blank";
    h.length = p.len;
    const int type = fa.type;
    h.type_name = type >= 0 ? blank::type_name(s, uint8_t(type)) : "Truncated";
    json_packet_head(v, out, h);
    blank::decode(s, p.data, p.len, v, fa.seq.hist_bits);
    blank::emit_analysis(s, fa, false, v);
    v.finish();
    out << "}\n";
}

}  // namespace blankshark
