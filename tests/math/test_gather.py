"""The gather family (index_select, gather, scatter_, index_copy_,
index_fill_, masked_select, masked_fill_, nonzero) and advanced indexing,
against numpy as the oracle (take, take_along_axis, put_along_axis, fancy
indexing), with torch's exception classes for bad input, and the C
functions' ownership (refcounts and live counts after success and error)."""
import math
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
from th import _testcapi as capi

from helpers import ALL_DTYPES, NUMPY_DTYPES, to_numpy

SETTINGS = settings(max_examples=60, deadline=None)


def arange(shape, dtype=th.float32):
    n = int(np.prod(shape))
    return th.tensor(np.arange(n).reshape(shape).tolist(), dtype=dtype) if n else th.empty(
        *shape, dtype=dtype)


def check(t, expected, copy=True):
    """t has expected's shape and values, and is a new contiguous tensor
    (copy) or may be a view."""
    expected = np.asarray(expected)
    assert t.shape == expected.shape
    assert t.is_contiguous() or not copy
    np.testing.assert_array_equal(to_numpy(t), expected)


shapes = st.lists(st.integers(1, 4), min_size=1, max_size=4).map(tuple)


@st.composite
def tensor_and_dim(draw):
    shape = draw(shapes)
    return shape, draw(st.integers(-len(shape), len(shape) - 1))


# ------------------------------------------------------------- index_select

@SETTINGS
@given(tensor_and_dim(), st.data())
def test_index_select_is_numpy_take(case, data):
    shape, dim = case
    size = shape[dim]
    index = data.draw(st.lists(st.integers(0, size - 1), max_size=6))
    a = np.arange(np.prod(shape)).reshape(shape)
    t = arange(shape, th.int64)
    check(t.index_select(dim, th.tensor(index, dtype=th.int64)), np.take(a, index, axis=dim))
    check(th.index_select(t, dim, th.tensor(index, dtype=th.int32)), np.take(a, index, axis=dim))


def test_index_select_of_a_strided_view_and_0_dim_cases():
    t = arange((4, 5)).transpose(0, 1)[1:, ::2]
    a = np.arange(20).reshape(4, 5).T[1:, ::2]
    check(t.index_select(1, th.tensor([1, 0, 1])), np.take(a, [1, 0, 1], axis=1))
    check(t.index_select(0, th.tensor(2)), a[2:3])  # a 0-dim index: one slice
    scalar = th.tensor(5.0)
    check(scalar.index_select(0, th.tensor([0])), 5.0)  # 0-dim, as torch
    check(scalar.index_select(-1, th.tensor(0)), 5.0)


def test_index_select_of_a_0_dim_tensor_is_torchs():
    """torch: a 0-dim input takes a 0-dim or 1-dim index of exactly one
    entry and gives a 0-dim result; any other count is a RuntimeError ("Index
    to scalar can have only 1 value"), an entry other than 0 an IndexError.
    Regression: th gave shape (1,) for a 1-dim index and took an empty one."""
    torch = pytest.importorskip("torch")
    indices = [[0], 0, [-1], -1, [1], 1, [0, 0], [], [[0]]]
    for dim in (0, -1, 1):
        for index in indices:
            results = []
            for lib in (th, torch):
                i = lib.tensor(index, dtype=lib.int64)
                try:
                    r = lib.index_select(lib.tensor(0.7), dim, i)
                    results.append((tuple(r.shape), r.tolist()))
                except (IndexError, RuntimeError) as e:
                    results.append(type(e))
            assert results[0] == results[1] or issubclass(results[0], results[1]), (
                dim, index, results)
    with pytest.raises(RuntimeError, match="Index to scalar can have only 1 value.*got 2"):
        th.index_select(th.tensor(0.7), 0, th.tensor([0, 0]))
    with pytest.raises(RuntimeError, match="got 0"):
        th.tensor(0.7).index_select(0, th.tensor([], dtype=th.int64))


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_every_dtype_moves_by_element_size(dtype):
    a = (np.arange(12).reshape(3, 4) % 2).astype(NUMPY_DTYPES[dtype])
    t = th.tensor(a.tolist(), dtype=dtype)
    idx = th.tensor([[2, 0, 1, 1]])
    check(t.index_select(0, th.tensor([2, 0])), a[[2, 0]])
    check(t.gather(0, idx), np.take_along_axis(a, np.array([[2, 0, 1, 1]]), 0))
    check(t[[1, 2], [3, 0]], a[[1, 2], [3, 0]])
    check(t.masked_select(th.tensor([True, False, False, True])), a[:, [True, False, False, True]].ravel())
    u = t.clone().index_fill_(1, th.tensor([0]), 1)
    expected = a.copy()
    expected[:, 0] = 1
    check(u, expected)
    check(t.nonzero(), np.argwhere(a))


# -------------------------------------------------------- gather, scatter_

@st.composite
def gather_case(draw):
    shape, dim = draw(tensor_and_dim())
    d = dim % len(shape)
    ishape = tuple(draw(st.integers(1, 5)) if i == d else draw(st.integers(1, s))
                   for i, s in enumerate(shape))
    index = draw(st.lists(st.integers(0, shape[d] - 1), min_size=int(np.prod(ishape)),
                          max_size=int(np.prod(ishape))))
    return shape, dim, np.array(index, dtype=np.int64).reshape(ishape)


@SETTINGS
@given(gather_case())
def test_gather_is_numpy_take_along_axis(case):
    shape, dim, index = case
    a = np.arange(np.prod(shape), dtype=np.float64).reshape(shape)
    # index may be smaller than a outside dim: the oracle sees that corner
    corner = a[tuple(slice(0, n) if i != dim % a.ndim else slice(None)
                     for i, n in enumerate(index.shape))]
    t = arange(shape, th.float64)
    check(t.gather(dim, th.tensor(index.tolist())), np.take_along_axis(corner, index, dim))
    check(th.gather(t, dim, th.from_numpy(index)), np.take_along_axis(corner, index, dim))


@SETTINGS
@given(tensor_and_dim(), st.data())
def test_scatter_is_numpy_put_along_axis(case, data):
    shape, dim = case
    d = dim % len(shape)
    a = np.zeros(shape)
    # distinct indices along dim (a permutation's prefix), so the order of writes does not matter
    keep = data.draw(st.integers(1, shape[d]))
    perm = np.argsort(np.random.default_rng(data.draw(st.integers(0, 99))).random(shape), axis=d)
    index = np.take(perm, np.arange(keep), axis=d)
    src = np.arange(1, index.size + 1, dtype=np.float64).reshape(index.shape)
    expected = a.copy()
    np.put_along_axis(expected, index, src, d)
    t = th.zeros(*shape, dtype=th.float64)
    assert t.scatter_(dim, th.from_numpy(index), th.from_numpy(src)) is t
    check(t, expected)
    np.put_along_axis(expected, index, -2.5, d)
    check(t.scatter(dim, th.from_numpy(index), -2.5), expected)
    check(t.scatter_(dim, th.from_numpy(index), value=-2.5), expected)


def test_scatter_src_may_be_larger_than_index_and_share_self_storage():
    t = arange((3, 4))
    # src is t itself, read in full before any write
    t.scatter_(1, th.tensor([[3, 2, 1, 0]]), t)
    check(t, [[3, 2, 1, 0], [4, 5, 6, 7], [8, 9, 10, 11]])
    u = th.zeros(2, 2).scatter_(0, th.tensor([[1, 0]]), th.ones(5, 5))
    check(u, [[0, 1], [1, 0]])


# --------------------------------------------------- index_copy_, index_fill_

@SETTINGS
@given(tensor_and_dim(), st.data())
def test_index_copy_and_index_fill_are_numpy_assignment(case, data):
    shape, dim = case
    d = dim % len(shape)
    index = data.draw(st.lists(st.integers(0, shape[d] - 1), unique=True, max_size=shape[d]))
    a = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    where = (slice(None),) * d + (index,)
    src_shape = shape[:d] + (len(index),) + shape[d + 1:]
    src = -np.arange(np.prod(src_shape), dtype=np.float32).reshape(src_shape)
    expected = a.copy()
    expected[where] = src
    t = arange(shape)
    assert t.index_copy_(dim, th.tensor(index, dtype=th.int64), th.from_numpy(src)) is t
    check(t, expected)
    negative = [i - shape[d] for i in index]  # index_fill_ counts them from the end
    expected[where] = 7
    assert t.index_fill_(dim, th.tensor(negative, dtype=th.int64), 7) is t
    check(t, expected)


def test_fill_values_keep_int64_exact_and_take_0_dim_tensors():
    big = 2**62 + 1
    t = th.zeros(3, dtype=th.int64)
    t.index_fill_(0, th.tensor([1]), big)
    t.masked_fill_(th.tensor([True, False, False]), th.tensor(big - 2))
    t.scatter_(0, th.tensor([2]), big + 2)
    assert t.tolist() == [big - 2, big, big + 2]
    u = th.zeros(2).masked_fill_(th.tensor([True, False]), 0.25)
    assert u.tolist() == [0.25, 0.0]
    # the double paths of the C API
    v = th.zeros(2, 2)
    capi.fill_double("scatterFill", v, th.tensor([[1, 0]]), 1, 1.5)
    capi.fill_double("indexFill", v, th.tensor([1]), 0, 2.5)
    capi.fill_double("maskedFill", v, th.tensor([True, False]), 3.5)
    assert v.tolist() == [[3.5, 1.5], [3.5, 2.5]]  # the mask broadcast over rows



@pytest.mark.parametrize("dtype, value", [
    (th.complex64, 1.5 - 2j), (th.complex128, -0.5 + 3j), (th.complex128, th.tensor(2j)),
    (th.uint64, 2**64 - 1), (th.uint64, 2**63 + 1)])
def test_fills_of_complex_and_uint64_values_are_numpys_assignment(dtype, value):
    """A complex value keeps its imaginary part, a uint64 beyond int64 its
    exact bits (both once went through a double), as numpy stores them."""
    number = value.item() if isinstance(value, th.Tensor) else value
    expected = np.zeros((2, 3), dtype=to_numpy(th.zeros(1, dtype=dtype)).dtype)
    expected[1] = number
    expected[0, 2] = number
    expected[:, 0] = number
    t = th.zeros(2, 3, dtype=dtype)
    t.masked_fill_(th.tensor([False, True]).view(2, 1), value)
    t.scatter_(1, th.tensor([[2]]), value=value)
    t.index_fill_(1, th.tensor([0]), value)
    np.testing.assert_array_equal(to_numpy(t), expected)


def test_a_complex_fill_of_a_real_tensor_is_refused_as_fill_():
    """Its imaginary part is not dropped: the ValueError of fill_."""
    for call in [lambda t: t.fill_(1 + 2j),
                 lambda t: t.masked_fill_(th.tensor([True, False]), 1 + 2j),
                 lambda t: t.index_fill_(0, th.tensor([0]), 1 + 2j),
                 lambda t: t.scatter_(0, th.tensor([0]), value=th.tensor(1 + 2j))]:
        t = th.zeros(2)
        with pytest.raises(ValueError, match="imaginary part is not 0"):
            call(t)
        assert t.tolist() == [0.0, 0.0]
    assert th.zeros(2).masked_fill_(th.tensor([True, False]), 1 + 0j).tolist() == [1.0, 0.0]


# ---------------------------------------------- masked_select, masked_fill_

@SETTINGS
@given(shapes, st.data())
def test_masked_select_and_fill_broadcast_as_numpy(shape, data):
    mshape = shape[data.draw(st.integers(0, len(shape))):]
    mshape = tuple(1 if data.draw(st.booleans()) else s for s in mshape)
    mask = np.array(data.draw(st.lists(st.booleans(), min_size=int(np.prod(mshape)),
                                       max_size=int(np.prod(mshape))))).reshape(mshape)
    a = np.arange(np.prod(shape), dtype=np.int32).reshape(shape)
    t = arange(shape, th.int32)
    m = th.from_numpy(mask)
    check(t.masked_select(m), np.broadcast_to(a, np.broadcast_shapes(a.shape, mask.shape))[
        np.broadcast_to(mask, np.broadcast_shapes(a.shape, mask.shape))])
    check(th.masked_select(m, th.ones(*shape, dtype=th.bool)), np.broadcast_to(mask, shape).ravel())
    check(t.masked_fill_(m, -1), np.where(mask, -1, a))


def test_nonzero_is_numpy_argwhere_with_negative_zero_and_nan():
    a = np.array([[0.0, -0.0, 1.0], [np.nan, 0.0, -2.0]], dtype=np.float32)
    check(th.from_numpy(a).nonzero(), np.argwhere(a))
    check(th.nonzero(th.tensor(3)), np.zeros((1, 0), dtype=np.int64))
    check(th.empty(0, 3).nonzero(), np.zeros((0, 2), dtype=np.int64))
    half = th.from_numpy(np.array([-0.0, 0.0, 2.0], dtype=np.float16))
    check(half.nonzero(), [[2]])
    check(th.tensor([-0.0, 0.0, 2.0], dtype=th.bfloat16).nonzero(), [[2]])


def test_nonzero_as_tuple_is_torchs():
    """as_tuple=True: one 1-dim int64 tensor per dim (numpy's nonzero); a
    0-dim input counts as one dim. Regression: th refused as_tuple."""
    torch = pytest.importorskip("torch")
    for values in ([[1, 0], [0, 3]], [[[0.0, 2.0, -0.0]], [[1.0, 0.0, 5.0]]], [0, 7, 0, 8], 5, 0,
                   [], [[True, False]]):
        a = np.array(values)
        for lib in (th, torch):
            t = lib.tensor(values)
            for r in (lib.nonzero(t, as_tuple=True), t.nonzero(as_tuple=True)):
                assert isinstance(r, tuple) and len(r) == max(t.dim(), 1)
                assert all(x.dtype is lib.int64 and x.dim() == 1 for x in r)
                expected = np.nonzero(a) if a.ndim else np.nonzero(a.reshape(1))
                assert [x.tolist() for x in r] == [e.tolist() for e in expected], (lib, values)
        assert th.nonzero(th.tensor(values), as_tuple=False).tolist() == \
            torch.nonzero(torch.tensor(values)).tolist()
    assert [x.tolist() for x in th.nonzero(th.zeros(2, 0, 3), as_tuple=True)] == [[], [], []]
    for bad in (None, 1):
        with pytest.raises(TypeError, match="'as_tuple' must be bool"):
            th.nonzero(th.ones(2), as_tuple=bad)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_nonzero_of_complex_counts_a_signed_zero_in_either_part_as_zero(dtype):
    a = np.array([0, complex(-0.0, 0.0), complex(0.0, -0.0), complex(-0.0, -0.0), 1j, 2,
                  complex(np.nan, 0)], dtype=dtype)
    check(th.from_numpy(a).nonzero(), np.argwhere(a))


# ------------------------------------------------------- advanced indexing

@st.composite
def advanced_index(draw):
    """An array and an index of slices, None, ..., integer arrays (the same
    broadcastable shape) and masks: no ints, where numpy and torch differ."""
    shape = draw(st.lists(st.integers(1, 4), min_size=1, max_size=4).map(tuple))
    items, dim, ellipsis = [], 0, False
    # index arrays of 1 or more dims (a 0-dim one is an int: see test_ints_select_first...)
    bshape = draw(st.lists(st.integers(1, 3), min_size=1, max_size=2).map(tuple))
    while dim < len(shape):
        kind = draw(st.sampled_from(["slice", "index", "mask", "none", "ellipsis", "stop"]))
        if kind == "stop":
            break
        if kind == "slice":
            start, stop = draw(st.integers(-5, 5)), draw(st.integers(-5, 5))
            items.append(slice(start, stop, draw(st.integers(1, 3))))
            dim += 1
        elif kind == "index":
            n = shape[dim]
            sub = bshape[draw(st.integers(0, len(bshape) - 1)):]
            values = draw(st.lists(st.integers(-n, n - 1), min_size=int(np.prod(sub)),
                                   max_size=int(np.prod(sub))))
            items.append(np.array(values, dtype=np.int64).reshape(sub))
            dim += 1
        elif kind == "mask" and not any(isinstance(i, np.ndarray) and i.dtype == bool
                                        for i in items):  # one mask: its count sets the shape
            k = draw(st.integers(1, len(shape) - dim))
            mshape = shape[dim:dim + k]
            items.append(np.array(draw(st.lists(st.booleans(), min_size=int(np.prod(mshape)),
                                                max_size=int(np.prod(mshape))))).reshape(mshape))
            dim += k
        elif kind == "none":
            items.append(None)
        elif kind == "ellipsis" and not ellipsis:
            items.append(Ellipsis)
            ellipsis = True
            dim = len(shape)  # the rest
    return shape, tuple(items)


def as_th_index(index, form):
    """The same index as th tensors, lists or numpy arrays."""
    def convert(item):
        if not isinstance(item, np.ndarray):
            return item
        if form == "tensor":
            return th.from_numpy(item)
        if form == "list":
            return item.tolist() if item.ndim else th.from_numpy(item)
        return item
    return tuple(convert(i) for i in index)


@settings(max_examples=150, deadline=None)
@given(advanced_index(), st.sampled_from(["tensor", "list", "numpy"]))
def test_advanced_getitem_is_numpy_fancy_indexing(case, form):
    shape, index = case
    a = np.arange(np.prod(shape), dtype=np.float64).reshape(shape)
    t = arange(shape, th.float64)
    try:
        expected = a[index]
    except IndexError:
        with pytest.raises(IndexError):
            t[as_th_index(index, form)]
        return
    result = t[as_th_index(index, form)]
    advanced = any(isinstance(i, np.ndarray) for i in index)
    check(result, expected, copy=advanced)
    if advanced:  # a copy, not a view
        assert result.storage().data_ptr() != t.storage().data_ptr() or result.numel() == 0


@pytest.mark.parametrize("form", ["tensor", "list", "numpy"])
def test_advanced_index_with_an_empty_result_and_unmergeable_strides(form):
    # the result (1, 2, 0) has contiguous strides (2, 1, 1), which do not
    # merge over the index dims: the walk must see there is nothing to do
    # (it walked an uninitialised plan and crashed before)
    shape = (4, 1, 1, 3)
    index = (None, np.array([[1], [3]]), np.array([[-1], [-1]]),
             np.array([[False, False, False]]))
    a = np.arange(12, dtype=np.float64).reshape(shape)
    t = arange(shape, th.float64)
    for _ in range(50):  # the uninitialised walk crashed only some of the time
        result = t[as_th_index(index, form)]
        check(result, a[index], copy=True)
    t[as_th_index(index, form)] = 7.0
    assert t.tolist() == a.tolist()


@settings(max_examples=100, deadline=None)
@given(advanced_index(), st.booleans())
def test_advanced_setitem_is_numpy_fancy_assignment(case, scalar):
    shape, index = case
    if not any(isinstance(i, np.ndarray) for i in index):
        return
    a = np.arange(np.prod(shape), dtype=np.float64).reshape(shape)
    try:
        target = a[index].shape
    except IndexError:
        return
    value = -1.5 if scalar else -np.arange(np.prod(target), dtype=np.float64).reshape(target)
    expected = a.copy()
    expected[index] = value
    t = arange(shape, th.float64)
    view = t[:]  # written through: a view sees it
    view[as_th_index(index, "tensor")] = value if scalar else th.from_numpy(value)
    check(t, expected, copy=False)


def test_ints_select_first_as_torch_does():
    """torch (unlike numpy) applies ints as basic indexing: t[0, :, [1, 2]]
    keeps the list's dim where it is."""
    t = arange((2, 3, 4))
    a = np.arange(24.0).reshape(2, 3, 4)
    check(t[0, :, [1, 2]], a[0][:, [1, 2]])
    check(t[[0, 1], :, 1], a[:, :, 1][[0, 1], :])
    check(t[1, [0, 1], None, 1:], a[1][[0, 1], None, 1:])
    check(t[th.tensor(1), [2]], a[1][[2]])
    check(t[np.int64(1), [2]], a[1][[2]])


def test_bool_scalars_and_0_dim_tensors():
    t = arange((2, 3))
    a = np.arange(6.0).reshape(2, 3)
    check(t[True], a[True])
    check(t[False], a[False])
    check(t[th.tensor(True), 1], a[True, 1])
    check(th.tensor(5.0)[True], np.float32(5.0)[None])
    check(t[np.bool_(True)], a[np.bool_(True)])
    check(t[[]], a[np.array([], dtype=np.int64)])
    check(t[th.tensor([], dtype=th.int64), 1:], a[[], 1:])


def test_uint8_tensors_are_masks_as_in_torch_with_a_warning():
    t = arange((2, 3))
    with pytest.warns(UserWarning, match="uint8 tensor .* deprecated"):
        r = t[th.tensor([0, 1], dtype=th.uint8)]
    check(r, [[3, 4, 5]])
    # a numpy uint8 array is an integer index, as numpy has it
    check(t[np.array([1, 0], dtype=np.uint8)], [[3, 4, 5], [0, 1, 2]])


def test_setitem_values_convert_to_self_dtype_and_broadcast():
    t = th.zeros(3, 4, dtype=th.int32)
    t[[0, 2]] = th.tensor([1.0, 2.0, 3.0, 4.0], dtype=th.float64)
    t[[1], 1:] = [7, 8, 9]
    t[th.tensor([[True, False, False, False]] * 3)] = 5
    check(t, [[5, 2, 3, 4], [5, 7, 8, 9], [5, 2, 3, 4]])
    with pytest.raises(ValueError):
        t[[0]] = 2**40  # int32 cannot hold it: as fill_
    with pytest.raises(RuntimeError, match="values of shape \\[2\\] cannot be broadcast"):
        t[[0, 1]] = th.tensor([1, 2], dtype=th.int32)
    with pytest.raises(RuntimeError, match="share memory"):
        th.zeros(3).expand(2, 3)[[0]] = 1.0
    check(t, [[5, 2, 3, 4], [5, 7, 8, 9], [5, 2, 3, 4]])  # unchanged by the failures


def test_duplicate_indices_in_setitem_last_write_wins():
    t = th.zeros(3)
    t[[0, 0, 2]] = th.tensor([1.0, 2.0, 3.0])
    a = np.zeros(3)
    a[[0, 0, 2]] = [1.0, 2.0, 3.0]
    check(t, a)


def test_advanced_values_may_share_self_storage():
    t = arange((4,))
    t[[0, 1, 2, 3]] = t.flip(0) if hasattr(t, "flip") else t[[3, 2, 1, 0]]
    check(t, [3, 2, 1, 0])
    u = arange((2, 3))
    u[[1, 0]] = u  # values is self: read in full first
    check(u, [[3, 4, 5], [0, 1, 2]])


def test_basic_indexing_still_returns_views():
    t = arange((3, 4))
    v = t[1, 1:3]
    assert v.storage().data_ptr() == t.storage().data_ptr()
    v[0] = -1
    assert t[1, 1].item() == -1


# ------------------------------------------------------------- bad inputs

def t34():
    return arange((3, 4))


BAD = [
    # (call, torch's exception class, message)
    (lambda: t34().index_select(0, th.tensor([3])), IndexError, "index 3 is out of bounds for dim 0 with size 3"),
    (lambda: t34().index_select(0, th.tensor([-1])), IndexError, "index -1 is out of bounds"),
    (lambda: t34().index_select(2, th.tensor([0])), IndexError, "dim 2 out of range"),
    (lambda: t34().index_select(0, th.tensor([1.0])), RuntimeError, "index must be an int64 \\(or int32\\) tensor, got float32"),
    (lambda: t34().index_select(0, th.tensor([[1]])), IndexError, "index must be 0- or 1-dim, got 2 dims"),
    (lambda: t34().index_select(0, [1]), TypeError, "index"),
    (lambda: t34().gather(1, th.tensor([[4]])), RuntimeError, "index 4 is out of bounds for dim 1 with size 4"),
    (lambda: t34().gather(1, th.tensor([[-1]])), RuntimeError, "index -1 is out of bounds"),
    (lambda: t34().gather(1, th.tensor([0, 1])), RuntimeError, "index must have as many dims as self \\(2\\), got 1"),
    (lambda: t34().gather(1, th.tensor([[0]] * 4)), RuntimeError, "index's size 4 at dim 0 is larger than self's 3"),
    (lambda: t34().gather(-3, th.tensor([[0]])), IndexError, "dim -3 out of range"),
    (lambda: t34().gather(0, th.tensor([[0]], dtype=th.int16)), RuntimeError, "got int16"),
    (lambda: t34().scatter_(1, th.tensor([[4]]), 1.0), RuntimeError, "index 4 is out of bounds"),
    (lambda: t34().scatter_(1, th.tensor([[0, 1]]), th.ones(1, 1)), RuntimeError, "index's size 2 at dim 1 is larger than src's 1"),
    (lambda: t34().scatter_(1, th.tensor([[0]]), th.ones(1, 1, dtype=th.float64)), RuntimeError, "src must have self's dtype float32, got float64"),
    (lambda: t34().scatter_(1, th.tensor([[0]])), TypeError, "either src .* or value"),
    (lambda: t34().scatter_(1, th.tensor([[0]]), [1.0]), TypeError, "scatter_: value must be a number or a 0-dim tensor, got list"),
    (lambda: th.zeros(3, dtype=th.uint8).scatter_(0, th.tensor([0]), 300), ValueError, "300"),
    (lambda: t34().index_copy_(0, th.tensor([3]), th.ones(1, 4)), IndexError, "index 3 is out of bounds"),
    (lambda: t34().index_copy_(0, th.tensor([-1]), th.ones(1, 4)), IndexError, "index -1 is out of bounds"),
    (lambda: t34().index_copy_(0, th.tensor([0, 1]), th.ones(3, 4)), IndexError, "number of indices \\(2\\) must equal src's size at dim 0 \\(3\\)"),
    (lambda: t34().index_copy_(0, th.tensor([0]), th.ones(1, 5)), RuntimeError, "src's size 5 at dim 1 differs from self's 4"),
    (lambda: t34().index_copy_(0, th.tensor([0]), th.ones(4)), RuntimeError, "src must have as many dims as self"),
    (lambda: t34().index_copy_(0, th.tensor([0]), th.ones(1, 4, dtype=th.int64)), RuntimeError, "src must have self's dtype"),
    (lambda: t34().index_fill_(0, th.tensor([3]), 1), IndexError, "index 3 is out of bounds"),
    (lambda: t34().index_fill_(0, th.tensor([-4]), 1), IndexError, "index -4 is out of bounds"),
    (lambda: t34().index_fill_(0, th.tensor([0]), th.tensor([1.0])), RuntimeError, "only supports a 0-dim value tensor"),
    (lambda: t34().masked_select(th.tensor([1, 0, 1, 0], dtype=th.uint8)), RuntimeError, "mask must be a bool tensor, got uint8"),
    (lambda: t34().masked_select(th.tensor([True] * 3)), RuntimeError, "mask of shape \\[3\\] does not broadcast with src of shape \\[3, 4\\]"),
    (lambda: t34().masked_fill_(th.tensor([1, 0, 1, 0], dtype=th.uint8), 0), RuntimeError, "mask must be a bool tensor"),
    (lambda: t34()[0].masked_fill_(th.ones(3, 4, dtype=th.bool), 0), RuntimeError, "mask of shape \\[3, 4\\] cannot be broadcast to \\[4\\]"),
    (lambda: th.zeros(1).expand(3).masked_fill_(th.ones(3, dtype=th.bool), 1), RuntimeError, "share memory"),
    (lambda: t34()[[3]], IndexError, "index 3 is out of bounds for dim 0 with size 3"),
    (lambda: t34()[:, [-5]], IndexError, "index -5 is out of bounds for dim 1 with size 4"),
    (lambda: t34()[[0, 1], [0, 1, 2]], IndexError, "shape mismatch"),
    (lambda: t34()[th.tensor([1.0])], IndexError, "must be int64, int32 or bool"),
    (lambda: t34()[[1.5]], IndexError, "must be int64, int32 or bool"),
    (lambda: t34()[th.tensor([1], dtype=th.int16)], IndexError, "must be int64, int32 or bool"),
    (lambda: t34()[th.tensor([True, False])], IndexError, "shape of the mask \\[2\\] does not match the shape \\[3\\]"),
    (lambda: t34()[[0], [0], [0]], IndexError, "too many indices for a tensor of dimension 2: 3"),
    (lambda: th.tensor(5.0)[[0]], IndexError, "too many indices for a tensor of dimension 0"),
    (lambda: t34()[[0], ..., [1], ...], IndexError, "single ellipsis"),
    (lambda: t34()[{0}], IndexError, "got set"),
]


@pytest.mark.parametrize("call, exc, message", BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_input_raises_torchs_exception_with_a_useful_message(call, exc, message):
    before = th.debug.live()
    with pytest.raises(exc, match=message):
        call()
    assert th.debug.live() == before


def test_a_failing_scatter_leaves_self_unchanged():
    t = arange((3, 4))
    with pytest.raises(RuntimeError):
        t.scatter_(1, th.tensor([[0, 1, 2, 9]]), -1.0)  # the last index is bad
    check(t, np.arange(12.0).reshape(3, 4))
    with pytest.raises(IndexError):
        t[[0, 1, 5]] = 0.0
    check(t, np.arange(12.0).reshape(3, 4))


# ------------------------------------------------- the C API's ownership

def results_calls():
    """(name, args maker, call) of every C function of THTensorIndex.h,
    returning what it made (or None for in-place ones)."""
    idx = lambda: th.tensor([[1, 0, 2, 0]])  # noqa: E731
    return [
        ("newIndexSelect", lambda: (t34(), th.tensor([2, 0])), lambda t, i: t.index_select(0, i)),
        ("newGather", lambda: (t34(), idx()), lambda t, i: t.gather(0, i)),
        ("newMaskedSelect", lambda: (t34(), th.tensor([True, False, True, True])),
         lambda t, m: t.masked_select(m)),
        ("newNonzero", lambda: (t34(),), lambda t: t.nonzero()),
        ("newIndex", lambda: (t34(), th.tensor([2, 1])), lambda t, i: capi.new_index(t, [None, i])),
        ("indexSelect", lambda: (th.empty(0), t34(), th.tensor([1])),
         lambda r, t, i: capi.into_result("indexSelect", r, t, 0, i)),
        ("gather", lambda: (th.empty(0), t34(), idx()),
         lambda r, t, i: capi.into_result("gather", r, t, 0, i)),
        ("maskedSelect", lambda: (th.empty(0), t34(), th.tensor([True, False, True, True])),
         lambda r, t, m: capi.into_result("maskedSelect", r, t, m)),
        ("scatter", lambda: (t34(), idx(), t34()), lambda t, i, s: t.scatter_(0, i, s)),
        ("scatter (src is self)", lambda: (t34(), idx()), lambda t, i: t.scatter_(0, i, t)),
        ("scatterFillInt64", lambda: (t34(), idx()), lambda t, i: t.scatter_(0, i, 1)),
        ("indexCopy", lambda: (t34(), th.tensor([2, 0]), th.ones(2, 4)),
         lambda t, i, s: t.index_copy_(0, i, s)),
        ("indexCopy (src is self)", lambda: (t34(), th.tensor([2, 0, 1])),
         lambda t, i: t.index_copy_(0, i, t)),
        ("indexFillInt64", lambda: (t34(), th.tensor([2, -3])), lambda t, i: t.index_fill_(0, i, 1)),
        ("maskedFillInt64", lambda: (t34(), th.tensor([True, False, True, True])),
         lambda t, m: t.masked_fill_(m, 1)),
        ("scatterFillElement", lambda: (th.zeros(3, 4, dtype=th.complex64), idx()),
         lambda t, i: t.scatter_(0, i, 1j)),
        ("indexFillElement", lambda: (th.zeros(3, 4, dtype=th.complex64), th.tensor([2, -3])),
         lambda t, i: t.index_fill_(0, i, 1j)),
        ("maskedFillElement", lambda: (th.zeros(3, 4, dtype=th.complex64),
                                       th.tensor([True, False, True, True])),
         lambda t, m: t.masked_fill_(m, 1j)),
        ("indexPut", lambda: (t34(), th.ones(2, 4)), lambda t, v: t.__setitem__([2, 0], v)),
        ("indexPut (values copied)", lambda: (t34(), arange((2, 2))),
         lambda t, v: t.__setitem__(([[0], [1]], [1, 2]), v.transpose(0, 1))),
        ("indexPut (values is self)", lambda: (t34(),), lambda t: t.__setitem__([2, 0, 1], t)),
    ]


@pytest.mark.parametrize("name, make, call", results_calls(), ids=lambda x: x if isinstance(x, str) else "")
def test_c_functions_leave_their_arguments_refcounts_and_return_one_reference(name, make, call):
    args = make()
    refs = [(a.refcount, a.storage().refcount) for a in args]
    before = th.debug.live()
    result = call(*args)
    assert [(a.refcount, a.storage().refcount) for a in args] == refs
    if name.startswith("new"):
        assert result.refcount == 1 and result.storage().refcount == 2  # ours + .storage()'s
        assert th.debug.live().tensors == before.tensors + 1
        del result
        assert th.debug.live() == before
    else:  # nothing kept, nothing made (a result form may grow result's storage)
        assert th.debug.live()[:2] == before[:2]


def test_result_forms_resize_and_check_the_dtype():
    r = th.empty(7)
    capi.into_result("indexSelect", r, t34(), 1, th.tensor([3, 0]))
    check(r, [[3, 0], [7, 4], [11, 8]])
    before = th.debug.live()
    with pytest.raises(RuntimeError, match="result must have self's dtype float32, got int64"):
        capi.into_result("gather", th.empty(1, dtype=th.int64), t34(), 0, th.tensor([[0]]))
    with pytest.raises(IndexError, match="out of bounds"):
        capi.into_result("indexSelect", r, t34(), 0, th.tensor([9]))
    check(r, [[3, 0], [7, 4], [11, 8]])  # unchanged
    assert th.debug.live() == before
    with pytest.raises(IndexError, match="no index tensor given"):
        capi.new_index(t34(), [None, None])


def test_result_forms_write_a_result_of_the_shape_through_its_strides():
    # a result that has the shape already keeps its strides (a strided view
    # is written in place, as torch's out=); another shape makes it contiguous
    base = th.zeros(3, 4)
    capi.into_result("indexSelect", base[:, ::2], t34(), 1, th.tensor([3, 0]))
    check(base, [[3, 0, 0, 0], [7, 0, 4, 0], [11, 0, 8, 0]])
    base = th.zeros(2, 3)
    capi.into_result("gather", base.t(), t34(), 1, th.tensor([[0, 1], [1, 2], [3, 3]]))
    check(base, [[0, 5, 11], [1, 6, 11]])
    base = th.zeros(8)
    capi.into_result("maskedSelect", base[::2], t34(), t34() % 3 == 0)
    check(base, [0, 0, 3, 0, 6, 0, 9, 0])
    with pytest.raises(RuntimeError, match="share memory"):
        capi.into_result("indexSelect", th.zeros(1).expand(3, 2), t34(), 1, th.tensor([3, 0]))
    frozen = np.zeros((3, 2), np.float32)
    frozen.flags.writeable = False
    for name, args in (("indexSelect", (1, th.tensor([3, 0]))),
                       ("gather", (1, th.zeros(3, 2, dtype=th.int64))),
                       ("maskedSelect", (t34() < 6,))):  # (6 elements: resized, refused)
        with pytest.raises(RuntimeError, match="read-only"):
            capi.into_result(name, th.from_numpy(frozen), t34(), *args)
    assert not frozen.any()


@pytest.mark.parametrize("shape, mask_shape, lead", [
    ((1, 3), (0, 3), ()), ((2, 3), (0,), ()), ((2, 3), (2, 0), ()), ((2, 3), (0, 0), ()),
    ((4, 2, 3), (0, 3), (1,)), ((1,), (0,), ())])
def test_an_empty_mask_selects_nothing_as_numpy(shape, mask_shape, lead):
    """docs/TORCH.md: a mask with a size-0 dim indexes dims of any size (torch refuses)."""
    a = np.arange(math.prod(shape)).reshape(shape)
    t = th.tensor(a)
    mask = np.zeros(mask_shape, dtype=bool)
    index = tuple(0 for _ in lead) + (mask,)
    got = t[tuple(0 for _ in lead) + (th.tensor(mask),)]
    assert got.shape == a[index].shape and got.tolist() == a[index].tolist()
    t[tuple(0 for _ in lead) + (th.tensor(mask),)] = 7
    assert t.tolist() == a.tolist()
    with pytest.raises(IndexError, match="shape of the mask"):  # a size that is not 0
        t[th.zeros((0,) * (len(shape) - 1) + (shape[-1] + 1,), dtype=th.bool)]


# ------------------------------------------- index tables, big and threaded

@pytest.mark.parametrize("index_dtype", [np.int64, np.int32])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int16, np.complex128])
def test_fancy_indexing_through_index_tables_is_numpys(dtype, index_dtype):
    # a table is made run by run of the index's innermost dim (strided and
    # broadcast indices, negative entries, two indices added); gathers along
    # the innermost dim have a loop per element size
    rng = np.random.default_rng(3)
    a = (rng.standard_normal((6, 7, 9)) * 100).astype(dtype)
    t = th.from_numpy(a)
    i = rng.integers(-6, 6, (4, 5)).astype(index_dtype)
    j = rng.integers(-9, 9, (5,)).astype(index_dtype)
    ti, tj = th.from_numpy(i), th.from_numpy(j)
    check(t[ti], a[i])
    check(t[:, :, tj], a[:, :, j])
    check(t[ti, :, tj], a[i, :, j])  # two indices broadcast: (4, 5) and (5,)
    check(t[:, 2, tj], a[:, 2, j])
    ib = np.ascontiguousarray(i[:, ::2])  # a strided index and one broadcast over rows
    check(t[th.from_numpy(i)[:, ::2]], a[ib])
    check(t[:, th.from_numpy(j).expand(3, 5)], a[:, np.broadcast_to(j, (3, 5))])
    check(th.index_select(t, 2, tj.abs()), np.take(a, np.abs(j), 2))


@pytest.mark.parametrize("threads", [1, 2])
def test_big_gathers_are_numpys_on_any_thread_count(threads):
    # reads of 4 MiB or more are split over dim 0 across threads
    rng = np.random.default_rng(4)
    a = rng.standard_normal((1024, 1500)).astype(np.float32)
    rows, cols = rng.integers(0, 1024, 1100), rng.integers(-1500, 1500, 1300)
    v = rng.standard_normal(1 << 21)
    vi = rng.integers(0, 1 << 21, (3, 1 << 19))
    before = th.get_num_threads()
    th.set_num_threads(threads)
    try:
        t = th.from_numpy(a)
        check(t[th.from_numpy(rows)], a[rows])
        check(t[:, th.from_numpy(cols)], a[:, cols])
        check(th.index_select(t, 1, th.from_numpy(cols % 1500)), a[:, cols % 1500])
        check(th.from_numpy(v)[th.from_numpy(vi)], v[vi])
        check(th.from_numpy(v).take(th.from_numpy(vi)), np.take(v, vi))
    finally:
        th.set_num_threads(before)


def test_the_first_entry_out_of_range_is_named_in_a_big_index():
    t = th.zeros(10, 4)
    idx = np.zeros(100_000, np.int64)
    idx[70_000], idx[90_000] = 12, -11
    with pytest.raises(IndexError, match="index 12 is out of bounds for dim 0 with size 10"):
        t[th.from_numpy(idx)]
    idx[70_000] = 0
    with pytest.raises(IndexError, match="index -11 is out of bounds for dim 0 with size 10"):
        t[th.from_numpy(idx)]
    with pytest.raises(IndexError, match="index -11 is out of bounds for dim 0 with size 10"):
        th.index_select(t, 0, th.from_numpy(idx))
