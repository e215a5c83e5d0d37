#include "mc_alpha/alpha_stats.hpp"

#include "core/schema.hpp"
#include "protocols/mc_alpha/schema.hpp"

namespace blankshark {
namespace {

// A Minecraft Alpha message id's name in direction `d`.
const char* alpha_name(int d, int id) {
    const core::CompiledType* t = mcalpha::schema().tables[size_t(d)].type(uint32_t(id));
    return t && t->type ? t->type->name : "unknown";
}

}  // namespace

void alpha_stats_text(Output& out, const AlphaTraffic& a) {
    if (!a.any) return;
    static const char* const kDir[] = {"client -> server", "server -> client"};
    out << "\nMinecraft Alpha messages\n";
    for (int d = 0; d < 2; ++d) {
        if (!a.by_dir[d].packets) continue;
        count_row(out, kDir[d], 2, a.by_dir[d], a.duration());
        for (int id = 0; id < 256; ++id)
            if (a.by_id[d][id].packets) count_row(out, alpha_name(d, id), 4, a.by_id[d][id], a.duration());
        if (a.unframed[d].packets) count_row(out, "unframed or incomplete", 4, a.unframed[d], a.duration());
    }
}

void alpha_stats_json(Output& out, const AlphaTraffic& a) {
    if (!a.any) return;
    static const char* const kDir[] = {"client_to_server", "server_to_client"};
    out << ",\"mcalpha\":{\"duration\":";
    out.number(a.duration());
    out << ",\"directions\":[";
    for (int d = 0; d < 2; ++d) {
        out << (d ? "," : "") << "{\"direction\":\"" << kDir[d] << "\",";
        json_count(out, a.by_dir[d], a.duration());
        out << ",\"unframed\":" << a.unframed[d].packets << ",\"types\":[";
        bool first = true;
        for (int id = 0; id < 256; ++id) {
            if (!a.by_id[d][id].packets) continue;
            out << (first ? "" : ",") << "{\"type\":\"" << alpha_name(d, id) << "\",\"code\":" << id << ',';
            json_count(out, a.by_id[d][id], a.duration());
            out << '}';
            first = false;
        }
        out << "]}";
    }
    out << "]}";
}

}  // namespace blankshark
