#include "capture_reader.hpp"

#include <pcap/pcap.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "link_layer.hpp"
#include "pcapng_reader.hpp"

namespace blankshark::capture {
namespace {

constexpr uint64_t kPcapFileHeaderLen = 24;
constexpr uint32_t kPcapngMagic = 0x0A0D0D0A;     // Section Header Block type, a palindrome
constexpr uint32_t kKuznetzovMagic = 0xA1B2CD34;  // pcap variant with 24-byte record headers

// The first four bytes of the file, read before libpcap opens it: that gives
// the plain errno when the file cannot be opened or read, tells an empty file
// from a cut header, and the magic tells the format (for error offsets).
struct Peek {
    int open_errno = 0;  // fopen() failed
    int read_errno = 0;  // fread() failed (a directory, an I/O error)
    size_t got = 0;
    uint32_t magic_le = 0, magic_be = 0;
};

Peek peek(const std::string& path) {
    Peek r;
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
        r.open_errno = errno;
        return r;
    }
    uint8_t m[4] = {};
    errno = 0;
    r.got = std::fread(m, 1, sizeof m, f);
    if (std::ferror(f)) r.read_errno = errno ? errno : EIO;
    std::fclose(f);
    r.magic_le = uint32_t(m[0]) | uint32_t(m[1]) << 8 | uint32_t(m[2]) << 16 | uint32_t(m[3]) << 24;
    r.magic_be = uint32_t(m[3]) | uint32_t(m[2]) << 8 | uint32_t(m[1]) << 16 | uint32_t(m[0]) << 24;
    return r;
}

bool contains(const char* s, const char* what) { return std::strstr(s, what) != nullptr; }

// libpcap 1.10 says "unknown file format" for anything without a known magic
// and "truncated dump file; tried to read N file header bytes, only got M"
// (or "truncated pcapng dump file; ...") for a cut header.
std::string describe_open_error(const std::string& path, const char* pcap_msg) {
    if (contains(pcap_msg, "unknown file format"))
        return path + ": not a capture file (libpcap: " + pcap_msg + "); expected pcap or pcapng";
    if (contains(pcap_msg, "truncated"))
        return path + ": truncated capture file, or not a capture file: its header is incomplete (libpcap: " +
               pcap_msg + ")";
    // Some messages start with the path already; don't say it twice.
    std::string msg = pcap_msg;
    const std::string prefix = path + ": ";
    if (msg.compare(0, prefix.size(), prefix) == 0) msg.erase(0, prefix.size());
    return path + ": cannot read capture file: " + msg;
}

}  // namespace

void PcapngReaderDelete::operator()(PcapngReader* r) const { delete r; }

CaptureReader::~CaptureReader() { close(); }

CaptureReader::CaptureReader(CaptureReader&& o) noexcept { *this = std::move(o); }

CaptureReader& CaptureReader::operator=(CaptureReader&& o) noexcept {
    if (this != &o) {
        close();
        p_ = std::exchange(o.p_, nullptr);
        ng_ = std::move(o.ng_);
        state_ = std::exchange(o.state_, State::Closed);
        path_ = std::move(o.path_);
        error_ = std::move(o.error_);
        link_type_ = std::exchange(o.link_type_, -1);
        pcapng_ = o.pcapng_;
        record_header_len_ = o.record_header_len_;
        frames_ = std::exchange(o.frames_, 0);
        error_frame_ = o.error_frame_;
        error_offset_ = o.error_offset_;
        offset_ = o.offset_;
    }
    return *this;
}

void CaptureReader::close() {
    if (p_) pcap_close(p_);
    p_ = nullptr;
    ng_.reset();
}

bool CaptureReader::fail_open(const std::string& why) {
    close();
    state_ = State::Closed;
    error_ = why;
    return false;
}

bool CaptureReader::open(const std::string& path) {
    close();
    path_ = path;
    error_.clear();
    frames_ = 0;
    error_frame_ = 0;
    error_offset_.reset();
    link_type_ = -1;

    const Peek pk = peek(path);
    if (pk.open_errno) return fail_open(path + ": cannot open: " + std::strerror(pk.open_errno));
    if (pk.read_errno) return fail_open(path + ": cannot read: " + std::strerror(pk.read_errno));
    if (pk.got == 0) return fail_open(path + ": not a capture file: the file is empty");
    pcapng_ = pk.magic_le == kPcapngMagic;
    record_header_len_ = pk.magic_le == kKuznetzovMagic || pk.magic_be == kKuznetzovMagic ? 24 : 16;

    if (pcapng_) {
        ng_.reset(new PcapngReader);
        std::string why;
        if (!ng_->open(path, why)) return fail_open(path + ": " + why);
        link_type_ = ng_->first_link_type();
    } else {
        char errbuf[PCAP_ERRBUF_SIZE] = {};
        p_ = pcap_open_offline_with_tstamp_precision(path.c_str(), PCAP_TSTAMP_PRECISION_NANO, errbuf);
        if (!p_) return fail_open(describe_open_error(path, errbuf));
        link_type_ = pcap_datalink(p_);
    }
    // pcapng: the first interface decides here; frames of later interfaces
    // of an unsupported type are skipped as not IP (capture_stream.cpp).
    if (link_type_ >= 0 && !link_type_supported(link_type_)) {
        const char* name = pcap_datalink_val_to_name(link_type_);
        return fail_open(path + ": link type " + std::to_string(link_type_) + " (" +
                         (name ? name : link_type_name(link_type_)) +
                         ") is not supported (supported: Ethernet, Linux cooked SLL/SLL2, BSD null/loopback, "
                         "raw IPv4/IPv6)");
    }

    state_ = State::Reading;
    if (ng_) return true;
    offset_ = kPcapFileHeaderLen;
    // Offsets come from ftell(): libpcap does not show pcapng block sizes,
    // and for pcap it shortens caplen when a record exceeds the file's
    // snaplen. glibc's ftell() makes an lseek() per call until the stream
    // has been positioned once; this no-op fseek() does that.
    if (std::FILE* fp = pcap_file(p_)) std::fseek(fp, 0, SEEK_CUR);
    return true;
}

std::optional<uint64_t> CaptureReader::next_record_offset() const {
    std::FILE* fp = pcap_file(p_);  // NULL for pcapng in some libpcap versions
    const long pos = fp ? std::ftell(fp) : -1;
    if (pos >= 0) return uint64_t(pos);
    if (!pcapng_) return offset_;  // summed record sizes: right unless libpcap cut a record
    return std::nullopt;
}

uint64_t CaptureReader::position() const {
    if (ng_) return ng_->position();
    const std::optional<uint64_t> at = p_ ? next_record_offset() : std::nullopt;
    return at ? *at : offset_;
}

CaptureReader::Status CaptureReader::fail_read(std::optional<uint64_t> at, const std::string& why) {
    error_frame_ = frames_ + 1;
    error_offset_ = at;
    error_ = path_ + ": truncated or corrupt capture file at frame " + std::to_string(frames_ + 1) + " (byte offset " +
             (at ? std::to_string(*at) : std::string("unknown")) + "): " + why;
    close();
    state_ = State::Failed;
    return Status::Error;
}

CaptureReader::Status CaptureReader::next(Frame& f) {
    switch (state_) {
    case State::Reading: break;
    case State::Ended: return Status::End;
    case State::Failed: return Status::Error;
    case State::Closed:
        if (error_.empty()) error_ = "no capture file is open";
        return Status::Error;
    }

    if (ng_) {
        const PcapngReader::Result r = ng_->next(f);
        if (r == PcapngReader::Result::End) {
            state_ = State::Ended;
            return Status::End;
        }
        if (r != PcapngReader::Result::Packet) return fail_read(ng_->block_offset(), ng_->error());
        f.number = ++frames_;
        return Status::Next;
    }
    // Where the record starts, known only before libpcap reads it.
    const std::optional<uint64_t> at = next_record_offset();
    pcap_pkthdr* h = nullptr;
    const u_char* data = nullptr;
    const int rc = pcap_next_ex(p_, &h, &data);
    if (rc == PCAP_ERROR_BREAK) {  // -2: no more records
        state_ = State::Ended;
        return Status::End;
    }
    if (rc != 1) return fail_read(at, pcap_geterr(p_));  // -1: truncated or corrupt record (0 only happens live)

    ++frames_;
    f.number = frames_;
    f.ts_sec = h->ts.tv_sec;
    f.ts_nsec = int32_t(h->ts.tv_usec);  // nanoseconds: opened with nano precision
    f.caplen = h->caplen;
    f.origlen = h->len;
    f.data = data;
    f.link_type = link_type_;
    offset_ += record_header_len_ + h->caplen;
    return Status::Next;
}

}  // namespace blankshark::capture
