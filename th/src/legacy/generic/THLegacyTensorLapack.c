/* TH<Real>Tensor_gesv, ...: TH v0.4's typed LAPACK functions
 * (generic/THTensorLapack.h) for Float and Double. Most check their typed
 * arguments and run THLegacyLapack.c's untyped bodies; gels, geev and
 * gesvd call LAPACK here, as TH did, for the raw results th's layer does
 * not give. THTensor is th's own struct here, LTensor TH's typed one. */
#undef THStorage
#undef THTensor
#define LTensor TH_CONCAT_3(TH, Real, Tensor)
#define T_IN(t) th_legacy_tensor((t), TH_REAL_DTYPE, #t, __func__)
#define I_IN(t) th_legacy_tensor((t), TH_INT32, #t, __func__)
#define LL_DATA(t) ((real *)THTensor_data(t))

void THTensor_(gesv)(LTensor *rb_, LTensor *ra_, LTensor *b_, LTensor *a_) {
  THTensor *rb = T_IN(rb_), *ra = T_IN(ra_);
  ll_gesv(rb, ra, b_ ? T_IN(b_) : rb, a_ ? T_IN(a_) : ra, __func__);
}

void THTensor_(trtrs)(LTensor *rb_, LTensor *ra_, LTensor *b_, LTensor *a_, const char *uplo,
                      const char *trans, const char *diag) {
  THTensor *rb = T_IN(rb_), *ra = T_IN(ra_);
  ll_trtrs(rb, ra, b_ ? T_IN(b_) : rb, a_ ? T_IN(a_) : ra, uplo, trans, diag, __func__);
}

/* The least-squares solution (m >= n) or the minimum-norm one (m < n) of
 * A X = B by QR (LAPACK's gels): ra_ gets the factored A (m x n), rb_ all
 * max(m, n) rows LAPACK leaves in B (the solution's n first), both
 * column-major; rb_ that is B itself is written as it lies (grown to n
 * rows, contiguous, when m < n), as TH did. */
void THTensor_(gels)(LTensor *rb_, LTensor *ra_, LTensor *b_, LTensor *a_) {
  const char *fn = __func__;
  THTensor *rb = T_IN(rb_), *ra = T_IN(ra_);
  THTensor *b = b_ ? T_IN(b_) : rb, *a = a_ ? T_IN(a_) : ra;
  LLTmp k = {{0}, 0};
  ll_matrix(&k, a, 2, "A", 0, fn);
  THTensor *b2 = ll_rhs(&k, b, a, fn);
  int64_t m = a->size[0], n = a->size[1], nrhs = b2->size[1], ldb = m > n ? m : n;
  ll_arg(&k, ldb <= INT_MAX && nrhs <= INT_MAX, 2, "%s: A or B too large for LAPACK", fn);
  THTensor *wa = ll_new_colmajor(&k, TH_REAL_DTYPE, m, n, a);
  THTensor *wb = ll_new_colmajor(&k, TH_REAL_DTYPE, ldb, nrhs, NULL);
  ll_check(&k, THTensor_fill(wb, 0));
  ll_check(&k, THTensor_copy(ll_keep(&k, THTensor_newNarrow(wb, 0, 0, m)), b2));
  real wkopt = 0;
  int info = 0;
  THLapack_(gels)('N', (int)m, (int)n, (int)nrhs, LL_DATA(wa), (int)m, LL_DATA(wb), (int)ldb,
                  &wkopt, -1, &info);
  if (info == 0) {
    int lwork = th_lapack_work_size(TH_REAL_DTYPE, &wkopt);
    THTensor *work = ll_keep(&k, THTensor_newWithSize1d(TH_REAL_DTYPE, lwork));
    THLapack_(gels)('N', (int)m, (int)n, (int)nrhs, LL_DATA(wa), (int)m, LL_DATA(wb), (int)ldb,
                    LL_DATA(work), lwork, &info);
  }
  if (info < 0) ll_error(&k, "%s: Lapack Error in gels : Illegal Argument %d", fn, -info);
  if (info > 0)
    ll_error(&k, "%s: Lapack Error in gels : The %d-th diagonal element of the triangular "
             "factor of A is zero", fn, info);
  if (ra != a) ll_colmajor(&k, ra, m, n, fn);
  ll_check(&k, THTensor_copy(ra, wa));
  if (rb != b2) {
    ll_colmajor(&k, rb, ldb, nrhs, fn);
  } else if (m < n) {
    int64_t size[2] = {n, nrhs};
    ll_resize(&k, rb, 2, size, fn);
  }
  ll_check(&k, THTensor_copy(rb, wb));
  ll_drop(&k);
}

void THTensor_(syev)(LTensor *re_, LTensor *rv_, LTensor *a_, const char *jobz,
                     const char *uplo) {
  THTensor *re = T_IN(re_), *rv = T_IN(rv_);
  ll_syev(re, rv, a_ ? T_IN(a_) : rv, jobz, uplo, __func__);
}

/* The eigenvalues of a general A (LAPACK's geev): re_ (n x 2) their real
 * and imaginary parts; with jobvr "V", rv_ (n x n, column-major) the right
 * eigenvectors packed as LAPACK gives them (a complex pair j, j+1: columns
 * j +- i column j+1). */
void THTensor_(geev)(LTensor *re_, LTensor *rv_, LTensor *a_, const char *jobvr) {
  const char *fn = __func__;
  THTensor *re = T_IN(re_), *rv = T_IN(rv_), *a = T_IN(a_);
  LLTmp k = {{0}, 0};
  ll_matrix(&k, a, 1, "A", 1, fn);
  char jv = ll_char(&k, jobvr, "NV", "geev", 2, fn);
  int64_t n = a->size[0], resize[2] = {n, 2};
  ll_arg(&k, n <= INT_MAX / 4, 1, "%s: A too large for LAPACK", fn);
  THTensor *wa = ll_new_colmajor(&k, TH_REAL_DTYPE, n, n, a);
  THTensor *wr = ll_keep(&k, THTensor_newWithSize1d(TH_REAL_DTYPE, n));
  THTensor *wi = ll_keep(&k, THTensor_newWithSize1d(TH_REAL_DTYPE, n));
  THTensor *vr = jv == 'V' ? ll_new_colmajor(&k, TH_REAL_DTYPE, n, n, NULL) : NULL;
  real *vrd = vr ? LL_DATA(vr) : NULL, wkopt = 0;
  int ldvr = vr ? (int)n : 1, info = 0;
  THLapack_(geev)('N', jv, (int)n, LL_DATA(wa), (int)n, LL_DATA(wr), LL_DATA(wi), NULL, 1, vrd,
                  ldvr, &wkopt, -1, &info);
  if (info == 0) {
    int lwork = th_lapack_work_size(TH_REAL_DTYPE, &wkopt);
    THTensor *work = ll_keep(&k, THTensor_newWithSize1d(TH_REAL_DTYPE, lwork));
    THLapack_(geev)('N', jv, (int)n, LL_DATA(wa), (int)n, LL_DATA(wr), LL_DATA(wi), NULL, 1,
                    vrd, ldvr, LL_DATA(work), lwork, &info);
  }
  if (info < 0) ll_error(&k, "%s: Lapack Error in geev : Illegal Argument %d", fn, -info);
  if (info > 0)
    ll_error(&k, "%s: Lapack Error in geev : %d off-diagonal elements of an didn't converge "
             "to zero", fn, info);
  THTensor *pairs = ll_keep(&k, THTensor_newWithSize2d(TH_REAL_DTYPE, n, 2));
  real *pd = LL_DATA(pairs), *wrd = LL_DATA(wr), *wid = LL_DATA(wi);
  for (int64_t i = 0; i < n; i++) {
    pd[2 * i] = wrd[i];
    pd[2 * i + 1] = wid[i];
  }
  ll_resize(&k, re, 2, resize, fn);
  ll_check(&k, THTensor_copy(re, pairs));
  if (vr) {
    ll_colmajor(&k, rv, n, n, fn);
    ll_check(&k, THTensor_copy(rv, vr));
  }
  ll_drop(&k);
}

/* A = U diag(S) V^T by LAPACK's gesvd, jobu "A" (U m x m, V n x n), "S"
 * (U m x k, V n x k) or "N" (singular values alone; U and V as "S" and "A"
 * shape them, zeroed): ru_ column-major, rs_ (k), rv_ V itself (TH's
 * resize and copy: contiguous unless it had the shape); ra_ (gesvd2, when
 * not NULL) what LAPACK leaves in A, column-major. */
static void TH_CONCAT_2(ll_gesvd_, Real)(THTensor *ru, THTensor *rs, THTensor *rv, THTensor *ra,
                                        THTensor *a, const char *jobu, const char *fn) {
  LLTmp k = {{0}, 0};
  ll_matrix(&k, a, ra ? 5 : 4, "A", 0, fn);
  char j = ll_char(&k, jobu, "ASN", "gesvd", 1, fn);
  int64_t m = a->size[0], n = a->size[1], kk = m < n ? m : n;
  int64_t ucols = j == 'A' ? m : kk, vcols = j == 'S' ? kk : n, vsize[2] = {n, vcols};
  ll_arg(&k, m <= INT_MAX / 4 && n <= INT_MAX / 4, 4, "%s: A too large for LAPACK", fn);
  THTensor *wa = ll_new_colmajor(&k, TH_REAL_DTYPE, m, n, a);
  THTensor *s = ll_keep(&k, THTensor_newWithSize1d(TH_REAL_DTYPE, kk));
  THTensor *u = ll_new_colmajor(&k, TH_REAL_DTYPE, m, ucols, NULL);
  THTensor *vt = ll_new_colmajor(&k, TH_REAL_DTYPE, n, n, NULL);
  real wkopt = 0;
  int info = 0;
  THLapack_(gesvd)(j, j, (int)m, (int)n, LL_DATA(wa), (int)m, LL_DATA(s), LL_DATA(u), (int)m,
                   LL_DATA(vt), (int)n, &wkopt, -1, &info);
  if (info == 0) {
    int lwork = th_lapack_work_size(TH_REAL_DTYPE, &wkopt);
    THTensor *work = ll_keep(&k, THTensor_newWithSize1d(TH_REAL_DTYPE, lwork));
    THLapack_(gesvd)(j, j, (int)m, (int)n, LL_DATA(wa), (int)m, LL_DATA(s), LL_DATA(u), (int)m,
                     LL_DATA(vt), (int)n, LL_DATA(work), lwork, &info);
  }
  if (info < 0) ll_error(&k, "%s: Lapack Error in gesvd : Illegal Argument %d", fn, -info);
  if (info > 0)
    ll_error(&k, "%s: Lapack Error gesvd : %d superdiagonals failed to converge.", fn, info);
  if (j == 'N') {
    ll_check(&k, THTensor_fill(u, 0));
    ll_check(&k, THTensor_fill(vt, 0));
  }
  /* V = VT^T, its first k columns for "S" */
  THTensor *v = ll_keep(&k, THTensor_newTranspose(vt, 0, 1));
  if (vcols != n) ll_check(&k, THTensor_narrow(v, NULL, 1, 0, vcols));
  ll_colmajor(&k, ru, m, ucols, fn);
  ll_check(&k, THTensor_copy(ru, u));
  ll_resize(&k, rs, 1, &kk, fn);
  ll_check(&k, THTensor_copy(rs, s));
  ll_resize(&k, rv, 2, vsize, fn);
  ll_check(&k, THTensor_copy(rv, v));
  if (ra) {
    if (ra != a) ll_colmajor(&k, ra, m, n, fn);
    ll_check(&k, THTensor_copy(ra, wa));
  }
  ll_drop(&k);
}

void THTensor_(gesvd)(LTensor *ru_, LTensor *rs_, LTensor *rv_, LTensor *a, const char *jobu) {
  THTensor *ru = T_IN(ru_), *rs = T_IN(rs_), *rv = T_IN(rv_), *at = T_IN(a);
  TH_CONCAT_2(ll_gesvd_, Real)(ru, rs, rv, NULL, at, jobu, __func__);
}

void THTensor_(gesvd2)(LTensor *ru_, LTensor *rs_, LTensor *rv_, LTensor *ra_, LTensor *a,
                       const char *jobu) {
  THTensor *ru = T_IN(ru_), *rs = T_IN(rs_), *rv = T_IN(rv_), *ra = T_IN(ra_);
  TH_CONCAT_2(ll_gesvd_, Real)(ru, rs, rv, ra, a ? T_IN(a) : ra, jobu, __func__);
}

void THTensor_(getri)(LTensor *ra_, LTensor *a) {
  THTensor *ra = T_IN(ra_);
  ll_getri(ra, a ? T_IN(a) : ra, __func__);
}

void THTensor_(potrf)(LTensor *ra_, LTensor *a, const char *uplo) {
  THTensor *ra = T_IN(ra_);
  ll_potrf(ra, a ? T_IN(a) : ra, uplo, __func__);
}

void THTensor_(potrs)(LTensor *rb_, LTensor *b_, LTensor *a_, const char *uplo) {
  THTensor *rb = T_IN(rb_), *a = T_IN(a_);
  ll_potrs(rb, b_ ? T_IN(b_) : rb, a, uplo, __func__);
}

void THTensor_(potri)(LTensor *ra_, LTensor *a, const char *uplo) {
  THTensor *ra = T_IN(ra_);
  ll_potri(ra, a ? T_IN(a) : ra, uplo, __func__);
}

void THTensor_(qr)(LTensor *rq_, LTensor *rr_, LTensor *a) {
  THTensor *rq = T_IN(rq_), *rr = T_IN(rr_), *at = T_IN(a);
  ll_qr(rq, rr, at, __func__);
}

/* (TH's geqrf dereferenced a NULL a; here a NULL a is ra_, as TH's other
 * functions read it.) */
void THTensor_(geqrf)(LTensor *ra_, LTensor *rtau_, LTensor *a) {
  THTensor *ra = T_IN(ra_), *rtau = T_IN(rtau_);
  ll_geqrf(ra, rtau, a ? T_IN(a) : ra, __func__);
}

void THTensor_(orgqr)(LTensor *ra_, LTensor *a, LTensor *tau) {
  THTensor *ra = T_IN(ra_), *t = T_IN(tau);
  ll_orgqr(ra, a ? T_IN(a) : ra, t, __func__);
}

void THTensor_(ormqr)(LTensor *ra_, LTensor *a, LTensor *tau, LTensor *c, const char *side,
                      const char *trans) {
  THTensor *ra = T_IN(ra_), *t = T_IN(tau), *ct = T_IN(c);
  ll_ormqr(ra, a ? T_IN(a) : ra, t, ct, side, trans, __func__);
}

void THTensor_(pstrf)(LTensor *ra_, THIntTensor *rpiv_, LTensor *a, const char *uplo,
                      real tol) {
  THTensor *ra = T_IN(ra_), *rpiv = I_IN(rpiv_), *at = T_IN(a);
  ll_pstrf(ra, rpiv, at, uplo, (double)tol, __func__);
}

void THTensor_(btrifact)(LTensor *ra_, THIntTensor *rpivots_, THIntTensor *rinfo_, int pivot,
                         LTensor *a) {
  THTensor *ra = T_IN(ra_), *rpiv = I_IN(rpivots_), *at = T_IN(a);
  ll_btrifact(ra, rpiv, rinfo_ ? I_IN(rinfo_) : NULL, pivot, at, __func__);
}

void THTensor_(btrisolve)(LTensor *rb_, LTensor *b, LTensor *atf, THIntTensor *pivots) {
  THTensor *rb = T_IN(rb_), *bt = T_IN(b), *at = T_IN(atf), *piv = I_IN(pivots);
  ll_btrisolve(rb, bt, at, piv, __func__);
}

#undef LTensor
#undef T_IN
#undef I_IN
#undef LL_DATA
