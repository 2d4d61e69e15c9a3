/* A pure-C user of the typed handles (include/TH/THHandle.h), no Python:
 * reads and writes transposed, sliced and permuted float32 tensors through
 * THFloat32Handle against the checked getters, the handles of other dtypes,
 * the errors of init and checkedAt, and that a handle takes no reference.
 * Prints "ok" and exits 0 when every check holds. Built and run by
 * tests/core/test_handle.py. */
#include <string.h>

#include <TH/TH.h>

#include "check.h"

static int last_error_is(THErrorKind kind, const char *text) {
  const THErrorInfo *e = THGetLastError();
  return e->kind == kind && strstr(e->message, text) != NULL;
}

/* Every element of t (2-dim float32) through the handle equals get2d's. */
static void check_2d_against_getters(THTensor *t) {
  THFloat32Handle h;
  CHECK(THFloat32Handle_init(&h, t) == 0);
  CHECK(h.nDimension == 2);
  CHECK(h.data == THFloat32Tensor_data(t));
  for (int d = 0; d < 2; d++) {
    CHECK(h.size[d] == THTensor_size(t, d));
    CHECK(h.stride[d] == THTensor_stride(t, d));
  }
  for (int64_t i = 0; i < h.size[0]; i++)
    for (int64_t j = 0; j < h.size[1]; j++) {
      const int64_t idx[2] = {i, j};
      CHECK(*THFloat32Handle_at2(&h, i, j) == THFloat32Tensor_get2d(t, i, j));
      CHECK(THFloat32Handle_atN(&h, idx) == THFloat32Handle_at2(&h, i, j));
      CHECK(THFloat32Handle_checkedAt(&h, 2, idx) == THFloat32Handle_at2(&h, i, j));
      CHECK(THFloat32Handle_offset(&h, idx) == i * h.stride[0] + j * h.stride[1]);
    }
}

int main(void) {
  THClearError();
  THTensor *t = THTensor_newWithSize2d(TH_FLOAT32, 6, 8);
  for (int64_t i = 0; i < 6; i++)
    for (int64_t j = 0; j < 8; j++) THFloat32Tensor_set2d(t, i, j, (float)(10 * i + j));
  THTensor *tt = THTensor_newTranspose(t, 0, 1);
  THTensor *sliced = THTensor_newSlice(tt, 0, 1, 8, 3); /* rows 1, 4, 7 of t.T */
  THTensor *block = THTensor_newNarrow(sliced, 1, 2, 3); /* and its columns 2..4 */
  check_2d_against_getters(t);
  check_2d_against_getters(tt);
  check_2d_against_getters(sliced);
  check_2d_against_getters(block);

  /* writes land where the tensor's own setters would (storage offset applied) */
  THFloat32Handle h;
  int64_t refcount = THTensor_refcount(block);
  THLiveCounts live = THGetLiveCounts();
  CHECK(THFloat32Handle_init(&h, block) == 0);
  CHECK(THTensor_refcount(block) == refcount); /* borrowed: no reference taken */
  CHECK(THGetLiveCounts().tensors == live.tensors);
  CHECK(h.data == THFloat32Tensor_data(t) + THTensor_storageOffset(block));
  *THFloat32Handle_at2(&h, 1, 2) = -1.5f; /* block[1, 2] = t.T[4, 4] = t[4, 4] */
  CHECK(THFloat32Tensor_get2d(t, 4, 4) == -1.5f);
  *THFloat32Handle_at1(&h, 2) = -2.5f; /* at1 reads stride[0] only: block[2, 0] */
  CHECK(THFloat32Tensor_get2d(t, 2, 7) == -2.5f);

  /* checkedAt: a wrong number of indices, an index out of range, a negative one */
  const int64_t out[2] = {3, 0}, negative[2] = {0, -1};
  CHECK(THFloat32Handle_checkedAt(&h, 1, out) == NULL);
  CHECK(last_error_is(TH_ERROR_VALUE, "THFloat32Handle_checkedAt: 1 indices for a 2-dim tensor"));
  CHECK(THFloat32Handle_checkedAt(&h, 2, out) == NULL);
  CHECK(last_error_is(TH_ERROR_INDEX,
                      "THFloat32Handle_checkedAt: index 3 out of range for dim 0 of size 3"));
  CHECK(THFloat32Handle_checkedAt(&h, 2, negative) == NULL);
  CHECK(last_error_is(TH_ERROR_INDEX, "index -1 out of range for dim 1 of size 3"));

  /* init: a dtype mismatch is a TypeError and leaves the handle alone */
  THFloat64Handle hd = {.data = NULL, .nDimension = -7};
  THClearError();
  CHECK(THFloat64Handle_init(&hd, t) == -1);
  CHECK(last_error_is(TH_ERROR_TYPE, "THFloat64Handle_init: tensor has dtype float32, not float64"));
  CHECK(hd.nDimension == -7 && hd.data == NULL);
  CHECK(THFloat32Handle_init(&h, NULL) == -1);
  CHECK(last_error_is(TH_ERROR_VALUE, "THFloat32Handle_init: tensor is NULL"));

  /* at3 and at4 of a permuted 4-dim tensor against get4d */
  THTensor *t4 = THTensor_newWithSize4d(TH_INT64, 2, 3, 4, 5);
  int64_t *d4 = THInt64Tensor_data(t4);
  for (int64_t k = 0; k < THTensor_nElement(t4); k++) d4[k] = k;
  const int dims[4] = {3, 1, 0, 2};
  THTensor *p4 = THTensor_newPermute(t4, dims);
  THInt64Handle hl;
  CHECK(THInt64Handle_init(&hl, p4) == 0 && hl.nDimension == 4);
  for (int64_t a = 0; a < 5; a++)
    for (int64_t b = 0; b < 3; b++)
      for (int64_t c = 0; c < 2; c++)
        for (int64_t d = 0; d < 4; d++)
          CHECK(*THInt64Handle_at4(&hl, a, b, c, d) == THInt64Tensor_get4d(p4, a, b, c, d));
  THTensor *p3 = THTensor_newSelect(p4, 0, 2);
  CHECK(THInt64Handle_init(&hl, p3) == 0 && hl.nDimension == 3);
  CHECK(*THInt64Handle_at3(&hl, 2, 1, 3) == THInt64Tensor_get3d(p3, 2, 1, 3));

  /* a 0-dim tensor's element is data; an empty one may have none */
  THTensor *scalar = THTensor_newSelect(p3, 0, 1);
  THTensor *scalar0 = THTensor_newSelect(scalar, 0, 1);
  THTensor *scalar00 = THTensor_newSelect(scalar0, 0, 3);
  CHECK(THInt64Handle_init(&hl, scalar00) == 0 && hl.nDimension == 0);
  CHECK(*hl.data == THInt64Tensor_get0d(scalar00) && *THInt64Handle_checkedAt(&hl, 0, NULL) == *hl.data);
  THTensor *empty = THTensor_newWithSize1d(TH_FLOAT32, 0);
  CHECK(THFloat32Handle_init(&h, empty) == 0 && h.nDimension == 1 && h.size[0] == 0);

  /* a handle per dtype, with the element types of THGeneral.h */
  THTensor *half = THTensor_newWithSize1d(TH_FLOAT16, 3);
  THFloat16Handle hh;
  CHECK(THFloat16Handle_init(&hh, half) == 0);
  *THFloat16Handle_at1(&hh, 2) = THFloat_toHalf(0.5f);
  CHECK(THHalf_toFloat(THFloat16Tensor_get1d(half, 2)) == 0.5f);
  THTensor *cplx = THTensor_newWithSize2d(TH_COMPLEX64, 2, 2);
  THComplex64Handle hc;
  CHECK(THComplex64Handle_init(&hc, cplx) == 0);
  *THComplex64Handle_at2(&hc, 1, 0) = (THComplexFloat){1.0f, -2.0f};
  CHECK(THComplex64Tensor_get2d(cplx, 1, 0).im == -2.0f);
  THBFloat16Handle hb;
  CHECK(THBFloat16Handle_init(&hb, cplx) == -1);
  CHECK(last_error_is(TH_ERROR_TYPE, "THBFloat16Handle_init: tensor has dtype complex64, not bfloat16"));

  THTensor *all[] = {cplx, half, empty, scalar00, scalar0, scalar, p3, p4, t4, block, sliced, tt, t};
  for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) THTensor_free(all[k]);

  /* a dead tensor (quarantined in tracking mode) is refused */
  THDebug_setTracking(1);
  THTensor *dead = THTensor_newWithSize1d(TH_FLOAT32, 2);
  THTensor_free(dead);
  CHECK(THFloat32Handle_init(&h, dead) == -1);
  CHECK(THGetLastError()->kind == TH_ERROR_RUNTIME);
  THDebug_setTracking(0);

  THLiveCounts end = THGetLiveCounts();
  CHECK(end.storages == 0 && end.tensors == 0 && end.bytes == 0);
  if (failures == 0) printf("ok\n");
  return failures != 0;
}
