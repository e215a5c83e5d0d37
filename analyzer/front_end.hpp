// What the analyzer knows of each protocol beyond the core's description
// (ProtocolInfo): its name in sentences, its own settings and the options
// that set them, how a pass over a capture takes its conversations
// (protocol_pass.hpp), and its own parts of the commands' output (its
// stats table, chunk rows, report charts). The commands loop over
// front_ends() and never name a protocol; each protocol's folder (blank/,
// mc_java/, mc_alpha/, raknet/) holds its front end.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/protocol_info.hpp"
#include "protocol_pass.hpp"
#include "protocol_section.hpp"
#include "protocol_settings.hpp"

namespace CLI {
class App;
}
namespace core {
struct KeyLogLine;
}

namespace blankshark {

class Output;

// A packet type of a protocol carried in a front end's messages that the
// catalog does not list (Bedrock in RakNet).
struct CarriedType {
    const core::ProtocolInfo* protocol;
    uint32_t id;
    const char* name;
    const char* key;            // its filter name's last part
    const std::string* filter;  // its display filter ("bedrock.move_player")
};

class FrontEnd {
public:
    virtual ~FrontEnd() = default;
    virtual const core::ProtocolInfo& info() const = 0;
    // "Minecraft Java": conversation headers, check's lines.
    virtual const char* title() const = 0;
    // What its units are called in counts: "packets", "messages".
    virtual const char* unit_name() const = 0;
    // What its heuristic recognises on any port ("a Minecraft Java
    // Handshake"), or null: its port only.
    virtual const char* heuristic_text() const = 0;
    // The protocols carried in its messages that the catalog does not list,
    // and each of their packet types in each of their versions (read from
    // their tables, not compiled): `types` lists them and -t takes them.
    virtual std::vector<const core::ProtocolInfo*> carried() const { return {}; }
    virtual void carried_types(const std::function<void(const CarriedType&)>&) const {}

    // Its own settings with their defaults, or null (protocol_settings.hpp).
    virtual std::shared_ptr<Settings> settings() const { return nullptr; }
    // Adds the options that set `s` to `command`'s subcommand.
    virtual void add_options(CLI::App&, Command, Settings&) const {}
    // Once the command line is parsed: false, with `error`, when a value
    // cannot be taken (an unknown name, a file that cannot be read).
    virtual bool apply(Settings&, std::string&) const { return true; }
    // Commands of its own (blank: synth), added to the app; each runs when
    // its subcommand was parsed.
    struct OwnCommand {
        CLI::App* sub;
        std::function<int()> run;
    };
    virtual std::vector<OwnCommand> add_commands(CLI::App&) const { return {}; }
    // Whether decode -2 runs its pass over the capture first, as tshark -2
    // does, for what only the end tells (ProtocolPass::earlier).
    virtual bool two_pass() const { return false; }

    virtual std::unique_ptr<ProtocolPass> start(const PassSetup& setup) const = 0;
    // Its table of `blankshark stats`.
    virtual std::unique_ptr<StatsSection> stats() const = 0;
    // Its rows of `blankshark chunks` (--extract into `extract_dir`, empty: none).
    virtual std::unique_ptr<ChunksSection> chunks(const std::string& extract_dir) const = 0;
    // The title of its report chart of units per second by
    // Unit::rate_series, or null: none.
    virtual const char* rate_title() const { return nullptr; }
    // Its charts in the report, for the first `max_conversations`
    // conversations, with its settings (null: none of its own).
    virtual std::unique_ptr<ReportSection> report(uint32_t, const Settings*) const { return nullptr; }
    // check, after every file and before the verdict: what the run's own
    // inputs told, as text or (`json`) an event line.
    virtual void run_notes(Output&, const Settings*, bool json) const { (void)json; }

    // The run's key log (key_log_option.hpp), one file for every protocol
    // that decrypts. Such a front end says whose keys it reads and their
    // line forms (--keylog's help; null: it reads none), takes the lines of
    // those forms into its settings (the taker: null when it took the line,
    // else why not), and counts what it took and what connections used
    // (check's line on the key log: "Minecraft Java: 9 secrets, 2 used by
    // a connection"; JSON: "mcjava":{"secrets":9,"used":2}).
    struct KeyLogForms {
        const char* whose;   // "Minecraft Java"
        const char* member;  // its JSON member: "mcjava"
        const char* noun;    // what a line gives, singular: "secret"
        const char* forms;   // "SHARED_SECRET <encrypted secret> <secret>, ..."
    };
    struct KeyLogCounts {
        size_t taken = 0, used = 0;
    };
    virtual const KeyLogForms* key_log_forms() const { return nullptr; }
    virtual std::function<const char*(const core::KeyLogLine&)> key_log_taker(Settings&) const { return {}; }
    virtual KeyLogCounts key_log_counts(const Settings*) const { return {}; }
};

// Every protocol's front end, in the catalog's order (catalog::protocols()):
// the order their passes are offered UDP datagrams (blank's first: its tag
// and conversations), the TCP dispatcher prefers them where several could
// take a connection (Java before Alpha on their shared port) and the
// commands list them.
const std::vector<const FrontEnd*>& front_ends();
// Adds a front end (its file's namespace-scope initialiser); returns true.
bool add_front_end(const FrontEnd& fe);
// A front end's place in front_ends(): where the commands keep its sections
// and counts (front_ends().size() for one not listed).
size_t front_end_index(const FrontEnd& fe);

}  // namespace blankshark
