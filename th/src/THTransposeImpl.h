/* Internal: transposing moves of 4-byte elements, shared by copy and the
 * expression engine's tiles. */
#ifndef TH_TRANSPOSE_IMPL_H
#define TH_TRANSPOSE_IMPL_H

#include <stddef.h>
#include <stdint.h>

/* 1 when the CPU runs AVX2 (checked once). */
int th_have_avx2(void);

/* d[r][c] = s[c][r] for a rows x cols block of 4-byte elements: d's rows
 * are ds bytes apart and contiguous along c; s's rows (indexed by c) are ss
 * bytes apart and contiguous along r. 8x8 AVX2 or 4x4 SSE2 blocks (shuffles
 * only: any 4-byte bits pass unchanged), the ragged edge element by element. */
void th_transpose32(char *d, ptrdiff_t ds, const char *s, ptrdiff_t ss, int64_t rows,
                    int64_t cols);

/* th_transpose32 for blocks larger than the caches, written with streaming
 * stores in whole cache lines. Needs th_have_avx2(), rows and cols multiples
 * of 16, d and ds multiples of 64. */
void th_transpose32_stream(char *d, ptrdiff_t ds, const char *s, ptrdiff_t ss, int64_t rows,
                           int64_t cols);

#endif
