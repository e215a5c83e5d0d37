// Every protocol's pass over one capture (protocol_pass.hpp), on one
// transport: the passes of front_ends(), their TCP claimants in one
// dispatcher (in front_ends() order), their UDP claimants offered each
// datagram after blank's flows (blank/blank_flows.hpp). What decode, chunks and the file analysis
// run instead of wiring each protocol's flows.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "blank/blank_flows.hpp"
#include "capture_stream.hpp"
#include "protocol_pass.hpp"

namespace blankshark {

class ProtocolPasses : UdpClaimant {
public:
    explicit ProtocolPasses(const PassSetup& setup);

    // Reads the capture: blank's datagrams to `on_blank`, the others' units
    // to the setup's listener.
    StreamResult run(const std::string& path, const BlankFlows::Callback& on_blank);
    // After run(): the blank datagrams read.
    uint64_t blank_packets() const { return blank_ ? blank_->packets() : 0; }
    // After run(): what each protocol knows only at the end, as units.
    void finish(uint64_t frames, double end_time);
    // What the file's reports must keep (ProtocolPass::keep).
    void keep(std::vector<std::shared_ptr<void>>& into);

private:
    bool offer(const capture::Frame& f, const capture::UdpDatagram& d, double time) override;

    CaptureStream& stream_;
    bool tcp_on_, udp_on_;
    std::vector<std::unique_ptr<ProtocolPass>> passes_;
    std::vector<UdpClaimant*> udp_;
    std::optional<tcp::Dispatcher> tcp_;
    std::optional<BlankFlows> blank_;
};

}  // namespace blankshark
