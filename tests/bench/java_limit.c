// Reference for Minecraft Java Edition: the floor of what
// `blankshark check` must do on a Java capture, in plain C with libpcap and
// libdeflate (the inflater check tries first) and no project code. It reads
// every frame (pcap_next_ex), parses the link layer (Ethernet with VLAN
// tags, Linux cooked SLL and SLL2, loopback DLT_NULL/DLT_LOOP, raw IP),
// IPv4 or IPv6 and TCP; reassembles each direction of each connection by
// sequence number; frames each stream by the Java protocol's VarInt
// length; follows the handshake and login just far enough to know when
// compressed framing starts; and inflates every compressed packet. No
// decoding, no findings, no output per packet.
//
// Connections are TCP connections with port 25565 on one side (the server,
// as check's default). Prints one line:
//   "<packets> <serverbound> <clientbound> <bytes> <compressed> <inflated bytes>"
// where bytes is the sum of framed packets' sizes (length prefix included,
// as the captures' READMEs count "bytes of framed packets"). Gaps, framing
// and inflation errors go to stderr when there are any.
//
// Less than check on purpose: after a gap (a hole never filled) or a framing
// error the direction is no longer framed (check resyncs), encrypted bytes
// (after Encryption Request/Response) are not framed, and a pre-1.7 legacy
// ping (not VarInt-framed) counts nothing. On the bundled clear captures the
// packet count equals check's.
//
//   java_limit FILE
#define _DEFAULT_SOURCE  // pcap.h uses u_char and u_int, which strict C11 hides
#include <pcap/pcap.h>
#include <libdeflate.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limit_link.h"
#include "limit_table.h"

#define SERVER_PORT 25565
#define MAX_HELD 64               // out-of-order segments held per direction
#define MAX_PACKET (1u << 21)     // the protocol's bound: a 3-byte VarInt length
#define MAX_INFLATED (8u << 20)   // a Data Length above this is an error (vanilla allows 8 MiB)

enum { HANDSHAKE, LOGIN, PLAY, OTHER };  // connection state, as far as we follow it
enum { SB, CB };                         // serverbound (client to server), clientbound

typedef struct {
    uint8_t* p;
    size_t len, cap;
} Buf;

typedef struct {
    uint32_t seq, len;
    uint8_t* data;
} Held;

typedef struct {
    uint32_t next;    // next sequence number to deliver
    int started;      // next is known (SYN or first data seen)
    int stopped;      // a gap, a framing error or encryption: nothing more is framed
    int fin;
    Buf pending;      // bytes of a packet not yet complete
    Held held[MAX_HELD];
    int nheld;
} Dir;

typedef struct Conn {
    LimitEntry e;  // first: the table's entry (tuple key, chain)
    int state, compressed, closed;
    Dir dir[2];
} Conn;

static struct {
    uint64_t packets, dir_packets[2], bytes, compressed, inflated;
    uint64_t gaps, framing_errors, inflate_errors, connections;
} st;

static struct libdeflate_decompressor* zs;  // one inflater for every packet
static uint8_t* out;     // the reused inflation buffer
static size_t out_cap;

static LimitTable table;

static void put(Buf* b, const uint8_t* p, size_t n) {
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n) cap *= 2;
        b->p = realloc(b->p, cap);
        if (!b->p) abort();
        b->cap = cap;
    }
    memcpy(b->p + b->len, p, n);
    b->len += n;
}

// VarInt at p (at most max bytes long): its length in bytes, 0 when
// incomplete, -1 when longer than max (invalid).
static int varint(const uint8_t* p, size_t n, int max, uint32_t* v) {
    uint32_t x = 0;
    for (int i = 0; i < max; ++i) {
        if ((size_t)i >= n) return 0;
        x |= (uint32_t)(p[i] & 0x7F) << (7 * i);
        if (!(p[i] & 0x80)) {
            *v = x;
            return i + 1;
        }
    }
    return -1;
}

// Handshake (serverbound 0x00): protocol version, address, port, next state.
static int handshake_next_state(const uint8_t* p, size_t n) {
    uint32_t v, len;
    int k = varint(p, n, 5, &v);  // protocol version
    if (k <= 0) return -1;
    int m = varint(p + k, n - k, 3, &len);  // the address string's length
    if (m <= 0 || k + m + len + 2 > n) return -1;
    size_t at = k + m + len + 2;  // past the port
    return varint(p + at, n - at, 5, &v) > 0 ? (int)v : -1;
}

// One framed packet: its body (after the length prefix) of n bytes.
static void on_packet(Conn* c, int d, const uint8_t* p, size_t n, size_t prefix) {
    ++st.packets;
    ++st.dir_packets[d];
    st.bytes += prefix + n;
    if (c->compressed) {
        // Data Length: 0 = not compressed, else the inflated size of the rest.
        uint32_t dl;
        int k = varint(p, n, 5, &dl);
        if (k <= 0) {
            ++st.framing_errors;
            return;
        }
        p += k;
        n -= k;
        if (dl != 0) {
            if (dl > MAX_INFLATED) {
                ++st.inflate_errors;
                return;
            }
            if (dl > out_cap) {
                out = realloc(out, dl);
                if (!out) abort();
                out_cap = dl;
            }
            // The inflated size must be exactly Data Length (a null
            // actual size asks libdeflate for exactly that many bytes).
            size_t used;
            if (libdeflate_zlib_decompress_ex(zs, p, n, out, dl, &used, NULL) != LIBDEFLATE_SUCCESS) {
                ++st.inflate_errors;
                return;
            }
            ++st.compressed;
            st.inflated += dl;
            p = out;
            n = dl;
        }
    }
    if (c->state == PLAY || c->state == OTHER) return;  // the id matters no more
    uint32_t id;
    int k = varint(p, n, 5, &id);
    if (k <= 0) return;
    if (c->state == HANDSHAKE) {
        // Only a login (next state 2) can turn on compression; status and
        // anything else is framed as it is to the end.
        c->state = d == SB && id == 0 && handshake_next_state(p + k, n - k) == 2 ? LOGIN : OTHER;
    } else if (d == CB && id == 0x03) {  // Set Compression: both directions, from the next packet
        uint32_t threshold;
        if (varint(p + k, n - k, 5, &threshold) > 0 && (int32_t)threshold >= 0) c->compressed = 1;
    } else if (d == CB && id == 0x02) {  // Login Success
        c->state = PLAY;
    } else if (id == 0x01) {
        // Encryption Request (clientbound) / Response (serverbound): what
        // that direction sends after it is encrypted, nothing to frame.
        c->dir[d].stopped = 1;
    }
}

// Frames bytes delivered in order: complete packets are handled where
// they lie, an incomplete tail waits in pending.
static void frame(Conn* c, int d, const uint8_t* p, size_t n) {
    Dir* s = &c->dir[d];
    if (s->stopped) return;
    Buf* b = &s->pending;
    if (b->len) {  // finish what is pending first: from now on, parse the buffer
        put(b, p, n);
        p = b->p;
        n = b->len;
    }
    size_t at = 0;
    while (at < n && !s->stopped) {
        uint32_t len;
        int k = varint(p + at, n - at, 3, &len);
        if (k == 0) break;
        if (k < 0 || len == 0) {  // not Java framing: stop this direction
            ++st.framing_errors;
            s->stopped = 1;
            break;
        }
        if (n - at - k < len) break;
        on_packet(c, d, p + at + k, len, (size_t)k);
        at += k + len;
    }
    if (s->stopped) {
        b->len = 0;
    } else if (b->len) {
        memmove(b->p, b->p + at, n - at);
        b->len = n - at;
    } else if (at < n) {
        put(b, p + at, n - at);
    }
}

#define SEQ_LT(a, b) ((int32_t)((a) - (b)) < 0)
#define SEQ_LE(a, b) ((int32_t)((a) - (b)) <= 0)

static void release(Dir* s) {
    for (int i = 0; i < s->nheld; ++i) free(s->held[i].data);
    s->nheld = 0;
    free(s->pending.p);
    s->pending = (Buf){0};
}

// One segment's payload for one direction: deliver what is new, in order.
static void reassemble(Conn* c, int d, uint32_t seq, const uint8_t* p, uint32_t n) {
    Dir* s = &c->dir[d];
    if (!s->started) {  // no SYN seen: the stream starts here
        s->started = 1;
        s->next = seq;
    }
    if (SEQ_LE(seq + n, s->next)) return;  // already delivered (a retransmission)
    if (SEQ_LT(s->next, seq)) {
        // Beyond a hole: hold a copy until the hole is filled. When too
        // many wait, the hole will not be filled: skip to what is held and
        // stop framing (the lost bytes broke it).
        if (s->nheld == MAX_HELD) {
            ++st.gaps;
            s->stopped = 1;
            release(s);
            s->next = seq + n;
            return;
        }
        Held* h = &s->held[s->nheld++];
        h->seq = seq;
        h->len = n;
        h->data = malloc(n);
        if (!h->data) abort();
        memcpy(h->data, p, n);
        return;
    }
    uint32_t skip = s->next - seq;
    frame(c, d, p + skip, n - skip);
    s->next = seq + n;
    // The hole may be filled now: deliver what was held, until nothing fits.
    for (int again = 1; again && s->nheld;) {
        again = 0;
        for (int i = 0; i < s->nheld; ++i) {
            Held h = s->held[i];
            if (SEQ_LT(s->next, h.seq)) continue;
            if (SEQ_LT(s->next, h.seq + h.len)) {
                uint32_t k = s->next - h.seq;
                frame(c, d, h.data + k, h.len - k);
                s->next = h.seq + h.len;
            }
            free(h.data);
            s->held[i] = s->held[--s->nheld];
            again = 1;
            break;
        }
    }
}



// A TCP segment at t (n bytes, from the TCP header on) between src and dst
// addresses of alen bytes.
static void on_tcp(const uint8_t* src, const uint8_t* dst, int alen, const uint8_t* t, size_t n) {
    if (n < 20) return;
    size_t off = (size_t)(t[12] >> 4) * 4;
    if (off < 20 || off > n) return;
    uint32_t sport = be16(t), dport = be16(t + 2), seq = be32(t + 4);
    uint8_t flags = t[13];
    int d = dport == SERVER_PORT ? SB : sport == SERVER_PORT ? CB : -1;
    if (d < 0) return;
    // The key is the tuple seen from the client, so both directions meet.
    uint8_t key[LIMIT_KEY];
    limit_key(key, alen, d == SB ? src : dst, d == SB ? dst : src, d == SB ? sport : dport, SERVER_PORT);
    const uint8_t* p = t + off;
    uint32_t len = (uint32_t)(n - off);
    int syn = flags & 0x02, fin = flags & 0x01, rst = flags & 0x04;
    const size_t known = table.count;
    Conn* c = (Conn*)limit_lookup(&table, key, sizeof(Conn), syn || len);
    if (!c) return;
    if (table.count > known) ++st.connections;
    if (syn) {
        if (d == SB && !(flags & 0x10) && (c->dir[SB].started || c->dir[CB].started) &&
            !(c->dir[SB].started && c->dir[SB].next == seq + 1)) {
            // A new SYN on a used tuple (not a retransmitted one): a new connection.
            release(&c->dir[SB]);
            release(&c->dir[CB]);
            limit_reset(&c->e, sizeof *c);
            ++st.connections;
        }
        c->dir[d].started = 1;
        c->dir[d].next = seq + 1;  // the SYN takes one sequence number
        seq += 1;
    }
    if (c->closed) return;
    if (len) reassemble(c, d, seq, p, len);
    if (fin) c->dir[d].fin = 1;
    if (rst || (c->dir[SB].fin && c->dir[CB].fin)) {
        // Closed: free the buffers; the entry stays so late segments of
        // the tuple do not open a connection without a SYN.
        release(&c->dir[SB]);
        release(&c->dir[CB]);
        c->closed = 1;
    }
}



int main(int argc, char** argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    char err[PCAP_ERRBUF_SIZE];
    pcap_t* pc = pcap_open_offline(argv[1], err);
    if (!pc) {
        fprintf(stderr, "%s\n", err);
        return 3;
    }
    zs = libdeflate_alloc_decompressor();
    if (!zs) return 5;
    const int dlt = pcap_datalink(pc);
    struct pcap_pkthdr* h;
    const u_char* d;
    int rc;
    while ((rc = pcap_next_ex(pc, &h, &d)) == 1) limit_frame(dlt, d, h->caplen, 6, on_tcp);
    if (rc == PCAP_ERROR) fprintf(stderr, "%s\n", pcap_geterr(pc));
    pcap_close(pc);
    libdeflate_free_decompressor(zs);
    printf("%llu %llu %llu %llu %llu %llu\n", (unsigned long long)st.packets, (unsigned long long)st.dir_packets[SB],
           (unsigned long long)st.dir_packets[CB], (unsigned long long)st.bytes, (unsigned long long)st.compressed,
           (unsigned long long)st.inflated);
    if (st.gaps || st.framing_errors || st.inflate_errors)
        fprintf(stderr, "connections %llu, gaps %llu, framing errors %llu, inflation errors %llu\n",
                (unsigned long long)st.connections, (unsigned long long)st.gaps,
                (unsigned long long)st.framing_errors, (unsigned long long)st.inflate_errors);
    return rc == PCAP_ERROR ? 4 : 0;
}
