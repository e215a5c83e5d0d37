// One decoded unit of a protocol, as the commands see it: a packet or
// message (a blank datagram, a Minecraft Java packet, an Alpha message, a
// RakNet UDP packet with the game packets it completed), a connection event
// (how an Alpha connection ended), findings that belong to no unit (the TCP
// reassembler's, those known about a connection only at its end), or a
// conversation's closing line. Each protocol's front end makes its own
// (blank/blank_unit.hpp, mc_java/java_front_end.cpp, ...); decode prints and
// filters them, the file analysis collects their findings, and a
// protocol's own sections (its stats table, its charts) read their own
// units back.
#pragma once

#include <cstdint>
#include <memory>

#include "core/finding.hpp"
#include "core/finding_sink.hpp"

namespace blankshark {

class ConversationSummary;
class FrontEnd;
class Output;
struct Conversation;
struct TypeFilter;

// Where a unit puts its findings, each with its frame set: the core's sink.
using FindingOut = core::FindingSink;

class Unit {
public:
    enum class Kind : uint8_t {
        Packet,  // counted in its conversation; decode shows it, -t matches it
        Event,   // not counted; decode shows it unless -t filters
        Note,    // its findings only
        // A conversation's closing line (blank's revision, known by its end):
        // decode prints it after every packet, also under -t, not in JSON.
        Trailer,
    };
    Unit(const FrontEnd& fe, Kind k, Conversation* c, double t) : front_end(fe), kind(k), conv(c), time(t) {}

    const FrontEnd& front_end;
    Kind kind;
    Conversation* conv;  // null: none (a conversation limit)
    double time;         // seconds since the capture's first frame

    // The conversation's summary for check (kept by the protocol's pass).
    virtual std::shared_ptr<ConversationSummary> summary() const = 0;
    // Every finding of the unit: its decoder's, its framing's, its analyses'.
    virtual void findings(FindingOut& out) const = 0;
    // decode -t: whether it is of a type the filter names.
    virtual bool matches(const TypeFilter& filter) const = 0;
    // decode's three forms: a summary line, a field tree (-V), a JSON line.
    virtual void print_summary(Output& out) const = 0;
    virtual void print_tree(Output& out) const = 0;
    virtual void print_json(Output& out) const = 0;
    // The report's rate chart: the series a packet counts in ("play C>S"),
    // or null for none.
    virtual const char* rate_series() const { return nullptr; }

protected:
    ~Unit() = default;
};

class UnitListener {
public:
    virtual ~UnitListener() = default;
    virtual void unit(const Unit& u) = 0;
    // `c` is over before the capture is: no unit of it follows, and its
    // protocol has let go of its summary (the listener holds the last
    // reference it took). A conversation still open at the capture's end
    // may get it or not.
    virtual void ended(Conversation& /*c*/) {}
};

}  // namespace blankshark
