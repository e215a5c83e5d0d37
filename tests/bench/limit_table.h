// The connection table of the C references: a chained hash table keyed by
// the tuple seen from the client (family, client address, server address,
// client port, server port: 37 bytes), grown by doubling. A reference's
// connection struct starts with a LimitEntry and is allocated here, zeroed.
#ifndef BLANKSHARK_BENCH_LIMIT_TABLE_H
#define BLANKSHARK_BENCH_LIMIT_TABLE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { LIMIT_KEY = 37 };

typedef struct LimitEntry {
    struct LimitEntry* chain;
    uint8_t key[LIMIT_KEY];
} LimitEntry;

typedef struct {
    LimitEntry** slots;
    size_t size, count;
} LimitTable;

// The key of a tuple: addresses of alen bytes (4 or 16), ports.
static inline void limit_key(uint8_t key[LIMIT_KEY], int alen, const uint8_t* client, const uint8_t* server,
                      uint32_t client_port, uint32_t server_port) {
    memset(key, 0, LIMIT_KEY);
    key[0] = (uint8_t)alen;
    memcpy(key + 1, client, (size_t)alen);
    memcpy(key + 17, server, (size_t)alen);
    key[33] = (uint8_t)(client_port >> 8), key[34] = (uint8_t)client_port;
    key[35] = (uint8_t)(server_port >> 8), key[36] = (uint8_t)server_port;
}

static inline uint64_t limit_hash(const uint8_t* key) {
    uint64_t h = 1469598103934665603ull;  // FNV-1a
    for (int i = 0; i < LIMIT_KEY; ++i) h = (h ^ key[i]) * 1099511628211ull;
    return h;
}

// The entry of key; when there is none and create is set, a new zeroed one
// of entry_size bytes (a reference's connection struct), else NULL.
static inline LimitEntry* limit_lookup(LimitTable* t, const uint8_t* key, size_t entry_size, int create) {
    uint64_t h = limit_hash(key);
    if (!t->slots) {
        t->size = 1024;
        t->slots = calloc(t->size, sizeof *t->slots);
        if (!t->slots) abort();
    }
    LimitEntry** slot = &t->slots[h & (t->size - 1)];
    for (LimitEntry* e = *slot; e; e = e->chain)
        if (!memcmp(e->key, key, LIMIT_KEY)) return e;
    if (!create) return NULL;
    if (t->count >= t->size) {  // grow: rehash every chain
        LimitEntry** n = calloc(t->size * 2, sizeof *n);
        if (!n) abort();
        for (size_t i = 0; i < t->size; ++i)
            for (LimitEntry *e = t->slots[i], *nx; e; e = nx) {
                nx = e->chain;
                uint64_t g = limit_hash(e->key) & (t->size * 2 - 1);
                e->chain = n[g];
                n[g] = e;
            }
        free(t->slots);
        t->slots = n;
        t->size *= 2;
        slot = &t->slots[h & (t->size - 1)];
    }
    LimitEntry* e = calloc(1, entry_size);
    if (!e) abort();
    memcpy(e->key, key, LIMIT_KEY);
    e->chain = *slot;
    *slot = e;
    ++t->count;
    return e;
}

// Zeroes an entry's connection (entry_size bytes) for a new connection on
// the same tuple, keeping its place in the table.
static inline void limit_reset(LimitEntry* e, size_t entry_size) {
    LimitEntry keep = *e;
    memset(e, 0, entry_size);
    *e = keep;
}

#endif
