// Every protocol's pass over one capture (protocol_pass.hpp), on one
// transport: the passes of front_ends(), their TCP claimants in one
// dispatcher and their UDP claimants offered each datagram, both in
// front_ends() order. What decode, chunks and the file analysis run
// instead of wiring each protocol's flows.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "capture_stream.hpp"
#include "protocol_pass.hpp"

namespace blankshark {

class ProtocolPasses : UdpClaimant {
public:
    // decode -2's first pass (setup.first_pass) runs only the front ends
    // that want one.
    explicit ProtocolPasses(const PassSetup& setup);

    // Reads the capture, every unit to the setup's listener.
    StreamResult run(const CaptureFiles& files);
    // After run(): what each protocol knows only at the end, as units.
    void finish(uint64_t frames, double end_time);
    // What the file's reports must keep (ProtocolPass::keep).
    void keep(std::vector<std::shared_ptr<void>>& into);
    // After finish() of a first pass: each front end's ProtocolPass::earlier
    // (by front_end_index), for the second pass' setup.
    std::vector<std::shared_ptr<const void>> earlier() const;
    // The TCP reassembler's counts (null when no protocol reads TCP).
    const tcp::ReassemblerStats* tcp_stats() const { return tcp_ ? &tcp_->reassembler().stats() : nullptr; }

private:
    bool offer(const capture::Frame& f, const capture::UdpDatagram& d, double time) override;

    CaptureStream& stream_;
    std::vector<std::unique_ptr<ProtocolPass>> passes_;  // by front_end_index (null: not run)
    std::vector<UdpClaimant*> udp_;
    std::optional<tcp::Dispatcher> tcp_;
};

}  // namespace blankshark
