// Compiled into every executable of a sanitizer build (BLANKSHARK_SANITIZE;
// the options come from the top CMakeLists.txt): a sanitizer report ends the
// process with exit code 86, which no command uses (check's FAIL verdict is
// 1, as is the sanitizers' default), so a report never passes for a verdict.
// Being in the binary, not in the environment, every blankshark process a
// test starts has them. tshark is not built here: tests/plugin/tshark.hpp and
// tests/hostile/run.sh give it the same through ASAN_OPTIONS/UBSAN_OPTIONS.

extern "C" {

// Leak reports (LeakSanitizer, part of ASan) exit with the same code.
const char* __asan_default_options() { return BLANKSHARK_ASAN_OPTIONS; }

// The tree builds with -fno-sanitize-recover=undefined: the first report ends the process.
const char* __ubsan_default_options() { return BLANKSHARK_UBSAN_OPTIONS; }

}
