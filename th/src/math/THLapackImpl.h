/* Internal: what the LAPACK files share. LAPACK's prototypes as
 * scipy-openblas32 declares them (every symbol prefixed scipy_), batches of
 * matrices in LAPACK's order, and result tensors prepared in torch's
 * layout. */
#ifndef TH_LAPACK_IMPL_H
#define TH_LAPACK_IMPL_H

#include <stdint.h>

#include "TH/THGeneral.h"
#include "TH/THTensor.h"

/* lapack.h names a routine LAPACK_GLOBAL(dgetrf, DGETRF): scipy's build
 * exports it as scipy_dgetrf_. th's complex structs have Fortran's layout,
 * which spares lapack.h's <complex.h>. */
#define LAPACK_GLOBAL(lcname, UCNAME) scipy_##lcname##_
#define lapack_complex_float THComplexFloat
#define lapack_complex_double THComplexDouble
#include <lapack.h>

/* The four dtypes LAPACK computes in; the real dtype of each. */
int th_lapack_dtype(THScalarType dtype);
THScalarType th_lapack_real(THScalarType dtype);

/* Checks an input matrix batch: not NULL, 2 dims or more, one of the four
 * dtypes (TypeError), sizes LAPACK's int holds; square: rows == cols. */
int th_lapack_check_input(const THTensor *a, const char *name, int square, const char *fn);
/* Same batch sizes (all dims but the last two). */
int th_lapack_check_batch(const THTensor *a, const char *an, const THTensor *b,
                          const char *bn, const char *fn);
/* The product of a's first nbatch sizes. */
int64_t th_lapack_count(const THTensor *a, int nbatch);

/* A result being prepared: work is the tensor the routine writes (r itself
 * when r can take torch's layout, else a new tensor copied into r at the
 * end). r NULL: work is a scratch of that layout, freed at the end. */
typedef struct THResult {
  THTensor *r;    /* borrowed; may be NULL */
  THTensor *work; /* one reference held */
} THResult;

/* The layout of a result: each matrix column-major, batches one after
 * another (fortran 1; the last two sizes are a matrix), or contiguous. */
int th_result_open(THResult *o, THTensor *r, const char *name, THScalarType dtype, int nd,
                   const int64_t *size, int fortran, THTensor *const *inputs, int ninputs,
                   const char *fn);
/* Copies work into r when they differ (rc 0) and frees work. Returns rc, or
 * -1 when the copy failed. */
int th_result_close(THResult *o, int rc);
/* work's data (NULL when it holds no element). */
char *th_result_data(const THResult *o);

/* Whether t is a batch of column-major matrices, the batches one after
 * another (torch's layout of LAPACK's results). */
int th_is_fortran(const THTensor *t);
/* A new reference to a as a batch of column-major matrices: a itself when
 * it lies so, else a copy. */
THTensor *th_lapack_new_fortran(THTensor *a, const char *fn);

/* Each matrix's LAPACK info, in an int32 result (info given) or checked
 * (info NULL: the first matrix with info > 0 is an error, its message
 * made by describe(batch, info, buf)). */
typedef void (*th_info_message)(char *buf, size_t cap, int info);
int th_lapack_report_info(const int32_t *infos, int64_t count, int batched, th_info_message msg,
                          const char *fn);

/* A LAPACK routine's optimal workspace from the query's first element. */
int th_lapack_work_size(THScalarType dtype, const void *query);
/* Zeroes the strict lower (lower 1) or upper triangle of each of count
 * column-major m x n matrices step elements apart. */
void th_lapack_zero_triangle(THScalarType dtype, char *data, int64_t count, int64_t m,
                             int64_t n, int64_t step, int lower);
/* OpenBLAS's threads follow THSetNumThreads (THTensorBlas.c). */
void th_blas_set_threads(int n);

#endif
