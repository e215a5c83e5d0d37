// The Minecraft Bedrock game layer of one RakNet connection: its user
// messages that start with 0xFE are batches (batch.hpp). A connection is
// Bedrock when its first clear batch holds Request Network Settings or the
// Login (the start of a session), or, picked up later, when a batch reads
// as packets the releases know (the batch's shape, its compression header,
// the packets' ids): then the release is inferred from the packets.
//
//   bedrock::Session b(keys);                          // one per RakNet connection
//   for every user message of every PacketResult, in capture order:
//       b.message(result, index, sink)                 // true: a batch (Bedrock's), else not Bedrock's
//   b.finish(last, sink);
//
// Batches are read in RakNet's ordering order (the cipher stream and the
// checksum counter follow the sender's order, not the capture's): a batch
// that arrives before an earlier ordered one is held until the gap is
// filled, and handed on (Sink::batch) in the frame that filled it. Per
// batch: decryption with the key log's key (AES-256, CFB8 or CTR by
// release) and its checksum, decompression as the release and Network
// Settings say, the packets and what the session read from them (the
// release, the salt, the Login's player). Memory is bounded: held batches
// (Options), a batch's decompressed size (kMaxBatch).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "batch.hpp"
#include "cipher.hpp"
#include "game_figures.hpp"
#include "core/side.hpp"
#include "jwt.hpp"
#include "key_log.hpp"
#include "protocols/mcpe/session.hpp"
#include "protocols/raknet/results.hpp"
#include "versions.hpp"

namespace bedrock {

template <class T>
using Span = raknet::Span<T>;

// What became of a batch's encryption.
enum class Crypt : uint8_t {
    Clear,        // not encrypted
    Good,         // decrypted, checksum right
    Bad,          // decrypted, checksum wrong (wrong key, damaged or missing batch): not read
    NoKey,        // encrypted, no key in the key log
    Undecrypted,  // encrypted after a checksum mismatch, or picked up mid-stream: not read
};
const char* crypt_name(Crypt c);  // "clear", "checksum good", ...

struct Batch {
    uint64_t frame = 0;           // the frame that handed it on (where it is shown)
    uint64_t complete_frame = 0;  // where RakNet completed it: earlier when RakNet ordering held it back
    double time = 0;
    double held_ms = 0;           // how long it was held back
    core::Side from = core::Side::Client;
    uint32_t message = ~0u;       // its index in the frame's PacketResult::messages (~0: completed earlier)
    uint32_t number = 0;          // the direction's batches, from 1
    uint32_t order_index = 0;
    Crypt crypt = Crypt::Clear;
    uint64_t cipher_batch = 0;    // encrypted: the direction's encrypted batch number (the checksum's counter), from 0
    Form form;
    uint32_t wire_len = 0;        // bytes after the 0xFE
    // The bytes after the 0xFE, decrypted when it was (checksum included):
    // what a front end reads the batch again from (unpack()).
    const uint8_t* clear = nullptr;
    uint32_t clear_len = 0;
    // The packets' bytes (decompressed) and where each is.
    const uint8_t* data = nullptr;
    uint32_t len = 0;
    Span<PacketSpan> packets;
    Span<PacketFigure> figures;             // what packets of it say about play (game_figures.hpp), by index
    const VersionInfo* version = nullptr;  // decode the packets with schema(*version)
    Span<core::Finding> findings;           // the batch's (on its frame)
    const LoginInfo* login = nullptr;       // a Login in this batch: what it says
};

struct Options {
    uint32_t max_held = 1024;           // batches held back per direction (then the gap is given up)
    size_t max_held_bytes = 64u << 20;  // their bytes per direction
};

struct DirectionStats {
    uint64_t batches = 0, packets = 0, bytes = 0, decompressed = 0;
    uint64_t encrypted = 0, checksum_good = 0, checksum_bad = 0, undecrypted = 0;
    uint64_t by_algorithm[3] = {};  // deflate, Snappy, none
    uint64_t held_back = 0, never_delivered = 0, malformed = 0;
    uint32_t largest = 0;           // decompressed
    uint32_t most_packets = 0;      // in one batch
};

class Sink {
public:
    virtual ~Sink() = default;
    virtual void batch(const Batch& b) = 0;
    virtual void finding(const core::Finding&) {}  // on an earlier frame (f.frame)
};

class Session {
public:
    explicit Session(const KeyLog* keys = nullptr, const Options& o = Options());

    // A user message of r (r.messages[index]); true when it is a Bedrock
    // batch (taken: not another game's).
    bool message(const raknet::PacketResult& r, uint32_t index, Sink& sink);
    // The end of the capture: batches never handed on.
    void finish(const core::Origin& last, Sink& sink);
    // After finish(): frees the ciphers and the batch buffers; what the
    // accessors return stays. No message() after it.
    void release();

    bool recognised() const { return recognised_; }
    bool mid_connection() const { return mid_; }
    const VersionInfo& version() const { return *version_; }
    int32_t protocol() const { return protocol_; }  // the client's number (-1: none seen)
    bool release_inferred() const { return inferred_; }
    bool encrypted() const { return encryption_; }
    bool key_found() const { return key_found_; }
    const std::string& salt() const { return salt_; }
    int32_t threshold() const { return threshold_; }   // Network Settings' (-1: none)
    int32_t algorithm() const { return algorithm_; }   // Network Settings' (-1: none)
    const LoginInfo* login() const { return login_ok_ ? &login_ : nullptr; }
    const DirectionStats& stats(core::Side s) const { return dirs_[int(s)].st; }
    const FigureStats& figures() const { return figures_.stats(); }
    const std::vector<PackTransfer>& packs() const { return figures_.packs(); }
    const GameFigures& game_figures() const { return figures_; }
    // The game Disconnect: its frame (0: none), the sender, its message.
    uint64_t disconnect_frame() const { return disconnect_frame_; }
    core::Side disconnect_from() const { return disconnect_from_; }
    const std::string& disconnect_message() const { return disconnect_message_; }

private:
    // A batch RakNet completed before an earlier ordered one: its bytes.
    struct Held {
        uint64_t frame = 0;
        double time = 0;
        std::vector<uint8_t> bytes;
    };
    struct Direction {
        core::Side side = core::Side::Client;
        bool form_known = false;     // how its batches are compressed is known (else tried)
        bool compression = false;    // raw deflate (without a header: the bytes as they are when they do not inflate)
        bool header = false;         // a compression header byte on every batch
        bool encrypt_next = false;   // encrypted from its next batch
        bool encrypted = false;
        bool failed = false;         // a checksum mismatch: not decrypted from there
        BatchCipher cipher;
        bool ordered = false;        // the ordering channel of its batches is known
        uint8_t channel = 0;
        uint32_t expected = 0;       // the next order index to hand on
        std::map<uint32_t, Held> held;
        size_t held_bytes = 0;
        DirectionStats st;
    };
    // One batch handed on in the frame being read, with the buffers it points into.
    struct Out {
        std::vector<uint8_t> clear;
        Decompressor decomp;
        std::vector<PacketSpan> packets;
        std::vector<PacketFigure> figures;
        std::vector<core::Finding> findings;
        Batch b;
    };

    bool recognise(const raknet::MessageResult& m, Sink& sink);
    // How an unknown direction's batch reads: the first form under which it
    // decompresses into packets the release knows.
    bool try_forms(Out& o, size_t len, Form& f) const;
    bool known_ids(const Out& o) const;
    // A batch taken mid-connection must also decode cleanly (its first 8
    // packets, no finding) with some release of its form: random bytes (an
    // encrypted session picked up after its handshake) pass the shape and
    // id test about once in a hundred batches (a cut of
    // bedrock-1.26.60.pcap did), never this.
    bool decodes_cleanly(const Out& o, bool header) const;
    // A batch of a direction judged uncompressed that does not split: true
    // (its packets in `o`) when it inflates into packets of known ids; else
    // `o` as it was.
    bool deflated_after_all(Out& o, size_t len) const;
    void drain(Direction& d, Sink& sink);
    void process(Direction& d, const uint8_t* p, uint32_t len, uint64_t complete_frame, double complete_time,
                 uint32_t message, uint32_t order_index, Sink& sink);
    void decrypt(Direction& d, Out& o, size_t& payload);
    void read_packets(Direction& d, Out& o, double complete_time);
    void infer_release(const Out& o);
    // Picked up mid-connection, the first batch's packets often decode
    // cleanly in many releases (the newest is taken): while a later batch's
    // do not under the release taken, the release under which most of them
    // do is taken instead (a note each time), at most kMaxReinfer times.
    void reinfer_release(const Out& o);
    static constexpr uint32_t kMaxReinfer = 16;
    // The packets a release is judged by: the batch's first 8.
    static uint32_t sampled(const Out& o) { return uint32_t(o.packets.size() < 8 ? o.packets.size() : 8); }
    // How many of them decode without a finding.
    static uint32_t clean_packets(const Out& o, const VersionInfo& v);
    // The release with (`header`) or without a compression header byte
    // (newest first) under which most of them do.
    const VersionInfo* best_release(const Out& o, bool header, uint32_t& best_clean) const;
    void add_inferred(const Out& o, uint32_t clean);
    // The first encrypted batch of a direction again with the other cipher
    // mode (its bytes in encrypted_copy_): true, and the newest release of
    // that mode taken, when its checksum is right.
    bool other_cipher_mode(Direction& d, Out& o);
    std::vector<uint8_t> encrypted_copy_;
    void set_release(int32_t protocol, bool from_settings, Out& o);
    void add(Out& o, core::Finding f) const;
    Out& next_out();

    const KeyLog* keys_;
    Options o_;
    Direction dirs_[2];
    bool recognised_ = false, mid_ = false, inferred_ = false, release_known_ = false;
    uint32_t reinferred_ = 0;  // reinfer_release() tries made
    const VersionInfo* version_;
    int32_t protocol_ = -1;
    bool encryption_ = false, key_found_ = false, no_key_reported_ = false;
    std::string salt_, salt_hex_;
    Key key_{};
    int32_t threshold_ = -1, algorithm_ = -1;
    LoginInfo login_;
    bool login_ok_ = false;
    GameFigures figures_;
    uint64_t disconnect_frame_ = 0;
    core::Side disconnect_from_ = core::Side::Server;
    std::string disconnect_message_;

    // The frame being read: what it hands on (pools reused frame after frame).
    uint64_t frame_ = 0;
    double time_ = 0;
    core::Side from_ = core::Side::Client;
    std::vector<std::unique_ptr<Out>> outs_;
    size_t nouts_ = 0;
};

// The session as the game layer the RakNet connection's MCPE session
// offers its user messages to (mcpe::OtherGame), for one call.
class Offer final : public mcpe::OtherGame {
public:
    Offer(Session& s, Sink& sink) : s_(s), sink_(sink) {}
    bool take(const raknet::PacketResult& r, uint32_t message) override { return s_.message(r, message, sink_); }
    void finish(const core::Origin& last) override { s_.finish(last, sink_); }

private:
    Session& s_;
    Sink& sink_;
};

}  // namespace bedrock
