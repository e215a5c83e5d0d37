#include "mc_java/java_summary.hpp"

#include <cctype>
#include <cstring>

#include "core/decoder.hpp"
#include "mc_java/java_analysis_report.hpp"
#include "protocols/mc_java/findings.hpp"
#include "protocols/mc_java/schema.hpp"
#include "tcp/tcp_ending.hpp"
#include "tcp/tcp_finding.hpp"
#include "report_style.hpp"

namespace blankshark {
namespace {

// The text of a Disconnect's reason (a chat JSON), read by the decoder.
// A Disconnect's reason: its JSON text (before 1.20.3), or the value of the
// NBT text component's "text" tag (the names of NBT tags are strings too:
// without one named "text", the first string that is not a name).
struct Reason {
    static constexpr bool kPayloadOnly = true;
    std::string text;
    bool from_text_tag = false;
    bool after_text_name = false;
    void open(const core::Item&) {}
    void close() {}
    void finding(const core::Finding&) {}
    void leaf(const core::Item& it) {
        if (it.vclass != core::ValueClass::String) return;
        if (it.info->abbrev == "mcjava.nbt.name") {
            after_text_name = it.s == "text";
            return;
        }
        if (from_text_tag) return;
        if (after_text_name || text.empty()) text.assign(it.s.substr(0, 200));
        from_text_tag = after_text_name;
        after_text_name = false;
    }
};

bool is(const mcjava::Packet& p, const char* key) {
    return p.summary.type && p.summary.type->key && std::strcmp(p.summary.type->key, key) == 0;
}

}  // namespace

void JavaSummary::packet(const JavaPacket& jp) {
    const mcjava::Packet& p = *jp.packet;
    Side& d = dir_[int(p.dir)];
    if (p.kind == mcjava::PacketKind::Encrypted) {
        encrypted_ = true;
        d.encrypted += p.wire_len;
        return;
    }
    if (p.kind == mcjava::PacketKind::Undecoded) {
        d.undecoded += p.wire_len;
        return;
    }
    ++d.packets;
    d.bytes += p.wire_len;
    if (p.inflated) {
        ++d.compressed;
        d.inflated += p.data_len;
        d.compressed_wire += p.wire_len;
    }
    reached_[int(p.state)] = true;
    if (p.decrypted) decrypted_ = true;
    if (p.kind == mcjava::PacketKind::LegacyPing) legacy_ = true;
    if (p.dir == core::Side::Server && is(p, "disconnect") && !disconnect_frame_) {
        disconnect_frame_ = p.span.last.frame;
        disconnect_state_ = p.state;
        Reason r;
        core::decode(mcjava::schema(*p.version), p.data, p.data_len, p.context(), r);
        disconnect_reason_ = r.text;
    }
}

void JavaSummary::close(const JavaConnection& c) {
    close_span(c);
    const mcjava::Connection& conn = c.session.connection();
    version_ = conn.version().name;
    protocol_number_ = conn.handshake_protocol();
    version_known_ = conn.version_known();
    version_exact_ = conn.version_exact();
    inferred_ = conn.inferred() != nullptr;
    if (inferred_) {
        inference_ = *conn.inferred();
        range_ = conn.range();
        if (range_) version_ = mcjava::range_name(range_);
        protocol_number_ = conn.version().protocol;
    }
    threshold_ = conn.threshold();
    compressed_framing_ = conn.compressed_framing();
    wrong_key_ = conn.wrong_key();
    static const char kHex[] = "0123456789abcdef";
    auto hex = [](const std::string& b) {
        std::string h;
        for (unsigned char c : b) {
            h += kHex[c >> 4];
            h += kHex[c & 15];
        }
        return h;
    };
    verify_token_ = hex(conn.verify_token());
    encrypted_secret_ = hex(conn.encrypted_secret());
    midstream_ = c.midstream;
    for (int i = 0; i < 2; ++i) {
        const core::Side md = core::Side(i);
        Side& d = dir_[i];
        d.retransmitted = c.stats[i].retransmitted_bytes;
        d.gaps = c.session.gaps(md);
        d.missing = c.session.missing_bytes(md);
        d.unframed = c.session.unframed_bytes(md);
        if (c.fin[i]) d.fin_frame = c.session.end_origin(md).frame;
        if (c.rst[i]) d.rst_frame = c.session.end_origin(md).frame;
    }
    capture_end_ = c.close == tcp::CloseReason::EndOfCapture;
    analysis_ = c.analysis;
}

std::string JavaSummary::ended() const {
    std::string s;
    if (disconnect_frame_) {
        s = std::string("Disconnect (") + mcjava::state_name(disconnect_state_) + ") from the server in frame " +
            std::to_string(disconnect_frame_) + ": " + disconnect_reason_ + "; ";
    }
    const uint64_t fin[2] = {dir_[0].fin_frame, dir_[1].fin_frame}, rst[2] = {dir_[0].rst_frame, dir_[1].rst_frame};
    return s + tcp::ending_text(fin, rst);
}

std::string JavaSummary::details() const {
    std::string s = "version " + version_ + "; " + std::to_string(dir_[0].packets) + " c→s, " +
                    std::to_string(dir_[1].packets) + " s→c";
    if (threshold_ >= 0) s += "; compression threshold " + std::to_string(threshold_);
    if (encrypted_ || decrypted_ || wrong_key_) s += decrypted_ ? "; decrypted" : "; encrypted";
    return s;
}

std::string JavaSummary::version_text() const {
    using How = mcjava::Inferred::How;
    const std::string protocol = " (protocol " + std::to_string(protocol_number_);
    if (version_known_ && version_exact_) return version_ + protocol + ", from the Handshake)";
    if (version_known_)  // never shown as a release it is not
        return "protocol " + std::to_string(protocol_number_) +
               " (from the Handshake), which no release of Minecraft Java has: decoded as " + version_ + ", the nearest";
    if (!inferred_) return version_ + " (no Handshake seen)";
    const mcjava::Inferred& r = inference_;
    if (r.how == How::None && r.tied)
        return std::string("not known (no Handshake; its packets fit several releases equally, ") +
               mcjava::range_name(r.tied) + ": not decoded)";
    if (r.how == How::None)
        return r.looks_encrypted ? "not known (no Handshake; encrypted, and no key decrypts it: not decoded)"
                                 : "not known (no Handshake, and no release decodes its packets: not decoded)";
    if (r.how == How::Given) return version_ + protocol + ", no Handshake: as --mcjava-release names it)";
    std::string s = version_ + protocol + ", no Handshake: inferred from " + std::to_string(r.packets) + " packets";
    if (r.runner_up) s += std::string(", next best ") + r.runner_up->name;
    if (r.how == How::AtEnd) s += ", the best when the bytes ran out but not clearly ahead";
    if (r.how == How::Peer) s += ", fitting as well as others: the release of another connection to this server";
    if (r.key) s += "; decrypted with the key log's line " + std::to_string(r.key->line);
    return s + ")";
}

void JavaSummary::text(Output& out) const {
    out << "  version: " << version_text();
    out << "; states:";
    for (mcjava::State s : mcjava::kStatesInOrder)
        if (reached_[int(s)]) out << ' ' << mcjava::state_name(s);
    if (threshold_ >= 0) out << "; compression threshold " << threshold_;
    else if (compressed_framing_) out << "; compressed framing (threshold not seen)";
    // What an encrypted connection lets the analysis judge.
    if (wrong_key_)
        out << "; encrypted (online mode) after the Encryption Response: the key log's secret does not decrypt it, "
               "so only its TCP streams were judged after that";
    else if (decrypted_)
        out << "; encrypted (online mode) after the Encryption Response, decrypted with the key log: every packet "
               "judged";
    else if (encrypted_)
        out << "; encrypted (online mode) after the Encryption Response and no key (--keylog): packets, keep-alives, "
               "teleports, chunks and entities after it not judged, its TCP streams judged";

    if (legacy_) out << "; legacy (pre-1.7) server list ping";
    if (midstream_) out << "; picked up mid-connection";
    out << '\n';
    if (encrypted_ && !decrypted_ && (!verify_token_.empty() || !encrypted_secret_.empty()))
        out << "  key: none in the key log; a line for this connection is found by its verify token " << verify_token_
            << " or its encrypted shared secret " << encrypted_secret_ << '\n';
    for (int i = 0; i < 2; ++i) {
        const Side& d = dir_[i];
        out << "  " << (i == 0 ? "client->server" : "server->client") << ": " << d.packets << " packets, " << d.bytes
            << " bytes";
        if (d.encrypted) out << ", then " << d.encrypted << " bytes encrypted";
        if (d.undecoded) out << ", " << d.undecoded << " bytes not decoded";
        if (d.compressed) {
            out << ", " << d.compressed << " compressed (" << d.compressed_wire << " bytes inflating to " << d.inflated
                << ", ratio ";
            out.fixed(d.compressed_wire ? double(d.inflated) / double(d.compressed_wire) : 0, 1) << ')';
        }
        out << "; TCP: " << d.retransmitted << " bytes retransmitted, " << d.gaps << " gaps (" << d.missing
            << " bytes never captured)";
        if (d.unframed) out << ", " << d.unframed << " bytes not framed";
        out << '\n';
    }
    if (analysis_) java_analysis_text(out, *analysis_);
}

Figures JavaSummary::figures() const {
    Figures out;
    const Side& c = dir_[0];
    const Side& v = dir_[1];
    const auto row = [&out](const char* name, uint64_t x, uint64_t y, const char* unit) {
        out.rows.push_back(FigureRow{name, std::to_string(x), std::to_string(y), unit});
    };
    const auto one = [&out](const char* name, std::string x, const char* unit) {
        out.rows.push_back(FigureRow{name, std::move(x), {}, unit});
    };
    const auto ms = [](const core::Distribution& d) {
        return d.empty() ? std::string("-") : sfmt("%.1f / %.1f", d.quantile(0.5) * 1000.0, d.max() * 1000.0);
    };
    row("packets", c.packets, v.packets, "packets");
    row("bytes", c.bytes, v.bytes, "bytes (framed)");
    if (c.encrypted || v.encrypted) row("encrypted, not decoded", c.encrypted, v.encrypted, "bytes");
    row("compressed", c.compressed, v.compressed, "packets");
    row("TCP retransmitted", c.retransmitted, v.retransmitted, "bytes");
    row("TCP gaps", c.gaps, v.gaps, "holes in the stream");
    row("never captured", c.missing, v.missing, "bytes");
    std::string what;
    const auto add = [&what](const std::string& part) { what += (what.empty() ? "" : "; ") + part; };
    if (wrong_key_) add("the key log's secret does not decrypt it: packets after the Encryption Response not judged");
    else if (encrypted_ && !decrypted_) add("encrypted without a key (--keylog): packets after the Encryption Response not judged");
    if (c.missing + v.missing)
        add(sfmt("%llu bytes of the TCP streams never captured", (unsigned long long)(c.missing + v.missing)));
    if (analysis_) {
        const mcjava::Analysis& a = *analysis_;
        const auto& k = a.keepalives();
        if (!k.exchanges().empty()) {
            one("Keep Alive", std::to_string(k.exchanges().size()), "sent by the server");
            one("  unanswered", std::to_string(k.unanswered()), "Keep Alive");
            one("  answer time", ms(k.delays()), "ms (median / max)");
            if (k.unanswered()) add(sfmt("%llu Keep Alive never answered", (unsigned long long)k.unanswered()));
            if (k.slow()) add(sfmt("%llu Keep Alive answered after more than %.3f s", (unsigned long long)k.slow(), k.slow_threshold()));
        }
        const auto& t = a.teleports();
        if (!t.teleports().empty()) {
            one("teleports", std::to_string(t.teleports().size()), "Player Position And Look");
            if (t.teleports().size() > t.without_id()) one("  never confirmed", std::to_string(t.unconfirmed()), "teleports");
            one("  farther than the threshold", std::to_string(t.far()), sfmt(t.threshold() == 1 ? "teleports (over %g block, unasked)" : "teleports (over %g blocks, unasked)", t.threshold()).c_str());
            if (t.far())
                add(sfmt(t.threshold() == 1 ? "%llu teleports farther than %g block the client did not ask for"
                                            : "%llu teleports farther than %g blocks the client did not ask for",
                         (unsigned long long)t.far(), t.threshold()));
            if (t.unconfirmed()) add(sfmt("%llu teleports never confirmed", (unsigned long long)t.unconfirmed()));
        }
        const auto& col = a.columns();
        if (col.loads()) {
            one("chunk columns", std::to_string(col.loads()), "Chunk Data");
            one("  unloaded", std::to_string(col.unloads()), "columns");
        }
    }
    if (disconnect_frame_) add("the server disconnected the client: " + disconnect_reason_);
    out.sentence = what.empty() ? "Nothing went wrong: every byte captured and decoded, every request answered."
                                : what + ".";
    out.sentence[0] = char(std::toupper(static_cast<unsigned char>(out.sentence[0])));
    return out;
}

std::vector<const core::FindingTable*> JavaSummary::tables() const {
    return {&mcjava::finding_table(), &tcp::finding_table()};
}

void JavaSummary::json(Output& out) const {
    out << ",\"protocol\":\"mcjava\",\"version\":\"" << version_ << "\",\"protocol_version\":" << protocol_number_
        << ",\"version_from_handshake\":" << (version_known_ ? "true" : "false");
    if (inferred_) {
        static const char* const kHow[] = {"sure", "at_end", "given", "none", "peer"};
        const mcjava::Inferred& r = inference_;
        out << ",\"version_inferred\":{\"how\":\"" << kHow[int(r.how)] << "\",\"packets\":" << r.packets
            << ",\"clean\":" << r.clean << ",\"runner_up\":\"" << (r.runner_up ? r.runner_up->name : "")
            << "\",\"runner_up_clean\":" << r.runner_up_clean << ",\"compressed_framing\":"
            << (r.compressed ? "true" : "false") << ",\"key_line\":" << (r.key ? r.key->line : 0)
            << ",\"looks_encrypted\":" << (r.looks_encrypted ? "true" : "false") << '}';
    }
    out << ",\"threshold\":" << threshold_
        << ",\"encrypted\":" << (encrypted_ || decrypted_ ? "true" : "false")
        << ",\"decrypted\":" << (decrypted_ && !wrong_key_ ? "true" : "false");
    if (encrypted_ && !decrypted_)
        out << ",\"key_lookup\":{\"verify_token\":\"" << verify_token_ << "\",\"encrypted_secret\":\""
            << encrypted_secret_ << "\"}";
    if (disconnect_frame_) {
        out << ",\"disconnect\":{\"frame\":" << disconnect_frame_ << ",\"state\":\""
            << mcjava::state_name(disconnect_state_) << "\",\"reason\":\"";
        json_escape(out, disconnect_reason_);
        out << "\"}";
    }
    for (int i = 0; i < 2; ++i) {
        const Side& d = dir_[i];
        out << ",\"" << (i == 0 ? "client_to_server" : "server_to_client") << "\":{\"packets\":" << d.packets
            << ",\"bytes\":" << d.bytes << ",\"encrypted_bytes\":" << d.encrypted << ",\"undecoded_bytes\":" << d.undecoded << ",\"compressed\":" << d.compressed << ",\"compressed_bytes\":"
            << d.compressed_wire << ",\"inflated_bytes\":" << d.inflated << ",\"retransmitted_bytes\":"
            << d.retransmitted << ",\"gaps\":" << d.gaps << ",\"missing_bytes\":" << d.missing
            << ",\"fin_frame\":" << d.fin_frame << ",\"rst_frame\":" << d.rst_frame << '}';
    }
    if (analysis_) java_analysis_json(out, *analysis_);
}

}  // namespace blankshark
