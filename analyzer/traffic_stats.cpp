#include "traffic_stats.hpp"

#include <cstdio>

#include "output.hpp"

namespace blankshark {

// Two spaces at least between columns, so a reader (and a script splitting
// on them) sees "bytes/s" and "avg size" as two.
void count_header(Output& out, const std::string& title) {
    out.pad(title, kStatsNameWidth);
    char buf[96];
    std::snprintf(buf, sizeof buf, "%10s %12s %10s %12s %9s\n", "packets", "bytes", "packets/s", "bytes/s", "avg size");
    out << buf;
}

void count_row(Output& out, const std::string& name, int indent, const Count& c, double secs, size_t width) {
    out.pad("", size_t(indent));
    out.pad(name, width > size_t(indent) + name.size() ? width - size_t(indent) : name.size() + 1);
    char buf[96];
    std::snprintf(buf, sizeof buf, "%10llu %12llu ", (unsigned long long)c.packets, (unsigned long long)c.bytes);
    out << buf;
    if (secs > 0)
        std::snprintf(buf, sizeof buf, "%10.1f %12.1f", double(c.packets) / secs, double(c.bytes) / secs);
    else
        std::snprintf(buf, sizeof buf, "%10s %12s", "-", "-");
    out << buf;
    std::snprintf(buf, sizeof buf, " %9.1f\n", c.packets ? double(c.bytes) / double(c.packets) : 0.0);
    out << buf;
}

void json_count(Output& out, const Count& c, double secs) {
    out << "\"packets\":" << c.packets << ",\"bytes\":" << c.bytes << ",\"packets_per_s\":";
    out.number(secs > 0 ? double(c.packets) / secs : 0);
    out << ",\"bytes_per_s\":";
    out.number(secs > 0 ? double(c.bytes) / secs : 0);
}

void json_totals(Output& out, const Count& total, double secs) {
    out << "\"duration\":";
    out.number(secs);
    out << ',';
    json_count(out, total, secs);
}

}  // namespace blankshark
