#include "raknet/raknet_stats.hpp"

#include <algorithm>
#include <cstdio>

#include "protocols/bedrock/schema.hpp"
#include "protocols/raknet/schema.hpp"
#include "protocols/raknet/figures.hpp"
#include "raknet/raknet_flows.hpp"
#include "raknet/raknet_summary.hpp"

namespace blankshark {
namespace {

constexpr const char* kKindNames[4] = {"Offline message", "Datagram", "ACK", "NAK"};
constexpr const char* kDirRows[2] = {"client -> server", "server -> client"};  // as every protocol's stats table

}  // namespace

void RaknetStats::add(const RaknetConnection& c, const raknet::PacketResult* p, const mcpe::GamePacket* g) {
    Conv& conv = convs_[c.conv ? c.conv->id : 0];
    if (g) {
        char name[48];
        if (g->type) std::snprintf(name, sizeof name, "%s", g->type->name);
        else std::snprintf(name, sizeof name, "Unknown game packet 0x%02x", g->id);
        ++conv.dir[int(g->from)].messages[name];
        return;
    }
    Side& d = conv.dir[int(p->from)];
    d.kinds[int(p->kind)].add(p->len);
    if (conv.first < 0) conv.first = p->time;
    conv.last = p->time;
    const core::Schema& s = raknet::schema(*p->version);
    for (const raknet::MessageResult& m : p->messages) {
        if (!m.system) continue;
        const core::MessageSummary h = core::decode_header(s, m.data, m.len, p->context(raknet::kMessageTable));
        char name[48];
        if (h.type) std::snprintf(name, sizeof name, "%s", h.type->name);
        else std::snprintf(name, sizeof name, "Unknown system message 0x%02x", m.id);
        ++d.messages[name];
    }
}

void RaknetStats::add_batch(const RaknetConnection& c, const bedrock::Batch& b) {
    Conv& conv = convs_[c.conv ? c.conv->id : 0];
    const core::Schema& s = bedrock::schema(*b.version);
    for (const bedrock::PacketSpan& p : b.packets) {
        const core::MessageType* t = s.type(0, p.id);
        char name[64];
        if (t) std::snprintf(name, sizeof name, "%s", t->name);
        else std::snprintf(name, sizeof name, "Unknown Bedrock packet %u", unsigned(p.id));
        ++conv.dir[int(b.from)].messages[name];
    }
}

void RaknetStats::text(Output& out, const FileReport& rep) const {
    if (empty()) return;
    const auto conversation = [&](uint32_t id, const Conv& c) {
        const auto it = rep.convs.find(id);
        if (it == rep.convs.end() || !it->second.has_conv) return;
        out << "  " << id << ": client " << capture::endpoint_text(it->second.conv.client) << " <-> server "
            << capture::endpoint_text(it->second.conv.server) << ", ";
        out.fixed(std::max(0.0, c.first), 3) << "-";
        out.fixed(c.last, 3) << " s\n";
    };
    out << '\n';
    count_header(out, "RakNet packets by direction and kind");
    for (const auto& [id, c] : convs_) {
        conversation(id, c);
        const double secs = c.last - std::max(0.0, c.first);
        for (int d = 0; d < 2; ++d) {
            Count all;
            for (const Count& k : c.dir[d].kinds) {
                all.packets += k.packets;
                all.bytes += k.bytes;
            }
            if (!all.packets) continue;
            count_row(out, kDirRows[d], 4, all, secs);
            for (int k = 0; k < 4; ++k)
                if (c.dir[d].kinds[k].packets) count_row(out, kKindNames[k], 6, c.dir[d].kinds[k], secs);
        }
    }
    out << '\n';
    out.pad("RakNet messages delivered by direction and name", kStatsNameWidth);
    out << "  messages\n";
    for (const auto& [id, c] : convs_) {
        conversation(id, c);
        for (int d = 0; d < 2; ++d) {
            if (c.dir[d].messages.empty()) continue;
            out << "    " << kDirRows[d] << '\n';
            for (const auto& [name, n] : c.dir[d].messages) {
                out << "      ";
                out.pad(name, kStatsNameWidth - 6);
                char buf[32];
                std::snprintf(buf, sizeof buf, "%10llu\n", (unsigned long long)n);
                out << buf;
            }
        }
    }
    // What each side's datagrams lost and had resent, as check and the report name it (raknet/figures.hpp).
    out << '\n';
    out.pad("RakNet figures by sending side", kStatsNameWidth);
    out << "  client -> server  server -> client  unit\n";
    for (const auto& [id, c] : convs_) {
        const auto it = rep.convs.find(id);
        if (it == rep.convs.end() || !it->second.summary) continue;
        conversation(id, c);
        for (const FigureRow& r : it->second.summary->figures().rows) {
            out << "    ";
            out.pad(r.name, kStatsNameWidth - 4);
            out << "  ";
            out.pad(r.client, 16, true);
            out << "  ";
            out.pad(r.server, 16, true);
            out << "  " << r.unit << '\n';
        }
    }
}

void RaknetStats::json(Output& out, const FileReport& rep) const {
    if (empty()) return;
    out << ",\"raknet\":[";
    bool first = true;
    for (const auto& [id, c] : convs_) {
        out << (first ? "" : ",") << "{\"conversation\":" << id;
        first = false;
        for (int d = 0; d < 2; ++d) {
            out << ",\"" << (d == 0 ? "client_to_server" : "server_to_client") << "\":{";
            static const char* const kKeys[4] = {"offline", "datagram", "ack", "nak"};
            for (int k = 0; k < 4; ++k)
                out << (k ? "," : "") << '"' << kKeys[k] << "\":{\"packets\":" << c.dir[d].kinds[k].packets
                    << ",\"bytes\":" << c.dir[d].kinds[k].bytes << '}';
            // The figures of this side's datagrams, under check's JSON keys.
            const auto it = rep.convs.find(id);
            const auto* sum = it == rep.convs.end() ? nullptr : dynamic_cast<const RaknetSummary*>(it->second.summary.get());
            if (sum) {
                const raknet::Figures f = raknet::figures(sum->session.transport().stats(core::Side(d)));
                out << ",\"gaps\":" << f.gaps << ",\"skipped\":" << f.skipped << ",\"out_of_order\":" << f.out_of_order
                    << ",\"never_seen\":" << f.never_seen << ",\"duplicates\":" << f.duplicates
                    << ",\"naked\":" << f.naked << ",\"resends\":" << f.resends;
            }
            out << ",\"messages\":{";
            bool f2 = true;
            for (const auto& [name, n] : c.dir[d].messages) {
                out << (f2 ? "\"" : ",\"");
                json_escape(out, name);
                out << "\":" << n;
                f2 = false;
            }
            out << "}}";
        }
        out << '}';
    }
    out << ']';
}

}  // namespace blankshark
