"""th.load reads torch.save's checkpoints (PyTorch's zip format) without
PyTorch: the files are written by torch 2.13 in the test, read by th, and
compared value for value; anything but tensors and plain containers is
refused, and a malformed file is an error, never a read out of bounds."""
import collections
import gc
import io
import os
import pickle
import zipfile

import pytest

import th

torch = pytest.importorskip("torch")

DTYPES = ["float32", "float64", "float16", "bfloat16", "int64", "int32", "int16", "int8",
          "uint8", "bool", "complex64", "complex128", "uint16", "uint32", "uint64"]


def saved(obj):
    f = io.BytesIO()
    torch.save(obj, f)
    f.seek(0)
    return f


def same(ours, theirs):
    assert ours.dtype == getattr(th, str(theirs.dtype).split(".")[1])
    assert tuple(ours.shape) == tuple(theirs.shape)
    assert tuple(ours.stride()) == tuple(theirs.stride())
    assert ours.tolist() == theirs.tolist()


@pytest.mark.parametrize("dtype", DTYPES)
def test_every_dtype(dtype):
    t = (torch.arange(12) % 5).to(getattr(torch, dtype)).reshape(3, 4)
    same(th.load(saved(t)), t)


def test_a_state_dict_with_views_sharing_a_storage(tmp_path):
    base = torch.arange(24.0).reshape(4, 6)
    sd = collections.OrderedDict(
        [("weight", base), ("rows", base[1:3]), ("cols", base[:, ::2]), ("t", base.t()),
         ("nested", {"list": [torch.zeros(0), torch.tensor(7)], "n": 3, "s": "x"})])
    path = tmp_path / "ck.pt"
    torch.save(sd, path)
    ours = th.load(str(path))
    assert isinstance(ours, collections.OrderedDict) and list(ours) == list(sd)
    for key in ("weight", "rows", "cols", "t"):
        same(ours[key], sd[key])
    same(ours["nested"]["list"][0], sd["nested"]["list"][0])
    same(ours["nested"]["list"][1], sd["nested"]["list"][1])
    assert ours["nested"]["n"] == 3 and ours["nested"]["s"] == "x"
    # one storage, as in torch: writing the base shows in the views
    ours["weight"].fill_(1)
    assert ours["rows"].sum().item() == 12 and ours["t"].sum().item() == 24


def test_a_module_state_dict_loads():
    m = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.BatchNorm1d(3))
    sd = m.state_dict()
    ours = th.load(saved(sd))
    assert list(ours) == list(sd)
    for key in sd:
        same(ours[key], sd[key])


class Evil:
    def __reduce__(self):
        return (print, ("code from the file ran",))


def test_code_in_the_file_never_runs(capsys):
    with pytest.raises(pickle.UnpicklingError, match=r"print is not allowed in a weights-only load"):
        th.load(saved({"x": Evil()}))
    assert "ran" not in capsys.readouterr().out


def test_malformed_files_are_errors():
    with pytest.raises(pickle.UnpicklingError, match="not a torch.save zip archive"):
        th.load(io.BytesIO(b"not a zip"))
    # a tensor that reaches past its storage
    good = saved(torch.arange(4.0))
    z = zipfile.ZipFile(good)
    files = {n: z.read(n) for n in z.namelist()}
    record = [n for n in files if n.endswith("/data/0")][0]
    files[record] = files[record][:8]  # two of four floats
    bad = io.BytesIO()
    with zipfile.ZipFile(bad, "w") as out:
        for n, data in files.items():
            out.writestr(n, data)
    bad.seek(0)
    with pytest.raises(pickle.UnpicklingError, match="has 8 bytes, not 16"):
        th.load(bad)
    with pytest.raises(ValueError, match="weights-only"):
        th.load(saved(torch.zeros(1)), weights_only=False)
    with pytest.raises(ValueError, match="cpu only"):
        th.load(saved(torch.zeros(1)), map_location="cuda")


def mappings_of(path):
    """The address ranges of path mapped into this process (/proc/self/maps)."""
    ranges = []
    with open("/proc/self/maps") as maps:
        for line in maps:
            fields = line.split()
            if len(fields) >= 6 and fields[5] == str(path):
                start, end = (int(v, 16) for v in fields[0].split("-"))
                ranges.append((start, end))
    return ranges


@pytest.mark.skipif(not os.path.exists("/proc/self/maps"), reason="needs /proc/self/maps")
@pytest.mark.parametrize("dtype", DTYPES)
def test_mmap_maps_the_records_in_place(tmp_path, dtype):
    path = tmp_path / "ck.pt"
    base = (torch.arange(24) % 5).to(getattr(torch, dtype))
    torch.save({"w": base.reshape(4, 6), "v": base[3:9], "e": torch.zeros(0)}, path)
    ours = th.load(path, mmap=True)
    ranges = mappings_of(path)
    assert ranges, "the file is not mapped"
    for key in ("w", "v"):
        ptr = ours[key].data_ptr()
        assert any(start <= ptr < end for start, end in ranges)  # no copy
        same(ours[key], {"w": base.reshape(4, 6), "v": base[3:9]}[key])
    assert ours["v"].data_ptr() - ours["w"].data_ptr() == 3 * ours["w"].element_size()
    # copy-on-write: a write stays in memory, the file keeps its bytes
    before = path.read_bytes()
    ours["w"].fill_(1)
    assert path.read_bytes() == before
    assert ours["v"].tolist() == th.ones(6, dtype=ours["v"].dtype).tolist()
    os.remove(path)  # the mapping outlives the file's name
    assert ours["w"].sum().item() == 24
    del ours
    gc.collect()
    assert not mappings_of(path) and not mappings_of(str(path) + " (deleted)")


def test_mmap_with_a_file_object_outlives_it(tmp_path):
    path = tmp_path / "ck.pt"
    th.save({"a": th.arange(10.0)}, path)
    with open(path, "rb") as f:
        ours = th.load(f, mmap=True)
    assert f.closed and ours["a"].tolist() == list(range(10))
    assert any(s <= ours["a"].data_ptr() < e for s, e in mappings_of(path))
    with pytest.raises(ValueError, match="file path or a file with a descriptor"):
        th.load(io.BytesIO(path.read_bytes()), mmap=True)


def test_mmap_refuses_compressed_records(tmp_path):
    z = zipfile.ZipFile(saved(torch.arange(4.0)))
    path = tmp_path / "deflated.pt"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for n in z.namelist():
            out.writestr(n, z.read(n))
    assert th.load(path).tolist() == [0.0, 1.0, 2.0, 3.0]  # copied: deflate is read
    with pytest.raises(pickle.UnpicklingError, match="is compressed"):
        th.load(path, mmap=True)


def test_a_container_holding_itself_loads():
    a = []
    a.append(a)
    a.append(torch.ones(2))
    ours = th.load(saved(a))
    assert ours[0] is ours and ours[1].tolist() == [1.0, 1.0]


def test_dtypes_load_as_th_dtypes():
    assert th.load(saved([torch.bfloat16, torch.uint32])) == [th.bfloat16, th.uint32]


@pytest.mark.filterwarnings("ignore:TypedStorage is deprecated")
def test_bare_storages_load_as_th_storages():
    typed, untyped = th.load(saved([torch.arange(3.0).storage(),
                                    torch.tensor([1, 2], dtype=torch.int16).untyped_storage()]))
    assert isinstance(typed, th.Storage) and typed.dtype == th.float32
    assert typed.tolist() == [0.0, 1.0, 2.0]
    assert untyped.dtype == th.uint8 and untyped.tolist() == [1, 0, 2, 0]


def test_uint_views_of_one_untyped_storage_share_it():
    base = torch.arange(6).to(torch.uint32)
    ours = th.load(saved([base, base[2:], base.untyped_storage()]))
    assert ours[1].data_ptr() - ours[0].data_ptr() == 8
    ours[0].fill_(7)
    assert ours[1].tolist() == [7] * 4 and ours[2].tolist()[:4] == [7, 0, 0, 0]


def test_record_bytes_are_crc_checked_unless_mapped(tmp_path):
    data = bytearray(saved(torch.arange(16.0)).getvalue())
    at = bytes(data).index(bytes(torch.arange(16.0).numpy().tobytes()[4:8]))
    data[at] ^= 1  # a bit of element 1
    with pytest.raises(pickle.UnpicklingError, match="fails its CRC check"):
        th.load(io.BytesIO(bytes(data)))
    path = tmp_path / "flipped.pt"
    path.write_bytes(bytes(data))
    assert th.load(path, mmap=True)[1].item() != 1.0  # as torch's mmap: not checked


def test_a_file_object_with_read_and_seek_only():
    class Plain:
        def __init__(self, data):
            self.f = io.BytesIO(data)

        def read(self, n=-1):
            return self.f.read(n)

        def seek(self, *args):
            return self.f.seek(*args)

        def tell(self):
            return self.f.tell()

        def seekable(self):
            return True

    ours = th.load(Plain(saved({"a": torch.arange(5)}).getvalue()))
    assert ours["a"].tolist() == [0, 1, 2, 3, 4]
