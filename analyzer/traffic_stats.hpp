// Packets and bytes, and how every protocol's stats table prints them: a
// text row (packets, bytes, rates, average size) and the JSON keys.
#pragma once

#include <cstdint>
#include <string>

namespace blankshark {

struct Count {
    uint64_t packets = 0, bytes = 0;
    void add(uint32_t len) {
        ++packets;
        bytes += len;
    }
};

class Output;
// Every protocol's stats tables share one layout: a header row naming each
// column over a name column this wide (the longest packet names of every
// protocol fit, indented), then the rows.
constexpr size_t kStatsNameWidth = 56;
// The header row: `title` over the names, then packets, bytes, packets/s,
// bytes/s, avg size.
void count_header(Output& out, const std::string& title);
// One text row of a stats table: name (indented, padded to `width`),
// packets, bytes, packets/s, bytes/s, average size.
void count_row(Output& out, const std::string& name, int indent, const Count& c, double secs,
               size_t width = kStatsNameWidth);
// "packets":..,"bytes":..,"packets_per_s":..,"bytes_per_s":.. of a stats JSON object.
void json_count(Output& out, const Count& c, double secs);
// "duration":..,"packets":.. ...: how a stats JSON table of `secs` starts.
void json_totals(Output& out, const Count& total, double secs);

}  // namespace blankshark
