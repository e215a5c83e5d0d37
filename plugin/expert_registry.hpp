// Wireshark expert infos for the findings of the core: one expert field per
// finding code of each registered protocol, reported with the stable
// summary when nobody reads the message and with the formatted message when
// a tree is built or the expert tap listens (tshark -z expert).
#pragma once

#include <epan/expert.h>
#include <epan/packet.h>

#include <deque>
#include <map>

#include "core/finding.hpp"

namespace plugin {

class ExpertRegistry {
public:
    void add(int proto, const core::FindingTable& t);
    void report(packet_info* pinfo, proto_item* at, const core::Finding& f, bool tree) const;

private:
    std::map<uint16_t, expert_field*> by_code_;
    std::deque<expert_field> fields_;  // stable: Wireshark keeps pointers
};

int expert_group(core::FindingGroup g);
int expert_severity(core::Severity s);

}  // namespace plugin
