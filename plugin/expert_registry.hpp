// Wireshark expert infos for the findings of the core, as tcp.analysis.*
// does it: one expert field per finding code, whose text is the code's
// stable summary (so tshark -z expert shows one line per code with its
// count), and, in a tree, a "<prefix>.finding" item with the message and
// its numbers that the expert info hangs under.
#pragma once

#include <epan/expert.h>
#include <epan/packet.h>

#include <deque>
#include <map>
#include <string>

#include "core/finding.hpp"

namespace plugin {

class ExpertRegistry {
public:
    // The protocol's expert fields and its "<prefix>.finding" text field.
    void add(int proto, const core::FindingTable& t);
    // The expert info (stable summary) on `at`.
    void report(packet_info* pinfo, proto_item* at, const core::Finding& f) const;
    int finding_hf() const { return hf_finding_; }

private:
    int hf_finding_ = -1;
    std::string finding_abbrev_;
    std::map<uint16_t, expert_field*> by_code_;
    std::deque<expert_field> fields_;  // stable: Wireshark keeps pointers
};

// Someone reads expert messages without a tree (tshark -z expert).
bool expert_tap_listens();

int expert_group(core::FindingGroup g);
int expert_severity(core::Severity s);

}  // namespace plugin
