#include "chunk_column.hpp"

#include <bitset>
#include <cstring>

#include "core/decoder.hpp"
#include "core/wire.hpp"
#include "findings.hpp"
#include "schema.hpp"

namespace mcjava {

AirStates air_states(Generation g) {
    return g == Generation::V404 ? AirStates{0, 8591, 8592} : AirStates{0, 9129, 9130};
}

namespace {

using C = FindingCode;

// Global palette ids seen in a column (1.14 has about 11 400 block states).
constexpr size_t kMaxStates = 1 << 15;

// Calls f with each of a section's 4096 values of `bits` bits, in order,
// from its packed longs (big-endian; the first value in a long's low bits;
// before 1.16 a value may span two longs). Where values never span (4, 8,
// 16 or 32 bits) a long's values come out without a test per value.
template <class F>
void for_each_value(const uint8_t* p, unsigned bits, F&& f) {
    const uint64_t mask = (uint64_t(1) << bits) - 1;
    if (64 % bits == 0) {
        const unsigned per_long = 64 / bits;
        const size_t longs = size_t(kBlocksPerSection) / per_long;
        for (size_t k = 0; k < longs; ++k) {
            uint64_t cur = core::wire::uint_be(p + 8 * k, 8);
            for (unsigned j = 0; j < per_long; ++j, cur >>= bits) f(uint32_t(cur & mask));
        }
        return;
    }
    size_t k = 0;
    uint64_t cur = core::wire::uint_be(p, 8);
    unsigned used = 0;  // bits of `cur` already read
    for (uint32_t i = 0; i < uint32_t(kBlocksPerSection); ++i) {
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

// Collects the chunk's values as the decoder walks it.
class Collect {
public:
    static constexpr bool kPayloadOnly = true;
    Collect(const core::Schema& s, Generation g, ChunkSummary& out) : out_(out), air_(air_states(g)) {
        const std::string t = std::string(kPrefix) + ".play.cb.chunk_data.";
        f_x_ = id(s, t + "x");
        f_z_ = id(s, t + "z");
        f_full_ = id(s, t + "full_chunk");
        f_mask_ = id(s, t + "bit_mask");
        f_count_ = id(s, t + "data.block_count");
        f_bits_ = id(s, t + "data.bits_per_block");
        f_state_ = id(s, t + "data.state");
        f_packed_ = id(s, t + "data.packed_states");
        f_biomes_ = id(s, t + "data.biomes");
    }

    void open(const core::Item&) {}
    void close() {}
    void finding(const core::Finding&) { broken_ = true; }
    void leaf(const core::Item& it) {
        const core::FieldId f = it.info->id;
        const int64_t v = it.vclass == core::ValueClass::Int ? it.i : int64_t(it.u);
        if (f == f_x_) out_.x = int32_t(v);
        else if (f == f_z_) out_.z = int32_t(v);
        else if (f == f_full_) out_.full = v != 0;
        else if (f == f_mask_) out_.bit_mask = uint32_t(v);
        else if (f == f_count_) declared_ = int32_t(v);
        else if (f == f_bits_) start_section(uint8_t(v));
        else if (f == f_state_) {
            if (npalette_ < 256) palette_[npalette_] = uint32_t(v);
            ++npalette_;
        } else if (f == f_packed_) section(it.s);
        else if (f == f_biomes_) biomes(it.s);
    }

    bool broken() const { return broken_; }

private:
    static core::FieldId id(const core::Schema& s, const std::string& a) {
        const core::FieldInfo* fi = s.find(a);
        return fi ? fi->id : core::kNoField;
    }

    void start_section(uint8_t bits) {
        bits_ = bits;
        npalette_ = 0;
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

    void section(std::string_view packed) {
        if (out_.sections >= kSectionsPerColumn) return;
        SectionSummary& s = out_.section[out_.sections];
        s.y = section_y(out_.sections);
        ++out_.sections;
        s.bits = bits_;
        s.palette = uint16_t(bits_ <= kMaxIndirectBits ? npalette_ : 0);
        s.declared = declared_;
        declared_ = -1;
        const size_t longs = packed.size() / 8;
        const size_t expect = size_t(kBlocksPerSection) * bits_ / 64;
        if (bits_ == 0 || bits_ > 32 || longs != expect) {
            add({C::ChunkDataLength, 0, 0, int64_t(longs), int64_t(expect), s.y});
            return;
        }
        const auto* p = reinterpret_cast<const uint8_t*>(packed.data());
        // With a palette, the values are counted per index and resolved once
        // per palette entry; with global ids, each one is resolved.
        bool bad_index = false;
        if (s.palette) {
            uint16_t per_index[256] = {};
            // 2^bits <= 256 counters: no test per value; an index past the
            // palette shows as a count there, and then the first one in
            // order is looked for (rare: a broken chunk).
            for_each_value(p, bits_, [&](uint32_t v) { ++per_index[v]; });
            for (uint32_t j = npalette_; j < (1u << bits_) && !bad_index; ++j) bad_index = per_index[j] != 0;
            if (bad_index) {
                bool reported = false;
                for_each_value(p, bits_, [&](uint32_t v) {
                    if (v >= npalette_ && !reported) {
                        add({C::ChunkPaletteIndex, 0, 0, int64_t(v), int64_t(npalette_), s.y});
                        reported = true;
                    }
                });
            }
            for (uint32_t j = 0; j < npalette_ && j < 256; ++j)
                if (per_index[j]) count(s, palette_[j], per_index[j]);
        } else {
            for_each_value(p, bits_, [&](uint32_t v) { count(s, v, 1); });
        }
        for (uint32_t t = 0; t < ntouched_; ++t) section_seen_[touched_[t]] = false;
        ntouched_ = 0;
        s.valid = !bad_index;
        out_.non_air += s.non_air;
        if (s.declared >= 0 && uint32_t(s.declared) != s.non_air && s.valid)
            add({C::ChunkBlockCount, 0, 0, s.declared, int64_t(s.non_air), s.y});
    }

    // `n` blocks of `state` in section `s`.
    void count(SectionSummary& s, uint32_t state, uint32_t n) {
        if (state != air_.air && state != air_.void_air && state != air_.cave_air) s.non_air += n;
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

    void biomes(std::string_view b) {
        std::bitset<256> seen;  // biome ids are below 256 in these versions
        for (size_t i = 0; i + 4 <= b.size(); i += 4) {
            const uint32_t id = uint32_t(core::wire::uint_be(reinterpret_cast<const uint8_t*>(b.data()) + i, 4));
            if (id < 256 && !seen[id]) {
                seen[id] = true;
                ++out_.distinct_biomes;
            }
        }
    }

    ChunkSummary& out_;
    AirStates air_;
    core::FieldId f_x_, f_z_, f_full_, f_mask_, f_count_, f_bits_, f_state_, f_packed_, f_biomes_;
    int32_t declared_ = -1;
    uint8_t bits_ = 0;
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
    Collect c(s, p.version->gen, out);
    core::decode(s, p.data, p.data_len, p.context(), c);
    out.valid = !c.broken();
    if (p.version->gen == Generation::Data) {
        out.contents = false;
        return false;
    }
    return true;
}

}  // namespace mcjava
