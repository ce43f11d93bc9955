#ifndef RXBENCH_ALLOCATION_COUNTER_H
#define RXBENCH_ALLOCATION_COUNTER_H

#include <stdint.h>
#include <stdbool.h>

/// Totals since the process started, for the calling thread's view of all threads.
///
/// A change to this struct's layout needs a clean release build of every package that builds rxbench's modules
/// (rxbench, Libraries/, Benchmarks/, the Example): the harness's code is specialised into other modules, which
/// an incremental build does not recompile, and a stale copy reading the old layout crashed (rxbench-libraries,
/// when `bytesRequested` was added).
typedef struct {
    /// Successful calls to malloc, calloc, realloc (with a new block), posix_memalign, aligned_alloc,
    /// memalign, valloc and pvalloc.
    uint64_t allocations;
    /// Calls to free with a non-null pointer (and blocks released by realloc).
    uint64_t frees;
    /// Usable bytes of allocated blocks (malloc_usable_size), summed.
    uint64_t bytesAllocated;
    /// Usable bytes of freed blocks, summed.
    uint64_t bytesFreed;
    /// Bytes asked for by the allocations counted above, summed: unlike usable sizes, these do not depend on
    /// the heap's history.
    uint64_t bytesRequested;
} rxbench_allocation_totals;

/// True once this process's malloc family is routed through the counter (the interposer is linked into
/// the executable and resolved the next allocator).
bool rxbench_allocation_counter_installed(void);

/// False in sanitizer builds, where the sanitizer's own allocator must stay in charge.
bool rxbench_allocation_counter_compiled_in(void);

/// Counting costs an atomic add per call; it is off until enabled, so that throughput runs pay only a
/// relaxed load per allocation. Calls nest: counting stays on until every `true` has had its `false`.
void rxbench_allocation_counter_enable(bool enabled);

/// All threads' totals.
rxbench_allocation_totals rxbench_allocation_totals_read(void);

/// The calling thread's totals.
rxbench_allocation_totals rxbench_thread_allocation_totals_read(void);

/// The name of the allocator that serves the process: "jemalloc" when jemalloc's mallctl is reachable
/// (linked or preloaded), "glibc" otherwise.
const char *rxbench_allocator_name(void);

/// Starts remembering every block allocated (with its requested size) until the matching end.
void rxbench_live_tracking_begin(void);
/// Ends tracking: the requested bytes of blocks allocated since `begin` and not yet freed, or -1 when
/// more blocks were live than the table holds.
int64_t rxbench_live_tracking_end(void);

/// Runs `body(context)`; callgrind's `--toggle-collect=rxbench_measured_region` counts what runs inside.
void rxbench_measured_region(void (*body)(void *), void *context);

#endif
