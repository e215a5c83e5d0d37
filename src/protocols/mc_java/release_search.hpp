// The release, states and compression of a Minecraft Java connection whose
// Handshake was not captured (Wireshark started late, a ring-buffer file,
// a capture filter), from its bytes: a scored, bounded candidate search
// that both front ends run on the bytes they hold.
//
// A candidate is a release, a direction's state at its first whole packet
// (play, configuration from 1.20.2, login) and compressed framing or not,
// read from a start offset (the first bytes may be the end of a packet that
// began before the capture). Framing by Length is the same in every
// release, so each direction is cut once per start; each candidate decodes
// every whole packet in turn and follows the state machine (Login Success,
// Finish Configuration, Set Compression...). A packet scores by how cleanly
// it decodes: +2 without a finding, +1 with warnings only (a value outside
// its list, text that is not UTF-8), -4 with an error (an unknown id,
// trailing bytes, a field past the end, a count out of bounds, a packet that
// does not inflate to its Data Length). A start must begin with a packet
// that decodes; a candidate far behind the best is dropped.
//
// Releases whose candidates decoded every packet alike (the same types,
// equally cleanly) are one answer, a range. The search decides once the
// best has judged kMinPackets packets, at most one in eight with an error,
// and leads every other release by kDecisiveLead (one packet the other
// cannot decode); at the end of the bytes (the capture's end, a direction's
// FIN, the bound of kHoldLimit bytes per direction) it takes the best if it
// leads at all, else gives up. With a key log, bytes no release decodes
// are tried with each of its secrets (AES/CFB8 recovers 16 bytes into the
// stream): the secret whose plaintext frames cleanly is kept.
//
// Nothing is allocated per packet once decided: the search lives only
// while its connection is undecided, then is dropped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/inflater.hpp"
#include "inferred.hpp"
#include "key_log.hpp"
#include "states.hpp"
#include "stream_cipher.hpp"

namespace mcjava {

// Bytes held per direction while undecided: beyond them the search decides
// on what it has, or gives up.
constexpr size_t kHoldLimit = 256 * 1024;
// Whole packets judged (both directions) before the search may decide;
// and it decides only on a range whose releases read nearly every packet id
// alike (else it waits for more packets).
constexpr uint32_t kMinPackets = 8;
// Score by which the best must lead every other release: one packet it
// decodes cleanly (+2) and the other cannot (-4).
constexpr int32_t kDecisiveLead = 6;

// One direction's bytes of a stream picked up mid-way, read as Java: the
// bytes of the packets some release and state reads cleanly back to back
// from the first place a packet starts to the end (0: none reads).
// ProtocolInfo::reads_midstream.
uint32_t reads_midstream(const uint8_t* p, size_t len, bool from_client);

class ReleaseSearch {
public:
    enum class Verdict : uint8_t {
        Undecided,
        Decided,
        GaveUp,
        Tied,  // `last`, and several releases fit equally: a hint (set_hint) may still tell
    };

    // `only`: the release the user named (its state and compression are
    // still searched); `keys`: a key log for connections picked up
    // encrypted (not owned, may be null).
    ReleaseSearch(core::Inflater& inflater, const KeyLog* keys, const VersionInfo* only = nullptr);
    ~ReleaseSearch();
    ReleaseSearch(const ReleaseSearch&) = delete;
    ReleaseSearch& operator=(const ReleaseSearch&) = delete;

    // Judges the bytes held so far: bytes[d][0, len[d]) from the first byte
    // captured of direction d (each call the same bytes, perhaps more);
    // `ended[d]`: no more will follow them (a gap, the direction's end);
    // `last`: decide now on what there is (the capture ended, a bound).
    Verdict judge(const uint8_t* const bytes[2], const size_t len[2], const bool ended[2], bool last);
    const Inferred& result() const { return result_; }
    // The releases other connections to the same server speak: they break
    // a tie at the end of the bytes.
    void set_hint(VersionSet releases) { hint_ = releases; }
    // After Tied: no hint will come.
    void give_up() { result_.how = Inferred::How::None; }
    void set_key_log(const KeyLog* keys) { keys_ = keys; }

private:
    friend uint32_t reads_midstream(const uint8_t* p, size_t len, bool from_client);
    struct Chain;
    struct Direction;
    struct Total;

    void add_starts(Side d, const uint8_t* p, size_t n, bool ended);
    bool convinced(Side d) const;  // a candidate of d decoded every packet it read
    bool open_chains(Side d, uint32_t start, const uint8_t* p, size_t n);
    void sweep(Side d, const uint8_t* p, size_t n);
    void judge_frame(Side d, Chain& c, const uint8_t* wire, uint32_t len, const uint8_t* inflated, size_t inflated_len,
                     bool inflated_ok);
    void prune(Side d);
    int32_t worth(Side d, const Chain& c) const;  // its score, with what the other side cannot tell
    // The best release, the best outside its range, and its range; false
    // when no candidate judged a packet.
    bool totals(Total& best, Total& runner, VersionSet& range) const;
    void decide(const Total& best, const Total& runner, VersionSet range, Inferred::How how,
                const uint8_t* const bytes[2]);
    // The releases of `range` name nearly every id of the best's states
    // alike (cached per range).
    bool tight(const Total& best, VersionSet range);
    // Bytes of d as the candidates read them (decrypted once a key is kept).
    const uint8_t* view(Side d, const uint8_t* raw, size_t n);
    bool try_keys(const uint8_t* const bytes[2], const size_t len[2]);

    core::Inflater& inflater_;
    const KeyLog* keys_;
    const VersionInfo* only_;
    std::vector<Direction> dirs_;
    Inferred result_;
    bool keys_tried_ = false;
    VersionSet hint_ = 0;
    VersionSet tight_range_ = 0;
    State tight_states_[2] = {State::Play, State::Play};
    bool tight_ = false;
    StreamCipher cipher_[2];
    std::vector<uint8_t> plain_[2];  // decrypted bytes, once a key is kept
};

}  // namespace mcjava
