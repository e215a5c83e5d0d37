#include "analysis_fields.hpp"

#include "core/describe.hpp"
#include "core/schema_cache.hpp"

namespace bedrock {
namespace {

using namespace core::describe;

F str(const char* k, const char* n, const char* d = nullptr) { return text(k, n, rest()).desc(d); }

constexpr core::ValueString kCrypt[] = {{0, "clear"},
                                        {1, "decrypted, checksum good"},
                                        {2, "checksum mismatch (wrong key, damaged or missing batch)"},
                                        {3, "encrypted, no key in the key log"},
                                        {4, "encrypted, not decrypted"},
                                        {0, nullptr}};
constexpr core::ValueString kAlgorithms[] = {{0, "deflate"}, {1, "Snappy"}, {255, "none"}, {0, nullptr}};

}  // namespace

core::Layout analysis_field_rows() {
    static const core::Layout rows = arena().layout({
        group("batch", "Bedrock batch", {
            u32("number", "Batch number").desc("this direction's batches, from 1"),
            frame_num("complete_frame", "Complete in frame",
                      "RakNet completed it here; ordering held it back until an earlier message arrived"),
            ms("held", "Held back by ordering", "from the frame it was complete in to the frame that handed it on"),
            u32("order_index", "RakNet order index"),
            u8("encryption", "Encryption").vals(kCrypt),
            u32("cipher_batch", "Encrypted batch number").desc("this direction's encrypted batches, from 0: the checksum's counter"),
            u8("compression", "Compression").vals(kAlgorithms),
            boolean("header", "Compression header byte").desc("1.20.60 and later: a byte saying the algorithm"),
            u32("wire_size", "Size after 0xFE").unit("bytes"),
            u32("size", "Decompressed size").unit("bytes"),
            u32("packets", "Packets"),
        }),
        group("analysis", "Bedrock analysis", {
            i32("protocol", "Protocol version").desc("the release the packet is decoded with"),
            str("release", "Release"),
            u32("index", "Packet in batch").desc("its place in the batch, from 1"),
            // Play (game_figures.hpp); times between the frames RakNet completed the batches in.
            frame_num("request_frame", "Latency request in frame", "the server's Network Stack Latency this echoes"),
            ms("rtt", "Round trip", "from the server's request to the client's echo of its timestamp"),
            i64("tick_step", "Ticks since the previous input").desc("1: none skipped"),
            frame_num("previous_input_frame", "Previous input in frame", "the client's previous Player Auth Input"),
            ms("input_interval", "Since the previous input", "time between two Player Auth Inputs"),
            i64("input_tick", "Input tick").desc("the client's input a correction or teleport is measured from"),
            frame_num("input_frame", "Input in frame", "that Player Auth Input"),
            ms("since_input", "Since that input", "from the input to this packet"),
            F(leaf("distance", "Distance from the input", core::Kind::Measure)).unit("blocks")
                .desc("between the position this packet gives and that input's"),
            u32("chunk_asked", "Times this chunk was asked").desc("resource pack chunk requests for it so far"),
            frame_num("asked_frame", "Chunk first asked in frame", "the client's first Resource Pack Chunk Request for it"),
            ms("since_asked", "Since the chunk was asked", "from its first request to this chunk"),
            u32("subchunks_answered", "Sub-chunks answering a request").desc("entries at positions a Subchunk Request asked"),
            frame_num("subchunk_request_frame", "Sub-chunks asked in frame", "the request of the first answered"),
            ms("since_subchunk_request", "Since the sub-chunks were asked", "from that request to this answer"),
            group("login", "Login (decoded)", {
                u32("chain_tokens", "Chain tokens").desc("JWTs of the identity chain that decoded"),
                str("display_name", "Display name"),
                str("xuid", "XUID").desc("Xbox user id (empty in offline mode)"),
                str("identity", "Identity UUID"),
                str("title_id", "Title ID"),
                str("device_os", "Device OS"),
                str("device_model", "Device model"),
                str("game_version", "Game version"),
                str("server_address", "Server address"),
                str("language", "Language"),
                str("signatures", "Signatures", "the JWT signatures are not verified (no keys to verify them with)"),
            }),
        }),
    });
    return rows;
}

const AnalysisNodes& analysis_nodes(const core::Schema& compiled) {
    return core::per_schema<AnalysisNodes>(compiled, [](const core::Schema& s) {
        auto b = [&](const char* k) { return s.node(std::string("bedrock.batch") + k); };
        auto a = [&](const char* k) { return s.node(std::string("bedrock.analysis") + k); };
        AnalysisNodes n{b(""), b(".number"), b(".complete_frame"), b(".held"), b(".order_index"), b(".encryption"),
                        b(".cipher_batch"), b(".compression"), b(".header"), b(".wire_size"), b(".size"),
                        b(".packets"), a(""), a(".protocol"), a(".release"), a(".index"), a(".request_frame"),
                        a(".rtt"), a(".tick_step"), a(".previous_input_frame"), a(".input_interval"),
                        a(".input_tick"), a(".input_frame"), a(".since_input"), a(".distance"), a(".chunk_asked"), a(".asked_frame"),
                        a(".since_asked"), a(".subchunks_answered"), a(".subchunk_request_frame"),
                        a(".since_subchunk_request"), a(".login"),
                        a(".login.chain_tokens"), a(".login.display_name"), a(".login.xuid"), a(".login.identity"),
                        a(".login.title_id"), a(".login.device_os"), a(".login.device_model"),
                        a(".login.game_version"), a(".login.server_address"), a(".login.language"),
                        a(".login.signatures")};
        return n;
    });
}

}  // namespace bedrock
