// Development tool for the RakNet analysis: runs raknet::Session over a
// capture's conversations (as tests/protocols/raknet_capture.hpp feeds
// them) and prints, per conversation and direction, the figures of the
// captures' README (captures/raknet/README.md) beside the analysis' own,
// then every finding with -v, or the packets with -p.
// Usage: raknet_scan [-v] [-p] FILE [SERVER_PORT]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

#include "../protocols/raknet_capture.hpp"
#include "core/finding.hpp"
#include "protocols/raknet/constants.hpp"
#include "protocols/raknet/schema.hpp"

using namespace raknet;

namespace {

void print_stats(const DirectionStats& c, const DirectionStats& s) {
    auto row = [](const char* name, const std::string& a, const std::string& b) {
        std::printf("| %-52s | %s | %s |\n", name, a.c_str(), b.c_str());
    };
    auto n = [](uint64_t v) { return std::to_string(v); };
    auto offline = [](const DirectionStats& d) {
        std::string out;
        for (int i = 0; i < 0x80; ++i)
            if (d.offline[i]) out += (out.empty() ? "" : ", ") + std::to_string(i) + ":" + std::to_string(d.offline[i]);
        return out.empty() ? std::string("-") : out;
    };
    auto hdr = [](const DirectionStats& d) {
        std::string out;
        for (int i = 0; i < 32; ++i)
            if (d.datagram_flags[i]) {
                char b[32];
                std::snprintf(b, sizeof b, "0x%02x %llu", 0x80 + i, (unsigned long long)d.datagram_flags[i]);
                out += (out.empty() ? "" : ", ") + std::string(b);
            }
        return out.empty() ? std::string("-") : out;
    };
    auto rel = [](const uint64_t* by) {
        std::string out;
        for (uint32_t i = 0; i < kReliabilityCount; ++i)
            if (by[i]) out += (out.empty() ? "" : ", ") + std::string(reliability_name(Reliability(i))) + " " + std::to_string(by[i]);
        return out.empty() ? std::string("-") : out;
    };
    auto channels = [](const DirectionStats& d) {
        std::string out;
        for (uint32_t i = 0; i < kOrderingChannels; ++i)
            if (d.ordered_by_channel[i]) out += (out.empty() ? "" : ", ") + std::string("ch") + std::to_string(i) + " " + std::to_string(d.ordered_by_channel[i]);
        return out.empty() ? std::string("-") : out;
    };
    auto msgs = [](const DirectionStats& d) {
        std::string out;
        for (int i = 0; i < 256; ++i)
            if (d.messages_by_id[i]) {
                char b[32];
                std::snprintf(b, sizeof b, "0x%02x %llu", i, (unsigned long long)d.messages_by_id[i]);
                out += (out.empty() ? "" : ", ") + std::string(b);
            }
        return out.empty() ? std::string("-") : out;
    };
    auto range = [](bool any, uint64_t lo, uint64_t hi) { return any ? std::to_string(lo) + ".." + std::to_string(hi) : std::string("-"); };
    auto delays = [](const Delays& d) {
        char b[96];
        std::snprintf(b, sizeof b, "%llu: mean %.1f min %.1f max %.1f ms", (unsigned long long)d.count, d.mean_ms(), d.min_ms, d.max_ms);
        return std::string(b);
    };
    row("UDP packets", n(c.udp_packets), n(s.udp_packets));
    row("offline messages", offline(c), offline(s));
    row("datagrams", n(c.datagrams), n(s.datagrams));
    row("datagram header bytes", hdr(c), hdr(s));
    row("sequence range", range(c.any_seq, c.seq_min, c.seq_max), range(s.any_seq, s.seq_min, s.seq_max));
    row("distinct sequence numbers", n(c.distinct_seqs), n(s.distinct_seqs));
    row("gaps / missing seqs", n(c.gaps) + " / " + n(c.missing), n(s.gaps) + " / " + n(s.missing));
    row("duplicate datagrams (identical / different)", n(c.duplicates_identical + c.duplicates_different) + " (" + n(c.duplicates_identical) + " / " + n(c.duplicates_different) + ")",
        n(s.duplicates_identical + s.duplicates_different) + " (" + n(s.duplicates_identical) + " / " + n(s.duplicates_different) + ")");
    row("out-of-order datagrams", n(c.out_of_order), n(s.out_of_order));
    row("ACK datagrams / records / seqs covered", n(c.acks) + " / " + n(c.ack_records) + " / " + n(c.ack_seqs), n(s.acks) + " / " + n(s.ack_records) + " / " + n(s.ack_seqs));
    row("ACK records single / range, max per ACK", n(c.ack_single) + " / " + n(c.ack_ranges) + ", " + n(c.max_records_per_ack), n(s.ack_single) + " / " + n(s.ack_ranges) + ", " + n(s.max_records_per_ack));
    row("NAK datagrams / records / seqs covered", n(c.naks) + " / " + n(c.nak_records) + " / " + n(c.nak_seqs), n(s.naks) + " / " + n(s.nak_records) + " / " + n(s.nak_seqs));
    row("frames", n(c.frames), n(s.frames));
    row("frames by reliability", rel(c.frames_by_reliability), rel(s.frames_by_reliability));
    row("datagrams with >1 frame, max frames/datagram", n(c.multi_frame_datagrams) + ", " + n(c.max_frames_per_datagram), n(s.multi_frame_datagrams) + ", " + n(s.max_frames_per_datagram));
    row("reliable message index range (distinct, never seen)",
        range(c.any_message_index, c.message_index_min, c.message_index_max) + " (" + n(c.message_indexes) + ", " + n(c.message_indexes_never_seen) + ")",
        range(s.any_message_index, s.message_index_min, s.message_index_max) + " (" + n(s.message_indexes) + ", " + n(s.message_indexes_never_seen) + ")");
    row("resent frames (same message index, new datagram)", n(c.resent_frames), n(s.resent_frames));
    row("frames repeated in duplicate datagrams", n(c.repeated_frames), n(s.repeated_frames));
    row("ordered frames by channel", channels(c), channels(s));
    row("split fragments", n(c.split_fragments), n(s.split_fragments));
    row("split groups (completed / incomplete)", n(c.split_groups) + " (" + n(c.split_completed) + " / " + n(c.split_incomplete) + ")",
        n(s.split_groups) + " (" + n(s.split_completed) + " / " + n(s.split_incomplete) + ")");
    row("split groups by reliability", rel(c.split_groups_by_reliability), rel(s.split_groups_by_reliability));
    row("max split count", n(c.max_split_count), n(s.max_split_count));
    row("messages (unique) by first byte", msgs(c), msgs(s));
    row("largest message bytes", n(c.largest_message), n(s.largest_message));
    row("-- analysis: acked / NAKed / never acked datagrams", n(c.acked) + " / " + n(c.naked) + " / " + n(c.unacked), n(s.acked) + " / " + n(s.naked) + " / " + n(s.unacked));
    row("-- time to ACK", delays(c.ack_delay), delays(s.ack_delay));
    row("-- resends after a NAK", n(c.resends_after_nak) + " frames, " + n(c.resent_datagrams) + " datagrams", n(s.resends_after_nak) + " frames, " + n(s.resent_datagrams) + " datagrams");
    row("-- NAK to resend", delays(c.nak_to_resend), delays(s.nak_to_resend));
    row("-- reliable messages never acked", n(c.reliable_unacked), n(s.reliable_unacked));
    row("-- order gaps / late, sequenced stale", n(c.order_gaps) + " / " + n(c.order_late) + ", " + n(c.sequenced_stale), n(s.order_gaps) + " / " + n(s.order_late) + ", " + n(s.sequenced_stale));
    row("-- ping round trips (pinger's side)", delays(c.rtt), delays(s.rtt));
    row("-- malformed packets", n(c.malformed), n(s.malformed));
}

void print_finding(const core::Finding& f) {
    char buf[256];
    core::format_finding(f, buf, sizeof buf);
    std::printf("  frame %llu %s: %s\n", (unsigned long long)f.frame, core::finding_info(f.code).name, buf);
}

// Prints the decoder's findings, numbered with the packet's frame.
struct DecoderFindings {
    static constexpr bool kFindingsOnly = true;
    uint64_t frame;
    void open(const core::Item&) {}
    void leaf(const core::Item&) {}
    void close() {}
    void finding(const core::Finding& f) {
        core::Finding g = f;
        g.frame = frame;
        std::printf("  decoder: ");
        print_finding(g);
    }
};

}  // namespace

int main(int argc, char** argv) {
    bool verbose = false, packets = false;
    int a = 1;
    for (; a < argc && argv[a][0] == '-'; ++a) {
        if (std::strcmp(argv[a], "-v") == 0) verbose = true;
        if (std::strcmp(argv[a], "-p") == 0) packets = true;
    }
    if (a >= argc) {
        std::fprintf(stderr, "usage: raknet_scan [-v] [-p] FILE [SERVER_PORT]\n");
        return 2;
    }
    const uint16_t port = a + 1 < argc ? uint16_t(std::atoi(argv[a + 1])) : kDefaultPort;
    const raknettest::CaptureRun run = raknettest::run_capture(argv[a], port);
    if (!run.ok) {
        std::fprintf(stderr, "%s\n", run.error.c_str());
        return 1;
    }
    std::printf("file %s: %llu frames, %zu conversations\n", argv[a], (unsigned long long)run.frames, run.conversations.size());
    for (const auto& c : run.conversations) {
        const Session& s = *c->session;
        std::printf("\nclient %s, server %s: version %s%s, ended: %s (frame %llu)\n\n",
                    blankshark::capture::to_string(c->client).c_str(), blankshark::capture::to_string(c->server).c_str(),
                    s.version().name, s.version_decided() ? "" : " (not decided)", end_reason_name(s.end()),
                    (unsigned long long)s.end_frame());
        std::printf("| count | c2s | s2c |\n|---|---|---|\n");
        print_stats(s.stats(Side::Client), s.stats(Side::Server));
        std::map<std::string, int> counts;
        for (const auto& p : c->packets)
            for (const core::Finding& f : p.findings) ++counts[core::finding_info(f.code).name];
        for (const core::Finding& f : c->late) ++counts[core::finding_info(f.code).name];
        std::printf("\nfindings:\n");
        for (const auto& [k, v] : counts) std::printf("  %6d %s\n", v, k.c_str());
        if (verbose) {
            for (const auto& p : c->packets) {
                for (const core::Finding& f : p.findings) print_finding(f);
                // The decoder's own findings on the packet and on its frames' system messages.
                DecoderFindings quiet{p.p.frame};
                const core::Schema& sch = schema(*p.p.version);
                core::decode(sch, p.bytes.data(), p.bytes.size(), p.p.context(kPacketTable), quiet);
                for (const auto& m : p.messages)
                    if (m.m.system) core::decode(sch, m.bytes.data(), m.bytes.size(), p.p.context(kMessageTable), quiet);
            }
            std::printf("late:\n");
            for (const core::Finding& f : c->late) print_finding(f);
        }
        if (packets) {
            for (const auto& p : c->packets) {
                std::printf("%llu %.6f %s id 0x%02x len %u", (unsigned long long)p.p.frame, p.p.time, core::arrow(p.p.from),
                            p.p.id, p.p.len);
                if (p.p.kind == PacketKind::Datagram) std::printf(" seq %llu status %d", (unsigned long long)p.p.seq_unwrapped, int(p.p.status));
                for (const auto& f : p.frames)
                    std::printf(" [%s mi %u role %d%s]", reliability_name(f.reliability), f.message_index, int(f.role),
                                f.split ? " split" : "");
                std::printf("\n");
            }
        }
    }
    return 0;
}
