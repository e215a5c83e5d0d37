#include "blank/blank_synth.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "exit_codes.hpp"
#include "pcap_writer.hpp"

namespace blankshark {

namespace {

// The simulation's packets as Ethernet/IPv4/UDP records.
class PcapSink : public blank::SimSink {
public:
    explicit PcapSink(PcapWriter& w) : w_(w) {}
    void udp(uint64_t time_ns, const blank::SimEndpoint& src, const blank::SimEndpoint& dst, const uint8_t* p,
             size_t len) override {
        w_.udp(time_ns, endpoint(src), endpoint(dst), p, len);
    }

private:
    static UdpEndpoint endpoint(const blank::SimEndpoint& e) {
        return UdpEndpoint::v4(e.addr[0], e.addr[1], e.addr[2], e.addr[3], e.port);
    }
    PcapWriter& w_;
};

}  // namespace

int run_synth(const SynthOptions& opt) {
    SynthTruth truth;
    std::string error;
    if (!blank::check_synth_options(opt, error)) {
        std::fprintf(stderr, "blankshark synth: %s\n", error.c_str());
        return kExitUsage;
    }
    errno = 0;
    PcapWriter writer(opt.output, 1);
    if (!writer.ok()) {
        std::fprintf(stderr, "blankshark synth: cannot write %s: %s\n", opt.output.c_str(),
                     errno ? std::strerror(errno) : "write error");
        return kExitCannotWrite;
    }
    PcapSink sink(writer);
    if (!blank::synthesize(opt, sink, truth, error)) {
        std::fprintf(stderr, "blankshark synth: %s\n", error.c_str());
        return kExitUsage;
    }
    if (!writer.close()) {
        std::fprintf(stderr, "blankshark synth: cannot write %s\n", opt.output.c_str());
        return kExitCannotWrite;
    }
    if (!opt.truth.empty()) {
        std::FILE* f = std::fopen(opt.truth.c_str(), "w");
        const std::string json = blank::synth_truth_json(opt, truth);
        if (!f || std::fwrite(json.data(), 1, json.size(), f) != json.size() || std::fclose(f) != 0) {
            std::fprintf(stderr, "blankshark synth: cannot write %s\n", opt.truth.c_str());
            return kExitCannotWrite;
        }
    }
    if (!opt.quiet) {
        uint64_t dropped = 0, dup = 0, reordered = 0, tx = 0, complete = 0;
        for (const SynthConversation& c : truth.conversations) {
            dropped += c.c2s.dropped + c.s2c.dropped;
            dup += c.c2s.duplicated + c.s2c.duplicated;
            reordered += c.c2s.reordered + c.s2c.reordered;
            tx += c.transmissions;
            complete += c.transmissions_complete;
        }
        std::fprintf(stderr,
                     "blankshark synth: %llu packets, %zu conversations, %.1f s of traffic -> %s in %.2f s; "
                     "%llu dropped, %llu duplicated, %llu reordered; chunk transmissions %llu, %llu complete%s\n",
                     (unsigned long long)truth.packets, truth.conversations.size(),
                     double(truth.last_ns - truth.first_ns) / 1e9, opt.output.c_str(), truth.seconds,
                     (unsigned long long)dropped, (unsigned long long)dup, (unsigned long long)reordered,
                     (unsigned long long)tx, (unsigned long long)complete,
                     truth.clean_end ? "" : " (not every session ended cleanly)");
    }
    return kExitOk;
}

}  // namespace blankshark
