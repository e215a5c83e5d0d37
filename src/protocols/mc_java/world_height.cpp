#include "world_height.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>

#include "core/decoder.hpp"
#include "core/schema_cache.hpp"
#include "chunk_rows.hpp"
#include "connection.hpp"
#include "findings.hpp"
#include "play_values.hpp"
#include "schema.hpp"

namespace mcjava {

namespace {

using C = FindingCode;

constexpr uint32_t kBlocksPerSection = 16;  // a section is 16 blocks high
constexpr int64_t kMaxHeight = 4064;        // the tallest dimension type vanilla accepts

// Vanilla's dimension types, for a registry entry sent without its data
// (1.20.5+: the client has them in its known packs): the heights of
// minecraft-data's and the game's data/minecraft/dimension_type/*.json.
struct VanillaType {
    const char* name;
    uint16_t sections;
};
constexpr VanillaType kVanilla[] = {{"minecraft:overworld", 24}, {"minecraft:overworld_caves", 24},
                                    {"minecraft:the_nether", 16}, {"minecraft:the_end", 16}};

bool is(const Packet& p, const char* key) {
    return p.summary.type && p.summary.type->key && std::strcmp(p.summary.type->key, key) == 0;
}

uint16_t sections_of(int64_t height) {
    return height > 0 && height <= kMaxHeight && height % kBlocksPerSection == 0 ? uint16_t(height / kBlocksPerSection)
                                                                                : 0;
}

// The fields read, resolved once per schema.
struct HeightFields {
    core::FieldId nbt_name, nbt_int, nbt_string, nbt_compound;
    core::FieldId dimension_nbt_join, dimension_nbt_respawn;  // 1.18: the type itself
    core::FieldId world_type, respawn_dimension;              // 1.19-1.20.4: its name
    core::FieldId spawn_dimension;                            // 1.20.5+: its registry index
    core::FieldId registry_id, registry_key;                  // 1.20.5+: one registry per Registry Data
    core::FieldId data, sections, bits, biome_bits;           // Chunk Data
};

HeightFields height_fields(const core::Schema& s) {
    const auto id = [&](const char* name) {
        const core::FieldInfo* fi = s.find(std::string(kPrefix) + "." + name);
        return fi ? fi->id : core::kNoField;
    };
    return HeightFields{id("nbt.name"),
                        id("nbt.int"),
                        id("nbt.string"),
                        id("nbt.compound"),
                        id("play.cb.join_game.dimension_nbt"),
                        id("play.cb.respawn.dimension_nbt"),
                        id("play.cb.join_game.world_type"),
                        id("play.cb.respawn.dimension_text"),
                        id("spawn_info.dimension"),
                        id("configuration.cb.registry_data.id"),
                        id("configuration.cb.registry_data.key"),
                        id("play.cb.chunk_data.data"),
                        id("play.cb.chunk_data.data.sections"),
                        id("play.cb.chunk_data.data.bits_per_block"),
                        id("play.cb.chunk_data.data.biome_bits")};
}

const HeightFields& fields_of(const core::Schema& s) {
    return core::per_schema<HeightFields>(s, [](const core::Schema& sc) { return height_fields(sc); });
}

// A short text kept while the decoder walks on (NBT names are converted
// into the decoder's buffer).
struct Name {
    char s[WorldHeight::kMaxName];
    uint8_t len = 0;
    void set(std::string_view v) {
        len = uint8_t(std::min(v.size(), sizeof s));
        std::memcpy(s, v.data(), len);
    }
    bool is(const char* t) const { return std::string_view(s, len) == t; }
    std::string_view view() const { return {s, len}; }
};

}  // namespace

// Join Game, Respawn, Registry Data: the dimension types they define, the
// one they put the client in.
class HeightReader {
public:
    static constexpr bool kPayloadOnly = true;
    HeightReader(const HeightFields& f, WorldHeight& h) : f_(f), h_(h) {}

    void open(const core::Item& it) {
        ++depth_;
        const core::FieldId id = it.info->id;
        if (id == f_.dimension_nbt_join || id == f_.dimension_nbt_respawn) current_depth_ = depth_;
        if (id == f_.nbt_compound && !registry_depth_ && last_name_.is("minecraft:dimension_type")) {
            registry_depth_ = depth_;  // the dimension codec's dimension types: they replace what was known
            h_.ntypes_ = 0;
        }
        last_name_.len = 0;
    }

    void close() {
        if (registry_depth_ && entry_name_.len && entry_height_ >= 0) {  // an entry's name and element read
            add(entry_name_.view(), sections_of(entry_height_));
            entry_name_.len = 0;
            entry_height_ = -1;
        }
        if (depth_ == current_depth_) current_depth_ = 0;
        if (depth_ == registry_depth_) registry_depth_ = 0;
        --depth_;
    }

    void leaf(const core::Item& it) {
        const core::FieldId id = it.info->id;
        if (id == f_.nbt_name) {
            last_name_.set(it.s);
            return;
        }
        if (id == f_.nbt_int && last_name_.is("height")) {
            if (current_depth_) current_height_ = it.i;
            else if (registry_depth_ || registry_) entry_height_ = it.i;
        } else if (id == f_.nbt_string && registry_depth_ && last_name_.is("name")) {
            entry_name_.set(it.s);
        } else if (id == f_.world_type || id == f_.respawn_dimension) {
            named_ = true;
            current_name_.set(it.s);
        } else if (id == f_.spawn_dimension) {
            index_ = it.i;
        } else if (id == f_.registry_id) {
            const std::string_view r = it.s;
            registry_ = r == "minecraft:dimension_type" || r == "dimension_type";
            if (registry_) h_.ntypes_ = 0;
        } else if (id == f_.registry_key && registry_) {
            flush_entry();
            entry_name_.set(it.s);
            entry_open_ = true;
        }
        last_name_.len = 0;
    }

    void finding(const core::Finding&) {}

    // The packet's end: the last registry entry; the dimension it names.
    void end() {
        flush_entry();
        if (current_height_ >= 0) h_.sections_ = sections_of(current_height_);
        else if (named_) {
            const WorldHeight::Type* t = h_.by_name(current_name_.s, current_name_.len);
            h_.sections_ = t ? t->sections : 0;
        } else if (index_ >= 0) {
            h_.sections_ = uint64_t(index_) < h_.ntypes_ ? h_.types_[index_].sections : 0;
        }
    }

private:
    // A Registry Data entry (1.20.5+): its height if its data had one, else
    // vanilla's for a vanilla name.
    void flush_entry() {
        if (!entry_open_) return;
        uint16_t n = sections_of(entry_height_);
        if (entry_height_ < 0)
            for (const VanillaType& v : kVanilla)
                if (entry_name_.is(v.name)) n = v.sections;
        add(entry_name_.view(), n);
        entry_open_ = false;
        entry_name_.len = 0;
        entry_height_ = -1;
    }

    // Kept in the order sent: 1.20.5+'s Join Game names a type by its index.
    void add(std::string_view name, uint16_t sections) {
        if (h_.ntypes_ >= WorldHeight::kMaxTypes) return;
        WorldHeight::Type& t = h_.types_[h_.ntypes_++];
        t.name_len = uint8_t(std::min(name.size(), sizeof t.name));
        std::memcpy(t.name, name.data(), t.name_len);
        t.sections = sections;
    }

    const HeightFields& f_;
    WorldHeight& h_;
    uint32_t depth_ = 0;
    uint32_t current_depth_ = 0;   // inside 1.18's dimension type
    uint32_t registry_depth_ = 0;  // inside a dimension codec's dimension types
    bool registry_ = false;        // a Registry Data of dimension types (1.20.5+)
    bool entry_open_ = false;
    Name last_name_, entry_name_, current_name_;
    int64_t entry_height_ = -1, current_height_ = -1, index_ = -1;
    bool named_ = false;
};

const WorldHeight::Type* WorldHeight::by_name(const char* name, size_t len) const {
    for (uint32_t i = 0; i < ntypes_; ++i)
        if (std::string_view(types_[i].name, types_[i].name_len) == std::string_view(name, len)) return &types_[i];
    return nullptr;
}

void WorldHeight::learn(const core::Schema& s, Packet& p) {
    HeightReader r(fields_of(s), *this);
    core::decode(s, p.data, p.data_len, p.context(), r);
    r.end();
}

void WorldHeight::infer(const core::Schema& s, Packet& p) {
    p.vars[kVarSections] = 0;
    const uint32_t n = infer_sections(s, p);
    if (!n) return;  // the rows read to the buffer's end, as before 1.18, and say what does not fit
    sections_ = n;
    p.add({C::ChunkHeightInferred, 0, p.data_len, int64_t(n), int64_t(n) * kBlocksPerSection});
}

void WorldHeight::packet(const core::Schema& s, Packet& p) {
    if (!p.version || p.version->protocol < kFirstByHeight || p.dir != Side::Server || !p.summary.type) return;
    if (is(p, "chunk_data")) {
        if (!sections_) infer(s, p);
        p.vars[kVarSections] = sections_;
        return;
    }
    if (is(p, "join_game") || is(p, "respawn") || is(p, "registry_data")) learn(s, p);
}

namespace {

// Where each section of a Chunk Data decoded with the sections read to the
// buffer's end ends, and its single-valued containers (bits 0) so far.
class SectionProbe {
public:
    static constexpr bool kPayloadOnly = true;
    static constexpr uint32_t kMax = 256;
    explicit SectionProbe(const HeightFields& f) : f_(f) {}

    void open(const core::Item& it) {
        ++depth_;
        if (it.info->id == f_.data) data_end_ = it.offset + it.length;
        if (it.info->id == f_.sections && !broken_) {
            section_depth_ = depth_;
            end_ = it.offset;
        }
    }
    void close() {
        if (depth_ == section_depth_ && !broken_ && n_ < kMax) {
            ends_[n_] = end_;
            singles_[n_] = singles_so_far_;
            ++n_;
            section_depth_ = 0;
        }
        --depth_;
    }
    void leaf(const core::Item& it) {
        if (!section_depth_) return;
        end_ = std::max(end_, it.offset + it.length);
        if ((it.info->id == f_.bits || it.info->id == f_.biome_bits) && it.u == 0) ++singles_so_far_;
    }
    void finding(const core::Finding&) { broken_ = true; }

    // The first section count after which the rest is vanilla's padding,
    // else the one that ends the buffer; 0 when neither.
    uint32_t sections(const uint8_t* data) const {
        for (uint32_t k = 0; k < n_; ++k) {
            if (ends_[k] > data_end_) break;
            const uint32_t rest = data_end_ - ends_[k];
            if (rest == 0) return k + 1;
            if (rest == singles_[k] && std::all_of(data + ends_[k], data + data_end_, [](uint8_t b) { return b == 0; }))
                return k + 1;
        }
        return 0;
    }

private:
    const HeightFields& f_;
    uint32_t depth_ = 0, section_depth_ = 0;
    uint32_t end_ = 0, data_end_ = 0, singles_so_far_ = 0;
    bool broken_ = false;
    uint32_t n_ = 0;
    uint32_t ends_[kMax] = {};
    uint32_t singles_[kMax] = {};
};

}  // namespace

uint32_t infer_sections(const core::Schema& s, const Packet& p) {
    if (!p.data) return 0;
    SectionProbe probe(fields_of(s));
    core::DecodeContext ctx = p.context();
    int64_t vars[core::kMaxVars];
    std::memcpy(vars, p.vars, sizeof vars);
    vars[kVarSections] = 0;  // the sections to the buffer's end
    ctx.vars = vars;
    core::decode(s, p.data, p.data_len, ctx, probe);
    return probe.sections(p.data);
}

}  // namespace mcjava
