// `blankshark stats` for RakNet conversations: per conversation and
// direction, UDP packets and bytes by kind (offline, datagram, ACK, NAK),
// the messages they delivered by name (RakNet system messages, MCPE game
// packets, the 0xFE wrapper, Bedrock packets), each counted once as the core delivers it,
// and what each side's datagrams lost and had resent (the figures check and
// the report show, under their names: raknet/figures.hpp).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "file_analysis.hpp"
#include "raknet/raknet_flows.hpp"
#include "output.hpp"
#include "traffic_stats.hpp"

namespace blankshark {

class RaknetStats {
public:
    // analyse_file's RakNet observer.
    void add(const RaknetConnection& c, const raknet::PacketResult* p, const mcpe::GamePacket* g);
    // A Bedrock batch's packets, by name.
    void add_batch(const RaknetConnection& c, const bedrock::Batch& b);
    bool empty() const { return convs_.empty(); }
    // Its table and JSON member (nothing without conversations).
    void text(Output& out, const FileReport& rep) const;
    void json(Output& out, const FileReport& rep) const;

private:
    struct Side {
        Count kinds[4];  // raknet::PacketKind
        std::map<std::string, uint64_t> messages;
    };
    struct Conv {
        Side dir[2];
        double first = -1, last = 0;  // its first and last UDP packet (the rates' time)
    };
    std::map<uint32_t, Conv> convs_;
};

}  // namespace blankshark
