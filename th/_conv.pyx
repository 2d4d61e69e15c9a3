"""Convolution with torch's names and arguments, over TH's THTensorConv.h:
th.nn.functional.conv1d, conv2d, conv3d (cross-correlation, as torch's)."""
import warnings

from libc.stdint cimport int64_t

cimport th._errors
from th._args cimport as_int64, is_integer
from th._tensor cimport Tensor, pinned_snapshot, release_snapshot, wrap_tensor
from th.libTH cimport *

from th._errors import ArgumentError

# A convolution of at least this many multiply-adds runs without the GIL.
cdef double LONG_CONV = 1 << 18


cdef Tensor _tensor(str fn, str name, object value):
    if not isinstance(value, Tensor):
        raise TypeError(f"{fn}(): argument '{name}' must be a Tensor, not {type(value).__name__}")
    return value


cdef list _expand(str fn, str name, object value, int n):
    """An int, or a sequence of 1 or n ints, as n ints (torch's rule)."""
    if is_integer(value) and not isinstance(value, bool):
        return [as_int64(value, name)] * n
    if isinstance(value, (tuple, list)):
        for v in value:
            if not is_integer(v) or isinstance(v, bool):
                raise TypeError(f"{fn}(): argument '{name}' must be an int or a tuple of ints, "
                                f"but got an element of type {type(v).__name__}")
        values = [as_int64(v, name) for v in value]
        if len(values) == 1:
            return values * n
        if len(values) == n:
            return values
        raise ArgumentError(f"expected {name} to be a single integer value or a list of {n} "
                            f"values to match the convolution dimensions, but got "
                            f"{name}={values}")
    raise TypeError(f"{fn}(): argument '{name}' must be an int or a tuple of ints, not "
                    f"{type(value).__name__}")


cdef Tensor _padded_at_end(Tensor input, int n, list extra):
    """input with extra[i] zeros after the end of spatial dim i (padding='same'
    of an even total: torch pads the end one more)."""
    shape = list(input.shape)
    index = [slice(None)] * len(shape)
    for i in range(n):
        d = len(shape) - n + i
        index[d] = slice(0, shape[d])
        shape[d] += extra[i]
    from th._factories import zeros
    out = zeros(*shape, dtype=input.dtype)
    out[tuple(index)] = input
    return out


cdef Tensor _run(bint transposed, Tensor x, Tensor w, Tensor b, int n, int64_t *cs,
                 int64_t *cp, int64_t *co, int64_t *cd, int64_t g):
    """THTensor_convNd (or convTransposeNd, co its output padding) into a
    new tensor; a long one without the GIL, on pinned snapshots of its
    operands."""
    result = wrap_tensor(THTensor_newWithSize1d(THTensor_dtype(x.cdata), 0))
    cdef THTensor *r = (<Tensor>result).cdata
    cdef THTensor *tb = NULL if b is None else b.cdata
    cdef THTensor *px = NULL
    cdef THTensor *pw = NULL
    cdef THTensor *pb = NULL
    cdef double work = <double>THTensor_nElement(x.cdata) * <double>THTensor_nElement(w.cdata)
    if work / max(<double>w.shape[0] if w.dim() else 1.0, 1.0) < LONG_CONV:
        if transposed:
            THTensor_convTransposeNd(r, x.cdata, w.cdata, tb, n, cs, cp, co, cd, g)
        else:
            THTensor_convNd(r, x.cdata, w.cdata, tb, n, cs, cp, cd, g)
        return result
    try:
        px = pinned_snapshot(x.cdata)
        pw = pinned_snapshot(w.cdata)
        if tb != NULL:
            pb = pinned_snapshot(tb)
        with nogil:
            if transposed:
                THTensor_convTransposeNd(r, px, pw, pb, n, cs, cp, co, cd, g)
            else:
                THTensor_convNd(r, px, pw, pb, n, cs, cp, cd, g)
    finally:
        release_snapshot(px)
        release_snapshot(pw)
        release_snapshot(pb)
    return result


cdef Tensor _conv(str fn, int n, object input, object weight, object bias, object stride,
                  object padding, object dilation, object groups):
    cdef Tensor x = _tensor(fn, "input", input), w = _tensor(fn, "weight", weight)
    cdef Tensor b = None if bias is None else _tensor(fn, "bias", bias)
    if not is_integer(groups) or isinstance(groups, bool):
        raise TypeError(f"{fn}(): argument 'groups' must be an int, not {type(groups).__name__}")
    cdef int64_t g = as_int64(groups, "groups")
    cdef list s = _expand(fn, "stride", stride, n), d = _expand(fn, "dilation", dilation, n)
    cdef list p
    cdef list extra
    if isinstance(padding, str):
        if padding == "valid":
            p = [0] * n
        elif padding == "same":
            if any([v != 1 for v in s]):
                raise ArgumentError("padding='same' is not supported for strided convolutions")
            if w.dim() != n + 2:  # the C check names it
                p = [0] * n
            else:
                total = [d[i] * (w.shape[2 + i] - 1) for i in range(n)]
                p = [t // 2 for t in total]
                extra = [total[i] - 2 * p[i] for i in range(n)]
                if any(extra) and x.dim() in (n + 1, n + 2):
                    warnings.warn("Using padding='same' with even kernel lengths and odd "
                                  "dilation may require a zero-padded copy of the input be "
                                  "created", UserWarning, stacklevel=3)
                    x = _padded_at_end(x, n, extra)
        else:
            raise ArgumentError(f"Invalid padding string: {padding!r}")
    else:
        p = _expand(fn, "padding", padding, n)
    cdef int64_t cs[3]
    cdef int64_t cp[3]
    cdef int64_t cd[3]
    for i in range(n):
        cs[i], cp[i], cd[i] = s[i], p[i], d[i]
    return _run(False, x, w, b, n, cs, cp, NULL, cd, g)
    try:
        px = pinned_snapshot(x.cdata)
        pw = pinned_snapshot(w.cdata)
        if tb != NULL:
            pb = pinned_snapshot(tb)
        with nogil:
            THTensor_convNd(r, px, pw, pb, n, cs, cp, cd, g)
    finally:
        release_snapshot(px)
        release_snapshot(pw)
        release_snapshot(pb)
    return result


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """A 1-d convolution (cross-correlation) of input (N, C_in, L) or
    (C_in, L) with weight (C_out, C_in / groups, kW), plus bias (C_out).

    >>> F = th.nn.functional
    >>> F.conv1d(th.arange(5.0).view(1, 1, 5), th.ones(1, 1, 2))
    tensor([[[1., 3., 5., 7.]]])
    """
    return _conv("conv1d", 1, input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """A 2-d convolution (cross-correlation) of input (N, C_in, H, W) or
    (C_in, H, W) with weight (C_out, C_in / groups, kH, kW), plus bias
    (C_out). padding: ints, 'valid' or 'same' (stride 1 only).

    >>> F = th.nn.functional
    >>> F.conv2d(th.arange(9.0).view(1, 1, 3, 3), th.ones(1, 1, 2, 2))
    tensor([[[[ 8., 12.],
              [20., 24.]]]])
    """
    return _conv("conv2d", 2, input, weight, bias, stride, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """A 3-d convolution (cross-correlation) of input (N, C_in, D, H, W) or
    (C_in, D, H, W) with weight (C_out, C_in / groups, kD, kH, kW), plus bias
    (C_out).

    >>> F = th.nn.functional
    >>> F.conv3d(th.ones(1, 1, 2, 2, 2), th.ones(1, 1, 2, 2, 2))
    tensor([[[[[8.]]]]])
    """
    return _conv("conv3d", 3, input, weight, bias, stride, padding, dilation, groups)


cdef Tensor _conv_transpose(str fn, int n, object input, object weight, object bias,
                            object stride, object padding, object output_padding, object groups,
                            object dilation):
    cdef Tensor x = _tensor(fn, "input", input), w = _tensor(fn, "weight", weight)
    cdef Tensor b = None if bias is None else _tensor(fn, "bias", bias)
    if not is_integer(groups) or isinstance(groups, bool):
        raise TypeError(f"{fn}(): argument 'groups' must be an int, not {type(groups).__name__}")
    cdef int64_t g = as_int64(groups, "groups")
    cdef list s = _expand(fn, "stride", stride, n), p = _expand(fn, "padding", padding, n)
    cdef list op = _expand(fn, "output_padding", output_padding, n)
    cdef list d = _expand(fn, "dilation", dilation, n)
    cdef int64_t cs[3]
    cdef int64_t cp[3]
    cdef int64_t co[3]
    cdef int64_t cd[3]
    for i in range(n):
        cs[i], cp[i], co[i], cd[i] = s[i], p[i], op[i], d[i]
    return _run(True, x, w, b, n, cs, cp, co, cd, g)
    try:
        px = pinned_snapshot(x.cdata)
        pw = pinned_snapshot(w.cdata)
        if tb != NULL:
            pb = pinned_snapshot(tb)
        with nogil:
            THTensor_convTransposeNd(r, px, pw, pb, n, cs, cp, co, cd, g)
    finally:
        release_snapshot(px)
        release_snapshot(pw)
        release_snapshot(pb)
    return result


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    """A 1-d transposed convolution (conv1d's adjoint) of input (N, C_in, L)
    or (C_in, L) with weight (C_in, C_out / groups, kW), plus bias (C_out).

    >>> F = th.nn.functional
    >>> F.conv_transpose1d(th.ones(1, 1, 3), th.ones(1, 1, 2))
    tensor([[[1., 2., 2., 1.]]])
    """
    return _conv_transpose("conv_transpose1d", 1, input, weight, bias, stride, padding,
                           output_padding, groups, dilation)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    """A 2-d transposed convolution (conv2d's adjoint) of input (N, C_in, H,
    W) or (C_in, H, W) with weight (C_in, C_out / groups, kH, kW), plus bias
    (C_out).

    >>> F = th.nn.functional
    >>> F.conv_transpose2d(th.ones(1, 1, 2, 2), th.ones(1, 1, 2, 2))
    tensor([[[[1., 2., 1.],
              [2., 4., 2.],
              [1., 2., 1.]]]])
    """
    return _conv_transpose("conv_transpose2d", 2, input, weight, bias, stride, padding,
                           output_padding, groups, dilation)


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    """A 3-d transposed convolution (conv3d's adjoint) of input (N, C_in, D,
    H, W) or (C_in, D, H, W) with weight (C_in, C_out / groups, kD, kH, kW),
    plus bias (C_out).

    >>> F = th.nn.functional
    >>> F.conv_transpose3d(th.ones(1, 1, 1, 1, 1), th.ones(1, 1, 2, 1, 1)).shape
    (1, 1, 2, 1, 1)
    """
    return _conv_transpose("conv_transpose3d", 3, input, weight, bias, stride, padding,
                           output_padding, groups, dilation)
