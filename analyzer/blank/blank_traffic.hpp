// blank's packets and bytes per packet type and direction, for the whole
// file and per conversation: what `blankshark stats` prints and `report`
// charts. Fixed-size counters: memory does not grow with the capture.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "blank/blank_flows.hpp"
#include "protocols/blank/protocol.hpp"
#include "traffic_stats.hpp"

namespace blankshark {

// Directions: 0 client -> server, 1 server -> client, 2 outside any conversation.
constexpr int kDirections = 3;
constexpr int kTypeSlots = 33;  // type codes 0..31; slot 32: header too short for a type

struct TrafficTable {
    std::array<std::array<Count, kTypeSlots>, kDirections> by_type{};
    std::array<Count, kDirections> by_dir{};
    Count total;
    double first_time = 0, last_time = 0;
    bool any = false;

    static int direction(const BlankPacket& p) {
        return p.sender == blank::Role::Server ? 1 : p.sender == blank::Role::Client ? 0 : 2;
    }
    static int slot(int type) { return type < 0 ? kTypeSlots - 1 : type & 31; }
    void add(const BlankPacket& p, int type) {
        const int d = direction(p);
        by_type[d][slot(type)].add(p.len);
        by_dir[d].add(p.len);
        total.add(p.len);
        if (!any) first_time = p.time;
        any = true;
        last_time = p.time;
    }
    double duration() const { return last_time - first_time; }
};

class TrafficStats {
public:
    void add(const BlankPacket& p, int type) {
        file_.add(p, type);
        const uint32_t id = p.conv ? p.conv->id : 0;
        if (id >= convs_.size()) convs_.resize(id + 1);
        convs_[id].add(p, type);
    }
    const TrafficTable& file() const { return file_; }
    // By conversation id (0: packets outside any conversation).
    const std::vector<TrafficTable>& conversations() const { return convs_; }

private:
    TrafficTable file_;
    std::vector<TrafficTable> convs_;
};

// "PlayerUpdate", or "type 27" for codes the revision does not define.
std::string type_name(const blank::Schema& s, int slot);
extern const char* const kDirectionNames[kDirections];

}  // namespace blankshark
