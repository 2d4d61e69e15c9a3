from th.libTH cimport THScalarType

cdef class dtype:
    cdef readonly THScalarType scalar_type
    cdef readonly str name
    cdef readonly int itemsize
    cdef readonly bint is_floating_point
    cdef readonly bint is_signed
    cdef readonly bint is_complex

# The th.dtype object of a scalar type (borrowed from a module table).
cdef dtype dtype_of(THScalarType scalar_type)
# th.dtype, its name ("float32") or None (-> default) to a scalar type.
cdef int as_scalar_type(object dtype_like, THScalarType default) except -1
