from th.libTH cimport THTensor

# The view src[index] for basic indexing (ints, slices with positive steps,
# None, ..., and tuples of them): a new reference, or NULL with an exception.
cdef THTensor *index_view(THTensor *src, object index) except NULL
