#include "capture_reader.hpp"

#include <pcap/pcap.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "link_layer.hpp"

namespace blankshark::capture {

CaptureReader::~CaptureReader() { close(); }

CaptureReader::CaptureReader(CaptureReader&& o) noexcept { *this = std::move(o); }

CaptureReader& CaptureReader::operator=(CaptureReader&& o) noexcept {
    if (this != &o) {
        close();
        p_ = std::exchange(o.p_, nullptr);
        path_ = std::move(o.path_);
        error_ = std::move(o.error_);
        link_type_ = o.link_type_;
        pcapng_ = o.pcapng_;
        frames_ = o.frames_;
        offset_ = o.offset_;
    }
    return *this;
}

void CaptureReader::close() {
    if (p_) pcap_close(p_);
    p_ = nullptr;
}

bool CaptureReader::open(const std::string& path) {
    close();
    path_ = path;
    frames_ = 0;
    // libpcap's messages do not always name the file, and say "unknown
    // file format" for text: look at the magic ourselves first.
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
        error_ = path + ": cannot open: " + std::strerror(errno);
        return false;
    }
    uint8_t magic[4] = {};
    const size_t got = std::fread(magic, 1, 4, f);
    std::fclose(f);
    pcapng_ = got == 4 && magic[0] == 0x0A && magic[1] == 0x0D && magic[2] == 0x0D && magic[3] == 0x0A;

    char errbuf[PCAP_ERRBUF_SIZE] = {};
    p_ = pcap_open_offline_with_tstamp_precision(path.c_str(), PCAP_TSTAMP_PRECISION_NANO, errbuf);
    if (!p_) {
        const bool unknown = std::strstr(errbuf, "unknown file format") != nullptr;
        error_ = path + (unknown ? ": not a pcap or pcapng capture file (" : ": cannot read capture (") + errbuf + ")";
        return false;
    }
    link_type_ = pcap_datalink(p_);
    if (!link_type_supported(link_type_)) {
        error_ = path + ": link type " + std::to_string(link_type_) + " (" + link_type_name(link_type_) +
                 ") is not supported; supported: Ethernet, Linux cooked SLL/SLL2, BSD null/loopback, raw IPv4/IPv6";
        close();
        return false;
    }
    offset_ = 24;  // classic pcap file header
    return true;
}

CaptureReader::Status CaptureReader::next(Frame& f) {
    if (!p_) return Status::End;
    if (pcapng_) {
        if (std::FILE* fp = pcap_file(p_)) offset_ = uint64_t(std::ftell(fp));
    }
    pcap_pkthdr* h = nullptr;
    const u_char* data = nullptr;
    const int rc = pcap_next_ex(p_, &h, &data);
    if (rc == PCAP_ERROR_BREAK) return Status::End;
    if (rc != 1) {
        error_ = path_ + ": truncated or corrupt capture file at frame " + std::to_string(frames_ + 1) +
                 " (byte offset " + std::to_string(offset_) + "): " + pcap_geterr(p_);
        close();
        return Status::Error;
    }
    ++frames_;
    f.number = frames_;
    f.ts_sec = h->ts.tv_sec;
    f.ts_nsec = int32_t(h->ts.tv_usec);  // nanoseconds: opened with nano precision
    f.caplen = h->caplen;
    f.origlen = h->len;
    f.data = data;
    if (!pcapng_) offset_ += 16 + h->caplen;
    return Status::Next;
}

}  // namespace blankshark::capture
