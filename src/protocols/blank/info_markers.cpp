#include "info_markers.hpp"

#include <charconv>
#include <cstring>

namespace blank {
namespace {

size_t put(char* buf, size_t len, size_t cap, const char* text) {
    const size_t n = std::strlen(text);
    if (len + n + 1 > cap) return len;
    std::memcpy(buf + len, text, n + 1);
    return len + n;
}

bool has(const FrameAnalysis& fa, FindingCode c) {
    for (uint8_t i = 0; i < fa.nfindings; ++i)
        if (fa.findings[i].code == c) return true;
    return false;
}

}  // namespace

size_t append_markers(const FrameAnalysis& fa, char* buf, size_t len, size_t cap) {
    if (!cap) return 0;
    const SeqFrame& q = fa.seq;
    if (q.lost_before) {
        char t[40] = " [Seqs skipped: ";
        char* e = std::to_chars(t + std::strlen(t), t + sizeof t - 2, q.lost_before).ptr;
        *e++ = ']';
        *e = '\0';
        len = put(buf, len, cap, t);
    }
    if (q.reordered_after) len = put(buf, len, cap, " [Out-Of-Order]");
    if (q.duplicate_of || fa.chunk.duplicate_of) len = put(buf, len, cap, " [Duplicate]");
    if (q.ack_back) len = put(buf, len, cap, " [Ack back]");
    if (fa.chunk.resend_of) len = put(buf, len, cap, " [Chunk resend]");
    if (has(fa, FindingCode::ChunkDataBeforeBegin) || has(fa, FindingCode::ChunkUnknownTransmission))
        len = put(buf, len, cap, " [Chunk data before begin]");
    if (has(fa, FindingCode::ChunkRerequest)) len = put(buf, len, cap, " [Chunk re-request]");
    if (fa.chunk.completed && fa.chunk.tx) len = put(buf, len, cap, " [Chunk reassembled]");
    if (has(fa, FindingCode::CorrectionLarge)) len = put(buf, len, cap, " [Large correction]");
    if (has(fa, FindingCode::Timeout)) len = put(buf, len, cap, " [After a timeout's silence]");
    else if (has(fa, FindingCode::Silence)) len = put(buf, len, cap, " [After silence]");
    if (q.peer_silent_since) len = put(buf, len, cap, " [Peer silent]");
    if (const Silence* s = fa.silence; s && *s) {
        if (fa.frame == s->frame)
            len = put(buf, len, cap, s->silent == Role::Client ? " [Client went silent]" : " [Server went silent]");
        if (fa.frame == s->survivor_frame)
            len = put(buf, len, cap, s->silent == Role::Client ? " [Server's last packet]" : " [Client's last packet]");
    }
    return len;
}

}  // namespace blank
