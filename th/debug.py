"""Debugging aids: what th's C core holds, where it came from, and how it
behaves when memory runs out.

    >>> import th
    >>> th.debug.live()
    Live(storages=0, tensors=0, bytes=0)
    >>> with th.debug.tracking():
    ...     t = th.empty(3)
    ...     th.debug.live_objects()  # doctest: +ELLIPSIS
    [LiveObject(kind='storage', ...), LiveObject(kind='tensor', ...)]
    >>> th.debug.live()
    Live(storages=1, tensors=1, bytes=12)

Tracking mode records each storage and tensor created while it is on (what
it is, the C function that made it, the Python file:line that called it) and
quarantines freed objects, so that a double free or a use after free is an
error naming the object's creation site rather than a crash.
"""
import contextlib
import os
from typing import NamedTuple

from th import _core, _errors, _storage, _tensor


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

    sparse = 0

    def __repr__(self):
        text = super().__repr__().replace("_Counts(", "Live(")
        return text[:-1] + f", sparse={self.sparse})" if self.sparse else text


class LiveObject(NamedTuple):
    """One tracked live C object.

    >>> with th.debug.tracking():
    ...     t = th.zeros(2)
    ...     obj = th.debug.live_objects()[-1]
    ...
    >>> obj.kind, obj.shape, obj.function
    ('tensor', (2,), 'THTensor_newWithSize')
    """

    kind: str          # "tensor", "storage", "expr" (an expression node) or "sparse tensor"
    dtype: object      # a th.dtype
    shape: tuple       # a storage's is (size,)
    refcount: int
    serial: int        # creation order
    address: int
    function: str      # the C function that created it
    site: str          # "file.py:12", or "" when created from C

    def __str__(self):
        shape = ", ".join(map(str, self.shape))
        where = f" at {_short_path(self.site)}" if self.site else ""
        return (f"{self.kind} {self.dtype.name} [{shape}] (refcount {self.refcount}) "
                f"created by {self.function}{where}")


def _short_path(site):
    path, _, line = site.rpartition(":")
    try:
        rel = os.path.relpath(path)
    except ValueError:
        rel = path
    return f"{rel if not rel.startswith('..') else path}:{line}"


def live():
    """The live counts of the C core (always on, cheap).

    >>> before = th.debug.live().storages
    >>> s = th.Storage(4)
    >>> th.debug.live().storages - before
    1
    """
    counts = Live(*_core.live_counts())
    counts.sparse = _core.live_sparse()
    return counts


def live_wrappers():
    """(th.Tensor, th.Storage) Python objects alive right now.

    >>> before = th.debug.live_wrappers()
    >>> t = th.zeros(1)
    >>> th.debug.live_wrappers()[0] - before[0]
    1
    """
    return (_tensor.live_wrappers(), _storage.live_wrappers())


def set_tracking(on):
    """Turn tracking mode on or off (off frees the quarantine).

    >>> th.debug.set_tracking(True)
    >>> th.debug.is_tracking()
    True
    >>> th.debug.set_tracking(False)
    """
    _core.set_tracking(on)


def is_tracking():
    """Whether tracking mode is on (inside th.debug.tracking(), or after set_tracking(True)).

    >>> with th.debug.tracking():
    ...     print(th.debug.is_tracking())
    ...
    True
    >>> th.debug.is_tracking()
    False
    """
    return _core.is_tracking()


@contextlib.contextmanager
def tracking(on=True):
    """Tracking mode inside the block, the previous mode after it.

    >>> with th.debug.tracking():
    ...     t = th.zeros(1)
    ...     print(th.debug.live_objects()[-1].kind)
    ...
    tensor
    """
    before = _core.is_tracking()
    _core.set_tracking(on)
    try:
        yield
    finally:
        _core.set_tracking(before)


def last_serial():
    """Serial of the newest tracked object: pass it to live_objects(since=).

    >>> with th.debug.tracking():
    ...     s = th.debug.last_serial()
    ...     t = th.zeros(1)
    ...     print(len(th.debug.live_objects(since=s)))
    ...
    2
    """
    return _core.last_serial()


def live_objects(since=0):
    """Tracked live objects created after serial `since`, oldest first.

    >>> with th.debug.tracking():
    ...     t = th.ones(3)
    ...     print([o.kind for o in th.debug.live_objects()][-2:])
    ...
    ['storage', 'tensor']
    """
    return [LiveObject(*info) for info in _core.live_objects(since)]


# Counters of live objects registered from Python; C libraries register
# theirs with THDebug_registerCounter. The leak harness reads both.
_python_counters = {}


def register_counter(name, count):
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
    if not isinstance(name, str) or not name:
        raise ValueError(f"register_counter: name must be a non-empty str, got {name!r}")
    if not callable(count):
        raise TypeError(f"register_counter: count must be callable, got {count!r}")
    _python_counters[name] = count


def unregister_counter(name):
    """Removes the counter `name` (Python or C); False if there was none.

    >>> th.debug.register_counter('my.widgets', lambda: 0)
    >>> th.debug.unregister_counter('my.widgets'), th.debug.unregister_counter('my.widgets')
    (True, False)
    """
    in_python = _python_counters.pop(name, None) is not None
    return _core.unregister_counter(name) or in_python


def counters():
    """{name: live count} of every registered counter, C ones first.

    >>> 'th.sparse' in th.debug.counters()
    True
    """
    values = _core.read_counters()
    values.update((name, int(count())) for name, count in _python_counters.items())
    return values


def misuse_count():
    """Double frees and uses after free the C core has reported so far.

    >>> isinstance(th.debug.misuse_count(), int)
    True
    """
    return _core.misuse_count()


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


def is_caching():
    """Whether th keeps freed structs, objects and big data blocks for
    reuse: yes unless TH_NO_CACHE=1 was in the environment when th was
    imported (or this is an ASan build). Off, valgrind and ASan see every
    use after free.

    >>> isinstance(th.debug.is_caching(), bool)
    True
    """
    return _core.is_caching()


def cached():
    """How many freed structs, dead objects and bytes of data blocks are
    kept for reuse now.

    >>> th.debug.cached()._fields
    ('structs', 'wrappers', 'block_bytes')
    """
    return Cached(_core.cached_structs(), _tensor.cached_wrappers(),
                  _core.cached_block_bytes())


def empty_cache():
    """Gives the freed data blocks th keeps for reuse back to the system
    (cached().block_bytes becomes 0).

    >>> th.debug.empty_cache()
    >>> th.debug.cached().block_bytes
    0
    """
    _core.empty_block_cache()


def pop_misuse_reports():
    """Messages of the double frees and retains of freed objects reported
    (through sys.unraisablehook) since the last call.

    >>> th.debug.pop_misuse_reports()
    []
    """
    return _errors.pop_misuse_reports()


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

    def __init__(self, after):
        self.after = after
        self.fired = False
        self.allocations = 0


@contextlib.contextmanager
def fail_allocations(after):
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
    if after < 1:
        raise ValueError(f"fail_allocations: after must be >= 1, got {after}")
    state = AllocationFailure(after)
    _core.fail_allocation(after)
    try:
        yield state
    finally:
        left = _core.allocations_until_failure()
        _core.fail_allocation(0)
        state.fired = left == 0
        state.allocations = after - left


@contextlib.contextmanager
def count_allocations():
    """Count th's allocations inside the block (none fails): `.allocations`.

    >>> with th.debug.count_allocations() as counted:
    ...     t = th.zeros(1000)
    ...
    >>> counted.allocations >= 1
    True
    """
    huge = 1 << 62
    state = AllocationFailure(huge)
    _core.fail_allocation(huge)
    try:
        yield state
    finally:
        state.allocations = huge - _core.allocations_until_failure()
        _core.fail_allocation(0)
