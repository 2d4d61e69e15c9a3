#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/kernels.c"
#else

/* out = in * scale + 1, elementwise, in row-major order whatever the shapes */
void kernels_(affine)(THTensor *out, THTensor *in, double scale) {
  THTensor_(resizeAs)(out, in);
  TH_TENSOR_APPLY2(real, out, real, in,
                   *out_data = (real)(*in_data * scale + 1););
}

/* the sum of every element, accumulated in accreal */
double kernels_(total)(THTensor *in) {
  accreal sum = 0;
  TH_TENSOR_APPLY(real, in, sum += *in_data;);
  return (double)sum;
}

/* the sum of the non-negative elements: `continue` moves to the next */
double kernels_(positive_total)(THTensor *in) {
  accreal sum = 0;
  TH_TENSOR_APPLY(real, in, if (*in_data < 0) continue; sum += *in_data;);
  return (double)sum;
}

/* TH's early exit: whether the two have equal elements, stopping at the
 * first difference */
int kernels_(same)(THTensor *a, THTensor *b) {
  int equal = 1;
  TH_TENSOR_APPLY2(real, a, real, b,
                   if (*a_data != *b_data) {
                     equal = 0;
                     TH_TENSOR_APPLY_hasFinished = 1;
                     break;
                   });
  return equal;
}

/* the running sum along dim, in place */
void kernels_(cumsum)(THTensor *t, int dim) {
  TH_TENSOR_DIM_APPLY(real, t, dim,
    int64_t i;
    for (i = 1; i < t_size; i++) t_data[i * t_stride] += t_data[(i - 1) * t_stride];);
}

/* index of each row's largest element along dim 1 of a 2-dim tensor, by
 * reading the fields as TH's users did */
void kernels_(argmax_rows)(THLongTensor *idx, THTensor *in) {
  int64_t i, j;
  THArgCheck(in->nDimension == 2, 2, "expected a 2D tensor, got %dD", in->nDimension);
  THLongTensor_resize1d(idx, in->size[0]);
  real *base = in->storage->data + in->storageOffset;
  int64_t *out = THLongTensor_data(idx);
  for (i = 0; i < in->size[0]; i++) {
    int64_t best = 0;
    for (j = 1; j < in->size[1]; j++)
      if (base[i * in->stride[0] + j * in->stride[1]] > base[i * in->stride[0] + best * in->stride[1]])
        best = j;
    out[i * idx->stride[0]] = best;
  }
}

/* gather along dim with a 3-tensor DIM_APPLY and TH's shape check */
void kernels_(gather)(THTensor *out, THLongTensor *index, THTensor *src, int dim) {
  THTensor_(resizeNd)(out, index->nDimension, index->size, NULL);
  TH_TENSOR_DIM_APPLY3(real, out, int64_t, index, real, src, dim,
                       TH_TENSOR_DIM_APPLY3_SIZE_EQ_EXCEPT_DIM,
    int64_t i;
    for (i = 0; i < index_size; i++) {
      int64_t k = index_data[i * index_stride];
      if (k < 0 || k >= src_size) {
        THFree(TH_TENSOR_DIM_APPLY_counter);
        THError("index %" PRId64 " out of range for a dimension of size %" PRId64, k, src_size);
      }
      out_data[i * out_stride] = src_data[k * src_stride];
    })
}

#endif
