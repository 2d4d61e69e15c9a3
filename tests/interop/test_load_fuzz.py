"""th.load on malformed and malicious checkpoints: bytes of valid archives
corrupted, truncated, inserted and deleted (read as a copy and mapped), and
data.pkl inside a valid zip mutated byte by byte or rewritten with refused
globals, missing storages, geometries past their storage, negative and huge
values, unknown dtypes. The rule (th.load's docstring): a pickle.UnpicklingError,
never another exception, never a crash or a read out of bounds; whatever
loads is read in full. `tox -e fuzz-load` runs the same properties long
(TH_LOAD_FUZZ_EXAMPLES examples each; a few dozen in the suite)."""
import collections
import io
import os
import pickle
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import th
from th import serialization

EXAMPLES = int(os.environ.get("TH_LOAD_FUZZ_EXAMPLES", "40"))
fuzz = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def archive_of(obj):
    f = io.BytesIO()
    th.save(obj, f)
    return f.getvalue()


def sample():
    base = th.arange(12, dtype=th.float32).reshape(3, 4)
    return collections.OrderedDict([
        ("w", base), ("t", base.t()), ("row", base[1]), ("n", [1, "s", None, (2.5, True)]),
        ("u", th.arange(5, dtype=th.uint16)), ("b", th.ones(2, dtype=th.bfloat16))])


VALID = archive_of(sample())


def touch(obj, seen=None):
    """Read every element of every tensor in obj (an out-of-bounds read
    would crash here, or show under the sanitizer env)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, th.Tensor):
        obj.tolist()
    elif isinstance(obj, dict):
        for v in obj.values():
            touch(v, seen)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            touch(v, seen)


def load_or_refuse(data, tmp_path=None):
    """th.load(data) loads (and is read in full) or is an UnpicklingError;
    with tmp_path, the same through mmap=True."""
    try:
        touch(th.load(io.BytesIO(data)))
    except pickle.UnpicklingError:
        pass
    if tmp_path is not None:
        path = tmp_path / "fuzz.pt"
        path.write_bytes(data)
        try:
            touch(th.load(path, mmap=True))
        except pickle.UnpicklingError:
            pass


def with_data_pkl(pkl, drop=(), archive=VALID):
    """archive with data.pkl replaced (a valid zip: CRCs right), some
    records dropped."""
    z = zipfile.ZipFile(io.BytesIO(archive))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as w:
        for name in z.namelist():
            if name.endswith("/data.pkl"):
                w.writestr(name, pkl)
            elif name.split("/", 1)[1] not in drop:
                w.writestr(name, z.read(name))
    return out.getvalue()


DATA_PKL = zipfile.ZipFile(io.BytesIO(VALID)).read("archive/data.pkl")


@fuzz
@given(edits=st.lists(st.tuples(st.integers(0, len(VALID) - 1), st.integers(0, 255)),
                      min_size=1, max_size=8))
def test_bytes_of_the_archive_overwritten(edits, tmp_path):
    data = bytearray(VALID)
    for at, value in edits:
        data[at] = value
    load_or_refuse(bytes(data), tmp_path)


@fuzz
@given(cut=st.integers(0, len(VALID) - 1), at=st.integers(0, len(VALID)),
       insert=st.binary(max_size=80), delete=st.integers(0, 80))
def test_archive_truncated_or_shifted(cut, at, insert, delete, tmp_path):
    load_or_refuse(VALID[:cut])
    load_or_refuse(VALID[:at] + insert + VALID[at + delete:], tmp_path)


@fuzz
@given(edits=st.lists(st.tuples(st.integers(0, len(DATA_PKL) - 1), st.integers(0, 255)),
                      min_size=1, max_size=6),
       cut=st.integers(0, len(DATA_PKL)))
def test_data_pkl_mutated_in_a_valid_zip(edits, cut):
    pkl = bytearray(DATA_PKL)
    for at, value in edits:
        pkl[at] = value
    load_or_refuse(with_data_pkl(bytes(pkl)))
    load_or_refuse(with_data_pkl(DATA_PKL[:cut]))


class Raw:
    """A reduction written as given (a test's malicious pickle)."""

    def __init__(self, func, args):
        self.func, self.args = func, args


class Pid:
    """A persistent id written as given."""

    def __init__(self, pid):
        self.pid = pid


class EvilPickler(serialization._Pickler):
    """th.save's pickler, writing also what th.save never would."""

    def persistent_id(self, obj):
        return obj.pid if type(obj) is Pid else None

    def reducer_override(self, obj):
        if type(obj) is Raw:
            return (obj.func, obj.args)
        if type(obj) is Pid:
            return NotImplemented
        return super().reducer_override(obj)


def evil_pickle(obj):
    f = io.BytesIO()
    EvilPickler(f, 2).dump(obj)
    return f.getvalue()


G = serialization._TorchGlobal
V2 = serialization._REBUILD_V2
V3 = serialization._REBUILD_V3
FLOAT = serialization._STORAGE_TYPES["float32"]
ints = st.one_of(st.integers(-3, 20), st.sampled_from([-(2 ** 63), 2 ** 62, 2 ** 63, 2 ** 64]))
geometry = st.lists(ints, max_size=4)


@fuzz
@given(offset=ints, size=geometry, stride=geometry, numel=ints,
       key=st.sampled_from(["0", "1", "9", ""]),
       storage_type=st.sampled_from([FLOAT, G("torch", "NopeStorage"), G("torch", "ByteStorage"),
                                     serialization._UNTYPED_STORAGE]),
       dtype=st.sampled_from([G("torch", "float32"), G("torch", "float99"), G("os", "system"),
                              G("torch", "uint16"), None]),
       rebuild=st.sampled_from([V2, V3, G("torch._utils", "_rebuild_parameter"),
                                G("builtins", "eval")]))
def test_crafted_tensors_and_storages(offset, size, stride, numel, key, storage_type, dtype,
                                      rebuild):
    pid = Pid(("storage", storage_type, key, "cpu", numel))
    args = (pid, offset, tuple(size), tuple(stride), False, collections.OrderedDict())
    if rebuild is V3 or dtype is None:
        args = args + (dtype,)
    load_or_refuse(with_data_pkl(evil_pickle({"x": Raw(rebuild, args)})))


def test_crafted_cases_are_refused_by_name():
    def refused(obj, match, drop=()):
        with pytest.raises(pickle.UnpicklingError, match=match):
            th.load(io.BytesIO(with_data_pkl(evil_pickle(obj), drop)))

    good = Pid(("storage", FLOAT, "0", "cpu", 12))

    def tensor(offset, size, stride, pid=good):
        return Raw(V2, (pid, offset, size, stride, False, collections.OrderedDict()))

    assert th.load(io.BytesIO(with_data_pkl(evil_pickle(tensor(1, (2,), (5,)))))).tolist() == \
        [1.0, 6.0]
    refused(tensor(0, (3, 4), (4, 1)), "record 'data/0' is missing", drop=("data/0",))
    refused(tensor(0, (13,), (1,)), "reaches element 12 of a storage of 12")
    refused(tensor(11, (2,), (1,)), "reaches element 12")
    refused(tensor(-1, (1,), (1,)), "malformed tensor geometry")
    refused(tensor(0, (-1,), (1,)), "malformed tensor geometry")
    refused(tensor(0, (2 ** 62, 2), (1, 2 ** 62)), "reaches element")
    refused(tensor(0, (2,), (1, 1)), "malformed tensor geometry")
    refused(tensor(0, (2,), ("1",)), "malformed tensor geometry")
    refused(tensor(0, (1,), (1,), Pid(("storage", FLOAT, "0", "cpu", 2 ** 62))),
            "has 48 bytes, not")
    refused(tensor(0, (1,), (1,), Pid(("storage", FLOAT, "0", "cpu", -1))),
            "malformed storage reference")
    refused(tensor(0, (1,), (1,), Pid(("storage", G("torch", "NopeStorage"), "0", "cpu", 1))),
            "torch.NopeStorage is not allowed")
    refused(Raw(V3, (Pid(("storage", serialization._UNTYPED_STORAGE, "0", "cpu", 48)), 0, (1,),
                     (1,), False, collections.OrderedDict(), G("torch", "float99"))),
            "torch.float99 is not allowed")
    untyped = Pid(("storage", serialization._UNTYPED_STORAGE, "1", "cpu", 10))  # "u"'s bytes
    refused(Raw(V3, (untyped, 0, (1,), (1,), False, collections.OrderedDict(),
                     G("torch", "int32"))), "no whole number")
    refused(Raw(V2, (untyped, 0, (1,), (1,), False, collections.OrderedDict())),
            "an untyped storage without a dtype")
    refused([tensor(0, (1,), (1,)), Pid(("storage", G("torch", "IntStorage"), "0", "cpu", 12))],
            "storage '0' is named as float32 and as int32")
    refused(Raw(V3, (good, 0, (1,), (1,), False, collections.OrderedDict(),
                     G("torch", "int32"))), "a th.float32 storage read as th.int32")
    refused(Raw(G("os", "system"), ("true",)), "os.system is not allowed")
    refused(Raw(V2, (1, 2)), r"malformed checkpoint \(TypeError")
    refused(Raw(V2, (1, 0, (1,), (1,), False, None)), "a tensor without a storage")
    with pytest.raises(pickle.UnpicklingError, match="malformed checkpoint"):
        th.load(io.BytesIO(with_data_pkl(b"\x80\x02\xff.")))  # an unknown opcode
    with pytest.raises(pickle.UnpicklingError, match="no <name>/data.pkl"):
        th.load(io.BytesIO(with_data_pkl(DATA_PKL, drop=("data.pkl",)).replace(
            b"data.pkl", b"data.pkx")))
    with pytest.raises(pickle.UnpicklingError, match="not a torch.save zip archive"):
        th.load(io.BytesIO(VALID[:100]))
