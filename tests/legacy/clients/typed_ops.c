/* A TH-style client in the torch.utils.ffi manner: typed calls only.
 * Written for th's tests in the style of 2017-era extensions. */
#include <TH/TH.h>

/* C linkage for ctypes when compiled as C++ */
#ifdef __cplusplus
extern "C" {
#endif

/* out = the rows [first, first + n) of in, transposed, times 2 */
int rows_transposed(THFloatTensor *in, THFloatTensor *out, int first, int n) {
  THFloatTensor *rows = THFloatTensor_newNarrow(in, 0, first, n);
  THFloatTensor *t = THFloatTensor_newTranspose(rows, 0, 1);
  THFloatTensor *c = THFloatTensor_newContiguous(t);
  THFloatTensor_resizeAs(out, c);
  THFloatTensor_copy(out, c);
  float *data = THFloatTensor_data(out);
  ptrdiff_t k, count = THFloatTensor_nElement(out);
  for (k = 0; k < count; k++) data[k] *= 2;
  THFloatTensor_free(c);
  THFloatTensor_free(t);
  THFloatTensor_free(rows);
  return 1;
}

/* sums of each row of a 2-dim double tensor into a 1-dim one, by get2d */
int row_sums(THDoubleTensor *in, THDoubleTensor *out) {
  int64_t i, j;
  THArgCheck(THDoubleTensor_nDimension(in) == 2, 1, "2D tensor expected, got %dD",
             THDoubleTensor_nDimension(in));
  THDoubleTensor_resize1d(out, THDoubleTensor_size(in, 0));
  for (i = 0; i < THDoubleTensor_size(in, 0); i++) {
    double s = 0;
    for (j = 0; j < THDoubleTensor_size(in, 1); j++) s += THDoubleTensor_get2d(in, i, j);
    THDoubleTensor_set1d(out, i, s);
  }
  return 0;
}

/* a new Long tensor 0..n-1 built through a storage, returned as a new reference */
THLongTensor *new_range(int64_t n) {
  THLongStorage *s = THLongStorage_newWithSize(n);
  int64_t i;
  for (i = 0; i < n; i++) THLongStorage_set(s, i, i);
  THLongTensor *t = THLongTensor_newWithStorage1d(s, 0, n, 1);
  THLongStorage_free(s);
  return t;
}

/* in-place views: select then squeeze then unsqueeze; the sizes are
 * written to sizes (at most 8), the number of dims returned */
int view_dims(THFloatTensor *in, int64_t *sizes) {
  THFloatTensor *v = THFloatTensor_newSelect(in, 0, 0); /* nothing of ours to leak if it fails */
  int d;
  THFloatTensor_squeeze(v, NULL);
  THFloatTensor_unsqueeze1d(v, NULL, 0);
  for (d = 0; d < THFloatTensor_nDimension(v); d++) sizes[d] = THFloatTensor_size(v, d);
  d = THFloatTensor_nDimension(v);
  THFloatTensor_free(v);
  return d;
}

/* converts any element count: Byte into Float of another shape */
void bytes_to_floats(THByteTensor *in, THFloatTensor *out) { THFloatTensor_copyByte(out, in); }

/* TH's size helpers: broadcasting two shapes, expanding a geometry */
int broadcast(int64_t b0, int64_t *out, char *err) {
  int64_t a[3] = {2, 1, 3}, b[1] = {b0};
  THLongStorage *shape = THLongStorage_new();
  int rc = THLongStorage_inferSize2(shape, a, 3, b, 1, err, 128), k;
  for (k = 0; rc == 0 && k < THLongStorage_size(shape); k++) out[k] = THLongStorage_get(shape, k);
  THLongStorage_free(shape);
  return rc;
}

int expand(int64_t *sizes, int64_t *strides, char *err) {
  int64_t size[2] = {3, 1}, stride[2] = {1, 1}, *es, *est;
  THLongStorage *target = THLongStorage_newWithSize3(2, -1, 4);
  int rc = THLongStorage_inferExpandGeometry(size, stride, 2, target, &es, &est, err, 128), k;
  THLongStorage_free(target);
  if (rc) return rc;
  for (k = 0; k < 3; k++) {
    sizes[k] = es[k];
    strides[k] = est[k];
  }
  THFree(es);
  THFree(est);
  return 0;
}

/* TH's description strings */
void describe(THFloatTensor *t, char *desc, char *size_desc) {
  THDescBuff a = THFloatTensor_desc(t), b = THFloatTensor_sizeDesc(t);
  strcpy(desc, a.str);
  strcpy(size_desc, b.str);
}

#ifdef __cplusplus
}
#endif
