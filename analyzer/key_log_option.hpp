// The run's key log: --keylog FILE, else $MINECRAFT_KEY_LOG_FILE (what
// SSLKEYLOGFILE is to TLS), one file for every protocol that decrypts
// (Minecraft Java's shared secrets, Bedrock's keys: one file may hold both).
// Read once after the command line: each line is offered to every front end
// that reads key logs (FrontEnd::key_log_taker) and is not understood only
// when none takes it. Lines not understood are said on stderr at once, and
// check ends with one line on the file (or a JSON event).
#pragma once

#include <cstddef>
#include <string>

namespace CLI {
class App;
}

namespace blankshark {

class Output;
struct StreamOptions;

// What reading the file gave, beside what each front end took.
struct KeyLogRead {
    std::string file;
    size_t lines = 0;           // comments and blank ones included
    size_t not_understood = 0;  // lines no front end took
    size_t first_line = 0;      // the first of them (0: none)
    std::string first_reason;   // each front end's reason, in front_ends() order
};

// Adds --keylog to a command; its help names every front end's line forms.
void add_key_log_option(CLI::App& sub, std::string& file);
// Reads `file` (empty: the environment's, or none) into the front ends'
// settings of `opt`; false, with `error`, when it cannot be read.
bool read_key_log(const std::string& file, StreamOptions& opt, std::string& error);
// check's line on the key log, or its JSON event; nothing without one.
void key_log_note(Output& out, const StreamOptions& opt, bool json);

}  // namespace blankshark
