# cimport th: the Python objects of th for Cython code.
#
#     cimport th
#     cdef th.Tensor t = th.wrap_tensor(THTensor_newWithSize1d(TH_FLOAT32, 3))
#     THTensor_size(t.cdata, 0)
#
# The C API itself is th.libTH (from th.libTH cimport ...).
from th._storage cimport Storage, wrap_storage
from th._tensor cimport Tensor, wrap_tensor
# Typed handles for fast loops (th.THFloat32Handle, th.THFloat32Handle_at2, ...;
# see th/_handle.pxd and docs/HANDLES.md).
from th._handle cimport *
# Expressions (docs/EXPRESSIONS.md): th.Expr holds one THExpr reference.
from th._expr cimport Expr, new_operand, wrap_expr
from th._sparse cimport SparseTensor, wrap_sparse
