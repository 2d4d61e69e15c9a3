/* THTensorFactories.h: tensors made from numbers and the structure of
 * matrices (TH's zerosLike, onesLike, eye, range, arange, linspace,
 * logspace, diag, tril, triu, trace, cross, dist, renorm), with torch 2.13's
 * values: the same arithmetic, so the same floats (docs/FACTORIES.md says
 * where they can differ).
 *
 * Each writes into r, resized to the result's shape and keeping its dtype
 * (r may be the input where the operation is element-wise in place: tril,
 * triu). Errors return -1 with r unchanged unless said otherwise. Ownership
 * of every function is listed in docs/REFCOUNT.md. */
#ifndef TH_TENSOR_FACTORIES_H
#define TH_TENSOR_FACTORIES_H

#include <stdint.h>

#include "THGeneral.h"
#include "THTensor.h"

/* r resized to input's shape, filled with 0 or 1. */
TH_API int THTensor_zerosLike(THTensor *r, THTensor *input);
TH_API int THTensor_onesLike(THTensor *r, THTensor *input);
/* The n x m identity (m < 0: n x n). */
TH_API int THTensor_eye(THTensor *r, int64_t n, int64_t m);
/* xmin, xmin + step, ... below xmax (arange) or up to and including it
 * (TH's range): ceil((xmax - xmin) / step) values, floor(...) + 1 for
 * range; each xmin + i * step computed in double (one rounding). step 0,
 * a step of the wrong sign and non-finite bounds are ValueErrors. */
TH_API int THTensor_arange(THTensor *r, double xmin, double xmax, double step);
TH_API int THTensor_range(THTensor *r, double xmin, double xmax, double step);
/* r resized to n elements, 1-dim (one of n keeps its stride): the int64
 * values start, start + step, ... computed exactly (wrapping past int64's
 * range as unsigned arithmetic does), converted to r's dtype as a copy
 * converts. n < 0 is a ValueError. */
TH_API int THTensor_arangeInt64(THTensor *r, int64_t start, int64_t step, int64_t n);
/* n values from a to b evenly (linspace), and base to those powers
 * (logspace), as torch computes them: the first half from a, the second
 * back from b. n >= 0. */
TH_API int THTensor_linspace(THTensor *r, double a, double b, int64_t n);
TH_API int THTensor_logspace(THTensor *r, double a, double b, int64_t n, double base);
/* t 1-dim: the square matrix with t on diagonal k; t 2-dim: a copy of its
 * diagonal k (torch.diag). */
TH_API int THTensor_diag(THTensor *r, THTensor *t, int64_t k);
/* The lower (tril) or upper (triu) triangle of each matrix of t (the last
 * two dims), from diagonal k: the other elements 0. r may be t (in place). */
TH_API int THTensor_tril(THTensor *r, THTensor *t, int64_t k);
TH_API int THTensor_triu(THTensor *r, THTensor *t, int64_t k);
/* The sum of the diagonal of a matrix, into the 0-dim r (torch's dtype for
 * a sum: integers and bool give int64). */
TH_API int THTensor_trace(THTensor *r, THTensor *t);
/* The cross product of 3-vectors along dim of a and b (broadcast
 * together), torch.linalg.cross. */
TH_API int THTensor_cross(THTensor *r, THTensor *a, THTensor *b, int dim);
/* The p-norm of a - b, into the 0-dim r (torch.dist). */
TH_API int THTensor_dist(THTensor *r, THTensor *a, THTensor *b, double p);
/* The p-norm distances (p >= 0, inf included) between each row of x1
 * (P x M) and each row of x2 (R x M), into result resized to P x R
 * (torch.cdist's differences); float32 or float64, one dtype for all three;
 * result apart from the inputs. */
TH_API int THTensor_cdist(THTensor *result, THTensor *x1, THTensor *x2, double p);
/* The distances between the pairs i < j of input's rows (N x M), in
 * row-major pair order, into result resized to N (N - 1) / 2 (torch.pdist). */
TH_API int THTensor_pdist(THTensor *result, THTensor *input, double p);
/* Each slice of src along dim whose p-norm exceeds maxnorm scaled down to
 * it (torch.renorm); r may be src. p > 0, maxnorm >= 0. */
TH_API int THTensor_renorm(THTensor *r, THTensor *src, double p, int dim, double maxnorm);

#endif /* TH_TENSOR_FACTORIES_H */
