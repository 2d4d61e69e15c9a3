# Types of th._conv (compiled).
from typing import Optional, Sequence, Union

from th._tensor import Tensor

_Ints = Union[int, Sequence[int]]

def conv1d(input: Tensor, weight: Tensor, bias: Optional[Tensor] = ..., stride: _Ints = ...,
           padding: Union[_Ints, str] = ..., dilation: _Ints = ..., groups: int = ...) -> Tensor: ...
def conv2d(input: Tensor, weight: Tensor, bias: Optional[Tensor] = ..., stride: _Ints = ...,
           padding: Union[_Ints, str] = ..., dilation: _Ints = ..., groups: int = ...) -> Tensor: ...
def conv3d(input: Tensor, weight: Tensor, bias: Optional[Tensor] = ..., stride: _Ints = ...,
           padding: Union[_Ints, str] = ..., dilation: _Ints = ..., groups: int = ...) -> Tensor: ...
def conv_transpose1d(input: Tensor, weight: Tensor, bias: Optional[Tensor] = ...,
                     stride: _Ints = ..., padding: _Ints = ..., output_padding: _Ints = ...,
                     groups: int = ..., dilation: _Ints = ...) -> Tensor: ...
def conv_transpose2d(input: Tensor, weight: Tensor, bias: Optional[Tensor] = ...,
                     stride: _Ints = ..., padding: _Ints = ..., output_padding: _Ints = ...,
                     groups: int = ..., dilation: _Ints = ...) -> Tensor: ...
def conv_transpose3d(input: Tensor, weight: Tensor, bias: Optional[Tensor] = ...,
                     stride: _Ints = ..., padding: _Ints = ..., output_padding: _Ints = ...,
                     groups: int = ..., dilation: _Ints = ...) -> Tensor: ...
