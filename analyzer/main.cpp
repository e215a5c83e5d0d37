// blankshark: offline analyzer for captures of blank's and Minecraft's protocols.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <functional>
#include <string>

#include "check_command.hpp"
#include "edit_distance.hpp"
#include "chunks_command.hpp"
#include "decode_command.hpp"
#include "report_command.hpp"
#include "stats_command.hpp"
#include "exit_codes.hpp"
#include "capture_findings.hpp"
#include "front_end.hpp"
#include "key_log_option.hpp"
#include "port_options.hpp"
#include "protocols/catalog.hpp"
#include "type_filter.hpp"
#include "tcp/tcp_finding.hpp"
#include "protocols/bedrock/findings.hpp"

namespace {

// CLI11 2.5 and later reflow the footer as one paragraph (Debian testing has
// 2.6), which would merge the exit-code table's lines; keep it as written.
// Debian 12's 2.1 and 13's 2.4 print it as written and have no such switch.
template <class Formatter>
auto keep_footer_layout(Formatter& f, int) -> decltype(f.enable_footer_formatting(false), void()) {
    f.enable_footer_formatting(false);
}
template <class Formatter>
void keep_footer_layout(Formatter&, long) {}

}  // namespace

int main(int argc, char** argv) {
    using namespace blankshark;
    CLI::App app{"blankshark: decode and check captures of game protocols: blank (UDP), Minecraft Java Edition and "
                 "Minecraft Alpha (TCP), RakNet and Minecraft Pocket Edition 0.x (UDP)"};
    app.footer(kExitCodesHelp);
    keep_footer_layout(*app.get_formatter(), 0);
    app.require_subcommand(1);
    app.set_version_flag("--version", BLANKSHARK_VERSION);

    // A capture may be several files of one ring buffer (capture_files.hpp).
    const char* one_capture = "capture file (pcap or pcapng), or the files of one ring buffer (dumpcap -b), read as "
                              "one capture";
    DecodeOptions dopt;
    std::vector<std::string> dfile;
    std::vector<std::string> dtypes;
    bool verbose = false, json = false;
    auto* decode = app.add_subcommand("decode", "Print every packet of every protocol: a summary line, -V a field tree, --json JSON Lines");
    decode->add_option("files", dfile, one_capture)->required();
    decode->add_flag("-V,--verbose", verbose, "every field as a tree, as tshark -V");
    decode->add_flag("--json", json, "one JSON object per packet, fields under the Wireshark filter names");
    decode->add_flag("-2,--two-pass", dopt.two_pass,
                     "read the capture twice, as tshark -2: a side that went silent is marked at its last packet "
                     "([Client went silent]) and what the other side got afterwards shows as its consequence");
    decode->add_option("-t,--type", dtypes,
                       "only these packet types, of any protocol (repeat or comma-separate): a name in any case, "
                       "exact or else every name containing it (\"keep alive\", \"chunk\"), its display filter "
                       "(mcjava.play.cb.keep_alive), or an id (33, 0x21: every type with that id); `blankshark types` "
                       "lists them all")
        ->delimiter(',')
        ->allow_extra_args(false);

    ChunksOptions copt;
    std::vector<std::string> cfile;
    auto* chunks = app.add_subcommand("chunks", "One row per chunk: blank's transmissions (pieces, resends, missing ranges), "
                                                "Java's chunk columns, Alpha's Map Chunks, MCPE's chunk data");
    chunks->add_option("files", cfile, one_capture)->required();
    chunks->add_flag("--json", copt.json, "one JSON object per chunk");
    chunks->add_option("--extract", copt.extract_dir,
                       "write each completed chunk's inflated data to DIR/chunk_x<X>_y<Y>_z<Z>_c<conversation>_t<id>.bin")
        ->check(CLI::ExistingDirectory);
    CheckOptions kopt;
    std::vector<std::string> kfiles, kignore;
    std::string fail_on = "warn", format = "text";
    auto* check = app.add_subcommand("check", "Per-connection summary and every finding (sequence/ack, chunks, "
                                              "corrections, liveness, malformed packets), with an exit status for CI");
    check->add_option("files", kfiles, "capture files (pcap or pcapng); a ring buffer's files are one capture")->required();
    check->add_option("--fail-on", fail_on, "exit 1 when a finding at or above this severity remains: note, warn, error")
        ->check(CLI::IsMember({"note", "warn", "error"}))
        ->capture_default_str();
    check->add_option("--format", format, "text, json (JSON Lines events) or junit (JUnit XML)")
        ->check(CLI::IsMember({"text", "json", "junit"}))
        ->capture_default_str();
    check->add_option("--ignore", kignore, "leave out findings of this code (repeat, any protocol), e.g. blank.seq.reordered, tcp.retransmission_conflict")
        ->delimiter(',')
        ->allow_extra_args(false);
    check->add_flag("--comments", kopt.comments, "also list comment-level findings (healthy game behaviour)");
    check->add_option("--max-listed", kopt.max_listed,
                      "text: list at most this many lines of findings per conversation after the summary by code "
                      "(0: all; JSON and JUnit keep every finding)")
        ->capture_default_str();
    check->add_option("-j,--jobs", kopt.jobs, "files checked in parallel (output is the same as one at a time)")
        ->capture_default_str()
        ->check(CLI::Range(1u, 256u));
    bool quiet = false, join_files = false, separate_files = false;
    StatsOptions sopt;
    std::vector<std::string> sfiles;
    auto* stats = app.add_subcommand("stats", "Packets, bytes and rates per packet type, direction and connection; "
                                              "chunks; findings by code (as tshark -z with the plugin's stats trees)");
    stats->add_option("files", sfiles, "capture files (pcap or pcapng); a ring buffer's files are one capture")->required();
    stats->add_flag("--json", sopt.json, "one JSON object per file");

    ReportOptions ropt;
    std::vector<std::string> rfile;
    auto* report = app.add_subcommand("report", "One self-contained HTML page: per-connection timelines (packets per "
                                                "type, seq/ack with losses and resends, time to ack, chunk "
                                                "transmissions, corrections) and the findings table");
    report->add_option("files", rfile, one_capture)->required();
    report->add_option("-o,--output", ropt.output, "the HTML file to write")->required();
    report->add_flag("--comments", ropt.file.comments, "also list comment-level findings");
    report->add_option("--max-charted", ropt.max_charted, "conversations drawn as timelines (the rest: summary rows)")
        ->capture_default_str();
    report->add_option("--max-findings", ropt.max_findings, "rows of the findings table")->capture_default_str();

    // What every command that reads captures takes: the ports, the
    // conversation limit, and each protocol's own options (its front end's).
    struct Common {
        CLI::App* sub;
        StreamOptions* stream;
        Command command;
        std::vector<std::string> ports{};
        std::string keylog{};
    };
    Common commons[] = {{decode, &dopt.stream, Command::Decode},
                        {chunks, &copt.stream, Command::Chunks},
                        {check, &kopt.stream, Command::Check},
                        {stats, &sopt.file.stream, Command::Stats},
                        {report, &ropt.file.stream, Command::Report}};
    for (Common& c : commons) {
        CLI::App* sub = c.sub;
        sub->add_option("--port", c.ports,
                        "a protocol's port, PROTOCOL=PORT (repeat or comma-separate; a port alone is blank's): " +
                            port_help() +
                            ". Other ports: blank by its tag, Minecraft Java and Alpha by their Handshakes, RakNet by "
                            "its offline messages; Java and Alpha picked up mid-connection by how their bytes read")
            ->delimiter(',')
            ->allow_extra_args(false);  // one value per --port: the capture files follow
        sub->add_flag("-q,--quiet", quiet, "no progress bar on stderr (it is shown only when stderr is a terminal)");
        sub->add_flag("--file-set", join_files,
                      "read all the files given as one capture, in the order given (files named as dumpcap's ring "
                      "buffer, <prefix>_<NNNNN>_<YYYYmmddHHMMSS>.<ext>, are one capture without it)");
        sub->add_flag("--no-file-set", separate_files, "read every file on its own, even a ring buffer's");
        sub->add_option("--max-conversations", c.stream->max_conversations,
                        "conversations open at once (one that ended makes room); packets of further ones are not "
                        "analysed, blank's still decoded (capture.limit.conversations)")
            ->capture_default_str();
        add_key_log_option(*sub, c.keylog);
        for (const FrontEnd* fe : front_ends())
            if (Settings* s = c.stream->settings.of(*fe)) fe->add_options(*sub, c.command, *s);
    }

    std::string types_of, protocol_names;
    for (const core::ProtocolInfo* p : typed_protocols())
        protocol_names += (protocol_names.empty() ? "" : ", ") + std::string(p->field_prefix);
    auto* types = app.add_subcommand("types", "List every packet type of every protocol (or of one: " +
                                                  protocol_names + ") with its display filter (tshark -Y) and ids: what decode -t takes");
    types->add_option("protocol", types_of, "only this protocol");

    std::vector<FrontEnd::OwnCommand> own;  // the protocols' own commands
    for (const FrontEnd* fe : front_ends())
        for (FrontEnd::OwnCommand& c : fe->add_commands(app)) own.push_back(std::move(c));

    // A command that is none of them: the nearest by spelling ("chek": check).
    const std::function<bool(const CLI::App*)> every = [](const CLI::App*) { return true; };
    const std::vector<const CLI::App*> commands = static_cast<const CLI::App&>(app).get_subcommands(every);
    const auto is_command = [&](const std::string& w) {
        return std::any_of(commands.begin(), commands.end(), [&](const CLI::App* c) { return c->get_name() == w; });
    };
    if (argc > 1 && argv[1][0] != '-' && !is_command(argv[1])) {
        std::string nearest, all;
        size_t best = ~size_t(0);
        for (const CLI::App* sub : commands) {
            const size_t d = edit_distance(argv[1], sub->get_name());
            if (d < best) best = d, nearest = sub->get_name();
            all += (all.empty() ? "" : ", ") + sub->get_name();
        }
        std::fprintf(stderr, "blankshark: no command '%s'%s (commands: %s; blankshark --help)\n", argv[1],
                     best <= 2 ? ("; did you mean '" + nearest + "'?").c_str() : "", all.c_str());
        return kExitUsage;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);
        return rc == 0 ? kExitOk : kExitUsage;
    }

    for (const Common& c : commons) {
        c.stream->progress = !quiet;
        for (const std::string& spec : c.ports) {
            std::string error;
            if (!apply_port(spec, *c.stream, error)) {
                std::fprintf(stderr, "blankshark: --port %s\n", error.c_str());
                return kExitUsage;
            }
        }
        if (c.sub->parsed())
            for (const FrontEnd* fe : front_ends())
                if (Settings* s = c.stream->settings.of(*fe)) {
                    std::string error;
                    if (!fe->apply(*s, error)) {
                        std::fprintf(stderr, "blankshark: %s\n", error.c_str());
                        return kExitUsage;
                    }
                }
        if (c.sub->parsed()) {
            std::string error;
            if (!read_key_log(c.keylog, *c.stream, error)) {
                std::fprintf(stderr, "blankshark: %s\n", error.c_str());
                return kExitUsage;
            }
        }
    }
    if (join_files && separate_files) {
        std::fprintf(stderr, "blankshark: --file-set and --no-file-set exclude each other\n");
        return kExitUsage;
    }
    const FileSetMode set_mode = join_files ? FileSetMode::Join : separate_files ? FileSetMode::Separate : FileSetMode::Auto;
    // decode, chunks and report read one capture: one file or one ring buffer.
    auto one = [&](const char* command, const std::vector<std::string>& files, CaptureFiles& out) {
        std::vector<CaptureFiles> c = group_files(files, set_mode);
        if (c.size() == 1) {
            out = c.front();
            return true;
        }
        std::fprintf(stderr,
                     "blankshark: %s reads one capture: %zu files that are not one ring buffer (dumpcap's names "
                     "<prefix>_<NNNNN>_<YYYYmmddHHMMSS>.<ext>; --file-set reads them as one)\n",
                     command, files.size());
        return false;
    };
    CaptureFiles capture;
    if (decode->parsed()) {
        if (!one("decode", dfile, capture)) return kExitUsage;
        if (verbose && json) {
            std::fprintf(stderr, "blankshark: -V and --json exclude each other\n");
            return kExitUsage;
        }
        dopt.format = json ? DecodeFormat::Json : verbose ? DecodeFormat::Tree : DecodeFormat::Summary;
        for (const std::string& t : dtypes) {
            std::string error;
            if (!add_type(t, dopt.filter, error)) {
                std::fprintf(stderr, "blankshark: -t %s\n", error.c_str());
                return kExitUsage;
            }
        }
        return run_decode(capture, dopt);
    }
    if (types->parsed()) {
        if (print_types(types_of)) return kExitOk;
        std::fprintf(stderr, "blankshark: types: no protocol named '%s' (%s)\n", types_of.c_str(),
                     protocol_names.c_str());
        return kExitUsage;
    }
    if (chunks->parsed()) return one("chunks", cfile, capture) ? run_chunks(capture, copt) : kExitUsage;
    for (const FrontEnd::OwnCommand& c : own)
        if (c.sub->parsed()) return c.run();
    if (stats->parsed()) return run_stats(group_files(sfiles, set_mode), sopt);
    if (report->parsed()) return one("report", rfile, capture) ? run_report(capture, ropt) : kExitUsage;
    if (check->parsed()) {
        parse_severity(fail_on, kopt.fail_on);
        kopt.format = format == "json" ? CheckFormat::Json : format == "junit" ? CheckFormat::Junit : CheckFormat::Text;
        tcp::finding_table();  // the analyzer's own codes are named like every protocol's
        capture_finding_table();
        bedrock::finding_table();  // carried by RakNet, not in the catalog yet
        for (const std::string& code : kignore) {
            core::Code known;
            if (!core::find_code(code.c_str(), known)) {
                std::fprintf(stderr, "blankshark: unknown finding code '%s'\n", code.c_str());
                return kExitUsage;
            }
            kopt.ignore.insert(code);
        }
        return run_check(group_files(kfiles, set_mode), kopt);
    }
    return kExitUsage;
}
