// libFuzzer target: the plugin's dissectors inside libwireshark's epan, as
// Wireshark runs them (fuzzshark is the model: one epan, every built-in
// dissector, the frames given as records). The plugin's objects are linked
// in (not loaded: as root Wireshark ignores WIRESHARK_PLUGIN_DIR) and its
// entry plugin_register() is called before epan_init, as the plugin loader
// would.
//
// Per input: ONE conversation (its own client address, in an epan session
// shared by kInputsPerSession inputs, see Session) cut from the input into
// frames, each an IPv4 packet (WTAP_ENCAP_RAW_IP) with a TCP or UDP
// header built here, dissected in order with a visible proto tree and the
// columns, so IP, TCP (sequence analysis, reassembly), the plugin's
// dispatch, stream layer, dissectors, fields and findings all run.
//
// Input: [options][records...]
//   options: bits 0-1 the conversation: 0 TCP to 25565 (Minecraft: Java or
//            Alpha by the client's first byte), 1 UDP to 19132 (RakNet and
//            MCPE), 2 UDP to 12354 (blank), 3 UDP between two other ports
//            (the heuristics); bit 2 a TCP handshake first; bit 3 FINs at
//            the end; bits 4-7 vary the client's port.
//   record:  [ctl][len][len bytes of payload] (the last may be cut short):
//            ctl bit 0 sent by the server; bit 1 (TCP) the bytes are not
//            sent, a hole in that direction's stream; bit 2 (TCP) sent again
//            at that direction's previous sequence number (a retransmission
//            or overlap); bits 3-7 the length's high bits (len up to 8191).
// At most kMaxFrames frames.
//
// BLANKSHARK_FUZZ_PLUGIN_REPORT=1 prints at exit, for each of the plugin's
// protocols, the frames it was a layer of and the tree items of its fields:
// the check that the fuzzer's inputs reach each dissector.
//
// One source for every Wireshark release the plugin supports: what differs
// (how a frame's bytes reach epan_dissect_run, configuration_init) is in
// epan_harness_compat.hpp.
#include <epan/column-info.h>
#include <epan/column.h>
#include <epan/epan.h>
#include <epan/epan_dissect.h>
#include <epan/frame_data.h>
#include <epan/packet.h>
#include <epan/prefs.h>
#include <epan/proto.h>
#include <epan/timestamp.h>
#include <epan/tvbuff.h>
#include <wiretap/wtap.h>
#include <ws_version.h>
#include <wsutil/filesystem.h>
#include <wsutil/privileges.h>

#include <sanitizer/lsan_interface.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <vector>

#include "epan_harness_compat.hpp"

extern "C" void plugin_register(void);  // plugin/plugin.cpp

// What epan_new's frame-timestamp callback reads: the session's frames.
struct packet_provider_data {
    std::deque<frame_data>* frames;
};

namespace {

constexpr size_t kMaxFrames = 96;
constexpr uint32_t kServerIp = 0x0A000001;  // 10.0.0.1; each input's client is 10.x.y.z from its number
constexpr unsigned kInputsPerSession = 512;

column_info g_cinfo;

// The epan session, shared by kInputsPerSession inputs (a new session per
// input costs Wireshark 4.0 about 0.2 s and 8 MB that cleanup_dissection
// does not give back: init_dissection of every built-in dissector). Each
// input is its own conversation (its own client address) and its own frame
// numbers, so an input's dissection does not depend on the ones before it;
// the session is freed (every dissector's cleanup, the plugin's too) and
// made again every kInputsPerSession inputs, which bounds what it holds.
struct Session {
    packet_provider_data provider{};
    std::deque<frame_data> frames;  // the current input's frames (stable addresses)
    guint32 first_frame = 1;        // the number of frames.front()
    guint32 next_frame = 1;
    epan_t* epan = nullptr;
    epan_dissect_t* edt = nullptr;
    unsigned inputs = 0;
} g_session;
unsigned long g_input_number = 0;

// The plugin's protocols (filter names) for the report.
const char* const kProtocols[] = {"blank", "mcjava", "mcalpha", "bsraknet", "bsmcpe"};
constexpr size_t kNProtocols = sizeof kProtocols / sizeof kProtocols[0];
bool g_report = false;
int g_proto_id[kNProtocols];
unsigned long g_frames_with[kNProtocols];
unsigned long g_items_of[kNProtocols];

const nstime_t* frame_ts(packet_provider_data*, guint32 num) {
    const Session& s = g_session;
    if (num < s.first_frame || num - s.first_frame >= s.frames.size()) return nullptr;
    return &s.frames[num - s.first_frame].abs_ts;
}

void open_session() {
    // Only the frames' time stamps: the other callbacks (more of them in
    // later releases) stay null.
    static const packet_provider_funcs funcs = [] {
        packet_provider_funcs f{};
        f.get_frame_ts = frame_ts;
        return f;
    }();
    g_session.provider.frames = &g_session.frames;
    g_session.epan = epan_new(&g_session.provider, &funcs);
    g_session.edt = epan_dissect_new(g_session.epan, TRUE, TRUE);
    g_session.inputs = 0;
    g_session.next_frame = 1;
}

void close_session() {
    epan_dissect_free(g_session.edt);
    epan_free(g_session.epan);
}

void put16(std::vector<uint8_t>& b, size_t at, uint32_t v) {
    b[at] = uint8_t(v >> 8);
    b[at + 1] = uint8_t(v);
}
void put32(std::vector<uint8_t>& b, size_t at, uint32_t v) {
    put16(b, at, v >> 16);
    put16(b, at + 2, v & 0xFFFF);
}

void count_items(proto_node* node, gpointer) {
    const field_info* fi = PNODE_FINFO(node);
    if (fi && fi->hfinfo) {
        const int proto = fi->hfinfo->parent == -1 ? fi->hfinfo->id : fi->hfinfo->parent;
        for (size_t i = 0; i < kNProtocols; ++i)
            if (g_proto_id[i] != -1 && proto == g_proto_id[i]) ++g_items_of[i];
    }
    proto_tree_children_foreach(node, count_items, nullptr);
}

void report() {
    for (size_t i = 0; i < kNProtocols; ++i)
        std::fprintf(stderr, "fuzz_plugin: %-8s frames %lu, tree items %lu\n", kProtocols[i], g_frames_with[i],
                     g_items_of[i]);
}

// One input's conversation: its frames in the shared session.
class Conversation {
public:
    Conversation(uint32_t client_ip, uint16_t client_port, uint16_t server_port)
        : ip_{client_ip, kServerIp}, port_{client_port, server_port}, edt_(g_session.edt) {
        g_session.first_frame = g_session.next_frame;
    }
    ~Conversation() {
        for (frame_data& fd : g_session.frames) frame_data_destroy(&fd);
        g_session.frames.clear();
    }
    bool full() const { return g_session.frames.size() >= kMaxFrames; }

    // A TCP segment from `server` (0 the client) with these flags and bytes at seq.
    void tcp(int server, uint8_t flags, uint32_t seq, const uint8_t* p, size_t len) {
        std::vector<uint8_t> b(40 + len);
        ip_header(b, server, 6);
        put16(b, 20, port_[server]);
        put16(b, 22, port_[!server]);
        put32(b, 24, seq);
        put32(b, 28, (flags & 0x10) ? next_[!server] : 0);
        b[32] = 5 << 4;
        b[33] = flags;
        put16(b, 34, 65535);
        if (len) std::memcpy(b.data() + 40, p, len);
        dissect(std::move(b));
    }
    void udp(int server, const uint8_t* p, size_t len) {
        std::vector<uint8_t> b(28 + len);
        ip_header(b, server, 17);
        put16(b, 20, port_[server]);
        put16(b, 22, port_[!server]);
        put16(b, 24, uint32_t(8 + len));
        if (len) std::memcpy(b.data() + 28, p, len);
        dissect(std::move(b));
    }
    uint32_t next_[2] = {0x10000000, 0xFFFFF000};  // next sequence number each way (the server's wraps)

private:
    void ip_header(std::vector<uint8_t>& b, int server, uint8_t proto) {
        b[0] = 0x45;
        put16(b, 2, uint32_t(b.size()));
        put16(b, 4, uint32_t(g_session.frames.size()));
        put16(b, 6, 0x4000);  // don't fragment
        b[8] = 64;
        b[9] = proto;
        put32(b, 12, ip_[server]);
        put32(b, 16, ip_[!server]);
        uint32_t sum = 0;
        for (size_t i = 0; i < 20; i += 2) sum += uint32_t(b[i] << 8 | b[i + 1]);
        while (sum >> 16) sum = (sum & 0xFFFF) + (sum >> 16);
        put16(b, 10, ~sum & 0xFFFF);
    }

    void dissect(std::vector<uint8_t> bytes) {
        data_.push_back(std::move(bytes));
        const std::vector<uint8_t>& b = data_.back();
        const guint32 num = g_session.next_frame++;

        wtap_rec rec;
        epan_harness::init_packet_rec(&rec, WTAP_ENCAP_RAW_IP, b.size());
        rec.presence_flags = WTAP_HAS_TS | WTAP_HAS_CAP_LEN;
        const size_t i = g_session.frames.size();
        rec.ts.secs = time_t(1700000000 + i / 4);
        rec.ts.nsecs = int((i % 4) * 250000000);
        rec.tsprec = WTAP_TSPREC_USEC;
        rec.rec_header.packet_header.caplen = guint32(b.size());
        rec.rec_header.packet_header.len = guint32(b.size());

        g_session.frames.emplace_back();
        frame_data& fd = g_session.frames.back();
        frame_data_init(&fd, num, &rec, offset_, cum_bytes_);
        offset_ += gint64(b.size()) + 16;
        frame_data_set_before_dissect(&fd, &elapsed_, &ref_, prev_);
        epan_harness::dissect(edt_, &rec, b.data(), b.size(), &fd, &g_cinfo);
        frame_data_set_after_dissect(&fd, &cum_bytes_);
        prev_ = &fd;
        if (g_report) {
            for (size_t i = 0; i < kNProtocols; ++i)
                if (proto_is_frame_protocol(edt_->pi.layers, kProtocols[i])) ++g_frames_with[i];
            if (edt_->tree) count_items(edt_->tree, nullptr);
        }
        epan_dissect_reset(edt_);  // frees the tvb
        wtap_rec_cleanup(&rec);    // then the record's copy of the bytes (4.6)
    }

    uint32_t ip_[2];
    uint16_t port_[2];
    epan_dissect_t* edt_;
    std::deque<std::vector<uint8_t>> data_;  // each frame's bytes, alive to the end of the input
    gint64 offset_ = 24;
    guint32 cum_bytes_ = 0;
    nstime_t elapsed_ = NSTIME_INIT_ZERO;
    const frame_data* ref_ = nullptr;
    const frame_data* prev_ = nullptr;
};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char*** argv) {
    // No user's profile, Wireshark's allocators as plain malloc (ASan sees
    // every block), as fuzzshark does.
    setenv("XDG_CACHE_HOME", "/nonexistent/blankshark-fuzz", 0);
    setenv("XDG_CONFIG_HOME", "/nonexistent/blankshark-fuzz", 0);
    setenv("XDG_DATA_HOME", "/nonexistent/blankshark-fuzz", 0);
    setenv("WIRESHARK_DEBUG_WMEM_OVERRIDE", "simple", 0);
    setenv("G_SLICE", "always-malloc", 0);
    g_report = getenv("BLANKSHARK_FUZZ_PLUGIN_REPORT") != nullptr;

    // What registration allocates lives as long as the process (some of it
    // held where LeakSanitizer does not see it): not a leak of any input.
    __lsan_disable();
    init_process_policies();
    if (char* err = epan_harness::configuration_init((*argv)[0])) {
        std::fprintf(stderr, "fuzz_plugin: configuration_init: %s\n", err);
        g_free(err);
    }
    timestamp_set_type(TS_RELATIVE);
    timestamp_set_precision(TS_PREC_AUTO);
    timestamp_set_seconds_type(TS_SECONDS_DEFAULT);

    // The plugin first (what the loader does with a plugin's .so), then
    // wiretap before epan, then every dissector's registration and handoff.
    plugin_register();
    wtap_init(FALSE);
    if (!epan_init(nullptr, nullptr, FALSE)) {
        std::fprintf(stderr, "fuzz_plugin: epan_init failed\n");
        std::abort();
    }
    e_prefs* prefs = epan_load_settings();
    prefs_apply_all();
    build_column_format_array(&g_cinfo, prefs->num_cols, TRUE);

    for (size_t i = 0; i < kNProtocols; ++i) {
        g_proto_id[i] = proto_get_id_by_filter_name(kProtocols[i]);
        if (g_proto_id[i] == -1) {
            std::fprintf(stderr, "fuzz_plugin: the plugin's protocol %s is not registered\n", kProtocols[i]);
            std::abort();
        }
    }
    open_session();
    __lsan_enable();
    if (g_report) std::atexit(report);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    const uint8_t opt = data[0];
    const int kind = opt & 3;
    const bool tcp = kind == 0;
    static const uint16_t kServerPorts[] = {25565, 19132, 12354, 40123};
    const uint16_t client_port = uint16_t(50000 + (opt >> 4) * 7);
    if (g_session.inputs++ == kInputsPerSession) {
        close_session();
        // What the session's inputs allocated and its cleanup did not free:
        // libFuzzer's own check after each input (-detect_leaks) cannot
        // tell it from what a live session holds, so it is off for this
        // target (tests/fuzz/run.sh) and this one runs instead.
        if (__lsan_do_recoverable_leak_check()) std::abort();
        open_session();
        g_session.inputs = 1;
    }
    const unsigned long n = ++g_input_number;
    const uint32_t client_ip = 0x0A000000u | uint32_t(2 + n % 0xFFFFF0);  // 10.x.y.z, never the server's
    Conversation c(client_ip, client_port, kServerPorts[kind]);

    uint32_t prev_seq[2] = {c.next_[0], c.next_[1]};
    if (tcp && (opt & 4)) {
        c.tcp(0, 0x02, c.next_[0]++, nullptr, 0);  // SYN
        c.tcp(1, 0x12, c.next_[1]++, nullptr, 0);  // SYN-ACK
        c.tcp(0, 0x10, c.next_[0], nullptr, 0);    // ACK
        prev_seq[0] = c.next_[0];
        prev_seq[1] = c.next_[1];
    }
    size_t at = 1;
    while (at + 2 <= size && !c.full()) {
        const uint8_t ctl = data[at];
        size_t len = size_t(ctl >> 3) << 8 | data[at + 1];
        at += 2;
        if (len > size - at) len = size - at;
        const uint8_t* p = data + at;
        at += len;
        const int server = ctl & 1;
        if (!tcp) {
            c.udp(server, p, len);
            continue;
        }
        if (ctl & 2) {  // a hole: the bytes are never seen
            c.next_[server] += uint32_t(len);
            continue;
        }
        const uint32_t seq = (ctl & 4) ? prev_seq[server] : c.next_[server];
        prev_seq[server] = seq;
        if (seq + uint32_t(len) - c.next_[server] < 0x80000000u) c.next_[server] = seq + uint32_t(len);
        c.tcp(server, len ? 0x18 : 0x10, seq, p, len);
    }
    if (tcp && (opt & 8)) {
        c.tcp(0, 0x11, c.next_[0]++, nullptr, 0);  // FIN from the client
        c.tcp(1, 0x11, c.next_[1]++, nullptr, 0);  // FIN from the server
        c.tcp(0, 0x10, c.next_[0], nullptr, 0);
    }
    return 0;
}
