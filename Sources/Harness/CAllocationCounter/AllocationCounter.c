// Exact allocation counting with nothing beyond the toolchain: the executable (or test bundle) defines the
// malloc family, so the dynamic linker binds every caller (Swift runtime, libc, Dispatch) to these
// definitions; each forwards to the next definition in lookup order (glibc, or jemalloc when preloaded).
#define _GNU_SOURCE
#include "CAllocationCounter.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>
#include <stdint.h>
#include <stdbool.h>

// ThreadSanitizer owns the malloc family itself: under it the counter is compiled out and reports that it
// is not installed (the harness then reports no allocation figures rather than wrong ones).
#if defined(__SANITIZE_THREAD__)
#define RXBENCH_INTERPOSE 0
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define RXBENCH_INTERPOSE 0
#endif
#endif
#ifndef RXBENCH_INTERPOSE
#define RXBENCH_INTERPOSE 1
#endif

typedef void *(*malloc_fn)(size_t);
typedef void *(*calloc_fn)(size_t, size_t);
typedef void *(*realloc_fn)(void *, size_t);
typedef void (*free_fn)(void *);
typedef int (*posix_memalign_fn)(void **, size_t, size_t);
typedef void *(*aligned_alloc_fn)(size_t, size_t);
typedef size_t (*usable_size_fn)(void *);
typedef int (*mallctl_fn)(const char *, void *, size_t *, void *, size_t);

static malloc_fn next_malloc;
static calloc_fn next_calloc;
static realloc_fn next_realloc;
static free_fn next_free;
static posix_memalign_fn next_posix_memalign;
static aligned_alloc_fn next_aligned_alloc;
static aligned_alloc_fn next_memalign;
static malloc_fn next_valloc;
static malloc_fn next_pvalloc;
static usable_size_fn next_usable_size;
static mallctl_fn jemalloc_mallctl;

// The number of measurements in progress: counting is on while any is.
static atomic_int counting;
static atomic_uint_fast64_t allocations, frees, bytes_allocated, bytes_freed, bytes_requested;
// The same totals for the calling thread alone: exact even while other threads allocate.
static _Thread_local rxbench_allocation_totals thread_totals;

// dlsym itself may allocate while the pointers are being resolved; those few requests are served from
// this buffer and never freed.
static _Alignas(64) char bootstrap_heap[16384];
static atomic_size_t bootstrap_used;
static atomic_int resolving;

static void *bootstrap_alloc(size_t size) {
    size_t rounded = (size + 15) & ~(size_t)15;
    size_t offset = atomic_fetch_add(&bootstrap_used, rounded);
    if (offset + rounded > sizeof bootstrap_heap) return NULL;
    return bootstrap_heap + offset;
}

static int in_bootstrap_heap(void *p) {
    return (char *)p >= bootstrap_heap && (char *)p < bootstrap_heap + sizeof bootstrap_heap;
}

static atomic_bool resolved;

// Resolves the next allocator once. dlsym may allocate (and free its error strings) while this runs: those
// calls see `resolving` and are served from the bootstrap heap, or leak a few bytes if freed before `free`
// itself is known.
static void resolve(void) {
    if (atomic_load_explicit(&resolved, memory_order_acquire)) return;
    if (atomic_exchange(&resolving, 1)) return;
    // First, while every allocation is still served from the bootstrap heap: without jemalloc this lookup
    // fails, and glibc keeps its error message until the next dlsym frees it. Allocated here, the message is
    // freed into the bootstrap heap (a no-op); allocated once `next_malloc` is set, it would belong to the next
    // allocator, and a second interposer behind this one (package-benchmark's, which resolves its own
    // pointers with dlsym on first use) would be asked to free it from inside its own dlsym and abort.
    jemalloc_mallctl = (mallctl_fn)dlsym(RTLD_DEFAULT, "mallctl");
    next_free = (free_fn)dlsym(RTLD_NEXT, "free");
    next_malloc = (malloc_fn)dlsym(RTLD_NEXT, "malloc");
    next_calloc = (calloc_fn)dlsym(RTLD_NEXT, "calloc");
    next_realloc = (realloc_fn)dlsym(RTLD_NEXT, "realloc");
    next_posix_memalign = (posix_memalign_fn)dlsym(RTLD_NEXT, "posix_memalign");
    next_aligned_alloc = (aligned_alloc_fn)dlsym(RTLD_NEXT, "aligned_alloc");
    next_memalign = (aligned_alloc_fn)dlsym(RTLD_NEXT, "memalign");
    next_valloc = (malloc_fn)dlsym(RTLD_NEXT, "valloc");
    next_pvalloc = (malloc_fn)dlsym(RTLD_NEXT, "pvalloc");
    next_usable_size = (usable_size_fn)dlsym(RTLD_NEXT, "malloc_usable_size");
    atomic_store_explicit(&resolved, true, memory_order_release);
    atomic_store(&resolving, 0);
}

// Live-bytes tracking: while a thread tracks, each block it allocates is remembered with the size asked
// for and the thread's running total, and forgotten (its size taken off that total) when freed, on any
// thread. What is left at the end is the sum of requested sizes of the blocks the window allocated and did
// not free. Requested, not usable, sizes: glibc may hand out a chunk larger than asked (when the rest of a
// split would be too small), so usable sizes depend on the heap's history and would not be exact. Windows
// on different threads (parallel tests) keep separate totals. Open addressing; the spin lock guards the
// table only, held around table operations and never while calling out.
// 2^18 slots, half of them usable (131,072 live blocks in one window, 6 MB): 64 probe subscriptions of a
// depth-64 chain built without cross-module optimisation (subscriber-dependency) overflowed 2^16.
#define LIVE_TABLE_BITS 18
#define LIVE_TABLE_SIZE ((size_t)1 << LIVE_TABLE_BITS)
static struct {
    void *pointer;
    size_t size;
    _Atomic int64_t *owner;
} live_table[LIVE_TABLE_SIZE];
static atomic_int tracking;
static atomic_flag live_lock = ATOMIC_FLAG_INIT;
static size_t live_entries;
static _Thread_local bool tracking_here;
static _Thread_local _Atomic int64_t live_here;
static _Thread_local bool live_overflow_here;

static size_t live_slot(void *p) { return ((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ull >> (64 - LIVE_TABLE_BITS); }

static void live_lock_acquire(void) {
    while (atomic_flag_test_and_set_explicit(&live_lock, memory_order_acquire)) {}
}

static void live_lock_release(void) { atomic_flag_clear_explicit(&live_lock, memory_order_release); }

static void live_insert(void *p, size_t size) {
    live_lock_acquire();
    if (live_entries >= LIVE_TABLE_SIZE / 2) {
        live_overflow_here = true;
    } else {
        size_t slot = live_slot(p);
        while (live_table[slot].pointer) slot = (slot + 1) & (LIVE_TABLE_SIZE - 1);
        live_table[slot].pointer = p;
        live_table[slot].size = size;
        live_table[slot].owner = &live_here;
        live_entries += 1;
        atomic_fetch_add_explicit(&live_here, (int64_t)size, memory_order_relaxed);
    }
    live_lock_release();
}

// Empties `slot`, moving later entries of the same probe run back so that every one stays reachable.
static void live_delete_slot(size_t slot) {
    live_entries -= 1;
    size_t hole = slot, next = (slot + 1) & (LIVE_TABLE_SIZE - 1);
    while (live_table[next].pointer) {
        size_t home = live_slot(live_table[next].pointer);
        if (((next - home) & (LIVE_TABLE_SIZE - 1)) >= ((next - hole) & (LIVE_TABLE_SIZE - 1))) {
            live_table[hole] = live_table[next];
            hole = next;
        }
        next = (next + 1) & (LIVE_TABLE_SIZE - 1);
    }
    live_table[hole].pointer = NULL;
}

static void live_remove(void *p) {
    live_lock_acquire();
    size_t slot = live_slot(p);
    while (live_table[slot].pointer && live_table[slot].pointer != p) slot = (slot + 1) & (LIVE_TABLE_SIZE - 1);
    if (live_table[slot].pointer == p) {
        atomic_fetch_sub_explicit(live_table[slot].owner, (int64_t)live_table[slot].size, memory_order_relaxed);
        live_delete_slot(slot);
    }
    live_lock_release();
}

// Forgets the blocks this thread's window left live (they stay allocated; they are just no longer watched).
static void live_forget_own(void) {
    live_lock_acquire();
    for (size_t slot = 0; slot < LIVE_TABLE_SIZE;) {
        if (live_table[slot].pointer && live_table[slot].owner == &live_here) {
            live_delete_slot(slot);  // a later entry may have moved into `slot`: look at it again
        } else {
            slot += 1;
        }
    }
    live_lock_release();
}

static inline void *tracked(void *p, size_t requested) {
    if (p && tracking_here) live_insert(p, requested);
    return p;
}

static inline void *counted(void *p, size_t requested) {
    if (p && atomic_load_explicit(&counting, memory_order_relaxed) > 0) {
        size_t size = next_usable_size(p);
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&bytes_allocated, size, memory_order_relaxed);
        atomic_fetch_add_explicit(&bytes_requested, requested, memory_order_relaxed);
        thread_totals.allocations += 1;
        thread_totals.bytesAllocated += size;
        thread_totals.bytesRequested += requested;
    }
    return p;
}

static inline void count_free(void *p) {
    if (atomic_load_explicit(&tracking, memory_order_relaxed) > 0) live_remove(p);
    if (atomic_load_explicit(&counting, memory_order_relaxed) > 0) {
        size_t size = next_usable_size(p);
        atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&bytes_freed, size, memory_order_relaxed);
        thread_totals.frees += 1;
        thread_totals.bytesFreed += size;
    }
}

#if RXBENCH_INTERPOSE
void *malloc(size_t size) {
    if (__builtin_expect(!next_malloc, 0)) {
        resolve();
        if (!next_malloc) return bootstrap_alloc(size);
    }
    return tracked(counted(next_malloc(size), size), size);
}

void *calloc(size_t count, size_t size) {
    if (__builtin_expect(!next_calloc, 0)) {
        resolve();
        if (!next_calloc) {
            size_t total = count * size;
            if (count && total / count != size) return NULL;
            return bootstrap_alloc(total);  // static storage is zeroed and never reused
        }
    }
    return tracked(counted(next_calloc(count, size), count * size), count * size);
}

void free(void *p) {
    if (!p || in_bootstrap_heap(p)) return;
    if (__builtin_expect(!next_free, 0)) {
        resolve();
        if (!next_free) return;
    }
    count_free(p);
    next_free(p);
}

void *realloc(void *p, size_t size) {
    if (__builtin_expect(!next_realloc, 0)) resolve();
    if ((p && in_bootstrap_heap(p)) || !next_realloc) {
        void *moved = malloc(size);
        if (moved) memcpy(moved, p, size);  // the bootstrap block is at least as large as asked then
        return moved;
    }
    if (p) count_free(p);
    void *result = next_realloc(p, size);
    if (!result && p && size) {
        // The old block is still live: undo the free we counted.
        if (atomic_load_explicit(&counting, memory_order_relaxed) > 0) {
            size_t size = next_usable_size(p);
            atomic_fetch_sub_explicit(&frees, 1, memory_order_relaxed);
            atomic_fetch_sub_explicit(&bytes_freed, size, memory_order_relaxed);
            thread_totals.frees -= 1;
            thread_totals.bytesFreed -= size;
        }
        return NULL;
    }
    return tracked(counted(result, size), size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (__builtin_expect(!next_posix_memalign, 0)) resolve();
    int status = next_posix_memalign(out, alignment, size);
    if (status == 0) tracked(counted(*out, size), size);
    return status;
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (__builtin_expect(!next_aligned_alloc, 0)) resolve();
    return tracked(counted(next_aligned_alloc(alignment, size), size), size);
}

void *memalign(size_t alignment, size_t size) {
    if (__builtin_expect(!next_memalign, 0)) resolve();
    return tracked(counted(next_memalign(alignment, size), size), size);
}

void *valloc(size_t size) {
    if (__builtin_expect(!next_valloc, 0)) resolve();
    return counted(next_valloc(size), size);
}

void *pvalloc(size_t size) {
    if (__builtin_expect(!next_pvalloc, 0)) resolve();
    return counted(next_pvalloc(size), size);
}

#endif

void rxbench_live_tracking_begin(void) {
    atomic_store(&live_here, 0);
    live_overflow_here = false;
    tracking_here = true;
    atomic_fetch_add(&tracking, 1);
}

int64_t rxbench_live_tracking_end(void) {
    tracking_here = false;
    live_forget_own();
    atomic_fetch_sub(&tracking, 1);
    return live_overflow_here ? -1 : atomic_load(&live_here);
}

bool rxbench_allocation_counter_compiled_in(void) { return RXBENCH_INTERPOSE; }

bool rxbench_allocation_counter_installed(void) {
    resolve();
    // Installed when the process-wide lookup of malloc finds this definition (it is linked into the
    // executable) and the next allocator was found behind it.
#if RXBENCH_INTERPOSE
    return dlsym(RTLD_DEFAULT, "malloc") == (void *)&malloc && next_malloc != NULL;
#else
    return false;
#endif
}

void rxbench_allocation_counter_enable(bool enabled) {
    resolve();
    atomic_fetch_add(&counting, enabled ? 1 : -1);
}

rxbench_allocation_totals rxbench_thread_allocation_totals_read(void) {
    return thread_totals;
}

rxbench_allocation_totals rxbench_allocation_totals_read(void) {
    rxbench_allocation_totals totals = {
        atomic_load(&allocations), atomic_load(&frees), atomic_load(&bytes_allocated), atomic_load(&bytes_freed),
        atomic_load(&bytes_requested)};
    return totals;
}

const char *rxbench_allocator_name(void) {
    resolve();
    return jemalloc_mallctl ? "jemalloc" : "glibc";
}


// The region callgrind counts: rxbench's instruction probe runs `--collect-atstart=no
// --toggle-collect=rxbench_measured_region`, so exactly the instructions executed inside this call (on
// every thread, while it runs) are collected. Never inlined, so that the symbol exists.
__attribute__((noinline)) void rxbench_measured_region(void (*body)(void *), void *context) {
    body(context);
    __asm__ volatile("" ::: "memory");
}
