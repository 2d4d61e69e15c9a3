/* THHandle.h: typed handles, what a loop reads a tensor through (Glow's
 * Handles, mshadow's Plan of a tensor).
 *
 * A handle is a small struct on the caller's stack: a typed pointer to the
 * tensor's first element (storage offset applied) and copies of its sizes
 * and strides, in elements. Being a local copy that nothing else points to,
 * it lets the compiler keep the strides in registers and vectorise, so a
 * loop through TH<Real>Handle_at2 runs as fast as one over a raw pointer
 * with strides computed by hand (benchmarks/bench_handle.pyx measures it).
 * Everything here is static inline: nothing is called per element.
 *
 *     THFloat32Handle h;
 *     if (THFloat32Handle_init(&h, t) < 0) return -1;    // TypeError: not float32
 *     for (int64_t i = 0; i < h.size[0]; i++)
 *       for (int64_t j = 0; j < h.size[1]; j++)
 *         *THFloat32Handle_at2(&h, i, j) *= 2.0f;
 *
 * A handle BORROWS its tensor: it holds no reference (it is not counted and
 * is never freed; it simply goes out of scope). It is valid while the tensor
 * lives and keeps its geometry and storage: after the tensor is freed, or
 * resized or set to another storage or geometry (resizeNd, set,
 * setStorageNd, the in-place view setters), take a new handle. Writing
 * through a stride-0 (expanded) dim writes the one shared element.
 *
 * One handle type per dtype, through TH's generic-macro trick (see
 * generic/THHandle.h): THUInt8Handle (uint8_t), ..., THFloat32Handle (float),
 * THFloat64Handle, THInt64Handle (int64_t), THFloat16Handle (THHalf),
 * THBFloat16Handle, THComplex64Handle (THComplexFloat), ... */
#ifndef TH_HANDLE_H
#define TH_HANDLE_H

#include "THGeneral.h"
#include "THTensor.h"
#include "THDebug.h"

#define THHandle_(NAME) TH_CONCAT_4(TH, Real, Handle_, NAME)
#define THRealHandle TH_CONCAT_3(TH, Real, Handle)
#define TH_GENERIC_FILE "TH/generic/THHandle.h"
#include "THGenerateDtypes.h"
#undef THHandle_
#undef THRealHandle

#endif /* TH_HANDLE_H */
