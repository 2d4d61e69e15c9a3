"""bfloat16, complex and wide unsigned tensors crossing to numpy, ml_dtypes,
torch (DLPack), the buffer protocol, pickle and shared memory: shared where
the other side can share, refused with a way out where it cannot."""
import gc
import pickle
import sys

import numpy as np
import pytest

import th

from helpers import NUMPY_DTYPES


def address(a):
    return a.__array_interface__["data"][0]


# ------------------------------------------------------------ buffer protocol
@pytest.mark.parametrize("dtype,code", [(th.complex64, "Zf"), (th.complex128, "Zd"),
                                        (th.uint16, "H"), (th.uint32, "I"), (th.uint64, "Q")])
def test_buffer_format_codes(dtype, code):
    t = th.zeros(2, 3, dtype=dtype)
    m = memoryview(t)
    assert m.format == code and m.itemsize == dtype.itemsize and m.shape == (2, 3)
    assert memoryview(t.storage()).format == code
    a = np.asarray(t)
    assert a.dtype == NUMPY_DTYPES[dtype] and address(a) == t.data_ptr()
    back = th.asarray(m)  # a memoryview's format read back
    assert back.dtype is dtype and back.data_ptr() == t.data_ptr()
    del m, a, back


def test_buffer_of_bfloat16_is_refused_with_the_ways_out():
    t = th.zeros(3, dtype=th.bfloat16)
    for obj in (t, t.storage()):
        with pytest.raises(BufferError, match=r"bfloat16 has no buffer format.*\.float\(\).*DLPack"):
            memoryview(obj)
    assert t.storage().refcount == 2  # nothing pinned by the refusal


def test_numpy_of_bfloat16_without_ml_dtypes_names_float(monkeypatch):
    monkeypatch.setitem(sys.modules, "ml_dtypes", None)  # import ml_dtypes now fails
    t = th.ones(2, dtype=th.bfloat16)
    with pytest.raises(TypeError, match=r"numpy has no bfloat16 dtype: convert with \.float\(\)"):
        t.numpy()
    with pytest.raises(TypeError, match=r"\.float\(\)"):
        np.asarray(t)
    f = t.float()
    assert f.dtype is th.float32 and np.asarray(f).tolist() == [1.0, 1.0]
    assert f.float() is f


# ------------------------------------------------------------------ ml_dtypes
def test_ml_dtypes_bfloat16_both_ways_without_copies():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    a = np.array([[1.5, -2.0, 3.0], [0.1, np.nan, -np.inf]], dtype=ml_dtypes.bfloat16)
    t = th.from_numpy(a)
    assert t.dtype is th.bfloat16 and t.data_ptr() == address(a) and t.shape == (2, 3)
    assert t.tolist()[0] == [1.5, -2.0, 3.0] and t[1, 0].item() == float(a[1, 0])
    t[0, 0] = 8.0
    assert a[0, 0] == 8.0  # shared
    view = th.from_numpy(a[:, ::2])
    assert view.stride() == (3, 2) and view.data_ptr() == address(a)
    n = t.t().numpy()
    assert n.dtype == ml_dtypes.bfloat16 and address(n) == t.data_ptr()
    assert n.strides == (2, 6)
    np.testing.assert_array_equal(n.astype(np.float32), a.T.astype(np.float32))
    s = t.storage()
    del t, view
    gc.collect()
    assert s.refcount == 2 and n[0, 0] == 8.0  # s, and n's pin: n keeps the memory
    del n
    gc.collect()
    assert s.refcount == 1


def test_ml_dtypes_asarray_shares_or_copies():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    a = np.arange(6, dtype=np.float32).astype(ml_dtypes.bfloat16)
    assert th.asarray(a).data_ptr() == address(a)
    ro = a.copy()
    ro.flags.writeable = False
    c = th.asarray(ro)  # read-only memory: shared, flagged read-only
    assert c.dtype is th.bfloat16 and c.data_ptr() == address(ro) and c.tolist() == list(range(6))
    assert c.is_readonly() and th.asarray(ro, copy=False).is_readonly()
    back = c.numpy()  # through a reinterpreted storage, still read-only
    assert back.dtype == ml_dtypes.bfloat16 and not back.flags.writeable
    assert th.asarray(a, dtype=th.float32).tolist() == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    with pytest.raises(ValueError, match="byte-swapped"):
        th.asarray(np.arange(2, dtype=">f4"), copy=False)
    with pytest.raises(ValueError, match="cannot include dtype"):  # numpy has no buffer for it
        th.from_numpy(np.zeros(2, dtype=ml_dtypes.float8_e4m3fn))


def test_ml_dtypes_rounding_agrees_with_th():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    rng = np.random.default_rng(0)
    x = rng.integers(0, 2**32, 4096, dtype=np.uint64).astype(np.uint32).view(np.float32)
    x = x[~np.isnan(x)]
    got = th.empty(len(x), dtype=th.bfloat16).copy_(th.from_numpy(x)).numpy()
    np.testing.assert_array_equal(got.view(np.uint16), x.astype(ml_dtypes.bfloat16).view(np.uint16))


# ------------------------------------------------------------------ DLPack
@pytest.mark.parametrize("name", ["bfloat16", "complex64", "complex128", "uint16", "uint32",
                                  "uint64"])
def test_dlpack_round_trips_with_torch_without_copies(name):
    torch = pytest.importorskip("torch")
    x = torch.arange(12).view(3, 4).t().to(getattr(torch, name))  # a fresh tensor
    x = x.t().t()
    if x.is_complex():
        x = x * (1 + 1j)
    t = th.from_dlpack(x)
    assert t.dtype is getattr(th, name) and t.data_ptr() == x.data_ptr()
    assert t.shape == tuple(x.shape) and t.stride() == x.stride()
    assert t.tolist() == x.tolist()
    y = torch.from_dlpack(t)
    assert y.dtype == x.dtype and y.data_ptr() == x.data_ptr() and torch.equal(x, y)
    t[0, 0] = 5
    assert x[0, 0].item() == 5
    del t, y


@pytest.mark.parametrize("dtype", [th.complex64, th.complex128, th.uint16, th.uint32, th.uint64])
def test_dlpack_with_numpy_for_the_new_dtypes(dtype):
    t = th.empty(4, dtype=dtype).copy_(th.arange(4))
    a = np.from_dlpack(t)
    assert a.dtype == NUMPY_DTYPES[dtype] and address(a) == t.data_ptr()
    assert th.from_dlpack(a).data_ptr() == address(a)


def test_dlpack_refuses_what_th_has_not():
    torch = pytest.importorskip("torch")
    with pytest.raises(TypeError, match=r"DLPack dtype \(code 5, 32 bits, 1 lanes\) has no th dtype"):
        th.from_dlpack(torch.zeros(2, dtype=torch.complex32))


# ------------------------------------------------------ pickle, shared memory
@pytest.mark.parametrize("dtype", [th.bfloat16, th.complex64, th.complex128, th.uint64])
def test_pickle_keeps_values_and_views_together(dtype):
    base = th.empty(3, 4, dtype=dtype).copy_(th.arange(12).view(3, 4))
    base[0, 0] = 2**64 - 1 if dtype is th.uint64 else -1.5
    if dtype.is_complex:
        base[1, 1] = 1 - 7j
    a, b = base[0], base[:, 1:]
    a2, b2 = pickle.loads(pickle.dumps((a, b)))
    assert a2.dtype is dtype and a2.tolist() == a.tolist() and b2.tolist() == b.tolist()
    assert a2.storage() is b2.storage() and b2.stride() == b.stride()


@pytest.mark.parametrize("dtype", [th.bfloat16, th.complex128, th.uint32])
def test_shared_memory_of_the_new_dtypes(dtype):
    from multiprocessing.reduction import ForkingPickler

    import th.multiprocessing  # noqa: F401 - registers th's reducers

    t = th.empty(4, dtype=dtype).copy_(th.arange(4)).share_memory_()
    assert t.is_shared()
    back = pickle.loads(ForkingPickler.dumps(t))  # a descriptor: the same memory
    assert back.dtype is dtype and back.tolist() == [0, 1, 2, 3]
    back[2] = 9
    assert t[2].item() == 9


def test_reinterpreted_storage_pins_its_source_and_checks_sizes():
    from th._interop import reinterpret_storage

    s = th.Storage([1.0, -2.0], dtype=th.bfloat16)
    raw = reinterpret_storage(s, th.uint16)
    assert raw.dtype is th.uint16 and raw.tolist() == [0x3F80, 0xC000]
    assert raw.data_ptr() == s.data_ptr() and s.refcount == 2  # raw pins s
    with pytest.raises(RuntimeError, match="not resizable"):
        raw.resize_(4)
    del raw
    assert s.refcount == 1
    assert len(reinterpret_storage(th.Storage(0, dtype=th.bfloat16), th.int16)) == 0
    with pytest.raises(ValueError, match=r"th.bfloat16 and th.float32 differ in size"):
        reinterpret_storage(s, th.float32)
