#include "key_log_option.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

#include "capture_stream.hpp"
#include "core/key_log_reader.hpp"
#include "front_end.hpp"
#include "output.hpp"

namespace blankshark {

void add_key_log_option(CLI::App& sub, std::string& file) {
    std::string help = "decrypt encrypted connections with the keys of this key log (default: "
                       "$MINECRAFT_KEY_LOG_FILE; one file may hold the lines of every protocol): ";
    bool first = true;
    for (const FrontEnd* fe : front_ends())
        if (const FrontEnd::KeyLogForms* k = fe->key_log_forms()) {
            help += (first ? "" : "; ") + std::string(k->whose) + ": " + k->forms;
            first = false;
        }
    if (first) return;  // no protocol decrypts
    sub.add_option("--keylog", file, help);
}

bool read_key_log(const std::string& option, StreamOptions& opt, std::string& error) {
    const char* env = core::KeyLogReader::file_from_environment();
    const std::string file = !option.empty() ? option : env ? env : "";
    if (file.empty()) return true;
    std::string text;
    if (!core::KeyLogReader::read_file(file, text, error)) return false;
    struct Taker {
        const FrontEnd* fe;
        std::function<const char*(const core::KeyLogLine&)> take;
    };
    std::vector<Taker> takers;
    for (const FrontEnd* fe : front_ends())
        if (Settings* s = opt.settings.of(*fe))
            if (fe->key_log_forms())
                if (auto take = fe->key_log_taker(*s)) takers.push_back({fe, std::move(take)});
    auto read = std::make_shared<KeyLogRead>();
    read->file = file;
    core::KeyLogReader reader;
    reader.read(text, [&](const core::KeyLogLine& l) -> const char* {
        std::string why;
        for (const Taker& t : takers) {
            const char* r = t.take(l);
            if (!r) return nullptr;
            why += (why.empty() ? "" : "; ") + std::string(t.fe->key_log_forms()->whose) + ": " + r;
        }
        if (read->first_reason.empty()) read->first_reason = why.empty() ? "no protocol reads key logs" : why;
        return "not understood";  // counted by the reader; the reason is kept above
    });
    read->lines = reader.lines();
    read->not_understood = reader.bad_lines();
    read->first_line = reader.first_bad_line();
    if (read->not_understood) {
        std::fprintf(stderr,
                     "blankshark: key log %s: %zu of its %zu lines not understood, skipped (the first: line %zu, %s)\n",
                     file.c_str(), read->not_understood, read->lines, read->first_line, read->first_reason.c_str());
    }
    opt.key_log = std::move(read);
    return true;
}

void key_log_note(Output& out, const StreamOptions& opt, bool json) {
    if (!opt.key_log) return;
    const KeyLogRead& k = *opt.key_log;
    if (json) {
        out << "{\"event_type\":\"keylog\",\"file\":\"";
        json_escape(out, k.file);
        out << "\",\"lines\":" << k.lines << ",\"not_understood\":" << k.not_understood;
        if (k.not_understood) {
            out << ",\"first_not_understood\":{\"line\":" << k.first_line << ",\"reason\":\"";
            json_escape(out, k.first_reason);
            out << "\"}";
        }
    } else {
        out << "key log " << k.file << ": " << k.lines << (k.lines == 1 ? " line read" : " lines read");
    }
    for (const FrontEnd* fe : front_ends()) {
        const FrontEnd::KeyLogForms* f = fe->key_log_forms();
        if (!f) continue;
        const FrontEnd::KeyLogCounts n = fe->key_log_counts(opt.settings.of(*fe));
        if (json)
            out << ",\"" << f->member << "\":{\"" << f->noun << "s\":" << n.taken << ",\"used\":" << n.used << '}';
        else
            out << "; " << f->whose << ": " << n.taken << ' ' << f->noun << (n.taken == 1 ? ", " : "s, ") << n.used
                << " used by a connection";
    }
    if (json) {
        out << "}\n";
        return;
    }
    out << "; " << k.not_understood << (k.not_understood == 1 ? " line" : " lines") << " not understood";
    if (k.not_understood) out << " (the first: line " << k.first_line << ", " << k.first_reason << ")";
    out << '\n';
}

}  // namespace blankshark
