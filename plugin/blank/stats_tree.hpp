// Statistics > blank > Packets, chunks and findings (tshark -z blank,tree),
// fed by the "blank" tap (tap_info.hpp).
#pragma once

namespace blank_plugin {

void register_stats_tree();

}  // namespace blank_plugin
