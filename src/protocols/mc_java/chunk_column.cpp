#include "chunk_column.hpp"

#include <algorithm>
#include <bitset>
#include <cstring>

#include "core/decoder.hpp"
#include "core/schema_cache.hpp"
#include "core/wire.hpp"
#include "chunk_rows.hpp"
#include "findings.hpp"
#include "mcdata/tables.hpp"
#include "schema.hpp"

namespace mcjava {

AirStates air_states(const VersionInfo& v) {
    if (v.gen == Generation::V404) return AirStates{0, 8591, 8592};
    if (v.gen != Generation::Data) return AirStates{0, 9129, 9130};
    for (const mcdata::Release& r : mcdata::releases())
        if (r.protocol == v.protocol) return AirStates{r.air[0], r.air[1], r.air[2]};
    return AirStates{0, 0, 0};
}


namespace {

using C = FindingCode;

// Global palette ids seen in a column (1.14 has about 11 400 block states).
constexpr size_t kMaxStates = 1 << 15;

// Calls f with each of a section's n values of `bits` bits (4096 block
// states, 64 biomes), in order, from its packed longs (big-endian; the
// first value in a long's low bits; before 1.16 a value may span two
// longs). Where values never span (4, 8, 16 or 32 bits) a long's values
// come out without a test per value. `padded` (1.16+): no value spans two
// longs, a long's unused high bits are padding.
template <class F>
void for_each_value(const uint8_t* p, unsigned bits, bool padded, F&& f, uint32_t n = kBlocksPerSection) {
    const uint64_t mask = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
    if (64 % bits == 0 && n % (64 / bits) == 0) {  // whole longs: no count per value
        const unsigned per_long = 64 / bits;
        const size_t longs = n / per_long;
        for (size_t k = 0; k < longs; ++k) {
            uint64_t cur = core::wire::uint_be(p + 8 * k, 8);
            for (unsigned j = 0; j < per_long; ++j, cur >>= bits) f(uint32_t(cur & mask));
        }
        return;
    }
    if (padded) {
        const unsigned per_long = 64 / bits;
        for (uint32_t done = 0, k = 0; done < n; ++k) {
            uint64_t cur = core::wire::uint_be(p + 8 * size_t(k), 8);
            for (unsigned j = 0; j < per_long && done < n; ++j, ++done, cur >>= bits) f(uint32_t(cur & mask));
        }
        return;
    }
    size_t k = 0;
    uint64_t cur = core::wire::uint_be(p, 8);
    unsigned used = 0;  // bits of `cur` already read
    for (uint32_t i = 0; i < n; ++i) {
        if (used == 64) {
            cur = core::wire::uint_be(p + 8 * ++k, 8);
            used = 0;
        }
        uint64_t v;
        if (used + bits <= 64) {
            v = cur >> used;
            used += bits;
        } else {
            const uint64_t next = core::wire::uint_be(p + 8 * ++k, 8);
            v = cur >> used | next << (64 - used);
            cur = next;
            used = used + bits - 64;
        }
        f(uint32_t(v & mask));
    }
}

// Counts a section's palette indices of B bits that never span two longs
// into four sets of counters in turn, a long's values unrolled (their
// shifts known when compiled).
template <unsigned B>
void count_whole_longs(const uint8_t* p, uint16_t (&turn)[4][256]) {
    constexpr unsigned per_long = 64 / B;
    constexpr uint64_t mask = (uint64_t(1) << B) - 1;
    constexpr uint32_t whole = kBlocksPerSection / per_long;  // longs whose every value counts
    for (uint32_t k = 0; k < whole; ++k) {
        const uint64_t cur = core::wire::uint_be(p + 8 * size_t(k), 8);
#pragma GCC unroll 64
        for (unsigned j = 0; j < per_long; ++j) ++turn[j & 3][(cur >> (j * B)) & mask];
    }
    const uint64_t last = kBlocksPerSection % per_long ? core::wire::uint_be(p + 8 * size_t(whole), 8) : 0;
    for (unsigned j = 0; j < kBlocksPerSection % per_long; ++j) ++turn[j & 3][(last >> (j * B)) & mask];
}

// A section's 4096 palette indices (1 to 8 bits) counted into four sets of
// counters in turn: a section mostly of one state (stone, air) would
// otherwise wait on one counter's last store at every value.
void count_indices(const uint8_t* p, unsigned bits, bool padded, uint16_t (&turn)[4][256]) {
    if (padded || 64 % bits == 0) {
        switch (bits) {
            case 1: return count_whole_longs<1>(p, turn);
            case 2: return count_whole_longs<2>(p, turn);
            case 3: return count_whole_longs<3>(p, turn);
            case 4: return count_whole_longs<4>(p, turn);
            case 5: return count_whole_longs<5>(p, turn);
            case 6: return count_whole_longs<6>(p, turn);
            case 7: return count_whole_longs<7>(p, turn);
            case 8: return count_whole_longs<8>(p, turn);
        }
    }
    uint32_t i = 0;  // before 1.16, 3, 5, 6 and 7 bits span longs
    for_each_value(p, bits, padded, [&](uint32_t v) { ++turn[i++ & 3][v]; });
}

// What a version's Chunk Data is read with, resolved once per schema.
struct ChunkFields {
    core::FieldId x, z, full, mask, mask_long, count, bits, state, packed, biomes, shorts, biome_bits, biome,
        packed_biomes, padding;
    AirStates air;
    bool padded;       // 1.16+: no entry spans two longs
    bool by_height;    // 1.18+: every section of the world's height, from its bottom
    bool always_full;  // 1.17+: no flag, every Chunk Data is a whole column
};

ChunkFields chunk_fields(const core::Schema& s, const VersionInfo& v) {
    const std::string t = std::string(kPrefix) + ".play.cb.chunk_data.";
    const auto id = [&](const char* name) {
        const core::FieldInfo* fi = s.find(t + name);
        return fi ? fi->id : core::kNoField;
    };
    ChunkFields f{};
    f.x = id("x");
    f.z = id("z");
    f.full = id("full_chunk");  // every release's name (mcdata/fields.tsv)
    f.mask = id("bit_mask");
    f.mask_long = id("bit_map_entry");  // 1.17: longs, the first holds every section of 256 blocks
    f.count = id("data.block_count");
    f.bits = id("data.bits_per_block");
    f.state = id("data.state");
    f.packed = id("data.packed_states");
    f.biomes = id("data.biomes");
    f.shorts = id("data.blocks");
    f.biome_bits = id("data.biome_bits");
    f.biome = id("data.biome");
    f.packed_biomes = id("data.packed_biomes");
    f.padding = id("data.padding");
    f.air = air_states(v);
    f.padded = v.protocol >= 735;
    f.by_height = f.biome_bits != core::kNoField;
    f.always_full = f.full == core::kNoField && v.protocol >= 755;
    return f;
}

// Collects the chunk's values as the decoder walks it.
class Collect {
public:
    static constexpr bool kPayloadOnly = true;
    Collect(const ChunkFields& f, ChunkSummary& out) : out_(out), f_(f) {
        out_.full = f.always_full;
        out_.has_full_flag = f.full != core::kNoField;
        out_.has_bit_mask = f.mask != core::kNoField || f.mask_long != core::kNoField;
    }

    void open(const core::Item&) {}
    void close() {}
    void finding(const core::Finding&) { broken_ = true; }
    void leaf(const core::Item& it) {
        const core::FieldId f = it.info->id;
        const int64_t v = it.vclass == core::ValueClass::Int ? it.i : int64_t(it.u);
        if (f == f_.x) out_.x = int32_t(v);
        else if (f == f_.z) out_.z = int32_t(v);
        else if (f == f_.full) out_.full = v != 0;
        else if (f == f_.mask) out_.bit_mask = uint32_t(v);
        else if (f == f_.mask_long) {
            if (!mask_longs_++) out_.bit_mask = uint32_t(v);
        } else if (f == f_.count) declared_ = int32_t(v);
        else if (f == f_.bits) start_section(uint8_t(v));
        else if (f == f_.state) {
            if (npalette_ < 256) palette_[npalette_] = uint32_t(v);
            ++npalette_;
        } else if (f == f_.packed) section(it.s);
        else if (f == f_.biomes) biomes(it.s);
        else if (f == f_.shorts) shorts_section(it.s);
        else if (f == f_.biome_bits) {
            if (open_) section({});  // 1.21.5+: a single state has no longs after it
            biome_bits_ = uint8_t(v);
        } else if (f == f_.biome) biome(uint32_t(v));
        else if (f == f_.padding) padding(it.s);
        else if (f == f_.packed_biomes && biome_bits_ > 3 && biome_bits_ <= 32) {  // global biome ids: unpacked (64 per section)
            if (it.s.size() >= padded_bytes(64, biome_bits_))
                for_each_value(reinterpret_cast<const uint8_t*>(it.s.data()), biome_bits_, true,
                               [&](uint32_t id) { biome(id); }, 64);
        }
    }

    void end() {
        if (open_) section({});
    }

    bool broken() const { return broken_; }

private:
    void start_section(uint8_t bits) {
        if (open_) section({});
        bits_ = bits;
        npalette_ = 0;
        open_ = true;
    }

    void add(const core::Finding& f) {
        if (out_.nfindings < ChunkSummary::kMaxFindings) out_.findings[out_.nfindings++] = f;
    }

    // The section'th set bit of the mask is its y.
    uint8_t section_y(uint8_t n) const {
        uint8_t k = 0;
        for (uint8_t y = 0; y < kSectionsPerColumn; ++y)
            if (out_.bit_mask >> y & 1) {
                if (k++ == n) return y;
            }
        return n;
    }

    // The next section's summary. Past the sections kept in detail (a world
    // over 512 blocks high) `spare`: the column's totals still count them.
    SectionSummary& next_section(SectionSummary& spare) {
        SectionSummary& s = out_.sections < ChunkSummary::kMaxSections ? out_.section[out_.sections] : spare;
        s.y = f_.by_height ? out_.sections : section_y(out_.sections);
        if (out_.sections < 255) ++out_.sections;
        return s;
    }

    // 1.8: 4096 block states of 16 bits, little-endian (block id << 4 |
    // metadata), no palette.
    void shorts_section(std::string_view b) {
        SectionSummary spare;
        SectionSummary& s = next_section(spare);
        s.bits = 16;
        if (b.size() != size_t(kBlocksPerSection) * 2) {
            add({C::ChunkDataLength, 0, 0, int64_t(b.size() / 8), int64_t(kBlocksPerSection) * 2 / 8, s.y});
            return;
        }
        const auto* p = reinterpret_cast<const uint8_t*>(b.data());
        for (uint32_t i = 0; i < uint32_t(kBlocksPerSection); ++i) count(s, uint32_t(p[2 * i] | p[2 * i + 1] << 8), 1);
        s.valid = true;
        finish(s);
    }

    void section(std::string_view packed) {
        open_ = false;
        SectionSummary spare;
        SectionSummary& s = next_section(spare);
        s.bits = bits_;
        s.palette = uint16_t(bits_ <= kMaxIndirectBits ? npalette_ : 0);
        s.declared = declared_;
        declared_ = -1;
        const size_t longs = packed.size() / 8;
        if (bits_ == 0 && f_.by_height) {  // one state for the whole section, no longs
            s.valid = npalette_ == 1 && longs == 0;
            if (!s.valid) {
                add({C::ChunkDataLength, 0, 0, int64_t(longs), 0, s.y});
                return;
            }
            count(s, palette_[0], kBlocksPerSection);
            finish(s);
            return;
        }
        const size_t expect = bits_ == 0 || bits_ > 32 ? 0
                            : f_.padded ? padded_bytes(kBlocksPerSection, bits_) / 8
                                      : size_t(kBlocksPerSection) * bits_ / 64;
        if (bits_ == 0 || bits_ > 32 || longs != expect) {
            add({C::ChunkDataLength, 0, 0, int64_t(longs), int64_t(expect), s.y});
            return;
        }
        const auto* p = reinterpret_cast<const uint8_t*>(packed.data());
        // With a palette, the values are counted per index and resolved once
        // per palette entry; with global ids, each one is resolved.
        bool bad_index = false;
        if (s.palette) {
            // 2^bits <= 256 counters: no test per value; an index past the
            // palette shows as a count there, and then the first one in
            // order is looked for (rare: a broken chunk).
            const uint32_t indices = 1u << bits_;
            uint16_t turn[4][256];
            for (auto& t : turn) std::memset(t, 0, indices * sizeof t[0]);
            count_indices(p, bits_, f_.padded, turn);
            uint16_t per_index[256] = {};
            for (uint32_t j = 0; j < indices; ++j)
                per_index[j] = uint16_t(turn[0][j] + turn[1][j] + turn[2][j] + turn[3][j]);
            for (uint32_t j = npalette_; j < (1u << bits_) && !bad_index; ++j) bad_index = per_index[j] != 0;
            if (bad_index) {
                bool reported = false;
                for_each_value(p, bits_, f_.padded, [&](uint32_t v) {
                    if (v >= npalette_ && !reported) {
                        add({C::ChunkPaletteIndex, 0, 0, int64_t(v), int64_t(npalette_), s.y});
                        reported = true;
                    }
                });
            }
            for (uint32_t j = 0; j < npalette_ && j < 256; ++j)
                if (per_index[j]) count(s, palette_[j], per_index[j]);
        } else {
            for_each_value(p, bits_, f_.padded, [&](uint32_t v) { count(s, v, 1); });
        }
        s.valid = !bad_index;
        finish(s);
    }

    void finish(SectionSummary& s) {
        for (uint32_t t = 0; t < ntouched_; ++t) section_seen_[touched_[t]] = false;
        ntouched_ = 0;
        out_.non_air += s.non_air;
        if (s.declared >= 0 && uint32_t(s.declared) != s.non_air && s.valid)
            add({C::ChunkBlockCount, 0, 0, s.declared, int64_t(s.non_air), s.y});
    }

    void biome(uint32_t id) {
        if (id < kMaxBiomes && !biome_seen_[id]) {
            biome_seen_[id] = true;
            ++out_.distinct_biomes;
        }
    }

    // `n` blocks of `state` in section `s`.
    void count(SectionSummary& s, uint32_t state, uint32_t n) {
        if (state != f_.air.air && state != f_.air.void_air && state != f_.air.cave_air) s.non_air += n;
        if (state < kMaxStates && !section_seen_[state]) {
            section_seen_[state] = true;
            touched_[ntouched_++] = state;  // at most one per block
            ++s.distinct;
            if (!column_[state]) {
                column_[state] = true;
                ++out_.distinct;
            }
        }
    }

    // 1.18+: what follows the dimension's sections is a vanilla server's
    // zero padding; anything else is not.
    void padding(std::string_view b) {
        if (open_) section({});
        out_.padding = uint32_t(b.size());
        if (std::any_of(b.begin(), b.end(), [](char c) { return c != 0; }))
            add({C::ChunkPadding, 0, 0, int64_t(b.size()), int64_t(out_.sections)});
    }

    // A whole column's 256 biomes: a byte each before 1.13, an Int since.
    void biomes(std::string_view b) {
        const size_t width = b.size() == kBiomesPerColumn ? 1 : 4;
        for (size_t i = 0; i + width <= b.size(); i += width)
            biome(uint32_t(core::wire::uint_be(reinterpret_cast<const uint8_t*>(b.data()) + i, width)));
    }

    static constexpr uint32_t kMaxBiomes = 256;  // ids of a registry: a few dozen in every release

    ChunkSummary& out_;
    const ChunkFields& f_;
    uint32_t mask_longs_ = 0;
    int32_t declared_ = -1;
    bool open_ = false;  // a section's bits read, its states not yet counted
    uint8_t bits_ = 0;
    uint8_t biome_bits_ = 0;
    std::bitset<kMaxBiomes> biome_seen_;
    uint32_t npalette_ = 0;
    uint32_t palette_[256] = {};
    std::bitset<kMaxStates> column_;
    // The states seen in the section being read, and which to clear after it
    // (clearing 4 KB per section cost more than the section).
    std::bitset<kMaxStates> section_seen_;
    uint32_t touched_[kBlocksPerSection];
    uint32_t ntouched_ = 0;
    bool broken_ = false;
};

}  // namespace

bool summarize_chunk(const Packet& p, ChunkSummary& out) {
    out = ChunkSummary{};
    if (!p.summary.type || !p.data) return false;
    const core::Schema& s = schema(*p.version);
    const VersionInfo& v = *p.version;
    Collect c(core::per_schema<ChunkFields>(s, [&](const core::Schema& sc) { return chunk_fields(sc, v); }), out);
    core::decode(s, p.data, p.data_len, p.context(), c);
    c.end();
    out.valid = !c.broken();
    return true;
}

}  // namespace mcjava
