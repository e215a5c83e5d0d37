// Runs the system's tshark with the plugin from this build.
//
// tshark run as root ignores WIRESHARK_PLUGIN_DIR, so as root the tests run it
// as the user nobody, who cannot read a checkout under /root (mode 0700).
// Whoever runs the tests, whatever tshark reads (the plugin, the captures) is
// therefore copied into a world-readable directory under /tmp, one per test
// process and removed when it ends: tshark() takes files only through
// tshark_file(). Before the first run, `tshark -G plugins`, as the user that
// runs it, must list this build's blank.so from there and nothing else called
// blank.so; if not, every tshark() throws with why, so each tshark test fails
// with that message and never passes or fails on a later check because of it.
// In a sanitizer build the plugin is instrumented and tshark is not:
// BLANKSHARK_TSHARK_ENV preloads the sanitizer runtime (CMakeLists.txt).
#pragma once

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

#include "../support/run.hpp"

namespace blank::test {

class TsharkStage {
public:
    static TsharkStage& get() {
        static TsharkStage s;
        return s;
    }
    TsharkStage(const TsharkStage&) = delete;
    TsharkStage& operator=(const TsharkStage&) = delete;
    ~TsharkStage() {
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
    }

    // A copy of `path` that the tshark user can read (copied once).
    std::string file(const std::string& path) {
        namespace fs = std::filesystem;
        if (auto it = copies_.find(path); it != copies_.end()) return it->second;
        const std::string caps = BLANKSHARK_CAPTURES "/";
        const std::string rel = path.rfind(caps, 0) == 0 ? path.substr(caps.size())
                                                          : std::to_string(copies_.size()) + "-" +
                                                                fs::path(path).filename().string();
        const fs::path to = fs::path(dir_) / "files" / rel;
        make_dirs(to.parent_path());
        fs::copy_file(path, to, fs::copy_options::overwrite_existing);
        fs::permissions(to, fs::perms(0644));
        return copies_[path] = to.string();
    }

    // The shell command that runs tshark ARGS as the tshark user, from the
    // stage (its working directory and HOME: no personal configuration).
    std::string command(const std::string& args) const {
        if (args.find(BLANKSHARK_CAPTURES) != std::string::npos)
            throw std::logic_error("tshark(): pass captures through tshark_file(), not from the checkout: " + args);
        std::string cmd = "cd " + dir_ + " && ";
        if (geteuid() == 0) cmd += "setpriv --reuid=65534 --regid=65534 --clear-groups ";
        // WIRESHARK_EXTCAP_DIR: an empty folder, so tshark starts no extcap
        // tools (with the sanitizer runtime preloaded they hang at exit).
        // BLANKSHARK_TSHARK_PREFS: preferences every tshark of the run gets
        // (ctest runs the TCP protocols' tests again with
        // tcp.reassemble_out_of_order on: tests/CMakeLists.txt).
        const char* prefs = std::getenv("BLANKSHARK_TSHARK_PREFS");
        return cmd + "env -u XDG_CONFIG_HOME HOME=" + dir_ + " WIRESHARK_PLUGIN_DIR=" + dir_ +
               "/plugins WIRESHARK_EXTCAP_DIR=" + dir_ + "/extcap " BLANKSHARK_TSHARK_ENV " tshark " +
               (prefs && args.rfind("-G", 0) != 0 ? std::string(prefs) + " " : std::string()) + args;  // -G comes first
    }

    // Empty when tshark loads this build's plugin; otherwise why not.
    const std::string& plugin_error() const { return plugin_error_; }
    const std::string& dir() const { return dir_; }

private:
    TsharkStage() {
        namespace fs = std::filesystem;
        char tmpl[] = "/tmp/blankshark-tshark-XXXXXX";
        if (!mkdtemp(tmpl)) throw std::runtime_error("cannot create a directory under /tmp for tshark");
        dir_ = tmpl;
        chmod(dir_.c_str(), 0755);  // mkdtemp makes it 0700
        make_dirs(fs::path(dir_) / "extcap");
        // plugins/4.0/epan/blank.so, as the build leaves it.
        const fs::path from = BLANKSHARK_PLUGIN_DIR;
        for (const auto& e : fs::recursive_directory_iterator(from)) {
            const fs::path to = fs::path(dir_) / "plugins" / fs::relative(e.path(), from);
            if (e.is_directory()) {
                make_dirs(to);
            } else {
                make_dirs(to.parent_path());
                fs::copy_file(e.path(), to, fs::copy_options::overwrite_existing);
                fs::permissions(to, fs::perms(0644));
            }
        }
        check_plugin();
    }

    void make_dirs(const std::filesystem::path& p) {
        namespace fs = std::filesystem;
        fs::create_directories(p);
        for (fs::path d = p; d.string().size() > dir_.size(); d = d.parent_path()) fs::permissions(d, fs::perms(0755));
    }

    void check_plugin() {
        const std::string user = geteuid() == 0 ? "nobody" : (getpwuid(geteuid()) ? getpwuid(geteuid())->pw_name : "?");
        const std::string want = dir_ + "/plugins/";
        const RunResult r = run(command("-G plugins"));
        std::istringstream in(r.out);
        size_t ours = 0, others = 0;
        std::string other;
        for (std::string l; std::getline(in, l);) {
            if (l.rfind("blank.so", 0) != 0) continue;
            if (l.find(want) != std::string::npos) ++ours;
            else ++others, other = l;
        }
        const std::string why =
            r.exit_code != 0 ? "it exited " + std::to_string(r.exit_code)
            : ours == 0      ? "it lists no blank.so from " + want
            : others         ? "it also lists another blank.so (remove it: " + other + ")"
                             : "";
        if (!why.empty())
            plugin_error_ = "tshark does not load this build's plugin: `tshark -G plugins` run as " + user + ": " +
                            why + "; stderr: " + r.err;
    }

    std::string dir_, plugin_error_;
    std::map<std::string, std::string> copies_;
};

// The path tshark reads for a file of the checkout or the build.
inline std::string tshark_file(const std::string& path) { return TsharkStage::get().file(path); }

// tshark ARGS with the plugin; throws (failing the test with the reason) when
// the plugin is not loaded, when tshark exits other than `want_exit`, or when
// a sanitizer reports (the plugin may be instrumented).
inline RunResult tshark(const std::string& args, int want_exit = 0) {
    TsharkStage& st = TsharkStage::get();
    if (!st.plugin_error().empty()) throw std::runtime_error(st.plugin_error());
    RunResult r = run(st.command(args));
    if (r.err.find("Sanitizer") != std::string::npos || r.err.find("runtime error") != std::string::npos)
        throw std::runtime_error("tshark " + args + ": sanitizer report:\n" + r.err);
    if (r.exit_code != want_exit)
        throw std::runtime_error("tshark " + args + " exited " + std::to_string(r.exit_code) + ", expected " +
                                 std::to_string(want_exit) + "; stderr: " + r.err);
    return r;
}

}  // namespace blank::test
