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

void AlphaTraffic::text(Output& out, const FileReport&) const {
    if (!any) return;
    static const char* const kDir[] = {"client -> server", "server -> client"};
    out << '\n';
    count_header(out, "Minecraft Alpha messages by direction and type");
    for (int d = 0; d < 2; ++d) {
        if (!by_dir[d].packets) continue;
        count_row(out, kDir[d], 2, by_dir[d], duration());
        for (int id = 0; id < 256; ++id)
            if (by_id[d][id].packets) count_row(out, alpha_name(d, id), 4, by_id[d][id], duration());
        if (unframed[d].packets) count_row(out, "unframed or incomplete", 4, unframed[d], duration());
    }
}

void AlphaTraffic::json(Output& out, const FileReport&) const {
    if (!any) return;
    static const char* const kDir[] = {"client_to_server", "server_to_client"};
    out << ",\"mcalpha\":{\"duration\":";
    out.number(duration());
    out << ",\"directions\":[";
    for (int d = 0; d < 2; ++d) {
        out << (d ? "," : "") << "{\"direction\":\"" << kDir[d] << "\",";
        json_count(out, by_dir[d], duration());
        out << ",\"unframed\":" << unframed[d].packets << ",\"types\":[";
        bool first = true;
        for (int id = 0; id < 256; ++id) {
            if (!by_id[d][id].packets) continue;
            out << (first ? "" : ",") << "{\"type\":\"" << alpha_name(d, id) << "\",\"code\":" << id << ',';
            json_count(out, by_id[d][id], duration());
            out << '}';
            first = false;
        }
        out << "]}";
    }
    out << "]}";
}

}  // namespace blankshark
