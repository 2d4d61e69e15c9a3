"""Tensors and storages as Python objects: identity of the storage a user
built, weak references, pickle (protocol 5 buffers out of band) and repr
(torch's, compared with torch itself when it is installed)."""
import copy
import gc
import math
import pickle
import re
import sys
import tracemalloc
import weakref

import numpy as np
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

import th
from helpers import ALL_DTYPES, NUMPY_DTYPES


# ------------------------------------------------------ storage identity
def test_tensor_over_a_storage_gives_that_storage_back():
    s = th.Storage([1, 2, 3], dtype=th.int32)
    assert th.Tensor(s).storage() is s
    t = th.empty(0, dtype=th.int32).set_(s, 1, (2,))
    assert t.storage() is s and t.tolist() == [2, 3]
    assert t[1:].storage() is s  # views of it too
    refs = s.refcount
    assert t.storage() is s and s.refcount == refs  # no second object, no extra reference


def test_storage_object_is_dropped_with_its_last_reference():
    s = th.Storage(4)
    t = th.Tensor(s)
    dead = weakref.ref(s)
    del s
    assert dead() is None  # the registry holds the object weakly
    again = t.storage()  # a fresh object over the same C storage
    assert again is t.storage() and len(again) == 4 and again.refcount == 2


def test_pickle_keeps_storage_and_tensor_one_object():
    s = th.Storage([1.0, 2.0, 3.0, 4.0])
    t = th.Tensor(s)[1:3]
    for protocol in (2, 4, 5):
        s2, t2 = pickle.loads(pickle.dumps((s, t), protocol=protocol))
        assert t2.storage() is s2 and s2 is not s
        assert t2.tolist() == [2.0, 3.0] and t2.storage_offset() == 1
        s2[1] = 9.0  # one memory: the tensor sees the storage's writes
        assert t2[0].item() == 9.0 and s[1] == 2.0
    t3, s3 = pickle.loads(pickle.dumps((t, s)))  # the tensor first
    assert t3.storage() is s3


def test_deepcopy_keeps_storage_and_tensor_one_object():
    s = th.Storage([1, 2, 3], dtype=th.int16)
    t = th.empty(0, dtype=th.int16).set_(s, 0, (3,))
    s2, t2 = copy.deepcopy((s, t))
    assert t2.storage() is s2 and s2.data_ptr() != s.data_ptr()
    assert s2.tolist() == [1, 2, 3] and t2.dtype == th.int16


# ------------------------------------------------------ weak references
def test_weak_references_to_tensors_and_storages():
    t = th.arange(6).view(2, 3)
    s = t.storage()
    called = []
    ref_t = weakref.ref(t, called.append)
    ref_view = weakref.ref(t[0])  # a view, dead at once
    ref_s = weakref.ref(s)
    assert ref_t() is t and ref_s() is s and ref_view() is None
    del t
    assert ref_t() is None and called == [ref_t]
    del s
    gc.collect()
    assert ref_s() is None


def test_weakref_containers_and_recycled_objects():
    x = th.zeros(4)
    views = weakref.WeakSet(x[i] for i in range(4))
    assert len(views) == 0  # each view died at once (and its object was recycled)
    kept = [x[i] for i in range(4)]
    views = weakref.WeakSet(kept)
    assert len(views) == 4
    # a recycled object starts with no weak references
    assert all(weakref.getweakrefcount(x[i % 4]) == 0 for i in range(100))
    del kept
    assert len(views) == 0


def test_weakref_slot_keeps_the_fast_view_objects():
    # th._tensor's freelist serves views only while Tensor's layout is the one
    # it knows (cdata, then the weakref list): 50 views then need no new blocks
    x = th.zeros(4)
    kept = [None] * 50
    warm = [x.t() for _ in range(50)]  # the freelist holds 50 whatever ran before
    del warm
    blocks = sys.getallocatedblocks()
    for i in range(50):
        kept[i] = x.t()
    assert sys.getallocatedblocks() - blocks < 10
    assert weakref.ref(kept[0])() is kept[0]


def test_weakref_to_a_subclass():
    class Sub(th.Tensor):
        pass

    sub = Sub(2)
    ref = weakref.ref(sub)
    assert ref() is sub
    del sub
    gc.collect()
    assert ref() is None


# ------------------------------------------------------ pickle protocol 5
def _address(buffer):
    return np.frombuffer(buffer, dtype=np.uint8).ctypes.data


def test_protocol_5_hands_the_storage_memory_out_of_band():
    base = th.arange(12, dtype=th.float64).view(3, 4)
    a, b = base[1], base[:, 2:]
    buffers = []
    data = pickle.dumps((base, a, b), protocol=5, buffer_callback=buffers.append)
    assert len(data) < 600  # the bytes are not in the stream
    # each tensor's span of the storage, where it lies: no copy
    assert [(_address(m) - base.data_ptr(), memoryview(m).nbytes) for m in buffers] == [
        (0, 12 * 8), (4 * 8, 4 * 8), (2 * 8, 10 * 8)]
    base2, a2, b2 = pickle.loads(data, buffers=buffers)
    assert a2.tolist() == a.tolist() and b2.tolist() == b.tolist()
    assert b2.stride() == b.stride() and b2.storage_offset() == b.storage_offset()
    assert a2.storage() is b2.storage() is base2.storage()
    assert a2.storage().data_ptr() == base.data_ptr()  # not copied on load
    with pytest.raises(RuntimeError):  # a foreign buffer cannot grow
        a2.storage().resize_(20)
    del base, a, b, buffers  # the loaded storage keeps the original's memory
    gc.collect()
    b2[1, 0] = -1.0
    assert a2.tolist() == [4.0, 5.0, -1.0, 7.0] and base2[1, 2].item() == -1.0


def test_protocol_5_loaded_storage_owns_its_buffer():
    owner = np.arange(6, dtype=np.int32)
    before = sys.getrefcount(owner)
    s = pickle.loads(pickle.dumps(th.Storage(6, dtype=th.int32), protocol=5,
                                  buffer_callback=lambda b: False), buffers=[owner])
    assert s.data_ptr() == owner.ctypes.data and s.tolist() == list(range(6))
    assert sys.getrefcount(owner) > before  # held through the storage's allocator
    s[0] = 7
    assert owner[0] == 7
    del s
    assert sys.getrefcount(owner) == before  # released with the storage


def test_protocol_5_in_band_and_older_protocols():
    t = th.tensor([[1.5, -2.0], [3.0, 4.0]], dtype=th.float16)
    for protocol in range(2, 6):
        back = pickle.loads(pickle.dumps(t, protocol=protocol))
        assert back.tolist() == t.tolist() and back.dtype == th.float16
        assert back.data_ptr() != t.data_ptr()
    assert b"PickleBuffer" not in pickle.dumps(t, protocol=4)
    s = th.Storage(0, dtype=th.bool)
    buffers = []
    empty = pickle.loads(pickle.dumps(s, protocol=5, buffer_callback=buffers.append),
                         buffers=buffers)
    assert len(empty) == 0 and empty.dtype == th.bool


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_protocol_5_every_dtype(dtype):
    t = th.ones(5, dtype=dtype)
    buffers = []
    back = pickle.loads(pickle.dumps(t, protocol=5, buffer_callback=buffers.append),
                        buffers=buffers)
    assert back.dtype == dtype and back.tolist() == t.tolist()
    assert back.data_ptr() == t.data_ptr()


def test_storage_from_buffer_copies_what_it_cannot_share():
    from th._interop import storage_from_buffer

    raw = np.arange(4, dtype=np.int32).tobytes()
    readonly = storage_from_buffer(raw, th.int32, 4)  # bytes (in-band pickles'): copied
    assert readonly.tolist() == [0, 1, 2, 3] and not readonly.is_readonly()
    misaligned = bytearray(17)
    misaligned[1:] = raw
    shifted = storage_from_buffer(memoryview(misaligned)[1:], th.int32, 4)
    assert shifted.tolist() == [0, 1, 2, 3]
    assert shifted.data_ptr() % 4 == 0  # a copy, aligned
    strided = np.arange(8, dtype=np.int32)[::2]
    assert storage_from_buffer(strided, th.int32, 4).tolist() == [0, 2, 4, 6]
    aligned = bytearray(raw)
    shared = storage_from_buffer(aligned, th.int32, 4)
    aligned[0] = 9
    assert shared[0] == 9  # writable and aligned: shared
    with pytest.raises(BufferError):  # the storage holds it: it cannot be resized
        aligned.extend(b"x")
    del shared
    with pytest.raises(ValueError, match="has 16 bytes; 5 elements of th.int32 need 20"):
        storage_from_buffer(raw, th.int32, 5)
    with pytest.raises(ValueError, match="has 16 bytes; 3 elements"):
        storage_from_buffer(bytearray(raw), th.int32, 3)
    with pytest.raises(TypeError, match="bytes-like object is required"):
        storage_from_buffer(12, th.int32, 3)
    for size in (-1, 2**62):
        with pytest.raises(ValueError, match=f"invalid size {size}"):
            storage_from_buffer(raw, th.int64, size)


def test_protocol_5_released_buffer():
    buffers = []
    data = pickle.dumps(th.ones(3), protocol=5, buffer_callback=buffers.append)
    buffers[0].release()
    with pytest.raises(ValueError, match="released PickleBuffer"):
        pickle.loads(data, buffers=buffers)


# ------------------------------------------------------ repr, against torch
def _torch():
    return pytest.importorskip("torch")


def _same_as_torch(t_th, t_torch):
    expected = repr(t_torch).replace("torch.", "th.")
    # "dtype=th.x" is 3 characters shorter than "dtype=torch.x": where torch
    # moves it to a line of its own, th may not (test_repr_suffix_wrapping)
    def unwrap(text):
        return re.sub(r",\n *dtype=", ", dtype=", text)
    assert unwrap(repr(t_th)) == unwrap(expected)


def _pair(array):
    torch = _torch()
    return th.from_numpy(array.copy()), torch.from_numpy(array.copy())


FLOAT_CASES = [
    [0.1, 1 / 3], [1.0, 2.0], [1.0, -2.0, 30.0], [0.0, 0.0], [-0.0], [1e-5, 1.0],
    [1e9, 1.0], [1e8, 1.0], [1e8 + 1.0], [1000.0, 1.0], [1001.0, 1.0], [1e-4, 0.5],
    [math.inf, -math.inf, math.nan], [1.0, math.inf], [0.5, math.nan, -math.inf],
    [123456.789], [1e-10], [-1e-10, 5.0], [65504.0, -65504.0], [2.5e-3, 1.5],
    [1e20, 1e-20], [3.0], [0.0, 1e-30], list(np.linspace(-3, 3, 40)),
]


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("values", FLOAT_CASES, ids=range(len(FLOAT_CASES)))
def test_repr_floats_as_torch(dtype, values):
    with np.errstate(over="ignore"):
        array = np.array(values, dtype=dtype)
    _same_as_torch(*_pair(array))
    _same_as_torch(*_pair(array[:1].reshape(())))  # 0-dim
    _same_as_torch(*_pair(array.reshape(1, -1)))


INT_CASES = [[0], [1, 2, 3], [-5, 100, 7], [127, -128], list(range(60)),
             [2**62, -2**63], [255, 0]]


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.int32, np.int64])
@pytest.mark.parametrize("values", INT_CASES, ids=range(len(INT_CASES)))
def test_repr_ints_as_torch(dtype, values):
    array = np.array(values).astype(dtype)
    _same_as_torch(*_pair(array))
    _same_as_torch(*_pair(array[-1:].reshape(())))


def test_repr_bools_as_torch():
    _same_as_torch(*_pair(np.array([True, False, True])))
    _same_as_torch(*_pair(np.array(False)))
    _same_as_torch(*_pair(np.arange(12).reshape(3, 4) % 3 == 0))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("shape", [(0,), (2, 0, 3), (0, 4), (3, 0)])
def test_repr_empty_as_torch(dtype, shape):
    _same_as_torch(*_pair(np.zeros(shape, dtype=NUMPY_DTYPES[dtype])))


@pytest.mark.parametrize("shape", [(2000,), (40, 50), (1001,), (10, 10, 11), (3, 400),
                                   (400, 3), (2, 3, 4, 50), (1, 1, 1001)])
@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.float64, np.int8, np.bool_])
def test_repr_summarised_as_torch(shape, dtype):
    rng = np.random.default_rng(sum(shape))
    array = (rng.standard_normal(shape) * 50).astype(dtype)
    _same_as_torch(*_pair(array))


@pytest.mark.parametrize("shape", [(100,), (7, 30), (2, 3, 4), (2, 1, 2, 1, 3), (1,), (25, 3)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, np.int32, np.uint8])
def test_repr_shapes_and_line_wrapping_as_torch(shape, dtype):
    rng = np.random.default_rng(len(shape))
    array = (rng.standard_normal(shape) * 20).astype(dtype)
    _same_as_torch(*_pair(array))
    _same_as_torch(*_pair(array.T))  # strided


@given(hnp.arrays(st.sampled_from([np.float16, np.float32, np.float64]),
                  hnp.array_shapes(min_dims=0, max_dims=3, max_side=12)))
def test_repr_any_floats_as_torch(array):
    _same_as_torch(*_pair(array))


@given(hnp.arrays(st.sampled_from([np.uint8, np.int16, np.int32, np.int64, np.bool_]),
                  hnp.array_shapes(min_dims=0, max_dims=3, max_side=12)))
def test_repr_any_ints_as_torch(array):
    _same_as_torch(*_pair(array))


@pytest.mark.parametrize("dtype_name", ["bfloat16", "uint16", "uint32", "uint64",
                                        "complex64", "complex128"])
def test_element_formatters_of_other_torch_dtypes(dtype_name):
    """The dtypes th is getting: their table entries print torch's elements."""
    torch = _torch()
    from th._format import format_elements

    values = [[0.5, -1.25, 3e4], [1e-3, 2.0, -7.5], [100.0, 0.0, 2.5]]
    dtype = getattr(torch, dtype_name)
    if dtype.is_complex:
        values = [[complex(v, -2 * v + 0.5) for v in row] for row in values]
        values[0][1] = complex(math.inf, math.nan)
    elif not dtype.is_floating_point:
        values = [[abs(int(v)) for v in row] for row in values]
    for t in (torch.tensor(values, dtype=dtype), torch.tensor(values, dtype=dtype)[1, 2]):
        body = repr(t)[len("tensor("):].split(", dtype=")[0].rstrip(")")
        assert format_elements(t.tolist(), t.dim(), dtype_name, len("tensor(")) == body


def test_repr_literals():
    # torch's layout, and what the torch comparisons cannot see without torch
    assert repr(th.tensor([0.1, 1 / 3])) == "tensor([0.1000, 0.3333])"
    assert repr(th.tensor([[1.0, 2.5], [3.0, 4.0]])) == (
        "tensor([[1.0000, 2.5000],\n        [3.0000, 4.0000]])")
    assert repr(th.tensor([1.0, 2.0])) == "tensor([1., 2.])"
    assert repr(th.tensor([1e-5, 1.0])) == "tensor([1.0000e-05, 1.0000e+00])"
    assert repr(th.tensor([1.0, math.inf, math.nan])) == "tensor([1., inf, nan])"
    assert repr(th.tensor(2.5, dtype=th.float64)) == "tensor(2.5000, dtype=th.float64)"
    assert repr(th.tensor([True, False])) == "tensor([ True, False])"
    assert repr(th.tensor([-1, 20], dtype=th.int8)) == "tensor([-1, 20], dtype=th.int8)"
    assert repr(th.empty(2, 0, 3)) == "tensor([], size=(2, 0, 3))"
    assert repr(th.empty(0, dtype=th.int64)) == "tensor([], dtype=th.int64)"
    assert repr(th.empty(0)) == "tensor([])"
    assert repr(th.arange(2000)).startswith("tensor([   0,    1,    2,  ..., 1997, 1998, 1999])")


def test_repr_suffix_wrapping():
    # a dtype= that does not fit the last line goes to a line of its own
    t = th.tensor([1000 * i for i in range(18)], dtype=th.int16)
    assert repr(t) == (
        "tensor([    0,  1000,  2000,  3000,  4000,  5000,  6000,  7000,  8000,  9000,\n"
        "        10000, 11000, 12000, 13000, 14000, 15000, 16000, 17000],\n"
        "       dtype=th.int16)")
    short = th.arange(3, dtype=th.int16)
    assert repr(short) == "tensor([0, 1, 2], dtype=th.int16)"


# ------------------------------------------------------ storage repr
def test_storage_repr_formats_elements_as_a_tensor_does():
    assert repr(th.Storage([0.1, 0.5])) == "th.Storage([0.1000, 0.5000], dtype=th.float32, size=2)"
    assert repr(th.Storage(0, dtype=th.bool)) == "th.Storage([], dtype=th.bool, size=0)"
    assert repr(th.Storage([True, False], dtype=th.bool)) == (
        "th.Storage([ True, False], dtype=th.bool, size=2)")
    assert repr(th.arange(2000).storage()) == (  # suffixes wrap as a tensor's
        "th.Storage([   0,    1,    2,  ..., 1997, 1998, 1999], dtype=th.int64,\n"
        "           size=2000)")


def test_storage_repr_reads_only_what_it_shows():
    big = th.zeros(10_000_000).storage()
    big[9_999_999] = 1.5
    tracemalloc.start()
    try:
        text = repr(big)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert text == ("th.Storage([0.0000, 0.0000, 0.0000,  ..., 0.0000, 0.0000, 1.5000],\n"
                    "           dtype=th.float32, size=10000000)")
    assert peak < 100_000  # bytes of Python objects: a few dozen, not ten million floats
