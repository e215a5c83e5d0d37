// Replaces the global allocation functions of the benchmark binary with
// malloc/free plus counters. core_bench and the allocation tests link this file.
#include "alloc_counter.hpp"

#include <malloc.h>  // malloc_usable_size (glibc; ASan's allocator has it too)

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<uint64_t> g_allocations{0};
std::atomic<int64_t> g_live{0};
std::atomic<int64_t> g_peak{0};

void* took(void* p) {
    if (!p) return p;
    const int64_t n = int64_t(malloc_usable_size(p));
    const int64_t now = g_live.fetch_add(n, std::memory_order_relaxed) + n;
    for (int64_t peak = g_peak.load(std::memory_order_relaxed);
         now > peak && !g_peak.compare_exchange_weak(peak, now, std::memory_order_relaxed);) {
    }
    return p;
}
void release(void* p) {
    if (!p) return;
    g_live.fetch_sub(int64_t(malloc_usable_size(p)), std::memory_order_relaxed);
    std::free(p);
}

void* counted(std::size_t n) {
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = took(std::malloc(n ? n : 1))) return p;
    throw std::bad_alloc();
}

void* counted_aligned(std::size_t n, std::align_val_t al) {
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    const std::size_t a = static_cast<std::size_t>(al);
    if (void* p = took(std::aligned_alloc(a, (n + a - 1) / a * a))) return p;
    throw std::bad_alloc();
}
}  // namespace

namespace bench {
uint64_t allocations() { return g_allocations.load(std::memory_order_relaxed); }
int64_t live_bytes() { return g_live.load(std::memory_order_relaxed); }
int64_t peak_live_bytes() { return g_peak.load(std::memory_order_relaxed); }
void reset_peak() { g_peak.store(g_live.load(std::memory_order_relaxed), std::memory_order_relaxed); }
}  // namespace bench

void* operator new(std::size_t n) { return counted(n); }
void* operator new[](std::size_t n) { return counted(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    return took(std::malloc(n ? n : 1));
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    return took(std::malloc(n ? n : 1));
}
void* operator new(std::size_t n, std::align_val_t a) { return counted_aligned(n, a); }
void* operator new[](std::size_t n, std::align_val_t a) { return counted_aligned(n, a); }
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete(void* p, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { release(p); }
