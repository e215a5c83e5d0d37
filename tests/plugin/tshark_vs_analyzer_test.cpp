// tshark with the plugin and blankshark decode --json agree on every packet,
// every field value and every finding of each capture: both come from the
// same core, and this proves the front ends do not drift apart.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "protocols/blank/findings.hpp"
#include "protocols/blank/protocol.hpp"
#include "tshark.hpp"

namespace blank::test {
namespace {

using nlohmann::json;
using Values = std::map<std::string, std::vector<std::string>>;  // abbrev -> occurrences

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;

std::string scalar(const json& v) {
    if (v.is_string()) return v.get<std::string>();
    // -T ek (4.0 to 4.6) and blankshark's JSON both write booleans as
    // true/false.
    if (v.is_boolean()) return v.get<bool>() ? "1" : "0";
    if (v.is_number_unsigned()) return std::to_string(v.get<uint64_t>());
    if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
    if (v.is_number_float()) {
        char b[40];
        std::snprintf(b, sizeof b, "%.17g", v.get<double>());
        return b;
    }
    return v.dump();
}

// The analyzer's packet object, flattened: entries of arrays in order.
void flatten(const json& obj, Values& out) {
    for (const auto& [k, v] : obj.items()) {
        if (k.rfind("blank.", 0) != 0) continue;
        if (v.is_array()) {
            for (const auto& e : v) {
                if (e.is_object()) flatten(e, out);
                else out[k].push_back(scalar(e));
            }
        } else {
            out[k].push_back(scalar(v));
        }
    }
}

// tshark -T ek names a field blank_<abbrev with '_' for '.'>.
const std::map<std::string, const FieldInfo*>& ek_names() {
    static const auto m = [] {
        std::map<std::string, const FieldInfo*> m;
        for (const Revision* r : revisions())
            for (const FieldInfo& f : schema(*r).fields) {
                std::string k = "blank_" + f.abbrev;
                for (char& c : k)
                    if (c == '.') c = '_';
                m.emplace(k, &f);  // the oldest definition: f32 where any revision has one (looser compare)
            }
        return m;
    }();
    return m;
}

void from_ek(const json& blank, Values& out) {
    for (const auto& [k, v] : blank.items()) {
        auto it = ek_names().find(k);
        if (it == ek_names().end() || it->second->vclass == ValueClass::None) continue;
        const std::string& abbrev = it->second->abbrev;
        if (v.is_array()) {
            for (const auto& e : v) out[abbrev].push_back(scalar(e));
        } else {
            out[abbrev].push_back(scalar(v));
        }
    }
}

// One value as tshark prints it against one as blankshark prints it.
bool same(const FieldInfo& f, std::string t, const std::string& a) {
    switch (f.vclass) {
    case ValueClass::Uint: return std::stoull(t, nullptr, 0) == std::stoull(a);
    case ValueClass::Int: return std::stoll(t) == std::stoll(a);
    case ValueClass::Bool: return t == a;  // both "1"/"0" (scalar())
    case ValueClass::Float:
    case ValueClass::Double: {
        // Non-finite floats are JSON null in blankshark's output.
        const double x = std::strtod(t.c_str(), nullptr), y = a == "null" ? NAN : std::strtod(a.c_str(), nullptr);
        if (!std::isfinite(x) || !std::isfinite(y)) return std::isnan(x) == std::isnan(y) || a == "null";
        // tshark prints doubles with 15 significant digits and floats with 6.
        const double tol = f.vclass == ValueClass::Float ? 1e-5 : 1e-12;
        if (f.vclass == ValueClass::Float && float(x) == float(y)) return true;
        return std::fabs(x - y) <= tol * std::max(std::fabs(x), std::fabs(y)) || x == y;
    }
    case ValueClass::Bytes: {
        t.erase(std::remove(t.begin(), t.end(), ':'), t.end());
        return t == a;
    }
    default: return t == a;
    }
}

struct Frames {
    std::map<uint64_t, Values> values;
    // Sorted per frame: the findings' texts (blank.finding in Wireshark; not
    // for codes shown on their field, the padding) and their expert
    // summaries (one stable text per code, as tshark -z expert groups them).
    std::map<uint64_t, std::vector<std::string>> findings, summaries;
};

const FindingInfo* info_by_name(const std::string& name) {
    for (size_t i = 0; i < kFindingCount; ++i)
        if (name == finding_info(FindingCode(i)).name) return &finding_info(FindingCode(i));
    return nullptr;
}

// "a|b|c" -> {a, b, c}
std::vector<std::string> split_bar(std::string rest) {
    std::vector<std::string> out;
    for (size_t p; !rest.empty(); rest = p == std::string::npos ? "" : rest.substr(p + 1)) {
        p = rest.find('|');
        out.push_back(rest.substr(0, p));
    }
    return out;
}

Frames analyzer(const std::string& file) {
    const RunResult r = run(kBin + " decode --json " + file);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    Frames f;
    for (const json& j : json_lines(r.out)) {
        const uint64_t n = j.at("frame");
        flatten(j, f.values[n]);
        auto& msgs = f.findings[n];
        auto& sums = f.summaries[n];
        for (const json& x : j.at("findings")) {
            const FindingInfo* fi = info_by_name(x.at("code"));
            EXPECT_NE(fi, nullptr) << x.dump();
            if (!fi) continue;
            sums.push_back(fi->summary);
            if (!fi->in_field) msgs.push_back(x.at("message"));
        }
        std::sort(msgs.begin(), msgs.end());
        std::sort(sums.begin(), sums.end());
    }
    return f;
}

Frames wireshark(const std::string& path) {
    Frames f;
    const std::string file = tshark_file(path);
    const RunResult r = tshark("-r " + file + " -T ek -Y blank");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    for (const json& j : json_lines(r.out)) {
        if (!j.contains("layers")) continue;  // the ek index lines
        const json& layers = j.at("layers");
        const uint64_t n = std::stoull(layers.at("frame").at("frame_frame_number").get<std::string>());
        from_ek(layers.at("blank"), f.values[n]);
    }
    // Texts and expert messages: -T fields keeps every occurrence (ek merges duplicate keys).
    const RunResult e = tshark("-r " + file + " -Y blank -T fields -e frame.number -e blank.finding "
                               "-e _ws.expert.message -E occurrence=a -E aggregator='|'");
    std::istringstream in(e.out);
    std::string line;
    while (std::getline(in, line)) {
        std::vector<std::string> col;
        std::istringstream ls(line);
        for (std::string c; std::getline(ls, c, '\t');) col.push_back(c);
        col.resize(3);
        const uint64_t n = std::stoull(col[0]);
        auto& msgs = f.findings[n] = split_bar(col[1]);
        auto& sums = f.summaries[n] = split_bar(col[2]);
        std::sort(msgs.begin(), msgs.end());
        std::sort(sums.begin(), sums.end());
    }
    return f;
}

class SameAsAnalyzer : public ::testing::TestWithParam<std::string> {};

TEST_P(SameAsAnalyzer, PacketsFieldsAndFindings) {
    const std::string file = kCaps + "/" + GetParam();
    const Frames a = analyzer(file), w = wireshark(file);
    ASSERT_FALSE(a.values.empty());
    // The same frames are blank packets.
    std::vector<uint64_t> fa, fw;
    for (const auto& [n, v] : a.values) fa.push_back(n);
    for (const auto& [n, v] : w.values) fw.push_back(n);
    ASSERT_EQ(fa, fw);
    size_t compared = 0;
    for (const auto& [n, av] : a.values) {
        const Values& wv = w.values.at(n);
        // Every field either side shows, with the same occurrences.
        std::set<std::string> keys;
        for (const auto& [k, v] : av) keys.insert(k);
        for (const auto& [k, v] : wv) keys.insert(k);
        for (const std::string& k : keys) {
            const FieldInfo* fi = nullptr;  // in whichever revision has it
            for (const Revision* r : revisions())
                if (!fi) fi = schema(*r).find(k);
            ASSERT_NE(fi, nullptr) << k;
            const auto ai = av.find(k), wi = wv.find(k);
            ASSERT_TRUE(ai != av.end() && wi != wv.end()) << "frame " << n << ": " << k << " only in "
                                                          << (ai == av.end() ? "tshark" : "blankshark");
            ASSERT_EQ(ai->second.size(), wi->second.size()) << "frame " << n << " " << k;
            for (size_t i = 0; i < ai->second.size(); ++i) {
                ASSERT_TRUE(same(*fi, wi->second[i], ai->second[i]))
                    << "frame " << n << " " << k << "[" << i << "]: tshark " << wi->second[i] << " blankshark "
                    << ai->second[i];
                ++compared;
            }
        }
        EXPECT_EQ(a.findings.at(n), w.findings.count(n) ? w.findings.at(n) : std::vector<std::string>{})
            << "frame " << n;
        EXPECT_EQ(a.summaries.at(n), w.summaries.count(n) ? w.summaries.at(n) : std::vector<std::string>{})
            << "frame " << n;
    }
    EXPECT_GT(compared, a.values.size() * 10);
}

INSTANTIATE_TEST_SUITE_P(Captures, SameAsAnalyzer,
                         ::testing::Values("blank-fa73e36-clean-session.pcap", "blank-fa73e36-two-clients.pcap",
                                           "blank-fa73e36-lossy-5pct.pcap", "blank-fa73e36-any-sll2.pcapng",
                                           "blank-933ca0f-first-8s.pcap", "crafted/all-types.pcap",
                                           "crafted/malformed.pcap", "crafted/null-ipv6.pcap",
                                           "crafted/raw-ipv4-port-12399.pcap", "crafted/linux-sll.pcap",
                                           "crafted/old-933ca0f.pcap", "crafted/ambiguous-until-frame-5.pcap"),
                         [](const auto& info) { return identifier(info.param); });

}  // namespace
}  // namespace blank::test
