"""Python code that tries to pull memory from under th: lying sequences,
values whose conversion changes the tensor being written, finalizers and
other threads that change a tensor while it is read or copied, forks, and
overflowing geometries of empty tensors. Each of these once crashed th (a
review found them); each must now raise or work, never corrupt memory."""
import ctypes
import gc
import multiprocessing
import os
import threading

import numpy as np
import pytest

import th


def test_a_sequence_lying_about_its_length():
    class Liar(list):
        def __len__(self):
            return 2

    t = th.tensor(Liar(range(1000)))  # its items are what counts
    assert t.shape == (1000,) and t[999].item() == 999
    with pytest.raises(ValueError, match="expected a sequence of length"):
        th.tensor([Liar([1, 2, 3]), [4, 5]])


def test_a_value_that_resizes_the_storage_it_is_written_into():
    s = th.Storage(1 << 16, dtype=th.float64)

    class Shrinker:
        def __float__(self):
            s.resize_(0)
            return 1.0

    with pytest.raises(IndexError, match="out of range for size 0"):
        s[(1 << 16) - 1] = Shrinker()  # converted first, then the (now empty) storage checked


def test_a_value_that_reinitialises_the_tensor_being_filled():
    t = th.zeros(3)

    class Reinit:
        def __index__(self):
            t.__init__(4)  # the same C tensor, set to a new storage
            return 7

    u_before = th.zeros(5)
    t.fill_(Reinit())
    assert t.shape == (4,) and t.tolist() == [7.0] * 4
    assert u_before.tolist() == [0.0] * 5


def test_reinitialising_a_shared_storage_is_refused():
    s = th.Storage(3)
    view = th.Tensor(s)
    with pytest.raises(RuntimeError, match="shared"):
        s.__init__(10)
    assert len(s) == 3 and view.shape == (3,)
    del view
    s.__init__([1, 2], dtype=th.int8)  # unshared: takes the new contents and dtype
    assert s.dtype is th.int8 and s.tolist() == [1, 2]


def test_a_finalizer_that_changes_the_tensor_being_listed():
    t = th.ones(64, 64)

    class Changer:
        def __del__(self):
            t.set_(th.zeros(1))

    threshold = gc.get_threshold()
    gc.set_threshold(1)
    try:
        c = Changer()
        c.cycle = c
        del c
        values = t.tolist()  # allocates: collections run mid-walk
    finally:
        gc.set_threshold(*threshold)
    gc.collect()
    assert values == [[1.0] * 64] * 64 or values == [0.0]


def test_other_threads_changing_tensors_during_long_copies():
    src = th.ones(1 << 22)  # 16 MiB: copied without the GIL
    dst = th.empty(1 << 22)
    stop = threading.Event()

    def meddle():
        while not stop.is_set():
            for change in (lambda: src.set_(th.ones(1 << 22)), src.share_memory_,
                           lambda: dst.resize_(1 << 22)):
                try:
                    change()
                except RuntimeError:  # pinned or shared while a copy runs: refused
                    pass

    thread = threading.Thread(target=meddle)
    thread.start()
    try:
        for _ in range(20):
            dst.copy_(src)
            assert dst[-1].item() == 1.0
            src.t().contiguous() if src.dim() > 1 else src.clone()
    finally:
        stop.set()
        thread.join()


def test_copy_between_two_storages_over_one_array_buffers_the_overlap():
    a = np.arange(10.0)
    expected = a.copy()
    expected[2::2] = expected[:-2:2].copy()
    th.from_numpy(a[2::2]).copy_(th.from_numpy(a[:-2:2]))
    assert a.tolist() == expected.tolist()


def test_asarray_of_too_many_dims_is_an_error():
    ctype = ctypes.c_double
    for _ in range(70):
        ctype = ctype * 1
    with pytest.raises(ValueError, match="70 dimensions; th supports at most 64"):
        th.asarray(ctype())


def test_empty_geometries_cannot_overflow():
    with pytest.raises(ValueError, match="reaches beyond int64"):
        th.empty(0, 3).as_strided((0, 3), (1, 2**62))
    with pytest.raises(ValueError, match="strides overflow int64"):
        th.empty(0).view(0, 2**62, 3)
    with pytest.raises(ValueError, match="strides overflow int64"):
        th.empty(0).reshape(0, 2**62, 3)
    assert th.empty(0).view(0, 2**30, 3).shape == (0, 2**30, 3)


def test_storage_from_fd_takes_the_descriptor_even_when_it_fails():
    from th import _sharing

    fd = os.open(os.devnull, os.O_RDONLY)
    with pytest.raises(TypeError, match="dtype"):
        _sharing.storage_from_fd(fd, 4, "complex256")
    with pytest.raises(OSError):
        os.fstat(fd)  # closed


def test_a_failed_mapping_leaves_no_file_it_created(tmp_path):
    path = tmp_path / "new.bin"
    with pytest.raises(ValueError, match="too large"):
        th.Storage.from_file(path, shared=True, size=2**62, dtype=th.float64)
    assert not path.exists()
    path.write_bytes(b"1234")  # an existing file is never removed
    with pytest.raises(ValueError):
        th.Storage.from_file(path, shared=True, size=2**62, dtype=th.float64)
    assert path.read_bytes() == b"1234"


def _child_counts_with_a_thread(queue):
    def work():
        queue.put(th.empty(3).numel())

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    queue.put(tuple(th.debug.live()))


def test_live_counts_in_a_forked_child_after_threads_used_th():
    """A thread that has counted objects is alive at the fork: in the child
    it does not exist, and the child's own threads must not trip over it."""
    ready, done = threading.Event(), threading.Event()
    keep = []

    def parent_thread():
        keep.append(th.empty(5))
        ready.set()
        done.wait(60)

    thread = threading.Thread(target=parent_thread)
    thread.start()
    ready.wait(60)
    try:
        ctx = multiprocessing.get_context("fork")
        queue = ctx.Queue()
        child = ctx.Process(target=_child_counts_with_a_thread, args=(queue,))
        child.start()
        assert queue.get(timeout=60) == 3
        storages, tensors, _ = queue.get(timeout=60)
        child.join(timeout=60)
    finally:
        done.set()
        thread.join()
    assert child.exitcode == 0 and tensors >= 1 and storages >= 1
