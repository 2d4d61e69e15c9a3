"""Factories from numbers and the structure of matrices (THTensorFactories.h,
th._structure): torch 2.13's values, dtypes and errors for eye, linspace,
logspace, range, diag, diagflat, diag_embed, tril, triu and their indices,
trace, cross, dist, renorm, kron, vander, meshgrid, cartesian_prod and
combinations, over views and batches."""
import warnings

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import th

torch = pytest.importorskip("torch")

FLOATS = ["float16", "bfloat16", "float32", "float64"]
REALS = ["uint8", "int8", "int16", "int32", "int64"] + FLOATS


def values(t):
    return np.array(t.tolist(), dtype=complex)


def assert_same(ours, theirs):
    assert tuple(ours.shape) == tuple(theirs.shape)
    assert str(ours.dtype).split(".")[-1] == str(theirs.dtype).split(".")[-1]
    assert np.array_equal(values(ours), values(theirs), equal_nan=True)


def both(fn):
    return fn(th), fn(torch)


def matrices(seed=0, shape=(3, 4, 5)):
    x = np.random.default_rng(seed).standard_normal(shape).astype(np.float32)
    return th.tensor(x), torch.tensor(x)


# ------------------------------------------------------------ factories

BOUNDS = [(0, 1, 11), (-3.3, 7.1, 13), (1e-3, 5.7, 100), (0, 10, 5), (2, -5, 7), (5, 5, 3),
          (1, 100, 1), (0, 1, 0), (-1e4, 3e4, 1001)]
HELD = {"uint8": (0, 255), "int8": (-128, 127), "int16": (-32768, 32767)}


@pytest.mark.parametrize("dtype, bounds", [  # bounds the dtype holds (torch refuses others)
    (dtype, bounds) for dtype in REALS for bounds in BOUNDS
    if HELD.get(dtype, (-1e9, 1e9))[0] <= min(bounds[:2]) <= max(bounds[:2]) <= HELD.get(
        dtype, (-1e9, 1e9))[1]])
def test_linspace_and_logspace_are_torchs(dtype, bounds):
    a, b, n = bounds
    assert_same(*both(lambda lib: lib.linspace(a, b, n, dtype=getattr(lib, dtype))))
    for base in (10.0, 2.0):
        assert_same(*both(lambda lib: lib.logspace(a / 10, b / 10, n, base,
                                                   dtype=getattr(lib, dtype))))


@settings(max_examples=80, deadline=None)
@given(st.floats(-12, 12), st.floats(-12, 12), st.integers(2, 40),
       st.sampled_from([2.0, 3.0, 10.0, 0.5, 1.7]), st.sampled_from(["float16", "bfloat16"]))
def test_half_logspace_rounds_through_float_as_torch(a, b, n, base, dtype):
    """torch assigns each double power to a Half through float (two
    roundings): a power just above a half-way point between two halves
    lands on it in float and then on the even neighbour (found by the
    fuzzer: float16 logspace(10, 0.05, 17, base=3)[12] is 16.25, not
    16.265625)."""
    assert_same(*both(lambda lib: lib.logspace(a, b, n, base, dtype=getattr(lib, dtype))))
    assert th.logspace(10, 0.05, 17, base=3, dtype=th.float16)[12].item() == 16.25


STRIDED_OUT = {  # the call, and the base whose every other element (column) is out
    "linspace": (lambda lib, out: lib.linspace(-1, 2, 5, out=out), (10,)),
    "logspace": (lambda lib, out: lib.logspace(0, 1, 5, out=out), (10,)),
    "range": (lambda lib, out: lib.range(0, 4, out=out), (10,)),
    "eye": (lambda lib, out: lib.eye(3, out=out), (3, 6)),
    "diag of a matrix": (lambda lib, out: lib.diag(lib.arange(25.0).reshape(5, 5), out=out),
                         (10,)),
    "diag of a vector": (lambda lib, out: lib.diag(lib.arange(3.0), out=out), (3, 6)),
    "tril": (lambda lib, out: lib.tril(lib.arange(9.0).reshape(3, 3), out=out), (3, 6)),
    "triu": (lambda lib, out: lib.triu(lib.arange(9.0).reshape(3, 3), 1, out=out), (3, 6)),
}


@pytest.mark.parametrize("name", list(STRIDED_OUT))
def test_factories_write_a_strided_out_through_its_strides(name):
    """An out= view of the result's shape keeps its strides, as torch's: the
    values land in the view's elements (resizeNd made it contiguous over
    the view's first elements: a wrong answer, the rest untouched)."""
    call, shape = STRIDED_OUT[name]
    bases = th.zeros(shape), torch.zeros(shape)
    for lib, base in zip((th, torch), bases):
        out = base[::2] if len(shape) == 1 else base[:, ::2]
        assert call(lib, out) is out or lib is torch
        assert out.stride() == ((2,) if len(shape) == 1 else (6, 2))
    assert bases[0].tolist() == bases[1].tolist()
    with pytest.raises(RuntimeError, match="share memory"):
        call(th, th.zeros(1).expand(*((5,) if len(shape) == 1 else (3, 3))))


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_large_fills_are_the_same_on_any_thread_count(threads, dtype):
    """linspace and arange of millions of elements are filled in chunks on
    th's threads, straight into the result (or through a cast, into a
    strided one). linspace: torch's values to the bit. arange: xmin + i *
    step rounded once to double (a fused multiply-add, torch's scalar
    arange), then to the dtype; torch's vector kernel rounds twice (base +
    lane * step), in lanes as wide as its CPU's vectors and chunks as many
    as its threads, so it is not the oracle here: exact fractions are."""
    from fractions import Fraction
    n = (1 << 21) + 3
    np_dtype = np.dtype(dtype)
    before = th.get_num_threads()
    th.set_num_threads(threads)
    try:
        for a, b in [(-1.5, 2.25), (0, 1), (1e6, -3e5)]:
            assert_same(*both(lambda lib: lib.linspace(a, b, n, dtype=getattr(lib, dtype))))
        strided = th.zeros(2 * n, dtype=getattr(th, dtype))[::2]
        th.linspace(-1.5, 2.25, n, out=strided)
        assert_same(strided, torch.linspace(-1.5, 2.25, n, dtype=getattr(torch, dtype)))
        for xmin, step in [(0.0, 1.0 / n), (-3.7, 0.1), (1e6, -1e-3)]:
            got = th.arange(xmin, xmin + step * n, step, dtype=getattr(th, dtype))
            values = np.array(got.tolist(), np_dtype)
            assert len(values) in (n, n + 1)
            for i in [0, 1, 4095, 4096, 4097, 123457, n // 2, n - 1]:
                exact = Fraction(xmin) + i * Fraction(step)
                assert values[i] == np_dtype.type(float(exact)), (xmin, step, i)
    finally:
        th.set_num_threads(before)


def test_factories_take_torchs_defaults_and_out():
    assert_same(*both(lambda lib: lib.linspace(0, 1, 7)))
    assert_same(*both(lambda lib: lib.logspace(-2, 2, 9)))
    assert_same(*both(lambda lib: lib.eye(3)))
    assert_same(*both(lambda lib: lib.eye(2, 5, dtype=lib.int32)))
    assert_same(*both(lambda lib: lib.eye(0)))
    out = th.empty(0, dtype=th.float64)
    assert th.linspace(0, 1, 4, out=out) is out and out.dtype is th.float64
    assert th.eye(3, out=out) is out and out.shape == (3, 3)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        for args in [(0, 10, 3), (1, 4), (-1.5, 2.25, 0.5)]:
            assert_same(th.range(*args), torch.range(*args))
        assert_same(th.range(0, 6, 2, dtype=th.int64), torch.range(0, 6, 2, dtype=torch.int64))
    assert any("deprecated" in str(w.message) for w in seen)


@pytest.mark.parametrize("call, error, match", [
    (lambda: th.linspace(0, 1, -1), ValueError, "non-negative"),
    (lambda: th.logspace(0, 1, -2), ValueError, "non-negative"),
    (lambda: th.eye(-1), ValueError, "n must be greater or equal to 0"),
    (lambda: th.eye(2, -3), ValueError, "m must be greater or equal to 0"),
    (lambda: th.linspace(0, 1, 3, dtype=th.complex64), NotImplementedError, "complex64"),
    (lambda: th.linspace(0j, 1, 3), TypeError, "complex"),
    (lambda: th.linspace("a", 1, 3), TypeError, "number"),
    (lambda: th.linspace(th.ones(2), 1, 3), ValueError, "one-element"),
    (lambda: th.linspace(0, 1, 3, out=[1]), TypeError, "out"),
    (lambda: th.range(0, 1, 0), ValueError, "step must be nonzero"),
    (lambda: th.range(0, 5, -1), ValueError, "inconsistent with step sign"),
    (lambda: th.range(0, float("inf")), ValueError, "unsupported range"),
])
def test_factories_refuse_bad_input(call, error, match):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(error, match=match):
            call()


# ------------------------------------------------------------ structure

@pytest.mark.parametrize("k", [-7, -2, -1, 0, 1, 3, 9])
def test_triangles_and_diagonals_are_torchs(k):
    t, p = matrices()
    for view in (lambda x: x, lambda x: x.transpose(1, 2), lambda x: x[:, ::2],
                 lambda x: x[1]):
        assert_same(th.tril(view(t), k), torch.tril(view(p), k))
        assert_same(th.triu(view(t), k), torch.triu(view(p), k))
    assert_same(th.diag(t[0], k), torch.diag(p[0], k))
    assert_same(th.diag(t[0, 1], k), torch.diag(p[0, 1], k))
    assert_same(t[0].T.diag(k), p[0].T.diag(k))
    assert_same(th.diagflat(t[0], k), torch.diagflat(p[0], k))
    assert_same(th.diag_embed(t, k), torch.diag_embed(p, k))
    assert_same(th.diag_embed(t, k, 0, 2), torch.diag_embed(p, k, 0, 2))
    assert_same(th.tril_indices(4, 6, k), torch.tril_indices(4, 6, k))
    assert_same(th.triu_indices(6, 4, k), torch.triu_indices(6, 4, k))


@settings(max_examples=80, deadline=None)
@given(rows=st.integers(0, 12), cols=st.integers(0, 12), offset=st.integers(-15, 15),
       dtype=st.sampled_from([None, "int32"]))
def test_triangle_indices_are_torchs_for_any_shape_and_offset(rows, cols, offset, dtype):
    kw = {} if dtype is None else {"dtype": getattr(th, dtype)}
    tkw = {} if dtype is None else {"dtype": getattr(torch, dtype)}
    assert_same(th.tril_indices(rows, cols, offset, **kw),
                torch.tril_indices(rows, cols, offset, **tkw))
    assert_same(th.triu_indices(rows, cols, offset, **kw),
                torch.triu_indices(rows, cols, offset, **tkw))


def test_in_place_triangles_and_trace():
    t, p = matrices()
    assert t.tril_(1) is t and p.tril_(1) is p
    assert_same(t, p)
    assert_same(t.transpose(0, 2).triu_(-1), p.transpose(0, 2).triu_(-1))
    assert_same(t, p)
    for dtype in ["float32", "float64", "int8", "int64", "uint8"]:
        assert_same(*both(lambda lib: lib.trace(lib.arange(12).view(3, 4).to(getattr(lib, dtype)))))
    assert_same(th.trace(th.ones(0, 3)), torch.trace(torch.ones(0, 3)))
    out = th.empty(0)
    assert th.tril(th.ones(3, 3), out=out) is out and out.tolist()[0] == [1, 0, 0]


@settings(max_examples=40, deadline=None)
@given(shape=st.lists(st.integers(0, 5), min_size=2, max_size=4), k=st.integers(-6, 6),
       transpose=st.booleans())
def test_triangles_of_any_batch_and_view(shape, k, transpose):
    x = np.arange(np.prod(shape), dtype=np.float64).reshape(shape)
    t, p = th.tensor(x), torch.tensor(x)
    if transpose:
        t, p = t.transpose(-1, -2), p.transpose(-1, -2)
    assert_same(th.tril(t, k), torch.tril(p, k))
    assert_same(th.triu(t, k), torch.triu(p, k))


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "int32", "int64"])
def test_cross_is_torchs(dtype):
    a = np.random.default_rng(1).standard_normal((5, 3, 4)) * 10
    b = np.random.default_rng(2).standard_normal((1, 3, 1)) * 10
    ta, tb = th.tensor(a).to(getattr(th, dtype)), th.tensor(b).to(getattr(th, dtype))
    pa, pb = torch.tensor(a).to(getattr(torch, dtype)), torch.tensor(b).to(getattr(torch, dtype))
    assert_same(th.cross(ta, tb, 1), torch.linalg.cross(pa, pb, dim=1))
    assert_same(th.cross(ta.transpose(1, 2), tb.transpose(1, 2), -1),
                torch.linalg.cross(pa.transpose(1, 2), pb.transpose(1, 2)))
    assert_same(ta.cross(tb.expand(5, 3, 4)), pa.cross(pb.expand(5, 3, 4), dim=1))
    if dtype != "float64":  # two dtypes: refused, as torch refuses them
        with pytest.raises(TypeError, match="one dtype"):
            th.cross(ta, th.tensor(b), 1)
        with pytest.raises(RuntimeError):
            torch.linalg.cross(pa, torch.tensor(b), dim=1)


def test_dist_renorm_kron_vander_are_torchs():
    a = np.random.default_rng(1).standard_normal((5, 3, 4)).astype(np.float32)
    b = np.random.default_rng(2).standard_normal((3, 1)).astype(np.float32)
    for p in [1, 2, 3.5, float("inf"), 0]:
        ours, theirs = th.dist(th.tensor(a), th.tensor(b), p), torch.dist(torch.tensor(a),
                                                                         torch.tensor(b), p)
        # th's float32 sums round in another order than torch's (docs/TORCH.md)
        assert ours.dtype is th.float32 and abs(ours.item() - theirs.item()) <= 1e-6 * abs(
            theirs.item()) + 1e-30
    for p, dim, maxnorm in [(1, 1, 2.0), (2, 0, 1.0), (3.5, -1, 0.5), (2, 2, 100.0)]:
        ours, theirs = th.renorm(th.tensor(a), p, dim, maxnorm), torch.renorm(torch.tensor(a), p,
                                                                            dim, maxnorm)
        np.testing.assert_allclose(values(ours), values(theirs), rtol=3e-7, atol=1e-7)
    t = th.tensor(a)
    assert t.renorm_(2, 0, 1.0) is t
    x, y = matrices(3, (2, 3)), matrices(4, (4, 1, 2))
    assert_same(th.kron(x[0], y[0]), torch.kron(x[1], y[1]))
    assert_same(x[0].kron(x[0][0]), x[1].kron(x[1][0]))
    for n, inc in [(None, False), (5, True), (0, False), (1, True)]:
        assert_same(*both(lambda lib: lib.vander(lib.tensor([1.5, 2.0, -3.1]), n, inc)))
        assert_same(*both(lambda lib: lib.vander(lib.tensor([1, 2, 3]), n, inc)))


def test_grids_and_combinations_are_torchs():
    for indexing in ["ij", "xy"]:
        grids = both(lambda lib: lib.meshgrid(lib.tensor([1, 2, 3]), lib.tensor([4, 5]),
                                              lib.tensor([7, 8, 9, 10]), indexing=indexing))
        for ours, theirs in zip(*grids):
            assert_same(ours, theirs)
    with pytest.warns(UserWarning, match="indexing"):
        th.meshgrid(th.tensor([1, 2]), th.tensor([3]))
    assert_same(*both(lambda lib: lib.cartesian_prod(lib.tensor([1, 2, 3]), lib.tensor([4, 5]),
                                                     lib.tensor([6]))))
    assert_same(*both(lambda lib: lib.cartesian_prod(lib.tensor([1.0, 2.0]))))
    for r in [0, 1, 2, 3, 5]:
        for replacement in [False, True]:
            assert_same(*both(lambda lib: lib.combinations(lib.tensor([1.0, 2.0, 3.0, 4.0]), r,
                                                           replacement)))


@pytest.mark.parametrize("call, error, match", [
    (lambda: th.diag(th.ones(2, 2, 2)), ValueError, "1D or 2D"),
    (lambda: th.tril(th.ones(3)), ValueError, "at least 2 dimensions"),
    (lambda: th.triu(th.tensor(1.0)), ValueError, "at least 2 dimensions"),
    (lambda: th.ones(3, 3).expand(2, 3, 3).tril_(), RuntimeError, "share memory"),
    (lambda: th.trace(th.ones(2, 2, 2)), ValueError, "expected a matrix"),
    (lambda: th.trace(th.ones(2, 2, dtype=th.bool)), NotImplementedError, "bool"),
    (lambda: th.cross(th.ones(3, 2), th.ones(3, 2), 1), ValueError, "must have length 3"),
    (lambda: th.cross(th.ones(3), th.ones(2, 3)), ValueError, "same number of dimensions"),
    (lambda: th.cross(th.ones(2, 2), th.ones(2, 2)), ValueError, "no dimension of size 3"),
    (lambda: th.cross(th.ones(3), th.ones(3), 2), IndexError, "out of range"),
    (lambda: th.renorm(th.ones(3, 3), 0, 0, 1.0), ValueError, "non-positive-norm"),
    (lambda: th.renorm(th.ones(3, 3), 2, 0, -1.0), ValueError, "maxnorm to be >= 0"),
    (lambda: th.renorm(th.ones(3), 2, 0, 1.0), ValueError, "at least 2 dimensions"),
    (lambda: th.renorm(th.ones(3, 3, dtype=th.int64), 2, 0, 1.0), NotImplementedError, "int64"),
    (lambda: th.diag_embed(th.ones(3), 0, 0, 0), ValueError, "cannot be identical"),
    (lambda: th.diag_embed(th.ones(3), 0, 0, 5), IndexError, "out of range"),
    (lambda: th.tril_indices(-1, 3), ValueError, "non-negative"),
    (lambda: th.vander(th.ones(2, 2)), ValueError, "one-dimensional"),
    (lambda: th.vander(th.ones(2), -1), ValueError, "non-negative"),
    (lambda: th.meshgrid(th.ones(2), th.ones(2, dtype=th.int64), indexing="ij"), TypeError,
     "same dtype"),
    (lambda: th.meshgrid(th.ones(2), indexing="xyz"), ValueError, "indexing must be one of"),
    (lambda: th.meshgrid(th.ones(2, 2), indexing="ij"), ValueError, "0D or 1D"),
    (lambda: th.cartesian_prod(th.ones(2, 2)), ValueError, "1D vector"),
    (lambda: th.combinations(th.ones(2, 2)), ValueError, "1D vector"),
    (lambda: th.combinations(th.ones(2), -1), ValueError, "non-negative"),
])
def test_structure_refuses_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_torch_refuses_the_same_inputs():
    for call in [lambda: torch.diag(torch.ones(2, 2, 2)), lambda: torch.tril(torch.ones(3)),
                 lambda: torch.trace(torch.ones(2, 2, 2)),
                 lambda: torch.linalg.cross(torch.ones(3, 2), torch.ones(3, 2), dim=1),
                 lambda: torch.linalg.cross(torch.ones(3), torch.ones(2, 3)),
                 lambda: torch.renorm(torch.ones(3, 3), 0, 0, 1.0),
                 lambda: torch.renorm(torch.ones(3), 2, 0, 1.0),
                 lambda: torch.diag_embed(torch.ones(3), 0, 0, 0),
                 lambda: torch.vander(torch.ones(2, 2)),
                 lambda: torch.meshgrid(torch.ones(2), torch.ones(2, dtype=torch.int64),
                                        indexing="ij"),
                 lambda: torch.combinations(torch.ones(2, 2))]:
        with pytest.raises((RuntimeError, ValueError, TypeError, IndexError)):
            call()


def test_results_hold_one_reference_and_failures_leak_nothing():
    t = th.ones(4, 4)
    results = [th.eye(3), th.linspace(0, 1, 5), th.tril(t), th.diag(t), th.trace(t),
               th.cross(th.ones(2, 3), th.ones(2, 3)), th.dist(t, t), th.renorm(t, 2, 0, 1.0)]
    for r in results:
        assert r.refcount == 1 and r.storage().refcount == 2  # the tensor's and storage()'s
    before = th.debug.live()
    for call in [lambda: th.eye(5), lambda: th.tril(t, -1), lambda: th.diag(t[0], 1),
                 lambda: th.cross(th.ones(2, 3), th.ones(1, 3)), lambda: th.renorm(t, 1, 1, 0.5),
                 lambda: th.dist(t, t[0]), lambda: th.trace(t), lambda: th.linspace(0, 1, 9)]:
        for after in range(1, 12):
            with th.debug.fail_allocations(after=after) as failure:
                try:
                    call()
                except MemoryError:
                    pass
            assert th.debug.live() == before
            if not failure.fired:
                break
    del results



@pytest.mark.parametrize("args", [(-2.25, 5, 3), (0.5, 3, 1.5), (-0.5, 3, 1), (7.9, -2, -2.5),
                                  (0.2, 40.7, 3.1), (0.5, 3, 0.7), (0, 2, 0.5), (5, 0, 1),
                                  (0, 5, -1), (1, 7.5, -0.7), (3.0, 1.0)])
@pytest.mark.parametrize("dtype", [None, "float32", "int64", "int16", "uint8", "int32"])
def test_arange_converts_and_checks_its_numbers_as_torch(args, dtype):
    """The fuzzer found th adding float steps in double for an integer dtype ([-2, 0, 3]
    for torch's [-2, 1, 4]: torch truncates start and step first; int64 counts the
    truncated numbers, refusing a step truncated to 0) and returning an empty tensor
    for a step of the wrong sign, which torch refuses."""
    def call(lib):
        kw = {} if dtype is None else {"dtype": getattr(lib, dtype)}
        try:
            return lib.arange(*args, **kw)
        except (RuntimeError, ValueError) as e:  # torch: a ValueError for a step of 0
            return str(e)
    ours, theirs = both(call)
    if isinstance(ours, str) and "cannot be converted" in ours:
        return  # -2 into uint8: refused (docs/TORCH.md), torch wraps it
    if isinstance(theirs, str):
        assert isinstance(ours, str) and theirs.split(" bound")[0] in ours
    else:
        assert_same(ours, theirs)
