"""th.save and th.load: PyTorch checkpoints (torch.save's zip format)
without PyTorch (docs/TORCH.md, "Checkpoints").

th.save writes what torch.save 2.13 writes for the same tensors and
containers, byte for byte (data.pkl pickled at protocol 2 with torch's
persistent ids for storages, each storage once; torch's zip container is
th/_checkpoint_zip.py).

th.load reads data.pkl with an allowlist unpickler (as torch's
weights_only=True): only tensors, their storages and dtypes, OrderedDict and
plain Python containers and scalars load, and no code from the file runs.
Tensors that shared a storage share one here; with mmap=True the storages
are the file's records mapped copy-on-write. Anything wrong with a file is a
pickle.UnpicklingError.
"""
import collections
import ctypes
import io
import mmap as _mmap
import os
import pickle
import sys
import typing
import zipfile
import zlib

import th
from th._checkpoint_zip import ZipWriter
from th._interop import storage_bytes, storage_from_buffer

__all__ = ["load", "save"]

# torch's typed storage classes (the persistent ids of torch.save) -> dtype
_STORAGE_DTYPES = {
    "FloatStorage": "float32", "DoubleStorage": "float64", "HalfStorage": "float16",
    "BFloat16Storage": "bfloat16", "LongStorage": "int64", "IntStorage": "int32",
    "ShortStorage": "int16", "CharStorage": "int8", "ByteStorage": "uint8",
    "BoolStorage": "bool", "ComplexFloatStorage": "complex64",
    "ComplexDoubleStorage": "complex128",
}
# torch dtypes by their names in a pickle (torch.uint16 ...)
_DTYPES = {"float32", "float64", "float16", "bfloat16", "int64", "int32", "int16", "int8",
           "uint8", "bool", "complex64", "complex128", "uint16", "uint32", "uint64"}


class _Unpickler(pickle.Unpickler):
    """torch's weights-only unpickler for th: GLOBALs resolve only to
    tensor rebuilders (fresh for each load, so nothing a file does to them
    outlives it), storage types, th dtypes and OrderedDict."""

    def __init__(self, file, archive):
        super().__init__(file)
        self.archive = archive

        def rebuild_v2(storage, offset, size, stride, requires_grad, hooks, *rest):
            return archive.tensor(storage, None, offset, size, stride)

        def rebuild_v3(storage, offset, size, stride, requires_grad, hooks, dtype, *rest):
            return archive.tensor(storage, dtype, offset, size, stride)

        self.globals = {("torch._utils", "_rebuild_tensor_v2"): rebuild_v2,
                        ("torch._utils", "_rebuild_tensor_v3"): rebuild_v3,
                        ("collections", "OrderedDict"): collections.OrderedDict,
                        ("torch.storage", "UntypedStorage"): ("storage", None)}

    def find_class(self, module, name):
        found = self.globals.get((module, name))
        if found is not None:
            return found
        if module == "torch" and name in _STORAGE_DTYPES:
            return ("storage", _STORAGE_DTYPES[name])
        if module == "torch" and name in _DTYPES:
            return getattr(th, name)
        raise pickle.UnpicklingError(
            f"th.load: {module}.{name} is not allowed in a weights-only load (only tensors, "
            f"their storages, dtypes and plain containers load; no code from the file runs)")

    def persistent_load(self, pid):
        if (not isinstance(pid, tuple) or len(pid) != 5 or pid[0] != "storage"
                or not (isinstance(pid[1], tuple) and len(pid[1]) == 2
                        and pid[1][0] == "storage")
                or not isinstance(pid[2], str) or type(pid[4]) is not int or pid[4] < 0):
            raise pickle.UnpicklingError(f"th.load: malformed storage reference {pid!r}"[:200])
        return self.archive.storage(pid[2], pid[1][1], pid[4])


class _Archive:
    """A torch.save zip archive being loaded: its records, and the storages
    made from them (each once, shared by every tensor that names it)."""

    def __init__(self, zf, mapped):
        self.zf, self.mapped = zf, mapped  # mapped: the file's bytes mapped, or None
        self.infos = {info.filename: info for info in zf.infolist()}
        pkl = [n for n in self.infos if n.endswith("/data.pkl") and n.count("/") == 1]
        if len(pkl) != 1:
            raise pickle.UnpicklingError("th.load: the archive has no <name>/data.pkl")
        self.root = pkl[0][: -len("data.pkl")]
        self.storages = {}  # key -> (its dtype's name, None when untyped; th.Storage)
        self.untyped_ids = set()  # id() of the untyped ones among them
        self.views = {}  # (an untyped storage's address, dtype) -> th.Storage over its bytes

    def info(self, name, nbytes=None):
        """A record's directory entry (its size checked to be nbytes)."""
        info = self.infos.get(self.root + name)
        if info is None:
            raise pickle.UnpicklingError(f"th.load: record {name!r} is missing")
        if nbytes is not None and info.file_size != nbytes:
            raise pickle.UnpicklingError(
                f"th.load: storage {name!r} has {info.file_size} bytes, not {nbytes}")
        if info.compress_type == zipfile.ZIP_STORED:
            if info.compress_size != info.file_size:
                raise pickle.UnpicklingError(f"th.load: stored record {name!r} has two sizes")
        elif info.compress_type != zipfile.ZIP_DEFLATED or self.mapped is not None:
            raise pickle.UnpicklingError(
                f"th.load: record {name!r} is compressed (method {info.compress_type}); torch.save "
                f"stores records, mmap=True maps stored records only, and a copy reads deflate")
        elif info.file_size > 1032 * info.compress_size + 64:  # more than deflate can give
            raise pickle.UnpicklingError(f"th.load: record {name!r} claims {info.file_size} "
                                         f"bytes from {info.compress_size} deflated")
        return info

    def read(self, name):
        """A record's bytes (data.pkl)."""
        info = self.info(name)
        if self.mapped is not None:
            return bytes(self.mapped[self._data_range(info)])
        return self.zf.read(info)

    def _data_range(self, info):
        """Where a stored record's bytes lie in the file (after its local
        header, whose name and extra fields may differ from the directory's),
        checked to lie inside it."""
        at = info.header_offset
        if self.mapped is not None:
            header, end = bytes(self.mapped[at:at + 30]), len(self.mapped)
        else:
            fp = self.zf.fp
            end = fp.seek(0, io.SEEK_END)
            fp.seek(at)
            header = fp.read(30)
        if len(header) != 30 or header[:4] != b"PK\x03\x04":
            raise pickle.UnpicklingError(f"th.load: record {info.filename!r}: no local header")
        start = at + 30 + int.from_bytes(header[26:28], "little") + int.from_bytes(
            header[28:30], "little")
        if start + info.file_size > end:
            raise pickle.UnpicklingError(f"th.load: record {info.filename!r} reaches past the end "
                                         f"of the file")
        return slice(start, start + info.file_size)

    def record_storage(self, name, dtype, numel):
        """A storage of numel elements of dtype over a record: mapped, its
        bytes in place; else read straight into a new storage (its CRC
        checked) or, deflated, through zipfile. Nothing is allocated before
        the record's size is checked against the file."""
        info = self.info(name, numel * th.empty(0, dtype=dtype).element_size())
        if info.compress_type != zipfile.ZIP_STORED or (
                self.mapped is None and not hasattr(self.zf.fp, "readinto")):
            return storage_from_buffer(self.zf.read(info), dtype, numel)
        where = self._data_range(info)
        if self.mapped is not None:
            return storage_from_buffer(self.mapped[where], dtype, numel)
        storage = th.Storage(numel, dtype=dtype)
        view = storage_bytes(storage) if numel else memoryview(b"")
        fp, done = self.zf.fp, 0
        fp.seek(where.start)
        while done < len(view):
            got = fp.readinto(view[done:])
            if not got:
                raise pickle.UnpicklingError(f"th.load: record {name!r} is truncated")
            done += got
        if zlib.crc32(view) != info.CRC:
            raise pickle.UnpicklingError(f"th.load: record {name!r} fails its CRC check")
        return storage

    def storage(self, key, dtype_name, numel):
        """The storage a persistent id names, read once: typed (numel
        elements of its dtype), or untyped (numel bytes: a uint8 storage)."""
        if key not in self.storages:
            dtype = th.uint8 if dtype_name is None else getattr(th, dtype_name)
            self.storages[key] = (dtype_name, self.record_storage("data/" + key, dtype, numel))
            if dtype_name is None:  # (self.storages keeps it alive: its id stays its own)
                self.untyped_ids.add(id(self.storages[key][1]))
        typed, storage = self.storages[key]
        if typed != dtype_name:
            raise pickle.UnpicklingError(f"th.load: storage {key!r} is named as {typed} and as "
                                         f"{dtype_name}")
        return storage

    def tensor(self, storage, dtype, offset, size, stride):
        if not isinstance(storage, th.Storage):
            raise pickle.UnpicklingError("th.load: a tensor without a storage")
        if dtype is None or storage.dtype == dtype:
            if self.untyped(storage):
                raise pickle.UnpicklingError("th.load: an untyped storage without a dtype")
            dtype = storage.dtype
        elif not isinstance(dtype, th.dtype) or not self.untyped(storage):
            raise pickle.UnpicklingError(f"th.load: a {storage.dtype} storage read as {dtype!r}")
        else:
            storage = self.reinterpret(storage, dtype)
        size, stride = _geometry(offset, size, stride, storage.size())
        return th.empty(0, dtype=dtype).set_(storage, offset, size, stride)

    def untyped(self, storage):
        return id(storage) in self.untyped_ids

    def reinterpret(self, storage, dtype):
        """An untyped storage's bytes as elements of dtype, in place (the
        new storage keeps the bytes' storage alive), once per dtype."""
        key = (storage._cdata, dtype)
        if key not in self.views:
            item = th.empty(0, dtype=dtype).element_size()
            if storage.nbytes() % item:
                raise pickle.UnpicklingError(f"th.load: a storage of {storage.nbytes()} bytes is "
                                             f"no whole number of {dtype} elements")
            data = memoryview(storage) if storage.nbytes() else b""
            self.views[key] = storage_from_buffer(data, dtype, storage.nbytes() // item)
        return self.views[key]


def _geometry(offset, size, stride, numel):
    """size and stride as tuples, checked to lie inside a storage of numel
    elements from offset (a malformed file is an error, never a read out of
    bounds)."""
    if not (isinstance(size, (tuple, list)) and isinstance(stride, (tuple, list))
            and len(size) == len(stride) <= 64 and type(offset) is int
            and all(type(v) is int for v in (*size, *stride))
            and offset >= 0 and all(v >= 0 for v in (*size, *stride))):
        raise pickle.UnpicklingError(f"th.load: malformed tensor geometry: offset {offset!r}, "
                                     f"size {size!r}, stride {stride!r}"[:300])
    if 0 not in size:
        last = offset + sum((n - 1) * st for n, st in zip(size, stride))
        if last >= numel:
            raise pickle.UnpicklingError(
                f"th.load: a tensor reaches element {last} of a storage of {numel}")
    elif offset > numel:
        raise pickle.UnpicklingError(f"th.load: offset {offset} past a storage of {numel}")
    return tuple(size), tuple(stride)


def load(f: object, map_location: object = None, weights_only: bool = True,
         mmap: bool = False) -> object:
    """The object torch.save (or th.save) wrote to f (a path, an
    os.PathLike or a binary file object), its tensors th tensors. Tensors
    that shared a storage share one. Only weights-only loads exist
    (weights_only=False is refused): an allowlist unpickler loads tensors,
    their storages, dtypes, OrderedDict and plain Python values, and no code
    from the file runs. map_location may be None or "cpu" (th has the cpu
    only).

    mmap=True maps the file copy-on-write (as torch's mmap=True, MAP_PRIVATE)
    and the storages are its records in place, without a copy: writes to
    the tensors stay in memory, never reach the file, and the mapping lives
    as long as a tensor over it (closing or deleting the file is harmless).
    f must then be a path (as torch) or a file with a descriptor; every
    storage record must be stored uncompressed (torch.save's are), and one
    not aligned to its elements (torch aligns them to 64 bytes) is copied.

    Errors: anything wrong with the file's contents (not a zip archive, a
    truncated or corrupt record, a bad pickle, a refused global, a storage
    missing or too short, a tensor reaching past its storage) is a
    pickle.UnpicklingError, the cause chained; wrong arguments are
    ValueError; a path that cannot be opened is the OSError of open.

    >>> import io
    >>> f = io.BytesIO()
    >>> th.save({"w": th.ones(2, 2)}, f)
    >>> _ = f.seek(0)
    >>> th.load(f)["w"].sum().item()
    4.0
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "ck.pt")
    >>> th.save([th.arange(3)], path)
    >>> mapped = th.load(path, mmap=True)  # the record in place, copy-on-write
    >>> os.remove(path)  # the mapping outlives the name
    >>> os.rmdir(os.path.dirname(path))
    >>> mapped[0].tolist()
    [0, 1, 2]
    """
    if not weights_only:
        raise ValueError("th.load: only weights-only loads exist (no code from the file runs)")
    if map_location is not None and str(map_location) != "cpu":
        raise ValueError(f"th.load: map_location {map_location!r}: th has the cpu only")
    path = isinstance(f, (str, bytes, os.PathLike))
    if mmap and not path and not _has_descriptor(f):
        raise ValueError("th.load: mmap=True needs a file path or a file with a descriptor")
    file: typing.Any = open(f, "rb") if isinstance(f, (str, bytes, os.PathLike)) else f
    try:
        mapped = _map(file) if mmap else None
        try:
            return _load(file, mapped)
        except pickle.UnpicklingError as e:
            if str(e).startswith("th.load"):
                raise
            raise pickle.UnpicklingError(f"th.load: a malformed checkpoint ({e})"[:500]) from e
        except Exception as e:
            raise pickle.UnpicklingError(
                f"th.load: a malformed checkpoint ({type(e).__name__}: {e})"[:500]) from e
    finally:
        if path:
            file.close()


def _has_descriptor(f):
    try:
        f.fileno()
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is both
        return False
    return True


def _map(file):
    """The whole file mapped copy-on-write (the storages over it keep it,
    and so the mapping, alive through their buffer exports)."""
    fd = file.fileno()
    if os.fstat(fd).st_size == 0:
        raise pickle.UnpicklingError("th.load: an empty file is not a checkpoint")
    return _mmap.mmap(fd, 0, flags=_mmap.MAP_PRIVATE, prot=_mmap.PROT_READ | _mmap.PROT_WRITE)


def _load(file, mapped):
    """mapped: the file mapped (its records are then read from the mapping)."""
    try:
        zf = zipfile.ZipFile(file)
    except zipfile.BadZipFile as e:
        raise pickle.UnpicklingError(f"th.load: not a torch.save zip archive ({e}; th reads "
                                     f"the zip format torch.save writes since torch 1.6)") from None
    with zf:
        archive = _Archive(zf, None if mapped is None else memoryview(mapped))
        order = archive.infos.get(archive.root + "byteorder")
        if order is not None and zf.read(order).strip() not in (b"little", b""):
            raise pickle.UnpicklingError("th.load: a big-endian archive")
        return _Unpickler(io.BytesIO(archive.read("data.pkl")), archive).load()


class _TorchGlobal:
    """A name of torch's (module.name) that th.save writes as a pickle
    GLOBAL without importing torch. Callable, as pickle wants the function
    of a reduction to be; never called."""

    def __init__(self, module, name):
        self.module, self.name = module, name

    def __call__(self, *args):
        raise TypeError(f"{self.module}.{self.name} is a name in a checkpoint, not code")


_REBUILD_V2 = _TorchGlobal("torch._utils", "_rebuild_tensor_v2")
_REBUILD_V3 = _TorchGlobal("torch._utils", "_rebuild_tensor_v3")
_UNTYPED_STORAGE = _TorchGlobal("torch.storage", "UntypedStorage")
_STORAGE_TYPES = {dtype: _TorchGlobal("torch", name) for name, dtype in _STORAGE_DTYPES.items()}
_TORCH_DTYPES = {name: _TorchGlobal("torch", name) for name in sorted(_DTYPES)}
# torch 2.13 pickles these dtypes' tensors with an untyped storage (storage._new_dtypes())
_V3_DTYPES = {"uint16", "uint32", "uint64"}
# what a weights-only load reads back, besides tensors and dtypes
_PLAIN = {dict, collections.OrderedDict, list, tuple, str, int, float, bool, type(None)}


class _StorageRef:
    """A tensor's storage as its reduction names it (torch: a TypedStorage
    made for each tensor, or the untyped storage for the v3 dtypes)."""

    def __init__(self, storage, typed):
        self.storage, self.typed = storage, typed


class _Pickler(pickle._Pickler):
    """torch.save's PyTorchPickler for th's objects. The pure-Python
    pickler writes the same bytes as the C one torch uses, and lets torch's
    names be written as GLOBALs without importing them (the C pickler
    imports every global it writes, to check it)."""

    dispatch: typing.ClassVar[dict[typing.Any, typing.Any]] = dict(pickle._Pickler.dispatch)

    def __init__(self, file, protocol):
        super().__init__(file, protocol)
        self.keys = {}  # the C storage's address -> its record's key (one string each)
        self.storages = {}  # key -> th.Storage, in the order first seen
        self.dtypes = {}  # data address -> dtype (torch refuses two dtypes over one data)

    def persistent_id(self, obj):
        if type(obj) is th.Storage:  # saved as torch saves a TypedStorage
            if str(obj.dtype).split(".")[1] in _V3_DTYPES:
                raise pickle.PicklingError(f"th.save: cannot save a {obj.dtype} th.Storage (torch "
                                           f"has no typed storage of it): save a tensor over it")
            obj = _StorageRef(obj, True)
        if type(obj) is not _StorageRef:
            return None
        storage = obj.storage
        dtype = str(storage.dtype).split(".")[1]
        address = storage.data_ptr()
        if address and self.dtypes.setdefault(address, dtype) != dtype:
            raise th.Error("th.save: cannot save multiple tensors or storages that view the "
                           "same data as different types (as torch.save)")
        key = self.keys.setdefault(storage._cdata, str(len(self.keys)))
        self.storages.setdefault(key, storage)
        if obj.typed:
            return ("storage", _STORAGE_TYPES[dtype], key, "cpu", storage.size())
        return ("storage", _UNTYPED_STORAGE, key, "cpu", storage.nbytes())

    def reducer_override(self, obj):
        t = type(obj)
        if t is th.Tensor:
            return _reduce_tensor(obj)
        if t in _PLAIN or t is _TorchGlobal or t is th.dtype or obj is collections.OrderedDict:
            return NotImplemented
        raise pickle.PicklingError(
            f"th.save: cannot save a {t.__module__}.{t.__qualname__} (th.save writes dense "
            f"th.Tensor, th.Storage, th.dtype, dict, OrderedDict, list, tuple, str, int, float, "
            f"bool and None: what torch.load(weights_only=True) and th.load read back)")

    def save_torch_global(self, obj):
        if self.proto >= 4:
            self.save(obj.module)
            self.save(obj.name)
            self.write(pickle.STACK_GLOBAL)
        else:
            self.write(pickle.GLOBAL + f"{obj.module}\n{obj.name}\n".encode())
        self.memoize(obj)

    def save_dtype(self, obj):
        self.save(_TORCH_DTYPES[str(obj).split(".")[1]])

    dispatch[_TorchGlobal] = save_torch_global
    dispatch[th.dtype] = save_dtype


def _reduce_tensor(t):
    """Tensor.__reduce_ex__ of torch 2.13 for a dense tensor with no
    Python state: (_rebuild_tensor_v2, (storage, offset, size, stride,
    requires_grad, backward_hooks)), v3 with the dtype for the new dtypes."""
    if t.is_sparse:
        raise pickle.PicklingError("th.save: cannot save a sparse tensor")
    dtype = str(t.dtype).split(".")[1]
    typed = dtype not in _V3_DTYPES
    args = (_StorageRef(t.storage(), typed), t.storage_offset(), tuple(t.shape),
            tuple(t.stride()), False, collections.OrderedDict())
    if typed:
        return (_REBUILD_V2, args)
    return (_REBUILD_V3, args + (_TORCH_DTYPES[dtype],))


def save(obj: object, f: object, pickle_protocol: int = 2,
         _use_new_zipfile_serialization: bool = True) -> None:
    """Write obj to f (a path, an os.PathLike or a binary file object) as
    torch.save does: PyTorch's zip format, which torch.load(f,
    weights_only=True) and th.load read. obj is th tensors (every dtype),
    storages (as torch's typed storages), th dtypes, dicts, OrderedDicts,
    lists, tuples, str, int, float, bool and None, nested; anything else is
    a pickle.PicklingError naming its type, raised before f is written.
    Tensors that share a storage share one record (each view keeps its
    offset, size and stride). The file is byte for byte what torch.save
    writes for the same objects at pickle_protocol 2 (the default) and 3;
    4 and 5 are written too. _use_new_zipfile_serialization=False (torch's
    legacy format) is refused.

    >>> import io
    >>> base = th.arange(6.0).reshape(2, 3)
    >>> f = io.BytesIO()
    >>> th.save({"w": base, "row": base[1]}, f)
    >>> _ = f.seek(0)
    >>> back = th.load(f)
    >>> back["row"].tolist(), back["row"].storage_offset()
    ([3.0, 4.0, 5.0], 3)
    """
    if not _use_new_zipfile_serialization:
        raise ValueError("th.save: only the zip format (_use_new_zipfile_serialization=True) "
                         "is written")
    if (not isinstance(pickle_protocol, int) or isinstance(pickle_protocol, bool)
            or not 2 <= pickle_protocol <= pickle.HIGHEST_PROTOCOL):
        raise ValueError(f"th.save: pickle_protocol must be 2 to {pickle.HIGHEST_PROTOCOL}, "
                         f"not {pickle_protocol!r}")
    data = io.BytesIO()
    pickler = _Pickler(data, pickle_protocol)
    pickler.dump(obj)
    if isinstance(f, (str, bytes, os.PathLike)):
        path = os.fsdecode(f)
        name = _archive_name(path)  # before the file is created
        with open(path, "wb") as out:
            _write_archive(out, name, pickler, data.getvalue())
    else:
        _write_archive(f, "archive", pickler, data.getvalue())


def _archive_name(path):
    """torch's: the file's name without its last extension ("archive"
    when the path is not ASCII)."""
    if not path.isascii():
        return "archive"
    name = os.path.basename(path)
    if "." in name:
        name = name[: name.rindex(".")]
    if not name:
        raise th.ArgumentError(f"th.save: invalid file name {path!r} (torch.save refuses it "
                               f"too: its archive would have no name)")
    return name


def _write_archive(f, prefix, pickler, data_pkl):
    """The records in torch.save's order: data.pkl, the format's records,
    the storages by key, then version and serialization id."""
    archive = ZipWriter(f, prefix)
    archive.write_record("data.pkl", data_pkl)
    archive.write_record(".format_version", b"1")
    archive.write_record(".storage_alignment", b"64")
    archive.write_record("byteorder", sys.byteorder.encode())
    for key, storage in pickler.storages.items():
        nbytes = storage.nbytes()
        # the storage's bytes, read in place (bfloat16 has no buffer format)
        data = (ctypes.c_char * nbytes).from_address(storage.data_ptr()) if nbytes else b""
        archive.write_record(f"data/{key}", data)
    archive.finish()
