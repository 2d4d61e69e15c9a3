# Types of th.debug (its .py stays free to change; tests/project/test_stubs.py keeps
# the two in step).
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import NamedTuple

from th._dtype import dtype as _dtype  # LiveObject.dtype shadows the name

class _Counts(NamedTuple):
    storages: int
    tensors: int
    bytes: int

class Live(_Counts):
    """Live C objects: storages, tensors, bytes of storage data; .sparse:
    sparse tensors."""

    sparse: int

class Cached(NamedTuple):
    """What th keeps for reuse: freed C structs, dead th.Tensor objects and
    bytes of freed data blocks."""

    structs: int
    wrappers: int
    block_bytes: int

class LiveObject(NamedTuple):
    """One tracked live C object."""

    kind: str
    dtype: _dtype
    shape: tuple[int, ...]
    refcount: int
    serial: int
    address: int
    function: str
    site: str

class AllocationFailure:
    """What fail_allocations() saw."""

    after: int
    fired: bool
    allocations: int
    def __init__(self, after: int) -> None: ...

def live() -> Live: ...
def live_wrappers() -> tuple[int, int]: ...
def set_tracking(on: bool) -> None: ...
def register_counter(name: str, count: Callable[[], int]) -> None: ...
def unregister_counter(name: str) -> bool: ...
def counters() -> dict[str, int]: ...
def is_caching() -> bool: ...
def cached() -> Cached: ...
def empty_cache() -> None: ...
def is_tracking() -> bool: ...
def tracking(on: bool = True) -> AbstractContextManager[None]: ...
def last_serial() -> int: ...
def live_objects(since: int = 0) -> list[LiveObject]: ...
def misuse_count() -> int: ...
def pop_misuse_reports() -> list[str]: ...
def fail_allocations(after: int) -> AbstractContextManager[AllocationFailure]: ...
def count_allocations() -> AbstractContextManager[AllocationFailure]: ...
