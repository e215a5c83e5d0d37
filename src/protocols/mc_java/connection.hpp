// One Minecraft Java connection: the state machine and the framing of both
// directions, packet by packet in capture order.
//
// The connection is handed whole frames (as measure_frame() cuts them; the
// analyzer's stream buffer or Wireshark's desegmentation does the cutting)
// and turns each into a Packet: its state, version and message table, the
// packet bytes (inflated when compressed), and the findings of its framing
// and of the state machine (decoding it is the caller's: with a tree, a
// summary or findings only). It follows the protocol's
// switches where the protocol makes them: the Handshake's next state and
// version, Set Compression (the next packet of either side already uses
// compressed framing), Login Success (play), Encryption Response (the rest
// is encrypted), the end of Status after the Pong and of a connection
// after a Disconnect; a first byte 0xFE is the legacy server list ping.
#pragma once

#include <cstdint>
#include <string>

#include "core/decoder.hpp"
#include "core/inflater.hpp"
#include "core/stream_buffer.hpp"
#include "framing.hpp"
#include "inferred.hpp"
#include "key_log.hpp"
#include "states.hpp"
#include "stream_cipher.hpp"
#include "versions.hpp"
#include "world_height.hpp"

namespace mcjava {

enum class PacketKind : uint8_t {
    Packet,      // a framed packet: `data` holds its id and fields
    LegacyPing,  // the pre-1.7 server list ping (0xFE ...) or its 0xFF answer
    Encrypted,   // bytes after encryption started, not decrypted (no key, or a wrong one)
    Unframed,    // bytes that could not be framed (an impossible length), before a resynchronisation
    Undecoded,   // bytes of a connection without Handshake that no release reads (not decoded)
};

struct Packet {
    static constexpr size_t kMaxFindings = 12;
    PacketKind kind = PacketKind::Packet;
    Side dir = Side::Client;
    State state = State::Handshaking;
    const VersionInfo* version = nullptr;
    uint32_t table = 0;              // table_index(state, dir)
    const uint8_t* wire = nullptr;   // the frame as on the wire
    uint32_t wire_len = 0;
    FrameParts parts;                // Length, Data Length
    bool compressed_framing = false;
    bool inflated = false;           // the body was a zlib stream (now inflated)
    bool decrypted = false;          // `wire` holds the decrypted bytes of an encrypted stream
    bool picked_up = false;          // the connection was picked up without its Handshake
    const uint8_t* data = nullptr;   // packet id + fields; valid during the callback
    uint32_t data_len = 0;
    core::Span span;
    uint64_t number = 0;             // packets of this direction so far, 1-based
    int64_t vars[core::kMaxVars] = {};  // decode context ($dimension)
    core::MessageSummary summary;    // of the header: the id and the packet type
    // Findings of the framing and the state machine on this packet (the
    // decoder's own come from decoding it; at most kMaxFindings kept,
    // `findings_total` counts all).
    core::Finding findings[kMaxFindings];
    uint8_t nfindings = 0;
    uint32_t findings_total = 0;

    // Adds a finding (kept while fewer than kMaxFindings, always counted).
    void add(const core::Finding& f) {
        ++findings_total;
        if (nfindings < kMaxFindings) findings[nfindings++] = f;
    }

    core::DecodeContext context() const {
        core::DecodeContext c;
        c.table = table;
        c.vars = vars;
        return c;
    }
};

class PacketSink {
public:
    virtual ~PacketSink() = default;
    // Non-const: a relay may add findings before passing it on.
    virtual void packet(Packet& p) = 0;
};

class Connection {
public:
    // `inflater` is shared by the connections of one thread.
    explicit Connection(core::Inflater& inflater);

    // One whole frame of direction `d` as measure_frame() (or the legacy and
    // encrypted rules, see frame_length()) cut it.
    void frame(Side d, const uint8_t* wire, uint32_t len, const core::Span& span, PacketSink& sink);
    // Bytes of direction `d` that could not be framed.
    void unframed(Side d, const uint8_t* p, uint32_t len, const core::Span& span, PacketSink& sink);
    // Direction `d` resumes at stream offset `offset` after bytes never
    // captured. A decrypted direction cannot decrypt the 16 bytes after
    // them (CFB8 needs the 16 ciphertext bytes before each byte): the key
    // is not judged on a packet that starts in them.
    void gap(Side d, uint64_t offset);

    // How the next bytes of direction `d` are cut: a Framing for the stream
    // buffer (the analyzer) and the plugin's stream cursor.
    core::Framing& framing(Side d) { return framing_[int(d)]; }
    core::MeasureResult frame_length(Side d, const uint8_t* p, size_t avail) const;

    // The capture starts inside this connection, after its Handshake: what
    // the release search found from the bytes (release_search.hpp; the
    // front ends hold the bytes until it decides, then hand them here from
    // each direction's first whole packet). With Inferred::How::None the
    // rest is not decoded.
    void start_inferred(const Inferred& r);
    // Where encrypted connections' shared secrets are looked up (not owned;
    // null: none). Set before the Encryption Response.
    void set_key_log(const KeyLog* log) { key_log_ = log; }

    State state(Side d) const { return state_[int(d)]; }
    const VersionInfo& version() const { return *version_; }
    // The Handshake named the version (known() or not: exact()).
    bool version_known() const { return version_from_handshake_; }
    bool version_exact() const { return version_from_handshake_ && find_version(handshake_protocol_) != nullptr; }
    // Without a Handshake: what the release search found (null: not searched),
    // and the releases that still agree with every packet.
    const Inferred* inferred() const { return inferred_ ? &inferred_info_ : nullptr; }
    VersionSet range() const { return range_; }
    // The releases it is known to speak, a hint to other connections to
    // its server picked up without a Handshake: its Handshake's, or the
    // range inferred clearly ahead or given; 0 when not known (undecided,
    // or only the best when the bytes ran out).
    VersionSet known_releases() const {
        if (version_exact()) return version_bit(*version_);
        const bool sure = inferred_ && (inferred_info_.how == Inferred::How::Sure ||
                                        inferred_info_.how == Inferred::How::Given);
        return sure ? range_ : 0;
    }
    int64_t threshold() const { return threshold_; }  // -1: not seen (no compression, or an inferred one)
    // Packets carry a Data Length (Set Compression seen, or inferred).
    bool compressed_framing() const { return threshold_ >= 0 || compressed_inferred_; }
    bool encrypted() const { return encrypted_ || decrypting_[0] || decrypting_[1]; }
    // Direction `d` is being decrypted (the key log had the secret and it
    // frames): its bytes reach frame() decrypted.
    bool decrypting(Side d) const { return decrypting_[int(d)]; }
    bool wrong_key() const { return wrong_key_; }
    // What a key log line for this connection is found by: the Encryption
    // Request's verify token and the Encryption Response's encrypted shared
    // secret, as sent (empty: not seen).
    const std::string& verify_token() const { return verify_token_; }
    const std::string& encrypted_secret() const { return encrypted_secret_; }
    bool legacy() const { return legacy_; }
    int32_t handshake_protocol() const { return handshake_protocol_; }
    uint64_t packets(Side d) const { return count_[int(d)]; }

private:
    class DirFraming : public core::Framing {
    public:
        core::MeasureResult measure(const uint8_t* p, size_t avail) override { return c->frame_length(d, p, avail); }
        bool transforms() const override { return c->decrypting_[int(d)]; }
        void transform(uint8_t* p, size_t n) override {
            c->cipher_[int(d)].decrypt(p, n);
            c->first_decrypted(d, p, n);
        }
        core::Measure starts_here(const uint8_t* p, size_t avail) override;
        uint32_t max_message() const override { return kMaxPacketLength + 3; }
        bool need_is_exact() const override { return true; }  // the VarInt length, once read whole
        bool confirms_later_starts() const override { return true; }  // starts_here(): one clean packet
        Connection* c = nullptr;
        Side d = Side::Client;
    };

    void start_decryption(Packet& p);
    void key_is_wrong(Side d);
    bool judges_key(Side d, const core::Span& span) const;  // the packet at `span` may judge the key
    bool is_a_packet(Side d, const uint8_t* wire, uint32_t len);  // a wrong key's bytes are not
    // The first decrypted bytes of direction `d`, as the cipher produces
    // them (in stream order, once each): the start of its first encrypted
    // packet, judged as soon as they tell (an impossible length, a start
    // no packet of the state has) without waiting for a length that a
    // wrong key made up to arrive.
    void first_decrypted(Side d, const uint8_t* p, size_t n);
    void add(Packet& p, const core::Finding& f);
    // A packet of direction `d` from these bytes, in the direction's state.
    void begin(Packet& p, Side d, const uint8_t* wire, uint32_t len) const;
    bool unpack(Packet& p);  // Data Length and inflation; false: no packet bytes to decode
    void decode_quietly(Packet& p);
    void advance(Packet& p);  // the state machine, after the packet
    bool decodes_cleanly(Side d, const uint8_t* wire, uint32_t len);
    // Frames, unpacks and decodes `wire` as a packet of `d` now, quietly;
    // false when it does not frame or unpack.
    bool trial_decode(Side d, const uint8_t* wire, uint32_t len, core::MessageSummary& sum);
    bool plausible_start(Side d, const uint8_t* p, size_t avail) const;
    // Without a Handshake, on the first packet of each direction: what the
    // search inferred, the bytes skipped before it, the key it found.
    void announce(Packet& p);
    // A packet the releases of the range decode differently leaves those
    // that decode it best (p unpacked; p.version set to the one kept).
    void narrow(Packet& p);

    core::Inflater& inflater_;
    DirFraming framing_[2];
    State state_[2] = {State::Handshaking, State::Handshaking};
    const VersionInfo* version_;
    bool version_from_handshake_ = false;
    int32_t handshake_protocol_ = -1;
    int64_t threshold_ = -1;
    // Without a Handshake (start_inferred()).
    bool inferred_ = false;
    Inferred inferred_info_;
    VersionSet range_ = 0;
    bool compressed_inferred_ = false;
    bool undecoded_ = false;              // no release reads it: nothing is decoded
    bool announced_ = false;              // the inferred finding is on a packet
    bool announce_start_[2] = {false, false};  // a direction's first packet owes mcjava.stream.mid_start
    bool encrypted_ = false;  // and not decrypted
    const KeyLog* key_log_ = nullptr;
    std::string verify_token_;      // the Encryption Request's (a key log's key)
    std::string encrypted_secret_;  // the Encryption Response's (a key log's key)
    StreamCipher cipher_[2];
    bool decrypting_[2] = {false, false};
    bool key_checked_[2] = {false, false};  // the first decrypted packet framed and decoded
    uint64_t key_judged_from_[2] = {0, 0};  // stream offset: packets before it are garbled by a gap
    uint8_t head_[2][8] = {};               // first decrypted bytes of each direction (first_decrypted())
    uint8_t head_len_[2] = {0, 0};
    bool head_judged_[2] = {false, false};
    bool wrong_key_ = false;
    bool wrong_key_reported_ = false;
    Side wrong_key_side_ = Side::Client;
    bool legacy_ = false;
    bool ended_[2] = {false, false};
    bool after_end_reported_[2] = {false, false};
    uint64_t count_[2] = {0, 0};
    int64_t vars_[core::kMaxVars] = {};
    WorldHeight height_;
};

}  // namespace mcjava
