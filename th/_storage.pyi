# Types of th._storage (compiled).
from collections.abc import Iterable, Iterator
from os import PathLike
from typing import Union

from th._dtype import _DTypeLike
from th._dtype import dtype as _dtype  # Storage.dtype, a property, shadows the name

_Scalar = Union[bool, int, float]

def live_wrappers() -> int:
    """th.Storage Python objects alive right now."""

class Storage:
    """A reference-counted, typed, contiguous block of elements.

    ``th.Storage(size=0, dtype=th.float32)`` (uninitialised) or
    ``th.Storage([1, 2, 3], dtype=...)``. Tensors view storages; one storage
    can back many tensors, and ``t.storage()`` gives it back.

    >>> s = th.Storage([1.0, 2.0, 3.0])
    >>> len(s), s.dtype, s.tolist()
    (3, th.float32, [1.0, 2.0, 3.0])
    """

    def __init__(self, data: Union[int, Iterable[_Scalar]] = 0,
                 dtype: _DTypeLike = None) -> None: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int, /) -> _Scalar: ...
    def __setitem__(self, index: int, value: _Scalar, /) -> None: ...
    def __iter__(self) -> Iterator[_Scalar]: ...
    def size(self) -> int:
        """Number of elements."""
    @property
    def dtype(self) -> _dtype: ...
    def element_size(self) -> int: ...
    def nbytes(self) -> int: ...
    def data_ptr(self) -> int:
        """Address of the first element (0 for an empty storage)."""
    @property
    def refcount(self) -> int:
        """References to the C storage: this object's one, plus one per
        tensor viewing it and per other holder.
        """
    def tolist(self) -> list[_Scalar]: ...
    def resize_(self, size: int) -> Storage:
        """Change the number of elements, keeping the first ones. Refused
        (RuntimeError) while anything else holds the storage.
        """
    def fill_(self, value: _Scalar) -> Storage:
        """Set every element to value (ValueError if the dtype cannot hold it)."""
    @staticmethod
    def from_file(filename: Union[str, bytes, PathLike[str], PathLike[bytes]], shared: bool = False,
                  size: int = 0, dtype: _DTypeLike = None) -> Storage:
        """A storage over a memory-mapped file: size elements (0: the whole
        file). shared=True writes through to the file (creating or growing
        it, owner-only); shared=False is a private copy-on-write view of an
        existing file. A missing file is FileNotFoundError; a short one, or a
        size that does not fit, ValueError.
        """
    def share_memory_(self) -> Storage:
        """Move the data into shared memory (in place: every tensor over this
        storage follows), to pass it to other processes (th.multiprocessing).
        """
    def is_shared(self) -> bool:
        """True for a shared mapping: shared memory or a file mapped shared."""
    def is_readonly(self) -> bool:
        """True for read-only memory shared without a copy (see
        Tensor.is_readonly): every write refuses it.
        """
