// libFuzzer target: a whole capture file through the analyzer's front ends
// of every protocol (front_end.hpp): reader, link layers, blank's
// conversations and analysis, the TCP dispatcher and reassembler, Minecraft
// Java and Alpha sessions, RakNet and MCPE sessions; every unit printed in decode's three forms, its
// findings collected, and every protocol's stats table, chunk rows and
// conversation summaries (check's text and JSON) written.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "capture_stream.hpp"
#include "conversation_summary.hpp"
#include "file_analysis.hpp"
#include "front_end.hpp"
#include "protocol_passes.hpp"
#include "mc_java/java_front_end.hpp"
#include "mc_java/java_settings.hpp"

namespace {

using namespace blankshark;

struct Everything : UnitListener, FindingOut {
    Output& out;
    std::vector<std::unique_ptr<StatsSection>> stats;
    std::vector<std::unique_ptr<ChunksSection>> chunks;
    std::map<uint32_t, std::shared_ptr<ConversationSummary>> summaries;
    explicit Everything(Output& o) : out(o) {
        for (const FrontEnd* fe : front_ends()) {
            stats.push_back(fe->stats());
            chunks.push_back(fe->chunks(""));
        }
    }
    void add(const core::Finding&) override {}
    void unit(const Unit& u) override {
        u.findings(*this);
        if (u.conv)
            if (auto s = u.summary()) summaries[u.conv->id] = s;
        if (u.kind == Unit::Kind::Note) return;
        u.print_summary(out);
        u.print_tree(out);
        u.print_json(out);
        (void)u.rate_series();
        const size_t i = front_end_index(u.front_end);
        stats[i]->unit(u);
        chunks[i]->unit(u);
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const std::string path = "/tmp/blankshark-fuzz-front-ends-" + std::to_string(getpid()) + ".pcap";
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return 0;
    std::fwrite(data, 1, size, f);
    std::fclose(f);
    static std::FILE* devnull = std::fopen("/dev/null", "w");
    Output out(devnull);
    StreamOptions opt;
    opt.max_conversations = 64;
    // The bundled encrypted captures' secrets (their seeds reach the switch).
    static const auto keys = [] {
        auto k = std::make_shared<mcjava::KeyLog>();
        k->parse("736bc1b0 60bd226161dcebae9e53d48bc7df3762\n"
                "43d88118 08b888108baa1d0b8704cc1588baf138\n"
                "b614a3af 0566c67bb6f93bc48a900ac6866beb54\n"
                "d3ece1f7 32eec33ba38a8356b3d0e7db192d2bfc\n");
        return k;
    }();
    static_cast<JavaSettings*>(opt.settings.of(java_front_end()))->keys = keys;
    CaptureStream stream(opt);
    Everything all(out);
    std::vector<std::shared_ptr<void>> kept;
    {
        ProtocolPasses passes(PassSetup{stream, opt, all, Command::Decode});  // chunks inflated inline
        passes.run(path);
        passes.finish(stream.stats().frames, 0);
        passes.keep(kept);
    }
    FileReport rep;
    for (size_t i = 0; i < front_ends().size(); ++i) {
        all.stats[i]->text(out, rep);
        all.stats[i]->json(out, rep);
        all.chunks[i]->text(out);
        all.chunks[i]->json(out);
    }
    for (const auto& [id, s] : all.summaries) {
        s->text(out);
        s->json(out);
        (void)s->ended();
    }
    return 0;
}
