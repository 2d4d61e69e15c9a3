"""th.dtype: the Python face of THScalarType (th.float32, th.int64, ...)."""
import builtins
import importlib
import sys

from th.libTH cimport (TH_BFLOAT16, TH_FLOAT32, THScalarType, THScalarType_canCast,
                       THScalarType_defaultFloat, THScalarType_elementSize, THScalarType_isComplex,
                       THScalarType_isFloatingPoint, THScalarType_name, THScalarType_promote,
                       THScalarType_setDefaultFloat, TH_NUM_SCALAR_TYPES)

cdef list _by_scalar_type = []
cdef dict _by_name = {}


cdef class dtype:
    """An element type. Compare with ``is`` or ``==``; ``th.float32.itemsize == 4``.

    >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).dtype
    th.float32
    """

    def __init__(self):
        raise TypeError("th.dtype cannot be created; use th.float32, th.int64, ...")

    def __repr__(self):
        return "th." + self.name

    def __reduce__(self):
        return (_dtype_by_name, (self.name,))

    @property
    def dtype(self):
        """The numpy dtype of the same name, so that ``numpy.dtype(th.float32)``
        works (numpy reads a ``dtype`` attribute); bfloat16 needs ml_dtypes.

        >>> import numpy, th
        >>> numpy.dtype(th.float32)
        dtype('float32')
        """
        import numpy
        if self.scalar_type == TH_BFLOAT16:
            try:
                return numpy.dtype(importlib.import_module("ml_dtypes").bfloat16)
            except ImportError:
                raise TypeError("numpy has no bfloat16 dtype (install ml_dtypes for one)") from None
        return numpy.dtype(self.name)

    @property
    def type(self):
        """The numpy scalar type of the same name (numpy's dtype.type), for
        code that reads it off an array's dtype (dask.array does).

        >>> import th
        >>> th.float64.type.__name__
        'float64'
        """
        return self.dtype.type


cdef dtype dtype_of(THScalarType scalar_type):
    return <dtype>_by_scalar_type[<int>scalar_type]


cdef int as_scalar_type(object dtype_like, THScalarType default) except -1:
    if dtype_like is None:
        return default
    if type(dtype_like) is dtype:
        return (<dtype>dtype_like).scalar_type
    if isinstance(dtype_like, str) and dtype_like in _by_name:
        return (<dtype>_by_name[dtype_like]).scalar_type
    found = _foreign_dtype(dtype_like)
    if found is not None:
        return (<dtype>found).scalar_type
    raise TypeError(f"dtype must be a th.dtype such as th.float32 (or its name), "
                    f"got {dtype_like!r}")


# Python's number types as torch takes them (dtype=float is float64)
cdef dict _python_types = {builtins.bool: "bool", int: "int64", float: "float64",
                           complex: "complex128"}


cdef object _foreign_dtype(object dtype_like):
    """The th.dtype of a Python number type (as torch's) or of a numpy dtype
    or scalar type (numpy.float32: th's extension, torch takes neither), or
    None."""
    if isinstance(dtype_like, type) and dtype_like in _python_types:
        return _by_name[_python_types[dtype_like]]
    numpy = sys.modules.get("numpy")
    if numpy is None or not (isinstance(dtype_like, numpy.dtype) or isinstance(dtype_like, type)
                             and issubclass(dtype_like, numpy.generic)):
        return None
    return _by_name.get(numpy.dtype(dtype_like).name)


def _dtype_by_name(name):
    return _by_name[name]


cdef dtype _make(int t):
    cdef dtype d = dtype.__new__(dtype)
    d.scalar_type = <THScalarType>t
    d.name = THScalarType_name(d.scalar_type).decode()
    d.itemsize = THScalarType_elementSize(d.scalar_type)
    d.is_floating_point = THScalarType_isFloatingPoint(d.scalar_type)
    d.is_complex = THScalarType_isComplex(d.scalar_type)
    d.is_signed = d.is_floating_point or d.is_complex or d.name.startswith("int")
    return d


for _t in range(TH_NUM_SCALAR_TYPES):
    _d = _make(_t)
    _by_scalar_type.append(_d)
    _by_name[_d.name] = _d

uint8 = _by_name["uint8"]
int8 = _by_name["int8"]
int16 = _by_name["int16"]
int32 = _by_name["int32"]
int64 = _by_name["int64"]
float16 = _by_name["float16"]
float32 = _by_name["float32"]
float64 = _by_name["float64"]
bool = _by_name["bool"]
bfloat16 = _by_name["bfloat16"]
complex64 = _by_name["complex64"]
complex128 = _by_name["complex128"]
uint16 = _by_name["uint16"]
uint32 = _by_name["uint32"]
uint64 = _by_name["uint64"]


# ---------------------------------- dtype utilities' C side (th/_dtype_info.py: the API)
def _to_dtype(dtype_like):
    """dtype_like (a th.dtype, its name, a numpy dtype or scalar type, a
    Python number type) as a th.dtype; TypeError for anything else."""
    if dtype_like is None:
        raise TypeError("expected a th.dtype, got None")
    return dtype_of(<THScalarType>as_scalar_type(dtype_like, TH_FLOAT32))


def _default_float():
    """THScalarType_defaultFloat as a th.dtype."""
    return dtype_of(THScalarType_defaultFloat())


def _set_default_float(dtype d):
    """THScalarType_setDefaultFloat (TypeError but for float16/32/64)."""
    THScalarType_setDefaultFloat(d.scalar_type)


def _promote(dtype a, dtype b):
    """THScalarType_promote."""
    cdef THScalarType out
    THScalarType_promote(a.scalar_type, b.scalar_type, &out)
    return dtype_of(out)


def _can_cast(dtype a, dtype b):
    """THScalarType_canCast."""
    return THScalarType_canCast(a.scalar_type, b.scalar_type) != 0  # (bool is th.bool here)
