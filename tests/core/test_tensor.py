"""th.Tensor and the THTensor C API: construction, refcounts, storage
sharing, geometry setters, 0-dim and empty tensors, typed access, copy."""
import ctypes

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import th
from th import _testcapi as capi

from helpers import ALL_DTYPES, NUMPY_DTYPES, storage_view, to_numpy

shapes = st.lists(st.integers(0, 5), min_size=0, max_size=5).map(tuple)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@given(shape=shapes)
def test_empty_matches_numpy_geometry(dtype, shape):
    t = th.empty(shape, dtype=dtype)
    a = np.empty(shape, dtype=NUMPY_DTYPES[dtype])
    assert t.shape == a.shape and t.dim() == a.ndim == t.ndim
    assert t.numel() == a.size
    assert t.dtype is dtype and t.element_size() == a.itemsize
    if a.size:  # numpy's strides for empty arrays differ from torch's
        assert t.stride() == tuple(s // a.itemsize for s in a.strides)
    assert t.storage_offset() == 0 and t.is_contiguous()
    assert len(t.storage()) == a.size
    assert t.refcount == 1 and t.storage().refcount == 2


def test_zero_dim_and_empty_are_distinct():
    scalar = th.tensor(3.5)
    assert scalar.shape == () and scalar.dim() == 0 and scalar.numel() == 1
    assert scalar.item() == 3.5 and scalar.tolist() == 3.5
    assert len(scalar.storage()) == 1
    empty = th.empty(0)
    assert empty.shape == (0,) and empty.dim() == 1 and empty.numel() == 0
    assert empty.tolist() == [] and len(empty.storage()) == 0
    with pytest.raises(TypeError, match="0-dim"):
        len(scalar)
    with pytest.raises(ValueError, match="one element"):
        empty.item()
    assert th.empty(2, 0, 3).shape == (2, 0, 3)
    assert th.empty(2, 0, 3).stride() == (3, 3, 1)  # torch's strides for empty dims


def test_new_tensor_has_shape_zero_and_its_own_storage():
    t = capi.new_tensor(th.int16)
    assert t.shape == (0,) and t.dtype is th.int16 and t.storage().refcount == 2


def test_retain_free_and_live_counts():
    base = th.debug.live()
    t = th.empty(2, 3, dtype=th.float64)
    assert th.debug.live() == (base.storages + 1, base.tensors + 1, base.bytes + 48)
    capi.tensor_retain(t)
    assert t.refcount == 2
    capi.tensor_free(t)
    assert t.refcount == 1
    del t
    assert th.debug.live() == base


def test_tensors_share_a_storage():
    s = th.Storage([1.0, 2.0, 3.0, 4.0])
    a = capi.new_with_storage_nd(s, 1, [2], [2])  # elements 1 and 3
    b = capi.new_with_storage(s)
    assert s.refcount == 3
    assert a.tolist() == [2.0, 4.0] and b.tolist() == [1.0, 2.0, 3.0, 4.0]
    assert capi.same_storage(a, b)
    assert a.storage().data_ptr() == b.storage().data_ptr() == s.data_ptr()
    s[3] = 9.0
    assert a.tolist() == [2.0, 9.0]
    del a
    assert s.refcount == 2
    del b
    assert s.refcount == 1


def test_storage_outlives_its_tensor_and_vice_versa():
    t = th.tensor([1, 2, 3])
    s = t.storage()
    del t
    assert s.refcount == 1 and s.tolist() == [1, 2, 3]
    t = th.Tensor(s)
    del s
    assert t.storage().refcount == 2 and t.tolist() == [1, 2, 3]


def test_new_with_storage_nd_checks_bounds():
    s = th.Storage(6)
    t = capi.new_with_storage_nd(s, 0, [2, 3])
    assert t.stride() == (3, 1) and s.refcount == 2
    with pytest.raises(ValueError, match="needs 7 elements .* the storage has 6"):
        capi.new_with_storage_nd(s, 1, [2, 3])
    with pytest.raises(ValueError, match="needs 11 elements"):
        capi.new_with_storage_nd(s, 0, [2, 3], [6, 2])
    with pytest.raises(ValueError, match="stride\\[1\\] must be non-negative, got -1"):
        capi.new_with_storage_nd(s, 3, [2, 2], [1, -1])
    with pytest.raises(ValueError, match="offset must be non-negative"):
        capi.new_with_storage_nd(s, -1, [1])
    assert capi.new_with_storage_nd(s, 6, [0]).numel() == 0  # empty at the end: fine
    with pytest.raises(ValueError, match="needs 7"):
        capi.new_with_storage_nd(s, 7, [0])
    with pytest.raises(ValueError, match="beyond int64"):
        capi.new_with_storage_nd(s, 0, [2, 2], [2**62, 2**62])
    assert s.refcount == 2  # failures took no reference


def test_move_steals_the_storage_reference_on_success_and_failure():
    s = th.Storage(4)
    t = capi.new_with_storage_nd_move(s, 0, [4])
    assert s.refcount == 2  # the reference given was taken, none added
    with pytest.raises(ValueError, match="needs 5"):
        capi.new_with_storage_nd_move(s, 1, [4])
    assert s.refcount == 2  # the reference given was freed by the failing call
    del t
    assert s.refcount == 1


def test_new_with_size_variants():
    assert capi.new_with_size_1d_to_4d(th.int8, 3).shape == (3,)
    assert capi.new_with_size_1d_to_4d(th.int8, 3, 2).shape == (3, 2)
    assert capi.new_with_size_1d_to_4d(th.int8, 3, 2, 1).shape == (3, 2, 1)
    t = capi.new_with_size_1d_to_4d(th.int8, 3, 2, 1, 4)
    assert t.shape == (3, 2, 1, 4) and t.stride() == (8, 4, 4, 1)
    strided = capi.new_with_size_nd(th.float32, [2, 3], [1, 2])
    assert strided.stride() == (1, 2) and len(strided.storage()) == 6
    gappy = capi.new_with_size_nd(th.float32, [2, 2], [10, 1])
    assert len(gappy.storage()) == 12 and not gappy.is_contiguous()


def test_more_than_inline_dims():
    shape = (1, 2, 1, 3, 1, 2, 1)
    t = th.zeros(shape, dtype=th.int32)
    a = np.zeros(shape, dtype=np.int32)
    assert t.shape == shape and t.stride() == tuple(s // 4 for s in a.strides)
    assert t.tolist() == a.tolist()
    with pytest.raises(ValueError, match="at most 64"):
        th.empty((1,) * 65)


_libc = ctypes.CDLL(None)  # the malloc_usable_size malloc's own (ASan's, in its builds)
_libc.malloc_usable_size.restype = ctypes.c_size_t
_libc.malloc_usable_size.argtypes = [ctypes.c_void_p]
STRUCT_HEAD = 56  # the struct's fields before its inline dims


def struct_bytes(t):
    """Heap bytes of t's C struct (glibc's usable size of its block)."""
    return _libc.malloc_usable_size(capi.tensor_address(t))


@pytest.mark.parametrize("ndim", range(5))
def test_a_tensor_struct_has_room_for_its_own_dims_only(ndim):
    """A struct is allocated with room for the dims it is made with (a
    1-dim tensor's is 80 bytes of heap, not 128); an empty tensor made to
    be resized (THTensor_new) has room for 4."""
    shape = (2, 3, 1, 4)[:ndim]
    room = STRUCT_HEAD + 16 * max(ndim, 1)  # (a 0-dim tensor has room for one)
    x = th.empty(shape)
    for make in [lambda: th.empty(shape), lambda: x[...], lambda: x.view(shape),
                 lambda: th.as_strided(x, shape, x.stride())]:
        # (malloc may hand out a block up to 31 bytes larger than asked, when
        # splitting a free one would leave too little: the smallest of many)
        sizes = [struct_bytes(t) for t in [make() for _ in range(64)]]
        assert min(sizes) >= room and min(sizes) < room + 16
    assert STRUCT_HEAD + 16 * 4 <= struct_bytes(capi.new_tensor(th.float32))


@pytest.mark.parametrize("ndim", range(5))
def test_tensors_grow_past_the_room_they_were_made_with(ndim):
    """resize_ and set_ past a struct's room move its dims to a heap block,
    and back within it; shapes, strides and values are torch's."""
    torch = pytest.importorskip("torch")
    shape = (2, 3, 1, 4)[:ndim]
    n = int(np.prod(shape))
    t, r = th.arange(n).reshape(shape).clone(), torch.arange(n).reshape(shape).clone()
    before = struct_bytes(t)
    for size in [(1,) * (ndim + 1) + (n,), (n, 1, 1, 1, 1, 1), (n,), (1,) * 7, shape]:
        t.resize_(size), r.resize_(size)
        assert t.shape == r.shape and t.stride() == r.stride()
        assert t.tolist() == r.tolist()
    assert struct_bytes(t) == before  # the struct stays where it is: only its dims moved
    u, v = th.zeros(shape), torch.zeros(shape)
    for size, stride in [((1, 2, 1, 2), (4, 2, 1, 1)), ((2,), (3,)), ((1, 1, 1, 1, 1, 2), (1,) * 6)]:
        u.set_(th.arange(6.0).storage(), 1, size, stride)
        v.set_(torch.arange(6.0).untyped_storage(), 1, size, stride)
        assert u.tolist() == v.tolist() and u.stride() == v.stride()
    w = capi.new_with_size_nd(th.int64, shape)
    capi.resize_nd(w, [1, 2, 3, 1, 1])
    assert w.shape == (1, 2, 3, 1, 1) and w.stride() == (6, 3, 1, 1, 1)


VIEW_SHAPES = [(), (64,), (8, 8), (4, 4, 4), (2, 4, 2, 4), (2, 2, 2, 2, 4), (2,) * 6]


def test_structs_of_every_room_are_reused_for_their_own_room_only():
    """Freed structs are kept per thread by room: tensors and views of 0 to
    6 dims made and dropped in turn must each get a struct with room for
    its dims (a smaller one reused would be written past its end)."""
    x = th.arange(64.0)
    for _ in range(300):
        for shape in VIEW_SHAPES:
            for t in [th.empty(shape), x.view(shape) if shape else x[5]]:
                assert t.shape == shape and t.stride() == np.empty(shape, np.int8).strides
                if len(shape) <= 4:
                    assert struct_bytes(t) >= STRUCT_HEAD + 16 * max(len(shape), 1)
                del t


def test_new_with_tensor_shares_everything():
    t = th.arange(6)
    u = capi.new_with_tensor(t)
    assert u.is_set_to(t) and t.is_set_to(u)
    assert t.storage().refcount == 3  # t, u, and the temporary Storage


def test_resize_nd_grows_unshared_storage():
    t = th.tensor([1, 2, 3, 4])
    capi.resize_nd(t, [2, 2])
    assert t.shape == (2, 2) and t.tolist() == [[1, 2], [3, 4]]
    t.resize_(3, 3)
    assert t.shape == (3, 3) and len(t.storage()) == 9
    assert t.tolist()[0] == [1, 2, 3]
    t.resize_(2)
    assert t.shape == (2,) and len(t.storage()) == 9  # never shrinks the storage
    capi.resize_nd(t, [2, 2], [1, 2])
    assert t.stride() == (1, 2)
    t.resize_(1, 1, 1, 1, 1, 1)  # grows past the inline dims
    assert t.shape == (1,) * 6


def test_resize_nd_refused_on_shared_storage_leaves_tensor_unchanged():
    t = th.tensor([1, 2, 3, 4])
    s = t.storage()
    with pytest.raises(RuntimeError, match="shared"):
        t.resize_(3, 3)
    assert t.shape == (4,) and t.stride() == (1,)
    with pytest.raises(RuntimeError, match="shared"):
        t.resize_(1, 1, 1, 1, 1, 5)  # fails after growing the dims block
    assert t.shape == (4,) and t.tolist() == [1, 2, 3, 4]
    t.resize_(2, 2)  # fits: no storage growth needed
    assert t.shape == (2, 2)
    del s


def test_resize_as_and_same_size():
    a = th.empty(2, 3)
    b = th.empty(6)
    assert not capi.is_same_size_as(a, b)
    capi.resize_as(b, a)
    assert capi.is_same_size_as(a, b) and b.shape == (2, 3)


def test_set_storage_nd_and_set():
    s1 = th.Storage([1, 2, 3, 4, 5, 6], dtype=th.int64)
    t = th.empty(3, dtype=th.float32)
    old = t.storage()
    capi.set_storage_nd(t, s1, 2, [2, 2])
    assert t.dtype is th.int64 and t.tolist() == [[3, 4], [5, 6]]
    assert s1.refcount == 2 and old.refcount == 1  # released by t
    with pytest.raises(ValueError, match="needs 8"):
        capi.set_storage_nd(t, s1, 4, [2, 2])
    assert t.tolist() == [[3, 4], [5, 6]]  # unchanged
    u = th.empty(0)
    u.set_(t)
    assert u.is_set_to(t) and s1.refcount == 3
    u.set_(u)
    assert u.is_set_to(t)
    v = th.empty(0).set_(s1)
    assert v.shape == (6,) and v.tolist() == s1.tolist()
    with pytest.raises(TypeError, match="th.Tensor or th.Storage"):
        v.set_([1, 2])


def test_is_contiguous_matches_numpy():
    assert capi.new_with_size_nd(th.float32, [3, 1], [1, 7]).is_contiguous()  # size-1 dims
    assert capi.new_with_size_nd(th.float32, [0, 3], [1, 5]).is_contiguous()  # empty
    assert not capi.new_with_size_nd(th.float32, [2, 3], [1, 2]).is_contiguous()
    t = capi.new_with_size_nd(th.float32, [2, 3], [1, 2])
    assert storage_view(t).flags.c_contiguous == t.is_contiguous()


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_values_round_trip_for_every_dtype(dtype):
    values = [[0, 1, 1], [1, 0, 1]] if dtype is th.bool else [[0, 1, 2], [3, 4, 5]]
    t = th.tensor(values, dtype=dtype)
    np.testing.assert_array_equal(to_numpy(t), np.array(values, dtype=NUMPY_DTYPES[dtype]))
    z = th.zeros(2, 2, dtype=dtype)
    assert to_numpy(z).tolist() == np.zeros((2, 2), NUMPY_DTYPES[dtype]).tolist()
    o = th.ones(3, dtype=dtype)
    assert to_numpy(o).tolist() == np.ones(3, NUMPY_DTYPES[dtype]).tolist()


def test_typed_accessors_check_dtype_dims_and_indices():
    t = th.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=th.float32)
    assert capi.typed_get(t, "Float", 1, 0) == 3.0
    capi.typed_set(t, "Float", 7.5, 0, 1)
    assert t.tolist() == [[1.0, 7.5], [3.0, 4.0]]
    assert capi.typed_data_is(t, "Float")
    with pytest.raises(TypeError, match="THInt64Tensor_get2d: tensor has dtype float32, not int64"):
        capi.typed_get(t, "Long", 0, 0)
    with pytest.raises(TypeError, match="THInt64Tensor_data"):
        capi.typed_data_is(t, "Long")
    with pytest.raises(IndexError, match="THFloat32Tensor_get2d: index 2 out of range for dim 0 of size 2"):
        capi.typed_get(t, "Float", 2, 0)
    with pytest.raises(IndexError, match="index -1 out of range for dim 1"):
        capi.typed_set(t, "Float", 1.0, 0, -1)
    with pytest.raises(ValueError, match="tensor has 2 dimensions, not 1"):
        capi.typed_get(t, "Float", 0)
    scalar = th.tensor(5, dtype=th.int64)
    assert capi.typed_get(scalar, "Long") == 5
    capi.typed_set(scalar, "Long", -3)
    assert scalar.item() == -3
    four = th.zeros(1, 2, 1, 2, dtype=th.float64)
    four_f = th.zeros(1, 2, 1, 2, dtype=th.float32)
    capi.typed_set(four_f, "Float", 2.0, 0, 1, 0, 1)
    assert capi.typed_get(four_f, "Float", 0, 1, 0, 1) == 2.0
    assert capi.typed_get(four, "Double", 0, 1, 0, 1) == 0.0
    h = th.tensor([0.5, 1.5], dtype=th.float16)
    assert capi.typed_get(h, "Half", 1) == 1.5
    capi.typed_set(h, "Half", 3.0, 0)
    assert h.tolist() == [3.0, 1.5]
    b = th.tensor([True, False])
    assert capi.typed_get(b, "Bool", 0) is True
    with pytest.raises(TypeError, match="THFloat16Tensor_get1d"):
        capi.typed_get(b, "Half", 0)


def test_copy_converts_and_broadcasts():
    src = th.tensor([1.7, -2.2, 300.0])
    dst = th.empty(2, 3, dtype=th.int16)
    capi.copy(dst, src)
    expected = np.broadcast_to(np.array([1.7, -2.2, 300.0], np.float32).astype(np.int16), (2, 3))
    assert dst.tolist() == expected.tolist()
    with pytest.raises(RuntimeError, match=r"src of shape \[3\] cannot be broadcast to dst of shape \[2, 2\]"):
        capi.copy(th.empty(2, 2), src)


def test_free_copy_to_steals_src():
    src = th.tensor([1, 2, 3])
    dst = th.empty(3, dtype=th.float64)
    capi.free_copy_to(src, dst)
    assert dst.tolist() == [1.0, 2.0, 3.0] and src.refcount == 1
    with pytest.raises(RuntimeError, match="broadcast"):
        capi.free_copy_to(src, th.empty(2))
    assert src.refcount == 1  # freed on failure too


def test_tensor_constructor_forms():
    assert th.Tensor().shape == (0,)
    t = th.Tensor(2, 3)
    assert t.shape == (2, 3) and t.dtype is th.float32
    assert th.Tensor((2, 3), dtype=th.int8).dtype is th.int8
    data = th.Tensor([[1, 2], [3, 4]])
    assert data.dtype is th.float32 and data.tolist() == [[1.0, 2.0], [3.0, 4.0]]
    with pytest.raises(TypeError, match="storage's dtype"):
        th.Tensor(th.Storage(2), dtype=th.int8)
    bare = th.Tensor.__new__(th.Tensor)  # never a NULL C tensor
    assert bare.shape == (0,)


def test_python_number_protocols():
    one = th.tensor([7])
    assert int(one) == 7 and float(one) == 7.0 and bool(one) and [10, 20, 30, 40, 50, 60, 70, 80][one] == 80
    with pytest.raises(ValueError, match="ambiguous"):
        bool(th.tensor([1, 2]))
    with pytest.raises(TypeError, match="integer tensors"):
        [1, 2][th.tensor([1.0])]
    assert len(th.empty(4, 2)) == 4


def test_data_ptr_is_first_element():
    s = th.Storage(10, dtype=th.float64)
    t = capi.new_with_storage_nd(s, 3, [2])
    assert t.data_ptr() == s.data_ptr() + 3 * 8


def test_fill_and_zero():
    t = th.empty(2, 2, dtype=th.int8)
    assert t.fill_(-3).tolist() == [[-3, -3], [-3, -3]]
    assert t.zero_().tolist() == [[0, 0], [0, 0]]
    with pytest.raises(ValueError, match="int8"):
        t.fill_(128)
    strided = capi.new_with_size_nd(th.float32, [2, 3], [1, 2])
    strided.fill_(1.5)
    assert strided.tolist() == [[1.5] * 3] * 2


def test_repr():
    assert repr(th.tensor([[1.0, 2.5], [3.0, 4.0]])) == (
        "tensor([[1.0000, 2.5000],\n        [3.0000, 4.0000]])")
    assert repr(th.tensor([1, 2], dtype=th.int32)) == "tensor([1, 2], dtype=th.int32)"
    assert repr(th.tensor(True)) == "tensor(True)"
    assert repr(th.empty(0, 3)) == "tensor([], size=(0, 3))"
    big = repr(th.zeros(100, 100, dtype=th.uint8))
    assert "..." in big and big.count("\n") < 10 and big.endswith("dtype=th.uint8)")


def test_refcounts_are_atomic_across_threads():
    import threading

    t = th.empty(3)
    threads = [threading.Thread(target=capi.retain_free_storm, args=(t, 200_000))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert t.refcount == 1 and t.storage().refcount == 2


def test_live_counts_exact_across_threads():
    # each thread counts in its own slot, folded in when it exits: objects
    # made in one thread and freed in another keep the totals exact
    import threading

    base = th.debug.live()
    made = []
    mine = [th.empty(4) for _ in range(50)]

    def make():
        made.extend(th.empty(2, 3).t() for _ in range(100))

    def drop():
        del mine[:]

    threads = [threading.Thread(target=make) for _ in range(3)] + [threading.Thread(target=drop)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert th.debug.live() == (base.storages + 300, base.tensors + 300, base.bytes + 300 * 24)
    del made[:]
    assert th.debug.live() == base


def test_wrappers_reused_and_subclassed():
    # views' Python objects are recycled (th._tensor's freelist); a Python
    # subclass of th.Tensor is made and freed through the same slots
    base = th.debug.live_wrappers()
    x = th.arange(6, dtype=th.float32).view(2, 3)
    views = [x.t() for _ in range(200)]
    assert th.debug.live_wrappers()[0] == base[0] + 201
    del views
    assert [x[1].tolist() for _ in range(3)] == [[3.0, 4.0, 5.0]] * 3

    class Sub(th.Tensor):
        pass

    s = Sub(2, 3)
    s.note = "a Python subclass has a __dict__"
    assert type(s) is Sub and s.shape == (2, 3) and type(s.t()) is th.Tensor
    del s, x
    assert th.debug.live_wrappers() == base
