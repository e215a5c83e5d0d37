// Reference for RakNet / Minecraft Pocket Edition: the floor of
// what `blankshark check` must do on a RakNet capture, in plain C with
// libpcap and no project code. It reads every frame (pcap_next_ex), parses
// the link layer, IPv4/IPv6 and UDP, and every UDP payload of port 19132 as
// RakNet (seed 002, and real RakNet where the seed is loose):
//   - offline messages (first byte below 0x80): counted;
//   - ACK (0xC0) and NAK (0xA0): every range record walked;
//   - datagrams (0x80-0x9F): the u24 sequence number, then every frame:
//     flags (reliability << 5, 0x10 split), length in bits, the reliable
//     message index, sequencing index, order index and channel, split
//     count, id and index as its reliability says;
//   - messages delivered as RakNet delivers them: a reliable frame once per
//     message index (a resend or a repeated datagram delivers nothing), an
//     unreliable frame each time it arrives, split fragments copied into
//     their group and the message delivered when the group is complete.
// No decoding of the messages, no findings, no output per packet.
//
// Connections are UDP flows with port 19132 on one side (the server; with
// 19132 on both, the receiver); the server's port sending to itself (same
// address: RakNet's socket self-test) is not one.
// Prints one line:
//   "<UDP packets> <offline> <datagrams> <ACK> <NAK> <ACK/NAK records> <frames> <messages> <message bytes>"
// (frames: those read whole, repeats included; messages: delivered).
// Frames cut short or split groups never completed go to stderr when there
// are any.
//
//   raknet_limit FILE
#define _DEFAULT_SOURCE  // pcap.h uses u_char and u_int, which strict C11 hides
#include <pcap/pcap.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limit_link.h"
#include "limit_table.h"

#define SERVER_PORT 19132
#define WINDOW 1024          // datagram numbers and message indexes remembered per direction
#define MAX_SPLITS 64        // split groups open at once per direction (the oldest is dropped)
#define MAX_SPLIT_COUNT 1024 // fragments per group
#define MAX_SPLIT_BYTES (4u << 20)

enum { C2S, S2C };

typedef struct {
    int used;
    uint16_t id;
    uint32_t count, have, bytes;
    uint64_t age;          // when it was opened (to drop the oldest)
    uint8_t* got;          // per fragment: received
    uint8_t** parts;       // per fragment: its bytes
    uint32_t* lens;
} Split;

typedef struct {
    uint32_t seqs[WINDOW];  // datagram numbers seen, + 1 (0: empty)
    uint32_t msgs[WINDOW];  // reliable message indexes seen, + 1
    Split splits[MAX_SPLITS];
    uint64_t opened;
} Dir;

typedef struct Conn {
    LimitEntry e;  // first: the table's entry (tuple key, chain)
    Dir dir[2];
} Conn;

static struct {
    uint64_t udp, offline, datagrams, acks, naks, records, frames, messages, message_bytes;
    uint64_t cut_frames, dropped_splits, connections;
} st;

static LimitTable table;
static uint8_t* joined;  // a completed split message, reused
static size_t joined_cap;

static uint32_t le24(const uint8_t* p) { return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16; }

// Whether the number x was seen in the window w; marks it seen.
static int seen(uint32_t* w, uint32_t x) {
    uint32_t* slot = &w[x & (WINDOW - 1)];
    if (*slot == x + 1) return 1;
    *slot = x + 1;
    return 0;
}

// One message delivered (n bytes at p): counted. The first byte is its id
// (a RakNet system message below 0x80, a game packet above).
static void on_message(const uint8_t* p, size_t n) {
    (void)p;
    ++st.messages;
    st.message_bytes += n;
}

static void free_split(Split* g) {
    for (uint32_t i = 0; i < g->count; ++i)
        if (g->got[i]) free(g->parts[i]);
    free(g->got);
    free(g->parts);
    free(g->lens);
    memset(g, 0, sizeof *g);
}

// A split fragment: held in its group; the message when the group is complete.
static void on_fragment(Dir* s, uint32_t count, uint16_t id, uint32_t index, const uint8_t* p, uint32_t n) {
    if (count == 0 || count > MAX_SPLIT_COUNT || index >= count) return;
    Split* g = NULL;
    Split* free_slot = NULL;
    Split* oldest = NULL;
    for (int i = 0; i < MAX_SPLITS; ++i) {
        Split* x = &s->splits[i];
        if (x->used && x->id == id) {
            g = x;
            break;
        }
        if (!x->used && !free_slot) free_slot = x;
        if (x->used && (!oldest || x->age < oldest->age)) oldest = x;
    }
    if (g && g->count != count) return;  // inconsistent with its group
    if (!g) {
        if (!free_slot) {  // too many open: give up the oldest
            ++st.dropped_splits;
            free_split(oldest);
            free_slot = oldest;
        }
        g = free_slot;
        g->used = 1;
        g->id = id;
        g->count = count;
        g->age = s->opened++;
        g->got = calloc(count, 1);
        g->parts = calloc(count, sizeof *g->parts);
        g->lens = calloc(count, sizeof *g->lens);
        if (!g->got || !g->parts || !g->lens) abort();
    }
    if (g->got[index]) return;  // a duplicate
    if (g->bytes + n > MAX_SPLIT_BYTES) return;
    g->parts[index] = malloc(n ? n : 1);
    if (!g->parts[index]) abort();
    memcpy(g->parts[index], p, n);
    g->lens[index] = n;
    g->got[index] = 1;
    g->bytes += n;
    if (++g->have < g->count) return;
    // Complete: join the fragments in order.
    if (g->bytes > joined_cap) {
        joined = realloc(joined, g->bytes);
        if (!joined) abort();
        joined_cap = g->bytes;
    }
    size_t at = 0;
    for (uint32_t i = 0; i < g->count; ++i) {
        memcpy(joined + at, g->parts[i], g->lens[i]);
        at += g->lens[i];
    }
    on_message(joined, at);
    free_split(g);
}

// A datagram (0x80-0x9F) of n bytes: its number, then its frames.
static void on_datagram(Dir* s, const uint8_t* p, size_t n) {
    ++st.datagrams;
    if (n < 4) return;
    // A datagram seen before (a duplicate, or a number reused): its reliable
    // frames were delivered already, its unreliable ones are delivered again.
    int repeated = seen(s->seqs, le24(p + 1));
    size_t at = 4;
    while (at < n) {
        if (n - at < 3) {
            ++st.cut_frames;
            return;
        }
        uint8_t flags = p[at];
        unsigned rel = flags >> 5;
        int split = flags & 0x10;
        size_t len = (be16(p + at + 1) + 7) / 8;  // the length is in bits
        size_t h = 3;
        int reliable = rel == 2 || rel == 3 || rel == 4 || rel == 6 || rel == 7;
        uint32_t index = 0;
        if (reliable) {
            if (n - at < h + 3) break;
            index = le24(p + at + h);
            h += 3;
        }
        if (rel == 1 || rel == 4) h += 3;                           // sequencing index
        if (rel == 1 || rel == 3 || rel == 4 || rel == 7) h += 4;  // order index, channel
        size_t sh = h;
        if (split) h += 10;  // split count, id, index
        if (n - at < h || n - at - h < len) {
            ++st.cut_frames;
            return;
        }
        ++st.frames;
        const uint8_t* body = p + at + h;
        const uint8_t* sp = p + at + sh;  // split count u32, id u16, index u32 (big-endian)
        at += h + len;
        if (reliable && (repeated || seen(s->msgs, index))) continue;  // delivered before
        if (split)
            on_fragment(s, be32(sp), (uint16_t)be16(sp + 4), be32(sp + 6), body, (uint32_t)len);
        else
            on_message(body, len);
    }
    if (at < n) ++st.cut_frames;
}

// An ACK or NAK: its records (a single number, or a range), walked.
static void on_ack(const uint8_t* p, size_t n) {
    size_t at = (p[0] & 0x10) ? 5 : 1;  // B and AS (a float) when its flag is set
    if (n < at + 2) return;
    uint32_t records = be16(p + at);
    at += 2;
    for (uint32_t i = 0; i < records && at < n; ++i) {
        size_t k = p[at] ? 4 : 7;  // min equals max: one number; else min and max
        if (n - at < k) break;
        ++st.records;
        at += k;
    }
}


// A UDP datagram at u (n bytes, from the UDP header on) between src and dst
// addresses of alen bytes.
static void on_udp(const uint8_t* src, const uint8_t* dst, int alen, const uint8_t* u, size_t n) {
    if (n < 8) return;
    uint32_t sport = be16(u), dport = be16(u + 2), ulen = be16(u + 4);
    if (ulen < 8 || ulen > n) return;
    // The server port sending to itself: RakNet's socket self-test, no traffic.
    if (sport == SERVER_PORT && dport == SERVER_PORT && !memcmp(src, dst, alen)) return;
    int d = dport == SERVER_PORT ? C2S : sport == SERVER_PORT ? S2C : -1;  // both: to the server
    if (d < 0) return;
    const uint8_t* p = u + 8;
    size_t len = ulen - 8;
    if (len == 0) return;
    // The key is the tuple seen from the client, so both directions meet.
    uint8_t key[LIMIT_KEY];
    limit_key(key, alen, d == C2S ? src : dst, d == C2S ? dst : src, d == C2S ? sport : dport, SERVER_PORT);
    const size_t known = table.count;
    Conn* c = (Conn*)limit_lookup(&table, key, sizeof(Conn), 1);
    if (table.count > known) ++st.connections;
    ++st.udp;
    if (p[0] < 0x80) {
        ++st.offline;
    } else if (p[0] & 0x40) {
        ++st.acks;
        on_ack(p, len);
    } else if (p[0] & 0x20) {
        ++st.naks;
        on_ack(p, len);
    } else {
        on_datagram(&c->dir[d], p, len);
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
    const int dlt = pcap_datalink(pc);
    struct pcap_pkthdr* h;
    const u_char* d;
    int rc;
    while ((rc = pcap_next_ex(pc, &h, &d)) == 1) limit_frame(dlt, d, h->caplen, 17, on_udp);
    if (rc == PCAP_ERROR) fprintf(stderr, "%s\n", pcap_geterr(pc));
    pcap_close(pc);
    uint64_t open = 0;  // split groups never completed
    for (size_t i = 0; i < table.size; ++i)
        for (Conn* c = (Conn*)table.slots[i]; c; c = (Conn*)c->e.chain)
            for (int k = 0; k < 2; ++k)
                for (int j = 0; j < MAX_SPLITS; ++j)
                    if (c->dir[k].splits[j].used) ++open;
    printf("%llu %llu %llu %llu %llu %llu %llu %llu %llu\n", (unsigned long long)st.udp, (unsigned long long)st.offline,
           (unsigned long long)st.datagrams, (unsigned long long)st.acks, (unsigned long long)st.naks, (unsigned long long)st.records,
           (unsigned long long)st.frames, (unsigned long long)st.messages, (unsigned long long)st.message_bytes);
    if (st.cut_frames || st.dropped_splits || open)
        fprintf(stderr, "connections %llu, frames cut short %llu, split groups given up %llu, never completed %llu\n",
                (unsigned long long)st.connections, (unsigned long long)st.cut_frames,
                (unsigned long long)st.dropped_splits, (unsigned long long)open);
    return rc == PCAP_ERROR ? 4 : 0;
}
