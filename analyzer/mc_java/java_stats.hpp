// `blankshark stats` for Minecraft Java connections: packets and bytes (as
// framed on the wire) per direction, state and packet type, for the file
// and per connection, with rates over each one's time span.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>

#include "link_layer.hpp"
#include "mc_java/java_flows.hpp"
#include "output.hpp"
#include "traffic_stats.hpp"

namespace blankshark {

struct FileReport;

class JavaTraffic {
public:
    void add(const JavaPacket& jp);
    bool empty() const { return file_.total.packets == 0; }
    uint64_t packets() const { return file_.total.packets; }
    // "Minecraft Java packets" and a "Java connections" section.
    void text(Output& out, const FileReport&) const;
    // ,"java":{...} members for stats --json.
    void json(Output& out, const FileReport&) const;

private:
    // (direction, state, id or -1 for what has no id) -> name and count
    using Key = std::tuple<int, int, int>;
    struct Row {
        std::string name;
        Count count;
    };
    struct Table {
        Count total, by_dir[2];
        std::map<Key, Row> rows;
        double first = -1, last = 0;
        double duration() const { return first < 0 ? 0 : last - first; }
        void add(const JavaPacket& jp);
    };
    static void text_table(Output& out, const Table& t, int indent);
    static void json_table(Output& out, const Table& t);

    Table file_;
    struct Conv {
        bool known = false;  // in a conversation: its endpoints (copied: the stream's conversations end first)
        capture::Endpoint client, server;
        Table table;
    };
    std::map<uint32_t, Conv> convs_;  // by conversation id
};

}  // namespace blankshark
