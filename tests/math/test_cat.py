"""th.cat and th.stack (THTensor_catArray, stackArray and their new* forms),
the *_like factories and th.is_tensor: values against numpy, torch's rules
(dtype promotion, legacy empty tensors, out=), bad inputs, and the C API's
ownership (refcounts and live counts after success and after error)."""
import functools

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

import th
from th import _testcapi as capi

from helpers import ALL_DTYPES, EVERY_DTYPE, NUMPY_DTYPES, to_numpy
from test_reshaping import assert_raises_leaving_alone

sizes = st.integers(0, 4)


def th_and_np(shape, dtype, data, label):
    """A th tensor of shape and dtype, maybe strided or offset (a transposed
    or sliced view of a bigger one), and numpy's copy of its values."""
    a = (np.arange(int(np.prod(shape)) + 3) % 7 - 2)[3:].reshape(shape).astype(NUMPY_DTYPES[dtype])
    t = th.from_numpy(a).clone()  # th's own memory (tolist would lose empty dims)
    if t.dim() >= 2 and data.draw(st.booleans(), label=f"{label} transposed"):
        t = t.transpose(0, 1).contiguous().transpose(0, 1)  # same values, column-major
    if t.dim() and data.draw(st.booleans(), label=f"{label} offset"):
        bigger = th.zeros(shape[0] + 2, *shape[1:], dtype=dtype)
        t = bigger.narrow(0, 2, shape[0]).copy_(t)
    return t, a


# -------------------------------------------------------------------- cat
@given(st.data())
def test_cat_matches_numpy_concatenate(data):
    nd = data.draw(st.integers(1, 4), label="ndim")
    base = data.draw(st.lists(sizes, min_size=nd, max_size=nd), label="shape")
    dim = data.draw(st.integers(-nd, nd - 1), label="dim")
    n = data.draw(st.integers(1, 4), label="inputs")
    dtype = data.draw(st.sampled_from(ALL_DTYPES), label="dtype")
    mixed = data.draw(st.booleans(), label="mixed dtypes")
    ts, arrays = [], []
    for i in range(n):
        shape = list(base)
        shape[dim] = data.draw(sizes, label=f"size {i}")
        own = data.draw(st.sampled_from(ALL_DTYPES), label=f"dtype {i}") if mixed else dtype
        t, a = th_and_np(tuple(shape), own, data, f"input {i}")
        ts.append(t)
        arrays.append(a)
    want = functools.reduce(capi.promote, [t.dtype for t in ts],  # checked against torch
                            ts[0].dtype.scalar_type)
    result = th.cat(ts, dim) if data.draw(st.booleans()) else th.cat(tuple(ts), dim=dim)
    expected = np.concatenate([a.astype(NUMPY_DTYPES[result.dtype]) for a in arrays], axis=dim)
    assert result.dtype.scalar_type == want and result.is_contiguous()
    np.testing.assert_array_equal(to_numpy(result), expected)
    assert all(not capi.same_storage(result, t) for t in ts)
    assert th.concat(ts, dim).shape == th.concatenate(ts, axis=dim).shape == expected.shape


@given(st.data())
def test_stack_matches_numpy_stack(data):
    nd = data.draw(st.integers(0, 3), label="ndim")
    shape = tuple(data.draw(st.lists(sizes, min_size=nd, max_size=nd), label="shape"))
    dim = data.draw(st.integers(-nd - 1, nd), label="dim")
    dtype = data.draw(st.sampled_from(ALL_DTYPES), label="dtype")
    pairs = [th_and_np(shape, dtype, data, f"input {i}")
             for i in range(data.draw(st.integers(1, 4), label="inputs"))]
    result = th.stack([t for t, _ in pairs], dim)
    expected = np.stack([a for _, a in pairs], axis=dim)
    assert result.dtype == dtype and result.is_contiguous()
    np.testing.assert_array_equal(to_numpy(result), expected)


def test_cat_and_stack_of_many_dims_and_a_large_copy():
    t = th.arange(2 ** 6, dtype=th.int16).view((2,) * 6)
    a = np.arange(2 ** 6, dtype=np.int16).reshape((2,) * 6)
    np.testing.assert_array_equal(to_numpy(th.cat([t, t[:, :1]], 1)),
                                  np.concatenate([a, a[:, :1]], 1))
    np.testing.assert_array_equal(to_numpy(th.stack([t, t], 6)), np.stack([a, a], 6))
    big = np.arange(1 << 21, dtype=np.float32).reshape(1024, 2048)
    np.testing.assert_array_equal(np.asarray(th.cat([th.from_numpy(big)] * 3, 1)),
                                  np.concatenate([big] * 3, 1))


def test_cat_skips_legacy_empty_tensors_as_torch():
    t = th.arange(6).view(2, 3)
    legacy = th.empty(0, dtype=th.float64)  # 1-d, size 0: joins anything, still promotes
    r = th.cat([legacy, t, legacy, t], 1)
    assert r.shape == (2, 6) and r.dtype == th.float64
    assert r.tolist() == np.concatenate([np.arange(6).reshape(2, 3)] * 2, 1).tolist()
    assert th.cat([legacy, t], -1).shape == (2, 3)  # dim wraps against t, not legacy
    both = th.cat([legacy, th.empty(0)], 5)  # every input skipped: dim is not looked at
    assert both.shape == (0,) and both.dtype == th.float64
    assert th.cat([th.empty(0, 3), t], 0).shape == (2, 3)  # 2-d empty: a normal input
    with pytest.raises(RuntimeError, match="must match except in dimension 0"):
        th.cat([th.empty(0, 4), t], 0)
    with pytest.raises(RuntimeError, match=r"equal size, but got \[0\] at entry 0 and \[2\]"):
        th.stack([th.empty(0), th.empty(2)])


PROMOTIONS = [  # (inputs, result): torch.cat's result_type
    ([th.int32, th.float16], th.float16), ([th.bool, th.uint8, th.int8], th.int16),
    ([th.uint8, th.int16], th.int16), ([th.uint8, th.int64], th.int64),
    ([th.bool, th.bool], th.bool), ([th.int64, th.float16, th.float32], th.float32),
    ([th.float64, th.int8], th.float64), ([th.bool, th.float16], th.float16),
    ([th.int8, th.int32, th.uint8], th.int32),
]


@pytest.mark.parametrize("dtypes, result", PROMOTIONS)
def test_mixed_dtypes_promote_as_torch(dtypes, result):
    ts = [th.ones(2, dtype=d) for d in dtypes]
    r = th.cat(ts)
    assert r.dtype == result and r.tolist() == [1] * 2 * len(dtypes)
    assert th.stack(ts).dtype == result


def test_promotion_matches_torch_promote_types_for_every_pair():
    torch = pytest.importorskip("torch")
    refused = 0
    for a in EVERY_DTYPE:
        for b in EVERY_DTYPE:
            try:
                expected = torch.promote_types(getattr(torch, a.name), getattr(torch, b.name))
            except RuntimeError:  # uint16/32/64 with signed, bool or complex: numpy's rule
                refused += 1
                continue
            assert capi.promote(a, b) == getattr(th, str(expected)[6:]).scalar_type, (a, b)
    assert refused == 54  # the pairs below


UNSIGNED = [th.uint16, th.uint32, th.uint64]
NUMPY_ONLY = [th.bool, th.int8, th.int16, th.int32, th.int64, th.uint8, th.complex64, th.complex128]


@pytest.mark.parametrize("a", UNSIGNED)
@pytest.mark.parametrize("b", NUMPY_ONLY + UNSIGNED)
def test_promotion_of_wide_unsigned_types_follows_numpy_where_torch_has_no_rule(a, b):
    expected = np.promote_types(a.name, b.name).name
    if b.is_complex:  # the complex operand's type, as torch keeps int64 + complex64 complex64
        expected = b.name
    assert capi.promote(a, b) == capi.promote(b, a) == getattr(th, expected).scalar_type


def test_promotion_of_an_unknown_dtype_is_a_type_error():
    with pytest.raises(TypeError, match="THScalarType_promote: no promotion rule for dtypes 99"):
        capi.promote(99, th.float32)


# -------------------------------------------------------------------- out=
def test_cat_into_out_of_the_right_shape_keeps_its_strides():
    out = th.zeros(3, 2).t()  # (2, 3), column-major
    ptr, strides = out.data_ptr(), out.stride()
    r = th.cat([th.ones(2, 1), th.full((2, 2), 2.0)], 1, out=out)
    assert r is out and out.stride() == strides and out.data_ptr() == ptr
    assert out.tolist() == [[1, 2, 2], [1, 2, 2]]


def test_cat_and_stack_resize_an_out_of_another_shape():
    out = th.empty(0, dtype=th.float64)  # float64 takes int inputs (same kind or higher)
    th.cat([th.arange(3), th.arange(2)], out=out)
    assert out.shape == (5,) and out.dtype == th.float64 and out.tolist() == [0, 1, 2, 0, 1]
    th.stack([th.arange(3), th.arange(3)], 1, out=out)
    assert out.shape == (3, 2) and out.is_contiguous() and out.tolist() == [[0, 0], [1, 1], [2, 2]]


@pytest.mark.parametrize("join", [th.cat, th.stack])
def test_out_refused_without_changing_it(join):
    ins = [th.ones(2), th.ones(2)]
    cases = [
        (th.zeros(4, dtype=th.int64), TypeError, "float32.* can't be cast to the desired "
                                                 "output type th.int64"),
        (th.zeros(4, dtype=th.bool), TypeError, "can't be cast"),
        (th.zeros(1).expand(4) if join is th.cat else th.zeros(1, 1).expand(2, 2),
         RuntimeError, "share memory .*stride 0"),
        ("not a tensor", TypeError, "out must be a th.Tensor"),
    ]
    for out, exc, pattern in cases:
        shape = getattr(out, "shape", None)
        with pytest.raises(exc, match=pattern):
            join(ins, out=out)
        assert getattr(out, "shape", None) == shape


def test_out_sharing_memory_with_an_input_is_refused():
    out = th.arange(4, dtype=th.float32)
    for inputs, size in [([out[2:], out[:2]], 4), ([out[:2], out[:2]], 4), ([out[1:3]], 2)]:
        target = out if size == 4 else out[:2]
        with pytest.raises(RuntimeError, match="input 0 and of the result refer to the same "
                                               "memory; clone"):
            th.cat(inputs, out=target)
        assert out.tolist() == [0, 1, 2, 3]
    a = th.arange(4, dtype=th.float32)
    r = th.cat([a[2:]], out=a[:2])  # disjoint parts of one storage: fine
    assert r.tolist() == [2, 3] and a.tolist() == [2, 3, 2, 3]
    shared = th.arange(6, dtype=th.float32)
    with pytest.raises(RuntimeError, match="input 0 and of the result refer to the same memory"):
        th.cat([shared[:4], shared[:4]], out=shared)
    view = shared[:4]
    with pytest.raises(RuntimeError, match="storage is shared"):  # growing would move view's data
        th.cat([th.ones(4), th.ones(4)], out=shared)
    assert view.tolist() == [0, 1, 2, 3]

    # out as its own input, or viewing its storage's end, where it would grow:
    # refused before the resize (th.cat([a, a], out=a) overran the heap)
    for join in (th.cat, th.stack):
        a = th.arange(6, dtype=th.float32).view(2, 3)
        with pytest.raises(RuntimeError, match="input 0 and of the result refer to the same"):
            join([a, a], out=a)
        assert a.shape == (2, 3) and a.tolist() == [[0, 1, 2], [3, 4, 5]]
    whole = th.arange(6, dtype=th.float32)
    tail = whole[3:]
    del whole  # tail alone holds the storage, which a resize of it would grow
    with pytest.raises(RuntimeError, match="input 0 and of the result refer to the same"):
        th.cat([th.Tensor(tail.storage()), th.ones(3)], out=tail)


@pytest.mark.parametrize("make_out", [lambda: th.empty(0, 3), lambda: th.empty(0),
                                      lambda: th.zeros(4, 3)[1:1]], ids=["empty", "1-d", "view"])
@pytest.mark.parametrize("first", [True, False])
def test_an_empty_out_that_is_also_an_input_is_refused(make_out, first):
    # the resize changed that input's shape before it was read: its copy
    # overran the result's new storage (a heap overflow); torch refuses it
    a = th.ones(2, 3)
    out = make_out()
    shape = out.shape
    inputs = [out, a] if first else [a, out]
    with pytest.raises(RuntimeError, match=f"input {0 if first else 1} and of the result refer "
                                           "to the same memory"):
        th.cat(inputs, out=out)
    assert out.shape == shape
    if out.dim() == 2:
        with pytest.raises(RuntimeError, match="the same memory"):
            th.cat([out, out, a], out=out)
        assert th.stack([out, out], out=out).shape == (2, 0, 3)  # nothing to write: as torch


# ------------------------------------------------------------ bad inputs
t23 = th.zeros(2, 3)

BAD = [
    (lambda: th.cat([t23, th.zeros(2, 4)], 0), RuntimeError,
     r"sizes of tensors must match except in dimension 0: expected size 3 but got size 4 in "
     r"dimension 1 for tensor number 1"),
    (lambda: th.cat([t23, th.zeros(2)], 0), RuntimeError, r"same number of dimensions: got 2 "
                                                          r"and 1"),
    (lambda: th.cat([t23, t23], 2), IndexError, r"dim 2 out of range .*\[-2, 1\]"),
    (lambda: th.cat([t23, t23], -3), IndexError, r"dim -3 out of range"),
    (lambda: th.cat([]), ValueError, r"expected a non-empty list of tensors, got 0"),
    (lambda: th.cat([th.tensor(1.0), th.tensor(2.0)]), RuntimeError, r"zero-dimensional tensor "
                                                                     r"\(at position 0\)"),
    (lambda: th.cat([t23, 1]), TypeError, r"expected Tensor as element 1 in argument 'tensors'"),
    (lambda: th.cat(t23), TypeError, r"must be a tuple or list of Tensors, not Tensor"),
    (lambda: th.cat(iter([t23])), TypeError, r"not list_iterator|not .*iterator"),
    (lambda: th.cat([t23], dim=1 << 40), IndexError, r"cat\(\): dim 1099511627776 is out of range"),
    (lambda: th.cat([th.zeros(1).expand(1 << 62)] * 2), ValueError,
     r"joined size of dimension 0 overflows int64"),
    (lambda: th.cat([th.zeros(1, 1).expand(1 << 31, 1 << 31)] * 3, out=th.empty(0)), ValueError,
     r"THTensor_catArray: the number of elements overflows int64"),
    (lambda: th.stack([th.zeros(1).expand(1 << 62)] * 3), ValueError, r"overflows int64"),
    (lambda: th.stack([]), RuntimeError, r"stack expects a non-empty TensorList"),
    (lambda: th.stack([t23, th.zeros(3, 2)]), RuntimeError,
     r"equal size, but got \[2, 3\] at entry 0 and \[3, 2\] at entry 1"),
    (lambda: th.stack([t23, t23], 3), IndexError, r"dim 3 out of range .*\[-3, 2\]"),
    (lambda: th.stack([th.zeros((1,) * 64)]), ValueError, r"more than 64 dimensions"),
    (lambda: capi.join_array("catArray", None, None, 0), ValueError, r"non-empty list"),
    (lambda: capi.join_array("catArray", None, [t23, None], 0), ValueError,
     r"THTensor_newCatArray: input 1 is NULL"),
    (lambda: capi.join_array("stackArray", th.empty(0), [None], 0), ValueError,
     r"THTensor_stackArray: input 0 is NULL"),
    (lambda: th.empty_like([1, 2]), TypeError, r"must be a th.Tensor, not list"),
    (lambda: th.zeros_like(t23, dtype="complex"), TypeError, r"dtype must be a th.dtype"),
    (lambda: th.full_like(t23, 300, dtype=th.uint8), ValueError, r"300"),
]


@pytest.mark.parametrize("call, exc, pattern", BAD)
def test_bad_input_raises_and_leaks_nothing(call, exc, pattern):
    assert_raises_leaving_alone(call, exc, pattern, t23)


# ------------------------------------------------------- C API ownership
@pytest.mark.parametrize("name", ["catArray", "stackArray"])
def test_new_join_returns_one_new_reference_and_borrows_its_inputs(name):
    a, b = th.ones(2, 3), th.zeros(2, 3, dtype=th.int8)
    before = th.debug.live()
    refs = [(t.refcount, t.storage().refcount) for t in (a, b)]
    r = capi.join_array(name, None, [a, b, a], 0)
    assert r.refcount == 1 and r.storage().refcount == 2  # r and the Storage object just made
    assert th.debug.live().tensors == before.tensors + 1
    assert th.debug.live().storages == before.storages + 1
    assert [(t.refcount, t.storage().refcount) for t in (a, b)] == refs
    assert r.dtype == th.float32 and r.shape == ((6, 3) if name == "catArray" else (3, 2, 3))
    del r
    assert th.debug.live() == before


@pytest.mark.parametrize("name", ["catArray", "stackArray"])
def test_join_into_a_result_keeps_every_count(name):
    a = th.ones(2, 3)
    result = th.empty(0, dtype=th.float64)
    before = th.debug.live()
    counts = a.refcount, a.storage().refcount, result.refcount, result.storage().refcount
    capi.join_array(name, result, [a, a], 1)
    assert result.shape == ((2, 6) if name == "catArray" else (2, 2, 3))
    assert (a.refcount, a.storage().refcount, result.refcount,
            result.storage().refcount) == counts
    assert th.debug.live().tensors == before.tensors
    assert th.debug.live().storages == before.storages  # the result's storage grew in place


@pytest.mark.parametrize("name, inputs, dim, exc", [
    ("catArray", lambda a: [a, th.zeros(3, 3)], 1, RuntimeError),
    ("catArray", lambda a: [a, a], 5, IndexError),
    ("stackArray", lambda a: [a, a.t()], 0, RuntimeError),
    ("stackArray", lambda a: [a, None], 0, ValueError),
])
@pytest.mark.parametrize("into", [False, True])
def test_a_failed_join_leaves_counts_and_result_unchanged(name, inputs, dim, exc, into):
    a = th.ones(2, 3)
    ins = inputs(a)
    result = th.arange(5, dtype=th.float32) if into else None
    before = th.debug.live()
    counts = [(t.refcount, t.storage().refcount) for t in ins if t is not None]
    with pytest.raises(exc):
        capi.join_array(name, result, ins, dim)
    assert th.debug.live() == before
    assert [(t.refcount, t.storage().refcount) for t in ins if t is not None] == counts
    if into:
        assert result.shape == (5,) and result.tolist() == [0, 1, 2, 3, 4]


def test_new_flip_returns_one_new_reference_and_borrows_the_tensor():
    t = th.arange(6).view(2, 3)
    before = th.debug.live()
    counts = t.refcount, t.storage().refcount
    f = capi.new_flip(t, [1, 0])
    assert f.refcount == 1 and f.tolist() == [[5, 4, 3], [2, 1, 0]]
    assert (t.refcount, t.storage().refcount) == counts
    assert th.debug.live().tensors == before.tensors + 1
    del f
    assert th.debug.live() == before


# ------------------------------------------------------------ *_like
LIKE_SOURCES = {
    "contiguous": lambda: th.arange(24, dtype=th.int16).view(2, 3, 4),
    "permuted": lambda: th.arange(24, dtype=th.int16).view(2, 3, 4).permute(2, 0, 1),
    "strided": lambda: th.arange(24, dtype=th.int16).view(2, 3, 4)[:, ::2],
    "offset": lambda: th.arange(24, dtype=th.int16)[4:].view(4, 5),
    "expanded": lambda: th.arange(3, dtype=th.int16).expand(2, 3),
    "scalar": lambda: th.tensor(3, dtype=th.int16),
}
# torch's preserve_format: dense (non-overlapping) inputs keep their strides
LIKE_STRIDES = {"contiguous": (12, 4, 1), "permuted": (1, 12, 4), "strided": (8, 4, 1),
                "offset": (5, 1), "expanded": (3, 1), "scalar": ()}


@pytest.mark.parametrize("source", list(LIKE_SOURCES))
@pytest.mark.parametrize("dtype", [None, th.float64, th.bool])
def test_like_factories(source, dtype):
    t = LIKE_SOURCES[source]()
    want = t.dtype if dtype is None else dtype
    for make, value in [(th.zeros_like, 0), (th.ones_like, 1),
                        (lambda x, dtype: th.full_like(x, 7, dtype=dtype), 7),
                        (th.empty_like, None)]:
        r = make(t, dtype=dtype)
        assert r.shape == t.shape and r.dtype == want and r.stride() == LIKE_STRIDES[source]
        assert r.storage_offset() == 0 and not capi.same_storage(r, t)
        assert len(r.storage()) == t.numel()  # dense: no gaps
        if value is not None:
            np.testing.assert_array_equal(to_numpy(r), np.full(t.shape, value,
                                                               NUMPY_DTYPES[want]))


def test_full_like_converts_the_value_as_fill_and_is_tensor():
    assert th.full_like(th.zeros(2, dtype=th.int32), 7.9).tolist() == [7, 7]
    assert th.full_like(th.zeros(2), True, dtype=th.bool).tolist() == [True, True]
    assert th.is_tensor(th.zeros(1)) and th.is_tensor(th.zeros(2).t())
    assert not th.is_tensor([1]) and not th.is_tensor(np.zeros(1)) and not th.is_tensor(None)
    assert not th.is_tensor(th.zeros(1).storage())
