#pragma once

namespace raknet_plugin {

// Statistics > RakNet-BS > Packets and messages (tshark -z bsraknet,tree).
void register_stats_tree();

}  // namespace raknet_plugin
