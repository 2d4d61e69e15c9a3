"""Zero-copy exchange with numpy (from_numpy, asarray, numpy(), __array__)
and DLPack (numpy, torch when installed): memory shared, owners kept alive
exactly as long as needed, and released exactly once whichever side dies
first."""
import ctypes
import gc
import sys

import numpy as np
import pytest

import th

from helpers import ALL_DTYPES, NUMPY_DTYPES


def address(a):
    return a.__array_interface__["data"][0]


# ------------------------------------------------------------- from_numpy
@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_from_numpy_shares_memory_for_every_dtype(dtype):
    a = np.zeros((3, 4), dtype=NUMPY_DTYPES[dtype])
    t = th.from_numpy(a)
    assert t.dtype is dtype and t.shape == (3, 4) and t.stride() == (4, 1)
    assert t.data_ptr() == address(a)
    t[1, 2] = 1
    assert a[1, 2] == 1
    a[2, 3] = 1
    assert t[2, 3].item() == 1


def test_from_numpy_keeps_the_array_alive_in_either_order():
    a = np.arange(6.0)
    base = sys.getrefcount(a)
    t = th.from_numpy(a)
    assert sys.getrefcount(a) == base + 1  # the storage's export holds it
    del t
    assert sys.getrefcount(a) == base
    t = th.from_numpy(a)
    view = t[2:]
    del a  # the array dies first: the tensors keep its memory
    gc.collect()
    assert view.tolist() == [2.0, 3.0, 4.0, 5.0]
    del t
    assert view.tolist() == [2.0, 3.0, 4.0, 5.0]


def test_from_numpy_strided_views_and_offsets():
    a = np.arange(24, dtype=np.int64).reshape(4, 6)
    for view in (a[1:, ::2], a.T, a[:, 3], a[2:3, 1:5], a[..., None]):
        t = th.from_numpy(view)
        assert t.shape == view.shape
        assert [st for n, st in zip(t.shape, t.stride()) if n > 1] == [
            st // 8 for n, st in zip(view.shape, view.strides) if n > 1]  # size-1: any stride
        assert t.tolist() == view.tolist() and t.data_ptr() == address(view)


def test_from_numpy_refuses_what_it_cannot_view():
    with pytest.raises(ValueError, match="negative strides"):
        th.from_numpy(np.arange(5.0)[::-1])
    ro = np.arange(3.0)
    ro.flags.writeable = False
    shared = th.from_numpy(ro)  # read-only memory: shared, flagged (tests/interop/test_readonly.py)
    assert shared.is_readonly() and shared.data_ptr() == address(ro)
    with pytest.raises(TypeError, match="format 'g'.*no th dtype"):
        th.from_numpy(np.zeros(3, np.longdouble))
    with pytest.raises(ValueError, match="byte-swapped"):  # th.asarray copies it
        th.from_numpy(np.zeros(3, ">f4"))
    with pytest.raises(TypeError, match="expected a numpy.ndarray"):
        th.from_numpy([1, 2])
    unaligned = np.frombuffer(bytearray(17), dtype=np.uint8)[1:].view(np.float64)
    unaligned = unaligned.copy() if unaligned.flags.aligned else unaligned
    if not unaligned.flags.aligned:
        with pytest.raises(ValueError, match="not aligned"):
            th.from_numpy(unaligned)


def test_from_numpy_storage_is_not_resizable():
    t = th.from_numpy(np.arange(4.0))
    with pytest.raises(RuntimeError, match="not resizable"):
        t.storage().resize_(10)


def test_empty_and_scalar_arrays():
    e = th.from_numpy(np.zeros((0, 3)))
    assert e.shape == (0, 3) and e.numel() == 0
    s = th.from_numpy(np.array(2.5))
    assert s.shape == () and s.item() == 2.5


# ------------------------------------------------------------- asarray
def test_asarray_shares_when_it_can_and_copies_when_it_must():
    a = np.arange(6.0)
    t = th.asarray(a)
    assert t.data_ptr() == address(a)
    r = th.asarray(a[::-1])  # negative strides: a copy
    assert r.tolist() == [5.0, 4.0, 3.0, 2.0, 1.0, 0.0] and r.is_contiguous()
    with pytest.raises(ValueError, match="negative strides"):
        th.asarray(a[::-1], copy=False)
    c = th.asarray(a, copy=True)
    assert c.tolist() == a.tolist() and c.data_ptr() != address(a)
    f = th.asarray(a, dtype=th.float32)
    assert f.dtype is th.float32 and f.tolist() == a.tolist()
    with pytest.raises(ValueError, match="needs a copy"):
        th.asarray(a, dtype=th.float32, copy=False)
    assert th.asarray(t) is t
    assert th.asarray([[1, 2], [3, 4]]).tolist() == [[1, 2], [3, 4]]
    with pytest.raises(ValueError, match="no memory to share"):
        th.asarray([1, 2], copy=False)
    buf = bytearray(b"\x01\x02\x03")
    b = th.asarray(buf)
    b[0] = 9
    assert buf[0] == 9  # any writable buffer is shared
    ro = np.arange(3.0)
    ro.flags.writeable = False
    shared = th.asarray(ro)  # read-only: shared, flagged read-only
    assert shared.tolist() == [0.0, 1.0, 2.0] and shared.data_ptr() == address(ro)
    assert shared.is_readonly()


# ------------------------------------------------------------- numpy()
def test_numpy_shares_and_keeps_the_storage_alive():
    t = th.arange(6, dtype=th.float32).view(2, 3)
    s = t.storage()
    n = t.numpy()
    assert n.dtype == np.float32 and address(n) == t.data_ptr()
    assert s.refcount == 3  # t, s, and the export behind n
    n[1, 1] = 40
    assert t[1, 1].item() == 40
    del t  # the tensor dies first: the array keeps the storage
    assert n.tolist() == [[0, 1, 2], [3, 40, 5]]
    del n
    assert s.refcount == 1


def test_numpy_functions_accept_tensors():
    t = th.arange(6, dtype=th.float64).view(2, 3)
    assert float(np.sum(t)) == 15.0  # th's own sum, through numpy's method protocol
    assert np.array(t).tolist() == t.tolist()  # np.array copies
    assert address(np.asarray(t)) == t.data_ptr()
    a = t.__array__(dtype=np.float32)
    assert a.dtype == np.float32 and a.tolist() == t.tolist()
    assert address(t.__array__(copy=True)) != t.data_ptr()
    with pytest.raises(ValueError, match="needs a copy"):
        t.__array__(dtype=np.float32, copy=False)


# ------------------------------------------- numpy's operators and ufuncs
# (lib, tensor_factory) -> result: torch gives a tensor for each of these
NUMPY_OPERAND_CASES = {
    "f64 scalar * t": lambda m: np.float64(0.1) * m.ones(2),
    "t * f64 scalar": lambda m: m.ones(2) * np.float64(0.1),
    "f32 scalar * t": lambda m: np.float32(0.1) * m.ones(2),
    "i64 scalar * int32 t": lambda m: np.int64(3) * m.ones(2, dtype=m.int32),
    "f64 scalar * int32 t": lambda m: np.float64(3.5) * m.ones(2, dtype=m.int32),
    "f64 scalar - t": lambda m: np.float64(1) - m.arange(2, dtype=m.float32),
    "f64 scalar / t": lambda m: np.float64(1) / m.arange(1, 3, dtype=m.float32),
    "f64 scalar < t": lambda m: np.float64(1) < m.arange(3, dtype=m.float32),
    "f64 scalar == t": lambda m: np.float64(1) == m.arange(3, dtype=m.float32),
    "t * array": lambda m: m.ones(2) * np.arange(2.0),
    "t + array": lambda m: m.ones(2) + np.arange(2.0),
    "t - array": lambda m: m.ones(2) - np.arange(2.0),
    "t // array": lambda m: m.ones(2) // np.arange(1.0, 3.0),
    "t ** array": lambda m: m.full((2,), 2.0) ** np.arange(2.0),
    "t @ array": lambda m: m.ones(2) @ np.arange(2.0),
    "2-d t @ array": lambda m: m.ones(3, 2) @ np.arange(2.0),
    "array == t": lambda m: np.ones(2) == m.ones(2),
    "int64 t * float32 array": lambda m: m.ones(2, dtype=m.int64) * np.ones(2, np.float32),
    "int32 t * int64 array": lambda m: m.ones(2, dtype=m.int32) * np.ones(2, np.int64),
    "uint8 t * int8 array": lambda m: m.ones(2, dtype=m.uint8) * np.ones(2, np.int8),
    "int64 t / int64 array": lambda m: m.arange(2, dtype=m.int64) / np.full(2, 2),
    "t * 0-dim array": lambda m: m.ones(2) * np.array(2.0),
    "exp(t)": lambda m: np.exp(m.ones(2)),
    "exp(int64 t)": lambda m: np.exp(m.ones(2, dtype=m.int64)),
    "sqrt(float16 t)": lambda m: np.sqrt(m.full((2,), 2.0, dtype=m.float16)),
    "add(t, t)": lambda m: np.add(m.ones(2), m.arange(2.0)),
    "maximum(t, array)": lambda m: np.maximum(m.arange(-1.0, 1.0), np.zeros(2)),
    "negative(t)": lambda m: np.negative(m.arange(2.0)),
    "absolute(complex t)": lambda m: np.absolute(m.full((2,), 3 + 4j)),
    "sinh(t)": lambda m: np.sinh(m.ones(2)),
    "arcsinh(t) (numpy's)": lambda m: np.arcsinh(m.ones(2)),
    "add.reduce(t)": lambda m: np.add.reduce(m.arange(4.0)),
}


@pytest.mark.parametrize("case", sorted(NUMPY_OPERAND_CASES))
def test_numpy_operands_give_tensors_as_torch(case):
    """A numpy scalar or array meeting a tensor, and a numpy ufunc given a
    tensor, give a tensor (never an ndarray: a silent copy), of torch's dtype
    and values: numpy scalars are weak scalars, as torch takes them; where
    only arrays and tensors take part the dtype is numpy's, as torch lets
    numpy compute those."""
    torch = pytest.importorskip("torch")
    want = NUMPY_OPERAND_CASES[case](torch)
    got = NUMPY_OPERAND_CASES[case](th)
    assert isinstance(want, torch.Tensor)
    assert isinstance(got, th.Tensor), type(got)
    assert str(got.dtype) == str(want.dtype).replace("torch.", "th.")
    np.testing.assert_allclose(np.asarray(got), want.numpy(), rtol=1e-6)


@pytest.mark.parametrize("ufunc", ["arccos", "arcsin", "arctan", "cosh", "sinh", "tan", "log2",
                                   "log10", "exp2", "hypot", "copysign", "fmod", "fmax", "fmin",
                                   "logaddexp", "logaddexp2", "deg2rad", "rad2deg", "radians",
                                   "degrees"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, np.int64])
def test_numpy_ufuncs_th_computes_give_numpys_values(ufunc, dtype):
    """The ufuncs th maps to its own functions (th/_interop.pyx): numpy's
    dtype and values (within a few ulps: glibc's vector math)."""
    f = getattr(np, ufunc)
    x = np.array([0.25, -0.5, 0.75, 2.0, -3.0, 0.0], dtype=dtype)
    y = np.array([1.5, 2.0, -1.25, -1.0, 4.0, 3.0], dtype=dtype)  # (no integer 0: fmod)
    args = (x,) if f.nin == 1 else (x, y)
    with np.errstate(all="ignore"):
        want = f(*args)
    got = f(*(th.from_numpy(a) for a in args))
    assert isinstance(got, th.Tensor) and np.asarray(got).dtype == want.dtype
    rtol = 4 * np.finfo(want.dtype).eps if want.dtype.kind == "f" else 0
    np.testing.assert_allclose(np.asarray(got), want, rtol=rtol)


def test_numpy_arrays_on_the_left_give_tensors():
    """Where torch refuses an ndarray on the left (TypeError: its tensors
    have no __array_ufunc__), th gives the tensor of the swapped form."""
    t = th.arange(1.0, 3.0)
    a = np.array([2.0, 4.0])
    for got, want in [(a + t, [3.0, 6.0]), (a * t, [2.0, 8.0]), (a - t, [1.0, 2.0]),
                      (a / t, [2.0, 2.0]), (a ** t, [2.0, 16.0]), (a @ t, 10.0),
                      (a < t, [False, False]), (a >= t, [True, True])]:
        assert isinstance(got, th.Tensor) and got.tolist() == want
    assert (a + t).dtype is th.float64 and (a < t).dtype is th.bool
    assert (np.int32(2) + th.ones(2, dtype=th.uint8)).dtype is th.uint8  # weak


def test_numpy_outputs():
    t = th.arange(3.0)
    a = np.zeros(3)
    a += t  # numpy's in-place operator: numpy writes into a
    assert a.tolist() == [0.0, 1.0, 2.0]
    out = th.zeros(3, dtype=th.float64)
    r = np.multiply(t, np.full(3, 2.0), out=out)  # th writes into out
    assert r is out and out.tolist() == [0.0, 2.0, 4.0]
    r = np.add(t, 1, out=(out,))
    assert r is out and out.tolist() == [1.0, 2.0, 3.0]
    n = np.empty(3, np.float32)
    assert np.add(t, t, out=n) is n and n.tolist() == [0.0, 2.0, 4.0]
    np.add.at(out, [0, 0], 1)  # numpy's methods run over the tensor's memory
    assert out.tolist() == [3.0, 2.0, 3.0]
    q, r = np.divmod(th.tensor([7.0, -7.0]), 2)
    assert isinstance(q, th.Tensor) and q.tolist() == [3.0, -4.0] and r.tolist() == [1.0, 1.0]
    with pytest.raises(TypeError, match="expected a th.Tensor, a th.Expr or a number"):
        th.add(t, np.ones(3))  # th's functions still take tensors only, as torch's
    assert np.asarray(t).__array_interface__["data"][0] == t.data_ptr()  # still shared
    assert isinstance(np.array(t), np.ndarray) and isinstance(t.numpy(), np.ndarray)


def test_numpy_refuses_to_take_an_expr_apart():
    e = th.lazy(th.ones(2))
    with pytest.raises(TypeError):
        np.ones(2) * e  # was an object array of one Expr per element
    with pytest.raises(TypeError):
        e * np.ones(2)
    with pytest.raises(TypeError):
        np.exp(e)
    assert isinstance(np.float64(2) * e, th.Expr)  # a weak scalar, as for tensors


def test_inplace_operator_with_an_array_rebinds_as_torch():
    t = th.ones(2)
    u = t
    t += np.ones(2)
    assert u.tolist() == [1.0, 1.0] and isinstance(t, th.Tensor) and t.dtype is th.float64


# ------------------------------------------------------------- DLPack
def test_dlpack_round_trip_with_numpy():
    t = th.arange(12, dtype=th.int32).view(3, 4)[:, 1:]
    a = np.from_dlpack(t)
    assert a.tolist() == t.tolist() and address(a) == t.data_ptr()
    assert a.strides == tuple(s * 4 for s in t.stride())
    back = th.from_dlpack(a)
    assert back.data_ptr() == t.data_ptr() and back.tolist() == t.tolist()
    a[0, 0] = -1
    assert t[0, 0].item() == -1 and back[0, 0].item() == -1
    n = np.arange(5.0)
    base = sys.getrefcount(n)
    u = th.from_dlpack(n)
    assert address(n) == u.data_ptr() and sys.getrefcount(n) > base
    del u
    gc.collect()
    assert sys.getrefcount(n) == base  # numpy's deleter ran exactly once


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_dlpack_dtypes(dtype):
    t = th.ones(3, dtype=dtype)
    assert th.from_dlpack(t).dtype is dtype
    assert np.from_dlpack(t).dtype == NUMPY_DTYPES[dtype]


def test_dlpack_capsules_versioned_and_legacy():
    t = th.arange(4)
    s = t.storage()
    legacy = t.__dlpack__()
    versioned = t.__dlpack__(max_version=(1, 0))
    assert "dltensor" in repr(legacy) and "dltensor_versioned" in repr(versioned)
    assert s.refcount == 4  # t, s and the two exports
    a = th.from_dlpack(legacy)
    with pytest.raises(ValueError, match="already consumed"):
        th.from_dlpack(legacy)  # consumed twice: refused, nothing freed twice
    del versioned  # never consumed: its destructor releases the export
    assert s.refcount == 3
    del a, legacy
    gc.collect()
    assert s.refcount == 2
    assert t.__dlpack_device__() == (1, 0)
    with pytest.raises(BufferError, match="stream must be None"):
        t.__dlpack__(stream=1)
    with pytest.raises(BufferError, match="CPU"):
        t.__dlpack__(dl_device=(2, 0))
    c = th.from_dlpack(t.__dlpack__(copy=True))
    assert c.tolist() == t.tolist() and c.data_ptr() != t.data_ptr()
    with pytest.raises(TypeError, match="DLPack capsule"):
        th.from_dlpack(42)


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class _DLManagedTensor(ctypes.Structure):
    pass


class _DLManagedTensorVersioned(ctypes.Structure):
    pass


_LegacyDeleter = ctypes.CFUNCTYPE(None, ctypes.POINTER(_DLManagedTensor))
_VersionedDeleter = ctypes.CFUNCTYPE(None, ctypes.POINTER(_DLManagedTensorVersioned))
_DLManagedTensor._fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p),
                             ("deleter", _LegacyDeleter)]
_DLManagedTensorVersioned._fields_ = [
    ("major", ctypes.c_uint32), ("minor", ctypes.c_uint32), ("manager_ctx", ctypes.c_void_p),
    ("deleter", _VersionedDeleter), ("flags", ctypes.c_uint64), ("dl_tensor", _DLTensor)]
_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


class PythonProducer:
    """A DLPack capsule (no destructor) over 16 float32s whose deleter is
    Python code (ctypes), recording what was pending when it ran: a
    deleter called under a pending exception does not run at all."""

    def __init__(self, shape, strides=None, *, versioned=True, data=True, ndim=None, dtype=(2, 32),
                 byte_offset=0):
        self.calls = []
        self.buffer = (ctypes.c_float * 16)(*range(16))
        self.shape = (ctypes.c_int64 * max(1, len(shape)))(*shape)
        self.strides = None if strides is None else (ctypes.c_int64 * max(1, len(strides)))(
            *strides)
        self.managed = (_DLManagedTensorVersioned if versioned else _DLManagedTensor)()
        self.deleter = (_VersionedDeleter if versioned else _LegacyDeleter)(
            lambda _: self.calls.append(sys.exc_info()[0]))
        self.managed.deleter = self.deleter
        if versioned:
            self.managed.major, self.managed.minor = 1, 1
        dl = self.managed.dl_tensor
        dl.data = ctypes.addressof(self.buffer) if data else None
        dl.device.device_type = 1
        dl.ndim = len(shape) if ndim is None else ndim
        dl.dtype.code, dl.dtype.bits, dl.dtype.lanes = dtype[0], dtype[1], 1
        dl.shape = self.shape
        dl.byte_offset = byte_offset
        if self.strides is not None:
            dl.strides = self.strides
        self.capsule = _capsule_new(ctypes.addressof(self.managed),
                                    b"dltensor_versioned" if versioned else b"dltensor", None)


BAD_DLPACK = {
    "negative size": (dict(shape=(2, -1)), r"negative size -1 in dim 1 \(shape \(2, -1\)\)"),
    "elements overflow": (dict(shape=(1 << 40, 1 << 40)), "more than 2\\*\\*63 - 1 elements"),
    "strides past int64's bytes": (dict(shape=(2,), strides=(1 << 62,)),
                                    r"strides \(4611686018427387904,\) span 4611686018427387905 "
                                    r"elements of 4 bytes: more than 2\*\*63 - 1 bytes"),
    "strides past the address space": (dict(shape=(3, 2), strides=(1 << 59, 1),
                                            byte_offset=(1 << 64) - (1 << 60)),
                                       "span 1152921504606846978 elements of 4 bytes from byte "
                                       "offset 17293822569102704640: past the end of the address "
                                       "space"),
    "too many dims": (dict(shape=(2,), ndim=100), "100 dimensions; th supports 0 to 64"),
    "negative ndim": (dict(shape=(2,), ndim=-1), "-1 dimensions"),
    "NULL data with elements": (dict(shape=(2, 3), data=False), "data is NULL for 6 elements"),
    "negative stride": (dict(shape=(2,), strides=(-1,)), "negative stride -1 in dim 0"),
}


@pytest.mark.parametrize("versioned", [True, False], ids=["versioned", "legacy"])
@pytest.mark.parametrize("case", sorted(BAD_DLPACK))
def test_dlpack_bad_geometry_is_a_value_error_and_released(case, versioned):
    """A capsule whose shape or strides th cannot view: ValueError naming the
    bad value (was SystemError: an error set under a pending exception), and
    the producer's deleter called once, with no exception pending (was
    skipped for a Python deleter: the producer's memory leaked)."""
    kw, message = BAD_DLPACK[case]
    p = PythonProducer(versioned=versioned, **kw)
    with pytest.raises(ValueError, match="from_dlpack: .*" + message):
        th.from_dlpack(p.capsule)
    assert p.calls == [None]
    with pytest.raises(ValueError, match="already consumed"):
        th.from_dlpack(p.capsule)  # taken: its deleter is not called twice
    assert p.calls == [None]


@pytest.mark.parametrize("versioned", [True, False], ids=["versioned", "legacy"])
def test_dlpack_python_producer_released_once(versioned):
    p = PythonProducer((3, 2), (1, 3), versioned=versioned)
    t = th.from_dlpack(p.capsule)
    assert t.tolist() == [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]] and p.calls == []
    del t
    assert p.calls == [None]
    p = PythonProducer((0, 2), data=False, versioned=versioned)  # no elements, no data
    t = th.from_dlpack(p.capsule)
    assert t.shape == (0, 2) and p.calls == [None]
    del t
    p = PythonProducer((2,), dtype=(2, 8), versioned=versioned)  # a dtype th has not
    with pytest.raises(TypeError, match="has no th dtype"):
        th.from_dlpack(p.capsule)
    assert p.calls == [None]


@pytest.mark.parametrize("versioned", [True, False], ids=["versioned", "legacy"])
def test_dlpack_failed_import_releases_a_python_deleter(versioned):
    """An allocation failing inside th after the capsule was taken: MemoryError,
    and the deleter still runs, once, with nothing pending."""
    k = 0
    while True:
        k += 1
        p = PythonProducer((2, 3), versioned=versioned)
        with th.debug.fail_allocations(after=k) as failure:
            try:
                t = th.from_dlpack(p.capsule)
            except MemoryError:
                t = None
        if not failure.fired:
            assert t.shape == (2, 3)
            del t
            assert p.calls == [None]
            break
        assert t is None and p.calls == [None], k
    assert k > 1


def test_dlpack_export_pins_the_storage():
    t = th.zeros(3)
    capsule = t.__dlpack__()
    with pytest.raises(RuntimeError, match="pinned"):
        t.share_memory_()
    del capsule
    t.share_memory_()
    assert t.is_shared()


def test_dlpack_with_torch():
    torch = pytest.importorskip("torch")
    t = th.arange(6, dtype=th.float32).view(2, 3).t()
    x = torch.from_dlpack(t)
    assert x.tolist() == t.tolist() and x.data_ptr() == t.data_ptr()
    assert x.stride() == t.stride()
    x[0, 0] = 42
    assert t[0, 0].item() == 42
    y = torch.arange(6, dtype=torch.int64).view(3, 2)[1:]
    u = th.from_dlpack(y)
    assert u.tolist() == y.tolist() and u.data_ptr() == y.data_ptr()
    assert th.asarray(y).data_ptr() == y.data_ptr()  # asarray goes through __dlpack__
    b = th.from_dlpack(torch.tensor([True, False]))
    assert b.dtype is th.bool and b.tolist() == [True, False]
    del x, u, b
