#include "raknet/raknet_summary.hpp"

#include <cctype>

#include "bedrock/bedrock_summary.hpp"
#include "protocols/bedrock/findings.hpp"
#include "protocols/mcpe/findings.hpp"
#include "protocols/raknet/figures.hpp"
#include "protocols/raknet/findings.hpp"
#include "report_style.hpp"

namespace blankshark {
namespace {

using raknet::DirectionStats;
using core::Side;

const char* side_name(Side s) { return s == Side::Client ? "client" : "server"; }

void delays_text(Output& out, const raknet::Delays& d) {
    if (!d.count) {
        out << "-";
        return;
    }
    out << "mean ";
    out.fixed(d.mean_ms(), 1) << " ms, max ";
    out.fixed(d.max_ms, 1) << " ms";
}

void delays_json(Output& out, const char* key, const raknet::Delays& d) {
    out << ",\"" << key << "\":{\"count\":" << d.count << ",\"mean_ms\":";
    out.fixed(d.mean_ms(), 3) << ",\"min_ms\":";
    out.fixed(d.min_ms, 3) << ",\"max_ms\":";
    out.fixed(d.max_ms, 3) << '}';
}

uint64_t sum(const uint64_t* v, size_t n) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; ++i) s += v[i];
    return s;
}

}  // namespace

std::string RaknetSummary::ended() const {
    const raknet::Session& t = session.transport();
    const std::string frame = std::to_string(t.end_frame());
    // A game Disconnect comes first, RakNet's notification (if any) after it.
    const std::string game =
        bedrock.disconnect_frame()
            ? std::string("Bedrock Disconnect from the ") + side_name(bedrock.disconnect_from()) + " in frame " +
                  std::to_string(bedrock.disconnect_frame()) + ", then "
            : std::string();
    if (!game.empty() && t.end() != raknet::EndReason::Disconnect)
        return game.substr(0, game.size() - 7) + " (no RakNet disconnection notification)";
    if (!game.empty())
        return game + "Disconnection Notification from the " + side_name(t.disconnected_by()) + " in frame " + frame;
    switch (t.end()) {
    case raknet::EndReason::Disconnect:
        return std::string("Disconnection Notification from the ") + side_name(t.disconnected_by()) + " in frame " + frame;
    case raknet::EndReason::Silence: return "silence after frame " + frame + " (RakNet's timeout)";
    case raknet::EndReason::CaptureEnd:
        if (t.peer_silent())
            return std::string("the ") + side_name(t.silent_side()) + " went silent after frame " +
                   std::to_string(t.side_last_frame(t.silent_side())) + ", the other side sent on to frame " + frame +
                   " (the end of the capture)";
        return "cut by the end of the capture (last packet in frame " + frame + ")";
    case raknet::EndReason::Open: break;
    }
    return "open";
}

void RaknetSummary::text(Output& out) const {
    const raknet::Session& t = session.transport();
    const raknet::Handshake& h = t.handshake();
    out << "  RakNet version: " << t.version().name << (t.version_decided() ? "" : " (not decided: no message told)");
    if (h.client_protocol) out << "; protocol " << unsigned(h.client_protocol);
    if (h.mtu) out << "; MTU " << h.mtu;
    if (h.incompatible) out << "; incompatible protocol (server speaks " << unsigned(h.server_protocol) << ")";
    out << (h.connected ? "; connected" : "; not connected");
    const mcpe::GameStats& gc = session.stats(Side::Client);
    const mcpe::GameStats& gs = session.stats(Side::Server);
    if (bedrock.recognised()) {
        out << "; game: Minecraft Bedrock";
    } else if (gc.packets + gs.packets) {
        out << "; game: ";
        if (gc.wrappers + gs.wrappers == gc.packets + gs.packets) out << "0xFE wrapper (Bedrock)";
        else if (session.version_known()) out << "MCPE " << session.version().name << " (protocol " << session.login_protocol() << ", from the Login)";
        else out << "MCPE " << session.version().name << " (no Login seen: assumed)";
    }
    out << '\n';
    if (bedrock.recognised()) bedrock_summary_text(out, bedrock);
    for (Side s : {Side::Client, Side::Server}) {
        const DirectionStats& d = t.stats(s);
        const DirectionStats& o = t.stats(core::other(s));
        out << "  " << (s == Side::Client ? "client->server" : "server->client") << ": " << d.udp_packets
            << " UDP packets, " << sum(d.offline, raknet::id::kFirstUser) << " offline, " << d.datagrams << " datagrams";
        if (d.any_seq) out << " (seq " << d.seq_min << ".." << d.seq_max << ", " << d.distinct_seqs << " distinct)";
        const raknet::Figures f = raknet::figures(d);
        out << "; " << f.gaps << " gaps over " << f.skipped << " numbers skipped (" << f.out_of_order << " out of order, "
            << f.never_seen << " never seen), " << f.duplicates << " duplicates\n";
        out << "    acknowledged: " << d.acked << " ACKed (time to ACK ";
        delays_text(out, d.ack_delay);
        out << "), " << d.naked << " NAKed, " << d.unacked << " never ACKed; the receiver sent " << o.acks << " ACKs ("
            << o.ack_records << " records) and " << o.naks << " NAKs (" << o.nak_records << " records, " << o.nak_seqs
            << " seqs)\n";
        // Resends of either kind (a message in a new datagram, or a whole
        // datagram again) answer a NAK or a timeout; the delay is of those
        // that answered a NAK, of both kinds.
        out << "    frames: " << d.frames << ", " << d.repeated_frames << " repeated; resends: " << f.resends << " ("
            << f.resent_messages << " messages in a new datagram, " << f.resent_datagrams << " datagrams again; "
            << f.after_nak << " after a NAK, " << f.on_timeout << " on a timeout)";
        if (d.nak_to_resend.count) {
            out << ", NAK to resend ";
            delays_text(out, d.nak_to_resend);
        }
        if (d.any_message_index)
            out << "; reliable indexes " << d.message_index_min << ".." << d.message_index_max << " (" << d.message_indexes
                << " distinct, " << d.message_indexes_never_seen << " never seen), " << d.reliable_unacked
                << " reliable messages never ACKed";
        out << "; order gaps " << d.order_gaps << ", late " << d.order_late << '\n';
        out << "    split groups: " << d.split_groups << " (" << d.split_completed << " complete, " << d.split_incomplete
            << " incomplete), " << d.split_fragments << " fragments; pings answered: " << d.rtt.count << " (RTT ";
        delays_text(out, d.rtt);
        out << ")\n";
    }
}

void RaknetSummary::json(Output& out) const {
    const raknet::Session& t = session.transport();
    out << ",\"protocol\":\"raknet\",\"raknet_version\":\"" << t.version().name
        << "\",\"version_decided\":" << (t.version_decided() ? "true" : "false") << ",\"mtu\":" << t.handshake().mtu
        << ",\"connected\":" << (t.handshake().connected ? "true" : "false") << ",\"mcpe_protocol\":" << session.login_protocol();
    for (Side s : {Side::Client, Side::Server}) {
        const DirectionStats& d = t.stats(s);
        const DirectionStats& o = t.stats(core::other(s));
        const raknet::Figures f = raknet::figures(d);
        out << ",\"" << (s == Side::Client ? "client_to_server" : "server_to_client") << "\":{\"udp_packets\":" << d.udp_packets
            << ",\"offline\":" << sum(d.offline, raknet::id::kFirstUser) << ",\"datagrams\":" << d.datagrams
            << ",\"seq_min\":" << d.seq_min << ",\"seq_max\":" << d.seq_max << ",\"distinct_seqs\":" << d.distinct_seqs
            << ",\"gaps\":" << f.gaps << ",\"skipped\":" << f.skipped << ",\"out_of_order\":" << f.out_of_order
            << ",\"never_seen\":" << f.never_seen << ",\"duplicates\":" << f.duplicates
            << ",\"acked\":" << d.acked << ",\"naked\":" << d.naked << ",\"unacked\":" << d.unacked;
        delays_json(out, "ack_delay", d.ack_delay);
        out << ",\"acks_received\":" << o.acks << ",\"naks_received\":" << o.naks << ",\"acks_sent\":" << d.acks
            << ",\"ack_records_sent\":" << d.ack_records << ",\"naks_sent\":" << d.naks << ",\"nak_records_sent\":"
            << d.nak_records << ",\"nak_seqs_sent\":" << d.nak_seqs << ",\"frames\":" << d.frames
            << ",\"resends\":" << f.resends << ",\"resent_frames\":" << d.resent_frames
            << ",\"resends_after_nak\":" << f.after_nak << ",\"resends_on_timeout\":" << f.on_timeout;
        delays_json(out, "nak_to_resend", d.nak_to_resend);
        out << ",\"resent_datagrams\":" << d.resent_datagrams << ",\"repeated_frames\":" << d.repeated_frames
            << ",\"message_indexes\":" << d.message_indexes << ",\"message_indexes_never_seen\":"
            << d.message_indexes_never_seen << ",\"reliable_unacked\":" << d.reliable_unacked << ",\"order_gaps\":"
            << d.order_gaps << ",\"order_late\":" << d.order_late << ",\"split_fragments\":" << d.split_fragments
            << ",\"split_groups\":" << d.split_groups << ",\"split_completed\":" << d.split_completed
            << ",\"split_incomplete\":" << d.split_incomplete << ",\"game_packets\":" << session.stats(s).packets;
        delays_json(out, "rtt", d.rtt);
        out << '}';
    }
    if (bedrock.recognised()) bedrock_summary_json(out, bedrock);
}

std::string RaknetSummary::details() const {
    const raknet::Session& t = session.transport();
    const DirectionStats& c = t.stats(Side::Client);
    const DirectionStats& s = t.stats(Side::Server);
    const raknet::Figures fc = raknet::figures(c), fs = raknet::figures(s);
    return "RakNet " + std::string(t.version().name) + "; datagrams " + std::to_string(c.datagrams) + " c→s, " +
           std::to_string(s.datagrams) + " s→c, never seen " + std::to_string(fc.never_seen) + " / " +
           std::to_string(fs.never_seen) + "; resends " + std::to_string(fc.resends) + " / " + std::to_string(fs.resends);
}

Figures RaknetSummary::figures() const {
    const raknet::Session& t = session.transport();
    const DirectionStats& dc = t.stats(Side::Client);
    const DirectionStats& ds = t.stats(Side::Server);
    const raknet::Figures c = raknet::figures(dc), s = raknet::figures(ds);
    Figures out;
    const auto row = [&out](const char* name, uint64_t a, uint64_t b, const char* unit) {
        out.rows.push_back(FigureRow{name, std::to_string(a), std::to_string(b), unit});
    };
    const auto ms = [&out](const char* name, const raknet::Delays& a, const raknet::Delays& b) {
        const auto text = [](const raknet::Delays& d) {
            return d.count ? sfmt("%.1f / %.1f", d.mean_ms(), d.max_ms) : std::string("-");
        };
        out.rows.push_back(FigureRow{name, text(a), text(b), "ms (mean / max)"});
    };
    row("UDP packets", dc.udp_packets, ds.udp_packets, "packets");
    row("datagrams", c.datagrams, s.datagrams, "datagrams");
    row("gaps", c.gaps, s.gaps, "datagrams after skipped numbers");
    row("numbers skipped", c.skipped, s.skipped, "datagram numbers");
    row("out of order", c.out_of_order, s.out_of_order, "datagrams");
    row("never seen", c.never_seen, s.never_seen, "datagram numbers");
    row("duplicates", c.duplicates, s.duplicates, "datagrams");
    row("ACKed", dc.acked, ds.acked, "datagrams");
    ms("time to ACK", dc.ack_delay, ds.ack_delay);
    row("NAKed", c.naked, s.naked, "datagrams");
    row("NAKs", ds.naks, dc.naks, "NAK packets from the receiver");
    row("never ACKed", dc.unacked, ds.unacked, "datagrams");
    row("resends", c.resends, s.resends, "messages or datagrams sent again");
    row("  after a NAK", c.after_nak, s.after_nak, "resends");
    row("  on a timeout", c.on_timeout, s.on_timeout, "resends");
    ms("NAK to resend", dc.nak_to_resend, ds.nak_to_resend);
    row("split groups incomplete", dc.split_incomplete, ds.split_incomplete, "groups");
    ms("ping round trip", dc.rtt, ds.rtt);
    // What went wrong, side by side: what the capture point missed, what the
    // receivers reported missing, what the senders sent again.
    std::string what;
    const auto add = [&what](const std::string& part) { what += (what.empty() ? "" : "; ") + part; };
    const Side sides[2] = {Side::Client, Side::Server};
    const raknet::Figures* f[2] = {&c, &s};
    for (int i = 0; i < 2; ++i) {
        const char* who = side_name(sides[i]);
        const char* peer = side_name(core::other(sides[i]));
        if (f[i]->never_seen)
            add(sfmt("%llu of the %s's datagram numbers never seen here (lost before the capture point)",
                    (unsigned long long)f[i]->never_seen, who));
        if (f[i]->out_of_order)
            add(sfmt("%llu of its datagrams out of order", (unsigned long long)f[i]->out_of_order));
        if (f[i]->naked)
            add(sfmt("the %s reported %llu of the %s's datagrams missing", peer, (unsigned long long)f[i]->naked, who));
        if (f[i]->resends)
            add(sfmt("the %s sent %llu again (%llu after a NAK, %llu on a timeout)", who,
                    (unsigned long long)f[i]->resends, (unsigned long long)f[i]->after_nak,
                    (unsigned long long)f[i]->on_timeout));
        if (f[i]->duplicates) add(sfmt("%llu duplicates of the %s's datagrams", (unsigned long long)f[i]->duplicates, who));
    }
    out.sentence = what.empty() ? "Nothing lost: every datagram number seen once and in order, nothing NAKed or resent."
                                : what + ".";
    out.sentence[0] = char(std::toupper(static_cast<unsigned char>(out.sentence[0])));
    return out;
}

std::vector<const core::FindingTable*> RaknetSummary::tables() const {
    return {&raknet::finding_table(), &mcpe::finding_table(), &bedrock::finding_table()};
}

}  // namespace blankshark
