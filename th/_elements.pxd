# Reading and writing single elements between C memory and Python objects.
# Inline: compiled into each module that cimports it (they are tiny).
from libc.stdint cimport int64_t, int32_t, int16_t, int8_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy
from th.libTH cimport (THHalf, THHalf_toFloat, THScalarType, THScalarType_isFloatingPoint,
                       THScalarType_name, THScalarType_packDouble,
                       THScalarType_packInt64, th_bool, TH_UINT8, TH_INT8, TH_INT16, TH_INT32,
                       TH_INT64, TH_FLOAT16, TH_FLOAT32, TH_FLOAT64, TH_BOOL)
# the dtypes neighbouring libraries bring
from th.libTH cimport (THBFloat16, THBFloat16_toFloat, THComplexFloat, THComplexDouble,
                       THScalarType_isComplex, THScalarType_packComplex,
                       THScalarType_packUInt64, TH_BFLOAT16,
                       TH_COMPLEX64, TH_COMPLEX128, TH_UINT16, TH_UINT32, TH_UINT64)


cdef inline object read_element(const char *p, THScalarType t):
    """The element at p as a Python int, float, complex or bool."""
    if t == TH_FLOAT32:
        return (<const float *>p)[0]
    if t == TH_INT64:
        return (<const int64_t *>p)[0]
    if t == TH_FLOAT64:
        return (<const double *>p)[0]
    if t == TH_INT32:
        return (<const int32_t *>p)[0]
    if t == TH_UINT8:
        return (<const uint8_t *>p)[0]
    if t == TH_INT8:
        return (<const int8_t *>p)[0]
    if t == TH_INT16:
        return (<const int16_t *>p)[0]
    if t == TH_FLOAT16:
        return THHalf_toFloat((<const THHalf *>p)[0])
    if t == TH_BOOL:
        return True if (<const th_bool *>p)[0] else False
    if t == TH_BFLOAT16:
        return THBFloat16_toFloat((<const THBFloat16 *>p)[0])
    if t == TH_COMPLEX64:
        return complex((<const THComplexFloat *>p).re, (<const THComplexFloat *>p).im)
    if t == TH_COMPLEX128:
        return complex((<const THComplexDouble *>p).re, (<const THComplexDouble *>p).im)
    if t == TH_UINT16:
        return (<const uint16_t *>p)[0]
    if t == TH_UINT32:
        return (<const uint32_t *>p)[0]
    if t == TH_UINT64:
        return (<const uint64_t *>p)[0]
    raise ValueError(f"invalid scalar type {<int>t}")


# What as_number found.
cdef enum:
    NUMBER_FLOAT = 0    # *d set
    NUMBER_INT64 = 1    # *i set: an int in int64's range (bools included)
    NUMBER_BIG_INT = 2  # *d set to the float nearest an int beyond int64's range
    NUMBER_UINT64 = 3   # *i holds the bits of an int in [2^63, 2^64) (*d: nearest float)
    NUMBER_COMPLEX = 4  # *d the real part, *i the bits of the imaginary part (imag_of)


cdef inline double imag_of(int64_t bits) noexcept:
    cdef double imag
    memcpy(&imag, &bits, sizeof(double))
    return imag


cdef inline object scalar_of(object value):
    """The Python number of a 0-dim tensor or array or a numpy scalar (any
    dtype: they are scalars as values), else value itself."""
    if (not isinstance(value, (int, float)) and getattr(value, "ndim", None) == 0
            and hasattr(value, "item")):
        return value.item()
    return value


cdef inline int as_number(object value, int64_t *i, double *d) except -1:
    """Classifies a Python number (NUMBER_*) for write_number and the fills:
    an int stays exact when int64 (or uint64) holds it, a complex keeps both
    parts, anything else becomes a float."""
    cdef double imag
    value = scalar_of(value)
    if isinstance(value, float):
        d[0] = value
        return NUMBER_FLOAT
    if not isinstance(value, int):
        if hasattr(value, "__index__"):
            value = value.__index__()
        elif hasattr(value, "__complex__"):  # complex, numpy's complex scalars
            c = complex(value)
            d[0] = c.real
            imag = c.imag
            memcpy(i, &imag, sizeof(double))
            return NUMBER_COMPLEX
        elif hasattr(value, "__float__"):
            d[0] = float(value)
            return NUMBER_FLOAT
        else:
            raise TypeError(f"expected a number, got {type(value).__name__}")
    try:
        i[0] = value
        return NUMBER_INT64
    except OverflowError:
        d[0] = float(value)
        if 0 < value < 2 ** 64:
            i[0] = <int64_t><uint64_t>value
            return NUMBER_UINT64
        return NUMBER_BIG_INT


cdef inline int check_big_int(THScalarType t, int kind, double d, int64_t i=0,
                              object value=None) except -1:
    """Refuses an int beyond int64's range for an integer dtype (beyond
    uint64's for uint64). Its nearest float may itself fit (-2**63 - 1 rounds
    to -2**63): the float path alone would store a different number without a
    word. The message shows the int as written: value (the number as given)
    when the caller has it, else i's uint64 bits, else the float."""
    if ((kind == NUMBER_BIG_INT or (kind == NUMBER_UINT64 and t != TH_UINT64))
            and not THScalarType_isFloatingPoint(t) and not THScalarType_isComplex(t)
            and t != TH_BOOL):
        shown = f"{d:.17g}"
        if value is not None:
            value = scalar_of(value)
            shown = str(value if isinstance(value, int) else value.__index__())
        elif kind == NUMBER_UINT64:
            shown = str(<uint64_t>i)
        from th._errors import ArgumentError
        raise ArgumentError(f"value {shown} (an int beyond {'u' if t == TH_UINT64 else ''}"
                            f"int64's range) cannot be converted to "
                            f"{THScalarType_name(t).decode()} without overflow")
    return 0


cdef inline int write_number(char *p, THScalarType t, int kind, int64_t i,
                             double d, object value=None) except -1:
    """Stores a number classified by as_number at p (no Python code runs but
    an error's message, from value: the number as given, for it)."""
    if kind == NUMBER_INT64:
        return THScalarType_packInt64(t, i, p)
    if kind == NUMBER_UINT64:
        check_big_int(t, kind, d, i, value)
        return THScalarType_packUInt64(t, <uint64_t>i, p)
    if kind == NUMBER_COMPLEX:
        return THScalarType_packComplex(t, d, imag_of(i), p)
    check_big_int(t, kind, d, i, value)
    return THScalarType_packDouble(t, d, p)


cdef inline int write_element(char *p, THScalarType t, object value) except -1:
    """Stores value at p as fill does (ValueError when t cannot hold it). Only
    for memory that Python code (value's __index__ or __float__) cannot free
    or move: otherwise classify with as_number first, then write_number."""
    cdef int64_t i = 0
    cdef double d
    cdef int kind = as_number(value, &i, &d)
    return write_number(p, t, kind, i, d, value)


cdef inline int as_fill_value(object value, THScalarType t, int64_t *i, double *d,
                              uint64_t *element) except -1:
    """value classified for a fill of dtype t, the kind telling which fill
    form takes it: NUMBER_INT64 (exact, *i), NUMBER_FLOAT (*d; an int beyond
    int64's range refused for an integer t), or any other kind with one
    element of t packed into element (a complex, a uint64 beyond int64)."""
    i[0] = 0
    cdef int kind = as_number(value, i, d)
    if kind == NUMBER_INT64:
        return kind
    if kind != NUMBER_FLOAT and kind != NUMBER_BIG_INT:
        write_number(<char *>element, t, kind, i[0], d[0])
        return kind
    check_big_int(t, kind, d[0], i[0], value)
    return NUMBER_FLOAT
