#include "tcp_capture.hpp"

namespace tcpcap {
namespace {

constexpr double kMinSpacing = 1e-6;  // seconds between two frames

void put16(std::vector<uint8_t>& v, uint16_t x) {
    v.push_back(uint8_t(x >> 8));
    v.push_back(uint8_t(x));
}
void put32(std::vector<uint8_t>& v, uint32_t x) {
    put16(v, uint16_t(x >> 16));
    put16(v, uint16_t(x));
}
uint32_t sum16(const uint8_t* p, size_t n, uint32_t sum = 0) {
    for (size_t i = 0; i + 1 < n; i += 2) sum += uint32_t(p[i] << 8 | p[i + 1]);
    if (n & 1) sum += uint32_t(p[n - 1] << 8);
    return sum;
}
uint16_t fold(uint32_t sum) {
    while (sum >> 16) sum = (sum & 0xFFFF) + (sum >> 16);
    return uint16_t(~sum);
}

}  // namespace

void TcpCapture::segment(double t, bool from_client, uint8_t flags, uint32_t seq, const uint8_t* p, uint32_t len) {
    const Side& src = side_[from_client ? 0 : 1];
    const Side& dst = side_[from_client ? 1 : 0];
    std::vector<uint8_t>& f = frame_;
    f.clear();
    f.insert(f.end(), dst.mac, dst.mac + 6);
    f.insert(f.end(), src.mac, src.mac + 6);
    put16(f, 0x0800);
    const size_t ip = f.size();
    f.push_back(0x45);
    f.push_back(0);
    put16(f, uint16_t(20 + 20 + len));
    put16(f, ip_id_[from_client ? 0 : 1]++);
    put16(f, 0x4000);  // don't fragment
    f.push_back(64);
    f.push_back(6);
    put16(f, 0);
    f.insert(f.end(), src.ip, src.ip + 4);
    f.insert(f.end(), dst.ip, dst.ip + 4);
    const uint16_t ipsum = fold(sum16(&f[ip], 20));
    f[ip + 10] = uint8_t(ipsum >> 8);
    f[ip + 11] = uint8_t(ipsum);
    const size_t tcp = f.size();
    put16(f, src.port);
    put16(f, dst.port);
    put32(f, seq);
    put32(f, flags & kAck ? src.acked : 0);
    f.push_back(5 << 4);
    f.push_back(flags);
    put16(f, 65535);  // window
    put16(f, 0);      // checksum
    put16(f, 0);      // urgent
    f.insert(f.end(), p, p + len);
    // Over the pseudo-header (addresses, protocol, length), header and data.
    uint32_t sum = sum16(src.ip, 4);
    sum = sum16(dst.ip, 4, sum);
    sum += 6 + uint32_t(f.size() - tcp);
    const uint16_t tcpsum = fold(sum16(&f[tcp], f.size() - tcp, sum));
    f[tcp + 16] = uint8_t(tcpsum >> 8);
    f[tcp + 17] = uint8_t(tcpsum);
    // Frames in capture order: never earlier than the previous one.
    if (frames_ && t < last_time_ + kMinSpacing) t = last_time_ + kMinSpacing;
    last_time_ = t;
    w_.raw(t, f);
    ++frames_;
}

void TcpCapture::handshake(double t, double rtt) {
    Side& c = side_[0];
    Side& s = side_[1];
    segment(t, true, kSyn, c.isn, nullptr, 0);
    c.next = c.isn + 1;
    s.acked = c.next;
    segment(t + rtt / 2, false, kSyn | kAck, s.isn, nullptr, 0);
    s.next = s.isn + 1;
    c.acked = s.next;
    segment(t + rtt, true, kAck, c.next, nullptr, 0);
}

void TcpCapture::data(double t, bool from_client, const uint8_t* p, uint32_t len, uint64_t seq_offset, bool captured) {
    const int i = from_client ? 0 : 1;
    Side& src = side_[i];
    const uint32_t seq = src.isn + 1 + uint32_t(seq_offset);
    if (captured) segment(t, from_client, kAck | kPsh, seq, p, len);
    if (seq_offset + len > sent_[i]) {
        sent_[i] = seq_offset + len;
        src.next = src.isn + 1 + uint32_t(sent_[i]);
        if (auto_ack_) side_[1 - i].acked = src.next;  // the peer will acknowledge it
    }
}

void TcpCapture::ack(double t, bool from_client) {
    Side& src = side_[from_client ? 0 : 1];
    src.acked = side_[from_client ? 1 : 0].next;
    segment(t, from_client, kAck, src.next, nullptr, 0);
}

void TcpCapture::fin(double t, bool from_client) {
    const int i = from_client ? 0 : 1;
    Side& src = side_[i];
    segment(t, from_client, kFin | kAck, src.next, nullptr, 0);
    if (!fin_sent_[i]) {
        fin_sent_[i] = true;
        src.next += 1;
        if (auto_ack_) side_[1 - i].acked = src.next;
    }
}

}  // namespace tcpcap
