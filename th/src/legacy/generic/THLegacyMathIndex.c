/* TH's masked and indexed functions (part of generic/THLegacyMathReduce.c).
 * Every index is checked before anything is written: a bad one is a TH
 * error that leaves the tensors as they were (TH wrote the elements before
 * it), never a read or write outside a tensor. */

void THTensor_(maskedFill)(LTensor *tensor, THByteTensor *mask, real value) {
  (void)T_IN(tensor);
  (void)B_IN(mask);
  TH_TENSOR_APPLY2(unsigned char, mask, real, tensor, if (*mask_data > 1) {
    THError("%s: Mask tensor can take 0 and 1 values only", __func__);
  })
  TH_TENSOR_APPLY2(real, tensor, unsigned char, mask, if (*mask_data == 1) *tensor_data = value;)
}

/* The ones in mask (a TH error for a value other than 0 and 1). */
static ptrdiff_t THTensor_(legacy_mask_count)(THByteTensor *mask, const char *fn) {
  ptrdiff_t n = 0;
  TH_TENSOR_APPLY(unsigned char, mask, if (*mask_data > 1) {
    THError("%s: Mask tensor can take 0 and 1 values only", fn);
  } n += *mask_data;)
  return n;
}

void THTensor_(maskedCopy)(LTensor *tensor, THByteTensor *mask, LTensor *src) {
  THTensor *s = T_IN(src);
  (void)T_IN(tensor);
  (void)B_IN(mask);
  int64_t nsrc = th_legacy_numel(s);
  if (THTensor_(nElement)(tensor) != THByteTensor_nElement(mask))
    THError("%s: Number of elements of destination tensor != Number of elements in mask",
            __func__);
  if (THTensor_(legacy_mask_count)(mask, __func__) > nsrc)
    THError("%s: Number of elements of src < number of ones in mask", __func__);
  const real *sd = (const real *)s->storage->data + s->storageOffset;
  int64_t k = 0;
  TH_TENSOR_APPLY2(real, tensor, unsigned char, mask, if (*mask_data == 1) {
    *tensor_data = sd[legacy_offset_of(s->nDimension, s->size, s->stride, k++)];
  })
}

void THTensor_(maskedSelect)(LTensor *tensor, LTensor *src, THByteTensor *mask) {
  (void)T_IN(tensor);
  (void)T_IN(src);
  (void)B_IN(mask);
  if (THTensor_(nElement)(src) != THByteTensor_nElement(mask))
    THError("%s: inconsistent tensor size, src %s and mask %s have different element counts",
            __func__, _THSizeDesc(src->size, src->nDimension).str,
            _THSizeDesc(mask->size, mask->nDimension).str);
  ptrdiff_t numel = THTensor_(legacy_mask_count)(mask, __func__);
  /* src's elements read before tensor (which may be src) changes */
  real *buf = THAlloc(sizeof(real) * (size_t)(numel ? numel : 1));
  real *p = buf;
  TH_TENSOR_APPLY2(real, src, unsigned char, mask, if (*mask_data == 1) *p++ = *src_data;)
  int64_t size[1] = {numel};
  legacy_resize_or_free(tensor, 1, size, __func__, buf, NULL, NULL);
  p = buf;
  TH_TENSOR_APPLY(real, tensor, *tensor_data = *p++;)
  THFree(buf);
}

void THTensor_(nonzero)(THLongTensor *subscript, LTensor *tensor) {
  (void)L_IN(subscript);
  (void)T_IN(tensor);
  THArgCheck((void *)subscript != (void *)tensor, 1, "%s: the result cannot be the tensor",
             __func__);
  ptrdiff_t numel = 0;
  int n = tensor->nDimension;
  TH_TENSOR_APPLY(real, tensor, if (*tensor_data != 0) numel++;)
  int64_t size[2] = {numel, n};
  legacy_resize(subscript, 2, size, __func__);
  if (numel == 0) return;
  /* TH's rows in row-major order; subscript may have any strides */
  int64_t *sd = subscript->storage->data + subscript->storageOffset;
  int64_t s0 = subscript->stride[0], s1 = subscript->stride[1], row = 0, i = 0;
  TH_TENSOR_APPLY(real, tensor, if (*tensor_data != 0) {
    int64_t rest = i;
    for (int d = n - 1; d >= 0; d--) {
      sd[row * s0 + d * s1] = rest % tensor->size[d];
      rest /= tensor->size[d];
    }
    row++;
  } i++;)
}

/* index as a contiguous 1-dim run (TH read it so); every entry in
 * [0, limit), else a TH error naming fn. A new reference. */
static THLongTensor *THTensor_(legacy_indices)(THLongTensor *index, int64_t limit,
                                               const char *fn) {
  TH_TENSOR_APPLY(int64_t, index, if (*index_data < 0 || *index_data >= limit) {
    THError("%s: index %" PRId64 " out of range (size %" PRId64 ")", fn, *index_data, limit);
  })
  /* a copy: the result may be index itself (a THLongTensor's) */
  return THLongTensor_newClone(index);
}

#define LEGACY_CHECK_DIM(t, dim, arg)                                                  \
  THArgCheck((dim) >= 0 && (dim) < (t)->nDimension, arg,                               \
             "%s: Indexing dim %d is out of bounds of tensor (%dD)", __func__,           \
             (dim) + TH_INDEX_BASE, (t)->nDimension)

void THTensor_(indexSelect)(LTensor *tensor, LTensor *src, int dim, THLongTensor *index) {
  (void)T_IN(tensor);
  (void)T_IN(src);
  (void)L_IN(index);
  THArgCheck(index->nDimension <= 1, 3, "%s: Index is supposed to be an empty tensor or a vector",
             __func__);
  LEGACY_CHECK_DIM(src, dim, 4);
  THArgCheck(tensor != src, 1, "%s: the result cannot be src", __func__);
  int64_t numel = THLongTensor_nElement(index);
  THLongTensor *idx = THTensor_(legacy_indices)(index, src->size[dim], __func__);
  int64_t size[TH_MAX_DIMS];
  for (int d = 0; d < src->nDimension; d++) size[d] = src->size[d];
  size[dim] = numel;
  legacy_resize(tensor, src->nDimension, size, __func__);
  const int64_t *id = THLongTensor_data(idx);
  if (src->nDimension == 1) {
    real *td = THTensor_(data)(tensor), *sd = THTensor_(data)(src);
    for (int64_t i = 0; i < numel; i++) td[i * tensor->stride[0]] = sd[id[i] * src->stride[0]];
  } else if (numel > 0) {
    LTensor *ts = THTensor_(new)(), *ss = THTensor_(new)();
    for (int64_t i = 0; i < numel; i++) {
      THTensor_(select)(ts, tensor, dim, i);
      THTensor_(select)(ss, src, dim, id[i]);
      THTensor_(copy)(ts, ss);
    }
    THTensor_(free)(ts);
    THTensor_(free)(ss);
  }
  THLongTensor_free(idx);
}

/* tensor's and src's shapes for indexCopy/indexAdd: the same dims, the same
 * sizes apart from dim, src's dim as long as index. */
static void THTensor_(legacy_check_index_src)(LTensor *tensor, int dim, THLongTensor *index,
                                              LTensor *src, const char *fn) {
  THArgCheck(index->nDimension == 1, 3, "%s: Index is supposed to be a vector", fn);
  THArgCheck(dim >= 0 && dim < tensor->nDimension && dim < src->nDimension, 4,
             "%s: Indexing dim %d is out of bounds of tensor", fn, dim + TH_INDEX_BASE);
  THArgCheck(index->size[0] == src->size[dim], 4,
             "%s: Number of indices should be equal to source:size(dim)", fn);
  int bad = tensor->nDimension != src->nDimension;
  for (int d = 0; !bad && d < src->nDimension; d++)
    bad = d != dim && tensor->size[d] != src->size[d];
  if (bad)
    THError("%s: tensor %s and src %s must have the same size apart from dimension %d", fn,
            _THSizeDesc(tensor->size, tensor->nDimension).str,
            _THSizeDesc(src->size, src->nDimension).str, dim);
}

static void THTensor_(legacy_index_copy_add)(LTensor *tensor, int dim, THLongTensor *index,
                                             LTensor *src, int add, const char *fn) {
  THTensor_(legacy_check_index_src)(tensor, dim, index, src, fn);
  int64_t numel = index->size[0];
  THLongTensor *idx = THTensor_(legacy_indices)(index, tensor->size[dim], fn);
  const int64_t *id = THLongTensor_data(idx);
  LTensor *ts = THTensor_(new)(), *ss = THTensor_(new)();
  for (int64_t i = 0; i < numel; i++) {
    /* narrow, not select: TH's select refuses a vector */
    THTensor_(narrow)(ts, tensor, dim, id[i], 1);
    THTensor_(narrow)(ss, src, dim, i, 1);
    if (!add) {
      THTensor_(copy)(ts, ss);
    } else {
      TH_TENSOR_APPLY2(real, ts, real, ss, *ts_data = R_ADD(*ts_data, *ss_data);)
    }
  }
  THTensor_(free)(ts);
  THTensor_(free)(ss);
  THLongTensor_free(idx);
}

void THTensor_(indexCopy)(LTensor *tensor, int dim, THLongTensor *index, LTensor *src) {
  (void)T_IN(tensor);
  (void)T_IN(src);
  (void)L_IN(index);
  THTensor_(legacy_index_copy_add)(tensor, dim, index, src, 0, __func__);
}

void THTensor_(indexAdd)(LTensor *tensor, int dim, THLongTensor *index, LTensor *src) {
  (void)T_IN(tensor);
  (void)T_IN(src);
  (void)L_IN(index);
  THTensor_(legacy_index_copy_add)(tensor, dim, index, src, 1, __func__);
}

void THTensor_(indexFill)(LTensor *tensor, int dim, THLongTensor *index, real val) {
  (void)T_IN(tensor);
  (void)L_IN(index);
  THArgCheck(index->nDimension == 1, 3, "%s: Index is supposed to be a vector", __func__);
  LEGACY_CHECK_DIM(tensor, dim, 4);
  THLongTensor *idx = THTensor_(legacy_indices)(index, tensor->size[dim], __func__);
  const int64_t *id = THLongTensor_data(idx);
  LTensor *ts = THTensor_(new)();
  for (int64_t i = 0; i < index->size[0]; i++) {
    THTensor_(narrow)(ts, tensor, dim, id[i], 1);
    TH_TENSOR_APPLY(real, ts, *ts_data = val;)
  }
  THTensor_(free)(ts);
  THLongTensor_free(idx);
}

/* TH's linear indices: [-n, n), negative ones from the end */
static void THTensor_(legacy_check_linear)(THLongTensor *index, int64_t n, const char *fn) {
  TH_TENSOR_APPLY(int64_t, index, if (!(*index_data < n && *index_data >= -n)) {
    THArgError(2, "%s: out of range: %" PRId64 " out of %" PRId64, fn, *index_data, n);
  })
}

void THTensor_(take)(LTensor *r_, LTensor *src, THLongTensor *index) {
  (void)T_IN(r_);
  (void)T_IN(src);
  (void)L_IN(index);
  int64_t n = THTensor_(nElement)(src);
  THTensor_(legacy_check_linear)(index, n, __func__);
  /* the values first: r_ may be src */
  int64_t count = THLongTensor_nElement(index);
  real *buf = THAlloc(sizeof(real) * (size_t)(count ? count : 1));
  real *p = buf;
  const real *sd = src->storage->data + src->storageOffset;
  TH_TENSOR_APPLY(int64_t, index, {
    int64_t i = *index_data < 0 ? *index_data + n : *index_data;
    *p++ = sd[legacy_offset_of(src->nDimension, src->size, src->stride, i)];
  })
  /* index's shape (with a size-0 dim of th's: TH's empty tensor) */
  legacy_resize_or_free(r_, count ? index->nDimension : 0, index->size, __func__, buf, NULL, NULL);
  p = buf;
  TH_TENSOR_APPLY(real, r_, *r__data = *p++;)
  THFree(buf);
}

void THTensor_(put)(LTensor *tensor, THLongTensor *index, LTensor *src, int accumulate) {
  (void)T_IN(tensor);
  (void)T_IN(src);
  (void)L_IN(index);
  THArgCheck(THLongTensor_nElement(index) == THTensor_(nElement)(src), 3,
             "%s: src should have the same number of elements as index", __func__);
  int64_t n = THTensor_(nElement)(tensor);
  THTensor_(legacy_check_linear)(index, n, __func__);
  real *td = tensor->storage->data + tensor->storageOffset;
  TH_TENSOR_APPLY2(int64_t, index, real, src, {
    int64_t i = *index_data < 0 ? *index_data + n : *index_data;
    real *e = td + legacy_offset_of(tensor->nDimension, tensor->size, tensor->stride, i);
    *e = accumulate ? R_ADD(*e, *src_data) : *src_data;
  })
}

/* ------------------------------------------------ gather and scatter
 * One loop over index's elements: each has its place in index's shape; its
 * value replaces the coordinate of dim in the other tensor (scatter: in
 * tensor, gather: in src). */
static void THTensor_(legacy_scatter_gather)(int op, LTensor *tensor, LTensor *src, int dim,
                                             THLongTensor *index, real val, const char *fn) {
  /* index read while tensor is written: a copy when they share memory */
  THLongTensor *own = NULL;
  if ((void *)index->storage == (void *)tensor->storage) index = own = THLongTensor_newClone(index);
  LTensor *indexed = op == LEGACY_GATHER ? src : tensor;
  int64_t limit = indexed->size[dim];
  TH_TENSOR_APPLY(int64_t, index, if (*index_data < 0 || *index_data >= limit) {
    int64_t bad = *index_data;
    if (own) THLongTensor_free(own);
    THError("%s: Invalid index in %s: %" PRId64 " (size %" PRId64 " in dimension %d)", fn,
            op == LEGACY_GATHER ? "gather" : op == LEGACY_SCATTER_ADD ? "scatterAdd" : "scatter",
            bad, limit, dim);
  })
  int n = index->nDimension;
  int64_t count = THLongTensor_nElement(index), coord[TH_MAX_DIMS];
  for (int d = 0; d < n; d++) coord[d] = 0;
  real *td = tensor->storage->data + tensor->storageOffset;
  const real *sd = src ? src->storage->data + src->storageOffset : NULL;
  const int64_t *xd = index->storage->data + index->storageOffset;
  for (int64_t k = 0; k < count; k++) {
    int64_t to = 0, so = 0, xo = 0;
    for (int d = 0; d < n; d++) {
      xo += coord[d] * index->stride[d];
      if (d != dim) {
        to += coord[d] * tensor->stride[d];
        if (src) so += coord[d] * src->stride[d];
      }
    }
    int64_t i = xd[xo];
    if (op == LEGACY_GATHER) {
      td[to + coord[dim] * tensor->stride[dim]] = sd[so + i * src->stride[dim]];
    } else {
      real *e = td + to + i * tensor->stride[dim];
      real v = op == LEGACY_SCATTER_FILL ? val : sd[so + coord[dim] * src->stride[dim]];
      *e = op == LEGACY_SCATTER_ADD ? R_ADD(*e, v) : v;
    }
    for (int d = n - 1; d >= 0; d--) {
      if (++coord[d] < index->size[d]) break;
      coord[d] = 0;
    }
  }
  if (own) THLongTensor_free(own);
}

void THTensor_(gather)(LTensor *tensor, LTensor *src, int dim, THLongTensor *index) {
  (void)T_IN(tensor);
  (void)T_IN(src);
  (void)L_IN(index);
  THArgCheck(index->nDimension == src->nDimension, 4,
             "%s: Index tensor must have same dimensions as input tensor", __func__);
  THArgCheck(dim >= 0 && dim < tensor->nDimension, 3, "%s: Index dimension is out of bounds",
             __func__);
  THArgCheck(src->nDimension == tensor->nDimension, 2,
             "%s: Input tensor must have same dimensions as output tensor", __func__);
  int bad = 0;
  for (int d = 0; d < tensor->nDimension; d++)
    bad |= d == dim ? index->size[d] > tensor->size[d]
                    : tensor->size[d] != src->size[d] || tensor->size[d] != index->size[d];
  if (bad)
    THError("%s: Expected tensor %s, src %s and index %s to have the same size apart from "
            "dimension %d (where index is no longer than tensor)", __func__,
            _THSizeDesc(tensor->size, tensor->nDimension).str,
            _THSizeDesc(src->size, src->nDimension).str,
            _THSizeDesc(index->size, index->nDimension).str, dim);
  THTensor_(legacy_scatter_gather)(LEGACY_GATHER, tensor, src, dim, index, 0, __func__);
}

static void THTensor_(legacy_scatter_check)(LTensor *tensor, int dim, THLongTensor *index,
                                            LTensor *src, const char *fn) {
  THArgCheck(dim >= 0 && dim < tensor->nDimension, 2, "%s: Index dimension is out of bounds",
             fn);
  THArgCheck(index->nDimension == tensor->nDimension, 3,
             "%s: Index tensor must have same dimensions as output tensor", fn);
  if (src) {
    THArgCheck(src->nDimension == tensor->nDimension, 4,
               "%s: Input tensor must have same dimensions as output tensor", fn);
    int bad = 0;
    for (int d = 0; d < tensor->nDimension; d++)
      bad |= index->size[d] > src->size[d] || (d != dim && index->size[d] > tensor->size[d]);
    if (bad)
      THError("%s: Expected index %s to be smaller size than src %s and to be smaller than "
              "tensor %s apart from dimension %d", fn,
              _THSizeDesc(index->size, index->nDimension).str,
              _THSizeDesc(src->size, src->nDimension).str,
              _THSizeDesc(tensor->size, tensor->nDimension).str, dim);
  } else {
    for (int d = 0; d < tensor->nDimension; d++)
      if (d != dim && index->size[d] != tensor->size[d])
        THError("%s: Expected tensor %s and index %s to have the same size in dimension %d", fn,
                _THSizeDesc(tensor->size, tensor->nDimension).str,
                _THSizeDesc(index->size, index->nDimension).str, d);
  }
}

void THTensor_(scatter)(LTensor *tensor, int dim, THLongTensor *index, LTensor *src) {
  (void)T_IN(tensor);
  (void)T_IN(src);
  (void)L_IN(index);
  THTensor_(legacy_scatter_check)(tensor, dim, index, src, __func__);
  THTensor_(legacy_scatter_gather)(LEGACY_SCATTER, tensor, src, dim, index, 0, __func__);
}

void THTensor_(scatterAdd)(LTensor *tensor, int dim, THLongTensor *index, LTensor *src) {
  (void)T_IN(tensor);
  (void)T_IN(src);
  (void)L_IN(index);
  THTensor_(legacy_scatter_check)(tensor, dim, index, src, __func__);
  THTensor_(legacy_scatter_gather)(LEGACY_SCATTER_ADD, tensor, src, dim, index, 0, __func__);
}

void THTensor_(scatterFill)(LTensor *tensor, int dim, THLongTensor *index, real val) {
  (void)T_IN(tensor);
  (void)L_IN(index);
  THTensor_(legacy_scatter_check)(tensor, dim, index, NULL, __func__);
  THTensor_(legacy_scatter_gather)(LEGACY_SCATTER_FILL, tensor, NULL, dim, index, val, __func__);
}

#undef LEGACY_CHECK_DIM
