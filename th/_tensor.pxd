from th.libTH cimport THTensor

cdef class Tensor:
    # One reference to the C tensor, owned by this object; never NULL. The C
    # struct is the only record of shape, strides and offset.
    cdef THTensor *cdata
    cdef object __weakref__  # weakref.ref(tensor), as torch allows
    # attributes set on a tensor (t.name = ...), as torch allows; NULL until
    # the first one (no_gc: an attribute referring back to its tensor leaks)
    cdef dict __dict__

# A th.Tensor owning cdata: steals the caller's reference (also on error).
cdef Tensor wrap_tensor(THTensor *cdata)

# THTensor_fill / fillInt64 with a Python number (exact for ints in int64 range).
cdef int fill_tensor(THTensor *t, object value) except -1

# THTensor_copy, without the GIL for long copies.
cdef int copy_tensor(THTensor *dst, THTensor *src) except -1

# t converted to dtype dt (a new contiguous tensor), or t itself when it has
# dt already and copy is false: Tensor.to and the reductions' dtype=.
cdef Tensor converted(Tensor t, int dt, bint copy)

# torch's is_non_overlapping_and_dense of t.
cdef bint is_dense(THTensor *t)

# A new uninitialised tensor of t's shape and dtype dt laid out as a
# memory_format argument says: None or th.preserve_format, t's strides when t
# is dense (else dense strides in t's stride order, torch's
# infer_dense_strides); th.contiguous_format, row-major;
# th.channels_last(_3d), channels last (th.Error for another rank); fn names
# the caller in errors.
cdef Tensor new_like(Tensor t, int dt, object memory_format, str fn)

# A private tensor with t's geometry over t's storage, pinned, for work done
# without the GIL: other threads' set_/resize_ of t cannot pull its memory
# from under it. Give it back with release_snapshot (NULL: nothing).
cdef THTensor *pinned_snapshot(THTensor *t) except NULL
cdef void release_snapshot(THTensor *snapshot) noexcept
