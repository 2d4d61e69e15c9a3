"""th.as_tensor, empty_strided, typename and is_storage (th/_creation.py)
against torch 2.13: what is shared and what is copied, result dtypes and
shapes, sizes and strides, and torch's exception classes for bad input."""
import array

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import th

from torch_compare import DTYPES, check, tensor_pairs, torch


def torch_dtype(dtype):
    return None if dtype is None else getattr(torch, str(dtype).split(".")[-1])


# ------------------------------------------------------------ as_tensor
@given(tensor_pairs(dtypes=DTYPES, max_dims=3), st.sampled_from([None] + DTYPES))
def test_as_tensor_of_a_tensor_is_it_or_a_conversion(tensors, dtype):
    a, b = tensors
    check(lambda: th.as_tensor(a, dtype=dtype), lambda: torch.as_tensor(b, dtype=torch_dtype(dtype)),
          geometry=dtype in (None, a.dtype))
    assert (th.as_tensor(a, dtype=dtype) is a) == (torch.as_tensor(b, dtype=torch_dtype(dtype)) is b)


@given(st.sampled_from(["int32", "int64", "float32", "float64", "bool", "uint8", "complex64"]),
       st.sampled_from([None] + DTYPES), st.booleans())
def test_as_tensor_of_numpy_shares_memory_when_the_dtype_matches(npdtype, dtype, strided):
    data = np.arange(6).astype(npdtype).reshape(2, 3)
    if strided:
        data = data[:, ::2]
    t, u = th.as_tensor(data, dtype=dtype), torch.as_tensor(data.copy() if False else data,
                                                             dtype=torch_dtype(dtype))
    check(lambda: t, lambda: u)
    shares = np.shares_memory(t.numpy(), data) if t.dtype != th.bfloat16 else False
    assert shares == (u.data_ptr() == data.ctypes.data)


# (left out: what th.tensor, which copies the rest, reads unlike torch.tensor: numpy scalars
# inside lists, a complex into a real dtype, a numpy float into an integer dtype, [None])
@pytest.mark.parametrize("data", [[1, 2.5], 3, 2.5, True, [[1, 2], [3, 4]], [], np.int16(3),
                                  np.float64(2.0), array.array("f", [1.0, 2.0]),
                                  bytearray(b"ab"), memoryview(b"ab"), "abc", [[1], [2, 3]]])
@pytest.mark.parametrize("dtype", [None, th.float64, th.int32, th.complex64])
def test_as_tensor_of_other_data_matches_torch(data, dtype):
    check(lambda: th.as_tensor(data, dtype=dtype), lambda: torch.as_tensor(data, dtype=torch_dtype(dtype)))


def test_as_tensor_refuses_what_torch_refuses():
    check(lambda: th.as_tensor(np.arange(3).astype(">i4")),
          lambda: torch.as_tensor(np.arange(3).astype(">i4")))
    with pytest.raises(RuntimeError):
        th.as_tensor([1, 2], device="meta")
    with pytest.raises(RuntimeError):
        th.as_tensor(th.ones(2), device="meta")
    assert th.as_tensor([1], device="cpu").tolist() == [1]


def test_as_tensor_of_a_torch_tensor_shares_its_memory():
    b = torch.arange(3.0)
    a = th.as_tensor(b)
    a[0] = 7.0
    assert b[0].item() == 7.0


# -------------------------------------------------------- empty_strided
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 7)), max_size=4),
       st.sampled_from([None, th.float64, th.int16, th.bool]))
def test_empty_strided_matches_torch(layout, dtype):
    size, stride = [s for s, _ in layout], [s for _, s in layout]
    t = th.empty_strided(size, stride, dtype=dtype)
    u = torch.empty_strided(size, stride, dtype=torch_dtype(dtype))
    assert t.shape == tuple(u.shape) and t.stride() == u.stride()
    assert str(t.dtype)[3:] == str(u.dtype)[6:]
    assert t.storage().nbytes() == u.untyped_storage().nbytes()


@pytest.mark.parametrize("size, stride", [((2, 3), (1,)), ((2, -3), (1, 2)), ((2, 3), (-1, 2)),
                                          ((2.5,), (1,)), (3, (1,))])
def test_empty_strided_refuses_what_torch_refuses(size, stride):
    check(lambda: th.empty_strided(size, stride), lambda: torch.empty_strided(size, stride))


# ---------------------------------------------------- typename, is_storage
@pytest.mark.parametrize("dtype", DTYPES)
def test_typename_of_a_tensor_is_its_type(dtype):
    t = th.zeros(2, dtype=dtype)
    assert th.typename(t) == torch.typename(torch.zeros(2, dtype=torch_dtype(dtype))) \
        .replace("torch.", "th.")


@pytest.mark.parametrize("obj", [1, 2.5, "s", int, np.float64(1.0), np.ndarray, pytest.raises,
                                 [1], None])
def test_typename_of_other_objects_matches_torch(obj):
    assert th.typename(obj) == torch.typename(obj)


def test_is_storage():
    t = th.zeros(2)
    assert th.is_storage(t.storage()) and not th.is_storage(t)
    assert not th.is_storage(np.zeros(2)) and not th.is_storage(None)
