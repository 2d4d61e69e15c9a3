"""th.save writes PyTorch's zip format as torch.save 2.13 does: the same
objects built in th and in torch give the same bytes (pickle protocols 2 and
3), torch.load(weights_only=True) reads th's files with views still sharing
their storage, and th.load reads them back; anything th.load could not read
back is refused by name."""
import collections
import io
import pickle
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
from th._checkpoint_zip import _U32, ZipWriter

torch = pytest.importorskip("torch")

DTYPES = ["float32", "float64", "float16", "bfloat16", "int64", "int32", "int16", "int8",
          "uint8", "bool", "complex64", "complex128", "uint16", "uint32", "uint64"]


def pair(dtype, n=12, shape=(3, 4)):
    """The same values in th and torch (small integers: exact in every dtype)."""
    values = [(i * 7) % 5 for i in range(n)]
    ours = th.tensor(values, dtype=th.int64).to(getattr(th, dtype)).reshape(shape)
    theirs = torch.tensor(values, dtype=torch.int64).to(getattr(torch, dtype)).reshape(shape)
    return ours, theirs


def written(save, obj, **kw):
    f = io.BytesIO()
    save(obj, f, **kw)
    return f.getvalue()


def same(theirs, ours):
    assert theirs.dtype == getattr(torch, str(ours.dtype).split(".")[1])
    assert tuple(theirs.shape) == tuple(ours.shape)
    assert tuple(theirs.stride()) == tuple(ours.stride())
    assert theirs.storage_offset() == ours.storage_offset()
    assert theirs.tolist() == ours.tolist()


@pytest.mark.parametrize("dtype", DTYPES)
def test_every_dtype_byte_for_byte(dtype):
    ours, theirs = pair(dtype)
    assert written(th.save, ours) == written(torch.save, theirs)
    back = torch.load(io.BytesIO(written(th.save, ours)), weights_only=True)
    same(back, ours)
    again = th.load(io.BytesIO(written(th.save, ours)))
    assert again.dtype == ours.dtype and again.tolist() == ours.tolist()


@pytest.mark.filterwarnings("ignore:Detected pickle protocol 3")
@pytest.mark.parametrize("protocol", [2, 3])
def test_a_state_dict_of_views_byte_for_byte(protocol):
    def build(lib, base, other):
        return collections.OrderedDict([
            ("weight", base), ("rows", base[1:3]), ("cols", base[:, ::2]), ("t", base.t()),
            ("again", base), ("scalar", lib.tensor(7)), ("empty", lib.zeros(0)),
            ("nested", {"list": [other, other[1:], 3, 2.5, None, True, "s"], "tuple": (1, "x")}),
            ("dtype", lib.float16)])
    ours = build(th, th.arange(24.0).reshape(4, 6), pair("uint16", 6, (6,))[0])
    theirs = build(torch, torch.arange(24.0).reshape(4, 6), pair("uint16", 6, (6,))[1])
    data = written(th.save, ours, pickle_protocol=protocol)
    assert data == written(torch.save, theirs, pickle_protocol=protocol)
    back = torch.load(io.BytesIO(data), weights_only=True)
    assert list(back) == list(ours)
    for key in ("weight", "rows", "cols", "t", "scalar", "empty"):
        same(back[key], ours[key])
    # one storage, in torch as in th
    assert back["rows"].untyped_storage().data_ptr() == back["weight"].untyped_storage().data_ptr()
    assert back["again"] is back["weight"]
    assert len([n for n in zipfile.ZipFile(io.BytesIO(data)).namelist() if "/data/" in n]) == 4
    assert back["dtype"] is torch.float16


def test_round_trip_through_th_load():
    base = th.arange(24, dtype=th.int32).reshape(4, 6)
    obj = {"w": base, "v": base[:, 1:5:2].t(), "list": [th.ones(2, dtype=th.complex64)],
           "d": th.bfloat16}
    back = th.load(io.BytesIO(written(th.save, obj)))
    assert back["v"].tolist() == obj["v"].tolist() and back["v"].stride() == obj["v"].stride()
    assert back["d"] == th.bfloat16 and back["list"][0].dtype == th.complex64
    back["w"].fill_(0)  # one storage
    assert back["v"].sum().item() == 0


def test_paths_name_the_archive_as_torch_does(tmp_path):
    ours, theirs = pair("float32")
    (tmp_path / "th").mkdir()
    (tmp_path / "torch").mkdir()
    th.save(ours, tmp_path / "th" / "ck.v1.pt")
    torch.save(theirs, tmp_path / "torch" / "ck.v1.pt")
    assert zipfile.ZipFile(tmp_path / "th" / "ck.v1.pt").namelist()[0] == "ck.v1/data.pkl"
    assert (tmp_path / "th" / "ck.v1.pt").read_bytes() == \
        (tmp_path / "torch" / "ck.v1.pt").read_bytes()
    th.save(ours, str(tmp_path / "th" / "s.pt"))  # str, os.PathLike and bytes paths
    th.save(ours, bytes(tmp_path / "th" / "b.pt"))
    assert zipfile.ZipFile(tmp_path / "th" / "b.pt").namelist()[0] == "b/data.pkl"
    with open(tmp_path / "f.pt", "wb") as f:
        th.save(ours, f)
    assert zipfile.ZipFile(tmp_path / "f.pt").namelist()[0] == "archive/data.pkl"
    th.save(ours, tmp_path / "ünï.pt")
    assert zipfile.ZipFile(tmp_path / "ünï.pt").namelist()[0] == "archive/data.pkl"
    with pytest.raises(th.ArgumentError, match="invalid file name"):
        th.save(ours, tmp_path / ".pt")
    assert not (tmp_path / ".pt").exists()


@settings(max_examples=25)
@given(dtype=st.sampled_from(DTYPES), n=st.integers(0, 40), count=st.integers(1, 4),
       starts=st.lists(st.integers(0, 40), min_size=4, max_size=4),
       steps=st.lists(st.integers(1, 3), min_size=4, max_size=4))
def test_random_views_byte_for_byte(dtype, n, count, starts, steps):
    ours, theirs = pair(dtype, n, (n,))
    views = [(s % (n + 1), k) for s, k in zip(starts[:count], steps[:count])]
    obj_ours = [ours[s::k] for s, k in views] + [ours]
    # torch's views of the same geometry (th keeps stride 1 when slicing an empty dim)
    obj_theirs = [theirs.as_strided(v.shape, v.stride(), v.storage_offset()) for v in obj_ours]
    data = written(th.save, obj_ours)
    assert data == written(torch.save, obj_theirs)
    for back, view in zip(torch.load(io.BytesIO(data), weights_only=True), obj_ours):
        same(back, view)


def test_many_storages_serialization_id():
    """torch's id hashes the record names in a std::unordered_set's order,
    which its rehashes reshuffle: past 13, 29 and 59 records."""
    for n in (8, 30, 70):
        ours = [th.full((1,), i) for i in range(n)]
        theirs = [torch.full((1,), i) for i in range(n)]
        assert written(th.save, ours) == written(torch.save, theirs)


class Thing:
    pass


def test_what_cannot_be_saved_is_refused_by_name(tmp_path):
    with pytest.raises(pickle.PicklingError, match=r"cannot save a .*Thing"):
        th.save({"x": Thing()}, io.BytesIO())
    with pytest.raises(pickle.PicklingError, match=r"cannot save a .*Thing"):
        th.save({"x": Thing()}, tmp_path / "never.pt")
    assert not (tmp_path / "never.pt").exists()
    with pytest.raises(pickle.PicklingError, match="cannot save a builtins.set"):
        th.save([{1}], io.BytesIO())
    with pytest.raises(pickle.PicklingError, match="SparseTensor"):
        th.save(th.sparse_coo_tensor(th.tensor([[0]]), th.tensor([1.0]), (2,)), io.BytesIO())
    with pytest.raises(ValueError, match="zip format"):
        th.save(th.zeros(1), io.BytesIO(), _use_new_zipfile_serialization=False)
    with pytest.raises(ValueError, match="pickle_protocol"):
        th.save(th.zeros(1), io.BytesIO(), pickle_protocol=1)
    for protocol in (4, 5):  # written; torch's weights-only unpickler refuses FRAME
        back = th.load(io.BytesIO(written(th.save, [th.arange(3)], pickle_protocol=protocol)))
        assert back[0].tolist() == [0, 1, 2]


def test_zip64_fields_are_read_by_torch(monkeypatch):
    """Records past 4 GiB get miniz's zip64 fields; a lowered limit checks
    them on a small file (torch and zipfile both read it)."""
    import th._checkpoint_zip as z
    monkeypatch.setattr(z, "_ZIP64_AT", 100)
    data = written(th.save, {"a": th.arange(64.0), "b": th.arange(3)})
    monkeypatch.setattr(z, "_ZIP64_AT", _U32)
    assert zipfile.ZipFile(io.BytesIO(data)).testzip() is None
    back = torch.load(io.BytesIO(data), weights_only=True)
    assert back["a"].tolist() == list(range(64)) and back["b"].tolist() == [0, 1, 2]
    assert th.load(io.BytesIO(data))["a"].tolist() == list(range(64))


def test_records_are_aligned_to_64_bytes():
    data = written(th.save, [th.zeros(n, dtype=th.int8) for n in range(1, 9)])
    for info in zipfile.ZipFile(io.BytesIO(data)).infolist():
        at = info.header_offset  # the local header's name and extra lengths
        start = at + 30 + int.from_bytes(data[at + 26:at + 28], "little") + \
            int.from_bytes(data[at + 28:at + 30], "little")
        assert info.compress_type == zipfile.ZIP_STORED
        assert start % 64 == 0
        assert data[start:start + info.file_size] == zipfile.ZipFile(io.BytesIO(data)).read(info)


def test_a_stream_that_cannot_seek():
    class Stream:
        def __init__(self):
            self.parts = []

        def write(self, b):
            self.parts.append(bytes(b))
            return len(b)

    s = Stream()
    th.save(th.arange(5), s)
    assert b"".join(s.parts) == written(torch.save, torch.arange(5))
    assert ZipWriter  # the writer never seeks or tells


@pytest.mark.filterwarnings("ignore:TypedStorage is deprecated")
def test_storages_as_torch_saves_typed_storages():
    base = th.arange(6.0)
    theirs = torch.arange(6.0)
    assert written(th.save, [base.storage(), base[2:]]) == \
        written(torch.save, [theirs.storage(), theirs[2:]])
    back = torch.load(io.BytesIO(written(th.save, [base.storage(), base[2:]])), weights_only=True)
    assert back[0].tolist() == list(range(6)) and back[1].tolist() == [2.0, 3.0, 4.0, 5.0]
    s, t = th.load(io.BytesIO(written(th.save, [base.storage(), base[2:]])))
    assert isinstance(s, th.Storage) and s.tolist() == base.tolist()
    assert t.data_ptr() == s.data_ptr() + 8  # one storage
    with pytest.raises(pickle.PicklingError, match="uint16 th.Storage"):
        th.save(th.zeros(2, dtype=th.uint16).storage(), io.BytesIO())


def test_one_memory_as_two_dtypes_is_refused_as_torch_does():
    from th._interop import reinterpret_storage
    a = th.arange(4, dtype=th.int32)
    b = th.empty(0, dtype=th.float32).set_(reinterpret_storage(a.storage(), th.float32))
    with pytest.raises(th.Error, match="view the same data as different types"):
        th.save([a, b], io.BytesIO())
    with pytest.raises(RuntimeError, match="view the same data as different types"):
        theirs = torch.arange(4, dtype=torch.int32)
        torch.save([theirs, theirs.view(torch.float32)], io.BytesIO())
