#include "encoder.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/codecs.hpp"
#include "core/wire.hpp"

namespace blank {

PacketBuilder::PacketBuilder(uint8_t type, const Schema& s) : s_(s), type_(type) {
    std::copy(revision_of(s).padding_expected, revision_of(s).padding_expected + 3, pad_);
}

PacketBuilder& PacketBuilder::set(std::string_view abbrev, double value, uint32_t index) {
    if (!s_.find(abbrev)) throw std::invalid_argument("no field " + std::string(abbrev));
    nums_[{std::string(abbrev), index}] = value;
    return *this;
}

PacketBuilder& PacketBuilder::text(std::string_view abbrev, std::string_view value, uint32_t index) {
    if (!s_.find(abbrev)) throw std::invalid_argument("no field " + std::string(abbrev));
    texts_[{std::string(abbrev), index}] = std::string(value);
    return *this;
}

bool PacketBuilder::number(const std::string& abbrev, uint32_t index, double& out) const {
    auto it = nums_.find({abbrev, index});
    if (it == nums_.end()) return false;
    out = it->second;
    return true;
}

size_t PacketBuilder::natural_length() const {
    const PacketType* t = packet_type(s_, type_);
    if (!t) return 0;
    const LengthSpec& r = t->length;
    if (r.rule == LengthRule::Repeated) return r.base + size_t(r.stride) * entries_;
    if (r.rule == LengthRule::Fixed || t->payload.count == 0) return r.min;
    // Range: the last field decides (a string, or the chunk data bytes).
    const Field& last = t->payload.fields[t->payload.count - 1];
    const std::string abbrev = std::string("blank.") + last.key;
    auto it = texts_.find({abbrev, 0});
    const size_t len = it == texts_.end() ? 0 : it->second.size();
    if (last.kind == Kind::Bytes) return last.offset + len;
    if (compact_) return last.offset + std::min<size_t>(len + 1, last.size);
    return r.max;
}

std::vector<uint8_t> PacketBuilder::build() const {
    const size_t payload = has_forced_len_ ? forced_len_ : natural_length();
    std::vector<uint8_t> out(kHeaderSize + payload, 0);
    // Write the natural layout into a scratch buffer large enough for every
    // field, then cut or extend to the requested length.
    std::vector<uint8_t> scratch(kHeaderSize + std::max(payload, natural_length()) + kMaxPacket, 0);
    uint8_t* p = scratch.data();
    core::wire::put_le(p, tag_, 4);
    core::wire::put_le(p + 4, seq_, 2);
    core::wire::put_le(p + 6, ack_, 2);
    core::wire::put_le(p + 8, hist_, 4);
    p[12] = type_;
    std::copy(pad_, pad_ + 3, p + 13);
    if (const core::CompiledType* ct0 = s_.tables[0].type(type_)) {
        const core::CompiledType& ct = *ct0;
        write(p, scratch.size(), ct.root_first, ct.root_count, kHeaderSize, 0);
    }
    std::copy(scratch.begin(), scratch.begin() + out.size(), out.begin());
    return out;
}

// An integer plus the bits of its Flag children that were set by name.
uint64_t PacketBuilder::with_flags(const Node& n, uint32_t index, double v) const {
    uint64_t bits = uint64_t(int64_t(v));
    for (uint32_t c = 0; c < n.child_count; ++c) {
        const Node& cn = s_.nodes[n.first_child + c];
        double f = 0;
        if (cn.kind == Kind::Flag && number(s_.fields[cn.field].abbrev, index, f) && f != 0) bits |= cn.mask;
    }
    return bits;
}

void PacketBuilder::write(uint8_t* p, size_t cap, uint32_t first, uint32_t count, size_t base,
                          uint32_t index) const {
    for (uint32_t k = 0; k < count; ++k) {
        const Node& n = s_.nodes[first + k];
        const std::string& abbrev = s_.fields[n.field].abbrev;
        uint8_t* q = p + base + n.offset;
        if (base + n.offset + n.size > cap) return;
        double v = 0;
        number(abbrev, index, v);
        switch (n.kind) {
        case Kind::Group: write(p, cap, n.first_child, n.child_count, base + n.offset, index); break;
        case Kind::Array:
            for (uint32_t e = 0; e < entries_; ++e)
                write(p, cap, n.first_child, n.child_count, base + n.offset + size_t(e) * n.size, e);
            // The count sibling defaults to the number of entries written.
            // ref.index is the count's scope slot, not its row: the sibling
            // kept in that slot (core/schema.cpp numbers the rows referred to in order).
            for (uint32_t j = 0; j < k && n.ref.where == core::Ref::Scope && n.ref.up == 0; ++j) {
                const Node& c = s_.nodes[first + j];
                if (!c.keep || c.lift != 0 || c.slot != n.ref.index) continue;
                if (!number(s_.fields[c.field].abbrev, 0, v)) core::wire::put_le(p + base + c.offset, entries_, 4);
                break;
            }
            break;
        case Kind::U8: case Kind::I8: *q = uint8_t(with_flags(n, index, v)); break;
        case Kind::U16: core::wire::put_le(q, uint16_t(int64_t(v)), 2); break;
        case Kind::U32: case Kind::I32: core::wire::put_le(q, uint32_t(with_flags(n, index, v)), 4); break;
        case Kind::U64: core::wire::put_le(q, uint64_t(v), 8); break;
        case Kind::F32: core::wire::put_le(q, core::wire::f32_bits(float(v)), 4); break;
        case Kind::PackN: core::wire::put_le(q, uint16_t(core::codecs::to_packn(v / n.scale)), 2); break;
        case Kind::PackU: core::wire::put_le(q, core::codecs::to_packu(v / n.scale), 2); break;
        case Kind::Quat: {
            double c[4] = {0, 0, 0, 1};  // x y z w
            static const char* const axis[4] = {".x", ".y", ".z", ".w"};
            for (int i = 0; i < 4; ++i) number(abbrev + axis[i], index, c[i]);
            core::wire::put_le(q, core::codecs::pack_quat(c), 8);
            break;
        }
        case Kind::QuatF: {  // older revisions: 4 x f32, x y z w as glm stores them
            double c[4] = {0, 0, 0, 1};
            static const char* const axis[4] = {".x", ".y", ".z", ".w"};
            for (int i = 0; i < 4; ++i) {
                number(abbrev + axis[i], index, c[i]);
                core::wire::put_le(q + 4 * i, core::wire::f32_bits(float(c[i])), 4);
            }
            break;
        }
        case Kind::String: case Kind::Bytes: {
            auto it = texts_.find({abbrev, index});
            if (it == texts_.end()) break;
            const size_t room = n.size ? n.size : cap - (base + n.offset);
            std::copy_n(it->second.data(), std::min(room, it->second.size()), q);
            break;
        }
        default: break;  // derived values are not written
        }
    }
}

}  // namespace blank
