// Turns the core decoder's callbacks into proto_tree items (TreeBuilder),
// or, without a tree, into the Info column and expert infos only
// (QuickBuilder: the decoder's findings-only mode with summary fields).
// Shared by every protocol the plugin registers.
#pragma once

#include <epan/packet.h>
#include <epan/proto.h>

#include <algorithm>
#include <cfloat>
#include <charconv>
#include <cstdio>
#include <cstring>

#include "core/decoder.hpp"
#include "core/format.hpp"
#include "expert_registry.hpp"
#include "field_registry.hpp"

namespace plugin {

class TreeBuilder {
public:
    TreeBuilder(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, proto_item* root, const core::Schema& s,
                const FieldRegistry& fields, const ExpertRegistry& experts)
        : tvb_(tvb), pinfo_(pinfo), root_(root), fields_(fields), experts_(experts), index_(fields.index(s)),
          columns_(pinfo->cinfo != nullptr) {
        stack_[0] = tree;
        items_[0] = root;
    }

    // A node whose opening marks the packet (blank: a completed chunk).
    void watch(const core::Node* n) { watched_ = n; }

    void open(const core::Item& it) {
        if (watched_ && it.node == watched_) seen_ = true;
        proto_item* pi = add(it);
        const bool numbered = it.index >= 0 && (it.node->kind == core::Kind::Array || it.entry);
        if (it.vclass == core::ValueClass::None && (numbered || it.nvals)) {
            if (pi && pi != tree()) label_group(pi, it, numbered);  // a real item (not faked)
        } else {
            if (numbered) proto_item_append_text(pi, " #%d", it.index);
            if (it.nvals) {
                char buf[128];
                core::format_value(it, buf, sizeof buf, true);
                proto_item_append_text(pi, ": %s", buf);
                if (it.info->unit) proto_item_append_text(pi, " %s", it.info->unit);
            }
        }
        if (columns_) summary(it);
        if (depth_ + 1 < kMaxDepth) {
            stack_[depth_ + 1] = proto_item_add_subtree(pi, fields_.ett_at(index_[it.info->id]));
            items_[depth_ + 1] = pi;
        }
        ++depth_;
    }
    void close() { --depth_; }
    // The length of the node opened last, once its end is known.
    void set_length(uint32_t n) {
        if (depth_ > 0 && depth_ < kMaxDepth && items_[depth_]) proto_item_set_len(items_[depth_], gint(n));
    }
    void leaf(const core::Item& it) {
        proto_item* pi = add(it);
        if (it.entry && pi && pi != tree()) proto_item_append_text(pi, " (#%d)", it.index);
        if (columns_) summary(it);
    }
    // An item with the finding's text (its numbers), the expert info under
    // it. Decoding findings sit where the decoder is (after the field, over
    // its bytes); analysis findings (f.frame set) at the protocol's level.
    // A finding whose field's value says it all (in_field) goes on that field.
    void finding(const core::Finding& f) {
        if (!f.frame && last_ && last_offset_ == f.offset && core::finding_info(f.code).in_field) {
            experts_.report(pinfo_, last_, f);
            if (counts_) counts_(f, counts_ctx_);
            return;
        }
        char msg[256];
        core::format_finding(f, msg, sizeof msg);
        const guint captured = tvb_captured_length(tvb_);
        const bool bytes = !f.frame && f.offset <= captured && f.length <= captured - f.offset;
        proto_item* it = proto_tree_add_string_format(f.frame ? stack_[0] : tree(), experts_.finding_hf(), tvb_,
                                                      bytes ? gint(f.offset) : 0, bytes ? gint(f.length) : 0, msg,
                                                      "%s", msg);
        proto_item_set_generated(it);
        experts_.report(pinfo_, it ? it : root_, f);
        if (counts_) counts_(f, counts_ctx_);
    }
    // Called for every finding shown (for a tap's counts).
    void count_findings(void (*fn)(const core::Finding&, void*), void* ctx) {
        counts_ = fn;
        counts_ctx_ = ctx;
    }

    const char* info() const { return info_; }
    bool seen() const { return seen_; }

private:
    static constexpr int kMaxDepth = 16;  // deeper rows go into the deepest subtree

    proto_tree* tree() const { return stack_[depth_ < kMaxDepth ? depth_ : kMaxDepth - 1]; }

    proto_item* add(const core::Item& it) {
        proto_tree* t = tree();
        const size_t u = index_[it.info->id];
        const int id = fields_.hf_at(u);
        const ftenum_t ft = fields_.type_at(u);
        if (id < 0) return last_ = nullptr;  // not registered (the declarations predate the tables)
        const gint off = gint(it.offset), len = gint(it.length);
        proto_item* pi = nullptr;
        using core::ValueClass;
        switch (it.vclass) {
        case ValueClass::Uint:
            // A name some release gives a signed integer is registered as
            // FT_INT64 (core::widest_of): its unsigned values go in as such.
            pi = ft == FT_INT64    ? proto_tree_add_int64(t, id, tvb_, off, len, gint64(it.u))
               : ft == FT_UINT64 ? proto_tree_add_uint64(t, id, tvb_, off, len, it.u)
                                 : proto_tree_add_uint(t, id, tvb_, off, len, guint32(it.u));
            // A VarInt shown in hex: as wide as it was on the wire (Packet
            // ID: 0x21), not as the 32 bits Wireshark registers it with.
            if (pi && pi != t && it.info->display == core::Display::Hex &&
                (it.info->kind == core::Kind::VarInt || it.info->kind == core::Kind::VarLong)) {
                char val[96];
                core::format_value(it, val, sizeof val);
                proto_item_set_text(pi, "%s: %s", it.info->name.c_str(), val);
            }
            break;
        case ValueClass::Int:
            pi = ft == FT_INT64 ? proto_tree_add_int64(t, id, tvb_, off, len, it.i)
                                : proto_tree_add_int(t, id, tvb_, off, len, gint32(it.i));
            break;
        case ValueClass::Float:
        case ValueClass::Double:
            // One abbreviation may be f32 in an old version and double in
            // another: add by the registered type.
        {
            const double d = ft == FT_DOUBLE ? core::shown_value(it) : it.d;
            pi = ft == FT_FLOAT ? proto_tree_add_float(t, id, tvb_, off, len, float(d))
                                : proto_tree_add_double(t, id, tvb_, off, len, d);
            if (pi && pi != t) label_floating(pi, *it.info, ft == FT_FLOAT, ft == FT_DOUBLE ? core::display_value(it) : d);
        }
            break;
        case ValueClass::Bool:
            pi = proto_tree_add_boolean(t, id, tvb_, off, len, it.u ? (it.info->bitmask ? it.info->bitmask : 1) : 0);
            break;
        case ValueClass::String:
            if (it.generated) {  // a computed string: NUL-terminated by the core
                pi = proto_tree_add_string(t, id, tvb_, off, len, it.s.data());
                break;
            }
            if (it.node->kind == core::Kind::Text) {  // text after its length prefix: the value itself
                pi = proto_tree_add_string(t, id, tvb_, off, len,
                                           wmem_strndup(pinfo_->pool, it.s.data(), it.s.size()));
                break;
            }
            pi = proto_tree_add_item(t, id, tvb_, off, len, ENC_UTF_8 | ENC_NA);
            break;
        case ValueClass::Uuid: pi = proto_tree_add_item(t, id, tvb_, off, len, ENC_BIG_ENDIAN); break;
        case ValueClass::Bytes:
            if (it.node->kind == core::Kind::Bytes && size_t(len) != it.s.size()) {  // after a length prefix
                pi = proto_tree_add_bytes_with_length(t, id, tvb_, off, len,
                                                      reinterpret_cast<const guint8*>(it.s.data()), gint(it.s.size()));
                break;
            }
            pi = proto_tree_add_item(t, id, tvb_, off, len, ENC_NA);
            break;
        case ValueClass::None: pi = proto_tree_add_item(t, id, tvb_, off, len, ENC_NA); break;
        }
        if (it.generated) proto_item_set_generated(pi);
        if (it.hidden) proto_item_set_hidden(pi);
        last_ = pi;
        last_offset_ = it.offset;
        return pi;
    }

    // The label Wireshark would make for a float or double (%.6g / %.15g)
    // and the unit (Wireshark 4.0 has no unit strings for floating types),
    // with std::to_chars: printf's float formatting is the largest cost of
    // tshark -V. Only for a real item (not faked in an invisible tree).
    static void label_floating(proto_item* pi, const core::FieldInfo& f, bool f32, double v) {
        char label[ITEM_LABEL_LENGTH];
        char* const end = label + sizeof label - 1;
        const size_t n = std::min(f.name.size(), size_t(ITEM_LABEL_LENGTH / 2));
        char* p = std::copy_n(f.name.data(), n, label);
        *p++ = ':';
        *p++ = ' ';
        const auto r = f32 ? std::to_chars(p, end, double(float(v)), std::chars_format::general, FLT_DIG)
                           : std::to_chars(p, end, v, std::chars_format::general, DBL_DIG);
        p = r.ec == std::errc() ? r.ptr : p;
        if (f.unit) {
            const size_t room = size_t(end - p);
            const size_t u = std::strlen(f.unit);
            if (u + 1 <= room) {
                *p++ = ' ';
                p = std::copy_n(f.unit, u, p);
            }
        }
        *p = '\0';
        proto_item_set_text(pi, "%s", label);
    }

    // A group's label in one go: "Name #3: (x, y, z) unit".
    static void label_group(proto_item* pi, const core::Item& it, bool numbered) {
        char label[ITEM_LABEL_LENGTH];
        int n = std::snprintf(label, sizeof label, "%s", it.info->name.c_str());
        const auto room = [&n] { return n < int(sizeof label) ? sizeof label - size_t(n) : 0; };
        if (numbered && room()) n += std::snprintf(label + n, room(), " #%d", it.index);
        if (it.nvals && room()) {
            char buf[128];
            core::format_value(it, buf, sizeof buf, true);
            n += std::snprintf(label + n, room(), ": %s", buf);
            if (it.info->unit && room()) n += std::snprintf(label + n, room(), " %s", it.info->unit);
        }
        proto_item_set_text(pi, "%s", label);
    }

    // Fields the tables mark as summary go to the Info column.
    void summary(const core::Item& it) { info_len_ = core::append_summary(it, info_, info_len_, sizeof info_); }

    tvbuff_t* tvb_;
    packet_info* pinfo_;
    proto_item* root_;
    const FieldRegistry& fields_;
    const ExpertRegistry& experts_;
    const std::vector<size_t>& index_;  // this schema's FieldId -> registered field
    const core::Node* watched_ = nullptr;
    bool columns_;
    proto_tree* stack_[kMaxDepth] = {};
    proto_item* items_[kMaxDepth] = {};
    int depth_ = 0;
    proto_item* last_ = nullptr;
    uint32_t last_offset_ = 0;
    char info_[256] = {};
    size_t info_len_ = 0;
    bool seen_ = false;
    void (*counts_)(const core::Finding&, void*) = nullptr;
    void* counts_ctx_ = nullptr;
};

// Without a tree (tshark's summary lines, tshark -2's first pass, taps):
// the decoder's findings-only mode with the summary fields (nothing else is
// computed), the Info column and expert infos.
class QuickBuilder {
public:
    static constexpr bool kFindingsOnly = true;
    static constexpr bool kSummaryLeaves = true;

    QuickBuilder(packet_info* pinfo, proto_item* root, const ExpertRegistry& experts)
        : pinfo_(pinfo), root_(root), experts_(experts), columns_(pinfo->cinfo != nullptr) {}

    void watch(const core::Node* n) { watched_ = n; }
    void open(const core::Item& it) {
        if (watched_ && it.node == watched_) seen_ = true;
        if (columns_) summary(it);
    }
    void close() {}
    void leaf(const core::Item& it) {
        if (columns_) summary(it);
    }
    // Without a tree only the expert info, whose text is the code's summary.
    void finding(const core::Finding& f) {
        experts_.report(pinfo_, root_, f);
        if (counts_) counts_(f, counts_ctx_);
    }
    void count_findings(void (*fn)(const core::Finding&, void*), void* ctx) {
        counts_ = fn;
        counts_ctx_ = ctx;
    }
    const char* info() const { return info_; }
    bool seen() const { return seen_; }
    void set_seen() { seen_ = true; }

private:
    void summary(const core::Item& it) {
        if (it.node && it.node->summary) info_len_ = core::append_summary(it, info_, info_len_, sizeof info_);
    }

    packet_info* pinfo_;
    proto_item* root_;
    const ExpertRegistry& experts_;
    const core::Node* watched_ = nullptr;
    bool columns_;
    char info_[256] = {};
    size_t info_len_ = 0;
    bool seen_ = false;
    void (*counts_)(const core::Finding&, void*) = nullptr;
    void* counts_ctx_ = nullptr;
};

}  // namespace plugin
