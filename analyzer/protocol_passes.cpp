#include "protocol_passes.hpp"

#include "front_end.hpp"

namespace blankshark {

const Settings* PassSetup::settings_of(const FrontEnd& fe) const { return options.settings.of(fe); }

const void* PassSetup::earlier_of(const FrontEnd& fe) const {
    const size_t i = front_end_index(fe);
    return earlier && i < earlier->size() ? (*earlier)[i].get() : nullptr;
}

ProtocolPasses::ProtocolPasses(const PassSetup& setup) : stream_(setup.stream) {
    std::vector<tcp::Claimant> claimants;
    for (const FrontEnd* fe : front_ends()) {
        if (setup.first_pass && !fe->two_pass()) {
            passes_.push_back(nullptr);
            continue;
        }
        passes_.push_back(fe->start(setup));
        ProtocolPass& p = *passes_.back();
        if (p.tcp()) claimants.push_back({&fe->info(), setup.options.port_of(fe->info()), p.tcp()});
        if (p.udp()) udp_.push_back(p.udp());
    }
    if (!claimants.empty()) tcp_.emplace(std::move(claimants));
}

bool ProtocolPasses::offer(const capture::Frame& f, const capture::UdpDatagram& d, double time) {
    for (UdpClaimant* u : udp_)
        if (u->offer(f, d, time)) return true;
    return false;
}

StreamResult ProtocolPasses::run(const CaptureFiles& files) { return stream_.run(files, tcp_ ? &*tcp_ : nullptr, this); }

void ProtocolPasses::finish(uint64_t frames, double end_time) {
    for (auto& p : passes_)
        if (p) p->finish(frames, end_time);
}

void ProtocolPasses::keep(std::vector<std::shared_ptr<void>>& into) {
    for (auto& p : passes_)
        if (p)
            if (auto k = p->keep()) into.push_back(std::move(k));
}

std::vector<std::shared_ptr<const void>> ProtocolPasses::earlier() const {
    std::vector<std::shared_ptr<const void>> out;
    for (const auto& p : passes_) out.push_back(p ? p->earlier() : nullptr);
    return out;
}

}  // namespace blankshark
