// Every finding tshark with the plugin shows, as (frame, code, text): the
// text is the "<prefix>.finding" item, the code the abbreviation of the
// expert info under it ("mcjava.compression.size_mismatch"), read from
// `tshark -T json` (both passes: -2, so end-of-capture findings are there).
#pragma once

#include <set>
#include <string>
#include <tuple>

#include "tshark.hpp"

namespace blank::test {

using ShownFinding = std::tuple<uint64_t, std::string, std::string>;  // frame, code, text
using ShownFindings = std::multiset<ShownFinding>;

namespace detail {

// The code under a finding item's subtree: the key of its "_ws.expert"
// object that is not one of the expert info's own fields.
inline std::string expert_code(const nlohmann::json& tree) {
    if (!tree.is_object() || !tree.contains("_ws.expert")) return "";
    for (const auto& [k, v] : tree.at("_ws.expert").items())
        if (k.rfind("_ws.expert", 0) != 0) return k;
    return "";
}

inline void collect(const nlohmann::json& obj, uint64_t frame, ShownFindings& out) {
    if (obj.is_array()) {
        for (const auto& e : obj) collect(e, frame, out);
        return;
    }
    if (!obj.is_object()) return;
    for (const auto& [k, v] : obj.items()) {
        // A finding whose field's value says it all (blank's padding): its
        // expert info sits on the field, with no text item (text "").
        if (k == "_ws.expert") {
            for (const auto& e : v.is_array() ? v : nlohmann::json::array({v})) {
                const std::string code = expert_code(nlohmann::json{{"_ws.expert", e}});
                if (code.find('.') != std::string::npos && code.rfind("tcp.", 0) != 0) out.emplace(frame, code, "");
            }
            continue;
        }
        if (k.size() > 13 && k.compare(k.size() - 13, 13, ".finding_tree") == 0) continue;  // with its text below
        const size_t dot = k.find(".finding");
        if (dot != std::string::npos && dot + 8 == k.size()) {
            // With --no-duplicate-keys, several findings of one level are arrays in tree order.
            const nlohmann::json texts = v.is_array() ? v : nlohmann::json::array({v});
            const nlohmann::json& t = obj.contains(k + "_tree") ? obj.at(k + "_tree") : nlohmann::json();
            const nlohmann::json trees = t.is_array() ? t : nlohmann::json::array({t});
            for (size_t i = 0; i < texts.size(); ++i)
                out.emplace(frame, i < trees.size() ? expert_code(trees[i]) : "", texts[i].get<std::string>());
        } else if (v.is_object() || v.is_array()) {
            collect(v, frame, out);
        }
    }
}

// tshark -T json writes a string that is not UTF-8 as it is: each byte of
// an ill-formed sequence becomes '?' so the JSON parses.
inline std::string well_formed_utf8(const std::string& in) {
    std::string out;
    out.reserve(in.size());
    for (size_t i = 0; i < in.size();) {
        const auto c = static_cast<unsigned char>(in[i]);
        const size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        bool ok = n > 0 && i + n <= in.size();
        for (size_t k = 1; ok && k < n; ++k) ok = (static_cast<unsigned char>(in[i + k]) & 0xC0) == 0x80;
        if (ok) {
            out.append(in, i, n);
            i += n;
        } else {
            out.push_back('?');
            ++i;
        }
    }
    return out;
}

}  // namespace detail

// `args`: more tshark options (-o ..., a display filter with -Y).
inline ShownFindings tshark_findings(const std::string& path, const std::string& args = "") {
    const RunResult r = tshark("-2 -r " + tshark_file(path) + " -T json --no-duplicate-keys " + args);
    ShownFindings out;
    for (const nlohmann::json& j : nlohmann::json::parse(detail::well_formed_utf8(r.out))) {
        const nlohmann::json& layers = j.at("_source").at("layers");
        const uint64_t n = std::stoull(layers.at("frame").at("frame.number").get<std::string>());
        for (const auto& [proto, tree] : layers.items())
            if (proto != "frame") detail::collect(tree, n, out);
    }
    return out;
}

}  // namespace blank::test
