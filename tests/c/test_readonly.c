/* A pure-C caller of libTH over read-only memory (TH_STORAGE_READONLY): the
 * write functions refuse it and leave it as it was, the flag cannot be
 * cleared, reads and copies work. Exits 0 when every check holds. Built and
 * run by tests/interop/test_readonly.py. */
#include <string.h>

#include <TH/TH.h>

#include "check.h"

/* the memory is the caller's (a const array): nothing to give back */
static void *no_malloc(void *ctx, ptrdiff_t size) {
  (void)ctx;
  (void)size;
  return NULL;
}
static void no_free(void *ctx, void *ptr) {
  (void)ctx;
  (void)ptr;
}
static THAllocator borrowed = {no_malloc, NULL, no_free};

static const float data[6] = {1, 2, 3, 4, 5, 6};

/* the last error is a RuntimeError from fn saying read-only */
static int refused(int rc, const char *fn) {
  const THErrorInfo *e = THGetLastError();
  int ok = rc == -1 && e->kind == TH_ERROR_RUNTIME && strstr(e->message, fn) == e->message &&
           strstr(e->message, "read-only memory") != NULL && strstr(e->message, ".clone()");
  if (!ok) fprintf(stderr, "%s: rc %d, last error: %s\n", fn, rc, e->message);
  THClearError();
  return ok;
}

int main(void) {
  THLiveCounts start = THGetLiveCounts();
  THStorage *s = THStorage_newWithDataAndAllocator(TH_FLOAT32, (void *)data, 6, &borrowed, NULL);
  THStorage_clearFlag(s, TH_STORAGE_RESIZABLE);
  THStorage_setFlag(s, TH_STORAGE_READONLY);
  THStorage_clearFlag(s, TH_STORAGE_READONLY); /* cannot be cleared */
  CHECK(THStorage_flags(s) & TH_STORAGE_READONLY);
  CHECK(refused(THStorage_checkWritable(s, "my_writer"), "my_writer"));
  CHECK(refused(THStorage_checkWritable(s, NULL), "THStorage_checkWritable"));

  int64_t sizes[2] = {2, 3}, six = 6, three = 3;
  THTensor *t = THTensor_newWithStorageNd(s, 0, 2, sizes, NULL);
  THTensor *view = THTensor_newTranspose(t, 0, 1); /* shares the storage, so the flag */
  THTensor *ones = THTensor_newWithSize2d(TH_FLOAT32, 2, 3);
  THTensor *m1 = THTensor_newWithSize2d(TH_FLOAT32, 2, 2);
  THTensor *m2 = THTensor_newWithSize2d(TH_FLOAT32, 2, 3);
  THTensor_fill(ones, 1);
  THTensor_fill(m1, 1);
  THTensor_fill(m2, 1);
  THGenerator *gen = THGenerator_newWithSeed(1);

  CHECK(refused(THTensor_fill(view, 0), "THTensor_fill"));
  CHECK(refused(THTensor_fillInt64(t, 0), "THTensor_fillInt64"));
  CHECK(refused(THTensor_copy(t, ones), "THTensor_copy"));
  /* TH's one-node math evaluates through the engine's assignment */
  CHECK(refused(THTensor_cadd(t, ones, 1, ones), "THTensor_assign"));
  CHECK(refused(THTensor_add(view, view, 1), "THTensor_assign"));
  CHECK(refused(THTensor_addmm(t, 0, ones, 1, m1, m2), "THTensor_addmm"));
  CHECK(refused(THTensor_uniform(t, gen, 0, 1), "THTensor_uniform"));
  CHECK(refused(THTensor_resizeNd(t, 1, &three, NULL), "THTensor_resizeNd"));
  CHECK(refused(THFloat32Tensor_set2d(t, 0, 0, 9), "THFloat32Tensor_set2d"));
  CHECK(refused(THStorage_fill(s, 0), "THStorage_fill"));
  CHECK(refused(THStorage_resize(s, 3), "THStorage_resize"));
  CHECK(refused(THFloat32Storage_set(s, 0, 9), "THFloat32Storage_set"));
  CHECK(refused(THStorage_moveToSharedMemory(s), "THStorage_moveToSharedMemory"));

  /* a sparse tensor whose values are read-only: scaled in place through the
   * engine, added into as a dense result (written directly: checked first) */
  int64_t cols[6] = {0, 1, 2, 3, 4, 5}, one_by_six[2] = {1, 6};
  THTensor *idx = THTensor_newWithSize(TH_INT64, 2, one_by_six, NULL);
  for (int i = 0; i < 6; i++) THInt64Tensor_set2d(idx, 0, i, cols[i]);
  THTensor *vals = THTensor_newWithStorageNd(s, 0, 1, &six, NULL);
  THSTensor *sp = THSTensor_newWithTensorAndSize(idx, vals, 1, &six);
  THTensor *flat = THTensor_newWithStorageNd(s, 0, 1, &six, NULL);
  THTensor *square = THTensor_newWithStorageNd(s, 0, 2, (int64_t[]){2, 2}, NULL);
  THSTensor *sq = THSTensor_newFromDense(ones, 2);
  CHECK(sp != NULL && sq != NULL);
  CHECK(refused(THSTensor_mul(sp, sp, 2), "THTensor_assign"));
  CHECK(refused(THSTensor_div(sp, sp, 2), "THTensor_assign"));
  CHECK(refused(THSTensor_spcadd(flat, flat, 1, sp), "THSTensor_spcadd"));
  CHECK(refused(THSTensor_spaddmm(square, 1, m1, 1, sq, m1), "THSTensor_spaddmm"));
  THSTensor *scaled = THSTensor_newWithSize(TH_FLOAT32, 1, &six);
  CHECK(THSTensor_mul(scaled, sp, 2) == 0); /* into a new sparse tensor: allowed */
  THSTensor_free(scaled);
  THSTensor_free(sp);
  THSTensor_free(sq);
  THTensor *sparse_parts[] = {idx, vals, flat, square};
  for (size_t i = 0; i < 4; i++) THTensor_free(sparse_parts[i]);

  /* a plan made for writable memory, whose destination set_ then points at
   * read-only memory */
  THTensor *dst = THTensor_newWithSize1d(TH_FLOAT32, 6);
  THExpr *leaf = THExpr_newTensor(dst); /* dst = dst */
  THExprPlan *plan = THExprPlan_new(dst, TH_SAVE_ASSIGN, leaf);
  CHECK(plan != NULL);
  CHECK(THTensor_setStorageNd(dst, s, 0, 1, &six, NULL) == 0);
  CHECK(refused(THExprPlan_run(plan), "THExprPlan_run"));
  THExprPlan_free(plan);
  THExpr_free(leaf);

  /* the memory is as it was; reads and copies work, and a copy is writable */
  for (int i = 0; i < 6; i++) CHECK(data[i] == (float)(i + 1));
  CHECK(THFloat32Tensor_get2d(view, 2, 1) == 6);
  THTensor *c = THTensor_newClone(view);
  CHECK(c != NULL && !(THStorage_flags(THTensor_storage(c)) & TH_STORAGE_READONLY));
  CHECK(THTensor_fill(c, 0) == 0);
  CHECK(THTensor_copy(ones, t) == 0 && THFloat32Tensor_get2d(ones, 1, 2) == 6);

  THTensor *all[] = {t, view, ones, m1, m2, dst, c};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) THTensor_free(all[i]);
  THGenerator_free(gen);
  THStorage_free(s);
  THLiveCounts end = THGetLiveCounts();
  CHECK(end.storages == start.storages && end.tensors == start.tensors);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
