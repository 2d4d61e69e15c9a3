"""The fused row kernels: th.softmax, log_softmax, logsumexp and
th.nn.functional's softmax, log_softmax, softmin, logsumexp, layer_norm,
rms_norm (th/_rows.pyx over THTensorRows.h), against torch 2.13: values
within a few ulp, result dtypes and shapes, errors; rows of every length
(around the vector widths too), NaN and infinities, float16, bfloat16 and
float64, non-contiguous rows and every dim, empty and 0-dim tensors, and
the same bits at 1 and 2 threads."""
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
import th.nn.functional as F

torch = pytest.importorskip("torch")
TF = torch.nn.functional

FLOATS = [th.float16, th.bfloat16, th.float32, th.float64]
# (rtol, atol) against torch, by dtype: float32 and float64 within a few ulp;
# the half types are computed in float32 by both and rounded once, so they
# may differ by the last bit's rounding
TOLERANCE = {th.float32: (1e-6, 1e-6), th.float64: (1e-12, 1e-12),
             th.float16: (2e-3, 1e-3), th.bfloat16: (1.6e-2, 1e-2)}


def torch_dtype(dtype):
    return getattr(torch, str(dtype).split(".")[-1])


def to_torch(t):
    """torch's copy of a th tensor (bfloat16 through float32, exactly)."""
    if t.dtype == th.bfloat16:
        return torch.from_numpy(np.array(t.to(th.float32).numpy())).to(torch.bfloat16)
    return torch.from_numpy(np.array(t.numpy()))


def values(t):
    if isinstance(t, th.Tensor):
        if t.dtype in (th.float16, th.bfloat16):
            t = t.to(th.float32)
        return np.array(t.numpy()).astype(np.float64)
    return t.detach().to(torch.float64).numpy()


def assert_matches(got, want, dtype=None, tol=None):
    """got (th) has want's (torch) shape and dtype, and its values within
    dtype's tolerance; NaN where torch has NaN, infinities the same."""
    assert tuple(got.shape) == tuple(want.shape)
    assert str(got.dtype).split(".")[-1] == str(want.dtype).split(".")[-1]
    rtol, atol = tol or TOLERANCE[dtype or got.dtype]
    np.testing.assert_allclose(values(got), values(want), rtol=rtol, atol=atol, equal_nan=True)


def random_rows(rng, shape, dtype, special=True):
    """Normal values of scale 10 and, when special, NaN, +-inf and ties."""
    n = int(np.prod(shape))
    a = rng.normal(0, 10, n)
    if special and n:
        pool = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 88.0, -88.0, 1e4, -1e4])
        mask = rng.random(n) < 0.02
        a = np.where(mask, rng.choice(pool, n), a)
    return th.from_numpy(a.reshape(shape)).to(dtype)


@st.composite
def views(draw, dtypes=FLOATS, max_len=6, special=True):
    """A tensor of a drawn dtype through a drawn view (permuted, stepped,
    broadcast, or a narrowed last dim), and a dim of it."""
    dtype = draw(st.sampled_from(dtypes))
    shape = draw(st.lists(st.integers(0, max_len), min_size=0, max_size=3))
    rng = np.random.default_rng(draw(st.integers(0, 2 ** 32 - 1)))
    t = random_rows(rng, shape, dtype, special and draw(st.booleans()))
    kind = draw(st.sampled_from(["plain", "permute", "step", "expand", "narrow"]))
    if kind == "permute" and t.dim() > 1:
        t = t.permute(*draw(st.permutations(range(t.dim()))))
    elif kind == "step" and t.dim() > 0 and t.shape[0] > 0:
        t = t[::2]
    elif kind == "expand":
        t = t.unsqueeze(0).expand(3, *t.shape)
    elif kind == "narrow" and t.dim() > 0 and t.shape[-1] > 1:
        t = t.narrow(t.dim() - 1, 1, t.shape[-1] - 1)
    nd = max(t.dim(), 1)
    return t, draw(st.integers(-nd, nd - 1))


# ------------------------------------------------ softmax, log_softmax, logsumexp

@settings(max_examples=300, deadline=None)
@given(views(), st.sampled_from(["softmax", "log_softmax"]))
def test_softmax_views_match_torch(case, name):
    t, dim = case
    assert_matches(getattr(th, name)(t, dim), getattr(torch, name)(to_torch(t), dim), t.dtype)


@settings(max_examples=300, deadline=None)
@given(views(), st.booleans())
def test_logsumexp_views_match_torch(case, keepdim):
    t, dim = case
    want = torch.logsumexp(to_torch(t), dim, keepdim)
    rtol, atol = TOLERANCE[t.dtype]
    if t.dtype == th.float16:  # torch subtracts the max and takes exp in float16
        rtol, atol = 4e-3, 4e-3
    assert_matches(th.logsumexp(t, dim, keepdim), want, tol=(rtol, atol))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 300), st.sampled_from(FLOATS), st.integers(0, 2 ** 32 - 1),
       st.booleans(), st.sampled_from(["softmax", "log_softmax", "logsumexp"]))
def test_every_row_length(n, dtype, seed, contiguous, name):
    """Rows of every length 0 .. 300 (the vector loops' tails): contiguous,
    or every other element of a wider row."""
    rng = np.random.default_rng(seed)
    t = random_rows(rng, (3, n if contiguous else 2 * n), dtype, special=bool(seed % 2))
    if not contiguous:
        t = t[:, ::2]
    want = getattr(torch, name)(to_torch(t), 1)
    tol = (4e-3, 4e-3) if dtype == th.float16 and name == "logsumexp" else None
    assert_matches(getattr(th, name)(t, 1), want, t.dtype, tol)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", ["softmax", "log_softmax", "logsumexp"])
@pytest.mark.parametrize("dim", [0, 1, 2, -1])
def test_every_dim_of_a_block(dtype, name, dim):
    """Rows across the innermost dim are gathered in blocks: dims 0 and 1
    of a (37, 21, 19) tensor, and a transposed one."""
    t = random_rows(np.random.default_rng(dim + 5), (37, 21, 19), dtype, special=False)
    for x in (t, t.transpose(0, 2)):
        want = getattr(torch, name)(to_torch(x), dim)
        tol = (4e-3, 4e-3) if dtype == th.float16 and name == "logsumexp" else None
        assert_matches(getattr(th, name)(x, dim), want, dtype, tol)


def test_special_rows_as_torch():
    inf, nan = float("inf"), float("nan")
    rows = [[inf, 1.0], [inf, inf], [-inf, -inf], [-inf, 1.0], [nan, 1.0], [1e30, -1e30],
            [-inf, inf], [0.0, 0.0], [88.0, 0.0], [-100.0, 0.0], [-104.5, 0.0]]
    for dtype in FLOATS:
        t = th.tensor(rows, dtype=th.float64).to(dtype)
        columns = t.t().contiguous()  # the same rows along dim 0: a vector across them
        for name in ("softmax", "log_softmax", "logsumexp"):
            tol = (1e-6, 1e-45) if dtype == th.float32 else None
            assert_matches(getattr(th, name)(t, 1), getattr(torch, name)(to_torch(t), 1), dtype,
                           tol)
            assert_matches(getattr(th, name)(columns, 0),
                           getattr(torch, name)(to_torch(columns), 0), dtype, tol)


@pytest.mark.parametrize("dtype", [th.float32, th.float64])
@pytest.mark.parametrize("shape, dim", [((67, 300), 0), ((5, 1030), 0), ((3, 40, 300), 1),
                                        ((2, 4099), 0)])
def test_wide_runs_along_a_far_dim(dtype, shape, dim):
    """Rows along a dim whose step is beyond a kilobyte are computed a run of
    up to 4 KB of neighbours at a time (many vectors, a partial last one,
    several runs): torch's values, and bit for bit the values of 16 columns
    alone (their step 64 bytes: computed a vector at a time)."""
    t = random_rows(np.random.default_rng(len(shape) + shape[-1]), shape, dtype)
    before = th.get_num_threads()
    try:
        for threads in (1, 2):
            th.set_num_threads(threads)
            for name in ("softmax", "log_softmax", "logsumexp"):
                got = getattr(th, name)(t, dim)
                assert_matches(got, getattr(torch, name)(to_torch(t), dim), dtype)
                for j in {0, 5, 16, 290, 1010, 1024, shape[-1] - 16}:
                    if 0 <= j <= shape[-1] - 16:
                        alone = getattr(th, name)(t[..., j:j + 16].contiguous(), dim)
                        assert np.array_equal(values(got[..., j:j + 16]), values(alone),
                                              equal_nan=True), (name, j)
    finally:
        th.set_num_threads(before)


@pytest.mark.parametrize("dtype, shape", [(th.float32, (70000, 8)), (th.float64, (30000, 4)),
                                          (th.float32, (9000, 12)), (th.float64, (5000, 3))])
def test_narrow_blocks_along_dim_0(dtype, shape):
    """Fewer neighbours than a vector's lanes, adjacent rows (softmax over dim
    0 of a (70000, 8) matrix): whole vectors read over the block's own slab,
    the lanes past the block computing on the next rows. torch's values, the
    same bits on 1 and 2 threads, and the same bits as the same columns
    inside a wider matrix (where they are read a partial vector at a time)."""
    t = random_rows(np.random.default_rng(shape[1]), shape, dtype)
    m = shape[1]
    wide = th.zeros(shape[0], 16 + m, dtype=dtype)
    wide[:, 16:] = t
    before = th.get_num_threads()
    try:
        for name in ("softmax", "log_softmax", "logsumexp"):
            results = []
            for threads in (1, 2):
                th.set_num_threads(threads)
                results.append(getattr(th, name)(t, 0))
            assert np.array_equal(values(results[0]), values(results[1]), equal_nan=True), name
            assert_matches(results[0], getattr(torch, name)(to_torch(t), 0), dtype)
            inside = getattr(th, name)(wide, 0)[..., 16:]
            assert np.array_equal(values(results[0]), values(inside), equal_nan=True), name
    finally:
        th.set_num_threads(before)


def test_subnormal_results():
    """exp of -87 .. -104 is subnormal in float32: kept, not flushed."""
    x = th.tensor([[0.0, -87.5, -90.0, -95.0, -100.0, -103.0, -103.9, -110.0]])
    got, want = th.softmax(x, 1), torch.softmax(to_torch(x), 1)
    assert_matches(got, want, tol=(1e-6, 2e-45))
    assert values(got)[0, 4] > 0


@pytest.mark.parametrize("dim", [0, 1])
def test_rows_with_and_without_tiny_exps_agree_with_the_exact_softmax(dim):
    """A block of exps whose arguments all lie above -86.5 leaves th_vexp's
    path for results under FLT_MIN out; blocks with such arguments take it.
    Rows of both kinds, along the innermost dim and across neighbouring rows
    (dim 0), against softmax in float64: within 2e-6 relatively (the dim-0
    kernel sums 1500 terms in float32 lanes, as torch's), the subnormals
    within 4 of their smallest; and a row's values are the same bits when
    its block takes the tiny path or not (the rows alone, and with a term
    exp rounds to 0 appended)."""
    rng = np.random.default_rng(11)
    x = rng.standard_normal((48, 1500)).astype(np.float32)
    x[::2] *= 60  # every other row spread far beyond exp's normal range
    if dim == 0:
        x = np.ascontiguousarray(x.T)
    got = values(th.softmax(th.from_numpy(x), dim))
    w = x.astype(np.float64)
    e = np.exp(w - w.max(axis=dim, keepdims=True))
    exact = e / e.sum(axis=dim, keepdims=True)
    small = exact < np.finfo(np.float32).tiny
    assert small.any() and (got[small] > 0).any()
    np.testing.assert_allclose(got, exact, rtol=2e-6,
                               atol=4 * np.finfo(np.float32).smallest_subnormal)
    calm = x[:, 1::2] if dim == 0 else x[1::2]  # the unspread rows: no tiny exps
    alone = values(th.softmax(th.from_numpy(np.ascontiguousarray(calm)), dim))
    assert np.array_equal(alone, got[:, 1::2] if dim == 0 else got[1::2])
    # -1000 adds an exp of 0 and takes its block (dim 1) or every row beside
    # it (dim 0) down the tiny path: every other value keeps its bits
    extra = np.full((1, calm.shape[1]) if dim == 0 else (calm.shape[0], 1), -1000, np.float32)
    padded = values(th.softmax(th.from_numpy(np.concatenate([calm, extra], dim)), dim))
    assert np.array_equal(padded[:-1] if dim == 0 else padded[:, :-1], alone)


def test_exp_accuracy_float32():
    """The float32 exp within 2 ulp of the correctly rounded one, over its
    whole range (softmax of [x, 0]'s first element is exp(x) / (1 + exp(x)),
    so the row [x, -inf] exposes exp(x - x) = 1; compare exp itself through
    logsumexp of [x, x]: log(2 exp(0)) + x)."""
    x = np.linspace(-87.0, 0.0, 200001).astype(np.float32)
    t = th.from_numpy(np.stack([x, np.zeros_like(x)], 1))
    got = values(th.softmax(t, 1))[:, 0]
    exact = np.exp(x.astype(np.float64)) / (1 + np.exp(x.astype(np.float64)))
    ulp = np.spacing(exact.astype(np.float32)).astype(np.float64)
    assert np.max(np.abs(got - exact) / ulp) <= 4


@pytest.mark.parametrize("name", ["softmax", "log_softmax"])
def test_dtype_converts_first(name):
    t = th.tensor([[1, 2, 3], [4, 5, 9]])
    for dtype in FLOATS:
        got = getattr(th, name)(t, 1, dtype=dtype)
        assert_matches(got, getattr(torch, name)(to_torch(t), 1, dtype=torch_dtype(dtype)),
                       dtype)
    x = th.tensor([1.0, 2.0001, 3.0], dtype=th.float64)
    assert_matches(getattr(th, name)(x, 0, th.float16),
                   getattr(torch, name)(to_torch(x), 0, torch.float16))


def test_methods_and_functional():
    t = random_rows(np.random.default_rng(1), (4, 5), th.float32, special=False)
    x = to_torch(t)
    assert_matches(t.softmax(1), x.softmax(1))
    assert_matches(t.log_softmax(0), x.log_softmax(0))
    assert_matches(t.softmax(1, th.float64), x.softmax(1, torch.float64))
    assert_matches(t.logsumexp(1, keepdim=True), x.logsumexp(1, keepdim=True))
    assert_matches(F.softmax(t, dim=1), TF.softmax(x, dim=1))
    assert_matches(F.log_softmax(t, 1, dtype=th.float64),
                   TF.log_softmax(x, 1, dtype=torch.float64))
    assert_matches(F.softmin(t, 1), TF.softmin(x, 1))
    assert_matches(F.softmin(th.tensor([1, 2]), 0, dtype=th.float64),
                   TF.softmin(torch.tensor([1, 2]), 0, dtype=torch.float64))
    assert_matches(F.logsumexp(t, 0), torch.logsumexp(x, 0))
    assert F.logsumexp is th.logsumexp


@pytest.mark.parametrize("shape", [(), (5,), (2, 3), (2, 3, 4), (2, 3, 4, 5)])
@pytest.mark.parametrize("name", ["softmax", "log_softmax", "softmin"])
def test_implicit_dim_warns_as_torch(shape, name):
    t = random_rows(np.random.default_rng(2), shape, th.float32, special=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = getattr(F, name)(t)
    assert [str(w.message) for w in caught] == [
        f"Implicit dimension choice for {name} has been deprecated. Change the call to include "
        "dim=X as an argument."]
    assert caught[0].filename == __file__  # _stacklevel=3: the caller's line
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert_matches(got, getattr(TF, name)(to_torch(t)))


@pytest.mark.parametrize("dims", [(0, 2), (2, 0), (-1, 1), (0, 1, 2), [1], (0, -3 + 1)])
@pytest.mark.parametrize("keepdim", [False, True])
def test_logsumexp_several_dims(dims, keepdim):
    t = random_rows(np.random.default_rng(3), (3, 4, 5), th.float32, special=False)
    for x in (t, t.transpose(0, 2)):
        assert_matches(th.logsumexp(x, dims, keepdim),
                       torch.logsumexp(to_torch(x), dims, keepdim))


def test_logsumexp_integers_and_edges():
    for t in (th.tensor([[1, 2], [3, 4]]), th.tensor([[True, False]]),
              th.tensor([[7]], dtype=th.uint8)):
        assert_matches(th.logsumexp(t, 1), torch.logsumexp(to_torch(t), 1))
    assert_matches(th.logsumexp(th.zeros(0, 3), 0), torch.logsumexp(torch.zeros(0, 3), 0))
    assert_matches(th.logsumexp(th.zeros(0, 3), 1), torch.logsumexp(torch.zeros(0, 3), 1))
    assert_matches(th.logsumexp(th.tensor(2.5), 0), torch.logsumexp(torch.tensor(2.5), 0))
    assert_matches(th.logsumexp(th.tensor(2.5), -1, True),
                   torch.logsumexp(torch.tensor(2.5), -1, True))
    assert_matches(th.logsumexp(th.tensor(2.5), ()), torch.logsumexp(torch.tensor(2.5), ()))


def test_logsumexp_out():
    t = random_rows(np.random.default_rng(6), (3, 4), th.float32, special=False)
    for dtype in (th.float32, th.float64):
        out = th.empty(0, dtype=dtype)
        want = torch.empty(0, dtype=torch_dtype(dtype))
        assert th.logsumexp(t, 1, out=out) is out
        torch.logsumexp(to_torch(t), 1, out=want)
        # (torch takes the max and the differences in the input's float32)
        assert_matches(out, want, tol=TOLERANCE[th.float32])
    with pytest.raises(TypeError):
        th.logsumexp(t, 1, out=[1.0])


def test_empty_and_scalar():
    for name in ("softmax", "log_softmax"):
        for shape, dim in [((0, 3), 1), ((0, 3), 0), ((2, 0), 1), ((), 0), ((), -1)]:
            t = th.full(shape, 3.0)
            assert_matches(getattr(th, name)(t, dim),
                           getattr(torch, name)(torch.full(shape, 3.0), dim))


def test_threads_give_the_same_bits():
    t = random_rows(np.random.default_rng(4), (512, 4099), th.float32, special=False)
    before = th.get_num_threads()
    try:
        results = []
        for threads in (1, 2):
            th.set_num_threads(threads)
            results.append([th.softmax(t, 1), th.log_softmax(t, 0), th.logsumexp(t, 1),
                            F.layer_norm(t, (4099,)), F.rms_norm(t.to(th.bfloat16), (4099,))])
        for a, b in zip(*results):
            assert np.array_equal(values(a), values(b))
    finally:
        th.set_num_threads(before)
    x = to_torch(t)
    assert_matches(results[0][0], torch.softmax(x, 1))
    assert_matches(results[0][1], torch.log_softmax(x, 0))


def test_errors_as_torch():
    f, i = th.zeros(2, 3), th.zeros(2, 3, dtype=th.int64)
    with pytest.raises(NotImplementedError):
        th.softmax(i, 1)
    with pytest.raises(NotImplementedError):
        th.log_softmax(th.zeros(2, dtype=th.bool), 0)
    with pytest.raises(NotImplementedError):
        th.softmax(f, 1, dtype=th.int64)
    with pytest.raises(NotImplementedError):
        th.softmax(th.zeros(2, dtype=th.complex64), 0)
    with pytest.raises(IndexError):
        th.softmax(f, 2)
    with pytest.raises(IndexError):
        th.log_softmax(f, -3)
    with pytest.raises(IndexError):
        th.softmax(th.tensor(1.0), 1)
    with pytest.raises(IndexError):
        th.logsumexp(f, (0, 2))
    with pytest.raises(TypeError):
        th.softmax(f, 1.0)
    with pytest.raises(TypeError):
        th.softmax(f, "a")
    with pytest.raises(TypeError):
        th.softmax(f)
    with pytest.raises(RuntimeError, match="appears multiple times"):
        th.logsumexp(f, (1, 1))
    with pytest.raises(RuntimeError):
        th.logsumexp(f, ())
    with pytest.raises(TypeError):
        th.logsumexp(f, 1.5)
    with pytest.raises(TypeError):
        th.logsumexp(f, (0, 1.5))


# ---------------------------------------------------------- layer_norm, rms_norm

@st.composite
def norm_cases(draw, dtypes=FLOATS):
    """A tensor (through a drawn view), a normalized_shape of its last 1..3
    dims, and drawn weight and bias of that shape (possibly views)."""
    t, _ = draw(views(dtypes, max_len=7))
    if t.dim() == 0:
        t = t.unsqueeze(0)
    k = draw(st.integers(1, t.dim()))
    shape = tuple(t.shape[t.dim() - k:])
    rng = np.random.default_rng(draw(st.integers(0, 2 ** 32 - 1)))
    params = []
    # torch's mixed types: float32 parameters (all of them) for a half input
    mixed = t.dtype in (th.float16, th.bfloat16) and draw(st.booleans())
    for _ in range(2):
        if draw(st.booleans()):
            dtype = th.float32 if mixed else t.dtype
            p = th.from_numpy(rng.normal(1, 0.5, shape[::-1]).copy()).to(dtype)
            params.append(p.permute(*range(k - 1, -1, -1)))  # a non-contiguous view
        else:
            params.append(None)
    return t, shape, params[0], params[1]


def norm_tolerance(dtype):
    # torch forms x * rstd - mean * rstd; th (x - mean) * rstd: they may part
    # by an ulp of the larger terms
    return {th.float32: (1e-5, 1e-5), th.float64: (1e-12, 1e-12), th.float16: (4e-3, 4e-3),
            th.bfloat16: (3.2e-2, 3.2e-2)}[dtype]


@settings(max_examples=300, deadline=None)
@given(norm_cases(), st.sampled_from([1e-5, 0.1]))
def test_layer_norm_matches_torch(case, eps):
    t, shape, w, b = case
    want = TF.layer_norm(to_torch(t), shape, None if w is None else to_torch(w),
                         None if b is None else to_torch(b), eps)
    rtol, atol = norm_tolerance(t.dtype)
    atol = max(atol, cancellation(t, shape, w, eps))
    assert_matches(F.layer_norm(t, shape, w, b, eps), want, tol=(rtol, atol))


def cancellation(t, shape, w, eps):
    """How far torch's x * rstd - mean * rstd may stray from (x - mean) *
    rstd: a few ulp (of the compute type: float32 for the half types) of its
    larger terms, |x| * rstd * |w|, per row. Large when a row's values are
    large beside their spread (th's form is the exact one then)."""
    x = values(t)
    if x.size == 0 or not np.isfinite(x).all():
        return 0.0
    x = x.reshape(-1, int(np.prod(shape)))
    rstd = 1 / np.sqrt(x.var(axis=1) + eps)
    scale = np.abs(values(w)).max() if w is not None and w.numel() else 1.0
    ulp = 2.0 ** -52 if t.dtype == th.float64 else 2.0 ** -23
    return float(4 * ulp * (np.abs(x).max(axis=1) * rstd).max() * max(scale, 1.0))


@settings(max_examples=300, deadline=None)
@given(norm_cases(), st.sampled_from([None, 1e-5]))
def test_rms_norm_matches_torch(case, eps):
    t, shape, w, _ = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch's "cannot dispatch to fused" for mixed types
        want = TF.rms_norm(to_torch(t), shape, None if w is None else to_torch(w), eps)
    assert_matches(F.rms_norm(t, shape, w, eps), want, tol=norm_tolerance(t.dtype))


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 300), st.sampled_from(FLOATS), st.integers(0, 2 ** 32 - 1))
def test_norm_every_row_length(n, dtype, seed):
    rng = np.random.default_rng(seed)
    t = random_rows(rng, (3, n), dtype, special=False) + 5
    w = random_rows(rng, (n,), dtype, special=False)
    x = to_torch(t)
    assert_matches(F.layer_norm(t, [n], w, w), TF.layer_norm(x, [n], to_torch(w), to_torch(w)),
                   tol=norm_tolerance(dtype))
    assert_matches(F.rms_norm(t, [n], w), TF.rms_norm(x, [n], to_torch(w)),
                   tol=norm_tolerance(dtype))


def test_norm_edges_as_torch():
    inf = float("inf")
    for name in ("layer_norm", "rms_norm"):
        for t, shape in [(th.zeros(0, 3), (3,)), (th.zeros(2, 0), (0,)),
                         (th.tensor([[1.0, inf, 2.0]]), (3,)), (th.zeros(2, 3), (3,)),
                         (th.tensor([1.0, 2.0]), th.Size([2]) if hasattr(th, "Size") else (2,))]:
            want = getattr(TF, name)(to_torch(t), tuple(shape))
            assert_matches(getattr(F, name)(t, shape), want, tol=norm_tolerance(t.dtype))
    t = th.tensor([[1.0, 2.0]])
    assert_matches(F.layer_norm(t, (2,), eps=-1.0), TF.layer_norm(to_torch(t), (2,), eps=-1.0))
    # eps=None: the computing dtype's epsilon (float32 for float16)
    h = th.full((2, 3), 1e-4, dtype=th.float16)
    assert_matches(F.rms_norm(h, (3,)), TF.rms_norm(to_torch(h), (3,)))
    d = th.full((2, 3), 1e-9, dtype=th.float64)
    assert_matches(F.rms_norm(d, [3]), TF.rms_norm(to_torch(d), [3]))
    # any real weight dtype for rms_norm; the result keeps input's
    assert_matches(F.rms_norm(t, (2,), th.tensor([2, 3])),
                   TF.rms_norm(to_torch(t), (2,), torch.tensor([2, 3])))


def test_norm_errors_as_torch():
    t = th.ones(2, 3)
    for name in ("layer_norm", "rms_norm"):
        fn = getattr(F, name)
        with pytest.raises(RuntimeError, match="expected input with shape"):
            fn(t, (2,))
        with pytest.raises(RuntimeError, match="expected input with shape"):
            fn(t, (1, 2, 3))
        with pytest.raises(RuntimeError, match="expected input with shape"):
            fn(t, (-3,))
        with pytest.raises(RuntimeError, match="at least 1-dimensional"):
            fn(t, ())
        with pytest.raises(TypeError):
            fn(t, 3)
        with pytest.raises(RuntimeError, match="Expected weight to be of same shape"):
            fn(t, (3,), th.ones(2))
        with pytest.raises(NotImplementedError):
            fn(th.ones(2, 3, dtype=th.int64), (3,))
        with pytest.raises(TypeError):
            fn(t, (3,), [1.0, 2.0, 3.0])
    with pytest.raises(RuntimeError, match="Expected bias to be of same shape"):
        F.layer_norm(t, (3,), None, th.ones(3, 1))
    with pytest.raises(RuntimeError, match="mixed dtype"):
        F.layer_norm(t, (3,), th.ones(3, dtype=th.float64))
    with pytest.raises(RuntimeError, match="mixed dtype"):
        F.layer_norm(t.to(th.float64), (3,), th.ones(3))
    with pytest.raises(RuntimeError, match="mixed dtype"):
        F.layer_norm(t.to(th.float16), (3,), th.ones(3), th.ones(3, dtype=th.float16))
    with pytest.raises(RuntimeError, match="expected scalar type"):
        F.layer_norm(t.to(th.float16), (3,), th.ones(3, dtype=th.float16), th.ones(3))
    with pytest.raises(RuntimeError, match="expected scalar type"):
        F.layer_norm(t, (3,), th.ones(3), th.ones(3, dtype=th.float64))
