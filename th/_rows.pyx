"""The fused row kernels with torch's names, over THTensorRows.h: softmax,
log_softmax, logsumexp, layer_norm and rms_norm, each one pass over a row
held in cache; softmin over softmax. th.softmax, th.log_softmax,
th.logsumexp and th.nn.functional's functions of these names are these;
th.Tensor's methods of those names call them.

float16 and bfloat16 rows are computed in float32 and rounded once, as
torch computes them; results have the input's dtype (or dtype=, to which
the input is converted first). Long rows run without the GIL on pinned
snapshots of the operands.

>>> import th
>>> t = th.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
>>> th.softmax(t, 1)[1].tolist()
[0.3333333432674408, 0.3333333432674408, 0.3333333432674408]
>>> round(th.logsumexp(t, 1)[0].item(), 4)
3.4076
>>> th.nn.functional.layer_norm(t, (3,))[0]
tensor([-1.2247,  0.0000,  1.2247])
"""
from libc.stdint cimport int64_t

import warnings

cimport th._errors
from th._args cimport as_dim, is_integer
from th._dtype cimport as_scalar_type, dtype_of
from th._tensor cimport Tensor, converted, pinned_snapshot, release_snapshot, wrap_tensor
from th.libTH cimport *

from th._errors import ArgumentError, Error

# Calls on at least this many elements run without the GIL.
cdef int64_t LONG_WORK = 1 << 15

cdef enum Op:
    SOFTMAX, LOG_SOFTMAX, LOGSUMEXP, LAYER_NORM, RMS_NORM


cdef int call(Op op, THTensor *result, THTensor *input, int dim, bint keepdim, THTensor *weight,
              THTensor *bias, double eps) except -1 nogil:
    """dim: the dim (softmax, log_softmax, logsumexp) or the normalized
    dims' count (the norms)."""
    if op == SOFTMAX:
        return THTensor_softmax(result, input, dim)
    if op == LOG_SOFTMAX:
        return THTensor_logSoftmax(result, input, dim)
    if op == LOGSUMEXP:
        return THTensor_logsumexp(result, input, dim, keepdim)
    if op == LAYER_NORM:
        return THTensor_layerNorm(result, input, dim, weight, bias, eps)
    return THTensor_rmsNorm(result, input, dim, weight, eps)


cdef inline THTensor *c_or_null(Tensor t):
    return t.cdata if t is not None else NULL


cdef Tensor run(Op op, THScalarType dtype, Tensor input, int dim, bint keepdim=False,
                Tensor weight=None, Tensor bias=None, double eps=0):
    """op into a new tensor of dtype. Long work runs without the GIL on
    pinned snapshots of the operands, which other threads' set_ or resize_
    then cannot pull from under the call."""
    cdef Tensor result = wrap_tensor(THTensor_new(dtype))
    cdef THTensor *snaps[3]
    cdef int rc
    if THTensor_nElement(input.cdata) < LONG_WORK:
        call(op, result.cdata, input.cdata, dim, keepdim, c_or_null(weight), c_or_null(bias), eps)
        return result
    snaps[0] = snaps[1] = snaps[2] = NULL
    try:
        snaps[0] = pinned_snapshot(input.cdata)
        if weight is not None:
            snaps[1] = pinned_snapshot(weight.cdata)
        if bias is not None:
            snaps[2] = pinned_snapshot(bias.cdata)
        with nogil:
            rc = call(op, result.cdata, snaps[0], dim, keepdim, snaps[1], snaps[2], eps)
    finally:
        for i in range(3):
            release_snapshot(snaps[i])
    return result


cdef int as_row_dim(str fn, object dim) except? -1:
    if not is_integer(dim) or isinstance(dim, bool):
        raise TypeError(f"{fn}(): argument 'dim' must be int, not {type(dim).__name__}")
    return as_dim(dim, f"{fn}(): dim")


cdef Tensor along(str fn, Op op, Tensor input, object dim, object dtype):
    cdef int d = as_row_dim(fn, dim)
    cdef THScalarType t = THTensor_dtype(input.cdata)
    if dtype is not None:
        t = <THScalarType>as_scalar_type(dtype, t)
    return run(op, t, input, d)


def softmax(Tensor input not None, dim, dtype=None):
    """exp(x) / sum(exp(x)) along dim, in one pass over each row (its max
    is taken off first, so large elements do not overflow). Floating dtypes;
    dtype= converts the input first (an integer tensor needs it, as in
    torch). A row with NaN, +inf, or only -inf is NaN.

    >>> import th
    >>> th.softmax(th.tensor([0.0, 0.0]), 0)
    tensor([0.5000, 0.5000])
    """
    return along("softmax", SOFTMAX, input, dim, dtype)


def log_softmax(Tensor input not None, dim, dtype=None):
    """x - log(sum(exp(x))) along dim, in one pass over each row; as
    softmax for dtypes.

    >>> import th
    >>> th.log_softmax(th.tensor([1.0, 1.0]), 0)
    tensor([-0.6931, -0.6931])
    """
    return along("log_softmax", LOG_SOFTMAX, input, dim, dtype)


cdef object default_float():
    import th
    get = getattr(th, "get_default_dtype", None)
    return get() if get is not None else th.float32


def logsumexp(Tensor input not None, dim, keepdim=False, *, out=None):
    """log(sum(exp(x))) over dim (an int or a sequence of ints) without
    overflow; integer and bool inputs give the default floating dtype, as
    torch. An empty reduction gives -inf. Complex inputs shift by the largest
    real part, as torch's. out= is resized to the result and takes its values
    (converted to out's dtype, as torch's).

    >>> import th
    >>> th.logsumexp(th.tensor([[0.0, 0.0], [1.0, 1.0]]), 1)
    tensor([0.6931, 1.6931])
    """
    if out is not None and not isinstance(out, Tensor):
        raise TypeError(f"logsumexp(): argument 'out' must be Tensor, not {type(out).__name__}")
    if out is not None and not (out.dtype.is_floating_point or out.dtype.is_complex):
        from th.linalg import _tname
        raise Error(f"logsumexp(): Expected floating point type for result tensor, but got: "
                    f"{_tname(out.dtype)}")
    # torch computes in out's floating dtype
    result = _logsumexp(input, dim, keepdim, None if out is None else out.dtype)
    if out is None:
        return result
    out.resize_(*result.shape)
    out.copy_(result)
    return out


cdef Tensor complex_logsumexp(Tensor input, int dim, bint keepdim, object real_dtype):
    """torch's complex logsumexp along dim: shifted by the largest real part
    (0 when infinite), log(sum(exp(x - m))) + m in input's complex dtype; for
    a real out= (real_dtype), torch's sum into it keeps the real part."""
    from th._expr import exp, log
    from th._reduce import amax, sum
    if THTensor_nElement(input.cdata) == 0:  # (no max to shift by)
        total = sum(exp(input), dim, keepdim)
        return log(total if real_dtype is None else total.real.to(real_dtype))
    m = amax(input.real, dim, True)
    m = m.masked_fill(m.abs() == float("inf"), 0)
    total = sum(exp(input - m), dim, keepdim)
    if real_dtype is not None:
        total = total.real.to(real_dtype)
    return log(total) + (m if keepdim else m.squeeze(dim))


cdef Tensor lse(THScalarType t, Tensor input, int dim, bint keepdim):
    """logsumexp along one dim in dtype t: the row kernel (real inputs) or
    torch's composition (complex inputs; t real: for a real out=)."""
    if THScalarType_isComplex(THTensor_dtype(input.cdata)):
        real_dtype = None if THScalarType_isComplex(t) else dtype_of(t)
        return complex_logsumexp(input, dim, keepdim, real_dtype)
    return run(LOGSUMEXP, t, input, dim, keepdim)


cdef Tensor _logsumexp(Tensor input, object dim, bint keepdim, object out_dtype):
    cdef THScalarType t = THTensor_dtype(input.cdata)
    cdef int nd = THTensor_nDimension(input.cdata)
    if not (THScalarType_isFloatingPoint(t) or THScalarType_isComplex(t)):
        t = <THScalarType>as_scalar_type(default_float(), t)
    if out_dtype is not None and out_dtype.is_floating_point:
        t = <THScalarType>as_scalar_type(out_dtype, t)
    if is_integer(dim) and not isinstance(dim, bool):
        return lse(t, input, as_dim(dim, "logsumexp(): dim"), keepdim)
    try:
        dims = list(dim)
    except TypeError:
        raise TypeError(f"logsumexp(): argument 'dim' must be an int or a tuple of ints, not "
                        f"{type(dim).__name__}") from None
    wrapped = []
    for d in dims:
        if not is_integer(d) or isinstance(d, bool):
            raise TypeError(f"logsumexp(): argument 'dim' must be a tuple of ints, but found "
                            f"an element of type {type(d).__name__}")
        w = as_dim(d, "logsumexp(): dim")
        if (nd == 0 and w not in (0, -1)) or (nd > 0 and not -nd <= w < nd):
            from th._errors import OutOfRange
            raise OutOfRange(f"Dimension out of range (expected to be in range of "
                             f"[{-max(nd, 1)}, {max(nd, 1) - 1}], but got {w})")
        w = w % nd if nd else 0
        if w in wrapped:
            raise Error(f"dim {w} appears multiple times in the list of dims")
        wrapped.append(w)
    if not wrapped:
        if nd > 0:  # torch 2.13 refuses it too (its sum and amax disagree on dim=())
            raise Error("logsumexp(): dim=() names no dim to reduce")
        return lse(t, input, 0, keepdim)
    if len(wrapped) == 1:
        return lse(t, input, wrapped[0], keepdim)
    # the reduced dims moved last and seen as one (a copy when the strides
    # cannot express it)
    kept = [d for d in range(nd) if d not in wrapped]
    moved = input.permute(*kept, *wrapped)
    shape = [input.shape[d] for d in kept]
    reduced = 1  # (not -1: reshape cannot infer it when a kept size is 0)
    for d in wrapped:
        reduced *= input.shape[d]
    out = lse(t, moved.reshape(*shape, reduced), len(kept), False)
    if keepdim:
        out = out.reshape(*[1 if d in wrapped else input.shape[d] for d in range(nd)])
    return out


# ---------------------------------------------------------- normalization

cdef int normalized_ndim(str fn, Tensor input, object normalized_shape) except -1:
    """The count of the normalized dims, after torch's checks on the shape."""
    if is_integer(normalized_shape) or isinstance(normalized_shape, Tensor):
        raise TypeError(f"{fn}(): argument 'normalized_shape' must be tuple of ints, not "
                        f"{type(normalized_shape).__name__}")
    try:
        shape = [int(s) if is_integer(s) else s for s in normalized_shape]
    except TypeError:
        raise TypeError(f"{fn}(): argument 'normalized_shape' must be tuple of ints, not "
                        f"{type(normalized_shape).__name__}") from None
    for s in shape:
        if not isinstance(s, int) or isinstance(s, bool):
            raise TypeError(f"{fn}(): argument 'normalized_shape' must be tuple of ints, but "
                            f"found element of type {type(s).__name__}")
    cdef int k = len(shape)
    if k == 0:
        raise Error("Expected normalized_shape to be at least 1-dimensional, i.e., containing "
                    "at least one element, but got normalized_shape = []")
    sizes = list(input.shape)
    if k > len(sizes) or sizes[len(sizes) - k:] != shape:
        star = "*, " if fn == "layer_norm" else "*"  # torch's two messages
        raise Error(f"Given normalized_shape={shape}, expected input with shape "
                    f"[{star}{', '.join(map(str, shape))}], but got input of size{sizes}")
    return k


cdef Tensor as_parameter(str fn, str what, object p):
    if p is None or isinstance(p, Tensor):
        return p
    raise TypeError(f"{fn}(): argument '{what}' must be Tensor, not {type(p).__name__}")


def layer_norm(Tensor input not None, normalized_shape, weight=None, bias=None, eps=1e-5):
    """(x - mean) / sqrt(var + eps) * weight + bias over the last
    len(normalized_shape) dims (var biased), in one pass over each such
    row. weight and bias have normalized_shape, and input's dtype (or
    float32 for a float16 or bfloat16 input).

    >>> import th
    >>> th.nn.functional.layer_norm(th.tensor([[1.0, 3.0]]), (2,))
    tensor([[-1.0000,  1.0000]])
    """
    cdef int k = normalized_ndim("layer_norm", input, normalized_shape)
    return run(LAYER_NORM, THTensor_dtype(input.cdata), input, k, False,
               as_parameter("layer_norm", "weight", weight),
               as_parameter("layer_norm", "bias", bias), float(eps))


def rms_norm(Tensor input not None, normalized_shape, weight=None, eps=None):
    """x / sqrt(mean(x^2) + eps) * weight over the last len(normalized_shape)
    dims, in one pass over each such row. eps=None is the machine epsilon of
    the computing dtype (float32 for float16, bfloat16 and float32 inputs;
    float64), as torch.

    >>> import th
    >>> th.nn.functional.rms_norm(th.tensor([[3.0, 4.0]]), (2,), eps=0.0)
    tensor([[0.8485, 1.1314]])
    """
    cdef int k = normalized_ndim("rms_norm", input, normalized_shape)
    cdef THScalarType t = THTensor_dtype(input.cdata)
    if eps is None:
        eps = 2.220446049250313e-16 if t == TH_FLOAT64 else 1.1920928955078125e-07
    return run(RMS_NORM, t, input, k, False, as_parameter("rms_norm", "weight", weight), None,
               float(eps))


# ------------------------------------------------- torch.nn.functional's forms

def _implicit_dim(str name, int ndim, int stacklevel):
    """torch's _get_softmax_dim: the dim chosen when none is given, with
    its deprecation warning. torch counts two Python frames (its function
    and this one) that compiled functions do not have."""
    warnings.warn(f"Implicit dimension choice for {name} has been deprecated. Change the call "
                  "to include dim=X as an argument.", stacklevel=max(1, stacklevel - 2))
    return 0 if ndim in (0, 1, 3) else 1


def functional_softmax(Tensor input not None, dim=None, _stacklevel=3, dtype=None):
    """torch.nn.functional.softmax: softmax along dim; dim=None picks one
    as torch does (0 for 0, 1 and 3 dims, else 1) and warns.

    >>> import th
    >>> th.nn.functional.softmax(th.tensor([[0.0, 0.0]]), dim=1)
    tensor([[0.5000, 0.5000]])
    """
    if dim is None:
        dim = _implicit_dim("softmax", input.ndim, _stacklevel)
    return softmax(input, dim, dtype)


def functional_log_softmax(Tensor input not None, dim=None, _stacklevel=3, dtype=None):
    """torch.nn.functional.log_softmax: log_softmax along dim (dim=None as
    softmax's).

    >>> import th
    >>> th.nn.functional.log_softmax(th.tensor([0.0, 0.0]), dim=0)
    tensor([-0.6931, -0.6931])
    """
    if dim is None:
        dim = _implicit_dim("log_softmax", input.ndim, _stacklevel)
    return log_softmax(input, dim, dtype)


def softmin(Tensor input not None, dim=None, _stacklevel=3, dtype=None):
    """torch.nn.functional.softmin: softmax(-input) along dim (dim=None as
    softmax's; dtype= converts after the negation, as torch).

    >>> import th
    >>> th.nn.functional.softmin(th.tensor([0.0, 0.0]), dim=0)
    tensor([0.5000, 0.5000])
    """
    if dim is None:
        dim = _implicit_dim("softmin", input.ndim, _stacklevel)
    return softmax(-input, dim, dtype)
