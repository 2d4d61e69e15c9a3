from th.libTH cimport THTensor

# The view src[index] for basic indexing (ints, slices with positive steps,
# None, ..., and tuples of them): a new reference, or NULL with an exception;
# NULL without one for an advanced index or a negative step (th._gather.getitem/setitem's).
cdef THTensor *index_view(THTensor *src, object index) except? NULL

# An int index: an int (not a bool) or a 0-dim integer object with __index__.
cdef bint is_int_index(object item) except -1
