"""th: reference-counted tensor storage with TH's C API.

A tensor is (storage, offset, sizes, strides) over a reference-counted
storage; views share the storage. The C core (libTH, include/TH/*.h) is
plain C11; this package wraps it for Python and for Cython (``cimport th``).
"""
import os as _os


def _load_openblas():
    """Loads scipy-openblas32's library by path, for a layout libTH.so's
    RUNPATH ($ORIGIN/../scipy_openblas32/lib: installed beside th;
    $ORIGIN/.openblas: an in-place build's link) misses, such as th and
    scipy-openblas32 in different site-packages: the loader then finds the
    soname libTH.so needs among the loaded ones."""
    import ctypes
    import importlib.util

    spec = importlib.util.find_spec("scipy_openblas32")
    for place in (spec.submodule_search_locations or []) if spec else []:
        path = _os.path.join(place, "lib", "libscipy_openblas.so")
        if _os.path.exists(path):
            ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
            return True
    return False


try:
    from th import _errors  # noqa: F401 - importing installs the error handler
except ImportError as _e:
    if "scipy_openblas" not in str(_e):  # pragma: no cover - a source tree not built
        raise ImportError(
            f"th's compiled modules are missing next to {__file__}: this is probably "
            "th's source tree shadowing the installed package. Install th "
            "(pip install .) and run from another directory, or build in place "
            "(python setup.py build_ext --inplace)."
        ) from _e
    if not _load_openblas():  # pragma: no cover - a dependency removed
        raise ImportError("th's C core needs OpenBLAS from the scipy-openblas32 package: "
                          "pip install scipy-openblas32") from _e
    from th import _errors  # noqa: F401
from th._errors import ArgumentError, DtypeError, Error, OutOfRange, UnsupportedDtype
from th._dtype import (bool, dtype, float16, float32, float64, int8, int16, int32, int64,
                       uint8)
from th._dtype import bfloat16, complex64, complex128, uint16, uint32, uint64
from th._broadcast import broadcast_shapes, broadcast_tensors
from th._core import get_num_threads, set_num_threads
from th._dlpack import from_dlpack
from th._factories import arange, empty, full, ones, tensor, zeros
from th._gather import (gather, index_add, index_put, index_select, masked_scatter,
                        masked_select, nonzero, put, scatter_add, scatter_reduce, take)
from th._reduce import (all, amax, amin, any, argmax, argmin, max, mean, min, norm, prod,
                        std, sum, var)
from th._reduce import nansum
from th._functions import (cat, chunk, concat, concatenate, empty_like, flip, full_like,
                           is_tensor, moveaxis, movedim, ones_like, split, stack, swapaxes,
                           swapdims, unbind, unflatten, zeros_like)
from th._interop import asarray, from_numpy, frombuffer
# function forms of the views, combinators, contractions (th/_views.py,
# th/_combine.py, th/_einsum.py)
from th._views import (adjoint, as_strided, as_strided_copy, clone, diagonal, diagonal_copy,
                       dsplit, expand_copy, flatten, hsplit, imag, narrow, narrow_copy, numel,
                       permute, permute_copy, ravel, real, reshape, select, select_copy, squeeze,
                       squeeze_copy, t, t_copy, tensor_split, transpose, transpose_copy,
                       unfold_copy, unsqueeze, unsqueeze_copy, view_as_complex, view_as_real,
                       view_copy, vsplit)
from th._views import diagonal_scatter, select_scatter, slice_scatter
from th._combine import (atleast_1d, atleast_2d, atleast_3d, block_diag, broadcast_to,
                         column_stack, dstack, fliplr, flipud, hstack, masked_fill,
                         repeat_interleave, roll,
                         rot90, row_stack, take_along_dim, tile, vstack)
from th._einsum import einsum, ger, inner, outer, tensordot
from th.serialization import load, save
# element-wise math and expressions
from th._expr import (Expr, abs, add, addcdiv, addcmul, allclose, atan2, bitwise_and,
                      bitwise_not, bitwise_or, bitwise_xor, ceil, clamp, clip, cos, div, eq,
                      equal, eval, exp, expm1, floor, floor_divide, ge, gt, isclose, lazy, le,
                      log, log1p, logical_and, logical_not, logical_or, logical_xor, lt, maximum,
                      minimum, mul, ne, neg, negative, pow, reciprocal, remainder, round, rsqrt,
                      sigmoid, sign, sin, sqrt, sub, tanh, trunc, where)
from th._expr import conj, conj_physical
from th._expr import absolute, fix, not_equal, sgn
from th._expr import (acos, arccos, arcsin, arctan, asin, atan, bitwise_left_shift,
                      bitwise_right_shift, copysign, cosh, deg2rad, digamma, erf, erfc, erfinv,
                      exp2, fmax, fmin, fmod, frac, hypot, isfinite, isinf, isnan, isneginf,
                      isposinf, lerp, lgamma, log2, log10, logaddexp, logaddexp2, nan_to_num,
                      polygamma, rad2deg, signbit, sinc, sinh, square, tan, xlogy)
from th._linalg import (addbmm, addmm, addmv, addr, baddbmm, bmm, dot, matmul, mm,  # products
                        mv, vdot)
from th._random import (Generator, _standard_gamma, bernoulli, default_generator,
                        get_rng_state, initial_seed, manual_seed, multinomial, normal, poisson,
                        rand, rand_like, randint, randint_like, randn, randn_like, randperm,
                        seed, set_rng_state)
from th._sort import (argsort, bincount, bucketize, cummax, cummin, cumprod, cumsum, diff, histc,
                      kthvalue, logcumsumexp, median, mode, msort, nanmedian, nanquantile,
                      quantile, searchsorted, sort, topk, unique, unique_consecutive)
# the fused row kernels (th/_rows.pyx, THTensorRows.h)
from th._rows import log_softmax, logsumexp, softmax
from th._storage import Storage
# factories and the structure of matrices (th/_structure.pyx, THTensorFactories.h); th.range
# is TH's (and torch's deprecated) inclusive range, kept out of __all__: it would shadow
# the builtin under `from th import *`
from th._structure import (cartesian_prod, combinations, cross, diag, diag_embed, diagflat,
                           dist, eye, kron, linspace, logspace, meshgrid, range, renorm, trace,
                           tril, tril_indices, triu, triu_indices, vander)
from th._tensor import Tensor
from th import debug
# sparse COO tensors (th/_sparse.pyx, th/sparse.py)
from th._sparse import SparseTensor, sparse_coo_tensor
from th import sparse
# linear algebra with torch.linalg's names (th/_lapack.pyx, th/linalg.py)
from th import linalg
from th.linalg import lu_unpack
# convolutions with torch.nn.functional's names (th/_conv.pyx, th/nn/functional.py)
from th import nn
# torch's top-level activations and distances (th/nn/_activations.py, th/nn/_distances.py)
from th.nn._activations import celu, celu_, relu, relu_, selu, selu_, threshold, threshold_
from th.nn._activations import rrelu_, rrelu_function as rrelu
from th.nn._distances import cosine_similarity, pairwise_distance
# torch.special's names over the element-wise functions (th/special.py)
from th import special
# dtype utilities, devices and grad modes, print options, memory formats
from th._dtype_info import (can_cast, finfo, get_default_dtype, iinfo, is_complex,
                            is_floating_point, promote_types, result_type, set_default_dtype)
from th._device import (device, enable_grad, inference_mode, is_grad_enabled,
                        is_inference_mode_enabled, no_grad, set_grad_enabled)
from th._format import get_printoptions, set_printoptions
from th._memory_format import (channels_last, channels_last_3d, contiguous_format,
                               memory_format, preserve_format)
from th._layout import layout, sparse_coo, strided
import math as _math

pi, e, inf, nan = _math.pi, _math.e, _math.inf, _math.nan

__version__ = "0.1.0"

# torch's alternative dtype names
half = float16
float = float32
double = float64
short = int16
int = int32
long = int64
cfloat = complex64
cdouble = complex128

_HERE = _os.path.dirname(_os.path.abspath(__file__))


def get_include() -> str:
    """Directory holding TH/TH.h (inside the installed package), for building
    C or Cython code against th.

    >>> import os
    >>> os.path.exists(os.path.join(th.get_include(), 'TH', 'TH.h'))
    True
    """
    return _os.path.join(_HERE, "include")


def get_library_dirs() -> list[str]:
    """Directories holding libTH.so, the one C core of the process: link with
    -lTH and an rpath to these so an extension shares th's global state.

    >>> import os
    >>> 'libTH.so' in os.listdir(th.get_library_dirs()[0])
    True
    """
    return [_HERE]


__all__ = [
    "Storage", "Tensor", "dtype", "debug", "get_include", "get_library_dirs", "load", "save",
    "empty", "zeros", "ones", "full", "arange", "tensor", "broadcast_shapes",
    "broadcast_tensors", "get_num_threads", "set_num_threads", "from_numpy", "frombuffer",
    "asarray", "from_dlpack", "Generator", "default_generator", "manual_seed", "seed", "initial_seed",
    "get_rng_state", "set_rng_state", "rand", "rand_like", "randint", "randint_like",
    "randn", "randn_like", "normal", "bernoulli", "poisson", "multinomial",
    "randperm", "Error", "ArgumentError", "DtypeError", "OutOfRange",
    "UnsupportedDtype",
    "index_select", "masked_select", "gather", "nonzero", "scatter_add", "scatter_reduce",
    "index_add", "index_put", "put", "take", "masked_scatter",
    "sum", "prod", "mean", "max", "min", "amax", "amin", "argmax", "argmin", "all", "any",
    "norm", "var", "std", "nansum",
    "sort", "argsort", "msort", "topk", "kthvalue", "median", "nanmedian", "mode", "cumsum",
    "cumprod", "cummax", "cummin", "logcumsumexp", "searchsorted", "bucketize", "bincount",
    "histc", "unique", "unique_consecutive", "diff", "quantile", "nanquantile",
    "cat", "concat", "concatenate", "stack", "empty_like", "zeros_like", "ones_like",
    "full_like", "is_tensor", "flip", "movedim", "moveaxis", "swapaxes", "swapdims",
    "unflatten", "chunk", "split", "unbind",
    "mm", "bmm", "mv", "dot", "matmul", "addmm", "addmv", "addr", "baddbmm", "addbmm",
    "SparseTensor", "sparse_coo_tensor", "sparse",
    "eye", "linspace", "logspace", "diag", "diagflat", "diag_embed", "tril", "triu",
    "tril_indices", "triu_indices", "trace", "cross", "dist", "renorm", "kron", "vander",
    "meshgrid", "cartesian_prod", "combinations",
    "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64", "bool",
    "half", "float", "double", "short", "int", "long",
    "bfloat16", "complex64", "complex128", "uint16", "uint32", "uint64", "cfloat", "cdouble",
    # element-wise math and expressions
    "Expr", "lazy", "eval", "add", "sub", "mul", "div", "floor_divide", "remainder", "pow",
    "maximum", "minimum", "atan2", "eq", "ne", "lt", "le", "gt", "ge", "logical_and",
    "logical_or", "logical_xor", "logical_not", "bitwise_and", "bitwise_or", "bitwise_xor",
    "bitwise_not", "where", "clamp", "clip", "addcmul", "addcdiv", "neg", "negative", "abs",
    "conj", "conj_physical", "sign", "sqrt", "rsqrt", "exp", "log", "log1p", "expm1", "sin",
    "cos", "tanh", "sigmoid",
    "floor", "ceil", "round", "trunc", "reciprocal", "equal", "allclose", "isclose",
    "acos", "asin", "atan", "arccos", "arcsin", "arctan", "cosh", "sinh", "tan", "log2",
    "log10", "exp2", "sinc", "erf", "erfc", "erfinv", "lgamma", "digamma", "polygamma",
    "frac", "isnan", "isinf", "isfinite", "isposinf", "isneginf", "signbit", "nan_to_num",
    "fmod", "copysign", "hypot", "logaddexp", "logaddexp2", "xlogy", "fmax", "fmin",
    "bitwise_left_shift", "bitwise_right_shift", "lerp", "square", "deg2rad", "rad2deg",
    # dtype utilities, devices and grad modes, print options, memory formats
    "finfo", "iinfo", "promote_types", "result_type", "can_cast", "get_default_dtype",
    "set_default_dtype", "is_floating_point", "is_complex", "set_printoptions",
    "get_printoptions", "pi", "e", "inf", "nan", "device", "no_grad", "enable_grad",
    "inference_mode", "set_grad_enabled", "is_grad_enabled", "is_inference_mode_enabled",
    "layout", "strided", "sparse_coo", "absolute", "fix", "not_equal", "sgn", "vdot",
    "memory_format", "preserve_format", "contiguous_format", "channels_last",
    "channels_last_3d",
    # function forms of the views, combinators, contractions
    "reshape", "transpose", "permute", "squeeze", "unsqueeze", "flatten", "ravel", "clone",
    "narrow", "select", "t", "adjoint", "diagonal", "as_strided", "numel", "tensor_split",
    "hsplit", "vsplit", "dsplit", "narrow_copy", "select_copy", "transpose_copy",
    "permute_copy", "t_copy", "squeeze_copy", "unsqueeze_copy", "diagonal_copy",
    "as_strided_copy", "expand_copy", "view_copy", "unfold_copy", "view_as_real",
    "view_as_complex", "real", "imag", "fliplr", "flipud",
    "select_scatter", "slice_scatter", "diagonal_scatter",
    "repeat_interleave", "tile", "roll", "rot90", "hstack", "vstack", "row_stack", "dstack",
    "column_stack", "block_diag", "broadcast_to", "atleast_1d", "atleast_2d", "atleast_3d",
    "take_along_dim", "masked_fill", "einsum", "tensordot", "outer", "ger", "inner",
    # the fused row kernels
    "softmax", "log_softmax", "logsumexp",
]
# torch's top-level activations and distances (th/nn)
__all__ += ["relu", "relu_", "selu", "selu_", "celu", "celu_", "threshold", "threshold_",
            "cosine_similarity", "pairwise_distance"]
__all__ += ["rrelu", "rrelu_"]
# torch's first-week functions composed from th's (th/_elementwise.py, th/_creation.py,
# th/_statistics.py, th/_integration.py, th/_out_of_place.py, th/_legacy_linalg.py) and
# distance matrices (th/nn/_distances.py)
from th._expr import acosh, arccosh, arcsinh, arctanh, asinh, atanh
from th._elementwise import (angle, clamp_max, clamp_min, complex, heaviside, is_nonzero, isin,
                             isreal, logit, polar, positive, true_divide)
from th._creation import as_tensor, empty_strided, is_storage, typename
from th._statistics import (aminmax, corrcoef, count_nonzero, cov, nanmean, std_mean,
                            var_mean)
from th._integration import cumulative_trapezoid, trapezoid, trapz
from th._out_of_place import dropout, index_copy, index_fill
from th._legacy_linalg import (cholesky, cholesky_inverse, cholesky_solve, det, inverse,
                               logdet, lu, lu_solve, matrix_exp, matrix_power, pinverse, qr,
                               slogdet, svd)
from th.nn._distances import cdist, pdist
__all__ += ["acosh", "angle", "arccosh", "arcsinh", "arctanh", "asinh", "atanh", "clamp_max",
            "clamp_min", "complex", "heaviside", "is_nonzero", "isin", "isreal", "logit",
            "polar", "positive", "true_divide",
            "as_tensor", "empty_strided", "is_storage", "typename",
            "aminmax", "corrcoef", "count_nonzero", "cov", "nanmean", "std_mean", "var_mean",
            "cumulative_trapezoid", "trapezoid", "trapz",
            "dropout", "index_copy", "index_fill",
            "cholesky", "cholesky_inverse", "cholesky_solve", "det", "inverse", "logdet", "lu",
            "lu_solve", "matrix_exp", "matrix_power", "pinverse", "qr", "slogdet", "svd",
            "cdist", "pdist"]
# Dask and joblib learn th's types when they are imported, whichever comes
# first (th/_dask.py, th/_joblib.py); th imports neither, nor numpy
from th import _dask, _joblib  # noqa: E402,F401
