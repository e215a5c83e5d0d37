#include "blank/blank_report_data.hpp"

#include <algorithm>

namespace blankshark {

void TimeBin::merge(const TimeBin& o) {
    for (size_t i = 0; i < types.size(); ++i) types[i] += o.types[i];
    for (int d = 0; d < 2; ++d) {
        Dir& a = dir[d];
        const Dir& b = o.dir[d];
        a.seq_max = std::max(a.seq_max, b.seq_max);
        a.ack_max = std::max(a.ack_max, b.ack_max);
        a.skipped += b.skipped;
        a.late += b.late;
        a.duplicates += b.duplicates;
        a.resends += b.resends;
        a.rtt_n += b.rtt_n;
        a.rtt_sum += b.rtt_sum;
        a.rtt_max = std::max(a.rtt_max, b.rtt_max);
    }
    corrections += o.corrections;
    correction_max = std::max(correction_max, o.correction_max);
}

TimeBin& ConversationSeries::bin_at(double t) {
    if (bins.empty()) start = t;
    double rel = std::max(0.0, t - start);
    while (rel / width >= double(kMaxBins)) {  // merge pairs: twice as wide
        const size_t n = (bins.size() + 1) / 2;
        for (size_t i = 0; i < n; ++i) {
            TimeBin b = bins[2 * i];
            if (2 * i + 1 < bins.size()) b.merge(bins[2 * i + 1]);
            bins[i] = b;
        }
        bins.resize(n);
        width *= 2;
    }
    const size_t i = std::min(size_t(rel / width), kMaxBins - 1);
    if (i >= bins.size()) bins.resize(i + 1);
    return bins[i];
}

void ReportCollector::add(const BlankPacket& p, int type, const blank::FrameAnalysis& fa,
                          const blank::ConversationAnalysis* a) {
    traffic_.add(p, type);
    if (!p.conv || p.conv->id > max_) return;
    if (series_.size() <= p.conv->id) series_.resize(p.conv->id + 1);
    ConversationSeries& s = series_[p.conv->id];
    TimeBin& b = s.bin_at(p.time);
    ++b.types[size_t(TrafficTable::slot(type))];
    if (p.sender != blank::Role::Client && p.sender != blank::Role::Server) return;
    const int d = p.sender == blank::Role::Server ? 1 : 0;
    TimeBin::Dir& bd = b.dir[d];
    const blank::SeqFrame& q = fa.seq;
    const uint8_t dir = uint8_t(d);
    if (q.record) {
        const int64_t seq = q.record->seq;
        if (!q.duplicate_of) {
            bd.seq_max = std::max(bd.seq_max, seq);
            s.seq_max[d] = std::max(s.seq_max[d], seq);
        }
        if (q.lost_before) {
            bd.skipped += q.lost_before;
            s.skipped.add({p.time, double(seq), p.frame->number, 0, q.lost_before, dir});
        }
        if (q.reordered_after) {
            ++bd.late;
            s.late.add({p.time, double(seq), p.frame->number, q.reordered_after, 1, dir});
        }
        if (q.duplicate_of) {
            ++bd.duplicates;
            s.duplicates.add({p.time, double(seq), p.frame->number, q.duplicate_of, 1, dir});
        }
        if (fa.chunk.resend_of) {
            ++bd.resends;
            s.resends.add({p.time, double(seq), p.frame->number, fa.chunk.resend_of, 1, dir});
        }
        // This packet's ack: times to ack of the other direction's packets.
        if (a && a->seq().acks_now().n) {
            const auto& acks = a->seq().acks_now();
            TimeBin::Dir& other = b.dir[1 - d];
            other.rtt_n += acks.n;
            other.rtt_sum += acks.sum;
            other.rtt_max = std::max(other.rtt_max, acks.max);
        }
        if (q.correction_for && q.correction_distance >= 0) {
            ++b.corrections;
            b.correction_max = std::max(b.correction_max, float(q.correction_distance));
            s.corrections.add({p.time, q.correction_distance, p.frame->number, q.correction_for, 1, dir});
        }
        // The ack field acknowledges the other direction: unwrapped near its highest seq.
        if (p.len >= blank::kHeaderSize && s.seq_max[1 - d] >= 0) {
            const uint16_t ack = blank::decode_header(blank::schema(), p.data, p.len).ack;
            const int64_t ref = s.seq_max[1 - d];
            const int64_t au = ref + int16_t(uint16_t(ack - uint16_t(ref)));
            bd.ack_max = std::max(bd.ack_max, au);
        }
    }
}

}  // namespace blankshark
