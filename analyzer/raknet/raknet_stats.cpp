#include "raknet/raknet_stats.hpp"

#include <cstdio>

#include "protocols/bedrock/schema.hpp"
#include "protocols/raknet/schema.hpp"
#include "raknet/raknet_flows.hpp"

namespace blankshark {
namespace {

constexpr const char* kKindNames[4] = {"Offline message", "Datagram", "ACK", "NAK"};
constexpr const char* kDirNames[2] = {"client->server", "server->client"};

void count_row(Output& out, const char* name, int indent, const Count& c) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "%*s%-*s%10llu %12llu\n", indent, "", 34 - indent, name,
                  (unsigned long long)c.packets, (unsigned long long)c.bytes);
    out << buf;
}

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
    out << "\nRakNet conversations (UDP packets, bytes; messages delivered)\n";
    for (const auto& [id, c] : convs_) {
        const auto it = rep.convs.find(id);
        if (it != rep.convs.end() && it->second.has_conv)
            out << "  " << id << ": client " << capture::endpoint_text(it->second.conv.client) << " <-> server "
                << capture::endpoint_text(it->second.conv.server) << '\n';
        for (int d = 0; d < 2; ++d) {
            Count all;
            for (const Count& k : c.dir[d].kinds) {
                all.packets += k.packets;
                all.bytes += k.bytes;
            }
            if (!all.packets) continue;
            count_row(out, kDirNames[d], 4, all);
            for (int k = 0; k < 4; ++k)
                if (c.dir[d].kinds[k].packets) count_row(out, kKindNames[k], 6, c.dir[d].kinds[k]);
            for (const auto& [name, n] : c.dir[d].messages) {
                char buf[128];
                std::snprintf(buf, sizeof buf, "      %-28s%10llu\n", name.c_str(), (unsigned long long)n);
                out << buf;
            }
        }
    }
}

void RaknetStats::json(Output& out, const FileReport&) const {
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
