#include "analysis_fields.hpp"

#include "constants.hpp"
#include "core/describe.hpp"
#include "core/schema_cache.hpp"

namespace raknet {
namespace {

using namespace core::describe;

constexpr core::ValueString kVersions[] = {{0, "mcpe-0.x"}, {1, "current"}, {0, nullptr}};
constexpr core::ValueString kStatus[] = {{0, "in order"},  {1, "after a gap"}, {2, "out of order"},
                                         {3, "duplicate"}, {4, "resent after a NAK"}, {5, "number reused"},
                                         {0, nullptr}};
constexpr core::ValueString kRoles[] = {{0, "message"},  {1, "fragment"}, {2, "resend"},
                                        {3, "repeated"}, {4, "not analysed"}, {0, nullptr}};

F count(const char* k, const char* n, const char* d) { return u32(k, n).desc(d); }
F yes(const char* k, const char* n, const char* d) { return boolean(k, n).desc(d); }

}  // namespace

core::Layout analysis_field_rows() {
    static const core::Layout rows = arena().layout({
        group("analysis", "RakNet analysis", {
            u8("version", "RakNet version").vals(kVersions).desc("the connection's layout, chosen from its handshake"),
            u64("seq", "Datagram number (unwrapped)").desc("the 24-bit number counted on past 2^24"),
            u8("seq_status", "Datagram number").vals(kStatus),
            u64("gap", "Datagrams skipped").desc("numbers not seen before this one"),
            frame_num("duplicate_of", "First copy in frame", "the frame with the first copy of this datagram number"),
            frame_num("nak_frame", "Resend asked by NAK in frame", "the NAK that reported this datagram missing"),
            ms("nak_to_resend", "NAK to resend", "time from the NAK to this resend"),
            u64("covered", "Datagram numbers covered").desc("by the records of this ACK/NAK"),
            count("matched", "Datagrams matched", "datagrams seen at the capture point it acknowledges first / reports"),
            count("unseen", "Numbers never seen", "numbers it names that were not seen at the capture point"),
            count("future", "Numbers never sent", "numbers above any the other side sent"),
            frame_num("datagram_frame", "Datagram in frame", "a datagram this ACK/NAK acknowledges or reports"),
            frame_num("acked_in", "Acknowledged in frame", "the first ACK covering this datagram"),
            ms("ack_delay", "Time to ACK", "from this datagram to its first ACK, at the capture point"),
            frame_num("naked_in", "Reported missing in frame", "a NAK naming this datagram"),
            frame_num("resent_in", "Resent in frame", "a resend of this datagram or of a reliable message in it"),
            ms("resent_after", "Resent after", "from this copy to the resend"),
            frame_num("pong_in", "Pong in frame", "the connected pong answering this ping"),
            ms("rtt", "Round trip", "ping to pong at the capture point"),
            frame_num("reassembled_in", "Reassembled in frame", "where the split packet of this fragment completed"),
            group("frame", "Frame analysis", {
                u8("role", "Frame").vals(kRoles),
                frame_num("resend_of", "First copy in frame", "the frame that carried this reliable message first"),
                frame_num("nak_frame", "NAK in frame", "the NAK that reported the datagram of the previous copy missing"),
                ms("since_nak", "NAK to resend", "time from that NAK to this resend"),
                ms("since_first", "First copy to resend", "time from the first copy to this one"),
                count("fragments_held", "Fragments held", "fragments of this split packet held after this one"),
                count("order_gap", "Ordering indexes skipped", "on this channel, before this message"),
                yes("order_late", "Ordered message late", "below the newest ordering index of its channel"),
                yes("stale", "Sequenced message stale", "older than the newest of its channel: RakNet drops it"),
            }),
            group("message", "Message", {
                count("length", "Message length", "bytes of the message (reassembled: all fragments)"),
                yes("reassembled", "Reassembled", "from split packet fragments"),
                frame_num("fragment_frame", "Fragment in frame", "the frame of each fragment, by index"),
                frame_num("ping_frame", "Ping in frame", "the connected ping this pong answers"),
                ms("rtt", "Round trip", "ping to pong at the capture point"),
            }),
        }),
    });
    return rows;
}

const AnalysisNodes& analysis_nodes(const core::Schema& compiled) {
    return core::per_schema<AnalysisNodes>(compiled, [](const core::Schema& s) {
        auto n = [&](const char* k) { return s.node(std::string("raknet.analysis.") + k); };
        AnalysisNodes a{};
        a.analysis = s.node("raknet.analysis");
        a.version = n("version");
        a.seq = n("seq");
        a.status = n("seq_status");
        a.gap = n("gap");
        a.duplicate_of = n("duplicate_of");
        a.nak_frame = n("nak_frame");
        a.since_nak = n("nak_to_resend");
        a.covered = n("covered");
        a.matched = n("matched");
        a.unseen = n("unseen");
        a.future = n("future");
        a.linked = n("datagram_frame");
        a.acked_in = n("acked_in");
        a.ack_delay = n("ack_delay");
        a.naked_in = n("naked_in");
        a.resent_in = n("resent_in");
        a.resent_after = n("resent_after");
        a.pong_in = n("pong_in");
        a.rtt = n("rtt");
        a.reassembled_in = n("reassembled_in");
        a.frame = n("frame");
        a.role = n("frame.role");
        a.resend_of = n("frame.resend_of");
        a.frame_nak = n("frame.nak_frame");
        a.frame_since_nak = n("frame.since_nak");
        a.since_first = n("frame.since_first");
        a.held = n("frame.fragments_held");
        a.order_gap = n("frame.order_gap");
        a.order_late = n("frame.order_late");
        a.stale = n("frame.stale");
        a.message = n("message");
        a.message_length = n("message.length");
        a.reassembled = n("message.reassembled");
        a.fragment_frame = n("message.fragment_frame");
        a.ping_frame = n("message.ping_frame");
        a.message_rtt = n("message.rtt");
        return a;
    });
}

}  // namespace raknet
