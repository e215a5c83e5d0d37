// Reads pcap and pcapng files through libpcap, frame by frame, without
// copying packet data. Errors name the file, and for a truncated or corrupt
// file the frame number and byte offset where reading stopped.
#pragma once

#include <cstdint>
#include <string>

struct pcap;

namespace blankshark::capture {

struct Frame {
    uint64_t number = 0;  // 1-based, like Wireshark
    int64_t ts_sec = 0;
    int32_t ts_nsec = 0;
    uint32_t caplen = 0, origlen = 0;
    const uint8_t* data = nullptr;  // valid until the next call to next()
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

    bool open(const std::string& path);
    int link_type() const { return link_type_; }
    Status next(Frame& f);
    const std::string& error() const { return error_; }
    uint64_t frames_read() const { return frames_; }

private:
    void close();

    pcap* p_ = nullptr;
    std::string path_, error_;
    int link_type_ = -1;
    bool pcapng_ = false;
    uint64_t frames_ = 0;
    uint64_t offset_ = 0;  // of the next record (classic pcap: computed; pcapng: ftell)
};

}  // namespace blankshark::capture
