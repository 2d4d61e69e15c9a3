/* TH v0.4's typed LAPACK functions (THFloatTensor_gesv, ...) with TH's
 * semantics on th's THTensorLapack.h: results go to the first arguments,
 * which TH laid out column-major (resized to columns x rows, then
 * transposed) unless they are the input itself (then written as they lie);
 * a singular matrix or a failing LAPACK call is a TH error with TH's
 * message after the function's name. gels, geev and gesvd return LAPACK's
 * raw forms (the factored A, packed eigenvectors, gesvd's V), which th's
 * layer does not: they call TH<Real>Lapack_* (THLegacyBlasLapack.c)
 * directly, in generic/THLegacyLapack.c. */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <limits.h>
#include <string.h>

#include "core/THTensorImpl.h"
#include "legacy/THLegacyImpl.h"
#include "math/THLapackImpl.h"
#include "TH/THTensorLapack.h"

/* The temporaries of a call, freed before any error unwinds. */
typedef struct LLTmp {
  THTensor *t[12];
  int n;
} LLTmp;

static void ll_drop(LLTmp *k) {
  while (k->n) THTensor_free(k->t[--k->n]);
}

/* rc < 0 (a th call failed): free the temporaries and raise its error. */
static void ll_check(LLTmp *k, int rc) {
  if (rc < 0) {
    ll_drop(k);
    th_legacy_raise();
  }
}

/* t kept for ll_drop (NULL: th's error raised). */
static THTensor *ll_keep(LLTmp *k, THTensor *t) {
  if (!t) {
    ll_drop(k);
    th_legacy_raise();
  }
  k->t[k->n++] = t;
  return t;
}

TH_NO_RETURN static void ll_error(LLTmp *k, const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  ll_drop(k);
  THError("%s", buf);
}

/* TH's THArgCheck, the temporaries freed first. */
static void ll_arg(LLTmp *k, int cond, int argNumber, const char *fmt, ...) {
  if (cond) return;
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  ll_drop(k);
  THArgError(argNumber, "%s", buf);
}

/* TH's resize: nothing when the sizes are these already (strides kept). */
static void ll_resize(LLTmp *k, THTensor *t, int nd, const int64_t *size, const char *fn) {
  if (t->nDimension == nd && !memcmp(t->size, size, sizeof(int64_t) * (size_t)nd)) return;
  ll_check(k, th_legacy_resize_nd(t, nd, size, NULL, fn));
}

/* A result as TH's cloneColumnMajor left it: rows x cols, column-major
 * (strides 1, rows) over its own storage and offset. */
static void ll_colmajor(LLTmp *k, THTensor *r, int64_t rows, int64_t cols, const char *fn) {
  if (r->nDimension == 2 && r->size[0] == rows && r->size[1] == cols && r->stride[0] == 1 &&
      r->stride[1] == rows)
    return;
  int64_t size[2] = {cols, rows};
  ll_check(k, th_legacy_resize_nd(r, 2, size, NULL, fn));
  ll_check(k, THTensor_transpose(r, NULL, 0, 1));
}

/* A new rows x cols column-major tensor (a copy of src unless NULL). */
static THTensor *ll_new_colmajor(LLTmp *k, THScalarType dt, int64_t rows, int64_t cols,
                                 THTensor *src) {
  THTensor *t = ll_keep(k, THTensor_newWithSize2d(dt, cols, rows));
  ll_check(k, THTensor_transpose(t, NULL, 0, 1));
  if (src) ll_check(k, THTensor_copy(t, src));
  return t;
}

/* An input that a result about to be reshaped is: read from a copy. */
static THTensor *ll_input(LLTmp *k, THTensor *in, THTensor *r1, THTensor *r2, THTensor *r3) {
  if (in && (in == r1 || in == r2 || in == r3)) return ll_keep(k, THTensor_newClone(in));
  return in;
}

/* The first nonzero entry of an int32 info (th's: one element for one
 * matrix, its 0-dim batch shape), else 0. */
static int32_t ll_first_info(THTensor *info) {
  const int32_t *d = (const int32_t *)info->storage->data + info->storageOffset;
  int64_t n = THTensor_nElement(info), step = info->nDimension ? info->stride[0] : 1;
  for (int64_t i = 0; i < n; i++)
    if (d[i * step]) return d[i * step];
  return 0;
}

/* A TH matrix argument: 2 dims (square when asked), none of size 0. */
static void ll_matrix(LLTmp *k, THTensor *a, int argNumber, const char *name, int square,
                      const char *fn) {
  ll_arg(k, a->nDimension == 2, argNumber, "%s: %s should have 2 dimensions, but has %d", fn,
         name, a->nDimension);
  ll_arg(k, a->size[0] > 0 && a->size[1] > 0, argNumber, "%s: %s is empty (%" PRId64 "x%" PRId64
         ")", fn, name, a->size[0], a->size[1]);
  ll_arg(k, !square || a->size[0] == a->size[1], argNumber,
         "%s: %s should be square, but is %" PRId64 "x%" PRId64, fn, name, a->size[0],
         a->size[1]);
}

/* B of a solve: 1 or 2 dims with A's rows; a 1-d B as an n x 1 view. */
static THTensor *ll_rhs(LLTmp *k, THTensor *b, THTensor *a, const char *fn) {
  ll_arg(k, b->nDimension == 1 || b->nDimension == 2, 1,
         "%s: B should have 1 or 2 dimensions, but has %d", fn, b->nDimension);
  ll_arg(k, th_legacy_numel(b) > 0, 1, "%s: B is empty", fn);
  ll_arg(k, a->size[0] == b->size[0], 2,
         "%s: A,B size incompatible - A has %" PRId64 " rows, B has %" PRId64, fn, a->size[0],
         b->size[0]);
  if (b->nDimension == 2) return b;
  return ll_keep(k, THTensor_newUnsqueeze1d(b, 1));
}

/* A LAPACK character argument (LAPACK reads either case): its upper case,
 * or TH's "Illegal Argument" error for one the routine does not take. */
static char ll_char(LLTmp *k, const char *s, const char *allowed, const char *routine,
                    int argNumber, const char *fn) {
  char c = s ? (char)toupper((unsigned char)s[0]) : 0;
  if (!c || !strchr(allowed, c))
    ll_error(k, "%s: Lapack Error in %s : Illegal Argument %d", fn, routine, argNumber);
  return c;
}

static THTensor *ll_info(LLTmp *k) { return ll_keep(k, THTensor_new(TH_INT32)); }

/* ------------------------------------------------- the untyped bodies */

static void ll_gesv(THTensor *rb, THTensor *ra, THTensor *b, THTensor *a, const char *fn) {
  LLTmp k = {{0}, 0};
  ll_matrix(&k, a, 2, "A", 1, fn);
  THTensor *b2 = ll_rhs(&k, b, a, fn);
  int64_t n = a->size[0], nrhs = b2->size[1];
  a = ll_input(&k, a, ra == a ? NULL : ra, rb == b2 ? NULL : rb, NULL);
  b2 = ll_input(&k, b2, ra, rb == b2 ? NULL : rb, NULL);
  if (ra != a) ll_colmajor(&k, ra, n, n, fn);
  if (rb != b2) ll_colmajor(&k, rb, n, nrhs, fn);
  THTensor *info = ll_info(&k);
  ll_check(&k, THTensor_gesv(rb, ra, NULL, info, b2, a));
  int32_t i = ll_first_info(info);
  if (i > 0) ll_error(&k, "%s: Lapack Error in gesv : U(%d,%d) is zero, singular U.", fn, i, i);
  ll_drop(&k);
}

static void ll_trtrs(THTensor *rb, THTensor *ra, THTensor *b, THTensor *a, const char *uplo,
                     const char *trans, const char *diag, const char *fn) {
  LLTmp k = {{0}, 0};
  ll_matrix(&k, a, 2, "A", 1, fn);
  THTensor *b2 = ll_rhs(&k, b, a, fn);
  char u = ll_char(&k, uplo, "UL", "trtrs", 1, fn);
  char t = ll_char(&k, trans, "NTC", "trtrs", 2, fn);
  char d = ll_char(&k, diag, "NU", "trtrs", 3, fn);
  int64_t n = a->size[0], nrhs = b2->size[1];
  if (d == 'N') { /* trtrs's singularity check: a zero on the diagonal */
    size_t es = THScalarType_elementSize(a->storage->dtype);
    const char *p = (const char *)a->storage->data + a->storageOffset * (int64_t)es;
    for (int64_t i = 0; i < n; i++) {
      const char *e = p + i * (a->stride[0] + a->stride[1]) * (int64_t)es;
      double v = es == 4 ? *(const float *)e : *(const double *)e;
      if (v == 0)
        ll_error(&k, "%s: Lapack Error in trtrs : A(%d,%d) is zero, singular A", fn,
                 (int)i + 1, (int)i + 1);
    }
  }
  a = ll_input(&k, a, ra == a ? NULL : ra, rb, NULL);
  b2 = ll_input(&k, b2, ra, rb == b2 ? NULL : rb, NULL);
  if (ra != a) {
    ll_colmajor(&k, ra, n, n, fn);
    ll_check(&k, THTensor_copy(ra, a));
  }
  if (rb != b2) ll_colmajor(&k, rb, n, nrhs, fn);
  ll_check(&k, THTensor_trtrs(rb, b2, ra, u == 'U', t != 'N', d == 'U', 1));
  ll_drop(&k);
}

static void ll_syev(THTensor *re, THTensor *rv, THTensor *a, const char *jobz, const char *uplo,
                    const char *fn) {
  LLTmp k = {{0}, 0};
  ll_matrix(&k, a, 1, "A", 1, fn);
  char j = ll_char(&k, jobz, "NV", "syev", 1, fn);
  char u = ll_char(&k, uplo, "UL", "syev", 2, fn);
  int64_t n = a->size[0];
  a = ll_input(&k, a, re, rv == a ? NULL : rv, NULL);
  if (rv != a) ll_colmajor(&k, rv, n, n, fn);
  ll_resize(&k, re, 1, &n, fn);
  THTensor *info = ll_info(&k);
  ll_check(&k, THTensor_syev(re, j == 'V' ? rv : NULL, info, a, u == 'U'));
  int32_t i = ll_first_info(info);
  if (i > 0)
    ll_error(&k, "%s: Lapack Error syev : %d off-diagonal elements didn't converge to zero", fn,
             i);
  if (j == 'N') ll_check(&k, THTensor_fill(rv, 0)); /* TH: no eigenvectors, zeros */
  ll_drop(&k);
}

static void ll_getri(THTensor *ra, THTensor *a, const char *fn) {
  LLTmp k = {{0}, 0};
  ll_matrix(&k, a, 1, "A", 1, fn);
  int64_t n = a->size[0];
  if (ra != a) ll_colmajor(&k, ra, n, n, fn);
  THTensor *info = ll_info(&k);
  ll_check(&k, THTensor_getri(ra, info, a));
  int32_t i = ll_first_info(info);
  if (i > 0) ll_error(&k, "%s: Lapack Error getrf : U(%d,%d) is 0, U is singular", fn, i, i);
  ll_drop(&k);
}

static void ll_potrf(THTensor *ra, THTensor *a, const char *uplo, const char *fn) {
  LLTmp k = {{0}, 0};
  ll_matrix(&k, a, 1, "A", 1, fn);
  char u = ll_char(&k, uplo, "UL", "potrf", 1, fn);
  int64_t n = a->size[0];
  if (ra != a) ll_colmajor(&k, ra, n, n, fn);
  THTensor *info = ll_info(&k);
  ll_check(&k, THTensor_potrf(ra, info, a, u == 'U'));
  int32_t i = ll_first_info(info);
  if (i > 0)
    ll_error(&k, "%s: Lapack Error in potrf : the leading minor of order %d is not positive "
             "definite", fn, i);
  ll_drop(&k);
}

static void ll_potrs(THTensor *rb, THTensor *b, THTensor *a, const char *uplo, const char *fn) {
  LLTmp k = {{0}, 0};
  ll_matrix(&k, a, 2, "A", 1, fn);
  THTensor *b2 = ll_rhs(&k, b, a, fn);
  char u = ll_char(&k, uplo, "UL", "potrs", 1, fn);
  int64_t n = a->size[0], nrhs = b2->size[1];
  a = ll_input(&k, a, rb, NULL, NULL);
  b2 = ll_input(&k, b2, rb == b2 ? NULL : rb, NULL, NULL);
  if (rb != b2) ll_colmajor(&k, rb, n, nrhs, fn);
  ll_check(&k, THTensor_potrs(rb, b2, a, u == 'U'));
  ll_drop(&k);
}

static void ll_potri(THTensor *ra, THTensor *a, const char *uplo, const char *fn) {
  LLTmp k = {{0}, 0};
  ll_matrix(&k, a, 1, "A", 1, fn);
  char u = ll_char(&k, uplo, "UL", "potri", 1, fn);
  int64_t n = a->size[0];
  if (ra != a) ll_colmajor(&k, ra, n, n, fn);
  THTensor *info = ll_info(&k);
  ll_check(&k, THTensor_potri(ra, info, a, u == 'U'));
  int32_t i = ll_first_info(info);
  if (i > 0)
    ll_error(&k, "%s: Lapack Error potri : A(%d,%d) is 0, A cannot be factorized", fn, i, i);
  ll_drop(&k);
}

static void ll_pstrf(THTensor *ra, THTensor *rpiv, THTensor *a, const char *uplo, double tol,
                     const char *fn) {
  LLTmp k = {{0}, 0};
  ll_matrix(&k, a, 1, "A", 1, fn);
  char u = ll_char(&k, uplo, "UL", "pstrf", 1, fn);
  int64_t n = a->size[0];
  a = ll_input(&k, a, ra == a ? NULL : ra, NULL, NULL);
  if (ra != a) ll_colmajor(&k, ra, n, n, fn);
  ll_resize(&k, rpiv, 1, &n, fn);
  THTensor *rank = ll_info(&k);
  ll_check(&k, THTensor_pstrf(ra, rpiv, rank, a, u == 'U', tol));
  if (ll_first_info(rank) < n) /* LAPACK's info 1 */
    ll_error(&k, "%s: Lapack Error pstrf : matrix is rank deficient or not positive "
             "semidefinite", fn);
  ll_drop(&k);
}

static void ll_geqrf(THTensor *ra, THTensor *rtau, THTensor *a, const char *fn) {
  LLTmp k = {{0}, 0};
  ll_matrix(&k, a, 1, "A", 0, fn);
  int64_t m = a->size[0], n = a->size[1], kk = m < n ? m : n;
  a = ll_input(&k, a, ra == a ? NULL : ra, rtau, NULL);
  if (ra != a) ll_colmajor(&k, ra, m, n, fn);
  ll_resize(&k, rtau, 1, &kk, fn);
  ll_check(&k, THTensor_geqrf(ra, rtau, a));
  ll_drop(&k);
}

static void ll_orgqr(THTensor *ra, THTensor *a, THTensor *tau, const char *fn) {
  LLTmp k = {{0}, 0};
  ll_matrix(&k, a, 1, "A", 0, fn);
  ll_arg(&k, tau->nDimension == 1, 3, "%s: tau should have 1 dimension, but has %d", fn,
         tau->nDimension);
  int64_t m = a->size[0], n = a->size[1], kk = tau->size[0];
  if (kk > m) ll_error(&k, "%s: Lapack Error in orgqr : Illegal Argument 2", fn);
  ll_arg(&k, kk <= n, 3, "%s: tau has %" PRId64 " reflectors, A only %" PRId64 " columns", fn,
         kk, n);
  a = ll_input(&k, a, ra == a ? NULL : ra, NULL, NULL);
  tau = ll_input(&k, tau, ra, NULL, NULL);
  if (ra != a) {
    ll_colmajor(&k, ra, m, n, fn);
    ll_check(&k, THTensor_copy(ra, a));
  }
  /* TH's orgqr(m, k, k): Q's first k columns over A's; the others stay A's */
  THTensor *q = ll_keep(&k, THTensor_newNarrow(ra, 1, 0, kk));
  ll_check(&k, THTensor_orgqr(q, q, tau));
  ll_drop(&k);
}

static void ll_ormqr(THTensor *ra, THTensor *a, THTensor *tau, THTensor *c, const char *side,
                     const char *trans, const char *fn) {
  LLTmp k = {{0}, 0};
  ll_arg(&k, a->nDimension == 2, 1, "%s: A should be 2 dimensional", fn);
  ll_matrix(&k, c, 4, "C", 0, fn);
  ll_arg(&k, tau->nDimension == 1, 3, "%s: tau should have 1 dimension, but has %d", fn,
         tau->nDimension);
  char s = ll_char(&k, side, "LR", "ormqr", 1, fn);
  char t = ll_char(&k, trans, "NT", "ormqr", 2, fn);
  int64_t m = c->size[0], n = c->size[1];
  a = ll_input(&k, a, ra, NULL, NULL);
  tau = ll_input(&k, tau, ra, NULL, NULL);
  c = ll_input(&k, c, ra == c ? NULL : ra, NULL, NULL);
  if (ra != c) ll_colmajor(&k, ra, m, n, fn);
  ll_check(&k, THTensor_ormqr(ra, a, tau, c, s == 'L', t == 'T'));
  ll_drop(&k);
}

static void ll_qr(THTensor *rq, THTensor *rr, THTensor *a, const char *fn) {
  LLTmp k = {{0}, 0};
  ll_matrix(&k, a, 1, "A", 0, fn);
  ll_arg(&k, rq != rr, 1, "%s: Q and R are one tensor", fn);
  int64_t m = a->size[0], n = a->size[1], kk = m < n ? m : n, rsize[2] = {kk, n};
  a = ll_input(&k, a, rq, rr, NULL);
  ll_colmajor(&k, rq, m, kk, fn);
  ll_resize(&k, rr, 2, rsize, fn); /* TH's triu: R resized as TH resizes */
  ll_check(&k, THTensor_qr(rq, rr, a, 0));
  ll_drop(&k);
}

static void ll_btrifact(THTensor *ra, THTensor *rpiv, THTensor *rinfo, int pivot, THTensor *a,
                        const char *fn) {
  LLTmp k = {{0}, 0};
  ll_arg(&k, a->nDimension == 3, 1, "%s: expected 3D tensor, got %dD", fn, a->nDimension);
  if (!pivot) ll_error(&k, "%s: btrifact without pivoting is not implemented on the CPU", fn);
  if (a->size[1] != a->size[2])
    ll_error(&k, "%s: btrifact is only implemented for square matrices", fn);
  ll_arg(&k, th_legacy_numel(a) > 0, 1, "%s: A is empty", fn);
  int64_t nb = a->size[0], n = a->size[1], psize[2] = {nb, n};
  a = ll_input(&k, a, ra == a ? NULL : ra, rpiv, rinfo);
  if (ra != a) ll_resize(&k, ra, 3, a->size, fn);
  ll_resize(&k, rpiv, 2, psize, fn);
  THTensor *info = rinfo;
  if (info)
    ll_resize(&k, info, 1, &nb, fn);
  else
    info = ll_info(&k);
  ll_check(&k, THTensor_getrf(ra, rpiv, info, a));
  if (!rinfo) {
    const int32_t *d = (const int32_t *)info->storage->data + info->storageOffset;
    for (int64_t b = 0; b < nb; b++)
      if (d[b])
        ll_error(&k, "%s: failed to factorize batch element %" PRId64 " (info == %d)", fn, b,
                 d[b]);
  }
  ll_drop(&k);
}

static void ll_btrisolve(THTensor *rb, THTensor *b, THTensor *atf, THTensor *piv,
                         const char *fn) {
  LLTmp k = {{0}, 0};
  ll_arg(&k, atf->nDimension == 3, 1, "%s: expected 3D tensor, got %dD", fn, atf->nDimension);
  ll_arg(&k, b->nDimension == 3 || b->nDimension == 2, 4, "%s: expected 2D or 3D tensor", fn);
  ll_arg(&k, atf->size[0] == b->size[0], 3, "%s: number of batches must be equal", fn);
  ll_arg(&k, atf->size[1] == atf->size[2], 3, "%s: A matrices must be square", fn);
  ll_arg(&k, atf->size[1] == b->size[1], 3, "%s: dimensions of A and b must be equal", fn);
  ll_arg(&k, th_legacy_numel(b) > 0 && th_legacy_numel(atf) > 0, 3, "%s: A or b is empty", fn);
  if (!THTensor_isContiguous(piv)) ll_error(&k, "%s: Error: rpivots_ is not contiguous.", fn);
  ll_arg(&k, piv->nDimension == 2 && piv->size[0] == atf->size[0] &&
             piv->size[1] == atf->size[1], 4,
         "%s: pivots should be %" PRId64 "x%" PRId64 " (the batches of A's rows)", fn,
         atf->size[0], atf->size[1]);
  atf = ll_input(&k, atf, rb, NULL, NULL);
  piv = ll_input(&k, piv, rb, NULL, NULL);
  b = ll_input(&k, b, rb == b ? NULL : rb, NULL, NULL);
  if (rb != b) {
    ll_resize(&k, rb, b->nDimension, b->size, fn);
    ll_check(&k, THTensor_copy(rb, b));
  }
  THTensor *x = rb->nDimension == 3 ? rb : ll_keep(&k, THTensor_newUnsqueeze1d(rb, 2));
  ll_check(&k, THTensor_getrs(x, atf, piv, x, 0));
  ll_drop(&k);
}

/* the typed functions */
#define TH_GENERIC_FILE "legacy/generic/THLegacyTensorLapack.c"
#include "TH/THGenerateFloatTypes.h"
