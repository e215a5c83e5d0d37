#include "packet_name.hpp"

#include <cstdio>

#include "findings.hpp"

namespace mcjava {

const char* packet_name(const Packet& p, char* buf, size_t cap) {
    switch (p.kind) {
    case PacketKind::LegacyPing:
        return p.dir == Side::Client ? "Legacy server list ping" : "Legacy ping answer";
    case PacketKind::Encrypted: return "Encrypted data";
    case PacketKind::Undecoded: return "Undecoded data";
    case PacketKind::Unframed:
        // The first bytes of a packet a gap cut (Session::Cut::cut), else bytes that could not be framed.
        for (uint8_t i = 0; i < p.nfindings; ++i)
            if (p.findings[i].code == core::Code(FindingCode::CutByGap)) {
                std::snprintf(buf, cap, "%s, cut by a gap", p.findings[i].what ? p.findings[i].what : "Compressed packet");
                return buf;
            }
        return "Unframed data";
    case PacketKind::Packet: break;
    }
    if (p.summary.type) return p.summary.type->name;
    if (!p.data || p.summary.header_len == 0) return "Empty packet";
    std::snprintf(buf, cap, "Unknown 0x%02x", unsigned(p.summary.id));
    return buf;
}

}  // namespace mcjava
