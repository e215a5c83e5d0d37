// Minecraft Alpha messages and bytes per message id and direction, for
// `blankshark stats`. Fixed-size counters (256 ids x 2 directions).
#pragma once

#include <array>
#include <cstdint>

#include "mc_alpha/alpha_flows.hpp"
#include "output.hpp"
#include "traffic_stats.hpp"

namespace blankshark {

struct FileReport;

struct AlphaTraffic {
    std::array<std::array<Count, 256>, 2> by_id{};
    std::array<Count, 2> by_dir{};
    std::array<Count, 2> unframed{};  // bytes the framing gave up on (and messages cut by the capture's end)
    double first_time = 0, last_time = 0;
    bool any = false;

    void add(const AlphaMessage& am) {
        if (!am.msg) return;
        const mcalpha::Message& m = *am.msg;
        const int d = int(m.dir);
        by_dir[d].add(m.len);
        if (m.kind == mcalpha::MessageKind::Message) by_id[d][m.summary.id & 0xFF].add(m.len);
        else unframed[d].add(m.len);
        if (!any) first_time = am.time;
        any = true;
        last_time = am.time;
    }
    double duration() const { return last_time - first_time; }

    // Its part of `blankshark stats`: a "Minecraft Alpha messages" table, and
    // the ,"mcalpha":{...} member of the JSON object (nothing without messages).
    void text(Output& out, const FileReport&) const;
    void json(Output& out, const FileReport&) const;
};

}  // namespace blankshark
