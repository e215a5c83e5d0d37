#include "liveness.hpp"

#include <cstdio>

namespace blank {

SilenceEnd classify_silence_end(double span, double survivor_time, double capture_end, double timeout, double quiet) {
    // About the timeout: the game's doing, whether or not the capture went on
    // (a capture of one session usually ends with the survivor's last packet).
    if (span >= timeout - kTimeoutSlack && span <= timeout + kTimeoutSlack) return SilenceEnd::PeerTimedOut;
    if (capture_end - survivor_time < quiet) return SilenceEnd::CaptureEnded;
    return span < timeout ? SilenceEnd::PeerStopped : SilenceEnd::PeerOutlived;
}

size_t silence_outcome(char* buf, size_t cap, const char* survivor, SilenceEnd e, double span, uint64_t frame) {
    int n = 0;
    const unsigned long long f = frame;
    switch (e) {
    case SilenceEnd::PeerTimedOut:
        n = std::snprintf(buf, cap, "the %s timed it out %.1f s later (frame %llu)", survivor, span, f);
        break;
    case SilenceEnd::PeerStopped:
        n = std::snprintf(buf, cap, "the %s stopped %.1f s later (frame %llu), before the game's %.0f s timeout",
                          survivor, span, f, kGameTimeout);
        break;
    case SilenceEnd::PeerOutlived:
        n = std::snprintf(buf, cap,
                          "the %s kept sending for %.1f s, longer than the game's %.0f s timeout, then stopped "
                          "(frame %llu)",
                          survivor, span, kGameTimeout, f);
        break;
    case SilenceEnd::CaptureEnded:
        n = std::snprintf(buf, cap, "the %s was still sending when the capture ended, %.1f s later (frame %llu)",
                          survivor, span, f);
        break;
    case SilenceEnd::PeerParted:
        n = std::snprintf(buf, cap, "the %s left with Part %.1f s later (frame %llu)", survivor, span, f);
        break;
    }
    if (n < 0) n = 0;
    return size_t(n) < cap ? size_t(n) : cap ? cap - 1 : 0;
}

const char* silence_end_key(SilenceEnd e) {
    switch (e) {
    case SilenceEnd::PeerTimedOut: return "timed_out";
    case SilenceEnd::PeerStopped: return "stopped_before_timeout";
    case SilenceEnd::PeerOutlived: return "sent_past_timeout";
    case SilenceEnd::CaptureEnded: return "capture_ended";
    case SilenceEnd::PeerParted: return "parted";
    }
    return "?";
}

std::string silence_text(const Silence& s) {
    char out[160];
    silence_outcome(out, sizeof out, role_name(s.survivor()), s.end, s.span(), s.survivor_frame);
    char buf[512];
    int n = std::snprintf(buf, sizeof buf, "%s %s at %.3f s (frame %llu); %s", role_name(s.silent),
                          s.benign ? "stopped sending" : "went silent", s.time, (unsigned long long)s.frame, out);
    if (s.acked_unseen && n > 0 && size_t(n) < sizeof buf)
        std::snprintf(buf + n, sizeof buf - size_t(n),
                      "; %llu of the %s's packets acked %s seqs the capture never saw: the %s's packets stopped "
                      "reaching the capture point",
                      (unsigned long long)s.acked_unseen, role_name(s.survivor()), role_name(s.silent),
                      role_name(s.silent));
    return buf;
}

Finding silence_finding(const Silence& s) {
    Finding f{FindingCode::WentSilent, 0, 0, int64_t(s.time * 1e6 + 0.5), int64_t(s.span() * 1e6 + 0.5),
              int64_t(s.end)};
    f.what = role_name(s.silent);
    f.frame = s.frame;
    f.ref_frame = s.survivor_frame;
    return f;
}

bool caused_by_silence(const Finding& f, const Silence& s) {
    if (!s || f.frame <= s.frame) return false;
    const FindingInfo& fi = finding_info(f.code);
    return fi.group == FindingGroup::Sequence && f.code != FindingCode::SessionEnd &&
           f.code != FindingCode::WentSilent && f.code != FindingCode::AfterSilence;
}

Finding as_consequence(const Finding& f, const Silence& s) {
    Finding c = f;
    c.code = FindingCode::AfterSilence;
    c.offset = uint16_t(s.silent);
    c.length = f.code.v;
    return c;
}

}  // namespace blank
