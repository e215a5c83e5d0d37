// The game's acknowledgement rules (src/net/net.cpp at 28585b1): the one
// copy the sequence analysis (seq_tracker) and the traffic generator
// (synth) share.
#pragma once

#include <cstdint>

namespace blank {

// Packet::TControl::Acks: does (ack, hist) acknowledge seq `s`? Bit i of the
// history acknowledges ack - 1 - i.
inline bool acks(uint16_t ack, uint32_t hist, uint16_t s) {
    const int16_t d = int16_t(uint16_t(ack - s));
    if (d == 0) return true;
    if (d < 0 || d > 32) return false;
    return hist >> (d - 1) & 1;
}

// Connection::Received: the receiver's history after a packet whose seq is
// `diff` past its ack (the ack then becomes that seq, even when diff < 0).
inline uint32_t received_history(uint32_t hist, int16_t diff) {
    if (diff > 0) return diff >= 32 ? 0 : hist << diff | 1u << (diff - 1);
    if (diff < 0 && diff >= -32) return hist | 1u << (-diff - 1);
    return hist;
}

}  // namespace blank
