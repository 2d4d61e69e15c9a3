"""One rule for every argument, as operator.index and torch have it.

Sizes, dims, indices, offsets, lengths and steps are whatever operator.index
accepts (numpy integers, 0-dim integer tensors, alone or in a tuple or list);
floats, NaN and an __index__ returning a non-int are TypeError. Values are
numbers, 0-dim tensors of any dtype and numpy scalars; arrays (the buffer
protocol, __array__) are data."""
import operator

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import th
from helpers import to_numpy


class BadIndex:
    """__index__ returning a float: operator.index refuses it."""

    def __index__(self):
        return 1.5


class OnlyIndex:
    """An integer type with __index__ alone (no __int__)."""

    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


# Integer forms that must act exactly as the int they stand for.
INTEGER_FORMS = [
    pytest.param(lambda v: v, id="int"),
    pytest.param(np.int64, id="np.int64"),
    pytest.param(np.int32, id="np.int32"),
    pytest.param(np.uint8, id="np.uint8"),
    pytest.param(lambda v: th.tensor(v), id="0-dim int64 tensor"),
    pytest.param(lambda v: th.tensor(v, dtype=th.int16), id="0-dim int16 tensor"),
    pytest.param(OnlyIndex, id="__index__ only"),
]

# Not integers: each must be a TypeError naming the argument.
NOT_INTEGERS = [
    pytest.param(1.0, id="float"),
    pytest.param(1.9, id="float 1.9"),
    pytest.param(float("nan"), id="nan"),
    pytest.param(np.float64(1.0), id="np.float64"),
    pytest.param(BadIndex(), id="__index__ returns float"),
    pytest.param("1", id="str"),
    pytest.param(b"1", id="bytes"),
]


def geometry(t):
    return t.shape, t.stride(), t.storage_offset()


# (name, call taking the integer in one argument position, the argument's name)
INTEGER_ARGUMENTS = [
    ("narrow dim", lambda t, v: t.narrow(v, 1, 1), "narrow\\(\\): dim"),
    ("narrow start", lambda t, v: t.narrow(0, v, 1), "narrow\\(\\): start"),
    ("narrow length", lambda t, v: t.narrow(0, 0, v), "narrow\\(\\): length"),
    ("select dim", lambda t, v: t.select(v, 0), "select\\(\\): dim"),
    ("select index", lambda t, v: t.select(0, v), "select\\(\\): index"),
    ("transpose dim0", lambda t, v: t.transpose(v, 0), "transpose\\(\\): dim0"),
    ("transpose dim1", lambda t, v: t.transpose(0, v), "transpose\\(\\): dim1"),
    ("size", lambda t, v: t.size(v), "size\\(\\): dim"),
    ("stride", lambda t, v: t.stride(v), "stride\\(\\): dim"),
    ("unfold dimension", lambda t, v: t.unfold(v, 1, 1), "unfold\\(\\): dimension"),
    ("unfold size", lambda t, v: t.unfold(0, v, 1), "unfold\\(\\): size"),
    ("unfold step", lambda t, v: t.unfold(0, 1, v), "unfold\\(\\): step"),
    ("unsqueeze", lambda t, v: t.unsqueeze(v), "unsqueeze\\(\\): dim"),
    ("squeeze", lambda t, v: t.squeeze(v), "squeeze\\(\\): dim"),
    ("squeeze tuple", lambda t, v: t.squeeze((v,)), "squeeze\\(\\): dim"),
    ("flatten start_dim", lambda t, v: t.flatten(v), "flatten\\(\\): start_dim"),
    ("flatten end_dim", lambda t, v: t.flatten(0, v), "flatten\\(\\): end_dim"),
    ("diagonal offset", lambda t, v: t.diagonal(v), "diagonal\\(\\): offset"),
    ("diagonal dim1", lambda t, v: t.diagonal(0, v, 0), "diagonal\\(\\): dim1"),
    ("diagonal dim2", lambda t, v: t.diagonal(0, 0, v), "diagonal\\(\\): dim2"),
    ("as_strided offset", lambda t, v: t.as_strided((2,), (1,), v), "storage_offset"),
    ("as_strided size", lambda t, v: t.as_strided((v,), (1,)), "size\\[0\\]"),
    ("as_strided stride", lambda t, v: t.as_strided((2,), (v,)), "stride\\[0\\]"),
    ("permute", lambda t, v: t.permute(v, 0, 2), "dims\\[0\\]"),
    ("view", lambda t, v: t.view(v, 24), "shape\\[0\\]"),
    ("view alone", lambda t, v: t[0, 0, :1].view(v), "shape"),
    ("reshape", lambda t, v: t.reshape((v, 24)), "shape\\[0\\]"),
    ("expand", lambda t, v: t.expand(v, 2, 3, 4), "sizes\\[0\\]"),
    ("index", lambda t, v: t[v, 1:], "an index"),
    ("index in a tuple", lambda t, v: t[:, v], "an index"),
    # views, joins and gather family
    ("cat dim", lambda t, v: th.cat([t, t], v), "cat\\(\\): dim"),
    ("cat dim=", lambda t, v: th.cat([t, t], dim=v), "cat\\(\\): dim"),
    ("stack dim", lambda t, v: th.stack([t, t], v), "stack\\(\\): dim"),
    ("unflatten dim", lambda t, v: t.unflatten(v, (3, 1)), "unflatten\\(\\): dim"),
    ("unflatten sizes", lambda t, v: t.unflatten(1, (v, 3)), "sizes\\[0\\]"),
    ("split size", lambda t, v: [p.shape for p in t.split(v, 1)], "split\\(\\): split_size"),
    ("split sizes", lambda t, v: [p.shape for p in t.split([v, 2], 1)],
     "split\\(\\): split_size\\[0\\]"),
    ("split dim", lambda t, v: [p.shape for p in t.split(1, v)], "split\\(\\): dim"),
    ("chunk chunks", lambda t, v: [p.shape for p in t.chunk(v, 1)], "chunk\\(\\): chunks"),
    ("chunk dim", lambda t, v: [p.shape for p in t.chunk(2, v)], "chunk\\(\\): dim"),
    ("unbind dim", lambda t, v: [p.shape for p in t.unbind(v)], "unbind\\(\\): dim"),
    ("movedim", lambda t, v: t.movedim(v, 0), "source"),
    ("swapaxes", lambda t, v: t.swapaxes(v, 0), "swapaxes\\(\\): axis0"),
    ("flip", lambda t, v: t.flip(v), "dims"),
    ("dim of index_select", lambda t, v: t.index_select(v, th.tensor([0])),
     "index_select\\(\\): dim"),
    ("gather dim", lambda t, v: t.gather(v, th.zeros(2, 1, 4, dtype=th.int64)),
     "gather\\(\\): dim"),
    ("dim of index_fill_", lambda t, v: t.clone().index_fill_(v, th.tensor([0]), 0),
     "index_fill_\\(\\): dim"),
]
ARGUMENT_IDS = [name for name, _, _ in INTEGER_ARGUMENTS]


@pytest.mark.parametrize("form", INTEGER_FORMS)
@pytest.mark.parametrize("name, call, what", INTEGER_ARGUMENTS, ids=ARGUMENT_IDS)
def test_integer_forms_act_as_the_int(name, call, what, form):
    t = th.arange(24).view(2, 3, 4)
    expected = call(t, 1)
    got = call(t, form(1))
    if isinstance(expected, th.Tensor):
        assert geometry(got) == geometry(expected)
        assert got.tolist() == expected.tolist()
    else:
        assert got == expected


@pytest.mark.parametrize("bad", NOT_INTEGERS)
@pytest.mark.parametrize("name, call, what", INTEGER_ARGUMENTS, ids=ARGUMENT_IDS)
def test_non_integers_are_refused_naming_the_argument(name, call, what, bad):
    t = th.arange(24).view(2, 3, 4)
    if name.startswith("index"):  # indexing has its own words for what it takes
        what = "an index|valid indices"
    with pytest.raises((TypeError, IndexError), match=what):
        call(t, bad)


@pytest.mark.parametrize("call", [
    lambda t: t.narrow(0, 1.7, 1), lambda t: t.select(0, 1.9), lambda t: t.transpose(.5, 1.5),
    lambda t: t.size(1.9), lambda t: t.stride(0.0), lambda t: t.resize_(2.5),
    lambda t: t.unfold(0, 1.5, 1), lambda t: t.narrow(0, th.tensor(1.0), 1),
    lambda t: t.select(0, th.tensor(1.5)),
])
def test_floats_no_longer_truncate(call):
    """Cython's typed int arguments used __int__: 1.7 became 1 without a word."""
    with pytest.raises(TypeError, match="must be an integer|ints or a tuple"):
        call(th.zeros(3, 4))


def test_float_tensor_index_says_why():
    with pytest.raises(TypeError, match="only integer tensors"):
        th.zeros(3, 4).select(0, th.tensor(1.0))
    with pytest.raises(TypeError, match="__index__ returned non-int"):
        th.zeros(3, 4).narrow(0, BadIndex(), 1)


@pytest.mark.parametrize("form", INTEGER_FORMS)
def test_factories_take_integer_forms(form):
    for make in (th.zeros, th.empty, th.ones):
        assert make(form(3)).shape == (3,)
        assert make(form(3), form(2)).shape == (3, 2)
        assert make((form(3), 2)).shape == (3, 2)
        assert make([2, form(3)]).shape == (2, 3)
    assert th.full(form(2), 7).tolist() == [7, 7]
    assert th.full((form(2), 1), 7).shape == (2, 1)
    t = th.zeros(6)
    assert t.resize_(form(2), form(3)).shape == (2, 3)
    assert t.resize_((form(6),)).shape == (6,)
    assert th.broadcast_shapes((form(3), 1), (form(4),)) == (3, 4)
    assert th.broadcast_shapes(form(3)) == (3,)
    s = th.Storage([10, 20, 30], dtype=th.int64)
    assert s[form(1)] == 20
    s[form(2)] = 5
    assert s.tolist() == [10, 20, 5]
    assert len(th.Storage(form(4))) == 4
    assert len(th.Storage(4).resize_(form(2))) == 2


@pytest.mark.parametrize("form", [np.int64, np.int32, OnlyIndex])
def test_tensor_of_an_integer_is_a_size(form):
    """th.Tensor(n) is an uninitialised 1-dim tensor of n elements, also for
    a numpy integer (torch.Tensor(np.int64(3)) too); a th.Tensor is data."""
    assert th.Tensor(form(3)).shape == th.Tensor(3).shape == (3,)
    assert th.Tensor(th.tensor(3)).shape == ()  # data, as torch.Tensor(torch.tensor(3))
    assert th.Tensor(th.tensor(3)).tolist() == 3.0


@pytest.mark.parametrize("bad", NOT_INTEGERS)
def test_factories_refuse_non_integer_sizes(bad):
    for make in (th.zeros, th.empty, th.ones, th.Tensor):
        if make is th.Tensor and not isinstance(bad, BadIndex):
            continue  # th.Tensor(data) takes other objects as data
        with pytest.raises(TypeError, match="size"):
            make(bad) if make is th.Tensor else make(2, bad)
    with pytest.raises(TypeError, match="size"):
        th.zeros((2, bad))
    with pytest.raises(TypeError, match="size"):
        th.zeros(3).resize_(bad)
    with pytest.raises(TypeError, match="broadcast_shapes"):
        th.broadcast_shapes((2, bad))
    with pytest.raises(TypeError, match="storage index"):
        th.Storage(3)[bad]
    with pytest.raises(TypeError, match="storage index"):
        th.Storage(3)[bad] = 1
    with pytest.raises(TypeError, match="resize_\\(\\): size"):
        th.Storage(3).resize_(bad)
    with pytest.raises(TypeError, match="set_num_threads"):
        th.set_num_threads(bad)


def test_set_num_threads_takes_integer_forms():
    before = th.get_num_threads()
    try:
        th.set_num_threads(np.int64(1))
        assert th.get_num_threads() == 1
        th.set_num_threads(2**40)  # clamped to the C's maximum, as any large n
        assert 1 <= th.get_num_threads() <= 8
    finally:
        th.set_num_threads(before)


def test_sizes_beyond_int64_and_dims_beyond_int():
    t = th.zeros(3, 4)
    with pytest.raises(OverflowError):
        t.narrow(0, 2**63, 1)
    with pytest.raises(OverflowError):
        th.zeros(2**64)
    with pytest.raises(IndexError, match="narrow\\(\\): dim 1099511627776 is out of range"):
        t.narrow(2**40, 0, 1)  # as torch: IndexError
    with pytest.raises(IndexError, match="out of range"):
        t.transpose(0, -2**40)


@given(st.lists(st.integers(0, 4), min_size=0, max_size=4),
       st.sampled_from([int, np.int64, np.intp, OnlyIndex]))
def test_shapes_in_any_integer_form_match_numpy(shape, form):
    got = th.zeros(tuple(form(s) for s in shape))
    expected = np.zeros(shape, dtype=np.float32)
    assert got.shape == expected.shape
    assert got.stride() == tuple(int(np.prod([max(n, 1) for n in shape[d + 1:]]))
                                 for d in range(len(shape)))  # torch's contiguous strides
    assert got.view([form(s) for s in shape]).shape == expected.shape


# ------------------------------------------------------------------ values
@pytest.mark.parametrize("scalar, value", [
    (th.tensor(1.5), 1.5), (th.tensor(2), 2), (th.tensor(True), 1),
    (th.tensor(1.5, dtype=th.float64), 1.5), (th.tensor(3, dtype=th.uint8), 3),
    (np.float64(1.5), 1.5), (np.float32(1.5), 1.5), (np.int32(2), 2), (np.bool_(True), 1),
    (np.array(1.5), 1.5), (np.array(4), 4),
])
def test_zero_dim_tensors_and_numpy_scalars_are_values(scalar, value):
    t = th.zeros(3, dtype=th.float64)
    assert t.fill_(scalar).tolist() == [value] * 3
    assert th.full((2,), scalar, dtype=th.float64).tolist() == [value] * 2
    assert th.tensor([scalar, scalar], dtype=th.float64).tolist() == [value] * 2
    t[1] = scalar
    assert t.tolist() == [value] * 3
    s = th.Storage(2, dtype=th.float64)
    s[0] = scalar
    assert s.fill_(scalar).tolist() == [value] * 2


def test_values_infer_dtypes_as_their_numbers():
    """th.tensor([...]) of 0-dim tensors and numpy scalars: torch's defaults
    for the numbers they hold (bool, int64, float32)."""
    assert th.tensor([th.tensor(1.5)]).dtype == th.float32
    assert th.tensor([th.tensor(1.5)]).tolist() == [1.5]
    assert th.tensor([th.tensor(1), th.tensor(2)]).dtype == th.int64
    assert th.tensor([np.bool_(True), np.bool_(False)]).dtype == th.bool
    assert th.tensor([[np.float32(0.5)], [np.int64(2)]]).tolist() == [[0.5], [2.0]]
    assert th.full((2,), th.tensor(1.5)).dtype == th.float32
    assert th.full((2,), th.tensor(7)).dtype == th.int64
    assert th.full((2,), np.bool_(True)).dtype == th.bool


@pytest.mark.parametrize("array", [
    np.arange(6.0).reshape(2, 3), np.arange(6, dtype=np.int32)[::2],
    np.arange(12, dtype=np.int16).reshape(3, 4).T, np.array([True, False]),
    np.float64(2.5), np.array(7, dtype=np.uint8), np.arange(4.0, dtype=">f8"),
])
def test_arrays_are_data(array):
    expected = np.asarray(array)
    t = th.tensor(array)
    assert t.shape == expected.shape and to_numpy(t).dtype == expected.dtype.newbyteorder("=")
    assert t.tolist() == expected.tolist()
    assert th.tensor(array, dtype=th.float64).tolist() == expected.astype(np.float64).tolist()
    if expected.ndim == 0 and expected.dtype.kind in "iu":  # an integer: a size, as torch
        assert th.Tensor(array).shape == (int(array),)
    else:
        assert th.Tensor(array).dtype == th.float32  # torch.Tensor(data): float32
        assert th.Tensor(array).tolist() == expected.astype(np.float32).tolist()
    if expected.ndim:
        u = th.zeros(expected.shape, dtype=th.float64)
        u[:] = array
        assert u.tolist() == expected.astype(np.float64).tolist()
        copied = th.zeros(expected.shape).copy_(array)
        assert copied.tolist() == expected.astype(np.float32).tolist()


def test_tensor_of_an_array_copies():
    a = np.arange(4.0)
    t = th.tensor(a)
    a[0] = 9
    assert t.tolist() == [0.0, 1.0, 2.0, 3.0]


def test_array_likes_and_buffers_are_data():
    class ArrayLike:
        def __array__(self, dtype=None, copy=None):
            return np.arange(3, dtype=np.int16)

    assert th.tensor(ArrayLike()).tolist() == [0, 1, 2]
    assert th.tensor(ArrayLike()).dtype == th.int16
    assert th.tensor(memoryview(bytearray(b"\x01\x02"))).tolist() == [1, 2]
    t = th.zeros(2, 3)
    t[1] = np.array([1, 2, 3])
    t.copy_(np.array([[4.0], [5.0]]))  # broadcast
    assert t.tolist() == [[4.0] * 3, [5.0] * 3]


@pytest.mark.parametrize("dtype", [">f4", ">i2", ">i8", "<f8", ">f2", ">u1"])
def test_asarray_copies_byte_swapped_data(dtype):
    a = np.arange(-3, 5).astype(dtype).reshape(2, 4)[:, ::2]
    t = th.asarray(a)
    assert t.tolist() == a.tolist()
    if a.dtype.byteorder not in "=|" and a.dtype.newbyteorder("=") != a.dtype:
        assert t.data_ptr() != a.ctypes.data  # a copy
    if not a.dtype.isnative:
        with pytest.raises(ValueError, match="byte-swapped.*cannot be viewed"):
            th.asarray(a, copy=False)
    assert th.tensor(a).tolist() == a.tolist()


def test_from_numpy_refuses_byte_swapped_data_naming_the_copy():
    with pytest.raises(ValueError, match="byte-swapped.*asarray"):
        th.from_numpy(np.zeros(3, ">f4"))


# ------------------------------------------------------------------ arange
def test_arange_refuses_infinite_ranges_and_overflowing_counts():
    with pytest.raises(ValueError, match="finite"):
        th.arange(0, float("inf"))
    with pytest.raises(ValueError, match="finite"):
        th.arange(float("-inf"), 0, 1)
    with pytest.raises(ValueError, match="finite"):
        th.arange(0, 1, float("nan"))
    with pytest.raises(ValueError, match="overflow int64"):
        th.arange(0, 2**62, 1e-10)
    with pytest.raises(ValueError, match="overflow int64"):
        th.arange(-2**63, 2**63 - 1)
    with pytest.raises(OverflowError, match="int64"):
        th.arange(2**63, 2**63 + 2)
    with pytest.raises(OverflowError, match="int64"):
        th.arange(2**63 - 2, 2**64, 2**62)
    with pytest.raises(ValueError, match="nonzero"):
        th.arange(0, 3, 0)


def test_arange_refuses_non_numbers():
    for bad in ("5", None, [3], b"1"):
        with pytest.raises(TypeError, match="arange: end must be a number"):
            th.arange(bad)
    with pytest.raises(TypeError, match="arange: step must be a number"):
        th.arange(0, 3, "1")
    with pytest.raises(TypeError, match="arange: start must be a number"):
        th.arange(object(), 3)


@pytest.mark.parametrize("args", [
    (3,), (np.int64(3),), (th.tensor(3),), (1, 7, 2), (np.int32(1), th.tensor(7), 2),
    (0.5, 3), (np.float32(0.5), 3), (th.tensor(0.5), 3), (5, 0, -2), (0, 1, 0.25),
    (2**62, 2**62 + 3), (True,), (2, 5, 2**70),
])
def test_arange_numbers_match_numpy_and_torch_defaults(args):
    plain = [a.item() if hasattr(a, "item") else a for a in args]
    expected = np.arange(*plain)
    t = th.arange(*args)
    assert t.tolist() == pytest.approx(expected.tolist())
    floats = any(isinstance(a, float) for a in plain)
    assert t.dtype == (th.float32 if floats else th.int64)


# ------------------------------------------------------------------ the rest
def test_iterating_a_zero_dim_tensor_is_a_type_error():
    with pytest.raises(TypeError, match="iteration over a 0-dim tensor"):
        iter(th.tensor(3))
    with pytest.raises(TypeError, match="0-dim"):
        list(th.tensor(3.5))
    rows = list(th.arange(6).view(3, 2))
    assert [r.tolist() for r in rows] == [[0, 1], [2, 3], [4, 5]]
    assert list(th.zeros(0)) == []


def test_iteration_follows_the_current_length():
    t = th.arange(4)
    seen = []
    for row in t:
        seen.append(row.item())
        if len(seen) == 2:
            t.resize_(3)
    assert seen == [0, 1, 2]


def test_set_offset_past_the_end_says_so():
    s = th.Storage(3)
    t = th.zeros(0)
    with pytest.raises(ValueError, match="storage_offset 5 is past the end of the storage "
                                         "\\(3 elements\\)"):
        t.set_(s, 5)
    with pytest.raises(TypeError, match="set_\\(\\): storage_offset must be an integer, not "
                                        "NoneType"):
        t.set_(s, None)
    with pytest.raises(TypeError, match="storage_offset must be an integer, not float"):
        t.set_(s, 1.0)
    with pytest.raises(ValueError, match="non-negative"):
        t.set_(s, -1)
    assert t.set_(s, 3).shape == (0,)  # the end itself: an empty view
    assert geometry(t.set_(s, np.int64(1))) == ((2,), (1,), 1)
    assert geometry(t.set_(s, th.tensor(2), (1,))) == ((1,), (1,), 2)


def test_storage_of_a_non_number_names_what_it_takes():
    with pytest.raises(TypeError, match="Storage"):
        th.Storage(2.5)


def test_operator_index_is_the_rule():
    """What operator.index accepts is an integer argument; nothing else is."""
    t = th.zeros(5)
    for v in (True, np.int8(2), th.tensor(2, dtype=th.int8), OnlyIndex(2)):
        assert t.narrow(0, v, 1).storage_offset() == operator.index(v)
    for v in (2.0, np.float16(2), th.tensor(2.0), BadIndex(), 2 + 0j):
        with pytest.raises(TypeError):
            operator.index(v)
        with pytest.raises(TypeError, match="narrow\\(\\): start must be an integer"):
            t.narrow(0, v, 1)


def test_debug_and_file_arguments_follow_the_rule(tmp_path):
    with pytest.raises(TypeError, match="live_objects\\(\\): since must be an integer"):
        th.debug.live_objects(since=1.5)
    with pytest.raises(ValueError, match="since must be a serial"):
        th.debug.live_objects(since=-1)
    assert th.debug.live_objects(since=np.uint64(2**62)) == []
    with pytest.raises(TypeError, match="fail_allocation\\(\\): n must be an integer"):
        with th.debug.fail_allocations(1.5):
            pass
    path = tmp_path / "data.bin"
    path.write_bytes(bytes(16))
    with pytest.raises(TypeError, match="from_file\\(\\): size must be an integer"):
        th.Storage.from_file(str(path), size=2.0)
    assert len(th.Storage.from_file(str(path), size=np.int64(2))) == 2
