"""Tracking mode: what th.debug.live_objects() reports, misuse (double
free, use after free) reported with the creation site instead of crashing,
and switching the mode on and off under live objects."""
import pytest

import th
from th import _testcapi as capi

HERE = __file__


def test_live_objects_name_kind_shape_creator_and_site():
    with th.debug.tracking():
        since = th.debug.last_serial()
        t = th.zeros(2, 3, dtype=th.int16)  # the line below is the site
        line = test_live_objects_name_kind_shape_creator_and_site.__code__.co_firstlineno + 3
        v = t[1:]
        objects = th.debug.live_objects(since=since)
        assert [(o.kind, o.dtype, o.shape, o.function) for o in objects] == [
            ("storage", th.int16, (6,), "THTensor_newWithSize"),
            ("tensor", th.int16, (2, 3), "THTensor_newWithSize"),
            ("tensor", th.int16, (1, 3), "THTensor_newSlice"),
        ]
        assert objects[0].site == f"{HERE}:{line}" and objects[2].site == f"{HERE}:{line + 2}"
        assert objects[0].refcount == 2 and objects[1].serial < objects[2].serial  # t and v
        assert "created by THTensor_newSlice at" in str(objects[2])
        del v
        assert len(th.debug.live_objects(since=since)) == 2
        del t
        assert th.debug.live_objects(since=since) == []


def test_objects_made_in_c_have_no_python_site():
    with th.debug.tracking():
        since = th.debug.last_serial()
        s = capi.storage_with_counting_allocator(th.float32, 2)
        (obj,) = th.debug.live_objects(since=since)
        assert obj.kind == "storage" and obj.function == "THStorage_newWithAllocator"
        assert obj.site.endswith(f"test_tracking.py:{obj.site.rsplit(':', 1)[1]}")
        del s


# these tests free behind the Python objects' backs on purpose: the second
# free is reported through sys.unraisablehook, which pytest turns into a warning
unraisable_expected = pytest.mark.filterwarnings(
    "ignore::pytest.PytestUnraisableExceptionWarning")


@unraisable_expected
def test_use_after_free_is_an_error_naming_the_creation_site():
    with th.debug.tracking():
        t = th.empty(3)
        capi.tensor_free(t)  # the Python object's own reference: t is now dangling
        with pytest.raises(RuntimeError, match=r"THTensor_newNarrow: use of freed tensor 0x\w+ "
                                               r"\(float32 \[3\]\); it was created by "
                                               r"THTensor_newWithSize at .*test_tracking.py:\d+"):
            t.narrow(0, 0, 1)
        with pytest.raises(RuntimeError, match="THTensor_copy: use of freed tensor"):
            th.empty(3).copy_(t)
        with pytest.raises(RuntimeError, match="THTensor_size: use of freed tensor"):
            t.size(0)
        del t  # the object frees it a second time: reported, not a crash
        (report,) = th.debug.pop_misuse_reports()
        assert report.startswith("THTensor_free: tensor 0x") and "was already freed" in report


def _exports():
    import copy
    import pickle

    import numpy as np

    return {
        "numpy()": lambda t: t.numpy(),
        "np.asarray": np.asarray,
        "memoryview": memoryview,
        "__dlpack__": lambda t: t.__dlpack__(),
        "np.from_dlpack": np.from_dlpack,
        "storage()": lambda t: t.storage(),
        "pickle": pickle.dumps,
        "deepcopy": copy.deepcopy,
        "share_memory_": lambda t: t.share_memory_(),
        "is_shared": lambda t: t.is_shared(),
        "data_ptr": lambda t: t.data_ptr(),
    }


@unraisable_expected
@pytest.mark.parametrize("export", list(_exports()))
def test_use_after_free_is_refused_by_every_way_out_of_the_data(export):
    """The exports read a tensor's fields without another checked C call:
    each checks first, so a dangling tensor's freed data (here 4 MiB, long
    unmapped) never reaches numpy, a capsule or a pickle."""
    with th.debug.tracking():
        t = th.empty(1 << 20)
        capi.tensor_free(t)
        with pytest.raises(RuntimeError, match=r"use of freed tensor 0x\w+ \(float32 \[1048576\]\); "
                                               r"it was created by THTensor_newWithSize"):
            _exports()[export](t)
        del t
        (report,) = th.debug.pop_misuse_reports()
        assert "was already freed" in report


@unraisable_expected
def test_use_after_free_of_a_storage_buffer_is_refused():
    with th.debug.tracking():
        s = th.Storage(1 << 20)
        capi.storage_free(s)
        with pytest.raises(RuntimeError, match="use of freed storage"):
            memoryview(s)
        del s
        (report,) = th.debug.pop_misuse_reports()
        assert "was already freed" in report


@unraisable_expected
def test_double_free_of_a_storage_is_reported():
    with th.debug.tracking():
        s = th.Storage(4)
        capi.storage_free(s)
        with pytest.raises(RuntimeError, match="THStorage_resize: use of freed storage"):
            s.resize_(2)
        del s
        (report,) = th.debug.pop_misuse_reports()
        assert "THStorage_free: storage 0x" in report and "created by THStorage_new" in report
    assert th.debug.misuse_count() >= 1


def test_switching_modes_under_live_objects():
    before = th.debug.live()
    untracked = th.arange(5)  # made with tracking off
    with th.debug.tracking():
        tracked = th.arange(3)
        since = th.debug.last_serial()
        view = untracked[1:]  # tracked, over an untracked storage
        assert [o.kind for o in th.debug.live_objects(since=since)] == ["tensor"]
        del untracked  # freed in tracking mode: quarantined although untracked
        assert view.tolist() == [1, 2, 3, 4]
    # off again: the quarantine is gone; tracked objects still work and free
    assert tracked.tolist() == [0, 1, 2] and view.tolist() == [1, 2, 3, 4]
    del tracked, view
    assert th.debug.live() == before


def test_many_freed_objects_do_not_grow_the_quarantine_without_bound():
    with th.debug.tracking():
        for _ in range(70_000):  # more than the quarantine holds
            th.empty(1)
    assert not th.debug.is_tracking()
