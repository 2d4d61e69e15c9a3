# Types of th._core (compiled): the C core's process-wide state.
from th._dtype import dtype

# a tracked object: (kind, dtype, shape, refcount, serial, address, function, site)
_ObjectInfo = tuple[str, dtype, tuple[int, ...], int, int, int, str, str]

def live_counts() -> tuple[int, int, int]:
    """(storages, tensors, bytes) alive in the C core right now."""
def live_sparse() -> int:
    """Sparse tensors alive in the C core right now."""
def get_num_threads() -> int:
    """Threads a long copy is split across (TH_NUM_THREADS, else the CPUs, at most 8).

    >>> th.get_num_threads() >= 1
    True
    """
def set_num_threads(n: int) -> None:
    """Use n threads for long copies from now on (n < 1: back to the default).

    >>> n = th.get_num_threads()
    >>> th.set_num_threads(1)
    >>> th.get_num_threads()
    1
    >>> th.set_num_threads(n)
    """
def set_tracking(on: bool) -> None: ...
def is_tracking() -> bool: ...
def last_serial() -> int: ...
def live_objects(since: int = 0) -> list[_ObjectInfo]:
    """Tracked live objects created after serial `since`, oldest first, as
    tuples (kind, dtype, shape, refcount, serial, address, function, site).
    """
def misuse_count() -> int: ...
def fail_allocation(n: int) -> None:
    """The n-th allocation from now fails (n <= 0: disarm)."""
def allocations_until_failure() -> int: ...
def is_caching() -> bool: ...
def cached_structs() -> int: ...
def cached_block_bytes() -> int: ...
def empty_block_cache() -> None: ...
def unregister_counter(name: str) -> bool: ...
def read_counters() -> dict[str, int]:
    """{name: live count} of the C counters, in registration order."""
