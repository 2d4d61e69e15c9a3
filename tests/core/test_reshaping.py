"""torch's cheap reshaping helpers: view_as, reshape_as, movedim /
moveaxis, swapaxes / swapdims, mT, unflatten, chunk, split, unbind (views of
the same storage: their offsets and strides are checked against numpy's
views of the same memory) and flip (a contiguous copy), in method and
function form, and their bad inputs (torch's exception classes)."""
import math
import warnings

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

import th
from th import _testcapi as capi

from helpers import ALL_DTYPES, NUMPY_DTYPES, to_numpy
from test_views import assert_same_view, at, make_base, shapes


@st.composite
def bases(draw, min_dims=0):
    """(th tensor, numpy view, flat numpy): a view with a storage offset,
    sometimes permuted and strided, the same in both libraries."""
    shape = draw(shapes.filter(lambda s: len(s) >= min_dims))
    flat_t, t, flat_a, a = make_base(shape, draw(st.integers(0, 3)))
    perm = draw(st.permutations(range(len(shape))))
    t, a = t.permute(perm), a.transpose(perm)
    if a.ndim and draw(st.booleans()):
        d = draw(st.integers(0, a.ndim - 1))
        t, a = t[(slice(None),) * d + (slice(None, None, 2),)], a[at(d, slice(None, None, 2))]
    note(f"base {a.shape} strides {t.stride()} offset {t.storage_offset()}")
    return t, a, flat_a


def assert_views(pieces, arrays, base, flat):
    """Each piece is a view of base's storage, the same view numpy makes."""
    assert isinstance(pieces, tuple) and len(pieces) == len(arrays)
    for p, a in zip(pieces, arrays):
        assert capi.same_storage(p, base)
        assert_same_view(p, a, flat)


def dims_of(data, nd, label):
    span = max(nd, 1)
    return data.draw(st.integers(-span, span - 1), label=label)


# ------------------------------------------------------------------ views
@given(bases(), st.data())
def test_movedim_is_numpys_moveaxis(base, data):
    t, a, flat = base
    nd = a.ndim
    k = data.draw(st.integers(0, nd), label="how many dims")
    src = data.draw(st.permutations(range(nd)), label="source")[:k]
    dst = data.draw(st.permutations(range(nd)), label="destination")[:k]
    signed = [d - nd if data.draw(st.booleans()) else d for d in src]
    if k == 1 and data.draw(st.booleans(), label="as ints"):
        moved, name = t.movedim(signed[0], dst[0]), "int"
    else:
        moved, name = getattr(t, data.draw(st.sampled_from(["movedim", "moveaxis"])))(
            tuple(signed), list(dst)), "sequence"
    note(f"movedim({signed}, {dst}) as {name}")
    expected = np.moveaxis(a, src, dst) if nd else a
    assert_views((moved,), [expected], t, flat)
    assert th.movedim(t, src, dst).shape == th.moveaxis(t, src, dst).shape == expected.shape


@given(bases(min_dims=1), st.data())
def test_swapaxes_swapdims_and_mT_are_numpys_swapaxes(base, data):
    t, a, flat = base
    d0, d1 = dims_of(data, a.ndim, "dim0"), dims_of(data, a.ndim, "dim1")
    expected = np.swapaxes(a, d0, d1)
    assert_views((t.swapaxes(d0, d1), t.swapdims(d0, d1), th.swapaxes(t, d0, d1),
                  th.swapdims(t, d0, d1)), [expected] * 4, t, flat)
    if a.ndim >= 2:
        assert_views((t.mT,), [np.swapaxes(a, -1, -2)], t, flat)


def test_mT_and_T_of_0_and_1_dim_tensors_are_torchs():
    """torch 2.13: a 0-dim tensor's mT is the tensor itself (deprecated:
    a UserWarning), a 1-dim one's is refused; T reverses 0 or 1 dims, a
    view. Regression: th refused the 0-dim mT."""
    torch = pytest.importorskip("torch")
    for lib in (th, torch):
        s = lib.tensor(2.5)
        if lib is th:  # torch warns once per process (a run may have warned already)
            with pytest.warns(UserWarning, match="mT is deprecated on 0-D tensors"):
                assert s.mT is s
        else:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                assert s.mT is s
        with pytest.raises(RuntimeError, match="only supported on matrices or batches of "
                                               "matrices. Got 1-D tensor"):
            lib.ones(3).mT
        v = lib.arange(3)
        for t in (s, v):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # torch's deprecation of T on non-2-D
                r = t.T
            assert r is not t and r.shape == t.shape and r.data_ptr() == t.data_ptr()
        assert v.T.tolist() == [0, 1, 2]


@given(bases(min_dims=1), st.data())
def test_unflatten_splits_one_dim_into_a_view(base, data):
    t, a, flat = base
    dim = dims_of(data, a.ndim, "dim")
    n = a.shape[dim]
    first = data.draw(st.sampled_from([f for f in range(1, n + 1) if n % f == 0] or [0]))
    sizes = [first, n // first if first else 0]
    given_sizes = list(sizes)
    if first and data.draw(st.booleans(), label="-1"):
        given_sizes[data.draw(st.integers(0, 1))] = -1
    d = dim % a.ndim
    expected = a.reshape(a.shape[:d] + tuple(sizes) + a.shape[d + 1:])
    note(f"unflatten({dim}, {given_sizes})")
    form = data.draw(st.sampled_from([tuple, list]))
    assert_views((t.unflatten(dim, form(given_sizes)), th.unflatten(t, dim, given_sizes)),
                 [expected] * 2, t, flat)


@given(bases(min_dims=1), st.data())
def test_chunk_split_and_unbind_are_slices_of_the_same_storage(base, data):
    t, a, flat = base
    dim = dims_of(data, a.ndim, "dim")
    d, n = dim % a.ndim, a.shape[dim]

    def piece(start, stop):
        return a[at(d, slice(start, stop))]

    chunks = data.draw(st.integers(1, 5), label="chunks")
    size = -(-n // chunks)  # torch: pieces of ceil(n / chunks), fewer when they run out
    expected = ([piece(i, min(i + size, n)) for i in range(0, n, size)] if n
                else [piece(0, 0)] * chunks)
    assert_views(t.chunk(chunks, dim), expected, t, flat)
    assert_views(th.chunk(t, chunks, dim=dim), expected, t, flat)

    size = data.draw(st.integers(1, 5), label="split_size")
    expected = [piece(i, i + size) for i in range(0, n, size)] or [piece(0, 0)]
    assert_views(t.split(size, dim), expected, t, flat)

    cuts = sorted(data.draw(st.lists(st.integers(0, n), max_size=3), label="cuts"))
    sections = [b - a_ for a_, b in zip([0] + cuts, cuts + [n])]
    expected = [piece(b - s, b) for s, b in zip(sections, np.cumsum(sections))]
    assert_views(th.split(t, sections, dim), expected, t, flat)

    rows = [a[at(d, i)] for i in range(n)]
    assert_views(t.unbind(dim), rows, t, flat)
    assert_views(th.unbind(t, dim), rows, t, flat)


def test_view_as_and_reshape_as_take_the_other_tensors_shape():
    t = th.arange(24).view(2, 3, 4)
    v = t.view_as(th.empty(6, 4, dtype=th.bool))
    assert v.shape == (6, 4) and capi.same_storage(v, t) and v.dtype == th.int64
    r = t.transpose(0, 2).reshape_as(th.empty(24))  # a copy: the strides cannot say it
    assert r.tolist() == np.arange(24).reshape(2, 3, 4).transpose(2, 1, 0).ravel().tolist()
    assert not capi.same_storage(r, t)
    assert capi.same_storage(t.reshape_as(th.empty(4, 6)), t)
    with pytest.raises(ValueError, match="use reshape"):
        t.transpose(0, 2).view_as(th.empty(24))


# ------------------------------------------------------------------- flip
@given(bases(), st.data(), st.sampled_from(ALL_DTYPES))
def test_flip_is_a_contiguous_copy_of_numpys_flip(base, data, dtype):
    t, a, flat = base
    whole = th.tensor(th.Tensor(t.storage()), dtype=dtype)  # converted, then t's geometry
    t = whole.as_strided(t.shape, t.stride(), t.storage_offset())
    a = a.astype(NUMPY_DTYPES[dtype])
    nd = a.ndim
    picked = data.draw(st.lists(st.integers(0, max(nd, 1) - 1), unique=True, max_size=nd or 1),
                       label="dims")
    dims = [d - max(nd, 1) if data.draw(st.booleans()) else d for d in picked]
    note(f"flip({dims})")
    before = to_numpy(t)
    form = data.draw(st.sampled_from(["args", "tuple", "list", "keyword", "function"]))
    f = {"args": lambda: t.flip(*dims) if dims else t.flip(()), "tuple": lambda: t.flip(tuple(dims)),
         "list": lambda: t.flip(list(dims)), "keyword": lambda: t.flip(dims=dims),
         "function": lambda: th.flip(t, dims)}[form]()
    expected = np.flip(a, [d % nd for d in dims]) if nd else a
    assert f.dtype == t.dtype and f.shape == expected.shape
    np.testing.assert_array_equal(to_numpy(f), expected)
    assert f.is_contiguous() and f.storage_offset() == 0
    assert not capi.same_storage(f, t) and len(f.storage()) == math.prod(a.shape)
    if f.numel():
        f.fill_(0)  # a copy: the source keeps its values
    np.testing.assert_array_equal(to_numpy(t), before)


def test_flip_of_a_large_tensor_runs_the_threaded_copy():
    a = np.arange(3 << 20, dtype=np.float32).reshape(3, 1024, 1024)
    t = th.from_numpy(a)
    np.testing.assert_array_equal(np.asarray(t.flip(0, 2)), a[::-1, :, ::-1])
    np.testing.assert_array_equal(np.asarray(t.transpose(1, 2).flip(1)),
                                  a.transpose(0, 2, 1)[:, ::-1])


# ------------------------------------------------------------- bad inputs
t234 = th.arange(24, dtype=th.float32).view(2, 3, 4)
scalar = th.tensor(1.5)

BAD = [
    (lambda: t234.movedim(3, 0), IndexError, r"movedim: dimension out of range .*\[-3, 2\].* 3"),
    (lambda: t234.movedim((0, 1), (0, -4)), IndexError, r"\[-3, 2\], but got -4"),
    (lambda: t234.movedim((0, 0), (1, 2)), RuntimeError, r"repeated dim in `source` \(\[0, 0\]"),
    (lambda: t234.movedim((0, -3), (1, 2)), RuntimeError, r"repeated dim in `source`"),
    (lambda: t234.movedim((0, 1), (2, 2)), RuntimeError, r"repeated dim in `destination`"),
    (lambda: t234.movedim((0, 1), (2,)), RuntimeError, r"same length"),
    (lambda: t234.movedim(0.5, 1), TypeError, r"source must"),
    (lambda: scalar.movedim(1, 0), IndexError, r"\[-1, 0\], but got 1"),
    (lambda: t234.swapaxes(0, 3), IndexError, r"dim1 3 out of range"),
    (lambda: th.swapdims(t234, -4, 0), IndexError, r"dim0 -4 out of range"),
    (lambda: th.empty(3).mT, RuntimeError, r"only supported on matrices .* Got 1-D"),
    (lambda: t234.unflatten(1, (2, 2)), RuntimeError, r"sizes \[2, 2\] don't multiply up to "
                                                      r"the size of dim 1 \(3\)"),
    (lambda: t234.unflatten(2, (-1, -1)), RuntimeError, r"don't multiply up"),
    (lambda: t234.unflatten(2, (-2, -2)), RuntimeError, r"don't multiply up"),
    (lambda: t234.unflatten(2, (0, -1)), RuntimeError, r"don't multiply up"),
    (lambda: t234.unflatten(1, ()), RuntimeError, r"sizes must be non-empty"),
    (lambda: t234.unflatten(1, 3), TypeError, r"sizes must be a tuple or list"),
    (lambda: t234.unflatten(3, (1, 4)), IndexError, r"unflatten: dimension out of range"),
    (lambda: scalar.unflatten(0, (1,)), RuntimeError, r"0-dim tensor has no dim"),
    (lambda: t234.chunk(0), RuntimeError, r"`chunks` to be greater than 0, got: 0"),
    (lambda: th.chunk(t234, -1), RuntimeError, r"greater than 0, got: -1"),
    (lambda: t234.chunk(2, 3), IndexError, r"chunk: dimension out of range"),
    (lambda: scalar.chunk(1), RuntimeError, r"chunk expects at least a 1-dimensional tensor"),
    (lambda: t234.split(0, 2), RuntimeError, r"split_size=0 for dimension 2 of size 4"),
    (lambda: t234.split(-1, 2), RuntimeError, r"split_size=-1"),
    (lambda: t234.split([1, 2], 2), RuntimeError, r"sum exactly to 4 .* split_sizes=\[1, 2\]"),
    (lambda: t234.split([5, -1], 2), RuntimeError, r"non-negative .* split_sizes=\[5, -1\]"),
    (lambda: t234.split(1.5), TypeError, r"integer"),
    (lambda: th.split(t234, 1, dim=-4), IndexError, r"split: dimension out of range"),
    (lambda: scalar.split(1), RuntimeError, r"split expects at least a 1-dimensional"),
    (lambda: t234.unbind(3), IndexError, r"unbind: dimension out of range"),
    (lambda: t234.unbind((0, 1)), TypeError, r"unbind\(\): dim must be an integer, not tuple"),
    (lambda: t234.chunk(2, dim=(0, 1)), TypeError, r"chunk\(\): dim must be an integer, not tuple"),
    (lambda: t234.unflatten([1], (3, 1)), TypeError, r"unflatten\(\): dim must be an integer, not list"),
    (lambda: scalar.unbind(), IndexError, r"dimension specified as 0 but tensor has no dim"),
    (lambda: t234.flip(0, 0), RuntimeError, r"dim 0 appears multiple times"),
    (lambda: t234.flip((0, -3)), RuntimeError, r"dim 0 appears multiple times"),
    (lambda: t234.flip(3), IndexError, r"flip: dimension out of range .* got 3"),
    (lambda: t234.flip(1 << 40), IndexError, r"got 1099511627776"),
    (lambda: scalar.flip(1), IndexError, r"\[-1, 0\], but got 1"),
    (lambda: t234.flip(0, dims=(1,)), TypeError, r"either as arguments or as dims="),
    (lambda: t234.flip(), TypeError, r"flip\(\) missing its dims"),
    (lambda: capi.new_flip(t234, [0, 0]), RuntimeError, r"THTensor_newFlip: dim 0 appears"),
    (lambda: capi.new_flip(t234, None, 1), ValueError, r"THTensor_newFlip: .*dims not NULL"),
    (lambda: capi.new_flip(t234, [0], -1), ValueError, r"number of dims must be in \[0, "),
    (lambda: capi.new_flip(t234, [5]), IndexError, r"THTensor_newFlip: dim 5 out of range"),
    (lambda: t234.view_as(th.empty(5)), ValueError, r"invalid for 24 elements"),
    (lambda: t234.view_as([2, 3, 4]), TypeError, r"Tensor"),
]


def assert_raises_leaving_alone(call, exc, pattern, tensor):
    """call() raises exc matching pattern, and leaves the live counts and
    tensor's counts as they were."""
    before = th.debug.live()
    refs = tensor.refcount, tensor.storage().refcount
    with pytest.raises(exc, match=pattern):
        call()
    assert th.debug.live() == before
    assert (tensor.refcount, tensor.storage().refcount) == refs


@pytest.mark.parametrize("call, exc, pattern", BAD)
def test_bad_input_raises_torchs_exception_class(call, exc, pattern):
    assert_raises_leaving_alone(call, exc, pattern, t234)


def test_flip_of_an_empty_and_of_a_scalar_tensor():
    e = th.empty(2, 0, 3).flip(1, 2)
    assert e.shape == (2, 0, 3) and e.is_contiguous()
    assert scalar.flip(0).item() == scalar.flip(-1).item() == scalar.flip(()).item() == 1.5
    assert t234.flip(()).tolist() == t234.tolist()


def test_views_hold_one_reference_each_and_free_it():
    before = th.debug.live()
    storage_refs = t234.storage().refcount
    pieces = t234.chunk(2, 2) + t234.split([1, 2], 1) + t234.unbind(0)
    assert th.debug.live().tensors == before.tensors + len(pieces)
    assert th.debug.live().storages == before.storages
    assert t234.storage().refcount == storage_refs + len(pieces)
    assert all(p.refcount == 1 for p in pieces)
    del pieces
    assert t234.storage().refcount == storage_refs and th.debug.live() == before


@pytest.mark.parametrize("shape", [(), (3,), (2, 3), (4, 2, 3)])
@pytest.mark.parametrize("dtype", ["float32", "complex64", "int64"])
def test_mH_and_H_are_torchs(shape, dtype):
    """torch 2.13's conjugate transposes: mH of matrices and batches, H of
    matrices only, both the conjugate (deprecated: a warning) of a 0-dim
    tensor and refused (RuntimeError) for other ranks."""
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(len(shape))
    a = (rng.integers(-5, 5, shape) + (1j * rng.integers(-5, 5, shape) if "complex" in dtype
                                        else 0)).astype(dtype)
    t, u = th.tensor(a), torch.tensor(a)
    for name in ("mH", "H"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # torch warns once per process
            try:
                want = getattr(u, name).resolve_conj()
            except RuntimeError as e:
                with pytest.raises(RuntimeError, match=str(e).split(".")[0]):
                    getattr(t, name)
                continue
        if not shape:
            with pytest.warns(UserWarning, match=f"{name} is deprecated on 0-D tensors"):
                got = getattr(t, name)
        else:
            got = getattr(t, name)
        assert got.shape == tuple(want.shape) and got.dtype == t.dtype
        np.testing.assert_array_equal(to_numpy(got), want.numpy())
        if dtype != "complex64" and shape:
            assert got.storage().data_ptr() == t.storage().data_ptr()  # a view
