#include "packet_name.hpp"

#include <cstdio>

namespace mcjava {

const char* packet_name(const Packet& p, char* buf, size_t cap) {
    switch (p.kind) {
    case PacketKind::LegacyPing:
        return p.dir == Direction::Serverbound ? "Legacy server list ping" : "Legacy ping answer";
    case PacketKind::Encrypted: return "Encrypted data";
    case PacketKind::Unframed: return "Unframed data";
    case PacketKind::Packet: break;
    }
    if (p.summary.type) return p.summary.type->name;
    if (!p.data || p.summary.header_len == 0) return "Empty packet";
    std::snprintf(buf, cap, "Unknown 0x%02x", unsigned(p.summary.id));
    return buf;
}

}  // namespace mcjava
