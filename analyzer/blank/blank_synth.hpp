// `blankshark synth`, blank's own command (FrontEnd::add_commands): the
// simulation is blank's (protocols/blank/simulator.hpp), this writes it into
// a pcap file.
#pragma once

#include <CLI/CLI.hpp>

#include "protocols/blank/simulator.hpp"

namespace blankshark {

using blank::SynthConversation;
using blank::SynthOptions;
using blank::SynthTruth;

int run_synth(const SynthOptions& opt);

// Registers `synth` on the app; run_synth(opt) when it was parsed.
inline CLI::App* add_synth_command(CLI::App& app, SynthOptions& opt) {
    auto* s = app.add_subcommand(
        "synth", "Write a synthetic capture of the blank game: N clients (Login, Join, player updates, corrections, "
                 "entities, chunk transmissions with real zlib data, block updates, chat, Part), exactly --packets "
                 "records, optional loss/duplication/reordering; deterministic from --seed");
    s->add_option("-o,--output", opt.output, "pcap file to write (Ethernet, IPv4, UDP; server 10.0.0.1:12354)")
        ->required();
    s->add_option("--packets", opt.packets, "records to write, exactly (at least 16)")->required();
    s->add_option("--clients", opt.clients, "clients, one conversation each, joining 0.1 s apart")
        ->capture_default_str()
        ->check(CLI::Range(1u, 5000u));
    s->add_option("--seed", opt.seed, "the same options and seed give the same bytes")->capture_default_str();
    s->add_option("--loss", opt.loss, "probability that a packet sent is lost (0..0.9); lost chunk pieces, "
                                      "ChunkBegin, SpawnEntity and DespawnEntity are resent under new seqs")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 0.9));
    s->add_option("--duplicate", opt.duplicate, "probability that a packet arrives twice (0..1)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1.0));
    s->add_option("--reorder", opt.reorder, "probability that a packet is delayed 3-60 ms, overtaken by later ones (0..1)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1.0));
    s->add_option("--stop-client", opt.stop_client,
                  "the first client stops sending at this many seconds, as if killed (no Part); the server times "
                  "it out 10 s later; --packets is then the most written");
    s->add_option("--stop-server", opt.stop_server,
                  "the server stops sending at this many seconds (exits, no Part); the clients time it out 10 s "
                  "later; --packets is then the most written");
    s->add_option("--truth", opt.truth, "also write what was generated as JSON: packets per type, per direction "
                                        "sent/dropped/duplicated/reordered, transmissions, resends, corrections");
    s->add_flag("-q,--quiet", opt.quiet, "no summary on stderr");
    return s;
}

}  // namespace blankshark
