"""Function forms torch has of th's in-place tensor methods: index_copy and
index_fill (a copy written by index_copy_ / index_fill_) and torch.dropout
(th.nn.functional.dropout with torch.dropout's positional signature)."""
from typing import TYPE_CHECKING, SupportsIndex, Union

import th
from th._combine import _check
from th._errors import ArgumentError

if TYPE_CHECKING:
    from th._tensor import Tensor


def index_copy(input: "Tensor", dim: SupportsIndex, index: "Tensor", source: "Tensor"
               ) -> "Tensor":
    """A copy of input with source's slices along dim written at index
    (Tensor.index_copy_ on a clone).

    >>> th.index_copy(th.zeros(3), 0, th.tensor([2, 0]), th.tensor([1.0, 2.0]))
    tensor([2., 0., 1.])
    """
    return _check("index_copy", input).clone().index_copy_(dim, index, source)


def index_fill(input: "Tensor", dim: SupportsIndex, index: "Tensor",
               value: Union["Tensor", bool, int, float, complex]) -> "Tensor":
    """A copy of input with its slices along dim at index filled with value
    (Tensor.index_fill_ on a clone).

    >>> th.index_fill(th.zeros(3), 0, th.tensor([2]), 7.0)
    tensor([0., 0., 7.])
    """
    return _check("index_fill", input).clone().index_fill_(dim, index, value)


def dropout(input: "Tensor", p: float, train: bool) -> "Tensor":
    """input with each element zeroed with probability p and the rest scaled
    by 1 / (1 - p) when train is true (on th's generator), input itself
    otherwise (torch.dropout; th.nn.functional.dropout).

    >>> th.dropout(th.ones(3), 0.5, False)
    tensor([1., 1., 1.])
    """
    if not 0 <= p <= 1:
        raise ArgumentError(f"dropout probability has to be between 0 and 1, but got {p}")
    return th.nn.functional.dropout(_check("dropout", input), p, bool(train))
