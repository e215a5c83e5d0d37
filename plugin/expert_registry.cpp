#include "expert_registry.hpp"

#include <epan/tap.h>


namespace plugin {

int expert_group(core::FindingGroup g) {
    switch (g) {
    case core::FindingGroup::Malformed: return PI_MALFORMED;
    case core::FindingGroup::Sequence: return PI_SEQUENCE;
    default: return PI_PROTOCOL;
    }
}

int expert_severity(core::Severity s) {
    switch (s) {
    case core::Severity::Comment: return PI_COMMENT;
    case core::Severity::Note: return PI_NOTE;
    case core::Severity::Warn: return PI_WARN;
    case core::Severity::Error: return PI_ERROR;
    }
    return PI_NOTE;
}

void ExpertRegistry::add(int proto, const core::FindingTable& t) {
    auto* eis = g_new0(ei_register_info, t.count);
    for (size_t i = 0; i < t.count; ++i) {
        const core::FindingInfo& f = t.infos[i];
        fields_.emplace_back();
        expert_field* ef = &fields_.back();
        *ef = EI_INIT;
        by_code_[f.code.v] = ef;
        eis[i] = ei_register_info{ef, {f.name, expert_group(f.group), expert_severity(f.severity), f.summary, EXPFILL}};
    }
    expert_module_t* em = expert_register_protocol(proto);
    expert_register_field_array(em, eis, int(t.count));
    finding_abbrev_ = std::string(t.protocol) + ".finding";
    auto* hf = g_new0(hf_register_info, 1);
    hf[0] = hf_register_info{&hf_finding_,
                             {"Finding", finding_abbrev_.c_str(), FT_STRING, BASE_NONE, nullptr, 0,
                              "what the analysis found, with its numbers (the expert info under it has the code's "
                              "stable summary)",
                              HFILL}};
    proto_register_field_array(proto, hf, 1);
}

namespace {
int expert_tap = -2;
}  // namespace

bool expert_tap_listens() {
    if (expert_tap == -2) expert_tap = find_tap_id("expert");
    return expert_tap >= 0 && have_tap_listener(expert_tap);
}

void ExpertRegistry::report(packet_info* pinfo, proto_item* at, const core::Finding& f) const {
    const auto it = by_code_.find(f.code.v);
    if (it != by_code_.end()) expert_add_info(pinfo, at, it->second);
}

}  // namespace plugin
