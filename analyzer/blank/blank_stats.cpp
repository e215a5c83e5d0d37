#include "blank/blank_stats.hpp"

#include <cstdio>
#include <iterator>

#include "protocols/blank/stats_layout.hpp"

namespace blankshark {
namespace {

void text_table(Output& out, const TrafficTable& t, const blank::Schema& s, int indent) {
    const double secs = t.duration();
    for (int d = 0; d < kDirections; ++d) {
        if (!t.by_dir[d].packets) continue;
        count_row(out, kDirectionNames[d], indent, t.by_dir[d], secs);
        for (int k = 0; k < kTypeSlots; ++k)
            if (t.by_type[d][k].packets) count_row(out, type_name(s, k), indent + 2, t.by_type[d][k], secs);
    }
}

void json_table(Output& out, const TrafficTable& t, const blank::Schema& s) {
    const double secs = t.duration();
    json_totals(out, t.total, secs);
    out << ",\"directions\":[";
    bool first_dir = true;
    for (int d = 0; d < kDirections; ++d) {
        if (!t.by_dir[d].packets) continue;
        out << (first_dir ? "" : ",") << "{\"direction\":\"" << kDirectionNames[d] << "\",";
        first_dir = false;
        json_count(out, t.by_dir[d], secs);
        out << ",\"types\":[";
        bool first = true;
        for (int k = 0; k < kTypeSlots; ++k) {
            if (!t.by_type[d][k].packets) continue;
            out << (first ? "" : ",") << "{\"type\":\"" << type_name(s, k) << "\",";
            if (k < kTypeSlots - 1) out << "\"code\":" << k << ',';
            json_count(out, t.by_type[d][k], secs);
            out << '}';
            first = false;
        }
        out << "]}";
    }
    out << ']';
}

}  // namespace

void BlankStats::packet(const BlankUnit& u) {
    traffic_.add(*u.packet, u.frame->type);
    if (!u.conv || !u.analysis) return;
    if (convs_.size() <= u.conv->id) convs_.resize(u.conv->id + 1);
    Conv& c = convs_[u.conv->id];
    if (!c.analysis) c = Conv{u.conv->client, u.conv->server, *u.analysis};
}

const blank::Schema& BlankStats::schema_of(uint32_t id) const {
    const auto* a = id < convs_.size() ? convs_[id].analysis.get() : nullptr;
    return blank::schema(a ? a->revision() : blank::current_revision());
}

const blank::Schema& BlankStats::file_schema() const {
    for (uint32_t id = 0; id < convs_.size(); ++id)
        if (convs_[id].analysis) return schema_of(id);
    return blank::schema();
}

// The children of "Chunk transmissions", in stats_layout.hpp's order, summed over the conversations.
void BlankStats::counts(Output& out, bool json) const {
    uint64_t n[std::size(blank::stats::kChunkNodes)] = {};
    for (const Conv& c : convs_) {
        if (!c.analysis) continue;
        const blank::ChunkTotals& t = c.analysis->chunks().summary();
        const uint64_t v[] = {t.transmissions, t.with_begin,   t.complete,      t.not_complete(), t.without_begin(),
                              t.pieces_before_begin, t.begins_resent, t.resent, t.duplicates, t.rerequests};
        static_assert(std::size(v) == std::size(blank::stats::kChunkNodes));
        for (size_t i = 0; i < std::size(v); ++i) n[i] += v[i];
    }
    for (size_t i = 0; i < std::size(blank::stats::kChunkNodes); ++i) {
        if (json) out << (i ? ",\"" : "\"") << blank::stats::kChunkNodes[i] << "\":" << n[i];
        else out << "  " << blank::stats::kChunkNodes[i] << ' ' << n[i] << '\n';
    }
}

void BlankStats::text(Output& out, const FileReport&) const {
    const TrafficTable& all = traffic_.file();
    if (!all.total.packets) return;
    out << '\n';
    count_header(out, blank::stats::kPackets);
    count_row(out, "all", 0, all.total, all.duration());
    text_table(out, all, file_schema(), 2);
    out << '\n';
    count_header(out, "Packets by conversation");
    for (uint32_t id = 0; id < convs_.size(); ++id) {
        if (!convs_[id].analysis) continue;
        const TrafficTable& t = traffic_.conversations()[id];
        out << "  " << id << ": client " << capture::endpoint_text(convs_[id].client) << " <-> server "
            << capture::endpoint_text(convs_[id].server) << ", ";
        out.fixed(t.first_time, 3) << "-";
        out.fixed(t.last_time, 3) << " s\n";
        count_row(out, "all", 4, t.total, t.duration());
        text_table(out, t, schema_of(id), 4);
    }
    out << '\n' << blank::stats::kChunks << '\n';
    counts(out, false);
}

void BlankStats::json(Output& out, const FileReport&) const {
    if (!traffic_.file().total.packets) return;
    out << ",\"blank\":{";
    json_table(out, traffic_.file(), file_schema());
    out << ",\"conversations\":[";
    bool first = true;
    for (uint32_t id = 0; id < convs_.size(); ++id) {
        if (!convs_[id].analysis) continue;
        const TrafficTable& t = traffic_.conversations()[id];
        out << (first ? "" : ",") << "{\"conversation\":" << id << ",\"client\":\""
            << capture::endpoint_text(convs_[id].client) << "\",\"server\":\"" << capture::endpoint_text(convs_[id].server)
            << "\",\"first_time\":";
        out.number(t.first_time);
        out << ',';
        json_table(out, t, schema_of(id));
        out << '}';
        first = false;
    }
    out << "],\"chunks\":{";
    counts(out, true);
    out << "}}";
}

}  // namespace blankshark
