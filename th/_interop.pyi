# Types of th._interop (compiled). numpy is optional: arrays are Any here.
from typing import Any

from th._device import _DeviceLike
from th._dtype import _DTypeLike
from th._tensor import Tensor

def from_numpy(a: Any) -> Tensor:
    """A tensor over a numpy array's memory (no copy): writes through either
    are seen by the other, and the tensor keeps the array alive. A
    non-writeable array is shared too, as a read-only tensor
    (Tensor.is_readonly: every write refuses it; torch shares with a
    warning, th enforces instead). The array must be in native byte order,
    aligned, with non-negative strides and a dtype th has (ValueError /
    TypeError otherwise: use th.asarray to copy when sharing is impossible).

    >>> import numpy as np
    >>> a = np.arange(3.0)
    >>> t = th.from_numpy(a)
    >>> a[0] = 7
    >>> t
    tensor([7., 1., 2.], dtype=th.float64)
    """
def frombuffer(buffer: Any, *, dtype: _DTypeLike, count: int = -1, offset: int = 0,
               requires_grad: bool = False) -> Tensor:
    """A 1-dim tensor over the bytes of any object with the buffer protocol
    (torch.frombuffer): count elements of dtype (-1: all the bytes after
    offset) starting offset bytes in. No copy: the tensor keeps the buffer
    alive, and memory the object exports only read-only (bytes, a read-only
    memoryview or mmap) gives a read-only tensor (Tensor.is_readonly), where
    torch warns. ValueError for a non-contiguous buffer, an offset or count
    out of range, bytes that are not whole elements or not aligned to them.

    >>> th.frombuffer(bytearray(b"\\x01\\x00\\x02\\x00"), dtype=th.int16)
    tensor([1, 2], dtype=th.int16)
    """
def asarray(obj: Any, dtype: _DTypeLike = None, copy: bool | None = None, *,
            device: _DeviceLike = None, requires_grad: bool = False) -> Tensor:
    """obj as a tensor, sharing its memory when possible (torch.asarray):
    a th.Tensor as it is; anything with the buffer protocol (numpy arrays,
    memoryviews, bytearray, array.array) or __dlpack__ (torch) as a view of
    its memory (memory exported only read-only, such as bytes or a
    non-writeable array, as a read-only tensor: Tensor.is_readonly); other
    data (nested lists, numbers) copied. copy=True always copies;
    copy=False raises ValueError when a copy would be needed; a dtype other
    than the data's converts (a copy). device can only be the CPU.

    >>> th.asarray([1, 2, 3])
    tensor([1, 2, 3])
    """

# the loader of pickled storages (protocol 5 hands it a PickleBuffer)
def storage_from_buffer(obj: Any, dtype: Any, size: int) -> Any:
    """A storage of size elements of dtype over obj's bytes (pickle's buffers,
    out-of-band with protocol 5): obj's own memory when it exports it
    contiguous and aligned to the elements (the storage then keeps the
    export, hence obj, until it dies; memory exported only read-only, as an
    object store's, gives a read-only storage), else a copy. Bytes (an
    in-band pickle's buffer, which pickle made for this load alone) are
    copied: a loaded tensor is writable as its pickled one was. ValueError
    unless obj holds exactly size elements' bytes.
    """
def storage_bytes(s: Any) -> memoryview:
    """s's memory as a memoryview of bytes, writable unless s is read-only
    (bfloat16 has no buffer format: its memory is read as uint16).
    """
def reinterpret_storage(s: Any, dtype: Any, *, any_size: bool = False) -> Any:
    """A storage of another dtype of the same element size over s's memory
    (no copy): it pins s (one reference, data kept in place) while it lives,
    and is read-only when s is.
    any_size: the element sizes may differ (Tensor.view(dtype)); the new
    storage holds as many whole elements as s's bytes make.
    """
def bfloat16_to_numpy(t: Tensor) -> Any:
    """numpy() of a bfloat16 tensor: an ml_dtypes.bfloat16 array over its
    memory, or TypeError when ml_dtypes is not installed.
    """
def array_ufunc(
    ufunc: Any, method: str, inputs: tuple[Any, ...], kwargs: dict[str, Any]
) -> Any:
    """Tensor.__array_ufunc__: a th.Tensor result, computed by th's own
    function where th maps the ufunc (_UFUNCS), else by numpy over the
    tensors' memory. Result dtypes are torch's where torch's own operator
    decides them: a number or numpy scalar operand is a weak scalar
    (np.float64(0.1) * float32_t is float32). Where only arrays and tensors
    take part, torch lets numpy compute (its __array_wrap__), so the dtype
    is numpy's (np.exp(int64_t) and int64_t * float32_array are float64):
    th casts the operands to numpy's loop dtypes first.
    """
