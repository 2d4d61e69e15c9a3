"""torch's function forms of the views (th.reshape, th.transpose, ...), their
*_copy forms, the splits (tensor_split, hsplit, vsplit, dsplit),
Tensor.view(dtype), Tensor.type(), the new_* factories, th.where(cond),
th.max/th.min of two tensors and the shift operators, against torch 2.13:
values, dtypes, shapes, the views' strides and offsets, and errors."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import th

from torch_compare import (DTYPES, check, pair, tensor_pairs, torch,
                           torch_dtype)
from th import _testcapi as capi


def dim_in(data, nd, extra=0):
    span = max(nd, 1) + extra
    return data.draw(st.integers(-span - 1, span), label="dim")  # sometimes out of range


# -------------------------------------------------------- views as functions
@given(tensor_pairs(), st.data())
def test_view_functions_match_torch(tensors, data):
    a, b = tensors
    nd = a.dim()
    d0, d1 = dim_in(data, nd), dim_in(data, nd)
    check(lambda: th.transpose(a, d0, d1), lambda: torch.transpose(b, d0, d1), geometry=True)
    check(lambda: th.unsqueeze(a, d0), lambda: torch.unsqueeze(b, d0), geometry=True)
    check(lambda: th.squeeze(a), lambda: torch.squeeze(b), geometry=True)
    check(lambda: th.squeeze(a, d0), lambda: torch.squeeze(b, d0), geometry=True)
    check(lambda: th.squeeze(a, (d0, d1)), lambda: torch.squeeze(b, (d0, d1)), geometry=True)
    check(lambda: th.flatten(a), lambda: torch.flatten(b))
    check(lambda: th.flatten(a, d0, d1), lambda: torch.flatten(b, d0, d1))
    check(lambda: th.ravel(a), lambda: torch.ravel(b))
    check(lambda: th.t(a), lambda: torch.t(b), geometry=True)
    # (th's conj is a copy, torch's a view with a flag)
    check(lambda: th.adjoint(a), lambda: torch.adjoint(b), geometry=not a.dtype.is_complex)
    check(lambda: th.diagonal(a), lambda: torch.diagonal(b), geometry=True)
    offset = data.draw(st.integers(-3, 3), label="offset")
    check(lambda: th.diagonal(a, offset, d0, d1), lambda: torch.diagonal(b, offset, d0, d1),
          geometry=True)
    check(lambda: th.numel(a), lambda: torch.numel(b))
    perm = data.draw(st.permutations(range(nd)), label="perm")
    check(lambda: th.permute(a, perm), lambda: torch.permute(b, perm), geometry=True)
    check(lambda: th.reshape(a, (-1,)), lambda: torch.reshape(b, (-1,)))
    check(lambda: th.reshape(a, list(reversed(a.shape))),
          lambda: torch.reshape(b, list(reversed(b.shape))))
    if nd:
        dim = data.draw(st.integers(-nd, nd - 1), label="narrowed")
        n = a.shape[dim]
        start = data.draw(st.integers(-n, n), label="start") if n else 0
        length = data.draw(st.integers(0, n + 1), label="length")
        check(lambda: th.narrow(a, dim, start, length), lambda: torch.narrow(b, dim, start, length),
              geometry=True)
        check(lambda: th.narrow_copy(a, dim, start, length),
              lambda: torch.narrow_copy(b, dim, start, length))
        index = data.draw(st.integers(-n - 1, n), label="index")
        check(lambda: th.select(a, dim, index), lambda: torch.select(b, dim, index),
              geometry=True)
        check(lambda: th.select_copy(a, dim, index), lambda: torch.select_copy(b, dim, index))


@given(tensor_pairs(), st.data())
def test_copy_functions_are_contiguous_copies(tensors, data):
    a, b = tensors
    nd = a.dim()
    d0, d1 = dim_in(data, nd), dim_in(data, nd)
    perm = data.draw(st.permutations(range(nd)), label="perm")
    cases = [
        (lambda x: th.transpose_copy(x, d0, d1), lambda y: torch.transpose_copy(y, d0, d1)),
        (lambda x: th.permute_copy(x, perm), lambda y: torch.permute_copy(y, perm)),
        (th.t_copy, torch.t_copy),
        (th.squeeze_copy, torch.squeeze_copy),
        (lambda x: th.squeeze_copy(x, d0), lambda y: torch.squeeze_copy(y, d0)),
        (lambda x: th.unsqueeze_copy(x, d0), lambda y: torch.unsqueeze_copy(y, d0)),
        (lambda x: th.diagonal_copy(x, 1, d0, d1), lambda y: torch.diagonal_copy(y, 1, d0, d1)),
        (lambda x: th.expand_copy(x, (2,) + x.shape),
         lambda y: torch.expand_copy(y, (2,) + y.shape)),
        (lambda x: th.view_copy(x.contiguous(), (-1,)),
         lambda y: torch.view_copy(y.contiguous(), (-1,))),
        (th.clone, torch.clone),
    ]
    for th_fn, torch_fn in cases:
        result = check(lambda: th_fn(a), lambda: torch_fn(b))
        if result is not None and th_fn is not th.clone:
            assert result.is_contiguous() and not capi.same_storage(result, a)


def test_copy_functions_of_strided_views():
    a, b = pair(np.arange(12.0))
    check(lambda: th.as_strided(a, (3, 2), (1, 3), 1),
          lambda: torch.as_strided(b, (3, 2), (1, 3), 1),
          geometry=True)
    check(lambda: th.as_strided_copy(a, (3, 2), (1, 3)),
          lambda: torch.as_strided_copy(b, (3, 2), (1, 3)), geometry=True)
    check(lambda: th.unfold_copy(a, 0, 4, 3), lambda: torch.unfold_copy(b, 0, 4, 3), geometry=True)


def test_function_forms_refuse_what_is_not_a_tensor():
    for name in ("reshape", "transpose", "permute", "squeeze", "unsqueeze", "flatten", "ravel",
                 "clone", "narrow", "select", "t", "adjoint", "diagonal", "numel"):
        with pytest.raises(TypeError, match="must be Tensor"):
            getattr(th, name)([1, 2], *{"reshape": [(2,)], "transpose": [0, 0],
                                        "permute": [(0,)], "unsqueeze": [0],
                                        "narrow": [0, 0, 1], "select": [0, 0]}.get(name, []))


def test_adjoint_conjugates_complex():
    a, b = pair(np.array([[1 + 2j, 3 - 1j]], dtype=np.complex64))
    check(lambda: th.adjoint(a), lambda: torch.adjoint(b).resolve_conj())
    check(lambda: a.adjoint(), lambda: b.adjoint().resolve_conj())


def test_ravel_is_a_view_when_contiguous():
    a = th.arange(6).view(2, 3)
    assert capi.same_storage(th.ravel(a), a) and capi.same_storage(a.ravel(), a)
    assert not capi.same_storage(th.ravel(a.t()), a)


# ------------------------------------------------------------- the splits
@given(tensor_pairs(min_dims=0, max_dims=3, max_side=6), st.data())
def test_tensor_split_matches_torch(tensors, data):
    a, b = tensors
    dim = dim_in(data, a.dim())
    sections = data.draw(st.integers(-1, 7), label="sections")
    check(lambda: th.tensor_split(a, sections, dim), lambda: torch.tensor_split(b, sections, dim),
          geometry=True)
    check(lambda: a.tensor_split(sections, dim), lambda: b.tensor_split(sections, dim),
          geometry=True)
    indices = data.draw(st.lists(st.integers(-8, 8), max_size=4), label="indices")
    check(lambda: th.tensor_split(a, indices, dim), lambda: torch.tensor_split(b, indices, dim),
          geometry=True)
    check(lambda: th.tensor_split(a, th.tensor(indices, dtype=th.int64), dim),
          lambda: torch.tensor_split(b, torch.tensor(indices, dtype=torch.int64), dim),
          geometry=True)


@given(tensor_pairs(min_dims=0, max_dims=4, max_side=4), st.data())
def test_hsplit_vsplit_dsplit_match_torch(tensors, data):
    a, b = tensors
    sections = data.draw(st.integers(1, 4), label="sections")
    indices = data.draw(st.lists(st.integers(-4, 4), max_size=3), label="indices")
    for name in ("hsplit", "vsplit", "dsplit"):
        for arg in (sections, indices):
            check(lambda: getattr(th, name)(a, arg), lambda: getattr(torch, name)(b, arg),
                  geometry=True)
            check(lambda: getattr(a, name)(arg), lambda: getattr(b, name)(arg), geometry=True)


# ------------------------------------------------------------ view(dtype)
VIEWABLE = [th.bool, th.uint8, th.int8, th.int16, th.int32, th.int64, th.float16, th.bfloat16,
            th.float32, th.float64, th.complex64, th.complex128, th.uint16, th.uint32,
            th.uint64]


@given(tensor_pairs(dtypes=[th.uint8, th.int16, th.int32, th.float32, th.float64,
                            th.complex64], max_side=4),
       st.sampled_from([d for d in VIEWABLE if d != th.bool]))  # (not every byte is a bool)
def test_view_dtype_matches_torch(tensors, dtype):
    a, b = tensors
    assert a.stride() == b.stride()  # views keep torch's strides, size-1 dims' too
    expected, error = None, None
    try:
        expected = b.view(torch_dtype(dtype))
    except RuntimeError:
        error = RuntimeError
    if error:
        with pytest.raises(th.Error):
            a.view(dtype)
        return
    result = a.view(dtype)
    assert result.dtype == dtype and result.shape == tuple(expected.shape)
    assert result.stride() == expected.stride()
    assert result.storage_offset() == expected.storage_offset()
    assert result.data_ptr() == a.data_ptr() + (result.storage_offset() * dtype.itemsize
                                                - a.storage_offset() * a.dtype.itemsize)
    # the same bytes: compare through uint8 copies of each element
    # (into fresh 1-d tensors: a one-element view may keep a last stride != 1)
    got = th.empty(result.numel(), dtype=dtype).copy_(result.reshape(-1)).view(th.uint8).numpy()
    want = torch.empty(expected.numel(), dtype=expected.dtype).copy_(
        expected.reshape(-1)).view(torch.uint8).numpy()
    np.testing.assert_array_equal(got, want)


def test_view_dtype_shares_memory_and_errors():
    a = th.zeros(2, 4, dtype=th.int32)
    v = a.view(th.int64)
    v[0, 0] = (7 << 32) | 5
    assert a[0].tolist()[:2] == [5, 7]
    assert a.view(th.int16).shape == (2, 8)
    assert th.tensor([1.0, 2.0]).view(th.complex64).tolist() == [1 + 2j]
    for bad, message in [
            (lambda: th.tensor(1).view(th.int32), r"self.dim\(\) cannot be 0 to view Long as Int"),
            (lambda: a[:, ::2].view(th.int64), r"self.stride\(-1\) must be 1"),
            (lambda: a[:, :3].view(th.int64), r"self.size\(-1\) must be divisible by 2"),
            (lambda: a[:, 1:3].view(th.int64), r"self.storage_offset\(\) must be divisible by 2"),
            (lambda: th.zeros(3, 3, dtype=th.int16)[:, :2].view(th.int32),
             r"self.stride\(0\) must be divisible by 2")]:
        with pytest.raises(th.Error, match=message):
            bad()
    with pytest.raises(TypeError):
        a.view("float32")


# -------------------------------------------------------------- type(), new_*
def test_type_names_and_conversions():
    for dtype in VIEWABLE:
        t = th.zeros(1, dtype=dtype)
        expected = torch.zeros(1, dtype=torch_dtype(dtype)).type()
        assert t.type() == expected.replace("torch.", "th.")
        assert t.type(t.type()) is t
        assert t.type(expected) is t
    t = th.arange(3, dtype=th.int32)
    assert t.type(th.float64).dtype == th.float64
    assert t.type("torch.DoubleTensor").tolist() == [0.0, 1.0, 2.0]
    assert t.type("th.ByteTensor").dtype == th.uint8
    for bad in ("torch.FooTensor", "float", "numpy.FloatTensor"):
        with pytest.raises(ValueError, match="invalid type"):
            t.type(bad)


@pytest.mark.parametrize("dtype", DTYPES)
def test_new_factories_match_torch(dtype):
    a, b = th.zeros(2, dtype=dtype), torch.zeros(2, dtype=torch_dtype(dtype))
    check(lambda: a.new_zeros(2, 3), lambda: b.new_zeros(2, 3))
    check(lambda: a.new_zeros((2, 3)), lambda: b.new_zeros((2, 3)))
    check(lambda: a.new_ones(4), lambda: b.new_ones(4))
    check(lambda: a.new_ones((), dtype=th.float64), lambda: b.new_ones((), dtype=torch.float64))
    check(lambda: a.new_full((2,), 1), lambda: b.new_full((2,), 1))
    check(lambda: a.new_full([1, 2], 3, dtype=th.int8), lambda: b.new_full([1, 2], 3,
                                                                         dtype=torch.int8))
    check(lambda: a.new_tensor([1, 0]), lambda: b.new_tensor([1, 0]))
    e, f = a.new_empty(3, 1), b.new_empty(3, 1)
    assert e.shape == tuple(f.shape) and e.dtype == dtype
    assert a.new_empty((0,), dtype=th.int16).dtype == th.int16


# ------------------------------------------- where(cond), max(a, b), shifts
@given(tensor_pairs())
def test_where_of_a_condition_alone_is_nonzero(tensors):
    a, b = tensors
    check(lambda: th.where(a), lambda: torch.where(b))


@given(tensor_pairs(dtypes=[th.int32, th.float32, th.float64], max_dims=3),
       tensor_pairs(dtypes=[th.int64, th.float32], max_dims=2))
def test_max_min_of_two_tensors_are_maximum_minimum(x, y):
    (a, b), (c, d) = x, y
    check(lambda: th.max(a, c), lambda: torch.max(b, d))
    check(lambda: th.min(a, c), lambda: torch.min(b, d))
    check(lambda: a.max(c), lambda: b.max(d))
    check(lambda: a.min(c), lambda: b.min(d))


def test_max_of_two_tensors_with_nan():
    a, b = pair(np.array([1.0, np.nan, 3.0]))
    c, d = pair(np.array([np.nan, 2.0, 1.0]))
    check(lambda: th.max(a, c), lambda: torch.max(b, d))
    check(lambda: th.min(a, c), lambda: torch.min(b, d))
    out = th.empty(3, dtype=th.float64)
    assert th.max(a, c, out=out) is out


SHIFTED = [th.uint8, th.int8, th.int16, th.int32, th.int64]


@pytest.mark.parametrize("dtype", SHIFTED)
def test_shifts_match_torch_past_the_bit_width(dtype):
    bits = dtype.itemsize * 8
    values = [0, 1, -1, 5, -128, 100, 127] if dtype.is_signed else [0, 1, 5, 100, 200, 255]
    amounts = list(range(0, bits + 3)) + [63, 64, 65, 100]
    if dtype.is_signed:
        amounts += [-1, -5, -bits, -100]
    x = np.array([v for v in values for _ in amounts], dtype=str(dtype).split(".")[-1])
    s = np.array([k for _ in values for k in amounts]).astype(x.dtype)
    (a, b), (c, d) = pair(x), pair(s)
    for op in ("__lshift__", "__rshift__"):
        check(lambda: getattr(a, op)(c), lambda: getattr(b, op)(d))
        for k in (0, 1, bits - 1, bits, bits + 1, 64, 70):
            check(lambda: getattr(a, op)(k), lambda: getattr(b, op)(k))
            check(lambda: getattr(th.tensor(k, dtype=dtype), op)(a),
                  lambda: getattr(torch.tensor(k, dtype=torch_dtype(dtype)), op)(b))
    check(lambda: a << 2.5, lambda: b << 2.5)  # floats refuse shifts in both


@given(tensor_pairs(dtypes=[th.float32, th.float64, th.complex64, th.complex128, th.int32],
                    max_dims=3, max_side=4))
def test_view_as_real_and_complex_match_torch(tensors):
    a, b = tensors
    assert a.stride() == b.stride()  # (as for view(dtype))
    real = check(lambda: th.view_as_real(a), lambda: torch.view_as_real(b), geometry=True)
    if real is not None:
        assert real.data_ptr() == a.data_ptr()  # the same memory (another C storage over it)
        check(lambda: th.view_as_complex(real), lambda: torch.view_as_complex(
            torch.view_as_real(b)), geometry=True)
    if a.dtype != th.int32:
        check(lambda: th.view_as_complex(a), lambda: torch.view_as_complex(b), geometry=True)
    for shape_a, index in [((5, 2), (slice(None, None, 2),)),
                           ((3, 4), (slice(None), slice(1, 3))),
                           ((3, 3), (slice(None), slice(1, 3))),
                           ((2, 4), (slice(None), slice(None, None, 2)))]:
        x, y = pair(np.zeros(shape_a, dtype=np.float32))
        check(lambda: th.view_as_complex(x[index]), lambda: torch.view_as_complex(y[index]),
              geometry=True)
    with pytest.raises(th.UnsupportedDtype):
        th.view_as_complex(th.zeros(2, dtype=th.float16))


@given(tensor_pairs(dtypes=[th.float32, th.int64, th.complex64, th.complex128], max_dims=3))
def test_real_and_imag_match_torch(tensors):
    a, b = tensors
    assert a.stride() == b.stride()  # (as for view(dtype))
    for fn in ("real", "imag"):
        result = check(lambda: getattr(th, fn)(a), lambda: getattr(torch, fn)(b), geometry=True)
        check(lambda: getattr(a, fn), lambda: getattr(b, fn), geometry=True)
        if result is not None and a.numel():
            assert a.dtype.is_complex or result is a
            result.fill_(7)  # a view: the parts change
            part = [getattr(complex(z), fn) for z in a.reshape(-1).tolist()]
            assert part == [7.0] * a.numel()
