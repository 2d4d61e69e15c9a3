"""th through Dask (th/_dask.py): distributed's serializers send a tensor as
one frame over the bytes it reaches and load it over the received frame
without a copy (aligned frames), read-only and writable as sent; dask's
sizeof counts those bytes; a LocalCluster scatters, runs and gathers
tensors, across a process boundary too; dask.array holds th chunks and
computes to th tensors with the values numpy computes. The registration
happens through the dask.sizeof entry point, or at import th when dask came
first (checked in fresh interpreters)."""
import contextlib
import gc
import logging
import os
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
import th._dask
from helpers import th_on_path

dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")


def import_dask_array():
    """dask.array, imported with tests/ off sys.path: pyproject's pythonpath puts
    tests/ there, whose sparse/ folder would import as a namespace package
    named sparse, which dask.array takes for pydata's sparse (and fails)."""
    kept = sys.path[:]
    sys.path[:] = [p for p in kept if os.path.basename(os.path.normpath(p)) != "tests"]
    try:
        return pytest.importorskip("dask.array")
    finally:
        sys.path[:] = kept


da = import_dask_array()

from dask.sizeof import sizeof  # noqa: E402
from distributed.protocol import deserialize, serialize  # noqa: E402

DTYPES = ["bool", "uint8", "int8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
          "float16", "bfloat16", "float32", "float64", "complex64", "complex128"]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def sample(dtype_name, shape=(3, 4)):
    n = int(np.prod(shape))
    t = th.arange(n, dtype=th.int64)
    if dtype_name == "bool":
        t = t % 2
    elif dtype_name.startswith("complex"):
        t = th.complex(t.to(th.float64), -t.to(th.float64))
    return t.to(getattr(th, dtype_name)).reshape(shape)


def address(buffer):
    m = memoryview(buffer).cast("B")
    return np.frombuffer(m, np.uint8).ctypes.data if m.nbytes else 0


def received(frames, *, readonly=False, misalign=0):
    """The frames as a transport hands them over: new memory (aligned to 64
    bytes, plus misalign), writable unless readonly."""
    out = []
    for frame in frames:
        m = memoryview(frame).cast("B")
        buf = np.empty(m.nbytes + 128, np.uint8)
        start = (-buf.ctypes.data) % 64 + misalign
        buf[start:start + m.nbytes] = np.frombuffer(m, np.uint8)
        view = memoryview(buf[start:start + m.nbytes])
        out.append(view.toreadonly() if readonly else view)
    return out


def in_frame(t, frame):
    start = address(frame)
    return start <= t.data_ptr() < start + memoryview(frame).nbytes


def round_trip(x, **wire):
    header, frames = serialize(x)
    assert header["serializer"] == "dask"  # th's serializer, not pickle's fallback
    frames = received(frames, **wire)
    return deserialize(header, frames), frames


# ------------------------------------------------------------ serializers

@pytest.mark.parametrize("dtype_name", DTYPES)
def test_a_tensor_loads_over_the_received_frame(dtype_name):
    t = sample(dtype_name)
    r, (frame,) = round_trip(t)
    assert r.dtype == t.dtype and r.shape == t.shape and r.stride() == t.stride()
    assert r.tolist() == t.tolist()
    assert in_frame(r, frame) and not r.is_readonly()  # adopted, no copy
    r.add_(1) if dtype_name != "bool" else r.logical_not_()  # writable, as sent
    assert r.tolist() != t.tolist()


@pytest.mark.parametrize("make", [lambda: th.tensor(2.5), lambda: th.zeros(0, 3),
                                  lambda: th.zeros(2, 0, dtype=th.int64)],
                         ids=["0-d", "empty", "empty-int"])
def test_zero_dim_and_empty(make):
    t = make()
    r, (frame,) = round_trip(t)
    assert (r.shape, r.dtype, r.tolist()) == (t.shape, t.dtype, t.tolist())
    assert memoryview(frame).nbytes == t.numel() * t.element_size()


def test_a_read_only_tensor_loads_read_only_over_the_frame():
    t = th.frombuffer(bytes(range(16)), dtype=th.int32).reshape(2, 2)
    assert t.is_readonly()
    r, (frame,) = round_trip(t)
    assert r.is_readonly() and in_frame(r, frame) and r.tolist() == t.tolist()
    with pytest.raises(Exception, match="read-only"):
        r.add_(1)


def test_a_read_only_frame_of_a_writable_tensor_is_copied_as_numpy_does():
    t = th.arange(6.0)
    r, (frame,) = round_trip(t, readonly=True)
    # numpy's serializer, the oracle: a writable array from a read-only frame
    header, frames = serialize(np.arange(6.0))
    a = deserialize(header, received(frames, readonly=True))
    assert a.flags.writeable and not r.is_readonly()
    assert not in_frame(r, frame) and r.tolist() == t.tolist()


def test_a_misaligned_frame_is_copied():
    t = th.arange(6.0, dtype=th.float64)
    r, (frame,) = round_trip(t, misalign=3)
    assert not in_frame(r, frame) and r.tolist() == t.tolist()


def test_a_view_sends_only_the_bytes_it_reaches():
    base = th.arange(1000.0).reshape(100, 10)
    rows = base[10:12]  # contiguous: its own bytes, no copy
    header, (frame,) = serialize(rows)
    assert memoryview(frame).nbytes == 20 * 4 and address(frame) == rows.data_ptr()
    r = deserialize(header, received([frame])[0:1])
    assert r.tolist() == rows.tolist() and r.storage().size() == 20
    transposed = base[10:12].t()  # dense in another order: sent as it lies
    header, (frame,) = serialize(transposed)
    assert memoryview(frame).nbytes == 80 and address(frame) == transposed.data_ptr()
    r = deserialize(header, received([frame]))
    assert r.stride() == transposed.stride() and r.tolist() == transposed.tolist()
    column = base[:, 3]  # strided: a copy of its 100 elements, not the 991 it spans
    header, (frame,) = serialize(column)
    assert memoryview(frame).nbytes == 100 * 4
    assert deserialize(header, received([frame])).tolist() == column.tolist()
    broadcast = th.tensor([1.0, 2.0]).expand(1000, 2)  # stride 0: two elements
    header, (frame,) = serialize(broadcast)
    assert memoryview(frame).nbytes == 2 * 4
    r = deserialize(header, received([frame]))
    assert r.stride() == (0, 1) and r.tolist() == broadcast.tolist()


@settings(max_examples=40)
@given(shape=st.lists(st.integers(0, 5), min_size=0, max_size=3),
       data=st.data(), dtype_name=st.sampled_from(DTYPES))
def test_views_round_trip(shape, data, dtype_name):
    t = sample(dtype_name, tuple(shape))
    index = tuple(slice(data.draw(st.integers(0, n)), None, data.draw(st.integers(1, 3)))
                  for n in shape)
    view = t[index]
    if view.dim() >= 2 and data.draw(st.booleans()):
        view = view.transpose(0, 1)
    r, (frame,) = round_trip(view)
    assert (r.shape, r.dtype, r.tolist()) == (view.shape, view.dtype, view.tolist())
    assert memoryview(frame).nbytes <= view.numel() * view.element_size()


@pytest.mark.parametrize("readonly", [False, True])
def test_a_storage_round_trips(readonly):
    s = (th.frombuffer(bytes(range(8)), dtype=th.int16) if readonly
         else th.arange(4, dtype=th.int16)).storage()
    r, (frame,) = round_trip(s)
    assert isinstance(r, th.Storage) and r.dtype == s.dtype and r.tolist() == s.tolist()
    assert r.is_readonly() == readonly
    assert th.empty(0, dtype=th.int16).set_(r).data_ptr() == address(frame)


def test_sizeof_counts_the_bytes_sent():
    base = th.zeros(1000, 100)
    assert sizeof(base) >= 400_000 > sizeof(base[:10]) >= 4000
    # a column: its 1000 elements (4000 bytes), not the 99,901 its reach spans
    assert 4000 <= sizeof(base[:, 0]) < 5000
    assert sizeof(base.storage()) >= 400_000


# ------------------------------------------------------------ a cluster

@contextlib.contextmanager
def cluster_client(processes):
    """A client of a one-worker LocalCluster, both closed on exit. Before
    closing, it waits (5 s at most) until the tensors alive in this process
    are those alive before: the worker frees released keys' data on its own
    event loop, and a worker closed before that can keep it (the leak
    harness saw a closed in-process worker's tensors left alive)."""
    before = th.debug.live().tensors
    with distributed.LocalCluster(processes=processes, n_workers=1, threads_per_worker=1,
                                  dashboard_address="127.0.0.1:0",  # 8787 may be taken
                                  worker_dashboard_address=None,
                                  silence_logs=logging.ERROR) as cluster, \
            distributed.Client(cluster) as client:
        yield client
        deadline = time.monotonic() + 5
        while th.debug.live().tensors > before and time.monotonic() < deadline:
            gc.collect()
            time.sleep(0.01)


def test_scatter_submit_gather_in_process():
    t = th.arange(12.0).reshape(3, 4)
    with cluster_client(processes=False) as client:
        future = client.scatter(t)
        doubled = client.submit(lambda x: x * 2, future)
        total = client.submit(lambda x: x.sum().item(), doubled)
        assert client.gather(doubled).tolist() == (t * 2).tolist()
        assert total.result() == 132.0
        assert client.nbytes(summary=False)[future.key] >= 48  # th's sizeof
        del future, doubled, total


def test_gather_across_processes():
    t = th.arange(1 << 16, dtype=th.float64).reshape(256, 256)
    with cluster_client(processes=True) as client:
        future = client.scatter(t[::2])  # a strided view
        summary = client.submit(lambda x: (type(x).__name__, x.shape, x.is_readonly(),
                                           x.sum().item()), future).result()
        assert summary == ("Tensor", (128, 256), False, t[::2].sum().item())
        back = client.submit(lambda x: x.t() + 1, future).result()
        assert back.shape == (256, 128) and back.tolist() == (t[::2].t() + 1).tolist()
        del future, back


# ------------------------------------------------------------ dask.array

def dask_pair(a, chunks):
    """The same data as a dask array of th chunks and of numpy chunks."""
    return da.from_array(th.from_numpy(a.copy()), chunks=chunks), da.from_array(a, chunks=chunks)


def test_from_array_keeps_th_chunks():
    t = th.arange(24.0).reshape(4, 6)
    x = da.from_array(t, chunks=(2, 4))
    # a dask array's dtype is its meta's: th's dtype, which numpy reads
    assert x.dtype == th.float32 and np.dtype(x.dtype) == np.float32
    assert isinstance(x._meta, th.Tensor) and x._meta.shape == (0, 0)
    r = x.compute()
    assert isinstance(r, th.Tensor) and r.tolist() == t.tolist()
    block = x.blocks[1, 1].compute()
    assert isinstance(block, th.Tensor) and block.tolist() == t[2:, 4:].tolist()


@settings(max_examples=15)
@given(rows=st.integers(1, 7), cols=st.integers(1, 7), chunk=st.integers(1, 4),
       axis=st.sampled_from([None, 0, 1]), seed=st.integers(0, 2**16))
def test_reductions_match_numpy(rows, cols, chunk, axis, seed):
    a = np.random.default_rng(seed).uniform(0.5, 1.5, (rows, cols)).astype(np.float32)
    x, xn = dask_pair(a, chunk)
    for name in ["sum", "mean", "max", "min", "prod"]:
        r = getattr(x, name)(axis=axis).compute()
        assert isinstance(r, th.Tensor), name
        expected = getattr(a, name)(axis=axis)
        np.testing.assert_allclose(r.numpy(), expected, rtol=1e-5, err_msg=name)
        np.testing.assert_allclose(r.numpy(), getattr(xn, name)(axis=axis).compute(),
                                   rtol=1e-5, err_msg=name)


@settings(max_examples=10)
@given(rows=st.integers(1, 7), cols=st.integers(1, 7), chunk=st.integers(1, 4),
       axis=st.sampled_from([None, 0, 1]), seed=st.integers(0, 2**16))
def test_moments_logic_and_arg_reductions_match_numpy(rows, cols, chunk, axis, seed):
    """dask computes these through numpy's names (dtype.type, astype, the
    keepdims of max over every axis): the values are numpy's, though some
    come back as numpy arrays (dask's own aggregation makes them)."""
    a = np.random.default_rng(seed).uniform(-1, 1, (rows, cols)).astype(np.float32)
    x, _ = dask_pair(a, chunk)
    for name in ["std", "var", "argmax", "argmin"]:
        r = getattr(x, name)(axis=axis).compute()
        np.testing.assert_allclose(np.asarray(r), getattr(a, name)(axis=axis), rtol=1e-4,
                                   atol=1e-6, err_msg=name)
    for name in ["any", "all"]:
        r = getattr(x > 0, name)(axis=axis).compute()
        assert isinstance(r, th.Tensor), name
        np.testing.assert_array_equal(r.numpy(), getattr(a > 0, name)(axis=axis), err_msg=name)


@settings(max_examples=10)
@given(shape=st.tuples(st.integers(1, 6), st.integers(1, 6)), chunk=st.integers(1, 4),
       seed=st.integers(0, 2**16))
def test_elementwise_slicing_rechunk_match_numpy(shape, chunk, seed):
    a = np.random.default_rng(seed).standard_normal(shape).astype(np.float32)
    x, xn = dask_pair(a, chunk)
    for f in [lambda x: x + x * 2, lambda x: da.sin(x) - 1, lambda x: x[1:, ::2],
              lambda x: x.rechunk((2, 3)), lambda x: x.map_blocks(lambda b: b * 3 + 1),
              lambda x: x.reshape(-1), lambda x: da.stack([x, x]), lambda x: x @ x.T,
              lambda x: da.einsum("ij,ij->i", x, x)]:
        r = f(x).compute()
        assert isinstance(r, th.Tensor)
        np.testing.assert_allclose(r.numpy(), f(xn).compute(), rtol=1e-5, atol=1e-5)


# ------------------------------------------------------------ registration

def run_python(code, path=()):
    """code's output in a fresh interpreter importing the th under test, with
    path's folders on sys.path too."""
    env = th_on_path()
    env["PYTHONPATH"] = os.pathsep.join([*path, env["PYTHONPATH"]])
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


CHECK = """
    from distributed.protocol.serialize import dask_deserialize, dask_serialize
    import th
    print(th.Tensor in dask_serialize._lookup, th.Storage in dask_deserialize._lookup)
"""


@pytest.mark.parametrize("first", ["import th", "import dask", "import distributed"])
def test_registered_whichever_is_imported_first(first):
    # import th itself imports neither dask nor numpy
    code = (f"import sys\n{first}\n"
            "import th; assert 'numpy' not in sys.modules or 'dask' in sys.modules\n"
            + textwrap.dedent(CHECK) +
            "from th._after_import import pending\n"
            "print(pending('dask.sizeof'), pending('distributed.protocol'))\n")
    assert run_python(code).split() == ["True", "True", "False", "False"]
