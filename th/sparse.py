"""th.sparse: sparse COO tensors with torch.sparse's names (th.SparseTensor,
made by th.sparse_coo_tensor or Tensor.to_sparse; C API: THSTensor.h)."""
from th._sparse import addmm, from_scipy, mm, sum

__all__ = ["sum", "mm", "addmm", "from_scipy"]
