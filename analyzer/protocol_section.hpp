// A protocol's own parts of the commands' output over one file (its table in
// `blankshark stats`, its rows in `blankshark chunks`, its chart in the
// report), each fed its protocol's units as the file is read.
#pragma once

#include <cstddef>
#include <cstdint>

#include "unit.hpp"

namespace blankshark {

struct FileReport;

class StatsSection {
public:
    virtual ~StatsSection() = default;
    // A unit of its protocol.
    virtual void unit(const Unit& u) = 0;
    virtual void text(Output& out, const FileReport& rep) const = 0;
    // Its keys of the file's JSON object, each ",\"key\":value".
    virtual void json(Output& out, const FileReport& rep) const = 0;
};

// A protocol's charts in `blankshark report`, beside what every protocol
// gets (each conversation's check text, its rate chart by Unit::rate_series).
class ReportSection {
public:
    virtual ~ReportSection() = default;
    virtual void unit(const Unit& u) = 0;
    // What it shows of the whole file, before the conversations (blank:
    // packets by type and direction).
    virtual void overview(Output&) {}
    // Conversation `id`'s charts between t0 and t1 (seconds since the
    // capture's first frame), with what check says of it; false when it
    // has none.
    virtual bool chart(Output& out, uint32_t id, const ConversationSummary& summary, double t0, double t1) = 0;
};

// Its chunk data in `blankshark chunks`: a row per chunk (column, Map
// Chunk, ...), with --extract each one's data in a file.
class ChunksSection {
public:
    virtual ~ChunksSection() = default;
    virtual void unit(const Unit& u) = 0;
    // Its header, rows and total (nothing without rows).
    virtual void text(Output& out) const = 0;
    // A JSON line per row.
    virtual void json(Output& out) const = 0;
    virtual size_t count() const = 0;
    virtual size_t extracted() const = 0;
    virtual size_t extract_failed() const = 0;
    // What its rows are, for "no chunk data (...)": "Minecraft Java chunk columns".
    virtual const char* what() const = 0;
};

}  // namespace blankshark
