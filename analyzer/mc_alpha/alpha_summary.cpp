#include "mc_alpha/alpha_summary.hpp"

#include <cctype>

#include "protocols/mc_alpha/findings.hpp"
#include "protocols/mc_alpha/session.hpp"
#include "tcp/tcp_ending.hpp"
#include "tcp/tcp_finding.hpp"
#include "report_style.hpp"

namespace blankshark {

void AlphaSummary::message(const mcalpha::Message& m) {
    Side& d = dir_[int(m.dir)];
    ++d.messages;
    d.bytes += m.len;
    if (m.kind == mcalpha::MessageKind::Unframed) ++d.unframed;
    if (const core::Finding* cut = mcalpha::cut_of(m)) map_chunks_cut_ += cut->c == mcalpha::kMapChunk;
    if (m.kind == mcalpha::MessageKind::Message && m.summary.id == mcalpha::kKeepAlive) ++d.keepalives;
    const mcalpha::MessageAnalysis& a = m.analysis;
    if (a.has_keepalive) {
        const double t = a.keepalive_interval;
        if (!d.intervals || t < d.keepalive_min) d.keepalive_min = t;
        if (!d.intervals || t > d.keepalive_max) d.keepalive_max = t;
        d.keepalive_sum += t;
        ++d.intervals;
    }
    if (a.correction.present) {
        ++corrections_;
        if (a.correction.distance > max_correction_) {
            max_correction_ = a.correction.distance;
            max_correction_frame_ = m.span.last.frame;
        }
    }
    for (uint8_t i = 0; i < m.nfindings; ++i)
        if (m.findings[i].code == core::Code(mcalpha::FindingCode::ServerPlacement)) ++placements_;
}

void AlphaSummary::close(const AlphaConnection& c) {
    close_span(c);
    const mcalpha::Session& s = c.session;
    sum_ = s.connection().summary();
    midstream_ = c.midstream;
    capture_end_ = c.close == tcp::CloseReason::EndOfCapture;
    for (int i = 0; i < 2; ++i) {
        const core::Side md = core::Side(i);
        Side& d = dir_[i];
        d.retransmitted = c.stats[i].retransmitted_bytes;
        d.gaps = s.gaps(md);
        d.missing = s.missing_bytes(md);
        d.skipped = s.skipped_bytes(md);
        d.resyncs = s.resyncs(md);
        d.fin_frame = c.fin_frame[i];
        d.rst_frame = c.rst_frame[i];
    }
}

std::string AlphaSummary::ended() const {
    std::string s;
    using mcalpha::Ending;
    if (sum_.ending == Ending::Kick)
        s = "Kick from the server in frame " + std::to_string(sum_.end_frame) + ": \"" + sum_.reason + "\"; ";
    else if (sum_.ending == Ending::Disconnect)
        s = "Disconnect from the client in frame " + std::to_string(sum_.end_frame) + ": \"" + sum_.reason + "\"; ";
    const uint64_t fin[2] = {dir_[0].fin_frame, dir_[1].fin_frame}, rst[2] = {dir_[0].rst_frame, dir_[1].rst_frame};
    return s + tcp::ending_text(fin, rst);
}

std::string AlphaSummary::details() const {
    return "player " + std::string(sum_.username[0] ? sum_.username : "?") + "; " + std::to_string(dir_[0].messages) +
           " c→s, " + std::to_string(dir_[1].messages) + " s→c; " + std::to_string(sum_.map_chunks) + " Map Chunks; " +
           std::to_string(corrections_) + " corrections";
}

void AlphaSummary::text(Output& out) const {
    if (midstream_ && !sum_.username[0] && sum_.protocol_version < 0)
        out << "  player: not seen (picked up mid-connection, after the login)";
    else
        out << "  player: " << (sum_.username[0] ? sum_.username : "?") << ", protocol version " << sum_.protocol_version
            << (sum_.protocol_version == mcalpha::kProtocolVersion ? " (Alpha 1.2.5 and 1.2.6)" : "")
            << (sum_.logged_in ? "; logged in" : "; never logged in");
    if (midstream_) out << "; picked up mid-connection";
    out << '\n';
    for (int i = 0; i < 2; ++i) {
        const Side& d = dir_[i];
        out << "  " << (i == 0 ? "client->server" : "server->client") << ": " << d.messages << " messages, " << d.bytes
            << " bytes";
        if (d.unframed) out << ", " << d.unframed << " unframed";
        out << "; keep-alive " << d.keepalives;
        if (d.intervals) {
            out << " (every ";
            out.fixed(d.keepalive_sum / double(d.intervals), 3) << " s, ";
            out.fixed(d.keepalive_min, 3) << "-";
            out.fixed(d.keepalive_max, 3) << ")";
        }
        out << "; TCP: " << d.retransmitted << " bytes retransmitted, " << d.gaps << " gaps (" << d.missing
            << " bytes never captured)";
        if (d.resyncs || d.skipped) out << ", " << d.resyncs << " resynchronisations (" << d.skipped << " bytes skipped)";
        out << '\n';
    }
    out << "  chunks: " << sum_.pre_chunks << " Pre-Chunk, " << sum_.map_chunks << " Map Chunk (" << sum_.chunks_summarised
        << " inflated and summarised), ";
    if (map_chunks_cut_) out << map_chunks_cut_ << " Map Chunk cut by a gap, ";
    out << sum_.columns_loaded << " columns loaded at the end\n";
    out << "  movement: " << placements_ << " placements, " << corrections_ << " corrections";
    if (corrections_) {
        out << " (largest ";
        out.fixed(max_correction_, 3) << " blocks, frame " << max_correction_frame_ << ')';
    }
    out << "; entities: " << sum_.entities_spawned << " spawned, " << sum_.entities_alive << " alive at the end\n";
}

Figures AlphaSummary::figures() const {
    Figures out;
    const Side& c = dir_[0];
    const Side& v = dir_[1];
    const auto row = [&out](const char* name, uint64_t x, uint64_t y, const char* unit) {
        out.rows.push_back(FigureRow{name, std::to_string(x), std::to_string(y), unit});
    };
    const auto one = [&out](const char* name, std::string x, const char* unit) {
        out.rows.push_back(FigureRow{name, std::move(x), {}, unit});
    };
    row("messages", c.messages, v.messages, "messages");
    row("bytes", c.bytes, v.bytes, "bytes");
    row("not framed", c.unframed, v.unframed, "bytes");
    row("keep-alive", c.keepalives, v.keepalives, "messages");
    row("TCP retransmitted", c.retransmitted, v.retransmitted, "bytes");
    row("TCP gaps", c.gaps, v.gaps, "holes in the stream");
    row("never captured", c.missing, v.missing, "bytes");
    one("Map Chunk", std::to_string(sum_.map_chunks), "messages");
    one("corrections", std::to_string(corrections_), "server moves of the player");
    if (corrections_) one("  largest", sfmt("%.3f", max_correction_), "blocks");
    one("entities spawned", std::to_string(sum_.entities_spawned), "entities");
    std::string what;
    const auto add = [&what](const std::string& part) { what += (what.empty() ? "" : "; ") + part; };
    if (c.missing + v.missing)
        add(sfmt("%llu bytes of the TCP streams never captured", (unsigned long long)(c.missing + v.missing)));
    if (c.unframed + v.unframed)
        add(sfmt("%llu bytes never cut into messages", (unsigned long long)(c.unframed + v.unframed)));
    if (corrections_)
        add(sfmt("the server moved the player %llu times (largest %.3f blocks, frame %llu)",
                 (unsigned long long)corrections_, max_correction_, (unsigned long long)max_correction_frame_));
    if (sum_.ending == mcalpha::Ending::Kick) add("the server kicked the client: " + std::string(sum_.reason));
    out.sentence = what.empty() ? "Nothing went wrong: every byte captured and cut into messages." : what + ".";
    out.sentence[0] = char(std::toupper(static_cast<unsigned char>(out.sentence[0])));
    return out;
}

std::vector<const core::FindingTable*> AlphaSummary::tables() const {
    return {&mcalpha::finding_table(), &tcp::finding_table()};
}

void AlphaSummary::json(Output& out) const {
    out << ",\"protocol\":\"mcalpha\",\"username\":\"";
    json_escape(out, sum_.username);
    out << "\",\"protocol_version\":" << sum_.protocol_version << ",\"logged_in\":" << (sum_.logged_in ? "true" : "false");
    if (sum_.ending == mcalpha::Ending::Kick || sum_.ending == mcalpha::Ending::Disconnect) {
        out << ",\"" << (sum_.ending == mcalpha::Ending::Kick ? "kick" : "disconnect")
            << "\":{\"frame\":" << sum_.end_frame << ",\"reason\":\"";
        json_escape(out, sum_.reason);
        out << "\"}";
    }
    out << ",\"pre_chunks\":" << sum_.pre_chunks << ",\"map_chunks\":" << sum_.map_chunks
        << ",\"chunks_summarised\":" << sum_.chunks_summarised << ",\"map_chunks_cut\":" << map_chunks_cut_
        << ",\"placements\":" << placements_
        << ",\"corrections\":" << corrections_ << ",\"max_correction\":";
    out.fixed(max_correction_, 3);
    out << ",\"entities_spawned\":" << sum_.entities_spawned << ",\"entities_alive\":" << sum_.entities_alive;
    for (int i = 0; i < 2; ++i) {
        const Side& d = dir_[i];
        out << ",\"" << (i == 0 ? "client_to_server" : "server_to_client") << "\":{\"messages\":" << d.messages
            << ",\"bytes\":" << d.bytes << ",\"unframed\":" << d.unframed << ",\"keepalives\":" << d.keepalives
            << ",\"keepalive_interval_mean\":";
        out.fixed(d.intervals ? d.keepalive_sum / double(d.intervals) : 0, 3);
        out << ",\"keepalive_interval_max\":";
        out.fixed(d.keepalive_max, 3);
        out << ",\"retransmitted_bytes\":" << d.retransmitted << ",\"gaps\":" << d.gaps
            << ",\"missing_bytes\":" << d.missing << ",\"skipped_bytes\":" << d.skipped << ",\"resyncs\":" << d.resyncs
            << ",\"fin_frame\":" << d.fin_frame << ",\"rst_frame\":" << d.rst_frame << '}';
    }
}

}  // namespace blankshark
