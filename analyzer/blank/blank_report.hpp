// blank's part of `blankshark report`: each conversation's timelines
// (packets per type, seq and ack progress with losses and resends, time to
// ack, chunk transmissions, corrections) and the file's packets by type.
#pragma once

#include <cstdint>
#include <memory>

#include "protocol_section.hpp"
#include "protocol_settings.hpp"

namespace blankshark {

// For the first `max` conversations; `settings`: blank's (its correction threshold).
std::unique_ptr<ReportSection> make_blank_report(uint32_t max, const Settings* settings);

}  // namespace blankshark
