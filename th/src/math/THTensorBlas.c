/* Products: TH's BLAS family (addmm, addmv, addr, baddbmm, addbmm, dot and
 * the plain mm, mv, bmm) over OpenBLAS from scipy-openblas32.
 *
 * Every product is a batch of gemms C = beta * C + alpha * A @ B on 2-d
 * views: mv is one with one column (run as a gemv), addr one with k = 1,
 * dot a 1 x 1 one (run as a BLAS dot).
 * A public function checks its operands, views them as 3-d (batch, rows,
 * cols) and hands them to product(), which prepares the result (resized,
 * t copied in unless it is the result itself) and runs one gemm per batch.
 * A gemm hands its operands to BLAS as they lie, or as a transposed view:
 * only a layout BLAS cannot read (no unit stride, overlapping rows) is
 * copied. Dtypes BLAS lacks go through a blocked loop in a wider dtype. */
#include <limits.h>
#include <stdatomic.h>
#include <string.h>

#include <cblas.h> /* scipy-openblas32's: every symbol prefixed scipy_ */

#include "core/THMemoryImpl.h"
#include "core/THParallelImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "TH/THExpr.h"
#include "TH/THTensorMath.h"
#include "math/THBlasImpl.h"
#include "math/THLapackImpl.h" /* th_blas_set_threads */

/* ------------------------------------------------------------- matrices */

/* rows x cols elements of storage at offset with strides s0, s1: one batch
 * of a 3-d operand, without making a tensor for it. */
typedef struct Mat {
  THStorage *storage; /* borrowed */
  int64_t offset, rows, cols, s0, s1;
} Mat;

static Mat mat_of(const THTensor *t3, int64_t batch) {
  const int64_t *size = th_sizes(t3), *stride = th_strides(t3);
  return (Mat){t3->storage, t3->storageOffset + batch * stride[0], size[1], size[2], stride[1],
               stride[2]};
}

static THTensor *mat_tensor(const Mat *m) {
  int64_t size[2] = {m->rows, m->cols}, stride[2] = {m->s0, m->s1};
  /* an empty batch's offset may lie past the storage's end */
  int64_t offset = m->rows && m->cols ? m->offset : 0;
  return THTensor_newWithStorageNd(m->storage, offset, 2, size, stride);
}

static char *mat_data(const Mat *m) {
  return (char *)m->storage->data +
         m->offset * (int64_t)THScalarType_elementSize(m->storage->dtype);
}

static int64_t max1(int64_t v) { return v > 1 ? v : 1; }

/* Whether BLAS reads m as row-major (unit stride along a row) and with
 * which leading dimension; a size-1 dim takes any stride. */
static int row_major(const Mat *m, int64_t *ld) {
  if (m->s1 != 1 && m->cols > 1) return 0;
  *ld = m->rows > 1 ? m->s0 : max1(m->cols);
  return *ld >= max1(m->cols) && *ld <= INT_MAX;
}

static int col_major(const Mat *m, int64_t *ld) {
  if (m->s0 != 1 && m->rows > 1) return 0;
  *ld = m->cols > 1 ? m->s1 : max1(m->rows);
  return *ld >= max1(m->rows) && *ld <= INT_MAX;
}

/* A contiguous copy of m (new reference in *copy) that m then describes. */
static int copy_mat(Mat *m, THTensor **copy) {
  THTensor *view = mat_tensor(m);
  *copy = view ? THTensor_newClone(view) : NULL;
  THTensor_free(view);
  if (!*copy) return -1;
  *m = (Mat){(*copy)->storage, (*copy)->storageOffset, m->rows, m->cols, m->cols, 1};
  return 0;
}

/* How BLAS reads operand m in the layout (row_layout: CblasRowMajor): as
 * it lies (NoTrans) or as its transpose; 0 when neither works. */
static int operand_plan(const Mat *m, int row_layout, enum CBLAS_TRANSPOSE *trans,
                        int64_t *ld) {
  *trans = CblasNoTrans;
  if (row_layout ? row_major(m, ld) : col_major(m, ld)) return 1;
  *trans = CblasTrans;
  return row_layout ? col_major(m, ld) : row_major(m, ld);
}

/* One gemm call's arguments besides the sizes and coefficients. */
typedef struct Plan {
  int row_layout; /* CblasRowMajor, else CblasColMajor: as C lies */
  enum CBLAS_TRANSPOSE ta, tb;
  int64_t lda, ldb, ldc;
} Plan;

/* How BLAS takes C, A and B as they lie; 0 when one of them needs a copy. */
static int plan_of(const Mat *C, const Mat *A, const Mat *B, Plan *plan) {
  plan->row_layout = row_major(C, &plan->ldc);
  if (!plan->row_layout && !col_major(C, &plan->ldc)) return 0;
  if (A->cols == 0) { /* k = 0: A and B are not read, only their lds checked */
    plan->ta = plan->tb = CblasNoTrans;
    plan->lda = plan->row_layout ? 1 : max1(A->rows);
    plan->ldb = plan->row_layout ? max1(B->cols) : 1;
    return 1;
  }
  return operand_plan(A, plan->row_layout, &plan->ta, &plan->lda) &&
         operand_plan(B, plan->row_layout, &plan->tb, &plan->ldb);
}

/* OpenBLAS's threads follow THSetNumThreads (set before each call; a
 * batched product may have set 1). OpenBLAS itself keeps small products
 * (m * n * k up to 2^18) on the calling thread. */
static atomic_int blas_threads;

void th_blas_set_threads(int n) {
  if (atomic_exchange_explicit(&blas_threads, n, memory_order_relaxed) != n)
    scipy_openblas_set_num_threads(n);
}

static int is_blas_dtype(THScalarType dtype) {
  return dtype == TH_FLOAT32 || dtype == TH_FLOAT64 || dtype == TH_COMPLEX64 ||
         dtype == TH_COMPLEX128;
}

/* count gemms through BLAS (the sizes fit its int): batch i's operands
 * lie stride[i] elements (C, A, B) after batch 0's; one batched call for
 * more than one. */
static void blas_call(THScalarType dtype, const Plan *q, int64_t n, int64_t p, int64_t k,
                      double alpha, const Mat *A, const Mat *B, double beta, const Mat *C,
                      int64_t count, const int64_t *stride) {
  enum CBLAS_ORDER order = q->row_layout ? CblasRowMajor : CblasColMajor;
  /* k = 0: A and B are not read (C's address stands in for them) */
  const void *a = mat_data(A->cols ? A : C), *b = mat_data(A->cols ? B : C);
  void *c = mat_data(C);
  THComplexFloat cal = {(float)alpha, 0}, cbe = {(float)beta, 0};
  THComplexDouble zal = {alpha, 0}, zbe = {beta, 0};
#define BLAS_ARGS(AL, BE) order, q->ta, q->tb, n, p, k, AL, a, q->lda, b, q->ldb, BE, c, q->ldc
#define BATCH_ARGS(AL, BE) order, q->ta, q->tb, n, p, k, AL, a, q->lda, stride[1], b, q->ldb, \
    stride[2], BE, c, q->ldc, stride[0], count
  switch (dtype) {
    case TH_FLOAT32:
      if (count == 1) scipy_cblas_sgemm(BLAS_ARGS((float)alpha, (float)beta));
      else scipy_cblas_sgemm_batch_strided(BATCH_ARGS((float)alpha, (float)beta));
      break;
    case TH_FLOAT64:
      if (count == 1) scipy_cblas_dgemm(BLAS_ARGS(alpha, beta));
      else scipy_cblas_dgemm_batch_strided(BATCH_ARGS(alpha, beta));
      break;
    case TH_COMPLEX64: /* count is 1 (see gemm_batched) */
      scipy_cblas_cgemm(BLAS_ARGS(&cal, &cbe));
      break;
    default:
      scipy_cblas_zgemm(BLAS_ARGS(&zal, &zbe));
  }
#undef BLAS_ARGS
#undef BATCH_ARGS
}

/* A vector's BLAS increment: its stride, or 1 for one element; 0 when BLAS
 * cannot walk it (a negative or zero stride, or one beyond its int). */
static int64_t vector_inc(int64_t size, int64_t stride) {
  if (size <= 1) return 1;
  return stride > 0 && stride <= INT_MAX ? stride : 0;
}

/* Dot products longer than this are cut into blocks of it, each a BLAS dot
 * on one of th's threads, the blocks' sums added in order in float64: the
 * same bits for any thread count, and every core at work where BLAS kept
 * a 1M float32 dot on one (2 threads: 0.14 -> 0.032 ms). */
#define DOT_BLOCK 65536

typedef struct DotBlocks {
  THScalarType dtype;
  const char *a, *b;
  int64_t inca, incb, k;
  double *part;
} DotBlocks;

static void dot_blocks(int64_t begin, int64_t end, void *ctx) {
  const DotBlocks *D = ctx;
  size_t es = D->dtype == TH_FLOAT32 ? 4 : 8;
  for (int64_t j = begin; j < end; j++) {
    int64_t at = j * DOT_BLOCK, n = D->k - at < DOT_BLOCK ? D->k - at : DOT_BLOCK;
    const char *a = D->a + (size_t)(at * D->inca) * es, *b = D->b + (size_t)(at * D->incb) * es;
    D->part[j] = D->dtype == TH_FLOAT32
                     ? scipy_cblas_sdot((int)n, (const float *)a, (int)D->inca, (const float *)b,
                                        (int)D->incb)
                     : scipy_cblas_ddot((int)n, (const double *)a, (int)D->inca,
                                        (const double *)b, (int)D->incb);
  }
}

/* a . b of k float32 or float64 elements (incs > 0); -1 when the blocks'
 * sums cannot be allocated. */
static int blocked_dot(THScalarType dtype, int64_t k, const void *a, int64_t inca,
                       const void *b, int64_t incb, double *out) {
  int64_t nb = (k + DOT_BLOCK - 1) / DOT_BLOCK;
  double stack[64], *part = nb <= 64 ? stack : th_malloc(sizeof(double) * (size_t)nb);
  if (!part) return -1;
  DotBlocks D = {dtype, a, b, inca, incb, k, part};
  th_blas_set_threads(1);
  th_parallel_for(nb, 1, dot_blocks, &D);
  double sum = 0;
  for (int64_t j = 0; j < nb; j++) sum += part[j];
  if (part != stack) th_free(part);
  *out = sum;
  return 0;
}

/* A matrix-vector product C = beta * C + alpha * A @ B with one result
 * column or row, or a dot product with one element, through gemv or dot
 * (a gemm of one column packs the whole matrix first: 3-4x slower). 1 when
 * done, 0 when the operands do not lie as BLAS reads a vector. */
static int gemv_blas(THScalarType dtype, Mat C, double beta, double alpha, Mat A, Mat B) {
  int64_t n = C.rows, p = C.cols, k = A.cols, lda;
  const Mat *M, *x; /* y (C's column or row) = op(M) x */
  int64_t incx, incy, m_rows, m_cols;
  if (p == 1) { /* C = A @ b: M is A (n x k), x is B's column */
    M = &A, x = &B, m_rows = n, m_cols = k;
    incx = vector_inc(k, B.s0), incy = vector_inc(n, C.s0);
  } else { /* n == 1, C = a @ B: y = B^T a, M is B (k x p), x is A's row */
    M = &B, x = &A, m_rows = k, m_cols = p;
    incx = vector_inc(k, A.s1), incy = vector_inc(p, C.s1);
  }
  if (!incx || !incy) return 0;
  enum CBLAS_TRANSPOSE trans;
  int64_t rows, cols; /* M as BLAS reads it, row-major */
  if (row_major(M, &lda))
    trans = CblasNoTrans, rows = m_rows, cols = m_cols;
  else if (col_major(M, &lda))
    trans = CblasTrans, rows = m_cols, cols = m_rows;
  else
    return 0;
  if (p != 1) trans = trans == CblasNoTrans ? CblasTrans : CblasNoTrans; /* B^T */
  const void *a = mat_data(M), *v = mat_data(x);
  void *y = mat_data(&C);
  th_blas_set_threads(THGetNumThreads());
  if (n == 1 && p == 1) { /* a dot product: C = beta * C + alpha * (a . b) */
    int64_t inca = vector_inc(k, A.s1), incb = vector_inc(k, B.s0);
    if (!inca || !incb) return 0;
    const void *da = mat_data(&A), *db = mat_data(&B);
    double dd;
    if ((dtype == TH_FLOAT32 || dtype == TH_FLOAT64) && k > DOT_BLOCK &&
        blocked_dot(dtype, k, da, inca, db, incb, &dd) == 0) {
      if (dtype == TH_FLOAT32) {
        float d = (float)dd, *c = y;
        *c = beta == 0 ? (float)alpha * d : (float)beta * *c + (float)alpha * d;
      } else {
        double *c = y;
        *c = beta == 0 ? alpha * dd : beta * *c + alpha * dd;
      }
      return 1;
    }
    switch (dtype) {
      case TH_FLOAT32: {
        float d = scipy_cblas_sdot(k, da, inca, db, incb), *c = y;
        *c = beta == 0 ? (float)alpha * d : (float)beta * *c + (float)alpha * d;
        return 1;
      }
      case TH_FLOAT64: {
        double d = scipy_cblas_ddot(k, da, inca, db, incb), *c = y;
        *c = beta == 0 ? alpha * d : beta * *c + alpha * d;
        return 1;
      }
      default: break; /* complex: gemv below, with one row */
    }
  }
  THComplexFloat cal = {(float)alpha, 0}, cbe = {(float)beta, 0};
  THComplexDouble zal = {alpha, 0}, zbe = {beta, 0};
#define GEMV_ARGS(AL, BE) CblasRowMajor, trans, rows, cols, AL, a, lda, v, incx, BE, y, incy
  switch (dtype) {
    case TH_FLOAT32: scipy_cblas_sgemv(GEMV_ARGS((float)alpha, (float)beta)); break;
    case TH_FLOAT64: scipy_cblas_dgemv(GEMV_ARGS(alpha, beta)); break;
    case TH_COMPLEX64: scipy_cblas_cgemv(GEMV_ARGS(&cal, &cbe)); break;
    default: scipy_cblas_zgemv(GEMV_ARGS(&zal, &zbe));
  }
#undef GEMV_ARGS
  return 1;
}

/* One gemm through BLAS (the sizes fit its int): a result BLAS cannot
 * write is computed aside and copied in; an operand it cannot read is
 * copied first (a copy is row-major). One result column or row is a gemv. */
static int gemm_blas(THScalarType dtype, Mat C, double beta, double alpha, Mat A, Mat B) {
  THTensor *copyA = NULL, *copyB = NULL, *copyC = NULL, *viewC = NULL;
  int64_t n = C.rows, p = C.cols, k = A.cols;
  int rc = -1;
  Plan plan;
  if (k > 0 && (n == 1 || p == 1) && gemv_blas(dtype, C, beta, alpha, A, B)) return 0;
  if (!plan_of(&C, &A, &B, &plan)) {
    int64_t ld;
    enum CBLAS_TRANSPOSE trans;
    if (!row_major(&C, &ld) && !col_major(&C, &ld)) {
      viewC = mat_tensor(&C);
      copyC = !viewC ? NULL : beta != 0 ? THTensor_newClone(viewC)
                                        : THTensor_newWithSize2d(dtype, n, p);
      if (!copyC) goto done;
      C = (Mat){copyC->storage, copyC->storageOffset, n, p, p, 1};
    }
    int row_layout = row_major(&C, &ld); /* the layout plan_of picks */
    if (k && !operand_plan(&A, row_layout, &trans, &ld) && copy_mat(&A, &copyA)) goto done;
    if (k && !operand_plan(&B, row_layout, &trans, &ld) && copy_mat(&B, &copyB)) goto done;
    plan_of(&C, &A, &B, &plan); /* every operand is readable now */
  }
  th_blas_set_threads(THGetNumThreads());
  blas_call(dtype, &plan, n, p, k, alpha, &A, &B, beta, &C, 1, NULL);
  rc = copyC ? THTensor_copy(viewC, copyC) : 0;
done:
  THTensor_free(copyA);
  THTensor_free(copyB);
  THTensor_free(copyC);
  THTensor_free(viewC);
  return rc;
}

static int fits_blas(const Mat *C, const Mat *A) {
  return C->rows <= INT_MAX && C->cols <= INT_MAX && A->cols <= INT_MAX;
}

/* Multiply-adds of a whole batched product under which it runs on this
 * thread alone: (64, 16, 16) @ (64, 16, 16), 2^18, took 28 us split across
 * two threads, 9 us on one. */
#define SMALL_BATCHED_WORK 0x1p20

/* A range of a batched product: batches [begin, end) in one call. */
typedef struct Batches {
  THScalarType dtype;
  Plan plan;
  Mat C, A, B;
  double alpha, beta;
  int64_t stride[3];
} Batches;

static void run_batches(int64_t begin, int64_t end, void *ctx) {
  const Batches *w = ctx;
  Mat C = w->C, A = w->A, B = w->B;
  C.offset += begin * w->stride[0];
  A.offset += begin * w->stride[1];
  B.offset += begin * w->stride[2];
  blas_call(w->dtype, &w->plan, C.rows, C.cols, A.cols, w->alpha, &A, &B, w->beta, &C,
            end - begin, w->stride);
}

/* c3[i] = beta * c3[i] + alpha * a3[i] @ b3[i] for every batch in batched
 * BLAS calls: 1 when done, 0 when BLAS cannot take the operands as they
 * lie (the caller then goes batch by batch). Many batches, or small ones,
 * are split across th's threads, each running OpenBLAS on one thread:
 * threads inside a gemm of 256 x 256 spend much of their time waiting for
 * each other (and far more on a busy machine). */
static int gemm_batched(THScalarType dtype, THTensor *c3, double beta, double alpha,
                        THTensor *a3, THTensor *b3) {
  int64_t count = th_sizes(a3)[0];
  Batches w = {dtype, {0}, mat_of(c3, 0), mat_of(a3, 0), mat_of(b3, 0), alpha, beta,
               {th_strides(c3)[0], th_strides(a3)[0], th_strides(b3)[0]}};
  /* complex stays batch by batch: OpenBLAS 0.3.34's c/zgemm_batch_strided
   * count the batch strides in floats, not elements (a quirk a fix would
   * silently change) */
  if (count < 2 || (dtype != TH_FLOAT32 && dtype != TH_FLOAT64) || !fits_blas(&w.C, &w.A) ||
      w.C.rows * w.C.cols == 0 || w.stride[0] < w.C.rows * w.C.cols ||
      w.stride[0] > INT_MAX || w.stride[1] > INT_MAX || w.stride[2] > INT_MAX ||
      !plan_of(&w.C, &w.A, &w.B, &w.plan))
    return 0;
  int threads = THGetNumThreads();
  double work = (double)w.C.rows * (double)w.C.cols * (double)w.A.cols;
  if (work * (double)count < SMALL_BATCHED_WORK) {
    /* waking threads (th's or OpenBLAS's) would cost more than the products */
    th_blas_set_threads(1);
    run_batches(0, count, &w);
  } else if (threads > 1 && count >= threads && (count >= 2 * threads || work <= 0x1p24)) {
    th_blas_set_threads(1);
    th_parallel_for(count, 1, run_batches, &w);
  } else {
    th_blas_set_threads(threads);
    run_batches(0, count, &w);
  }
  return 1;
}

/* ------------------------------------------------ the loop for the rest */

/* The dtype a product of dtype sums in: int64 for the integers (as uint64,
 * which wraps), float32 for the half types, float32/float64 for themselves
 * when BLAS cannot take the sizes. */
static THScalarType sum_dtype(THScalarType dtype) {
  switch (dtype) {
    case TH_FLOAT16: case TH_BFLOAT16: case TH_FLOAT32: return TH_FLOAT32;
    case TH_FLOAT64: return TH_FLOAT64;
    default: return TH_INT64;
  }
}

#define GEMM_BLOCK_K 128
#define GEMM_BLOCK_N 512

/* c (n x p, zeroed) += a (n x k) @ b (k x p), all contiguous: blocks of b
 * stay in cache while every row of a passes over them. */
#define GEMM_LOOP(NAME, T)                                                              \
  static void NAME(int64_t n, int64_t k, int64_t p, const T *a, const T *b, T *c) {     \
    for (int64_t j0 = 0; j0 < p; j0 += GEMM_BLOCK_N) {                                  \
      int64_t j1 = j0 + GEMM_BLOCK_N < p ? j0 + GEMM_BLOCK_N : p;                       \
      for (int64_t k0 = 0; k0 < k; k0 += GEMM_BLOCK_K) {                                \
        int64_t k1 = k0 + GEMM_BLOCK_K < k ? k0 + GEMM_BLOCK_K : k;                     \
        for (int64_t i = 0; i < n; i++) {                                               \
          T *ci = c + i * p;                                                            \
          for (int64_t kk = k0; kk < k1; kk++) {                                        \
            T aik = a[i * k + kk];                                                      \
            const T *bk = b + kk * p;                                                   \
            for (int64_t j = j0; j < j1; j++) ci[j] += aik * bk[j];                     \
          }                                                                             \
        }                                                                               \
      }                                                                                 \
    }                                                                                   \
  }                                                                                     \
  static void NAME##_scale(int64_t len, T alpha, T *c, T beta, const T *old) {          \
    for (int64_t i = 0; i < len; i++) c[i] = alpha * c[i] + (old ? beta * old[i] : 0); \
  }
GEMM_LOOP(gemm_loop_int, uint64_t)
GEMM_LOOP(gemm_loop_float, float)
GEMM_LOOP(gemm_loop_double, double)

/* A new contiguous copy of m in dtype (NULL on error). */
static THTensor *new_converted(const Mat *m, THScalarType dtype) {
  THTensor *view = mat_tensor(m);
  THTensor *copy = view ? THTensor_newWithSize2d(dtype, m->rows, m->cols) : NULL;
  if (copy && THTensor_copy(copy, view)) {
    THTensor_free(copy);
    copy = NULL;
  }
  THTensor_free(view);
  return copy;
}

static int gemm_fallback(THScalarType dtype, Mat C, double beta, double alpha, Mat A, Mat B,
                         const char *fn) {
  THScalarType acc = sum_dtype(dtype);
  int64_t n = C.rows, p = C.cols, k = A.cols;
  if (THScalarType_isComplex(dtype)) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "a complex product with a dimension beyond %d is not "
              "supported", INT_MAX);
    return -1;
  }
  if (acc == TH_INT64 && !(alpha > -0x1p63 && alpha < 0x1p63 && beta > -0x1p63 &&
                           beta < 0x1p63)) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "alpha (%g) and beta (%g) must fit int64 for an integer "
              "product", alpha, beta);
    return -1;
  }
  int rc = -1;
  THTensor *a = new_converted(&A, acc), *b = a ? new_converted(&B, acc) : NULL;
  THTensor *old = b && beta != 0 ? new_converted(&C, acc) : NULL;
  THTensor *c = b && (old || beta == 0) ? THTensor_newWithSize2d(acc, n, p) : NULL;
  THTensor *viewC = c ? mat_tensor(&C) : NULL;
  if (!viewC) goto done;
  void *cd = th_tensor_bytes(c), *od = old ? th_tensor_bytes(old) : NULL;
  const void *ad = th_tensor_bytes(a), *bd = th_tensor_bytes(b);
  if (cd) memset(cd, 0, (size_t)(n * p) * THScalarType_elementSize(acc));
  if (acc == TH_INT64) {
    gemm_loop_int(n, k, p, ad, bd, cd);
    gemm_loop_int_scale(n * p, (uint64_t)(int64_t)alpha, cd, (uint64_t)(int64_t)beta, od);
  } else if (acc == TH_FLOAT32) {
    gemm_loop_float(n, k, p, ad, bd, cd);
    gemm_loop_float_scale(n * p, (float)alpha, cd, (float)beta, od);
  } else {
    gemm_loop_double(n, k, p, ad, bd, cd);
    gemm_loop_double_scale(n * p, alpha, cd, beta, od);
  }
  rc = THTensor_copy(viewC, c);
done:
  THTensor_free(a);
  THTensor_free(b);
  THTensor_free(old);
  THTensor_free(c);
  THTensor_free(viewC);
  return rc;
}

/* C = beta * C + 0 * A @ B through BLAS. BLAS skips A @ B when alpha is 0
 * (the reference BLAS documents it), and with it the NaN and infinities the
 * product holds, which 0 * x keeps (NaN), as torch's product does: the
 * product is computed aside, times 0, and added. */
static int gemm_blas_zero_alpha(THScalarType dtype, Mat C, double beta, Mat A, Mat B) {
  int rc = -1;
  THTensor *product = THTensor_newWithSize2d(dtype, C.rows, C.cols);
  THTensor *viewC = product ? mat_tensor(&C) : NULL;
  if (!viewC) goto done;
  Mat P = {product->storage, product->storageOffset, C.rows, C.cols, C.cols, 1};
  if (gemm_blas(dtype, P, 0, 1, A, B) || THTensor_mul(product, product, 0)) goto done;
  if (beta == 0) rc = THTensor_copy(viewC, product);
  else if (!THTensor_mul(viewC, viewC, beta)) rc = THTensor_cadd(viewC, viewC, 1, product);
done:
  THTensor_free(product);
  THTensor_free(viewC);
  return rc;
}

/* C = beta * C + alpha * A @ B (beta 0: C is not read). */
static int gemm(THScalarType dtype, Mat C, double beta, double alpha, Mat A, Mat B,
                const char *fn) {
  if (C.rows == 0 || C.cols == 0) return 0;
  if (is_blas_dtype(dtype) && fits_blas(&C, &A))
    return alpha == 0 && A.cols ? gemm_blas_zero_alpha(dtype, C, beta, A, B)
                                : gemm_blas(dtype, C, beta, alpha, A, B);
  return gemm_fallback(dtype, C, beta, alpha, A, B, fn);
}

/* ------------------------------------------------------- the public front */

/* r = beta * t + alpha * a3[i] @ b3[i] for each batch i (sum: summed into
 * one), r of nDimension sizes: the checks on r and t, then the batches. t
 * NULL: the plain product. */
static int product(THTensor *r, double beta, THTensor *t, double alpha, THTensor *a3,
                   THTensor *b3, int sum, int nDimension, const int64_t *size, const char *fn) {
  THScalarType dtype = a3->storage->dtype;
  if (r->storage->dtype != dtype) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "expected the result to have dtype %s, but got %s",
              THScalarType_name(dtype), THScalarType_name(r->storage->dtype));
    return -1;
  }
  if (t) {
    if (t->storage->dtype != dtype) {
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "expected the input to have dtype %s like the operands, "
                "but got %s", THScalarType_name(dtype), THScalarType_name(t->storage->dtype));
      return -1;
    }
    int broadcasts = t->nDimension <= nDimension;
    for (int d = 1; broadcasts && d <= t->nDimension; d++) {
      int64_t ts = th_sizes(t)[t->nDimension - d];
      broadcasts = ts == 1 || ts == size[nDimension - d];
    }
    if (!broadcasts) {
      char ts[256], rs[256];
      th_format_shape(ts, sizeof ts, t->nDimension, th_sizes(t));
      th_format_shape(rs, sizeof rs, nDimension, size);
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "the input of shape %s does not broadcast to the "
                "result's shape %s", ts, rs);
      return -1;
    }
  }
  if (th_check_result_strides(r, nDimension, size, fn)) return -1;
  /* a result over an operand's storage would be read while written; one
   * that is resized would lose t when they share a storage */
  int aside = r->storage == a3->storage || r->storage == b3->storage ||
              (t && t->storage == r->storage && !th_has_shape(r, nDimension, size));
  THTensor *dst = aside ? THTensor_newWithSize(dtype, nDimension, size, NULL) : r;
  if (!dst) return -1;
  if (!aside && !th_has_shape(r, nDimension, size) && THTensor_resizeNd(r, nDimension, size, NULL))
    return -1;
  int64_t batches = th_sizes(a3)[0], n = th_sizes(a3)[1], p = th_sizes(b3)[2];
  int64_t size3[3] = {sum ? 1 : batches, n, p};
  double b0 = t ? beta : 0;
  int rc = -1;
  THTensor *c3 = NULL;
  if (b0 != 0 && !THTensor_isSetTo(dst, t) && THTensor_copy(dst, t)) goto done;
  c3 = THTensor_newView(dst, 3, size3);
  if (!c3) goto done;
  if (sum && batches == 0) { /* an empty sum: r = beta * t */
    Mat C = mat_of(c3, 0), none = {c3->storage, 0, n, 0, 1, 1};
    if (gemm(dtype, C, b0, alpha, none, (Mat){c3->storage, 0, 0, p, 1, 1}, fn)) goto done;
  }
  /* (alpha 0: one gemm at a time, see gemm_blas_zero_alpha) */
  int batched = !sum && alpha != 0 && gemm_batched(dtype, c3, b0, alpha, a3, b3);
  for (int64_t i = batched ? batches : 0; i < batches; i++) {
    if (gemm(dtype, mat_of(c3, sum ? 0 : i), sum && i ? 1 : b0, alpha, mat_of(a3, i),
             mat_of(b3, i), fn))
      goto done;
  }
  rc = 0;
  if (aside)
    rc = (th_has_shape(r, nDimension, size) || !THTensor_resizeNd(r, nDimension, size, NULL))
             ? THTensor_copy(r, dst) : -1;
done:
  THTensor_free(c3);
  if (aside) THTensor_free(dst);
  return rc;
}

/* ----------------------------------------------------------- the checks */

static int check_operand(const THTensor *t, const char *name, int nDimension,
                         const char *fn) {
  if (!t) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s is NULL", name);
    return -1;
  }
  TH_CHECK_TENSOR_AS(t, fn, -1);
  if (nDimension >= 0 && t->nDimension != nDimension) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "%s must be a %dD tensor, but got a %dD one", name,
              nDimension, t->nDimension);
    return -1;
  }
  return 0;
}

static int check_pair(const THTensor *a, const char *an, int and_, const THTensor *b,
                      const char *bn, int bnd, const char *fn) {
  if (check_operand(a, an, and_, fn) || check_operand(b, bn, bnd, fn)) return -1;
  THScalarType at = a->storage->dtype, bt = b->storage->dtype;
  if (at != bt) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "expected %s and %s to have the same dtype, but got: "
              "%s != %s", an, bn, THScalarType_name(at), THScalarType_name(bt));
    return -1;
  }
  if (at == TH_BOOL) {
    TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "not implemented for bool tensors");
    return -1;
  }
  return 0;
}

static int mismatch(const THTensor *a, const THTensor *b, const char *fn) {
  char as[256], bs[256];
  th_format_shape(as, sizeof as, a->nDimension, th_sizes(a));
  th_format_shape(bs, sizeof bs, b->nDimension, th_sizes(b));
  TH_ERR_FN(TH_ERROR_RUNTIME, fn, "shapes %s and %s cannot be multiplied", as, bs);
  return -1;
}

/* The result and t: given (t is NULL for the plain products, which pass
 * needs_t 0). Each product checks them once, in its static form below. */
static int check_result(const THTensor *r, const THTensor *t, int needs_t, const char *fn) {
  if (check_operand(r, "the result", -1, fn)) return -1;
  if (needs_t || t) return check_operand(t, "the input", -1, fn);
  return 0;
}

/* A 3-d view of t with the given sizes (a view always exists: only size-1
 * dims are added). */
static THTensor *view3(THTensor *t, int64_t s0, int64_t s1, int64_t s2) {
  int64_t size[3] = {s0, s1, s2};
  return THTensor_newView(t, 3, size);
}

/* product() over the 3-d views a3 and b3 (stolen; NULL: failed already). */
static int product_move(THTensor *r, double beta, THTensor *t, double alpha, THTensor *a3,
                        THTensor *b3, int sum, int nDimension, const int64_t *size,
                        const char *fn) {
  int rc = a3 && b3 ? product(r, beta, t, alpha, a3, b3, sum, nDimension, size, fn) : -1;
  THTensor_free(a3);
  THTensor_free(b3);
  return rc;
}

static int addmm(THTensor *r, double beta, THTensor *t, double alpha, THTensor *m1,
                 THTensor *m2, int needs_t, const char *fn) {
  if (check_result(r, t, needs_t, fn) || check_pair(m1, "mat1", 2, m2, "mat2", 2, fn)) return -1;
  if (th_sizes(m1)[1] != th_sizes(m2)[0]) return mismatch(m1, m2, fn);
  int64_t size[2] = {th_sizes(m1)[0], th_sizes(m2)[1]};
  return product_move(r, beta, t, alpha, THTensor_newUnsqueeze1d(m1, 0),
                      THTensor_newUnsqueeze1d(m2, 0), 0, 2, size, fn);
}

static int addmv(THTensor *r, double beta, THTensor *t, double alpha, THTensor *mat,
                 THTensor *vec, int needs_t, const char *fn) {
  if (check_result(r, t, needs_t, fn) || check_pair(mat, "mat", 2, vec, "vec", 1, fn)) return -1;
  if (th_sizes(mat)[1] != th_sizes(vec)[0]) return mismatch(mat, vec, fn);
  int64_t size[1] = {th_sizes(mat)[0]};
  return product_move(r, beta, t, alpha, THTensor_newUnsqueeze1d(mat, 0),
                      view3(vec, 1, th_sizes(vec)[0], 1), 0, 1, size, fn);
}

static int baddbmm(THTensor *r, double beta, THTensor *t, double alpha, THTensor *b1,
                   THTensor *b2, int sum, int needs_t, const char *fn) {
  if (check_result(r, t, needs_t, fn) || check_pair(b1, "batch1", 3, b2, "batch2", 3, fn))
    return -1;
  const int64_t *s1 = th_sizes(b1), *s2 = th_sizes(b2);
  if (s1[0] != s2[0] || s1[2] != s2[1]) return mismatch(b1, b2, fn);
  int64_t size[3] = {s1[0], s1[1], s2[2]};
  THTensor_retain(b1);
  THTensor_retain(b2);
  return product_move(r, beta, t, alpha, b1, b2, sum, sum ? 2 : 3, sum ? size + 1 : size,
                      fn);
}

int THTensor_addmm(THTensor *r, double beta, THTensor *t, double alpha, THTensor *m1,
                   THTensor *m2) {
  return addmm(r, beta, t, alpha, m1, m2, 1, __func__);
}

int THTensor_addmv(THTensor *r, double beta, THTensor *t, double alpha, THTensor *mat,
                   THTensor *vec) {
  return addmv(r, beta, t, alpha, mat, vec, 1, __func__);
}

int THTensor_addr(THTensor *r, double beta, THTensor *t, double alpha, THTensor *vec1,
                  THTensor *vec2) {
  const char *fn = __func__;
  if (check_result(r, t, 1, fn) || check_pair(vec1, "vec1", 1, vec2, "vec2", 1, fn))
    return -1;
  int64_t n = th_sizes(vec1)[0], p = th_sizes(vec2)[0], size[2] = {n, p};
  return product_move(r, beta, t, alpha, view3(vec1, 1, n, 1), view3(vec2, 1, 1, p), 0, 2,
                      size, fn);
}

int THTensor_baddbmm(THTensor *r, double beta, THTensor *t, double alpha, THTensor *batch1,
                     THTensor *batch2) {
  return baddbmm(r, beta, t, alpha, batch1, batch2, 0, 1, __func__);
}

int THTensor_addbmm(THTensor *r, double beta, THTensor *t, double alpha, THTensor *batch1,
                    THTensor *batch2) {
  return baddbmm(r, beta, t, alpha, batch1, batch2, 1, 1, __func__);
}

int THTensor_mm(THTensor *r, THTensor *m1, THTensor *m2) {
  return addmm(r, 0, NULL, 1, m1, m2, 0, __func__);
}

int THTensor_mv(THTensor *r, THTensor *mat, THTensor *vec) {
  return addmv(r, 0, NULL, 1, mat, vec, 0, __func__);
}

int THTensor_bmm(THTensor *r, THTensor *batch1, THTensor *batch2) {
  return baddbmm(r, 0, NULL, 1, batch1, batch2, 0, 0, __func__);
}

int THTensor_dot(THTensor *r, THTensor *a, THTensor *b) {
  const char *fn = __func__;
  if (check_result(r, NULL, 0, fn) || check_pair(a, "a", 1, b, "b", 1, fn)) return -1;
  int64_t k = th_sizes(a)[0];
  if (th_sizes(b)[0] != k) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "inconsistent tensor size: a has %lld elements and b "
              "has %lld", (long long)k, (long long)th_sizes(b)[0]);
    return -1;
  }
  return product_move(r, 0, NULL, 1, view3(a, 1, 1, k), view3(b, 1, k, 1), 0, 0, NULL, fn);
}

/* ------------------------------------------------------- the new forms */

/* A new empty tensor of a's dtype for f to resize and fill. */
static THTensor *new_product(int (*f)(THTensor *, THTensor *, THTensor *), THTensor *a,
                             THTensor *b, const char *fn) {
  if (check_operand(a, "the first operand", -1, fn)) return NULL;
  THTensor *r = THTensor_new(a->storage->dtype);
  if (r && f(r, a, b)) {
    THTensor_free(r);
    return NULL;
  }
  return r;
}

THTensor *THTensor_newMm(THTensor *m1, THTensor *m2) {
  return new_product(THTensor_mm, m1, m2, __func__);
}

THTensor *THTensor_newMv(THTensor *mat, THTensor *vec) {
  return new_product(THTensor_mv, mat, vec, __func__);
}

THTensor *THTensor_newBmm(THTensor *batch1, THTensor *batch2) {
  return new_product(THTensor_bmm, batch1, batch2, __func__);
}

THTensor *THTensor_newDot(THTensor *a, THTensor *b) {
  return new_product(THTensor_dot, a, b, __func__);
}

/* ------------------------------------------------ the internal plain gemm */

int th_gemm_rowmajor(THScalarType dtype, int trans_a, int64_t n, int64_t p, int64_t k,
                     const void *a, int64_t lda, const void *b, int64_t ldb, double beta,
                     void *c, int64_t ldc) {
  if ((dtype != TH_FLOAT32 && dtype != TH_FLOAT64 && dtype != TH_COMPLEX64 &&
       dtype != TH_COMPLEX128) || n <= 0 || p <= 0 || k <= 0 ||
      n > INT_MAX || p > INT_MAX || k > INT_MAX || lda > INT_MAX || ldb > INT_MAX ||
      ldc > INT_MAX || lda < (trans_a ? n : k) || ldb < p || ldc < p)
    return 0;
  enum CBLAS_TRANSPOSE ta = trans_a ? CblasTrans : CblasNoTrans;
  const float cal[2] = {1, 0}, cbe[2] = {(float)beta, 0};
  const double zal[2] = {1, 0}, zbe[2] = {beta, 0};
  if (dtype == TH_FLOAT32)
    scipy_cblas_sgemm(CblasRowMajor, ta, CblasNoTrans, n, p, k, 1.0f, a, lda, b, ldb,
                      (float)beta, c, ldc);
  else if (dtype == TH_FLOAT64)
    scipy_cblas_dgemm(CblasRowMajor, ta, CblasNoTrans, n, p, k, 1.0, a, lda, b, ldb,
                      beta, c, ldc);
  else if (dtype == TH_COMPLEX64)
    scipy_cblas_cgemm(CblasRowMajor, ta, CblasNoTrans, n, p, k, cal, a, lda, b, ldb, cbe, c,
                      ldc);
  else
    scipy_cblas_zgemm(CblasRowMajor, ta, CblasNoTrans, n, p, k, zal, a, lda, b, ldb, zbe, c,
                      ldc);
  return 1;
}
