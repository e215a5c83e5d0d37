#include "versions.hpp"

#include <algorithm>
#include <iterator>
#include <set>
#include <string>

#include "core/protocol_versions.hpp"
#include "core/protodef.hpp"
#include "mcdata/message_tables.hpp"

namespace mcjava {
namespace {

const core::Field kHeader[] = {
    {"packet_id", "Packet ID", core::Kind::VarInt, core::kFollows, 0, 0, nullptr,
     "packet id: with the state and direction it names the packet", {nullptr, 0}, nullptr, core::Display::Hex},
};

const char* const kVars[] = {"dimension", "sections"};

// The versions written by hand (the seed's 1.13.2 and 1.14.x).
const std::vector<VersionInfo*>& hand_versions() {
    // Built once, never freed (schemas point into them; held by a pointer so
    // that no destructor at exit leaves them unreachable).
    static const std::vector<VersionInfo*>& all = *new std::vector<VersionInfo*>{
        new VersionInfo(404, "1.13.2", Generation::V404), new VersionInfo(477, "1.14", Generation::V477),
        new VersionInfo(480, "1.14.1", Generation::V477), new VersionInfo(485, "1.14.2", Generation::V477),
        new VersionInfo(490, "1.14.3", Generation::V477), new VersionInfo(498, "1.14.4", Generation::V477),
    };
    return all;
}

// A release minecraft-data describes and no hand table does; named after
// every release that speaks its protocol ("1.20.3/1.20.4").
VersionInfo* make_from_data(const mcdata::Release& first) {
    std::string name;
    for (const mcdata::Release& r : mcdata::releases())
        if (r.protocol == first.protocol) name += (name.empty() ? "" : "/") + std::string(r.name);
    return new VersionInfo(first.protocol, core::protodef::Translator::keep(name), Generation::Data, first.description);
}

struct AllVersions {
    std::vector<const VersionInfo*> all, data;
    const VersionInfo* fallback;  // the newest written by hand: numbered with the rest
    AllVersions() : fallback(hand_versions().back()) {
        std::vector<VersionInfo*> every(hand_versions());
        std::set<int32_t> have;
        for (const VersionInfo* h : every) have.insert(h->protocol);
        for (const mcdata::Release& r : mcdata::releases())
            if (have.insert(r.protocol).second) {
                every.push_back(make_from_data(r));
                data.push_back(every.back());
            }
        std::stable_sort(every.begin(), every.end(),
                         [](const VersionInfo* a, const VersionInfo* b) { return a->protocol < b->protocol; });
        for (VersionInfo* v : every) {
            v->index = uint32_t(all.size());
            all.push_back(v);
        }
    }
};

const AllVersions& all_versions() {
    static const AllVersions& all = *new AllVersions;
    return all;
}

}  // namespace

const core::Version& VersionInfo::version() const {
    std::call_once(built_, [this] { build(); });
    return version_;
}

void VersionInfo::build() const {
    tables_.assign(kTableCount, core::MessageTable{});
    if (gen == Generation::Data) {
        const std::vector<const VersionInfo*> hand(hand_versions().begin(), hand_versions().end());
        const VersionInfo& model = core::nearest_protocol(hand, protocol);
        model.version();  // its tables, built
        // The other generation's hand tables name packets the nearest renamed
        // (1.14's Player Movement is 1.13.2's and minecraft-data's Player).
        const VersionInfo& other = *(model.gen == Generation::V404 ? hand.back() : hand.front());
        other.version();
        mcdata::add_message_tables(tables_, mcdata::descriptions()[description_], &model.tables_, nullptr,
                                   &other.tables_);
    } else {
        const Types& t = types(gen);
        add_handshake_status_login(tables_, t);
        if (gen == Generation::V404) add_play_404(tables_, t);
        else add_play_477(tables_, t, protocol);
    }
    version_ = core::Version{name, "Minecraft Java Edition", {kHeader, 1}, "packet_id", tables_.data(),
                             tables_.size(), nullptr, 0, kVars, std::size(kVars), nullptr, this};
}

const std::vector<const VersionInfo*>& versions() { return all_versions().all; }

const std::vector<const VersionInfo*>& data_versions() { return all_versions().data; }

const VersionInfo* find_version(int32_t protocol) { return core::find_protocol(versions(), protocol); }

const VersionInfo& nearest_version(int32_t protocol) { return core::nearest_protocol(versions(), protocol); }

const VersionInfo& default_version() { return *all_versions().fallback; }

}  // namespace mcjava
