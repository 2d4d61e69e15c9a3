from th.libTH cimport THStorage

cdef class Storage:
    # One reference to the C storage, owned by this object; never NULL.
    cdef THStorage *cdata
    cdef object __weakref__  # Tensor.storage() hands out one object per C storage

# A th.Storage owning cdata: steals the caller's reference (also on error).
cdef Storage wrap_storage(THStorage *cdata)
