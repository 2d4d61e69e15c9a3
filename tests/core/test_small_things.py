"""Small things that break real torch code, against torch 2.13: format specs
on 0-dim tensors (f"{loss:.4f}"), th.tensor of a list of arrays, attributes
set on a tensor, the layout (strides) of clone(), *_like and element-wise
results (torch's preserve_format and TensorIterator rules), memory_format=
arguments, and th.set_printoptions."""
import gc

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th

torch = pytest.importorskip("torch")


def pair(shape, dtype="float32", values=None):
    """A th tensor and torch's with the same values."""
    a = np.arange(int(np.prod(shape)), dtype=dtype).reshape(shape) if values is None else values
    return th.tensor(a), torch.tensor(a)


# ------------------------------------------------------------ format specs
@pytest.mark.parametrize("value", [3.14159, -2.5, 7, True, 0.0, float("nan"), float("inf")])
@pytest.mark.parametrize("spec", ["", ".4f", ".2e", "10.3f", "<8", ">8", "+", "g", ".0%"])
def test_format_of_0_dim_tensors_matches_torch(value, spec):
    t, x = th.tensor(value), torch.tensor(value)
    try:
        expected = format(x, spec)
    except (TypeError, ValueError) as e:
        with pytest.raises(type(e)):
            format(t, spec)
        return
    assert format(t, spec) == expected
    assert f"{t:{spec}}" == f"{x:{spec}}"


@pytest.mark.parametrize("spec", ["d", "x", "05d", "b"])
def test_integer_specs_on_integer_0_dim_tensors(spec):
    assert format(th.tensor(42), spec) == format(torch.tensor(42), spec)


def test_format_of_tensors_with_dims():
    t, x = th.tensor([1.5, 2.0]), torch.tensor([1.5, 2.0])
    assert format(t, "") == format(x, "").replace("torch.", "th.")
    for one in (t, th.tensor([1.5])):
        with pytest.raises(TypeError, match="unsupported format string passed to Tensor"):
            format(one, ".2f")


# ------------------------------------------------------------ th.tensor of arrays
@pytest.mark.parametrize("data", [
    lambda: [np.ones(2), np.zeros(2)],
    lambda: [np.ones(2, dtype=np.float32), np.zeros(2, dtype=np.int64)],
    lambda: [np.ones(2, dtype=np.int32), [1, 2]],
    lambda: [[1, 2], np.array([3, 4], dtype=np.int8)],
    lambda: [np.ones((2, 2), dtype=np.float16), np.ones((2, 2), dtype=np.float16)],
    lambda: (np.arange(3, dtype=np.uint8), np.arange(3, dtype=np.uint8)),
    lambda: [np.array([True, False]), [1.5, 2.5]],
], ids=["float64", "float32+int64", "int32+ints", "ints+int8", "float16 2-d", "uint8 tuple",
        "bool+floats"])
def test_tensor_of_a_list_of_arrays_matches_torch(data):
    t, x = th.tensor(data()), torch.tensor(data())
    assert t.shape == tuple(x.shape) and str(t.dtype)[3:] == str(x.dtype)[6:]
    assert t.tolist() == x.tolist()


def test_tensor_of_a_list_of_arrays_errors_as_torch():
    with pytest.raises(ValueError, match="length"):
        th.tensor([np.ones(2), np.ones(3)])
    with pytest.raises(ValueError):
        torch.tensor([np.ones(2), np.ones(3)])
    with pytest.raises(ValueError):  # torch refuses lists of tensors of several elements too
        th.tensor([th.ones(2), th.zeros(2)])


def test_tensor_of_arrays_takes_dtype_and_the_default():
    assert th.tensor([np.ones(2)], dtype=th.int32).dtype is th.int32
    th.set_default_dtype(th.float64)
    try:
        # an array's dtype promotes with the numbers' default, as torch's
        assert th.tensor([np.ones(2, dtype=np.float32), [0.5, 1]]).dtype is th.float64
        assert th.tensor([np.ones(2, dtype=np.float32), [1, 2]]).dtype is th.float32
    finally:
        th.set_default_dtype(th.float32)


# ------------------------------------------------------------ attributes
def test_attributes_can_be_set_on_a_tensor():
    t = th.zeros(2)
    t.name = "weights"
    t.meta = {"epoch": 3}
    assert (t.name, t.meta["epoch"]) == ("weights", 3)
    assert vars(t) == {"name": "weights", "meta": {"epoch": 3}}
    del t.name
    assert not hasattr(t, "name")
    v = t.view(2)
    assert not hasattr(v, "meta")  # views are new objects, as in torch


def test_attributes_die_with_their_tensor():
    class Marker:
        pass

    import weakref
    marker = Marker()
    seen = weakref.ref(marker)
    t = th.zeros(2)
    t.marker = marker
    del marker, t
    gc.collect()
    assert seen() is None
    # a recycled tensor object starts without the old attributes
    fresh = [th.zeros(1) for _ in range(100)]
    assert not any(hasattr(f, "marker") for f in fresh)


def test_attributes_cannot_shadow_tensor_properties():
    t = th.zeros(2)
    with pytest.raises(AttributeError):
        t.shape = (1, 2)


# ------------------------------------------------------------ layouts
def steps(t):
    """The strides of the dims of size >= 2: the layout (a dim of size 1 or
    0 is never stepped along, torch's and th's strides there may differ)."""
    return tuple(s for s, n in zip(t.stride(), t.shape) if n >= 2)


def same_values(r, y):
    return np.allclose(np.asarray(r.tolist(), dtype=float), np.asarray(y.tolist(), dtype=float),
                       rtol=1e-6, equal_nan=True)


def layouts():
    """(name, th tensor, torch tensor) of dense and non-dense layouts."""
    a, x = pair((3, 4))
    b, y = pair((2, 3, 4))
    c, z = pair((4, 6))
    return [
        ("transposed", a.t(), x.t()), ("permuted", b.permute(2, 0, 1), y.permute(2, 0, 1)),
        ("permuted 2", b.permute(1, 2, 0), y.permute(1, 2, 0)),
        ("strided", c[:, ::2], z[:, ::2]), ("strided transposed", c[:, ::2].t(), z[:, ::2].t()),
        ("contiguous", a, x), ("expanded", a[:1].expand(3, 4), x[:1].expand(3, 4)),
        ("size-1 dims", b[:1, :, :1].permute(2, 1, 0), y[:1, :, :1].permute(2, 1, 0)),
    ]


@pytest.mark.parametrize("case", range(8))
def test_clone_and_likes_keep_a_dense_layout_as_torch(case):
    name, t, x = layouts()[case]
    assert steps(t.clone()) == steps(x.clone()), name
    assert t.clone().tolist() == x.clone().tolist()
    for fn in ("empty_like", "zeros_like", "ones_like", "rand_like", "randn_like"):
        assert steps(getattr(th, fn)(t)) == steps(getattr(torch, fn)(x)), (name, fn)
    assert steps(th.full_like(t, 2)) == steps(torch.full_like(x, 2))
    assert steps(t.to(th.float64)) == steps(x.to(torch.float64))
    assert steps(t.double()) == steps(x.double())
    assert steps(t.to(th.int32).float()) == steps(x.to(torch.int32).float())
    assert steps(t.to(th.float32, copy=True)) == steps(x.to(torch.float32, copy=True))


@pytest.mark.parametrize("case", range(8))
def test_element_wise_results_follow_torch_layout(case):
    name, t, x = layouts()[case]
    checks = [
        (lambda m, v: v + 1), (lambda m, v: v * v), (lambda m, v: m.sqrt(v)),
        (lambda m, v: v > 2), (lambda m, v: -v), (lambda m, v: v.float() * 2.5),
        (lambda m, v: m.where(v > 2, v, v * 2)),
        (lambda m, v: v + m.zeros(v.shape[-1])), (lambda m, v: m.zeros(v.shape[-1]) + v),
        (lambda m, v: v + m.zeros(tuple(v.shape))), (lambda m, v: m.zeros(tuple(v.shape)) + v),
        (lambda m, v: v + v.contiguous()), (lambda m, v: v.contiguous() + v),
    ]
    for i, fn in enumerate(checks):
        r, y = fn(th, t), fn(torch, x)
        assert steps(r) == steps(y), (name, i)
        assert same_values(r, y), (name, i)


@settings(max_examples=60)
@given(shape=st.lists(st.integers(1, 4), min_size=2, max_size=4), data=st.data())
def test_element_wise_layout_of_random_permutations(shape, data):
    perm = data.draw(st.permutations(range(len(shape))))
    step = data.draw(st.sampled_from([1, 2]))
    a = np.arange(int(np.prod(shape)) * step, dtype=np.float32)
    t = th.tensor(a)[::step].view(*shape).permute(*perm)
    x = torch.tensor(a)[::step].view(*shape).permute(*perm)
    other = data.draw(st.sampled_from(["number", "same", "row"]))
    if other == "number":
        r, y = t * 3, x * 3
    elif other == "same":
        r, y = t + t.clone(), x + x.clone()
    else:
        r, y = th.ones(t.shape[-1]) + t, torch.ones(x.shape[-1]) + x
    assert steps(r) == steps(y)
    assert same_values(r, y)
    assert steps(t.clone()) == steps(x.clone())


def test_memory_formats_match_torch():
    t, x = pair((2, 3, 4, 5))
    tt, xt = t.permute(0, 2, 3, 1), x.permute(0, 2, 3, 1)
    assert t.clone(memory_format=th.channels_last).stride() == \
        x.clone(memory_format=torch.channels_last).stride()
    assert t.contiguous(memory_format=th.channels_last).stride() == \
        x.contiguous(memory_format=torch.channels_last).stride()
    cl = t.contiguous(memory_format=th.channels_last)
    assert cl.contiguous(memory_format=th.channels_last) is cl
    assert tt.clone(memory_format=th.contiguous_format).stride() == \
        xt.clone(memory_format=torch.contiguous_format).stride()
    assert tt.clone(memory_format=th.preserve_format).stride() == xt.clone().stride()
    assert th.empty_like(tt, memory_format=th.contiguous_format).stride() == \
        torch.empty_like(xt, memory_format=torch.contiguous_format).stride()
    assert tt.contiguous(memory_format=th.preserve_format).is_contiguous()
    b, y = pair((2, 3, 4, 5, 6))
    assert b.clone(memory_format=th.channels_last_3d).stride() == \
        y.clone(memory_format=torch.channels_last_3d).stride()
    assert repr(th.preserve_format) == "th.preserve_format"
    with pytest.raises(th.Error, match="rank 4"):
        th.zeros(2, 3).clone(memory_format=th.channels_last)
    with pytest.raises(TypeError, match="memory_format"):
        th.zeros(2, 3).clone(memory_format=1)


# ------------------------------------------------------------ print options
PRINT_CASES = [
    lambda m: m.tensor([1.23456789, 2.5]), lambda m: m.tensor([1e-5, 1.0]),
    lambda m: m.arange(2000.0), lambda m: m.arange(30.0).view(5, 6) / 7,
    lambda m: m.tensor([1.5 + 2j]), lambda m: m.arange(12).view(3, 4) * 1000,
    lambda m: m.tensor(3.14159), lambda m: m.tensor([100.0, 1.0]),
]
OPTIONS = [dict(precision=2), dict(precision=8), dict(threshold=5), dict(edgeitems=1, threshold=10),
           dict(linewidth=20), dict(profile="short"), dict(profile="full", linewidth=200),
           dict(sci_mode=True), dict(sci_mode=False), dict(edgeitems=0, threshold=5)]


@pytest.mark.parametrize("options", OPTIONS, ids=[str(o) for o in OPTIONS])
def test_set_printoptions_matches_torch(options):
    th.set_printoptions(**options)
    torch.set_printoptions(**options)
    try:
        assert th.get_printoptions() == torch._tensor_str.get_printoptions()
        for make in PRINT_CASES:
            assert repr(make(th)) == repr(make(torch)).replace("torch.", "th."), options
    finally:
        th.set_printoptions(profile="default")
        torch.set_printoptions(profile="default")
    assert repr(th.tensor([1.23456])) == "tensor([1.2346])"
