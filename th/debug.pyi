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
    """Live C objects: storages, tensors and bytes of storage data (the
    tuple), and ``.sparse``, the sparse tensors (shown once there are any;
    the leak harness reads them through their counter "th.sparse").

    >>> before = th.debug.live()
    >>> t = th.zeros(2, 2)
    >>> th.debug.live().tensors - before.tensors, th.debug.live().bytes - before.bytes
    (1, 16)
    """

    sparse: int

class Cached(NamedTuple):
    """What th keeps for reuse: freed C structs (this thread's), dead
    th.Tensor objects, and bytes of freed data blocks of 4 MiB or more (the
    process's: a big temporary allocated again reuses one, its pages
    already mapped; empty_cache() gives them back).

    >>> isinstance(th.debug.cached(), th.debug.Cached)
    True
    """

    structs: int
    wrappers: int
    block_bytes: int

class LiveObject(NamedTuple):
    """One tracked live C object.

    >>> with th.debug.tracking():
    ...     t = th.zeros(2)
    ...     obj = th.debug.live_objects()[-1]
    ...
    >>> obj.kind, obj.shape, obj.function
    ('tensor', (2,), 'THTensor_newWithSize')
    """

    kind: str
    dtype: _dtype
    shape: tuple[int, ...]
    refcount: int
    serial: int
    address: int
    function: str
    site: str

class AllocationFailure:
    """What fail_allocations() saw: whether the armed failure happened, and
    how many allocations were made in the block (the failed one included).

    >>> with th.debug.fail_allocations(1) as failure:
    ...     try:
    ...         th.empty(4)
    ...     except MemoryError:
    ...         print('refused')
    ...
    refused
    >>> failure.fired
    True
    """

    after: int
    fired: bool
    allocations: int
    def __init__(self, after: int) -> None: ...

def live() -> Live:
    """The live counts of the C core (always on, cheap).

    >>> before = th.debug.live().storages
    >>> s = th.Storage(4)
    >>> th.debug.live().storages - before
    1
    """
def live_wrappers() -> tuple[int, int]:
    """(th.Tensor, th.Storage) Python objects alive right now.

    >>> before = th.debug.live_wrappers()
    >>> t = th.zeros(1)
    >>> th.debug.live_wrappers()[0] - before[0]
    1
    """
def set_tracking(on: bool) -> None:
    """Turn tracking mode on or off (off frees the quarantine).

    >>> th.debug.set_tracking(True)
    >>> th.debug.is_tracking()
    True
    >>> th.debug.set_tracking(False)
    """
def register_counter(name: str, count: Callable[[], int]) -> None:
    """Registers `count`, a callable returning how many of some objects are
    alive, under `name`: the leak harness then fails a test after which that
    number grew. Registering a name again replaces its callable. For C
    objects, register a C function with THDebug_registerCounter instead.

    >>> th.debug.register_counter('my.widgets', lambda: 3)
    >>> th.debug.counters()['my.widgets']
    3
    >>> th.debug.unregister_counter('my.widgets')
    True
    """
def unregister_counter(name: str) -> bool:
    """Removes the counter `name` (Python or C); False if there was none.

    >>> th.debug.register_counter('my.widgets', lambda: 0)
    >>> th.debug.unregister_counter('my.widgets'), th.debug.unregister_counter('my.widgets')
    (True, False)
    """
def counters() -> dict[str, int]:
    """{name: live count} of every registered counter, C ones first.

    >>> 'th.sparse' in th.debug.counters()
    True
    """
def is_caching() -> bool:
    """Whether th keeps freed structs, objects and big data blocks for
    reuse: yes unless TH_NO_CACHE=1 was in the environment when th was
    imported (or this is an ASan build). Off, valgrind and ASan see every
    use after free.

    >>> isinstance(th.debug.is_caching(), bool)
    True
    """
def cached() -> Cached:
    """How many freed structs, dead objects and bytes of data blocks are
    kept for reuse now.

    >>> th.debug.cached()._fields
    ('structs', 'wrappers', 'block_bytes')
    """
def empty_cache() -> None:
    """Gives the freed data blocks th keeps for reuse back to the system
    (cached().block_bytes becomes 0).

    >>> th.debug.empty_cache()
    >>> th.debug.cached().block_bytes
    0
    """
def is_tracking() -> bool:
    """Whether tracking mode is on (inside th.debug.tracking(), or after set_tracking(True)).

    >>> with th.debug.tracking():
    ...     print(th.debug.is_tracking())
    ...
    True
    >>> th.debug.is_tracking()
    False
    """
def tracking(on: bool = True) -> AbstractContextManager[None]:
    """Tracking mode inside the block, the previous mode after it.

    >>> with th.debug.tracking():
    ...     t = th.zeros(1)
    ...     print(th.debug.live_objects()[-1].kind)
    ...
    tensor
    """
def last_serial() -> int:
    """Serial of the newest tracked object: pass it to live_objects(since=).

    >>> with th.debug.tracking():
    ...     s = th.debug.last_serial()
    ...     t = th.zeros(1)
    ...     print(len(th.debug.live_objects(since=s)))
    ...
    2
    """
def live_objects(since: int = 0) -> list[LiveObject]:
    """Tracked live objects created after serial `since`, oldest first.

    >>> with th.debug.tracking():
    ...     t = th.ones(3)
    ...     print([o.kind for o in th.debug.live_objects()][-2:])
    ...
    ['storage', 'tensor']
    """
def misuse_count() -> int:
    """Double frees and uses after free the C core has reported so far.

    >>> isinstance(th.debug.misuse_count(), int)
    True
    """
def pop_misuse_reports() -> list[str]:
    """Messages of the double frees and retains of freed objects reported
    (through sys.unraisablehook) since the last call.

    >>> th.debug.pop_misuse_reports()
    []
    """
def fail_allocations(after: int) -> AbstractContextManager[AllocationFailure]:
    """Make the `after`-th allocation th makes from now fail (1: the next
    one), inside the block; the failing call raises MemoryError. Counts th's
    own allocations (structs, dims, default-allocator data), not Python's.

    >>> with th.debug.fail_allocations(1) as failure:
    ...     try:
    ...         th.empty(4)
    ...     except MemoryError as e:
    ...         print(type(e).__name__)
    ...
    MemoryError
    """
def count_allocations() -> AbstractContextManager[AllocationFailure]:
    """Count th's allocations inside the block (none fails): `.allocations`.

    >>> with th.debug.count_allocations() as counted:
    ...     t = th.zeros(1000)
    ...
    >>> counted.allocations >= 1
    True
    """
