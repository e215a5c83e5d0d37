// Minecraft Java packets and bytes (on the wire) per state, direction and
// packet type, for the whole file and per connection: the Java part of
// `blankshark stats`. Keys are the tables' own names; the rows of a
// capture are few (one per packet type seen).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>

#include "java_flows.hpp"
#include "traffic_stats.hpp"

namespace blankshark {

class JavaTraffic {
public:
    // (state, direction "client->server" / "server->client", type name)
    using Key = std::tuple<std::string, std::string, std::string>;
    struct Table {
        std::map<Key, Count> rows;
        Count total;
        double first_time = 0, last_time = 0;
        bool any = false;
        double duration() const { return last_time - first_time; }
    };

    void add(const JavaPacket& jp);
    const Table& file() const { return file_; }
    const std::map<uint32_t, Table>& conversations() const { return convs_; }

private:
    Table file_;
    std::map<uint32_t, Table> convs_;
};

}  // namespace blankshark
