"""C API corners no other test reaches: THStorage_newWithMapping's flags and
THMapAllocatorContext's getters, the TH_STORAGE_REFCOUNTED and
TH_STORAGE_FREEMEM flags, THScalarType_isValid, the typed TH<Real>Storage_data
accessors, THStorage_pins, the legacy ("dltensor") DLPack import, and a free
of a storage whose count is already zero outside tracking mode.

Functions th._testcapi does not wrap are called through ctypes on libTH.so,
the library the bindings use (live counts and the error handler are shared).
They go through ctypes.PyDLL, which keeps the GIL and checks for a pending
exception after each call: th's handler (th/_errors.pyx) turns a C error into
a pending Python exception, which PyDLL raises as is. Through ctypes.CDLL the
same error surfaces as a SystemError chained to it (see the first test).
Storages made through ctypes have no Python object: each test frees them."""
import contextlib
import ctypes
import errno
import os
import sys
import uuid

import numpy as np
import pytest

import th
from th import _testcapi as capi

from helpers import ALL_DTYPES, EVERY_DTYPE, NUMPY_DTYPES, th_shm_entries

LIBTH_PATH = os.path.join(os.path.dirname(th.__file__), "libTH.so")
lib = ctypes.PyDLL(LIBTH_PATH)
libc = ctypes.CDLL(None)

P = ctypes.c_void_p


def _declare(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype, f.argtypes = restype, list(argtypes)
    return f


THStorage_newWithMapping = _declare("THStorage_newWithMapping", P, ctypes.c_int, ctypes.c_char_p,
                                    ctypes.c_int64, ctypes.c_int)
THStorage_newWithMappingFd = _declare("THStorage_newWithMappingFd", P, ctypes.c_int,
                                      ctypes.c_char_p, ctypes.c_int, ctypes.c_int64, ctypes.c_int)
THStorage_free = _declare("THStorage_free", None, P)
THStorage_retain = _declare("THStorage_retain", None, P)
THStorage_refcount = _declare("THStorage_refcount", ctypes.c_int64, P)
THStorage_data = _declare("THStorage_data", P, P)
THStorage_size = _declare("THStorage_size", ctypes.c_int64, P)
THStorage_flags = _declare("THStorage_flags", ctypes.c_int, P)
THStorage_setFlag = _declare("THStorage_setFlag", None, P, ctypes.c_int)
THStorage_clearFlag = _declare("THStorage_clearFlag", None, P, ctypes.c_int)
THStorage_isShared = _declare("THStorage_isShared", ctypes.c_int, P)
THStorage_allocator = _declare("THStorage_allocator", P, P)
THStorage_allocatorContext = _declare("THStorage_allocatorContext", P, P)
THStorage_pins = _declare("THStorage_pins", ctypes.c_int64, P)
THTensor_storage = _declare("THTensor_storage", P, P)
THMapAllocatorContext_filename = _declare("THMapAllocatorContext_filename", ctypes.c_char_p, P)
THMapAllocatorContext_fd = _declare("THMapAllocatorContext_fd", ctypes.c_int, P)
THMapAllocatorContext_flags = _declare("THMapAllocatorContext_flags", ctypes.c_int, P)
THMapAllocatorContext_size = _declare("THMapAllocatorContext_size", ctypes.c_int64, P)
THScalarType_isValid = _declare("THScalarType_isValid", ctypes.c_int, ctypes.c_int)
THScalarType_elementSize = _declare("THScalarType_elementSize", ctypes.c_size_t, ctypes.c_int)
THScalarType_name = _declare("THScalarType_name", ctypes.c_char_p, ctypes.c_int)
ERROR_HANDLER = ctypes.CFUNCTYPE(None, P, P)
THSetErrorInfoHandler = _declare("THSetErrorInfoHandler", None, ERROR_HANDLER, P)
libc.free.restype, libc.free.argtypes = None, [P]

# include/TH/THMapAllocator.h
SHARED, SHAREDMEM, EXCLUSIVE, NOCREATE, KEEPFD, FROMFD, UNLINK = 1, 2, 4, 8, 16, 32, 64
# include/TH/THStorage.h
REFCOUNTED, RESIZABLE, FREEMEM = 1, 2, 4
TH_INT32 = th.int32.scalar_type

# TH<Real>Storage_* name part of each dtype (include/TH/THGenerateDtypes.h)
REAL_NAMES = {th.uint8: "UInt8", th.int8: "Int8", th.int16: "Int16", th.int32: "Int32",
              th.int64: "Int64", th.float16: "Float16", th.float32: "Float32",
              th.float64: "Float64", th.bool: "Bool", th.bfloat16: "BFloat16",
              th.complex64: "Complex64", th.complex128: "Complex128", th.uint16: "UInt16",
              th.uint32: "UInt32", th.uint64: "UInt64"}

# these tests report misuse on purpose: pytest turns the unraisable report
# (sys.unraisablehook) into a warning
unraisable_expected = pytest.mark.filterwarnings(
    "ignore::pytest.PytestUnraisableExceptionWarning")


def map_int32(path, size, flags):
    """THStorage_newWithMapping of int32 elements: a new reference, or the
    C error raised as its Python exception."""
    return THStorage_newWithMapping(TH_INT32, os.fsencode(path), size, flags)


def as_array(storage, dtype=np.int32):
    """numpy's view of a C storage's data (valid while the storage lives)."""
    n = THStorage_size(storage)
    return np.frombuffer((ctypes.c_char * (n * np.dtype(dtype).itemsize)).from_address(
        THStorage_data(storage)), dtype=dtype)


def context(storage):
    """(filename, fd, flags, size) of a mapped storage's THMapAllocatorContext."""
    c = THStorage_allocatorContext(storage)
    return (THMapAllocatorContext_filename(c), THMapAllocatorContext_fd(c),
            THMapAllocatorContext_flags(c), THMapAllocatorContext_size(c))


@contextlib.contextmanager
def c_errors_only():
    """On this thread, a handler that does nothing, as a pure-C caller's might:
    a failing call just returns its error value, and THGetLastError is the
    only record of the error."""
    handler = ERROR_HANDLER(lambda error, data: None)
    capi.clear_error()
    THSetErrorInfoHandler(handler, None)
    try:
        yield
    finally:
        THSetErrorInfoHandler(ERROR_HANDLER(), None)  # NULL: back to th's default handler


def capsule_name(capsule):
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype, get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
    return get_name(capsule).decode()


def storage_of(t):
    """The address of t's C storage (borrowed from t)."""
    return THTensor_storage(capi.tensor_address(t))


# ------------------------------------------------------ calling C through ctypes
def test_ctypes_cdll_sees_th_errors_only_as_a_chained_system_error(tmp_path):
    """Why this file uses PyDLL: th's handler leaves the C error as a pending
    Python exception, which CDLL does not look for (CPython then reports a
    result returned with an exception set). The error is recorded as the
    thread's last error either way."""
    cdll = ctypes.CDLL(LIBTH_PATH)
    new = cdll.THStorage_newWithMapping
    new.restype, new.argtypes = P, THStorage_newWithMapping.argtypes
    missing = os.fsencode(tmp_path / "missing.bin")
    with pytest.raises(SystemError) as info:
        new(TH_INT32, missing, 4, SHARED | NOCREATE)
    assert isinstance(info.value.__cause__, FileNotFoundError)
    kind, message, _, _ = capi.last_error()
    assert kind == "OSError" and "cannot open" in message
    with pytest.raises(FileNotFoundError, match="THStorage_newWithMapping: cannot open"):
        THStorage_newWithMapping(TH_INT32, missing, 4, SHARED | NOCREATE)


# ------------------------------------------------------ newWithMapping flags
def test_mapping_exclusive_creates_a_new_file(tmp_path):
    path = tmp_path / "new.bin"
    s = map_int32(path, 4, SHARED | EXCLUSIVE)
    try:
        assert path.exists() and os.path.getsize(path) == 16
        as_array(s)[:] = [1, 2, 3, 4]
        assert THStorage_isShared(s) == 1
    finally:
        THStorage_free(s)
    assert np.fromfile(path, dtype=np.int32).tolist() == [1, 2, 3, 4]  # written through


def test_mapping_exclusive_refuses_an_existing_file_and_leaves_it_alone(tmp_path):
    path = tmp_path / "old.bin"
    np.arange(4, dtype=np.int32).tofile(path)
    before = th.debug.live()
    with pytest.raises(FileExistsError, match="cannot open .*old.bin") as info:
        map_int32(path, 4, SHARED | EXCLUSIVE)
    assert info.value.errno == errno.EEXIST
    # a failed call removes only what it made: the existing file stays as it was
    assert np.fromfile(path, dtype=np.int32).tolist() == [0, 1, 2, 3]
    assert th.debug.live() == before


@pytest.mark.parametrize("flags", [EXCLUSIVE, EXCLUSIVE | NOCREATE, SHARED | EXCLUSIVE | NOCREATE],
                         ids=["private", "nocreate", "shared-nocreate"])
@pytest.mark.parametrize("exists", [True, False], ids=["existing", "missing"])
def test_mapping_exclusive_needs_a_mapping_that_creates(tmp_path, flags, exists):
    """EXCLUSIVE means "create it; fail if it exists": a private mapping
    (which never creates) or NOCREATE (which forbids creating) contradicts
    it, and the combination is refused before any file is touched (as
    torch's MapAllocator refuses EXCLUSIVE without shared mode)."""
    path = tmp_path / "old.bin"
    if exists:
        np.arange(4, dtype=np.int32).tofile(path)
    before = th.debug.live()
    with pytest.raises(ValueError, match=r"flags 0x[0-9a-f]+: EXCLUSIVE creates the file, so it "
                                         r"needs SHARED or SHAREDMEM and excludes NOCREATE"):
        map_int32(path, 4, flags)
    assert th.debug.live() == before
    assert os.listdir(tmp_path) == (["old.bin"] if exists else [])
    if exists:
        assert np.fromfile(path, dtype=np.int32).tolist() == [0, 1, 2, 3]


def test_mapping_nocreate_requires_an_existing_long_enough_file(tmp_path):
    missing = tmp_path / "missing.bin"
    with pytest.raises(FileNotFoundError) as info:
        map_int32(missing, 4, SHARED | NOCREATE)
    assert info.value.errno == errno.ENOENT and not missing.exists()  # not created
    short = tmp_path / "short.bin"
    short.write_bytes(b"\0" * 8)
    with pytest.raises(ValueError, match="has 8 bytes but 16 are needed"):
        map_int32(short, 4, SHARED | NOCREATE)  # shared, yet not grown
    assert os.path.getsize(short) == 8
    s = map_int32(short, 2, SHARED | NOCREATE)  # exists and is long enough
    try:
        as_array(s)[:] = [5, 6]
    finally:
        THStorage_free(s)
    assert np.fromfile(short, dtype=np.int32).tolist() == [5, 6]


def test_mapping_unlink_removes_the_name_but_keeps_the_data(tmp_path):
    path = tmp_path / "gone.bin"
    np.arange(10, 16, dtype=np.int32).tofile(path)
    s = map_int32(path, 0, SHARED | UNLINK)
    try:
        assert not path.exists() and os.listdir(tmp_path) == []
        data = as_array(s)
        assert data.tolist() == list(range(10, 16))  # the mapping outlives the name
        data[0] = -1
        assert as_array(s).tolist() == [-1, 11, 12, 13, 14, 15]
    finally:
        THStorage_free(s)


def test_mapping_sharedmem_by_name_is_shared_between_storages():
    """Two storages over one POSIX shared memory object, opened by name: each
    sees the other's writes. The second mapping removes the name (UNLINK),
    and the memory lives on in both mappings."""
    name = f"/th_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    entry = "/dev/shm" + name
    first = second = None
    try:
        first = map_int32(name, 4, SHAREDMEM)
        assert os.path.exists(entry) and os.path.getsize(entry) == 16
        assert THStorage_isShared(first) == 1
        second = map_int32(name, 4, SHAREDMEM | NOCREATE | UNLINK)
        assert not os.path.exists(entry)
        a, b = as_array(first), as_array(second)
        assert THStorage_data(first) != THStorage_data(second)  # two mappings...
        a[:] = [1, 2, 3, 4]
        assert b.tolist() == [1, 2, 3, 4]  # ...of the same memory
        b[3] = 40
        assert a.tolist() == [1, 2, 3, 40]
        assert context(first)[0] == context(second)[0] == name.encode()
    finally:
        THStorage_free(first)  # NULL-safe
        THStorage_free(second)
        if os.path.exists(entry):  # only if the test failed before UNLINK
            os.unlink(entry)
    assert th_shm_entries() == []


def test_mapping_keepfd_keeps_a_descriptor_to_the_file(tmp_path):
    path = tmp_path / "data.bin"
    np.arange(4, dtype=np.int32).tofile(path)
    plain = map_int32(path, 0, SHARED)
    try:
        assert context(plain)[1] == -1  # closed right after mapping
    finally:
        THStorage_free(plain)
    kept = map_int32(path, 0, SHARED | KEEPFD | UNLINK)
    fd = context(kept)[1]
    try:
        assert fd >= 0 and not path.exists()
        # the descriptor still reaches the (now nameless) file: pass it on,
        # as KEEPFD is for, and a new mapping sees the same data
        dup = os.dup(fd)
        again = THStorage_newWithMappingFd(TH_INT32, None, dup, 0, SHARED)  # takes dup
        try:
            as_array(kept)[2] = 99
            assert as_array(again).tolist() == [0, 1, 99, 3]
            assert context(again)[0] == b""  # no name for a bare descriptor
            assert context(again)[2] == SHARED | FROMFD
        finally:
            THStorage_free(again)
        assert os.fstat(fd).st_size == 16
    finally:
        THStorage_free(kept)
    with pytest.raises(OSError) as info:
        os.fstat(fd)  # the storage closed its kept descriptor when it died
    assert info.value.errno == errno.EBADF


@pytest.mark.parametrize("flags", [FROMFD, SHARED | FROMFD, 128, 1 << 30, -1],
                         ids=["fromfd", "shared-fromfd", "0x80", "bit30", "all-bits"])
def test_mapping_refuses_unknown_flags_and_fromfd(tmp_path, flags):
    path = tmp_path / "data.bin"
    before = th.debug.live()
    with pytest.raises(ValueError, match="unknown or unsupported mapping flags"):
        map_int32(path, 4, SHARED | flags if flags > 0 else flags)
    assert not path.exists()  # refused before anything was opened or created
    assert capi.last_error()[0] == "ValueError"
    assert th.debug.live() == before


@pytest.mark.parametrize("size", [0, 3])
def test_map_allocator_context_reports_filename_flags_and_size(tmp_path, size):
    path = tmp_path / "data.bin"
    np.arange(5, dtype=np.int32).tofile(path)
    s = map_int32(path, size, 0)  # private: a copy-on-write view of the file
    try:
        filename, fd, flags, nbytes = context(s)
        assert filename == os.fsencode(path) and fd == -1 and flags == 0
        assert nbytes == (size or 5) * 4  # size 0: the whole file
        assert THStorage_size(s) == (size or 5) and THStorage_isShared(s) == 0
        assert THStorage_allocator(s) == ctypes.addressof(
            ctypes.c_char.in_dll(lib, "THMapAllocator"))
        # not resizable (THStorage.h), otherwise a storage's usual flags
        assert THStorage_flags(s) == REFCOUNTED | FREEMEM
        as_array(s)[0] = 42  # private: the file keeps its data
    finally:
        THStorage_free(s)
    assert np.fromfile(path, dtype=np.int32).tolist() == [0, 1, 2, 3, 4]


# ------------------------------------------------------ storage flags
def test_new_storage_has_all_three_flags():
    s = th.Storage(2)
    assert capi.storage_flags(s) == REFCOUNTED | RESIZABLE | FREEMEM
    assert (capi.STORAGE_REFCOUNTED, capi.STORAGE_RESIZABLE, capi.STORAGE_FREEMEM) == (
        REFCOUNTED, RESIZABLE, FREEMEM)


def test_refcounted_flag_cleared_makes_retain_and_free_no_ops():
    """THStorage.h: TH_STORAGE_REFCOUNTED "retain/free count; cleared: they
    do nothing", not even the last free."""
    base = th.debug.live()
    s = th.Storage([1.0, 2.0])
    capi.storage_clear_flag(s, REFCOUNTED)
    capi.storage_retain(s)
    assert s.refcount == 1
    capi.storage_free(s)  # would destroy it if counted
    assert s.refcount == 1 and th.debug.live().storages == base.storages + 1
    assert s.tolist() == [1.0, 2.0]  # still alive and intact
    capi.storage_set_flag(s, REFCOUNTED)  # counted again: retain/free work
    capi.storage_retain(s)
    assert s.refcount == 2
    capi.storage_free(s)
    assert s.refcount == 1
    del s  # the Python object's free destroys it now
    assert th.debug.live() == base


def test_freemem_flag_cleared_leaves_the_data_to_its_owner():
    """THStorage.h: TH_STORAGE_FREEMEM "give the data back to the allocator at
    the end". Without it the storage dies and its data is left alone."""
    mallocs, frees = capi.counting_allocator_calls()
    owned = capi.storage_adopting_data(th.int32, 4)  # memory from plain malloc
    assert capi.counting_allocator_calls() == (mallocs + 1, frees)
    capi.storage_clear_flag(owned, FREEMEM)
    owned.fill_(7)
    data = owned.data_ptr()
    base = th.debug.live()
    del owned
    assert capi.counting_allocator_calls() == (mallocs + 1, frees)  # not given back
    assert th.debug.live() == (base.storages - 1, base.tensors, base.bytes - 16)
    try:  # the memory is still valid, and still holds what the storage wrote
        assert np.frombuffer((ctypes.c_char * 16).from_address(data), np.int32).tolist() == [7] * 4
    finally:
        libc.free(data)  # ours to free now
    freed = capi.storage_adopting_data(th.int32, 4)  # control: with the flag
    del freed
    assert capi.counting_allocator_calls() == (mallocs + 2, frees + 1)


# ------------------------------------------------------ dtypes and typed access
def test_scalar_type_is_valid():
    for dtype in ALL_DTYPES:
        t = dtype.scalar_type
        assert THScalarType_isValid(t) == 1
        assert THScalarType_name(t).decode() == dtype.name
        assert THScalarType_elementSize(t) == np.dtype(NUMPY_DTYPES[dtype]).itemsize
    assert THScalarType_elementSize(th.bfloat16.scalar_type) == 2
    assert sorted(d.scalar_type for d in EVERY_DTYPE) == list(range(15))  # TH_NUM_SCALAR_TYPES
    for bad in [-1, 15, 16, 255, 2**31 - 1, -2**31]:
        assert THScalarType_isValid(bad) == 0, bad
        assert THScalarType_elementSize(bad) == 0 and THScalarType_name(bad) == b"invalid"


@pytest.mark.parametrize("dtype", EVERY_DTYPE)
def test_typed_storage_data_checks_the_dtype(dtype):
    s = th.Storage(3, dtype=dtype)
    address = capi.storage_address(s)
    for other, real in REAL_NAMES.items():
        typed_data = _declare(f"TH{real}Storage_data", P, P)
        if other is dtype:
            assert typed_data(address) == s.data_ptr() == THStorage_data(address) != 0
            continue
        message = (f"TH{real}Storage_data: storage has dtype {dtype.name}, not {other.name}")
        with pytest.raises(TypeError, match=message):
            typed_data(address)
        with c_errors_only():  # the C contract itself: NULL, and a TypeError recorded
            assert typed_data(address) is None
            assert capi.last_error()[:2] == ("TypeError", message)


def test_typed_storage_data_of_an_empty_storage_is_null_without_error():
    s = th.Storage(0, dtype=th.float64)
    with c_errors_only():
        assert _declare("THFloat64Storage_data", P, P)(capi.storage_address(s)) is None
        assert capi.last_error()[0] == "NoError"  # empty is not an error


# ------------------------------------------------------ pins
def test_pins_count_buffer_exports():
    t = th.arange(6, dtype=th.float32)
    s = t.storage()
    address = capi.storage_address(s)
    assert THStorage_pins(address) == 0 and s.refcount == 2  # t and s
    with memoryview(s) as m:
        assert THStorage_pins(address) == 1 and s.refcount == 3  # a pin is a reference too
        with memoryview(t) as n:  # a tensor's export pins its storage
            assert THStorage_pins(address) == 2 and s.refcount == 4
            assert m.tolist() == n.tolist() == np.arange(6, dtype=np.float32).tolist()
        assert THStorage_pins(address) == 1
    assert THStorage_pins(address) == 0 and s.refcount == 2
    a = np.asarray(t)
    capsule = t.__dlpack__()
    assert THStorage_pins(address) == 2
    del a, capsule  # an unconsumed capsule unpins when it dies
    assert THStorage_pins(address) == 0 and s.refcount == 2
    t.share_memory_()  # nothing pins it any more: the data may move


# ------------------------------------------------------ legacy DLPack
class LegacyProducer:
    """A producer from before DLPack 1.0: __dlpack__ has no max_version (so
    calling it with one is a TypeError) and returns a "dltensor" capsule."""

    def __init__(self, source):
        self.source = source
        self.capsules = []

    def __dlpack__(self, stream=None):
        capsule = self.source.__dlpack__()  # numpy and th: legacy without max_version
        self.capsules.append(capsule)
        return capsule

    def __dlpack_device__(self):
        return self.source.__dlpack_device__()


def test_from_dlpack_legacy_producer_shares_numpy_memory():
    base = np.arange(24, dtype=np.int64).reshape(4, 6)
    a = base[1:, ::2]  # strided, with an offset
    with pytest.raises(TypeError):
        LegacyProducer(a).__dlpack__(max_version=(1, 1))
    producer = LegacyProducer(a)
    refs = sys.getrefcount(a)
    t = th.from_dlpack(producer)
    assert sys.getrefcount(a) == refs + 1  # the import holds numpy's export of a
    (capsule,) = producer.capsules  # retried without max_version: one capsule
    assert capsule_name(capsule) == "used_dltensor"  # consumed: renamed, as DLPack says
    assert t.dtype is th.int64 and t.shape == a.shape
    assert tuple(s * 8 for s in t.stride()) == a.strides
    assert t.data_ptr() == a.__array_interface__["data"][0]
    assert t.tolist() == a.tolist()
    t[0, 1] = -5  # write through, both ways
    assert base[1, 2] == -5
    a[2, 0] = -7
    assert t[2, 0].item() == -7
    with pytest.raises(ValueError, match="already consumed"):
        th.from_dlpack(capsule)  # a consumed capsule cannot be taken twice
    del t
    assert sys.getrefcount(a) == refs  # numpy's deleter ran exactly once


def test_from_dlpack_legacy_producer_over_a_th_tensor():
    t = th.arange(12, dtype=th.float32).view(3, 4).t()
    s = t.storage()
    address = capi.storage_address(s)
    producer = LegacyProducer(t)
    u = th.from_dlpack(producer)
    (capsule,) = producer.capsules
    assert "dltensor" in repr(capsule) and capsule_name(capsule) == "used_dltensor"
    assert u.data_ptr() == t.data_ptr() and u.stride() == t.stride() and u.shape == t.shape
    expected = np.arange(12, dtype=np.float32).reshape(3, 4).T
    assert u.tolist() == expected.tolist()
    assert THStorage_pins(address) == 1  # the export, held by u's storage
    u[0, 2] = 100.0
    assert t[0, 2].item() == 100.0
    with pytest.raises(ValueError, match="already consumed"):
        th.from_dlpack(capsule)
    assert THStorage_pins(address) == 1  # the refused import released nothing
    del u  # u's storage dies and calls th's deleter: the pin goes
    assert THStorage_pins(address) == 0 and s.refcount == 2
    del producer, capsule
    assert s.refcount == 2


# ------------------------------------------------------ misuse outside tracking
@unraisable_expected
def test_free_of_a_zero_count_storage_is_reported_outside_tracking():
    """THStorage.h: "free of a storage whose count is already zero is
    reported (RuntimeError, unraisable) when it can be seen". Outside
    tracking mode an ordinary storage whose count reached zero is freed at
    once, so a second free would be a use after free. The one storage with
    count zero whose memory stays valid is the static empty storage a
    quarantined tensor points to (THTensor.c: not refcounted, count 0); with
    its REFCOUNTED flag set for a moment, free and retain take the checked
    path with tracking off."""
    with th.debug.tracking():
        t = th.empty(1)
        capi.tensor_free(t)  # t's own reference: its C tensor is quarantined
        dead = storage_of(t)  # static memory in libTH.so, valid for good
        del t  # the object's second free: reported (tracking mode)
        assert len(th.debug.pop_misuse_reports()) == 1
    assert not th.debug.is_tracking()
    assert (THStorage_refcount(dead), THStorage_size(dead), THStorage_flags(dead)) == (0, 0, 0)
    THStorage_free(dead)  # not refcounted: nothing happens, nothing reported
    THStorage_retain(dead)
    assert th.debug.pop_misuse_reports() == [] and THStorage_refcount(dead) == 0
    misuse = th.debug.misuse_count()
    THStorage_setFlag(dead, REFCOUNTED)
    try:
        THStorage_free(dead)
        THStorage_retain(dead)
    finally:
        THStorage_clearFlag(dead, REFCOUNTED)  # as it was
    assert THStorage_refcount(dead) == 0  # neither call changed the count
    assert th.debug.misuse_count() == misuse + 2
    reports = th.debug.pop_misuse_reports()
    assert reports == [f"THStorage_{fn}: storage {dead:#x} (float32) was already freed"
                       for fn in ("free", "retain")]
    assert capi.last_error()[:2] == ("RuntimeError", reports[1])


# ------------------------------------ THTensorSort.h, THTensorScan.h by C call
I, B = ctypes.c_int, ctypes.c_int64
SORT_CALLS = {
    "THTensor_sort": (P, P, P, I, I, I),
    "THTensor_topk": (P, P, P, B, I, I, I),
    "THTensor_kthvalue": (P, P, P, B, I, I),
    "THTensor_median": (P, P, P, I, I),
    "THTensor_nanmedian": (P, P, P, I, I),
    "THTensor_mode": (P, P, P, I, I),
    "THTensor_cummax": (P, P, P, I),
    "THTensor_cummin": (P, P, P, I),
    "THTensor_cumsum": (P, P, I),
    "THTensor_cumprod": (P, P, I),
    "THTensor_logcumsumexp": (P, P, I),
}
SEARCH_CALLS = {
    "THTensor_searchsorted": (P, P, P, I, P),
    "THTensor_bucketize": (P, P, P, I),
    "THTensor_bincount": (P, P, P, B),
    "THTensor_histc": (P, P, B, ctypes.c_double, ctypes.c_double),
}
SORT_FN = {name: _declare(name, ctypes.c_int, *args) for name, args in SORT_CALLS.items()}


def sort_args(name, values, indices, input):
    """A valid argument list for name: the results, input, then k = 1 where
    there is one, dim 0 and zeros."""
    pairs = SORT_CALLS[name][1] is P and len(SORT_CALLS[name]) > 3 and SORT_CALLS[name][2] is P
    head = [values, indices, input] if pairs else [values, input]
    rest = list(SORT_CALLS[name][len(head):])
    return head + [1 if name in ("THTensor_topk", "THTensor_kthvalue") and k == 0 else 0
                   for k, _ in enumerate(rest)]


@pytest.mark.parametrize("name", list(SORT_CALLS))
def test_sort_and_scan_functions_by_c_call(name):
    """Each function through its C signature: the results written (resized
    from empty), and NULL arguments and values-is-indices refused with
    ValueError, writing nothing."""
    t = th.tensor([[3.0, 1.0], [2.0, 5.0]])
    values, indices = th.empty(0), th.empty(0, dtype=th.int64)
    addr = [capi.tensor_address(x) for x in (values, indices, t)]
    args = sort_args(name, *addr)
    assert SORT_FN[name](*args) == 0
    assert values.numel() > 0
    for k in range(3 if args[2] == addr[2] else 2):
        bad = list(args)
        bad[k] = None
        with pytest.raises(ValueError, match="is NULL"):
            SORT_FN[name](*bad)
    if args[2] == addr[2]:  # a (values, indices) pair
        with pytest.raises(ValueError, match="two different tensors"):
            SORT_FN[name](*([addr[0], addr[0]] + args[2:]))
    assert t.tolist() == [[3.0, 1.0], [2.0, 5.0]]


def test_sort_keeps_th_signature_flags():
    """TH's sort(values, indices, t, dim, descendingOrder) and topk(..., dir,
    sorted) map onto these: stable and sorted are accepted and change
    nothing (the sort is stable, topk's result in order)."""
    t = th.tensor([2.0, 1.0, 2.0, 0.0])
    v, i = th.empty(0), th.empty(0, dtype=th.int64)
    a = [capi.tensor_address(x) for x in (v, i, t)]
    for stable in (0, 1):
        assert SORT_FN["THTensor_sort"](*a, 0, 1, stable) == 0
        assert i.tolist() == [0, 2, 1, 3]
    for sorted_ in (0, 1):
        assert SORT_FN["THTensor_topk"](*a, 3, 0, 0, sorted_) == 0
        assert v.tolist() == [0.0, 1.0, 2.0] and i.tolist() == [3, 1, 0]


@pytest.mark.parametrize("name", list(SEARCH_CALLS))
def test_search_functions_by_c_call(name):
    """THTensorSearch.h through its C signatures: a result written, NULL
    tensors refused (ValueError) and the result left as it was."""
    f = _declare(name, ctypes.c_int, *SEARCH_CALLS[name])
    t = th.tensor([1.0, 3.0, 5.0])
    counts, wide = th.tensor([0, 2, 2]), t.to(th.float64)
    result = th.empty(0, dtype=th.float64 if name == "THTensor_histc" else th.int64)
    a = capi.tensor_address
    args = {"THTensor_searchsorted": [a(result), a(t), a(t), 0, None],
            "THTensor_bucketize": [a(result), a(t), a(t), 1],
            "THTensor_bincount": [a(result), a(counts), None, 4],
            "THTensor_histc": [a(result), a(wide), 2, 0.0, 0.0]}[name]
    assert f(*args) == 0
    expected = {"THTensor_searchsorted": [0, 1, 2], "THTensor_bucketize": [1, 2, 3],
                "THTensor_bincount": [1, 0, 2, 0], "THTensor_histc": [1.0, 2.0]}[name]
    assert result.tolist() == expected
    for k in (0, 1, 2) if name != "THTensor_histc" else (0, 1):
        bad = list(args)
        bad[k] = None
        if bad == args:
            continue
        with pytest.raises(ValueError, match="is NULL"):
            f(*bad)
    assert result.tolist() == expected
