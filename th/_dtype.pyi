# Types of th._dtype (compiled). th.bool etc. shadow the builtins here, so
# this stub spells those builtins.bool / builtins.int.
import builtins
from typing import Any, Union, final

@final
class dtype:
    """An element type. Compare with ``is`` or ``==``; ``th.float32.itemsize == 4``.

    >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).dtype
    th.float32
    """

    def __init__(self) -> None: ...  # raises TypeError: use th.float32, ...
    @property
    def name(self) -> builtins.str: ...
    @property
    def itemsize(self) -> builtins.int: ...
    @property
    def is_floating_point(self) -> builtins.bool: ...
    @property
    def is_signed(self) -> builtins.bool: ...
    @property
    def is_complex(self) -> builtins.bool: ...
    @property
    def scalar_type(self) -> builtins.int: ...
    @property
    def dtype(self) -> Any:  # the numpy dtype: numpy.dtype(th.float32) works
        """The numpy dtype of the same name, so that ``numpy.dtype(th.float32)``
        works (numpy reads a ``dtype`` attribute); bfloat16 needs ml_dtypes.

        >>> import numpy, th
        >>> numpy.dtype(th.float32)
        dtype('float32')
        """
    @property
    def type(self) -> Any:  # the numpy scalar type
        """The numpy scalar type of the same name (numpy's dtype.type), for
        code that reads it off an array's dtype (dask.array does).

        >>> import th
        >>> th.float64.type.__name__
        'float64'
        """

# what a dtype= argument takes: a th.dtype or its name ("float32"), a numpy dtype or
# scalar type (numpy.float32), a Python number type (float: float64), None for the default
_DTypeLike = Union[dtype, builtins.str, builtins.type, Any, None]

def _to_dtype(dtype_like: _DTypeLike) -> dtype: ...
def _default_float() -> dtype: ...
def _set_default_float(d: dtype) -> None: ...
def _promote(a: dtype, b: dtype) -> dtype: ...
def _can_cast(a: dtype, b: dtype) -> builtins.bool: ...

uint8: dtype
int8: dtype
int16: dtype
int32: dtype
int64: dtype
float16: dtype
float32: dtype
float64: dtype
bool: dtype
bfloat16: dtype
complex64: dtype
complex128: dtype
uint16: dtype
uint32: dtype
uint64: dtype
