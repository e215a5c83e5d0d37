// The core's analysis of a Minecraft Java connection (mcjava::Analysis) as
// `check` shows it: keep-alive and status ping round trips, teleports with
// their confirms and distances, chunk columns loaded and unloaded, entity
// bookkeeping; lines for the text report and keys for the JSON event.
#pragma once

#include "output.hpp"
#include "protocols/mc_java/analysis.hpp"

namespace blankshark {

void java_analysis_text(Output& out, const mcjava::Analysis& a);
// Keys, each ",\"key\":value".
void java_analysis_json(Output& out, const mcjava::Analysis& a);

}  // namespace blankshark
