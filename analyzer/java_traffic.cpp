#include "java_traffic.hpp"

#include "capture_stream.hpp"
#include "protocols/mc_java/states.hpp"

namespace blankshark {
namespace {

std::string type_of(const mcjava::Packet& p) {
    switch (p.kind) {
    case mcjava::PacketKind::LegacyPing: return "Legacy server list ping";
    case mcjava::PacketKind::Encrypted: return "Encrypted data";
    case mcjava::PacketKind::Unframed: return "Unframed data";
    case mcjava::PacketKind::Packet: break;
    }
    if (p.summary.type && p.summary.type->name) return p.summary.type->name;
    char buf[32];
    std::snprintf(buf, sizeof buf, "Unknown 0x%02x", p.summary.id);
    return buf;
}

void add_to(JavaTraffic::Table& t, const JavaTraffic::Key& k, uint32_t len, double time) {
    t.rows[k].add(len);
    t.total.add(len);
    if (!t.any) t.first_time = time;
    t.any = true;
    t.last_time = time;
}

}  // namespace

void JavaTraffic::add(const JavaPacket& jp) {
    const mcjava::Packet& p = *jp.packet;
    const Key k{mcjava::state_name(p.state), p.dir == mcjava::Direction::Serverbound ? "client->server" : "server->client",
                type_of(p)};
    add_to(file_, k, p.wire_len, jp.time);
    if (jp.conv) add_to(convs_[jp.conv->id], k, p.wire_len, jp.time);
}

}  // namespace blankshark
