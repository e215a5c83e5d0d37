#include "recognition.hpp"

#include "front_end.hpp"

namespace blankshark {

std::string recognition_text(const StreamOptions& opt) {
    std::string ports, anywhere;
    for (const FrontEnd* fe : front_ends()) {
        const core::ProtocolInfo& p = fe->info();
        ports += std::string(ports.empty() ? "" : ", ") + (p.transport == core::Transport::Tcp ? "TCP" : "UDP") +
                 " port " + std::to_string(opt.port_of(p)) + " (" + fe->title() + ")";
        if (fe->heuristic_text()) anywhere += std::string(anywhere.empty() ? "" : ", ") + fe->heuristic_text();
    }
    return ports + "; on any port: " + anywhere;
}

}  // namespace blankshark
