"""The view family against numpy: every view maker, indexing, TH's in-place
setters, contiguous/reshape, copy_ and broadcasting.

The oracle: a th tensor over th.arange(N) and a numpy array over
np.arange(N) take the same chain of view operations; after each step both
must describe the same view of the same storage (shape, strides of dims with
more than one element, storage offset, values). Because the base holds
0..N-1, a numpy view's values are the storage indices it covers, which also
tells where a write through the view must land."""
import gc
import math
import operator

import numpy as np
import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st
from numpy.lib.stride_tricks import as_strided as np_as_strided
from numpy.lib.stride_tricks import sliding_window_view

import th
from th import _testcapi as capi

from helpers import ALL_DTYPES, NUMPY_DTYPES

MAX_ND = 6  # chains never grow a view past this many dims

# sizes 1-4 mostly, 0 sometimes (shrinks towards 1)
sizes = st.sampled_from([1, 2, 3, 4, 2, 3, 1, 2, 3, 4, 0])
shapes = st.lists(sizes, min_size=0, max_size=5).map(tuple)


# ----------------------------------------------------------------- helpers
def make_base(shape, pad):
    """(flat th, view th, flat numpy, view numpy): th.arange(pad + n) and
    np.arange(pad + n), each with its elements pad.. viewed with shape."""
    n = math.prod(shape)
    flat_t = th.arange(pad + n)
    flat_a = np.arange(pad + n, dtype=np.int64)
    return flat_t, flat_t[pad:].view(shape), flat_a, flat_a[pad:].reshape(shape)


def np_offset(a, flat):
    """a's offset from flat's first element, in elements."""
    return (a.__array_interface__["data"][0] - flat.__array_interface__["data"][0]) // a.itemsize


def free_strides(shape, strides):
    """Strides with those of size-1 dims (free in both libraries) blanked."""
    return [s if n > 1 else None for n, s in zip(shape, strides)]


def assert_same_view(t, a, flat):
    """t and the numpy view a (of flat) are the same view of the same storage."""
    assert t.shape == a.shape
    assert t.tolist() == a.tolist()
    if a.size:  # an empty view has no elements: any offset and strides are right
        assert free_strides(t.shape, t.stride()) == free_strides(
            a.shape, [s // a.itemsize for s in a.strides])
        assert t.storage_offset() == np_offset(a, flat)


def at(dim, item):
    """numpy index applying item at dim (the Ellipsis keeps 0-dim results arrays)."""
    return (slice(None),) * dim + (item, Ellipsis)


def live_now():
    """th.debug.live() after collecting garbage (such as an earlier failed
    test's traceback), so only this test's objects move it."""
    gc.collect()
    return th.debug.live()


def live_plus(before, tensors=0, storages=0):
    return before._replace(tensors=before.tensors + tensors,
                           storages=before.storages + storages)


def prime_factors(n):
    out, p = [], 2
    while n > 1:
        while n % p == 0:
            out.append(p)
            n //= p
        p += 1
    return out


def draw_dim(data, nd, label="dim"):
    """A valid dim of an nd-dim tensor, sometimes negative."""
    return data.draw(st.integers(-nd, nd - 1), label=label)


def draw_target(data, numel):
    """A shape with numel elements, as given to view/reshape (maybe with one
    -1) and resolved."""
    if numel == 0:
        dims = data.draw(st.lists(st.integers(0, 3), min_size=1, max_size=4), label="target")
        if 0 not in dims:
            dims[data.draw(st.integers(0, len(dims) - 1))] = 0
        return list(dims), list(dims)
    factors = prime_factors(numel)
    k = data.draw(st.integers(1 if factors else 0, 4), label="ndims")
    dims = [1] * k
    for f in factors:
        dims[data.draw(st.integers(0, k - 1))] *= f
    given = list(dims)
    if given and data.draw(st.booleans(), label="use -1"):
        given[data.draw(st.integers(0, k - 1))] = -1
    return given, dims


def call_with_shape(method, data, given):
    """method(*given) or method(tuple(given)): both forms are accepted."""
    return method(tuple(given)) if data.draw(st.booleans(), label="tuple form") else method(*given)


# ---------------------------------------------- chain steps: th and numpy
# Each takes (data, t, a, flat), draws valid arguments and returns the new
# (th view, numpy view), or None when it does not apply (after checking,
# for view/reshape/flatten, what th does when numpy cannot make a view).

def op_narrow(data, t, a, flat):
    if a.ndim == 0:
        return None
    dim = draw_dim(data, a.ndim)
    n = a.shape[dim]
    start = data.draw(st.integers(-n, n), label="start")
    s = start + n if start < 0 else start
    length = data.draw(st.integers(0, n - s), label="length")
    note(f"narrow({dim}, {start}, {length})")
    return t.narrow(dim, start, length), a[at(dim % a.ndim, slice(s, s + length))]


def op_select(data, t, a, flat):
    if a.ndim == 0:
        return None
    dim = draw_dim(data, a.ndim)
    n = a.shape[dim]
    if n == 0:
        return None
    index = data.draw(st.integers(-n, n - 1), label="index")
    note(f"select({dim}, {index})")
    return t.select(dim, index), a[at(dim % a.ndim, index)]


def op_transpose(data, t, a, flat):
    if a.ndim == 0:
        return None
    d0, d1 = draw_dim(data, a.ndim, "dim0"), draw_dim(data, a.ndim, "dim1")
    note(f"transpose({d0}, {d1})")
    return t.transpose(d0, d1), np.swapaxes(a, d0, d1)


def op_permute(data, t, a, flat):
    nd = a.ndim
    perm = data.draw(st.permutations(range(nd)), label="perm")
    negate = data.draw(st.lists(st.booleans(), min_size=nd, max_size=nd), label="negate")
    dims = [p - nd if neg else p for p, neg in zip(perm, negate)]
    note(f"permute({dims})")
    return call_with_shape(t.permute, data, dims), a.transpose(perm)


def op_T(data, t, a, flat):
    note(".T")
    return t.T, a.T


def op_t(data, t, a, flat):
    if a.ndim > 2:
        return None
    note("t()")
    return t.t(), a.T


def op_unfold(data, t, a, flat):
    if a.ndim == 0 or a.ndim >= MAX_ND:
        return None
    dim = draw_dim(data, a.ndim)
    d = dim % a.ndim
    size = data.draw(st.integers(0, a.shape[d]), label="size")
    step = data.draw(st.integers(1, 3), label="step")
    note(f"unfold({dim}, {size}, {step})")
    windows = sliding_window_view(a, size, axis=d)
    return t.unfold(dim, size, step), windows[at(d, slice(None, None, step))]


def op_expand(data, t, a, flat):
    lead = data.draw(st.lists(st.integers(0, 3), max_size=2), label="new leading dims")
    if a.ndim + len(lead) > MAX_ND:
        lead = []
    given = list(lead)
    for n in a.shape:
        given.append(data.draw(st.sampled_from([n, -1] + ([2, 0, 3] if n == 1 else [])),
                               label="size"))
    target = lead + [n if s == -1 else s for s, n in zip(given[len(lead):], a.shape)]
    if data.draw(st.booleans(), label="expand_as"):
        note(f"expand_as(empty({target}))")
        return t.expand_as(th.empty(tuple(target))), np.broadcast_to(a, target)
    note(f"expand({given})")
    return call_with_shape(t.expand, data, given), np.broadcast_to(a, target)


def reshaped_or_none(t, a, result, target):
    """A reshape-like result: (result, numpy view) when numpy can reshape a
    without copying; else checks that result is a contiguous copy, and None."""
    try:
        return result, np.reshape(a, target, copy=False)
    except ValueError:
        assert not capi.same_storage(result, t) and result.is_contiguous()
        assert result.tolist() == np.reshape(a, target).tolist()
        return None


def op_view(data, t, a, flat):
    given, target = draw_target(data, a.size)
    note(f"view({given})")
    try:
        expected = np.reshape(a, target, copy=False)
    except ValueError:  # numpy would copy: th must refuse and point to reshape
        with pytest.raises(ValueError, match="use reshape"):
            call_with_shape(t.view, data, given)
        return None
    return call_with_shape(t.view, data, given), expected


def op_reshape(data, t, a, flat):
    given, target = draw_target(data, a.size)
    note(f"reshape({given})")
    return reshaped_or_none(t, a, call_with_shape(t.reshape, data, given), target)


def op_flatten(data, t, a, flat):
    nd = a.ndim
    if nd == 0:
        note("flatten()")
        return reshaped_or_none(t, a, t.flatten(), (1,))
    start = data.draw(st.integers(0, nd - 1), label="start_dim")
    end = data.draw(st.integers(start, nd - 1), label="end_dim")
    target = a.shape[:start] + (math.prod(a.shape[start:end + 1]),) + a.shape[end + 1:]
    start_dim = start - nd if data.draw(st.booleans()) else start
    end_dim = end - nd if data.draw(st.booleans()) else end
    note(f"flatten({start_dim}, {end_dim})")
    return reshaped_or_none(t, a, t.flatten(start_dim, end_dim), target)


def op_squeeze(data, t, a, flat):
    if a.ndim == 0 or data.draw(st.booleans(), label="all dims"):
        note("squeeze()")
        return t.squeeze(), np.squeeze(a)
    dim = draw_dim(data, a.ndim)
    note(f"squeeze({dim})")
    return t.squeeze(dim), np.squeeze(a, dim) if a.shape[dim] == 1 else a[...]


def op_unsqueeze(data, t, a, flat):
    if a.ndim >= MAX_ND:
        return None
    dim = data.draw(st.integers(-a.ndim - 1, a.ndim), label="dim")
    note(f"unsqueeze({dim})")
    return t.unsqueeze(dim), np.expand_dims(a, dim)


def op_diagonal(data, t, a, flat):
    if a.ndim < 2:
        return None
    d1 = draw_dim(data, a.ndim, "dim1")
    d2 = data.draw(st.integers(-a.ndim, a.ndim - 1).filter(
        lambda d: d % a.ndim != d1 % a.ndim), label="dim2")
    offset = data.draw(st.integers(-4, 4), label="offset")
    note(f"diagonal({offset}, {d1}, {d2})")
    return t.diagonal(offset, d1, d2), np.diagonal(a, offset, d1, d2)


def op_as_strided(data, t, a, flat):
    size = data.draw(st.lists(st.integers(0, 4), max_size=3), label="size")
    stride = data.draw(st.lists(st.integers(0, 4), min_size=len(size), max_size=len(size)),
                       label="stride")
    empty = 0 in size
    span = 0 if empty else sum((n - 1) * s for n, s in zip(size, stride)) + 1
    if span > flat.size:
        return None
    offset = data.draw(st.integers(0, flat.size - span), label="storage_offset")
    note(f"as_strided({size}, {stride}, {offset})")
    expected = np_as_strided(flat[offset:], size, [s * flat.itemsize for s in stride])
    return t.as_strided(size, stride, offset), expected


def draw_index_item(data, n):
    """An int (when the dim is not empty) or a slice with a positive step."""
    bound = st.one_of(st.none(), st.integers(-n - 2, n + 2))
    kind = data.draw(st.sampled_from(["slice", "int"] if n else ["slice"]), label="kind")
    if kind == "int":
        return data.draw(st.integers(-n, n - 1), label="int")
    return slice(data.draw(bound, label="start"), data.draw(bound, label="stop"),
                 data.draw(st.sampled_from([None, 1, 2, 3]), label="step"))


def op_getitem(data, t, a, flat):
    nd = a.ndim
    k = data.draw(st.integers(0, nd), label="dims indexed")
    ellipsis = data.draw(st.one_of(st.none(), st.integers(0, k)), label="ellipsis at")
    if ellipsis is None:
        dims = list(range(k))
    else:
        dims = list(range(ellipsis)) + list(range(nd - (k - ellipsis), nd))
    index = [draw_index_item(data, a.shape[d]) for d in dims]
    if ellipsis is not None:
        index.insert(ellipsis, Ellipsis)
    n_ints = sum(isinstance(i, int) for i in index)
    for _ in range(data.draw(st.integers(0, min(2, MAX_ND - (nd - n_ints))), label="Nones")):
        index.insert(data.draw(st.integers(0, len(index))), None)
    index = tuple(index)
    note(f"[{index}]")
    np_index = index if ellipsis is not None else index + (Ellipsis,)
    if len(index) == 1 and data.draw(st.booleans(), label="bare item"):
        return t[index[0]], a[np_index]
    return t[index], a[np_index]


OPS = {  # the first ones are drawn most often (hypothesis favours early entries)
    "getitem": op_getitem, "narrow": op_narrow, "select": op_select, "unfold": op_unfold,
    "view": op_view, "reshape": op_reshape, "diagonal": op_diagonal, "expand": op_expand,
    "as_strided": op_as_strided, "permute": op_permute, "transpose": op_transpose,
    "flatten": op_flatten, "squeeze": op_squeeze, "unsqueeze": op_unsqueeze, "t": op_t,
    "T": op_T,
}


def run_chain(data, shape, pad):
    """Applies 2-5 random view ops to both bases, checking each step; returns
    (flat th, flat numpy, [th views], numpy view, whether an expand was used)."""
    flat_t, t, flat_a, a = make_base(shape, pad)
    storage_ptr = flat_t.storage().data_ptr()
    views, expanded = [t], False
    for _ in range(data.draw(st.integers(2, 5), label="chain length")):
        name = data.draw(st.sampled_from(list(OPS)), label="op")
        step = OPS[name](data, t, a, flat_a)
        if step is None:
            continue
        t, a = step
        views.append(t)
        expanded |= name == "expand"
        assert_same_view(t, a, flat_a)
        # one storage, one more reference per live view (plus flat_t and the
        # temporary th.Storage object)
        assert t.storage().data_ptr() == storage_ptr and capi.same_storage(t, flat_t)
        assert flat_t.storage().refcount == 2 + len(views)
    return flat_t, flat_a, views, a, expanded


# ------------------------------------------------- chains against numpy
@settings(max_examples=300)
@given(shape=shapes, pad=st.integers(0, 3), data=st.data())
def test_view_chains_match_numpy(shape, pad, data):
    """Shape, strides, offset and values after each step of a random chain."""
    flat_t, flat_a, views, a, _ = run_chain(data, shape, pad)
    t = views[-1]
    assert t.is_contiguous() == a.flags.c_contiguous
    copy = t.clone()  # dense, in t's layout when t is (torch's preserve_format)
    assert not capi.same_storage(copy, t) and len(copy.storage()) == copy.numel()
    assert copy.tolist() == a.tolist()
    assert t.contiguous().is_contiguous()
    del views, t
    assert flat_t.storage().refcount == 2  # every view gave its reference back


WRITES = ["fill_", "setitem scalar", "setitem tensor", "setitem list", "copy_"]


@settings(max_examples=200)
@given(shape=shapes, pad=st.integers(0, 3), data=st.data())
def test_writes_through_a_view_land_where_numpy_writes(shape, pad, data):
    """fill_, __setitem__ and copy_ through the end of a chain change exactly
    the storage elements numpy's view covers (chains with expand: see reads)."""
    flat_t, flat_a, views, a, expanded = run_chain(data, shape, pad)
    if expanded:
        return
    t, covered = views[-1], a.ravel()  # a's values are the storage indices it covers
    unique = np.unique(covered).size == covered.size
    kind = data.draw(st.sampled_from(WRITES if unique else WRITES[:2]), label="write")
    values = -1 - np.arange(a.size, dtype=np.int64)
    src = th.tensor(values.tolist(), dtype=th.int64).view(a.shape)
    if kind == "setitem list" and a.size == 0:
        kind = "setitem tensor"  # [] has no shape to broadcast
    note(kind)
    expected = flat_a.copy()  # a writable copy of the base: numpy's oracle
    if kind == "fill_":
        assert t.fill_(-7) is t
        expected[covered] = -7
    elif kind == "setitem scalar":
        if t.numel() and any(st == 0 and n > 1 for st, n in zip(t.stride(), t.shape)):
            # elements that share memory: torch refuses t[...] = x (fill_ takes it);
            # an empty tensor has no elements to share
            with pytest.raises(RuntimeError, match="share memory"):
                t[...] = -7
            return
        t[...] = -7
        expected[covered] = -7
    else:
        if kind == "setitem tensor":
            t[...] = src
        elif kind == "setitem list":
            t[...] = values.reshape(a.shape).tolist()
        else:
            assert t.copy_(src) is t
        expected[covered] = values
    assert flat_t.tolist() == expected.tolist()
    assert t.tolist() == expected[a].tolist()  # read back through the view


# shapes with a size-0 dim somewhere
empty_shapes = st.tuples(shapes, st.integers(0, 4)).map(
    lambda s: s[0][:s[1]] + (0,) + s[0][s[1]:])


@settings(max_examples=300)
@given(shape=st.one_of(empty_shapes, shapes), pad=st.integers(0, 3), data=st.data())
def test_views_stay_inside_their_storage(shape, pad, data):
    """THTensor.h: a tensor never describes memory outside its storage; an
    empty view keeps its offset <= the storage size, so its own geometry can
    be rebuilt with as_strided."""
    flat_t, flat_a, views, a, _ = run_chain(data, shape, pad)
    t = views[-1]
    storage_size = len(t.storage())
    assert 0 <= t.storage_offset() <= storage_size
    if t.numel():
        last = t.storage_offset() + sum((n - 1) * s for n, s in zip(t.shape, t.stride()))
        assert last < storage_size
    assert t.as_strided(t.shape, t.stride()).is_set_to(t)


def test_empty_slices_past_the_end_are_clamped_into_the_storage():
    """A slice or narrow starting at a dim's end, where that lies past the
    storage's end, gets an offset at the storage's end."""
    base = th.arange(12)
    sparse = base.as_strided((2,), (10,), 0)  # elements 0 and 10
    for v in (sparse.narrow(0, 2, 0), sparse[2:], sparse[5:9], sparse[-1:][1:]):
        assert v.shape == (0,) and v.storage_offset() == 12
        assert v.as_strided(v.shape, v.stride()).is_set_to(v)
    capi.inplace("narrow", sparse, None, 0, 2, 0)
    assert sparse.storage_offset() == 12


def test_empty_views_keep_their_offset_inside_the_storage():
    """select/narrow/slice/diagonal of an empty tensor along another dim must
    not move its offset past the storage's end (only the sliced dim is clamped today)."""
    x = th.arange(12).view(3, 4)[3:]  # shape (0, 4), offset clamped to 12
    assert x.storage_offset() == 12
    for v in (x.select(1, 3), x.narrow(1, 2, 2), x[:, 2:],
              x.unsqueeze(1).expand(0, 4, 4).diagonal(1, 1, 2)):
        assert v.numel() == 0
        assert v.storage_offset() <= len(v.storage()), v.storage_offset()
        assert v.as_strided(v.shape, v.stride()).is_set_to(v)


# -------------------------------------- bad arguments, checked per value
C_NAMES = {
    "narrow": "THTensor_newNarrow", "select": "THTensor_newSelect",
    "unfold": "THTensor_newUnfold", "transpose": "THTensor_newTranspose",
    "squeeze": "THTensor_newSqueeze1d", "unsqueeze": "THTensor_newUnsqueeze1d",
    "diagonal": "THTensor_newDiagonal", "getitem": "THTensor_newSelect",
}


def expected_error(op, shape, args):
    """(exception, fragment naming the bad value) that torch's rules give
    op(*args) on a tensor of shape, or None when the arguments are valid."""
    nd = len(shape)
    if nd == 0 and op in ("squeeze", "transpose", "unfold"):
        shape, nd = (1,), 1  # torch: a scalar counts as one dim (of one element) here

    def bad_dim(d, n=nd):
        return not -n <= d < n

    if op == "narrow":
        dim, start, length = args
        if bad_dim(dim):
            return IndexError, f"dim {dim}"
        n = shape[dim]
        if not -n <= start <= n:
            return IndexError, f"start {start}"
        s = start + n if start < 0 else start
        return (ValueError, f"length {length}") if not 0 <= length <= n - s else None
    if op == "select":
        dim, index = args
        if bad_dim(dim):
            return IndexError, f"dim {dim}"
        return (IndexError, f"index {index}") if not -shape[dim] <= index < shape[dim] else None
    if op == "unfold":
        dim, size, step = args
        if bad_dim(dim):
            return IndexError, f"dim {dim}"
        if not 0 <= size <= shape[dim]:
            return ValueError, f"size {size}"
        return (ValueError, f"got {step}") if step <= 0 else None
    if op == "diagonal" and nd == 0:  # torch: a 0-dim tensor's dims are -1 and 0
        for name, d in zip(("dim1", "dim2"), args[-2:]):
            if d not in (-1, 0):
                return IndexError, f"{name} {d}"
        return ValueError, "both are 0"
    if op in ("transpose", "diagonal"):
        d0, d1 = args[-2:]
        names = ("dim0", "dim1") if op == "transpose" else ("dim1", "dim2")
        if bad_dim(d0):
            return IndexError, f"{names[0]} {d0}"
        if bad_dim(d1):
            return IndexError, f"{names[1]} {d1}"
        if op == "diagonal" and d0 % nd == d1 % nd:
            return ValueError, f"both are {d0 % nd}"
        return None
    if op in ("squeeze", "unsqueeze"):
        dim = args[0]
        return (IndexError, f"dim {dim}") if bad_dim(dim, nd + (op == "unsqueeze")) else None
    index = args[0]  # getitem with an int
    if nd == 0:
        return IndexError, "no dimensions"
    return (IndexError, f"index {index}") if not -shape[0] <= index < shape[0] else None


def numpy_op(op, a, args):
    if a.ndim == 0 and op in ("squeeze", "transpose"):
        return a[...]
    if a.ndim == 0 and op == "unfold":
        return a.reshape(1)[:args[1]]  # the scalar's one window of size 0 or 1
    if op == "narrow":
        dim, start, length = args
        s = start + a.shape[dim] if start < 0 else start
        return a[at(dim % a.ndim, slice(s, s + length))]
    if op == "select":
        return a[at(args[0] % a.ndim, args[1])]
    if op == "unfold":
        dim, size, step = args
        return sliding_window_view(a, size, axis=dim)[at(dim % a.ndim, slice(None, None, step))]
    if op == "transpose":
        return np.swapaxes(a, *args)
    if op == "squeeze":
        return np.squeeze(a, args[0]) if a.shape[args[0]] == 1 else a[...]
    if op == "unsqueeze":
        return np.expand_dims(a, args[0])
    if op == "diagonal":
        return np.diagonal(a, *args)
    return a[args[0], ...]


@settings(max_examples=300)
@given(shape=shapes, op=st.sampled_from(sorted(C_NAMES)), data=st.data())
def test_arguments_in_and_out_of_range(shape, op, data):
    """Random arguments, valid or not: th raises exactly when torch's rules
    say they are out of range (IndexError for positions, ValueError for
    quantities), names the function and the bad value, and leaks nothing;
    otherwise it makes numpy's view."""
    flat_t, t, flat_a, a = make_base(shape, 0)
    nd = len(shape)
    dim = st.integers(-nd - 2, nd + 1)

    def around(d, low, high):  # integers around the size of dim d
        n = shape[d] if -nd <= d < nd else 3
        return st.integers(low(n), high(n))

    if op in ("narrow", "select", "unfold"):
        d = data.draw(dim)
        if op == "narrow":
            args = (d, data.draw(around(d, lambda n: -n - 2, lambda n: n + 2)),
                    data.draw(around(d, lambda n: -2, lambda n: n + 2)))
        elif op == "select":
            args = (d, data.draw(around(d, lambda n: -n - 2, lambda n: n + 1)))
        else:
            args = (d, data.draw(around(d, lambda n: -1, lambda n: n + 1)),
                    data.draw(st.integers(-1, 3)))
    elif op == "transpose":
        args = (data.draw(dim), data.draw(dim))
    elif op == "diagonal":
        args = (data.draw(st.integers(-3, 3)), data.draw(dim), data.draw(dim))
    elif op == "unsqueeze":
        args = (data.draw(st.integers(-nd - 3, nd + 2)),)
    elif op == "squeeze":
        args = (data.draw(dim),)
    else:
        args = (data.draw(around(0, lambda n: -n - 2, lambda n: n + 1)),)
    note(f"{op}{args}")
    call = (lambda: t[args[0]]) if op == "getitem" else (lambda: getattr(t, op)(*args))
    error = expected_error(op, shape, args)
    if error is None:
        assert_same_view(call(), numpy_op(op, a, args), flat_a)
        return
    exc, fragment = error
    before, rc = live_now(), t.storage().refcount
    with pytest.raises(exc) as info:
        call()
    message = str(info.value)
    del info
    assert th.debug.live() == before and t.storage().refcount == rc
    assert message.startswith(C_NAMES[op] + ":") and fragment in message, message


# ----------------------------------------------- sharing and refcounts
VIEW_MAKERS = {
    "narrow": ((2, 1, 3, 4), lambda t: t.narrow(2, 1, 2)),
    "narrow negative start": ((2, 1, 3, 4), lambda t: t.narrow(-1, -3, 2)),
    "select": ((2, 1, 3, 4), lambda t: t.select(3, -1)),
    "transpose": ((2, 1, 3, 4), lambda t: t.transpose(0, 3)),
    "t 2-dim": ((4, 6), lambda t: t.t()),
    "t 1-dim": ((5,), lambda t: t.t()),
    "T": ((2, 1, 3, 4), lambda t: t.T),
    "permute": ((2, 1, 3, 4), lambda t: t.permute(3, 1, 0, 2)),
    "permute tuple": ((2, 1, 3, 4), lambda t: t.permute((-1, 1, 0, 2))),
    "unfold": ((2, 1, 3, 4), lambda t: t.unfold(3, 2, 1)),
    "expand": ((2, 1, 3, 4), lambda t: t.expand(5, 2, 6, 3, -1)),
    "expand_as": ((2, 1, 3, 4), lambda t: t.expand_as(th.empty(2, 2, 3, 4))),
    "view": ((2, 1, 3, 4), lambda t: t.view(6, 4)),
    "view -1": ((2, 1, 3, 4), lambda t: t.view(-1)),
    "reshape (a view)": ((2, 1, 3, 4), lambda t: t.reshape(4, 6)),
    "flatten": ((2, 1, 3, 4), lambda t: t.flatten(1, 2)),
    "squeeze": ((2, 1, 3, 4), lambda t: t.squeeze()),
    "squeeze dim": ((2, 1, 3, 4), lambda t: t.squeeze(1)),
    "squeeze other dim": ((2, 1, 3, 4), lambda t: t.squeeze(0)),
    "unsqueeze": ((2, 1, 3, 4), lambda t: t.unsqueeze(4)),
    "as_strided": ((2, 1, 3, 4), lambda t: t.as_strided((3, 3), (1, 4), 2)),
    "as_strided same offset": ((2, 1, 3, 4), lambda t: t[1].as_strided((2,), (5,))),
    "diagonal": ((2, 1, 3, 4), lambda t: t.diagonal(0, 2, 3)),
    "diagonal offset": ((2, 1, 3, 4), lambda t: t.diagonal(-1, -1, 0)),
    "getitem int": ((2, 1, 3, 4), lambda t: t[1]),
    "getitem slice": ((2, 1, 3, 4), lambda t: t[1:]),
    "getitem None": ((2, 1, 3, 4), lambda t: t[None]),
    "getitem ...": ((2, 1, 3, 4), lambda t: t[...]),
    "getitem tuple": ((2, 1, 3, 4), lambda t: t[-1, ..., None, 1:4:2]),
    "getitem ()": ((2, 1, 3, 4), lambda t: t[()]),
}


@pytest.mark.parametrize("shape, make", VIEW_MAKERS.values(), ids=list(VIEW_MAKERS))
def test_every_view_shares_the_storage_and_holds_one_reference(shape, make):
    """Each view is one new C tensor holding one more storage reference,
    given back when it dies; no storage or data is allocated."""
    t = th.arange(math.prod(shape)).view(shape)
    rc, ptr = t.storage().refcount, t.storage().data_ptr()
    before = live_now()
    views = [make(t)]
    assert th.debug.live() == live_plus(before, tensors=1)
    assert t.storage().refcount == rc + 1
    views += [make(t), make(t)]
    assert th.debug.live() == live_plus(before, tensors=3)
    assert t.storage().refcount == rc + 3
    for v in views:
        assert v.storage().data_ptr() == ptr and capi.same_storage(v, t) and v.refcount == 1
    del v
    views.pop()
    assert th.debug.live() == live_plus(before, tensors=2) and t.storage().refcount == rc + 2
    views[0].fill_(-1)  # the write lands in the base's storage
    assert -1 in t.storage().tolist()
    del views
    assert th.debug.live() == before and t.storage().refcount == rc


def test_views_outlive_their_base():
    t = th.arange(6).view(2, 3)
    v = t.T[1]
    del t
    assert v.storage().refcount == 2 and v.tolist() == [1, 4]


def test_broadcast_tensors_are_views():
    a, b = th.arange(3), th.arange(2).view(2, 1)
    before = live_now()
    x, y = th.broadcast_tensors(a, b)
    assert th.debug.live() == live_plus(before, tensors=2)
    assert capi.same_storage(x, a) and capi.same_storage(y, b)
    assert a.storage().refcount == b.storage().refcount == 3
    ex, ey = np.broadcast_arrays(np.arange(3), np.arange(2).reshape(2, 1))
    assert x.tolist() == ex.tolist() and y.tolist() == ey.tolist()
    assert x.stride() == (0, 1) and y.stride() == (1, 0)
    del x, y
    assert th.debug.live() == before


# the C setters: (name, args, the Python view with the same geometry)
INPLACE = [
    ("narrow", (2, 1, 2), lambda s: s.narrow(2, 1, 2)),
    ("narrow", (-1, -2, 2), lambda s: s.narrow(-1, -2, 2)),
    ("select", (0, 1), lambda s: s.select(0, 1)),
    ("select", (3, -1), lambda s: s.select(3, -1)),
    ("transpose", (0, 3), lambda s: s.transpose(0, 3)),
    ("unfold", (3, 2, 2), lambda s: s.unfold(3, 2, 2)),
    ("squeeze", (), lambda s: s.squeeze()),
    ("squeeze1d", (1,), lambda s: s.squeeze(1)),
    ("squeeze1d", (2,), lambda s: s.squeeze(2)),
    ("unsqueeze1d", (4,), lambda s: s.unsqueeze(4)),
    ("unsqueeze1d", (-2,), lambda s: s.unsqueeze(-2)),
    ("slice", (3, 1, 4, 2), lambda s: s[:, :, :, 1:4:2]),
    ("slice", (2, -2, 100, 1), lambda s: s[:, :, -2:]),
]
INPLACE_IDS = [f"{name}{args}" for name, args, _ in INPLACE]


def geometry(t):
    return t.shape, t.stride(), t.storage_offset(), t.tolist()


@pytest.mark.parametrize("name, args, view", INPLACE, ids=INPLACE_IDS)
def test_inplace_setter_takes_src_storage_and_releases_its_own(name, args, view):
    src = th.arange(24).view(2, 1, 3, 4)
    expected = geometry(view(src))
    self = th.zeros(5, dtype=th.float64)
    old = self.storage()  # keeps self's old storage alive to watch its count
    assert old.refcount == 2 and src.storage().refcount == 2
    before = live_now()
    capi.inplace(name, self, src, *args)
    assert geometry(self) == expected and self.dtype is th.int64
    assert capi.same_storage(self, src) and self.refcount == 1
    assert src.storage().refcount == 3  # src, self, the temporary Storage
    assert old.refcount == 1  # only our Python object holds it now
    assert th.debug.live() == before  # nothing made, nothing freed yet
    del old
    assert th.debug.live() == live_plus(before, storages=-1)._replace(bytes=before.bytes - 40)
    del self
    assert src.storage().refcount == 2


@pytest.mark.parametrize("name, args, view", INPLACE, ids=INPLACE_IDS)
@pytest.mark.parametrize("src_is", ["NULL", "self"])
def test_inplace_setter_on_self(name, args, view, src_is):
    """src NULL (or self itself) means self: the geometry changes, the
    storage and its count do not."""
    t = th.arange(24).view(2, 1, 3, 4)
    expected = geometry(view(t))
    rc, before = t.storage().refcount, live_now()
    capi.inplace(name, t, None if src_is == "NULL" else t, *args)
    assert geometry(t) == expected
    assert t.storage().refcount == rc and th.debug.live() == before


@pytest.mark.parametrize("name, args, exc, fragment", [
    ("narrow", (4, 0, 1), IndexError, "THTensor_narrow: dim 4"),
    ("narrow", (3, 1, 4), ValueError, "length 4"),
    ("select", (3, 4), IndexError, "THTensor_select: index 4"),
    ("transpose", (0, -5), IndexError, "dim1 -5"),
    ("unfold", (3, 2, 0), ValueError, "THTensor_unfold: step must be positive, got 0"),
    ("unfold", (3, 5, 1), ValueError, "size 5"),
    ("squeeze1d", (4,), IndexError, "THTensor_squeeze1d: dim 4"),
    ("unsqueeze1d", (5,), IndexError, "THTensor_unsqueeze1d: dim 5"),
    ("slice", (3, 0, 4, 0), ValueError, "THTensor_slice: step must be positive, got 0"),
    ("slice", (3, 0, 4, -1), ValueError, "got -1"),
])
def test_inplace_setter_errors_leave_self_unchanged(name, args, exc, fragment):
    src = th.arange(24).view(2, 1, 3, 4)
    self = th.zeros(5, dtype=th.float64)
    old = self.storage()
    before = live_now()
    with pytest.raises(exc) as info:
        capi.inplace(name, self, src, *args)
    assert fragment in str(info.value)
    assert geometry(self) == ((5,), (1,), 0, [0.0] * 5) and self.dtype is th.float64
    assert old.refcount == 2 and src.storage().refcount == 2
    assert th.debug.live() == before


def test_views_at_the_dimension_limit():
    """Views that would pass TH_MAX_DIMS (64) dims raise ValueError, leaking
    nothing; the ones that stay within it work."""
    t = th.zeros((1,) * 64)
    before = live_now()
    for grow in (lambda: t.unsqueeze(0), lambda: t.unfold(0, 1, 1), lambda: t[None],
                 lambda: t[..., None], lambda: t.expand((1,) * 65), lambda: t.view((1,) * 65),
                 lambda: capi.inplace("unsqueeze1d", th.zeros(2), t, 0)):
        with pytest.raises(ValueError, match="64"):
            grow()
    gc.collect()
    assert th.debug.live() == before
    assert t[0, None].shape == (1,) * 64 and t.diagonal().shape == (1,) * 63
    assert t.squeeze().shape == () and t.view(1).stride() == (1,)


# --------------------------------------------- contiguous, clone, reshape
def test_new_contiguous_returns_the_same_tensor_when_contiguous():
    t = th.arange(6).view(2, 3)
    c = capi.new_contiguous(t)
    assert capi.same_tensor(c, t) and t.refcount == 2 and t.storage().refcount == 2
    del c
    assert t.refcount == 1
    for already in (th.tensor(3), th.empty(0, 4).T, th.arange(4).view(4, 1).T):
        c = capi.new_contiguous(already)  # 0-dim, empty, size-1 dims: contiguous
        assert capi.same_tensor(c, already) and already.refcount == 2


@pytest.mark.parametrize("make", [
    lambda t: t.T, lambda t: t[:, ::2], lambda t: t[1:, 1:], lambda t: t[:1].expand(3, 4),
    lambda t: t.unfold(1, 2, 1), lambda t: t.diagonal(),
], ids=["T", "step", "corner", "expand", "unfold", "diagonal"])
def test_new_contiguous_copies_when_not_contiguous(make):
    base = th.arange(12).view(3, 4)
    t = make(base)
    assert not t.is_contiguous()
    before, rc = live_now(), base.storage().refcount
    c = capi.new_contiguous(t)
    assert not capi.same_tensor(c, t) and not capi.same_storage(c, t) and c.refcount == 1
    assert c.is_contiguous() and c.tolist() == t.tolist() and c.storage_offset() == 0
    assert len(c.storage()) == t.numel()
    assert th.debug.live() == live_plus(before, tensors=1, storages=1)._replace(
        bytes=before.bytes + 8 * t.numel())
    assert base.storage().refcount == rc and t.refcount == 1
    py = t.contiguous()
    assert py is not t and not capi.same_storage(py, t) and py.tolist() == t.tolist()
    assert py.is_contiguous()
    c.fill_(-1)  # a copy: the base is untouched
    assert base.tolist() == np.arange(12).reshape(3, 4).tolist()


def test_contiguous_returns_self_when_contiguous():
    t = th.arange(12).view(3, 4)
    for v in (t, t[1], t[:, :0], t[1:2], th.tensor(5)):
        assert v.contiguous() is v
    assert t.refcount == 1


def test_clone_always_copies():
    t = th.arange(12).view(3, 4)
    for v in (t, t.T, t[:1].expand(2, 3, 4), th.tensor(2.5), t[:, :0]):
        c = v.clone()
        # torch's preserve_format: a dense tensor's strides kept (t.T's clone is
        # transposed), anything else dense in its stride order
        assert not capi.same_storage(c, v) and (c.is_contiguous() or c.stride() == v.stride())
        assert c.shape == v.shape and c.tolist() == v.tolist() and c.dtype is v.dtype
        assert len(c.storage()) == c.numel()


@settings(max_examples=200)
@given(shape=st.lists(st.integers(1, 4), min_size=1, max_size=4).map(tuple),
       data=st.data())
def test_reshape_shares_storage_exactly_when_numpy_does(shape, data):
    """reshape (and the C newReshape) of a permuted, sliced tensor: a view when
    numpy's reshape is one (np.shares_memory), a contiguous copy otherwise;
    view() succeeds exactly in the first case."""
    flat_t, t, flat_a, a = make_base(shape, 0)
    perm = data.draw(st.permutations(range(len(shape))), label="perm")
    steps = tuple(slice(None, None, data.draw(st.integers(1, 2))) for _ in shape)
    t, a = t.permute(perm)[steps], a.transpose(perm)[steps]
    given, target = draw_target(data, a.size)
    expected = np.reshape(a, target)
    shares = np.shares_memory(expected, a)
    for r in (t.reshape(given), capi.new_reshape(t, given)):
        assert r.shape == expected.shape and r.tolist() == expected.tolist()
        assert capi.same_storage(r, t) == shares
        if shares:
            assert_same_view(r, expected, flat_a)
        else:
            assert r.is_contiguous() and len(r.storage()) == a.size
    if shares:
        assert_same_view(t.view(given), expected, flat_a)
    else:
        with pytest.raises(ValueError, match=r"THTensor_newView: shape \[.*\] cannot be a view.*"
                                             r"use reshape"):
            t.view(given)


def test_reshape_copy_leaves_the_source_alone():
    t = th.arange(6).view(2, 3).T
    before, rc = live_now(), t.storage().refcount
    r = t.reshape(6)
    assert r.tolist() == [0, 3, 1, 4, 2, 5]
    assert th.debug.live() == live_plus(before, tensors=1, storages=1)._replace(
        bytes=before.bytes + 48)
    assert t.storage().refcount == rc
    r.fill_(0)
    assert t.tolist() == [[0, 3], [1, 4], [2, 5]]


def test_flatten_of_a_scalar_checks_its_dims():
    """torch wraps dims of a 0-dim tensor as if it had one dim: flatten()
    accepts start_dim/end_dim in [-1, 0] and raises IndexError for others,
    as every other th function taking a dim rejects an out-of-range dim."""
    s = th.tensor(5)
    for args in ((), (0,), (-1,), (0, -1), (-1, 0), (0, 0)):
        assert s.flatten(*args).tolist() == [5]
    for args in ((1,), (0, 1), (-2,), (0, 7), (3, 7)):
        with pytest.raises(IndexError, match="flatten"):
            s.flatten(*args)


def test_squeeze_transpose_unfold_take_dim_0_or_minus_1_of_a_scalar():
    """torch lets squeeze, transpose and unfold name dim 0 or -1 of a 0-dim
    tensor (it counts as one dim there); select and narrow still refuse."""
    s = th.tensor(5.0)
    rc = s.storage().refcount
    for make in (lambda: s.squeeze(0), lambda: s.squeeze(-1), lambda: s.transpose(0, -1),
                 lambda: s.transpose(-1, -1)):
        view = make()
        assert (view.shape, view.stride(), view.tolist()) == ((), (), 5.0)
        assert s.storage().refcount == rc + 1  # a new view of the same storage
        del view
    one, none = s.unfold(0, 1, 1), s.unfold(-1, 0, 3)
    assert (one.shape, one.stride(), one.tolist()) == ((1,), (1,), [5.0])
    assert (none.shape, none.tolist()) == ((0,), [])
    one.fill_(7.0)
    assert s.item() == 7.0
    del one, none
    for bad, error in [(lambda: s.squeeze(1), IndexError), (lambda: s.transpose(0, -2), IndexError),
                       (lambda: s.unfold(1, 1, 1), IndexError), (lambda: s.unfold(0, 2, 1), ValueError),
                       (lambda: s.unfold(0, 1, 0), ValueError), (lambda: s.select(0, 0), IndexError),
                       (lambda: s.narrow(0, 0, 1), IndexError)]:
        with pytest.raises(error):
            bad()
    with pytest.raises(IndexError, match=r"newSqueeze1d: dim 1 out of range for a 0-dim tensor "
                                         r"\(expected -1 or 0\)"):
        s.squeeze(1)
    # in place, through the same C geometry
    capi.inplace("squeeze1d", s, None, 0)
    capi.inplace("transpose", s, None, 0, -1)
    assert s.shape == () and s.item() == 7.0


@pytest.mark.parametrize("dims", [(0,), (0, 2), (2, 0), (-1, -3), (1,), (0, 1, 2), [3, 0], ()])
def test_squeeze_a_tuple_of_dims_as_numpy(dims):
    t = th.arange(3 * 2, dtype=th.float32).view(1, 3, 1, 2)
    a = np.arange(3 * 2, dtype=np.float32).reshape(1, 3, 1, 2)
    r = t.squeeze(dims)
    expected = np.squeeze(a, axis=tuple(d for d in dims if a.shape[d] == 1))  # torch: skip size > 1
    assert r.shape == expected.shape
    assert r.stride() == tuple(s // 4 for s in expected.strides)
    assert r.tolist() == expected.tolist() and r.storage_offset() == 0
    r.fill_(-1)
    assert t.tolist() == np.full_like(a, -1).tolist()  # a view, not a copy


def test_squeeze_a_tuple_of_dims_errors():
    t = th.zeros(1, 3, 1)
    with pytest.raises(IndexError, match=r"squeeze: dim 3 out of range for a 3-dim tensor \(expected in \[-3, 2\]\)"):
        t.squeeze((0, 3))
    with pytest.raises(ValueError, match=r"squeeze: dim 0 appears twice in \(0, -3\)"):
        t.squeeze((0, -3))
    assert th.tensor(1.0).squeeze((-1,)).shape == ()


def test_size_and_dims_keywords_as_torch():
    t = th.arange(6, dtype=th.float32).view(2, 3)
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    assert t.permute(dims=(1, 0)).tolist() == a.T.tolist()
    assert t.reshape(shape=(3, 2)).tolist() == a.reshape(3, 2).tolist()
    e = t[:1].expand(size=(4, 2, 3))
    assert (e.shape, e.stride()) == ((4, 2, 3), (0, 0, 1))
    for both in (lambda: t.permute(1, 0, dims=(1, 0)), lambda: t.reshape(6, shape=(6,)),
                 lambda: t.expand(2, 3, size=(2, 3))):
        with pytest.raises(TypeError, match="either as arguments or as"):
            both()


# ---------------------------------------------------------------- indexing
INDICES = [
    0, -1, slice(1, None), slice(None, None, 2), slice(-2, None), slice(5, 9), None, Ellipsis,
    (), (1, 2), (1, 2, 3), (-1, -1, -1), (slice(None), 1), (Ellipsis, 1), (Ellipsis, None),
    (None, Ellipsis, None), (1, None, slice(None), slice(None, None, 3)),
    (slice(None), slice(None), slice(1, 3)), (0, Ellipsis, 0), (None, 1, None, 2, None, 3),
    (slice(-100, 100),), (slice(2, 1),), (np.int64(1), np.int32(-1)),
    # slice bounds read directly (ints, None) and through __index__ (clamped)
    slice(-2**70, 2**70), (slice(np.int64(1), np.int32(3)),), slice(True, 3),
    (slice(0, None, 1), slice(1, 2**63)), (slice(None), slice(-2**63, 2, 2**62)),
]


@pytest.mark.parametrize("index", INDICES, ids=[repr(i) for i in INDICES])
def test_getitem_matches_numpy(index):
    flat_t, t, flat_a, a = make_base((2, 3, 4), 1)
    np_index = index if isinstance(index, tuple) else (index,)
    if Ellipsis not in np_index:
        np_index += (Ellipsis,)
    v = t[index]
    assert_same_view(v, a[np_index], flat_a)
    assert capi.same_storage(v, t)


SETITEMS = [
    ((1,), 7),
    ((slice(None), 0), -2.0),
    ((Ellipsis, 1), [10, 20, 30]),  # a nested list broadcast to (2, 3)
    ((0,), [[1, 2, 3, 4]] * 3),
    ((slice(None), slice(None, None, 2), None), th.tensor([[[5]], [[6]]])),
    ((None, 1, slice(1, 3)), th.tensor([9, 8, 7, 6])),
    ((Ellipsis,), th.tensor(3.9)),  # float to int64 truncates, as numpy
    ((-1, -1, -1), True),
    ((slice(None), 1, slice(None, None, 3)), th.tensor([1, 2], dtype=th.uint8)),
]


@pytest.mark.parametrize("index, value", SETITEMS, ids=[repr(i) for i, _ in SETITEMS])
def test_setitem_matches_numpy(index, value):
    """__setitem__ with a scalar, a nested list or a broadcastable tensor."""
    t = th.arange(24).view(2, 3, 4)
    a = np.arange(24).reshape(2, 3, 4)
    rc = t.storage().refcount
    t[index] = value
    if isinstance(value, th.Tensor):
        a[index] = np.array(value.tolist(), dtype=NUMPY_DTYPES[value.dtype])
    else:
        a[index] = value
    assert t.tolist() == a.tolist()
    assert t.storage().refcount == rc  # the temporary view is gone


def negative_step_slices(size):
    """Slices with a negative step (and some with a positive one) over a dim
    of size: bounds inside, outside and past it, empty ones included."""
    bound = st.one_of(st.none(), st.integers(-size - 2, size + 2))
    return st.builds(slice, bound, bound, st.sampled_from([-1, -2, -3, 1, 2, None]))


@settings(max_examples=200)
@given(shape=st.lists(st.integers(0, 5), min_size=1, max_size=4).map(tuple), data=st.data())
def test_negative_steps_index_like_numpy(shape, data):
    """th takes the slices with negative steps torch refuses (docs/TORCH.md):
    t[index] is a copy with numpy's values; t[index] = value writes through."""
    a = np.arange(math.prod(shape)).reshape(shape)
    t = th.tensor(a)
    items = [data.draw(st.one_of(negative_step_slices(n),
                                 st.integers(-n, n - 1) if n else st.just(slice(None))),
                       label=f"dim {d}") for d, n in enumerate(shape)]
    if data.draw(st.booleans(), label="trailing dims as ..."):
        items[data.draw(st.integers(0, len(items)), label="... from"):] = [Ellipsis]
    for _ in range(data.draw(st.integers(0, 2), label="new dims")):
        items.insert(data.draw(st.integers(0, len(items)), label="None at"), None)
    index = tuple(items)
    want = a[index]
    rc = t.storage().refcount
    got = t[index]
    assert got.shape == want.shape and got.tolist() == want.tolist()
    if any(isinstance(i, slice) and (i.step or 1) < 0 for i in items) and got.numel():
        assert got.storage().data_ptr() != t.storage().data_ptr()  # a copy
    del got
    value = np.arange(want.size).reshape(want.shape) + 1000
    a[index] = value
    t[index] = th.tensor(value)
    assert t.tolist() == a.tolist()
    a[index] = -1
    t[index] = -1
    assert t.tolist() == a.tolist()
    assert t.storage().refcount == rc  # no view of t left behind


def test_negative_steps_take_numbers_lists_and_expressions():
    t, a = th.arange(6.0).view(2, 3), np.arange(6.0).reshape(2, 3)
    t[:, ::-1] = [[10, 20, 30]]  # a leading size-1 dim is dropped, as torch's setitem does
    a[:, ::-1] = [10, 20, 30]
    assert t.tolist() == a.tolist()
    t[::-1, 2:0:-1] = th.lazy(th.ones(2)) * 5
    a[::-1, 2:0:-1] = 5
    assert t.tolist() == a.tolist()
    assert t[np.int64(1), ::np.int64(-1)].tolist() == a[1, ::-1].tolist()


# ------------------------------------------------------------------ copy_
def broadcastable_from(data, shape):
    """A shape that broadcasts to shape: leading dims dropped, some set to 1."""
    drop = data.draw(st.integers(0, len(shape)), label="dims dropped")
    return tuple(1 if data.draw(st.booleans()) else n for n in shape[drop:])


@settings(max_examples=150)
@given(shape=shapes, data=st.data())
def test_copy_broadcasts_src_like_numpy(shape, data):
    src_shape = broadcastable_from(data, shape)
    transposed = data.draw(st.booleans(), label="dst transposed")
    dst = th.zeros(shape[::-1] if transposed else shape, dtype=th.int64)
    dst = dst.T if transposed else dst
    src = th.arange(math.prod(src_shape)).view(src_shape)
    via = data.draw(st.sampled_from(["copy_", "setitem"]), label="via")
    if via == "copy_":
        assert dst.copy_(src) is dst
    else:
        dst[...] = src
    expected = np.broadcast_to(np.arange(math.prod(src_shape)).reshape(src_shape), shape)
    assert dst.tolist() == expected.tolist()


def copy_values(src, dst):
    """Values of src's dtype that dst's dtype can hold (numpy's cast defined)."""
    s, d = np.dtype(NUMPY_DTYPES[src]), np.dtype(NUMPY_DTYPES[dst])
    if s.kind == "b":
        return [False, True, True, False, True, False]
    values = [0, 1, 2, 7, 100, 127]
    if s.kind == "f":
        values += [2.5, 0.75, 99.9, 126.5]
    if s.kind in "if" and d.kind != "u":
        values += [-3, -128] if s.kind == "i" else [-2.5, -0.25, -127.75]
    return values


@pytest.mark.parametrize("dst_dtype", ALL_DTYPES, ids=str)
def test_copy_converts_every_dtype_pair_like_numpy_astype(dst_dtype):
    """copy_ from each of the 9 dtypes into dst_dtype, contiguous and into a
    transposed dst (src broadcast), against numpy's astype."""
    wrong = {}
    for src_dtype in ALL_DTYPES:
        values = copy_values(src_dtype, dst_dtype)
        src_np = np.array(values, dtype=NUMPY_DTYPES[src_dtype])
        expected = src_np.astype(NUMPY_DTYPES[dst_dtype]).tolist()
        src = th.tensor(values, dtype=src_dtype)
        assert src.tolist() == src_np.tolist()
        dst = th.zeros(len(values), dtype=dst_dtype).copy_(src)
        strided = th.zeros(len(values), 2, dtype=dst_dtype).T.copy_(src)
        if dst.tolist() != expected or strided.tolist() != [expected] * 2:
            wrong[str(src_dtype)] = (values, dst.tolist(), strided.tolist(), expected)
    assert not wrong, wrong


# Overlapping assignments, written once for both libraries: read(src) is the
# src view itself for th and a copy of it for numpy. th reads all of src
# before writing (THTensor.h); numpy only buffers when it detects the need,
# and skips the buffer for 1-dim views going the same way (so
# a[0:5:2] = a[0:3] reads elements already written), hence the explicit copy.
def shift_right(x, read):
    x[1:] = read(x[:-1])


def shift_left(x, read):
    x[:-1] = read(x[1:])


def odd_to_even(x, read):
    x[::2] = read(x[1::2])


def spread_out(x, read):
    x[0:9:2] = read(x[0:5])


def broadcast_first(x, read):
    x[1:] = read(x[:1])


def transpose_in_place(x, read):
    m = x[:16].reshape(4, 4)
    m[...] = read(m.T)


def corner(x, read):
    m = x[:16].reshape(4, 4)
    m[1:, 1:] = read(m[:-1, :-1])


def row_from_column(x, read):
    m = x[:16].reshape(4, 4)
    m[0] = read(m[:, 1])


def rows_from_overlapping_row(x, read):
    x[:9].reshape(3, 3)[...] = read(x[2:5])


def copy_method(x, read):
    dst, src = x[2:14], read(x[:12])
    if isinstance(x, th.Tensor):
        dst.copy_(src)
    else:
        dst[...] = src


@pytest.mark.parametrize("assign", [shift_right, shift_left, odd_to_even, spread_out,
                                    broadcast_first, transpose_in_place, corner,
                                    row_from_column, rows_from_overlapping_row, copy_method])
def test_overlapping_copies_read_src_first(assign):
    t, a = th.arange(18), np.arange(18)
    assign(t, lambda v: v)
    assign(a, np.copy)
    assert t.tolist() == a.tolist()


@settings(max_examples=150)
@given(n=st.integers(1, 30), data=st.data())
def test_overlapping_slices_copy_like_a_buffered_numpy_copy(n, data):
    """dst[...] = src for two random equal-length slices of one tensor."""
    t, a = th.arange(n), np.arange(n)
    length = data.draw(st.integers(1, n), label="length")
    picks = []
    for _ in range(2):
        step = data.draw(st.integers(1, max(1, (n - 1) // max(1, length - 1))), label="step")
        start = data.draw(st.integers(0, n - 1 - (length - 1) * step), label="start")
        picks.append(slice(start, start + (length - 1) * step + 1, step))
    dst, src = picks
    note(f"[{dst}] = [{src}]")
    t[dst] = t[src]
    a[dst] = a[src].copy()
    assert t.tolist() == a.tolist()


def test_copy_into_an_expanded_tensor_raises():
    base = th.arange(3)
    e = base.expand(2, 3)
    for write in (lambda: e.copy_(th.ones(2, 3, dtype=th.int64)),
                  lambda: operator.setitem(e, Ellipsis, th.ones(3, dtype=th.int64)),
                  lambda: operator.setitem(e, (slice(None), 0), th.tensor([5, 6])),
                  lambda: e.copy_([[1, 2, 3], [4, 5, 6]])):
        with pytest.raises(RuntimeError, match="dst has elements that share memory .dim 0 has "
                                               "stride 0.: writing into it is ambiguous"):
            write()
    assert base.tolist() == [0, 1, 2]
    e[0].copy_(th.tensor([7, 8, 9]))  # one row has no repeated elements: fine
    assert base.tolist() == [7, 8, 9]


# every path that writes into a tensor refuses one whose elements share memory
# with one exception type (torch's RuntimeError) and one message
SHARED_WRITES = {
    "copy_": lambda e: e.copy_(th.ones(2, 3)),
    "setitem": lambda e: operator.setitem(e, Ellipsis, th.ones(3)),
    "add_": lambda e: e.add_(1),
    "iadd lazy": lambda e: operator.iadd(e, th.lazy(th.ones(3)) * 2),
    "add out=": lambda e: th.add(th.ones(2, 3), 1, out=e),
    "eval out=": lambda e: th.eval(th.lazy(th.ones(2, 3)) * 2, out=e),
    "sum out=": lambda e: th.sum(th.ones(4, 2, 3), 0, out=e),
    "cat out=": lambda e: th.cat([th.ones(1, 3), th.ones(1, 3)], out=e),
    "mm out=": lambda e: th.mm(th.ones(2, 4), th.ones(4, 3), out=e),
    "setitem by index": lambda e: operator.setitem(e, th.tensor([0, 1]), th.ones(3)),
    "scatter_": lambda e: e.scatter_(0, th.zeros(1, 3, dtype=th.int64), th.ones(1, 3)),
    "masked_fill_": lambda e: e.masked_fill_(th.ones(2, 3, dtype=th.bool), 1),
    # torch's fill_ with a tensor and t[...] = number are copies: refused as
    # copy_ is (a fill with a number is not: test_fill_with_a_number_...)
    "fill_ 0-dim tensor": lambda e: e.fill_(th.tensor(4)),
    "fill_ 0-dim float tensor": lambda e: e.fill_(th.tensor(4.5)),
    "setitem number": lambda e: operator.setitem(e, Ellipsis, 4),
    "setitem number in a column": lambda e: operator.setitem(e, (slice(None), 0), 4.5),
}


@pytest.mark.parametrize("write", SHARED_WRITES.values(), ids=SHARED_WRITES.keys())
def test_every_write_into_shared_elements_raises_one_error(write):
    base = th.zeros(3)
    with pytest.raises(RuntimeError, match=r"has elements that share memory \(dim 0 has "
                                           r"stride 0\): writing into it is ambiguous; clone it"):
        write(base.expand(2, 3))
    assert base.tolist() == [0, 0, 0]


def test_fill_with_a_number_takes_shared_elements_as_torch():
    """torch's fill_ and zero_ with a number write into a self whose elements
    share memory (each gets the one value whatever the order); fill_ with a
    0-dim tensor (a copy_) and t[...] = number refuse it, and fill_ takes
    only a 0-dim tensor. Regression: th filled with a 0-dim tensor and a
    1-dim one of one element."""
    torch = pytest.importorskip("torch")
    calls = {"fill_ number": lambda e: e.fill_(4), "fill_ float": lambda e: e.fill_(4.5),
             "zero_": lambda e: e.zero_(), "fill_ 0-dim": lambda e, L: e.fill_(L.tensor(4)),
             "setitem": lambda e: operator.setitem(e, Ellipsis, 4),
             "setitem row": lambda e: operator.setitem(e, 0, 4),
             "setitem empty": None}
    for name, call in calls.items():
        results = []
        for lib in (th, torch):
            base = lib.zeros(3)
            e = base.expand(0, 3) if call is None else base.expand(2, 3)
            try:
                if call is None:
                    e[...] = 4
                elif name == "fill_ 0-dim":
                    call(e, lib)
                else:
                    call(e)
                results.append(base.tolist())
            except RuntimeError:
                results.append(RuntimeError)
        assert results[0] == results[1], (name, results)
    for lib in (th, torch):
        with pytest.raises(RuntimeError, match="fill_ only supports (a )?0-dim"):
            lib.zeros(3).fill_(lib.tensor([4]))
        # a 0-dim value is copied in as copy_ converts it (torch: fill_(Tensor) is copy_)
        t = lib.zeros(3, dtype=lib.uint8)
        assert t.fill_(lib.tensor(-2)).tolist() == [254] * 3
        t = lib.arange(3.0)
        assert t.fill_(t[1]).tolist() == [1.0] * 3  # a value inside self


@pytest.mark.parametrize("dst_shape, src_shape", [
    ((2, 2), (3,)), ((3,), (2, 3)), ((2, 3), (3, 2)), ((0,), (2,)), ((4, 1), (4, 2)), ((), (2,)),
])
def test_copy_of_a_non_broadcastable_src_names_both_shapes(dst_shape, src_shape):
    dst, src = th.zeros(dst_shape), th.ones(src_shape)
    fmt = lambda s: "[" + ", ".join(map(str, s)) + "]"  # noqa: E731
    with pytest.raises(RuntimeError) as info:  # torch's class
        dst.copy_(src)
    assert f"src of shape {fmt(src_shape)}" in str(info.value)
    assert f"dst of shape {fmt(dst_shape)}" in str(info.value)
    assert dst.tolist() == np.zeros(dst_shape).tolist()


# --------------------------------------------------------- broadcasting
@settings(max_examples=200)
@given(data=st.data())
def test_broadcast_shapes_and_tensors_match_numpy(data):
    target = data.draw(shapes, label="target")
    n = data.draw(st.integers(0, 4), label="how many")
    chosen = [broadcastable_from(data, target) if data.draw(st.booleans()) else data.draw(shapes)
              for _ in range(n)]
    note(f"shapes {chosen}")
    try:
        expected = np.broadcast_shapes(*chosen)
    except ValueError:
        with pytest.raises(ValueError, match="broadcast_shapes"):
            th.broadcast_shapes(*chosen)
        tensors = [th.empty(s) for s in chosen]
        with pytest.raises(ValueError, match="broadcast_shapes"):
            th.broadcast_tensors(*tensors)
        return
    assert th.broadcast_shapes(*chosen) == expected
    flats = [np.arange(math.prod(s)) for s in chosen]
    tensors = [th.arange(math.prod(s)).view(s) for s in chosen]
    views = th.broadcast_tensors(*tensors)
    for v, t, f, s in zip(views, tensors, flats, chosen):
        assert capi.same_storage(v, t)
        assert_same_view(v, np.broadcast_to(f.reshape(s), expected), f)


def test_broadcast_shapes_accepts_ints_and_rejects_bad_sizes():
    assert th.broadcast_shapes() == ()
    assert th.broadcast_shapes(3, (2, 1)) == np.broadcast_shapes(3, (2, 1)) == (2, 3)
    assert th.broadcast_shapes((1, 0), (5, 1)) == (5, 0)
    with pytest.raises(ValueError, match=r"\(2,\).*\(3,\)|\(3,\).*\(2,\)"):
        th.broadcast_shapes((2,), (3,))
    with pytest.raises(ValueError, match="non-negative"):
        th.broadcast_shapes((2, -1))


# ------------------------------------------------- bad input, one by one
def setitem(index, value):
    return lambda t: operator.setitem(t, index, value)


BAD = [
    # (id, call on t of shape (2, 3, 4), exception, message fragments)
    ("narrow dim", lambda t: t.narrow(3, 0, 1), IndexError, ["THTensor_newNarrow", "dim 3"]),
    ("narrow start", lambda t: t.narrow(1, 4, 0), IndexError, ["THTensor_newNarrow", "start 4"]),
    ("narrow start<0", lambda t: t.narrow(1, -4, 1), IndexError, ["start -4"]),
    ("narrow length<0", lambda t: t.narrow(1, 0, -1), ValueError, ["THTensor_newNarrow", "length -1"]),
    ("narrow past end", lambda t: t.narrow(1, 2, 2), ValueError, ["length 2", "start 2"]),
    ("select dim", lambda t: t.select(-4, 0), IndexError, ["THTensor_newSelect", "dim -4"]),
    ("select index", lambda t: t.select(1, 3), IndexError, ["THTensor_newSelect", "index 3"]),
    ("select index<0", lambda t: t.select(2, -5), IndexError, ["index -5"]),
    ("select 0-dim", lambda t: t[0, 0, 0].select(0, 0), IndexError, ["no dimensions"]),
    ("transpose", lambda t: t.transpose(0, 3), IndexError, ["THTensor_newTranspose", "dim1 3"]),
    ("transpose dim0", lambda t: t.transpose(-4, 0), IndexError, ["dim0 -4"]),
    ("t() 3-dim", lambda t: t.t(), ValueError, ["t()", "3", "transpose"]),
    ("permute twice", lambda t: t.permute(0, 0, 1), ValueError, ["THTensor_newPermute", "permutation", "dim 0"]),
    ("permute count", lambda t: t.permute(1, 0), ValueError, ["permute", "2 dims"]),
    ("permute range", lambda t: t.permute(0, 1, 3), IndexError, ["permute", "dim 3"]),
    ("unfold dim", lambda t: t.unfold(3, 1, 1), IndexError, ["THTensor_newUnfold", "dim 3"]),
    ("unfold size", lambda t: t.unfold(2, 5, 1), ValueError, ["THTensor_newUnfold", "size 5"]),
    ("unfold size<0", lambda t: t.unfold(2, -1, 1), ValueError, ["size -1"]),
    ("unfold step 0", lambda t: t.unfold(2, 2, 0), ValueError, ["step must be positive, got 0"]),
    ("unfold step<0", lambda t: t.unfold(2, 2, -2), ValueError, ["got -2"]),
    ("expand size", lambda t: t.expand(2, 3, 5), ValueError, ["THTensor_newExpand", "5", "4"]),
    ("expand fewer dims", lambda t: t.expand(3, 4), ValueError, ["THTensor_newExpand", "2 sizes"]),
    ("expand new dim -1", lambda t: t.expand(-1, 2, 3, 4), ValueError, ["THTensor_newExpand", "-1"]),
    ("expand 1 to -2", lambda t: t[:, :1].expand(2, -2, 4), ValueError, ["THTensor_newExpand"]),
    ("expand_as", lambda t: t.expand_as(th.empty(3, 3, 4)), ValueError, ["THTensor_newExpand", "3"]),
    ("view strides", lambda t: t.transpose(1, 2).view(24), ValueError, ["THTensor_newView", "[24]", "reshape"]),
    ("view numel", lambda t: t.view(5, -1), ValueError, ["THTensor_newView", "[5, -1]", "24"]),
    ("view two -1", lambda t: t.view(-1, 2, -1), ValueError, ["only one size can be -1"]),
    ("view size<0", lambda t: t.view(-2, -12), ValueError, ["THTensor_newView", "-2"]),
    ("view 0 and -1", lambda t: t.view(0, -1), ValueError, ["[0, -1]"]),
    ("reshape numel", lambda t: t.reshape(5, 5), ValueError, ["THTensor_newReshape", "[5, 5]", "24"]),
    ("reshape two -1", lambda t: t.reshape(-1, -1), ValueError, ["only one size can be -1"]),
    ("squeeze dim", lambda t: t.squeeze(3), IndexError, ["THTensor_newSqueeze1d", "dim 3"]),
    ("unsqueeze", lambda t: t.unsqueeze(4), IndexError, ["THTensor_newUnsqueeze1d", "dim 4"]),
    ("unsqueeze<0", lambda t: t.unsqueeze(-5), IndexError, ["dim -5"]),
    ("flatten end", lambda t: t.flatten(0, 3), IndexError, ["flatten", "3"]),
    ("flatten start", lambda t: t.flatten(-4), IndexError, ["flatten", "-4"]),
    ("flatten order", lambda t: t.flatten(2, 1), ValueError, ["flatten", "start_dim 2"]),
    ("as_strided size", lambda t: t.as_strided((5,), (6,)), ValueError, ["THTensor_newAsStrided", "needs 25", "24"]),
    ("as_strided offset", lambda t: t.as_strided((2,), (1,), 23), ValueError, ["needs 25", "offset 23"]),
    ("as_strided default offset", lambda t: t[1, 2, 3].as_strided((2,), (1,)), ValueError, ["needs 25"]),
    ("as_strided stride<0", lambda t: t.as_strided((2,), (-1,), 5), ValueError, ["stride[0]", "-1"]),
    ("as_strided offset<0", lambda t: t.as_strided((2,), (1,), -1), ValueError, ["offset", "-1"]),
    ("as_strided size<0", lambda t: t.as_strided((-2,), (1,)), ValueError, ["size[0]", "-2"]),
    ("as_strided lengths", lambda t: t.as_strided((2, 2), (1,)), ValueError, ["2 sizes but 1 strides"]),
    ("diagonal same dim", lambda t: t.diagonal(0, 1, 1), ValueError, ["THTensor_newDiagonal", "dim1 and dim2"]),
    ("diagonal same wrapped", lambda t: t.diagonal(0, -1, 2), ValueError, ["THTensor_newDiagonal", "both are 2"]),
    ("diagonal dim", lambda t: t.diagonal(0, 0, 3), IndexError, ["THTensor_newDiagonal", "dim2 3"]),
    ("diagonal 1-dim", lambda t: t[0, 0].diagonal(), IndexError, ["THTensor_newDiagonal", "dim2 1"]),
    ("too many indices", lambda t: t[0, 0, 0, 0], IndexError, ["too many indices", "4"]),
    ("too many with ...", lambda t: t[..., 0, :, 0, None, 0], IndexError, ["too many indices"]),
    ("index 0-dim", lambda t: t[1, 2, 3][0], IndexError, ["no dimensions"]),
    # advanced indices (tests/math/test_gather.py has the rest)
    ("list index out of range", lambda t: t[[0, 2]], IndexError, ["index 2 is out of bounds"]),
    ("mask shape", lambda t: t[0, th.tensor([True])], IndexError, ["shape of the mask [1]"]),
    ("float tensor index", lambda t: t[th.tensor([0.0])], IndexError, ["int64, int32 or bool"]),
    ("float index", lambda t: t[0.0], IndexError, ["float"]),
    ("int out of range", lambda t: t[2], IndexError, ["THTensor_newSelect", "index 2"]),
    ("int<0 out of range", lambda t: t[:, -4], IndexError, ["index -4"]),
    ("negative step with a list", lambda t: t[[0], ::-1], IndexError, ["negative step", "list"]),
    ("negative step with a bool", lambda t: t[True, ::-1], IndexError, ["negative step", "bool"]),
    ("negative step, too many", lambda t: t[0, 0, 0:1, ::-1], IndexError, ["too many indices"]),
    ("negative step, two ...", lambda t: t[..., ::-1, ...], IndexError, ["single ellipsis"]),
    ("negative step with a mask", lambda t: t[::-1, th.tensor([True] * 3)], IndexError,
     ["negative step", "Tensor"]),
    ("zero step", lambda t: t[1:, ::0], ValueError, ["zero"]),
    ("two ellipses", lambda t: t[..., ...], IndexError, ["ellipsis"]),
    ("setitem too many", setitem((0, 0, 0, 0), 1), IndexError, ["too many indices"]),
    ("setitem list index out of range", setitem([5], 1), IndexError, ["index 5 is out of bounds"]),
    ("setitem out of range", setitem(5, 1), IndexError, ["index 5"]),
    ("setitem step<0 shape", setitem(slice(None, None, -1), th.ones(2, 4)), RuntimeError, ["[2, 4]", "[2, 3, 4]"]),
    ("setitem tensor shape", setitem(0, th.ones(2, 4)), RuntimeError, ["[2, 4]", "[3, 4]"]),
    ("setitem list shape", setitem(0, [[1, 2]]), RuntimeError, ["[1, 2]", "[3, 4]"]),
    ("setitem value range", setitem(0, 2**70), ValueError, ["int64"]),
    ("copy_ shape", lambda t: t.copy_(th.ones(3)), RuntimeError, ["src of shape [3]", "dst of shape [2, 3, 4]"]),
    ("copy_ expanded", lambda t: t[0].expand(2, 3, 4).copy_(t), RuntimeError, ["THTensor_copy", "stride 0"]),
    ("broadcast_shapes", lambda t: th.broadcast_shapes((2, 3), (3, 2)), ValueError, ["broadcast_shapes", "(3, 2)"]),
    ("broadcast_tensors", lambda t: th.broadcast_tensors(t, th.ones(3)), ValueError, ["broadcast_shapes", "(3,)"]),
]


@pytest.mark.parametrize("call, exc, fragments", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_input_raises_and_leaks_nothing(call, exc, fragments):
    t = th.arange(24).view(2, 3, 4)
    rc, before = t.storage().refcount, live_now()
    with pytest.raises(exc) as info:
        call(t)
    message = str(info.value)
    del info
    gc.collect()
    assert th.debug.live() == before and t.storage().refcount == rc and t.refcount == 1
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert t.tolist() == np.arange(24).reshape(2, 3, 4).tolist()  # nothing written


def test_setitem_drops_a_values_leading_size_one_dims_as_torch():
    torch = pytest.importorskip("torch")
    for lib in (th, torch):
        a = lib.zeros(2, 5)
        a[0] = lib.ones(1, 5) * 2                 # [1, 5] into [5]
        a[:, 1:3] = lib.ones(1, 1, 2, 2) * 3      # [1, 1, 2, 2] into [2, 2]
        a[1, 4] = lib.ones(1, 1) * 4              # into a 0-dim element
        if lib is th:
            got = a.tolist()
        else:
            assert got == a.tolist()
    b = th.zeros(2)
    b[:1] = [[5.0]]                               # nested data too (torch refuses lists)
    assert b.tolist() == [5.0, 0.0]
    c = th.zeros(5, 3)
    c[...] = th.lazy(th.ones(1, 5, 3)) * 2        # an expression's result too
    assert c.tolist() == [[2.0] * 3] * 5
    with pytest.raises(RuntimeError, match="cannot be broadcast"):
        c[0] = th.ones(2, 3)                       # a leading dim of size 2: refused
    with pytest.raises(RuntimeError, match="cannot be broadcast"):
        th.zeros(5).copy_(th.ones(1, 5))           # copy_ keeps torch's stricter rule
