"""A differential fuzzer: random programs over th's public Python API, run op
by op on th and on torch (2.13) side by side, on mirrored tensors.

    python tests/fuzz.py --ops 100000 --seed 1 [--inject-failures] [--verbose]

Each op is one entry of OPS: a name and a generator that picks its operands
(from the program's pool of live tensors, views among them, or fresh ones)
and returns the code to run, as Python source with ``L`` for the library
(th or torch). Both sides run the same source (or each its own, for
``th.lazy``), then the fuzzer compares the results: type, shape, dtype,
values (NaN-aware; exact for integers and bools, a few ulp for floats,
accumulation-aware for reductions and products), the strides and storage
offset of views (and that a view is a view on both sides), every tensor of
the pool (in-place ops through views write into their bases), and that both
raise (the same exception class) or neither does.

A program is a short sequence of ops from a fresh pool, drawn from
random.Random(f"{seed}:{program}"): any program replays alone. A mismatch
prints the seed, program and op index and a snippet that rebuilds the
operands (storage contents and geometry) and runs the op on both libraries.

Mismatches matching KNOWN_DIFFERENCES (documented differences) or
BEING_FIXED (known defects, deleted as fixes land) are counted, not failed.
With --inject-failures only th runs, each op with one of its first
allocations made to fail: a failure must surface as MemoryError and the
program must leave no live C object behind.
"""
import argparse
import faulthandler
import gc
import math
import os
import random
import re
import sys
import warnings
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

try:
    import th
except ImportError:  # run as a script from a source tree built in place
    import os
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import th

try:
    if os.environ.get("TH_FUZZ_NO_TORCH"):  # th alone (an ASan run: torch not loaded)
        raise ImportError
    import torch
except ImportError:  # pragma: no cover - the test module skips without torch
    torch = None

# --------------------------------------------------------------------------- dtypes

ALL_DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "uint16", "uint32", "uint64",
              "float16", "bfloat16", "float32", "float64", "complex64", "complex128"]
UNSIGNED = {"uint8", "uint16", "uint32", "uint64"}
INTS = {"uint8", "int8", "int16", "int32", "int64", "uint16", "uint32", "uint64"}
WIDE_UNSIGNED = {"uint16", "uint32", "uint64"}  # torch supports few ops on these
FLOATS = {"float16", "bfloat16", "float32", "float64"}
COMPLEX = {"complex64", "complex128"}
# how often a fresh tensor gets each dtype
DTYPE_WEIGHTS = {"bool": 5, "uint8": 4, "int8": 3, "int16": 2, "int32": 4, "int64": 8,
                 "uint16": 1, "uint32": 1, "uint64": 1, "float16": 4, "bfloat16": 4,
                 "float32": 12, "float64": 8, "complex64": 3, "complex128": 3}
EPS = {"float16": 2.0 ** -10, "bfloat16": 2.0 ** -7, "float32": 2.0 ** -23,
       "float64": 2.0 ** -52, "complex64": 2.0 ** -23, "complex128": 2.0 ** -52}
NP_OF = {"bool": np.bool_, "uint8": np.uint8, "int8": np.int8, "int16": np.int16,
         "int32": np.int32, "int64": np.int64, "uint16": np.uint16, "uint32": np.uint32,
         "uint64": np.uint64, "float16": np.float16, "bfloat16": np.float32,
         "float32": np.float32, "float64": np.float64, "complex64": np.complex64,
         "complex128": np.complex128}
INT_RANGE = {"uint8": (0, 255), "int8": (-128, 127), "int16": (-32768, 32767),
             "int32": (-2 ** 31, 2 ** 31 - 1), "int64": (-2 ** 63, 2 ** 63 - 1),
             "uint16": (0, 2 ** 16 - 1), "uint32": (0, 2 ** 32 - 1), "uint64": (0, 2 ** 63 - 1)}


def dname(t):
    """'float32' for th.float32 and torch.float32."""
    return str(t.dtype).rpartition(".")[2]


# ------------------------------------------------- known differences and defects


@dataclass
class Case:
    """What a known-difference matcher sees: the op, its th source, the
    dtypes of its tensor operands, the generator's params and, after the run,
    the kind of mismatch and both outcomes (None before the run)."""
    op: str
    code: str
    dtypes: list
    params: dict
    kind: str = None
    th_out: str = ""
    torch_out: str = ""
    detail: str = ""


@dataclass
class Entry:
    key: str
    reason: str
    match: object            # Case -> bool
    prevent: bool = False    # matched before running: the op is not run at all


def _p(case, k, default=None):
    return case.params.get(k, default)


# Documented, deliberate differences from torch (each with its reason). A real
# bug is not one of these.
ELEMENTWISE = {"unary", "binary", "ternary", "lazy", "mixed_scalars", "compare_fns", "copy_",
               "setitem", "fill_zero"}


# th's error classes by the builtin class each also is (README, "Errors never abort")
_BUILTIN_OF = {"ArgumentError": "ValueError", "DtypeError": "TypeError", "OutOfRange": "IndexError",
               "UnsupportedDtype": "TypeError", "Error": "RuntimeError"}


def _exc(case):
    name = case.th_out.partition(":")[0]
    return _BUILTIN_OF.get(name, name)


KNOWN_DIFFERENCES = [
    Entry("out-not-resized",
          "docs/EXPRESSIONS.md 'out=': an out= of another shape is resized only when it has no "
          "elements, else refused (ValueError; torch warns and resizes)",
          lambda c: c.kind in ("raise-th-only", "exc-class") and _exc(c) == "ValueError"
          and "give an out of the result's shape" in c.th_out
          # and its other half: an out= with no elements is resized, even one that is an
          # input too (torch refuses to resize an input)
          or c.kind == "raise-torch-only" and "doesn't match the broadcast shape" in c.torch_out
          and "out=" in c.code),
    Entry("overlapping-write",
          "docs/EXPRESSIONS.md 'Errors': writing into a tensor whose elements share memory "
          "(a stride 0) is a RuntimeError; torch lets some ops (masked_fill_, fill_) write",
          lambda c: c.kind == "raise-th-only" and _exc(c) == "RuntimeError"
          and "share memory" in c.th_out),
    Entry("sparse-plus-dense",
          "docs/SPARSE.md: sparse + dense (and sparse - dense) is allowed, a dense result "
          "(torch refuses add(sparse, dense))",
          lambda c: c.op == "add_dense" and c.kind == "raise-torch-only"),
    Entry("lazy-rounds-once",
          "docs/EXPRESSIONS.md: a th.lazy expression of float16/bfloat16 computes in float32 "
          "and rounds once on store; torch's eager equivalent rounds every intermediate",
          lambda c: c.params.get("family") == "lazy" and c.kind == "values"
          and set(c.dtypes) & {"float16", "bfloat16"}),
    Entry("overlap-buffered",
          "docs/EXPRESSIONS.md: a destination overlapping an operand is safe in th (an "
          "identical view is read before written, any other overlap is buffered); torch "
          "refuses partial overlap",
          lambda c: c.kind == "raise-torch-only" and "refer to a single memory location"
          in c.torch_out),
    Entry("float64-accumulation",
          "README (reductions): float sums accumulate in float64, so a float32/float16 sum or "
          "norm whose float32 intermediate overflows is finite in th, inf in torch (a product "
          "whose float16 partial product underflows to 0 in torch: inf * 0 = NaN there)",
          lambda c: c.params.get("family") == "reduce" and c.kind == "values"
          and (re.search(r"vs torch np\.float64\(-?inf\)", c.detail or "")
               or c.op == "prod" and re.search(r"th np\.float64\([-\d.e+inf]+\) vs torch "
                                               r"np\.float64\(nan\)", c.detail or ""))),
    Entry("alpha-zero-propagates",
          "README (matrix products) and THTensorMath.h: alpha=0 keeps the product's NaN and "
          "inf (IEEE); torch's float32/float64 addmm, addmv and addbmm follow BLAS and drop it",
          lambda c: c.op in ("addmm", "addmv", "addbmm") and _p(c, "alpha") == 0
          and c.kind in ("values", "pool-values") and "nan" in (c.detail or "")
          and set(c.dtypes) & {"float32", "float64", "complex64", "complex128"}),
    Entry("empty-join-into-an-input",
          "THTensorCat.c: an empty cat/stack whose out= is also an input gives the empty "
          "result; torch resizes out first and then refuses the input it resized (stack of "
          "(0, 5) tensors along dim 1; along dim 0 torch gives the result too)",
          lambda c: c.op in ("cat", "stack") and c.kind == "raise-torch-only"
          and "must have same number of dimensions" in c.torch_out and "out=" in c.code),
    Entry("sparse-sum-int64-sparse-result",
          "docs/SPARSE.md (differences from torch): summing a dense dim of integer values "
          "into a sparse result gives int64 values; torch computes them and then refuses",
          lambda c: c.op == "sparse.sum" and c.kind == "raise-torch-only"
          and "must match dtype of sparse tensor" in c.torch_out),
    Entry("sparse-sum-duplicates-merge-first",
          "docs/SPARSE.md (th.sparse.sum): duplicate entries are one element and merge in the "
          "values' dtype first, as to_dense() merges them, so sum(s) and sum(s, 0) agree; "
          "torch's sum over a dim adds them in int64 (uint8 200 + 100: th 44, torch 300; bool "
          "True twice: th 1, torch 2)",
          lambda c: c.op == "sparse.sum" and c.kind in ("values", "pool-values")
          and set(c.dtypes) & (INTS | {"bool"})),
    Entry("addbmm-inplace-resize",
          "t.addbmm_(...) with a t that only broadcasts to the product: torch resizes t (a "
          "torch quirk), th refuses",
          lambda c: c.kind == "raise-th-only" and "does not match the product's shape"
          in c.th_out),
    Entry("torch-addmv-empty-k",
          "torch quirk, not th: addmv(0-dim self, (n, 0) mat, (0,) vec, out=) returns a 0-dim "
          "result in torch; th gives shape (n,)",
          lambda c: c.op in ("addmv", "addmm", "addbmm", "baddbmm", "addr")
          and c.kind == "shape"),
    Entry("torch-complex-nan-spread",
          "torch quirk, not th: complex a - b (alpha multiply) and products spread a NaN "
          "part to both parts; th's parts follow C99 (the real part stays finite), visible "
          "once the result is stored into a real tensor",
          lambda c: c.kind in ("values", "pool-values") and set(c.dtypes) & COMPLEX
          and "vs torch np.float64(nan)" in (c.detail or "")),
    Entry("torch-sparse-addmm-beta0",
          "torch quirk, not th: th.sparse.addmm(t, s, d, beta=0) ignores t's NaN/inf as "
          "torch.addmm documents; torch.sparse.addmm propagates them (inf * 0 = NaN)",
          lambda c: c.op == "sparse.addmm" and c.kind == "values"
          and "vs torch np.float64(nan)" in (c.detail or "")),
    Entry("cat-out-overlap-refused",
          "README (cat, stack): an out= that overlaps an input is refused (RuntimeError); "
          "torch computes, reading what it already wrote",
          lambda c: c.kind == "raise-th-only" and "THTensor_" in c.th_out
          and "refer to the same memory" in c.th_out),
    Entry("check-order",
          "docs/TORCH.md 'Errors': one call with several mistakes, th reports another first "
          "(a dim out of range, a dtype, an empty dim); both refuse",
          lambda c: c.kind == "exc-class" and (
              _exc(c) == "IndexError" and "out of range" in c.th_out
              and "out of range" not in c.torch_out
              or c.torch_out.startswith("IndexError: Dimension out of range")
              and "out of range" not in c.th_out
              # cat/stack: th checks out='s dtype (TypeError, as torch) before the inputs
              or c.params.get("family") == "cat" and _exc(c) == "TypeError"
              and "can't be cast" in c.th_out
              # torch refuses the signature before it looks at the tensors
              or "invalid combination of arguments" in c.torch_out
              # torch's addmv of a 0-dim input reads its dim 0 first
              or "Dimension specified as 0 but tensor has no dimensions" in c.torch_out
              # th refuses a destination whose elements share memory before anything else
              or "share memory" in c.th_out
              # index_put_(accumulate=True) checks the values' dtype before the indices
              or "values must have self's dtype" in c.th_out)),
    Entry("fill-value-refused",
          "docs/TORCH.md 'Values a dtype cannot hold are refused': a number the dtype cannot "
          "hold is refused (numpy 2's rule); torch wraps it, converts NaN, drops an imaginary part",
          lambda c: c.kind in ("raise-th-only", "exc-class") and _exc(c) == "ValueError"
          and "cannot be converted" in c.th_out),
    Entry("th-accepts-what-torch-refuses",
          "docs/TORCH.md 'Calls th takes that torch refuses'",
          lambda c: c.kind == "raise-torch-only" and any(m in c.torch_out for m in (
              "Index put requires the source and destination dtypes match",
              "only supports bool tensor for result", "does not support bool input",
              "Expected out tensor to have dtype", "Expected the dtype for input and out",
              "Boolean alpha only supported", "In-place abs is not supported",
              "could not infer output dtype", "can't be cast to the desired output type",
              "must be int, not tuple", "Converting complex Scalar to non-complex",
              "without overflow", "but expected", "invalid combination of arguments",
              "dim must be a 2-tuple", "self and source expected to have the same dtype",
              # slices with negative steps and empty masks (numpy's elements)
              "step must be greater than zero", "does not match the shape of the indexed"))),
    Entry("sparse-addmm-dtypes",
          "docs/TORCH.md 'Arithmetic' and docs/SPARSE.md: th.sparse.addmm/mm take float32 and "
          "float64 only (torch: every dtype)",
          lambda c: c.kind == "raise-th-only" and "THSTensor_spaddmm" in c.th_out),
    Entry("half-nan-sign",
          "docs/TORCH.md 'Arithmetic': copysign and signbit take a NaN's sign bit as it lies; "
          "torch's vectorised float16/bfloat16 paths give some NaNs the other sign",
          lambda c: c.kind == "values" and set(c.dtypes) & {"float16", "bfloat16"}
          and "nan" in c.code and (
              "signbit(" in c.code
              or "L.copysign(" in c.code and re.search(
                  r"th np\.float64\((-?[\d.e+]+)\) vs torch np\.float64\(-?\1\)",
                  c.detail or "") is not None)),
    Entry("torch-skips-checks-on-empty",
          "docs/TORCH.md 'Checks on empty operands': th checks operands whatever their size; "
          "torch skips some checks when one is empty",
          lambda c: c.kind == "raise-th-only" and (
              "not defined for complex" in c.th_out or "must have as many dims" in c.th_out
              or c.params.get("empty_operand") and ("to have the same dtype" in c.th_out
                                                    or "expected the result to have dtype"
                                                    in c.th_out)
              or c.op.startswith("clamp") and "not supported for complex" in c.th_out
              # scatter_reduce amax/amin of complex values with an empty index
              or c.op.startswith("scatter_reduce") and "is not supported for complex" in c.th_out
              and re.search(r"'am(ax|in)'", c.code) is not None
              or ("L.cummax(" in c.code or "L.cummin(" in c.code) and "out of range" in c.th_out
              # a random fill or lu_factor of an empty tensor of a dtype torch does not
              # take (th: UnsupportedDtype)
              or c.params.get("random") and "is not supported for" in c.th_out
              and re.search(r"size=\([^)]*\b0\b|tensor\(\[\]", c.torch_out) is not None
              or c.op in ("lu_factor", "cholesky", "cholesky_ex", "det", "slogdet", "svd",
                          "svdvals", "eigh", "eigvalsh", "inv", "inv_ex", "qr", "pinv",
                          "matrix_power", "solve", "solve_ex", "lu_solve", "lstsq")
              and ("Expected a floating point" in c.th_out
                   or "Low precision dtypes not supported" in c.th_out)
              and re.search(r"size=\([^)]*\b0\b", c.torch_out) is not None
              or (c.op.startswith(("index_copy", "index_fill", "index_add", "index_put"))
                  or "THTensor_newIndex" in c.th_out)
              and "out of bounds" in c.th_out
              and re.search(r"size=\([^)]*\b0\b", c.torch_out) is not None)),
    Entry("result-layout",
          "docs/TORCH.md 'Results are laid out row-major': a later view() succeeds on one "
          "side only",
          lambda c: c.kind == "layout"),
    Entry("self-overlapping-write",
          "docs/TORCH.md 'Writing into a tensor whose elements overlap': a destination that "
          "overlaps itself through nonzero strides is written in an unspecified order, as torch",
          lambda c: c.params.get("target_overlaps") and c.kind in ("values", "pool-values")),
    Entry("complex-infinite-division",
          "docs/TORCH.md 'Arithmetic': complex 1 / z of an infinity is 0 (C99 Annex G); "
          "torch and numpy give NaN parts",
          lambda c: c.op in ("pow", "pow_", "reciprocal", "div", "rpow", "true_div")
          and set(c.dtypes) & COMPLEX
          and c.kind in ("values", "pool-values") and "nan" in (c.detail or "")),
    Entry("complex-integer-powers-multiplied",
          "docs/TORCH.md 'Arithmetic': an integer complex power up to 2^24 is a chain of "
          "products, exact for (-1) ** 65504; torch's tensor exponents beyond small integers "
          "take exp(w log z), which leaves a residue",
          lambda c: c.op in ("pow", "pow_", "rpow", "ipow") and set(c.dtypes) & COMPLEX
          and c.kind in ("values", "pool-values")
          and (re.search(r"th np\.float64\(-?[01]\.0\) vs torch np\.float64\(-?[\d.]+e-1\d\)",
                         c.detail or "") is not None or _relative_difference(c.detail) < 1e-12)),
    Entry("torch-half-rounded-division-by-position",
          "torch quirk, not th: float16/bfloat16 division with rounding_mode (and //) rounds "
          "the quotient to the half dtype before truncating or flooring in torch's vector lanes "
          "(-70.375 / 0.9385 truncates to -75 there, to -74 in its scalar tail and in th)",
          lambda c: c.kind in ("values", "pool-values") and set(c.dtypes) & {"float16", "bfloat16"}
          and ("rounding_mode" in c.code or "floor_divide" in c.op or "//" in c.code)
          and _difference(c.detail) <= 1.0),
    Entry("torch-float-to-uint32-by-position",
          "torch quirk, not th: an out-of-range float (NaN, -inf, a negative beyond int32) "
          "converts to uint32 as 2^31 in torch's vector lanes and 0 in its scalar tail, by the "
          "element's position; th gives 0 wherever it is",
          lambda c: c.kind in ("values", "pool-values")
          and re.search(r"th np\.uint32\(0\) vs torch np\.uint32\(2147483648\)", c.detail or "")
          is not None),
    Entry("half-addr-product-rounded-once",
          "docs/TORCH.md 'Arithmetic': float16/bfloat16 addr rounds once (as addmm); torch "
          "rounds the product first",
          lambda c: c.op in ("addr", "addr_") and c.kind in ("values", "pool-values")
          and set(c.dtypes) & {"float16", "bfloat16"} and _within_half_ulp(c.detail)),
    Entry("torch-all-any-uint8-out",
          "docs/TORCH.md 'Arithmetic': all/any into a uint8 out= test elements against zero; "
          "torch converts the input to uint8 first (0.5 is false there)",
          lambda c: c.op in ("all", "any") and c.params.get("out_dtype") == "uint8"
          and c.kind in ("values", "pool-values")),
    Entry("no-complex32",
          "th has no complex32 (torch's ComplexHalf; README's dtype list): float16 with a "
          "complex 0-dim tensor or scalar promotes to complex64",
          lambda c: c.kind in ("dtype", "raise-torch-only", "raise-th-only")
          and any("complex32" in x or "ComplexHalf" in x
                  for x in (c.detail, c.torch_out))
          # torch's complex32 intermediate, rounded to float16's precision
          or c.kind == "values" and "float16" in c.dtypes and "complex(" in c.code),
    Entry("trigamma-poles-and-accuracy",
          "docs/TORCH.md 'Special functions': polygamma(1, x) is +inf at 0 and the negative "
          "integers (torch's reflection gives finite values there, 1e15 in float32) and "
          "accurate to double's last bits (torch's trigamma to about 1e-9)",
          lambda c: c.params.get("f") == "polygamma" and c.kind in ("values", "pool-values")
          and re.search(r"polygamma_?\((1\b|1\))", c.code) is not None
          and (re.search(r"th np\.float64\(inf\) vs torch np\.float64\([\d.e+]+\)",
                         c.detail or "") is not None
               or _relative_difference(c.detail) < 1e-6)),
    Entry("complex-division-rounding",
          "docs/TORCH.md 'Arithmetic': complex division is C's (libgcc, C99 Annex G); torch's "
          "and numpy's Smith algorithm can be an ulp apart (188 / (1 + 0.5j) in complex64: th "
          "150.39999, the nearest float32 to 150.4, torch 150.40001), which a wider later op "
          "shows as a 1e-7 relative difference",
          lambda c: c.kind in ("values", "pool-values") and "/" in c.code
          and "complex(" in c.code and _relative_difference(c.detail) < 1e-6),
    Entry("special-functions-in-double",
          "docs/TORCH.md 'Special functions': float32, float16 and bfloat16 digamma and "
          "polygamma are computed in double and rounded once; torch computes them in float32 "
          "(or the half type), whose pi x loses most digits near the poles (polygamma(1, "
          "-7.0157): th 4081.7146, the exact value, torch 4081.4646)",
          lambda c: c.params.get("f") in ("polygamma", "digamma")
          and c.kind in ("values", "pool-values") and "float64" not in c.dtypes),
    Entry("float-to-int-casts",
          "README (dtypes): casts follow numpy's results: NaN, infinities and floats out of an "
          "integer dtype's range convert as numpy converts them, not as torch (bfloat16 "
          "excepted: torch's, see REPORTED)",
          lambda c: c.kind in ("values", "pool-values")
          and set(c.dtypes) & {"float16", "float32", "float64", "complex64", "complex128"}
          and "bfloat16" not in c.dtypes
          and (re.search(r"\.to\(L\.(u?int|bool)|copy_", c.code) is not None
               or c.params.get("out_dtype") in INTS
               or c.params.get("family") in ("lazy", "setitem", "fill_zero")
               and re.search(r"th np\.u?int\d+\(", c.detail or "") is not None)),
]

KNOWN_DIFFERENCES += [
    Entry("conv-transpose-empty-output",
          "docs/CONV.md 'Where th differs': a transposed convolution whose output size is 0 is "
          "refused (torch's message, as torch's own stride-1 path refuses it); torch's other "
          "paths return an empty result",
          lambda c: c.kind == "raise-th-only" and c.op.startswith("conv_transpose")
          and "Output size is too small" in c.th_out
          and re.search(r"size=\([^)]*\b0\b", c.torch_out) is not None),
    Entry("conv-padding-times-nan",
          "docs/CONV.md 'Where th differs': the zero padding takes part in the products, so a "
          "NaN or infinite weight over the padding gives NaN (0 * inf); torch's kernels skip "
          "the padding",
          lambda c: c.op.startswith("conv") and c.kind == "values"
          and c.params.get("nonfinite_weight") and c.params.get("padded")
          and (re.search(r"th np\.(float64|complex\d+)\(nan", c.detail or "") is not None
               # torch's half-type kernels: NaN for some sums that are infinite there
               or set(c.dtypes) & {"float16", "bfloat16"} and re.search(
                   r"th np\.float64\(-?inf\) vs torch np\.float64\(nan\)", c.detail or "")
               is not None)),
    Entry("index-add-float-alpha-on-integers",
          "docs/TORCH.md 'Calls torch takes that th refuses': index_add with a float alpha on "
          "an integer tensor is refused, as torch's add refuses it; torch's index_add "
          "truncates alpha (0.5 adds nothing)",
          lambda c: c.kind in ("raise-th-only", "exc-class") and c.op.startswith("index_add")
          and "argument alpha must not be a floating point number" in c.th_out),
    Entry("complex-factories",
          "docs/FACTORIES.md and docs/TORCH.md 'Calls torch takes that th refuses': linspace, "
          "logspace and cross refuse complex dtypes",
          lambda c: c.kind == "raise-th-only" and c.op in ("linspace", "logspace", "cross")
          and re.search(r"(linspace|logspace|linalg\.cross): complex(64|128) is not supported",
                        c.th_out) is not None),
    Entry("arange-lanes",
          "docs/TORCH.md 'Arithmetic' and docs/FACTORIES.md: arange with a step that is not a "
          "power of two computes start + i * step in double, rounded once; torch's vector "
          "lanes add offsets to a rounded base (a last-bit difference)",
          lambda c: c.op == "arange" and c.kind == "values" and _p(c, "dtype") in EPS
          and math.frexp(_p(c, "step"))[0] not in (0.5, -0.5)
          and _absolute_difference(c.detail) <= 2 * EPS[_p(c, "dtype")] * max(
              abs(_p(c, "start")), abs(_p(c, "end")), 1.0)),
    Entry("float32-cosh-sinh-edge",
          "docs/TORCH.md 'Special functions': float32 cosh and sinh for 88.7 < |x| < 89.4 are "
          "finite in th (glibc's); torch's vector lanes give inf",
          lambda c: _values_like(c, ("cosh", "sinh"), "float32",
                                 r"th np\.float64\(-?1\.[67]\d*e\+38\) vs torch "
                                 r"np\.float64\(-?inf\)")),
    Entry("float64-digamma-near-poles",
          "docs/TORCH.md 'Special functions': float64 digamma near its poles measures x from "
          "the nearest integer; torch's pi x costs it up to 400 ulps there",
          lambda c: c.op == "digamma" and c.dtypes == ["float64"]
          and c.kind in ("values", "pool-values") and _relative_difference(c.detail) < 1e-12),
    Entry("torch-trunc-division-crash",
          "torch quirk, not th (docs/TORCH.md 'Arithmetic'): torch 2.13 stops the process "
          "(SIGFPE) on int32/int64 div(..., rounding_mode='trunc') of the dtype's minimum by "
          "-1; th gives the minimum, as // does. Not run when an operand holds the minimum",
          lambda c: c.params.get("int_min_operand"), prevent=True),
    Entry("bfloat16-erf-tiny",
          "docs/TORCH.md 'Special functions': bfloat16 erf of tiny values is 2x / sqrt(pi) in "
          "th; torch's vector erf gives 0",
          lambda c: _values_like(c, ("erf", "erf_"), "bfloat16",
                                 r"th np\.float64\(-?[\d.]+e-\d\d\) vs torch "
                                 r"np\.float64\(-?0\.0\)")),
    Entry("torch-kron-view",
          "torch quirk, not th: torch.kron of some non-contiguous operands fails in its own "
          "view() ('view size is not compatible'); th computes it",
          lambda c: c.op == "kron" and c.kind == "raise-torch-only"
          and "view size is not compatible" in c.torch_out),
]

# Known defects being fixed in other clones right now; delete an entry when its
# fix lands. Matching is deliberately narrow.
BEING_FIXED = []


VIEWS = {"narrow", "select", "transpose", "t", "T_mT", "permute", "expand", "unfold", "view",
         "reshape_copy", "squeeze_unsqueeze", "flatten", "diagonal", "getitem_basic", "as_strided",
         "movedim_swap", "unflatten", "split_chunk", "item_tolist"}

# Found by this fuzzer and reported (tests/fuzz.py's hand-back), not yet triaged
# by th's maintainers: real mismatches, kept apart so that the bounded test
# passes; an entry goes when th changes (or moves to KNOWN_DIFFERENCES with the
# doc that makes it deliberate).
REPORTED = [
    Entry("half-conv-nonfinite",
          "bfloat16 conv3d with non-finite operands: th finite (-1096) where torch gives NaN; "
          "not yet triaged (see conv-padding-times-nan)",
          lambda c: c.op.startswith("conv") and c.kind == "values"
          and set(c.dtypes) & {"float16", "bfloat16"}
          and "vs torch np.float64(nan)" in (c.detail or "")),
]


_DETAIL_VALUES = re.compile(r"th np\.float64\(([-\d.e+]+)\) vs torch np\.float64\(([-\d.e+]+)\)")


def _detail_values(detail):
    """th's and torch's numbers of a 'th X vs torch Y' detail (None when there are none)."""
    m = _DETAIL_VALUES.search(detail or "")
    return (float(m.group(1)), float(m.group(2))) if m else None


def _difference(detail):
    """|th - torch| of a 'th X vs torch Y' detail, in the larger one's half-type ulps
    beyond the units (inf when there is none): at most 1 for two adjacent results."""
    v = _detail_values(detail)
    if not v:
        return math.inf
    x, y = v
    return abs(x - y) / max(1.0, 2.0 ** -6 * max(abs(x), abs(y)))


def _relative_difference(detail):
    """|th - torch| / |torch| of a 'th X vs torch Y' detail (inf when there is none)."""
    v = _detail_values(detail)
    if not v or v[1] == 0:
        return math.inf
    return abs(v[0] - v[1]) / abs(v[1])


def _absolute_difference(detail):
    """|th - torch| of a 'th X vs torch Y' detail (inf when there is none)."""
    v = _detail_values(detail)
    return abs(v[0] - v[1]) if v else math.inf


def _values_like(c, ops, dtype, pattern):
    """A values mismatch of one of ops, with a dtype operand, whose detail matches pattern."""
    return (c.op in ops and dtype in c.dtypes and c.kind in ("values", "pool-values")
            and re.search(pattern, c.detail or "") is not None)


def _within_half_ulp(detail):
    """A 'th X vs torch Y' detail one float16 ulp apart (or a bfloat16 one)."""
    v = _detail_values(detail)
    if not v:
        return False
    x, y = v
    return abs(x - y) <= 2.0 ** -7 * max(abs(x), abs(y), 2.0 ** -14)


def classify(case):
    for table, label in ((BEING_FIXED, "being-fixed"), (KNOWN_DIFFERENCES, "known"),
                         (REPORTED, "reported")):
        for e in table:
            try:
                if e.match(case):
                    return label, e.key
            except Exception:  # a matcher must never hide a mismatch
                pass
    return None, None


# ------------------------------------------------------------------- comparing


class Mismatch(Exception):
    def __init__(self, kind, detail):
        super().__init__(f"{kind}: {detail}")
        self.kind, self.detail = kind, detail


def is_th_tensor(x):
    return isinstance(x, th.Tensor)


def is_th_sparse(x):
    return isinstance(x, th.SparseTensor)


def th_numpy(t):
    """th tensor -> numpy (float32 for half types)."""
    d = dname(t)
    if d in ("float16", "bfloat16"):
        t = t.to(th.float32)
    return np.array(t.tolist() if t.dim() == 0 else t.contiguous().numpy(), dtype=NP_OF[d]
                    if d not in ("float16", "bfloat16") else np.float32)


def torch_numpy(u):
    d = dname(u)
    u = u.detach()
    if d in ("float16", "bfloat16"):
        u = u.to(torch.float32)
    return u.resolve_conj().resolve_neg().contiguous().numpy().copy()


def close(a, b, dtype, tol):
    """NaN-aware comparison of numpy arrays a (th) and b (torch). tol is
    (ulps, atol, complex_rel[, precision]): precision, when given, is the
    dtype the result was computed in (a wider out= holds a narrower op's
    result); None: exact."""
    if a.shape != b.shape:
        return f"shape {a.shape} vs {b.shape}"
    if a.size == 0:
        return None
    if dtype in COMPLEX:
        # a complex element with an infinite or NaN part: C99 Annex G and torch's
        # kernels (alpha multiplies, std::complex products) disagree on which
        # parts become NaN; require only that both are non-finite there
        # parts become NaN, and torch's division by an infinity is NaN where C99
        # gives 0: elements torch makes non-finite are not compared
        fa, fb = np.isfinite(a), np.isfinite(b)
        if (fb & ~fa).any():
            i = tuple(np.argwhere(fb & ~fa)[0])
            return f"at {i}: th {a[i]!r} vs torch {b[i]!r}"
        a, b = np.where(fb, a, 0), np.where(fb, b, 0)
        p = tol[3] if tol is not None and len(tol) > 3 else dtype
        p = {"complex128": "float64", "complex64": "float32"}.get(p, p)
        for part in (np.real, np.imag):
            r = close(part(a), part(b), p,
                      None if tol is None else (tol[0], tol[1] + tol[2] * np.nanmax(
                          np.abs(np.where(np.isfinite(b), b, 0)), initial=0), 0))
            if r:
                return r
        return None
    if dtype not in EPS:
        bad = a != b
        if bad.any():
            i = tuple(np.argwhere(bad)[0])
            return f"at {i}: th {a[i]!r} vs torch {b[i]!r}"
        return None
    a = a.astype(np.float64)
    b = b.astype(np.float64)
    na, nb = np.isnan(a), np.isnan(b)
    bad = na != nb
    ia, ib = np.isinf(a), np.isinf(b)
    bad |= (ia | ib) & (a != b) & ~(na | nb)
    fin = np.isfinite(a) & np.isfinite(b)
    if tol is None:
        bad |= fin & (a != b)
    else:
        ulps, atol = tol[:2]
        rtol = ulps * EPS[tol[3] if len(tol) > 3 else dtype]
        with np.errstate(invalid="ignore", over="ignore"):
            bad |= fin & (np.abs(a - b) > atol + rtol * np.maximum(np.abs(a), np.abs(b)))
    if bad.any():
        i = tuple(np.argwhere(bad)[0])
        return f"at {i}: th {a[i]!r} vs torch {b[i]!r}"
    return None


def maxabs(u):
    """Largest finite |value| of a torch tensor (1 when none)."""
    if u.numel() == 0 or u.dtype == torch.bool:
        return 1.0
    x = u.detach()
    x = x.abs().double() if x.is_complex() else x.double().abs()
    x = x[torch.isfinite(x)]
    return max(1.0, float(x.max())) if x.numel() else 1.0


def compare(x, y, tol, view_of=None, where="result"):
    """Raise Mismatch unless th's x matches torch's y."""
    if is_th_tensor(x) or isinstance(y, torch.Tensor) and not y.is_sparse:
        if not (is_th_tensor(x) and isinstance(y, torch.Tensor)):
            raise Mismatch("type", f"{where}: th {type(x).__name__} vs torch {type(y).__name__}")
        if tuple(x.shape) != tuple(y.shape):
            raise Mismatch("shape" if where == "result" else "pool-shape",
                           f"{where}: th {tuple(x.shape)} vs torch {tuple(y.shape)}")
        if dname(x) != dname(y):
            raise Mismatch("dtype", f"{where}: th {dname(x)} vs torch {dname(y)}")
        if view_of is not None:
            xt, yt = view_of
            shares_th = x.numel() == 0 or x.storage().data_ptr() == xt.storage().data_ptr()
            shares_torch = (y.numel() == 0 or y.untyped_storage().data_ptr()
                            == yt.untyped_storage().data_ptr())
            if shares_th != shares_torch:
                raise Mismatch("view", f"{where}: a view in th {shares_th}, in torch {shares_torch}")
            same_base = not any(n > 1 and a != b for n, a, b in zip(yt.shape, xt.stride(),
                                                                     yt.stride())) \
                and xt.storage_offset() == yt.storage_offset() if isinstance(xt, th.Tensor) \
                else False
            if shares_torch and x.numel() > 0 and same_base:
                if any(n > 1 and a != b for n, a, b in zip(y.shape, x.stride(), y.stride())):
                    raise Mismatch("stride", f"{where}: th {x.stride()} vs torch {y.stride()}")
                if x.storage_offset() != y.storage_offset():
                    raise Mismatch("offset", f"{where}: th {x.storage_offset()} vs torch "
                                   f"{y.storage_offset()}")
        r = close(th_numpy(x), torch_numpy(y), dname(y), tol)
        if r:
            raise Mismatch("values" if where == "result" else "pool-values", f"{where}: {r}")
        return
    if is_th_sparse(x) or isinstance(y, torch.Tensor):
        if not (is_th_sparse(x) and isinstance(y, torch.Tensor)):
            raise Mismatch("type", f"{where}: th {type(x).__name__} vs torch {type(y).__name__}")
        compare(x.to_dense(), y.to_dense(), tol, where=where + ".to_dense()")
        return
    if isinstance(x, (tuple, list)) or isinstance(y, (tuple, list)):
        if not (isinstance(x, (tuple, list)) and isinstance(y, (tuple, list))):
            raise Mismatch("type", f"{where}: th {type(x).__name__} vs torch {type(y).__name__}")
        if len(x) != len(y):
            raise Mismatch("shape", f"{where}: th {len(x)} items vs torch {len(y)}")
        for i, (a, b) in enumerate(zip(x, y)):
            compare(a, b, tol, None if view_of is None else view_of, f"{where}[{i}]")
        return
    if isinstance(x, np.ndarray) or isinstance(y, np.ndarray):
        raise Mismatch("type", f"{where}: th {type(x).__name__} vs torch {type(y).__name__}")
    # Python scalars
    if type(x) is not type(y) and not (isinstance(x, (int, float)) and isinstance(y, (int, float))
                                       and not isinstance(x, bool) and not isinstance(y, bool)):
        raise Mismatch("type", f"{where}: th {type(x).__name__} {x!r} vs torch "
                       f"{type(y).__name__} {y!r}")
    if isinstance(x, (bool, int, float, complex)):
        if isinstance(x, complex) or isinstance(x, float):
            a, b = np.array([x]), np.array([y])
            r = close(a, b, "complex128" if isinstance(x, complex) else "float64",
                      None if tol is None else (max(tol[0], 1e8), tol[1], tol[2]))
        else:
            r = None if x == y else f"th {x!r} vs torch {y!r}"
        if r:
            raise Mismatch("values", f"{where}: {r}")
        return
    if x != y:
        raise Mismatch("values", f"{where}: th {x!r} vs torch {y!r}")


# ------------------------------------------------------------- values and code


def fmt(v):
    """Python source for a value."""
    if isinstance(v, bool) or v is None:
        return repr(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "float('nan')"
        if math.isinf(v):
            return "float('inf')" if v > 0 else "-float('inf')"
        return repr(v)
    if isinstance(v, complex):
        return f"complex({fmt(v.real)}, {fmt(v.imag)})"
    if isinstance(v, (list, tuple)):
        inner = ", ".join(fmt(x) for x in v)
        return f"[{inner}]" if isinstance(v, list) else f"({inner}{',' if len(v) == 1 else ''})"
    return repr(v)


def random_values(rng, dtype, n):
    """n values for a fresh tensor, as a numpy array in a dtype holding them
    exactly (float32 for bfloat16: cast on each side)."""
    style = rng.random()
    if dtype == "bool":
        return np.array([rng.random() < 0.5 for _ in range(n)], dtype=np.bool_)
    if dtype in INTS:
        lo, hi = INT_RANGE[dtype]
        if style < 0.15:
            vals = [rng.choice([lo, hi, lo + 1, hi - 1, 0, 1]) if rng.random() < 0.5
                    else rng.randint(lo, hi) for _ in range(n)]
        else:
            vals = [rng.randint(max(lo, -9), min(hi, 12)) for _ in range(n)]
        return np.array(vals, dtype=NP_OF[dtype])
    specials = [math.nan, math.inf, -math.inf, -0.0, 0.0, 1e-30, 1e30, 65504.0, 1e-6]

    def one():
        if style < 0.3:
            return float(rng.randint(-6, 6)) / rng.choice([1, 1, 2, 4])
        if style < 0.45 and rng.random() < 0.25:
            return rng.choice(specials)
        return rng.gauss(0, rng.choice([1, 1, 3, 100]))
    if dtype in COMPLEX:
        cspecial = [0j, 1j, -1j, 1 + 0j, -1 + 0j, 2j, complex(math.nan, 0.0),
                    complex(0.0, math.nan), complex(math.inf, 0.0), complex(0.0, -0.0)]
        vals = [rng.choice(cspecial) if style < 0.2 and rng.random() < 0.5
                else complex(one(), one()) for _ in range(n)]
    else:
        vals = [one() for _ in range(n)]
    with np.errstate(over="ignore"):
        return np.array(vals, dtype=NP_OF[dtype])


def random_shape(rng, ndim=None, allow_empty=True):
    if ndim is None:
        ndim = rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 4])
    sizes = []
    for _ in range(ndim):
        r = rng.random()
        sizes.append(0 if allow_empty and r < 0.05 else 1 if r < 0.25 else rng.randint(2, 5))
    return tuple(sizes)


# ---------------------------------------------------------------- the program


@dataclass
class Call:
    """What an op generator returns."""
    code: str                      # source with L for th / torch; result in r
    torch_code: str = None         # when torch needs other source (th.lazy)
    tol: str = "exact"             # exact, ulp, acc
    ulps: float = 4
    bound: float = 0.0             # for acc: the size of what was accumulated
    view_of: str = None            # the result must be a view of this operand
    mutates: bool = False          # writes into operands: compare the pool after
    params: dict = field(default_factory=dict)
    keep: bool = True              # add results to the pool
    operands: list = field(default_factory=list)


class Skip(Exception):
    """An op that does not apply to the operands drawn."""


class Program:
    """One program: a pool of named mirrored tensors and a random stream."""

    MAX_POOL = 10

    def __init__(self, rng, inject=False):
        self.rng = rng
        self.inject = inject
        self.th = {}      # name -> th object
        self.torch = {}   # name -> torch object
        self.names = []   # pool order
        self.counter = 0

    # ---- pool
    def add(self, t, u):
        name = f"t{self.counter}"
        self.counter += 1
        self.th[name] = t
        self.torch[name] = u
        self.names.append(name)
        return name

    def trim(self):
        """Drops the oldest tensors beyond MAX_POOL (between ops only)."""
        while len(self.names) > self.MAX_POOL:
            old = self.names.pop(0)
            del self.th[old], self.torch[old]

    def dense_names(self):
        return [n for n in self.names if is_th_tensor(self.th[n])]

    def new(self, dtype=None, shape=None, ndim=None, allow_empty=True, layout=True):
        rng = self.rng
        dtype = dtype or rng.choices(list(DTYPE_WEIGHTS), list(DTYPE_WEIGHTS.values()))[0]
        if shape is None:
            shape = random_shape(rng, ndim, allow_empty)
        n = math.prod(shape)
        arr = random_values(rng, dtype, n)
        # a fresh tensor is sometimes laid out transposed or inside a bigger one
        mode = rng.random() if layout and len(shape) >= 1 else 1.0
        if mode < 0.15 and len(shape) >= 2:
            perm = list(range(len(shape)))
            rng.shuffle(perm)
            inv = [perm.index(i) for i in range(len(shape))]
            arr = arr.reshape(shape).transpose(perm).copy().reshape(-1)
            pshape = tuple(shape[p] for p in perm)
            t, u = self._leaf(arr, dtype, pshape)
            t, u = t.permute(*inv), (u.permute(*inv) if u is not None else None)
        elif mode < 0.3:
            step = rng.choice([2, 3])
            big = np.zeros(n * step + 1, dtype=arr.dtype)
            big[1::step][:n] = arr
            t, u = self._leaf(big, dtype, (len(big),))
            sl = (slice(1, 1 + n * step, step),)
            t, u = t[sl].view(*shape) if n else t[1:1].view(*shape), None if u is None else (
                u[sl].view(*shape) if n else u[1:1].view(*shape))
            if n and not all(s == 1 for s in shape) and step > 1:
                # a strided 1-d slice reshaped: view keeps it strided
                pass
        else:
            t, u = self._leaf(arr, dtype, shape)
        return self.add(t, u)

    def _leaf(self, arr, dtype, shape):
        if dtype == "bfloat16":
            t = th.tensor(arr.reshape(shape)).to(th.bfloat16)
            u = None if self.inject else torch.tensor(arr.reshape(shape)).to(torch.bfloat16)
        else:
            t = th.tensor(arr.reshape(shape))
            u = None if self.inject else torch.tensor(arr.reshape(shape))
        return t, u

    def pick(self, pred=lambda t: True, fresh=0.25, **new_kw):
        names = [n for n in self.dense_names() if pred(self.th[n])]
        if names and self.rng.random() > fresh:
            return self.rng.choice(names)
        for _ in range(20):
            n = self.new(**new_kw)
            if pred(self.th[n]):
                return n
        raise Skip("no operand")

    def sparse(self):
        names = [n for n in self.names if is_th_sparse(self.th[n])]
        if names and self.rng.random() < 0.6:
            return self.rng.choice(names)
        rng = self.rng
        dtype = rng.choice(["float32", "float32", "float64", "int64", "int32", "bool",
                            "complex64", "float16", "uint8"])
        shape = random_shape(rng, rng.choice([1, 2, 2, 3]))
        shape = tuple(max(1, s) if rng.random() < 0.9 else s for s in shape)
        sdim = rng.randint(1, len(shape))
        nnz = rng.randint(0, 6)
        if 0 in shape[:sdim]:
            nnz = 0
        idx = [[rng.randrange(s) for _ in range(nnz)] for s in shape[:sdim]]
        vals = random_values(rng, dtype, nnz * math.prod(shape[sdim:])).reshape(
            (nnz,) + shape[sdim:])
        ti = th.tensor(np.array(idx, dtype=np.int64).reshape(sdim, nnz))
        t = th.sparse_coo_tensor(ti, self._leaf(vals, dtype, vals.shape)[0], shape)
        u = None
        if not self.inject:
            u = torch.sparse_coo_tensor(torch.tensor(np.array(idx, dtype=np.int64).reshape(
                sdim, nnz)), self._leaf(vals, dtype, vals.shape)[1], shape)
        if rng.random() < 0.3:
            t, u = t.coalesce(), (u.coalesce() if u is not None else None)
        return self.add(t, u)

    # ---- argument helpers
    def dim(self, name, extra=0):
        """A dim of the operand (sometimes negative, rarely out of range)."""
        nd = self.th[name].dim()
        if self.rng.random() < 0.03:
            return self.rng.choice([nd + extra, -nd - 1 - extra, 7])
        if nd + extra == 0:
            return self.rng.choice([0, -1])
        d = self.rng.randrange(nd + extra)
        return d - (nd + extra) if self.rng.random() < 0.3 else d

    def bshape(self, shape):
        """A shape broadcasting with shape (rarely one that does not)."""
        rng = self.rng
        if rng.random() < 0.03:
            return tuple(s + 1 for s in shape) or (2,)
        keep = rng.randint(0, len(shape)) if rng.random() < 0.4 else len(shape)
        out = [1 if rng.random() < 0.25 else s for s in shape[len(shape) - keep:]]
        if rng.random() < 0.1:
            out = [1] + out
        return tuple(out)

    def other(self, name, dtype=None, same_dtype=0.5):
        """A tensor broadcasting with the operand."""
        t = self.th[name]
        shape = tuple(t.shape)
        if dtype is None and self.rng.random() < same_dtype:
            dtype = dname(t)
        cands = [n for n in self.dense_names() if n != name
                 and _broadcasts(tuple(self.th[n].shape), shape)
                 and (dtype is None or dname(self.th[n]) == dtype)]
        if cands and self.rng.random() < 0.4:
            return self.rng.choice(cands)
        return self.new(dtype=dtype, shape=self.bshape(shape))

    def scalar(self, like=None):
        """A Python scalar (literal source) or a 0-dim tensor name."""
        rng = self.rng
        r = rng.random()
        if r < 0.3:
            return str(rng.randint(-3, 5))
        if r < 0.55:
            return fmt(rng.choice([0.5, -1.5, 2.0, 0.0, 3.25, math.nan, math.inf, -0.0, 1e-3]))
        if r < 0.62:
            return rng.choice(["True", "False"])
        if r < 0.68:
            return fmt(complex(rng.choice([0.0, 1.0, -2.0]), rng.choice([0.0, 1.0, 0.5])))
        return self.new(shape=())


def _broadcasts(a, b):
    for x, y in zip(reversed(a), reversed(b)):
        if x != y and x != 1 and y != 1:
            return False
    return True


# -------------------------------------------------------------------- the ops

OPS = {}  # name -> (weight, generator(program) -> Call)


def op(name, weight=1.0):
    def deco(fn):
        OPS[name] = (weight, fn)
        return fn
    return deco


def _shape(p, n):
    return tuple(p.th[n].shape)


# ---- views

@op("narrow", 2)
def _(p):
    a = p.pick(lambda t: t.dim() > 0)
    d = p.dim(a)
    size = _shape(p, a)[d] if -len(_shape(p, a)) <= d < len(_shape(p, a)) else 3
    start = p.rng.randint(-size, size) if size else 0
    length = p.rng.randint(0, max(0, size - (start % size if size else 0)) + (p.rng.random() < .05))
    return Call(f"r = {a}.narrow({d}, {start}, {length})", view_of=a)


@op("select", 2)
def _(p):
    a = p.pick(lambda t: t.dim() > 0)
    d = p.dim(a)
    s = _shape(p, a)
    size = s[d] if -len(s) <= d < len(s) else 2
    i = p.rng.randint(-size - (p.rng.random() < .05), max(0, size - 1) + (p.rng.random() < .05))
    return Call(f"r = {a}.select({d}, {i})", view_of=a)


@op("transpose", 2)
def _(p):
    a = p.pick()
    return Call(f"r = {a}.transpose({p.dim(a)}, {p.dim(a)})", view_of=a)


@op("t")
def _(p):
    a = p.pick(lambda t: t.dim() <= 2 or p.rng.random() < 0.05)
    return Call(f"r = {a}.t()", view_of=a)


@op("T_mT")
def _(p):
    a = p.pick(lambda t: t.dim() >= 2 or p.rng.random() < 0.1)
    return Call(f"r = {a}.mT", view_of=a)


@op("permute", 2)
def _(p):
    a = p.pick(lambda t: t.dim() > 0)  # torch's permute() needs dims
    perm = list(range(p.th[a].dim()))
    p.rng.shuffle(perm)
    perm = [x - len(perm) if p.rng.random() < 0.2 else x for x in perm]
    if p.rng.random() < 0.03:
        perm = perm + [0]
    return Call(f"r = {a}.permute({', '.join(map(str, perm))})", view_of=a)


@op("expand", 2)
def _(p):
    a = p.pick(lambda t: t.dim() <= 3)
    s = _shape(p, a)
    new = [p.rng.choice([x, 3, -1]) if x == 1 else p.rng.choice([x, x, -1]) for x in s]
    lead = [p.rng.randint(0, 3) for _ in range(p.rng.choice([0, 0, 1, 2]))]
    return Call(f"r = {a}.expand({fmt(tuple(lead + new))})", view_of=a)


@op("unfold")
def _(p):
    a = p.pick(lambda t: t.dim() <= 3)
    d = p.dim(a)
    s = _shape(p, a)
    size = s[d] if s and -len(s) <= d < len(s) else 1
    return Call(f"r = {a}.unfold({d}, {p.rng.randint(0, size + 1)}, {p.rng.randint(1, 3)})",
                view_of=a)


@op("view", 2)
def _(p):
    a = p.pick()
    s = list(_shape(p, a))
    n = math.prod(s)
    r = p.rng.random()
    if r < 0.3:
        new = [n]
    elif r < 0.5 and n:
        new = [-1, s[-1]] if s and s[-1] else [n]
    elif r < 0.7:
        new = [1] + s + [1]
    elif r < 0.85 and len(s) >= 2:
        new = s[:-2] + [s[-2] * s[-1]]
    else:
        new = [d for d in s if d != 1] or [1]
    meth = p.rng.choice(["view", "reshape", "reshape"])
    # a reshape may copy: a view only where view would be one
    return Call(f"r = {a}.{meth}({fmt(tuple(new))})", view_of=a if meth == "view" else None,
                params={"meth": meth})


@op("reshape_copy")
def _(p):
    a = p.pick()
    return Call(f"r = {a}.reshape(-1)")


@op("squeeze_unsqueeze", 2)
def _(p):
    a = p.pick()
    r = p.rng.random()
    if r < 0.3:
        return Call(f"r = {a}.squeeze()", view_of=a)
    if r < 0.6:
        return Call(f"r = {a}.squeeze({p.dim(a)})", view_of=a)
    return Call(f"r = {a}.unsqueeze({p.dim(a, 1)})", view_of=a)


@op("flatten")
def _(p):
    a = p.pick()
    x, y = p.dim(a), p.dim(a)
    return Call(f"r = {a}.flatten({x}, {y})" if p.rng.random() < 0.7 else f"r = L.flatten({a})"
                if False else f"r = {a}.flatten()")


@op("diagonal")
def _(p):
    a = p.pick(lambda t: t.dim() >= 2 or p.rng.random() < 0.05)
    off = p.rng.randint(-3, 3)
    return Call(f"r = {a}.diagonal({off}, {p.dim(a)}, {p.dim(a)})", view_of=a)


@op("getitem_basic", 3)
def _(p):
    a = p.pick()
    s = _shape(p, a)
    parts = []
    rng = p.rng
    dims = list(s)
    if rng.random() < 0.2:
        parts.append("...")
        dims = dims[rng.randint(0, len(dims)):] if dims else []
    for size in dims[:rng.randint(0, len(dims))] if dims else []:
        r = rng.random()
        if r < 0.3:
            i = rng.randint(-size, size - 1) if size else 0
            if rng.random() < 0.03:
                i = size
            parts.append(str(i))
        elif r < 0.45:
            parts.append("None")
        else:
            lo = rng.choice(["", str(rng.randint(-size - 1, size + 1))])
            hi = rng.choice(["", str(rng.randint(-size - 1, size + 1))])
            st = rng.choice(["", "", "2", "3", "1"] + (["-1"] if rng.random() < 0.05 else []))
            parts.append(f"{lo}:{hi}" + (f":{st}" if st else ""))
    if rng.random() < 0.1:
        parts.append("None")
    return Call(f"r = {a}[{', '.join(parts) if parts else '...'}]", view_of=a)


@op("as_strided")
def _(p):
    # a fresh operand: only there are th's and torch's whole storages alike
    # (an op's result may be a view into a bigger storage on one side)
    a = p.new(shape=random_shape(p.rng, allow_empty=False))
    n = p.th[a].storage_offset() + p.th[a].numel()  # a lower bound of the storage size
    rng = p.rng
    ndim = rng.randint(0, 3)
    size = [rng.randint(1, 3) for _ in range(ndim)]
    stride = [rng.randint(0, 2) for _ in range(ndim)]
    span = sum((s - 1) * st for s, st in zip(size, stride))
    off = rng.randint(0, max(0, n - 1 - span)) if n - 1 - span >= 0 else 0
    if span + off >= n:
        size, stride, off = [1], [1], 0
    return Call(f"r = {a}.as_strided({fmt(tuple(size))}, {fmt(tuple(stride))}, {off})",
                view_of=a)


@op("movedim_swap")
def _(p):
    a = p.pick()
    r = p.rng.random()
    if r < 0.5:
        return Call(f"r = L.movedim({a}, {p.dim(a)}, {p.dim(a)})", view_of=a)
    return Call(f"r = {a}.swapaxes({p.dim(a)}, {p.dim(a)})", view_of=a)


@op("unflatten")
def _(p):
    a = p.pick(lambda t: t.dim() >= 1)
    d = p.dim(a)
    s = _shape(p, a)
    size = s[d] if -len(s) <= d < len(s) else 4
    parts = (-1, 1) if p.rng.random() < 0.5 else ((size, 1) if p.rng.random() < 0.5 else (2, -1))
    return Call(f"r = {a}.unflatten({d}, {fmt(parts)})", view_of=a)


@op("split_chunk", 2)
def _(p):
    a = p.pick(lambda t: t.dim() >= 1)
    d = p.dim(a)
    r = p.rng.random()
    if r < 0.3:
        return Call(f"r = {a}.chunk({p.rng.randint(1, 4)}, {d})", view_of=a)
    if r < 0.6:
        return Call(f"r = {a}.split({p.rng.randint(1, 3)}, {d})", view_of=a)
    if r < 0.8:
        s = _shape(p, a)
        size = s[d] if -len(s) <= d < len(s) else 3
        k = p.rng.randint(0, size)
        sizes = [k, size - k] if p.rng.random() < 0.9 else [k, size - k + 1]
        return Call(f"r = L.split({a}, {fmt(sizes)}, {d})", view_of=a)
    return Call(f"r = {a}.unbind({d})", view_of=a)


# ---- copies and fills

@op("copy_", 3)
def _(p):
    a = p.pick()
    b = p.other(a, same_dtype=0.3)
    if p.rng.random() < 0.15:
        b = a  # copy from self / an overlapping view
        return Call(f"r = {a}.copy_({a}.flip(0) if {a}.dim() else {a})", mutates=True,
                    params={"inplace": True, "target_empty": p.th[a].numel() == 0})
    return Call(f"r = {a}.copy_({b})", mutates=True,
                params={"inplace": True, "target_empty": p.th[a].numel() == 0})


@op("fill_zero", 2)
def _(p):
    a = p.pick()
    if p.rng.random() < 0.2:
        return Call(f"r = {a}.zero_()", mutates=True, params={"inplace": True})
    return Call(f"r = {a}.fill_({p.scalar()})", mutates=True, params={"inplace": True})


@op("setitem", 2)
def _(p):
    a = p.pick(lambda t: t.dim() >= 1)
    s = _shape(p, a)
    i = p.rng.randint(-s[0], max(0, s[0] - 1)) if s[0] else 0
    idx = p.rng.choice([str(i), ":", "1:", "::2", "..."])
    val = p.scalar() if p.rng.random() < 0.5 else p.new(shape=p.bshape(s[1:] if idx == str(i)
                                                                            else s))
    return Call(f"{a}[{idx}] = {val}; r = {a}", mutates=True, params={"inplace": True})


@op("clone_contig_to")
def _(p):
    a = p.pick()
    r = p.rng.random()
    if r < 0.3:
        return Call(f"r = {a}.clone()")
    if r < 0.5:
        return Call(f"r = {a}.contiguous()")
    d = p.rng.choice(ALL_DTYPES)
    return Call(f"r = {a}.to(L.{d})")


@op("item_tolist")
def _(p):
    a = p.pick(lambda t: t.numel() <= 1 or p.rng.random() < 0.3)
    if p.rng.random() < 0.5:
        return Call(f"r = {a}.item()", keep=False)
    return Call(f"r = {a}.tolist()", keep=False)


# ---- element-wise

UNARY = ["neg", "abs", "sign", "sqrt", "rsqrt", "exp", "log", "log1p", "expm1", "sin", "cos",
         "tanh", "sigmoid", "floor", "ceil", "round", "trunc", "reciprocal", "bitwise_not",
         "logical_not",
         # the functions TH had beyond the operators
         "acos", "asin", "atan", "arccos", "arcsin", "arctan", "cosh", "sinh", "tan", "log2",
         "log10", "exp2", "sinc", "erf", "erfc", "erfinv", "lgamma", "digamma", "frac", "isnan",
         "isinf", "isfinite", "isposinf", "isneginf", "signbit", "square", "deg2rad", "rad2deg",
         "nan_to_num", "asinh", "acosh", "atanh"]
INEXACT = {"asinh", "acosh", "atanh", "sqrt", "rsqrt", "exp", "log", "log1p", "expm1", "sin", "cos", "tanh", "sigmoid",
           "reciprocal", "div", "pow", "atan2", "true_div", "addcdiv", "mean", "norm", "var", "std",
           "acos", "asin", "atan", "arccos", "arcsin", "arctan", "cosh", "sinh", "tan", "log2",
           "log10", "exp2", "sinc", "erf", "erfc", "erfinv", "lgamma", "digamma", "deg2rad",
           "rad2deg", "hypot", "logaddexp", "logaddexp2", "xlogy", "polygamma", "lerp"}
# no in-place form in torch (nor th), no out= in torch (nor th)
NO_INPLACE = {"isnan", "isinf", "isfinite", "isposinf", "isneginf", "signbit", "logaddexp",
              "logaddexp2", "fmax", "fmin"}
NO_OUT = {"isnan", "isinf", "isfinite"}
# results that cancel terms (a root, a zero of sin(pi x), two operands of
# opposite signs): compared within ulps of the operands' size, not the result's
CANCELLING = {"digamma", "lgamma", "sinc", "erfinv", "logaddexp", "logaddexp2", "xlogy",
              "polygamma", "tan"}


def out_tensor(p, like_dtype, shape=None):
    """An out= tensor: mostly of the result's shape when the caller knows it,
    else empty (resized) or of a wrong shape; mostly of the op's dtype, else
    any (a wider one: the op's result must be rounded to its dtype first)."""
    r = p.rng.random()
    d = like_dtype if r < 0.5 else p.rng.choice(
        ALL_DTYPES if r < 0.8 else ["float32", "float64", "complex128"])
    r = p.rng.random()
    if shape is not None and r < 0.6:
        s = tuple(shape)
    elif r < 0.85:
        s = (0,)
    else:
        s = random_shape(p.rng, p.rng.randint(0, 2))
    return p.new(dtype=d, shape=s, layout=p.rng.random() < 0.3), d


def _bshape(*shapes):
    try:
        return np.broadcast_shapes(*shapes)
    except ValueError:
        return None


@op("unary", 6)
def _(p):
    f = p.rng.choice(UNARY)
    a = p.pick()
    form = p.rng.random()
    tol = "ulp" if f in INEXACT or dname(p.th[a]) in COMPLEX else "exact"  # |z|: hypot
    ulps = 8 if f in ("sigmoid", "tanh", "expm1", "log1p", "rsqrt", "acos", "asin", "atan",
                      "arccos", "arcsin", "arctan", "cosh", "sinh", "tan", "log2", "log10",
                      "exp2", "sinc", "erf", "erfc", "erfinv", "lgamma", "digamma") else 4
    params = {"f": f}
    bound = 0.0
    if f in CANCELLING and dname(p.th[a]) not in COMPLEX:
        tol, bound = "acc", 4 * (1.0 + maxabs(p.torch[a]))
    if form < 0.4:
        code = f"r = L.{f}({a})"
    elif form < 0.6 or (form < 0.8 and f in NO_INPLACE) or (form >= 0.8 and f in NO_OUT):
        code = f"r = {a}.{f}()"
    elif form < 0.8:
        params.update(inplace=True, target_empty=p.th[a].numel() == 0)
        return Call(f"r = {a}.{f}_()", tol=tol, ulps=ulps, bound=bound, mutates=True,
                    params=params)
    else:
        o, od = out_tensor(p, dname(p.th[a]), _shape(p, a))
        if p.rng.random() < 0.3:
            o, od = a, dname(p.th[a])
        params["out_dtype"] = od
        return Call(f"r = L.{f}({a}, out={o})", tol=tol, ulps=ulps, bound=bound, mutates=True,
                    params=params)
    return Call(code, tol=tol, ulps=ulps, bound=bound, params=params)


BINARY = ["add", "sub", "mul", "div", "floor_divide", "remainder", "pow", "maximum", "minimum",
          "atan2", "eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or",
          "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor",
          "fmod", "copysign", "hypot", "logaddexp", "logaddexp2", "xlogy", "fmax", "fmin",
          "bitwise_left_shift", "bitwise_right_shift"]
NO_SCALAR = {"maximum", "minimum", "atan2", "logical_and", "logical_or", "logical_xor",
             "hypot", "logaddexp", "logaddexp2", "fmax", "fmin"}
OPERATOR = {"add": "+", "sub": "-", "mul": "*", "div": "/", "floor_divide": "//",
            "remainder": "%", "pow": "**", "eq": "==", "ne": "!=", "lt": "<", "le": "<=",
            "gt": ">", "ge": ">=", "bitwise_and": "&", "bitwise_or": "|", "bitwise_xor": "^",
            "bitwise_left_shift": "<<", "bitwise_right_shift": ">>"}


@op("binary", 10)
def _(p):
    rng = p.rng
    f = rng.choice(BINARY)
    a = p.pick()
    b = p.scalar() if rng.random() < 0.3 else p.other(a)
    if f in NO_SCALAR and b not in p.th:
        b = p.new(shape=())  # torch's maximum, atan2, logical_and, ... take tensors only
    if b.startswith("t") and b in p.th and rng.random() < 0.1:
        b = a
    extra = ""
    params = {"f": f}
    if f in ("add", "sub") and rng.random() < 0.3:
        al = rng.choice(["2", "-1", "0.5", "0", "True"])
        extra = f", alpha={al}"
    if f == "div" and rng.random() < 0.4:
        extra = f", rounding_mode={rng.choice(['trunc', 'floor'])!r}"
    tol = "ulp" if f in INEXACT else "exact"
    ulps = 16 if f == "pow" else 4
    bound = 0.0
    if f in CANCELLING:
        tol, bound = "acc", 4 * (1.0 + maxabs(p.torch[a]) + (maxabs(p.torch[b]) if b in p.torch
                                                             else 8.0))
    if any(dname(p.th[n]) in COMPLEX for n in (a, b) if n in p.th) or "complex" in b:
        tol = "ulp"  # complex products and quotients: not correctly rounded anywhere
    if f in ("pow",) and ("complex" in b or any(dname(p.th[n]) in COMPLEX for n in (a, b)
                                                if n in p.th)):
        params["complex_scalar"] = True
    form = rng.random()
    if f in ("floor_divide", "remainder") or (f == "div" and extra):
        tol, ulps = "ulp", 4
    if extra.startswith(", alpha") and any(dname(p.th[n]) in ("float16", "bfloat16")
                                           for n in (a, b) if n in p.th):
        # th rounds a - alpha * b once; torch's half kernels may round alpha * b first
        tol, ulps = "ulp", 1
    if form < 0.35 or (0.5 <= form < 0.75 and f in NO_INPLACE):
        return Call(f"r = L.{f}({a}, {b}{extra})", tol=tol, ulps=ulps, bound=bound, params=params)
    if form < 0.5 and f in OPERATOR and not extra:
        if rng.random() < 0.5 and b not in p.th:
            params["f"] = "r" + f
            return Call(f"r = {b} {OPERATOR[f]} {a}", tol=tol, ulps=ulps, bound=bound, params=params)
        return Call(f"r = {a} {OPERATOR[f]} {b}", tol=tol, ulps=ulps, bound=bound, params=params)
    if form < 0.75:
        params.update(inplace=True, target_empty=p.th[a].numel() == 0)
        if f in OPERATOR and f not in ("eq", "ne", "lt", "le", "gt", "ge") and not extra \
                and rng.random() < 0.5:
            params["f"] = "i" + f
            return Call(f"{a} {OPERATOR[f]}= {b}; r = {a}", tol=tol, ulps=ulps, bound=bound, mutates=True,
                        params=params)
        return Call(f"r = {a}.{f}_({b}{extra})", tol=tol, ulps=ulps, bound=bound, mutates=True, params=params)
    o, od = out_tensor(p, dname(p.th[a]), _bshape(_shape(p, a), _shape(p, b))
                       if b in p.th else _shape(p, a))
    if rng.random() < 0.3:
        o, od = rng.choice([x for x in (a, b) if x in p.th]), None
        od = dname(p.th[o])
    params["out_dtype"] = od
    return Call(f"r = L.{f}({a}, {b}{extra}, out={o})", tol=tol, ulps=ulps, bound=bound, mutates=True,
                params=params)


@op("special", 2)
def _(p):
    """polygamma(n, x), lerp with a number or tensor weight, nan_to_num with
    bounds, in each form."""
    rng = p.rng
    f = rng.choice(["polygamma", "lerp", "lerp", "nan_to_num"])
    a = p.pick()
    params = {"f": f}
    form = rng.random()
    bound = 4 * (1.0 + maxabs(p.torch[a]))
    if f == "polygamma":
        n = rng.choice([0, 1, 1, 2, 3, 5])
        if form < 0.5:
            return Call(f"r = L.polygamma({n}, {a})", tol="acc", bound=bound, params=params)
        params.update(inplace=True, target_empty=p.th[a].numel() == 0)
        return Call(f"r = {a}.polygamma_({n})", tol="acc", bound=bound, mutates=True,
                    params=params)
    if f == "lerp":
        b = p.other(a, same_dtype=1.0)
        w = (p.other(a, same_dtype=1.0) if rng.random() < 0.4
             else fmt(rng.choice([0.25, 0.5, 0.75, -1.5, 2.0, 0.1])))
        bound = 4 * (1.0 + maxabs(p.torch[a]) + maxabs(p.torch[b])) * (
            1.0 + (maxabs(p.torch[w]) if w in p.torch else 2.0))
        if form < 0.5:
            return Call(f"r = L.lerp({a}, {b}, {w})", tol="acc", bound=bound, params=params)
        params.update(inplace=True, target_empty=p.th[a].numel() == 0)
        return Call(f"r = {a}.lerp_({b}, {w})", tol="acc", bound=bound, mutates=True,
                    params=params)
    kw = rng.choice(["", "nan=1.5", "posinf=2.0, neginf=-3.0", "nan=0.0, posinf=1e10"])
    if form < 0.5:
        return Call(f"r = L.nan_to_num({a}{', ' if kw else ''}{kw})", params=params)
    params.update(inplace=True, target_empty=p.th[a].numel() == 0)
    return Call(f"r = {a}.nan_to_num_({kw})", mutates=True, params=params)


@op("ternary", 3)
def _(p):
    rng = p.rng
    f = rng.choice(["where", "clamp", "clamp_", "addcmul", "addcdiv", "addcmul_", "addcdiv_",
                    "clamp_out"])
    a = p.pick()
    params = {"f": f}
    if f == "where":
        c = p.other(a, dtype="bool")
        b = p.scalar() if rng.random() < 0.3 else p.other(a)
        return Call(f"r = L.where({c}, {a}, {b})", params=params)
    if f.startswith("clamp"):
        lo = rng.choice(["None", p.scalar(), p.other(a)])
        hi = rng.choice(["None", p.scalar(), p.other(a)])
        if f == "clamp_":
            params.update(inplace=True, target_empty=p.th[a].numel() == 0)
            return Call(f"r = {a}.clamp_({lo}, {hi})", mutates=True, params=params)
        if f == "clamp_out":
            o, od = out_tensor(p, dname(p.th[a]), _shape(p, a))
            params["out_dtype"] = od
            return Call(f"r = L.clamp({a}, {lo}, {hi}, out={o})", mutates=True, params=params)
        return Call(f"r = L.clamp({a}, min={lo}, max={hi})", params=params)
    b, c = p.other(a), p.other(a)
    v = rng.choice(["", ", value=2", ", value=0.5", ", value=-1"])
    params["value_float"] = "0.5" in v
    # th may fuse a + v*b*c with one rounding, torch rounds the product first
    bound = 0.0 if p.inject else maxabs(p.torch[a]) + 2 * maxabs(p.torch[b]) * (
        maxabs(p.torch[c]) if f.startswith("addcmul") else 1.0 / max(
            1e-30, float(p.torch[c].double().abs().min()) if p.torch[c].numel()
            and not p.torch[c].is_complex() else 1.0))
    if f.endswith("_"):
        params.update(inplace=True, target_empty=p.th[a].numel() == 0)
        return Call(f"r = {a}.{f}({b}, {c}{v})", tol="acc", bound=bound, mutates=True,
                    params=params)
    return Call(f"r = L.{f}({a}, {b}, {c}{v})", tol="acc", bound=bound, params=params)


@op("lazy", 4)
def _(p):
    rng = p.rng
    a = p.pick()
    b, c = p.other(a, same_dtype=0.7), p.other(a, same_dtype=0.7)
    saver = rng.choice(["+=", "-=", "*=", "/=", "="])
    form = rng.choice(["{b} * {c}", "{b} + {c} * 2", "{b} - {c}", "{b} * {b} + 1",
                       "({b} + {c}) / 2"])
    ex_th = form.format(b=f"L.lazy({b})", c=c)
    ex_torch = form.format(b=b, c=c)
    params = {"inplace": True, "target_empty": p.th[a].numel() == 0, "saver": saver}
    # complex products are not correctly rounded (ulps); a fused float16 /
    # bfloat16 expression rounds once (KNOWN_DIFFERENCES: lazy-rounds-once)
    tol = "ulp"
    if saver == "=":
        return Call(f"{a}[...] = {ex_th}; r = {a}", torch_code=f"{a}[...] = {ex_torch}; r = {a}",
                    mutates=True, tol=tol, params=params)
    return Call(f"{a} {saver} {ex_th}; r = {a}", torch_code=f"{a} {saver} {ex_torch}; r = {a}",
                mutates=True, tol=tol, params=params)


@op("mixed_scalars", 3)
def _(p):
    """Type promotion with Python scalars and 0-dim tensors."""
    a = p.pick()
    s = p.scalar()
    z = p.new(shape=())
    f = p.rng.choice(["+", "*", "-", "/", "<"])
    return Call(f"r = ({a} {f} {s}) {f} {z}", tol="ulp", ulps=8, params={"f": "mixed"})


@op("numpy_operand")
def _(p):
    a = p.pick(lambda t: dname(t) in ("float32", "float64", "int64", "int32"))
    form = p.rng.choice(["np.float64(2.5) * {a}", "{a} * np.ones({a}.shape[-1:] or ())",
                         "np.exp({a})"])
    code = "r = " + form.format(a=a)
    return Call(code, tol="ulp", ulps=4)


@op("numpy_object_array", 0.5)
def _(p):
    a = p.pick(lambda t: dname(t) in ("float32", "float64", "int64"))
    b = p.other(a, dtype=dname(p.th[a]))
    return Call(f"_o = np.empty(2, dtype=object); _o[0] = {a} + 1; _o[1] = {b} + 1; "
                f"_r = _o * 2; r = (_o[0], _o[1], _r[0], _r[1])", keep=False)


@op("compare_fns")
def _(p):
    a = p.pick()
    b = p.other(a)
    f = p.rng.choice(["equal", "allclose", "isclose"])
    if f == "isclose":
        return Call(f"r = L.isclose({a}, {b}, equal_nan={p.rng.random() < 0.5})")
    return Call(f"r = L.{f}({a}, {b})", keep=False)


# ---- reductions

REDUCE = ["sum", "prod", "mean", "amax", "amin", "max", "min", "argmax", "argmin", "all", "any",
          "norm", "var", "std"]


@op("reduce", 8)
def _(p):
    rng = p.rng
    f = rng.choice(REDUCE)
    a = p.pick()
    t = p.th[a]
    args = []
    params = {"f": f}
    dims = None
    r = rng.random()
    if f in ("max", "min", "argmax", "argmin") and r < 0.3:
        pass  # over everything
    elif f in ("max", "min", "argmax", "argmin", "all", "any") or r < 0.6:
        dims = p.dim(a)
        args.append(f"dim={dims}")
    elif r < 0.8 and f not in ("max", "min", "prod"):  # torch's prod takes one dim
        k = rng.randint(0, t.dim())
        dl = rng.sample(range(t.dim()), k) if t.dim() else []
        dims = tuple(dl)
        args.append(f"dim={fmt(dims)}")
    if dims is not None and rng.random() < 0.4:
        args.append(f"keepdim={rng.random() < 0.5}")
    if f in ("sum", "prod", "mean") and rng.random() < 0.25:
        args.append(f"dtype=L.{rng.choice(['float64', 'float32', 'int64', 'complex128'])}")
    if f == "norm":
        pv = rng.choice([2, 1, math.inf, -math.inf, 0, 3, "'fro'"])
        params["p"] = pv
        args.insert(0, f"p={fmt(pv) if not isinstance(pv, str) else pv}")
    if f in ("var", "std") and rng.random() < 0.5:
        args.append(rng.choice(["correction=0", "correction=2", "unbiased=False"]))
    n = max(1, t.numel())
    m = maxabs(p.torch[a]) if not p.inject else 1.0
    m = min(m, 1e150)  # float64 values near 1e300: squared below inf
    bound = n * m ** (2 if f in ("var", "std", "norm") else 1)
    if f == "prod":
        bound = math.exp(min(700.0, n * math.log(m)))
    tol = "acc" if f in ("sum", "prod", "mean", "norm", "var", "std") else "exact"
    if rng.random() < 0.15 and dims is not None:
        rs, nd = None, t.dim()
        if isinstance(dims, int) and (nd == 0 and dims in (0, -1) or -nd <= dims < nd):
            keep = "keepdim=True" in args
            dd = dims % nd if nd else None
            rs = [1 if i == dd else x for i, x in enumerate(t.shape) if keep or i != dd]
        o, od = out_tensor(p, dname(t) if f not in ("argmax", "argmin") else "int64", rs)
        params["out_dtype"] = od
        if f in ("max", "min"):
            o2, _ = out_tensor(p, "int64")
            args.append(f"out=({o}, {o2})")
        else:
            args.append(f"out={o}")
        return Call(f"r = L.{f}({a}, {', '.join(args)})", tol=tol, bound=bound, params=params,
                    mutates=True)
    if rng.random() < 0.5:
        return Call(f"r = L.{f}({', '.join([a] + args)})", tol=tol, bound=bound, params=params)
    return Call(f"r = {a}.{f}({', '.join(args)})", tol=tol, bound=bound, params=params)


# ---- products

MM_DTYPES = ["float32", "float32", "float64", "complex64", "int64", "int32", "float16",
             "bfloat16", "uint8"]


@op("matmul", 5)
def _(p):
    rng = p.rng
    f = rng.choice(["mm", "bmm", "mv", "dot", "matmul", "addmm", "addmv", "addr", "baddbmm",
                    "addbmm"])
    d = rng.choice(MM_DTYPES)
    d2 = d if rng.random() < 0.9 else rng.choice(MM_DTYPES)
    n, k, m, b = (rng.choice([0, 1, 2, 3, 4, 5]) if rng.random() < 0.1 else rng.randint(1, 5)
                  for _ in range(4))
    bad = rng.random() < 0.05
    shapes = {"mm": [(n, k), (k + bad, m)], "bmm": [(b, n, k), (b, k + bad, m)],
              "mv": [(n, k), (k + bad,)], "dot": [(k,), (k + bad,)],
              "matmul": [random_shape(rng, rng.randint(1, 3))[:-1] + (n, k)
                         if rng.random() < 0.7 else (k,), (k + bad, m)
                         if rng.random() < 0.7 else (k + bad,)],
              "addmm": [(n, m), (n, k), (k + bad, m)], "addmv": [(n,), (n, k), (k + bad,)],
              "addr": [(n, m), (n,), (m + bad,)], "baddbmm": [(b, n, m), (b, n, k), (b, k, m)],
              "addbmm": [(n, m), (b, n, k), (b, k + bad, m)]}[f]
    names = []
    for i, s in enumerate(shapes):
        if f.startswith("add") and i == 0 and rng.random() < 0.3:
            s = p.bshape(s)
        names.append(p.new(dtype=d if i < len(shapes) - 1 else d2, shape=s))
    m_in = 1.0 if p.inject else math.prod(maxabs(p.torch[x]) for x in names[-2:])
    kk = max(1, shapes[-2][-1] if len(shapes[-2]) else 1) * (b if f == "addbmm" else 1)
    extra = ""
    params = {"f": f, "empty_operand": any(p.th[x].numel() == 0 for x in names[-2:])}
    if f.startswith("add") and rng.random() < 0.6:
        beta = rng.choice([0, 1, 2, 0.5])
        alpha = rng.choice([0, 1, -1, 2, 0.5])
        params.update(alpha=alpha, beta=beta)
        extra = f", beta={beta}, alpha={alpha}"
    if f.startswith("add") and 0 in (params.get("beta"),):
        m_in += 0
    bound = kk * m_in + (maxabs(p.torch[names[0]]) * 2 if f.startswith("add") and not p.inject
                         else 0)
    args = ", ".join(names)
    form = rng.random()
    if form < 0.15:
        o, od = out_tensor(p, d)
        params["out_dtype"] = od
        return Call(f"r = L.{f}({args}{extra}, out={o})", tol="acc", bound=bound, params=params,
                    mutates=True)
    if form < 0.3 and f.startswith("add"):
        params.update(inplace=True, target_empty=p.th[names[0]].numel() == 0)
        return Call(f"r = {names[0]}.{f}_({', '.join(names[1:])}{extra})", tol="acc",
                    bound=bound, params=params, mutates=True)
    if form < 0.4 and f == "matmul":
        return Call(f"r = {names[0]} @ {names[1]}", tol="acc", bound=bound, params=params)
    return Call(f"r = L.{f}({args}{extra})", tol="acc", bound=bound, params=params)


# ---- joins

@op("cat", 3)
def _(p):
    rng = p.rng
    a = p.pick(lambda t: t.dim() >= 1 or rng.random() < 0.1)
    s = list(_shape(p, a))
    d = p.dim(a) if s else 0
    items = [a]
    for _ in range(rng.randint(0, 3)):
        s2 = list(s)
        if s2 and -len(s2) <= d < len(s2):
            s2[d] = rng.randint(0, 3)
        if rng.random() < 0.1:
            s2 = [0]  # torch's legacy empty (0,) tensor, skipped by cat
        items.append(p.new(dtype=None if rng.random() < 0.3 else dname(p.th[a]), shape=tuple(s2)))
    f = rng.choice(["cat", "cat", "stack"])
    params = {}
    if f == "stack":
        items = [a] + [p.new(dtype=dname(p.th[a]), shape=tuple(s)) for _ in range(rng.randint(0, 2))]
        d = p.dim(a, 1)
    if rng.random() < 0.25:
        if rng.random() < 0.4:
            o = rng.choice(items)
            params["out_alias"] = True
        else:
            o, _ = out_tensor(p, dname(p.th[a]))
        params["out_empty"] = p.th[o].numel() == 0
        return Call(f"r = L.{f}([{', '.join(items)}], {d}, out={o})", params=params,
                    mutates=True)
    return Call(f"r = L.{f}([{', '.join(items)}], {d})", params=params)


@op("flip")
def _(p):
    a = p.pick()
    return Call(f"r = {a}.flip({p.dim(a)})")


# ---- sorting and scans (deterministic in torch: the stable sort, the running extremes)

SORT_SCAN = ["sort", "argsort", "msort", "cumsum", "cumprod", "cummax", "cummin"]


@op("sort_scan", 2)
def _(p):
    rng = p.rng
    f = rng.choice(SORT_SCAN)
    a = p.pick()
    if f == "msort":
        return Call(f"r = L.msort({a})")
    d = p.dim(a)
    if f in ("sort", "argsort"):
        return Call(f"r = L.{f}({a}, dim={d}, descending={rng.random() < 0.5}, stable=True)")
    if f in ("cumsum", "cumprod"):
        t = p.th[a]
        n = max(1, t.numel())
        m = maxabs(p.torch[a]) if not p.inject else 1.0
        m = min(m, 1e150)
        bound = n * m if f == "cumsum" else math.exp(min(700.0, n * math.log(max(m, 1.0))))
        return Call(f"r = L.{f}({a}, {d})", tol="acc", bound=bound)
    return Call(f"r = L.{f}({a}, {d})")


# ---- gather family and advanced indexing

def index_tensor(p, size, n=None, dtype="int64"):
    rng = p.rng
    n = rng.randint(0, 4) if n is None else n
    vals = [rng.randint(-size, size - 1) if size else 0 for _ in range(n)]
    if rng.random() < 0.03:
        vals.append(size)
    arr = np.array(vals, dtype=np.int64)
    t = th.tensor(arr)
    u = None if p.inject else torch.tensor(arr)
    if dtype != "int64":
        t = t.to(getattr(th, dtype))
        u = None if u is None else u.to(getattr(torch, dtype))
    return p.add(t, u)


@op("gather_scatter", 4)
def _(p):
    rng = p.rng
    f = rng.choice(["index_select", "gather", "scatter_", "scatter_value", "masked_fill_",
                    "masked_select", "nonzero", "index_copy_", "index_fill_", "getitem_adv",
                    "setitem_adv", "getitem_mask", "setitem_mask"])
    a = p.pick(lambda t: t.dim() >= 1 and t.numel() > 0 or rng.random() < 0.1)
    s = _shape(p, a)
    nd = len(s)
    params = {"f": f}
    d = p.dim(a)
    size = s[d] if nd and -nd <= d < nd else 1
    if f == "index_select":
        i = index_tensor(p, size)
        i = i if rng.random() < 0.8 else index_tensor(p, size, dtype="int32")
        return Call(f"r = L.index_select({a}, {d}, {i})", params=params)
    if f in ("gather", "scatter_", "scatter_value"):
        ishape = tuple(rng.randint(0, x) for x in s)
        arr = np.array([rng.randint(0, max(0, size - 1)) for _ in range(math.prod(ishape))],
                       dtype=np.int64).reshape(ishape)
        i = p.add(th.tensor(arr), None if p.inject else torch.tensor(arr))
        if f == "gather":
            return Call(f"r = L.gather({a}, {d}, {i})", params=params)
        params.update(inplace=True, target_empty=p.th[a].numel() == 0)
        if f == "scatter_":
            src = p.new(dtype=dname(p.th[a]), shape=ishape)
            return Call(f"r = {a}.scatter_({d}, {i}, {src})", mutates=True, params=params,
                        # duplicate indices: the winner is unspecified
                        keep=len(set(arr.reshape(-1).tolist())) == arr.size)
        return Call(f"r = {a}.scatter_({d}, {i}, {p.scalar()})", mutates=True, params=params)
    if f in ("masked_fill_", "masked_select", "getitem_mask", "setitem_mask"):
        m = p.other(a, dtype="bool")
        if f == "masked_fill_":
            params.update(inplace=True, target_empty=p.th[a].numel() == 0)
            return Call(f"r = {a}.masked_fill_({m}, {p.scalar()})", mutates=True, params=params)
        if f == "masked_select":
            return Call(f"r = L.masked_select({a}, {m})", params=params)
        m = p.new(dtype="bool", shape=s[:rng.randint(0, nd)] if rng.random() < 0.9 else (2,))
        if f == "getitem_mask":
            return Call(f"r = {a}[{m}]", params=params)
        return Call(f"{a}[{m}] = {p.scalar()}; r = {a}", mutates=True, params=params)
    if f == "nonzero":
        return Call(f"r = L.nonzero({a})" if rng.random() < 0.7
                    else f"r = L.nonzero({a}, as_tuple=True)", params=params)
    if f in ("index_copy_", "index_fill_"):
        i = index_tensor(p, size, n=min(size, rng.randint(0, 3)))
        uniq = len(set(v % size if size else 0 for v in p.th[i].tolist())) == p.th[i].numel()
        params.update(inplace=True, target_empty=p.th[a].numel() == 0)
        if f == "index_fill_":
            return Call(f"r = {a}.index_fill_({d}, {i}, {p.scalar()})", mutates=True,
                        params=params)
        ss = list(s)
        if nd and -nd <= d < nd:
            ss[d] = p.th[i].numel()
        src = p.new(dtype=dname(p.th[a]), shape=tuple(ss))
        return Call(f"r = {a}.index_copy_({d}, {i}, {src})", mutates=True, params=params,
                    keep=uniq)
    # advanced get/set
    parts = []
    for size in s[:rng.randint(1, max(1, nd))]:
        r = rng.random()
        if r < 0.4:
            parts.append(index_tensor(p, size, n=2))
        elif r < 0.6:
            parts.append(fmt([rng.randint(-size, size - 1) if size else 0 for _ in range(2)]))
        elif r < 0.8:
            parts.append(":")
        else:
            parts.append(str(rng.randint(-size, size - 1) if size else 0))
    key = ", ".join(parts) or ":"
    if f == "getitem_adv":
        return Call(f"r = {a}[{key}]", params=params)
    params.update(inplace=True)
    return Call(f"{a}[{key}] = {p.scalar()}; r = {a}", mutates=True, params=params)


# ---- sparse

@op("sparse", 3)
def _(p):
    rng = p.rng
    s = p.sparse()
    t = p.th[s]
    f = rng.choice(["coalesce", "to_dense", "add_dense", "dense_add", "add_sparse", "mul_scalar",
                    "sparse.mm", "sparse.addmm", "sparse.sum", "transpose", "to_sparse"])
    params = {"f": f}
    op_name = "sparse." + f if not f.startswith("sparse.") else f
    if f == "coalesce":
        return Call(f"r = {s}.coalesce(); r = (r._indices(), r._values())", keep=False)
    if f == "to_dense":
        return Call(f"r = {s}.to_dense()")
    if f in ("add_dense", "dense_add"):
        d = p.new(dtype=rng.choice([dname(t.values() if hasattr(t, 'values') else t), None])
                  if False else None, shape=tuple(t.shape))
        code = f"r = {s} + {d}" if f == "add_dense" else f"r = {d} + {s}"
        return Call(code, tol="ulp", ulps=2, params=params)
    if f == "add_sparse":
        # duplicates are summed in another order (and precision) than torch's
        bound = 0.0 if p.inject else 4 * max(1, t._nnz()) * maxabs(p.torch[s]._values())
        return Call(f"r = ({s} + {s}).to_dense()", tol="acc", bound=bound)
    if f == "mul_scalar":
        return Call(f"r = ({s} * {rng.choice(['2', '0.5', '-1'])}).to_dense()", tol="ulp")
    if f == "transpose":
        if t.dim() < 2:
            raise Skip("1-d")
        return Call(f"r = {s}.transpose(0, 1).to_dense()")
    if f == "to_sparse":
        d = p.pick(lambda x: x.dim() >= 1 and dname(x) != "bool")
        return Call(f"r = {d}.to_sparse().to_dense()")
    if f == "sparse.sum":
        if rng.random() < 0.5 or t.dim() == 0:
            c = Call(f"r = L.sparse.sum({s})", tol="acc", bound=1e3)
        else:
            c = Call(f"r = L.sparse.sum({s}, {rng.randrange(t.dim())})", tol="acc", bound=1e3)
        c.params["op"] = "sparse.sum"
        return c
    # products: 2-d sparse only
    if t.dim() != 2 or t.sparse_dim() != 2:
        raise Skip("not 2-d")
    d = p.new(dtype=dname(t), shape=(t.shape[1], rng.randint(0, 3)))
    if f == "sparse.mm":
        c = Call(f"r = L.sparse.mm({s}, {d})", tol="acc", bound=1e4)
    else:
        c0 = p.new(dtype=dname(t), shape=(t.shape[0], p.th[d].shape[1]))
        beta, alpha = rng.choice([1, 0, 2]), rng.choice([1, 0, 0.5])
        c = Call(f"r = L.sparse.addmm({c0}, {s}, {d}, beta={beta}, alpha={alpha})", tol="acc",
                 bound=1e4, params={"alpha": alpha})
    c.params["op"] = op_name
    return c


# ---- random numbers (docs/RANDOM.md: torch's CPU streams for the same seed)

RAND_FLOATS = ["float32", "float32", "float64", "float16", "bfloat16", "complex64", "complex128"]


def _seeded(p):
    """Source seeding the stream both sides draw from, and the generator= argument."""
    s = p.rng.choice([0, 1, 3, 42, 2 ** 40 + 7, -5])
    if p.rng.random() < 0.5:
        return f"L.manual_seed({s}); ", ""
    return f"g = L.Generator().manual_seed({s}); ", ", generator=g"


def _fill_target(p):
    """A pool tensor (mostly a view, sometimes non-contiguous) to fill in place: one laid
    out as torch's (a fill draws in memory order, docs/RANDOM.md)."""
    names = [n for n in p.dense_names()
             if p.inject or not _layout_differs(p.th[n], p.torch[n])]
    a = p.rng.choice(names) if names and p.rng.random() > 0.3 else p.new()
    if p.rng.random() < 0.4 and p.th[a].dim() >= 2:
        return f"{a}.mT"
    if p.rng.random() < 0.2 and p.th[a].dim() >= 1 and p.th[a].shape[-1] > 1:
        return f"{a}[..., ::2]"
    return a


def _probabilities(p, shape, dtype, zeros=0.2):
    """A tensor of values in [0, 1] (some exactly 0 and 1)."""
    vals = [p.rng.choice([0.0, 1.0, 0.5]) if p.rng.random() < zeros else p.rng.random()
            for _ in range(math.prod(shape))]
    return p.add(*p._leaf(np.array(vals, dtype=NP_OF[dtype]), dtype, shape))


@op("random", 4)
def _(p):
    rng = p.rng
    seed, g = _seeded(p)
    f = rng.choice(["rand", "randint", "randperm", "random_", "uniform_", "bernoulli_",
                    "bernoulli_tensor", "bernoulli", "normal", "normal_", "exponential_",
                    "cauchy_", "log_normal_", "geometric_", "multinomial", "poisson"])
    params = {"f": f, "random": True}
    shape = random_shape(rng, rng.choice([0, 1, 1, 2, 3]))
    if rng.random() < 0.2:
        shape = shape + (rng.choice([16, 17, 33]),)  # torch's blocks of 16 (normal)
    d = rng.choice(RAND_FLOATS)
    if f == "rand":
        return Call(f"{seed}r = L.rand({fmt(shape)}, dtype=L.{d}{g})", params=params)
    if f == "randint":
        d = rng.choice(["int64", "int32", "int16", "uint8", "int8", "float32", "float64",
                        "bool", "float16"])
        lo = rng.choice([0, -5, 3, -2 ** 31, 0])
        hi = lo + rng.choice([1, 2, 7, 100, 2 ** 28 + 3, 2 ** 40, 0])
        return Call(f"{seed}r = L.randint({lo}, {hi}, {fmt(shape)}, dtype=L.{d}{g})",
                    params=params)
    if f == "randperm":
        n = rng.choice([0, 1, 2, 5, 17, 100])
        d = rng.choice(["int64", "int64", "int32", "float32", "uint8"])
        return Call(f"{seed}r = L.randperm({n}, dtype=L.{d}{g})", params=params)
    if f == "multinomial":
        n = rng.randint(1, 6)
        rows = rng.choice([(), (rng.randint(1, 3),)])
        d = rng.choice(["float32", "float64"])
        repl = rng.random() < 0.6
        if repl:
            w = _probabilities(p, rows + (n,), d, zeros=0.15)
            k = rng.randint(1, 6)
        else:  # no ties: distinct positive weights
            vals = np.array(rng.sample(range(1, 50), n) * math.prod(rows), dtype=NP_OF[d])
            w = p.add(*p._leaf(vals, d, rows + (n,)))
            k = rng.randint(1, n)
        return Call(f"{seed}r = L.multinomial({w}, {k}, replacement={repl}{g})", params=params)
    if f == "poisson":
        vals = np.array([rng.choice([0.0, 0.5, 3.0, 20.0, 200.0]) for _ in
                         range(math.prod(shape))], dtype=np.float64)
        d = rng.choice(["float32", "float64"])
        rates = p.add(*p._leaf(vals.astype(NP_OF[d]), d, shape))
        return Call(f"{seed}r = L.poisson({rates}{g})", params=params)
    if f == "bernoulli":
        pr = _probabilities(p, shape, rng.choice(["float32", "float64", "float16"]))
        return Call(f"{seed}r = L.bernoulli({pr}{g})", params=params)
    if f == "normal" and rng.random() < 0.5:
        if rng.random() < 0.5:
            return Call(f"{seed}r = L.normal({fmt(rng.choice([0.0, 2.5, -1.0]))}, "
                        f"{fmt(rng.choice([1.0, 0.5, 3.0]))}, {fmt(shape)}{g})",
                        tol="ulp", ulps=2, params=params)
        m = p.new(dtype=rng.choice(["float32", "float64"]), shape=shape)
        sd = _probabilities(p, p.bshape(shape) if rng.random() < 0.2 else shape,
                            dname(p.th[m]), zeros=0.1)
        return Call(f"{seed}r = L.normal({m}, {sd}{g})", tol="ulp", ulps=2, params=params)
    t = _fill_target(p)
    params.update(inplace=True)
    args = {"random_": rng.choice(["", "10", "-3, 5", "0, 2 ** 40", "2 ** 31"]),
            "uniform_": rng.choice(["", "-1, 1", "2.5, 3.5", "0, 1e30"]),
            "bernoulli_": fmt(rng.choice([0.0, 0.3, 0.5, 1.0, 1.5])),
            "normal_": rng.choice(["", "1.5, 0.25", "-3, 10"]), "normal": "",
            "exponential_": rng.choice(["", "0.5", "4"]),
            "cauchy_": rng.choice(["", "1.0, 0.5"]),
            "log_normal_": rng.choice(["", "0.5, 0.25"]),
            "geometric_": fmt(rng.choice([0.5, 0.1, 0.9, 1.0]))}.get(f, "")
    if f == "bernoulli_tensor":
        t_shape = tuple(eval(t, {}, dict(p.th)).shape)
        pr = _probabilities(p, p.bshape(t_shape) if rng.random() < 0.5 else t_shape,
                            rng.choice(["float32", "float64", "float16"]))
        f, args = "bernoulli_", pr
    if f == "normal":
        f = "normal_"
    ulp = f in ("normal_", "log_normal_")
    sep = ", " if args and g else ""
    return Call(f"{seed}r = {t}.{f}({args}{sep}{g[2:]})", mutates=True, params=params,
                tol="ulp" if ulp else "exact", ulps=2)


# ---- factories and the structure of matrices (docs/FACTORIES.md)

FACTORY_DTYPES = ["float32", "float32", "float64", "int64", "int32", "float16", "bfloat16",
                  "uint8", "int16", "complex64", "bool"]


@op("factories", 3)
def _(p):
    rng = p.rng
    f = rng.choice(["eye", "linspace", "logspace", "arange"])
    d = rng.choice(FACTORY_DTYPES)
    dt = f", dtype=L.{d}" if rng.random() < 0.8 else ""
    params = {"f": f}
    if f == "eye":
        n = rng.choice([0, 1, 3, 5, -1])
        m = rng.choice(["", ", 2", ", 4", ", 0"])
        return Call(f"r = L.eye({n}{m}{dt})", params=params)
    if f == "arange":
        start = rng.choice([0, 1, -3, 0.5, -2.25, 10])
        end = rng.choice([5, 7.5, -4, 20, 0.1, start])
        step = rng.choice([1, 2, 0.5, 0.3, -1, -0.7, 3, 0.25, 0])
        params.update(step=step, start=start, end=end,
                      dtype=d if dt else ("int64" if all(isinstance(v, int) for v in
                                                          (start, end, step)) else "float32"))
        return Call(f"r = L.arange({fmt(start)}, {fmt(end)}, {fmt(step)}{dt})", params=params)
    start = rng.choice([0, 1, -3, 0.5, -2.25, 10, 100])
    end = rng.choice([5, 7.5, -4, 20, 0.1, 1, 300])
    steps = rng.choice([0, 1, 2, 3, 5, 8, 16, 17, 40, -1])
    if f == "linspace":
        return Call(f"r = L.linspace({fmt(start)}, {fmt(end)}, {steps}{dt})", params=params)
    base = rng.choice(["", ", 2.0", ", 10.0", ", 0.5", ", 3"])
    params["half"] = dt and d in ("float16", "bfloat16")
    return Call(f"r = L.logspace({fmt(start / 10)}, {fmt(end / 100)}, {steps}{base}{dt})",
                params=params)


@op("structure", 4)
def _(p):
    rng = p.rng
    f = rng.choice(["diag", "diagflat", "diag_embed", "tril", "triu", "tril_", "triu_",
                    "tril_indices", "triu_indices", "trace", "cross", "kron", "vander",
                    "meshgrid", "cartesian_prod", "combinations"])
    params = {"f": f}
    k = rng.choice([0, 0, 1, -1, 2, -3, 5])
    if f in ("tril_indices", "triu_indices"):
        r, c = rng.randint(0, 5), rng.randint(0, 5)
        dt = rng.choice(["", ", dtype=L.int32", ", dtype=L.int64"])
        return Call(f"r = L.{f}({r}, {c}, {k}{dt})", params=params)
    if f in ("diag", "diagflat"):
        a = p.pick(lambda t: t.dim() in (1, 2) or rng.random() < 0.1)
        return Call(f"r = L.{f}({a}, {k})", params=params)
    if f == "diag_embed":
        a = p.pick(lambda t: t.dim() >= 1 or rng.random() < 0.1)
        nd = p.th[a].dim() + 1
        d1, d2 = rng.sample(range(-nd, nd), 2) if rng.random() < 0.5 else (-2, -1)
        return Call(f"r = L.diag_embed({a}, {k}, {d1}, {d2})", params=params)
    if f in ("tril", "triu", "tril_", "triu_"):
        a = p.pick(lambda t: t.dim() >= 2 or rng.random() < 0.1)
        if f.endswith("_"):
            params.update(inplace=True)
            t = f"{a}.mT" if rng.random() < 0.3 else a
            return Call(f"r = {t}.{f}({k})", mutates=True, params=params)
        return Call(f"r = L.{f}({a}, {k})" if rng.random() < 0.7 else f"r = {a}.{f}({k})",
                    params=params)
    if f == "trace":
        a = p.pick(lambda t: t.dim() == 2 or rng.random() < 0.1)
        m = 1.0 if p.inject else maxabs(p.torch[a])
        return Call(f"r = L.trace({a})", tol="acc", bound=min(m, 1e300) * 5, params=params)
    if f == "cross":
        shape = list(random_shape(rng, rng.randint(1, 3)))
        dim = rng.randrange(len(shape))
        shape[dim] = 3 if rng.random() < 0.95 else 2
        d = rng.choice(["float32", "float64", "int64", "int32", "complex64", "float16"])
        a = p.new(dtype=d, shape=tuple(shape))
        b = p.new(dtype=d if rng.random() < 0.9 else None,
                  shape=p.bshape(tuple(shape)) if rng.random() < 0.2 else tuple(shape))
        return Call(f"r = L.linalg.cross({a}, {b}, dim={dim - len(shape)})"
                    if rng.random() < 0.5 else f"r = L.cross({a}, {b}, dim={dim})",
                    params=params)
    if f == "kron":
        a = p.pick(lambda t: t.numel() < 30)
        b = p.pick(lambda t: t.numel() < 30)
        # complex products: C's and torch's roundings of the parts differ by an ulp
        return Call(f"r = L.kron({a}, {b})", params=params, tol="ulp", ulps=2)
    if f == "vander":
        a = p.pick(lambda t: t.dim() == 1 or rng.random() < 0.1, ndim=1)
        n = rng.choice(["", ", N=0", ", N=1", ", N=3", ", N=5"])
        inc = rng.choice(["", ", increasing=True", ", increasing=False"])
        # complex products: C's and torch's roundings of the parts differ by an ulp
        return Call(f"r = L.vander({a}{n}{inc})", params=params,
                    tol="ulp" if dname(p.th[a]) in COMPLEX else "exact", ulps=2)
    ts = [p.pick(lambda t: t.dim() <= 1 and t.numel() <= 5 or rng.random() < 0.05, ndim=1)
          for _ in range(rng.randint(1, 3))]
    if f == "meshgrid":
        ix = rng.choice(["ij", "xy"])
        return Call(f"r = L.meshgrid({', '.join(ts)}, indexing='{ix}')", params=params)
    if f == "cartesian_prod":
        return Call(f"r = L.cartesian_prod({', '.join(ts)})", params=params)
    r = rng.choice(["", ", r=0", ", r=1", ", r=3"])
    wr = rng.choice(["", ", with_replacement=True"])
    return Call(f"r = L.combinations({ts[0]}{r}{wr})", params=params)


# ---- accumulating scatters (duplicates add in another order: float sums within acc)

ACC_DTYPES = ["float32", "float32", "float64", "int64", "int32", "float16", "bfloat16",
              "uint8", "int8", "bool", "complex64"]


def _index_values(p, size, shape):
    """An int64 tensor of indices into a dim of `size` (duplicates likely; rarely one out
    of range)."""
    rng = p.rng
    n = math.prod(shape)
    vals = [rng.randint(0, size - 1) if size else 0 for _ in range(n)]
    if n and (rng.random() < 0.03 or not size):
        vals[rng.randrange(n)] = rng.choice([size, -size - 1, 100])
    return p.add(*p._leaf(np.array(vals, dtype=np.int64), "int64", shape))


def _distinct(p, idx, size=None):
    """Whether index tensors (broadcast together) name each element once: without
    accumulate a duplicate's winner is unspecified."""
    try:
        arrs = np.broadcast_arrays(*[p.th[x].numpy() for x in idx])
    except ValueError:
        return True  # refused on both sides
    keys = list(zip(*[x.reshape(-1) % size if size else x.reshape(-1) for x in arrs]))
    return len(set(keys)) == len(keys)


def _acc_bound(p, names, n):
    """n times the largest magnitude of the operands (the sum of |terms|)."""
    if p.inject:
        return 1.0
    return min(1e300, max(maxabs(p.torch[x]) for x in names)) * (n + 1)


@op("accumulate", 4)
def _(p):
    rng = p.rng
    f = rng.choice(["scatter_add", "scatter_reduce", "index_add", "index_put", "put", "take",
                    "masked_scatter"])
    d = rng.choice(ACC_DTYPES)
    a = p.pick(lambda t: dname(t) == d and t.dim() >= 1, dtype=d,
               ndim=rng.choice([1, 2, 2, 3]))
    if rng.random() < 0.2 and p.th[a].dim() >= 2:
        a = p.add(p.th[a].mT, None if p.inject else p.torch[a].mT)
    s = _shape(p, a)
    nd = len(s)
    inplace = rng.random() < 0.5
    params = {"f": f + ("_" if inplace else ""), "inplace": inplace}
    params["op"] = params["f"]
    src_d = d if rng.random() < 0.9 else rng.choice(ACC_DTYPES)
    if f in ("scatter_add", "scatter_reduce"):
        dim = p.dim(a)
        dd = dim % nd if -nd <= dim < nd else 0
        ishape = tuple(rng.randint(0, x) if i != dd else rng.randint(0, 6)
                       for i, x in enumerate(s))
        i = _index_values(p, s[dd], ishape)
        src = p.new(dtype=src_d, shape=tuple(max(x, y) for x, y in zip(ishape, s))
                    if rng.random() < 0.5 else ishape)
        bound = _acc_bound(p, [a, src], ishape[dd] if ishape else 1)
        if f == "scatter_add":
            code = f"r = L.scatter_add({a}, {dim}, {i}, {src})" if not inplace \
                else f"r = {a}.scatter_add_({dim}, {i}, {src})"
            return Call(code, tol="acc", bound=bound, params=params, mutates=inplace)
        red = rng.choice(["sum", "prod", "mean", "amax", "amin"])
        inc = rng.random() < 0.6
        params["reduce"] = red
        code = (f"r = L.scatter_reduce({a}, {dim}, {i}, {src}, '{red}', include_self={inc})"
                if not inplace else
                f"r = {a}.scatter_reduce_({dim}, {i}, {src}, '{red}', include_self={inc})")
        if red in ("amax", "amin"):
            return Call(code, params=params, mutates=inplace)
        if red == "prod":
            return Call(code, tol="ulp", ulps=4 * (ishape[dd] + 2) if ishape else 4,
                        params=params, mutates=inplace)
        return Call(code, tol="acc", bound=bound, params=params, mutates=inplace)
    if f == "index_add":
        dim = p.dim(a)
        dd = dim % nd if -nd <= dim < nd else 0
        n = rng.randint(0, 5)
        i = _index_values(p, s[dd], (n,))
        ss = list(s)
        ss[dd] = n
        src = p.new(dtype=src_d, shape=tuple(ss) if rng.random() < 0.95 else p.bshape(ss))
        alpha = rng.choice(["", ", alpha=2", ", alpha=-1", ", alpha=0.5", ", alpha=True"])
        bound = _acc_bound(p, [a, src], n) * 2
        code = f"r = L.index_add({a}, {dim}, {i}, {src}{alpha})" if not inplace \
            else f"r = {a}.index_add_({dim}, {i}, {src}{alpha})"
        return Call(code, tol="acc", bound=bound, params=params, mutates=inplace)
    if f == "index_put":
        k = rng.randint(1, nd)
        n = rng.randint(0, 5)
        ishape = (n,) if rng.random() < 0.7 else (rng.randint(1, 3), rng.randint(1, 3))
        idx = [_index_values(p, s[j], ishape if rng.random() < 0.9 else ishape[-1:])
               for j in range(k)]
        vshape = _bshape(*[tuple(p.th[x].shape) for x in idx])
        vshape = tuple(vshape if vshape is not None else ishape) + tuple(s[k:])
        if rng.random() < 0.3:
            vshape = vshape[rng.randint(0, len(vshape)):]  # broadcast
        v = p.new(dtype=src_d, shape=vshape)
        acc = rng.random() < 0.7 or not _distinct(p, idx)
        bound = _acc_bound(p, [a, v], math.prod(ishape))
        code = (f"r = L.index_put({a}, ({', '.join(idx)},), {v}, accumulate={acc})"
                if not inplace else
                f"r = {a}.index_put_(({', '.join(idx)},), {v}, accumulate={acc})")
        return Call(code, tol="acc", bound=bound, params=params, mutates=inplace,
                    keep=acc or not inplace)
    if f in ("put", "take"):
        n = rng.randint(0, 6)
        i = _index_values(p, p.th[a].numel(), random_shape(rng, rng.randint(0, 2))
                          if rng.random() < 0.5 else (n,))
        if rng.random() < 0.3:  # negative indices count from the end
            i = p.add(p.th[i] - p.th[a].numel() if p.th[a].numel() else p.th[i],
                      None if p.inject else (p.torch[i] - p.torch[a].numel()
                                             if p.th[a].numel() else p.torch[i]))
        if f == "take":
            return Call(f"r = L.take({a}, {i})", params=params)
        src = p.new(dtype=src_d, shape=tuple(p.th[i].shape) if rng.random() < 0.9 else (n + 1,))
        acc = rng.random() < 0.7 or not _distinct(p, [i], p.th[a].numel())
        bound = _acc_bound(p, [a, src], p.th[i].numel())
        code = f"r = {a}.put({i}, {src}, accumulate={acc})" if not inplace \
            else f"r = {a}.put_({i}, {src}, accumulate={acc})"
        return Call(code, tol="acc", bound=bound, params=params, mutates=inplace,
                    keep=acc or not inplace)
    m = p.other(a, dtype="bool")
    n = p.th[m].sum().item() if p.th[m].numel() else 0
    src = p.new(dtype=src_d, shape=(rng.randint(int(n), int(n) + 3),) if rng.random() < 0.6
                else random_shape(rng, rng.randint(1, 3)))
    code = f"r = L.masked_scatter({a}, {m}, {src})" if not inplace \
        else f"r = {a}.masked_scatter_({m}, {src})"
    return Call(code, params=params, mutates=inplace)


# ---- LAPACK (small well-conditioned matrices, docs/LINALG.md) and convolution

LINALG_DTYPES = ["float32", "float64", "float64", "complex64", "complex128"]


def _matrix(p, shape, dtype, kind="general"):
    """A fresh well-conditioned (batch of) matrix: I + small noise (spd: A A^H + I;
    triangular; singular: a zero row); sometimes laid out transposed."""
    rng = p.rng
    n = shape[-1] if shape else 1
    vals = np.array([rng.gauss(0, 0.3) for _ in range(math.prod(shape))], dtype=np.float64)
    if dtype in COMPLEX:
        vals = vals + 1j * np.array([rng.gauss(0, 0.3) for _ in range(math.prod(shape))])
    arr = vals.reshape(shape)
    if len(shape) >= 2 and shape[-1] == shape[-2]:
        eye = np.eye(n)
        if kind == "spd":
            arr = arr @ np.swapaxes(arr.conj(), -1, -2) + eye
        elif kind in ("upper", "lower"):
            arr = (np.triu if kind == "upper" else np.tril)(arr) + 2 * eye
        elif kind != "rect":
            arr = arr + 2 * eye
        if kind == "singular" and n and math.prod(shape):
            arr[..., rng.randrange(n), :] = 0
    arr = arr.astype(NP_OF[dtype])
    if rng.random() < 0.3 and len(shape) >= 2:
        arr_t = np.ascontiguousarray(np.swapaxes(arr, -1, -2))
        t, u = p._leaf(arr_t.reshape(-1), dtype, arr_t.shape)
        return p.add(t.mT, None if u is None else u.mT)
    return p.add(*p._leaf(arr.reshape(-1), dtype, shape))


@op("linalg", 4)
def _(p):
    rng = p.rng
    f = rng.choice(["solve", "inv", "det", "slogdet", "cholesky", "qr", "eigh", "eigvalsh",
                    "svd", "svdvals", "lstsq", "pinv", "matrix_norm", "vector_norm",
                    "matrix_power", "lu_factor", "lu_solve", "solve_triangular", "inv_ex",
                    "cholesky_ex", "solve_ex"])
    d = rng.choice(LINALG_DTYPES) if rng.random() < 0.95 else rng.choice(["int64", "float16"])
    n = rng.choice([0, 1, 2, 3, 4, 5]) if rng.random() < 0.1 else rng.randint(1, 5)
    batch = rng.choice([(), (), (2,), (rng.randint(0, 3),), (2, 1)])
    kind = "singular" if rng.random() < 0.1 else "general"
    params = {"f": f, "op": f}
    bound = 1e3 * max(1, n)
    tol = dict(tol="acc", bound=bound, params=params)
    if f in ("solve", "solve_ex", "lu_solve", "solve_triangular", "lstsq"):
        k = rng.randint(1, 3)
        left = rng.random() < 0.8
        bshape = batch + ((n, k) if left else (k, n))
        if f == "lstsq":
            m = rng.randint(n, n + 3)
            a = _matrix(p, batch + (m, n), d, "rect")
            b = _matrix(p, batch + (m, k), d, "rect")
            # a tall random matrix with noise far below 1 is full rank
            a = p.add(p.th[a] + _eye_like(th, p.th[a]), None if p.inject
                      else p.torch[a] + _eye_like(torch, p.torch[a]))
            return Call(f"r = L.linalg.lstsq({a}, {b}).solution", **tol)
        if f == "solve_triangular":
            up = rng.random() < 0.5
            a = _matrix(p, batch + (n, n), d, "upper" if up else "lower")
            b = _matrix(p, bshape, d, "rect")
            unit = rng.choice(["", ", unitriangular=True"])
            return Call(f"r = L.linalg.solve_triangular({a}, {b}, upper={up}, left={left}"
                        f"{unit})", **tol)
        a = _matrix(p, batch + (n, n), d, kind)
        b = _matrix(p, bshape if f != "lu_solve" else batch + (n, k), d, "rect")
        if f == "lu_solve":
            adj = rng.choice(["", ", adjoint=True"])
            return Call(f"LU, piv = L.linalg.lu_factor({a}); r = L.linalg.lu_solve(LU, piv, {b}"
                        f"{adj})", **tol)
        if f == "solve_ex":
            return Call(f"r = L.linalg.solve_ex({a}, {b}, left={left}); r = (None if "
                        f"bool(r.info.any()) else r.result, r.info)", **tol)
        return Call(f"r = L.linalg.solve({a}, {b}, left={left})", **tol)
    if f in ("cholesky", "cholesky_ex", "eigh", "eigvalsh"):
        a = _matrix(p, batch + (n, n), d, "spd" if kind != "singular" else "singular")
        up = rng.choice(["", ", upper=True"]) if f.startswith("cholesky") else \
            rng.choice(["", ", UPLO='U'"])
        if f == "eigh":
            # eigenvectors are unique up to a phase: compare V diag(w) V^H
            return Call(f"w, v = L.linalg.eigh({a}{up}); r = (w, (v * w.unsqueeze(-2)"
                        f".to(v.dtype)) @ v.mH)", **tol)
        if f == "cholesky_ex":  # L is unspecified where the factorization failed
            return Call(f"r = L.linalg.cholesky_ex({a}{up}); r = (None if bool(r.info.any()) "
                        f"else r.L, r.info)", **tol)
        return Call(f"r = L.linalg.{f}({a}{up})", **tol)
    if f in ("svd", "svdvals", "pinv", "matrix_norm", "qr"):
        m = n + rng.choice([0, 0, 1, 2, -1]) if n else 0
        # qr: a rank-deficient matrix's Q is not unique
        a = _matrix(p, batch + (max(m, 0), n), d, kind if m == n and f != "qr" else "rect")
        if f == "svd":
            return Call(f"u, s, vh = L.linalg.svd({a}, full_matrices=False); "
                        f"r = (s, (u * s.unsqueeze(-2).to(u.dtype)) @ vh)", **tol)
        if f == "svdvals":
            return Call(f"r = L.linalg.svdvals({a})", **tol)
        if f == "pinv":
            if kind == "singular":
                raise Skip("pinv of a singular matrix: its rcond cut is not stable")
            return Call(f"r = L.linalg.pinv({a})", **tol)
        if f == "qr":
            mode = rng.choice(["reduced", "complete", "r"])
            return Call(f"r = L.linalg.qr({a}, mode='{mode}')", **tol)
        o = rng.choice(["'fro'", "'nuc'", "1", "-1", "2", "-2", "float('inf')",
                        "-float('inf')"])
        kd = rng.choice(["", ", keepdim=True"])
        return Call(f"r = L.linalg.matrix_norm({a}, ord={o}{kd})", **tol)
    if f == "vector_norm":
        a = p.pick(lambda t: dname(t) in FLOATS | COMPLEX or rng.random() < 0.1)
        o = rng.choice(["2", "1", "0", "3", "float('inf')", "-float('inf')", "0.5", "-1"])
        t = p.th[a]
        dims = ""
        if rng.random() < 0.5 and t.dim():
            dims = f", dim={p.dim(a)}"
        elif rng.random() < 0.3:
            dims = f", dim={fmt(tuple(rng.sample(range(t.dim()), rng.randint(0, t.dim()))))}"
        kd = rng.choice(["", ", keepdim=True"])
        m = 1.0 if p.inject else min(1e150, maxabs(p.torch[a]))
        params["family"] = "reduce"  # float64-accumulation applies
        return Call(f"r = L.linalg.vector_norm({a}, ord={o}{dims}{kd})", tol="acc",
                    bound=max(1, t.numel()) * m * m, params=params)
    a = _matrix(p, batch + (n, n), d, kind)
    if f == "matrix_power":
        k = rng.randint(-3, 5)
        return Call(f"r = L.linalg.matrix_power({a}, {k})", **tol)
    if f == "lu_factor":
        return Call(f"r = L.linalg.lu_factor({a})", **tol)
    if f == "inv_ex":
        return Call(f"r = L.linalg.inv_ex({a}); r = (None if bool(r.info.any()) else "
                    f"r.inverse, r.info)", **tol)
    return Call(f"r = L.linalg.{f}({a})", **tol)


def _eye_like(lib, t):
    """An identity of t's last two dims (padded with zero rows), in t's dtype."""
    return lib.eye(t.shape[-2], t.shape[-1], dtype=t.dtype)


@op("conv", 4)
def _(p):
    rng = p.rng
    nd = rng.randint(1, 3)
    transposed = rng.random() < 0.4
    d = rng.choice(["float32", "float32", "float64", "float64", "bfloat16", "float16",
                    "int64", "complex64"]) if rng.random() < 0.3 else rng.choice(
                        ["float32", "float64"])
    groups = rng.choice([1, 1, 1, 2, 3])
    cin, cout = groups * rng.randint(1, 3), groups * rng.randint(1, 3)
    if rng.random() < 0.03:
        cin += 1  # not divisible by groups: refused
    batch = rng.choice([(), (1,), (2,), (0,)]) if rng.random() < 0.2 else (rng.randint(1, 2),)
    ks = tuple(rng.randint(1, 3) for _ in range(nd))
    stride = tuple(rng.randint(1, 3) for _ in range(nd))
    dil = tuple(rng.randint(1, 2) for _ in range(nd))
    pad = tuple(rng.randint(0, 2) for _ in range(nd))
    spatial = tuple(rng.randint(1, 6) for _ in range(nd))
    x = p.new(dtype=d, shape=batch + (cin,) + spatial)
    if transposed:
        w = p.new(dtype=d, shape=(cin, cout // groups) + ks)
    else:
        w = p.new(dtype=d, shape=(cout, cin // max(1, groups)) + ks)
    args = [x, w]
    if rng.random() < 0.5:
        args.append(p.new(dtype=d, shape=(cout,)))
    else:
        args.append("None")
    form = lambda v: fmt(v[0]) if rng.random() < 0.3 and len(set(v)) == 1 else fmt(v)  # noqa
    kw = [f"stride={form(stride)}"]
    if transposed:
        opad = tuple(rng.randint(0, max(s, dl) - 1) if rng.random() < 0.3 else 0
                     for s, dl in zip(stride, dil))
        kw += [f"padding={form(pad)}", f"output_padding={form(opad)}", f"groups={groups}",
               f"dilation={form(dil)}"]
    else:
        r = rng.random()
        kw += [f"padding={form(pad)}" if r < 0.8 else rng.choice(["padding='same'",
                                                                  "padding='valid'"]),
               f"dilation={form(dil)}", f"groups={groups}"]
    fn = f"conv_transpose{nd}d" if transposed else f"conv{nd}d"
    m = 1.0 if p.inject else maxabs(p.torch[x]) * maxabs(p.torch[w])
    bound = (cin // max(1, groups) * math.prod(ks)) * min(m, 1e300) * 2 + \
        (0 if args[2] == "None" or p.inject else maxabs(p.torch[args[2]]))
    if transposed:
        bound *= cout
    params = {"f": fn, "op": fn, "padded": any(pad) or "'same'" in kw[1],
              "nonfinite_weight": not bool(p.th[w].isfinite().all())
              if dname(p.th[w]) != "int64" else False}
    return Call(f"r = L.nn.functional.{fn}({', '.join(args)}, {', '.join(kw)})", tol="acc",
                bound=bound, params=params)


# ---------------------------------------------------------------------- running


@dataclass
class Report:
    ops: int = 0
    programs: int = 0
    skipped_ops: Counter = field(default_factory=Counter)      # th lacks it
    torch_unsupported: int = 0
    both_raised: int = 0
    known: Counter = field(default_factory=Counter)
    failures: list = field(default_factory=list)               # (signature, text)
    signatures: Counter = field(default_factory=Counter)
    injected: int = 0
    inject_fired: int = 0
    layout: Counter = field(default_factory=Counter)           # op -> results laid out otherwise
    examples: dict = field(default_factory=dict)               # known key -> first cases

    def merge_line(self):
        return (f"{self.ops} ops in {self.programs} programs; both raised {self.both_raised}; "
                f"torch lacks the dtype {self.torch_unsupported}; known {sum(self.known.values())}; "
                f"new mismatches {sum(self.signatures.values())} "
                f"({len(self.signatures)} kinds)")


OPS_PER_PROGRAM = 20
_COMPILED = {}


def _compiled(code):
    c = _COMPILED.get(code)
    if c is None:
        if len(_COMPILED) > 20000:
            _COMPILED.clear()
        c = _COMPILED[code] = compile(code, "<fuzz>", "exec")
    return c


def _names_in(code, pool):
    return [n for n in dict.fromkeys(re.findall(r"\bt\d+\b", code)) if n in pool]


def _overlaps_itself(t):
    """Whether two elements of t share memory (a small tensor: enumerate)."""
    if t.numel() < 2:
        return False
    offs = np.zeros((), dtype=np.int64)
    for n, st in zip(t.shape, t.stride()):
        offs = offs[..., None] + np.arange(n, dtype=np.int64) * st
    return np.unique(offs).size < t.numel()


def _target(code, operands):
    """The operand a mutating call writes: its out=, else the first one."""
    m = re.search(r"out=\(?(t\d+)", code)
    if m:
        return m.group(1)
    return operands[0] if operands else None


def _run(code, ns):
    try:
        exec(_compiled(code), ns)
        return ns.get("r"), None
    except Exception as e:  # noqa: BLE001 - the fuzzer compares whatever is raised
        # no traceback: its frames would keep the operands alive until a gc pass
        e.__traceback__ = None
        e.__context__ = None
        return None, e


def _torch_lacks(e):
    s = str(e)
    return isinstance(e, (RuntimeError, NotImplementedError)) and (
        "not implemented for" in s or "Promotion for uint16, uint32, uint64" in s
        or "Unsupported dtype" in s or "Unsupported" in s and "UInt" in s
        or "is not supported for" in s and "UInt" in s)


def _th_lacks(e):
    return isinstance(e, AttributeError)


def _tol(call, dtype):
    if call.tol == "exact" or dtype not in EPS:
        return None
    if call.tol == "ulp":
        # complex: a few ulp of |z| (a product's parts cancel)
        return (call.ulps, 1e-37 if dtype != "float16" else 1e-7,
                call.ulps * EPS[dtype] if dtype in COMPLEX else 0.0)
    # accumulation: the sum of |terms| bounds the rounding error of any order
    atol = 8 * EPS[dtype] * call.bound
    return (8, atol, 0.0)


def _result_dtype(y):
    if isinstance(y, torch.Tensor):
        return dname(y)
    if isinstance(y, (tuple, list)) and y and isinstance(y[0], torch.Tensor):
        return dname(y[0])
    if isinstance(y, float):
        return "float64"
    if isinstance(y, complex):
        return "complex128"
    return None


_DIM_MSG = re.compile(r"expected to be in range of \[(-?\d+), (-?\d+)\], but got (-?\d+)")


def _check_message(e_th, e_torch):
    """Both raised for a dim out of range: th's message must name the same
    bad dim as torch's."""
    m = _DIM_MSG.search(str(e_torch))
    if m and isinstance(e_th, IndexError):
        got = m.group(3)
        if not re.search(rf"(?<![\d-]){re.escape(got)}(?!\d)", str(e_th)):
            raise Mismatch("message", f"torch names dim {got}: {e_torch}; th: {e_th}")


def run_op(prog, call, report, name):
    """Run one call on both sides and compare; returns True to continue the
    program."""
    pool_th, pool_torch = prog.th, prog.torch
    operands = _names_in(call.code + (call.torch_code or ""), pool_th)
    dtypes = [dname(pool_th[n]) for n in operands]
    call.params.setdefault("family", name)
    call.params["has_scalar"] = any(is_th_tensor(pool_th[n]) and pool_th[n].dim() == 0
                                    for n in operands) or name in (
        "binary", "mixed_scalars", "ternary") and re.search(
        r"(?<![\w.])(\d+\.?\d*|True|False|float\(|complex\()", call.code.replace(
            "r = ", "").split("out=")[0]) is not None
    case = Case(call.params.get("op", name if "f" not in call.params else call.params["f"]),
                call.code, dtypes, call.params)
    if name == "cat":
        case.op = "cat"
    if "rounding_mode='trunc'" in call.code:  # torch-trunc-division-crash
        call.params["int_min_operand"] = any(
            is_th_tensor(pool_th[n]) and dname(pool_th[n]) in ("int32", "int64")
            and pool_th[n].numel() and int(pool_th[n].min()) == INT_RANGE[dname(pool_th[n])][0]
            for n in operands)
    for e in BEING_FIXED + KNOWN_DIFFERENCES:
        if e.prevent and e.match(case):
            report.known[e.key] += 1
            return True
    ns_th = {"L": th, "np": np}
    ns_th.update(pool_th)
    ns_torch = {"L": torch, "np": np}
    ns_torch.update(pool_torch)
    if call.mutates and name != "cat":
        # th reads every operand before it writes (docs/EXPRESSIONS.md: an identical view
        # is read first, any other overlap is buffered); torch reads as it writes or
        # refuses: torch gets copies of the operands that share the destination's memory
        target = _target(call.code, operands)
        if target is not None and is_th_tensor(pool_th.get(target)):
            call.params["target_overlaps"] = _overlaps_itself(pool_th[target])
        if target is not None and isinstance(pool_torch.get(target), torch.Tensor):
            ptr = pool_torch[target].untyped_storage().data_ptr()
            for n in operands:
                u = pool_torch[n]
                if n != target and isinstance(u, torch.Tensor) and not u.is_sparse \
                        and u.untyped_storage().data_ptr() == ptr and u.numel():
                    ns_torch[n] = u.clone()
                    call.params["aliased"] = True
    x, e_th = _run(call.code, ns_th)
    y, e_torch = _run(call.torch_code or call.code, ns_torch)
    if e_th is not None and _th_lacks(e_th) and e_torch is None:
        report.skipped_ops[f"{name}: {e_th}"[:120]] += 1
        return False
    if e_torch is not None and _torch_lacks(e_torch):
        report.torch_unsupported += 1
        return False  # torch cannot mirror the program from here
    try:
        if e_th is not None or e_torch is not None:
            if e_th is None:
                raise Mismatch("raise-torch-only", f"torch raised {type(e_torch).__name__}: "
                               f"{e_torch}; th returned {_short(x)}")
            if e_torch is None:
                raise Mismatch("raise-th-only", f"th raised {type(e_th).__name__}: {e_th}; "
                               f"torch returned {_short(y)}")
            if type(e_th) is not type(e_torch) and not (
                    isinstance(e_th, type(e_torch)) or isinstance(e_torch, type(e_th))
                    or type(e_th).__name__ == type(e_torch).__name__.lstrip("_")):
                raise Mismatch("exc-class", f"th {type(e_th).__name__}: {e_th}; torch "
                               f"{type(e_torch).__name__}: {e_torch}")
            _check_message(e_th, e_torch)
            report.both_raised += 1
            return not call.mutates  # a failed in-place op may have written part
        rd = _result_dtype(y)
        if call.params.get("out_dtype") in EPS and rd in EPS and len(dtypes) > 1:
            # a wider out=: the op computes in its operands' promoted dtype (float32 for
            # integers), then converts
            own = min((d for d in dtypes[:-1] if d in EPS), key=EPS.get, default="float32")
            if EPS[own] > EPS[rd]:
                rd = own
        if name == "mixed_scalars":
            # a chain: its intermediate may be less precise than the result
            floats = [d for d in dtypes + [rd] if d in EPS]
            rd = max(floats, key=lambda d: EPS[d]) if floats else rd
            if rd == "complex128" and "complex64" not in floats:
                rd = "complex64" if any(d in ("float32", "float16", "bfloat16", "complex64")
                                        for d in floats) else rd
        tol = _tol(call, rd)
        if tol is not None and rd in EPS and rd != _result_dtype(y):
            tol = tol + (rd,)  # computed in rd, stored wider
        view_of = None
        if call.view_of:
            view_of = (pool_th[call.view_of], pool_torch[call.view_of])
        compare(x, y, tol, view_of)
        for n in prog.names:
            u = pool_torch[n]
            tn = None
            if call.mutates:
                # the out= itself (the result) holds the result's precision
                tn = tol if _result_dtype(y) == _result_dtype(u) or (
                    isinstance(y, torch.Tensor) and not (y.is_sparse or u.is_sparse)
                    and u.numel() and y.numel()
                    and u.untyped_storage().data_ptr() == y.untyped_storage().data_ptr()) \
                    else _tol(call, dname(u))
            compare(ns_th[n] if n in ns_th else pool_th[n], u, tn, where=f"pool {n}")
    except Mismatch as m:
        if name in VIEWS and any(_layout_differs(pool_th[n], pool_torch[n]) for n in operands):
            m.kind = "layout"  # view or not depends on the operand's strides, not this op
        case.kind = m.kind
        case.detail = m.detail
        case.th_out = f"{type(e_th).__name__}: {e_th}" if e_th is not None else _short(x)
        case.torch_out = (f"{type(e_torch).__name__}: {e_torch}" if e_torch is not None
                          else _short(y))
        label, key = classify(case)
        if label:
            report.known[key] += 1
            seen = report.examples.setdefault(key, [])
            if len(seen) < 2:
                seen.append(f"{case.code.strip()}  # {', '.join(case.dtypes)}\n      th: {case.th_out[:200]}\n"
                            f"      torch: {case.torch_out[:200]}")
        else:
            sig = (name, case.op, m.kind, tuple(sorted(set(dtypes))))
            report.signatures[sig] += 1
            if report.signatures[sig] == 1:
                report.failures.append((sig, m))
                return "fail"
        return False
    # resynchronise th's inexact results to torch's so that ulp differences do
    # not grow through the rest of the program
    if call.keep and name in ("view", "reshape_copy", "flatten") and operands \
            and is_th_tensor(x) and x.numel() and pool_th[operands[0]].numel():
        # reshape/flatten view when they can: where th's and torch's operands are laid
        # out differently (result-layout) one side views, the other copies; writing
        # through either later would tell them apart, so the result is not kept
        a_th, a_torch = pool_th[operands[0]], pool_torch[operands[0]]
        if (x.storage().data_ptr() == a_th.storage().data_ptr()) != (
                y.untyped_storage().data_ptr() == a_torch.untyped_storage().data_ptr()):
            report.layout["reshape: a view on one side only"] += 1
            return True
    if call.keep:
        for t, u in _tensors(x, y):
            prog.add(t, u)
            if call.view_of is None and _layout_differs(t, u):
                report.layout[case.op] += 1
    if call.tol != "exact" and call.mutates:
        for n in list(prog.names):
            _resync(pool_th[n], pool_torch[n])
    elif call.tol != "exact":
        for t, u in _tensors(x, y):
            _resync(t, u)
    return True


def _layout_differs(t, u):
    return (is_th_tensor(t) and isinstance(u, torch.Tensor) and not u.is_sparse
            and any(n > 1 and a != b for n, a, b in zip(u.shape, t.stride(), u.stride())))


def _tensors(x, y):
    if is_th_tensor(x) and isinstance(y, torch.Tensor):
        return [(x, y)]
    if isinstance(x, (tuple, list)) and isinstance(y, (tuple, list)):
        return [pair for a, b in zip(x, y) for pair in _tensors(a, b)]
    return []


def _resync(t, u):
    if not (is_th_tensor(t) and isinstance(u, torch.Tensor)) or u.numel() == 0:
        return
    d = dname(u)
    if d in ("bool",) or d in INTS:
        return
    try:
        if d == "bfloat16":
            src = th.tensor(u.float().numpy()).to(th.bfloat16)
        else:
            src = th.tensor(torch_numpy(u))
        t.copy_(src)
    except Exception:  # an overlapping view: leave it
        pass


def _short(v):
    s = repr(v)
    return s if len(s) < 300 else s[:300] + "..."


GENERATOR_ERRORS = Counter()


def generate(prog, rng):
    names = list(OPS)
    weights = [OPS[n][0] for n in names]
    prog.trim()
    while True:
        name = rng.choices(names, weights)[0]
        try:
            return name, OPS[name][1](prog)
        except Skip:
            continue
        except Exception as e:  # a bug of the generator's own: say so, go on
            GENERATOR_ERRORS[f"{name}: {type(e).__name__}: {e}"[:150]] += 1
            continue


def run_program(seed, index, report, stop_before=None, verbose=False, trace=False):
    """Runs one program; with stop_before=i, returns (prog, name, call) just
    before op i runs (for the reproducer)."""
    rng = random.Random(f"{seed}:{index}")
    prog = Program(rng)
    for _ in range(rng.randint(1, 3)):
        prog.new()
    for i in range(OPS_PER_PROGRAM):
        name, call = generate(prog, rng)
        if stop_before == i:
            return prog, name, call
        if trace:
            print(f"[{seed}:{index}:{i}] {call.code}", file=sys.stderr, flush=True)
        report.ops += 1
        res = run_op(prog, call, report, name)
        if res == "fail":
            sig, m = report.failures[-1]
            text = f"seed {seed} program {index} op {i} [{name}] {m}\n" + reproducer(
                seed, index, i, sig[2])
            report.failures[-1] = (sig, text)
            if verbose:
                print(text, flush=True)
            return None
        if not res:
            return None
    return None


def _setup_lines(prog, names, compact):
    """Source lines (indented, with L) rebuilding the operands: compact, each
    as a fresh contiguous tensor of its values; else its storage's contents
    and its geometry (views sharing a storage share it again)."""
    lines, storages = [], {}
    for n in names:
        t = prog.th[n]
        if is_th_sparse(t):
            idx = fmt(t._indices().tolist())
            v = t._values()
            lines.append(f"    {n} = L.sparse_coo_tensor(L.tensor({idx}, dtype=L.int64).view("
                         f"{t._indices().shape[0]}, -1), L.tensor({fmt(v.tolist())}, "
                         f"dtype=L.{dname(v)}).view({fmt(tuple(v.shape))}), "
                         f"{fmt(tuple(t.shape))})" + (".coalesce()" if t.is_coalesced() else ""))
            continue
        if compact:
            lines.append(f"    {n} = L.tensor({fmt(t.tolist())}, dtype=L.{dname(t)})"
                         + (f".view({fmt(tuple(t.shape))})" if t.numel() == 0 else ""))
            continue
        ptr = t.storage().data_ptr()
        key = ptr if ptr else id(t)
        if key not in storages:
            storages[key] = f"s{len(storages)}"
            lines.append(f"    {storages[key]} = L.tensor({fmt(list(t.storage().tolist()))}, "
                         f"dtype=L.{dname(t)})")
        lines.append(f"    {n} = {storages[key]}.as_strided({fmt(tuple(t.shape))}, "
                     f"{fmt(tuple(t.stride()))}, {t.storage_offset()})")
    return lines


def _reproduces(lines, names, name, call, kind):
    """Whether the setup lines rebuild operands on which the op still fails
    the same way."""
    src = "\n".join(line[4:] for line in lines)
    pools = []
    for lib in (th, torch):
        ns = {"L": lib, "np": np}
        try:
            exec(src, ns)
        except Exception:
            return False
        pools.append(ns)
    prog = Program(random.Random(0))
    for n in names:
        prog.th[n], prog.torch[n] = pools[0][n], pools[1][n]
        prog.names.append(n)
    report = Report()
    if run_op(prog, call, report, name) != "fail":
        return False
    return report.failures[0][0][2] == kind


def reproducer(seed, index, i, kind=None):
    """Source rebuilding op i's operands and running it on th and on torch:
    the compact form (fresh contiguous operands) when it reproduces the
    mismatch, else the exact storages and geometry."""
    prog, name, call = run_program(seed, index, Report(), stop_before=i)
    names = _names_in(call.code + (call.torch_code or ""), prog.th)
    lines = _setup_lines(prog, names, compact=True)
    if kind is None or not _reproduces(lines, names, name, call, kind):
        prog, name, call = run_program(seed, index, Report(), stop_before=i)
        lines = _setup_lines(prog, names, compact=False)
    out = ["import numpy as np, th, torch",
           f"# python tests/fuzz.py --seed {seed} --replay {index}:{i}",
           "for L in (th, torch):"] + lines
    if call.torch_code:
        out += ["    if L is th:", f"        {call.code}", "    else:",
                f"        {call.torch_code}"]
    else:
        out.append(f"    {call.code}")
    out.append("    print(L.__name__, r)")
    return "\n".join(out)


# ------------------------------------------------------------ failure injection


def run_program_injected(seed, index, report, arm=True, trace=False):
    """The same program on th alone, each op with its k-th allocation made to
    fail (k small): a failure must be a MemoryError; returns problems. With
    arm=False nothing fails: th alone runs the program (under ASan)."""
    rng_inject = random.Random(f"inject:{seed}:{index}")
    rng = random.Random(f"{seed}:{index}")
    prog = Program(rng, inject=True)
    problems = []
    for _ in range(rng.randint(1, 3)):
        prog.new()
    for i in range(OPS_PER_PROGRAM):
        name, call = generate(prog, rng)
        case = Case(call.params.get("op", call.params.get("f", name)), call.code, [], call.params)
        if any(e.prevent and e.match(case) for e in BEING_FIXED):
            continue
        if name in ("numpy_object_array",) or "np." in call.code:
            continue  # numpy's own allocations are not th's
        case.kind = "inject"
        label, key = classify(case)
        if label:  # a reported leak on this path: not run under injection
            report.known[key] += 1
            continue
        report.ops += 1
        ns = {"L": th, "np": np}
        ns.update(prog.th)
        # mostly one of the first allocations, sometimes a later one (a cat or a
        # coalesce makes dozens)
        k = rng_inject.randint(1, 6) if rng_inject.random() < 0.7 else rng_inject.randint(7, 60)
        if trace:
            print(f"[{seed}:{index}:{i}] fail allocation {k}: {call.code}", file=sys.stderr,
                  flush=True)
        if arm:
            with th.debug.fail_allocations(after=k) as failure:
                x, e = _run(call.code, ns)
            report.injected += 1
        else:
            x, e = _run(call.code, ns)
            failure = None
        if failure is not None and failure.fired:
            report.inject_fired += 1
            if not isinstance(e, MemoryError):
                problems.append(f"seed {seed} program {index} op {i} [{name}] allocation {k} "
                                f"failed but th {'raised ' + type(e).__name__ + ': ' + str(e) if e else 'returned ' + _short(x)}\n    {call.code}")
                return problems
            continue  # the operands are intact (th's contract): the program goes on
        if isinstance(e, MemoryError):
            problems.append(f"seed {seed} program {index} op {i} [{name}] MemoryError with no "
                            f"failed allocation: {e}\n    {call.code}")
            return problems
        if e is not None:
            continue
        if call.keep:
            for t in _th_tensors(x):
                prog.add(t, None)
    return problems


def _th_tensors(x):
    if is_th_tensor(x):
        return [x]
    if isinstance(x, (tuple, list)):
        return [t for a in x for t in _th_tensors(a)]
    return []


# ----------------------------------------------------------------------- main


def fuzz(ops, seed, verbose=False, trace=False, inject=False, first_program=0, th_only=False):
    """Runs programs from `seed` until `ops` ops ran; returns the Report.
    inject: th alone, with allocation failures; th_only: th alone."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _fuzz(ops, seed, verbose, trace, inject, first_program, th_only)


def _fuzz(ops, seed, verbose, trace, inject, first_program, th_only):
    report = Report()
    problems = []
    index = first_program
    while report.ops < ops:
        if inject or th_only:
            before = th.debug.live()
            problems += run_program_injected(seed, index, report, arm=inject, trace=trace)
            after = th.debug.live()
            if after != before:  # a reference cycle (a traceback) first, then a leak
                gc.collect()
                after = th.debug.live()
            if after != before:
                problems.append(f"seed {seed} program {index}: live {before} -> {after}")
        else:
            run_program(seed, index, report, verbose=verbose, trace=trace)
        report.programs += 1
        index += 1
    report.problems = problems
    return report


def summary(report, verbose=False):
    lines = [report.merge_line()]
    if report.injected:
        lines.append(f"allocation failures armed {report.injected}, fired {report.inject_fired}, "
                     f"problems {len(report.problems)}")
        lines += report.problems[:50]
    if verbose:
        if report.skipped_ops:
            lines.append("skipped (th lacks it):")
            lines += [f"  {n} x{c}" for n, c in report.skipped_ops.most_common()]
        if report.layout:
            lines.append("results laid out otherwise than torch's (strides; not a failure):")
            lines += [f"  {k} x{c}" for k, c in report.layout.most_common()]
        if report.known:
            lines.append("known differences / being fixed seen:")
            for k, c in report.known.most_common():
                lines.append(f"  {k} x{c}")
                lines += [f"    e.g. {x}" for x in report.examples.get(k, ())]
        for sig, c in report.signatures.most_common():
            lines.append(f"  mismatch {sig} x{c}")
    if GENERATOR_ERRORS:
        lines.append("the generator's own errors (ops not generated):")
        lines += [f"  {k} x{c}" for k, c in GENERATOR_ERRORS.most_common()]
    for sig, text in report.failures:
        lines.append("=" * 70)
        lines.append(text)
    return "\n".join(lines)


def replay(seed, where):
    index, i = map(int, where.split(":"))
    report = Report()
    run_program(seed, index, report, trace=True)
    print(summary(report, True))
    print(reproducer(seed, index, i))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ops", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--inject-failures", action="store_true")
    ap.add_argument("--th-only", action="store_true",
                    help="run the programs on th alone, no comparison (torch not needed)")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--trace", action="store_true", help="print each op before it runs")
    ap.add_argument("--first-program", type=int, default=0)
    ap.add_argument("--replay", metavar="PROGRAM:OP", help="replay one program and print "
                    "the reproducer of its op")
    args = ap.parse_args(argv)
    if torch is None and not (args.inject_failures or args.th_only):
        print("torch is not installed: only --inject-failures and --th-only run",
              file=sys.stderr)
        return 2
    faulthandler.enable()
    if args.replay:
        replay(args.seed, args.replay)
        return 0
    report = fuzz(args.ops, args.seed, args.verbose, args.trace, args.inject_failures,
                  args.first_program, args.th_only)
    print(summary(report, args.verbose))
    return 1 if report.failures or getattr(report, "problems", None) else 0


if __name__ == "__main__":
    sys.exit(main())
