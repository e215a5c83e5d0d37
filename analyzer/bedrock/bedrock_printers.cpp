#include "bedrock/bedrock_printers.hpp"

#include "nested_json.hpp"

namespace blankshark {

void print_bedrock_batch_json(Output& out, const bedrock::Batch& b) {
    const core::Schema& s = bedrock::schema(*b.version);
    out << '{';
    NestedJson v(out);
    bedrock::emit_batch(s, b, v);
    for (const core::Finding& f : b.findings) v.finding(f);
    v.top("protocol");
    out << "\"bedrock\"";
    v.top("packets");
    out << '[';
    for (uint32_t i = 0; i < b.packets.size; ++i) {
        const bedrock::PacketSpan& p = b.packets[i];
        out << (i ? ",{" : "{");
        NestedJson pv(out);
        const core::MessageSummary sum = core::decode(s, b.data + p.offset, p.len, core::DecodeContext{}, pv);
        bedrock::emit_packet(s, b, i, p.id == bedrock::kLoginId, pv);
        pv.top("type_name");
        out << '"';
        json_escape(out, sum.type ? sum.type->name : "Unknown");
        out << '"';
        pv.finish();
        out << '}';
    }
    out << ']';
    v.finish();
    out << '}';
}

}  // namespace blankshark
