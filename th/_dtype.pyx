"""th.dtype: the Python face of THScalarType (th.float32, th.int64, ...)."""
from th.libTH cimport (THScalarType, THScalarType_elementSize, THScalarType_isComplex,
                       THScalarType_isFloatingPoint, THScalarType_name, TH_NUM_SCALAR_TYPES)

cdef list _by_scalar_type = []
cdef dict _by_name = {}


cdef class dtype:
    """An element type. Compare with ``is`` or ``==``; ``th.float32.itemsize == 4``."""

    def __init__(self):
        raise TypeError("th.dtype cannot be created; use th.float32, th.int64, ...")

    def __repr__(self):
        return "th." + self.name

    def __reduce__(self):
        return (_dtype_by_name, (self.name,))


cdef dtype dtype_of(THScalarType scalar_type):
    return <dtype>_by_scalar_type[<int>scalar_type]


cdef int as_scalar_type(object dtype_like, THScalarType default) except -1:
    if dtype_like is None:
        return default
    if type(dtype_like) is dtype:
        return (<dtype>dtype_like).scalar_type
    if isinstance(dtype_like, str) and dtype_like in _by_name:
        return (<dtype>_by_name[dtype_like]).scalar_type
    raise TypeError(f"dtype must be a th.dtype such as th.float32 (or its name), "
                    f"got {dtype_like!r}")


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
