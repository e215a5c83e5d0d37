#include "mc_java/java_stats.hpp"

#include <cstdio>

#include "mc_java/java_printers.hpp"

namespace blankshark {

namespace {

const char* const kDirNames[2] = {"client->server", "server->client"};        // JSON
const char* const kDirRows[2] = {"client -> server", "server -> client"};      // text, as every protocol's table

void row(Output& out, const std::string& name, int indent, const Count& c, double secs) {
    count_row(out, name, indent, c, secs);
}

}  // namespace

void JavaTraffic::Table::add(const JavaPacket& jp) {
    const mcjava::Packet& p = *jp.packet;
    const int d = p.dir == core::Side::Client ? 0 : 1;
    const int id = p.kind == mcjava::PacketKind::Packet && p.summary.type ? int(p.summary.id) : -1;
    total.add(p.wire_len);
    by_dir[d].add(p.wire_len);
    Row& r = rows[Key{d, int(p.state), id}];
    if (r.name.empty()) r.name = java_packet_name(p);  // once per row: no string per packet
    r.count.add(p.wire_len);
    if (first < 0) first = jp.time;
    last = jp.time;
}

void JavaTraffic::add(const JavaPacket& jp) {
    // Packets without an id (encrypted, unframed, legacy) are rows of their own name.
    file_.add(jp);
    Conv& c = convs_[jp.conv ? jp.conv->id : 0];
    if (jp.conv && !c.known) {
        c.known = true;
        c.client = jp.conv->client;
        c.server = jp.conv->server;
    }
    c.table.add(jp);
}

void JavaTraffic::text_table(Output& out, const Table& t, int indent) {
    const double secs = t.duration();
    row(out, "all", indent, t.total, secs);
    for (int d = 0; d < 2; ++d) {
        if (!t.by_dir[d].packets) continue;
        row(out, kDirRows[d], indent + 2, t.by_dir[d], secs);
        int state = -1;
        for (const auto& [k, r] : t.rows) {
            if (std::get<0>(k) != d) continue;
            if (std::get<1>(k) != state) {
                state = std::get<1>(k);
                Count sc;
                for (const auto& [k2, r2] : t.rows)
                    if (std::get<0>(k2) == d && std::get<1>(k2) == state) {
                        sc.packets += r2.count.packets;
                        sc.bytes += r2.count.bytes;
                    }
                row(out, mcjava::state_name(mcjava::State(state)), indent + 4, sc, secs);
            }
            char id[16] = "";
            if (std::get<2>(k) >= 0) std::snprintf(id, sizeof id, " (0x%02X)", std::get<2>(k));
            row(out, r.name + id, indent + 6, r.count, secs);
        }
    }
}

void JavaTraffic::text(Output& out, const FileReport&) const {
    if (empty()) return;
    out << '\n';
    count_header(out, "Minecraft Java packets by direction, state and type");
    text_table(out, file_, 0);
    out << '\n';
    count_header(out, "Minecraft Java packets by connection");
    for (const auto& [id, c] : convs_) {
        if (c.known)
            out << "  " << id << ": client " << capture::endpoint_text(c.client) << " <-> server "
                << capture::endpoint_text(c.server) << ", ";
        else
            out << "  (no conversation): ";
        out.fixed(c.table.first, 3) << "-";
        out.fixed(c.table.last, 3) << " s\n";
        text_table(out, c.table, 4);
    }
}

void JavaTraffic::json_table(Output& out, const Table& t) {
    const double secs = t.duration();
    json_totals(out, t.total, secs);
    out << ",\"directions\":[";
    bool first_dir = true;
    for (int d = 0; d < 2; ++d) {
        if (!t.by_dir[d].packets) continue;
        out << (first_dir ? "" : ",") << "{\"direction\":\"" << kDirNames[d] << "\",";
        first_dir = false;
        json_count(out, t.by_dir[d], secs);
        out << ",\"types\":[";
        bool first = true;
        for (const auto& [k, r] : t.rows) {
            if (std::get<0>(k) != d) continue;
            out << (first ? "" : ",") << "{\"state\":\"" << mcjava::state_name(mcjava::State(std::get<1>(k)))
                << "\",\"type\":\"";
            json_escape(out, r.name);
            out << "\",";
            if (std::get<2>(k) >= 0) out << "\"id\":" << std::get<2>(k) << ',';
            json_count(out, r.count, secs);
            out << '}';
            first = false;
        }
        out << "]}";
    }
    out << ']';
}

void JavaTraffic::json(Output& out, const FileReport&) const {
    if (empty()) return;
    out << ",\"java\":{";
    json_table(out, file_);
    out << ",\"connections\":[";
    bool first = true;
    for (const auto& [id, c] : convs_) {
        out << (first ? "" : ",") << "{\"conversation\":" << id;
        if (c.known)
            out << ",\"client\":\"" << capture::endpoint_text(c.client) << "\",\"server\":\""
                << capture::endpoint_text(c.server) << '"';
        out << ",\"first_time\":";
        out.number(c.table.first);
        out << ',';
        json_table(out, c.table);
        out << '}';
        first = false;
    }
    out << "]}";
}

}  // namespace blankshark
