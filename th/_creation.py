"""torch's tensors made from data and shapes (as_tensor, empty_strided)
and its questions about objects (typename, is_storage), composed from th's
factories and interop."""
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, SupportsIndex

import th
from th._errors import ArgumentError, Error

if TYPE_CHECKING:
    from th._tensor import Tensor


def as_tensor(data: Any, dtype: Any = None, device: Any = None) -> "Tensor":
    """data as a tensor, sharing memory where it can, as torch: a th tensor
    is returned as it is, a numpy array (or an object with __dlpack__) is
    viewed, unless dtype differs from the data's (then converted, a copy);
    other data (nested sequences, numbers) is copied as th.tensor does.

    >>> import numpy as np
    >>> a = np.array([1.0, 2.0])
    >>> t = th.as_tensor(a)
    >>> t[0] = 5.0
    >>> a
    array([5., 2.])
    >>> th.as_tensor([1, 2], dtype=th.float64)
    tensor([1., 2.], dtype=th.float64)
    """
    if isinstance(data, th.Tensor):
        th.device(device if device is not None else "cpu")  # refuses what th cannot compute on
        return data if dtype is None or dtype == data.dtype else data.to(dtype)
    import numpy as np
    if isinstance(data, np.ndarray):
        if not data.dtype.isnative:
            raise ArgumentError("given numpy array has byte order different from the native "
                                "byte order. Conversion between byte orders is currently not "
                                "supported.")
        return th.asarray(data, dtype=dtype, device=device)
    if hasattr(data, "__dlpack__"):
        return th.asarray(data, dtype=dtype, device=device)
    if isinstance(data, (bytes, bytearray, memoryview)):
        data = list(memoryview(data).cast("B"))  # torch reads them as sequences of ints
    return th.tensor(data, dtype=dtype, device=device)


def empty_strided(size: Sequence[SupportsIndex], stride: Sequence[SupportsIndex], *,
                  dtype: Any = None, layout: Any = None, device: Any = None,
                  requires_grad: bool = False, pin_memory: bool = False) -> "Tensor":
    """An uninitialised tensor of the given sizes and strides, over a new
    storage just large enough for them (torch.empty_strided).

    >>> t = th.empty_strided((2, 3), (1, 2))
    >>> t.shape, t.stride()
    ((2, 3), (1, 2))
    """
    import operator
    sizes = [operator.index(s) for s in size]
    strides = [operator.index(s) for s in stride]
    if len(sizes) != len(strides):
        raise Error(f"dimensionality of sizes ({len(sizes)}) must match dimensionality of "
                    f"strides ({len(strides)})")
    if any(s < 0 for s in sizes):
        raise Error(f"Trying to create tensor with negative dimension {min(sizes)}: {sizes}")
    if any(s < 0 for s in strides):
        raise Error(f"Storage size calculation overflowed with sizes={sizes} and "
                    f"strides={strides}")
    if layout is not None and str(layout) not in ("torch.strided", "th.strided", "strided"):
        raise Error(f"empty_strided: th has only strided tensors, not layout {layout}")
    n = 0 if 0 in sizes else 1 + sum((s - 1) * st for s, st in zip(sizes, strides))
    base = th.empty(n, dtype=dtype, device=device, requires_grad=requires_grad,
                    pin_memory=pin_memory)
    return base.as_strided(sizes, strides)


def typename(obj: Any) -> str:
    """The type of obj as a string: a tensor's type() ('th.FloatTensor'),
    else the module-qualified name of obj (a class or function) or of its
    class, builtins without a module.

    >>> th.typename(th.zeros(2)), th.typename(1)
    ('th.FloatTensor', 'int')
    """
    if isinstance(obj, th.Tensor):
        return obj.type()
    module = getattr(obj, "__module__", "") or ""
    if hasattr(obj, "__qualname__"):
        qualname = obj.__qualname__
    elif hasattr(obj, "__name__"):
        qualname = obj.__name__
    else:
        module = obj.__class__.__module__ or ""
        qualname = obj.__class__.__qualname__
    return qualname if module in ("", "builtins") else f"{module}.{qualname}"


def is_storage(obj: Any) -> bool:
    """Whether obj is a storage (th.Storage), not a tensor.

    >>> th.is_storage(th.zeros(2).storage()), th.is_storage(th.zeros(2))
    (True, False)
    """
    return isinstance(obj, th.Storage)
