#include "batch.hpp"

#include "core/wire.hpp"
#include "findings.hpp"

namespace bedrock {

bool split_packets(const uint8_t* p, size_t len, std::vector<PacketSpan>& out, core::Finding& problem) {
    out.clear();
    size_t at = 0;
    while (at < len) {
        uint64_t n = 0;
        uint32_t used = 0;
        const auto r = core::wire::read_varint(p + at, uint32_t(len - at > 5 ? 5 : len - at), 5, n, used);
        if (r != core::wire::VarIntResult::Ok || n > len - at - used || n == 0) {
            problem = core::Finding{FindingCode::BadBatch};
            problem.offset = uint32_t(at);
            problem.length = uint32_t(len - at);
            problem.a = int64_t(out.size() + 1);
            problem.b = r == core::wire::VarIntResult::Ok ? int64_t(n) : -1;
            problem.c = int64_t(len - at - used);
            return false;
        }
        PacketSpan s;
        s.offset = uint32_t(at + used);
        s.len = uint32_t(n);
        uint64_t header = 0;
        uint32_t hused = 0;
        if (core::wire::read_varint(p + s.offset, s.len, 5, header, hused) == core::wire::VarIntResult::Ok) {
            s.id = uint16_t(header & 0x3FF);
            s.sender = uint8_t(header >> 10 & 3);
            s.target = uint8_t(header >> 12 & 3);
        }
        out.push_back(s);
        at = s.offset + s.len;
    }
    return true;
}

Unpack unpack(const Form& f, const uint8_t* p, size_t len, Decompressor& d) {
    Algorithm a = f.compressed ? Algorithm::Deflate : Algorithm::None;
    if (f.header) {
        if (len == 0) return Unpack::Damaged;
        a = Algorithm(p[0]);
        if (a != Algorithm::Deflate && a != Algorithm::Snappy && a != Algorithm::None) return Unpack::UnknownAlgorithm;
        ++p, --len;
    }
    switch (d.decompress(a, p, len, kMaxBatch)) {
    case Decompressor::Result::Ok: return Unpack::Ok;
    case Decompressor::Result::TooLarge: return Unpack::TooLarge;
    case Decompressor::Result::Damaged: break;
    }
    return Unpack::Damaged;
}

}  // namespace bedrock
