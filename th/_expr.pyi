# Types of th._expr (compiled): th.Expr and torch's element-wise functions.
# Given tensors and numbers a function returns a Tensor; given an Expr it
# returns an Expr (the overloads), unless out= is given.
import builtins
from collections.abc import Sequence
from typing import Literal, SupportsIndex, Union, overload

from th._dtype import _DTypeLike
from th._dtype import dtype as _dtype
from th._tensor import Tensor

_Number = Union[builtins.bool, builtins.int, builtins.float, builtins.complex]
_Eager = Union[Tensor, _Number]
_Operand = Union[Tensor, Expr, _Number]
_Dims = SupportsIndex | Sequence[SupportsIndex] | None

def live_exprs() -> builtins.int:
    """th.Expr Python objects alive (each holds one THExpr reference)."""

class Expr:
    """An element-wise expression, evaluated when assigned or by eval().

    ``th.lazy(b) * c + 2`` is an Expr: its shape and dtype are known at
    once, its tensors are read when it is evaluated (``a += e``,
    ``a[...] = e``, ``a.copy_(e)``, ``th.eval(e, out=a)``, ``e.eval()``),
    in one pass over the elements with no temporaries.

    >>> e = th.sqrt(th.lazy(th.tensor([1.0, 4.0]))) - 1
    >>> isinstance(e, th.Expr), e.eval()
    (True, tensor([0., 1.]))
    """
    __array_ufunc__: None
    def __init__(self) -> None: ...
    @property
    def shape(self) -> tuple[builtins.int, ...]:
        """The result's sizes (the operands' broadcast), as a tuple."""
    @property
    def dtype(self) -> _dtype:
        """The result's dtype (torch's type promotion)."""
    @property
    def ndim(self) -> builtins.int: ...
    def dim(self) -> builtins.int: ...
    def numel(self) -> builtins.int: ...
    @overload
    def size(self, dim: None = None) -> tuple[builtins.int, ...]: ...
    @overload
    def size(self, dim: builtins.int) -> builtins.int: ...
    @property
    def refcount(self) -> builtins.int:
        """References to the C node (this object holds one)."""
    def eval(self) -> Tensor:
        """A new contiguous tensor holding the value (the tensors read now)."""
    def to(self, dtype: _DTypeLike) -> Expr:
        """This expression converted to dtype (as copy converts), lazily."""
    # reductions in one pass (no temporary of the expression's size)
    def sum(self, dim: _Dims = None, keepdim: builtins.bool = False, *,
            dtype: _DTypeLike = None) -> Tensor:
        """The sum over dim (None: every dim) without the expression's value
        in memory; torch's result dtype (bool and integers in int64).

        >>> import th
        >>> a, b = th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([10.0, 100.0])
        >>> (th.lazy(a) * b).sum()
        tensor(640.)
        >>> (th.lazy(a) * b).sum(1, keepdim=True)
        tensor([[210.],
                [430.]])
        """
    def prod(self, dim: _Dims = None, keepdim: builtins.bool = False, *,
             dtype: _DTypeLike = None) -> Tensor:
        """The product over dim (None: every dim), in one pass.

        >>> import th
        >>> (th.lazy(th.tensor([1, 2, 3])) + 1).prod()
        tensor(24)
        """
    def mean(self, dim: _Dims = None, keepdim: builtins.bool = False, *,
             dtype: _DTypeLike = None) -> Tensor:
        """The mean over dim (None: every dim), in one pass: floating and
        complex expressions (or dtype=).

        >>> import th
        >>> (th.lazy(th.tensor([1.0, 2.0, 6.0])) * 2).mean()
        tensor(6.)
        """
    def amax(self, dim: _Dims = (), keepdim: builtins.bool = False) -> Tensor:
        """The largest elements over dim (() or None: every dim), in one
        pass; NaN wins.

        >>> import th
        >>> (th.lazy(th.tensor([[1, 5], [7, 3]])) * -1).amax(0)
        tensor([-1, -3])
        """
    def amin(self, dim: _Dims = (), keepdim: builtins.bool = False) -> Tensor:
        """The smallest elements over dim (() or None: every dim), in one
        pass; NaN wins.

        >>> import th
        >>> (th.lazy(th.tensor([[1, 5], [7, 3]])) - 1).amin(1)
        tensor([0, 2])
        """
    def norm(self, p: builtins.float | Literal["fro"] | None = "fro", dim: _Dims = None,
             keepdim: builtins.bool = False, dtype: _DTypeLike = None) -> Tensor:
        """The p-norm over dim (th.norm's p: 2 or 'fro', 1, inf, -inf, 0, any
        number), in one pass; a complex expression's is real.

        >>> import th
        >>> (th.lazy(th.tensor([3.0, 0.0])) + th.tensor([0.0, 4.0])).norm()
        tensor(5.)
        """
    def __bool__(self) -> builtins.bool: ...
    def __add__(self, other: _Operand, /) -> Expr: ...
    def __radd__(self, other: _Eager, /) -> Expr: ...
    def __sub__(self, other: _Operand, /) -> Expr: ...
    def __rsub__(self, other: _Eager, /) -> Expr: ...
    def __mul__(self, other: _Operand, /) -> Expr: ...
    def __rmul__(self, other: _Eager, /) -> Expr: ...
    def __matmul__(self, other: Tensor | Expr, /) -> Expr: ...
    def __rmatmul__(self, other: Tensor | Expr, /) -> Expr: ...
    def __truediv__(self, other: _Operand, /) -> Expr: ...
    def __rtruediv__(self, other: _Eager, /) -> Expr: ...
    def __floordiv__(self, other: _Operand, /) -> Expr: ...
    def __rfloordiv__(self, other: _Eager, /) -> Expr: ...
    def __mod__(self, other: _Operand, /) -> Expr: ...
    def __rmod__(self, other: _Eager, /) -> Expr: ...
    def __and__(self, other: _Operand, /) -> Expr: ...
    def __rand__(self, other: _Eager, /) -> Expr: ...
    def __or__(self, other: _Operand, /) -> Expr: ...
    def __ror__(self, other: _Eager, /) -> Expr: ...
    def __xor__(self, other: _Operand, /) -> Expr: ...
    def __rxor__(self, other: _Eager, /) -> Expr: ...
    def __lshift__(self, other: _Operand, /) -> Expr: ...
    def __rlshift__(self, other: _Eager, /) -> Expr: ...
    def __rshift__(self, other: _Operand, /) -> Expr: ...
    def __rrshift__(self, other: _Eager, /) -> Expr: ...
    def __pow__(self, other: _Operand, mod: None = None, /) -> Expr: ...
    def __rpow__(self, other: _Eager, mod: None = None, /) -> Expr: ...
    def __eq__(self, other: object, /) -> Expr: ...  # type: ignore[override]
    def __ne__(self, other: object, /) -> Expr: ...  # type: ignore[override]
    def __lt__(self, other: _Operand, /) -> Expr: ...
    def __le__(self, other: _Operand, /) -> Expr: ...
    def __gt__(self, other: _Operand, /) -> Expr: ...
    def __ge__(self, other: _Operand, /) -> Expr: ...
    def __neg__(self) -> Expr: ...
    def __abs__(self) -> Expr: ...
    def __invert__(self) -> Expr: ...

def lazy(value: _Operand) -> Expr:
    """value as a th.Expr: a tensor leaf (read when the expression is
    evaluated, not now), a number, or an Expr itself.

    >>> e = th.lazy(th.tensor([1.0, 2.0])) * 3 + 1
    >>> e.eval()
    tensor([4., 7.])
    """
def eval(e: _Operand, *, out: Tensor | None = None) -> Tensor:
    """The value of e (an Expr, or a tensor: copied): a new tensor, or
    written into out (torch's out= rules, see into_out).

    >>> a = th.tensor([1.0, 2.0])
    >>> th.eval(th.lazy(a) * a + 1)
    tensor([2., 5.])
    """

@overload
def add(input: _Eager, other: _Eager, *, alpha: _Number = 1, out: Tensor | None = None) -> Tensor:
    """input + alpha * other (rounded once for float tensors, as torch).

    >>> th.add(th.tensor([-1.5, 0.5, 2.0]), th.tensor([1.0]), alpha=2)
    tensor([0.5000, 2.5000, 4.0000])
    """
@overload
def add(input: _Operand, other: _Operand, *, alpha: _Number = 1, out: Tensor) -> Tensor: ...
@overload
def add(input: _Operand, other: _Operand, *, alpha: _Number = 1, out: None = None) -> Tensor | Expr: ...
@overload
def sub(input: _Eager, other: _Eager, *, alpha: _Number = 1, out: Tensor | None = None) -> Tensor:
    """input - alpha * other (a bool operand is refused whatever alpha is, as
    in torch).

    >>> th.sub(th.tensor([-1.5, 0.5, 2.0]), 1.0)
    tensor([-2.5000, -0.5000,  1.0000])
    """
@overload
def sub(input: _Operand, other: _Operand, *, alpha: _Number = 1, out: Tensor) -> Tensor: ...
@overload
def sub(input: _Operand, other: _Operand, *, alpha: _Number = 1, out: None = None) -> Tensor | Expr: ...
@overload
def mul(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input * other.

    >>> th.mul(th.tensor([-1.5, 0.5, 2.0]), 2)
    tensor([-3.,  1.,  4.])
    """
@overload
def mul(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def mul(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def floor_divide(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input // other, rounded down.

    >>> th.floor_divide(th.tensor([-7, 7]), 2)
    tensor([-4,  3])
    """
@overload
def floor_divide(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def floor_divide(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def remainder(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """Python's modulus: the result has the divisor's sign.

    >>> th.remainder(th.tensor([-7, 7]), 3)
    tensor([2, 1])
    """
@overload
def remainder(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def remainder(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def maximum(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The larger of the two (NaN propagates).

    >>> th.maximum(th.tensor([-1.5, 0.5, 2.0]), th.tensor(0.0))
    tensor([0.0000, 0.5000, 2.0000])
    """
@overload
def maximum(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def maximum(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def minimum(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The smaller of the two (NaN propagates).

    >>> th.minimum(th.tensor([-1.5, 0.5, 2.0]), th.tensor(0.0))
    tensor([-1.5000,  0.0000,  0.0000])
    """
@overload
def minimum(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def minimum(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def atan2(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """atan(input / other) in the quadrant of (other, input).

    >>> th.atan2(th.tensor([1.0, -1.0]), th.tensor([-1.0, 1.0]))
    tensor([ 2.3562, -0.7854])
    """
@overload
def atan2(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def atan2(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def eq(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input == other (bool).

    >>> th.eq(th.tensor([-1.5, 0.5, 2.0]), 0.5)
    tensor([False,  True, False])
    """
@overload
def eq(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def eq(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def ne(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input != other (bool).

    >>> th.ne(th.tensor([-1.5, 0.5, 2.0]), 0.5)
    tensor([ True, False,  True])
    """
@overload
def ne(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def ne(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def lt(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input < other (bool).

    >>> th.lt(th.tensor([-1.5, 0.5, 2.0]), 0.5)
    tensor([ True, False, False])
    """
@overload
def lt(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def lt(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def le(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input <= other (bool).

    >>> th.le(th.tensor([-1.5, 0.5, 2.0]), 0.5)
    tensor([ True,  True, False])
    """
@overload
def le(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def le(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def gt(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input > other (bool).

    >>> th.gt(th.tensor([-1.5, 0.5, 2.0]), 0.5)
    tensor([False, False,  True])
    """
@overload
def gt(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def gt(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def ge(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input >= other (bool).

    >>> th.ge(th.tensor([-1.5, 0.5, 2.0]), 0.5)
    tensor([False,  True,  True])
    """
@overload
def ge(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def ge(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def logical_and(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """Both non-zero (bool).

    >>> th.logical_and(th.tensor([True, False, True]), th.tensor([1, 1, 0]))
    tensor([ True, False, False])
    """
@overload
def logical_and(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def logical_and(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def logical_or(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """Either non-zero (bool).

    >>> th.logical_or(th.tensor([True, False, True]), th.tensor([0, 1, 0]))
    tensor([True, True, True])
    """
@overload
def logical_or(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def logical_or(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def logical_xor(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """Exactly one non-zero (bool).

    >>> th.logical_xor(th.tensor([True, False, True]), th.tensor([1, 1, 0]))
    tensor([False,  True,  True])
    """
@overload
def logical_xor(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def logical_xor(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def bitwise_and(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input & other (integers, bools).

    >>> th.bitwise_and(th.tensor([6, 3, 5]), 3)
    tensor([2, 3, 1])
    """
@overload
def bitwise_and(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def bitwise_and(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def bitwise_or(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input | other (integers, bools).

    >>> th.bitwise_or(th.tensor([6, 3, 5]), 3)
    tensor([7, 3, 7])
    """
@overload
def bitwise_or(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def bitwise_or(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def bitwise_xor(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input ^ other (integers, bools).

    >>> th.bitwise_xor(th.tensor([6, 3, 5]), 3)
    tensor([5, 0, 6])
    """
@overload
def bitwise_xor(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def bitwise_xor(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def div(input: _Eager, other: _Eager, *, rounding_mode: builtins.str | None = None, out: Tensor | None = None) -> Tensor:
    """input / other: true division (a float result), or rounded toward zero
    (rounding_mode='trunc') or down ('floor'), keeping an integral dtype.

    >>> th.div(th.tensor([-1.5, 0.5, 2.0]), 2)
    tensor([-0.7500,  0.2500,  1.0000])
    >>> th.div(th.tensor([-7, 7]), 2, rounding_mode='floor')
    tensor([-4,  3])
    """
@overload
def div(input: _Operand, other: _Operand, *, rounding_mode: builtins.str | None = None, out: Tensor) -> Tensor: ...
@overload
def div(input: _Operand, other: _Operand, *, rounding_mode: builtins.str | None = None, out: None = None) -> Tensor | Expr: ...
@overload
def pow(input: _Eager, exponent: _Eager, *, out: Tensor | None = None) -> Tensor:
    """self ** exponent, broadcasting.

    >>> th.pow(th.tensor([-1.5, 0.5, 2.0]), 2)
    tensor([2.2500, 0.2500, 4.0000])
    """
@overload
def pow(input: _Operand, exponent: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def pow(input: _Operand, exponent: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def logical_not(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input == 0 (bool).

    >>> th.logical_not(th.tensor([0.0, 2.0]))
    tensor([ True, False])
    """
@overload
def logical_not(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def logical_not(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def bitwise_not(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """~input (the logical not for bools).

    >>> th.bitwise_not(th.tensor([0, 5, -1]))
    tensor([-1, -6,  0])
    """
@overload
def bitwise_not(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def bitwise_not(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def neg(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """-input (refused for bool, as torch).

    >>> th.neg(th.tensor([-1.5, 0.5, 2.0]))
    tensor([ 1.5000, -0.5000, -2.0000])
    """
@overload
def neg(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def neg(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def negative(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """-input (refused for bool, as torch).

    >>> th.neg(th.tensor([-1.5, 0.5, 2.0]))
    tensor([ 1.5000, -0.5000, -2.0000])
    """
@overload
def negative(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def negative(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def abs(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """|input| (the modulus of a complex, as a real).

    >>> th.abs(th.tensor([-1.5, 0.5, 2.0]))
    tensor([1.5000, 0.5000, 2.0000])
    """
@overload
def abs(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def abs(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def sign(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """-1, 0 or 1 by input's sign.

    >>> th.sign(th.tensor([-2.0, 0.0, 3.0]))
    tensor([-1.,  0.,  1.])
    """
@overload
def sign(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def sign(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def sqrt(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The square root (NaN below 0 for reals).

    >>> th.sqrt(th.tensor([4.0, 2.0]))
    tensor([2.0000, 1.4142])
    """
@overload
def sqrt(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def sqrt(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def rsqrt(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """1 / sqrt(input).

    >>> th.rsqrt(th.tensor([4.0, 0.25]))
    tensor([0.5000, 2.0000])
    """
@overload
def rsqrt(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def rsqrt(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def exp(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """e ** input.

    >>> th.exp(th.tensor([0.25, 0.5]))
    tensor([1.2840, 1.6487])
    """
@overload
def exp(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def exp(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def log(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The natural logarithm.

    >>> th.log(th.tensor([0.25, 0.5]))
    tensor([-1.3863, -0.6931])
    """
@overload
def log(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def log(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def log1p(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """log(1 + input), exact near 0.

    >>> th.log1p(th.tensor([1e-10, 1.0]))
    tensor([1.0000e-10, 6.9315e-01])
    """
@overload
def log1p(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def log1p(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def expm1(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """exp(input) - 1, exact near 0.

    >>> th.expm1(th.tensor([1e-10, 1.0]))
    tensor([1.0000e-10, 1.7183e+00])
    """
@overload
def expm1(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def expm1(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def sin(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The sine.

    >>> th.sin(th.tensor([0.25, 0.5]))
    tensor([0.2474, 0.4794])
    """
@overload
def sin(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def sin(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def cos(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The cosine.

    >>> th.cos(th.tensor([0.25, 0.5]))
    tensor([0.9689, 0.8776])
    """
@overload
def cos(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def cos(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def tanh(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The hyperbolic tangent.

    >>> th.tanh(th.tensor([0.25, 0.5]))
    tensor([0.2449, 0.4621])
    """
@overload
def tanh(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def tanh(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def sigmoid(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """1 / (1 + exp(-input)).

    >>> th.sigmoid(th.tensor([-1.5, 0.5, 2.0]))
    tensor([0.1824, 0.6225, 0.8808])
    """
@overload
def sigmoid(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def sigmoid(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def floor(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """Rounded down (integers as they are).

    >>> th.floor(th.tensor([-1.5, 0.5, 2.0]))
    tensor([-2.,  0.,  2.])
    """
@overload
def floor(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def floor(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def ceil(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """Rounded up (integers as they are).

    >>> th.ceil(th.tensor([-1.5, 0.5, 2.0]))
    tensor([-1.,  1.,  2.])
    """
@overload
def ceil(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def ceil(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def round(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """Rounded to the nearest integer, halves to even.

    >>> th.round(th.tensor([0.5, 1.5, 2.46]))
    tensor([0., 2., 2.])
    """
@overload
def round(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def round(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def trunc(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """Rounded toward zero (integers as they are).

    >>> th.trunc(th.tensor([-1.5, 0.5, 2.0]))
    tensor([-1.,  0.,  2.])
    """
@overload
def trunc(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def trunc(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def reciprocal(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """1 / input (a float result for integers).

    >>> th.reciprocal(th.tensor([4.0, -0.5]))
    tensor([ 0.2500, -2.0000])
    """
@overload
def reciprocal(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def reciprocal(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def where(condition: Tensor) -> tuple[Tensor, ...]:
    """input where condition (a bool tensor) holds, else other; where(condition)
    alone: nonzero(condition, as_tuple=True).

    >>> x = th.tensor([-1.5, 0.5, 2.0])
    >>> th.where(x > 0, x, 0.0)
    tensor([0.0000, 0.5000, 2.0000])
    """
@overload
def where(condition: _Eager, input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor: ...
@overload
def where(condition: _Operand, input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def where(condition: _Operand, input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def clamp(input: _Eager, min: _Eager | None = None, max: _Eager | None = None, *, out: Tensor | None = None) -> Tensor:
    """input limited to [min, max] (either may be None; NaN stays NaN).

    >>> th.clamp(th.tensor([-1.5, 0.5, 2.0]), min=-1.0, max=1.0)
    tensor([-1.0000,  0.5000,  1.0000])
    """
@overload
def clamp(input: _Operand, min: _Operand | None = None, max: _Operand | None = None, *, out: Tensor) -> Tensor: ...
@overload
def clamp(input: _Operand, min: _Operand | None = None, max: _Operand | None = None, *, out: None = None) -> Tensor | Expr: ...
@overload
def clip(input: _Eager, min: _Eager | None = None, max: _Eager | None = None, *, out: Tensor | None = None) -> Tensor:
    """clamp's alias.

    >>> th.clip(th.tensor([-1.5, 0.5, 2.0]), 0.0, 1.0)
    tensor([0.0000, 0.5000, 1.0000])
    """
@overload
def clip(input: _Operand, min: _Operand | None = None, max: _Operand | None = None, *, out: Tensor) -> Tensor: ...
@overload
def clip(input: _Operand, min: _Operand | None = None, max: _Operand | None = None, *, out: None = None) -> Tensor | Expr: ...
@overload
def addcmul(input: _Eager, tensor1: _Eager, tensor2: _Eager, *, value: _Number = 1, out: Tensor | None = None) -> Tensor:
    """input + value * tensor1 * tensor2 in the three operands' promoted
    dtype (torch's result_type of all three; float16 and bfloat16 computed
    in float32 and rounded once, as torch).

    >>> th.addcmul(th.ones(2), th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]), value=0.5)
    tensor([2.5000, 5.0000])
    """
@overload
def addcmul(input: _Operand, tensor1: _Operand, tensor2: _Operand, *, value: _Number = 1, out: Tensor) -> Tensor: ...
@overload
def addcmul(input: _Operand, tensor1: _Operand, tensor2: _Operand, *, value: _Number = 1, out: None = None) -> Tensor | Expr: ...
@overload
def addcdiv(input: _Eager, tensor1: _Eager, tensor2: _Eager, *, value: _Number = 1, out: Tensor | None = None) -> Tensor:
    """input + value * tensor1 / tensor2 in the three operands' promoted
    dtype, (value * tensor1) / tensor2 as torch orders it (tensor1 and
    tensor2 both integral are refused, as torch refuses them).

    >>> th.addcdiv(th.ones(2), th.tensor([1.0, 2.0]), th.tensor([4.0, 4.0]), value=2)
    tensor([1.5000, 2.0000])
    """
@overload
def addcdiv(input: _Operand, tensor1: _Operand, tensor2: _Operand, *, value: _Number = 1, out: Tensor) -> Tensor: ...
@overload
def addcdiv(input: _Operand, tensor1: _Operand, tensor2: _Operand, *, value: _Number = 1, out: None = None) -> Tensor | Expr: ...
def equal(input: Tensor, other: Tensor) -> builtins.bool:
    """True when both have the same shape and the same elements.

    >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
    >>> th.equal(t, t.clone())
    True
    """
@overload
def isclose(input: Tensor, other: Tensor, rtol: builtins.float = 1e-05, atol: builtins.float = 1e-08,
            equal_nan: builtins.bool = False) -> Tensor:
    """|input - other| <= atol + rtol * |other| element-wise (equal values,
    infinities included, are close; NaNs only with equal_nan), as torch.

    >>> th.isclose(th.tensor([1.0, 2.0]), th.tensor([1.0 + 1e-09, 2.1]))
    tensor([ True, False])
    """
@overload
def isclose(input: Tensor | Expr, other: Tensor | Expr, rtol: builtins.float = 1e-05,
            atol: builtins.float = 1e-08, equal_nan: builtins.bool = False) -> Tensor | Expr: ...
def allclose(input: Tensor | Expr, other: Tensor | Expr, rtol: builtins.float = 1e-05,
             atol: builtins.float = 1e-08, equal_nan: builtins.bool = False) -> builtins.bool:
    """isclose(...) holds for every element (the shapes broadcast).

    >>> th.allclose(th.tensor([1.0, 2.0]), th.tensor([1.0 + 1e-09, 2.0]))
    True
    """

# the functions TH had beyond the operators
@overload
def acos(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The arc cosine (NaN beyond [-1, 1] for reals).

    >>> th.acos(th.tensor([0.25, 0.5]))
    tensor([1.3181, 1.0472])
    """
@overload
def acos(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def acos(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def asin(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The arc sine (NaN beyond [-1, 1] for reals).

    >>> th.asin(th.tensor([0.25, 0.5]))
    tensor([0.2527, 0.5236])
    """
@overload
def asin(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def asin(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def atan(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The arc tangent.

    >>> th.atan(th.tensor([0.25, 0.5]))
    tensor([0.2450, 0.4636])
    """
@overload
def atan(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def atan(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def arccos(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The arc cosine (NaN beyond [-1, 1] for reals).

    >>> th.acos(th.tensor([0.25, 0.5]))
    tensor([1.3181, 1.0472])
    """
@overload
def arccos(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def arccos(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def arcsin(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The arc sine (NaN beyond [-1, 1] for reals).

    >>> th.asin(th.tensor([0.25, 0.5]))
    tensor([0.2527, 0.5236])
    """
@overload
def arcsin(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def arcsin(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def arctan(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The arc tangent.

    >>> th.atan(th.tensor([0.25, 0.5]))
    tensor([0.2450, 0.4636])
    """
@overload
def arctan(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def arctan(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def cosh(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The hyperbolic cosine.

    >>> th.cosh(th.tensor([0.25, 0.5]))
    tensor([1.0314, 1.1276])
    """
@overload
def cosh(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def cosh(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def sinh(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The hyperbolic sine.

    >>> th.sinh(th.tensor([0.25, 0.5]))
    tensor([0.2526, 0.5211])
    """
@overload
def sinh(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def sinh(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def tan(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The tangent.

    >>> th.tan(th.tensor([0.25, 0.5]))
    tensor([0.2553, 0.5463])
    """
@overload
def tan(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def tan(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def log2(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The base-2 logarithm.

    >>> th.log2(th.tensor([8.0, 0.5]))
    tensor([ 3., -1.])
    """
@overload
def log2(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def log2(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def log10(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The base-10 logarithm.

    >>> th.log10(th.tensor([1000.0, 0.5]))
    tensor([ 3.0000, -0.3010])
    """
@overload
def log10(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def log10(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def exp2(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """2 ** input.

    >>> th.exp2(th.tensor([3.0, 0.5]))
    tensor([8.0000, 1.4142])
    """
@overload
def exp2(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def exp2(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def sinc(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """sin(pi * input) / (pi * input), 1 at 0.

    >>> th.sinc(th.tensor([0.0, 0.5]))
    tensor([1.0000, 0.6366])
    """
@overload
def sinc(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def sinc(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def erf(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The error function (reals).

    >>> th.erf(th.tensor([0.25, 0.5]))
    tensor([0.2763, 0.5205])
    """
@overload
def erf(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def erf(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def erfc(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """1 - erf(input), exact where erf is near 1 (reals).

    >>> th.erfc(th.tensor([0.25, 0.5]))
    tensor([0.7237, 0.4795])
    """
@overload
def erfc(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def erfc(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def erfinv(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The inverse of erf: +-inf at +-1, NaN beyond (reals).

    >>> th.erfinv(th.tensor([0.25, 0.5]))
    tensor([0.2253, 0.4769])
    """
@overload
def erfinv(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def erfinv(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def lgamma(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """log(|gamma(input)|): inf at 0 and the negative integers.

    >>> th.lgamma(th.tensor([0.5, 4.0]))
    tensor([0.5724, 1.7918])
    """
@overload
def lgamma(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def lgamma(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def digamma(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The derivative of lgamma: -inf at 0, NaN at the negative integers (reals).

    >>> th.digamma(th.tensor([1.0, 2.5]))
    tensor([-0.5772,  0.7032])
    """
@overload
def digamma(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def digamma(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def frac(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input - trunc(input), the sign of input (floats).

    >>> th.frac(th.tensor([-1.5, 0.5, 2.0]))
    tensor([-0.5000,  0.5000,  0.0000])
    """
@overload
def frac(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def frac(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def isposinf(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input == inf (bool; reals).

    >>> th.isposinf(th.tensor([float('inf'), float('-inf')]))
    tensor([ True, False])
    """
@overload
def isposinf(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def isposinf(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def isneginf(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input == -inf (bool; reals).

    >>> th.isneginf(th.tensor([float('inf'), float('-inf')]))
    tensor([False,  True])
    """
@overload
def isneginf(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def isneginf(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def signbit(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input's sign bit is set (bool: -0.0 and -NaN too; reals).

    >>> th.signbit(th.tensor([-0.0, 1.0, -2.0]))
    tensor([ True, False,  True])
    """
@overload
def signbit(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def signbit(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def square(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input * input (pow(input, 2): a bool squares to int64, as torch).

    >>> th.square(th.tensor([-1.5, 0.5, 2.0]))
    tensor([2.2500, 0.2500, 4.0000])
    """
@overload
def square(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def square(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def deg2rad(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input degrees in radians (input * pi / 180).

    >>> th.deg2rad(th.tensor([90.0, 180.0]))
    tensor([1.5708, 3.1416])
    """
@overload
def deg2rad(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def deg2rad(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def rad2deg(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input radians in degrees (input * 180 / pi).

    >>> th.rad2deg(th.tensor([1.0, 3.0]))
    tensor([ 57.2958, 171.8873])
    """
@overload
def rad2deg(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def rad2deg(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def isnan(input: _Eager) -> Tensor:
    """input is NaN (bool; a complex when a part is).

    >>> th.isnan(th.tensor([1.0, float('nan')]))
    tensor([False,  True])
    """
@overload
def isnan(input: _Operand) -> Tensor | Expr: ...
@overload
def isinf(input: _Eager) -> Tensor:
    """input is +-inf (bool; a complex when a part is).

    >>> th.isinf(th.tensor([1.0, float('-inf')]))
    tensor([False,  True])
    """
@overload
def isinf(input: _Operand) -> Tensor | Expr: ...
@overload
def isfinite(input: _Eager) -> Tensor:
    """input is neither NaN nor infinite (bool).

    >>> th.isfinite(th.tensor([1.0, float('inf'), float('nan')]))
    tensor([ True, False, False])
    """
@overload
def isfinite(input: _Operand) -> Tensor | Expr: ...
@overload
def bitwise_left_shift(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input << other (integers; a count below 0 or of the width or more gives 0).

    >>> th.bitwise_left_shift(th.tensor([6, 3, 5]), 2)
    tensor([24, 12, 20])
    """
@overload
def bitwise_left_shift(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def bitwise_left_shift(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def bitwise_right_shift(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input >> other (integers; a count below 0 or of the width or more gives 0 or -1, the sign's fill).

    >>> th.bitwise_right_shift(th.tensor([-8, 8]), 2)
    tensor([-2,  2])
    """
@overload
def bitwise_right_shift(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def bitwise_right_shift(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def fmod(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """C's remainder of input / other: the sign of input (remainder takes other's).

    >>> th.fmod(th.tensor([-7, 7]), 3)
    tensor([-1,  1])
    """
@overload
def fmod(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def fmod(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def copysign(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input's magnitude with other's sign (a float result).

    >>> th.copysign(th.tensor([-1.5, 0.5, 2.0]), -1.0)
    tensor([-1.5000, -0.5000, -2.0000])
    """
@overload
def copysign(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def copysign(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def hypot(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """sqrt(input ** 2 + other ** 2) without overflow (floats).

    >>> th.hypot(th.tensor([3.0, 5.0]), th.tensor([4.0, 12.0]))
    tensor([ 5., 13.])
    """
@overload
def hypot(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def hypot(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def logaddexp(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """log(exp(input) + exp(other)) without overflow.

    >>> th.logaddexp(th.tensor([1000.0, 0.0]), th.tensor([1000.0, 0.0]))
    tensor([1.0007e+03, 6.9315e-01])
    """
@overload
def logaddexp(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def logaddexp(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def logaddexp2(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """log2(2 ** input + 2 ** other) without overflow.

    >>> th.logaddexp2(th.tensor([3.0, 0.0]), th.tensor([3.0, 0.0]))
    tensor([4., 1.])
    """
@overload
def logaddexp2(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def logaddexp2(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def xlogy(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input * log(other): 0 where input is 0, NaN where other is NaN.

    >>> th.xlogy(th.tensor([0.0, 2.0]), th.tensor([0.0, 4.0]))
    tensor([0.0000, 2.7726])
    """
@overload
def xlogy(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def xlogy(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def fmax(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The larger of the two, a NaN beside a number ignored.

    >>> th.fmax(th.tensor([1.0, float('nan')]), th.tensor([0.0, 2.0]))
    tensor([1., 2.])
    """
@overload
def fmax(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def fmax(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def fmin(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The smaller of the two, a NaN beside a number ignored.

    >>> th.fmin(th.tensor([1.0, float('nan')]), th.tensor([0.0, 2.0]))
    tensor([0., 2.])
    """
@overload
def fmin(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def fmin(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def polygamma(n: builtins.int, input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The n-th derivative of digamma (n a whole number >= 0; polygamma(0, x)
    is digamma(x)).

    >>> th.polygamma(1, th.tensor([1.0, 2.0]))
    tensor([1.6449, 0.6449])
    """
@overload
def polygamma(n: builtins.int, input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def polygamma(n: builtins.int, input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def lerp(input: Tensor, end: Tensor, weight: Tensor | _Number, *,
         out: Tensor | None = None) -> Tensor:
    """input + weight * (end - input): end (and a tensor weight) of input's
    dtype, a float or complex one, as torch requires.

    >>> th.lerp(th.tensor([0.0, 10.0]), th.tensor([10.0, 20.0]), 0.25)
    tensor([ 2.5000, 12.5000])
    """
@overload
def lerp(input: Tensor | Expr, end: Tensor | Expr, weight: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def lerp(input: Tensor | Expr, end: Tensor | Expr, weight: _Operand, *,
         out: None = None) -> Tensor | Expr: ...
@overload
def nan_to_num(input: _Eager, nan: builtins.float = 0.0, posinf: builtins.float | None = None,
               neginf: builtins.float | None = None, *, out: Tensor | None = None) -> Tensor:
    """input with NaN replaced by nan, inf by posinf and -inf by neginf (by
    default the dtype's largest finite values; a complex's parts one by
    one); integers and bools as they are.

    >>> th.nan_to_num(th.tensor([float('nan'), float('inf'), 1.0]), posinf=9.0)
    tensor([0., 9., 1.])
    """
@overload
def nan_to_num(input: _Operand, nan: builtins.float = 0.0, posinf: builtins.float | None = None,
               neginf: builtins.float | None = None, *, out: Tensor) -> Tensor: ...
@overload
def nan_to_num(input: _Operand, nan: builtins.float = 0.0, posinf: builtins.float | None = None,
               neginf: builtins.float | None = None, *, out: None = None) -> Tensor | Expr: ...
@overload
def conj_physical(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The complex conjugate as a new tensor (a real input's values, copied).

    >>> th.conj_physical(th.tensor([1 + 2j]))
    tensor([1.-2.j])
    """
@overload
def conj_physical(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def conj_physical(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def conj(input: Tensor) -> Tensor:
    """The complex conjugate: input itself for a real dtype, as torch's; for
    a complex one a new tensor (torch returns a view with its conjugate bit,
    which th does not have).

    >>> th.conj(th.tensor([1 + 2j]))
    tensor([1.-2.j])
    """
@overload
def conj(input: Expr) -> Tensor | Expr: ...
@overload
def absolute(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """|input| (the modulus of a complex, as a real).

    >>> th.abs(th.tensor([-1.5, 0.5, 2.0]))
    tensor([1.5000, 0.5000, 2.0000])
    """
@overload
def absolute(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def absolute(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def fix(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """Rounded toward zero (integers as they are).

    >>> th.trunc(th.tensor([-1.5, 0.5, 2.0]))
    tensor([-1.,  0.,  2.])
    """
@overload
def fix(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def fix(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def not_equal(input: _Eager, other: _Eager, *, out: Tensor | None = None) -> Tensor:
    """input != other (bool).

    >>> th.ne(th.tensor([-1.5, 0.5, 2.0]), 0.5)
    tensor([ True, False,  True])
    """
@overload
def not_equal(input: _Operand, other: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def not_equal(input: _Operand, other: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def sgn(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """sign() for real input; input / |input| (0 where input is 0) for complex input.

    >>> th.sgn(th.tensor([3 + 4j, 0j]))
    tensor([0.6000+0.8000j, 0.0000+0.0000j])
    """
@overload
def sgn(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def sgn(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def asinh(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The inverse hyperbolic sine (C99's asinh; casinh for complex).

    >>> th.asinh(th.tensor([0.0, 1.0]))
    tensor([0.0000, 0.8814])
    """
@overload
def asinh(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def asinh(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def acosh(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The inverse hyperbolic cosine: NaN below 1 for real input.

    >>> th.acosh(th.tensor([1.0, 2.0]))
    tensor([0.0000, 1.3170])
    """
@overload
def acosh(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def acosh(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def atanh(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The inverse hyperbolic tangent: +-inf at +-1, NaN beyond for
    real input.

    >>> th.atanh(th.tensor([0.0, 0.5]))
    tensor([0.0000, 0.5493])
    """
@overload
def atanh(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def atanh(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def arcsinh(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The inverse hyperbolic sine (C99's asinh; casinh for complex).

    >>> th.asinh(th.tensor([0.0, 1.0]))
    tensor([0.0000, 0.8814])
    """
@overload
def arcsinh(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def arcsinh(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def arccosh(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The inverse hyperbolic cosine: NaN below 1 for real input.

    >>> th.acosh(th.tensor([1.0, 2.0]))
    tensor([0.0000, 1.3170])
    """
@overload
def arccosh(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def arccosh(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
@overload
def arctanh(input: _Eager, *, out: Tensor | None = None) -> Tensor:
    """The inverse hyperbolic tangent: +-inf at +-1, NaN beyond for
    real input.

    >>> th.atanh(th.tensor([0.0, 0.5]))
    tensor([0.0000, 0.5493])
    """
@overload
def arctanh(input: _Operand, *, out: Tensor) -> Tensor: ...
@overload
def arctanh(input: _Operand, *, out: None = None) -> Tensor | Expr: ...
