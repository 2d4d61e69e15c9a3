/* The fused row kernels (THTensorRows.h): softmax, log_softmax, logsumexp,
 * layer_norm, rms_norm. Each row is walked a few times while it sits in
 * L1/L2 (its max, then exp and sum, then the scaled write; or its moments,
 * then the write), so memory is read once and written once.
 *
 * A row whose elements are of the computing dtype and adjacent in the input
 * and the result is computed where it lies. Rows along a dim that is not the
 * innermost, whose neighbours are adjacent, are computed where they lie too,
 * vectors across a run of neighbouring rows (softmax over dim 0 of a
 * matrix). Any other row (float16 and bfloat16, strided rows) is converted
 * into a per-thread buffer of the computing dtype by THCast's loops,
 * computed there and converted back; a block of neighbouring rows is
 * gathered at once, so that each read is a run. Rows are split across
 * threads. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "TH/THAllocator.h"
#include "TH/THTensorRows.h"
#include "core/THCpuImpl.h"
#include "core/THParallelImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "engine/THCastImpl.h"
#include "engine/THVectorExpImpl.h"
#include "math/THRowsImpl.h"

/* The row loops, cloned for AVX-512 and AVX2 with FMA where the CPU has
 * them (TH_CLONES_FMA512); a * b + c is one fused step where the clone has
 * FMA (a quarter off the exp; -std=c11 otherwise keeps them apart), so the
 * last bit of a result may differ between CPUs, as torch's does. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("fp-contract=fast")
#endif
#define ROWS_CLONES TH_CLONES_FMA512
#define INLINE TH_VINLINE
/* exp arguments from which th_vexp may need its path for tiny results */
#define VEXP_LOW_f32 TH_VEXP_LOW
#define VEXP_LOW_f64 (-(double)INFINITY) /* none: float64's has no such path */

#define BLOCK 1024 /* elements summed in a vector's lanes before they join a double */
#define GATHER 16  /* neighbouring rows gathered together */
#define GATHER_BYTES ((int64_t)1 << 20)
#define ACROSS 4096        /* bytes of neighbouring rows computed at once where they lie */
#define ACROSS_STRIDE 1024 /* the dim's stride in bytes beyond which they are that wide */
#define ACROSS_ROWS 8      /* rows between reloads of an accumulator kept in memory */

enum { ROW_SOFTMAX, ROW_LOG_SOFTMAX, ROW_LOGSUMEXP, ROW_LAYER_NORM, ROW_RMS_NORM };

/* ----------------------------------------------------------- row kernels */

/* For T in {float, double} (S: f32, f64; V its vector of L lanes): each
 * takes a row x of n elements and writes y (which may be x). A row's last
 * partial vector is padded with a neutral value (-inf for a max or an exp,
 * the centre for squares), so every element goes through the same vector
 * code. Sums run in L lanes over BLOCK elements; each block's lanes are
 * added, in order, into a double. */
#define ROW_KERNELS(S, T, V, L)                                                             \
  INLINE V S##_load(const T *x, int64_t i, int64_t n, T pad) {                              \
    V v;                                                                                    \
    if (i + L <= n) {                                                                       \
      memcpy(&v, x + i, sizeof v);                                                          \
    } else {                                                                                \
      v = (V){0} + pad;                                                                     \
      memcpy(&v, x + i, sizeof(T) * (size_t)(n - i));                                       \
    }                                                                                       \
    return v;                                                                               \
  }                                                                                         \
                                                                                            \
  INLINE void S##_store(T *y, int64_t i, int64_t n, V v) {                                  \
    memcpy(y + i, &v, i + L <= n ? sizeof v : sizeof(T) * (size_t)(n - i));                 \
  }                                                                                         \
                                                                                            \
  INLINE double S##_lanes(V acc) {                                                          \
    double part = 0;                                                                        \
    for (int j = 0; j < L; j++) part += acc[j];                                             \
    return part;                                                                            \
  }                                                                                         \
                                                                                            \
  ROWS_CLONES static T S##_max(const T *x, int64_t n) {                                     \
    V m = (V){0} - (T)INFINITY, m2 = m;                                                     \
    int64_t i = 0;                                                                          \
    for (; i + 2 * L <= n; i += 2 * L) {                                                    \
      V a, b;                                                                               \
      memcpy(&a, x + i, sizeof a);                                                          \
      memcpy(&b, x + i + L, sizeof b);                                                      \
      m = sel_##S(a > m, a, m), m2 = sel_##S(b > m2, b, m2);                                \
    }                                                                                       \
    for (; i < n; i += L) {                                                                 \
      V v = S##_load(x, i, n, -(T)INFINITY);                                                \
      m = sel_##S(v > m, v, m);                                                             \
    }                                                                                       \
    m = sel_##S(m2 > m, m2, m);                                                             \
    T r = -(T)INFINITY;                                                                     \
    for (int j = 0; j < L; j++) r = m[j] > r ? m[j] : r;                                    \
    return r;                                                                               \
  }                                                                                         \
                                                                                            \
  /* sum(exp(x - m)) over x[i, end) in lanes; y (unless NULL) gets the                      \
   * terms. Two vectors a step: two exp chains in flight. low: whether an                   \
   * exp argument may be under TH_VEXP_LOW (a padded end always may). */                    \
  INLINE V S##_exp_run(const T *x, T *y, int64_t i, int64_t end, int64_t n, T m, int low) { \
    V acc = {0}, acc2 = {0};                                                                \
    /* two loops: one with `if (y)` inside ran logsumexp of 1024^2 6% slower */              \
    if (y) {                                                                                \
      for (; i + 2 * L <= end; i += 2 * L) {                                                \
        V a, b;                                                                             \
        memcpy(&a, x + i, sizeof a);                                                        \
        memcpy(&b, x + i + L, sizeof b);                                                    \
        a = th_vexp_##S##_as(a - m, low), b = th_vexp_##S##_as(b - m, low);                 \
        memcpy(y + i, &a, sizeof a);                                                        \
        memcpy(y + i + L, &b, sizeof b);                                                    \
        acc += a, acc2 += b;                                                                \
      }                                                                                     \
    } else {                                                                                \
      for (; i + 2 * L <= end; i += 2 * L) {                                                \
        V a, b;                                                                             \
        memcpy(&a, x + i, sizeof a);                                                        \
        memcpy(&b, x + i + L, sizeof b);                                                    \
        acc += th_vexp_##S##_as(a - m, low), acc2 += th_vexp_##S##_as(b - m, low);          \
      }                                                                                     \
    }                                                                                       \
    for (; i < end; i += L) {                                                               \
      V e = th_vexp_##S##_as(S##_load(x, i, n, -(T)INFINITY) - m, 1);                       \
      if (y) S##_store(y, i, n, e);                                                         \
      acc += e;                                                                             \
    }                                                                                       \
    return acc + acc2;                                                                      \
  }                                                                                         \
                                                                                            \
  /* sum(exp(x - m)); y (unless NULL) gets the terms. A block's exps take                   \
   * th_vexp's path for tiny results only if one of its arguments is low:                   \
   * that path costs a third more. */                                                       \
  ROWS_CLONES static double S##_sum_exp(const T *x, T *y, int64_t n, T m) {                 \
    double total = 0;                                                                       \
    for (int64_t i = 0; i < n; i += BLOCK) {                                                \
      int64_t end = n - i > BLOCK ? i + BLOCK : n;                                          \
      int low = 0;                                                                          \
      if (VEXP_LOW_##S > -(T)INFINITY)                                                      \
        for (int64_t k = i; k < end; k++) low |= x[k] - m < VEXP_LOW_##S;                   \
      total += S##_lanes(low ? S##_exp_run(x, y, i, end, n, m, 1)                           \
                             : S##_exp_run(x, y, i, end, n, m, 0));                         \
    }                                                                                       \
    return total;                                                                           \
  }                                                                                         \
                                                                                            \
  /* sum((x - c)^2) when square (c = 0: the sum of squares), else sum(x);                   \
   * two vectors a step: two chains of adds in flight */                                    \
  ROWS_CLONES static double S##_sum(const T *x, int64_t n, T c, int square) {               \
    double total = 0;                                                                       \
    for (int64_t i = 0; i < n;) {                                                           \
      int64_t end = n - i > BLOCK ? i + BLOCK : n;                                          \
      V acc = {0}, acc2 = {0};                                                              \
      if (square) {                                                                         \
        for (; i + 2 * L <= end; i += 2 * L) {                                              \
          V a, b;                                                                           \
          memcpy(&a, x + i, sizeof a);                                                      \
          memcpy(&b, x + i + L, sizeof b);                                                  \
          a -= c, b -= c;                                                                   \
          acc += a * a, acc2 += b * b;                                                      \
        }                                                                                   \
        for (; i < end; i += L) {                                                           \
          V d = S##_load(x, i, n, c) - c;                                                   \
          acc += d * d;                                                                     \
        }                                                                                   \
      } else {                                                                              \
        for (; i + 2 * L <= end; i += 2 * L) {                                              \
          V a, b;                                                                           \
          memcpy(&a, x + i, sizeof a);                                                      \
          memcpy(&b, x + i + L, sizeof b);                                                  \
          acc += a, acc2 += b;                                                              \
        }                                                                                   \
        for (; i < end; i += L) acc += S##_load(x, i, n, 0);                                \
      }                                                                                     \
      total += S##_lanes(acc + acc2);                                                       \
    }                                                                                       \
    return total;                                                                           \
  }                                                                                         \
                                                                                            \
  /* The row's mean and (biased) variance in one pass, as torch's                           \
   * RowwiseMoments: Welford's updates in each lane of two vectors (two                     \
   * chains in flight) over a BLOCK; the lanes, of equal counts, make the                   \
   * block's mean and squared deviations, and the blocks merge in double by                 \
   * Chan's formula; the elements left over join one by one. */                             \
  INLINE void S##_merge(V am, V a2, V bm, V b2, double steps, double *mean, double *m2,     \
                        double *count) {                                                    \
    double bmean = S##_lanes(am + bm) / (2 * L);                                            \
    V da = am - (T)bmean, db = bm - (T)bmean;                                               \
    double bm2 = S##_lanes(a2 + b2) + steps * S##_lanes(da * da + db * db);                 \
    double bcount = 2 * L * steps, tot = *count + bcount, d = bmean - *mean;                \
    *mean += d * (bcount / tot);                                                            \
    *m2 += bm2 + d * d * (*count * bcount / tot);                                           \
    *count = tot;                                                                           \
  }                                                                                         \
                                                                                            \
  ROWS_CLONES static void S##_moments(const T *x, int64_t n, double *mean_out,              \
                                      double *var_out) {                                    \
    double mean = 0, m2 = 0, count = 0;                                                     \
    int64_t i = 0;                                                                          \
    while (i + 2 * L <= n) {                                                                \
      int64_t steps = (n - i) / (2 * L);                                                    \
      steps = steps < BLOCK / (2 * L) ? steps : BLOCK / (2 * L);                            \
      V am = {0}, a2 = {0}, bm = {0}, b2 = {0};                                             \
      for (int64_t k = 1; k <= steps; k++, i += 2 * L) {                                    \
        V a, b;                                                                             \
        memcpy(&a, x + i, sizeof a);                                                        \
        memcpy(&b, x + i + L, sizeof b);                                                    \
        T r = (T)1 / (T)k;                                                                  \
        V da = a - am, db = b - bm;                                                         \
        am += da * r, bm += db * r;                                                         \
        a2 += da * (a - am), b2 += db * (b - bm);                                           \
      }                                                                                     \
      S##_merge(am, a2, bm, b2, (double)steps, &mean, &m2, &count);                         \
    }                                                                                       \
    for (; i < n; i++) {                                                                    \
      double d = (double)x[i] - mean;                                                       \
      count += 1;                                                                           \
      mean += d / count;                                                                    \
      m2 += d * ((double)x[i] - mean);                                                      \
    }                                                                                       \
    *mean_out = mean;                                                                       \
    *var_out = count > 0 ? m2 / count : NAN;                                                \
  }                                                                                         \
                                                                                            \
  ROWS_CLONES static void S##_scale(T *y, int64_t n, T s) {                                 \
    int64_t i = 0;                                                                          \
    for (; i + L <= n; i += L) {                                                            \
      V v;                                                                                  \
      memcpy(&v, y + i, sizeof v);                                                          \
      v *= s;                                                                               \
      memcpy(y + i, &v, sizeof v);                                                          \
    }                                                                                       \
    for (; i < n; i++) y[i] *= s;                                                           \
  }                                                                                         \
                                                                                            \
  /* (x - m) - s: x - m first, exact near the max, as torch's */                            \
  ROWS_CLONES static void S##_shift(const T *x, T *y, int64_t n, T m, T s) {                \
    int64_t i = 0;                                                                          \
    for (; i + L <= n; i += L) {                                                            \
      V v;                                                                                  \
      memcpy(&v, x + i, sizeof v);                                                          \
      v = (v - m) - s;                                                                      \
      memcpy(y + i, &v, sizeof v);                                                          \
    }                                                                                       \
    for (; i < n; i++) y[i] = (x[i] - m) - s;                                               \
  }                                                                                         \
                                                                                            \
  /* y = (x - c) * s * w + b, w and b NULL for none; one loop per case */                   \
  ROWS_CLONES static void S##_affine(const T *x, T *y, int64_t n, T c, T s, const T *w,     \
                                     const T *b) {                                          \
    int64_t i = 0;                                                                          \
    if (w && b) {                                                                           \
      for (; i + L <= n; i += L) {                                                          \
        V v, wv, bv;                                                                        \
        memcpy(&v, x + i, sizeof v);                                                        \
        memcpy(&wv, w + i, sizeof wv);                                                      \
        memcpy(&bv, b + i, sizeof bv);                                                      \
        v = (v - c) * s * wv + bv;                                                          \
        memcpy(y + i, &v, sizeof v);                                                        \
      }                                                                                     \
      for (; i < n; i++) y[i] = (x[i] - c) * s * w[i] + b[i];                               \
    } else if (w) {                                                                         \
      for (; i + L <= n; i += L) {                                                          \
        V v, wv;                                                                            \
        memcpy(&v, x + i, sizeof v);                                                        \
        memcpy(&wv, w + i, sizeof wv);                                                      \
        v = (v - c) * s * wv;                                                               \
        memcpy(y + i, &v, sizeof v);                                                        \
      }                                                                                     \
      for (; i < n; i++) y[i] = (x[i] - c) * s * w[i];                                      \
    } else if (b) {                                                                         \
      for (; i + L <= n; i += L) {                                                          \
        V v, bv;                                                                            \
        memcpy(&v, x + i, sizeof v);                                                        \
        memcpy(&bv, b + i, sizeof bv);                                                      \
        v = (v - c) * s + bv;                                                               \
        memcpy(y + i, &v, sizeof v);                                                        \
      }                                                                                     \
      for (; i < n; i++) y[i] = (x[i] - c) * s + b[i];                                      \
    } else {                                                                                \
      for (; i + L <= n; i += L) {                                                          \
        V v;                                                                                \
        memcpy(&v, x + i, sizeof v);                                                        \
        v = (v - c) * s;                                                                    \
        memcpy(y + i, &v, sizeof v);                                                        \
      }                                                                                     \
      for (; i < n; i++) y[i] = (x[i] - c) * s;                                             \
    }                                                                                       \
  }                                                                                         \
                                                                                            \
  /* A row's lanes i .. i + L - 1 of m at x + o: one whole load where the                   \
   * block's slab (span elements from x) reaches that far, the lanes past m                 \
   * then holding the next rows' elements, which only their own lanes compute               \
   * on and nothing stores (a partial vector goes through memory: a                         \
   * store-forwarding stall on every row of a half-vector wide block). */                   \
  INLINE V S##_load_in(const T *x, int64_t o, int64_t span, int64_t i, int64_t m, T pad) {  \
    V v;                                                                                    \
    if (o + i + L <= span) {                                                                \
      memcpy(&v, x + o + i, sizeof v);                                                      \
      return v;                                                                             \
    }                                                                                       \
    return S##_load(x + o, i, m, pad);                                                      \
  }                                                                                         \
                                                                                            \
  /* The across kernel's sums of exp(x - mx): softmax's terms into y. low:                  \
   * whether an exp argument may be under VEXP_LOW_##S. Lanes past m, never                 \
   * stored, are padded with 0 (with -inf, logsumexp's max of 0 there would                 \
   * give them the tiny path's arguments). */                                               \
  INLINE void S##_across_sums(int op, const T *x, int64_t xs, int64_t xspan, T *y,          \
                              int64_t ys, int64_t n, int64_t m, int64_t nv, int64_t step,   \
                              const V *mx, V *sum, int low) {                               \
    for (int64_t i = 0; i < n; i += step)                                                   \
      for (int64_t k = 0; k < nv; k++) {                                                    \
        V a = sum[k];                                                                       \
        for (int64_t r = i; r < i + step && r < n; r++) {                                   \
          V e = th_vexp_##S##_as(S##_load_in(x, r * xs, xspan, k * L, m, 0) - mx[k], low);  \
          if (op == ROW_SOFTMAX) S##_store(y + r * ys, k * L, m, e);                        \
          a += e;                                                                           \
        }                                                                                   \
        sum[k] = a;                                                                         \
      }                                                                                     \
  }                                                                                         \
                                                                                            \
  /* Softmax, log_softmax or logsumexp of m <= ACROSS / sizeof(T) neighbouring              \
   * rows at once, a lane each: row j's element i at x[i * xs + j] (a dim that              \
   * is not the innermost, whose neighbours are adjacent), so each step reads               \
   * one run of m elements, a vector per L of them; a lane sums its row in T,               \
   * as torch's kernel for such a dim. */                                                   \
  INLINE void S##_across_nv(int op, const T *x, int64_t xs, T *y, int64_t ys, int64_t n,    \
                            int64_t m, T *lse, int64_t nv) {                                \
    V mx[ACROSS / sizeof(V)], mn[ACROSS / sizeof(V)], sum[ACROSS / sizeof(V)];              \
    /* whole loads only over a slab that is all this block's (its rows are                  \
     * adjacent): no other thread writes what the lanes past m read */                      \
    const int64_t xspan = xs == m ? n * m : 0, yspan = ys == m ? n * m : 0;                 \
    const int64_t step = nv == 1 ? n : ACROSS_ROWS; /* rows between a vector's reloads */   \
    for (int64_t k = 0; k < nv; k++)                                                        \
      mx[k] = (V){0} - (T)INFINITY, mn[k] = (V){0} + (T)INFINITY, sum[k] = (V){0};          \
    for (int64_t i = 0; i < n; i += step)                                                   \
      for (int64_t k = 0; k < nv; k++) {                                                    \
        V a = mx[k], b = mn[k];                                                             \
        for (int64_t r = i; r < i + step && r < n; r++) {                                   \
          V v = S##_load_in(x, r * xs, xspan, k * L, m, -(T)INFINITY);                      \
          a = sel_##S(v > a, v, a);                                                         \
          b = sel_##S(v < b, v, b);                                                         \
        }                                                                                   \
        mx[k] = a, mn[k] = b;                                                               \
      }                                                                                     \
    if (op == ROW_LOGSUMEXP) /* torch's: an infinite max shifts by 0 */                     \
      for (int64_t k = 0; k < nv; k++)                                                      \
        mx[k] = sel_##S((mx[k] == (T)INFINITY) | (mx[k] == -(T)INFINITY), (V){0}, mx[k]);   \
    /* th_vexp's path for tiny results (a third more work) only when an                     \
     * argument needs it: the smallest, each row's min - max (the lanes past                \
     * m hold padding or other rows) */                                                     \
    int low = 0;                                                                            \
    if (VEXP_LOW_##S > -(T)INFINITY)                                                        \
      for (int64_t j = 0; j < m; j++) low |= mn[j / L][j % L] - mx[j / L][j % L] < VEXP_LOW_##S;\
    if (low)                                                                                \
      S##_across_sums(op, x, xs, xspan, y, ys, n, m, nv, step, mx, sum, 1);                 \
    else                                                                                    \
      S##_across_sums(op, x, xs, xspan, y, ys, n, m, nv, step, mx, sum, 0);                 \
    if (op == ROW_SOFTMAX) {                                                                \
      for (int64_t k = 0; k < nv; k++) sum[k] = (T)1 / sum[k]; /* the inverses */           \
      for (int64_t i = 0; i < n; i++)                                                       \
        for (int64_t k = 0; k < nv; k++)                                                    \
          S##_store(y + i * ys, k * L, m,                                                   \
                    S##_load_in(y, i * ys, yspan, k * L, m, 0) * sum[k]);                   \
      return;                                                                               \
    }                                                                                       \
    for (int64_t k = 0; k < nv; k++) /* the logs of the sums */                             \
      for (int j = 0; j < L; j++) sum[k][j] = (T)log(sum[k][j]);                            \
    if (op == ROW_LOGSUMEXP) {                                                              \
      for (int64_t j = 0; j < m; j++) lse[j] = sum[j / L][j % L] + mx[j / L][j % L];        \
      return;                                                                               \
    }                                                                                       \
    for (int64_t i = 0; i < n; i++)                                                         \
      for (int64_t k = 0; k < nv; k++)                                                      \
        S##_store(y + i * ys, k * L, m,                                                     \
                  (S##_load_in(x, i * xs, xspan, k * L, m, 0) - mx[k]) - sum[k]);           \
  }                                                                                         \
                                                                                            \
  /* (one vector's rows apart: its accumulators stay in registers) */                       \
  ROWS_CLONES static void S##_across(int op, const T *x, int64_t xs, T *y, int64_t ys,      \
                                     int64_t n, int64_t m, T *lse) {                        \
    if (m <= L)                                                                             \
      S##_across_nv(op, x, xs, y, ys, n, m, lse, 1);                                        \
    else                                                                                    \
      S##_across_nv(op, x, xs, y, ys, n, m, lse, (m + L - 1) / L);                          \
  }                                                                                         \
                                                                                            \
  /* One row's op: y for the row-wise ops, *lse for logsumexp. */                           \
  static void S##_row(int op, const T *x, T *y, int64_t n, const T *w, const T *b,          \
                      double eps, T *lse) {                                                 \
    T m;                                                                                    \
    switch (op) {                                                                           \
      case ROW_SOFTMAX: /* a NaN or +inf max makes the row NaN, as torch's */               \
        m = S##_max(x, n);                                                                  \
        S##_scale(y, n, (T)(1 / (T)S##_sum_exp(x, y, n, m)));                               \
        return;                                                                             \
      case ROW_LOG_SOFTMAX:                                                                 \
        m = S##_max(x, n);                                                                  \
        S##_shift(x, y, n, m, (T)log((T)S##_sum_exp(x, NULL, n, m)));                       \
        return;                                                                             \
      case ROW_LOGSUMEXP: /* torch's: an infinite max shifts by 0 */                        \
        m = S##_max(x, n);                                                                  \
        m = isinf(m) ? 0 : m;                                                               \
        *lse = (T)log(S##_sum_exp(x, NULL, n, m)) + m;                                      \
        return;                                                                             \
      case ROW_LAYER_NORM: {                                                                \
        double mean, var;                                                                   \
        S##_moments(x, n, &mean, &var);                                                     \
        T rstd = (T)(1 / sqrt((var < 0 ? 0 : var) + eps)); /* NaN stays */                  \
        S##_affine(x, y, n, (T)mean, rstd, w, b);                                           \
        return;                                                                             \
      }                                                                                     \
      default: { /* rms_norm */                                                             \
        double ms = S##_sum(x, n, 0, 1) / (double)n;                                        \
        S##_affine(x, y, n, 0, (T)(1 / sqrt(ms + eps)), w, NULL);                           \
        return;                                                                             \
      }                                                                                     \
    }                                                                                       \
  }
ROW_KERNELS(f32, float, vf32, 16)
ROW_KERNELS(f64, double, vf64, 8)

/* ---------------------------------------------------------------- walker */

typedef struct Job {
  int op;
  THScalarType dtype, acc; /* the result's (and converted input's) dtype; the computing one */
  ptrdiff_t es, acc_es;
  THRows rows;
  const char *in;
  char *out;
  int64_t in_st[TH_MAX_DIMS], out_st[TH_MAX_DIMS];
  const void *w, *b; /* NULL or n contiguous elements of acc */
  double eps;
  int direct;    /* rows computed where they lie */
  int across;    /* neighbouring rows computed where they lie, vectors across them */
  int64_t block; /* rows gathered together (1: one at a time) */
  char *bufs;    /* nchunks buffers of buf_bytes */
  int64_t buf_bytes;
  int nchunks;
} Job;

/* x (n elements of acc) into y, or its logsumexp into *lse */
static void compute(const Job *J, const void *x, void *y, int64_t n, void *lse) {
  if (J->acc == TH_FLOAT64)
    f64_row(J->op, x, y, n, J->w, J->b, J->eps, lse);
  else
    f32_row(J->op, x, y, n, J->w, J->b, J->eps, lse);
}

/* The dim along which consecutive rows are neighbours (the innermost but
 * dim itself), or -1 when rows have no other dim. */
static int inner_dim(const THRows *rows) {
  int last = rows->nd - 1;
  return last != rows->dim ? last : last - 1;
}

/* Rows r .. r + m - 1 through the buffer: neighbours along the inner dim
 * when m > 1 (gathered by one run per element of the row). */
static void rows_buffered(const Job *J, int64_t r, int64_t m, char *buf) {
  int dim = J->rows.dim, inner = inner_dim(&J->rows);
  int64_t n = J->rows.n;
  ptrdiff_t es = J->es, acc_es = J->acc_es;
  const char *in = J->in + th_row_offset(&J->rows, J->in_st, r) * es;
  char *out = J->out + th_row_offset(&J->rows, J->out_st, r) * es;
  ptrdiff_t ins = J->in_st[dim] * es, outs = J->out_st[dim] * es;
  ptrdiff_t inj = m > 1 ? J->in_st[inner] * es : 0, outj = m > 1 ? J->out_st[inner] * es : 0;
  th_cast_loop load = th_cast_loops[J->acc][J->dtype], store = th_cast_loops[J->dtype][J->acc];
  if (m == 1)
    load(buf, acc_es, in, ins, n);
  else
    for (int64_t i = 0; i < n; i++) load(buf + i * acc_es, n * acc_es, in + i * ins, inj, m);
  if (J->op == ROW_LOGSUMEXP) {
    double lse[GATHER]; /* room for m values of acc */
    for (int64_t j = 0; j < m; j++)
      compute(J, buf + j * n * acc_es, NULL, n, (char *)lse + j * acc_es);
    store(out, outj, (const char *)lse, acc_es, m);
    return;
  }
  for (int64_t j = 0; j < m; j++) compute(J, buf + j * n * acc_es, buf + j * n * acc_es, n, NULL);
  if (m == 1)
    store(out, outs, buf, acc_es, n);
  else
    for (int64_t i = 0; i < n; i++) store(out + i * outs, outj, buf + i * acc_es, n * acc_es, m);
}

/* Rows r .. r + m - 1, neighbours along the inner dim (m at most a
 * vector's lanes), computed where they lie. */
static void rows_across(const Job *J, int64_t r, int64_t m) {
  int dim = J->rows.dim, inner = inner_dim(&J->rows);
  int64_t n = J->rows.n, xs = J->in_st[dim], ys = J->out_st[dim], os = J->out_st[inner];
  const char *x = J->in + th_row_offset(&J->rows, J->in_st, r) * J->es;
  char *y = J->out + th_row_offset(&J->rows, J->out_st, r) * J->es;
  if (J->acc == TH_FLOAT64) {
    double lse[ACROSS / sizeof(double)];
    f64_across(J->op, (const double *)x, xs, (double *)y, ys, n, m, lse);
    for (int64_t j = 0; J->op == ROW_LOGSUMEXP && j < m; j++) ((double *)y)[j * os] = lse[j];
  } else {
    float lse[ACROSS / sizeof(float)];
    f32_across(J->op, (const float *)x, xs, (float *)y, ys, n, m, lse);
    for (int64_t j = 0; J->op == ROW_LOGSUMEXP && j < m; j++) ((float *)y)[j * os] = lse[j];
  }
}

static void rows_body(int64_t c0, int64_t c1, void *ctx) {
  const Job *J = ctx;
  int inner = inner_dim(&J->rows);
  for (int64_t c = c0; c < c1; c++) {
    int64_t r0 = J->rows.count * c / J->nchunks, r1 = J->rows.count * (c + 1) / J->nchunks;
    char *buf = J->bufs ? J->bufs + c * J->buf_bytes : NULL;
    for (int64_t r = r0; r < r1;) {
      if (J->direct) {
        const char *x = J->in + th_row_offset(&J->rows, J->in_st, r) * J->es;
        char *y = J->out + th_row_offset(&J->rows, J->out_st, r) * J->es;
        compute(J, x, y, J->rows.n, y);
        r++;
        continue;
      }
      int64_t m = 1;
      if (J->block > 1) { /* the rest of this run of neighbours, at most block of it */
        m = J->rows.size[inner] - r % J->rows.size[inner];
        m = m < r1 - r ? m : r1 - r;
        m = m < J->block ? m : J->block;
      }
      if (J->across)
        rows_across(J, r, m);
      else
        rows_buffered(J, r, m, buf);
      r += m;
    }
  }
}

/* Runs J over rows whose geometry, input and output are set. */
static int run(Job *J, const char *fn) {
  int dim = J->rows.dim, inner = inner_dim(&J->rows);
  int64_t n = J->rows.n;
  if (J->rows.count == 0 || (n == 0 && J->op != ROW_LOGSUMEXP)) return 0;
  /* (logsumexp writes one element per row) */
  J->direct = J->dtype == J->acc &&
              (n <= 1 || (J->in_st[dim] == 1 && (J->op == ROW_LOGSUMEXP || J->out_st[dim] == 1)));
  J->block = 1;
  if (!J->direct && inner >= 0 && J->rows.size[inner] > 1 && J->in_st[dim] != 1) {
    int64_t fit = GATHER_BYTES / ((n > 0 ? n : 1) * J->acc_es);
    J->block = fit < 1 ? 1 : fit < GATHER ? fit : GATHER;
    /* rows across adjacent elements of the computing dtype: a vector
     * across them (softmax, log_softmax, logsumexp) */
    J->across = J->dtype == J->acc && J->op <= ROW_LOGSUMEXP && J->in_st[inner] == 1 &&
                (J->op == ROW_LOGSUMEXP || J->out_st[inner] == 1);
    /* one vector of them at a time while the dim's step is short (their
     * strip stays in cache); a run of up to ACROSS bytes beyond, where each
     * step is a page or so away and one vector at a time would come back to
     * every page for each vector (softmax over dim 0 of a (4096, 1024) float
     * matrix: 0.45x torch's time, was 1.08x) */
    if (J->across)
      J->block = J->in_st[dim] * J->acc_es > ACROSS_STRIDE ? ACROSS / J->acc_es : 64 / J->acc_es;
  }
  int64_t work = J->rows.count * (n > 0 ? n : 1) * (int64_t)J->es * 2;
  int64_t chunks = work < TH_PARALLEL_MIN_BYTES ? 1 : J->rows.count;
  /* a block's rows at least per thread: fewer would share cache lines (and
   * lose the whole loads of an adjacent block) */
  if (J->across && chunks > J->rows.count / J->block)
    chunks = J->rows.count / J->block > 1 ? J->rows.count / J->block : 1;
  int threads = THGetNumThreads();
  J->nchunks = (int)(chunks < threads ? chunks : threads);
  J->bufs = NULL;
  if (!J->direct && !J->across) {
    J->buf_bytes = ((n > 0 ? n : 1) * J->block * J->acc_es + 63) / 64 * 64;
    J->bufs = THDefaultAllocator.malloc(NULL, (ptrdiff_t)(J->buf_bytes * J->nchunks));
    if (!J->bufs) {
      TH_ERR_FN(TH_ERROR_MEMORY, fn, "cannot allocate %lld bytes of row buffers",
                (long long)(J->buf_bytes * J->nchunks));
      return -1;
    }
  }
  th_parallel_for(J->nchunks, 1, rows_body, J);
  if (J->bufs) THDefaultAllocator.free(NULL, J->bufs);
  return 0;
}

/* ---------------------------------------------------------------- driver */

static const char *op_names[] = {"softmax", "log_softmax", "logsumexp", "layer_norm",
                                 "rms_norm"};

static int computing_dtype(THScalarType t) {
  return t == TH_FLOAT16 || t == TH_BFLOAT16 || t == TH_FLOAT32 || t == TH_FLOAT64;
}

static int check_args(int op, THTensor *result, THTensor *input, const char *fn) {
  if (!input || !result) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s is NULL", input ? "result" : "input");
    return -1;
  }
  TH_CHECK_TENSOR_AS(input, fn, -1);
  TH_CHECK_TENSOR_AS(result, fn, -1);
  THScalarType t = result->storage->dtype, in_t = input->storage->dtype;
  if (!computing_dtype(t)) {
    TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "\"%s\" not implemented for %s", op_names[op],
              THScalarType_name(t));
    return -1;
  }
  if (THScalarType_isComplex(in_t)) {
    TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "\"%s\" not implemented for %s input", op_names[op],
              THScalarType_name(in_t));
    return -1;
  }
  return 0;
}

/* A result that overlaps src otherwise than as the very same elements (or
 * at all, for logsumexp, whose rows shrink to one element) is written aside
 * first. */
static int needs_aside(int op, const THTensor *t, const THTensor *src) {
  if (th_tensor_numel(t) == 0 || th_tensor_numel(src) == 0) return 0;
  return th_tensors_meet(t, src) && (op == ROW_LOGSUMEXP || !th_same_layout(t, src));
}

/* src in dtype: a new reference to input itself, or to a converted copy */
static THTensor *converted(THTensor *input, THScalarType dtype, const char *fn) {
  if (input->storage->dtype == dtype) {
    THTensor_retain(input);
    return input;
  }
  THTensor *src = th_tensor_new_with_size(dtype, input->nDimension, th_sizes(input), NULL, fn);
  if (src && THTensor_copy(src, input)) {
    THTensor_free(src);
    return NULL;
  }
  return src;
}

static THScalarType acc_of(THScalarType t) { return t == TH_FLOAT64 ? TH_FLOAT64 : TH_FLOAT32; }

/* The row setup every op shares: J (op, dtype and a norm's eps and
 * parameters set) over the rows along dim of src's nd dims (of size, at
 * in_stride) into out's ndo dims (at out_stride: logsumexp's rows shrink to
 * one element), in the computing dtype. */
static int run_rows(Job *J, const THTensor *src, int nd, const int64_t *size,
                    const int64_t *in_stride, int dim, THTensor *out, int ndo,
                    const int64_t *out_stride, const char *fn) {
  J->acc = acc_of(J->dtype);
  J->es = (ptrdiff_t)THScalarType_elementSize(J->dtype);
  J->acc_es = (ptrdiff_t)THScalarType_elementSize(J->acc);
  th_rows_init(&J->rows, nd, size, dim);
  th_rows_strides(&J->rows, nd, in_stride, J->in_st);
  th_rows_strides(&J->rows, ndo, out_stride, J->out_st);
  J->in = th_tensor_bytes(src);
  J->out = th_tensor_bytes(out);
  return run(J, fn);
}

/* softmax, log_softmax, logsumexp along dim */
static int along_dim(int op, THTensor *result, THTensor *input, int dim, int keepdim,
                     const char *fn) {
  if (check_args(op, result, input, fn)) return -1;
  int nd = input->nDimension;
  int d = th_wrap_dim_scalar(dim, nd, "dim", fn);
  if (d < 0) return -1;
  int64_t size[TH_MAX_DIMS];
  int ndr = nd;
  memcpy(size, th_sizes(input), sizeof(int64_t) * (size_t)nd);
  if (op == ROW_LOGSUMEXP && nd > 0) {
    if (keepdim) {
      size[d] = 1;
    } else {
      memmove(size + d, size + d + 1, sizeof(int64_t) * (size_t)(nd - d - 1));
      ndr = nd - 1;
    }
  }
  if (th_check_result_strides(result, ndr, size, fn)) return -1;
  THScalarType dtype = result->storage->dtype;
  THTensor *src = converted(input, dtype, fn);
  if (!src) return -1;
  THTensor *out = result;
  int aside = needs_aside(op, result, src);
  if (aside ? !(out = th_tensor_new_with_size(dtype, ndr, size, NULL, fn))
            : th_resize_results(result, NULL, ndr, size, fn) != 0)
    goto fail;
  if (th_tensor_numel(out) > 0) {
    const int64_t one = 1;
    Job J = {.op = op, .dtype = dtype};
    if (run_rows(&J, src, nd, th_sizes(src), nd ? th_strides(src) : &one, d, out, ndr,
                 ndr ? th_strides(out) : &one, fn))
      goto fail;
  }
  if (aside) {
    if (th_resize_results(result, NULL, ndr, size, fn) || THTensor_copy(result, out)) goto fail;
    THTensor_free(out);
  }
  THTensor_free(src);
  return 0;
fail:
  if (aside) THTensor_free(out);
  THTensor_free(src);
  return -1;
}

/* A parameter of the normalized shape (k dims ending input's sizes) as n
 * contiguous elements of acc: a new tensor, or NULL with the error set. */
static THTensor *parameter(THTensor *p, const char *what, const THTensor *input, int k,
                           THScalarType acc, const char *fn) {
  TH_CHECK_TENSOR_AS(p, fn, NULL);
  const int64_t *shape = th_sizes(input) + input->nDimension - k;
  if (!th_has_shape(p, k, shape)) {
    char got[128], want[128];
    th_format_shape(got, sizeof got, p->nDimension, th_sizes(p));
    th_format_shape(want, sizeof want, k, shape);
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "Expected %s to be of same shape as normalized_shape, but "
              "got %s of shape %s and normalized_shape = %s", what, what, got, want);
    return NULL;
  }
  if (THScalarType_isComplex(p->storage->dtype)) {
    TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "a complex %s is not supported", what);
    return NULL;
  }
  THTensor *c = th_tensor_new_with_size(acc, k, shape, NULL, fn);
  if (c && THTensor_copy(c, p)) {
    THTensor_free(c);
    return NULL;
  }
  return c;
}

/* The last k dims of t seen as one (rows of n): sizes and strides of
 * nd - k + 1 dims, 1 when t's strides can express them. */
static int collapse(const THTensor *t, int k, int64_t *size, int64_t *stride, const char *fn) {
  int nd = t->nDimension, ndc = nd - k + 1;
  int64_t want[TH_MAX_DIMS], n = 1;
  for (int d = 0; d < nd - k; d++) want[d] = th_sizes(t)[d];
  for (int d = nd - k; d < nd; d++) n *= th_sizes(t)[d];
  want[ndc - 1] = n;
  return th_reshape_geometry(t, ndc, want, size, stride, fn);
}

/* layer_norm and rms_norm over the last k dims */
static int normalize(int op, THTensor *result, THTensor *input, int k, THTensor *weight,
                     THTensor *bias, double eps, const char *fn) {
  if (check_args(op, result, input, fn)) return -1;
  THScalarType dtype = input->storage->dtype, acc = acc_of(dtype);
  int nd = input->nDimension;
  if (!computing_dtype(dtype)) {
    TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "\"%s\" not implemented for %s", op_names[op],
              THScalarType_name(dtype));
    return -1;
  }
  if (result->storage->dtype != dtype) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "%s: expected a result of dtype %s, but got %s",
              op_names[op], THScalarType_name(dtype), THScalarType_name(result->storage->dtype));
    return -1;
  }
  if (k < 1 || k > nd) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "normalized_ndim %d out of range: the input has %d dims", k,
              nd);
    return -1;
  }
  /* torch's mixed types: parameters of input's dtype, or (the first one
   * given is not of input's) float32 ones for a half input; rms_norm
   * converts any */
  THTensor *params[2] = {weight, bias}, *first = weight ? weight : bias;
  int mixed = op == ROW_LAYER_NORM && first && first->storage->dtype != dtype;
  if (mixed && dtype != TH_FLOAT16 && dtype != TH_BFLOAT16) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "mixed dtype (CPU): all inputs must share same datatype.");
    return -1;
  }
  for (int i = 0; op == ROW_LAYER_NORM && i < 2; i++) {
    THScalarType pt = params[i] ? params[i]->storage->dtype : dtype;
    if (mixed && params[i] && pt != TH_FLOAT32) {
      TH_ERR_FN(TH_ERROR_RUNTIME, fn,
                "mixed dtype (CPU): expect parameter to have scalar type of Float");
      return -1;
    }
    if (!mixed && pt != dtype) {
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "expected scalar type %s but found %s",
                THScalarType_name(dtype), THScalarType_name(pt));
      return -1;
    }
  }
  if (th_check_result_strides(result, nd, th_sizes(input), fn)) return -1;
  THTensor *w = weight ? parameter(weight, "weight", input, k, acc, fn) : NULL;
  THTensor *b = bias && op == ROW_LAYER_NORM ? parameter(bias, "bias", input, k, acc, fn) : NULL;
  THTensor *src = NULL, *out = result;
  int aside = 0, rc = -1;
  if ((weight && !w) || (bias && op == ROW_LAYER_NORM && !b)) goto done;
  int64_t isize[TH_MAX_DIMS], istride[TH_MAX_DIMS], osize[TH_MAX_DIMS], ostride[TH_MAX_DIMS];
  int ndc = nd - k + 1;
  /* rows of n elements: input's strides when they can express them */
  int g = collapse(input, k, isize, istride, fn);
  if (g < 0) goto done;
  if (g) {
    THTensor_retain(src = input);
  } else {
    if (!(src = THTensor_newContiguous(input)) || collapse(src, k, isize, istride, fn) != 1)
      goto done;
  }
  aside = needs_aside(op, result, src);
  if (!aside) {
    if (th_resize_results(result, NULL, nd, th_sizes(input), fn)) goto done;
    aside = th_tensor_numel(result) > 0 && collapse(result, k, osize, ostride, fn) != 1;
  }
  if (aside && !(out = th_tensor_new_with_size(dtype, nd, th_sizes(input), NULL, fn))) goto done;
  if (th_tensor_numel(out) > 0) {
    if (collapse(out, k, osize, ostride, fn) != 1) goto done;
    Job J = {.op = op, .dtype = dtype, .eps = eps, .w = w ? th_tensor_bytes(w) : NULL,
             .b = b ? th_tensor_bytes(b) : NULL};
    if (run_rows(&J, src, ndc, isize, istride, ndc - 1, out, ndc, ostride, fn)) goto done;
  }
  if (aside &&
      (th_resize_results(result, NULL, nd, th_sizes(input), fn) || THTensor_copy(result, out)))
    goto done;
  rc = 0;
done:
  if (aside && out != result) THTensor_free(out);
  THTensor_free(src);
  THTensor_free(w);
  THTensor_free(b);
  return rc;
}

/* ------------------------------------------------------------ public API */

int THTensor_softmax(THTensor *result, THTensor *input, int dim) {
  return along_dim(ROW_SOFTMAX, result, input, dim, 0, __func__);
}

int THTensor_logSoftmax(THTensor *result, THTensor *input, int dim) {
  return along_dim(ROW_LOG_SOFTMAX, result, input, dim, 0, __func__);
}

int THTensor_logsumexp(THTensor *result, THTensor *input, int dim, int keepdim) {
  return along_dim(ROW_LOGSUMEXP, result, input, dim, keepdim, __func__);
}

int THTensor_layerNorm(THTensor *result, THTensor *input, int normalized_ndim, THTensor *weight,
                       THTensor *bias, double eps) {
  return normalize(ROW_LAYER_NORM, result, input, normalized_ndim, weight, bias, eps, __func__);
}

int THTensor_rmsNorm(THTensor *result, THTensor *input, int normalized_ndim, THTensor *weight,
                     double eps) {
  return normalize(ROW_RMS_NORM, result, input, normalized_ndim, weight, NULL, eps, __func__);
}
