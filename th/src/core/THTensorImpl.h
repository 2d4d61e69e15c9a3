/* The tensor struct and the internal helpers every tensor file shares.
 * Private: users go through THTensor.h's functions. */
#ifndef TH_TENSOR_IMPL_H
#define TH_TENSOR_IMPL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/THErrorImpl.h"
#include "core/THStorageImpl.h"
#include "TH/THTensor.h"

/* Tensors of up to this many dims keep sizes and strides inside the struct:
 * creating a view is then one allocation. The struct is allocated with room
 * for only the dims it was made with (inlineRoom, 1 at least), so a 1-dim
 * tensor's struct is 80 bytes of heap, not 128; a tensor that later grows
 * beyond its room moves its dims to a heap block of more than
 * TH_INLINE_DIMS dims, which is how th_sizes tells the two apart. */
#define TH_INLINE_DIMS 4

struct THTensor {
  /* TH v0.4's public fields first, at its offsets and types: legacy C code
   * reads them through THFloatTensor (TH/THLegacy.h) as t->size[d],
   * t->stride[d], t->nDimension and t->storage->data + t->storageOffset. */
  int64_t *size;   /* dimCapacity sizes: inlineDims, or a heap block */
  int64_t *stride; /* size + dimCapacity */
  int nDimension;
  int16_t dimCapacity; /* <= TH_INLINE_DIMS: inline; more: heap block at size */
  int16_t inlineRoom;  /* dims inlineDims was allocated with (0..TH_INLINE_DIMS) */
  THStorage *storage; /* never NULL; one reference held */
  int64_t storageOffset;
  _Atomic int64_t refcount;
  struct THTrack *track; /* tracking mode's record, or NULL */
  int64_t inlineDims[2 * TH_INLINE_DIMS]; /* 2 * inlineRoom of them allocated */
};

_Static_assert(TH_MAX_DIMS <= INT16_MAX, "dimCapacity is an int16_t");

/* Heap bytes of a tensor struct with room for that many inline dims. */
static inline size_t th_tensor_struct_bytes(int inlineRoom) {
  return offsetof(THTensor, inlineDims) + 2 * sizeof(int64_t) * (size_t)inlineRoom;
}

/* Inline dims are found from the struct's own address (no load of the
 * pointer, which legacy code reads): the view paths stay as fast. */
static inline int64_t *th_sizes(const THTensor *t) {
  return t->dimCapacity > TH_INLINE_DIMS ? t->size : (int64_t *)t->inlineDims;
}
static inline int64_t *th_strides(const THTensor *t) { return th_sizes(t) + t->dimCapacity; }

/* Points size and stride at dims (dimCapacity sizes then as many strides). */
static inline void th_tensor_set_dims_block(THTensor *t, int64_t *dims, int dimCapacity) {
  t->size = dims;
  t->stride = dims + dimCapacity;
  t->dimCapacity = (int16_t)dimCapacity;
}

/* Frees a heap dims block (inline dims need nothing). */
void th_tensor_free_dims(THTensor *t);

/* A tensor of nDimension dims with room for room of them (nDimension and 1
 * at least; a tensor about to be resized wants TH_INLINE_DIMS), refcount 1,
 * no storage yet: the caller sets storage (with its reference), offset and
 * geometry. */
THTensor *th_tensor_alloc(int nDimension, int room, const char *fn);
/* th_tensor_new_with_size with room for room dims (a tensor made to be
 * resized wants TH_INLINE_DIMS). */
THTensor *th_tensor_new_with_room(THScalarType dtype, int nDimension, int room,
                                  const int64_t *size, const int64_t *stride, const char *fn);
/* A contiguous (stride NULL) or strided tensor over a new storage just large
 * enough for it; errors reported as fn. */
THTensor *th_tensor_new_with_size(THScalarType dtype, int nDimension, const int64_t *size,
                                  const int64_t *stride, const char *fn);
/* A tensor with room for nDimension dims sharing src's storage (retained)
 * and offset; the caller fills nDimension sizes and strides. */
THTensor *th_tensor_new_view(const THTensor *src, int nDimension, const char *fn);

/* Makes room for nDimension dims, keeping the current ones. Fails only when
 * a larger dims block cannot be allocated, leaving t unchanged. */
int th_tensor_reserve_dims(THTensor *t, int nDimension, const char *fn);

/* Sets sizes and strides; room must have been reserved. size and stride may
 * alias t's own arrays. */
static inline void th_tensor_put_dims(THTensor *t, int nDimension, const int64_t *size,
                                      const int64_t *stride) {
  memmove(th_sizes(t), size, sizeof(int64_t) * (size_t)nDimension);
  memmove(th_strides(t), stride, sizeof(int64_t) * (size_t)nDimension);
  t->nDimension = nDimension;
}

/* self views storage (retained; self's old storage released) with the given
 * already-checked geometry. Fails only on allocation, leaving self as it was. */
int th_tensor_assign(THTensor *self, THStorage *storage, int64_t offset, int nDimension,
                     const int64_t *size, const int64_t *stride, const char *fn);

/* Validates a geometry (nDimension, sizes >= 0, strides >= 0, offset >= 0)
 * and computes its element count and how many storage elements it reaches
 * (offset + last reachable element + 1; offset when empty). stride NULL
 * means contiguous: the strides are then written to stride_out. Reports
 * ValueError as fn. */
int th_geometry_check(int nDimension, const int64_t *size, const int64_t *stride,
                      int64_t offset, int64_t *stride_out, int64_t *numel,
                      int64_t *needed, const char *fn);

/* dim wrapped into [0, nDimension), or -1 with IndexError naming fn and
 * what ("dim", "dim0", ...). */
int th_wrap_dim_error(int dim, int nDimension, const char *what, const char *fn);
static inline int th_wrap_dim(int dim, int nDimension, const char *what, const char *fn) {
  if (TH_UNLIKELY(dim < -nDimension || dim >= nDimension))
    return th_wrap_dim_error(dim, nDimension, what, fn);
  return dim < 0 ? dim + nDimension : dim;
}

/* The position of a dim an operation inserts into a tensor of nDimension
 * dims (unsqueeze, stack): dim wrapped into [0, nDimension], or -1 with an
 * IndexError that names the tensor's own dims. */
int th_wrap_new_dim_error(int dim, int nDimension, const char *what, const char *fn);
static inline int th_wrap_new_dim(int dim, int nDimension, const char *what, const char *fn) {
  if (TH_UNLIKELY(dim < -nDimension - 1 || dim > nDimension))
    return th_wrap_new_dim_error(dim, nDimension, what, fn);
  return dim < 0 ? dim + nDimension + 1 : dim;
}

/* th_wrap_dim for the operations torch lets name dim 0 or -1 of a 0-dim
 * tensor (squeeze, transpose, unfold): a scalar counts as one dim there. */
int th_wrap_scalar_dim_error(int dim, const char *what, const char *fn);
static inline int th_wrap_dim_scalar(int dim, int nDimension, const char *what, const char *fn) {
  if (nDimension > 0) return th_wrap_dim(dim, nDimension, what, fn);
  if (TH_UNLIKELY(dim != 0 && dim != -1)) return th_wrap_scalar_dim_error(dim, what, fn);
  return 0;
}

static inline int64_t th_tensor_numel(const THTensor *t) {
  int64_t n = 1;
  const int64_t *size = th_sizes(t);
  for (int d = 0; d < t->nDimension; d++) n *= size[d];
  return n;
}

/* 1 when t has exactly these sizes. */
static inline int th_has_shape(const THTensor *t, int nDimension, const int64_t *size) {
  return t->nDimension == nDimension &&
         memcmp(th_sizes(t), size, sizeof(int64_t) * (size_t)nDimension) == 0;
}

/* The first dim along which elements of t share memory (size > 1, stride
 * 0: a broadcast view), or -1. Writing into such a t would depend on the
 * order of the writes. An empty t has none: nothing is written into it
 * (numpy gives empty arrays stride-0 dims). */
static inline int th_shared_elements_dim(const THTensor *t) {
  if (th_tensor_numel(t) == 0) return -1;
  for (int d = 0; d < t->nDimension; d++)
    if (th_sizes(t)[d] > 1 && th_strides(t)[d] == 0) return d;
  return -1;
}

/* Every function that writes into a tensor refuses one over read-only
 * memory (TH_STORAGE_READONLY) and one whose elements share memory:
 * RuntimeError (as fn, naming the tensor `what`), as torch does for the
 * second. */
static inline int th_check_writable(const THTensor *t, const char *what, const char *fn) {
  if (th_storage_check_not_readonly(t->storage, what, fn)) return -1;
  int d = th_shared_elements_dim(t);
  if (d < 0) return 0;
  th_error_at(TH_ERROR_RUNTIME, __FILE__, __LINE__, 0, fn, "%s has elements that share memory "
              "(dim %d has stride 0): writing into it is ambiguous; clone it first", what, d);
  return -1;
}

/* A result of the given shape that has it already is written as it lies,
 * so it must be writable; one of another shape is resized, which a
 * read-only one refuses (here, as fn). */
static inline int th_check_result_strides(const THTensor *result, int nDimension,
                                          const int64_t *size, const char *fn) {
  if (th_storage_check_not_readonly(result->storage, "the result", fn)) return -1;
  if (!th_has_shape(result, nDimension, size)) return 0;
  return th_check_writable(result, "the result", fn);
}

/* result given these sizes for an op to write, unless it has them already:
 * then it keeps its strides (a strided out= view is written through them, as
 * torch's; THTensor_resizeNd would make it contiguous over the view's first
 * elements), and is refused (as fn) when its elements overlap. A read-only
 * result is refused either way. Returns 0, or -1. */
int th_resize_result(THTensor *result, int nDimension, const int64_t *size, const char *fn);

/* "[2, 3, 4]" into buf (cut at cap), for error messages. */
void th_format_shape(char *buf, size_t cap, int nDimension, const int64_t *size);
/* The bytes [lo, hi) a non-empty tensor touches. */
void th_tensor_byte_range(const THTensor *t, uintptr_t *lo, uintptr_t *hi);
/* Whether the bytes two non-empty tensors span meet (by address: two
 * storages may wrap the same memory). */
int th_tensors_meet(const THTensor *a, const THTensor *b);
/* reshape's geometry: the sizes (a -1 inferred) into out_size, and 1 with
 * the view's strides in out_stride when tensor's strides can express the
 * shape, 0 when only a contiguous copy can (THTensor_newReshape, in the
 * engine, makes it), -1 (ValueError) for sizes that do not fit. */
int th_reshape_geometry(const THTensor *tensor, int nDimension, const int64_t *size,
                        int64_t *out_size, int64_t *out_stride, const char *fn);

/* The first element; NULL when the storage is empty (the offset is 0 then). */
static inline char *th_tensor_bytes(const THTensor *t) {
  char *data = t->storage->data;
  if (!data) return NULL;
  return data + t->storageOffset * (int64_t)THScalarType_elementSize(t->storage->dtype);
}

#endif
