"""Pickling ships what the pickled tensors reach, not their whole storage,
and tensors over one storage pickled together still load over one storage
(th/_pickle.py)."""
import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import th
from th import _pickle

PROTOCOLS = (2, 4, 5)


def shipped(obj, protocol=5):
    """The bytes pickling obj produces: the stream plus its out-of-band buffers."""
    buffers = []
    data = pickle.dumps(obj, protocol=protocol, buffer_callback=buffers.append)
    return len(data) + sum(memoryview(b).nbytes for b in buffers)


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_small_view_of_a_large_tensor_ships_only_its_bytes(protocol):
    big = th.arange(1_000_000, dtype=th.float64)
    view = big[500_000:500_010]
    data = pickle.dumps(view, protocol=protocol)
    assert len(data) < 500  # 80 bytes of elements, not 8 MB
    back = pickle.loads(data)
    assert back.tolist() == view.tolist() and back.storage_offset() == 0
    assert len(back.storage()) == 10  # a view pickled alone owns just what it reached
    assert len(pickle.dumps(big, protocol=protocol)) > 8_000_000  # the whole one: all of it


def test_a_strided_view_ships_its_elements_not_the_gaps():
    m = th.arange(1_000_000, dtype=th.float32).view(1000, 1000)
    column = m[:, 3]
    assert shipped(column) < 4_000 + 500  # 1000 elements, not the ~4 MB span
    back = pickle.loads(pickle.dumps(column))
    assert back.equal(column) and back.stride() == (1000,)
    # its storage spans what the column reached; the gaps are zeros, not garbage
    assert len(back.storage()) == 999 * 1000 + 1
    assert back.storage()[1] == 0 and back.storage()[1000] == 1003
    broadcast = th.arange(3.0).expand(1000, 3)  # stride 0: three elements
    assert shipped(broadcast) < 500
    back = pickle.loads(pickle.dumps(broadcast))
    assert back.equal(broadcast) and back.stride() == (0, 1) and len(back.storage()) == 3


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_views_pickled_together_load_over_one_storage(protocol):
    base = th.arange(100, dtype=th.int32)
    head, tail, middle = base[:3], base[-3:], base[40:45]
    h2, t2, m2 = pickle.loads(pickle.dumps((head, tail, middle), protocol=protocol))
    assert h2.storage() is t2.storage() is m2.storage()
    assert [x.tolist() for x in (h2, t2, m2)] == [x.tolist() for x in (head, tail, middle)]
    assert len(h2.storage()) == 100  # first to last element reached
    assert h2.storage()[10] == 0  # between the spans: zeros, nothing shipped
    h2[0] = -5  # one memory: a write through one is seen through the storage
    assert t2.storage()[0] == -5


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("storage_first", [True, False])
def test_a_storage_pickled_with_its_views_is_their_storage(protocol, storage_first):
    s = th.Storage([1.0, 2.0, 3.0, 4.0, 5.0])
    v = th.Tensor(s)[1:3]
    objs = (s, v) if storage_first else (v, s)
    back = pickle.loads(pickle.dumps(objs, protocol=protocol))
    s2, v2 = back if storage_first else back[::-1]
    assert v2.storage() is s2 and s2.tolist() == s.tolist()  # all of the storage's bytes
    assert v2.storage_offset() == 1 and v2.tolist() == [2.0, 3.0]


def test_read_only_buffers_are_adopted_and_a_grown_storage_is_writable():
    base = th.arange(10.0)
    buffers = []
    data = pickle.dumps(base[2:6], protocol=5, buffer_callback=buffers.append)
    readonly = [memoryview(b).toreadonly() for b in buffers]  # an object store's
    alone = pickle.loads(data, buffers=readonly)
    assert alone.is_readonly() and alone.data_ptr() == base[2:6].data_ptr()
    buffers = []
    data = pickle.dumps((base[2:6], base[5:9]), protocol=5, buffer_callback=buffers.append)
    a, b = pickle.loads(data, buffers=[memoryview(m).toreadonly() for m in buffers])
    # the second reaches past the first: both move to one copy, which is writable
    assert a.storage() is b.storage() and not a.is_readonly()
    assert a.tolist() == [2.0, 3.0, 4.0, 5.0] and b.tolist() == [5.0, 6.0, 7.0, 8.0]


def test_deepcopy_and_copy_of_views():
    base = th.arange(20.0).view(4, 5)
    views = [base[1], base[:, 2], base[2:, 1:3]]
    deep = copy.deepcopy(views)
    assert all(d.storage() is deep[0].storage() for d in deep)
    assert [d.tolist() for d in deep] == [v.tolist() for v in views]
    assert deep[0].data_ptr() != views[0].data_ptr()
    shallow = copy.copy(views[2])
    assert shallow.is_set_to(views[2]) and shallow is not views[2]
    s = base.storage()
    s_copy = copy.copy(s)
    assert s_copy.tolist() == s.tolist() and s_copy.data_ptr() != s.data_ptr()


def test_pickles_of_whole_storages_still_load():
    """What th wrote before tensors shipped only what they reach."""
    s = th.Storage([1, 2, 3, 4], dtype=th.int16)
    old = (_pickle.rebuild_tensor, (s, 1, (2,), (1,)))

    class Old:
        def __reduce__(self):
            return old

    t = pickle.loads(pickle.dumps(Old()))
    assert t.tolist() == [2, 3] and t.dtype is th.int16
    raw = pickle.dumps(type("S", (), {"__reduce__": lambda self: (
        _pickle.rebuild_storage, ("float32", 2, b"\0\0\x80?\0\0\0@"))})())
    assert pickle.loads(raw).tolist() == [1.0, 2.0]


def test_corrupt_buffers_are_refused():
    builder = _pickle._Builder("float64")
    with pytest.raises(ValueError, match="the buffer has 7 bytes"):
        _pickle.rebuild_tensor_part(builder, 0, (1,), (1,), b"1234567", False)


# ------------------------------------------------------------- properties
DTYPES = [th.float32, th.float64, th.int8, th.int64, th.bool, th.float16, th.bfloat16,
          th.complex64, th.uint16]


@st.composite
def views_of_one_storage(draw):
    dtype = draw(st.sampled_from(DTYPES))
    n = draw(st.integers(1, 60))
    base = th.empty(n, dtype=dtype).copy_(th.arange(n) % 7 - 3)
    views = []
    for _ in range(draw(st.integers(1, 4))):
        offset = draw(st.integers(0, n - 1))
        ndim = draw(st.integers(0, 3))
        size, stride, last = [], [], offset
        for _ in range(ndim):
            s = draw(st.integers(0, 6))
            size.append(draw(st.integers(1, 4)))
            stride.append(s)
        while size and last + sum((a - 1) * b for a, b in zip(size, stride)) >= n:
            size.pop()
            stride.pop()
        if draw(st.booleans()) and size:
            size[0] = 0
        views.append(base.as_strided(tuple(size), tuple(stride), offset))
    return base, views


@given(views_of_one_storage(), st.sampled_from([2, 4, 5, "oob", "oob-readonly"]),
       st.booleans())
def test_pickled_views_keep_values_geometry_and_sharing(case, protocol, with_storage):
    base, views = case
    objs = list(views) + ([base.storage()] if with_storage else [])
    if isinstance(protocol, int):
        loaded = pickle.loads(pickle.dumps(objs, protocol=protocol))
    else:
        buffers = []
        data = pickle.dumps(objs, protocol=5, buffer_callback=buffers.append)
        if protocol == "oob-readonly":
            buffers = [memoryview(b).toreadonly() for b in buffers]
        loaded = pickle.loads(data, buffers=buffers)
    if with_storage:
        assert loaded.pop().tolist() == base.storage().tolist()
    nonempty = [(v, w) for v, w in zip(views, loaded) if v.numel()]
    for v, w in zip(views, loaded):
        assert w.dtype is v.dtype and w.shape == v.shape and w.stride() == v.stride()
        assert w.tolist() == v.tolist() and w.storage() is loaded[0].storage()
    for (v, w), (v0, w0) in zip(nonempty, nonempty[:1] * len(nonempty)):
        assert w.storage() is w0.storage()  # one storage, the same layout
        assert w.data_ptr() - w0.data_ptr() == v.data_ptr() - v0.data_ptr()
    # shipped: never more than the spans the tensors reach
    spans = sum(_pickle.last_reached(v.storage_offset(), v.shape, v.stride()) - v.storage_offset()
                for v in views if v.numel())
    assert shipped(list(views)) <= 400 + 200 * len(views) + base.element_size() * spans
