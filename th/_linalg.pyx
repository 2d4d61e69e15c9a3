# cython: wraparound=True
"""torch's matrix products over th/src/math/THTensorBlas.c (THTensorMath.h's
products): mm, bmm, mv, dot, matmul (the @ operator) and addmm, addmv,
addr, baddbmm, addbmm with beta= and alpha=, each with out=. th.Tensor's
methods of those names (and the in-place addmm_ ...) call these.

float32, float64, complex64 and complex128 go to OpenBLAS; the other dtypes
(bool excepted) to a blocked loop. As torch, the operands and out must have
one dtype (RuntimeError otherwise), addr's excepted: torch's addr promotes.
Products of many elements run without the GIL."""
from libc.math cimport isfinite
from libc.stdint cimport int64_t

cimport th._errors
from th._args cimport is_integer
from th._dtype cimport dtype_of
from th._tensor cimport Tensor, pinned_snapshot, release_snapshot, wrap_tensor
from th.libTH cimport *

from th._broadcast import broadcast_shapes
from th._errors import ArgumentError, DtypeError, Error
from th._factories import empty

# A product of at least this many multiply-adds runs without the GIL.
cdef int64_t LONG_PRODUCT = 1 << 18

# which C function _run calls
cdef enum Op:
    MM, MV, BMM, DOT, ADDMM, ADDMV, ADDR, BADDBMM, ADDBMM


cdef int _call(Op op, THTensor *r, double beta, THTensor *t, double alpha, THTensor *a,
               THTensor *b) except -1 nogil:
    if op == MM:
        return THTensor_mm(r, a, b)
    if op == MV:
        return THTensor_mv(r, a, b)
    if op == BMM:
        return THTensor_bmm(r, a, b)
    if op == DOT:
        return THTensor_dot(r, a, b)
    if op == ADDMM:
        return THTensor_addmm(r, beta, t, alpha, a, b)
    if op == ADDMV:
        return THTensor_addmv(r, beta, t, alpha, a, b)
    if op == ADDR:
        return THTensor_addr(r, beta, t, alpha, a, b)
    if op == BADDBMM:
        return THTensor_baddbmm(r, beta, t, alpha, a, b)
    return THTensor_addbmm(r, beta, t, alpha, a, b)


cdef int64_t _work(Tensor a, Tensor b):
    """Multiply-adds of a product of a and b, roughly (their element counts'
    geometric mean to the power 1.5 for matrices): only decides the GIL."""
    cdef double na = THTensor_nElement(a.cdata), nb = THTensor_nElement(b.cdata)
    return <int64_t>((na * nb) ** 0.75)


cdef Tensor _run(Op op, Tensor out, double beta, Tensor t, double alpha, Tensor a, Tensor b):
    """r = the product into out (None: a new tensor of a's dtype, which the
    C function resizes). A new result is private: a long product into it runs
    without the GIL over pinned views of the operands."""
    cdef THTensor *r
    cdef THTensor *ta = NULL
    cdef THTensor *tb = NULL
    cdef THTensor *tt = NULL
    cdef THTensor *tc = t.cdata if t is not None else NULL
    if out is not None:
        _call(op, out.cdata, beta, tc, alpha, a.cdata, b.cdata)
        return out
    result = wrap_tensor(THTensor_new(THTensor_dtype(a.cdata)))
    r = (<Tensor>result).cdata
    if _work(a, b) < LONG_PRODUCT:
        _call(op, r, beta, tc, alpha, a.cdata, b.cdata)
        return result
    try:
        ta = pinned_snapshot(a.cdata)
        tb = pinned_snapshot(b.cdata)
        if tc != NULL:
            tt = pinned_snapshot(tc)
        with nogil:
            _call(op, r, beta, tt, alpha, ta, tb)
    finally:
        release_snapshot(ta)
        release_snapshot(tb)
        release_snapshot(tt)
    return result


cdef double _coefficient(str fn, str name, object value, Tensor like) except? -1:
    """beta or alpha as a double: a real number. An integer product takes a
    float one truncated toward zero, as torch 2.13 (addr refuses it, as
    torch's addr)."""
    cdef THScalarType dtype = THTensor_dtype(like.cdata)
    if isinstance(value, Tensor) or isinstance(value, complex) or not (
            is_integer(value) or isinstance(value, float)
            or hasattr(type(value), "__float__")):
        raise TypeError(f"{fn}(): argument '{name}' must be a real number, not "
                        f"{type(value).__name__}")
    if is_integer(value) or value is True or value is False:
        return <double>int(value)
    if THScalarType_isFloatingPoint(dtype) or THScalarType_isComplex(dtype):
        return float(value)
    if fn.startswith("addr"):
        raise Error(f"{fn}(): for integral input tensors, argument {name} must not be "
                    f"a floating point number")
    if not isfinite(float(value)):
        raise ArgumentError(f"{fn}(): {name}={float(value)} cannot be converted to "
                            f"{like.dtype.name} without overflow")
    return <double>int(float(value))


cdef Tensor _checked_out(str fn, object out):
    if out is not None and not isinstance(out, Tensor):
        raise TypeError(f"{fn}(): argument 'out' must be a Tensor, not {type(out).__name__}")
    return out


def _tensor(str fn, str name, object value):
    if not isinstance(value, Tensor):
        raise TypeError(f"{fn}(): argument '{name}' must be a Tensor, not "
                        f"{type(value).__name__}")
    return value


def _sparse():
    from th import _sparse  # th._sparse imports th: only when an operand is sparse
    return _sparse


# ----------------------------------------------------------- the products
cdef Tensor _product(Op op, str fn, object out, str an, object a, str bn, object b):
    """a @ b for the plain products, their arguments checked as fn's."""
    return _run(op, _checked_out(fn, out), 0, None, 1, _tensor(fn, an, a), _tensor(fn, bn, b))


def mm(input, mat2, *, out=None):
    """input (n x k) @ mat2 (k x p).

    >>> th.mm(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor([[ 7., 10.],
            [15., 22.]])
    """
    if type(input) is not Tensor or type(mat2) is not Tensor:
        if _sparse()._any_sparse(input, mat2):
            return _sparse()._product_mm(input, mat2, out)
    return _product(MM, "mm", out, "input", input, "mat2", mat2)


def bmm(input, mat2, *, out=None):
    """input[i] (b x n x k) @ mat2[i] (b x k x p) for each i.

    >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
    >>> th.bmm(t.expand(2, 2, 2), th.eye(2).expand(2, 2, 2)).shape
    (2, 2, 2)
    """
    return _product(BMM, "bmm", out, "input", input, "mat2", mat2)


def mv(input, vec, *, out=None):
    """input (n x k) @ vec (k).

    >>> th.mv(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([1.0, -1.0]))
    tensor([-1., -1.])
    """
    if type(input) is not Tensor and _sparse()._any_sparse(input):
        return _sparse()._product_mv(input, vec, out)
    return _product(MV, "mv", out, "input", input, "vec", vec)


def dot(input, tensor, *, out=None):
    """The inner product of two 1-dim tensors of one size (a 0-dim tensor).

    >>> th.dot(th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]))
    tensor(11.)
    """
    return _product(DOT, "dot", out, "input", input, "tensor", tensor)


def vdot(input, other, *, out=None):
    """The inner product of two 1-dim tensors of one size, the first conjugated
    (for real dtypes, dot).

    >>> th.vdot(th.tensor([1 + 2j, 3j]), th.tensor([2 + 0j, 1 + 1j]))
    tensor(5.-7.j)
    """
    if isinstance(input, Tensor) and input.dtype.is_complex:
        input = input.conj()
    return _product(DOT, "vdot", out, "input", input, "other", other)


cdef Tensor _add(Op op, str fn, object input, object a, object b, object beta, object alpha,
                 object out, str an, str bn):
    cdef Tensor t = _tensor(fn, "input", input)
    cdef Tensor ta = _tensor(fn, an, a)
    return _run(op, _checked_out(fn, out), _coefficient(fn, "beta", beta, ta), t,
                _coefficient(fn, "alpha", alpha, ta), ta, _tensor(fn, bn, b))


def addmm(input, mat1, mat2, *, beta=1, alpha=1, out=None):
    """beta * input + alpha * (mat1 @ mat2); input broadcasts (beta 0: not read).

    >>> th.addmm(th.ones(2, 2), th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.eye(2), beta=2)
    tensor([[3., 4.],
            [5., 6.]])
    """
    if type(mat1) is not Tensor or type(mat2) is not Tensor:
        if _sparse()._any_sparse(mat1, mat2):
            return _sparse()._product_addmm(input, mat1, mat2, beta, alpha, out)
    return _add(ADDMM, "addmm", input, mat1, mat2, beta, alpha, out, "mat1", "mat2")


def addmv(input, mat, vec, *, beta=1, alpha=1, out=None):
    """beta * input + alpha * (mat @ vec).

    >>> th.addmv(th.ones(2), th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([1.0, 1.0]))
    tensor([4., 8.])
    """
    return _add(ADDMV, "addmv", input, mat, vec, beta, alpha, out, "mat", "vec")


def addr(input, vec1, vec2, *, beta=1, alpha=1, out=None):
    """beta * input + alpha * the outer product of vec1 and vec2, in the three
    dtypes promoted (torch's addr is element-wise over the input expanded to
    the result's shape: a 0-dim input promotes as a dimensioned one) and cast
    into an out= of the same kind.

    >>> th.addr(th.zeros(2, 2), th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]))
    tensor([[3., 4.],
            [6., 8.]])
    """
    cdef Tensor t = _tensor("addr", "input", input)
    cdef Tensor a = _tensor("addr", "vec1", vec1), b = _tensor("addr", "vec2", vec2)
    cdef THScalarType rt
    THScalarType_promote(THTensor_dtype(t.cdata), THTensor_dtype(a.cdata), &rt)
    THScalarType_promote(rt, THTensor_dtype(b.cdata), &rt)
    target = dtype_of(rt)
    t, a, b = t.to(target), a.to(target), b.to(target)
    if out is None or _checked_out("addr", out).dtype is target:
        return _add(ADDR, "addr", t, a, b, beta, alpha, out, "vec1", "vec2")
    if not THScalarType_canCast(rt, THTensor_dtype((<Tensor>out).cdata)):
        raise DtypeError(f"addr(): result type {target.name} can't be cast to the desired "
                         f"output type {out.dtype.name}")
    # computed aside (an out with elements of another shape is refused as ever)
    aside = empty(out.shape, dtype=target) if out.numel() else None
    r = _add(ADDR, "addr", t, a, b, beta, alpha, aside, "vec1", "vec2")
    out.resize_(r.shape)
    out.copy_(r)
    return out


def baddbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None):
    """beta * input + alpha * (batch1[i] @ batch2[i] for each i).

    >>> th.baddbmm(th.zeros(1, 2, 2), th.ones(1, 2, 3), th.ones(1, 3, 2))
    tensor([[[3., 3.],
             [3., 3.]]])
    """
    return _add(BADDBMM, "baddbmm", input, batch1, batch2, beta, alpha, out, "batch1",
                "batch2")


def addbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None):
    """beta * input + alpha * (the sum over i of batch1[i] @ batch2[i]).

    >>> th.addbmm(th.zeros(2, 2), th.ones(4, 2, 3), th.ones(4, 3, 2))
    tensor([[12., 12.],
            [12., 12.]])
    """
    return _add(ADDBMM, "addbmm", input, batch1, batch2, beta, alpha, out, "batch1",
                "batch2")


# the in-place forms: op, operand names, and the dims each operand needs
cdef dict _IN_PLACE = {
    "addmm_": (ADDMM, "mat1", "mat2", 2, 2), "addmv_": (ADDMV, "mat", "vec", 2, 1),
    "addr_": (ADDR, "vec1", "vec2", 1, 1), "baddbmm_": (BADDBMM, "batch1", "batch2", 3, 3),
    "addbmm_": (ADDBMM, "batch1", "batch2", 3, 3)}


def add_(str fn, Tensor self, a, b, beta, alpha):
    """self = beta * self + alpha * product (addmm_, ...): self must have the
    result's shape, as torch requires (it is not resized)."""
    op, an, bn, na, nb = _IN_PLACE[fn]
    cdef Tensor ta = _tensor(fn, an, a), tb = _tensor(fn, bn, b)
    if ta.ndim == na and tb.ndim == nb:  # else the C function says what is wrong
        sa, sb = ta.shape, tb.shape
        shape = {"addmm_": sa[:1] + sb[1:], "addmv_": sa[:1], "addr_": sa + sb,
                 "baddbmm_": sa[:2] + sb[2:], "addbmm_": sa[1:2] + sb[2:]}[fn]
        if self.shape != shape:
            raise Error(f"{fn}(): self of shape {list(self.shape)} does not match the "
                        f"product's shape {list(shape)}")
    if fn == "addr_" and not (ta.dtype is self.dtype and tb.dtype is self.dtype):
        r = addr(self, ta, tb, beta=beta, alpha=alpha)  # promoted, as torch's
        if not THScalarType_canCast(THTensor_dtype((<Tensor>r).cdata),
                                    THTensor_dtype(self.cdata)):
            raise DtypeError(f"addr_(): result type {r.dtype.name} can't be cast to the "
                             f"desired output type {self.dtype.name}")
        return self.copy_(r)
    return _add(op, fn, self, a, b, beta, alpha, self, an, bn)


# ----------------------------------------------------------------- matmul
def matmul(input, other, *, out=None):
    """input @ other by torch's rules: 1-dim @ 1-dim is dot, 2-dim @ 1-dim
    mv, 2-dim @ 2-dim mm; a 1-dim operand otherwise gets a dim of size 1
    (before a left one, after a right one) that the result drops; the dims
    before the last two are batch dims that broadcast.

    >>> th.matmul(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([1.0, -1.0]))
    tensor([-1., -1.])
    """
    if type(input) is not Tensor or type(other) is not Tensor:
        if _sparse()._any_sparse(input, other):
            return _sparse()._product_matmul(input, other, out)
    cdef Tensor a = _tensor("matmul", "input", input)
    cdef Tensor b = _tensor("matmul", "other", other)
    _checked_out("matmul", out)
    cdef int da = a.ndim, db = b.ndim
    cdef Op op
    if out is not None and out.dtype != a.dtype:
        raise Error(f"matmul(): expected out to have dtype {a.dtype.name}, but got "
                    f"{out.dtype.name}")
    if da == 0 or db == 0:
        raise Error(f"both arguments to matmul need to be at least 1D, but they are "
                    f"{da}D and {db}D")
    if da <= 2 and db <= 2 and not (da == 1 and db == 2):
        op = DOT if da == 1 else MV if db == 1 else MM
        return _run(op, out, 0, None, 1, a, b)
    a1 = a.unsqueeze(0) if da == 1 else a
    b1 = b.unsqueeze(-1) if db == 1 else b
    n, k = a1.shape[-2:]
    k2, p = b1.shape[-2:]
    if k != k2:
        raise Error(f"matmul: shapes {list(a.shape)} and {list(b.shape)} cannot be "
                    f"multiplied ({k} columns against {k2} rows)")
    batch = broadcast_shapes(a1.shape[:-2], b1.shape[:-2])
    cdef int64_t count = 1
    for size in batch:
        count *= size
    if b1.ndim == 2:  # the batch folds into the rows of one mm
        r = mm(a1.reshape(count * n, k), b1).view(batch + (n, p))
    else:
        r = bmm(a1.expand(batch + (n, k)).reshape(count, n, k),
                b1.expand(batch + (k, p)).reshape(count, k, p)).view(batch + (n, p))
    if db == 1:
        r = r.squeeze(-1)
    if da == 1:
        r = r.squeeze(-2)
    if out is None:
        return r
    if out.shape != r.shape:
        out.resize_(*r.shape)
    return out.copy_(r)
