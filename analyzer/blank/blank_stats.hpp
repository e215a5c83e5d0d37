// blank's part of `blankshark stats`: packets and bytes by type and
// direction for the file and per conversation, and the chunk transmission
// counts, under the node names of Wireshark's Statistics > blank
// (protocols/blank/stats_layout.hpp); in JSON the "blank" member.
#pragma once

#include <memory>
#include <vector>

#include "blank/blank_traffic.hpp"
#include "blank/blank_unit.hpp"
#include "output.hpp"

namespace blankshark {

struct FileReport;

class BlankStats {
public:
    void packet(const BlankUnit& u);
    // Nothing without a blank packet.
    void text(Output& out, const FileReport& rep) const;
    void json(Output& out, const FileReport& rep) const;

private:
    struct Conv {
        Endpoint client, server;
        std::shared_ptr<const blank::ConversationAnalysis> analysis;  // its chunks and revision, once done
    };
    const blank::Schema& schema_of(uint32_t id) const;  // the revision conversation `id` decoded with
    const blank::Schema& file_schema() const;            // the first conversation's
    void counts(Output& out, bool json) const;           // the chunk transmission nodes

    TrafficStats traffic_;
    std::vector<Conv> convs_;  // by conversation id (no analysis: none of blank's)
};

}  // namespace blankshark
