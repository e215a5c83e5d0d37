#pragma once

namespace mcjava_plugin {

// Statistics > Minecraft Java > Packets by state, direction and type
// (tshark -z mcjava,tree): the tree of `blankshark stats`.
void register_stats_tree();

}  // namespace mcjava_plugin
