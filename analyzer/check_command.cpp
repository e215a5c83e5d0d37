#include "check_command.hpp"

#include <algorithm>
#include <cstdio>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "check_findings.hpp"
#include "file_analysis.hpp"
#include "exit_codes.hpp"
#include "recognition.hpp"
#include "output.hpp"

namespace blankshark {
namespace {

using blank::Finding;
using blank::Severity;

bool counts(const CheckOptions& opt, const Finding& f) {
    return !opt.ignore.count(blank::finding_info(f.code).name);
}

std::string message(const Finding& f) {
    char buf[320];
    const size_t n = blank::format_finding(f, buf, sizeof buf);
    return std::string(buf, n);
}

// Nearest rank (exact up to 65536 samples, within 1 % past that: distribution.hpp).
double percentile(const blank::Distribution& d, double q) { return d.quantile(q); }

void ms(Output& out, double s) {
    out.fixed(s * 1000, 1) << " ms";
}

// The conversation's silence (a side went silent), if any: what the other
// side got afterwards is its consequence and is not counted on its own.
const blank::Silence& silence_of(const FileReport& rep, uint32_t id) {
    static const blank::Silence none;
    const auto it = rep.convs.find(id);
    return it != rep.convs.end() ? it->second.silence : none;
}

size_t failing(const ConvReport& c, const blank::Silence& quiet, const CheckOptions& opt) {
    size_t n = 0;
    for (const Finding& f : c.findings)
        n += counts(opt, f) && f.severity() >= opt.fail_on && !blank::caused_by_silence(f, quiet);
    return n;
}

void text_direction(Output& out, const char* name, const blank::DirectionStats& d, blank::Role sender,
                    const blank::Silence& quiet) {
    out << "  " << name << ": " << d.packets << " packets, " << d.bytes << " bytes";
    if (d.first_seq >= 0) out << ", seq " << d.first_seq << ".." << d.last_seq;
    out << ", " << d.gaps << " skipped (" << d.never_seen << " never seen), " << d.reordered << " reordered, "
        << d.duplicates << " duplicates, ack back " << d.ack_back << "; the sender counted " << d.lost << " lost, "
        << d.received << " acked";
    if (d.lost + d.received) {
        out << " (loss ";
        out.fixed(100.0 * double(d.lost) / double(d.lost + d.received), 1) << " %)";
    }
    if (!d.rtts.empty()) {
        out << "; time to ack min ";
        ms(out, percentile(d.rtts, 0));
        out << ", median ";
        ms(out, percentile(d.rtts, 0.5));
        out << ", max ";
        ms(out, percentile(d.rtts, 1));
    }
    if (quiet && quiet.survivor() == sender)
        out << "; " << quiet.after << " sent after the " << blank::role_name(quiet.silent)
            << " went silent (nobody acked them)";
    out << '\n';
}

std::string nothing_text(const FileReport& rep, const CheckOptions& opt) {
    return rep.path + ": no conversation of any supported protocol in " + std::to_string(rep.stats.frames) +
           " frames (tried " + recognition_text(opt.stream) + ")";
}

void text_report(Output& out, const FileReport& rep, const CheckOptions& opt) {
    out << rep.path << ": "
        << found_text(rep, rep.blank ? std::to_string(rep.blank) + " blank packets" : std::string());
    out << " in " << rep.stats.frames << " frames, " << (rep.convs.size() - rep.convs.count(0)) << " conversations\n";
    for (const auto& [id, c] : rep.convs) {
        const blank::ConversationAnalysis* a =
            id < rep.analyses->all().size() ? rep.analyses->all()[id].get() : nullptr;
        if (c.has_conv && a) {
            out << "conversation " << id << ": client " << capture::to_string(c.conv.client) << " <-> server "
                << capture::to_string(c.conv.server) << ", ";
            out.fixed(c.first_time, 3) << "-";
            out.fixed(c.last_time, 3) << " s, ended: " << a->seq().end_state() << '\n';
            out << "  revision: " << a->revision_text() << '\n';
            const blank::Silence& quiet = a->seq().final_silence();
            text_direction(out, "client->server", a->seq().stats(blank::Role::Client), blank::Role::Client, quiet);
            text_direction(out, "server->client", a->seq().stats(blank::Role::Server), blank::Role::Server, quiet);
            const auto& dist = a->seq().correction_distances();
            out << "  corrections: " << a->seq().corrections();
            if (!dist.empty()) {
                out << " (distance median ";
                out.fixed(percentile(dist, 0.5), 3) << ", p99 ";
                out.fixed(percentile(dist, 0.99), 3) << ", max ";
                out.fixed(percentile(dist, 1), 3) << " blocks)";
            }
            const blank::ChunkTotals& ct = a->chunks().summary();
            out << "\n  chunks: " << ct.transmissions << " transmissions, " << ct.complete << " complete, "
                << ct.not_complete() << " not complete, " << ct.without_begin() << " without ChunkBegin, " << ct.resends()
                << " resends\n";
        } else if (c.has_conv && c.summary) {
            out << "conversation " << id << ": client " << capture::to_string(c.conv.client) << " <-> server "
                << capture::to_string(c.conv.server) << " (" << c.summary->protocol() << "), ";
            out.fixed(c.first_time, 3) << "-";
            out.fixed(c.last_time, 3) << " s, ended: " << c.summary->ended() << '\n';
            c.summary->text(out);
        } else {
            out << "packets outside any conversation (conversation limit reached)\n";
        }
        text_findings(out, c.findings, silence_of(rep, id), FindingsTextOptions{opt.max_listed, opt.comments},
                      [&opt](const Finding& f) { return counts(opt, f); });
    }
    if (!recognised(rep))
        out << "  nothing recognised: no conversation of any supported protocol (tried " << recognition_text(opt.stream)
            << ")\n";
    if (rep.result != StreamResult::Ok) out << "  error: " << rep.error << '\n';
}

void json_finding(Output& out, const FileReport& rep, uint32_t conv, const Finding& f, const blank::Silence& quiet) {
    const blank::FindingInfo& fi = blank::finding_info(f.code);
    out << "{\"event_type\":\"finding\",\"file\":\"";
    json_escape(out, rep.path);
    out << "\",\"conversation\":" << conv << ",\"pcap_cnt\":" << f.frame << ",\"severity\":\""
        << blank::severity_name(fi.severity) << "\",\"code\":\"" << fi.name << "\",\"message\":\"";
    json_escape(out, message(f));
    out << '"';
    if (f.ref_frame) out << ",\"ref_frame\":" << f.ref_frame;
    if (blank::caused_by_silence(f, quiet)) out << ",\"consequence_of\":" << quiet.frame << ",\"counted\":false";
    out << "}\n";
}

void json_direction(Output& out, const char* name, const blank::DirectionStats& d) {
    out << ",\"" << name << "\":{\"packets\":" << d.packets << ",\"bytes\":" << d.bytes << ",\"first_seq\":"
        << d.first_seq << ",\"last_seq\":" << d.last_seq << ",\"skipped\":" << d.gaps << ",\"never_seen\":"
        << d.never_seen << ",\"reordered\":" << d.reordered << ",\"duplicates\":" << d.duplicates
        << ",\"ack_back\":" << d.ack_back << ",\"lost\":" << d.lost << ",\"acked\":" << d.received;
    if (!d.rtts.empty()) {
        out << ",\"rtt_min\":";
        out.number(percentile(d.rtts, 0));
        out << ",\"rtt_median\":";
        out.number(percentile(d.rtts, 0.5));
        out << ",\"rtt_max\":";
        out.number(percentile(d.rtts, 1));
    }
    out << '}';
}

// A file not read completely: what it is, and for a truncated or corrupt one
// the frame that could not be read and where its record starts.
void json_error(Output& out, const FileReport& rep) {
    out << "{\"event_type\":\"error\",\"file\":\"";
    json_escape(out, rep.path);
    out << "\",\"error\":\"" << (rep.result == StreamResult::OpenError ? "unreadable" : "truncated_or_corrupt")
        << '"';
    if (rep.error_frame) out << ",\"pcap_cnt\":" << rep.error_frame;
    if (rep.error_offset) out << ",\"offset\":" << *rep.error_offset;
    out << ",\"message\":\"";
    json_escape(out, rep.error);
    out << "\"}\n";
}

void json_report(Output& out, const FileReport& rep, const CheckOptions& opt) {
    for (const auto& [id, c] : rep.convs) {
        const blank::ConversationAnalysis* a =
            id < rep.analyses->all().size() ? rep.analyses->all()[id].get() : nullptr;
        if (c.has_conv && a) {
            out << "{\"event_type\":\"conversation\",\"file\":\"";
            json_escape(out, rep.path);
            out << "\",\"conversation\":" << id << ",\"client\":\"" << capture::to_string(c.conv.client)
                << "\",\"server\":\"" << capture::to_string(c.conv.server) << "\",\"first_time\":";
            out.fixed(c.first_time, 6);
            out << ",\"last_time\":";
            out.fixed(c.last_time, 6);
            out << ",\"end\":\"" << a->seq().end_state() << "\",\"revision\":\"" << a->revision().name
                << "\",\"revision_state\":\""
                << (a->revision_state() == blank::RevisionState::Detected   ? "detected"
                    : a->revision_state() == blank::RevisionState::Forced ? "forced"
                    : a->revision_state() == blank::RevisionState::None   ? "none"
                                                                           : "ambiguous")
                << '"';
            json_direction(out, "client_to_server", a->seq().stats(blank::Role::Client));
            json_direction(out, "server_to_client", a->seq().stats(blank::Role::Server));
            out << ",\"corrections\":" << a->seq().corrections();
            const blank::ChunkTotals& ct = a->chunks().summary();
            out << ",\"chunk_transmissions\":" << ct.transmissions << ",\"chunks_complete\":" << ct.complete;
            if (const blank::Silence& q = a->seq().final_silence(); q.any()) {
                out << ",\"silence\":{\"silent\":\"" << blank::role_name(q.silent) << "\",\"frame\":" << q.frame
                    << ",\"time\":";
                out.fixed(q.time, 6) << ",\"survivor\":\"" << blank::role_name(q.survivor())
                                     << "\",\"survivor_last_frame\":" << q.survivor_frame << ",\"kept_sending\":";
                out.fixed(q.span(), 6) << ",\"packets_after\":" << q.after << ",\"acked_unseen\":" << q.acked_unseen
                                       << ",\"ended\":\""
                                       << blank::silence_end_key(q.end) << "\",\"finding\":"
                                       << (q ? "true" : "false") << '}';
            }
            out << ",\"failing\":" << failing(c, silence_of(rep, id), opt) << "}\n";
        } else if (c.has_conv && c.summary) {
            out << "{\"event_type\":\"conversation\",\"file\":\"";
            json_escape(out, rep.path);
            out << "\",\"conversation\":" << id << ",\"client\":\"" << capture::to_string(c.conv.client)
                << "\",\"server\":\"" << capture::to_string(c.conv.server) << "\",\"first_time\":";
            out.fixed(c.first_time, 6);
            out << ",\"last_time\":";
            out.fixed(c.last_time, 6);
            out << ",\"end\":\"";
            json_escape(out, c.summary->ended());
            out << '"';
            c.summary->json(out);
            out << ",\"failing\":" << failing(c, silence_of(rep, id), opt) << "}\n";
        }
        for (const Finding& f : c.findings)
            if (counts(opt, f)) json_finding(out, rep, id, f, silence_of(rep, id));
    }
    if (!recognised(rep)) {
        out << "{\"event_type\":\"nothing_recognised\",\"file\":\"";
        json_escape(out, rep.path);
        out << "\",\"frames\":" << rep.stats.frames << ",\"tried\":\"";
        json_escape(out, recognition_text(opt.stream));
        out << "\"}\n";
    }
    if (rep.result != StreamResult::Ok) json_error(out, rep);
}

void xml_escape(Output& out, const std::string& s) {
    for (char ch : s) {
        switch (ch) {
        case '<': out << "&lt;"; break;
        case '>': out << "&gt;"; break;
        case '&': out << "&amp;"; break;
        case '"': out << "&quot;"; break;
        default:
            if (static_cast<unsigned char>(ch) < 0x20 && ch != '\n' && ch != '\t') out << '?';
            else out << ch;
        }
    }
}

// One test case per conversation and check (finding code); a failure lists
// the findings at or above --fail-on.
void junit_report(Output& out, const std::vector<FileReport>& reps, const CheckOptions& opt) {
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"blankshark check\">\n";
    for (const FileReport& rep : reps) {
        size_t tests = 0, failures = 0, errors = rep.result != StreamResult::Ok;
        struct Case {
            std::string cls, name;
            std::vector<Finding> fail, other;
        };
        std::vector<Case> all;
        for (const auto& [id, c] : rep.convs) {
            const std::string cls = rep.path + ".conversation" + std::to_string(id);
            // A case per code of the conversation's protocol(s) (blank: its table).
            std::map<uint16_t, size_t> at;
            const std::vector<const core::FindingTable*> tables =
                c.summary ? c.summary->tables() : std::vector<const core::FindingTable*>{&blank::finding_table()};
            for (const core::FindingTable* t : tables)
                for (size_t k = 0; k < t->count; ++k) {
                    const core::FindingInfo& fi = t->infos[k];
                    if (fi.severity == Severity::Comment || opt.ignore.count(fi.name)) continue;
                    at[fi.code.v] = all.size();
                    all.push_back(Case{cls, fi.name, {}, {}});
                }
            const blank::Silence& quiet = silence_of(rep, id);
            for (const Finding& f : c.findings)  // one pass: the list may be on disk
                if (const auto i = at.find(f.code.v); i != at.end())
                    (f.severity() >= opt.fail_on && !blank::caused_by_silence(f, quiet) ? all[i->second].fail
                                                                                          : all[i->second].other)
                        .push_back(f);
        }
        const bool nothing = !recognised(rep);
        tests = all.size() + errors + nothing;
        failures = nothing;
        for (const Case& cs : all) failures += !cs.fail.empty();
        out << "  <testsuite name=\"";
        xml_escape(out, rep.path);
        out << "\" tests=\"" << tests << "\" failures=\"" << failures << "\" errors=\"" << errors << "\">\n";
        if (errors) {
            out << "    <testcase classname=\"";
            xml_escape(out, rep.path);
            out << "\" name=\"capture file\"><error message=\"";
            xml_escape(out, rep.error);
            out << "\" type=\"" << (rep.result == StreamResult::OpenError ? "unreadable" : "truncated_or_corrupt")
                << "\"/></testcase>\n";
        }
        if (nothing) {
            out << "    <testcase classname=\"";
            xml_escape(out, rep.path);
            out << "\" name=\"protocol recognised\"><failure message=\"nothing recognised: no conversation of "
                   "any supported protocol\" type=\"nothing_recognised\">tried ";
            xml_escape(out, recognition_text(opt.stream));
            out << "</failure></testcase>\n";
        }
        for (const Case& cs : all) {
            out << "    <testcase classname=\"";
            xml_escape(out, cs.cls);
            out << "\" name=\"" << cs.name << "\"";
            if (cs.fail.empty() && cs.other.empty()) {
                out << "/>\n";
                continue;
            }
            out << ">\n";
            if (!cs.fail.empty()) {
                out << "      <failure message=\"" << cs.fail.size() << " findings at or above "
                    << blank::severity_name(opt.fail_on) << "\" type=\"" << cs.name << "\">";
                for (const Finding& f : cs.fail) {
                    out << "frame " << f.frame << ": ";
                    xml_escape(out, message(f));
                    out << '\n';
                }
                out << "</failure>\n";
            }
            if (!cs.other.empty()) {
                out << "      <system-out>";
                for (const Finding& f : cs.other) {
                    out << "frame " << f.frame << ": ";
                    xml_escape(out, message(f));
                    out << '\n';
                }
                out << "</system-out>\n";
            }
            out << "    </testcase>\n";
        }
        out << "  </testsuite>\n";
    }
    out << "</testsuites>\n";
}

}  // namespace

bool parse_severity(const std::string& s, Severity& out) {
    for (Severity v : {Severity::Note, Severity::Warn, Severity::Error})
        if (s == blank::severity_name(v)) {
            out = v;
            return true;
        }
    return false;
}

namespace {

// One file checked. Checked in parallel, its report (text or JSON) is
// rendered into a temporary file (not memory: a report lists every finding),
// so files print in command-line order, byte for byte as a serial run does;
// checked serially, it is printed as soon as it is done.
struct CheckedFile {
    FileReport rep;  // JUnit keeps the conversations' findings for the end
    std::FILE* rendered = nullptr;
    size_t fails = 0;
};

void render(Output& o, const FileReport& rep, const CheckOptions& opt) {
    if (opt.format == CheckFormat::Text) text_report(o, rep, opt);
    if (opt.format == CheckFormat::Json) json_report(o, rep, opt);
}

void check_one(const std::string& path, const CheckOptions& opt, FileAnalysisOptions fo, CheckedFile& out,
               bool buffer) {
    out.rep = analyse_file(path, fo);
    for (const auto& [id, c] : out.rep.convs) out.fails += failing(c, silence_of(out.rep, id), opt);
    if (buffer && opt.format != CheckFormat::Junit) {
        out.rendered = std::tmpfile();
        if (!out.rendered) throw std::runtime_error("cannot create a temporary file");
        Output o(out.rendered);
        render(o, out.rep, opt);
    }
    if (buffer) {  // done with it (serially: once printed)
        out.rep.analyses.reset();
        out.rep.inflate_queue.reset();
    }
}

// Why a file was not read completely, naming it (and the frame and byte
// offset where a truncated or corrupt one breaks).
std::string unread_reason(const FileReport& rep) {
    if (rep.result != StreamResult::ReadError) return rep.error;  // "PATH: cannot open: ..." and the like
    return rep.path + ": truncated or corrupt at frame " + std::to_string(rep.error_frame) + " (byte offset " +
           (rep.error_offset ? std::to_string(*rep.error_offset) : std::string("unknown")) + ")";
}

// Prints a file's report, then lets go of what JUnit does not need.
void print_one(Output& out, CheckedFile& f, const CheckOptions& opt) {
    if (f.rep.result != StreamResult::Ok) {
        out.flush();
        std::fprintf(stderr, "blankshark: %s\n", f.rep.error.c_str());
    }
    if (f.rendered) {
        std::rewind(f.rendered);
        char buf[1 << 16];
        for (size_t n; (n = std::fread(buf, 1, sizeof buf, f.rendered)) > 0;) out << std::string_view(buf, n);
        std::fclose(f.rendered);
        f.rendered = nullptr;
    } else {
        render(out, f.rep, opt);
    }
    if (opt.format != CheckFormat::Junit) f.rep.convs.clear();
}

}  // namespace

int run_check(const std::vector<std::string>& files, const CheckOptions& opt) {
    std::vector<CheckedFile> done(files.size());
    std::vector<char> ready(files.size(), 0);
    std::mutex mu;
    std::condition_variable cv;
    std::atomic<size_t> next{0};
    const size_t workers = std::min<size_t>(std::max<size_t>(opt.jobs, 1), files.size());
    FileAnalysisOptions fo{opt.stream, opt.analysis, opt.comments, opt.inflate_threads, opt.java};
    // check reports counts, not transmissions: the oldest ended ones can go.
    fo.analysis.chunks.keep_ended = std::min<size_t>(fo.analysis.chunks.keep_ended, 256);
    if (workers > 1) fo.stream.progress = false;  // one bar per file would garble the terminal
    auto work = [&] {
        for (size_t i; (i = next++) < files.size();) {
            check_one(files[i], opt, fo, done[i], true);
            std::lock_guard<std::mutex> lock(mu);
            ready[i] = 1;
            cv.notify_all();
        }
    };
    std::vector<std::thread> pool;
    for (size_t t = 0; workers > 1 && t < workers; ++t) pool.emplace_back(work);

    Output out(stdout);
    size_t fails = 0, unread = 0;  // unread: files not read completely
    size_t nothing = 0;            // files with nothing of any supported protocol
    std::string first_unread, first_nothing;
    int worst_io = kExitOk;
    std::vector<FileReport> reps;  // JUnit
    for (size_t i = 0; i < files.size(); ++i) {
        if (workers > 1) {
            std::unique_lock<std::mutex> lock(mu);
            cv.wait(lock, [&] { return ready[i] != 0; });
        } else {
            check_one(files[i], opt, fo, done[i], false);
        }
        CheckedFile& f = done[i];
        fails += f.fails;
        worst_io = std::max(worst_io, exit_code(f.rep.result));
        if (f.rep.result != StreamResult::Ok && !unread++) first_unread = unread_reason(f.rep);
        if (!recognised(f.rep) && !nothing++) first_nothing = nothing_text(f.rep, opt);
        print_one(out, f, opt);
        if (opt.format == CheckFormat::Junit) reps.push_back(std::move(f.rep));
        else f.rep = FileReport{};
    }
    for (auto& t : pool) t.join();
    if (opt.format == CheckFormat::Junit) junit_report(out, reps, opt);
    // A file not read completely is an error whatever the findings: what was
    // not read was not checked.
    const bool failed = fails > 0;
    std::string reason;
    if (unread)
        reason = (files.size() > 1 ? std::to_string(unread) + " of " + std::to_string(files.size()) +
                                         " files not read completely, the first: "
                                   : std::string("not read completely: ")) +
                 first_unread;
    // Nothing recognised is not a pass: a CI job pointed at the wrong capture,
    // or at a port the options do not name, must not go green.
    std::string nothing_reason;
    if (nothing)
        nothing_reason = (files.size() > 1 ? std::to_string(nothing) + " of " + std::to_string(files.size()) +
                                                 " files with nothing recognised, the first: "
                                           : std::string()) +
                         first_nothing;
    const char* verdict = unread ? "ERROR" : nothing ? "NOTHING RECOGNISED" : failed ? "FAIL" : "PASS";
    if (opt.format == CheckFormat::Text) {
        out << "verdict: " << verdict << " (";
        if (unread) out << reason << "; ";
        if (nothing) out << nothing_reason << "; ";
        out << fails << " findings at or above " << blank::severity_name(opt.fail_on) << ")\n";
    } else if (opt.format == CheckFormat::Json) {
        out << "{\"event_type\":\"verdict\",\"verdict\":\""
            << (unread ? "error" : nothing ? "nothing_recognised" : failed ? "fail" : "pass") << '"';
        if (unread || nothing) {
            out << ",\"reason\":\"";
            json_escape(out, unread && nothing ? reason + "; " + nothing_reason : unread ? reason : nothing_reason);
            out << '"';
        }
        out << ",\"fail_on\":\"" << blank::severity_name(opt.fail_on) << "\",\"failing\":" << fails
            << ",\"files\":" << files.size() << ",\"files_not_read\":" << unread
            << ",\"files_nothing_recognised\":" << nothing << "}\n";
    }
    out.flush();
    if (worst_io != kExitOk) return worst_io;
    if (nothing) return kExitNothingRecognised;
    return failed ? kExitFindings : kExitOk;
}

}  // namespace blankshark
