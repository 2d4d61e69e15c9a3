# Types of th._conv (compiled).
from typing import Optional, Sequence, Union

from th._tensor import Tensor

_Ints = Union[int, Sequence[int]]

def conv1d(input: Tensor, weight: Tensor, bias: Optional[Tensor] = ..., stride: _Ints = ...,
           padding: Union[_Ints, str] = ..., dilation: _Ints = ..., groups: int = ...) -> Tensor:
    """A 1-d convolution (cross-correlation) of input (N, C_in, L) or
    (C_in, L) with weight (C_out, C_in / groups, kW), plus bias (C_out).

    >>> F = th.nn.functional
    >>> F.conv1d(th.arange(5.0).view(1, 1, 5), th.ones(1, 1, 2))
    tensor([[[1., 3., 5., 7.]]])
    """
def conv2d(input: Tensor, weight: Tensor, bias: Optional[Tensor] = ..., stride: _Ints = ...,
           padding: Union[_Ints, str] = ..., dilation: _Ints = ..., groups: int = ...) -> Tensor:
    """A 2-d convolution (cross-correlation) of input (N, C_in, H, W) or
    (C_in, H, W) with weight (C_out, C_in / groups, kH, kW), plus bias
    (C_out). padding: ints, 'valid' or 'same' (stride 1 only).

    >>> F = th.nn.functional
    >>> F.conv2d(th.arange(9.0).view(1, 1, 3, 3), th.ones(1, 1, 2, 2))
    tensor([[[[ 8., 12.],
              [20., 24.]]]])
    """
def conv3d(input: Tensor, weight: Tensor, bias: Optional[Tensor] = ..., stride: _Ints = ...,
           padding: Union[_Ints, str] = ..., dilation: _Ints = ..., groups: int = ...) -> Tensor:
    """A 3-d convolution (cross-correlation) of input (N, C_in, D, H, W) or
    (C_in, D, H, W) with weight (C_out, C_in / groups, kD, kH, kW), plus bias
    (C_out).

    >>> F = th.nn.functional
    >>> F.conv3d(th.ones(1, 1, 2, 2, 2), th.ones(1, 1, 2, 2, 2))
    tensor([[[[[8.]]]]])
    """
def conv_transpose1d(input: Tensor, weight: Tensor, bias: Optional[Tensor] = ...,
                     stride: _Ints = ..., padding: _Ints = ..., output_padding: _Ints = ...,
                     groups: int = ..., dilation: _Ints = ...) -> Tensor:
    """A 1-d transposed convolution (conv1d's adjoint) of input (N, C_in, L)
    or (C_in, L) with weight (C_in, C_out / groups, kW), plus bias (C_out).

    >>> F = th.nn.functional
    >>> F.conv_transpose1d(th.ones(1, 1, 3), th.ones(1, 1, 2))
    tensor([[[1., 2., 2., 1.]]])
    """
def conv_transpose2d(input: Tensor, weight: Tensor, bias: Optional[Tensor] = ...,
                     stride: _Ints = ..., padding: _Ints = ..., output_padding: _Ints = ...,
                     groups: int = ..., dilation: _Ints = ...) -> Tensor:
    """A 2-d transposed convolution (conv2d's adjoint) of input (N, C_in, H,
    W) or (C_in, H, W) with weight (C_in, C_out / groups, kH, kW), plus bias
    (C_out).

    >>> F = th.nn.functional
    >>> F.conv_transpose2d(th.ones(1, 1, 2, 2), th.ones(1, 1, 2, 2))
    tensor([[[[1., 2., 1.],
              [2., 4., 2.],
              [1., 2., 1.]]]])
    """
def conv_transpose3d(input: Tensor, weight: Tensor, bias: Optional[Tensor] = ...,
                     stride: _Ints = ..., padding: _Ints = ..., output_padding: _Ints = ...,
                     groups: int = ..., dilation: _Ints = ...) -> Tensor:
    """A 3-d transposed convolution (conv3d's adjoint) of input (N, C_in, D,
    H, W) or (C_in, D, H, W) with weight (C_in, C_out / groups, kD, kH, kW),
    plus bias (C_out).

    >>> F = th.nn.functional
    >>> F.conv_transpose3d(th.ones(1, 1, 1, 1, 1), th.ones(1, 1, 2, 1, 1)).shape
    (1, 1, 2, 1, 1)
    """
