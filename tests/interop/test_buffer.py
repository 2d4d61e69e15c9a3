"""The buffer protocol (PEP 3118) of th.Tensor and th.Storage: numpy and
memoryview see th's memory itself, with the right shape, strides and format,
and an export keeps the storage alive until it is released."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import th

from helpers import ALL_DTYPES, NUMPY_DTYPES, storage_view


def address(a):
    return a.__array_interface__["data"][0]


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_numpy_shares_memory_for_every_dtype(dtype):
    t = th.zeros(3, 4, dtype=dtype)
    a = np.asarray(t)
    assert a.dtype == NUMPY_DTYPES[dtype] and a.shape == (3, 4)
    assert a.strides == tuple(s * dtype.itemsize for s in t.stride())
    assert address(a) == t.data_ptr()
    a[1, 2] = 1
    assert t.tolist()[1][2] == (True if dtype is th.bool else 1)


@given(shape=st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple),
       data=st.data())
def test_views_export_their_geometry(shape, data):
    n = int(np.prod(shape))
    base = th.arange(n).view(shape)
    view = base
    for _ in range(data.draw(st.integers(0, 3))):
        dim = data.draw(st.integers(0, view.dim() - 1))
        size = view.size(dim)
        kind = data.draw(st.sampled_from(["slice", "transpose", "select"]))
        if kind == "slice":
            view = view.narrow(dim, data.draw(st.integers(0, size - 1)), 1) if size else view
        elif kind == "transpose" and view.dim() > 1:
            view = view.transpose(dim, 0)
        elif kind == "select" and view.dim() > 1 and size:
            view = view.select(dim, data.draw(st.integers(0, size - 1)))
    a = np.asarray(view)
    expected = storage_view(view)
    assert a.shape == expected.shape and a.strides == expected.strides
    assert a.tolist() == expected.tolist() == view.tolist()
    assert address(a) == view.data_ptr()


def test_export_holds_the_storage_until_released():
    t = th.arange(6)
    s = t.storage()
    assert s.refcount == 2
    with memoryview(t) as m:
        assert s.refcount == 3 and m.shape == (6,) and m.format == "q"
        with pytest.raises(RuntimeError, match="shared"):
            t.resize_(100)  # the export pins the storage's size
    assert s.refcount == 2
    a = np.asarray(t[2:])
    del t
    assert a.tolist() == [2, 3, 4, 5]  # the storage outlives the tensor
    del a
    assert s.refcount == 1


def test_strided_and_transposed_exports():
    t = th.arange(12, dtype=th.float64).view(3, 4)
    m = memoryview(t.t())
    assert m.shape == (4, 3) and m.strides == (8, 32) and not m.c_contiguous and m.f_contiguous
    assert m.tolist() == np.arange(12.0).reshape(3, 4).T.tolist()
    assert memoryview(t[:, ::2]).strides == (32, 16)


def test_contiguous_requests_of_strided_tensors_are_refused():
    import hashlib

    t = th.arange(12, dtype=th.float32)
    with pytest.raises(BufferError, match="not contiguous: its buffer needs strides"):
        hashlib.sha256(t[::2])  # asks for a plain (PyBUF_SIMPLE) buffer
    assert hashlib.sha256(t).digest() == hashlib.sha256(np.arange(12, dtype=np.float32)).digest()


def test_expanded_tensors_export_read_only():
    e = th.zeros(1, 4).expand(3, 4)
    m = memoryview(e)
    assert m.readonly and m.strides == (0, 4)
    a = np.asarray(e)
    assert not a.flags.writeable and a.shape == (3, 4)


def test_scalars_and_empty_tensors():
    scalar = th.tensor(2.5)
    a = np.asarray(scalar)
    assert a.shape == () and a.item() == 2.5 and address(a) == scalar.data_ptr()
    empty = th.empty(0, 3)
    m = memoryview(empty)
    assert m.shape == (0, 3) and m.nbytes == 0 and m.tobytes() == b""


def test_storage_exports():
    s = th.Storage([1, 2, 3], dtype=th.int16)
    a = np.asarray(s)
    assert a.dtype == np.int16 and a.tolist() == [1, 2, 3] and address(a) == s.data_ptr()
    a[0] = 9
    assert s[0] == 9
    assert memoryview(th.Storage(0)).tobytes() == b""
