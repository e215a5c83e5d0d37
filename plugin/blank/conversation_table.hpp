// Statistics > Conversations / Endpoints (-z conv,blank, -z endpoints,blank),
// fed by the "blank" tap (tap_info.hpp).
#pragma once

namespace blank_plugin {

void register_conversation_table(int proto);

}  // namespace blank_plugin
