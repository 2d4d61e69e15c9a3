/* Sorting and selection along a dim (THTensorSort.h): one stable sort under
 * every operation, then each takes what it needs from the sorted row.
 *
 * Keys. Each element becomes an unsigned key whose numeric order is the
 * element order: integers with the sign bit flipped, IEEE floats (float16,
 * bfloat16, float32, float64) with the sign bit set on positives and every
 * bit flipped on negatives; -0.0 takes +0.0's key and every NaN the largest
 * key, so that they compare as torch compares them. Descending flips every
 * key bit. Keys of 32 bits or fewer are packed above the element's index in
 * one uint64 (key << 32 | index): sorting those numbers sorts by key, ties
 * by index, which is a stable order whatever algorithm gets there. 64-bit
 * keys move beside a uint32 index array.
 *
 * Algorithms. Rows of up to SMALL elements: insertion sort. Longer rows:
 * LSD radix sort, 8-bit digits (11 for rows of BIG elements or more), all
 * digit histograms counted in one pass first, a digit every key shares
 * skipped, an already ordered row left as it is. Many rows: split across
 * threads, each with its own scratch. One long row (the 16M-element case):
 * each pass split into chunks with their own histograms, so that chunks
 * scatter in parallel into the one stable order (as the sparse coalesce's
 * radix sort does).
 *
 * Values come back from the keys (the transformation is a bijection but for
 * -0.0 and NaN payloads). The elements with zero's or NaN's key in a row
 * that held -0.0 or NaN, and the selections' single elements, are copied
 * from the input by index instead. Scratch comes from the tensors'
 * allocator, whose huge pages and cache of big blocks spare a long sort
 * most of its page faults. */
#include <string.h>

#include "core/THCpuImpl.h"
#include "core/THMemoryImpl.h"
#include "core/THParallelImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "TH/THAllocator.h"
#include "math/THRowsImpl.h"
#include "TH/THTensorSort.h"

#define SMALL 24                    /* rows this short: insertion sort */
#define BIG ((int64_t)1 << 16)      /* rows this long: 11-bit digits */
#define MAX_CHUNKS 8
#define MIN_CHUNK ((int64_t)1 << 16) /* elements of a long row a thread is worth */
#define MIN_ROWS_WORK ((int64_t)1 << 15) /* elements worth a second thread */

enum { OP_SORT, OP_TOPK, OP_KTH, OP_MEDIAN, OP_NANMEDIAN, OP_MODE };
enum { KIND_UNSIGNED, KIND_SIGNED, KIND_FLOAT };

/* ------------------------------------------------------------------ keys */

#define INT_KEYS(NAME, T, UT, SIGN)                                                     \
  static int NAME(const char *base, ptrdiff_t s, int64_t n, uint64_t flip, int packed,  \
                  uint64_t *a, uint32_t *ix, uint32_t i0) {                             \
    const T *p = (const T *)base;                                                       \
    if (packed)                                                                         \
      for (int64_t i = 0; i < n; i++)                                                   \
        a[i] = ((uint64_t)(((UT)p[i * s] ^ (SIGN))) ^ flip) << 32 | (uint32_t)(i0 + i); \
    else                                                                                \
      for (int64_t i = 0; i < n; i++) {                                                 \
        a[i] = (uint64_t)((UT)p[i * s] ^ (SIGN)) ^ flip;                                \
        ix[i] = (uint32_t)(i0 + i);                                                     \
      }                                                                                 \
    return 0;                                                                           \
  }
INT_KEYS(keys_u8, uint8_t, uint8_t, 0)
INT_KEYS(keys_i8, int8_t, uint8_t, 0x80)
INT_KEYS(keys_u16, uint16_t, uint16_t, 0)
INT_KEYS(keys_i16, int16_t, uint16_t, 0x8000)
INT_KEYS(keys_u32, uint32_t, uint32_t, 0)
INT_KEYS(keys_i32, int32_t, uint32_t, UINT32_C(0x80000000))
INT_KEYS(keys_u64, uint64_t, uint64_t, 0)
INT_KEYS(keys_i64, int64_t, uint64_t, UINT64_C(0x8000000000000000))

/* IEEE bits UT of BITS bits, exponent all ones at INF: returns 1 when the
 * row held -0.0 or NaN (their values cannot come back from the keys). */
#define FLOAT_KEYS(NAME, UT, BITS, INF)                                                 \
  static inline UT NAME##_key(UT u, int *lossy) {                                       \
    const UT sign = (UT)1 << (BITS - 1);                                                \
    if ((UT)(u & (UT)~sign) > (INF)) {                                                  \
      *lossy = 1;                                                                       \
      return (UT)~(UT)0;                                                                \
    }                                                                                   \
    if (u == sign) *lossy = 1, u = 0;                                                   \
    return (u & sign) ? (UT)~u : (UT)(u | sign);                                        \
  }                                                                                     \
  static int NAME(const char *base, ptrdiff_t s, int64_t n, uint64_t flip, int packed,  \
                  uint64_t *a, uint32_t *ix, uint32_t i0) {                             \
    const UT *p = (const UT *)base;                                                     \
    int lossy = 0;                                                                      \
    if (packed)                                                                         \
      for (int64_t i = 0; i < n; i++)                                                   \
        a[i] = ((uint64_t)NAME##_key(p[i * s], &lossy) ^ flip) << 32 | (uint32_t)(i0 + i); \
    else                                                                                \
      for (int64_t i = 0; i < n; i++) {                                                 \
        a[i] = (uint64_t)NAME##_key(p[i * s], &lossy) ^ flip;                           \
        ix[i] = (uint32_t)(i0 + i);                                                     \
      }                                                                                 \
    return lossy;                                                                       \
  }
FLOAT_KEYS(keys_f16, uint16_t, 16, 0x7c00)
FLOAT_KEYS(keys_bf16, uint16_t, 16, 0x7f80)
FLOAT_KEYS(keys_f32, uint32_t, 32, UINT32_C(0x7f800000))
FLOAT_KEYS(keys_f64, uint64_t, 64, UINT64_C(0x7ff0000000000000))

typedef int (*make_keys_fn)(const char *, ptrdiff_t, int64_t, uint64_t, int, uint64_t *,
                            uint32_t *, uint32_t);

typedef struct KeyType {
  make_keys_fn make;
  int bits, kind;
} KeyType;

/* 0 bits: not sortable (complex) */
static KeyType key_type(THScalarType t) {
  switch (t) {
    case TH_BOOL:
    case TH_UINT8: return (KeyType){keys_u8, 8, KIND_UNSIGNED};
    case TH_INT8: return (KeyType){keys_i8, 8, KIND_SIGNED};
    case TH_UINT16: return (KeyType){keys_u16, 16, KIND_UNSIGNED};
    case TH_INT16: return (KeyType){keys_i16, 16, KIND_SIGNED};
    case TH_UINT32: return (KeyType){keys_u32, 32, KIND_UNSIGNED};
    case TH_INT32: return (KeyType){keys_i32, 32, KIND_SIGNED};
    case TH_UINT64: return (KeyType){keys_u64, 64, KIND_UNSIGNED};
    case TH_INT64: return (KeyType){keys_i64, 64, KIND_SIGNED};
    case TH_FLOAT16: return (KeyType){keys_f16, 16, KIND_FLOAT};
    case TH_BFLOAT16: return (KeyType){keys_bf16, 16, KIND_FLOAT};
    case TH_FLOAT32: return (KeyType){keys_f32, 32, KIND_FLOAT};
    case TH_FLOAT64: return (KeyType){keys_f64, 64, KIND_FLOAT};
    default: return (KeyType){NULL, 0, 0};
  }
}

/* ------------------------------------------------------------ the sort */

/* A row being sorted: a (keys) and ix (64-bit keys' indices; NULL when
 * packed), with spares as long for the passes to scatter into. */
typedef struct Buf {
  uint64_t *a, *at;
  uint32_t *ix, *ixt;
} Buf;

static inline void swap_buf(Buf *b) {
  uint64_t *t = b->a;
  b->a = b->at, b->at = t;
  uint32_t *u = b->ix;
  b->ix = b->ixt, b->ixt = u;
}

static int digit_bits(int64_t n) { return n >= BIG ? 11 : 8; }
static int passes_of(int bits, int digit) { return (bits + digit - 1) / digit; }

/* Histograms of every pass's digit over a[0, n) (hist: passes << digit
 * counts); 1 when the keys are in order already. */
static int count_digits(const uint64_t *a, int64_t n, int lo, int passes, int digit,
                        int64_t *hist) {
  uint64_t mask = ((uint64_t)1 << digit) - 1;
  memset(hist, 0, sizeof(int64_t) * ((size_t)passes << digit));
  int sorted = 1;
  for (int64_t i = 0; i < n; i++) {
    uint64_t x = a[i];
    sorted &= i == 0 || x >= a[i - 1];
    for (int p = 0; p < passes; p++) hist[((int64_t)p << digit) + ((x >> (lo + p * digit)) & mask)]++;
  }
  return sorted;
}

static void insertion_sort(Buf *b, int64_t n) {
  for (int64_t i = 1; i < n; i++) {
    uint64_t x = b->a[i];
    uint32_t xi = b->ix ? b->ix[i] : 0;
    int64_t j = i;
    for (; j > 0 && b->a[j - 1] > x; j--) {
      b->a[j] = b->a[j - 1];
      if (b->ix) b->ix[j] = b->ix[j - 1];
    }
    b->a[j] = x;
    if (b->ix) b->ix[j] = xi;
  }
}

/* LSD radix sort of one row on the calling thread: bits [lo, lo + bits) of
 * the keys; hist holds passes << digit counts. */
static void radix_sort(Buf *b, int64_t n, int lo, int bits, int64_t *hist) {
  if (n <= SMALL) {
    insertion_sort(b, n);
    return;
  }
  int digit = digit_bits(n), passes = passes_of(bits, digit);
  uint64_t mask = ((uint64_t)1 << digit) - 1;
  if (count_digits(b->a, n, lo, passes, digit, hist)) return;
  for (int p = 0; p < passes; p++) {
    int64_t *h = hist + ((int64_t)p << digit);
    int sh = lo + p * digit;
    if (h[(b->a[0] >> sh) & mask] == n) continue; /* every key shares this digit */
    int64_t at = 0;
    for (int64_t d = 0; d <= (int64_t)mask; d++) {
      int64_t c = h[d];
      h[d] = at;
      at += c;
    }
    const uint64_t *src = b->a;
    uint64_t *dst = b->at;
    if (b->ix) {
      for (int64_t i = 0; i < n; i++) {
        int64_t o = h[(src[i] >> sh) & mask]++;
        dst[o] = src[i];
        b->ixt[o] = b->ix[i];
      }
    } else {
      for (int64_t i = 0; i < n; i++) dst[h[(src[i] >> sh) & mask]++] = src[i];
    }
    swap_buf(b);
  }
}

/* ------------------------------------------------------- the operations */

typedef struct Job {
  int op;
  KeyType kt;
  size_t es;
  int packed, lo;
  uint64_t flip;
  int64_t k; /* topk: how many; kthvalue: the position (from 0) */
  void (*few)(const char *, ptrdiff_t, int64_t, int64_t, uint32_t, int64_t,
              uint64_t *); /* topk of a few: few_filter(dtype) */
  THRows rows;
  const char *in;
  int64_t in_st[TH_MAX_DIMS];
  char *v;
  int64_t *ix;
  int64_t v_st[TH_MAX_DIMS], ix_st[TH_MAX_DIMS];
  /* scratch: per chunk, a row's buffers and histograms */
  int nchunks;
  Buf bufs[MAX_CHUNKS];
  int64_t *hists[MAX_CHUNKS];
  int lossy[MAX_CHUNKS];
  /* one long row split across threads */
  int64_t bound[MAX_CHUNKS + 1];
  int64_t big_off; /* the long row's offset in the input */
  int pass, digit, passes;
  Buf big;
  int64_t *chunk_hist; /* [chunk][pass][digit] */
} Job;

/* Keys of row r's elements [i0, i0 + n) into b. */
static int make_row_keys(const Job *J, int64_t r_off, int64_t i0, int64_t n, Buf *b) {
  ptrdiff_t s = J->in_st[J->rows.dim];
  const char *p = J->in + (r_off + i0 * s) * (int64_t)J->es;
  return J->kt.make(p, s, n, J->flip, J->packed, b->a + i0, b->ix ? b->ix + i0 : NULL,
                    (uint32_t)i0);
}

static inline uint32_t index_at(const Job *J, const Buf *b, int64_t j) {
  return J->packed ? (uint32_t)b->a[j] : b->ix[j];
}

static inline uint64_t key_at(const Job *J, const Buf *b, int64_t j) {
  return (J->packed ? b->a[j] >> 32 : b->a[j]) ^ J->flip;
}

/* The sorted row's element j, copied from the input row at r_in (its
 * bits as they are: a -0.0 or NaN keeps them), into dst. */
static inline void copy_value(const Job *J, const Buf *b, int64_t j, int64_t r_in, char *dst) {
  int64_t at = r_in + (int64_t)index_at(J, b, j) * J->in_st[J->rows.dim];
  memcpy(dst, J->in + at * (int64_t)J->es, J->es);
}

/* The values and indices of m sorted keys, rebuilt from the keys: the key
 * (unflipped) xor mpos when its top bit is set, else xor mneg, is the
 * element (see unkey). The keys of zero and NaN stand for -0.0 and every
 * NaN too: with lossy, those elements are copied from the input row (in,
 * stride s) instead. Typed loops with everything in locals, for the long
 * rows where this is a pass over all the data. */
#define PUT_KEYS(NAME, T)                                                                  \
  static void NAME(const uint64_t *restrict a, const uint32_t *restrict ixs, int64_t m,    \
                   uint64_t flip, uint64_t sign, uint64_t mpos, uint64_t mneg, int lossy,  \
                   const T *in, ptrdiff_t s, T *restrict v, ptrdiff_t vs,                  \
                   int64_t *restrict ix, ptrdiff_t is) {                                   \
    uint64_t nan_key = sign | mneg; /* all ones for floats */                             \
    for (int64_t j = 0; j < m; j++) {                                                     \
      uint64_t x = a[j], k = (ixs ? x : x >> 32) ^ flip;                                  \
      uint32_t at = ixs ? ixs[j] : (uint32_t)x;                                           \
      v[j * vs] = lossy && (k == sign || k == nan_key) ? in[(int64_t)at * s]              \
                                                       : (T)(k ^ ((k & sign) ? mpos : mneg)); \
      ix[j * is] = at;                                                                    \
    }                                                                                     \
  }
PUT_KEYS(put_keys8, uint8_t)
PUT_KEYS(put_keys16, uint16_t)
PUT_KEYS(put_keys32, uint32_t)
PUT_KEYS(put_keys64, uint64_t)

/* Sorted positions [j0, j0 + m) into the results along dim (sort, topk). */
static void put_run(const Job *J, const Buf *b, int64_t r, int64_t j0, int64_t m, int lossy) {
  int64_t r_in = th_row_offset(&J->rows, J->in_st, r);
  int64_t vo = th_row_offset(&J->rows, J->v_st, r), io = th_row_offset(&J->rows, J->ix_st, r);
  int64_t vs = J->v_st[J->rows.dim], is = J->ix_st[J->rows.dim];
  int bits = J->kt.bits;
  uint64_t sign = (uint64_t)1 << (bits - 1);
  uint64_t mask = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
  uint64_t mpos = J->kt.kind == KIND_UNSIGNED ? 0 : sign;
  uint64_t mneg = J->kt.kind == KIND_FLOAT ? mask : J->kt.kind == KIND_SIGNED ? sign : 0;
  const uint64_t *a = b->a + j0;
  const uint32_t *ixs = J->packed ? NULL : b->ix + j0;
  const char *in = J->in + r_in * (int64_t)J->es;
  ptrdiff_t s = J->in_st[J->rows.dim];
  char *v = J->v + (vo + j0 * vs) * (int64_t)J->es;
  int64_t *ix = J->ix + io + j0 * is;
  lossy = lossy && J->kt.kind == KIND_FLOAT;
#define PUT_ARGS(T) a, ixs, m, J->flip, sign, mpos, mneg, lossy, (const T *)in, s, (T *)v, vs, ix, is
  switch (J->es) {
    case 1: put_keys8(PUT_ARGS(uint8_t)); return;
    case 2: put_keys16(PUT_ARGS(uint16_t)); return;
    case 4: put_keys32(PUT_ARGS(uint32_t)); return;
    default: put_keys64(PUT_ARGS(uint64_t)); return;
  }
#undef PUT_ARGS
}

/* The reductions' one element per row: sorted position j (copied from the
 * input, so a -0.0 or NaN keeps its bits). */
static void put_one(const Job *J, const Buf *b, int64_t r, int64_t j) {
  int64_t r_in = th_row_offset(&J->rows, J->in_st, r);
  copy_value(J, b, j, r_in, J->v + th_row_offset(&J->rows, J->v_st, r) * (int64_t)J->es);
  J->ix[th_row_offset(&J->rows, J->ix_st, r)] = index_at(J, b, j);
}

/* NaNs at the end of an ascending sorted row (their keys are all ones). */
static int64_t trailing_nans(const Job *J, const Buf *b, int64_t n) {
  if (J->kt.kind != KIND_FLOAT) return 0;
  uint64_t all = J->kt.bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << J->kt.bits) - 1;
  int64_t c = 0;
  while (c < n && key_at(J, b, n - 1 - c) == all) c++;
  return c;
}

/* What each operation takes from a sorted row r. */
static void finish_row(const Job *J, const Buf *b, int64_t r, int lossy) {
  int64_t n = J->rows.n;
  switch (J->op) {
    case OP_SORT: put_run(J, b, r, 0, n, lossy); return;
    case OP_TOPK: put_run(J, b, r, 0, J->k, lossy); return;
    case OP_KTH: put_one(J, b, r, J->k); return;
    case OP_MEDIAN: {
      int64_t nan = trailing_nans(J, b, n);
      put_one(J, b, r, nan ? n - nan : (n - 1) / 2);
      return;
    }
    case OP_NANMEDIAN: {
      int64_t m = n - trailing_nans(J, b, n);
      put_one(J, b, r, m ? (m - 1) / 2 : 0);
      return;
    }
    default: { /* mode: the longest run of equal keys, the first (smallest) of those */
      int64_t best = 0, best_end = 1;
      for (int64_t s = 0, e; s < n; s = e) {
        uint64_t key = key_at(J, b, s);
        for (e = s + 1; e < n && key_at(J, b, e) == key; e++) {}
        if (e - s > best) best = e - s, best_end = e;
      }
      put_one(J, b, r, best_end - 1); /* the last occurrence: the largest index */
    }
  }
}

/* ------------------------------------------------------------ selection
 * topk, kthvalue and the medians need the `need` smallest packed keys of a
 * row, not the whole order: a radix select finds them (a byte at a time
 * from the top, the keys below the byte that holds the need-th are taken,
 * those in it stay candidates), then only they are sorted. Packed keys are
 * unique (the index is in them), so the set is the sorted row's first
 * `need` exactly, and the results are the full sort's. */

/* The need smallest of a[0, n) into out[0, need) (any order); a is
 * overwritten. */
static void select_smallest(uint64_t *a, int64_t n, int64_t need, uint64_t *out) {
  int64_t taken = 0, hist[256];
  for (int shift = 56; need > taken && shift >= 0; shift -= 8) {
    if (n == need - taken) break; /* every candidate is in */
    memset(hist, 0, sizeof hist);
    for (int64_t i = 0; i < n; i++) hist[(a[i] >> shift) & 255]++;
    int64_t below = 0, d = 0;
    while (taken + below + hist[d] < need) below += hist[d++];
    int64_t kept = 0;
    for (int64_t i = 0; i < n; i++) {
      int64_t digit = (int64_t)((a[i] >> shift) & 255);
      if (digit < d)
        out[taken++] = a[i];
      else if (digit == d)
        a[kept++] = a[i];
    }
    n = kept;
  }
  for (int64_t i = 0; taken < need; i++) out[taken++] = a[i];
}

/* The element whose packed key is x into row r's results. */
static void put_packed(const Job *J, int64_t r, uint64_t x) {
  Buf one = {&x, NULL, NULL, NULL};
  put_one(J, &one, r, 0);
}

/* The selections of row r by radix select (packed keys); b holds its keys. */
static void select_row(const Job *J, Buf *b, int64_t r, int lossy, int64_t *hist) {
  int64_t n = J->rows.n, need;
  if (J->op == OP_TOPK) {
    need = J->k;
  } else if (J->op == OP_KTH) {
    need = J->k + 1;
  } else { /* the medians: NaNs (the largest keys, all ones) counted first */
    int64_t nan = 0;
    uint64_t all = ((uint64_t)1 << J->kt.bits) - 1;
    if (J->kt.kind == KIND_FLOAT)
      for (int64_t i = 0; i < n; i++) nan += (b->a[i] >> 32) == all;
    int64_t m = n - nan;
    need = 1 + (J->op == OP_MEDIAN ? (nan ? m : (n - 1) / 2) : (m ? (m - 1) / 2 : 0));
  }
  if (need == 0) return;
  select_smallest(b->a, n, need, b->at);
  if (J->op == OP_TOPK) {
    Buf sel = {b->at, b->a, NULL, NULL};
    radix_sort(&sel, need, J->lo, J->kt.bits, hist);
    put_run(J, &sel, r, 0, need, lossy);
    return;
  }
  uint64_t top = b->at[0]; /* the largest of those selected is at position need - 1 */
  for (int64_t i = 1; i < need; i++) top = b->at[i] > top ? b->at[i] : top;
  put_packed(J, r, top);
}

/* topk of a few (k <= FEW_K) from a row of FEW_ROW or more, in one pass.
 * The k smallest packed keys of the first FEW_CAP elements (a quickselect,
 * then sorted) are the best so far; the largest of them is the bar. The
 * rest of the row is tested FEW_RUN elements at a time, in vector lanes,
 * for a key below the bar's; only in a run that has one are the packed keys
 * made, one by one, and one below the bar is inserted in order into the
 * best, pushing out their largest (the bar rises). A later element has a
 * larger index in its packed key, so one whose key equals the bar's is
 * never below it: the best are exactly the k smallest packed keys, as
 * select_row's. On random data a row of n admits about k ln(n / k)
 * elements, so the pass is little more than each element's key made and
 * compared once. */
#define FEW_K 64
#define FEW_CAP 256
#define FEW_RUN 32
#define FEW_ROW 1024 /* at least FEW_CAP */

/* The k smallest of the unique a[0, m) into a[0, k), a[k - 1] the k-th
 * (Hoare's FIND, as Wirth writes it). */
static void quick_select(uint64_t *a, int64_t m, int64_t k) {
  int64_t l = 0, r = m - 1, t = k - 1;
  while (l < r) {
    uint64_t x = a[t];
    int64_t i = l, j = r;
    do {
      while (a[i] < x) i++;
      while (x < a[j]) j--;
      if (i <= j) {
        uint64_t y = a[i];
        a[i++] = a[j];
        a[j--] = y;
      }
    } while (i <= j);
    if (j < t) l = i;
    if (t < i) r = j;
  }
}

/* A float's key, as FLOAT_KEYS makes it, branch-free: every NaN all ones,
 * -0.0 as +0.0 (the sign bit alone). */
#define FLOAT_KEY(UT, BITS, INF)                                                     \
  ((UT)(u & (UT)~((UT)1 << (BITS - 1))) > (INF)   ? (UT)~(UT)0                       \
   : (UT)(u & (UT)~((UT)1 << (BITS - 1))) == 0    ? (UT)((UT)1 << (BITS - 1))        \
   : (u & ((UT)1 << (BITS - 1))) ? (UT)~u : (UT)(u | ((UT)1 << (BITS - 1))))

/* Elements [from, n) of a row (T's bits, stride s) through the bar into
 * best (the k smallest packed keys so far, in order). KEY: element u's key,
 * as INT_KEYS and FLOAT_KEYS make it. */
#define FEW_FILTER(NAME, T, KEY)                                                       \
  TH_CLONES_AVX2 static void NAME(const char *base, ptrdiff_t s, int64_t from, int64_t n, \
                                  uint32_t flip, int64_t k, uint64_t *best) {          \
    const T *p = (const T *)(const void *)base;                                        \
    uint64_t bar = best[k - 1];                                                        \
    for (int64_t i0 = from; i0 < n; i0 += FEW_RUN) {                                   \
      int64_t len = n - i0 < FEW_RUN ? n - i0 : FEW_RUN;                               \
      if (s == 1) {                                                                    \
        const T *q = p + i0;                                                           \
        uint32_t b32 = (uint32_t)(bar >> 32);                                          \
        int any = 0;                                                                   \
        for (int64_t i = 0; i < len; i++) {                                            \
          T u = q[i];                                                                  \
          any |= ((uint32_t)(KEY) ^ flip) < b32;                                       \
        }                                                                              \
        if (!any) continue;                                                            \
      }                                                                                \
      for (int64_t i = i0; i < i0 + len; i++) {                                        \
        T u = p[i * s];                                                                \
        uint64_t x = (uint64_t)((uint32_t)(KEY) ^ flip) << 32 | (uint64_t)i;           \
        if (x >= bar) continue;                                                        \
        int64_t j = k - 1;                                                             \
        for (; j > 0 && best[j - 1] > x; j--) best[j] = best[j - 1];                   \
        best[j] = x;                                                                   \
        bar = best[k - 1];                                                             \
      }                                                                                \
    }                                                                                  \
  }
FEW_FILTER(few_u8, uint8_t, u)
FEW_FILTER(few_i8, uint8_t, (uint8_t)(u ^ 0x80))
FEW_FILTER(few_u16, uint16_t, u)
FEW_FILTER(few_i16, uint16_t, (uint16_t)(u ^ 0x8000))
FEW_FILTER(few_u32, uint32_t, u)
FEW_FILTER(few_i32, uint32_t, u ^ UINT32_C(0x80000000))
FEW_FILTER(few_f16, uint16_t, FLOAT_KEY(uint16_t, 16, 0x7c00))
FEW_FILTER(few_bf16, uint16_t, FLOAT_KEY(uint16_t, 16, 0x7f80))
FEW_FILTER(few_f32, uint32_t, FLOAT_KEY(uint32_t, 32, UINT32_C(0x7f800000)))

typedef void (*few_filter_fn)(const char *, ptrdiff_t, int64_t, int64_t, uint32_t, int64_t,
                              uint64_t *);

/* The filter of dtype t's keys (NULL: keys wider than 32 bits). */
static few_filter_fn few_filter(THScalarType t) {
  switch (t) {
    case TH_BOOL:
    case TH_UINT8: return few_u8;
    case TH_INT8: return few_i8;
    case TH_UINT16: return few_u16;
    case TH_INT16: return few_i16;
    case TH_UINT32: return few_u32;
    case TH_INT32: return few_i32;
    case TH_FLOAT16: return few_f16;
    case TH_BFLOAT16: return few_bf16;
    case TH_FLOAT32: return few_f32;
    default: return NULL;
  }
}

static void topk_few_row(const Job *J, Buf *b, int64_t r) {
  int64_t n = J->rows.n, k = J->k, r_off = th_row_offset(&J->rows, J->in_st, r);
  if (k == 0) return;
  make_row_keys(J, r_off, 0, FEW_CAP, b);
  quick_select(b->a, FEW_CAP, k);
  insertion_sort(b, k);
  J->few(J->in + r_off * (int64_t)J->es, J->in_st[J->rows.dim], FEW_CAP, n, (uint32_t)J->flip,
         k, b->a);
  /* lossy: any -0.0 or NaN among the k is copied from the input (exact for
   * every row, whether it held one or not) */
  put_run(J, b, r, 0, k, 1);
}

/* Rows [c * count / nchunks, ...) of chunk c, each sorted (or selected
 * from) in c's scratch. */
static void rows_body(int64_t c0, int64_t c1, void *ctx) {
  Job *J = ctx;
  int select = J->packed && J->rows.n > SMALL &&
               (J->op == OP_TOPK || J->op == OP_KTH || J->op == OP_MEDIAN ||
                J->op == OP_NANMEDIAN);
  int few = J->few && J->op == OP_TOPK && J->k <= FEW_K && J->rows.n >= FEW_ROW;
  for (int64_t c = c0; c < c1; c++) {
    int64_t r0 = J->rows.count * c / J->nchunks, r1 = J->rows.count * (c + 1) / J->nchunks;
    for (int64_t r = r0; r < r1; r++) {
      Buf b = J->bufs[c];
      if (few) {
        topk_few_row(J, &b, r);
        continue;
      }
      int lossy = make_row_keys(J, th_row_offset(&J->rows, J->in_st, r), 0, J->rows.n, &b);
      if (select) {
        select_row(J, &b, r, lossy, J->hists[c]);
        continue;
      }
      radix_sort(&b, J->rows.n, J->lo, J->kt.bits, J->hists[c]);
      finish_row(J, &b, r, lossy);
    }
  }
}

/* ----------------------------------------- one long row, split in chunks */

static inline int64_t *hist_of(const Job *J, int64_t c, int p) {
  return J->chunk_hist + ((c * J->passes + p) << J->digit);
}

static void count_chunk(const Job *J, int64_t c, int p) {
  int64_t *h = hist_of(J, c, p);
  int sh = J->lo + p * J->digit;
  uint64_t mask = ((uint64_t)1 << J->digit) - 1;
  memset(h, 0, sizeof(int64_t) << J->digit);
  for (int64_t i = J->bound[c]; i < J->bound[c + 1]; i++) h[(J->big.a[i] >> sh) & mask]++;
}

static void big_keys(int64_t c0, int64_t c1, void *ctx) {
  Job *J = ctx;
  for (int64_t c = c0; c < c1; c++) {
    int64_t b = J->bound[c], e = J->bound[c + 1];
    J->lossy[c] = make_row_keys(J, J->big_off, b, e - b, &J->big);
    /* every pass's histogram in one read of the chunk */
    uint64_t mask = ((uint64_t)1 << J->digit) - 1;
    int64_t *h = hist_of(J, c, 0);
    memset(h, 0, sizeof(int64_t) * ((size_t)J->passes << J->digit));
    for (int64_t i = b; i < e; i++) {
      uint64_t x = J->big.a[i];
      for (int p = 0; p < J->passes; p++)
        h[((int64_t)p << J->digit) + ((x >> (J->lo + p * J->digit)) & mask)]++;
    }
  }
}

static void big_count(int64_t c0, int64_t c1, void *ctx) {
  Job *J = ctx;
  for (int64_t c = c0; c < c1; c++) count_chunk(J, c, J->pass);
}

static void big_scatter(int64_t c0, int64_t c1, void *ctx) {
  Job *J = ctx;
  int sh = J->lo + J->pass * J->digit;
  uint64_t mask = ((uint64_t)1 << J->digit) - 1;
  const uint64_t *src = J->big.a;
  uint64_t *dst = J->big.at;
  for (int64_t c = c0; c < c1; c++) {
    int64_t *off = hist_of(J, c, J->pass);
    if (J->big.ix) {
      for (int64_t i = J->bound[c]; i < J->bound[c + 1]; i++) {
        int64_t o = off[(src[i] >> sh) & mask]++;
        dst[o] = src[i];
        J->big.ixt[o] = J->big.ix[i];
      }
    } else {
      for (int64_t i = J->bound[c]; i < J->bound[c + 1]; i++) dst[off[(src[i] >> sh) & mask]++] = src[i];
    }
  }
}

typedef struct Put {
  Job *J;
  int64_t r;
  int lossy;
} Put;

static void big_put(int64_t c0, int64_t c1, void *ctx) {
  Put *P = ctx;
  const Job *J = P->J;
  for (int64_t c = c0; c < c1; c++) {
    int64_t b = J->bound[c], e = J->bound[c + 1];
    int64_t m = J->op == OP_TOPK ? (J->k < b ? 0 : (J->k < e ? J->k : e) - b) : e - b;
    if (m > 0) put_run(J, &J->big, P->r, b, m, P->lossy);
  }
}

/* Row r, long, sorted by J->nchunks threads (J->big and chunk_hist hold
 * room for it). */
static void sort_big_row(Job *J, int64_t r) {
  int64_t n = J->rows.n, B = (int64_t)1 << J->digit;
  for (int c = 0; c <= J->nchunks; c++) J->bound[c] = n * c / J->nchunks;
  J->big_off = th_row_offset(&J->rows, J->in_st, r);
  th_parallel_for(J->nchunks, 1, big_keys, J);
  int lossy = 0, sorted = 1;
  for (int c = 0; c < J->nchunks; c++) lossy |= J->lossy[c];
  for (int64_t i = 1; i < n && sorted; i++) sorted = J->big.a[i] >= J->big.a[i - 1];
  int moved = 0;
  for (J->pass = 0; !sorted && J->pass < J->passes; J->pass++) {
    if (moved) th_parallel_for(J->nchunks, 1, big_count, J);
    int64_t at = 0, nonempty = 0;
    for (int64_t d = 0; d < B; d++) {
      int64_t total = 0;
      for (int c = 0; c < J->nchunks; c++) {
        int64_t *h = hist_of(J, c, J->pass);
        int64_t count = h[d];
        h[d] = at;
        at += count;
        total += count;
      }
      nonempty += total > 0;
    }
    if (nonempty < 2) continue; /* offsets are spoilt, but nothing moves */
    th_parallel_for(J->nchunks, 1, big_scatter, J);
    swap_buf(&J->big);
    moved = 1;
  }
  if (J->op == OP_SORT || J->op == OP_TOPK) {
    Put put = {J, r, lossy};
    th_parallel_for(J->nchunks, 1, big_put, &put);
  } else {
    finish_row(J, &J->big, r, lossy);
  }
}

/* ------------------------------------------------------------ the driver */

static const char *op_name(int op) {
  static const char *names[] = {"sort", "topk", "kthvalue", "median", "nanmedian", "mode"};
  return names[op];
}

/* torch's dtype rules: sort takes every real dtype and bool; topk refuses
 * bool (RuntimeError); the others implement the real dtypes but uint16,
 * uint32 and uint64 (mode: bool too). topk, kthvalue and mode of a 0-dim
 * tensor copy it without a look at its dtype (but topk's bool and complex
 * refusals), as torch's. */
static int check_dtype(int op, THScalarType t, int nd, const char *fn) {
  if (THScalarType_isComplex(t) && (op == OP_SORT || op == OP_TOPK)) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "%s does not support complex dtypes on CPU",
              op == OP_SORT ? "Sort" : "topk");
    return -1;
  }
  if (op == OP_TOPK && t == TH_BOOL) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "topk does not support bool dtypes on CPU");
    return -1;
  }
  int narrow = t == TH_UINT16 || t == TH_UINT32 || t == TH_UINT64 || THScalarType_isComplex(t);
  int scalar_passes = nd == 0 && (op == OP_TOPK || op == OP_KTH || op == OP_MODE);
  if (op != OP_SORT && !scalar_passes &&
      (narrow || (t == TH_BOOL && op != OP_MODE && op != OP_TOPK))) {
    TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "\"%s_cpu\" not implemented for %s", op_name(op),
              THScalarType_name(t));
    return -1;
  }
  return 0;
}

static int check_out(THTensor *t, THScalarType dtype, const char *what, int on,
                     const int64_t *osz, const char *fn) {
  if (!t) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s is NULL", what);
    return -1;
  }
  TH_CHECK_TENSOR_AS(t, fn, -1);
  if (t->storage->dtype != dtype) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "expected %s to have dtype %s, but got %s", what,
              THScalarType_name(dtype), THScalarType_name(t->storage->dtype));
    return -1;
  }
  if (th_storage_check_not_readonly(t->storage, what, fn) ||
      (th_has_shape(t, on, osz) && th_check_writable(t, what, fn)))
    return -1;
  return 0;
}

/* Scratch for the plan chosen (J->nchunks rows at a time, or one long row
 * split in chunks when big), in one block. */
static void *alloc_scratch(Job *J, int big, const char *fn) {
  int64_t n = J->rows.n;
  J->digit = digit_bits(big ? BIG : n);
  J->passes = passes_of(J->kt.bits, J->digit);
  size_t hist = sizeof(int64_t) * ((size_t)J->passes << J->digit);
  size_t keys = 2 * sizeof(uint64_t) * (size_t)n, idx = J->packed ? 0 : 2 * sizeof(uint32_t) * (size_t)n;
  int copies = big ? 1 : J->nchunks;
  size_t bytes = (keys + idx) * (size_t)copies + hist * (size_t)J->nchunks;
  /* from the tensors' allocator: huge pages and its cache of big blocks
   * spare a long sort most of its page faults */
  char *block = THDefaultAllocator.malloc(NULL, (ptrdiff_t)(bytes ? bytes : 1));
  if (!block) {
    TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate %zu bytes of sort scratch", bytes);
    return NULL;
  }
  char *p = block;
  for (int c = 0; c < copies; c++) {
    Buf b = {(uint64_t *)p, (uint64_t *)p + n, NULL, NULL};
    p += keys;
    if (!J->packed) b.ix = (uint32_t *)p, b.ixt = (uint32_t *)p + n, p += idx;
    if (big)
      J->big = b;
    else
      J->bufs[c] = b;
  }
  if (big)
    J->chunk_hist = (int64_t *)p;
  else
    for (int c = 0; c < J->nchunks; c++) J->hists[c] = (int64_t *)(p + hist * (size_t)c);
  return block;
}

static void free_scratch(void *block) {
  if (block) THDefaultAllocator.free(NULL, block);
}

static int select_rows(int op, THTensor *values, THTensor *indices, THTensor *input, int dim,
                       int64_t k, int keepdim, int descending, const char *fn) {
  if (!input) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "input is NULL");
    return -1;
  }
  TH_CHECK_TENSOR_AS(input, fn, -1);
  if (values && values == indices) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "values and indices must be two different tensors");
    return -1;
  }
  THScalarType dtype = input->storage->dtype;
  int nd = input->nDimension;
  int d = th_wrap_dim_scalar(dim, nd, "dim", fn);
  if (d < 0) return -1;
  Job J = {.op = op, .kt = key_type(dtype), .es = THScalarType_elementSize(dtype)};
  th_rows_init(&J.rows, nd, th_sizes(input), d);
  int64_t n = J.rows.n;
  /* an empty dim is refused before the dtype, as torch checks them */
  if (op >= OP_KTH && n == 0) {
    TH_ERR_FN(TH_ERROR_INDEX, fn, "%s(): Expected reduction dim %d to have non-zero size.",
              op_name(op), d);
    return -1;
  }
  if (check_dtype(op, dtype, nd, fn)) return -1;
  if (!J.kt.make) J.kt = key_type(TH_UINT8); /* a 0-dim tensor no key can order: one row of one */
  if (op == OP_TOPK && (k < 0 || k > n)) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "selected index k out of range (k = %lld, dim %d of size "
              "%lld)", (long long)k, d, (long long)n);
    return -1;
  }
  if (op == OP_KTH && (k < 1 || k > n)) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "kthvalue(): selected number k out of range for dimension "
              "%d (k = %lld, size %lld)", d, (long long)k, (long long)n);
    return -1;
  }
  if (n > (int64_t)UINT32_MAX) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s: rows of more than 2^32 - 1 elements are not supported "
              "(dim %d has %lld)", op_name(op), d, (long long)n);
    return -1;
  }
  /* the results' shape */
  int64_t osz[TH_MAX_DIMS];
  int on = 0;
  for (int i = 0; i < nd; i++) {
    if (i != d || op == OP_SORT)
      osz[on++] = th_sizes(input)[i];
    else if (op == OP_TOPK)
      osz[on++] = k;
    else if (keepdim)
      osz[on++] = 1;
  }
  if (check_out(values, dtype, "values", on, osz, fn) ||
      check_out(indices, TH_INT64, "indices", on, osz, fn))
    return -1;
  /* a result over the input's memory: computed aside, copied at the end */
  int64_t numel = th_tensor_numel(input);
  int aside = numel > 0 && ((th_tensor_numel(values) > 0 && th_tensors_meet(values, input)) ||
                            (th_tensor_numel(indices) > 0 && th_tensors_meet(indices, input)));
  J.packed = J.kt.bits <= 32;
  J.few = J.packed && nd > 0 ? few_filter(dtype) : NULL;
  J.lo = J.packed ? 32 : 0;
  J.flip = descending ? (J.kt.bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << J.kt.bits) - 1) : 0;
  /* a 0-dim tensor's result is its element, whatever k (torch's topk(t, 0) too) */
  J.k = op == OP_KTH ? k - 1 : nd == 0 ? 1 : k;
  int threads = THGetNumThreads();
  /* a selection (topk, kthvalue, the medians of packed keys) reads a long
   * row a few times on one thread, which beats sorting it in chunks on all
   * of them (topk of 10 from 1M float32: 0.27 ms, 14 ms sorted on 2) */
  int selects = J.packed && n > SMALL &&
                (op == OP_TOPK || op == OP_KTH || op == OP_MEDIAN || op == OP_NANMEDIAN);
  int big = n >= BIG && J.rows.count < threads && !selects;
  if (big) {
    int64_t c = n / MIN_CHUNK;
    J.nchunks = (int)(c < threads ? (c < 1 ? 1 : c) : threads);
  } else {
    int64_t c = J.rows.count * n < MIN_ROWS_WORK ? 1 : J.rows.count;
    J.nchunks = (int)(c < threads ? (c < 1 ? 1 : c) : threads);
  }
  if (J.nchunks > MAX_CHUNKS) J.nchunks = MAX_CHUNKS;
  void *scratch = NULL;
  THTensor *v = values, *ix = indices;
  if (numel > 0 && !(scratch = alloc_scratch(&J, big, fn))) return -1;
  if (aside) {
    v = th_tensor_new_with_size(dtype, on, osz, NULL, fn);
    ix = v ? th_tensor_new_with_size(TH_INT64, on, osz, NULL, fn) : NULL;
    if (!ix) goto fail;
  } else if (th_resize_results(values, indices, on, osz, fn)) {
    goto fail;
  }
  if (numel > 0 && th_tensor_numel(v) > 0) {
    const int64_t one = 1;
    th_rows_strides(&J.rows, nd, nd ? th_strides(input) : &one, J.in_st);
    th_rows_strides(&J.rows, on, th_strides(v), J.v_st);
    th_rows_strides(&J.rows, on, th_strides(ix), J.ix_st);
    J.in = th_tensor_bytes(input);
    J.v = th_tensor_bytes(v);
    J.ix = (int64_t *)th_tensor_bytes(ix);
    if (big)
      for (int64_t r = 0; r < J.rows.count; r++) sort_big_row(&J, r);
    else
      th_parallel_for(J.nchunks, 1, rows_body, &J);
  }
  free_scratch(scratch);
  scratch = NULL;
  if (aside) {
    if (th_resize_results(values, indices, on, osz, fn) || THTensor_copy(values, v) ||
        THTensor_copy(indices, ix))
      goto fail;
    THTensor_free(v);
    THTensor_free(ix);
  }
  return 0;
fail:
  free_scratch(scratch);
  if (aside) {
    THTensor_free(v);
    THTensor_free(ix);
  }
  return -1;
}

/* ------------------------------------------------------------ public API */

int THTensor_sort(THTensor *values, THTensor *indices, THTensor *input, int dim,
                  int descending, int stable) {
  (void)stable; /* always stable */
  return select_rows(OP_SORT, values, indices, input, dim, 0, 0, descending, __func__);
}

int THTensor_topk(THTensor *values, THTensor *indices, THTensor *input, int64_t k, int dim,
                  int largest, int sorted) {
  (void)sorted; /* always in order */
  return select_rows(OP_TOPK, values, indices, input, dim, k, 0, largest, __func__);
}

int THTensor_kthvalue(THTensor *values, THTensor *indices, THTensor *input, int64_t k, int dim,
                      int keepdim) {
  return select_rows(OP_KTH, values, indices, input, dim, k, keepdim, 0, __func__);
}

int THTensor_median(THTensor *values, THTensor *indices, THTensor *input, int dim,
                    int keepdim) {
  return select_rows(OP_MEDIAN, values, indices, input, dim, 0, keepdim, 0, __func__);
}

int THTensor_nanmedian(THTensor *values, THTensor *indices, THTensor *input, int dim,
                       int keepdim) {
  return select_rows(OP_NANMEDIAN, values, indices, input, dim, 0, keepdim, 0, __func__);
}

int THTensor_mode(THTensor *values, THTensor *indices, THTensor *input, int dim, int keepdim) {
  return select_rows(OP_MODE, values, indices, input, dim, 0, keepdim, 0, __func__);
}
