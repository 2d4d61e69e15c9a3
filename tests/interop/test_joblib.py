"""th through joblib's loky workers (th/_joblib.py), with numpy as the oracle
of joblib's rules: a tensor larger than max_nbytes reaches a worker as a
memory map of a file in joblib's temporary folder (read-only under the
default mmap_mode='r'), with the right values for every dtype and for
non-contiguous views; a smaller one, or any with max_nbytes=None, goes by
value; the files are gone once the Parallel call returns; a tensor in shared
memory or a file mapped shared reaches the workers over the same memory, so
their writes are seen; results come back by value, as numpy's do. The
workers' addresses are read from their /proc/self/maps."""
import os
import subprocess
import sys
import tempfile

import numpy as np
import pytest

import th

from helpers import BLOCK_NUMPY, th_on_path

joblib = pytest.importorskip("joblib")
from joblib import Parallel, delayed  # noqa: E402
# loky pickles with cloudpickle (a dependency of distributed and ray, in the
# test extras); the workers cannot import this file (tests/ is not a package
# on their path): the tasks defined here travel by value
cloudpickle = pytest.importorskip("cloudpickle")
cloudpickle.register_pickle_by_value(sys.modules[__name__])

N = 300_000  # past Parallel's default max_nbytes ("1M": 2**20 bytes) from 4 bytes on


@pytest.fixture(scope="module", autouse=True)
def workers():
    """joblib's reusable loky executor, its two workers started (and th imported
    in them) once for the module: every Parallel call with the same arguments
    reuses them."""
    Parallel(n_jobs=2)(delayed(th.zeros)(1) for _ in range(2))
    yield
    # then let them go rather than idle through the rest of the suite
    from joblib.externals.loky import reusable_executor
    if reusable_executor._executor is not None:
        reusable_executor._executor.shutdown(wait=True)


# ------------------------------------------------- what the worker sees

def mapping_of(tensor):
    """The line of the worker's /proc/self/maps holding tensor's first byte:
    (permissions, path or "")."""
    address = tensor.data_ptr()
    with open("/proc/self/maps") as maps:
        for line in maps:
            fields = line.split(maxsplit=5)
            low, high = (int(x, 16) for x in fields[0].split("-"))
            if low <= address < high:
                return fields[1], fields[5].strip() if len(fields) > 5 else ""
    raise AssertionError(f"{address:#x} is in no mapping")


def seen_by_worker(tensor):
    """What a worker received: its mapping, flags and values (a copy)."""
    permissions, path = mapping_of(tensor)
    size = os.path.getsize(path) if path.startswith("/") and os.path.exists(path) else None
    return dict(permissions=permissions, path=path, file_size=size, pid=os.getpid(),
                readonly=tensor.is_readonly(), dtype=tensor.dtype, shape=tuple(tensor.shape),
                values=tensor.clone())


def in_joblib_folder(path):
    """A file of one of this process's joblib temporary folders (joblib's
    _get_temp_dir: $JOBLIB_TEMP_FOLDER, else /dev/shm, else the system's)."""
    folder = os.path.dirname(path)
    roots = (os.environ.get("JOBLIB_TEMP_FOLDER"), "/dev/shm", tempfile.gettempdir())
    return (os.path.dirname(folder) in roots and os.path.basename(folder)
            .startswith(f"joblib_memmapping_folder_{os.getpid()}_"))


def values(dtype, n=N):
    base = th.arange(n, dtype=th.int64) % 251 - 100
    return (base % 2 == 0) if dtype is th.bool else base.to(dtype)


# ---------------------------------------------------------- memory maps

def test_large_tensor_arrives_as_read_only_memory_map_deleted_after_the_call():
    t = values(th.float64)
    [seen] = Parallel(n_jobs=2)(delayed(seen_by_worker)(t) for _ in range(1))
    assert in_joblib_folder(seen["path"]), seen["path"]
    assert seen["permissions"] == "r--s" and seen["readonly"]
    assert seen["pid"] != os.getpid()
    assert th.equal(seen["values"], t)
    # the file holds the array once (plus joblib's header), and is gone now
    assert t.nbytes <= seen["file_size"] < t.nbytes + 4096
    assert not os.path.exists(seen["path"])
    assert not os.path.exists(os.path.dirname(seen["path"]))


def write_first(tensor):
    tensor[0] = 42
    return float(tensor[0])


def test_read_only_map_refuses_writes_in_the_worker():
    t = values(th.float32)
    with pytest.raises(th.Error, match="read-only memory"):
        Parallel(n_jobs=2)(delayed(write_first)(t) for _ in range(1))
    assert float(t[0]) == -100


@pytest.mark.parametrize("dtype", [th.float32, th.float64, th.int16, th.uint64, th.complex128,
                                   th.bool, th.bfloat16], ids=str)
def test_every_dtype_arrives_mapped_with_its_values(dtype):
    t = values(dtype, n=(1 << 20) + 1)  # past max_nbytes for 1-byte elements too
    [seen] = Parallel(n_jobs=2)(delayed(seen_by_worker)(t) for _ in range(1))
    assert in_joblib_folder(seen["path"]) and seen["readonly"]
    assert seen["dtype"] is dtype and seen["shape"] == tuple(t.shape)
    assert th.equal(seen["values"], t)


def test_a_view_sends_what_it_reaches_with_its_values():
    base = th.arange(1000 * 2000, dtype=th.float64).reshape(1000, 2000)
    for view in (base[::2, 1::3], base[::2, 1::3].t(), base[100:300]):
        expected = view.numpy()
        [seen] = Parallel(n_jobs=2)(delayed(seen_by_worker)(view) for _ in range(1))
        assert in_joblib_folder(seen["path"]) and seen["readonly"]
        np.testing.assert_array_equal(seen["values"].numpy(), expected)
        # the view's elements were written, not base's storage
        assert view.numel() * 8 <= seen["file_size"] < view.numel() * 8 + 4096 < base.nbytes


def test_one_tensor_given_to_many_tasks_is_written_once():
    t = values(th.float32)
    refcount = t.storage().refcount
    seen = Parallel(n_jobs=2)(delayed(seen_by_worker)(t) for _ in range(4))
    assert len({s["path"] for s in seen}) == 1
    assert all(th.equal(s["values"], t) for s in seen)
    # nothing kept hold of t's storage: it can still be resized
    assert t.storage().refcount == refcount
    t.resize_(2 * N)
    # the same tensor over new memory is written again, with its new values
    t.fill_(3)
    [again] = Parallel(n_jobs=2)(delayed(seen_by_worker)(t) for _ in range(1))
    assert again["shape"] == (2 * N,) and th.equal(again["values"], t)


def test_empty_tensor():
    [seen] = Parallel(n_jobs=2)(delayed(lambda x: x)(x) for x in [th.empty(0, 3)])
    assert seen.shape == (0, 3) and seen.dtype is th.float32


def test_small_tensor_goes_by_value():
    t = th.arange(1000, dtype=th.float32)  # 4000 bytes: under max_nbytes
    [seen] = Parallel(n_jobs=2)(delayed(seen_by_worker)(t) for _ in range(1))
    assert not seen["path"].startswith("/") and not seen["readonly"]
    assert th.equal(seen["values"], t)


def arange_in_worker(library):
    return library.arange(N, dtype=library.float64)


def test_results_come_back_by_value_as_numpy_arrays_do():
    t = values(th.float64)
    a = t.numpy()
    # an input returned: the worker's read-only memory map comes back as a
    # read-only copy (protocol 5 keeps the flag), for numpy and th alike
    [back, back_numpy] = Parallel(n_jobs=2)(delayed(lambda x: x)(x) for x in (t, a))
    assert type(back_numpy) is np.ndarray and not back_numpy.flags.writeable
    assert back.is_readonly() and back.data_ptr() != t.data_ptr()
    assert th.equal(back, t)
    # a result made in the worker comes back as a writable copy
    [made, made_numpy] = Parallel(n_jobs=2)(delayed(arange_in_worker)(m) for m in (th, np))
    assert made_numpy.flags.writeable and not made.is_readonly()
    np.testing.assert_array_equal(made.numpy(), made_numpy)


@pytest.mark.parametrize("mode, permissions", [("c", "rw-p"), ("r+", "rw-s"), ("w+", "rw-s")])
def test_mmap_mode_as_for_numpy(mode, permissions):
    t = values(th.float32)
    [seen, written] = Parallel(n_jobs=2, mmap_mode=mode)(
        [delayed(seen_by_worker)(t), delayed(write_first)(t)])
    assert in_joblib_folder(seen["path"]) and not seen["readonly"]
    assert seen["permissions"] == permissions and written == 42
    assert float(t[0]) == -100  # the worker wrote to joblib's file, not to t


def test_max_nbytes_none_disables_memory_maps():
    t = values(th.float64)
    [seen] = Parallel(n_jobs=2, max_nbytes=None)(delayed(seen_by_worker)(t) for _ in range(1))
    assert not seen["path"].startswith("/") and not seen["readonly"]
    assert th.equal(seen["values"], t)


# ------------------------------------------------------- shared memory

def fill(tensor, start, stop, value):
    tensor[start:stop] = value
    return os.getpid()


def test_shared_tensor_receives_the_workers_writes():
    t = th.zeros(8 * 1000, dtype=th.float32).share_memory_()
    pids = Parallel(n_jobs=2)(delayed(fill)(t, i * 1000, (i + 1) * 1000, i + 1)
                              for i in range(8))
    assert os.getpid() not in pids
    expected = np.repeat(np.arange(1, 9, dtype=np.float32), 1000)
    np.testing.assert_array_equal(t.numpy(), expected)


def test_view_of_shared_tensor_stays_a_view():
    t = th.zeros(4, 1000, dtype=th.int32).share_memory_()
    Parallel(n_jobs=2)(delayed(fill)(t[i], 0, 1000, i) for i in range(1, 4))
    np.testing.assert_array_equal(t.numpy(), np.repeat(np.arange(4, dtype=np.int32), 1000)
                                  .reshape(4, 1000))


def test_file_mapped_shared_receives_the_workers_writes(tmp_path):
    path = tmp_path / "shared.bin"
    storage = th.Storage.from_file(path, shared=True, size=2000, dtype=th.int64)
    t = th.empty(0, dtype=th.int64).set_(storage, 0, (2000,), (1,))
    Parallel(n_jobs=2)(delayed(fill)(t, i * 500, (i + 1) * 500, -i) for i in range(4))
    expected = np.repeat(-np.arange(4, dtype=np.int64), 500)
    np.testing.assert_array_equal(t.numpy(), expected)
    del t, storage
    np.testing.assert_array_equal(np.fromfile(path, dtype=np.int64), expected)


def fill_storage(storage, value):
    storage.fill_(value)
    return storage


def test_storages_shared_or_by_value():
    shared = th.arange(1000, dtype=th.float32).storage().share_memory_()
    plain = th.arange(1000, dtype=th.float32).storage()
    Parallel(n_jobs=2)(delayed(fill_storage)(s, 7) for s in [shared])
    [back] = Parallel(n_jobs=2)(delayed(fill_storage)(s, 5) for s in [plain])
    assert shared.tolist() == [7.0] * 1000
    assert plain.tolist() == list(range(1000)) and back.tolist() == [5.0] * 1000


# ----------------------------------------------------------- the hook

HOOK = """
import sys
{first}
import th
assert "joblib" in sys.modules or "numpy" not in sys.modules, "import th imported numpy"
import joblib
from joblib.externals.loky.backend import reduction
from th import _joblib
assert reduction._dispatch_table[th.Tensor] is _joblib._reduce_tensor
from th._after_import import pending
assert not pending(_joblib._LOKY_REDUCTION)
print("registered")
"""


NO_NUMPY = BLOCK_NUMPY + """
import pickle
import joblib, th
from joblib.externals.loky.backend import reduction
t = th.arange(300_000, dtype=th.float64)
loaded = pickle.loads(reduction.dumps(t))
assert th.equal(loaded, t) and loaded.data_ptr() != t.data_ptr()
print("by value")
"""


def test_without_numpy_tensors_go_by_value():
    # joblib maps nothing without numpy, and th's reducer needs it to take part
    result = subprocess.run([sys.executable, "-c", NO_NUMPY], env=th_on_path(),
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["by", "value"]


@pytest.mark.parametrize("first", ["", "import joblib"], ids=["th first", "joblib first"])
def test_reducers_registered_whichever_is_imported_first(first):
    result = subprocess.run([sys.executable, "-c", HOOK.format(first=first)],
                            env=th_on_path(), capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["registered"]
