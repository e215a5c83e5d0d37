// Reads pcapng files block by block, each packet with its own interface's
// link type: pcapng allows one per interface (a capture merged from an
// Ethernet and a Linux cooked capture), which libpcap refuses. Sections,
// both byte orders, interface timestamp resolutions and offsets, enhanced,
// simple and obsolete packet blocks; other blocks are stepped over. No
// allocation per packet: one buffer grows to the largest block.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace blankshark::capture {

struct Frame;

class PcapngReader {
public:
    enum class Result { Packet, End, Truncated, Corrupt };

    PcapngReader() = default;
    ~PcapngReader();
    PcapngReader(const PcapngReader&) = delete;
    PcapngReader& operator=(const PcapngReader&) = delete;

    // Opens the file and reads its first section header and the interface
    // blocks before the first packet. False with `error` (without the path)
    // when the section header is cut or wrong.
    bool open(const std::string& path, std::string& error);
    // The first interface's link type (-1 if the section has none).
    int first_link_type() const { return first_link_; }
    // The next packet into `f` (data valid until the next call); for
    // Truncated and Corrupt, error() says what and block_offset() where the
    // block starts.
    Result next(Frame& f);
    const std::string& error() const { return error_; }
    uint64_t block_offset() const { return block_at_; }
    uint64_t position() const { return pos_; }

private:
    struct Interface {
        int link_type;
        uint32_t snaplen;
        bool pow2;       // if_tsresol: units are 2^-exp s, else 10^-exp s
        uint8_t exp;
        int64_t offset;  // if_tsoffset, seconds
    };
    enum class Read { Ok, End, Short };
    Read read_block();  // into buf_, from pos_
    bool section(std::string& why);
    bool interface(std::string& why);
    uint16_t u16(size_t at) const;
    uint32_t u32(size_t at) const;
    void stamp(const Interface& i, uint64_t units, Frame& f) const;
    Result fail(Result r, const std::string& why);

    std::FILE* f_ = nullptr;
    std::vector<uint8_t> buf_;  // the current block, whole
    uint32_t len_ = 0;          // its total length
    bool swap_ = false;         // the section is big-endian
    std::vector<Interface> ifs_;
    int first_link_ = -1;
    uint64_t pos_ = 0, block_at_ = 0;
    std::string error_;
};

}  // namespace blankshark::capture
