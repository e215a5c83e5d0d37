// Minecraft Bedrock batches in `blankshark decode` (the RakNet front end
// shows them in the UDP packet that handed them on): each batch's analysis
// (number, ordering, encryption, compression), then its packets' fields
// with the release they were decoded with, through any decoder visitor; and
// a batch as one JSON object.
#pragma once

#include "core/decoder.hpp"
#include "output.hpp"
#include "protocols/bedrock/analysis_fields.hpp"
#include "protocols/bedrock/schema.hpp"
#include "protocols/bedrock/session.hpp"

namespace blankshark {

// The batch through `v`; `names(summary)` gets each packet's.
template <class V, class Names>
void show_bedrock_batch(const bedrock::Batch& b, V& v, bool analysis, Names&& names) {
    const core::Schema& s = bedrock::schema(*b.version);
    if (analysis) bedrock::emit_batch(s, b, v);
    for (const core::Finding& f : b.findings) v.finding(f);
    for (uint32_t i = 0; i < b.packets.size; ++i) {
        const bedrock::PacketSpan& p = b.packets[i];
        names(core::decode(s, b.data + p.offset, p.len, core::DecodeContext{}, v));
        if (analysis) bedrock::emit_packet(s, b, i, p.id == bedrock::kLoginId, v);
    }
}

// The batch as a JSON object: its analysis fields, "protocol", "packets"
// (each packet's fields, analysis and type_name), "findings".
void print_bedrock_batch_json(Output& out, const bedrock::Batch& b);

}  // namespace blankshark
