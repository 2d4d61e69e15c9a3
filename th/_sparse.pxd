from th.libTH cimport THSTensor

cdef class SparseTensor:
    # One reference to the C sparse tensor, owned by this object; never NULL.
    cdef THSTensor *cdata
    cdef object __weakref__

# A th.SparseTensor owning cdata: steals the caller's reference.
cdef SparseTensor wrap_sparse(THSTensor *cdata)
