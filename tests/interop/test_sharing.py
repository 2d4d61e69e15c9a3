"""Storages in files and shared memory, pickling, and th.multiprocessing."""
import copy
import os
import pickle
import stat

import numpy as np
import pytest

import th
import th.multiprocessing as thmp
from multiprocessing.reduction import ForkingPickler

from helpers import fill_range, th_shm_entries


# ------------------------------------------------------------- mapped files
def test_from_file_shared_creates_owner_only_and_writes_through(tmp_path):
    path = tmp_path / "data.bin"
    s = th.Storage.from_file(path, shared=True, size=10, dtype=th.int32)
    assert len(s) == 10 and s.is_shared() and s.dtype is th.int32
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert os.path.getsize(path) == 40
    s.fill_(7)
    t = th.Tensor(s)[2:5]
    t.fill_(-1)
    del s, t
    assert np.fromfile(path, dtype=np.int32).tolist() == [7, 7, -1, -1, -1, 7, 7, 7, 7, 7]


def test_from_file_private_reads_and_copies_on_write(tmp_path):
    path = tmp_path / "data.bin"
    np.arange(6, dtype=np.float64).tofile(path)
    s = th.Storage.from_file(path, dtype=th.float64)  # size 0: the whole file
    assert s.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0] and not s.is_shared()
    s[0] = 99.0
    del s
    assert np.fromfile(path, dtype=np.float64)[0] == 0.0  # the file is untouched
    part = th.Storage.from_file(path, size=2, dtype=th.float64)
    assert part.tolist() == [0.0, 1.0]


def test_from_file_grows_a_short_file_only_when_shared(tmp_path):
    path = tmp_path / "short.bin"
    path.write_bytes(b"\x01\x00\x00\x00")
    with pytest.raises(ValueError, match="has 4 bytes but 16 are needed \\(4 elements of int32\\)"):
        th.Storage.from_file(path, size=4, dtype=th.int32)
    s = th.Storage.from_file(path, shared=True, size=4, dtype=th.int32)
    assert s.tolist() == [1, 0, 0, 0] and os.path.getsize(path) == 16


def test_from_file_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match="cannot open .*missing.bin"):
        th.Storage.from_file(tmp_path / "missing.bin")
    (tmp_path / "odd.bin").write_bytes(b"123")
    with pytest.raises(ValueError, match="3 bytes: not a whole number of float32"):
        th.Storage.from_file(tmp_path / "odd.bin")
    (tmp_path / "empty.bin").write_bytes(b"")
    with pytest.raises(ValueError, match="is empty"):
        th.Storage.from_file(tmp_path / "empty.bin")
    with pytest.raises(IsADirectoryError):
        th.Storage.from_file(tmp_path, shared=True, size=1)
    with pytest.raises(ValueError, match="non-negative"):
        th.Storage.from_file(tmp_path / "x.bin", shared=True, size=-1)
    mapped = th.Storage.from_file(tmp_path / "y.bin", shared=True, size=2)
    with pytest.raises(RuntimeError, match="not resizable"):
        mapped.resize_(4)


# ------------------------------------------------------------- shared memory
def test_share_memory_moves_data_in_place_for_every_view():
    t = th.arange(10, dtype=th.float32)
    view = t[2:5]
    s = t.storage()
    before = th.debug.live()
    assert not t.is_shared()
    assert t.share_memory_() is t
    assert t.is_shared() and view.is_shared() and s.is_shared()
    assert view.tolist() == [2.0, 3.0, 4.0] and t.tolist() == list(map(float, range(10)))
    assert th.debug.live() == before  # the same objects, the same bytes
    t.share_memory_()  # already shared: nothing to do
    assert th_shm_entries() == []  # no name left behind
    th.zeros(0).share_memory_()  # an empty storage can be shared too


def test_share_memory_refused_while_pinned():
    t = th.zeros(4)
    a = t.numpy()
    with pytest.raises(RuntimeError, match="pinned by 1 exported buffer"):
        t.share_memory_()
    del a
    t.share_memory_()


def fill_halves_in_children(method, t):
    """Two children of the given start method fill t's halves with 1 and 2
    (the second one through a view); the parent checks what it sees."""
    half = len(t) // 2
    ctx = thmp.get_context(method)
    children = [ctx.Process(target=fill_range, args=(t, 0, half, 1.0)),
                ctx.Process(target=fill_range, args=(t[half:], 0, half, 2.0))]
    for child in children:
        child.start()
    for child in children:
        child.join(timeout=120)
    assert [child.exitcode for child in children] == [0, 0]
    assert t[:half].tolist() == [1.0] * half and t[half:].tolist() == [2.0] * half


@pytest.mark.parametrize("method", ["spawn", "fork"])
def test_children_write_disjoint_halves(method):
    fill_halves_in_children(method, th.zeros(1000).share_memory_())
    assert th_shm_entries() == []


@pytest.mark.parametrize("method", ["spawn", "fork"])
def test_children_write_through_a_shared_file_mapping(tmp_path, method):
    """A tensor over a file mapped shared goes to children as a descriptor
    (not 400 KB of data): their writes reach the parent and the file, also
    after the file's name is gone."""
    path = tmp_path / "data.bin"
    t = th.Tensor(th.Storage.from_file(path, shared=True, size=100_000, dtype=th.float32))
    os.unlink(path)  # the open descriptor keeps the file
    assert len(ForkingPickler.dumps(t)) < 400
    fill_halves_in_children(method, t)


def test_a_private_file_mapping_goes_by_value(tmp_path):
    path = tmp_path / "data.bin"
    np.arange(1000, dtype=np.float32).tofile(path)
    private = th.Tensor(th.Storage.from_file(path, shared=False, dtype=th.float32))
    assert not private.is_shared()
    assert len(ForkingPickler.dumps(private)) > 4000  # copy-on-write: children get a copy
    back = pickle.loads(ForkingPickler.dumps(private))
    assert back.tolist() == list(range(1000))


def test_a_queue_sends_a_handle_not_the_data():
    t = th.arange(4, dtype=th.int64).share_memory_()
    dumped = ForkingPickler.dumps(t)
    assert len(dumped) < 400  # a descriptor and a geometry, whatever the size
    big = th.zeros(100_000).share_memory_()
    assert len(ForkingPickler.dumps(big)) < 400
    plain = th.zeros(100_000)
    assert len(ForkingPickler.dumps(plain)) > 400_000  # not shared: by value


# ------------------------------------------------------------- pickling
def test_pickle_copies_data_and_keeps_views_together():
    base = th.arange(12, dtype=th.float64).view(3, 4)
    a, b = base[1], base[:, 2:]
    a2, b2 = pickle.loads(pickle.dumps((a, b)))
    assert a2.tolist() == a.tolist() and b2.tolist() == b.tolist()
    assert a2.stride() == a.stride() and b2.stride() == b.stride()
    # one storage holding what they reach (elements 2..11), offsets kept relative
    assert a2.storage() is b2.storage() and len(a2.storage()) == 10
    assert (a2.storage_offset(), b2.storage_offset()) == (2, 0)
    assert a2.storage().data_ptr() != base.storage().data_ptr()
    a2.fill_(0)
    assert b2[1].tolist() == [0.0, 0.0] and base[1, 2].item() == 6.0


def test_deepcopy_and_copy():
    t = th.arange(6).view(2, 3)
    views = [t[0], t[:, 1]]
    deep = copy.deepcopy(views)
    assert deep[0].storage() is deep[1].storage()
    assert deep[0].storage().data_ptr() != t.storage().data_ptr()
    assert [v.tolist() for v in deep] == [v.tolist() for v in views]
    shallow = copy.copy(t)  # a new tensor over the same storage
    assert shallow.is_set_to(t)


@pytest.mark.parametrize("dtype", [th.bool, th.float16, th.uint8, th.int64, th.bfloat16,
                                   th.complex64, th.complex128, th.uint16, th.uint32, th.uint64])
def test_pickle_every_kind_of_storage(dtype):
    t = th.ones(3, dtype=dtype)
    assert pickle.loads(pickle.dumps(t)).tolist() == t.tolist()
    assert pickle.loads(pickle.dumps(th.empty(0, 2, dtype=dtype))).shape == (0, 2)
    shared = th.ones(2, dtype=dtype).share_memory_()
    copied = pickle.loads(pickle.dumps(shared))  # plain pickle: by value
    assert copied.tolist() == shared.tolist() and not copied.is_shared()


def test_unpickling_checks_bounds():
    from th._pickle import rebuild_tensor

    with pytest.raises(ValueError, match="needs 8 elements .* the storage has 4"):
        rebuild_tensor(th.Storage(4), 0, (2, 3), (5, 1))
