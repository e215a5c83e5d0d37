#include "session.hpp"

#include <cstring>

#include "core/decoder.hpp"
#include "findings.hpp"
#include "protocols/raknet/constants.hpp"
#include "schema.hpp"

namespace bedrock {

using C = FindingCode;

namespace {

// Packet ids the session reads (the same in every release).
constexpr uint16_t kLogin = 1;
constexpr uint16_t kServerToClientHandshake = 3;
constexpr uint16_t kDisconnect = 5;
constexpr uint16_t kNetworkSettings = 143;
constexpr uint16_t kRequestNetworkSettings = 193;

constexpr uint32_t kOrderMask = 0xFFFFFF;  // RakNet's 24-bit order index

// The values the session reads from a packet, by key.
struct Values {
    int64_t protocol = -1, threshold = -1, algorithm = -1, reason = -1;
    std::string_view token, identity, client, message;
    void open(const core::Item&) {}
    void close() {}
    void finding(const core::Finding&) {}
    void leaf(const core::Item& it) {
        const char* k = it.node->key;
        if (!k) return;
        if (!std::strcmp(k, "client_protocol") || !std::strcmp(k, "protocol_version")) protocol = it.i;
        else if (!std::strcmp(k, "compression_threshold")) threshold = int64_t(it.u);
        else if (!std::strcmp(k, "compression_algorithm")) algorithm = int64_t(it.u);
        else if (!std::strcmp(k, "token")) token = it.s;
        else if (!std::strcmp(k, "identity")) identity = it.s;
        else if (!std::strcmp(k, "client")) client = it.s;
        else if (!std::strcmp(k, "message")) message = it.s;
        else if (!std::strcmp(k, "reason")) reason = it.i;
    }
};

size_t algorithm_slot(Algorithm a) { return a == Algorithm::Deflate ? 0 : a == Algorithm::Snappy ? 1 : 2; }

}  // namespace

const char* crypt_name(Crypt c) {
    switch (c) {
    case Crypt::Clear: return "clear";
    case Crypt::Good: return "decrypted, checksum good";
    case Crypt::Bad: return "checksum mismatch";
    case Crypt::NoKey: return "encrypted, no key";
    case Crypt::Undecrypted: return "encrypted, not decrypted";
    }
    return "?";
}

Session::Session(const KeyLog* keys, const Options& o) : keys_(keys), o_(o), version_(&default_version()) {
    finding_table();  // its codes known to the core before the first finding
    dirs_[0].side = core::Side::Client;
    dirs_[1].side = core::Side::Server;
}

Session::Out& Session::next_out() {
    if (nouts_ == outs_.size()) outs_.push_back(std::make_unique<Out>());
    Out& o = *outs_[nouts_++];
    o.packets.clear();
    o.figures.clear();
    o.findings.clear();
    o.b = Batch{};
    return o;
}

void Session::add(Out& o, core::Finding f) const {
    f.frame = frame_;
    o.findings.push_back(f);
}

bool Session::known_ids(const Out& o) const {
    const core::Schema& s = schema(*version_);
    for (const PacketSpan& p : o.packets)
        if (!s.type(0, p.id)) return false;
    return !o.packets.empty();
}

bool Session::try_forms(Out& o, size_t len, Form& f) const {
    const Form forms[] = {
        Form{false, false, Algorithm::None},  // the first batch of 1.19.30+, and batches under the threshold
        Form{false, true, Algorithm::Deflate},
        Form{true, false, Algorithm::None},   // 1.20.60+ after Network Settings (the byte says)
    };
    core::Finding problem;
    for (const Form& g : forms) {
        if (g.header && (len == 0 || (o.clear[0] != 0x00 && o.clear[0] != 0x01 && o.clear[0] != 0xFF))) continue;
        if (unpack(g, o.clear.data(), len, o.decomp) != Unpack::Ok) continue;
        if (!split_packets(o.decomp.out(), o.decomp.out_size(), o.packets, problem) || !known_ids(o)) continue;
        f = g;
        if (g.header) f.algorithm = Algorithm(o.clear[0]);
        return true;
    }
    o.packets.clear();
    return false;
}

bool Session::recognise(const raknet::MessageResult& m, Sink&) {
    if (m.len < 2) return false;
    Out& o = next_out();
    o.clear.assign(m.data + 1, m.data + m.len);
    Form f;
    const bool ok = try_forms(o, o.clear.size(), f);
    --nouts_;  // a trial: the batch is read again by process()
    if (!ok) return false;
    const uint16_t first = o.packets[0].id;
    const bool mid = first != kRequestNetworkSettings && first != kLogin;
    if (mid && !decodes_cleanly(o, f.header)) return false;
    recognised_ = true;
    mid_ = mid;
    return true;
}

bool Session::deflated_after_all(Out& o, size_t len) const {
    const Form deflated{false, true, Algorithm::Deflate};
    core::Finding problem;
    std::vector<PacketSpan> kept;
    kept.swap(o.packets);  // the uncompressed reading, put back if this one fails too
    if (unpack(deflated, o.clear.data(), len, o.decomp) == Unpack::Ok &&
        split_packets(o.decomp.out(), o.decomp.out_size(), o.packets, problem) && known_ids(o))
        return true;
    o.packets.swap(kept);
    const Form raw{false, false, Algorithm::None};
    unpack(raw, o.clear.data(), len, o.decomp);  // the bytes as they are again
    return false;
}

bool Session::decodes_cleanly(const Out& o, bool header) const {
    uint32_t clean = 0;
    return best_release(o, header, clean) && clean == sampled(o);
}

bool Session::message(const raknet::PacketResult& r, uint32_t index, Sink& sink) {
    const raknet::MessageResult& m = r.messages[index];
    if (!m.len || m.data[0] != kBatchId) return false;
    if (r.frame != frame_ || nouts_ == 0) {  // a new frame: its batches reuse the pools
        frame_ = r.frame;
        nouts_ = 0;
    }
    time_ = r.time;
    from_ = r.from;
    if (!recognised_ && !recognise(m, sink)) return false;
    Direction& d = dirs_[int(r.from)];
    const bool ordered = raknet::is_ordered(m.reliability) && m.channel < raknet::kOrderingChannels;
    if (ordered && !d.ordered) {
        d.ordered = true;
        d.channel = m.channel;
        d.expected = m.order_index;
    }
    if (!ordered || m.channel != d.channel) {
        process(d, m.data + 1, m.len - 1, r.frame, r.time, index, m.order_index, sink);
        return true;
    }
    const uint32_t ahead = (m.order_index - d.expected) & kOrderMask;
    if (ahead == 0 || ahead > kOrderMask / 2) {  // in order (or older than expected: RakNet would drop it, read it)
        process(d, m.data + 1, m.len - 1, r.frame, r.time, index, m.order_index, sink);
        if (ahead == 0) d.expected = (d.expected + 1) & kOrderMask;
        drain(d, sink);
        return true;
    }
    // Ahead of a gap: held until it is filled.
    Held& h = d.held[m.order_index];
    h.frame = r.frame;
    h.time = r.time;
    h.bytes.assign(m.data + 1, m.data + m.len);
    d.held_bytes += h.bytes.size();
    ++d.st.held_back;
    if (d.held.size() > o_.max_held || d.held_bytes > o_.max_held_bytes) {
        // Past the bound: the gap is given up (its batch never came), the rest handed on.
        d.expected = d.held.begin()->first;
        drain(d, sink);
    }
    return true;
}

void Session::drain(Direction& d, Sink& sink) {
    for (auto it = d.held.find(d.expected); it != d.held.end(); it = d.held.find(d.expected)) {
        Held h = std::move(it->second);
        d.held.erase(it);
        d.held_bytes -= h.bytes.size();
        process(d, h.bytes.data(), uint32_t(h.bytes.size()), h.frame, h.time, ~0u, d.expected, sink);
        d.expected = (d.expected + 1) & kOrderMask;
    }
}

void Session::decrypt(Direction& d, Out& o, size_t& payload) {
    Batch& b = o.b;
    ++d.st.encrypted;
    b.cipher_batch = d.cipher.batches();
    if (!key_found_) {
        b.crypt = Crypt::NoKey;
        if (!no_key_reported_) {  // once per connection
            no_key_reported_ = true;
            core::Finding f{C::NoKey};
            f.what = salt_hex_.empty() ? "(none seen)" : salt_hex_.c_str();
            add(o, f);
        }
    } else if (d.failed || !d.cipher.started()) {
        b.crypt = Crypt::Undecrypted;
    } else {
        // Picked up mid-connection, the cipher's mode comes from a release
        // inferred from a few packets: a direction's first batch tells by
        // its checksum when it is the other one.
        const bool retry = inferred_ && !release_known_ && d.cipher.batches() == 0;
        if (retry) encrypted_copy_.assign(o.clear.begin(), o.clear.end());
        d.cipher.decrypt(o.clear.data(), o.clear.size());
        if (d.cipher.verify(o.clear.data(), o.clear.size()) || (retry && other_cipher_mode(d, o))) {
            b.crypt = Crypt::Good;
            ++d.st.checksum_good;
            payload = o.clear.size() - kChecksumSize;
            return;
        }
        b.crypt = Crypt::Bad;
        ++d.st.checksum_bad;
        d.failed = true;
        core::Finding f{C::ChecksumMismatch};
        f.a = int64_t(b.cipher_batch);
        f.offset = 1;
        f.length = uint32_t(o.clear.size());
        add(o, f);
    }
    if (b.crypt != Crypt::Good && b.crypt != Crypt::Bad) ++d.st.undecrypted;  // a bad one is counted as bad
    payload = 0;
}

bool Session::other_cipher_mode(Direction& d, Out& o) {
    const bool ctr = !version_->ctr();
    if (!d.cipher.start(key_, ctr)) return false;
    o.clear.assign(encrypted_copy_.begin(), encrypted_copy_.end());
    d.cipher.decrypt(o.clear.data(), o.clear.size());
    if (!d.cipher.verify(o.clear.data(), o.clear.size())) return false;
    // The newest release with that mode (CFB8: 1.16.210; its packets tell
    // 1.16.201 apart later, reinfer_release).
    const std::vector<const VersionInfo*>& all = versions();
    for (auto it = all.rbegin(); it != all.rend(); ++it)
        if ((*it)->ctr() == ctr) {
            version_ = *it;  // said by the conversation's release (no note: no packet read it)
            break;
        }
    return true;
}

void Session::process(Direction& d, const uint8_t* p, uint32_t len, uint64_t complete_frame, double complete_time,
                      uint32_t message, uint32_t order_index, Sink& sink) {
    Out& o = next_out();
    o.clear.assign(p, p + len);
    Batch& b = o.b;
    b.frame = frame_;
    b.complete_frame = complete_frame;
    b.time = time_;
    b.held_ms = (time_ - complete_time) * 1000.0;
    b.from = d.side;
    b.message = message;
    b.number = uint32_t(++d.st.batches);
    b.order_index = order_index;
    b.wire_len = len;
    d.st.bytes += len;
    if (d.encrypt_next) {
        d.encrypt_next = false;
        d.encrypted = true;
        if (key_found_) d.cipher.start(key_, version_->ctr());
    }
    size_t payload = len;
    if (d.encrypted) decrypt(d, o, payload);
    const bool readable = !d.encrypted || b.crypt == Crypt::Good;
    if (readable) {
        Form f;
        Unpack u = Unpack::Ok;
        core::Finding problem;
        bool split = false;
        if (!d.form_known) {
            split = try_forms(o, payload, f);
            if (split) {
                d.form_known = true;
                d.compression = f.header || f.compressed;
                d.header = f.header;
            } else {
                u = Unpack::Damaged;
            }
        } else {
            f.header = d.header;
            f.compressed = d.compression && !d.header;
            if (f.header && payload) f.algorithm = Algorithm(o.clear[0]);
            u = unpack(f, o.clear.data(), payload, o.decomp);
            if (u == Unpack::Damaged && f.compressed) {
                // Without a header, a batch under the threshold is sent as it is.
                const Form raw{false, false, Algorithm::None};
                if (unpack(raw, o.clear.data(), payload, o.decomp) == Unpack::Ok &&
                    split_packets(o.decomp.out(), o.decomp.out_size(), o.packets, problem)) {
                    f = raw;
                    u = Unpack::Ok;
                    split = true;
                } else {
                    o.packets.clear();  // what split before failing: not of this batch's bytes (fuzz_bedrock)
                }
            }
            if (u == Unpack::Ok && !split) {
                split = split_packets(o.decomp.out(), o.decomp.out_size(), o.packets, problem);
                if (!split && !f.compressed && !f.header && deflated_after_all(o, payload)) {
                    // Judged uncompressed from a batch that was sent as it is
                    // (under the threshold, or picked up mid-connection): the
                    // direction deflates.
                    f.compressed = true;
                    d.compression = true;
                    split = true;
                }
                if (!split) add(o, problem);
            }
        }
        if (!f.header) f.algorithm = f.compressed ? Algorithm::Deflate : Algorithm::None;
        b.form = f;
        if (u == Unpack::UnknownAlgorithm) {
            core::Finding e{C::UnknownAlgorithm};
            e.a = payload ? o.clear[0] : 0;
            e.offset = 1;
            e.length = 1;
            add(o, e);
        } else if (u == Unpack::TooLarge) {
            core::Finding e{C::BatchTooLarge};
            e.a = int64_t(kMaxBatch);
            add(o, e);
        } else if (u == Unpack::Damaged) {
            core::Finding e{C::BadCompression};
            e.a = int64_t(f.header ? uint8_t(f.algorithm) : 0);
            e.b = int64_t(payload);
            e.what = "does not read as packets";
            add(o, e);
        }
        if (u == Unpack::Ok) {
            b.data = o.decomp.out();
            b.len = uint32_t(o.decomp.out_size());
            ++d.st.by_algorithm[algorithm_slot(f.algorithm)];
            d.st.decompressed += b.len;
            if (b.len > d.st.largest) d.st.largest = b.len;
        }
        if (!o.findings.empty()) ++d.st.malformed;
        if (mid_ && !release_known_ && !o.packets.empty()) {
            if (!inferred_) infer_release(o);
            else reinfer_release(o);
        }
        read_packets(d, o, complete_time);
    }
    b.clear = o.clear.data();
    b.clear_len = uint32_t(o.clear.size());
    b.packets = {o.packets.data(), uint32_t(o.packets.size())};
    b.figures = {o.figures.data(), uint32_t(o.figures.size())};
    b.version = version_;
    b.findings = {o.findings.data(), uint32_t(o.findings.size())};
    sink.batch(b);
}

void Session::set_release(int32_t protocol, bool from_settings, Out& o) {
    protocol_ = protocol;
    release_known_ = true;
    const VersionInfo* v = find_version(protocol);
    version_ = v ? v : &nearest_version(protocol);
    core::Finding f{v ? C::ReleaseDetected : C::ReleaseUnknown};
    f.a = protocol;
    f.b = from_settings ? 1 : 0;
    f.what = version_->name;
    add(o, f);
}

uint32_t Session::clean_packets(const Out& o, const VersionInfo& v) {
    const core::Schema& s = schema(v);
    const uint32_t n = sampled(o);
    uint32_t clean = 0;
    for (uint32_t i = 0; i < n; ++i) {
        core::NullVisitor quiet;
        const PacketSpan& p = o.packets[i];
        clean += core::decode(s, o.decomp.out() + p.offset, p.len, core::DecodeContext{}, quiet).counted == 0;
    }
    return clean;
}

const VersionInfo* Session::best_release(const Out& o, bool header, uint32_t& best_clean) const {
    const std::vector<const VersionInfo*>& all = versions();
    const uint32_t n = sampled(o);
    const VersionInfo* best = nullptr;
    best_clean = 0;
    for (auto it = all.rbegin(); it != all.rend(); ++it) {
        if ((*it)->compressor_byte() != header) continue;
        const uint32_t clean = clean_packets(o, **it);
        if (clean > best_clean || !best) {
            best = *it;
            best_clean = clean;
        }
        if (clean == n) break;
    }
    return best;
}

void Session::infer_release(const Out& o) {
    uint32_t best_clean = 0;
    const VersionInfo* best = best_release(o, dirs_[int(o.b.from)].header, best_clean);
    if (!best) return;
    inferred_ = true;
    version_ = best;
    add_inferred(o, best_clean);
    core::Finding m{C::MidConnection};
    m.what = dirs_[int(o.b.from)].header ? "a compression header on every batch" : "no compression header";
    m.frame = frame_;
    const_cast<Out&>(o).findings.push_back(m);
}

void Session::reinfer_release(const Out& o) {
    const uint32_t now = clean_packets(o, *version_);
    if (now == sampled(o) || reinferred_ >= kMaxReinfer) return;
    ++reinferred_;
    uint32_t best_clean = 0;
    const VersionInfo* best = best_release(o, dirs_[int(o.b.from)].header, best_clean);
    if (!best || best == version_ || best_clean <= now) return;
    version_ = best;
    add_inferred(o, best_clean);
}

void Session::add_inferred(const Out& o, uint32_t clean) {
    core::Finding f{C::ReleaseInferred};
    f.a = clean;
    f.b = sampled(o);
    f.what = version_->name;
    f.frame = frame_;
    const_cast<Out&>(o).findings.push_back(f);
}

void Session::read_packets(Direction& d, Out& o, double complete_time) {
    Direction& client = dirs_[0];
    Direction& server = dirs_[1];
    DirectionStats& st = d.st;
    st.packets += o.packets.size();
    if (o.packets.size() > st.most_packets) st.most_packets = uint32_t(o.packets.size());
    for (uint32_t i = 0; i < o.packets.size(); ++i) {
        const PacketSpan& p = o.packets[i];
        if (GameFigures::wanted(p.id)) {
            const size_t had = o.findings.size();
            figures_.packet(schema(*version_), d.side, o.decomp.out(), p, i, o.b.complete_frame, complete_time,
                            o.figures, o.findings);
            for (size_t k = had; k < o.findings.size(); ++k) o.findings[k].frame = frame_;
            continue;
        }
        if (p.id != kLogin && p.id != kRequestNetworkSettings && p.id != kNetworkSettings &&
            p.id != kServerToClientHandshake && p.id != kDisconnect)
            continue;
        Values v;
        core::decode(schema(*version_), o.decomp.out() + p.offset, p.len, core::DecodeContext{}, v);
        switch (p.id) {
        case kRequestNetworkSettings:
            if (!release_known_ && v.protocol >= 0) set_release(int32_t(v.protocol), true, o);
            d.compression = true;  // from its next batch
            d.header = version_->compressor_byte();
            d.form_known = true;
            break;
        case kNetworkSettings: {
            threshold_ = int32_t(v.threshold);
            algorithm_ = v.algorithm < 0 ? 0 : int32_t(v.algorithm);
            core::Finding f{C::NetworkSettings};
            f.a = threshold_;
            f.b = algorithm_;
            add(o, f);
            if (version_->network_settings_first()) {
                d.compression = true;
                d.header = version_->compressor_byte();
                d.form_known = true;
            }
            break;
        }
        case kLogin: {
            if (!release_known_ && v.protocol >= 0) set_release(int32_t(v.protocol), false, o);
            if (!version_->network_settings_first()) {  // Login first: every later batch deflated, no header
                for (Direction* x : {&client, &server}) {
                    x->compression = true;
                    x->header = false;
                    x->form_known = true;
                }
            }
            if (read_login(v.identity, v.client, login_)) {
                login_ok_ = true;
                o.b.login = &login_;
                core::Finding f{C::LoginDecoded};
                f.a = login_.chain_tokens;
                add(o, f);
            }
            break;
        }
        case kServerToClientHandshake: {
            encryption_ = true;
            server.encrypt_next = true;
            client.encrypt_next = true;
            core::Finding f{C::Encrypted};
            f.what = version_->ctr() ? "CTR" : "CFB8";
            add(o, f);
            if (handshake_salt(v.token, salt_)) {
                static const char kHex[] = "0123456789abcdef";
                salt_hex_.clear();
                for (unsigned char c : salt_) salt_hex_ += kHex[c >> 4], salt_hex_ += kHex[c & 15];
            }
            if (!salt_.empty() && keys_) {
                if (const auto found = keys_->find(salt_)) {
                    key_ = found->key;
                    key_found_ = true;
                    core::Finding k{C::KeyFound};
                    k.what = source_name(found->source);
                    add(o, k);
                }
            }
            break;
        }
        case kDisconnect:
            if (!disconnect_frame_) {
                disconnect_frame_ = frame_;
                disconnect_from_ = d.side;
                disconnect_message_.assign(v.message.data(), v.message.size());
                core::Finding f{C::Disconnect};
                f.a = d.side == core::Side::Server ? 1 : 0;
                f.what = disconnect_message_.c_str();
                add(o, f);
            }
            break;
        default: break;
        }
    }
}

void Session::finish(const core::Origin& last, Sink& sink) {
    (void)last;
    figures_.finish([&](const core::Finding& f) { sink.finding(f); });
    for (Direction& d : dirs_) {
        if (d.held.empty()) continue;
        d.st.never_delivered += d.held.size();
        core::Finding f{C::HeldBack};
        f.a = int64_t(d.held.size());
        f.frame = d.held.begin()->second.frame;
        sink.finding(f);
        d.held.clear();
        d.held_bytes = 0;
    }
}

void Session::release() {
    for (Direction& d : dirs_) d.cipher.stop();  // finish() has emptied `held`
    outs_ = std::vector<std::unique_ptr<Out>>();
    nouts_ = 0;
}

}  // namespace bedrock
