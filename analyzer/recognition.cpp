#include "recognition.hpp"

#include "front_end.hpp"
#include "protocols/blank/protocol_info.hpp"

namespace blankshark {

std::string recognition_text(const StreamOptions& opt) {
    std::string ports = "UDP port " + std::to_string(opt.port_of(blank::protocol_info())) + " (blank)";
    std::string anywhere = "blank's tag";
    for (const FrontEnd* fe : front_ends()) {
        const core::ProtocolInfo& p = fe->info();
        if (p.transport == core::Transport::Tcp ? !opt.tcp : !opt.udp) continue;
        ports += std::string(", ") + (p.transport == core::Transport::Tcp ? "TCP" : "UDP") + " port " +
                 std::to_string(opt.port_of(p)) + " (" + fe->title() + ")";
        if (fe->heuristic_text()) anywhere += std::string(", ") + fe->heuristic_text();
    }
    return ports + "; on any port: " + anywhere;
}

}  // namespace blankshark
