#include "protocols/catalog.hpp"

#include <cstring>

#include "protocols/blank/protocol_info.hpp"
#include "protocols/mc_alpha/protocol_info.hpp"
#include "protocols/mc_java/protocol_info.hpp"
#include "protocols/mcpe/protocol_info.hpp"
#include "protocols/raknet/protocol_info.hpp"

namespace catalog {

const std::array<const core::ProtocolInfo*, kProtocolCount>& protocols() {
    static const std::array<const core::ProtocolInfo*, kProtocolCount> all{
        &blank::protocol_info(), &mcjava::protocol_info(), &raknet::protocol_info(), &mcpe::protocol_info(),
        &mcalpha::protocol_info()};
    return all;
}

const core::ProtocolInfo* find_protocol(const char* filter_name) {
    for (const core::ProtocolInfo* p : protocols())
        if (std::strcmp(p->filter_name, filter_name) == 0) return p;
    return nullptr;
}

}  // namespace catalog
