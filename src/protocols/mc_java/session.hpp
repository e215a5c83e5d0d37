// A Minecraft Java connection fed from reassembled TCP streams (the
// analyzer's): both directions cut into packets by the protocol's framing
// (core::StreamBuffer), the connection's state machine, and what happened
// to the byte streams (gaps, resynchronisation, FIN/RST, the end of the
// capture inside a packet) as findings on the packets they concern. The
// stream plumbing (data(), connection(), gaps(), missing_bytes(),
// unframed_bytes(), ended(), end_origin()) is core::TcpSession's; this adds
// packets: what a gap or the end of the capture cut.
#pragma once

#include <cstdint>
#include <memory>

#include "connection.hpp"
#include "core/tcp_session.hpp"
#include "mid_stream_start.hpp"

namespace mcjava {

// mcjava.stream.cut for a packet a gap cut: its first `head_len` bytes
// (its id and type when its body is not compressed), `have` of its bytes
// arrived, its Length says `declared`.
core::Finding cut_finding(const Connection& c, Side d, const uint8_t* p, uint32_t head_len, uint32_t have,
                          uint32_t declared);

// How a direction of the connection ended.
using StreamEnd = core::StreamEnd;

class Session : public core::TcpSession<Session, Connection, PacketSink> {
    using Base = core::TcpSession<Session, Connection, PacketSink>;

public:
    explicit Session(core::Inflater& inflater);
    ~Session();

    // The capture starts inside the connection (no SYN seen): unless the
    // client's first bytes are a Handshake, both directions are held
    // (core::TcpSession::hold_from_start, at most kHoldLimit bytes each)
    // until the release search (release_search.hpp) decides how to read
    // them, then decoded from the start as if known from the first byte.
    // `only`: the release the user named (null: every release is tried).
    void start_mid_stream(const VersionInfo* only = nullptr);
    // Where encrypted connections' secrets are looked up (Connection::set_key_log).
    void set_key_log(const KeyLog* log);

    // Bytes are held: the release is not decided yet.
    bool undecided() const { return holding(); }
    // The releases other connections to the same server speak (a tie at the
    // end of the bytes goes to them).
    void hint(VersionSet releases);
    // What it can hint to them: the releases it is known to speak
    // (Connection::known_releases), 0 while undecided.
    VersionSet known_releases() const { return undecided() ? 0 : conn_.known_releases(); }
    // The connection ended: decide on what is held. False when several
    // releases fit equally and no hint tells: still held (a later hint may
    // tell; finish() gives up).
    bool settle(PacketSink& sink);

    // `missing` bytes at `offset` were never captured. A packet they cut
    // whose Length arrived is handed on (Unframed, its first bytes) with
    // mcjava.stream.cut, and decoding resumes where it ends.
    void gap(Side d, uint64_t offset, uint64_t missing, const core::Origin& o, PacketSink& sink);
    // The direction ended (FIN or RST) at `o`.
    void end(Side d, StreamEnd how, const core::Origin& o, PacketSink& sink);
    // End of the capture: a packet still incomplete is reported (its bytes
    // were never all captured).
    void finish(PacketSink& sink, const core::Origin& last);

private:
    friend Base;
    core::HeldStart on_held(const core::HeldStreams& held, bool last);
    // Each packet with the findings held for its direction (a gap, a
    // resynchronisation).
    class Relay : public RelayTo {
    public:
        using RelayTo::RelayTo;
        void packet(Packet& p) override { sink_.packet(attached(p)); }
    };

    void on_message(Side d, const uint8_t* p, uint32_t len, const core::Span& where, Relay& r) {
        conn_.frame(d, p, len, where, r);
    }
    void on_resynchronised(Side d, uint64_t skipped, const core::Span& where);
    void on_cut(Side d, const uint8_t* p, uint32_t have, uint32_t declared, const core::Span& where, Relay& r);
    // An Unframed packet of direction `d` in the connection's current state.
    void unframed_packet(Packet& p, Side d) const;

    core::Inflater& inflater_;  // the connection's (the search inflates with it)
    const KeyLog* keys_ = nullptr;
    VersionSet hint_ = 0;
    bool may_wait_ = false;                 // settle(): a tie waits for a hint
    std::unique_ptr<MidStreamStart> start_;  // while the bytes are held
};

}  // namespace mcjava
