#include "raknet/raknet_summary.hpp"

#include "bedrock/bedrock_summary.hpp"
#include "protocols/bedrock/findings.hpp"
#include "protocols/mcpe/findings.hpp"
#include "protocols/raknet/findings.hpp"

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
    case raknet::EndReason::CaptureEnd: return "cut by the end of the capture (last packet in frame " + frame + ")";
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
        out << ", " << d.gaps << " gaps (" << d.missing << " never seen), " << d.duplicates_identical + d.duplicates_different
            << " duplicates, " << d.out_of_order << " out of order\n";
        out << "    acknowledged: " << d.acked << " ACKed (time to ACK ";
        delays_text(out, d.ack_delay);
        out << "), " << d.naked << " NAKed, " << d.unacked << " never ACKed; the receiver sent " << o.acks << " ACKs ("
            << o.ack_records << " records) and " << o.naks << " NAKs (" << o.nak_records << " records, " << o.nak_seqs
            << " seqs)\n";
        // Resends of either kind (a message in a new datagram, or a whole
        // datagram again) answer a NAK or a timeout; the delay is of those
        // that answered a NAK, of both kinds.
        out << "    frames: " << d.frames << ", " << d.repeated_frames << " repeated; resends: " << d.resent_frames
            << " messages in a new datagram (" << d.resends_after_nak << " after a NAK, "
            << d.resent_frames - d.resends_after_nak << " on a timeout), " << d.resent_datagrams
            << " datagrams again after a NAK";
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
        out << ",\"" << (s == Side::Client ? "client_to_server" : "server_to_client") << "\":{\"udp_packets\":" << d.udp_packets
            << ",\"offline\":" << sum(d.offline, raknet::id::kFirstUser) << ",\"datagrams\":" << d.datagrams
            << ",\"seq_min\":" << d.seq_min << ",\"seq_max\":" << d.seq_max << ",\"distinct_seqs\":" << d.distinct_seqs
            << ",\"gaps\":" << d.gaps << ",\"missing\":" << d.missing << ",\"duplicates\":"
            << d.duplicates_identical + d.duplicates_different << ",\"out_of_order\":" << d.out_of_order
            << ",\"acked\":" << d.acked << ",\"naked\":" << d.naked << ",\"unacked\":" << d.unacked;
        delays_json(out, "ack_delay", d.ack_delay);
        out << ",\"acks_received\":" << o.acks << ",\"naks_received\":" << o.naks << ",\"acks_sent\":" << d.acks
            << ",\"ack_records_sent\":" << d.ack_records << ",\"naks_sent\":" << d.naks << ",\"nak_records_sent\":"
            << d.nak_records << ",\"nak_seqs_sent\":" << d.nak_seqs << ",\"frames\":" << d.frames
            << ",\"resent_frames\":" << d.resent_frames << ",\"resends_after_nak\":" << d.resends_after_nak
            << ",\"resends_on_timeout\":" << d.resent_frames - d.resends_after_nak;
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
    return "RakNet " + std::string(t.version().name) + "; datagrams " + std::to_string(c.datagrams) + " c→s, " +
           std::to_string(s.datagrams) + " s→c, never seen " + std::to_string(c.missing) + " / " +
           std::to_string(s.missing) + "; resends " + std::to_string(c.resent_frames) + " / " +
           std::to_string(s.resent_frames);
}

std::vector<const core::FindingTable*> RaknetSummary::tables() const {
    return {&raknet::finding_table(), &mcpe::finding_table(), &bedrock::finding_table()};
}

}  // namespace blankshark
