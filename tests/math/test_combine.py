"""The combinators (th/_combine.py) against torch 2.13: repeat, tile,
repeat_interleave, roll, rot90, the stacks, block_diag, broadcast_to,
atleast_1d/2d/3d, take_along_dim and out-of-place masked_fill, as functions
and Tensor methods, over every dtype, non-contiguous inputs and bad
arguments (torch's exception classes)."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import th

from torch_compare import DTYPES, check, pair, tensor_pairs, torch


def counts(data, n, low=0, high=3, label="counts"):
    return data.draw(st.lists(st.integers(low, high), min_size=n, max_size=n), label=label)


# ----------------------------------------------------------- repeat, tile
@given(tensor_pairs(max_dims=3, max_side=3), st.data())
def test_repeat_and_tile_match_torch(tensors, data):
    a, b = tensors
    extra = data.draw(st.integers(-1, 2), label="extra dims")
    reps = counts(data, max(a.dim() + extra, 0))
    check(lambda: a.repeat(*reps), lambda: b.repeat(*reps))
    check(lambda: a.repeat(reps), lambda: b.repeat(reps))
    check(lambda: th.tile(a, reps), lambda: torch.tile(b, reps))
    check(lambda: a.tile(reps), lambda: b.tile(reps))
    if reps:
        check(lambda: a.tile(*reps), lambda: b.tile(*reps))


def test_repeat_errors():
    a, b = pair(np.arange(6).reshape(2, 3))
    for args in [(2,), (-1, 2), ((2, -1),)]:
        check(lambda: a.repeat(*args), lambda: b.repeat(*args))
    with pytest.raises(TypeError):
        a.repeat()
    with pytest.raises(TypeError):
        a.repeat(1.5, 2)
    assert a.repeat(1, 1).data_ptr() != a.data_ptr()  # always a copy


# ---------------------------------------------------- repeat_interleave
@given(tensor_pairs(max_dims=3, max_side=4), st.data())
def test_repeat_interleave_matches_torch(tensors, data):
    a, b = tensors
    nd = a.dim()
    dim = data.draw(st.none() | st.integers(-max(nd, 1) - 1, max(nd, 1)), label="dim")
    k = data.draw(st.integers(-1, 3), label="repeats")
    check(lambda: th.repeat_interleave(a, k, dim), lambda: torch.repeat_interleave(b, k, dim))
    check(lambda: a.repeat_interleave(k, dim=dim), lambda: b.repeat_interleave(k, dim=dim))
    check(lambda: th.repeat_interleave(a, th.tensor(k), dim),
          lambda: torch.repeat_interleave(b, torch.tensor(k), dim))
    n = a.numel() if dim is None or nd == 0 else (a.shape[dim] if -nd <= dim < nd else 1)
    reps = counts(data, data.draw(st.sampled_from([n, n + 1, 1])), low=0, high=3)
    check(lambda: th.repeat_interleave(a, th.tensor(reps, dtype=th.int64), dim),
          lambda: torch.repeat_interleave(b, torch.tensor(reps, dtype=torch.int64), dim))
    total = sum(reps) if len(reps) == n else n * (reps[0] if reps else 0)
    size = data.draw(st.sampled_from([total, total + 1]), label="output_size")
    check(lambda: th.repeat_interleave(a, th.tensor(reps), dim, output_size=size),
          lambda: torch.repeat_interleave(b, torch.tensor(reps), dim, output_size=size))


@pytest.mark.parametrize("dtype", [th.int32, th.int64])
def test_repeat_interleave_of_repeats_alone(dtype):
    for reps in ([], [0], [2, 0, 1], [1, 1, 3]):
        a = th.tensor(reps, dtype=dtype)
        b = torch.tensor(reps, dtype=getattr(torch, str(dtype)[3:]))
        check(lambda: th.repeat_interleave(a), lambda: torch.repeat_interleave(b))
        check(lambda: a.repeat_interleave(), lambda: b.repeat_interleave())
    for bad in ([1, -2], [[1]], [1.0]):
        a, b = th.tensor(bad), torch.tensor(bad)
        check(lambda: th.repeat_interleave(a), lambda: torch.repeat_interleave(b))


# ------------------------------------------------------------ roll, rot90
@given(tensor_pairs(max_dims=3), st.data())
def test_roll_matches_torch(tensors, data):
    a, b = tensors
    nd = a.dim()
    shift = data.draw(st.integers(-7, 7), label="shift")
    check(lambda: th.roll(a, shift), lambda: torch.roll(b, shift))
    k = data.draw(st.integers(0, 3), label="how many dims")
    dims = [data.draw(st.integers(-max(nd, 1) - 1, max(nd, 1))) for _ in range(k)]
    shifts = [data.draw(st.integers(-7, 7)) for _ in range(data.draw(st.sampled_from([k, 1])))]
    check(lambda: th.roll(a, shifts, dims), lambda: torch.roll(b, shifts, dims))
    check(lambda: a.roll(shifts, dims), lambda: b.roll(shifts, dims))
    if k == 1:
        check(lambda: th.roll(a, shift, dims[0]), lambda: torch.roll(b, shift, dims[0]))
    result = th.roll(a, shift)
    assert result.data_ptr() != a.data_ptr() or a.numel() == 0


def test_roll_errors():
    a, b = pair(np.arange(6).reshape(2, 3))
    for args in [((), ()), ((1, 2), (0,)), (1, 5), ((), None)]:
        check(lambda: th.roll(a, *args), lambda: torch.roll(b, *args))


@given(tensor_pairs(max_dims=4), st.data())
def test_rot90_matches_torch(tensors, data):
    a, b = tensors
    nd = a.dim()
    k = data.draw(st.integers(-5, 5), label="k")
    dims = data.draw(st.lists(st.integers(-nd - 1, nd), min_size=1, max_size=3), label="dims")
    check(lambda: th.rot90(a, k), lambda: torch.rot90(b, k))
    check(lambda: th.rot90(a, k, dims), lambda: torch.rot90(b, k, dims))
    check(lambda: a.rot90(k, dims), lambda: b.rot90(k, dims))


# -------------------------------------------------------------- stacking
@given(st.lists(st.tuples(st.lists(st.integers(0, 3), max_size=3), st.sampled_from(DTYPES)),
                min_size=1, max_size=3),
       st.booleans(), st.data())
def test_stacks_match_torch(specs, same_shape, data):
    ths, torches = [], []
    for shape, dtype in specs:
        shape = specs[0][0] if same_shape else shape
        a, b = data.draw(tensor_pairs(dtypes=[dtype], min_dims=len(shape), max_dims=len(shape),
                                      min_side=3, max_side=3))
        index = tuple(slice(0, s) for s in shape)  # then cut to the shape
        ths.append(a[index])
        torches.append(b[index])
    for name in ("hstack", "vstack", "row_stack", "dstack", "column_stack"):
        check(lambda: getattr(th, name)(ths), lambda: getattr(torch, name)(torches))
        check(lambda: getattr(th, name)(tuple(ths)), lambda: getattr(torch, name)(tuple(torches)))
    check(lambda: th.block_diag(*ths), lambda: torch.block_diag(*torches))
    for name in ("atleast_1d", "atleast_2d", "atleast_3d"):
        fn, oracle = getattr(th, name), getattr(torch, name)
        check(lambda: fn(ths[0]), lambda: oracle(torches[0]), geometry=True)
        check(lambda: fn(*ths), lambda: oracle(*torches), geometry=True)
        check(lambda: fn(ths), lambda: oracle(torches), geometry=True)


def test_stack_errors():
    for name in ("hstack", "vstack", "row_stack", "dstack", "column_stack"):
        check(lambda: getattr(th, name)([]), lambda: getattr(torch, name)([]))
        with pytest.raises(TypeError):
            getattr(th, name)(th.zeros(2))
    a, b = pair(np.zeros((1, 1, 1)))
    check(lambda: th.block_diag(a), lambda: torch.block_diag(b))
    check(lambda: th.block_diag(), lambda: torch.block_diag())
    assert th.atleast_1d() == ()


# -------------------------------------------- broadcast_to, take_along_dim
@given(tensor_pairs(max_dims=3, max_side=3), st.data())
def test_broadcast_to_matches_torch(tensors, data):
    a, b = tensors
    lead = data.draw(st.lists(st.integers(0, 3), max_size=2), label="leading")
    own = [data.draw(st.sampled_from([s, -1, 3, 1]), label="size") for s in a.shape]
    size = lead + own
    check(lambda: th.broadcast_to(a, size), lambda: torch.broadcast_to(b, size), geometry=True)
    check(lambda: a.broadcast_to(size), lambda: b.broadcast_to(size), geometry=True)


@given(tensor_pairs(max_dims=3, max_side=4, min_side=1), st.data())
def test_take_along_dim_matches_torch(tensors, data):
    a, b = tensors
    nd = a.dim()
    dim = data.draw(st.none() | st.integers(-max(nd, 1), max(nd, 1) - 1), label="dim")
    if dim is None:
        # torch flattens input with view(-1), an error where the strides do
        # not allow it; th's reshape copies then
        a, b = a.contiguous(), b.contiguous()
        shape = data.draw(st.lists(st.integers(0, 3), max_size=2), label="indices shape")
        high = a.numel() - 1
    else:
        shape = [data.draw(st.sampled_from([1, s, 2]), label="size") for s in a.shape]
        high = a.shape[dim] - 1 if nd else 0
    n = int(np.prod(shape)) if shape else 1
    # (torch reads past the dim for an index out of range: only valid ones)
    idx = np.array(data.draw(st.lists(st.integers(0, high), min_size=n, max_size=n)),
                   dtype=np.int64).reshape(shape)
    i, j = pair(idx)
    check(lambda: th.take_along_dim(a, i, dim), lambda: torch.take_along_dim(b, j, dim))
    check(lambda: a.take_along_dim(i, dim), lambda: b.take_along_dim(j, dim))


def test_take_along_dim_errors():
    a, b = pair(np.arange(6).reshape(2, 3))
    for idx, dim in [(np.array([[0], [2]], dtype=np.int32), 1), (np.array([0, 2]), 1),
                     (np.array([[0], [1], [1]]), 1), (np.array([[0]]), 2)]:
        i, j = pair(idx)
        check(lambda: th.take_along_dim(a, i, dim), lambda: torch.take_along_dim(b, j, dim))


# ---------------------------------------------------------- masked_fill
@given(tensor_pairs(max_dims=3, max_side=3), st.data())
def test_masked_fill_matches_torch(tensors, data):
    a, b = tensors
    lead = data.draw(st.lists(st.integers(1, 2), max_size=1), label="mask's leading dims")
    shape = lead + [data.draw(st.sampled_from([s, 1])) for s in a.shape]
    mask = np.random.default_rng(data.draw(st.integers(0, 99))).integers(0, 2, shape).astype(bool)
    m, n = pair(mask)
    value = data.draw(st.sampled_from([0, 1, True, 2.5, -1]), label="value")
    if a.dtype.is_complex or a.dtype.is_floating_point or isinstance(value, bool) or value >= 0:
        check(lambda: th.masked_fill(a, m, value), lambda: torch.masked_fill(b, n, value))
        check(lambda: a.masked_fill(m, value), lambda: b.masked_fill(n, value))
    check(lambda: a.masked_fill(m, th.tensor(1)), lambda: b.masked_fill(n, torch.tensor(1)))
    before = a.clone()
    a.masked_fill(m, 1)
    assert th.equal(a, before)  # out of place


def test_masked_fill_errors():
    a, b = pair(np.zeros((2, 3)))
    check(lambda: th.masked_fill(a, th.tensor([1, 0, 1]), 2.5),
          lambda: torch.masked_fill(b, torch.tensor([1, 0, 1]), 2.5))
    check(lambda: th.masked_fill(a, th.tensor([True, False, True]), th.tensor([2.5])),
          lambda: torch.masked_fill(b, torch.tensor([True, False, True]), torch.tensor([2.5])))
    check(lambda: th.masked_fill(a, th.ones(4, dtype=th.bool), 1.0),
          lambda: torch.masked_fill(b, torch.ones(4, dtype=torch.bool), 1.0))


@given(tensor_pairs(max_dims=3))
def test_fliplr_flipud_match_torch(tensors):
    a, b = tensors
    for fn in ("fliplr", "flipud"):
        check(lambda: getattr(th, fn)(a), lambda: getattr(torch, fn)(b))
        check(lambda: getattr(a, fn)(), lambda: getattr(b, fn)())
