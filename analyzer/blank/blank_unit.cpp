#include "blank/blank_unit.hpp"

#include "blank/blank_front_end.hpp"
#include "blank/blank_printers.hpp"
#include "finding_forward.hpp"
#include "type_filter.hpp"

namespace blankshark {

BlankUnit::BlankUnit(const BlankPacket& p, const blank::FrameAnalysis& fa,
                     const std::shared_ptr<blank::ConversationAnalysis>* a, const std::shared_ptr<BlankSummary>* s)
    : Unit(blank_front_end(), Kind::Packet, p.conv, p.time), packet(&p), frame(&fa), analysis(a), summary_(s) {}

BlankUnit::BlankUnit(Kind k, Conversation* c, double t, const std::shared_ptr<blank::ConversationAnalysis>* a,
                     const core::Finding* notes, size_t n, const std::shared_ptr<BlankSummary>* s)
    : Unit(blank_front_end(), k, c, t), analysis(a), notes_(notes), nnotes_(n), summary_(s) {}

std::shared_ptr<ConversationSummary> BlankUnit::summary() const { return summary_ ? *summary_ : nullptr; }

void BlankUnit::findings(FindingOut& out) const {
    if (!packet) {
        for (size_t i = 0; i < nnotes_; ++i) out.add(notes_[i]);
        return;
    }
    FindingForward to{out, packet->frame->number};
    blank::decode(*frame->schema, packet->data, packet->len, to);
    for (uint8_t i = 0; i < frame->nfindings; ++i) to.add(frame->findings[i]);
    for (uint32_t i = 0; i < frame->nearlier; ++i) to.add(frame->earlier[i]);  // deferred inflation
}

bool BlankUnit::matches(const TypeFilter& f) const {
    if (!packet) return false;
    const blank::PacketSummary sum = blank::decode_header(*frame->schema, packet->data, packet->len);
    return sum.ptype && f.matches(sum.ptype->name, nullptr, sum.type);
}

void BlankUnit::print_summary(Output& out) const {
    if (packet) return print_blank_summary(out, *packet, *frame);
    if (kind == Kind::Trailer && conv && analysis && *analysis)
        out << "# conversation " << conv->id << ": revision " << (*analysis)->revision_text() << '\n';
}

void BlankUnit::print_tree(Output& out) const {
    if (packet) return print_blank_tree(out, *packet, *frame);
    print_summary(out);
}

void BlankUnit::print_json(Output& out) const {
    if (packet) print_blank_json(out, *packet, *frame);  // the trailer's revision is on every packet
}

}  // namespace blankshark
