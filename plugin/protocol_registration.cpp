#include "protocol_registration.hpp"

#include <vector>

namespace plugin {

namespace {

// Filled while the plugin is loaded (static initialisation of the
// dissectors' files), read at registration: a function's static, so it
// exists before the first part is added whatever the files' order.
std::vector<ProtocolRegistration>& parts() {
    static std::vector<ProtocolRegistration> all;
    return all;
}

}  // namespace

bool add_protocol(const ProtocolRegistration& r) {
    parts().push_back(r);
    return true;
}

const std::vector<ProtocolRegistration>& added_protocols() { return parts(); }

const ProtocolRegistration* registration_of(const core::ProtocolInfo& info) {
    for (const ProtocolRegistration& r : parts())
        if (r.info == &info) return &r;
    return nullptr;
}

}  // namespace plugin
