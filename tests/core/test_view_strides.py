"""Views keep torch 2.13's exact strides, storage offsets and contiguity,
including the strides of empty and size-1 dims (which torch keeps as
step * stride, though no element is reached through them).

The oracle: th.arange(n) and torch.arange(n), viewed with one shape, take the
same chain of slices, selects, narrows, unfolds, diagonals and transposes;
after each step both must agree on sizes, strides, storage offset,
is_contiguous and values."""
import math

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

import th

torch = pytest.importorskip("torch")

sizes = st.sampled_from([0, 1, 1, 2, 3, 4, 5])
shapes = st.lists(sizes, min_size=1, max_size=4).map(tuple)
bounds = st.one_of(st.none(), st.integers(-7, 7))


def assert_same_geometry(t, r):
    assert t.shape == tuple(r.shape)
    assert t.stride() == r.stride()
    assert t.is_contiguous() == r.is_contiguous()
    if r.numel():
        assert t.storage_offset() == r.storage_offset()
    else:  # th keeps an empty view's offset inside its storage (torch may not)
        assert t.storage_offset() == min(r.storage_offset(), len(t.storage()))
    assert t.tolist() == r.tolist()


def draw_step(data, t):
    """One view step valid for t's shape, as (label, function of a library)."""
    nd = t.dim()
    kinds = ["slices"] + (["slice", "select", "narrow", "unfold", "transpose"] if nd else [])
    if nd >= 2:
        kinds.append("diagonal")
    kind = data.draw(st.sampled_from(kinds), label="kind")
    if kind == "slice":
        key = slice(data.draw(bounds), data.draw(bounds), data.draw(st.sampled_from([None, 1, 2, 3, 5])))
        return repr(key), lambda x: x[key]
    if kind == "slices":
        key = tuple(slice(data.draw(bounds), data.draw(bounds), data.draw(st.integers(1, 4)))
                    for _ in range(data.draw(st.integers(0, nd))))
        return repr(key), lambda x: x[key]
    d = data.draw(st.integers(-nd, nd - 1), label="dim")
    n = t.shape[d]
    if kind == "select":
        if n == 0:
            return "id", lambda x: x
        i = data.draw(st.integers(-n, n - 1), label="index")
        return f"select({d}, {i})", lambda x: x.select(d, i)
    if kind == "narrow":
        start = data.draw(st.integers(0, n), label="start")
        length = data.draw(st.integers(0, n - start), label="length")
        return f"narrow({d}, {start}, {length})", lambda x: x.narrow(d, start, length)
    if kind == "unfold":
        size = data.draw(st.integers(0, n), label="size")
        step = data.draw(st.integers(1, 4), label="step")
        return f"unfold({d}, {size}, {step})", lambda x: x.unfold(d, size, step)
    if kind == "transpose":
        e = data.draw(st.integers(-nd, nd - 1), label="dim1")
        return f"transpose({d}, {e})", lambda x: x.transpose(d, e)
    e = data.draw(st.integers(-nd, nd - 1).filter(lambda e: e % nd != d % nd), label="dim2")
    off = data.draw(st.integers(-3, 3), label="offset")
    return f"diagonal({off}, {d}, {e})", lambda x: x.diagonal(off, d, e)


@settings(max_examples=300, deadline=None)
@given(shape=shapes, pad=st.integers(0, 2), data=st.data())
def test_view_chains_match_torch_strides_exactly(shape, pad, data):
    n = math.prod(shape)
    t = th.arange(pad + n)[pad:].view(shape)
    r = torch.arange(pad + n)[pad:].view(shape)
    for _ in range(data.draw(st.integers(1, 4), label="steps")):
        if t.dim() >= 6:
            break
        label, step = draw_step(data, t)
        note(label)
        t, r = step(t), step(r)
        assert_same_geometry(t, r)


@pytest.mark.parametrize("make", [
    lambda m: m.zeros(0)[::2],
    lambda m: m.zeros(1)[::2],
    lambda m: m.zeros(3, 4)[-1::3],
    lambda m: m.zeros(3, 4)[:, -1::3],
    lambda m: m.zeros(3, 4)[2:1:3],
    lambda m: m.zeros(3, 4)[5::2],
    lambda m: m.zeros(3, 4).t()[1:2:3],
    lambda m: m.zeros(6, 4).unfold(0, 5, 3),
    lambda m: m.zeros(0, 4).unfold(0, 0, 3),
    lambda m: m.zeros(3, 4)[::2**62],  # the product wraps, as torch's does
    lambda m: m.zeros(3, 4)[1:2:3].contiguous(),
])
def test_empty_and_size_one_slices_keep_step_times_stride(make):
    assert_same_geometry(make(th), make(torch))


def test_size_one_and_empty_dims_do_not_break_contiguity():
    """torch: a dim of size 1 (or any empty tensor) is contiguous whatever its stride."""
    x = th.zeros(4, 3)
    assert x[1:2:3].stride() == (9, 1) and x[1:2:3].is_contiguous()
    assert x[:, 1:2:3].stride() == (3, 3) and not x[:, 1:2:3].is_contiguous()
    assert x[4::2].is_contiguous()
    v = x[1:2:3]
    assert v.contiguous().data_ptr() == v.data_ptr()  # no copy: already contiguous
    assert v.reshape(3).stride() == (1,)
    assert (v + 1).tolist() == [[1.0, 1.0, 1.0]]
