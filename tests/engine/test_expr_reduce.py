"""Reductions of a lazy expression in one pass (THTensor_newExprSum ..., th.sum(th.lazy(a) * b)):
sum, prod, mean, amax, amin and norm of a th.Expr, as functions and as methods, against torch
2.13 reducing the eager value (values within float tolerance: th sums in float64, torch in the
dtype's accumulator; result dtypes, shapes and error classes exactly), over expressions of every
kind of operand (broadcast, transposed, sliced, 0-dim, Python numbers), dims, keepdim, dtype=,
empty tensors and NaN. Most tests shrink the slab (th._reduce._expr_slab_bytes) so that a few
elements cross many slab boundaries; one test proves in a fresh process that no temporary of the
expression's size is made."""
import contextlib
import json
import math
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
from th._reduce import _expr_slab_bytes

torch = pytest.importorskip("torch")

FLOATS = [th.float16, th.bfloat16, th.float32, th.float64]
INTS = [th.bool, th.uint8, th.int8, th.int16, th.int32, th.int64]
EPS = {th.float16: 2.0 ** -10, th.bfloat16: 2.0 ** -7, th.float32: 2.0 ** -23,
       th.float64: 2.0 ** -52, th.complex64: 2.0 ** -23, th.complex128: 2.0 ** -52}


def torch_dtype(dtype):
    return getattr(torch, str(dtype).split(".")[-1])


def to_torch(t):
    """torch's copy of a th tensor (bfloat16 through float32, exactly)."""
    if t.dtype == th.bfloat16:
        return torch.from_numpy(t.to(th.float32).numpy().copy()).to(torch.bfloat16)
    return torch.from_numpy(np.array(t.numpy()))


def to_numpy64(x):
    """A torch result as numpy float64 (or complex128, int64, bool)."""
    if x.dtype in (torch.float16, torch.bfloat16, torch.float32):
        x = x.double()
    if x.dtype == torch.complex64:
        x = x.to(torch.complex128)
    return x.numpy()


@contextlib.contextmanager
def slabs_of(nbytes):
    """Slabs of nbytes (the default: 512 KiB)."""
    old = _expr_slab_bytes(nbytes)
    try:
        yield
    finally:
        _expr_slab_bytes(old)


@pytest.fixture
def small_slabs():
    """Slabs of 64 bytes: 16 float32 elements."""
    with slabs_of(64):
        yield


def check_close(got, want, bound, dtype):
    """got (th) against want (torch): same dtype and shape; NaN and infinities where torch
    has them; finite values within eps(dtype) * 8 * bound (bound: the sum of |x| reduced, as
    torch computes it, or |want|)."""
    assert got.dtype == getattr(th, str(want.dtype).split(".")[-1])
    assert tuple(got.shape) == tuple(want.shape)
    g, w = to_numpy64(to_torch(got)), to_numpy64(want)
    if g.dtype.kind in "biu":
        np.testing.assert_array_equal(g, w)
        return
    b = np.abs(to_numpy64(bound)).astype(np.float64)
    eps = EPS.get(got.dtype, 2.0 ** -52)
    for part in ((g.real, w.real), (g.imag, w.imag)) if g.dtype.kind == "c" else ((g, w),):
        pg, pw = part
        np.testing.assert_array_equal(np.isnan(pg), np.isnan(pw))
        fin = np.isfinite(pw) & np.isfinite(b)
        np.testing.assert_array_equal(np.isinf(pg) & np.isfinite(b), np.isinf(pw) & np.isfinite(b))
        tol = eps * 8 * (np.broadcast_to(b, pw.shape) + np.abs(pw)) + 1e-300
        np.testing.assert_array_less(np.abs(pg - pw)[fin], tol[fin] * (1 + 1e-12) + 1e-30)


def same(x, y):
    """x and y hold the same values (NaN where the other has NaN) and dtype."""
    assert x.dtype == y.dtype and x.shape == y.shape
    np.testing.assert_array_equal(to_numpy64(to_torch(x)), to_numpy64(to_torch(y)))


# ------------------------------------------------------------------ the examples


def test_the_issues_example_sums_without_the_product():
    a = th.arange(12, dtype=th.float32).reshape(3, 4)
    b = th.tensor([1.0, -1.0, 2.0, 0.5])
    e = th.lazy(a) * b
    want = torch.sum(to_torch(a) * to_torch(b))
    assert th.sum(e).item() == want.item()
    assert e.sum().item() == want.item()
    assert th.sum(e, 1).tolist() == torch.sum(to_torch(a) * to_torch(b), 1).tolist()
    assert e.sum(0, keepdim=True).shape == (1, 4)


def torch_reduce(name, v, dim, keepdim):
    """torch's name over dim (None: all) of v."""
    if name == "norm":
        return torch.linalg.vector_norm(v, 2, dim, keepdim)
    if name in ("amax", "amin"):
        return getattr(torch, name)(v, () if dim is None else dim, keepdim)
    if name == "prod" and not isinstance(dim, int):  # torch's prod takes one dim
        r = v
        for d in sorted(range(v.dim()) if dim is None else [d % v.dim() for d in dim],
                        reverse=True):
            r = torch.prod(r, d, keepdim)
        return r
    return getattr(torch, name)(v, dim, keepdim)


@pytest.mark.parametrize("slabs", [False, True])
@pytest.mark.parametrize("name", ["sum", "prod", "mean", "amax", "amin", "norm"])
def test_function_and_method_agree_with_torch(name, slabs, request):
    if slabs:
        request.getfixturevalue("small_slabs")
    a = th.linspace(-1, 1.5, 60).reshape(3, 4, 5)
    b = th.linspace(0.5, 1, 5)
    e = th.lazy(a) * b + 1
    value = to_torch(a) * to_torch(b) + 1
    for dim in [None, 0, 1, -1, (0, 2), (2, 0, 1)]:
        for keepdim in [False, True]:
            want = torch_reduce(name, value, dim, keepdim)
            got_f = getattr(th, name)(e, dim=dim, keepdim=keepdim)
            got_m = getattr(e, name)(dim=dim, keepdim=keepdim)
            bound = want
            if name in ("sum", "mean"):
                bound = torch.sum(value.double().abs(), dim, keepdim)
                if name == "mean":
                    bound = bound / (value.numel() / want.numel())
            check_close(got_f, want, bound, a.dtype)
            same(got_m, got_f)


# ---------------------------------------------------------- expressions (hypothesis)

OPS = ["add", "sub", "mul", "div", "exp", "where", "neg"]


@st.composite
def expressions(draw):
    """(th Expr, torch value, dtypes of the leaves): an expression over 1 to 3 tensors of a
    shape of 1 to 4 dims (each leaf broadcast, transposed or sliced) and Python numbers."""
    nd = draw(st.integers(1, 4))
    shape = [draw(st.integers(1, 6)) for _ in range(nd)]
    dtype = draw(st.sampled_from(FLOATS + INTS))
    nan = draw(st.booleans()) and dtype in FLOATS
    seed = draw(st.integers(0, 2 ** 16))
    rng = np.random.default_rng(seed)

    def leaf():
        # a leaf of the full shape, or of a broadcast one (some dims 1, leading dims dropped)
        lshape = [s if rng.random() < 0.7 else 1 for s in shape]
        drop = int(rng.integers(0, nd)) if rng.random() < 0.3 else 0
        lshape = lshape[drop:]
        kind = rng.integers(0, 3)
        if dtype == th.bool:
            x = rng.random(lshape) < 0.5
        elif dtype in INTS:
            x = rng.integers(-5 if dtype != th.uint8 else 0, 6, lshape)
        else:
            x = rng.uniform(-2, 2, lshape)
            if nan and rng.random() < 0.5 and x.size:
                x.flat[int(rng.integers(0, x.size))] = np.nan
        if kind == 1 and len(lshape) >= 2:  # transposed: the leaf's memory is its transpose
            t = th.tensor(np.ascontiguousarray(np.swapaxes(x, -1, -2)).tolist(),
                          dtype=dtype).transpose(-1, -2)
        elif kind == 2:  # sliced: every other element of a tensor twice as long
            big = np.repeat(x, 2, axis=-1) if len(lshape) else x
            t = th.tensor(big.tolist(), dtype=dtype)
            if len(lshape):
                t = t[..., ::2]
        else:
            t = th.tensor(x.tolist(), dtype=dtype)
        return t

    leaves = [leaf() for _ in range(draw(st.integers(1, 3)))]
    lz = [th.lazy(t) for t in leaves]
    tz = [to_torch(t) for t in leaves]
    e, v = lz[0], tz[0]
    for i in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(OPS))
        j = draw(st.integers(0, len(leaves) - 1))
        if dtype == th.bool and op in ("sub", "neg"):
            op = "add"  # torch refuses - on bool
        if op == "add":
            e, v = e + lz[j], v + tz[j]
        elif op == "sub":
            e, v = e - lz[j], v - tz[j]
        elif op == "mul":
            e, v = e * lz[j], v * tz[j]
        elif op == "div":
            e, v = e / 3, v / 3
        elif op == "exp":
            e, v = th.exp(e / 4), torch.exp(v / 4)
        elif op == "neg":
            e, v = -e, -v
        else:
            c = lz[j] > 0 if dtype != th.bool else lz[j]
            tc = tz[j] > 0 if dtype != th.bool else tz[j]
            e, v = th.where(c, e, 2), torch.where(tc, v, 2)
    return e, v


def dims_of(draw, nd):
    kind = draw(st.sampled_from(["all", "one", "some"]))
    if kind == "all":
        return None
    if kind == "one":
        return draw(st.integers(-nd, nd - 1))
    return tuple(draw(st.permutations(range(nd)))[:draw(st.integers(1, nd))])


SLAB_SIZES = st.sampled_from([1, 16, 64, 1000, 1 << 18])


@settings(max_examples=150, deadline=None)
@given(st.data(), SLAB_SIZES)
def test_sum_mean_and_extremes_match_torch(data, slab):
    with slabs_of(slab):
        check_sum_mean_and_extremes(data)


def evaluated(e, v):
    """torch's copy of th's value of e, checked against torch's value v (the reduction is
    under test: libm's exp and torch's differ by an ulp, which cancellation magnifies)."""
    assert tuple(e.shape) == tuple(v.shape) and torch_dtype(e.dtype) == v.dtype
    value = to_torch(e.eval())
    if v.dtype.is_floating_point:
        np.testing.assert_allclose(to_numpy64(value), to_numpy64(v), rtol=1e-2, atol=1e-2)
    else:
        assert torch.equal(value, v)
    return value


def check_sum_mean_and_extremes(data):
    e, v = data.draw(expressions())
    v = evaluated(e, v)
    name = data.draw(st.sampled_from(["sum", "mean", "amax", "amin"]))
    dim = dims_of(data.draw, v.dim())
    keepdim = data.draw(st.booleans())
    if name == "mean" and not (v.dtype.is_floating_point or v.dtype.is_complex):
        with pytest.raises(RuntimeError):
            th.mean(e, dim, keepdim)
        got = th.mean(e, dim, keepdim, dtype=th.float64)
        want = torch.mean(v.double(), dim, keepdim)
        check_close(got, want, want, th.float64)
        return
    tdim = dim if dim is not None else (() if name in ("amax", "amin") else None)
    want = getattr(torch, name)(v, tdim, keepdim)
    got = getattr(th, name)(e, dim if dim is not None else tdim, keepdim)
    if name in ("sum", "mean"):
        bound = torch.sum(v.double().abs(), tdim, keepdim)
        if name == "mean":
            bound = bound / (v.numel() / max(want.numel(), 1))
    else:
        bound = want.double().abs() if want.dtype.is_floating_point else want
    check_close(got, want, bound, got.dtype)
    same(getattr(e, name)(dim if dim is not None else tdim, keepdim), got)


@settings(max_examples=60, deadline=None)
@given(st.data(), SLAB_SIZES)
def test_norms_match_torch(data, slab):
    with slabs_of(slab):
        check_norms(data)


def check_norms(data):
    e, v = data.draw(expressions())
    v = evaluated(e, v)
    if not v.dtype.is_floating_point:
        with pytest.raises(RuntimeError):
            th.norm(e)
        e, v = e.to(th.float64), v.double()
    p = data.draw(st.sampled_from([2, 1, 3, 0.5, 0, math.inf, -math.inf, -1.5]))
    dim = dims_of(data.draw, v.dim())
    keepdim = data.draw(st.booleans())
    want = torch.linalg.vector_norm(v, p, dim, keepdim)
    got = th.norm(e, p, dim, keepdim)
    check_close(got, want, want, got.dtype)
    same(e.norm(p, dim, keepdim), got)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 3), st.integers(1, 70), st.sampled_from([th.int64, th.int32, th.float64,
                                                                  th.float32]),
       st.integers(0, 2 ** 16))
def test_products_match_torch(nd, n, dtype, seed):
    with slabs_of(64):
        check_products(nd, n, dtype, seed)


def check_products(nd, n, dtype, seed):
    rng = np.random.default_rng(seed)
    shape = [n] + [int(rng.integers(1, 4)) for _ in range(nd - 1)]
    values = rng.choice([-2, -1, 1, 2] if dtype in (th.int64, th.int32) else [-2.0, 0.5, 1, 1.5],
                        shape)
    a = th.tensor(values.tolist(), dtype=dtype)
    b = th.tensor(rng.choice([1, -1], shape[-1:]).tolist(), dtype=dtype)
    e, v = th.lazy(a) * b, to_torch(a) * to_torch(b)
    for dim in [None] + list(range(nd)):
        want = torch.prod(v) if dim is None else torch.prod(v, dim)
        got = th.prod(e) if dim is None else th.prod(e, dim)
        check_close(got, want, want, got.dtype)  # integers wrap as torch's int64


# ------------------------------------------------------------------ dtypes


@pytest.mark.parametrize("dtype", INTS + FLOATS)
def test_result_dtypes_are_torchs(small_slabs, dtype):
    a = th.ones(5, 7, dtype=dtype)
    e, v = th.lazy(a) * a, to_torch(a) * to_torch(a)
    for name in ["sum", "prod", "amax", "amin"]:
        assert getattr(th, name)(e).dtype == getattr(th, str(getattr(torch, name)(v).dtype)[6:])
    if dtype in FLOATS:
        assert th.mean(e, 1).dtype == dtype and th.norm(e, 2, 0).dtype == dtype


def test_dtype_casts_before_reducing_as_torch(small_slabs):
    a = th.tensor([[100, 120, 3]] * 30, dtype=th.uint8)
    e, v = th.lazy(a) + a, to_torch(a) + to_torch(a)  # uint8 wraps: 200, 240, 6
    assert th.sum(e).tolist() == torch.sum(v).tolist()
    assert th.sum(e, 0, dtype=th.float32).tolist() == torch.sum(v, 0, dtype=torch.float32).tolist()
    assert th.sum(e, dtype=th.int8).tolist() == torch.sum(v, dtype=torch.int8).tolist()
    got = th.mean(e, 1, dtype=th.float64)
    assert got.dtype == th.float64
    assert got.tolist() == torch.mean(v, 1, dtype=torch.float64).tolist()
    h = th.full((40, 50), 300.0, dtype=th.float16)
    assert th.sum(th.lazy(h) * 2, dtype=th.float32).item() == 40 * 50 * 600.0
    assert math.isinf(th.sum(th.lazy(h) * 2).item())  # float16 holds 65504 at most, as torch
    assert math.isinf(torch.sum(to_torch(h) * 2).item())


def test_complex_expressions(small_slabs):
    z = th.tensor([[1 + 2j, 3 - 1j, 0.5j]] * 20, dtype=th.complex64)
    e, v = th.lazy(z) * z, to_torch(z) * to_torch(z)
    for name in ["sum", "mean"]:
        check_close(getattr(th, name)(e, 0), getattr(torch, name)(v, 0),
                    torch.sum(v.double().abs(), 0), th.complex64)
    check_close(th.norm(e, 2, 1), torch.linalg.vector_norm(v, 2, 1),
                torch.linalg.vector_norm(v, 2, 1), th.float32)
    with pytest.raises(RuntimeError):
        th.amax(e)


# ---------------------------------------------------- empty, NaN, errors


@pytest.mark.parametrize("slabs", [False, True])
def test_empty_expressions_as_torch(slabs, request):
    if slabs:
        request.getfixturevalue("small_slabs")
    a = th.ones(0, 3)
    e, v = th.lazy(a) * 2, to_torch(a) * 2
    assert th.sum(e).item() == 0 and th.prod(e).item() == 1
    assert th.sum(e, 0).tolist() == [0, 0, 0] and th.sum(e, 1).shape == (0,)
    assert math.isnan(th.mean(e).item())
    assert th.amax(e, 1).shape == (0,) and th.norm(e, 2, 0).tolist() == [0, 0, 0]
    with pytest.raises(IndexError):
        torch.amax(v, 0)
    with pytest.raises(IndexError):
        th.amax(e, 0)
    with pytest.raises(RuntimeError):
        th.amax(e)
    with pytest.raises(RuntimeError):
        th.norm(e, math.inf)


def test_nan_wins_the_extremes_and_spreads_in_sums(small_slabs):
    a = th.arange(200, dtype=th.float32).reshape(20, 10)
    a[13, 4] = math.nan
    e, v = th.lazy(a) - 1, to_torch(a) - 1
    for name in ["sum", "mean", "amax", "amin"]:
        for dim in [0, 1]:
            got, want = getattr(th, name)(e, dim), getattr(torch, name)(v, dim)
            assert np.array_equal(got.numpy(), want.numpy(), equal_nan=True), name
        assert math.isnan(getattr(th, name)(e).item())
    assert math.isnan(th.norm(e, math.inf).item()) and math.isnan(th.norm(e, -math.inf).item())


@pytest.mark.parametrize("slabs", [False, True])
def test_errors(slabs, request):
    if slabs:
        request.getfixturevalue("small_slabs")
    e = th.lazy(th.ones(6, 5)) * 2
    with pytest.raises(IndexError):
        th.sum(e, 2)
    with pytest.raises(IndexError):
        e.amax(-3)
    with pytest.raises(RuntimeError, match="multiple times"):
        th.sum(e, (0, 0))
    with pytest.raises(RuntimeError, match="mean"):
        th.mean(th.lazy(th.ones(6, 5, dtype=th.int32)) + 1)
    with pytest.raises(RuntimeError):
        th.norm(th.lazy(th.ones(6, 5, dtype=th.int64)) * 2)
    with pytest.raises(TypeError, match="th.Expr"):
        th.sum([1, 2])
    with pytest.raises(TypeError):
        th.sum(e, out=[0])


def test_a_tensor_that_changed_since_the_expression_was_built_is_refused(small_slabs):
    a = th.ones(8, 8)
    e = th.lazy(a) * 2
    a.resize_(3)
    with pytest.raises(RuntimeError, match="changed"):
        th.sum(e)


def test_out_takes_the_result_as_torchs_out(small_slabs):
    a = th.arange(40, dtype=th.float32).reshape(8, 5)
    e = th.lazy(a) * 0.5
    out = th.empty(0)
    assert th.sum(e, 1, out=out) is out and out.tolist() == th.sum(a * 0.5, 1).tolist()
    out = th.zeros(1, dtype=th.int64)
    th.sum(th.lazy(a) * 0.3, out=out)  # summed in out's dtype: each element truncated first
    want = torch.zeros(1, dtype=torch.int64)
    torch.sum(to_torch(a) * 0.3, dim=(0, 1), out=want)
    assert out.tolist() == [want.item()] or out.tolist() == want.tolist()


def test_zero_dim_and_scalar_operands(small_slabs):
    s = th.tensor(3.0)
    a = th.arange(30, dtype=th.float32).reshape(5, 6)
    e = th.lazy(a) * s + 1.5
    assert th.sum(e).item() == torch.sum(to_torch(a) * 3.0 + 1.5).item()
    assert th.sum(th.lazy(s) * 2).item() == 6.0  # a 0-dim expression
    assert th.sum(th.lazy(s) * 2, 0).item() == 6.0


def test_reduces_an_expression_with_a_matrix_product():
    a = th.ones(3, 4)
    b = th.ones(4, 2)
    assert th.sum(th.lazy(a) @ b).item() == 24.0


def test_slab_size_knob():
    old = _expr_slab_bytes(4096)
    try:
        assert _expr_slab_bytes(0) == 4096
    finally:
        assert _expr_slab_bytes(old) == 4096
    assert _expr_slab_bytes() == old


# --------------------------------------------------------------- memory

PEAK = """
import json, resource, th
n = 1 << 24  # 64 MiB of float32 per tensor
a, b = th.ones(n), th.full((n,), 2.0)
a2, b2 = a.reshape(4096, 4096), b.reshape(4096, 4096)
def rss():  # the peak resident set of this process image (ru_maxrss outlives exec)
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
base = rss()
s = th.sum(th.lazy(a) * b).item()
r = th.sum(th.lazy(a2) * b2, 1)
t = th.norm(th.lazy(a2.T) * b2 - 1, 2, 0)
lazy = rss() - base
s2 = th.sum(a * b).item()
eager = rss() - base
print(json.dumps([s, s2, r[0].item(), t[0].item(), lazy, eager]))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
@pytest.mark.skipif("libasan" in os.environ.get("LD_PRELOAD", ""),
                    reason="under ASan every byte read touches shadow memory: 1/8 of the "
                           "operands' size joins the resident set")
def test_no_temporary_of_the_expressions_size():
    """In a fresh process (its peak resident set untouched by other tests): reducing three
    lazy expressions of 16M float32 elements grows the peak by far less than one 64 MiB
    temporary, while the eager sum grows it by one."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(th.__file__)))  # this th
    out = subprocess.run([sys.executable, "-c", PEAK], capture_output=True, text=True,
                         timeout=120, cwd=here)
    assert out.returncode == 0, out.stderr
    s, s2, r0, t0, lazy, eager = json.loads(out.stdout)
    assert s == s2 == 2.0 * (1 << 24) and r0 == 2.0 * 4096 and t0 == 4096 ** 0.5
    assert lazy < 8 << 20, lazy
    assert eager > 48 << 20, eager


@pytest.mark.parametrize("name", ["sum", "amax", "norm"])
def test_a_failed_allocation_anywhere_is_a_memory_error_and_leaks_nothing(small_slabs, name):
    """Each allocation of the reduction failed in turn (the slab's views, the rebuilt
    expression, the partials, the accumulator, the result): a MemoryError, and every object
    made so far released (the leak harness checks the counts after the test)."""
    a = th.arange(60, dtype=th.float32).reshape(6, 10)
    e = th.lazy(a.T) * 2 + 1
    want = getattr(th, name)(e, 1).tolist()
    fired = 0
    for after in range(1, 400):
        with th.debug.fail_allocations(after) as failure:
            try:
                got = getattr(th, name)(e, 1)
            except MemoryError:
                got = None
        if not failure.fired:
            assert got.tolist() == want
            break
        fired += 1
        assert got is None
    assert fired > 10
