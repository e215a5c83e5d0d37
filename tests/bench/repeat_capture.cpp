// Generator for run.sh: a long capture of real traffic made by repeating
// Ethernet/IPv4 captures (the bundled real ones), each repetition new
// conversations (tests/support/capture_repeat.hpp says how). Stops after
// exactly N frames.
// --keep-ports keeps the UDP ports too (only the client address changes):
// for a protocol found by its own port (RakNet on 19132).
// --every S starts a repetition every S seconds, overlapping the ones still
// running (a busy server), instead of each 1 s after the previous one ended.
// --times T stops after T repetitions of the inputs (N 0: no frame limit).
//
//   repeat_capture [--keep-ports] [--every S] [--times T] OUT N IN...
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../support/capture_repeat.hpp"

int main(int argc, char** argv) {
    blank::test::RepeatOptions opt;
    int a = 1;
    for (; a < argc && argv[a][0] == '-' && argv[a][1] == '-'; ++a) {
        if (std::strcmp(argv[a], "--keep-ports") == 0) {
            opt.keep_ports = true;
        } else if (std::strcmp(argv[a], "--every") == 0 && a + 1 < argc) {
            opt.every = std::strtod(argv[++a], nullptr);
        } else if (std::strcmp(argv[a], "--times") == 0 && a + 1 < argc) {
            opt.times = std::strtoull(argv[++a], nullptr, 10);
        } else {
            break;
        }
    }
    if (argc - a < 3) {
        std::fprintf(stderr, "usage: %s [--keep-ports] [--every SECONDS] [--times T] OUT N IN...\n", argv[0]);
        return 2;
    }
    opt.frames = std::strtoull(argv[a + 1], nullptr, 10);
    const std::vector<std::string> inputs(argv + a + 2, argv + argc);
    std::string err;
    const long long written = blank::test::repeat_captures(argv[a], inputs, opt, err);
    if (written < 0) {
        std::fprintf(stderr, "%s\n", err.c_str());
        return 3;
    }
    std::printf("%lld frames\n", written);
    return 0;
}
