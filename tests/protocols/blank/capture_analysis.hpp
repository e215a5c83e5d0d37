// Runs the core analysis over a capture file as the analyzer does (one
// ConversationAnalysis per conversation of a CaptureStream, findings with
// their frames, sorted by frame at the end), for tests that compare
// configurations of the core on the real captures.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "protocols/blank/analysis.hpp"
#include "blank/blank_flows.hpp"

namespace blank::test {

inline std::string project_capture(const std::string& name) {
    return std::string(BLANKSHARK_CAPTURES) + "/" + name;
}

// The real captures bundled with the project (captures/*.pcap*).
inline std::vector<std::string> real_captures() {
    return {"blank-933ca0f-first-8s.pcap", "blank-fa73e36-any-sll2.pcapng", "blank-fa73e36-clean-session.pcap",
            "blank-fa73e36-lossy-5pct.pcap", "blank-fa73e36-two-clients.pcap"};
}

struct ConvRun {
    std::unique_ptr<ConversationAnalysis> a;
    std::vector<Finding> findings;  // sorted by frame (stable) after run()
};

struct CaptureRun : FindingSink {
    std::vector<ConvRun> convs;  // index = conversation id
    uint64_t packets = 0;
    std::vector<Finding>* out = nullptr;
    void add(const Finding& f) override { out->push_back(f); }

    // `each`: called after every packet with its conversation's analysis.
    template <class Each>
    static CaptureRun run(const std::string& path, const AnalysisConfig& cfg, Each each) {
        CaptureRun r;
        blankshark::CaptureStream stream;
        double end = 0;
        FrameAnalysis fa;
        blankshark::run_blank(stream, path, [&](const blankshark::BlankPacket& p) {
            end = p.time;
            if (!p.conv) return;
            if (r.convs.size() <= p.conv->id) r.convs.resize(p.conv->id + 1);
            ConvRun& c = r.convs[p.conv->id];
            if (!c.a) c.a = std::make_unique<ConversationAnalysis>(cfg, cfg.revision);
            c.a->on_packet(p.frame->number, p.time, p.sender, p.data, p.len, fa);
            ++r.packets;
            for (uint8_t i = 0; i < fa.nfindings; ++i) c.findings.push_back(fa.findings[i]);
            for (uint32_t i = 0; i < fa.nearlier; ++i) c.findings.push_back(fa.earlier[i]);
            each(*c.a, fa);
        });
        for (ConvRun& c : r.convs) {
            if (!c.a) continue;
            r.out = &c.findings;
            c.a->finish(end, r);
        }
        for (ConvRun& c : r.convs)
            std::stable_sort(c.findings.begin(), c.findings.end(),
                             [](const Finding& a, const Finding& b) { return a.frame < b.frame; });
        return r;
    }
    static CaptureRun run(const std::string& path, const AnalysisConfig& cfg) {
        return run(path, cfg, [](const ConversationAnalysis&, const FrameAnalysis&) {});
    }
};

// A finding as one comparable line.
inline std::string line(const Finding& f) {
    char buf[320];
    format_finding(f, buf, sizeof buf);
    return std::to_string(f.frame) + " " + finding_info(f.code).name + " ref " + std::to_string(f.ref_frame) + ": " +
           buf;
}

inline std::vector<std::string> lines(const std::vector<Finding>& v) {
    std::vector<std::string> out;
    for (const Finding& f : v) out.push_back(line(f));
    return out;
}

}  // namespace blank::test
