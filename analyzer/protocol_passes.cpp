#include "protocol_passes.hpp"

#include "front_end.hpp"
#include "protocols/blank/protocol_info.hpp"

namespace blankshark {

ProtocolPasses::ProtocolPasses(const PassSetup& setup)
    : stream_(setup.stream), tcp_on_(setup.options.tcp), udp_on_(setup.options.udp) {
    std::vector<tcp::Claimant> claimants;
    for (const FrontEnd* fe : front_ends()) {
        passes_.push_back(fe->start(setup));
        ProtocolPass& p = *passes_.back();
        if (p.tcp()) claimants.push_back({&fe->info(), setup.options.port_of(fe->info()), p.tcp()});
        if (p.udp()) udp_.push_back(p.udp());
    }
    tcp_.emplace(std::move(claimants));
}

bool ProtocolPasses::offer(const capture::Frame& f, const capture::UdpDatagram& d, double time) {
    if (blank_->offer(f, d, time)) return true;
    if (udp_on_)
        for (UdpClaimant* u : udp_)
            if (u->offer(f, d, time)) return true;
    return false;
}

StreamResult ProtocolPasses::run(const std::string& path, const BlankFlows::Callback& on_blank) {
    const StreamOptions& o = stream_.options();
    blank_.emplace(stream_, o.port_of(blank::protocol_info()), o.max_conversations, on_blank);
    return stream_.run(path, tcp_on_ ? &*tcp_ : nullptr, this);
}

void ProtocolPasses::finish(uint64_t frames, double end_time) {
    for (auto& p : passes_) p->finish(frames, end_time);
}

void ProtocolPasses::keep(std::vector<std::shared_ptr<void>>& into) {
    for (auto& p : passes_)
        if (auto k = p->keep()) into.push_back(std::move(k));
}

}  // namespace blankshark
