#include "chunks_command.hpp"

#include <cstdio>
#include <memory>
#include <vector>

#include "exit_codes.hpp"
#include "front_end.hpp"
#include "output.hpp"
#include "protocol_passes.hpp"

namespace blankshark {

int run_chunks(const CaptureFiles& files, const ChunksOptions& opt) {
    CaptureStream stream(opt.stream);
    // Every protocol's chunk data, each under its own header.
    struct Sections : UnitListener {
        std::vector<std::unique_ptr<ChunksSection>> all;  // in front_ends() order
        double end_time = 0;
        void unit(const Unit& u) override {
            if (u.kind == Unit::Kind::Packet && u.time > end_time) end_time = u.time;
            all[front_end_index(u.front_end)]->unit(u);
        }
    } sections;
    for (const FrontEnd* fe : front_ends()) sections.all.push_back(fe->chunks(opt.extract_dir));
    PassSetup setup{stream, opt.stream, sections, Command::Chunks};
    setup.summaries = false;
    ProtocolPasses passes(setup);
    const StreamResult r = passes.run(files);
    passes.finish(stream.stats().frames, sections.end_time);  // every chunk ends: complete or not
    size_t rows = 0, extracted = 0, extract_failed = 0;
    for (const auto& sec : sections.all) {
        extracted += sec->extracted();
        extract_failed += sec->extract_failed();
        rows += sec->count();
    }

    Output out(stdout);
    if (files.is_set() && !opt.json) out << "# " << files.order_text() << '\n';
    bool printed = false;  // text: a blank line between protocols' tables, none before the first
    for (const auto& sec : sections.all) {
        if (opt.json) {
            sec->json(out);
            continue;
        }
        if (!sec->count()) continue;
        if (printed) out << '\n';
        sec->text(out);
        printed = true;
    }
    if (!opt.json) {
        if (r != StreamResult::OpenError && !rows) {
            out << "no chunk data (";
            for (size_t i = 0; i < sections.all.size(); ++i) out << (i ? ", " : "") << sections.all[i]->what();
            out << ") in " << stream.stats().frames << " frames, " << stream.conversations()
                << " conversations\n";
        }
        if (r == StreamResult::ReadError)
            out << "error: not read completely (chunks before it are listed): " << stream.error() << '\n';
    }
    out.flush();
    if (!opt.extract_dir.empty())
        std::fprintf(stderr, "blankshark: %zu chunks written to %s%s\n", extracted, opt.extract_dir.c_str(),
                     extract_failed ? " (some could not be written)" : "");
    if (r != StreamResult::Ok) {
        std::fprintf(stderr, "blankshark: %s\n", stream.error().c_str());
        return exit_code(r);
    }
    return extract_failed ? kExitCannotRead : kExitOk;
}

}  // namespace blankshark
