// One protocol's part of one pass over a capture: its flows, on the
// transport they claim (TCP through the dispatcher, UDP datagrams offered),
// handing every unit to the pass' listener. Made by the protocol's front
// end (front_end.hpp) for each file.
#pragma once

#include <cstdint>
#include <memory>

#include "protocol_settings.hpp"
#include "tcp/tcp_sink.hpp"
#include "udp_claimant.hpp"
#include "unit.hpp"

namespace blankshark {

class CaptureStream;
struct StreamOptions;

struct PassSetup {
    PassSetup(CaptureStream& s, const StreamOptions& o, UnitListener& l, Command c)
        : stream(s), options(o), listener(l), command(c) {}
    CaptureStream& stream;  // the conversations, numbered across protocols
    const StreamOptions& options;
    UnitListener& listener;
    Command command;
    bool summaries = true;  // keep each conversation's summary for check (decode needs none)
    // The listener is done with a conversation once its ended() returns
    // (check has written it): a protocol may free all it kept of it.
    bool let_go = false;
    // Files read at once by the command (check -j): a protocol's own worker
    // threads are worth it only when the files leave cores idle.
    unsigned files_at_once = 1;
    // decode -2: the first of the two passes (only front ends with
    // two_pass(); nothing is shown), or the second, with what each front
    // end's first pass learnt (by front_end_index; null: none).
    bool first_pass = false;
    const std::vector<std::shared_ptr<const void>>* earlier = nullptr;

    // `fe`'s settings (FrontEnd::settings), or null.
    const Settings* settings_of(const FrontEnd& fe) const;
    // What `fe`'s first pass learnt (ProtocolPass::earlier), or null.
    const void* earlier_of(const FrontEnd& fe) const;
};

class ProtocolPass {
public:
    virtual ~ProtocolPass() = default;
    // Its claim on TCP connections (the dispatcher's claimant), or on UDP
    // datagrams, or null.
    virtual tcp::Sink* tcp() { return nullptr; }
    virtual UdpClaimant* udp() { return nullptr; }
    // After the capture's last frame and the transport's end: what is known
    // only at the end, as units.
    virtual void finish(uint64_t frames, double end_time) = 0;
    // What the file's reports must keep after the pass (text that findings
    // point into), or null.
    virtual std::shared_ptr<void> keep() { return nullptr; }
    // After finish() of decode -2's first pass: what the second pass shows
    // from it (blank: the sides that went silent), or null.
    virtual std::shared_ptr<const void> earlier() const { return nullptr; }
};

}  // namespace blankshark
