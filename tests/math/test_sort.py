"""Sorting and selection: th.sort, argsort, msort, topk, kthvalue, median,
nanmedian, mode and their C API (THTensorSort.h), against torch 2.13: values,
indices (exactly where torch's are deterministic: the stable sort, median's
NaN, mode; elsewhere the indices must gather the values), result dtypes and
errors, over views (transposed, sliced, broadcast), every dtype torch sorts,
empty and 0-dim tensors, NaN, infinities and -0.0."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th

torch = pytest.importorskip("torch")

SORTABLE = [th.bool, th.uint8, th.int8, th.int16, th.int32, th.int64, th.uint16, th.uint32,
            th.uint64, th.float16, th.bfloat16, th.float32, th.float64]
# topk, kthvalue, median, mode: torch leaves out the wide unsigned dtypes
SELECTABLE = [th.uint8, th.int8, th.int16, th.int32, th.int64, th.float16, th.bfloat16,
              th.float32, th.float64]
FLOATS = [th.float16, th.bfloat16, th.float32, th.float64]


def torch_dtype(dtype):
    return getattr(torch, str(dtype).split(".")[-1])


def to_torch(t):
    """torch's copy of a th tensor (bfloat16 through float32, exactly)."""
    if t.dtype == th.bfloat16:
        return torch.from_numpy(t.to(th.float32).numpy().copy()).to(torch.bfloat16)
    a = np.array(t.numpy())
    return torch.from_numpy(a.astype(a.dtype.str))  # numpy's ulonglong as uint64


def to_th(x):
    """th's copy of a torch tensor."""
    if x.dtype == torch.bfloat16:
        return th.from_numpy(x.float().numpy().copy()).to(th.bfloat16)
    return th.from_numpy(x.numpy().copy())


def as_numpy(t):
    """Values for comparison: float64 (bits of -0.0 kept), or the integers."""
    if t.dtype in (th.bfloat16, th.float16):
        t = t.to(th.float32)
    return np.array(t.numpy())


def same_values(a, b, signs=True):
    """Equal values, NaN equal to NaN, and (signs) the same sign of zero:
    where ties may come from any of the equal elements, -0.0 and 0.0 may
    stand for each other."""
    a, b = as_numpy(a), as_numpy(b) if isinstance(b, th.Tensor) else b
    assert a.shape == b.shape and a.dtype == b.dtype
    if a.dtype.kind == "f":
        assert np.array_equal(a, b, equal_nan=True), (a, b)
        numbers = ~np.isnan(a)  # (a NaN's sign is not kept by every conversion)
        assert not signs or np.array_equal(np.signbit(a[numbers]), np.signbit(b[numbers])), (a, b)
    else:
        assert np.array_equal(a, b), (a, b)


def random_values(rng, dtype, shape, ties=True):
    """Values of dtype with ties, extremes and (floats) NaN, inf and -0.0."""
    n = int(np.prod(shape))
    if dtype == th.bool:
        return th.from_numpy(rng.integers(0, 2, n).astype(bool).reshape(shape))
    if dtype in (th.complex64, th.complex128):  # each part as a float64's
        a = np.empty(shape, np.complex128)
        a.real, a.imag = (random_values(rng, th.float64, shape, ties).numpy() for _ in range(2))
        return th.from_numpy(a).to(dtype)
    if dtype in FLOATS:
        pool = np.array([0.0, -0.0, 1.5, -1.5, np.inf, -np.inf, np.nan, 2.0, -3.25, 7.0])
        a = np.where(rng.random(n) < 0.5, rng.choice(pool, n), rng.normal(0, 10, n))
        if not ties:
            a = rng.normal(0, 10, n)
        return th.from_numpy(a.reshape(shape)).to(dtype)
    info = np.iinfo(np.dtype(str(dtype).split(".")[-1]))
    lo, hi = int(info.min), int(info.max)
    a = rng.integers(lo, hi, n, dtype=np.dtype(str(dtype).split(".")[-1]), endpoint=True)
    if ties:
        a = np.where(rng.random(n) < 0.5, a[rng.integers(0, max(n, 1), n) % max(n, 1)], a) \
            if n else a
    return th.from_numpy(np.ascontiguousarray(a).reshape(shape))


@st.composite
def views(draw, dtypes=SORTABLE, max_len=6):
    """A th tensor of a drawn dtype seen through a drawn view (permuted,
    stepped, or broadcast along a new dim), and a dim of it."""
    dtype = draw(st.sampled_from(dtypes))
    shape = draw(st.lists(st.integers(0, max_len), min_size=0, max_size=3))
    rng = np.random.default_rng(draw(st.integers(0, 2 ** 32 - 1)))
    t = random_values(rng, dtype, shape)
    kind = draw(st.sampled_from(["plain", "permute", "step", "expand"]))
    if kind == "permute" and t.dim() > 1:
        t = t.permute(*draw(st.permutations(range(t.dim()))))
    elif kind == "step" and t.dim() > 0 and t.shape[0] > 0:
        t = t[::2]
    elif kind == "expand":
        t = t.unsqueeze(0).expand(3, *t.shape)
    nd = max(t.dim(), 1)
    return t, draw(st.integers(-nd, nd - 1))


@settings(max_examples=300, deadline=None)
@given(views(), st.booleans())
def test_sort_is_torchs_stable_sort_for_any_view_and_dtype(case, descending):
    t, dim = case
    values, indices = th.sort(t, dim, descending)
    expected = torch.sort(to_torch(t), dim=dim, descending=descending, stable=True)
    same_values(values, to_th(expected.values))
    assert indices.dtype == th.int64
    assert np.array_equal(indices.numpy(), expected.indices.numpy())
    assert np.array_equal(th.argsort(t, dim, descending).numpy(), expected.indices.numpy())


@pytest.mark.parametrize("n", [25, 300, 5000, 70000, 300000])
@pytest.mark.parametrize("dtype", [th.float32, th.float64, th.int16, th.int64, th.float16,
                                   th.uint8, th.bfloat16, th.uint64])
def test_long_rows_take_the_radix_paths_and_stay_stable(n, dtype):
    rng = np.random.default_rng(n)
    t = random_values(rng, dtype, (n,))
    for descending in (False, True):
        values, indices = t.sort(descending=descending)
        if dtype == th.uint64:  # torch's long 1-dim sort refuses uint64: numpy's stable one
            a = t.numpy()
            order = np.argsort(~a if descending else a, kind="stable")
            assert np.array_equal(indices.numpy(), order)
            assert np.array_equal(values.numpy(), a[order])
            continue
        expected = torch.sort(to_torch(t), descending=descending, stable=True)
        same_values(values, to_th(expected.values))
        assert np.array_equal(indices.numpy(), expected.indices.numpy())


def test_an_ordered_row_and_a_row_of_one_value():
    t = th.arange(100000)
    assert th.equal(t.sort().indices, t) and th.equal(t.sort(descending=True).values, t.flip(0))
    same = th.full((70000,), 3.0)
    assert th.equal(same.sort().indices, th.arange(70000))


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_results_do_not_depend_on_the_thread_count(threads):
    rng = np.random.default_rng(5)
    one = random_values(rng, th.float32, (400000,))
    rows = random_values(rng, th.int32, (64, 3000))
    old = th.get_num_threads()
    try:
        th.set_num_threads(threads)
        got = [one.sort(), rows.sort(0), rows.sort(1)]
        # one long row's selections stay on one thread; its sort is split
        picked = [one.topk(10), one.topk(3000, largest=False), one.kthvalue(123456)]
        median = one.median()
    finally:
        th.set_num_threads(old)
    for (v, i), t, dim in zip(got, [one, rows, rows], [0, 0, 1]):
        e = torch.sort(to_torch(t), dim=dim, stable=True)
        same_values(v, to_th(e.values))
        assert np.array_equal(i.numpy(), e.indices.numpy())
    p = to_torch(one)
    for (v, i), e in zip(picked, [p.topk(10), p.topk(3000, largest=False), p.kthvalue(123456)]):
        same_values(v, to_th(e.values))
        same_values(one[i], to_th(e.values))  # ties may pick other indices of equal values
    same_values(median, to_th(p.median()))  # NaN: the values hold NaNs


def test_nan_sorts_above_inf_and_minus_zero_equals_zero():
    nan, inf = float("nan"), float("inf")
    t = th.tensor([nan, 1.0, -inf, 0.0, inf, -0.0, nan, -1.0])
    v, i = t.sort()
    assert i.tolist() == [2, 7, 3, 5, 1, 4, 0, 6]
    v, i = t.sort(descending=True)
    assert i.tolist() == [0, 6, 4, 1, 3, 5, 7, 2]
    assert np.signbit(v.numpy()).tolist() == [False, False, False, False, False, True, True, True]


def test_empty_and_zero_dim():
    v, i = th.sort(th.tensor(3.5))
    assert v.shape == () and v.item() == 3.5 and i.item() == 0
    for shape, dim in [((0,), 0), ((3, 0), 0), ((0, 4), 1)]:
        v, i = th.sort(th.empty(*shape), dim)
        assert v.shape == shape and i.shape == shape and i.dtype == th.int64
    assert th.topk(th.ones(0), 0).values.shape == (0,)
    assert th.kthvalue(th.tensor(2.0), 1).values.item() == 2.0
    assert th.median(th.tensor(2.0), 0, keepdim=True).values.shape == ()
    assert th.cumsum(th.tensor(2), 0).item() == 2 and th.cumsum(th.tensor(2), 0).shape == ()


def test_results_are_named_pairs_holding_one_reference_each():
    t = th.tensor([[3.0, 1.0], [2.0, 5.0]])
    r = th.sort(t, 1)
    assert type(r).__name__ == "sort" and r.values is r[0] and r.indices is r[1]
    values, indices = r
    assert values.refcount == 1 and indices.refcount == 1  # one C reference per object
    assert t.refcount == 1
    for fn in ("topk", "kthvalue"):
        assert type(getattr(th, fn)(t, 1)).__name__ == fn
    for fn in ("median", "nanmedian", "mode", "cummax", "cummin"):
        assert type(getattr(th, fn)(t, 0)).__name__ == fn


def test_out_pairs_are_resized_and_written():
    t = th.tensor([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]])
    values, indices = th.empty(0), th.empty(0, dtype=th.int64)
    r = th.sort(t, out=(values, indices))
    assert r.values is values and r.indices is indices
    assert values.tolist() == [[1.0, 2.0, 3.0], [0.0, 4.0, 5.0]]
    # a result of the right shape keeps its strides
    values = th.empty(3, 2).t()
    th.topk(t, 3, out=(values, indices))
    assert values.stride() == (1, 2) and values.tolist() == [[3.0, 2.0, 1.0], [5.0, 4.0, 0.0]]


def test_sorting_into_the_input_itself():
    t = th.tensor([4.0, 1.0, 3.0, 2.0])
    idx = th.empty(0, dtype=th.int64)
    th.sort(t, out=(t, idx))
    assert t.tolist() == [1.0, 2.0, 3.0, 4.0] and idx.tolist() == [1, 3, 2, 0]
    t = th.tensor([[4.0, 1.0], [3.0, 2.0]])
    th.sort(t, 0, out=(t.t(), idx))  # a transposed view of the input: computed aside
    assert t.t().tolist() == [[3.0, 1.0], [4.0, 2.0]]


@pytest.mark.parametrize("dtype", SORTABLE)
def test_msort_sorts_the_first_dim(dtype):
    t = random_values(np.random.default_rng(1), dtype, (7, 3))
    same_values(th.msort(t), to_th(torch.msort(to_torch(t))))
    assert th.equal(t.msort(), th.sort(t, 0).values)


# ------------------------------------------------------------- selection

@settings(max_examples=200, deadline=None)
@given(views(SELECTABLE), st.data())
def test_topk_and_kthvalue_values_are_torchs_and_indices_gather_them(case, data):
    t, dim = case
    n = t.shape[dim] if t.dim() else 1
    k = data.draw(st.integers(0, n))
    largest = data.draw(st.booleans())
    values, indices = th.topk(t, k, dim, largest)
    expected = torch.topk(to_torch(t), k, dim, largest)
    same_values(values, to_th(expected.values), signs=False)
    if t.dim():
        same_values(t.gather(dim, indices), values)
    if n == 0:
        return
    keepdim = data.draw(st.booleans())
    values, indices = th.kthvalue(t, max(k, 1), dim, keepdim)
    expected = torch.kthvalue(to_torch(t), max(k, 1), dim, keepdim)
    same_values(values, to_th(expected.values), signs=False)
    if t.dim():
        ix = indices if keepdim else indices.unsqueeze(dim)
        same_values(t.gather(dim, ix), values if keepdim else values.unsqueeze(dim))


@settings(max_examples=200, deadline=None)
@given(views(SELECTABLE + [th.bool]), st.booleans(), st.sampled_from(["median", "nanmedian",
                                                                       "mode"]))
def test_median_nanmedian_and_mode_are_torchs(case, keepdim, op):
    t, dim = case
    if op != "mode" and t.dtype == th.bool:  # an empty dim is looked at first, as torch
        empty = t.dim() and t.shape[dim] == 0
        with pytest.raises(IndexError if empty else NotImplementedError):
            getattr(th, op)(t, dim)
        return
    if t.dim() and t.shape[dim] == 0:
        with pytest.raises(IndexError, match="non-zero size"):
            getattr(th, op)(t, dim, keepdim)
        with pytest.raises(IndexError):
            getattr(torch, op)(to_torch(t), dim, keepdim)
        return
    values, indices = getattr(th, op)(t, dim, keepdim)
    expected = getattr(torch, op)(to_torch(t), dim, keepdim)
    has_nan = t.dtype in FLOATS and np.isnan(as_numpy(t)).any()
    if op == "mode" and has_nan:
        return  # torch's mode of NaNs depends on its sort's order of them (SORTING.md)
    same_values(values, to_th(expected.values), signs=op == "mode")
    if op == "mode":  # the last occurrence of the value, as torch
        assert np.array_equal(indices.numpy(), expected.indices.numpy())
    elif t.dim():  # a tie's index may be any of the equal elements'
        ix = indices if keepdim else indices.unsqueeze(dim)
        same_values(t.gather(dim, ix), values if keepdim else values.unsqueeze(dim))


def test_median_of_everything():
    t = th.tensor([[3.0, 1.0], [2.0, 5.0]])
    assert th.median(t).item() == 2.0 and t.median().shape == ()
    assert np.isnan(th.median(th.tensor([1.0, float("nan")])).item())
    assert th.nanmedian(th.tensor([1.0, float("nan"), 4.0])).item() == 1.0
    assert np.isnan(th.median(th.empty(0)).item()) and th.median(th.empty(0)).shape == ()
    assert th.median(th.tensor([5, 1, 3], dtype=th.int16)).dtype == th.int16
    assert th.median(th.empty(0, dtype=th.int64)).item() == torch.median(
        torch.tensor([], dtype=torch.int64)).item()  # NaN cast to int64, as torch
    nan = float("nan")
    r = th.median(th.tensor([3.0, nan, 1.0, nan, 2.0]), 0)
    assert np.isnan(r.values.item()) and r.indices.item() == 1  # the first NaN, as torch
    r = th.nanmedian(th.tensor([nan, nan]), 0)
    assert np.isnan(r.values.item()) and r.indices.item() == 0


def test_mode_takes_the_smallest_of_ties_and_its_last_index():
    assert tuple(x.item() for x in th.mode(th.tensor([2, 1, 2, 1, 3]))) == (1, 3)
    r = th.mode(th.tensor([5.0, 5.0, 0.0, -0.0, -0.0]))
    assert r.indices.item() == 4 and np.signbit(r.values.item())


# ---------------------------------------------------------------- errors

@pytest.mark.parametrize("call, exc, match", [
    (lambda: th.sort(th.ones(2, dtype=th.complex64)), RuntimeError, "complex"),
    (lambda: th.topk(th.ones(2, dtype=th.bool), 1), RuntimeError, "bool"),
    (lambda: th.topk(th.ones(2, dtype=th.uint16), 1), NotImplementedError, "uint16"),
    (lambda: th.kthvalue(th.ones(2, dtype=th.bool), 1), NotImplementedError, "kthvalue"),
    (lambda: th.median(th.ones(2, dtype=th.uint32), 0), NotImplementedError, "median"),
    (lambda: th.mode(th.ones(2, dtype=th.complex128)), NotImplementedError, "mode"),
    (lambda: th.topk(th.ones(3), 4), RuntimeError, "k out of range"),
    (lambda: th.topk(th.ones(3), -1), RuntimeError, "k out of range"),
    (lambda: th.kthvalue(th.ones(3), 0), RuntimeError, "k out of range"),
    (lambda: th.kthvalue(th.ones(3), 4), RuntimeError, "k out of range"),
    (lambda: th.kthvalue(th.ones(0), 1), IndexError, "non-zero size"),
    (lambda: th.mode(th.ones(2, 0)), IndexError, "non-zero size"),
    (lambda: th.sort(th.ones(3), 1), IndexError, "dim"),
    (lambda: th.sort(th.tensor(1.0), 1), IndexError, "dim"),
    (lambda: th.sort(th.ones(3), out=(th.empty(0, dtype=th.int32), th.empty(0, dtype=th.int64))),
     RuntimeError, "dtype"),
    (lambda: th.sort(th.ones(3), out=(th.empty(0), th.empty(0))), RuntimeError, "int64"),
    (lambda: th.sort(th.ones(3), out=th.empty(0)), TypeError, "pair"),
    (lambda: th.sort(th.ones(3), out=(th.empty(1).expand(3), th.empty(0, dtype=th.int64))),
     RuntimeError, "share"),
    (lambda: th.topk(th.ones(3), 1.5), TypeError, "k"),
    (lambda: th.sort(th.ones(3), "0"), TypeError, "dim"),
])
def test_bad_arguments_raise_torchs_exceptions(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_torch_raises_the_same_classes():
    for call, exc in [(lambda m: m.sort(m.ones(2, dtype=m.complex64)), RuntimeError),
                      (lambda m: m.topk(m.ones(2, dtype=m.bool), 1), RuntimeError),
                      (lambda m: m.topk(m.ones(2, dtype=m.uint16), 1), NotImplementedError),
                      (lambda m: m.topk(m.ones(3), 4), RuntimeError),
                      (lambda m: m.kthvalue(m.ones(0), 1), IndexError),
                      (lambda m: m.sort(m.ones(3), 1), IndexError)]:
        for module in (th, torch):
            with pytest.raises(exc):
                call(module)


# --------------------------------------------------------------- methods

def test_tensor_methods_call_the_functions():
    t = th.tensor([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]])
    assert th.equal(t.sort(0, True).values, th.sort(t, 0, True).values)
    assert th.equal(t.argsort(), th.argsort(t))
    assert th.equal(t.topk(2).indices, th.topk(t, 2).indices)
    assert th.equal(t.kthvalue(2, 0).values, th.kthvalue(t, 2, 0).values)
    assert th.equal(t.median(1).values, th.median(t, 1).values)
    assert t.median().item() == 2.0 and t.nanmedian().item() == 2.0
    assert th.equal(t.mode(0).values, th.mode(t, 0).values)


def test_sorting_docs_c_example_compiles_and_runs(tmp_path):
    """docs/SORTING.md's C program, built against th's headers and libTH as
    a C user builds it: it prints what the page says."""
    import os
    import shutil
    import subprocess
    import sysconfig

    import doc_examples
    from helpers import ROOT, compiler_env

    (block,) = doc_examples.code_blocks(os.path.join(ROOT, "docs", "SORTING.md"), "c")
    source = tmp_path / "example.c"
    source.write_text(block.code)
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        pytest.fail(f"no C compiler ({cc}) to build the example")
    libdir = th.get_library_dirs()[0]
    binary = tmp_path / "example"
    subprocess.run([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", str(source), "-I",
                    th.get_include(), "-L", libdir, "-lTH", "-Wl,-rpath," + libdir, "-o",
                    str(binary)], check=True, env=compiler_env())
    result = subprocess.run([str(binary)], capture_output=True, text=True)
    assert (result.returncode, result.stdout, result.stderr) == (0, "1 2 0\n3\n", "")


@pytest.mark.parametrize("dtype", [th.uint8, th.int8, th.int16, th.int32, th.float16,
                                   th.bfloat16, th.float32])
@pytest.mark.parametrize("pattern", ["random", "ascending", "descending", "ties", "nans"])
def test_topk_of_a_few_is_the_stable_sorts_first(dtype, pattern):
    """topk with k <= 64 of rows of 1024 or more takes the filtered pass (a
    bar and the best k so far): its values, their bits (-0.0, NaN) and
    indices are the stable sort's first k, for each dtype, along a
    contiguous and a strided dim, whatever the order of the row (ascending
    rows raise the bar at every element; ties and NaNs stay in index
    order)."""
    rng = np.random.default_rng(11)
    n = 2500
    if pattern == "random":
        t = random_values(rng, dtype, (3, n))
    elif pattern == "ties":
        t = th.from_numpy(rng.integers(0, 3, (3, n)).astype(np.int8)).to(dtype)
    elif pattern == "nans" and dtype in FLOATS:
        a = rng.normal(0, 1, (3, n))
        a[:, rng.random(n) < 0.97] = np.nan
        a[1, ::7] = -0.0
        t = th.from_numpy(a).to(dtype)
    else:
        t = th.from_numpy(np.tile(np.arange(n) % 100, (3, 1)).astype(np.int8)).to(dtype)
        if pattern == "descending":
            t = t.flip(1)
    for m, dim in ((t, 1), (t.t().contiguous(), 0)):  # rows of stride 1, and of stride 3
        up, down = m.sort(dim, stable=True), m.sort(dim, descending=True, stable=True)
        for k in (0, 1, 10, 64, 65):
            for largest, ref in ((True, down), (False, up)):
                v, i = th.topk(m, k, dim, largest)
                assert th.equal(i, ref.indices.narrow(dim, 0, k))
                same_values(v, ref.values.narrow(dim, 0, k))
                same_values(v, to_th(torch.topk(to_torch(m), k, dim, largest).values),
                            signs=False)


@pytest.mark.parametrize("dtype", [th.float32, th.float16, th.int32, th.uint8, th.int64,
                                   th.bfloat16])
@pytest.mark.parametrize("n", [25, 200, 3000, 70000])
def test_selections_of_long_rows_are_the_stable_sorts_elements(dtype, n):
    """topk, kthvalue and the medians of rows longer than an insertion
    sort's take the radix select path: their results are the stable sort's
    elements at the positions torch's results are at."""
    rng = np.random.default_rng(n)
    t = random_values(rng, dtype, (3, n))
    up, down = t.sort(1), t.sort(1, descending=True)
    for k in (1, 7, n // 2, n):
        for largest, ref in ((True, down), (False, up)):
            v, i = th.topk(t, k, 1, largest)
            assert th.equal(i, ref.indices[:, :k])
            same_values(v, ref.values[:, :k])
            same_values(v, to_th(torch.topk(to_torch(t), k, 1, largest).values), signs=False)
        v, i = th.kthvalue(t, k, 1)
        assert th.equal(i, up.indices[:, k - 1])
        same_values(v, to_th(torch.kthvalue(to_torch(t), k, 1).values), signs=False)
    for op in ("median", "nanmedian"):
        v, i = getattr(th, op)(t, 1)
        same_values(v, to_th(getattr(torch, op)(to_torch(t), 1).values), signs=False)
        same_values(t.gather(1, i.unsqueeze(1)).squeeze(1), v)


@pytest.mark.parametrize("name, call", [
    ("topk", lambda m, x: m.topk(x, 0, 0)),
    ("kthvalue", lambda m, x: m.kthvalue(x, 1, 0)),
    ("median()", lambda m, x: m.median(x)),
    ("median(dim)", lambda m, x: m.median(x, 0)),
    ("mode", lambda m, x: m.mode(x, 0)),
    ("cummax", lambda m, x: m.cummax(x, 0)),
    ("searchsorted", lambda m, x: m.searchsorted(x.reshape(-1), x)),
    ("bincount", lambda m, x: m.bincount(x.reshape(-1))),
    ("unique", lambda m, x: m.unique(x)),
])
@pytest.mark.parametrize("dtype", ["bool", "uint16", "uint64", "complex64", "int8"])
@pytest.mark.parametrize("shape", [(), (0,), (3,)])
def test_dtype_refusals_of_scalars_and_empty_tensors_are_torchs(name, call, dtype, shape):
    """torch checks an empty dim before the dtype, lets topk, kthvalue and
    mode copy a 0-dim tensor of any dtype, and searches nothing of any
    dtype: th refuses (with the same builtin class) what torch refuses."""
    def outcome(m):
        try:
            call(m, m.zeros(shape, dtype=getattr(m, dtype)))
            return None
        except (NotImplementedError, IndexError) as e:
            return NotImplementedError if isinstance(e, NotImplementedError) else IndexError
        except RuntimeError:
            return RuntimeError
    assert outcome(th) == outcome(torch)
