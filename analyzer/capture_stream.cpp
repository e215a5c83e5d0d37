#include "capture_stream.hpp"

#include "progress.hpp"

namespace blankshark {

std::array<uint16_t, catalog::kProtocolCount> StreamOptions::default_ports() {
    std::array<uint16_t, catalog::kProtocolCount> a{};
    for (size_t i = 0; i < a.size(); ++i)
        a[i] = catalog::protocols()[i]->carried_by ? 0 : catalog::protocols()[i]->default_port;
    return a;
}

uint16_t StreamOptions::port_of(const core::ProtocolInfo& p) const {
    for (size_t i = 0; i < ports.size(); ++i)
        if (catalog::protocols()[i] == &p) return ports[i];
    return 0;
}

void StreamOptions::set_port(const core::ProtocolInfo& p, uint16_t port) {
    for (size_t i = 0; i < ports.size(); ++i)
        if (catalog::protocols()[i] == &p) ports[i] = port;
}

CaptureStream::CaptureStream(StreamOptions opt) : opt_(opt) {}

void CaptureStream::conversation_dropped() {
    ++stats_.conversations_dropped;
    if (!stats_.first_dropped_frame) stats_.first_dropped_frame = frame_;
}

Conversation* CaptureStream::add_conversation(const Endpoint& client, const Endpoint& server, uint64_t frame,
                                              const FrontEnd* protocol) {
    if (open_ >= opt_.max_conversations) {
        conversation_dropped();
        return nullptr;
    }
    ++open_;
    Conversation& c = convs_.take();
    c.id = next_id_++;
    c.client = client;
    c.server = server;
    c.first_frame = frame;
    c.protocol = protocol;
    return &c;
}

void CaptureStream::ended(const Conversation&) {
    if (open_) --open_;
}

namespace {

bool earlier(int64_t sec, int32_t nsec, int64_t than_sec, int32_t than_nsec) {
    return sec < than_sec || (sec == than_sec && nsec < than_nsec);
}

}  // namespace

StreamResult CaptureStream::run(const CaptureFiles& files, tcp::Dispatcher* tcp, UdpClaimant* udp) {
    capture::Frame f;
    capture::UdpDatagram d;
    capture::TcpSegment seg;
    bool have_start = false;
    int64_t start_sec = 0, last_sec = 0;
    int32_t start_nsec = 0, last_nsec = 0;
    double last_time = 0;
    uint64_t base = 0;  // frames of the files before this one
    // A later file that cannot be read or does not continue the capture
    // ends it: what came before is reported.
    auto stop = [&](const std::string& path, const std::string& why, uint64_t frame = 0,
                    std::optional<uint64_t> offset = std::nullopt) {
        error_ = why;
        error_path_ = path;
        error_frame_ = frame;
        error_offset_ = offset;
        if (files_.size() <= 1 && frame == 0 && offset == std::nullopt && base == 0 && !have_start)
            return StreamResult::OpenError;
        if (tcp) tcp->finish(last_time);
        return StreamResult::ReadError;
    };
    for (const std::string& path : files.paths) {
        capture::CaptureReader reader;
        files_.push_back(FileSpan{path, base + 1, 0});
        if (!reader.open(path)) return stop(path, reader.error());
        if (files_.size() == 1) {
            link_type_ = reader.link_type();
        } else if (reader.link_type() != link_type_) {
            return stop(path, path + ": link type " + std::to_string(reader.link_type()) + ", not the " +
                                  std::to_string(link_type_) + " of " + files_.front().path +
                                  ": not one capture (--no-file-set reads them apart)");
        }
        Progress progress(path, opt_.progress);
        bool first_of_file = true;
        for (;;) {
            const auto st = reader.next(f);
            if (st == capture::CaptureReader::Status::End) break;
            if (st == capture::CaptureReader::Status::Error)
                return stop(path, reader.error(), reader.error_frame(), reader.error_offset());
            if (first_of_file && have_start && earlier(f.ts_sec, f.ts_nsec, last_sec, last_nsec))
                return stop(path, path + " starts before " + files_[files_.size() - 2].path +
                                      " ends: not one capture (--no-file-set reads them apart)");
            first_of_file = false;
            f.number += base;  // numbered across the files
            ++files_.back().frames;
            ++stats_.frames;
            frame_ = f.number;
            if ((f.number & 63) == 0) progress.update(reader.position(), f.number - base);
            if (!have_start) {
                have_start = true;
                start_sec = f.ts_sec;
                start_nsec = f.ts_nsec;
            }
            if (!earlier(f.ts_sec, f.ts_nsec, last_sec, last_nsec)) {
                last_sec = f.ts_sec;
                last_nsec = f.ts_nsec;
            }
            // In 64 bits: a corrupt record may carry any timestamp.
            const double time =
                double(int64_t(uint64_t(f.ts_sec) - uint64_t(start_sec))) + (int64_t(f.ts_nsec) - start_nsec) * 1e-9;
            last_time = time;
            if (f.link_type != link_type_ && !capture::link_type_supported(f.link_type)) {
                ++stats_.not_udp;  // a pcapng interface of a link type not read (the first one's was checked)
                continue;
            }
            switch (capture::parse_udp(f.link_type, f.data, f.caplen, d)) {
            case capture::LinkResult::Ok: break;
            case capture::LinkResult::Fragment: ++stats_.fragments; continue;
            case capture::LinkResult::NotUdp: case capture::LinkResult::NotIp:
                ++stats_.not_udp;
                if (tcp && capture::parse_tcp(f.link_type, f.data, f.caplen, seg) == capture::LinkResult::Ok) {
                    ++stats_.tcp;
                    tcp->feed(seg, f.number, time);
                }
                continue;
            default: ++stats_.truncated; continue;
            }
            if (udp && udp->offer(f, d, time))
                ++stats_.udp;
            else
                ++stats_.other_udp;
        }
        base += reader.frames_read();
    }
    if (tcp) tcp->finish(last_time);
    return StreamResult::Ok;
}

}  // namespace blankshark
