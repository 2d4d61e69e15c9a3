"""th tensors through Ray: `ray.get` maps the object store, it does not copy
(a read-only tensor over the store's memory, as numpy gets a read-only
array), and a task receives a large tensor the same way."""
import pytest

import th

ray = pytest.importorskip("ray")

GiB = 1 << 30


def mapping_of(address):
    """The line of /proc/self/maps whose range holds address."""
    with open("/proc/self/maps") as maps:
        for line in maps:
            start, stop = (int(x, 16) for x in line.split()[0].split("-"))
            if start <= address < stop:
                return line.rstrip()
    raise AssertionError(f"{address:#x} is in no mapping")


def in_object_store(address):
    return "plasma" in mapping_of(address)  # ray's store: /dev/shm/plasma* (or /tmp)


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=1, include_dashboard=False, logging_level="ERROR",
             object_store_memory=3 * GiB)
    yield
    ray.shutdown()


@ray.remote
def inspect(tensors):
    """Where the task's tensors lie, from inside the worker."""
    t, *views = tensors
    return ([in_object_store(x.data_ptr()) for x in tensors], t.is_readonly(),
            float(t[-1].item()), [x.storage() is t.storage() for x in views])


def test_get_maps_the_object_store(cluster):
    t = th.arange(1 << 20, dtype=th.float32)
    u = ray.get(ray.put(t))
    assert u.equal(t) and u.dtype is th.float32
    assert in_object_store(u.data_ptr()) and u.is_readonly()
    with pytest.raises(RuntimeError, match="read-only"):
        u.add_(1)
    w = u.clone()  # a copy to write into
    w.add_(1)
    assert not w.is_readonly() and w[0].item() == 1.0
    numpy = pytest.importorskip("numpy")  # as numpy's arrays come back
    assert not ray.get(ray.put(numpy.arange(4))).flags.writeable


@pytest.mark.parametrize("dtype", [th.bfloat16, th.complex128, th.bool, th.uint64, th.int8])
def test_every_dtype_round_trips(cluster, dtype):
    t = th.empty(3, 5, dtype=dtype).copy_(th.arange(15).view(3, 5) % 4)
    u = ray.get(ray.put(t.t()))  # a transposed view: its span, geometry kept
    assert u.dtype is dtype and u.stride() == (1, 5) and u.tolist() == t.t().tolist()


def test_a_task_receives_a_gibibyte_without_a_copy(cluster):
    t = th.empty(GiB // 4, dtype=th.float32)
    t[-1] = 7.0
    ref = ray.put([t])
    del t
    where, readonly, last, shared = ray.get(inspect.remote(ref))
    assert where == [True] and readonly and last == 7.0


def test_views_put_together_stay_one_storage(cluster):
    base = th.arange(1 << 20, dtype=th.int64)  # large enough to live in the store
    ref = ray.put((base, base[10:20], base[500:]))
    whole, a, b = ray.get(ref)
    assert a.storage() is whole.storage() is b.storage() and a.tolist() == list(range(10, 20))
    assert in_object_store(whole.data_ptr()) and whole.is_readonly()
    where, readonly, last, shared = ray.get(inspect.remote(ref))  # in a worker
    assert where == [True, True, True] and shared == [True, True] and last == (1 << 20) - 1


def test_a_view_ships_only_what_it_reaches(cluster):
    big = th.zeros(1 << 24, dtype=th.float64)  # 128 MiB
    big[100:110] = 3.0
    ref, whole = ray.put(big[100:110]), ray.put(big)
    del big
    v = ray.get(ref)
    assert v.tolist() == [3.0] * 10 and len(v.storage()) == 10
    sizes = ray.experimental.get_object_locations([ref, whole])
    assert sizes[ref]["object_size"] < 1000  # ten elements, not 128 MiB
    assert sizes[whole]["object_size"] > 128 << 20
