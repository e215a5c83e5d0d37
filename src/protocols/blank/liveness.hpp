// Liveness per side: one side of a session stops sending while the other
// goes on. The game has no goodbye for a crash: a killed client sends
// nothing more and the server keeps sending (EntityUpdate, PlayerCorrection,
// chunks) until its receive timer fires 10 s after the last packet it got,
// then closes the connection (Connection::Update in src/net/net.cpp at
// 28585b1: recv_timer(10000), TimedOut() -> Close()); a server that exits is
// the mirror image (the client's MasterState::OnTimeout). What the survivor
// sends after the silence is a consequence of it, not a fault of its own.
#pragma once

#include <cstdint>
#include <string>

#include "findings.hpp"
#include "roles.hpp"

namespace blank {

// How the survivor's sending ended, seen from the capture.
enum class SilenceEnd : uint8_t {
    PeerTimedOut,   // it stopped about 10 s after the silence: the game's timeout
    PeerStopped,    // it stopped sooner, before the timeout could fire (another reason)
    PeerOutlived,   // it kept sending longer than the timeout, then stopped
    CaptureEnded,   // it was still sending when the capture ended
    PeerParted,     // it left with a Part (a client that quit on its own)
};

// The game's receive timeout, seconds (Connection: recv_timer(10000)).
constexpr double kGameTimeout = 10.0;

// The survivor's last packet within this of the game's timeout counts as
// the timeout: its last receive may precede the silent side's last captured
// packet (loss after the capture point), and it sends at least every 50 ms.
constexpr double kTimeoutSlack = 0.5;

// One side went silent while the other kept sending (no Part seen).
struct Silence {
    Role silent = Role::Unknown;  // Unknown: nobody did
    uint64_t frame = 0;           // the silent side's last packet
    double time = 0;
    uint64_t survivor_frame = 0;  // the other side's last packet
    double survivor_time = 0;
    uint64_t after = 0;           // packets the survivor sent after `frame`
    // Of those, packets whose ack named seqs of the silent side the capture
    // never saw: it was still sending, its packets stopped reaching the
    // capture point (a capture cut, or a path broken on one side of it).
    uint64_t acked_unseen = 0;
    SilenceEnd end = SilenceEnd::CaptureEnded;
    // The survivor left with Part before the game's timeout could fire: how a
    // session ends when one side quits first (a server shut down with its
    // clients still there: it sends no Part). Told in the end line, no finding.
    bool benign = false;

    // A side went silent and that is worth a finding (not benign).
    explicit operator bool() const { return silent != Role::Unknown && !benign; }
    bool any() const { return silent != Role::Unknown; }
    Role survivor() const { return silent == Role::Client ? Role::Server : Role::Client; }
    double span() const { return survivor_time - time; }
};

// Decides how the survivor stopped (a Part aside): `timeout` is the game's (10 s),
// `quiet` the time without packets that counts as stopped (--silence).
SilenceEnd classify_silence_end(double span, double survivor_time, double capture_end, double timeout, double quiet);

// "client went silent at 9.412 s (frame 1830); the server timed it out
// 10.0 s later (frame 2400)": the `ended:` line of check.
std::string silence_text(const Silence& s);
// "the server timed it out 10.0 s later (frame 2400)"; returns the length.
size_t silence_outcome(char* buf, size_t cap, const char* survivor, SilenceEnd e, double span, uint64_t frame);
const char* silence_end_key(SilenceEnd e);  // "timed_out", ... (JSON)

// The blank.session.went_silent finding, on the silent side's last packet.
Finding silence_finding(const Silence& s);

// A finding the survivor's packets got after the silence, caused by it (the
// silent side sends nothing after s.frame, so every later frame is the
// survivor's): sequence and session analysis, not decoding faults.
bool caused_by_silence(const Finding& f, const Silence& s);

// The finding as Wireshark shows a consequence: blank.session.after_silence
// (one expert info per code), the original code and numbers kept for its text.
Finding as_consequence(const Finding& f, const Silence& s);

}  // namespace blank
