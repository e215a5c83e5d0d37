// JSON with nesting for decoded items (decode --json of the Minecraft
// protocols): groups and named types are objects, arrays lists of their
// entries, values keyed by their filter names; findings at the end.
#pragma once

#include <cmath>

#include <string>
#include <string_view>
#include <vector>

#include "core/decoder.hpp"
#include "core/format.hpp"
#include "output.hpp"

namespace blankshark {

// One decoded value as JSON: numbers and booleans as such, a non-finite
// float as null, strings escaped, bytes as hex, UUIDs as their text.
inline void json_value(Output& out, const core::Item& it) {
    switch (it.vclass) {
    case core::ValueClass::Uint: out << it.u; break;
    case core::ValueClass::Int: out << it.i; break;
    case core::ValueClass::Bool: out << (it.u ? "true" : "false"); break;
    case core::ValueClass::Float:
    case core::ValueClass::Double: {
        if (!std::isfinite(it.d)) {
            out << "null";
            break;
        }
        char tmp[40];
        out << std::string_view(tmp, core::format_value(it, tmp, sizeof tmp));
        break;
    }
    case core::ValueClass::String:
        out << '"';
        json_escape(out, it.s);
        out << '"';
        break;
    case core::ValueClass::Uuid: {
        char tmp[40];
        out << '"' << std::string_view(tmp, core::format_value(it, tmp, sizeof tmp)) << '"';
        break;
    }
    case core::ValueClass::Bytes: {
        static const char hex[] = "0123456789abcdef";
        out << '"';
        for (unsigned char c : it.s) out << hex[c >> 4] << hex[c & 15];
        out << '"';
        break;
    }
    case core::ValueClass::None: out << "null"; break;
    }
}

// A packet's findings as the JSON list every protocol's packet ends with:
// [{"code":..,"severity":..,"offset":..,"message":..}, ...].
inline void json_findings(Output& out, const core::Finding* f, size_t n) {
    out << '[';
    for (size_t i = 0; i < n; ++i) {
        const core::FindingInfo& fi = core::finding_info(f[i].code);
        char msg[256];
        const size_t len = core::format_finding(f[i], msg, sizeof msg);
        if (i) out << ',';
        out << "{\"code\":\"" << fi.name << "\",\"severity\":\"" << core::severity_name(fi.severity)
            << "\",\"offset\":" << f[i].offset << ",\"message\":\"";
        json_escape(out, std::string_view(msg, len));
        out << "\"}";
    }
    out << ']';
}

// JSON with nesting: groups and named types are objects, arrays lists of
// their entries, values keyed by their filter names.
//
// No allocation per packet once warm: the open objects and the findings
// are kept in the thread's scratch vectors, cleared for each packet (their
// capacity stays); NestedJsons alive on the thread at once take a set
// each.
class NestedJson {
public:
    explicit NestedJson(Output& out) : out_(out), scratch_(Scratch::take()) {
        frames_ = scratch_ ? &scratch_->frames : &own_frames_;
        findings_ = scratch_ ? &scratch_->findings : &own_findings_;
        frames_->clear();
        findings_->clear();
        frames_->push_back(Frame{});
    }
    ~NestedJson() {
        if (scratch_) scratch_->busy = false;
    }
    NestedJson(const NestedJson&) = delete;
    NestedJson& operator=(const NestedJson&) = delete;

    void open(const core::Item& it) {
        Frame& f = frames_->back();
        const bool array_entry = it.node->kind == core::Kind::Array || it.entry;
        if (array_entry) {
            list_item(f, it.info->abbrev);
            out_ << '{';
            frames_->push_back(Frame{true, false, {}});
            return;
        }
        end_list(f);
        if (it.vclass != core::ValueClass::None && it.vclass != core::ValueClass::Bytes) {
            // A value with views of it (flags, an option's rows): the views follow as keys here.
            key(f, it.info->abbrev);
            value(it);
            frames_->push_back(Frame{false, true, {}});
            return;
        }
        key(f, it.info->abbrev);
        out_ << '{';
        frames_->push_back(Frame{true, false, {}});
    }
    void set_length(uint32_t) {}
    void close() {
        Frame f = frames_->back();
        frames_->pop_back();
        if (f.flattened) {
            // keys went into the parent: it carries on after them
            frames_->back().comma = true;
            frames_->back().list = f.list.empty() ? frames_->back().list : f.list;
            return;
        }
        end_list(f);
        out_ << '}';
        frames_->back().comma = true;
    }
    void leaf(const core::Item& it) {
        Frame& f = frames_->back();
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
    void finding(const core::Finding& f) { findings_->push_back(f); }

    // Top-level keys of the packet object (after any list of fields).
    void top(std::string_view k) {
        end_list(frames_->front());
        key(frames_->front(), k);
    }
    // Closes what is open without the findings key.
    void finish_fields() { end_list(frames_->front()); }
    void finish() {
        Frame& f = frames_->front();
        end_list(f);
        key(f, "findings");
        json_findings(out_, findings_->data(), findings_->size());
    }

private:
    struct Frame {
        bool object = true;
        bool flattened = false;
        std::string_view list;  // the key of the list open in this object (a filter name: the schema's)
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
        for (size_t i = frames_->size(); i-- > 0;)
            if (!(*frames_)[i].flattened) return (*frames_)[i];
        return frames_->front();
    }
    void list_item(Frame& f, std::string_view k) {
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
        target.list = {};
    }
    void value(const core::Item& it) { json_value(out_, it); }

    // A free set of the thread's vectors, or null when every set is held
    // (RakNet nests two: a datagram's object and its frames' or messages').
    struct Scratch {
        std::vector<Frame> frames;
        std::vector<core::Finding> findings;
        bool busy = false;
        static Scratch* take() {
            thread_local Scratch pool[4];
            for (Scratch& s : pool)
                if (!s.busy) {
                    s.busy = true;
                    return &s;
                }
            return nullptr;
        }
    };

    Output& out_;
    Scratch* scratch_;
    std::vector<Frame>* frames_;
    std::vector<core::Finding>* findings_;
    std::vector<Frame> own_frames_;
    std::vector<core::Finding> own_findings_;
};

}  // namespace blankshark
