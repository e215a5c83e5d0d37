#include "blank/blank_chunks.hpp"

#include <cstdio>

namespace blankshark {
namespace {

std::string missing_text(const blank::Transmission& t) {
    std::string s;
    for (const blank::ByteRange& r : t.missing()) {
        if (!s.empty()) s += ',';
        s += std::to_string(r.begin) + "-" + std::to_string(r.end);
    }
    return s;
}

std::string coords_text(const blank::Transmission& t) {
    if (!t.begin_seen) return "?";
    return "(" + std::to_string(t.coords[0]) + "," + std::to_string(t.coords[1]) + "," + std::to_string(t.coords[2]) +
           ")";
}

// "chunk_x-1_y0_z2_c1_t17.bin": coordinates, conversation, transmission id.
bool extract(const std::string& dir, uint32_t conv, const blank::Transmission& t, const uint8_t* data, size_t n) {
    char name[160];
    std::snprintf(name, sizeof name, "/chunk_x%d_y%d_z%d_c%u_t%u.bin", t.coords[0], t.coords[1], t.coords[2], conv,
                  t.id);
    std::FILE* f = std::fopen((dir + name).c_str(), "wb");
    if (!f) return false;
    const bool ok = std::fwrite(data, 1, n, f) == n;
    return std::fclose(f) == 0 && ok;
}

void row_text(Output& out, uint32_t conv, const blank::Transmission& t) {
    const double duration = t.last_time - t.first_time;
    char buf[512];
    std::snprintf(buf, sizeof buf, "%4u %5u %10u %-14s %6u %7u %6u %6u %4u %6u %8llu %8llu %9.3f  %s", conv, t.number,
                  t.id, coords_text(t).c_str(), t.size, t.inflated_size, t.pieces, t.resent + t.begins_resent,
                  t.duplicates, unsigned(t.rerequest_frame), (unsigned long long)t.first_frame,
                  (unsigned long long)(t.complete_frame ? t.complete_frame : t.last_frame), duration,
                  blank::tx_state_name(t.state));
    out << buf;
    if (t.state == blank::TxState::Incomplete && !t.begin_seen) {
        out << " (" << (t.end_reason ? t.end_reason : "") << "; size unknown)";
    } else if (t.state == blank::TxState::Incomplete) {
        out << " (" << (t.end_reason ? t.end_reason : "") << "; missing " << missing_text(t) << ")";
    } else if (t.state == blank::TxState::Failed) {
        out << " (" << (t.end_reason ? t.end_reason : "") << ")";
    }
    if (t.data_before_begin) out << " [data before begin]";
    out << '\n';
}

void row_json(Output& out, uint32_t conv, const char* revision, const blank::Transmission& t) {
    out << "{\"conversation\":" << conv << ",\"revision\":\"" << revision << "\",\"number\":" << t.number << ",\"id\":" << t.id
        << ",\"begin_seen\":" << (t.begin_seen ? "true" : "false");
    if (t.begin_seen)
        out << ",\"coords\":[" << t.coords[0] << ',' << t.coords[1] << ',' << t.coords[2] << "],\"compressed\":"
            << (t.compressed() ? "true" : "false");
    out << ",\"size\":" << t.size << ",\"inflated_size\":" << t.inflated_size << ",\"pieces\":" << t.pieces
        << ",\"resent_pieces\":" << t.resent << ",\"resent_begins\":" << t.begins_resent
        << ",\"duplicates\":" << t.duplicates << ",\"rerequest_frame\":" << t.rerequest_frame
        << ",\"begin_frame\":" << t.begin_frame << ",\"first_frame\":" << t.first_frame
        << ",\"last_frame\":" << t.last_frame << ",\"complete_frame\":" << t.complete_frame << ",\"duration\":";
    out.fixed(t.last_time - t.first_time, 6);
    out << ",\"data_before_begin\":" << (t.data_before_begin ? "true" : "false") << ",\"state\":\""
        << blank::tx_state_name(t.state) << "\",\"reason\":\"" << (t.end_reason ? t.end_reason : "")
        << "\",\"missing\":[";
    bool first = true;
    for (const blank::ByteRange& r : t.missing()) {
        if (!first) out << ',';
        first = false;
        out << '[' << r.begin << ',' << r.end << ']';
    }
    out << ']';
    if (t.contents.valid)
        out << ",\"contents\":{\"non_empty\":" << t.contents.non_empty << ",\"distinct_types\":"
            << t.contents.distinct_types << ",\"light_min\":" << unsigned(t.contents.light_min)
            << ",\"light_max\":" << unsigned(t.contents.light_max) << '}';
    out << "}\n";
}

const char* const kHeader =
    "conv    tx         id coords           size inflated pieces resent  dup rereq    first     last  duration  state\n";

}  // namespace

void BlankChunks::packet(const BlankUnit& u) {
    if (!u.conv || !u.analysis) return;
    if (convs_.size() <= u.conv->id) convs_.resize(u.conv->id + 1);
    if (!convs_[u.conv->id]) convs_[u.conv->id] = *u.analysis;
    const blank::FrameAnalysis& fa = *u.frame;
    if (dir_.empty() || !fa.chunk.completed || fa.chunk.tx->state != blank::TxState::Complete) return;
    const blank::ChunkEvent& c = fa.chunk;
    const bool ok = c.inflated ? extract(dir_, u.conv->id, *c.tx, c.inflated, c.inflated_len)
                               : extract(dir_, u.conv->id, *c.tx, c.reassembled->data(), c.reassembled->size());
    (ok ? extracted_ : failed_)++;
}

size_t BlankChunks::count() const {
    size_t n = 0;
    for (const auto& a : convs_)
        if (a) n += a->chunks().transmissions().size();
    return n;
}

void BlankChunks::text(Output& out) const {
    if (!count()) return;
    out << "blank chunk transmissions\n" << kHeader;
    size_t complete = 0, total = 0;
    for (uint32_t id = 0; id < convs_.size(); ++id) {
        if (!convs_[id]) continue;
        for (const blank::Transmission& t : convs_[id]->chunks().transmissions()) {
            ++total;
            complete += t.state == blank::TxState::Complete;
            row_text(out, id, t);
        }
    }
    out << total << " transmissions, " << complete << " complete\n";
    for (uint32_t id = 0; id < convs_.size(); ++id)
        if (convs_[id]) out << "conversation " << id << ": revision " << convs_[id]->revision_text() << '\n';
}

void BlankChunks::json(Output& out) const {
    for (uint32_t id = 0; id < convs_.size(); ++id)
        if (convs_[id])
            for (const blank::Transmission& t : convs_[id]->chunks().transmissions())
                row_json(out, id, convs_[id]->revision().name, t);
}

}  // namespace blankshark
