// Each protocol's own settings for one run: what its command-line options
// set (blank's --revision, Minecraft Java's --keylog and thresholds, ...).
// Its front end makes them with their defaults, adds the options that set
// them to each command (FrontEnd::add_options) and its pass reads them;
// nothing else knows what they hold.
#pragma once

#include <memory>
#include <vector>

namespace blankshark {

class FrontEnd;

// The commands that read captures: what a protocol's options and its pass
// may differ by (check keeps counts only, decode shows every packet, ...).
enum class Command { Decode, Chunks, Check, Stats, Report };

class Settings {
public:
    virtual ~Settings() = default;
};

// Every front end's settings (front_ends() order). Copies share them: they
// are set while the command line is parsed and only read afterwards, by
// every thread of a run.
class ProtocolSettings {
public:
    ProtocolSettings();  // each front end's defaults
    // fe's settings, or null for a front end that has none.
    Settings* of(const FrontEnd& fe) const;

private:
    std::vector<std::shared_ptr<Settings>> all_;
};

}  // namespace blankshark
