#include "blank/blank_summary.hpp"

#include <cctype>

#include "protocols/blank/findings.hpp"
#include "report_style.hpp"

namespace blankshark {
namespace {

using blank::Role;

// Nearest rank (exact up to 65536 samples, within 1 % past that: distribution.hpp).
double percentile(const core::Distribution& d, double q) { return d.quantile(q); }

void ms(Output& out, double s) { out.fixed(s * 1000, 1) << " ms"; }

void text_direction(Output& out, const char* name, const blank::DirectionStats& d, Role sender,
                    const blank::Silence& quiet) {
    out << "  " << name << ": " << d.packets << " packets, " << d.bytes << " bytes";
    if (d.first_seq >= 0) out << ", seq " << d.first_seq << ".." << d.last_seq;
    out << ", " << d.gaps << " skipped (" << d.never_seen << " never seen), " << d.reordered << " reordered, "
        << d.duplicates << " duplicates, ack back " << d.ack_back << "; the sender counted " << d.lost << " lost, "
        << d.received << " acked";
    if (d.lost + d.received) {
        out << " (loss ";
        out.fixed(100.0 * double(d.lost) / double(d.lost + d.received), 1) << " %)";
    }
    if (!d.rtts.empty()) {
        out << "; time to ack min ";
        ms(out, percentile(d.rtts, 0));
        out << ", median ";
        ms(out, percentile(d.rtts, 0.5));
        out << ", max ";
        ms(out, percentile(d.rtts, 1));
    }
    if (quiet && quiet.survivor() == sender)
        out << "; " << quiet.after << " sent after the " << blank::role_name(quiet.silent)
            << " went silent (nobody acked them)";
    out << '\n';
}

void json_direction(Output& out, const char* name, const blank::DirectionStats& d) {
    out << ",\"" << name << "\":{\"packets\":" << d.packets << ",\"bytes\":" << d.bytes << ",\"first_seq\":"
        << d.first_seq << ",\"last_seq\":" << d.last_seq << ",\"skipped\":" << d.gaps << ",\"never_seen\":"
        << d.never_seen << ",\"reordered\":" << d.reordered << ",\"duplicates\":" << d.duplicates
        << ",\"ack_back\":" << d.ack_back << ",\"lost\":" << d.lost << ",\"acked\":" << d.received;
    if (!d.rtts.empty()) {
        out << ",\"rtt_min\":";
        out.number(percentile(d.rtts, 0));
        out << ",\"rtt_median\":";
        out.number(percentile(d.rtts, 0.5));
        out << ",\"rtt_max\":";
        out.number(percentile(d.rtts, 1));
    }
    out << '}';
}

const char* revision_state_key(blank::RevisionState s) {
    switch (s) {
    case blank::RevisionState::Detected: return "detected";
    case blank::RevisionState::Forced: return "forced";
    case blank::RevisionState::None: return "none";
    default: return "ambiguous";
    }
}

}  // namespace

void BlankSummary::finished() {
    silence_ = analysis_->seq().final_silence();
    if (!silence_) return;
    cause_.code = blank::FindingCode::WentSilent;
    cause_.frame = silence_.frame;
    cause_.what = std::string("the ") + blank::role_name(silence_.silent) + " went silent";
    cause_.after = std::string("the ") + blank::role_name(silence_.survivor()) + " sent " +
                   std::to_string(silence_.after) + " more packets";
}

std::string BlankSummary::ended() const { return analysis_->seq().end_state(); }

void BlankSummary::text(Output& out) const {
    const blank::ConversationAnalysis& a = *analysis_;
    out << "  revision: " << a.revision_text() << '\n';
    text_direction(out, "client->server", a.seq().stats(Role::Client), Role::Client, silence_);
    text_direction(out, "server->client", a.seq().stats(Role::Server), Role::Server, silence_);
    const auto& dist = a.seq().correction_distances();
    out << "  corrections: " << a.seq().corrections();
    if (!dist.empty()) {
        out << " (distance median ";
        out.fixed(percentile(dist, 0.5), 3) << ", p99 ";
        out.fixed(percentile(dist, 0.99), 3) << ", max ";
        out.fixed(percentile(dist, 1), 3) << " blocks)";
    }
    const blank::ChunkTotals& ct = a.chunks().summary();
    out << "\n  chunks: " << ct.transmissions << " transmissions, " << ct.complete << " complete, "
        << ct.not_complete() << " not complete, " << ct.without_begin() << " without ChunkBegin, " << ct.resends()
        << " resends\n";
}

void BlankSummary::json(Output& out) const {
    const blank::ConversationAnalysis& a = *analysis_;
    out << ",\"protocol\":\"blank\",\"revision\":\"" << a.revision().name << "\",\"revision_state\":\""
        << revision_state_key(a.revision_state()) << '"';
    json_direction(out, "client_to_server", a.seq().stats(Role::Client));
    json_direction(out, "server_to_client", a.seq().stats(Role::Server));
    out << ",\"corrections\":" << a.seq().corrections();
    const blank::ChunkTotals& ct = a.chunks().summary();
    out << ",\"chunk_transmissions\":" << ct.transmissions << ",\"chunks_complete\":" << ct.complete;
    if (const blank::Silence& q = silence_; q.any()) {
        out << ",\"silence\":{\"silent\":\"" << blank::role_name(q.silent) << "\",\"frame\":" << q.frame
            << ",\"time\":";
        out.fixed(q.time, 6) << ",\"survivor\":\"" << blank::role_name(q.survivor())
                             << "\",\"survivor_last_frame\":" << q.survivor_frame << ",\"kept_sending\":";
        out.fixed(q.span(), 6) << ",\"packets_after\":" << q.after << ",\"acked_unseen\":" << q.acked_unseen
                               << ",\"ended\":\"" << blank::silence_end_key(q.end)
                               << "\",\"finding\":" << (q ? "true" : "false") << '}';
    }
}

std::vector<const core::FindingTable*> BlankSummary::tables() const { return {&blank::finding_table()}; }

std::string BlankSummary::details() const {
    const blank::ConversationAnalysis& a = *analysis_;
    const auto& cs = a.seq().stats(Role::Client);
    const auto& sc = a.seq().stats(Role::Server);
    size_t complete = 0;
    for (const auto& t : a.chunks().transmissions()) complete += t.state == blank::TxState::Complete;
    return "revision " + std::string(a.revision().name) + "; " + std::to_string(cs.packets) + " c→s, " +
           std::to_string(sc.packets) + " s→c, never seen " + std::to_string(cs.never_seen) + " / " +
           std::to_string(sc.never_seen) + "; " + std::to_string(a.seq().corrections()) +
           " corrections; chunks complete " + std::to_string(complete) + " / " +
           std::to_string(a.chunks().transmissions().size());
}

Figures BlankSummary::figures() const {
    const blank::ConversationAnalysis& a = *analysis_;
    const auto& c = a.seq().stats(Role::Client);
    const auto& v = a.seq().stats(Role::Server);
    Figures out;
    const auto row = [&out](const char* name, uint64_t x, uint64_t y, const char* unit) {
        out.rows.push_back(FigureRow{name, std::to_string(x), std::to_string(y), unit});
    };
    const auto one = [&out](const char* name, std::string x, const char* unit) {
        out.rows.push_back(FigureRow{name, std::move(x), {}, unit});
    };
    const auto loss = [](const blank::DirectionStats& d) {
        return d.lost + d.received ? sfmt("%.1f", 100.0 * double(d.lost) / double(d.lost + d.received)) : std::string("-");
    };
    const auto rtt = [](const blank::DirectionStats& d) {
        return d.rtts.empty() ? std::string("-")
                              : sfmt("%.1f / %.1f", percentile(d.rtts, 0.5) * 1000, percentile(d.rtts, 1) * 1000);
    };
    row("packets", c.packets, v.packets, "packets");
    row("bytes", c.bytes, v.bytes, "bytes");
    row("skipped", c.gaps, v.gaps, "seqs skipped when a newer packet arrived");
    row("never seen", c.never_seen, v.never_seen, "seqs");
    row("reordered", c.reordered, v.reordered, "packets");
    row("duplicates", c.duplicates, v.duplicates, "packets");
    row("ack back", c.ack_back, v.ack_back, "packets whose ack moved back");
    row("lost (the sender's count)", c.lost, v.lost, "packets");
    out.rows.push_back(FigureRow{"loss (the sender's count)", loss(c), loss(v), "%"});
    out.rows.push_back(FigureRow{"time to ack", rtt(c), rtt(v), "ms (median / max)"});
    const auto& dist = a.seq().correction_distances();
    one("corrections", std::to_string(a.seq().corrections()), "PlayerCorrections");
    if (!dist.empty())
        one("correction distance", sfmt("%.3f / %.3f", percentile(dist, 0.5), percentile(dist, 1)), "blocks (median / max)");
    const blank::ChunkTotals& ct = a.chunks().summary();
    one("chunk transmissions", std::to_string(ct.transmissions), "transmissions");
    one("  complete", std::to_string(ct.complete), "transmissions");
    one("  not complete", std::to_string(ct.not_complete()), "transmissions");
    std::string what;
    const auto add = [&what](const std::string& part) { what += (what.empty() ? "" : "; ") + part; };
    if (silence_) add(cause_.what + " (frame " + std::to_string(silence_.frame) + ")");
    for (Role r : {Role::Client, Role::Server}) {
        const auto& d = a.seq().stats(r);
        if (d.never_seen) add(sfmt("%llu of the %s's seqs never seen here", (unsigned long long)d.never_seen, blank::role_name(r)));
        if (d.lost) add(sfmt("the %s counted %llu of its packets lost (%s %%)", blank::role_name(r), (unsigned long long)d.lost, loss(d).c_str()));
    }
    if (!dist.empty() && percentile(dist, 1) > 0.5)
        add(sfmt("corrections up to %.3f blocks off", percentile(dist, 1)));
    if (ct.not_complete()) add(sfmt("%llu chunk transmissions not complete", (unsigned long long)ct.not_complete()));
    out.sentence = what.empty() ? "Nothing lost: every seq seen, no chunk left incomplete." : what + ".";
    out.sentence[0] = char(std::toupper(static_cast<unsigned char>(out.sentence[0])));
    return out;
}

bool BlankSummary::consequence(const core::Finding& f) const { return blank::caused_by_silence(f, silence_); }

}  // namespace blankshark
