"""th.Storage and the THStorage C API: lifecycle, refcounts, resize, fill,
swap, flags, allocators, typed access."""
import math

import numpy as np
import pytest

import th
from th import _testcapi as capi

from helpers import ALL_DTYPES, NUMPY_DTYPES


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_new_storage_of_every_dtype(dtype):
    s = th.Storage(5, dtype=dtype)
    assert len(s) == 5 and s.size() == 5
    assert s.dtype is dtype
    assert s.element_size() == dtype.itemsize == np.dtype(NUMPY_DTYPES[dtype]).itemsize
    assert s.nbytes() == 5 * dtype.itemsize
    assert s.refcount == 1
    assert s.data_ptr() % 16 == 0  # a small block: malloc's alignment
    assert th.debug.live().storages >= 1


@pytest.mark.parametrize("nbytes", [1, 16, 64, 1000, 1023, 1024, 1025, 4096, 1 << 20])
def test_the_default_allocator_aligns_blocks_of_1_kib_to_64_bytes(nbytes):
    """THAllocator.h: blocks of 1 KiB or more on a cache line, smaller ones
    at least on 16 bytes (malloc's); many of each, so that a lucky address
    cannot pass."""
    storages = [th.Storage(nbytes, dtype=th.uint8) for _ in range(32)]
    alignment = 64 if nbytes >= 1024 else 16
    assert all(s.data_ptr() % alignment == 0 for s in storages)


def test_live_counts_follow_storages():
    base = th.debug.live()
    s = th.Storage(10, dtype=th.float64)
    assert th.debug.live() == (base.storages + 1, base.tensors, base.bytes + 80)
    del s
    assert th.debug.live() == base


def test_retain_and_free_counts():
    s = th.Storage(3)
    capi.storage_retain(s)
    assert s.refcount == 2
    capi.storage_retain(s)
    assert s.refcount == 3
    capi.storage_free(s)
    capi.storage_free(s)
    assert s.refcount == 1
    before = th.debug.live().storages
    del s
    assert th.debug.live().storages == before - 1


def test_empty_storage_has_no_data():
    s = th.Storage(0)
    assert len(s) == 0 and s.data_ptr() == 0 and s.tolist() == []


def test_storage_from_values_and_indexing():
    s = th.Storage([1, 2, 3], dtype=th.int16)
    assert s.tolist() == [1, 2, 3]
    s[0] = 7
    s[-1] = -4
    assert s[0] == 7 and s[-1] == -4 and list(s) == [7, 2, -4]
    with pytest.raises(IndexError, match="out of range"):
        s[3]
    with pytest.raises(IndexError):
        s[-4] = 1
    with pytest.raises(TypeError, match="storage index must be an integer, not str"):
        s["a"]
    with pytest.raises(ValueError, match="int16 without overflow"):
        s[1] = 40000


def test_storage_from_bad_values_frees_what_it_made():
    with pytest.raises(ValueError, match="overflow"):
        th.Storage([1, 300], dtype=th.uint8)
    with pytest.raises(TypeError, match="number"):
        th.Storage([1, "x"])


def test_bad_sizes_and_dtypes():
    with pytest.raises(ValueError, match="non-negative, got -1"):
        th.Storage(-1)
    with pytest.raises(ValueError, match="too large"):
        th.Storage(2**62, dtype=th.float64)
    with pytest.raises(MemoryError, match="failed to allocate"):
        with th.debug.fail_allocations(after=1):  # refused on any machine (test_errors.py)
            th.Storage(2**44, dtype=th.uint8)
    with pytest.raises(TypeError, match="dtype must be a th.dtype"):
        th.Storage(3, dtype="complex256")
    assert th.Storage(3, dtype=np.float32).dtype is th.float32  # numpy's dtypes are dtypes


def test_fill_converts_and_checks():
    s = th.Storage(4, dtype=th.int32)
    s.fill_(7)
    assert s.tolist() == [7] * 4
    s.fill_(2.9)  # truncates toward zero, as torch.full does
    assert s.tolist() == [2] * 4
    s.fill_(-2.9)
    assert s.tolist() == [-2] * 4
    with pytest.raises(ValueError, match="value 3000000000 cannot be converted to int32"):
        s.fill_(3_000_000_000)
    with pytest.raises(ValueError, match="nan"):
        s.fill_(float("nan"))
    assert s.tolist() == [-2] * 4  # a failed fill changes nothing
    f = th.Storage(2, dtype=th.float16).fill_(65504.0)
    assert f.tolist() == [65504.0, 65504.0]
    with pytest.raises(ValueError, match="float16"):
        f.fill_(70000.0)
    f.fill_(float("inf"))
    assert f.tolist() == [math.inf, math.inf]
    b = th.Storage(3, dtype=th.bool).fill_(5)
    assert b.tolist() == [True] * 3
    big = th.Storage(1, dtype=th.float64).fill_(2**70)
    assert big.tolist() == [float(2**70)]
    with pytest.raises(ValueError, match="int64"):
        th.Storage(1, dtype=th.int64).fill_(2**70)


def test_resize_keeps_prefix_and_updates_bytes():
    s = th.Storage([1, 2, 3], dtype=th.int64)
    base = th.debug.live().bytes
    s.resize_(5)
    assert len(s) == 5 and s.tolist()[:3] == [1, 2, 3]
    assert th.debug.live().bytes == base + 16
    s.resize_(2)
    assert s.tolist() == [1, 2]
    s.resize_(0)
    assert s.tolist() == [] and s.data_ptr() == 0
    s.resize_(1)
    assert len(s) == 1


def test_resize_refused_while_shared():
    s = th.Storage(4)
    t = th.Tensor(s)
    assert s.refcount == 2
    with pytest.raises(RuntimeError, match=r"shared \(refcount 2\)"):
        s.resize_(8)
    assert len(s) == 4
    del t
    s.resize_(8)
    assert len(s) == 8


def test_resize_refused_when_not_resizable():
    s = th.Storage(4)
    capi.storage_clear_flag(s, capi.STORAGE_RESIZABLE)
    assert capi.storage_flags(s) == capi.STORAGE_REFCOUNTED | capi.STORAGE_FREEMEM
    with pytest.raises(RuntimeError, match="not resizable"):
        s.resize_(2)
    capi.storage_set_flag(s, capi.STORAGE_RESIZABLE)
    s.resize_(2)
    assert len(s) == 2


def test_swap_exchanges_contents():
    a = th.Storage([1.0, 2.0])
    b = th.Storage([3.0, 4.0, 5.0])
    capi.storage_swap(a, b)
    assert a.tolist() == [3.0, 4.0, 5.0] and b.tolist() == [1.0, 2.0]
    assert a.refcount == b.refcount == 1
    c = th.Storage([7, 8], dtype=th.int32)
    capi.storage_swap(a, c)  # unshared: the dtype goes with the contents
    assert a.dtype is th.int32 and a.tolist() == [7, 8]
    assert c.dtype is th.float32 and c.tolist() == [3.0, 4.0, 5.0]
    t = th.Tensor(a)
    with pytest.raises(RuntimeError, match="shared"):
        capi.storage_swap(a, b)
    del t


def test_custom_allocator_is_called_once_each_way():
    mallocs, frees = capi.counting_allocator_calls()
    s = capi.storage_with_counting_allocator(th.float32, 10)
    assert capi.counting_allocator_calls() == (mallocs + 1, frees)
    s.resize_(20)  # no realloc: malloc new, copy, free old
    assert capi.counting_allocator_calls() == (mallocs + 2, frees + 1)
    del s
    assert capi.counting_allocator_calls() == (mallocs + 2, frees + 2)


def test_new_with_data_takes_the_data():
    mallocs, frees = capi.counting_allocator_calls()
    s = capi.storage_adopting_data(th.int32, 4)
    assert len(s) == 4 and s.refcount == 1
    del s
    assert capi.counting_allocator_calls() == (mallocs + 1, frees + 1)


def test_new_with_data_frees_the_data_when_it_fails():
    mallocs, frees = capi.counting_allocator_calls()
    with pytest.raises(ValueError, match="non-negative"):
        capi.storage_adopting_data(th.int32, -1)
    assert capi.counting_allocator_calls() == (mallocs + 1, frees + 1)
    with pytest.raises(ValueError, match="data is NULL"):
        capi.storage_adopting_data(th.int32, 4, null_data=True)


def test_typed_storage_access():
    s = th.Storage([1.5, 2.5], dtype=th.float32)
    assert capi.storage_typed_get(s, "Float", 1) == 2.5
    capi.storage_typed_set(s, "Float", 0, 9.0)
    assert s[0] == 9.0
    with pytest.raises(TypeError, match="THInt64Storage_get: storage has dtype float32, not int64"):
        capi.storage_typed_get(s, "Long", 0)
    with pytest.raises(IndexError, match="THFloat32Storage_set: index 2 out of range"):
        capi.storage_typed_set(s, "Float", 2, 1.0)


def test_storage_repr():
    assert repr(th.Storage([1, 2], dtype=th.int8)) == "th.Storage([1, 2], dtype=th.int8, size=2)"
