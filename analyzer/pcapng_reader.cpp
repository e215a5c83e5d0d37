#include "pcapng_reader.hpp"

#include <cerrno>
#include <cstring>

#include "capture_reader.hpp"

namespace blankshark::capture {
namespace {

constexpr uint32_t kSectionHeader = 0x0A0D0D0A;
constexpr uint32_t kInterface = 1;
constexpr uint32_t kObsoletePacket = 2;
constexpr uint32_t kSimplePacket = 3;
constexpr uint32_t kEnhancedPacket = 6;
constexpr uint32_t kByteOrderMagic = 0x1A2B3C4D;
// A block longer than this is taken for corruption (libpcap's own bound is
// 16 MiB for a packet; blocks carry options besides).
constexpr uint32_t kMaxBlock = 64u << 20;

uint32_t swap32(uint32_t v) { return __builtin_bswap32(v); }

}  // namespace

PcapngReader::~PcapngReader() {
    if (f_) std::fclose(f_);
}

uint16_t PcapngReader::u16(size_t at) const {
    uint16_t v;
    std::memcpy(&v, &buf_[at], 2);
    return swap_ ? uint16_t(v >> 8 | v << 8) : v;
}

uint32_t PcapngReader::u32(size_t at) const {
    uint32_t v;
    std::memcpy(&v, &buf_[at], 4);
    return swap_ ? swap32(v) : v;
}

// One whole block at pos_. A section header decides the byte order before
// its length can be read, so its byte-order magic is looked at first.
PcapngReader::Read PcapngReader::read_block() {
    block_at_ = pos_;
    uint8_t head[12];
    const size_t got = std::fread(head, 1, 8, f_);
    if (got == 0 && std::feof(f_)) return Read::End;
    if (got < 8) return Read::Short;
    uint32_t type, len;
    std::memcpy(&type, head, 4);
    if (type == kSectionHeader) {
        if (std::fread(head + 8, 1, 4, f_) < 4) return Read::Short;
        uint32_t bom;
        std::memcpy(&bom, head + 8, 4);
        if (bom == kByteOrderMagic) swap_ = false;
        else if (bom == swap32(kByteOrderMagic)) swap_ = true;
        else {
            error_ = "section header block with an unknown byte-order magic";
            len_ = 0;
            return Read::Ok;  // the caller sees len_ 0: corrupt
        }
    }
    std::memcpy(&len, head + 4, 4);
    if (swap_) {
        type = swap32(type);
        len = swap32(len);
    }
    if (len < 12 || len % 4 || len > kMaxBlock) {
        error_ = "block of type " + std::to_string(type) + " with an impossible length " + std::to_string(len);
        len_ = 0;
        return Read::Ok;
    }
    if (buf_.size() < len) buf_.resize(len);
    const size_t have = type == kSectionHeader ? 12 : 8;
    std::memcpy(buf_.data(), head, have);
    if (std::fread(buf_.data() + have, 1, len - have, f_) < len - have) return Read::Short;
    len_ = len;
    pos_ += len;
    if (u32(len - 4) != len) {
        error_ = "block of type " + std::to_string(type) + ": its trailing length " + std::to_string(u32(len - 4)) +
                 " differs from its length " + std::to_string(len);
        len_ = 0;
    }
    return Read::Ok;
}

bool PcapngReader::section(std::string& why) {
    if (len_ < 28) {
        why = "section header block too short (" + std::to_string(len_) + " bytes)";
        return false;
    }
    if (u16(12) != 1) {
        why = "pcapng major version " + std::to_string(u16(12)) + " (only 1 exists)";
        return false;
    }
    ifs_.clear();  // interfaces are numbered per section
    return true;
}

bool PcapngReader::interface(std::string& why) {
    if (len_ < 20) {
        why = "interface description block too short";
        return false;
    }
    Interface i{u16(8), u32(12), false, 6, 0};
    // Options: code, length, value padded to 4; end at code 0.
    for (size_t at = 16; at + 4 <= len_ - 4;) {
        const uint16_t code = u16(at), n = u16(at + 2);
        if (code == 0 || at + 4 + n > len_ - 4) break;
        if (code == 9 && n >= 1) {  // if_tsresol
            i.pow2 = buf_[at + 4] & 0x80;
            i.exp = buf_[at + 4] & 0x7F;
        } else if (code == 14 && n >= 8) {  // if_tsoffset
            uint64_t v = uint64_t(u32(at + 4)) | uint64_t(u32(at + 8)) << 32;
            if (swap_) v = uint64_t(u32(at + 8)) | uint64_t(u32(at + 4)) << 32;
            i.offset = int64_t(v);
        }
        at += 4 + ((n + 3u) & ~3u);
    }
    if ((i.pow2 && i.exp > 63) || (!i.pow2 && i.exp > 19)) {
        why = "interface timestamp resolution out of range";
        return false;
    }
    if (first_link_ < 0) first_link_ = i.link_type;
    ifs_.push_back(i);
    return true;
}

void PcapngReader::stamp(const Interface& i, uint64_t units, Frame& f) const {
    if (i.pow2) {
        const uint64_t sec = i.exp ? units >> i.exp : units;
        const uint64_t frac = i.exp ? units & ((uint64_t(1) << i.exp) - 1) : 0;
        f.ts_sec = int64_t(sec) + i.offset;
        f.ts_nsec = int32_t((unsigned __int128)frac * 1000000000u >> i.exp);
        return;
    }
    uint64_t per_sec = 1;
    for (uint8_t k = 0; k < i.exp; ++k) per_sec *= 10;
    const uint64_t frac = units % per_sec;
    f.ts_sec = int64_t(units / per_sec) + i.offset;
    f.ts_nsec = int32_t(i.exp <= 9 ? frac * (1000000000u / per_sec) : frac / (per_sec / 1000000000u));
}

PcapngReader::Result PcapngReader::fail(Result r, const std::string& why) {
    error_ = why;
    return r;
}

bool PcapngReader::open(const std::string& path, std::string& error) {
    f_ = std::fopen(path.c_str(), "rb");
    if (!f_) {
        error = std::strerror(errno);
        return false;
    }
    const Read r = read_block();
    if (r != Read::Ok) {
        error = "truncated capture file, or not a capture file: its header is incomplete (pcapng section header "
                "block cut)";
        return false;
    }
    if (!len_ || !section(error)) {
        if (error.empty()) error = error_;
        error = "not a capture file, or a corrupt one: " + error;
        return false;
    }
    // The interfaces before the first packet give the file's link type.
    for (;;) {
        const uint64_t at = pos_;
        uint32_t type = 0;
        if (std::fread(&type, 1, 4, f_) < 4) break;
        if (swap_) type = swap32(type);
        std::fseek(f_, long(at), SEEK_SET);
        if (type != kInterface) break;
        if (read_block() != Read::Ok || !len_) break;  // next() reports it
        std::string why;
        if (!interface(why)) {
            error = "corrupt capture file: " + why;
            return false;
        }
    }
    std::clearerr(f_);
    std::fseek(f_, long(pos_), SEEK_SET);
    return true;
}

PcapngReader::Result PcapngReader::next(Frame& f) {
    for (;;) {
        const Read r = read_block();
        if (r == Read::End) return Result::End;
        if (r == Read::Short) return fail(Result::Truncated, "truncated pcapng block");
        if (!len_) return Result::Corrupt;  // error_ says why
        const uint32_t type = u32(0);
        std::string why;
        switch (type) {
        case kSectionHeader:
            if (!section(why)) return fail(Result::Corrupt, why);
            continue;
        case kInterface:
            if (!interface(why)) return fail(Result::Corrupt, why);
            continue;
        case kEnhancedPacket:
        case kObsoletePacket: {
            if (len_ < 32) return fail(Result::Corrupt, "packet block too short");
            const uint32_t id = type == kEnhancedPacket ? u32(8) : u16(8);
            if (id >= ifs_.size())
                return fail(Result::Corrupt, "packet of interface " + std::to_string(id) + ", which has no description");
            const uint32_t caplen = u32(20);
            if (caplen > len_ - 32) return fail(Result::Corrupt, "packet data longer than its block");
            const Interface& i = ifs_[id];
            stamp(i, uint64_t(u32(12)) << 32 | u32(16), f);
            f.caplen = caplen;
            f.origlen = u32(24);
            f.data = buf_.data() + 28;
            f.link_type = i.link_type;
            return Result::Packet;
        }
        case kSimplePacket: {
            if (ifs_.empty()) return fail(Result::Corrupt, "simple packet block without an interface");
            const Interface& i = ifs_[0];
            uint32_t caplen = u32(8);
            if (i.snaplen && caplen > i.snaplen) caplen = i.snaplen;
            if (caplen > len_ - 16) caplen = len_ - 16;
            f.ts_sec = 0;
            f.ts_nsec = 0;
            f.caplen = caplen;
            f.origlen = u32(8);
            f.data = buf_.data() + 12;
            f.link_type = i.link_type;
            return Result::Packet;
        }
        default: continue;  // statistics, name resolution, secrets, custom: not packets
        }
    }
}

}  // namespace blankshark::capture
