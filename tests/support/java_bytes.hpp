// Minecraft Java bytes written by hand for tests and crafted captures:
// big-endian numbers, VarInts, strings and byte arrays with a VarInt length
// first (seed 003's data types), and the uncompressed framing. Written apart
// from the core's encoder on purpose: what it writes checks the decoder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace blankshark::test_support {

struct JavaBytes {
    std::vector<uint8_t> b;

    JavaBytes& u8(uint8_t v) { b.push_back(v); return *this; }
    JavaBytes& be(uint64_t v, int n) {
        for (int i = n - 1; i >= 0; --i) b.push_back(uint8_t(v >> (8 * i)));
        return *this;
    }
    JavaBytes& i32(int32_t v) { return be(uint32_t(v), 4); }
    JavaBytes& i64(int64_t v) { return be(uint64_t(v), 8); }
    JavaBytes& f64(double d) {
        uint64_t v;
        std::memcpy(&v, &d, 8);
        return be(v, 8);
    }
    JavaBytes& f32(float f) {
        uint32_t v;
        std::memcpy(&v, &f, 4);
        return be(v, 4);
    }
    // A VarInt: the low 32 bits, seven at a time, low group first.
    JavaBytes& var(int64_t x) {
        uint32_t v = uint32_t(int32_t(x));
        do {
            uint8_t c = v & 0x7F;
            v >>= 7;
            b.push_back(c | (v ? 0x80 : 0));
        } while (v);
        return *this;
    }
    JavaBytes& str(const std::string& s) {
        var(int64_t(s.size()));
        b.insert(b.end(), s.begin(), s.end());
        return *this;
    }
    // A byte array with its VarInt length first.
    JavaBytes& raw(const std::vector<uint8_t>& r) {
        var(int64_t(r.size()));
        b.insert(b.end(), r.begin(), r.end());
        return *this;
    }
    JavaBytes& zeros(size_t n) {
        b.insert(b.end(), n, 0);
        return *this;
    }
    // Uncompressed framing: VarInt length, then the packet.
    std::vector<uint8_t> framed() const {
        JavaBytes f;
        f.var(int64_t(b.size()));
        f.b.insert(f.b.end(), b.begin(), b.end());
        return f.b;
    }
};

}  // namespace blankshark::test_support
