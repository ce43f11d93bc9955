#include "CFutex.h"
#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

void rxbench_futex_wait(const uint32_t *word, uint32_t expected) {
    syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

void rxbench_futex_wake_one(const uint32_t *word) {
    syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#else
#include <sched.h>
void rxbench_futex_wait(const uint32_t *word, uint32_t expected) { (void)word; (void)expected; sched_yield(); }
void rxbench_futex_wake_one(const uint32_t *word) { (void)word; }
#endif
