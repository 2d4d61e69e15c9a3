"""Matrix products: th.mm, bmm, mv, dot, matmul (@) and addmm,
addmv, addr, baddbmm, addbmm against numpy as the oracle, for every layout
BLAS takes as is or transposed and those it cannot (copied), every dtype
(BLAS and the blocked loop), empty shapes and k = 0, out= and the in-place
forms; torch (when installed) for result dtypes and shapes; bad input; and
the C functions' ownership (refcounts and live counts)."""
import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
from th import _testcapi as capi

from helpers import NUMPY_DTYPES, to_numpy

SETTINGS = settings(max_examples=60, deadline=None)
BLAS_DTYPES = [th.float32, th.float64, th.complex64, th.complex128]
LOOP_DTYPES = [th.uint8, th.int8, th.int16, th.int32, th.int64, th.uint16, th.uint32,
               th.uint64, th.float16]
LAYOUTS = ["contiguous", "transposed", "sliced", "strided", "column_slice", "expanded"]


def values(shape, seed=0, dtype=th.float32):
    """Small integers (exact in every dtype and every sum below), as numpy."""
    rng = np.random.default_rng(seed)
    low = 0 if dtype in (th.uint8, th.uint16, th.uint32, th.uint64) else -3
    v = rng.integers(low, 4, size=shape)
    if dtype.is_complex:
        v = v + 1j * rng.integers(-3, 4, size=shape)
    return v


def make(v, dtype=th.float32, layout="contiguous"):
    """A th tensor holding v (its last two dims, or its one dim, laid out as
    layout says) and numpy's copy of v in dtype."""
    np_dtype = NUMPY_DTYPES.get(dtype, np.float32)
    v = np.asarray(v).astype(np_dtype)

    def th_of(a):
        t = th.tensor(a.tolist(), dtype=dtype) if a.size else th.empty(*a.shape, dtype=dtype)
        return t.reshape(*a.shape)

    if v.ndim == 0 or layout == "contiguous":
        return th_of(v), v
    if layout == "transposed" and v.ndim >= 2:
        return th_of(np.ascontiguousarray(np.swapaxes(v, -1, -2))).transpose(-1, -2), v
    if layout == "sliced":  # every other element of each dim
        big = np.zeros(tuple(2 * s for s in v.shape), np_dtype)
        big[tuple(slice(None, None, 2) for _ in v.shape)] = v
        return th_of(big)[tuple(slice(None, None, 2) for _ in v.shape)], v
    if layout == "strided" and v.ndim >= 2:  # transposed and sliced: no unit stride
        t, _ = make(np.swapaxes(v, -1, -2), dtype, "sliced")
        return t.transpose(-1, -2), v
    if layout == "column_slice":  # rows longer than the matrix (ld > cols)
        big = np.zeros(v.shape[:-1] + (v.shape[-1] + 3,), np_dtype)
        big[..., 1:v.shape[-1] + 1] = v
        return th_of(big)[..., 1:v.shape[-1] + 1], v
    if layout == "expanded":  # the first row repeated (stride 0)
        first = v[..., :1, :] if v.ndim >= 2 else v[:1]
        v = np.broadcast_to(first, v.shape).copy()
        return th_of(np.ascontiguousarray(first)).expand(*v.shape), v
    return th_of(v), v


def cast(t, dtype):
    """A copy of t in dtype (th.Tensor has .float() only)."""
    return th.empty(*t.shape, dtype=dtype).copy_(t)


def check(t, expected, dtype):
    """t has expected's shape and (exactly: small integer sums) values."""
    expected = np.asarray(expected)
    assert t.dtype == dtype
    assert t.shape == expected.shape
    got = to_numpy(t.float()) if dtype == th.bfloat16 else to_numpy(t)
    np.testing.assert_array_equal(got, expected.astype(got.dtype))


def oracle(a, b, np_dtype):
    """numpy's product in a wide type, then cast as th stores it (integers
    wrap)."""
    wide = np.complex128 if np.issubdtype(np_dtype, np.complexfloating) else (
        np.float64 if np.issubdtype(np_dtype, np.floating) else np.int64)
    return np.matmul(a.astype(wide), b.astype(wide)).astype(np_dtype)


dims = st.integers(0, 6)


# ------------------------------------------------------------------- mm

@SETTINGS
@given(dims, dims, dims, st.sampled_from(LAYOUTS), st.sampled_from(LAYOUTS),
       st.sampled_from(BLAS_DTYPES + LOOP_DTYPES + [th.bfloat16]), st.integers(0, 9))
def test_mm_is_numpy_matmul_for_any_layout_and_dtype(n, k, p, la, lb, dtype, seed):
    a, na = make(values((n, k), seed, dtype), dtype, la)
    b, nb = make(values((k, p), seed + 1, dtype), dtype, lb)
    r = th.mm(a, b)
    check(r, oracle(na, nb, na.dtype), dtype)
    assert r.is_contiguous()


@pytest.mark.parametrize("dtype", [th.float32, th.float64])
def test_mm_of_random_values_is_numpy_within_rounding(dtype):
    rng = np.random.default_rng(1)
    for n, k, p in [(1, 1, 1), (7, 300, 5), (65, 33, 129), (200, 1, 3)]:
        x = rng.standard_normal((n, k)).astype(NUMPY_DTYPES[dtype])
        y = rng.standard_normal((k, p)).astype(NUMPY_DTYPES[dtype])
        got = th.mm(th.from_numpy(x), th.from_numpy(np.asfortranarray(y)))
        np.testing.assert_allclose(got.numpy(), x @ y, rtol=1e-4 if dtype == th.float32 else 1e-12,
                                   atol=1e-4 if dtype == th.float32 else 1e-12)


def test_integer_products_wrap_as_the_dtype():
    a = th.tensor([[200, 100]], dtype=th.uint8)
    b = th.tensor([[2], [1]], dtype=th.uint8)
    assert th.mm(a, b).tolist() == [[(400 + 100) % 256]]
    big = th.tensor([[2 ** 62, 2 ** 62]], dtype=th.int64)
    assert th.mm(big, th.tensor([[2], [2]])).tolist() == [[0]]  # 2^65 wraps to 0


def test_float16_sums_in_float32_and_rounds_once():
    # 2048 + 1 + 1 in float16 steps would stay 2048; one rounding of 2050 is exact
    a = th.tensor([[2048, 1, 1]], dtype=th.float16)
    assert th.mm(a, th.ones(3, 1, dtype=th.float16)).tolist() == [[2050.0]]


# -------------------------------------------------- the add* family

@SETTINGS
@given(dims, dims, dims, st.sampled_from(LAYOUTS), st.sampled_from(BLAS_DTYPES + [th.int64]),
       st.sampled_from([0, 1, 2, -1]), st.sampled_from([1, 3, -2]),
       st.sampled_from(["full", "row", "column", "scalar"]))
def test_addmm_is_beta_input_plus_alpha_product(n, k, p, layout, dtype, beta, alpha, shape):
    a, na = make(values((n, k), 1, dtype), dtype, layout)
    b, nb = make(values((k, p), 2, dtype), dtype)
    input_shape = {"full": (n, p), "row": (p,), "column": (n, 1), "scalar": ()}[shape]
    t, nt = make(values(input_shape, 3, dtype), dtype)
    r = th.addmm(t, a, b, beta=beta, alpha=alpha)
    check(r, beta * nt + alpha * oracle(na, nb, na.dtype), dtype)
    assert to_numpy(t).tolist() == nt.tolist()  # input not written


def test_k_zero_gives_beta_times_input_and_zeros():
    t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
    a, b = th.empty(2, 0), th.empty(0, 2)
    assert th.addmm(t, a, b, beta=0.5).tolist() == [[0.5, 1.0], [1.5, 2.0]]
    assert th.mm(a, b).tolist() == [[0.0, 0.0], [0.0, 0.0]]
    assert th.mm(cast(a, th.int64), cast(b, th.int64)).tolist() == [[0, 0], [0, 0]]
    assert th.addbmm(t, th.empty(0, 2, 3), th.empty(0, 3, 2), beta=2).tolist() == [
        [2.0, 4.0], [6.0, 8.0]]
    assert th.dot(th.empty(0), th.empty(0)).item() == 0.0


@pytest.mark.parametrize("dtype", [th.float32, th.int32])
def test_beta_zero_does_not_read_the_input(dtype):
    t = th.full((2, 2), float("nan")) if dtype == th.float32 else th.full(
        (2, 2), 7, dtype=dtype)
    a = th.ones(2, 3, dtype=dtype)
    assert th.addmm(t, a, a.t(), beta=0).tolist() == [[3, 3], [3, 3]]


@pytest.mark.parametrize("dtype", BLAS_DTYPES)
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "sliced"])
def test_vector_products_run_as_gemv_and_dot_with_blas_rules(dtype, layout):
    """A product with one result column or row is a gemv and a 1 x 1 one a
    dot: beta 0 still does not read the input (its NaNs), in place as out
    of place, whatever the matrix's layout, and the results are numpy's."""
    mat, nmat = make(values((5, 7), 1, dtype), dtype, layout)
    vec, nvec = make(values((7,), 2, dtype), dtype, "sliced")
    row, nrow = make(values((5,), 3, dtype), dtype, "sliced")
    nan = th.full((5,), float("nan")).to(dtype)
    check(th.addmv(nan, mat, vec, beta=0, alpha=2), 2 * (nmat @ nvec), dtype)
    check(nan.clone().addmv_(mat, vec, beta=0), nmat @ nvec, dtype)
    check(row @ mat, nrow @ nmat, dtype)
    check(mat.t() @ row, nmat.T @ nrow, dtype)
    check(th.addmm(th.full((1, 7), float("nan")).to(dtype), row.unsqueeze(0), mat, beta=0),
          (nrow @ nmat)[None], dtype)
    one = th.full((1, 1), float("nan")).to(dtype)
    check(th.addmm(one, row.unsqueeze(0), row.unsqueeze(1), beta=0), [[nrow @ nrow]], dtype)
    check(th.addmm(th.ones(1, 1).to(dtype), row.unsqueeze(0), row.unsqueeze(1), beta=3,
                   alpha=2), [[3 + 2 * (nrow @ nrow)]], dtype)
    check(th.dot(vec, vec), nvec @ nvec, dtype)
    expanded = th.ones(1).to(dtype).expand(7)  # stride 0: BLAS cannot walk it, copied
    check(mat @ expanded, nmat @ np.ones(7, dtype=nmat.dtype), dtype)


ZERO_ALPHA_FORMS = {
    "addmm": lambda lib, i, m: lib.addmm(i, m, m, alpha=0),
    "addmm beta=0": lambda lib, i, m: lib.addmm(i, m, m, beta=0, alpha=0),
    "addmm_": lambda lib, i, m: i.clone().addmm_(m, m, alpha=0),
    "Tensor.addmm": lambda lib, i, m: i.addmm(m, m, alpha=0),
    "addmm out": lambda lib, i, m: lib.addmm(i, m, m, alpha=0, out=lib.empty(2, 2, dtype=i.dtype)),
    "addmv": lambda lib, i, m: lib.addmv(i[0], m, m[0], alpha=0),
    "addmv_": lambda lib, i, m: i[0].clone().addmv_(m, m[0], alpha=0),
    "addr": lambda lib, i, m: lib.addr(i, m[0], m[:, 0], alpha=0),
    "addr_": lambda lib, i, m: i.clone().addr_(m[0], m[:, 0], alpha=0),
    "baddbmm": lambda lib, i, m: lib.baddbmm(i.expand(3, 2, 2), m.expand(3, 2, 2),
                                              m.expand(3, 2, 2), alpha=0),
    "baddbmm_": lambda lib, i, m: i.expand(3, 2, 2).clone().baddbmm_(
        m.expand(3, 2, 2), m.expand(3, 2, 2), alpha=0),
    "addbmm": lambda lib, i, m: lib.addbmm(i, m.expand(3, 2, 2), m.expand(3, 2, 2), alpha=0),
    "addbmm_": lambda lib, i, m: i.clone().addbmm_(m.expand(3, 2, 2), m.expand(3, 2, 2),
                                                   alpha=0),
}


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "complex64", "complex128"])
@pytest.mark.parametrize("form", list(ZERO_ALPHA_FORMS))
def test_alpha_zero_keeps_the_products_nan_and_inf(form, dtype):
    """0 * (a NaN or an infinity of the product) is NaN: alpha=0 does not skip
    the product (BLAS would), only beta=0 ignores the input. torch 2.13 does
    so for float16 everywhere and for addr and baddbmm (its BLAS paths skip
    it: an inconsistency th does not copy), so the oracle is numpy's
    0 * (m @ m) + beta * input."""
    nan, inf = float("nan"), float("inf")
    m = th.tensor([[nan, 1.0], [inf, 2.0]], dtype=getattr(th, dtype))
    i = th.full((2, 2), 5.0, dtype=getattr(th, dtype))
    got = np.array(ZERO_ALPHA_FORMS[form](th, i, m).tolist())
    mm = np.array(m.tolist())
    with np.errstate(all="ignore"):
        product = {"addmv": mm @ mm[0], "addr": np.outer(mm[0], mm[:, 0])}.get(
            form.split("_")[0].split(" ")[0], mm @ mm)
        if form.startswith("addmv"):
            expected = 0 * product + 5
        elif form.startswith("addbmm"):
            expected = 0 * (3 * product) + 5
        else:
            expected = 0 * product + (0 if "beta=0" in form else 5)
    expected = np.broadcast_to(expected, got.shape)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(expected))
    np.testing.assert_array_equal(got[~np.isnan(got)], expected[~np.isnan(expected)])
    assert np.isnan(got).any()


def test_alpha_zero_matches_torch_where_torch_keeps_the_nan():
    torch = pytest.importorskip("torch")
    for form in ("addr", "baddbmm", "addmm"):
        for dtype in ("float16", "float32") if form != "addmm" else ("float16",):
            results = []
            for lib in (th, torch):
                m = lib.tensor([[float("nan"), 1.0], [float("inf"), 2.0]], dtype=getattr(lib, dtype))
                i = lib.full((2, 2), 5.0, dtype=getattr(lib, dtype))
                results.append(np.array(ZERO_ALPHA_FORMS[form](lib, i, m).tolist()))
            np.testing.assert_array_equal(*results)


@SETTINGS
@given(dims, dims, st.sampled_from(LAYOUTS), st.sampled_from(BLAS_DTYPES + LOOP_DTYPES),
       st.sampled_from([0, 1, 2]))
def test_mv_addmv_and_dot_are_numpy(n, k, layout, dtype, beta):
    mat, nmat = make(values((n, k), 4, dtype), dtype, layout)
    vec, nvec = make(values((k,), 5, dtype), dtype, "sliced" if layout != "expanded" else layout)
    check(th.mv(mat, vec), oracle(nmat, nvec, nmat.dtype), dtype)
    t, nt = make(values((n,), 6, dtype), dtype)
    check(th.addmv(t, mat, vec, beta=beta, alpha=2), beta * nt + 2 * oracle(nmat, nvec, nmat.dtype),
          dtype)
    other, nother = make(values((k,), 7, dtype), dtype)
    check(th.dot(vec, other), oracle(nvec, nother, nvec.dtype), dtype)
    check(vec.dot(other), oracle(nvec, nother, nvec.dtype), dtype)


@SETTINGS
@given(dims, dims, st.sampled_from(BLAS_DTYPES + [th.int16]), st.sampled_from([0, 1, 3]))
def test_addr_is_the_outer_product(n, p, dtype, beta):
    v1, n1 = make(values((n,), 1, dtype), dtype, "sliced")
    v2, n2 = make(values((p,), 2, dtype), dtype)
    t, nt = make(values((n, p), 3, dtype), dtype, "transposed")
    check(th.addr(t, v1, v2, beta=beta, alpha=-1), beta * nt - np.outer(n1, n2), dtype)


ADDR_DTYPES = [th.bool, th.uint8, th.int16, th.int64, th.float16, th.float32, th.float64,
               th.complex64]


@SETTINGS
@given(st.sampled_from(ADDR_DTYPES), st.sampled_from(ADDR_DTYPES), st.sampled_from(ADDR_DTYPES),
       st.booleans())
def test_addr_promotes_its_operands_as_torch(dt, d1, d2, zero_dim_input):
    """torch's addr is element-wise: input, vec1 and vec2 of any dtypes give
    their result_type (a 0-dim input counts only when of a higher kind), and
    an out= of another dtype takes the result when it can be cast."""
    torch = pytest.importorskip("torch")
    results = []
    for L in (th, torch):
        shape = () if zero_dim_input else (3, 2)
        t = L.ones(shape, dtype=getattr(L, dt.name)) * 2
        a = L.tensor([1, 0, 3]).to(getattr(L, d1.name))
        b = L.tensor([2, 1]).to(getattr(L, d2.name))
        try:
            r = L.addr(t, a, b, beta=1, alpha=1)
            o = L.zeros(3, 2, dtype=L.complex128)
            results.append((r.dtype.__str__().split(".")[-1], r.tolist(),
                            L.addr(t, a, b, out=o).tolist()))
        except RuntimeError as e:
            results.append(type(e))
    if isinstance(results[1], type):  # torch refuses: bool addition with beta, ...
        assert isinstance(results[0], type)
    else:
        assert results[0] == results[1]


def test_addr_in_place_promotes_the_vectors_into_self():
    torch = pytest.importorskip("torch")
    for L in (th, torch):
        t = L.zeros(2, 2)
        r = t.addr_(L.tensor([1, 2]), L.tensor([1.5, 2.5], dtype=L.float64))
        assert r is t and t.dtype == L.float32 and t.tolist() == [[1.5, 2.5], [3.0, 5.0]]


@pytest.mark.parametrize("fn", ["addmm", "addmv", "baddbmm", "addbmm"])
@pytest.mark.parametrize("beta, alpha", [(1.5, 2.5), (-1.5, -2.7), (0.5, 0.9), (1, 2.99)])
def test_integer_products_take_float_factors_truncated_as_torch(fn, beta, alpha):
    torch = pytest.importorskip("torch")
    results = []
    for L in (th, torch):
        a = L.tensor([[1, 2], [3, 4]])
        v, b3 = L.tensor([1, -1]), a.expand(2, 2, 2)
        args = {"addmm": (a, a, a), "addmv": (v, a, v), "baddbmm": (b3, b3, b3),
                "addbmm": (a, b3, b3)}[fn]
        results.append(getattr(L, fn)(*args, beta=beta, alpha=alpha).tolist())
    assert results[0] == results[1]


@SETTINGS
@given(st.integers(0, 4), dims, dims, dims, st.sampled_from(LAYOUTS),
       st.sampled_from([th.float32, th.complex128, th.int64]), st.sampled_from([0, 1, 2]))
def test_bmm_baddbmm_and_addbmm_are_numpy(batches, n, k, p, layout, dtype, beta):
    b1, n1 = make(values((batches, n, k), 1, dtype), dtype, layout)
    b2, n2 = make(values((batches, k, p), 2, dtype), dtype, "transposed")
    prod = oracle(n1, n2, n1.dtype)
    check(th.bmm(b1, b2), prod, dtype)
    t, nt = make(values((batches, n, p), 3, dtype), dtype)
    check(th.baddbmm(t, b1, b2, beta=beta, alpha=2), beta * nt + 2 * prod, dtype)
    t2, nt2 = make(values((n, p), 4, dtype), dtype)
    check(th.addbmm(t2, b1, b2, beta=beta), beta * nt2 + prod.sum(axis=0), dtype)


def test_coefficients_of_numpy_scalars_and_bools():
    t, a = th.ones(2, 2), th.ones(2, 2)
    assert th.addmm(t, a, a, beta=np.float32(0.5), alpha=True).tolist() == [[2.5, 2.5]] * 2
    assert th.addmm(cast(t, th.int64), cast(a, th.int64), cast(a, th.int64), beta=np.int64(3)).tolist() == [[5, 5]] * 2


# ------------------------------------------------------- out= and in place

def test_out_is_resized_or_keeps_its_strides():
    a, b = th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([[1.0, 0.0], [1.0, 1.0]])
    out = th.empty(0)
    assert th.mm(a, b, out=out) is out and out.tolist() == [[3.0, 2.0], [7.0, 4.0]]
    base = th.zeros(2, 2)
    out = base.t()  # the right shape, column-major: written through, strides kept
    th.mm(a, b, out=out)
    assert out.stride() == (1, 2) and base.tolist() == [[3.0, 7.0], [2.0, 4.0]]
    big = th.zeros(4, 6)
    view = big[::2, ::3]  # a layout BLAS cannot write: computed aside, copied in
    th.addmm(th.ones(2, 2), a, b, out=view)
    assert big[::2, ::3].tolist() == [[4.0, 3.0], [8.0, 5.0]] and sum(sum(big.tolist(), [])) == 20.0


@pytest.mark.parametrize("batches", [1, 2, 5])
def test_batched_out_of_any_layout(batches):
    """A batched result whose batch dim is innermost (each matrix strided:
    batch by batch, computed aside) or a transposed one (one batched call)."""
    b1, n1 = make(values((batches, 3, 4), 1, th.float64), th.float64)
    b2, n2 = make(values((batches, 4, 2), 2, th.float64), th.float64, "transposed")
    expected = 2 * oracle(n1, n2, np.float64) + 1
    for out in (th.zeros(3, 2, batches, dtype=th.float64).permute(2, 0, 1),
                th.zeros(batches, 2, 3, dtype=th.float64).transpose(1, 2)):
        th.baddbmm(th.ones(1, dtype=th.float64), b1, b2, alpha=2, out=out)
        check(out, expected, th.float64)
    sums = th.empty(3, 2, dtype=th.float64)
    th.addbmm(th.ones(3, 2, dtype=th.float64), b1, b2, out=sums)
    check(sums, 1 + oracle(n1, n2, np.float64).sum(axis=0), th.float64)


def test_out_sharing_an_operand_is_computed_aside():
    a = th.tensor([[1.0, 2.0], [3.0, 4.0]])
    expected = (np.array(a.tolist()) @ np.array(a.tolist())).tolist()
    assert th.mm(a, a, out=a).tolist() == expected
    m = th.tensor([[1.0, 1.0], [0.0, 1.0]])
    m.addmm_(m, m)  # in place over itself: m + m @ m
    assert m.tolist() == [[2.0, 3.0], [0.0, 2.0]]


@pytest.mark.parametrize("method, args, expected", [
    ("addmm_", ([[1.0, 2.0]], [[3.0], [4.0]]), [[12.0]]),
    ("addmv_", ([[1.0, 2.0]], [3.0, 4.0]), [12.0]),
    ("addr_", ([1.0], [2.0]), [[3.0]]),
    ("baddbmm_", ([[[1.0]]], [[[2.0]]]), [[[3.0]]]),
    ("addbmm_", ([[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]), [[12.0]]),
])
def test_in_place_forms_fold_beta_into_self(method, args, expected):
    shape = np.array(expected).shape
    self = th.ones(*shape)
    before = self.data_ptr()
    r = getattr(self, method)(*(th.tensor(x) for x in args), beta=1, alpha=1)
    assert r is self and self.data_ptr() == before
    assert self.tolist() == expected
    with pytest.raises(RuntimeError, match=rf"{method}\(\): self of shape \[3\] does not match"):
        getattr(th.ones(3), method)(*(th.tensor(x) for x in args))


def test_methods_are_the_functions():
    a, b = th.tensor([[1.0, 2.0]]), th.tensor([[3.0], [4.0]])
    assert a.mm(b).tolist() == a.matmul(b).tolist() == (a @ b).tolist() == [[11.0]]
    assert b.__rmatmul__(a).tolist() == [[11.0]]
    assert a.__matmul__(2) is NotImplemented
    with pytest.raises(TypeError):
        a @ 2
    t = th.zeros(1, 1)
    assert t.addmm(a, b, alpha=2).tolist() == [[22.0]] and t.tolist() == [[0.0]]
    assert th.zeros(2).addmv(b.t().t().reshape(2, 1).t().t(), th.tensor([1.0])).tolist() == [3.0, 4.0]
    assert th.zeros(1, 1, 1).baddbmm(a.unsqueeze(0), b.unsqueeze(0)).tolist() == [[[11.0]]]
    assert th.zeros(1, 1).addbmm(a.unsqueeze(0), b.unsqueeze(0)).tolist() == [[11.0]]
    assert th.zeros(2, 2).addr(th.tensor([1.0, 2.0]), th.tensor([1.0, 1.0])).tolist() == [
        [1.0, 1.0], [2.0, 2.0]]
    assert a.unsqueeze(0).bmm(b.unsqueeze(0)).tolist() == [[[11.0]]]
    assert a.mv(th.tensor([1.0, 1.0])).tolist() == [3.0]


# --------------------------------------------------------------- matmul

MATMUL_SHAPES = [
    ((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 4)), ((2, 3), (3, 4)),
    ((5, 2, 3), (3,)), ((3,), (5, 3, 4)), ((5, 2, 3), (3, 4)), ((2, 3), (5, 3, 4)),
    ((5, 2, 3), (5, 3, 4)), ((1, 2, 3), (5, 3, 4)), ((6, 1, 2, 3), (5, 3, 4)),
    ((2, 1, 2, 3), (1, 4, 3, 2)), ((0, 2, 3), (3, 4)), ((2, 0), (0, 3)), ((4, 2, 0), (0,)),
    ((0,), (0,)), ((3, 0, 3), (3, 3, 2)),
]


@pytest.mark.parametrize("sa, sb", MATMUL_SHAPES)
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "sliced"])
def test_matmul_broadcasts_as_numpy(sa, sb, layout):
    a, na = make(values(sa, 1), th.float64, layout)
    b, nb = make(values(sb, 2), th.float64, layout)
    expected = np.matmul(na, nb)
    check(th.matmul(a, b), expected, th.float64)
    check(a @ b, expected, th.float64)
    out = th.empty(1, dtype=th.float64)
    assert th.matmul(a, b, out=out) is out
    check(out, expected, th.float64)


@pytest.mark.parametrize("sa, sb", MATMUL_SHAPES)
@pytest.mark.parametrize("dtype", [th.float32, th.int64, th.complex64])
def test_matmul_dtypes_and_shapes_are_torchs(sa, sb, dtype):
    torch = pytest.importorskip("torch")
    a, na = make(values(sa, 1, dtype), dtype)
    b, nb = make(values(sb, 2, dtype), dtype)
    expected = torch.matmul(torch.from_numpy(na), torch.from_numpy(nb))
    r = a @ b
    assert r.shape == tuple(expected.shape)
    assert r.dtype.name == str(expected.dtype).removeprefix("torch.")
    np.testing.assert_array_equal(to_numpy(r), expected.numpy())


@pytest.mark.parametrize("fn, shapes", [
    ("mm", ((2, 3), (3, 4))), ("bmm", ((2, 2, 3), (2, 3, 4))), ("mv", ((2, 3), (3,))),
    ("dot", ((3,), (3,))),
])
def test_plain_products_have_torchs_result_dtype_and_shape(fn, shapes):
    torch = pytest.importorskip("torch")
    for dtype in (th.float32, th.float64, th.int32, th.int64, th.complex128):
        a, na = make(values(shapes[0], 1, dtype), dtype)
        b, nb = make(values(shapes[1], 2, dtype), dtype)
        expected = getattr(torch, fn)(torch.from_numpy(na), torch.from_numpy(nb))
        r = getattr(th, fn)(a, b)
        assert (r.shape, r.dtype.name) == (tuple(expected.shape),
                                           str(expected.dtype).removeprefix("torch."))


# ------------------------------------------------------------ bad input

M23, M34, M43 = th.ones(2, 3), th.ones(3, 4), th.ones(4, 3)


@pytest.mark.parametrize("call, error, match", [
    (lambda: th.mm(M23, M43), RuntimeError, r"THTensor_mm: shapes \[2, 3\] and \[4, 3\] cannot "
     "be multiplied"),
    (lambda: th.mm(th.ones(3), M34), RuntimeError, "mat1 must be a 2D tensor, but got a 1D one"),
    (lambda: th.mm(M23, th.ones(2, 3, 4)), RuntimeError, "mat2 must be a 2D tensor, but got a 3D"),
    (lambda: th.mm(M23, cast(M34, th.float64)), RuntimeError,
     "expected mat1 and mat2 to have the same dtype, but got: float32 != float64"),
    (lambda: th.mm(cast(M23, th.bool), cast(M34, th.bool)), TypeError, "not implemented for bool"),
    (lambda: th.mm(M23, M34, out=th.empty(0, dtype=th.float64)), RuntimeError,
     "expected the result to have dtype float32, but got float64"),
    (lambda: th.mm(M23, M34, out=th.zeros(1).expand(2, 4)), RuntimeError,
     "the result has elements that share memory"),
    (lambda: th.mv(M23, th.ones(4)), RuntimeError, r"shapes \[2, 3\] and \[4\] cannot"),
    (lambda: th.mv(M23, M34), RuntimeError, "vec must be a 1D tensor"),
    (lambda: th.dot(th.ones(3), th.ones(4)), RuntimeError,
     "inconsistent tensor size: a has 3 elements and b has 4"),
    (lambda: th.dot(M23, th.ones(3)), RuntimeError, "a must be a 1D tensor"),
    (lambda: th.dot(th.ones(3), th.ones(3, dtype=th.int64)), RuntimeError, "same dtype"),
    (lambda: th.bmm(th.ones(2, 2, 3), th.ones(3, 3, 4)), RuntimeError,
     r"shapes \[2, 2, 3\] and \[3, 3, 4\] cannot be multiplied"),
    (lambda: th.bmm(M23, M34), RuntimeError, "batch1 must be a 3D tensor"),
    (lambda: th.addmm(th.ones(3), M23, M34), RuntimeError,
     r"the input of shape \[3\] does not broadcast to the result's shape \[2, 4\]"),
    (lambda: th.addmm(th.ones(2, 4, dtype=th.float64), M23, M34), RuntimeError,
     "expected the input to have dtype float32 like the operands, but got float64"),
    (lambda: th.addr(th.ones(2, 4, dtype=th.int64), th.ones(2, dtype=th.int64),
                     th.ones(4, dtype=th.int64), beta=0.5),
     RuntimeError, "addr\\(\\): for integral input tensors, argument beta must not be"),
    (lambda: th.addmm(th.ones(2, 4, dtype=th.int64), cast(M23, th.int64), cast(M34, th.int64),
                      beta=float("inf")),
     ValueError, "addmm\\(\\): beta=inf cannot be converted to int64 without overflow"),
    (lambda: th.ones(2, 2, dtype=th.int64).addr_(th.ones(2), th.ones(2)), TypeError,
     "addr_\\(\\): result type float32 can't be cast to the desired output type int64"),
    (lambda: th.addr(th.ones(2, 2), th.ones(2), th.ones(2, dtype=th.complex64),
                     out=th.empty(2, 2)), TypeError,
     "addr\\(\\): result type complex64 can't be cast to the desired output type float32"),
    (lambda: th.addmm(th.ones(2, 4), M23, M34, alpha=1j), TypeError,
     "argument 'alpha' must be a real number, not complex"),
    (lambda: th.addmm(th.ones(2, 4), M23, M34, alpha="2"), TypeError, "must be a real number"),
    (lambda: th.addr(M23, th.ones(2), M34), RuntimeError, "vec2 must be a 1D tensor"),
    (lambda: th.addbmm(M23, th.ones(2, 2, 3), th.ones(2, 4, 3)), RuntimeError, "cannot be mult"),
    (lambda: th.mm(M23, [[1.0]]), TypeError, "mm\\(\\): argument 'mat2' must be a Tensor, not list"),
    (lambda: th.mm(M23, M34, out=[]), TypeError, "argument 'out' must be a Tensor"),
    (lambda: th.matmul(th.ones(()), M23), RuntimeError,
     "both arguments to matmul need to be at least 1D, but they are 0D and 2D"),
    (lambda: th.matmul(th.ones(5, 2, 3), th.ones(5, 4, 3)), RuntimeError,
     r"matmul: shapes \[5, 2, 3\] and \[5, 4, 3\] cannot be multiplied \(3 columns against 4"),
    (lambda: th.matmul(th.ones(2, 2, 3), th.ones(3, 3, 4)), ValueError, "broadcast"),
    (lambda: th.matmul(M23, M34, out=th.empty(0, dtype=th.int64)), RuntimeError,
     "expected out to have dtype float32"),
    (lambda: th.matmul(th.ones(3), th.ones(3, dtype=th.float64)), RuntimeError, "same dtype"),
])
def test_bad_input_is_a_clear_exception_and_leaks_nothing(call, error, match):
    before = th.debug.live()
    with pytest.raises(error, match=match):
        call()
    assert th.debug.live() == before


def test_a_refused_product_leaves_out_unchanged():
    out = th.tensor([[1.0, 2.0]])
    with pytest.raises(RuntimeError):
        th.mm(M23, M43, out=out)
    with pytest.raises(RuntimeError):
        th.addmm(th.ones(5), M23, M34, out=out)
    assert out.tolist() == [[1.0, 2.0]] and out.shape == (1, 2)


# ------------------------------------------------------------- the C API

@pytest.mark.parametrize("name, shapes", [
    ("newMm", ((2, 3), (3, 4))), ("newMv", ((2, 3), (3,))), ("newBmm", ((2, 2, 3), (2, 3, 4))),
    ("newDot", ((3,), (3,))),
])
def test_new_forms_return_one_new_reference_and_borrow_the_operands(name, shapes):
    a, na = make(values(shapes[0], 1), th.float64, "transposed")
    b, nb = make(values(shapes[1], 2), th.float64)
    refs = (a.refcount, b.refcount, a.storage().refcount, b.storage().refcount)
    r = capi.new_product(name, a, b)
    assert r.refcount == 1 and r.is_contiguous()
    assert r.storage().refcount == 2  # r's and the th.Storage object's
    check(r, np.matmul(na, nb), th.float64)
    assert (a.refcount, b.refcount, a.storage().refcount, b.storage().refcount) == refs
    before = th.debug.live()
    with pytest.raises(ValueError, match=f"THTensor_{name}: the first operand is NULL"):
        capi.new_product(name, None, b)
    with pytest.raises(RuntimeError, match="cannot be multiplied|inconsistent"):
        capi.new_product(name, a, th.ones(*[7] * len(shapes[1]), dtype=th.float64))
    assert th.debug.live() == before


@pytest.mark.parametrize("name", ["addmm", "addmv", "addr", "baddbmm", "addbmm"])
def test_add_forms_borrow_everything_and_refuse_null(name):
    shapes = {"addmm": ((2, 3), (3, 2)), "addmv": ((2, 3), (3,)), "addr": ((2,), (2,)),
              "baddbmm": ((2, 2, 3), (2, 3, 2)), "addbmm": ((2, 2, 3), (2, 3, 2))}[name]
    a, b = th.ones(*shapes[0]), th.ones(*shapes[1])
    r = th.empty(0)
    t = th.ones(1)
    refs = [(x.refcount, x.storage().refcount) for x in (r, t, a, b)]
    capi.add_product(name, r, 1.0, t, 1.0, a, b)
    assert [(x.refcount, x.storage().refcount) for x in (r, t, a, b)] == refs
    expected = {"addmm": [[4.0, 4.0]] * 2, "addmv": [4.0, 4.0], "addr": [[2.0, 2.0]] * 2,
                "baddbmm": [[[4.0, 4.0]] * 2] * 2, "addbmm": [[7.0, 7.0]] * 2}[name]
    assert r.tolist() == expected
    before = th.debug.live()
    for args, what in [((None, 1.0, t, 1.0, a, b), "the result"),
                       ((r, 1.0, None, 1.0, a, b), "the input"),
                       ((r, 1.0, t, 1.0, None, b), "")]:
        with pytest.raises(ValueError, match=f"THTensor_{name}: {what}.* is NULL"):
            capi.add_product(name, *args)
    assert th.debug.live() == before


# -------------------------------------------------------------- threads

def test_results_do_not_depend_on_the_thread_count():
    x = np.random.default_rng(3).standard_normal((300, 200)).astype(np.float32)
    a = th.from_numpy(x)
    old = th.get_num_threads()
    try:
        th.set_num_threads(1)
        one = (a @ a.t()).numpy()
        th.set_num_threads(2)
        two = (a @ a.t()).numpy()
    finally:
        th.set_num_threads(old)
    np.testing.assert_allclose(one, two, rtol=1e-5, atol=1e-4)
    np.testing.assert_allclose(one, x @ x.T, rtol=1e-4, atol=1e-3)


# ------------------------------------------------------------ the library

def test_openblas_loads_by_path_as_the_one_libth_uses():
    """th/__init__.py's fallback for layouts libTH.so's rpaths miss: loading
    scipy-openblas32's library by path gives the copy already mapped (one
    OpenBLAS in the process, the package's)."""
    import scipy_openblas32

    assert th._load_openblas() is True
    with open("/proc/self/maps") as maps:
        mapped = {line.split()[-1] for line in maps if "libscipy_openblas.so" in line}
    assert mapped == {os.path.join(os.path.realpath(scipy_openblas32.get_lib_dir()),
                                   "libscipy_openblas.so")}


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n, step", [(65537, 1), (1 << 20, 1), (300_000, 3)])
def test_long_dots_are_the_same_bits_on_any_thread_count(dtype, n, step):
    # a dot longer than 65536 is summed in fixed blocks, in order: the same value
    # whichever threads compute the blocks, numpy's within the rounding
    rng = np.random.default_rng(n)
    a, b = (rng.standard_normal(n * step).astype(dtype) for _ in range(2))
    ta, tb = th.from_numpy(a)[::step], th.from_numpy(b)[::step]
    exact = float(np.dot(a[::step].astype(np.float64), b[::step].astype(np.float64)))
    before = th.get_num_threads()
    got = []
    try:
        for threads in (1, 2, 1):
            th.set_num_threads(threads)
            got += [th.dot(ta, tb).item(), (ta @ tb).item(),
                    th.addmm(th.ones(1, 1, dtype=ta.dtype), ta.unsqueeze(0), tb.unsqueeze(1),
                             beta=2, alpha=3).item()]
    finally:
        th.set_num_threads(before)
    assert got[0::3] == [got[0]] * 3 and got[1::3] == [got[0]] * 3
    assert got[2::3] == [got[2]] * 3
    scale = float(np.abs(a[::step].astype(np.float64) * b[::step]).sum())
    assert abs(got[0] - exact) <= scale * (1e-6 if dtype == np.float32 else 1e-14)
    assert got[2] == pytest.approx(2 + 3 * exact, rel=1e-5 if dtype == np.float32 else 1e-12)
