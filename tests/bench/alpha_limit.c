// Reference for Minecraft Alpha: the floor of what `blankshark
// check` must do on an Alpha capture, in plain C with libpcap and
// libdeflate (the inflater check tries first) and no project code. It reads every frame (pcap_next_ex), parses the link
// layer, IPv4/IPv6 and TCP (as java_limit.c does), reassembles each
// direction of each connection by sequence number, cuts each stream into
// messages by the seed's tables (seed 001, wiki.vg December 2010: no length
// prefix, a message is as long as its id's fields say; strings are a short
// byte length and UTF-8) and inflates every Map Chunk's zlib data. No
// decoding of values, no findings, no output per message.
//
// Connections are TCP connections with port 25565 on one side (the server).
// Prints one line:
//   "<messages> <serverbound> <clientbound> <bytes> <map chunks> <inflated> <inflated bytes>"
// where bytes is the sum of the messages' sizes (of a message a gap cut,
// the bytes before the gap) and inflated the Map Chunks whose data inflated
// to exactly the size their fields imply. Gaps, resynchronisations and
// inflation errors go to stderr when there are any.
//
// Broken streams, kept simple: after a gap (a hole never filled) a message
// the hole cut is passed over when its header says where it ends (its
// header arrived), and counted; otherwise, and after bytes that are no
// message (an unknown id, a negative count: its id counts as a message of
// one byte, as check counts it "unframed"), the direction resynchronises
// at the first offset where three messages in a row (each with two payload
// bytes or more, at most 4 KiB, Map Chunk data starting with a zlib header,
// Complex Entities with gzip) measure complete. On the bundled captures the
// counts equal check's.
//
//   alpha_limit FILE
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
#define MAX_HELD 64                 // out-of-order segments held per direction
#define MAX_MESSAGE (1u << 20)      // a longer message is no message (check's bound too)
#define MAX_RESYNC_MESSAGE 4096     // a resynchronisation point's messages are at most this long
#define RESYNC_MESSAGES 3           // messages in a row that make a resynchronisation point
#define MAX_INFLATED (8u << 20)     // a Map Chunk region inflating to more is not inflated

enum { SB, CB };  // serverbound (client to server), clientbound

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
    int fin;
    int resync;       // looking for a message start (after a gap or bytes that are no message)
    uint64_t skip;    // bytes still to pass over: the rest of a message a gap cut
    Buf pending;      // bytes not yet cut into messages
    Held held[MAX_HELD];
    int nheld;
} Dir;

typedef struct Conn {
    LimitEntry e;  // first: the table's entry (tuple key, chain)
    int closed;
    Dir dir[2];
} Conn;

static struct {
    uint64_t messages, dir_messages[2], bytes, chunks, inflated_chunks, inflated;
    uint64_t gaps, cut, resyncs, skipped, inflate_errors, connections;
} st;

static struct libdeflate_decompressor* zs;  // one inflater for every Map Chunk
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


// --- message sizes (seed 001's tables) --------------------------------------

// Fixed sizes (id included) of the messages whose size never varies, per
// direction; 0: not a message of that direction, or variable (below).
static uint8_t fixed[2][256];

static void init_sizes(void) {
    // Both directions.
    static const uint8_t both[][2] = {{0x00, 1}, {0x09, 1}, {0x0D, 42}, {0x10, 7}, {0x12, 6}, {0x15, 23}};
    // Client to server only.
    static const uint8_t sb[][2] = {{0x07, 10}, {0x0A, 2}, {0x0B, 34}, {0x0C, 10}, {0x0E, 12}, {0x0F, 13}};
    // Server to client only.
    static const uint8_t cb[][2] = {{0x04, 9},  {0x06, 13}, {0x08, 2},  {0x11, 6},  {0x16, 9},  {0x17, 18},
                                    {0x18, 20}, {0x1C, 11}, {0x1D, 5},  {0x1E, 5},  {0x1F, 8},  {0x20, 7},
                                    {0x21, 10}, {0x22, 19}, {0x26, 6},  {0x27, 9},  {0x32, 10}, {0x35, 12}};
    for (size_t i = 0; i < sizeof both / sizeof *both; ++i) fixed[SB][both[i][0]] = fixed[CB][both[i][0]] = both[i][1];
    for (size_t i = 0; i < sizeof sb / sizeof *sb; ++i) fixed[SB][sb[i][0]] = sb[i][1];
    for (size_t i = 0; i < sizeof cb / sizeof *cb; ++i) fixed[CB][cb[i][0]] = cb[i][1];
}

#define NEED(k) \
    if ((size_t)(k) > n) return 0  // the size depends on bytes not here yet

// The size of the message at p (n bytes here) sent in direction d: its
// whole size (it may be more than n: the header said it), 0 when the bytes
// that decide it are not all here, -1 when it is no message.
static int64_t message_size(int d, const uint8_t* p, size_t n) {
    NEED(1);
    uint8_t id = p[0];
    if (fixed[d][id]) return fixed[d][id];
    int64_t at;
    switch (id) {
    case 0x01:  // Login Request / Response: int, string, string, long, byte
        NEED(7);
        at = 7 + be16(p + 5);  // past the first string
        NEED(at + 2);
        return at + 2 + be16(p + at) + 9;
    case 0x02:  // Handshake: string
    case 0x03:  // Chat Message: string
    case 0xFF:  // Disconnect / Kick: string
        NEED(3);
        return 3 + (int64_t)be16(p + 1);
    case 0x05: {  // Player Inventory: int type, short count, count slots
        NEED(7);
        int32_t count = (int16_t)be16(p + 5);
        if (count < 0) return -1;
        at = 7;
        for (int32_t i = 0; i < count; ++i) {  // item id; unless -1 (empty): count byte, uses short
            NEED(at + 2);
            at += (int16_t)be16(p + at) == -1 ? 2 : 5;
        }
        return at;
    }
    case 0x3B: {  // Complex Entities: int x, short y, int z, short payload size, payload
        NEED(13);
        int32_t size = (int16_t)be16(p + 11);
        return size < 0 ? -1 : 13 + size;
    }
    }
    if (d != CB) return -1;
    switch (id) {
    case 0x14:  // Named Entity Spawn: int, string, 3 ints, 2 bytes, short
        NEED(7);
        return 23 + (int64_t)be16(p + 5);
    case 0x33: {  // Map Chunk: int, short, int, 3 bytes, int compressed size, data
        NEED(18);
        int32_t size = (int32_t)be32(p + 14);
        return size < 0 ? -1 : 18 + (int64_t)size;
    }
    case 0x34: {  // Multi Block Change: int, int, short n, n shorts, n bytes, n bytes
        NEED(11);
        int32_t count = (int16_t)be16(p + 9);
        return count < 0 ? -1 : 11 + 4 * (int64_t)count;
    }
    case 0x3C: {  // Explosion: 3 doubles, float, int records, 3 bytes each
        NEED(33);
        int32_t count = (int32_t)be32(p + 29);
        return count < 0 ? -1 : 33 + 3 * (int64_t)count;
    }
    }
    return -1;
}

// --- messages ---------------------------------------------------------------

// One whole message of n bytes at p: count it; a Map Chunk is inflated.
static void on_message(int d, const uint8_t* p, size_t n) {
    ++st.messages;
    ++st.dir_messages[d];
    st.bytes += n;
    if (p[0] != 0x33 || d != CB) return;
    ++st.chunks;
    // The region's size: (Size_X+1)(Size_Y+1)(Size_Z+1) blocks, 2.5 bytes each.
    uint64_t blocks = (uint64_t)(p[11] + 1) * (p[12] + 1) * (p[13] + 1);
    uint64_t want = blocks * 5 / 2;
    if (want > MAX_INFLATED) {
        ++st.inflate_errors;
        return;
    }
    if (want > out_cap) {
        out = realloc(out, want);
        if (!out) abort();
        out_cap = want;
    }
    // Corrupt, or not the size the fields imply: an error (a null actual
    // size asks libdeflate for exactly `want` bytes).
    size_t used;
    if (libdeflate_zlib_decompress_ex(zs, p + 18, n - 18, out, want, &used, NULL) != LIBDEFLATE_SUCCESS) {
        ++st.inflate_errors;
        return;
    }
    ++st.inflated_chunks;
    st.inflated += want;
}

// Whether a resynchronisation may take the message at p (its size k, all here).
static int plausible(const uint8_t* p, int64_t k) {
    if (p[0] == 0x33) return k > 19 && (p[18] & 0x0F) == 8 && (be16(p + 18) % 31) == 0;  // zlib header
    if (p[0] == 0x3B) return k > 14 && p[13] == 0x1F && p[14] == 0x8B;                    // gzip
    return 1;
}

// Whether RESYNC_MESSAGES messages (not counting id-only ones, and not
// starting with one) follow each other from p: 1 yes, 0 not yet known
// (more bytes needed), -1 no.
static int starts_here(int d, const uint8_t* p, size_t n) {
    size_t at = 0;
    for (int found = 0; found < RESYNC_MESSAGES;) {
        int64_t k = message_size(d, p + at, n - at);
        if (k == 0) return 0;
        if (k < 0 || k > MAX_RESYNC_MESSAGE) return -1;
        if (at + (size_t)k > n) return 0;
        if (k >= 3) {
            if (!plausible(p + at, k)) return -1;
            ++found;
        } else if (found == 0) {
            return -1;  // an id alone proves nothing
        }
        at += (size_t)k;
    }
    return 1;
}

// Cuts the bytes of the buffer b into messages: returns how many bytes were
// used (the rest waits for more).
static size_t cut(Dir* s, int d, const uint8_t* p, size_t n) {
    size_t at = 0;
    while (at < n) {
        if (s->skip) {  // the rest of a message a gap cut
            size_t k = s->skip < n - at ? (size_t)s->skip : n - at;
            s->skip -= k;
            at += k;
            continue;
        }
        if (s->resync) {
            int r = starts_here(d, p + at, n - at);
            if (r == 0) break;
            if (r < 0) {
                ++at;
                ++st.skipped;
                continue;
            }
            s->resync = 0;
            ++st.resyncs;
        }
        int64_t k = message_size(d, p + at, n - at);
        if (k == 0) break;
        if (k < 0 || k > MAX_MESSAGE) {  // no message: its id counts alone, then look for the next one
            ++st.messages;
            ++st.dir_messages[d];
            ++st.bytes;
            s->resync = 1;
            ++at;
            continue;
        }
        if ((size_t)k > n - at) break;
        on_message(d, p + at, (size_t)k);
        at += (size_t)k;
    }
    return at;
}

// Bytes delivered in order: whole messages are handled where they lie, a
// partial one waits in pending.
static void deliver(Dir* s, int d, const uint8_t* p, size_t n) {
    Buf* b = &s->pending;
    if (b->len) {  // finish what is pending first: from now on, cut the buffer
        put(b, p, n);
        size_t used = cut(s, d, b->p, b->len);
        memmove(b->p, b->p + used, b->len - used);
        b->len -= used;
    } else {
        size_t used = cut(s, d, p, n);
        if (used < n) put(b, p + used, n - used);
    }
}

// `lost` bytes were never captured where the stream is now. A message they
// cut whose size its header told is passed over (and counted: it was
// sent); otherwise the stream after the hole is searched for a start.
static void gap(Dir* s, int d, uint64_t lost) {
    ++st.gaps;
    Buf* b = &s->pending;
    if (s->skip) {
        s->skip = s->skip > lost ? s->skip - lost : 0;
        if (!s->skip) s->resync = 1;  // the hole went on past the cut message
    } else if (!s->resync && b->len) {
        int64_t k = message_size(d, b->p, b->len);
        if (k > 0 && k <= MAX_MESSAGE && (uint64_t)k > b->len + lost) {
            ++st.cut;
            ++st.messages;
            ++st.dir_messages[d];
            st.bytes += b->len;  // what arrived of it
            s->skip = (uint64_t)k - b->len - lost;
        } else {
            s->resync = 1;
        }
    } else {
        s->resync = 1;
    }
    b->len = 0;
}

#define SEQ_LT(a, b) ((int32_t)((a) - (b)) < 0)
#define SEQ_LE(a, b) ((int32_t)((a) - (b)) <= 0)

static void release(Dir* s) {
    for (int i = 0; i < s->nheld; ++i) free(s->held[i].data);
    s->nheld = 0;
    free(s->pending.p);
    s->pending = (Buf){0};
}

// Delivers what was held as long as something fits at next.
static void deliver_held(Dir* s, int d) {
    for (int again = 1; again && s->nheld;) {
        again = 0;
        for (int i = 0; i < s->nheld; ++i) {
            Held h = s->held[i];
            if (SEQ_LT(s->next, h.seq)) continue;
            if (SEQ_LT(s->next, h.seq + h.len)) {
                uint32_t k = s->next - h.seq;
                s->next = h.seq + h.len;
                deliver(s, d, h.data + k, h.len - k);
            }
            free(h.data);
            s->held[i] = s->held[--s->nheld];
            again = 1;
            break;
        }
    }
}

// The hole at next will not be filled: jump to the first held segment.
static void skip_hole(Dir* s, int d) {
    int first = 0;
    for (int i = 1; i < s->nheld; ++i)
        if (SEQ_LT(s->held[i].seq, s->held[first].seq)) first = i;
    gap(s, d, s->held[first].seq - s->next);
    s->next = s->held[first].seq;
    deliver_held(s, d);
}

// One segment's payload for one direction: deliver what is new, in order.
static void reassemble(Dir* s, int d, uint32_t seq, const uint8_t* p, uint32_t n) {
    if (!s->started) {  // no SYN seen: the stream starts here
        s->started = 1;
        s->next = seq;
    }
    if (SEQ_LE(seq + n, s->next)) return;  // already delivered (a retransmission)
    if (SEQ_LT(s->next, seq)) {            // beyond a hole: hold a copy until it is filled
        if (s->nheld == MAX_HELD) skip_hole(s, d);
        if (SEQ_LT(s->next, seq)) {
            Held* h = &s->held[s->nheld++];
            h->seq = seq;
            h->len = n;
            h->data = malloc(n);
            if (!h->data) abort();
            memcpy(h->data, p, n);
            return;
        }
        if (SEQ_LE(seq + n, s->next)) return;
    }
    uint32_t k = s->next - seq;
    s->next = seq + n;
    deliver(s, d, p + k, n - k);
    deliver_held(s, d);
}


// Ends a direction: a hole still open is skipped, so what was held after it
// is cut too; then its buffers are freed.
static void close_dir(Dir* s, int d) {
    while (s->nheld) skip_hole(s, d);
    release(s);
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
            close_dir(&c->dir[SB], SB);
            close_dir(&c->dir[CB], CB);
            limit_reset(&c->e, sizeof *c);
            ++st.connections;
        }
        c->dir[d].started = 1;
        c->dir[d].next = seq + 1;  // the SYN takes one sequence number
        seq += 1;
    }
    if (c->closed) return;
    if (len) reassemble(&c->dir[d], d, seq, p, len);
    if (fin) c->dir[d].fin = 1;
    if (rst || (c->dir[SB].fin && c->dir[CB].fin)) {
        // Closed: cut what is held, free the buffers; the entry stays so
        // late segments of the tuple do not open a connection without a SYN.
        close_dir(&c->dir[SB], SB);
        close_dir(&c->dir[CB], CB);
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
    init_sizes();
    const int dlt = pcap_datalink(pc);
    struct pcap_pkthdr* h;
    const u_char* d;
    int rc;
    while ((rc = pcap_next_ex(pc, &h, &d)) == 1) limit_frame(dlt, d, h->caplen, 6, on_tcp);
    if (rc == PCAP_ERROR) fprintf(stderr, "%s\n", pcap_geterr(pc));
    pcap_close(pc);
    // Connections still open at the end: what is held after a hole is cut too.
    for (size_t i = 0; i < table.size; ++i)
        for (Conn* c = (Conn*)table.slots[i]; c; c = (Conn*)c->e.chain)
            if (!c->closed) {
                close_dir(&c->dir[SB], SB);
                close_dir(&c->dir[CB], CB);
            }
    libdeflate_free_decompressor(zs);
    printf("%llu %llu %llu %llu %llu %llu %llu\n", (unsigned long long)st.messages, (unsigned long long)st.dir_messages[SB],
           (unsigned long long)st.dir_messages[CB], (unsigned long long)st.bytes, (unsigned long long)st.chunks,
           (unsigned long long)st.inflated_chunks, (unsigned long long)st.inflated);
    if (st.gaps || st.resyncs || st.skipped || st.inflate_errors)
        fprintf(stderr, "connections %llu, gaps %llu (messages cut %llu), resynchronisations %llu (%llu bytes skipped), inflation errors %llu\n",
                (unsigned long long)st.connections, (unsigned long long)st.gaps, (unsigned long long)st.cut,
                (unsigned long long)st.resyncs, (unsigned long long)st.skipped, (unsigned long long)st.inflate_errors);
    return rc == PCAP_ERROR ? 4 : 0;
}
