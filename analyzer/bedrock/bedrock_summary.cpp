#include "bedrock/bedrock_summary.hpp"

#include <cstdio>

namespace blankshark {
namespace {

using core::Side;

const char* encryption_text(const bedrock::Session& b) {
    if (!b.encrypted()) return "none";
    return b.version().ctr() ? "AES-256-CTR" : "AES-256-CFB8";
}

}  // namespace

void bedrock_summary_text(Output& out, const bedrock::Session& b) {
    out << "  Bedrock: release " << b.version().name << " (protocol " << b.version().protocol;
    if (b.release_inferred()) out << ", inferred from the packets: no Login seen";
    else if (b.protocol() >= 0) out << ", the client's " << b.protocol();
    out << ")";
    if (b.mid_connection()) out << "; picked up mid-connection";
    out << "; encryption " << encryption_text(b);
    if (b.encrypted()) out << (b.key_found() ? " (key from the key log)" : " (no key: not decrypted)");
    if (b.threshold() >= 0)
        out << "; compression threshold " << b.threshold() << ", " << (b.algorithm() == 1 ? "Snappy" : "deflate");
    if (const bedrock::LoginInfo* l = b.login())
        out << "; player \"" << l->display_name << "\"" << (l->xuid.empty() ? "" : " XUID " + l->xuid)
            << (l->device_os.empty() ? "" : ", device " + l->device_os);
    out << '\n';
    for (Side s : {Side::Client, Side::Server}) {
        const bedrock::DirectionStats& d = b.stats(s);
        out << "    " << (s == Side::Client ? "client->server" : "server->client") << ": " << d.batches
            << " batches (deflate " << d.by_algorithm[0] << ", Snappy " << d.by_algorithm[1] << ", none "
            << d.by_algorithm[2] << "; largest " << d.largest << " bytes decompressed), " << d.packets << " packets";
        if (d.encrypted)
            out << "; encrypted " << d.encrypted << " (checksum good " << d.checksum_good << ", bad " << d.checksum_bad
                << ", not decrypted " << d.undecrypted << ")";
        out << "; held back by RakNet ordering " << d.held_back << ", never handed on " << d.never_delivered << '\n';
    }
    const bedrock::FigureStats& f = b.figures();
    if (f.requests || f.inputs || f.corrections || f.teleports) {
        char line[400];
        std::snprintf(line, sizeof line,
                      "    Play: latency requests %llu, echoed %llu (round trip min %.1f, mean %.1f, max %.1f ms); "
                      "inputs %llu (tick jumps %llu, %llu ticks never sent; longest gap %.1f ms); corrections %llu "
                      "(largest %.3f blocks), teleports %llu\n",
                      (unsigned long long)f.requests, (unsigned long long)f.round_trips, f.rtt_min,
                      f.round_trips ? f.rtt_sum / double(f.round_trips) : 0.0, f.rtt_max,
                      (unsigned long long)f.inputs, (unsigned long long)f.tick_jumps,
                      (unsigned long long)f.ticks_skipped, f.input_gap_max, (unsigned long long)f.corrections,
                      f.correction_max, (unsigned long long)f.teleports);
        out << line;
    }
    const bedrock::GameFigures& g = b.game_figures();
    if (f.level_chunks || f.subchunk_requests || f.subchunk_answers) {
        out << "    Chunks: Level Chunk " << f.level_chunks << "; Subchunk Request " << f.subchunk_requests << " ("
            << f.subchunks_asked << " sub-chunks), Subchunk " << f.subchunk_answers << " (" << f.subchunks_answered
            << " answering, success " << f.subchunk_results[1] << ", all air " << f.subchunk_results[6] << ", other "
            << (f.subchunk_results[0] + f.subchunk_results[2] + f.subchunk_results[3] + f.subchunk_results[4] +
                f.subchunk_results[5] + f.subchunk_results[7])
            << ", not asked " << f.subchunks_unasked << "); never answered " << g.subchunks_unanswered();
        const auto unanswered = g.unanswered_requests();
        if (!unanswered.empty()) {
            out << " (requests none of whose sub-chunks came: frames";
            for (size_t i = 0; i < unanswered.size() && i < 10; ++i) out << ' ' << unanswered[i].first;
            if (unanswered.size() > 10) out << " ...";
            out << ')';
        }
        out << '\n';
    }
    for (const bedrock::PackTransfer& p : b.packs()) {
        out << "    Resource pack " << p.id << ": " << p.chunk_count << " chunks of up to " << p.max_chunk_size << " bytes, "
            << p.size << " bytes; asked " << p.requests << " times (again " << p.repeated << "), received "
            << p.received << " (" << p.bytes << " bytes), never received " << p.missing() << '\n';
    }
    if (b.disconnect_frame())
        out << "    Disconnect from the " << (b.disconnect_from() == Side::Server ? "server" : "client") << " in frame "
            << b.disconnect_frame() << ": \"" << b.disconnect_message() << "\"\n";
}

void bedrock_summary_json(Output& out, const bedrock::Session& b) {
    out << ",\"bedrock\":{\"release\":\"";
    json_escape(out, b.version().name);
    out << "\",\"protocol\":" << b.version().protocol << ",\"client_protocol\":" << b.protocol()
        << ",\"release_inferred\":" << (b.release_inferred() ? "true" : "false")
        << ",\"mid_connection\":" << (b.mid_connection() ? "true" : "false") << ",\"encryption\":\""
        << encryption_text(b) << "\",\"key_found\":" << (b.key_found() ? "true" : "false")
        << ",\"compression_threshold\":" << b.threshold() << ",\"compression_algorithm\":" << b.algorithm();
    if (const bedrock::LoginInfo* l = b.login()) {
        out << ",\"player\":\"";
        json_escape(out, l->display_name);
        out << "\",\"xuid\":\"";
        json_escape(out, l->xuid);
        out << "\",\"device_os\":\"";
        json_escape(out, l->device_os);
        out << '"';
    }
    for (Side s : {Side::Client, Side::Server}) {
        const bedrock::DirectionStats& d = b.stats(s);
        out << ",\"" << (s == Side::Client ? "client_to_server" : "server_to_client") << "\":{\"batches\":" << d.batches
            << ",\"packets\":" << d.packets << ",\"deflate\":" << d.by_algorithm[0] << ",\"snappy\":" << d.by_algorithm[1]
            << ",\"uncompressed\":" << d.by_algorithm[2] << ",\"encrypted\":" << d.encrypted
            << ",\"checksum_good\":" << d.checksum_good << ",\"checksum_bad\":" << d.checksum_bad
            << ",\"not_decrypted\":" << d.undecrypted << ",\"held_back\":" << d.held_back
            << ",\"never_handed_on\":" << d.never_delivered << ",\"largest\":" << d.largest << '}';
    }
    const bedrock::FigureStats& f = b.figures();
    char play[400];
    std::snprintf(play, sizeof play,
                  ",\"play\":{\"latency_requests\":%llu,\"round_trips\":%llu,\"rtt_min_ms\":%.3f,\"rtt_mean_ms\":%.3f,"
                  "\"rtt_max_ms\":%.3f,\"inputs\":%llu,\"tick_jumps\":%llu,\"ticks_never_sent\":%llu,"
                  "\"longest_input_gap_ms\":%.3f,\"corrections\":%llu,\"largest_correction\":%.3f,\"teleports\":%llu}",
                  (unsigned long long)f.requests, (unsigned long long)f.round_trips, f.rtt_min,
                  f.round_trips ? f.rtt_sum / double(f.round_trips) : 0.0, f.rtt_max, (unsigned long long)f.inputs,
                  (unsigned long long)f.tick_jumps, (unsigned long long)f.ticks_skipped, f.input_gap_max,
                  (unsigned long long)f.corrections, f.correction_max, (unsigned long long)f.teleports);
    const bedrock::GameFigures& g = b.game_figures();
    out << play << ",\"chunks\":{\"level_chunks\":" << f.level_chunks << ",\"subchunk_requests\":" << f.subchunk_requests
        << ",\"subchunks_asked\":" << f.subchunks_asked << ",\"subchunk_answers\":" << f.subchunk_answers
        << ",\"subchunks_answered\":" << f.subchunks_answered << ",\"success\":" << f.subchunk_results[1]
        << ",\"success_all_air\":" << f.subchunk_results[6] << ",\"subchunks_not_asked\":" << f.subchunks_unasked
        << ",\"subchunks_never_answered\":" << g.subchunks_unanswered() << ",\"unanswered_requests\":[";
    bool any = false;
    for (const auto& [frame, entries] : g.unanswered_requests()) {
        out << (any ? "," : "") << "{\"frame\":" << frame << ",\"subchunks\":" << entries << '}';
        any = true;
    }
    out << "]},\"resource_packs\":[";
    bool first = true;
    for (const bedrock::PackTransfer& p : b.packs()) {
        out << (first ? "" : ",") << "{\"id\":\"";
        first = false;
        json_escape(out, p.id);
        out << "\",\"chunk_count\":" << p.chunk_count << ",\"max_chunk_size\":" << p.max_chunk_size
            << ",\"size\":" << p.size << ",\"requests\":" << p.requests << ",\"asked_again\":" << p.repeated
            << ",\"received\":" << p.received << ",\"bytes\":" << p.bytes << ",\"never_received\":" << p.missing()
            << '}';
    }
    out << "],\"disconnect_frame\":" << b.disconnect_frame() << '}';
}

}  // namespace blankshark
