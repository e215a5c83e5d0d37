// The desync and lag analysis of one Minecraft Java connection, computed
// once in the core and only shown by the front ends: each packet the
// Connection hands out goes through packet() (in capture order, on the
// first pass in Wireshark), which reads the few values it needs
// (packet_values.hpp), feeds the trackers, adds their findings to the
// packet and returns the packet's link to its request or answer. finish()
// gives the findings known only at the end (requests never answered,
// light for columns that never arrived), each with its frame.
//
//   keep-alive / status ping: keepalive_tracker.hpp
//   teleports and their distance: teleport_tracker.hpp
//   chunk columns: column_tracker.hpp
//   entities: entity_tracker.hpp
//   silence per side: silence_tracker.hpp
#pragma once

#include "column_tracker.hpp"
#include "entity_tracker.hpp"
#include "keepalive_tracker.hpp"
#include "silence_tracker.hpp"
#include "teleport_tracker.hpp"

namespace mcjava {

struct AnalysisConfig {
    // Blocks between where the client said it was and where a teleport put
    // it above which the teleport is a warning (mcjava.teleport.far; after
    // the client's own command, a comment). A block: vanilla corrects a
    // player who moved wrongly by more than 0.25 block, and a walk between
    // two position packets stays well under one.
    double teleport_threshold = 1.0;
    // Seconds after which the vanilla server kicks a client that has not
    // answered a Keep Alive.
    double keepalive_window = 30.0;
    // Seconds above which a Keep Alive answer is lag (mcjava.keepalive.slow):
    // at 1000 ms vanilla's player list shows its worst ping bar.
    double keepalive_slow = 1.0;
};

class Analysis {
public:
    explicit Analysis(const AnalysisConfig& cfg = {});

    // Every packet of the connection, in order (its span's last frame and
    // time are the packet's).
    PacketLink packet(Packet& p);
    void finish(EndFindings& out) const;
    // After finish(), once the connection ended: frees what only the live
    // analysis needs (the columns and entities by id); the counters, the
    // exchanges and the column events stay.
    void release();

    const AnalysisConfig& config() const { return cfg_; }
    const RequestTracker& keepalives() const { return keepalive_; }
    const RequestTracker& pings() const { return ping_; }
    const TeleportTracker& teleports() const { return teleport_; }
    const ColumnTracker& columns() const { return columns_; }
    const EntityTracker& entities() const { return entities_; }
    const SilenceTracker& silence() const { return silence_; }

private:
    AnalysisConfig cfg_;
    bool picked_up_ = false;  // what a packet refers to may predate the capture
    double last_time_ = 0;  // of the connection's last packet
    RequestTracker keepalive_, ping_;
    TeleportTracker teleport_;
    ColumnTracker columns_;
    EntityTracker entities_;
    SilenceTracker silence_;
};

}  // namespace mcjava
