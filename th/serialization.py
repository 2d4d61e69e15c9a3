"""th.load: PyTorch checkpoints (torch.save's zip format) without PyTorch.

The archive's data.pkl is read by an allowlist unpickler (as torch's
weights_only=True): only tensors, their storages and dtypes, OrderedDict and
plain Python containers and scalars load; anything else is an
UnpicklingError naming it, and no code from the file runs. Tensors that
shared a storage in torch share one here.
"""
import collections
import ctypes
import io
import pickle
import zipfile

import th

__all__ = ["load"]

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


class _Storage:
    """A storage named by data.pkl: its record in the archive, read once."""

    def __init__(self, key, dtype, numel):
        self.key, self.dtype, self.numel = key, dtype, numel


def _rebuild_tensor(storage, offset, size, stride, requires_grad, hooks, *rest):
    return _Rebuild(storage, None, offset, size, stride)


def _rebuild_tensor_v3(storage, offset, size, stride, requires_grad, hooks, dtype, *rest):
    return _Rebuild(storage, dtype, offset, size, stride)


class _Rebuild:
    """A tensor to make once the whole pickle is read (the loader owns the
    archive then)."""

    def __init__(self, storage, dtype, offset, size, stride):
        self.storage, self.dtype = storage, dtype
        self.offset, self.size, self.stride = offset, tuple(size), tuple(stride)


class _Unpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if module == "collections" and name == "OrderedDict":
            return collections.OrderedDict
        if module == "torch._utils" and name == "_rebuild_tensor_v2":
            return _rebuild_tensor
        if module == "torch._utils" and name == "_rebuild_tensor_v3":
            return _rebuild_tensor_v3
        if module == "torch" and name in _STORAGE_DTYPES:
            return ("storage", _STORAGE_DTYPES[name])
        if module == "torch.storage" and name == "UntypedStorage":
            return ("storage", None)
        if module == "torch" and name in _DTYPES:
            return ("dtype", name)
        raise pickle.UnpicklingError(
            f"th.load: {module}.{name} is not allowed in a weights-only load (only tensors, "
            f"their storages, dtypes and plain containers load; no code from the file runs)")

    def persistent_load(self, pid):
        if (not isinstance(pid, tuple) or len(pid) != 5 or pid[0] != "storage"
                or not (isinstance(pid[1], tuple) and pid[1][0] == "storage")
                or not isinstance(pid[2], str) or not isinstance(pid[4], int) or pid[4] < 0):
            raise pickle.UnpicklingError(f"th.load: malformed storage reference {pid!r}")
        return _Storage(pid[2], pid[1][1], pid[4])


def load(f: object, map_location: object = None, weights_only: bool = True) -> object:
    """The object torch.save wrote to f (a path or a binary file), with its
    tensors as th tensors. Only weights-only loads exist: weights_only=False
    is refused. map_location may be None or "cpu"."""
    if not weights_only:
        raise ValueError("th.load: only weights-only loads exist (no code from the file runs)")
    if map_location not in (None, "cpu"):
        raise ValueError(f"th.load: map_location {map_location!r}: th has the cpu only")
    try:
        archive = zipfile.ZipFile(f)
    except zipfile.BadZipFile as e:
        raise pickle.UnpicklingError(f"th.load: not a torch.save zip archive ({e})") from None
    with archive:
        names = archive.namelist()
        pkl = [n for n in names if n.endswith("/data.pkl") and n.count("/") == 1]
        if len(pkl) != 1:
            raise pickle.UnpicklingError("th.load: the archive has no <name>/data.pkl")
        root = pkl[0][: -len("data.pkl")]
        order = root + "byteorder"
        if order in names and archive.read(order).strip() not in (b"little", b""):
            raise pickle.UnpicklingError("th.load: a big-endian archive")
        def tensors(obj):
            """obj with every _Rebuild made a tensor (storages read once)."""
            if isinstance(obj, _Rebuild):
                return make(obj)
            if isinstance(obj, collections.OrderedDict):
                return collections.OrderedDict((k, tensors(v)) for k, v in obj.items())
            if isinstance(obj, dict):
                return {k: tensors(v) for k, v in obj.items()}
            if isinstance(obj, list):
                return [tensors(v) for v in obj]
            if isinstance(obj, tuple):
                return tuple(tensors(v) for v in obj)
            return obj

        storages = {}

        def make(r):
            s = r.storage
            if not isinstance(s, _Storage):
                raise pickle.UnpicklingError("th.load: a tensor without a storage")
            dtype_name = s.dtype or (r.dtype[1] if isinstance(r.dtype, tuple) else None)
            if dtype_name is None:
                raise pickle.UnpicklingError("th.load: an untyped storage without a dtype")
            dtype = getattr(th, dtype_name)
            key = (s.key, dtype_name)
            if key not in storages:
                record = root + "data/" + s.key
                if record not in names:
                    raise pickle.UnpicklingError(f"th.load: storage record {s.key!r} is missing")
                data = archive.read(record)
                item = th.empty(0, dtype=dtype).element_size()
                count = s.numel if s.dtype else s.numel // item
                if len(data) < count * item:
                    raise pickle.UnpicklingError(
                        f"th.load: storage {s.key!r} has {len(data)} bytes, not {count * item}")
                base = th.empty(count, dtype=dtype)
                if count:  # bfloat16 has no buffer format: by address
                    ctypes.memmove(base.data_ptr(), data, count * item)
                storages[key] = base
            base = storages[key]
            _check_geometry(r, base.numel())
            return base.as_strided(r.size, r.stride, r.offset)

        obj = _Unpickler(io.BytesIO(archive.read(pkl[0]))).load()
        return tensors(obj)


def _check_geometry(r, numel):
    """The view must lie inside its storage (a malformed file is an error,
    never a read out of bounds)."""
    if (len(r.size) != len(r.stride) or not all(isinstance(v, int) for v in r.size + r.stride)
            or not isinstance(r.offset, int) or r.offset < 0
            or any(v < 0 for v in r.size + r.stride)):
        raise pickle.UnpicklingError(f"th.load: malformed tensor geometry {r.size}, {r.stride}")
    if 0 in r.size:
        return
    last = r.offset + sum((n - 1) * s for n, s in zip(r.size, r.stride))
    if last >= numel:
        raise pickle.UnpicklingError(
            f"th.load: a tensor reaches element {last} of a storage of {numel}")
