/* THSTensor_newCoalesce: an LSD radix sort of the linearised coordinates
 * (stable, so duplicates keep their order), then a segmented sum of the
 * duplicates' value rows.
 *
 * Keys. When the bit widths of the sparse sizes and of nnz fit in 64 bits,
 * each column becomes one uint64: its coordinates packed in bit fields
 * (row-major order is then numeric order) above its column number. One
 * array of 8 bytes per entry is sorted, and a sorted element decodes to its
 * coordinates and its column with shifts. Otherwise the key is the
 * row-major linear index (it fits int64: sizes are checked at creation) and
 * the column numbers move in a second array; coordinates are then gathered
 * from the input.
 *
 * Threads. Each pass splits the entries into T chunks: per-chunk digit
 * histograms give every chunk its own output offsets, so chunks scatter in
 * parallel and the result is the one stable order, whatever T is. The sum
 * splits at segment starts, so each duplicate group is added by one thread
 * in input order: results are identical for any thread count.
 *
 * The duplicate sum is a segmented reduction, not an element-wise
 * operation: it is a typed loop of its own here (THSTensorTyped.h). */
#include <string.h>

#include "core/THMemoryImpl.h"
#include "core/THParallelImpl.h"
#include "sparse/THSTensorImpl.h"
#include "sparse/THSTensorTyped.h"

#define DIGIT_BITS 11
#define MAX_PASSES 6 /* ceil(64 / DIGIT_BITS) */
#define MAX_CHUNKS 8
#define MIN_CHUNK ((int64_t)1 << 16) /* entries a thread is worth starting for */

static int bit_width(uint64_t x) { return x ? 64 - __builtin_clzll(x) : 0; }

typedef struct Sort {
  /* input */
  const int64_t *idx;
  int64_t s0, s1, nnz;
  int nDimI;
  int shift[TH_MAX_DIMS];   /* packed: coordinate d's bit field starts here */
  int width[TH_MAX_DIMS];
  int64_t stride[TH_MAX_DIMS]; /* not packed: row-major linear strides */
  int packed, pbits, kbits;
  /* arrays: keys (packed: key << pbits | column) and, not packed, columns */
  uint64_t *keys, *keys_tmp, *cols, *cols_tmp;
  /* radix */
  int passes, digit, first_bit, nchunks;
  int64_t bound[MAX_CHUNKS + 1];
  int64_t (*hist)[1 << DIGIT_BITS]; /* [chunk * passes + pass][bucket] */
  int sorted_chunks[MAX_CHUNKS];    /* keys already non-decreasing in the chunk */
  int pass;
  /* segmented sum */
  int64_t seg_bound[MAX_CHUNKS + 1], seg_start[MAX_CHUNKS + 1];
  const char *values;
  char *out_values;
  int64_t *out_idx;
  int64_t rowlen, nnz_out;
  THScalarType dtype;
} Sort;

static inline uint64_t key_at(const Sort *s, int64_t k) {
  return s->packed ? s->keys[k] >> s->pbits : s->keys[k];
}
static inline int64_t col_at(const Sort *s, int64_t k) {
  return s->packed ? (int64_t)(s->keys[k] & (((uint64_t)1 << s->pbits) - 1)) : (int64_t)s->cols[k];
}
static inline int64_t *chunk_hist(const Sort *s, int chunk, int pass) {
  return s->hist[chunk * s->passes + pass];
}

/* The histogram of pass p's digit over chunk c's keys as they are now. */
static void count_digit(Sort *s, int c, int p) {
  int64_t *h = chunk_hist(s, c, p);
  int sh = s->first_bit + p * s->digit;
  uint64_t mask = ((uint64_t)1 << s->digit) - 1;
  memset(h, 0, sizeof(int64_t) << DIGIT_BITS);
  for (int64_t k = s->bound[c]; k < s->bound[c + 1]; k++) h[(s->keys[k] >> sh) & mask]++;
}

/* Keys of columns [b, e) and, for chunk c, the histograms of every digit. */
static void make_keys(int64_t c0, int64_t c1, void *ctx) {
  Sort *s = ctx;
  for (int64_t c = c0; c < c1; c++) {
    int64_t b = s->bound[c], e = s->bound[c + 1];
    uint64_t prev = 0;
    int sorted = 1;
    for (int64_t k = b; k < e; k++) {
      uint64_t key = 0;
      if (s->packed) {
        for (int d = 0; d < s->nDimI; d++)
          key |= (uint64_t)s->idx[d * s->s0 + k * s->s1] << s->shift[d];
        s->keys[k] = key << s->pbits | (uint64_t)k;
      } else {
        for (int d = 0; d < s->nDimI; d++) key += (uint64_t)(s->idx[d * s->s0 + k * s->s1] * s->stride[d]);
        s->keys[k] = key;
        s->cols[k] = (uint64_t)k;
      }
      sorted &= key >= prev;
      prev = key;
    }
    s->sorted_chunks[c] = sorted;
    for (int p = 0; p < s->passes; p++) count_digit(s, (int)c, p);
  }
}

/* The current pass's digit histogram of each chunk (after pass 0 the chunks
 * hold other entries than when the keys were made). */
static void histogram(int64_t c0, int64_t c1, void *ctx) {
  Sort *s = ctx;
  for (int64_t c = c0; c < c1; c++) count_digit(s, (int)c, s->pass);
}

/* Chunk c's entries to their places; the histogram holds its offsets now. */
static void scatter(int64_t c0, int64_t c1, void *ctx) {
  Sort *s = ctx;
  int sh = s->first_bit + s->pass * s->digit;
  uint64_t mask = ((uint64_t)1 << s->digit) - 1;
  for (int64_t c = c0; c < c1; c++) {
    int64_t *off = chunk_hist(s, (int)c, s->pass);
    const uint64_t *src = s->keys;
    uint64_t *dst = s->keys_tmp;
    int64_t b = s->bound[c], e = s->bound[c + 1];
    if (s->packed) {
      for (int64_t k = b; k < e; k++) {
        uint64_t x = src[k];
        dst[off[(x >> sh) & mask]++] = x;
      }
    } else {
      for (int64_t k = b; k < e; k++) {
        int64_t at = off[(src[k] >> sh) & mask]++;
        dst[at] = src[k];
        s->cols_tmp[at] = s->cols[k];
      }
    }
  }
}

static void radix_sort(Sort *s) {
  int64_t B = (int64_t)1 << s->digit;
  for (s->pass = 0; s->pass < s->passes; s->pass++) {
    if (s->pass > 0 && s->nchunks > 1) th_parallel_for(s->nchunks, 1, histogram, s);
    /* a digit every key shares moves nothing */
    int64_t nonempty = 0;
    for (int64_t d = 0; d < B && nonempty < 2; d++) {
      int64_t total = 0;
      for (int c = 0; c < s->nchunks; c++) total += chunk_hist(s, c, s->pass)[d];
      nonempty += total > 0;
    }
    if (nonempty < 2) continue;
    int64_t at = 0;
    for (int64_t d = 0; d < B; d++) {
      for (int c = 0; c < s->nchunks; c++) {
        int64_t *h = chunk_hist(s, c, s->pass);
        int64_t count = h[d];
        h[d] = at;
        at += count;
      }
    }
    th_parallel_for(s->nchunks, 1, scatter, s);
    uint64_t *t = s->keys;
    s->keys = s->keys_tmp;
    s->keys_tmp = t;
    t = s->cols;
    s->cols = s->cols_tmp;
    s->cols_tmp = t;
  }
}

/* -------------------------------------------------------- segmented sums */

/* Segments starting in [seg_bound[c], seg_bound[c + 1]) of each chunk. */
static void count_segments(int64_t c0, int64_t c1, void *ctx) {
  Sort *s = ctx;
  for (int64_t c = c0; c < c1; c++) {
    int64_t n = 0;
    for (int64_t k = s->seg_bound[c]; k < s->seg_bound[c + 1]; k++)
      n += k == 0 || key_at(s, k) != key_at(s, k - 1);
    s->seg_start[c + 1] = n;
  }
}

/* Per dtype: the duplicate sum of chunk c (rows in sorted order into their
 * segments). */
#define DEFINE_KERNELS(T)                                                          \
  static void sum_##T(Sort *s, int64_t c) {                                      \
    const T *src = (const T *)s->values;                                         \
    T *dst = (T *)s->out_values;                                                 \
    int64_t D = s->rowlen, j = s->seg_start[c] - 1;                              \
    for (int64_t k = s->seg_bound[c]; k < s->seg_bound[c + 1]; k++) {            \
      const T *row = src + col_at(s, k) * D;                                     \
      if (k == 0 || key_at(s, k) != key_at(s, k - 1)) {                          \
        j++;                                                                     \
        for (int64_t i = 0; i < D; i++) dst[j * D + i] = row[i];                 \
      } else {                                                                   \
        for (int64_t i = 0; i < D; i++) dst[j * D + i] = add_##T(dst[j * D + i], row[i]); \
      }                                                                          \
    }                                                                            \
  }

#define DEFINE(E, T) DEFINE_KERNELS(T)
FOR_EACH_DTYPE(DEFINE)
#undef DEFINE

/* Chunk c: its segments' coordinates and summed values. */
static void write_segments(int64_t c0, int64_t c1, void *ctx) {
  Sort *s = ctx;
  for (int64_t c = c0; c < c1; c++) {
    int64_t j = s->seg_start[c] - 1, n = s->nnz_out;
    for (int64_t k = s->seg_bound[c]; k < s->seg_bound[c + 1]; k++) {
      if (k > 0 && key_at(s, k) == key_at(s, k - 1)) continue;
      j++;
      if (s->packed) {
        uint64_t key = key_at(s, k);
        for (int d = 0; d < s->nDimI; d++)
          s->out_idx[d * n + j] = (int64_t)((key >> s->shift[d]) & (((uint64_t)1 << s->width[d]) - 1));
      } else {
        int64_t col = col_at(s, k);
        for (int d = 0; d < s->nDimI; d++) s->out_idx[d * n + j] = s->idx[d * s->s0 + col * s->s1];
      }
    }
    switch (s->dtype) {
#define CASE(E, T) \
  case E:          \
    sum_##T(s, c); \
    break;
      FOR_EACH_DTYPE(CASE)
#undef CASE
      default:
        break;
    }
  }
}

/* -------------------------------------------------------------- driver */

static int plan(Sort *s, const int64_t *size) {
  int kbits = 0;
  for (int d = s->nDimI - 1; d >= 0; d--) {
    s->width[d] = bit_width((uint64_t)(size[d] > 0 ? size[d] - 1 : 0));
    s->shift[d] = kbits;
    kbits += s->width[d];
  }
  s->pbits = s->nnz > 1 ? bit_width((uint64_t)(s->nnz - 1)) : 0;
  s->packed = kbits + s->pbits <= 64;
  if (!s->packed) {
    int64_t stride = 1;
    for (int d = s->nDimI - 1; d >= 0; d--) {
      s->stride[d] = stride;
      stride *= size[d] > 0 ? size[d] : 1; /* fits: the size product was checked */
    }
    kbits = bit_width((uint64_t)(stride - 1));
  }
  s->kbits = kbits;
  s->first_bit = s->packed ? s->pbits : 0;
  s->passes = kbits ? (kbits + DIGIT_BITS - 1) / DIGIT_BITS : 1;
  s->digit = kbits ? (kbits + s->passes - 1) / s->passes : 1;
  int64_t chunks = THGetNumThreads();
  if (chunks > MAX_CHUNKS) chunks = MAX_CHUNKS;
  if (chunks > s->nnz / MIN_CHUNK) chunks = s->nnz / MIN_CHUNK;
  s->nchunks = chunks < 1 ? 1 : (int)chunks;
  for (int c = 0; c <= s->nchunks; c++) s->bound[c] = s->nnz * c / s->nchunks;
  return 0;
}

int ths_coalesce_parts(const THTensor *indices, const THTensor *values, int64_t nnz, int nDimI,
                       const int64_t *size, THTensor **indices_out, THTensor **values_out,
                       int64_t *nnz_out, const char *fn) {
  Sort s;
  memset(&s, 0, sizeof s);
  s.idx = (const int64_t *)th_tensor_bytes(indices);
  s.s0 = th_strides(indices)[0];
  s.s1 = th_strides(indices)[1];
  s.nnz = nnz;
  s.nDimI = nDimI;
  s.values = th_tensor_bytes(values);
  s.dtype = values->storage->dtype;
  s.rowlen = 1;
  for (int d = 1; d < values->nDimension; d++) s.rowlen *= th_sizes(values)[d];
  plan(&s, size);
  int arrays = s.packed ? 2 : 4;
  size_t bytes = sizeof(uint64_t) * (size_t)nnz;
  uint64_t *block = th_malloc(bytes * (size_t)arrays + 1); /* + 1: never malloc(0) */
  s.hist = th_malloc(sizeof(*s.hist) * (size_t)(s.nchunks * s.passes));
  if (!block || !s.hist) {
    th_free(block);
    th_free(s.hist);
    TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate the sort buffers for nnz = %lld",
              (long long)nnz);
    return -1;
  }
  s.keys = block;
  s.keys_tmp = block + nnz;
  if (!s.packed) {
    s.cols = block + 2 * nnz;
    s.cols_tmp = block + 3 * nnz;
  }
  th_parallel_for(s.nchunks, 1, make_keys, &s);
  int sorted = 1;
  for (int c = 0; c < s.nchunks; c++) sorted &= s.sorted_chunks[c];
  for (int c = 1; sorted && c < s.nchunks; c++)
    sorted = key_at(&s, s.bound[c] - 1) <= key_at(&s, s.bound[c]);
  if (!sorted) radix_sort(&s);
  /* segment-aligned chunks for the sums */
  s.seg_bound[0] = 0;
  for (int c = 1; c <= s.nchunks; c++) {
    int64_t b = c == s.nchunks ? nnz : s.bound[c];
    if (b < s.seg_bound[c - 1]) b = s.seg_bound[c - 1];
    while (b > 0 && b < nnz && key_at(&s, b) == key_at(&s, b - 1)) b++;
    s.seg_bound[c] = b;
  }
  th_parallel_for(s.nchunks, 1, count_segments, &s);
  s.seg_start[0] = 0;
  for (int c = 0; c < s.nchunks; c++) s.seg_start[c + 1] += s.seg_start[c];
  s.nnz_out = s.seg_start[s.nchunks];
  int64_t isize[2] = {nDimI, s.nnz_out}, vsize[TH_MAX_DIMS + 1];
  vsize[0] = s.nnz_out;
  for (int d = 1; d < values->nDimension; d++) vsize[d] = th_sizes(values)[d];
  *indices_out = th_tensor_new_with_size(TH_INT64, 2, isize, NULL, fn);
  *values_out = *indices_out ? th_tensor_new_with_size(s.dtype, values->nDimension, vsize, NULL, fn)
                             : NULL;
  if (!*values_out) {
    THTensor_free(*indices_out);
    th_free(block);
    th_free(s.hist);
    return -1;
  }
  s.out_idx = (int64_t *)th_tensor_bytes(*indices_out);
  s.out_values = th_tensor_bytes(*values_out);
  th_parallel_for(s.nchunks, 1, write_segments, &s);
  *nnz_out = s.nnz_out;
  th_free(block);
  th_free(s.hist);
  return 0;
}

THSTensor *THSTensor_newCoalesce(THSTensor *self) {
  THS_CHECK(self, NULL);
  if (self->coalesced || self->nnz < 2) {
    THSTensor_retain(self);
    return self;
  }
  THTensor *narrow = THSTensor_newValues(self);
  THTensor *values = narrow ? THTensor_newContiguous(narrow) : NULL;
  THTensor_free(narrow);
  if (!values) return NULL;
  THTensor *indices, *new_values;
  int64_t nnz;
  int rc = ths_coalesce_parts(self->indices, values, self->nnz, self->nDimensionI, self->size,
                              &indices, &new_values, &nnz, __func__);
  THTensor_free(values);
  if (rc) return NULL;
  return ths_alloc_move(indices, new_values, nnz, self->nDimensionI, self->nDimensionV,
                        self->size, 1, __func__);
}
