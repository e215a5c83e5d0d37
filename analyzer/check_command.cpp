#include "check_command.hpp"

#include <algorithm>
#include <cstdio>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "check_findings.hpp"
#include "file_analysis.hpp"
#include "front_end.hpp"
#include "key_log_option.hpp"
#include "exit_codes.hpp"
#include "recognition.hpp"
#include "output.hpp"

namespace blankshark {
namespace {

using core::Finding;
using core::Severity;

bool counts(const CheckOptions& opt, const Finding& f) {
    return !opt.ignore.count(core::finding_info(f.code).name);
}

std::string message(const Finding& f) {
    char buf[320];
    const size_t n = core::format_finding(f, buf, sizeof buf);
    return std::string(buf, n);
}

size_t failing(const ConvReport& c, const CheckOptions& opt) {
    size_t n = 0;
    for (const Finding& f : c.findings) n += counts(opt, f) && f.severity() >= opt.fail_on && c.counted(f);
    return n;
}

std::string nothing_text(const FileReport& rep, const CheckOptions& opt) {
    return rep.path + ": no conversation of any supported protocol in " + std::to_string(rep.stats.frames) +
           " frames (tried " + recognition_text(opt.stream) + ")";
}

// A conversation's part of the text report: its line, its summary's lines, its findings.
void text_conversation(Output& out, uint32_t id, const ConvReport& c, const CheckOptions& opt) {
    if (c.has_conv && c.summary) {
        out << "conversation " << id << ": client " << capture::endpoint_text(c.conv.client) << " <-> server "
            << capture::endpoint_text(c.conv.server) << " (" << c.summary->protocol() << "), ";
        out.fixed(c.first_time, 3) << "-";
        out.fixed(c.last_time, 3) << " s, ended: " << c.summary->ended() << '\n';
        c.summary->text(out);
    } else {
        out << "packets outside any conversation (the conversation or TCP connection limit reached)\n";
    }
    text_findings(out, c, FindingsTextOptions{opt.max_listed, opt.comments},
                  [&opt](const Finding& f) { return counts(opt, f); });
}

// The text of the conversations that ended before their file did, written
// as each ended (FileAnalysisOptions::ended) and printed in id order with
// the rest once the file is done: the report reads the same, memory holds
// a record per conversation instead of its findings.
class EndedText {
public:
    EndedText() = default;
    EndedText(const EndedText&) = delete;
    EndedText& operator=(const EndedText&) = delete;
    ~EndedText() {
        if (f_) std::fclose(f_);
    }
    void add(uint32_t id, const ConvReport& c, const CheckOptions& opt) {
        if (!f_ && !(f_ = std::tmpfile())) throw std::runtime_error("cannot create a temporary file");
        const long at = std::ftell(f_);
        {
            Output o(f_);
            text_conversation(o, id, c, opt);
        }
        parts_.push_back(Part{id, uint64_t(at), uint64_t(std::ftell(f_) - at)});
    }
    // Before the conversations from `id` on: those ended that come before it.
    void print_before(Output& out, uint32_t id) {
        if (!sorted_) {
            std::sort(parts_.begin(), parts_.end(), [](const Part& a, const Part& b) { return a.id < b.id; });
            sorted_ = true;
        }
        char buf[1 << 14];
        for (; next_ < parts_.size() && parts_[next_].id < id; ++next_) {
            const Part& p = parts_[next_];
            std::fseek(f_, long(p.offset), SEEK_SET);
            for (uint64_t left = p.size; left;) {
                const size_t n = std::fread(buf, 1, std::min<uint64_t>(left, sizeof buf), f_);
                if (!n) throw std::runtime_error("cannot read back a temporary file");
                out << std::string_view(buf, n);
                left -= n;
            }
        }
    }

private:
    struct Part {
        uint32_t id;
        uint64_t offset, size;
    };
    std::FILE* f_ = nullptr;
    std::vector<Part> parts_;
    size_t next_ = 0;
    bool sorted_ = false;
};

void text_report(Output& out, const FileReport& rep, const CheckOptions& opt, EndedText& ended) {
    if (rep.result == StreamResult::OpenError) return;  // said once, by the verdict
    out << rep.path << ": " << found_text(rep);
    out << " in " << rep.stats.frames << " frames, " << conversations(rep) << " conversations\n";
    if (rep.files.size() > 1) out << "  " << files_text(rep) << '\n';
    for (const auto& [id, c] : rep.convs) {
        ended.print_before(out, id);
        text_conversation(out, id, c, opt);
    }
    ended.print_before(out, ~0u);
    if (!recognised(rep))
        out << "  nothing recognised: no conversation of any supported protocol (tried " << recognition_text(opt.stream)
            << ")\n";
    if (rep.result != StreamResult::Ok) out << "  error: " << rep.error << '\n';
}

void json_finding(Output& out, const FileReport& rep, uint32_t conv, const Finding& f, const ConvReport& c) {
    const core::FindingInfo& fi = core::finding_info(f.code);
    // pcap_cnt: the frame in its file (a ring buffer's: "frame" in the capture).
    const FilePosition at = position(rep, f.frame);
    out << "{\"event_type\":\"finding\",\"file\":\"";
    json_escape(out, *at.path);
    if (rep.is_set || rep.files.size() > 1) {
        out << "\",\"capture\":\"";
        json_escape(out, rep.path);
        out << "\",\"frame\":" << f.frame << ",\"conversation\":" << conv;
    } else {
        out << "\",\"conversation\":" << conv;
    }
    out << ",\"pcap_cnt\":" << at.frame << ",\"severity\":\""
        << core::severity_name(fi.severity) << "\",\"code\":\"" << fi.name << "\",\"message\":\"";
    json_escape(out, message(f));
    out << '"';
    if (f.ref_frame) out << ",\"ref_frame\":" << f.ref_frame;
    if (!c.counted(f)) out << ",\"consequence_of\":" << c.summary->cause()->frame << ",\"counted\":false";
    out << "}\n";
}

// A file not read completely: what it is, and for a truncated or corrupt one
// the frame that could not be read and where its record starts.
void json_error(Output& out, const FileReport& rep) {
    out << "{\"event_type\":\"error\",\"file\":\"";
    json_escape(out, rep.error_path.empty() ? rep.path : rep.error_path);
    out << "\",\"error\":\"" << (rep.result == StreamResult::OpenError ? "unreadable" : "truncated_or_corrupt")
        << '"';
    if (rep.error_frame) out << ",\"pcap_cnt\":" << rep.error_frame;
    if (rep.error_offset) out << ",\"offset\":" << *rep.error_offset;
    out << ",\"message\":\"";
    json_escape(out, rep.error);
    out << "\"}\n";
}

// A conversation's JSON events: the conversation, then its findings.
void json_conversation(Output& out, const FileReport& rep, uint32_t id, const ConvReport& c, const CheckOptions& opt) {
    if (c.has_conv && c.summary) {
        out << "{\"event_type\":\"conversation\",\"file\":\"";
        json_escape(out, rep.path);
        out << "\",\"conversation\":" << id << ",\"client\":\"" << capture::endpoint_text(c.conv.client)
            << "\",\"server\":\"" << capture::endpoint_text(c.conv.server) << "\",\"first_time\":";
        out.fixed(c.first_time, 6);
        out << ",\"last_time\":";
        out.fixed(c.last_time, 6);
        out << ",\"end\":\"";
        json_escape(out, c.summary->ended());
        out << '"';
        c.summary->json(out);
        out << ",\"failing\":" << failing(c, opt) << "}\n";
    }
    for (const Finding& f : c.findings)
        if (counts(opt, f)) json_finding(out, rep, id, f, c);
}

// What is left once the file is done (the conversations that ended before
// it were written as they ended).
void json_report(Output& out, const FileReport& rep, const CheckOptions& opt) {
    for (const auto& [id, c] : rep.convs) json_conversation(out, rep, id, c, opt);
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

// The tables of the findings a report without a summary holds (packets
// outside any conversation), in block order.
std::vector<const core::FindingTable*> tables_of(const ConvReport& c) {
    std::set<uint16_t> blocks;
    for (const Finding& f : c.findings) blocks.insert(f.code.block());
    std::vector<const core::FindingTable*> out;
    const core::FindingTables all = core::finding_tables();
    for (size_t i = 0; i < all.count; ++i)
        if (blocks.count(uint16_t(all.tables[i]->base / core::kFindingBlock))) out.push_back(all.tables[i]);
    return out;
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
            const std::vector<const core::FindingTable*> tables = c.summary ? c.summary->tables() : tables_of(c);
            for (const core::FindingTable* t : tables)
                for (size_t k = 0; k < t->count; ++k) {
                    const core::FindingInfo& fi = t->infos[k];
                    if (fi.severity == Severity::Comment || opt.ignore.count(fi.name)) continue;
                    at[fi.code.v] = all.size();
                    all.push_back(Case{cls, fi.name, {}, {}});
                }
            for (const Finding& f : c.findings)  // one pass: the list may be on disk
                if (const auto i = at.find(f.code.v); i != at.end())
                    (f.severity() >= opt.fail_on && c.counted(f) ? all[i->second].fail
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
                    << core::severity_name(opt.fail_on) << "\" type=\"" << cs.name << "\">";
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
        if (s == core::severity_name(v)) {
            out = v;
            return true;
        }
    return false;
}

namespace {

// One file checked. Checked in parallel, its report (text or JSON) is
// rendered into a temporary file (not memory: a report lists every finding),
// so files print in command-line order, byte for byte as a serial run does;
// checked serially, it is printed as soon as it is done. A conversation
// that ends before its file does is written then and let go: JSON's events
// go out at once (serially: to the reader while the file is still read),
// the text waits in `ended` for its place in id order.
struct CheckedFile {
    FileReport rep;  // JUnit keeps the conversations' findings for the end
    std::FILE* rendered = nullptr;
    std::unique_ptr<Output> to_rendered;  // JSON written into `rendered` as it comes
    std::unique_ptr<EndedText> ended;  // text only
    size_t fails = 0;
};

void render(Output& o, CheckedFile& f, const CheckOptions& opt) {
    if (opt.format == CheckFormat::Text) text_report(o, f.rep, opt, *f.ended);
    if (opt.format == CheckFormat::Json) json_report(o, f.rep, opt);
}

// After its text or JSON: what JUnit still reads of a file (its findings,
// which are counted), the rest let go.
void release(FileReport& rep) {
    for (auto& [id, c] : rep.convs)
        if (c.summary) c.summary->release();
}

// `live`: where JSON goes as conversations end, checked serially (null:
// checked in parallel, into the file's temporary file).
void check_one(const CaptureFiles& files, const CheckOptions& opt, FileAnalysisOptions fo, CheckedFile& out,
               bool buffer, Output* live) {
    if (buffer && opt.format != CheckFormat::Junit) {
        out.rendered = std::tmpfile();
        if (!out.rendered) throw std::runtime_error("cannot create a temporary file");
        out.to_rendered = std::make_unique<Output>(out.rendered);
        live = out.to_rendered.get();
    }
    if (opt.format == CheckFormat::Text) out.ended = std::make_unique<EndedText>();
    if (opt.format != CheckFormat::Junit)  // JUnit counts every file's cases before its first
        fo.ended = [&out, &opt, live, buffer](uint32_t id, ConvReport& c, const FileReport& rep) {
            out.fails += failing(c, opt);
            if (opt.format == CheckFormat::Text) {
                out.ended->add(id, c, opt);
            } else {
                json_conversation(*live, rep, id, c, opt);
                if (!buffer) live->flush();  // to the reader now, not when 64 KiB piled up
            }
            if (c.summary) c.summary->release();
        };
    out.rep = analyse_file(files, fo);
    for (const auto& [id, c] : out.rep.convs) out.fails += failing(c, opt);
    if (out.to_rendered) {
        render(*out.to_rendered, out, opt);
        out.to_rendered.reset();  // flushed
        out.ended.reset();
    }
    if (buffer) release(out.rep);  // done with it (serially: once printed)
}

// Why a file was not read completely, naming it (and the frame and byte
// offset where a truncated or corrupt one breaks).
std::string unread_reason(const FileReport& rep) {
    if (rep.result != StreamResult::ReadError) return rep.error;  // "PATH: cannot open: ..." and the like
    if (rep.error_frame == 0 && !rep.error_offset) return rep.error;  // a ring buffer's file that does not continue it
    return (rep.error_path.empty() ? rep.path : rep.error_path) + ": truncated or corrupt at frame " +
           std::to_string(rep.error_frame) + " (byte offset " +
           (rep.error_offset ? std::to_string(*rep.error_offset) : std::string("unknown")) + ")";
}

// Prints a file's report, then lets go of what JUnit does not need.
void print_one(Output& out, CheckedFile& f, const CheckOptions& opt) {
    // A file that could not be opened is said once, by the verdict (and JSON's
    // error event); one read in part also here, after what was read of it.
    if (f.rep.result != StreamResult::Ok && f.rep.result != StreamResult::OpenError) {
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
        render(out, f, opt);
    }
    f.ended.reset();
    if (opt.format != CheckFormat::Junit) f.rep.convs.clear();
    else release(f.rep);
}

}  // namespace

int run_check(const std::vector<CaptureFiles>& files, const CheckOptions& opt) {
    std::vector<CheckedFile> done(files.size());
    std::vector<char> ready(files.size(), 0);
    std::mutex mu;
    std::condition_variable cv;
    std::atomic<size_t> next{0};
    const size_t workers = std::min<size_t>(std::max<size_t>(opt.jobs, 1), files.size());
    FileAnalysisOptions fo{opt.stream, Command::Check, opt.comments, unsigned(workers), {}};
    if (workers > 1) fo.stream.progress = false;  // one bar per file would garble the terminal
    auto work = [&] {
        for (size_t i; (i = next++) < files.size();) {
            check_one(files[i], opt, fo, done[i], true, nullptr);
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
            check_one(files[i], opt, fo, done[i], false, &out);
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
    if (opt.format != CheckFormat::Junit) {
        key_log_note(out, opt.stream, opt.format == CheckFormat::Json);
        for (const FrontEnd* fe : front_ends()) fe->run_notes(out, opt.stream.settings.of(*fe), opt.format == CheckFormat::Json);
    }
    if (opt.format == CheckFormat::Text) {
        out << "verdict: " << verdict << " (";
        if (unread) out << reason << "; ";
        if (nothing) out << nothing_reason << "; ";
        out << fails << " findings at or above " << core::severity_name(opt.fail_on) << ")\n";
    } else if (opt.format == CheckFormat::Json) {
        out << "{\"event_type\":\"verdict\",\"verdict\":\""
            << (unread ? "error" : nothing ? "nothing_recognised" : failed ? "fail" : "pass") << '"';
        if (unread || nothing) {
            out << ",\"reason\":\"";
            json_escape(out, unread && nothing ? reason + "; " + nothing_reason : unread ? reason : nothing_reason);
            out << '"';
        }
        out << ",\"fail_on\":\"" << core::severity_name(opt.fail_on) << "\",\"failing\":" << fails
            << ",\"files\":" << files.size() << ",\"files_not_read\":" << unread
            << ",\"files_nothing_recognised\":" << nothing << "}\n";
    }
    out.flush();
    if (worst_io != kExitOk) return worst_io;
    if (nothing) return kExitNothingRecognised;
    return failed ? kExitFindings : kExitOk;
}

}  // namespace blankshark
