#ifndef CFUTEX_H
#define CFUTEX_H
#include <stdint.h>

/// Sleeps while `*word == expected` (Linux FUTEX_WAIT_PRIVATE); returns when woken, interrupted, or at once
/// when the word differs. Swift cannot call the variadic syscall(2) itself.
void rxbench_futex_wait(const uint32_t *word, uint32_t expected);
/// Wakes one thread sleeping on `word` (FUTEX_WAKE_PRIVATE).
void rxbench_futex_wake_one(const uint32_t *word);

#endif
