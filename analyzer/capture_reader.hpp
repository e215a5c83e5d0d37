// Reads pcap files through libpcap and pcapng files block by block
// (pcapng_reader.hpp: a link type per interface), frame by frame, without
// copying packet data. Errors name the file, and for a truncated or corrupt
// file the frame number and byte offset where reading stopped.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

struct pcap;

namespace blankshark::capture {

struct Frame {
    uint64_t number = 0;  // 1-based, like Wireshark
    int64_t ts_sec = 0;
    int32_t ts_nsec = 0;  // 0..999999999 whatever the file's resolution
    uint32_t caplen = 0, origlen = 0;
    const uint8_t* data = nullptr;  // valid until the next call to next()
    int link_type = -1;  // the frame's (pcapng: its interface's; pcap: the file's)
};

class PcapngReader;
struct PcapngReaderDelete {
    void operator()(PcapngReader* r) const;
};

class CaptureReader {
public:
    enum class Status { Next, End, Error };

    CaptureReader() = default;
    ~CaptureReader();
    CaptureReader(const CaptureReader&) = delete;
    CaptureReader& operator=(const CaptureReader&) = delete;
    CaptureReader(CaptureReader&& o) noexcept;
    CaptureReader& operator=(CaptureReader&& o) noexcept;

    // Opens a pcap or pcapng file (timestamps in nanoseconds). On failure
    // returns false and error() names the file and says why: cannot open,
    // empty, not a capture file, truncated header, unsupported link type.
    bool open(const std::string& path);
    // The link type libpcap reports (a DLT_ value: raw IP is 12 on Linux);
    // for pcapng the first interface's (each frame carries its own); -1
    // before a capture was opened.
    int link_type() const { return link_type_; }
    // Next frame, End at the end of the file, Error for a truncated or corrupt
    // record (error() then names the file, the frame and its byte offset). End
    // and Error are sticky; next() without an open capture is an Error.
    Status next(Frame& f);
    const std::string& error() const { return error_; }
    // After an Error from next(): the frame that could not be read and the
    // byte offset where its record starts (nullopt if libpcap hides it).
    uint64_t error_frame() const { return error_frame_; }
    std::optional<uint64_t> error_offset() const { return error_offset_; }
    uint64_t frames_read() const { return frames_; }
    // Bytes of the file consumed so far (for progress).
    uint64_t position() const;
    const std::string& path() const { return path_; }
    bool is_pcapng() const { return pcapng_; }

private:
    enum class State { Closed, Reading, Ended, Failed };

    bool fail_open(const std::string& why);
    // A record that cannot be read: the error names the frame and where its
    // record starts; reading stops there.
    Status fail_read(std::optional<uint64_t> at, const std::string& why);
    std::optional<uint64_t> next_record_offset() const;
    void close();

    pcap* p_ = nullptr;
    std::unique_ptr<PcapngReader, PcapngReaderDelete> ng_;  // pcapng files
    State state_ = State::Closed;
    std::string path_, error_;
    int link_type_ = -1;
    bool pcapng_ = false;
    uint32_t record_header_len_ = 16;  // classic pcap; 24 in the Kuznetzov variant
    uint64_t frames_ = 0;
    uint64_t error_frame_ = 0;
    std::optional<uint64_t> error_offset_;
    uint64_t offset_ = 0;  // of the next record, summed from record sizes (pcap, if ftell() can't)
};

}  // namespace blankshark::capture
