// A RakNet connection's Minecraft Bedrock session as `check` reports it:
// the release (and how it was found), encryption (key, checksums),
// compression, batches and packets per direction, held back by RakNet
// ordering, the Login's player, and the game Disconnect.
#pragma once

#include "output.hpp"
#include "protocols/bedrock/session.hpp"

namespace blankshark {

void bedrock_summary_text(Output& out, const bedrock::Session& b);
void bedrock_summary_json(Output& out, const bedrock::Session& b);

}  // namespace blankshark
