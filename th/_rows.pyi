# Types of th._rows (compiled): the fused row kernels.
from typing import Sequence, SupportsIndex

from th._dtype import _DTypeLike
from th._tensor import Tensor

_Shape = Sequence[SupportsIndex]

def softmax(input: Tensor, dim: SupportsIndex, dtype: _DTypeLike = None) -> Tensor:
    """exp(x) / sum(exp(x)) along dim, in one pass over each row (its max
    is taken off first, so large elements do not overflow). Floating dtypes;
    dtype= converts the input first (an integer tensor needs it, as in
    torch). A row with NaN, +inf, or only -inf is NaN.

    >>> import th
    >>> th.softmax(th.tensor([0.0, 0.0]), 0)
    tensor([0.5000, 0.5000])
    """
def log_softmax(input: Tensor, dim: SupportsIndex, dtype: _DTypeLike = None) -> Tensor:
    """x - log(sum(exp(x))) along dim, in one pass over each row; as
    softmax for dtypes.

    >>> import th
    >>> th.log_softmax(th.tensor([1.0, 1.0]), 0)
    tensor([-0.6931, -0.6931])
    """
def logsumexp(input: Tensor, dim: SupportsIndex | Sequence[SupportsIndex],
              keepdim: bool = False, *, out: Tensor | None = None) -> Tensor:
    """log(sum(exp(x))) over dim (an int or a sequence of ints) without
    overflow; integer and bool inputs give the default floating dtype, as
    torch. An empty reduction gives -inf. Complex inputs shift by the largest
    real part, as torch's. out= is resized to the result and takes its values
    (converted to out's dtype, as torch's).

    >>> import th
    >>> th.logsumexp(th.tensor([[0.0, 0.0], [1.0, 1.0]]), 1)
    tensor([0.6931, 1.6931])
    """
def layer_norm(input: Tensor, normalized_shape: _Shape, weight: Tensor | None = None,
               bias: Tensor | None = None, eps: float = 1e-5) -> Tensor:
    """(x - mean) / sqrt(var + eps) * weight + bias over the last
    len(normalized_shape) dims (var biased), in one pass over each such
    row. weight and bias have normalized_shape, and input's dtype (or
    float32 for a float16 or bfloat16 input).

    >>> import th
    >>> th.nn.functional.layer_norm(th.tensor([[1.0, 3.0]]), (2,))
    tensor([[-1.0000,  1.0000]])
    """
def rms_norm(input: Tensor, normalized_shape: _Shape, weight: Tensor | None = None,
             eps: float | None = None) -> Tensor:
    """x / sqrt(mean(x^2) + eps) * weight over the last len(normalized_shape)
    dims, in one pass over each such row. eps=None is the machine epsilon of
    the computing dtype (float32 for float16, bfloat16 and float32 inputs;
    float64), as torch.

    >>> import th
    >>> th.nn.functional.rms_norm(th.tensor([[3.0, 4.0]]), (2,), eps=0.0)
    tensor([[0.8485, 1.1314]])
    """
def functional_softmax(input: Tensor, dim: SupportsIndex | None = None, _stacklevel: int = 3,
                       dtype: _DTypeLike = None) -> Tensor:
    """torch.nn.functional.softmax: softmax along dim; dim=None picks one
    as torch does (0 for 0, 1 and 3 dims, else 1) and warns.

    >>> import th
    >>> th.nn.functional.softmax(th.tensor([[0.0, 0.0]]), dim=1)
    tensor([[0.5000, 0.5000]])
    """
def functional_log_softmax(input: Tensor, dim: SupportsIndex | None = None,
                           _stacklevel: int = 3, dtype: _DTypeLike = None) -> Tensor:
    """torch.nn.functional.log_softmax: log_softmax along dim (dim=None as
    softmax's).

    >>> import th
    >>> th.nn.functional.log_softmax(th.tensor([0.0, 0.0]), dim=0)
    tensor([-0.6931, -0.6931])
    """
def softmin(input: Tensor, dim: SupportsIndex | None = None, _stacklevel: int = 3,
            dtype: _DTypeLike = None) -> Tensor:
    """torch.nn.functional.softmin: softmax(-input) along dim (dim=None as
    softmax's; dtype= converts after the negation, as torch).

    >>> import th
    >>> th.nn.functional.softmin(th.tensor([0.0, 0.0]), dim=0)
    tensor([0.5000, 0.5000])
    """
