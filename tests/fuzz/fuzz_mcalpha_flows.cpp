// libFuzzer target: a whole capture file through the analyzer's Minecraft
// Alpha path: reader, link layers, TCP reassembler, JavaFlows handing
// Alpha connections (first client byte 0x02 on port 25565) to AlphaFlows,
// mcalpha::Session, and every Alpha printer (summary, tree, JSON, events),
// check's AlphaSummary and chunks' AlphaChunks.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "mc_alpha/alpha_chunks.hpp"
#include "mc_alpha/alpha_flows.hpp"
#include "mc_alpha/alpha_printers.hpp"
#include "mc_alpha/alpha_summary.hpp"
#include "capture_stream.hpp"
#include "mc_java/java_flows.hpp"
#include "protocols/mc_alpha/protocol_info.hpp"
#include "protocols/mc_java/protocol_info.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const std::string path = "/tmp/blankshark-fuzz-alpha-" + std::to_string(getpid()) + ".pcap";
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return 0;
    std::fwrite(data, 1, size, f);
    std::fclose(f);
    static std::FILE* devnull = std::fopen("/dev/null", "w");
    blankshark::Output out(devnull);
    blankshark::StreamOptions opt;
    opt.max_conversations = 64;
    blankshark::CaptureStream stream(opt);
    blankshark::AlphaSummary summary;
    blankshark::AlphaChunks chunks("");
    blankshark::JavaFlows java(
        [&](const blankshark::tcp::Connection& c, uint64_t frame) {
            return stream.add_tcp_conversation(c.client(), c.server(), frame, blankshark::ConvProtocol::MinecraftJava);
        },
        [](const blankshark::JavaPacket&) {});
    blankshark::AlphaFlows alpha(
        [&](const blankshark::tcp::Connection& c, uint64_t frame) {
            return stream.add_tcp_conversation(c.client(), c.server(), frame,
                                               blankshark::ConvProtocol::MinecraftAlpha);
        },
        [&](const blankshark::AlphaMessage& m) {
            if (!m.msg) {
                blankshark::print_alpha_event(out, m, true);
                blankshark::print_alpha_event(out, m, false);
                return;
            }
            blankshark::print_alpha_summary(out, m);
            blankshark::print_alpha_tree(out, m);
            blankshark::print_alpha_json(out, m);
            summary.message(*m.msg);
            chunks.message(m);
        });
    blankshark::tcp::Dispatcher tcp({{&mcjava::protocol_info(), 25565, &java}, {&mcalpha::protocol_info(), 25565, &alpha}});
    stream.run(path, [](const blankshark::BlankPacket&) {}, &tcp);
    for (const blankshark::AlphaConnection& c : alpha.connections()) summary.close(c);
    summary.text(out);
    summary.json(out);
    (void)summary.ended();
    chunks.text(out);
    chunks.json(out);
    return 0;
}
