"""th.Expr and torch's element-wise functions (docs/EXPRESSIONS.md).

Every operation builds a THExpr node (include/TH/THExpr.h). Given tensors
and numbers it is evaluated at once (eager, as torch); given a th.Expr (from
th.lazy) it returns a larger th.Expr, evaluated in one pass when assigned
(t += e, t[...] = e, t.copy_(e), th.eval(e), e.eval()), as mshadow's
expressions are. A node reads its tensors when it is evaluated."""
import math
import numbers
import sys

cimport cython
from libc.math cimport INFINITY
from libc.math cimport isnan as c_isnan
from libc.stdint cimport int64_t, uint64_t

from th._dtype cimport as_scalar_type, dtype_of
from th._elements cimport write_element
from th._shape cimport has_shape
from th._tensor cimport Tensor, wrap_tensor
from th.libTH cimport *

import weakref
from th._errors import ArgumentError, DtypeError, UnsupportedDtype


def live_exprs():
    """th.Expr Python objects alive (each holds one THExpr reference)."""
    return _live


cdef Py_ssize_t _live = 0


@cython.auto_pickle(False)  # a tree of C nodes over live tensors: evaluate it to pickle
cdef class Expr:
    """An element-wise expression, evaluated when assigned or by eval().

    ``th.lazy(b) * c + 2`` is an Expr: its shape and dtype are known at
    once, its tensors are read when it is evaluated (``a += e``,
    ``a[...] = e``, ``a.copy_(e)``, ``th.eval(e, out=a)``, ``e.eval()``),
    in one pass over the elements with no temporaries.

    >>> e = th.sqrt(th.lazy(th.tensor([1.0, 4.0]))) - 1
    >>> isinstance(e, th.Expr), e.eval()
    (True, tensor([0., 1.]))
    """

    # numpy must not take an Expr apart: an ndarray operator defers to the
    # Expr's (which refuses arrays: TypeError), a numpy ufunc refuses it,
    # instead of an object array of one Expr per element
    __array_ufunc__ = None

    def __cinit__(self):
        global _live
        _live += 1

    def __init__(self):
        raise TypeError("th.Expr is made by th.lazy(tensor) and operators on it")

    def __dealloc__(self):
        global _live
        _live -= 1
        THExpr_free(self.cdata)

    @property
    def shape(self):
        """The result's sizes (the operands' broadcast), as a tuple."""
        cdef const int64_t *sizes = THExpr_sizes(self.cdata)
        return tuple([sizes[i] for i in range(THExpr_nDimension(self.cdata))])

    @property
    def dtype(self):
        """The result's dtype (torch's type promotion)."""
        return dtype_of(THExpr_dtype(self.cdata))

    @property
    def ndim(self):
        return THExpr_nDimension(self.cdata)

    def dim(self):
        return THExpr_nDimension(self.cdata)

    def numel(self):
        return THExpr_nElement(self.cdata)

    def size(self, dim=None):
        if dim is None:
            return self.shape
        return self.shape[dim]

    @property
    def refcount(self):
        """References to the C node (this object holds one)."""
        return THExpr_refcount(self.cdata)

    def eval(self):
        """A new contiguous tensor holding the value (the tensors read now)."""
        return wrap_tensor(THTensor_newEval(self.cdata))

    def to(self, dtype):
        """This expression converted to dtype (as copy converts), lazily."""
        return wrap_expr(THExpr_newCast(self.cdata, <THScalarType>as_scalar_type(dtype, TH_FLOAT32)))

    # Reductions in one pass: the expression is evaluated slab by slab and
    # each slab reduced at once, so no temporary of its size exists
    # (th._reduce, THTensor_newExprSum ...).
    def sum(self, dim=None, keepdim=False, *, dtype=None):
        """The sum over dim (None: every dim) without the expression's value
        in memory; torch's result dtype (bool and integers in int64).

        >>> import th
        >>> a, b = th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([10.0, 100.0])
        >>> (th.lazy(a) * b).sum()
        tensor(640.)
        >>> (th.lazy(a) * b).sum(1, keepdim=True)
        tensor([[210.],
                [430.]])
        """
        from th._reduce import sum
        return sum(self, dim, keepdim, dtype=dtype)

    def prod(self, dim=None, keepdim=False, *, dtype=None):
        """The product over dim (None: every dim), in one pass.

        >>> import th
        >>> (th.lazy(th.tensor([1, 2, 3])) + 1).prod()
        tensor(24)
        """
        from th._reduce import prod
        return prod(self, dim, keepdim, dtype=dtype)

    def mean(self, dim=None, keepdim=False, *, dtype=None):
        """The mean over dim (None: every dim), in one pass: floating and
        complex expressions (or dtype=).

        >>> import th
        >>> (th.lazy(th.tensor([1.0, 2.0, 6.0])) * 2).mean()
        tensor(6.)
        """
        from th._reduce import mean
        return mean(self, dim, keepdim, dtype=dtype)

    def amax(self, dim=(), keepdim=False):
        """The largest elements over dim (() or None: every dim), in one
        pass; NaN wins.

        >>> import th
        >>> (th.lazy(th.tensor([[1, 5], [7, 3]])) * -1).amax(0)
        tensor([-1, -3])
        """
        from th._reduce import amax
        return amax(self, dim, keepdim)

    def amin(self, dim=(), keepdim=False):
        """The smallest elements over dim (() or None: every dim), in one
        pass; NaN wins.

        >>> import th
        >>> (th.lazy(th.tensor([[1, 5], [7, 3]])) - 1).amin(1)
        tensor([0, 2])
        """
        from th._reduce import amin
        return amin(self, dim, keepdim)

    def norm(self, p="fro", dim=None, keepdim=False, dtype=None):
        """The p-norm over dim (th.norm's p: 2 or 'fro', 1, inf, -inf, 0, any
        number), in one pass; a complex expression's is real.

        >>> import th
        >>> (th.lazy(th.tensor([3.0, 0.0])) + th.tensor([0.0, 4.0])).norm()
        tensor(5.)
        """
        from th._reduce import norm
        return norm(self, p, dim, keepdim, dtype=dtype)

    def __repr__(self):
        return (f"Expr({_describe(self.cdata)}, shape={list(self.shape)}, "
                f"dtype={self.dtype.name})")

    def __bool__(self):
        raise TypeError("the truth value of a th.Expr is not known until it is evaluated: "
                        "use .eval()")

    def __hash__(self):
        return object.__hash__(self)

    # Operators build a larger Expr (NotImplemented for other operands).
    def __add__(self, other): return _lazy_binary(TH_EXPR_ADD, self, other)
    def __radd__(self, other): return _lazy_binary(TH_EXPR_ADD, other, self)
    def __sub__(self, other): return _lazy_binary(TH_EXPR_SUB, self, other)
    def __rsub__(self, other): return _lazy_binary(TH_EXPR_SUB, other, self)
    def __mul__(self, other): return _lazy_binary(TH_EXPR_MUL, self, other)
    # as Tensor.__rmul__: self * other (a float16 mul reads a number at float32)
    def __rmul__(self, other): return _lazy_binary(TH_EXPR_MUL, self, other)
    def __matmul__(self, other): return _lazy_dot(self, other)
    def __rmatmul__(self, other): return _lazy_dot(other, self)
    def __truediv__(self, other): return _lazy_binary(TH_EXPR_DIV, self, other)
    def __rtruediv__(self, other): return _lazy_binary(TH_EXPR_DIV, other, self)
    def __floordiv__(self, other): return _lazy_binary(TH_EXPR_FLOOR_DIVIDE, self, other)
    def __rfloordiv__(self, other): return _lazy_binary(TH_EXPR_FLOOR_DIVIDE, other, self)
    def __mod__(self, other): return _lazy_binary(TH_EXPR_REMAINDER, self, other)
    def __rmod__(self, other): return _lazy_binary(TH_EXPR_REMAINDER, other, self)
    def __pow__(self, other, mod): return _lazy_binary(TH_EXPR_POW, self, other)
    def __rpow__(self, other, mod): return _lazy_binary(TH_EXPR_POW, other, self)
    def __and__(self, other): return _lazy_binary(TH_EXPR_BITWISE_AND, self, other)
    def __rand__(self, other): return _lazy_binary(TH_EXPR_BITWISE_AND, other, self)
    def __or__(self, other): return _lazy_binary(TH_EXPR_BITWISE_OR, self, other)
    def __ror__(self, other): return _lazy_binary(TH_EXPR_BITWISE_OR, other, self)
    def __xor__(self, other): return _lazy_binary(TH_EXPR_BITWISE_XOR, self, other)
    def __rxor__(self, other): return _lazy_binary(TH_EXPR_BITWISE_XOR, other, self)
    def __lshift__(self, other): return _lazy_binary(TH_EXPR_BITWISE_LEFT_SHIFT, self, other)
    def __rlshift__(self, other): return _lazy_binary(TH_EXPR_BITWISE_LEFT_SHIFT, other, self)
    def __rshift__(self, other): return _lazy_binary(TH_EXPR_BITWISE_RIGHT_SHIFT, self, other)
    def __rrshift__(self, other): return _lazy_binary(TH_EXPR_BITWISE_RIGHT_SHIFT, other, self)
    def __eq__(self, other): return _lazy_binary(TH_EXPR_EQ, self, other)
    def __ne__(self, other): return _lazy_binary(TH_EXPR_NE, self, other)
    def __lt__(self, other): return _lazy_binary(TH_EXPR_LT, self, other)
    def __le__(self, other): return _lazy_binary(TH_EXPR_LE, self, other)
    def __gt__(self, other): return _lazy_binary(TH_EXPR_GT, self, other)
    def __ge__(self, other): return _lazy_binary(TH_EXPR_GE, self, other)
    def __neg__(self): return wrap_expr(THExpr_newUnary(TH_EXPR_NEG, self.cdata))
    def __abs__(self): return wrap_expr(THExpr_newUnary(TH_EXPR_ABS, self.cdata))
    def __invert__(self): return node(TH_EXPR_BITWISE_NOT, "bitwise_not", self)


cdef Expr wrap_expr(THExpr *cdata):
    cdef Expr e
    if cdata == NULL:
        raise ValueError("wrap_expr: the THExpr pointer is NULL")
    try:
        e = Expr.__new__(Expr)
    except BaseException:
        THExpr_free(cdata)
        raise
    e.cdata = cdata
    return e


# ------------------------------------------------------------ operands
cdef object _numpy_scalar_type():
    """numpy.generic, or None while numpy is not imported (then no numpy
    scalar can exist either)."""
    np = sys.modules.get("numpy")
    return None if np is None else np.generic


cdef int try_operand(object v, THExpr **out) except -1:
    """*out = a new reference to v's node and 1; 0 when v is no operand."""
    if isinstance(v, Tensor):
        out[0] = THExpr_newTensor((<Tensor>v).cdata)
    elif isinstance(v, Expr):
        THExpr_retain((<Expr>v).cdata)
        out[0] = (<Expr>v).cdata
    elif isinstance(v, (bool, int, float, complex)):
        out[0] = _weak_scalar(v)
    else:
        generic = _numpy_scalar_type()
        if generic is None or not isinstance(v, generic) or not hasattr(v, "item"):
            return 0
        out[0] = _weak_scalar(v.item())  # torch takes numpy scalars as Python numbers
    return 1


cdef THExpr *_weak_scalar(object v) except NULL:
    if isinstance(v, bool):  # before int: a bool is an int to Python
        return THExpr_newWeakBool(v)
    if isinstance(v, int):
        if not -2 ** 63 <= v < 2 ** 63:
            raise OverflowError(f"the Python int {v} is beyond int64's range (torch's limit "
                                f"for a number operand)")
        return THExpr_newWeakInt64(v)
    if isinstance(v, float):
        return THExpr_newWeakDouble(v)
    if isinstance(v, complex):
        return THExpr_newWeakComplex(v.real, v.imag)
    raise TypeError(f"expected a number, got {type(v).__name__}")


cdef THExpr *new_operand(object value, str fn) except NULL:
    cdef THExpr *e = NULL
    if not try_operand(value, &e):
        raise TypeError(f"{fn}(): expected a th.Tensor, a th.Expr or a number, got "
                        f"{type(value).__name__}")
    return e


cdef Expr node(THExprOp op, str fn, object a, object b=None, object c=None):
    """op of the operands (new nodes, freed if a later one is refused)."""
    cdef int arity = THExprOp_arity(op)
    cdef THExpr *x = new_operand(a, fn)
    cdef THExpr *y = NULL
    cdef THExpr *z = NULL
    try:
        if arity > 1:
            y = new_operand(b, fn)
        if arity > 2:
            z = new_operand(c, fn)
    except BaseException:
        THExpr_free(x)
        THExpr_free(y)
        raise
    if arity == 1:
        if op == TH_EXPR_BITWISE_NOT and THExpr_dtype(x) == TH_BOOL:
            op = TH_EXPR_LOGICAL_NOT  # ~ of a bool is its logical not, as in torch
        return wrap_expr(THExpr_newUnaryMove(op, x))
    if arity == 2:
        return wrap_expr(THExpr_newBinaryMove(op, x, y))
    return wrap_expr(THExpr_newTernaryMove(op, x, y, z))


cdef bint _operand_pair(object a, object b, THExpr **x, THExpr **y) except -1:
    """New leaves for a and b (True), or nothing (False: one of them is not
    an operand, the operator gives NotImplemented)."""
    if not try_operand(a, x):
        return False
    try:
        if try_operand(b, y):
            return True
    except BaseException:
        THExpr_free(x[0])
        raise
    THExpr_free(x[0])
    return False


cdef object _lazy_binary(THExprOp op, object a, object b):
    cdef THExpr *x = NULL
    cdef THExpr *y = NULL
    if not _operand_pair(a, b, &x, &y):
        return NotImplemented
    return wrap_expr(THExpr_newBinaryMove(op, x, y))


cdef object _lazy_dot(object a, object b):
    """a @ b as a dot node (mshadow's DotExp): 2-d operands of one dtype;
    `out += th.lazy(a) @ b` is one gemm with beta 1."""
    cdef THExpr *x = NULL
    cdef THExpr *y = NULL
    if not (isinstance(a, (Tensor, Expr)) and isinstance(b, (Tensor, Expr))):
        return NotImplemented
    _operand_pair(a, b, &x, &y)
    return wrap_expr(THExpr_newDotMove(x, y))


cdef bint _any_lazy(tuple args):
    for a in args:
        if isinstance(a, Expr):
            return True
    return False


# ---------------------------------------------------------- evaluation
cdef str _name(THScalarType t):
    return THScalarType_name(t).decode()


cdef str _shape_text(int nd, const int64_t *sizes):
    return "[" + ", ".join([str(sizes[i]) for i in range(nd)]) + "]"


cdef object into_out(Expr e, object out):
    return into_out_node(e.cdata, out)


cdef bint _reads(THExpr *e, THTensor *t) noexcept:
    """e has a leaf of the very tensor t (not merely a view of its memory)."""
    cdef int i = 0
    if THExpr_kind(e) == TH_EXPR_KIND_TENSOR:
        return THExpr_tensor(e) == t
    while THExpr_operand(e, i) != NULL:
        if _reads(THExpr_operand(e, i), t):
            return True
        i += 1
    return False


cdef object into_out_node(THExpr *e, object out):
    """Evaluates e into out with torch's out= rules: the result's dtype must
    be castable to out's (TypeError); out of another shape is resized when it
    has no elements, refused otherwise (ValueError; torch warns and
    resizes). An out that e reads is in place (x.mul_(y) is mul(x, y,
    out=x)), as torch takes it: never resized, a RuntimeError from
    THTensor_assign when the result's shape is not its own."""
    if not isinstance(out, Tensor):
        raise TypeError(f"out must be a th.Tensor, got {type(out).__name__}")
    cdef THTensor *dst = (<Tensor>out).cdata
    cdef THScalarType rt = THExpr_dtype(e)
    cdef int nd = THExpr_nDimension(e)
    cdef const int64_t *sizes = THExpr_sizes(e)
    if not THScalarType_canCast(rt, THTensor_dtype(dst)):
        raise DtypeError(f"result type {_name(rt)} can't be cast to the desired output type "
                         f"{_name(THTensor_dtype(dst))}")
    if not has_shape(dst, nd, sizes) and not _reads(e, dst):
        if THTensor_nElement(dst) != 0:
            raise ArgumentError(f"out has shape {list(out.shape)}, the result "
                                f"{_shape_text(nd, sizes)}: give an out of the result's shape "
                                f"or an empty one (resized)")
        THTensor_resizeNd(dst, nd, sizes, NULL)
    THTensor_assign(dst, TH_SAVE_ASSIGN, e)
    return out


cdef bint sole_owner(object t):
    """t (held only by the caller's expression) may take the result in place:
    one C reference, an unshared contiguous storage whose memory th allocated
    (not numpy's array behind th.from_numpy, nor a mapped file), no weak
    references."""
    if not isinstance(t, Tensor):
        return False
    cdef THTensor *c = (<Tensor>t).cdata
    cdef THStorage *s = THTensor_storage(c)
    return (THTensor_refcount(c) == 1 and THStorage_refcount(s) == 1
            and THStorage_allocator(s) == &THDefaultAllocator
            and THTensor_isContiguous(c) and weakref.getweakrefcount(t) == 0)


cdef object finish(Expr e, bint lazy, object out, object reuse=None):
    """The value of e: e itself when lazy (and no out), else evaluated into
    out, into reuse (a temporary of the result's shape and dtype), or into a
    new tensor."""
    if out is not None:
        return into_out(e, out)
    if lazy:
        return e
    cdef THTensor *r
    cdef int64_t strides[TH_MAX_DIMS]
    cdef Tensor result
    if THExpr_resultStrides(e.cdata, strides):  # a dense operand's layout, as torch keeps it
        result = wrap_tensor(THTensor_newWithSize(THExpr_dtype(e.cdata), THExpr_nDimension(e.cdata),
                                                  THExpr_sizes(e.cdata), strides))
        THTensor_assign(result.cdata, TH_SAVE_ASSIGN, e.cdata)
        return result
    if reuse is not None:  # contiguous (sole_owner), as the result
        r = (<Tensor>reuse).cdata
        if (THTensor_dtype(r) == THExpr_dtype(e.cdata)
                and has_shape(r, THExpr_nDimension(e.cdata), THExpr_sizes(e.cdata))):
            THTensor_assign(r, TH_SAVE_ASSIGN, e.cdata)
            return reuse
    return wrap_tensor(THTensor_newEval(e.cdata))


# --------------------------------------------- th.Tensor's operators
# Called by th/_tensor_math.pxi; reuse_a / reuse_b say that operand's Python
# object was held by the expression alone (refcount 1 in the number slot).

def _binary_operator(int op, a, b, bint reuse_a=False, bint reuse_b=False):
    reuse = a if reuse_a and sole_owner(a) else (b if reuse_b and sole_owner(b) else None)
    if (type(a) is Tensor and type(b) is Tensor and THTensor_isContiguous((<Tensor>a).cdata)
            and THTensor_isContiguous((<Tensor>b).cdata)):
        # the per-call fast path: nodes on C's stack, no th.Expr made (a row-major result:
        # other layouts, which torch keeps, take finish's way)
        if reuse is not None and THTensor_binaryInto((<Tensor>reuse).cdata, <THExprOp>op,
                                                     (<Tensor>a).cdata, (<Tensor>b).cdata):
            return reuse
        return wrap_tensor(THTensor_newBinary(<THExprOp>op, (<Tensor>a).cdata,
                                              (<Tensor>b).cdata))
    e = _lazy_binary(<THExprOp>op, a, b)
    if e is NotImplemented:
        return e
    return finish(e, isinstance(a, Expr) or isinstance(b, Expr), None, reuse)


def _reciprocal_times(Tensor t, other):
    """other / t as torch's Tensor.__rtruediv__ computes it:
    t.reciprocal() * other, in one pass where the reciprocal would not be
    rounded between the two (it is computed in its own dtype); float16 and
    bfloat16 compute in float32, so their reciprocal is rounded first, as a
    tensor of its own."""
    cdef THScalarType dt = THTensor_dtype(t.cdata)
    if dt == TH_FLOAT16 or dt == TH_BFLOAT16:
        return _binary_operator(TH_EXPR_MUL, reciprocal(t), other, True)  # ours: reused
    return finish(node(TH_EXPR_MUL, "div", node(TH_EXPR_RECIPROCAL, "div", t), other),
                  False, None)


def _unary_operator(int op, Tensor a, bint reuse_a=False):
    reuse = a if reuse_a and sole_owner(a) else None
    return finish(node(<THExprOp>op, _op_name(op), a), False, None, reuse)


# Savers of the augmented assignments that have one; the others evaluate
# a op b and store it (TH_SAVE_ASSIGN) after the same castability check.
cdef dict _SAVERS = {TH_EXPR_ADD: TH_SAVE_ADD, TH_EXPR_SUB: TH_SAVE_SUB,
                     TH_EXPR_MUL: TH_SAVE_MUL, TH_EXPR_DIV: TH_SAVE_DIV}


def _inplace_operator(int op, Tensor a, b):
    """a op= b: the result (a op b, promoted) must be castable to a's dtype
    (TypeError, as torch refuses int_tensor += 0.5) and b must broadcast to
    a's shape (a never changes shape)."""
    cdef THExpr *y = NULL
    cdef Expr e
    if not try_operand(b, &y):
        return NotImplemented
    saver = _SAVERS.get(op)
    if saver is not None:
        try:
            THTensor_assign(a.cdata, <THSaver>saver, y)
        finally:
            THExpr_free(y)
        return a
    cdef THExpr *x = NULL
    try:
        x = THExpr_newTensor(a.cdata)
    except BaseException:  # (MemoryError) y is still ours
        THExpr_free(y)
        raise
    e = wrap_expr(THExpr_newBinaryMove(<THExprOp>op, x, y))
    if not THScalarType_canCast(THExpr_dtype(e.cdata), THTensor_dtype(a.cdata)):
        raise DtypeError(f"result type {_name(THExpr_dtype(e.cdata))} can't be cast to the "
                         f"desired output type {_name(THTensor_dtype(a.cdata))}")
    THTensor_assign(a.cdata, TH_SAVE_ASSIGN, e.cdata)
    return a


def _assign_expr(Tensor dst, Expr e):
    """dst[...] = e, dst.copy_(e): e broadcast to dst's shape, converted to
    its dtype as copy converts."""
    THTensor_assign(dst.cdata, TH_SAVE_ASSIGN, e.cdata)


cdef str _op_name(int op):
    return THExprOp_name(<THExprOp>op).decode()


# ------------------------------------------------ lazy, eval, Expr trees
def lazy(value):
    """value as a th.Expr: a tensor leaf (read when the expression is
    evaluated, not now), a number, or an Expr itself.

    >>> e = th.lazy(th.tensor([1.0, 2.0])) * 3 + 1
    >>> e.eval()
    tensor([4., 7.])
    """
    if isinstance(value, Expr):
        return value
    return wrap_expr(new_operand(value, "lazy"))


def eval(e, *, out=None):
    """The value of e (an Expr, or a tensor: copied): a new tensor, or
    written into out (torch's out= rules, see into_out).

    >>> a = th.tensor([1.0, 2.0])
    >>> th.eval(th.lazy(a) * a + 1)
    tensor([2., 5.])
    """
    cdef Expr x = lazy(e)
    if out is not None:
        return into_out(x, out)
    return wrap_tensor(THTensor_newEval(x.cdata))


cdef str _describe(THExpr *e):
    cdef THExprKind kind = THExpr_kind(e)
    cdef THScalarType t = THExpr_dtype(e)
    cdef int i
    if kind == TH_EXPR_KIND_TENSOR:
        return (f"tensor{_shape_text(THExpr_nDimension(e), THExpr_sizes(e))} {_name(t)}")
    if kind == TH_EXPR_KIND_SCALAR:
        v = THExpr_scalarValue(e)
        if t == TH_BOOL:
            text = repr(v != 0)
        elif not THScalarType_isFloatingPoint(t) and not THScalarType_isComplex(t) and not c_isnan(v):
            text = repr(int(v))
        elif THScalarType_isComplex(t):
            text = f"complex({v!r}, ...)"
        else:
            text = repr(v)
        return text if THExpr_isWeak(e) else f"scalar({text}, {_name(t)})"
    if kind == TH_EXPR_KIND_CAST:
        return f"to({_describe(THExpr_operand(e, 0))}, {_name(t)})"
    if kind == TH_EXPR_KIND_DOT:
        return f"matmul({_describe(THExpr_operand(e, 0))}, {_describe(THExpr_operand(e, 1))})"
    args = []
    i = 0
    while THExpr_operand(e, i) != NULL:
        args.append(_describe(THExpr_operand(e, i)))
        i += 1
    return f"{_op_name(THExpr_op(e))}({', '.join(args)})"


# ------------------------------------------------- torch's functions
# Given tensors and numbers they evaluate at once; given a th.Expr they
# return a th.Expr (unless out= is given: then they evaluate into it).

cdef object apply(THExprOp op, str fn, object out, object a, object b=None, object c=None):
    if (THExprOp_arity(op) == 2 and type(a) is Tensor and type(b) is Tensor
            and type(out) is Tensor):
        # the per-call fast path: nodes on C's stack, no th.Expr made
        THTensor_binaryOut((<Tensor>out).cdata, op, (<Tensor>a).cdata, (<Tensor>b).cdata)
        return out
    return finish(node(op, fn, a, b, c), _any_lazy((a, b, c)), out)


cdef Expr _cast(object x, THScalarType t, str fn):
    """x (a tensor, an Expr or a number) cast to t, as an Expr."""
    return wrap_expr(THExpr_newCastMove(new_operand(x, fn), t))


cdef THScalarType _promoted(str fn, THExprOp op, object a, object b,
                            object c=None) except *:
    """torch's result_type of the operands, all together (a 0-dim tensor
    counts only against dimensioned ones of its category), read off op's
    node of them, which refuses what op refuses."""
    cdef Expr e = node(op, fn, a, b) if c is None else node(op, fn, a, b, c)
    return THExpr_dtype(e.cdata)


cdef THScalarType _opmath(THScalarType t) noexcept:
    """The dtype torch computes a t op in: float32 for float16, bfloat16."""
    return TH_FLOAT32 if t == TH_FLOAT16 or t == TH_BFLOAT16 else t


cdef object _converted(object x, THScalarType t, str fn):
    """x converted to t (a number too: as a C cast converts, -2 is 254 for
    uint8), as an op computing in t reads it."""
    if isinstance(x, (Tensor, Expr)):
        return _as_type(x, t, fn)
    return _cast(x, t, fn)


cdef object _as_type(object x, THScalarType t, str fn):
    """x cast to t when it is a tensor or Expr of another dtype."""
    if isinstance(x, (Tensor, Expr)) and x.dtype is not dtype_of(t):
        return _cast(x, t, fn)
    return x


cdef object _as_operand(object x, THScalarType t, THScalarType w, str fn):
    """x as torch reads an operand of a t op computed in w: converted to t
    (a float32 0-dim tensor is rounded to float16), then to w."""
    return _as_type(_as_type(x, t, fn), w, fn)


cdef object _scaled(object x, object factor, str name, str fn, THScalarType t,
                    THScalarType factor_type):
    """factor * x (x: b, an operand of a + factor * b, or of addcmul(a, b, c))
    as torch computes it: in factor_type (the operands' promoted dtype t,
    or for value= float32 where t is float16 or bfloat16), x cast to it and
    factor converted to it (ValueError when it does not fit; a negative one
    wraps for unsigned dtypes). A factor that is not an integer for integral
    t, or complex for real t, is a TypeError, but for value=, which torch
    truncates toward zero there. x itself when factor is 1."""
    if type(factor) is int and factor == 1:
        return x
    if not THScalarType_isFloatingPoint(t) and not THScalarType_isComplex(t):
        if (name == "value" and isinstance(factor, numbers.Real)
                and not isinstance(factor, numbers.Integral)):
            # torch takes a float value= for integers, truncated toward zero
            if not math.isfinite(factor) or (factor <= -1 and not dtype_of(t).is_signed):
                raise ArgumentError(f"{fn}(): value {factor} cannot be converted to "
                                    f"{_name(t)}")
            factor = int(factor)
        if not isinstance(factor, numbers.Integral):
            raise DtypeError(f"For integral input tensors, argument {name} must not be a "
                             f"floating point number.")
        kind = dtype_of(t)
        if not kind.is_signed and t != TH_BOOL and -(1 << 8 * kind.itemsize) < factor < 0:
            factor += 1 << 8 * kind.itemsize  # two's complement, as torch (u8 - 1 * b)
    elif not THScalarType_isComplex(t) and not isinstance(factor, numbers.Real):
        raise DtypeError(f"For non-complex input tensors, argument {name} must not be a "
                         f"complex number.")
    cdef uint64_t element[2]
    write_element(<char *>element, factor_type, factor)
    return node(TH_EXPR_MUL, fn, _as_type(x, factor_type, fn),
                wrap_expr(THExpr_newScalar(factor_type, element)))


cdef object _fused(object input, object other, object alpha, str fn, THScalarType t):
    """input + alpha * other rounded once (float32 and float64 tensors, as
    torch's add computes it with an alpha), or None for the other cases
    (float16 and bfloat16 round as torch's half kernels may not: TORCH.md)."""
    if (t != TH_FLOAT32 and t != TH_FLOAT64) or not isinstance(alpha, numbers.Real) \
            or not (isinstance(input, (Tensor, Expr)) and isinstance(other, (Tensor, Expr))):
        return None
    cdef uint64_t element[2]
    write_element(<char *>element, t, alpha)
    return node(TH_EXPR_FMA, fn, _as_type(input, t, fn), _as_type(other, t, fn),
                wrap_expr(THExpr_newScalar(t, element)))


def add(input, other, *, alpha=1, out=None):
    """input + alpha * other (rounded once for float tensors, as torch).

    >>> th.add(th.tensor([-1.5, 0.5, 2.0]), th.tensor([1.0]), alpha=2)
    tensor([0.5000, 2.5000, 4.0000])
    """
    cdef THScalarType t
    cdef bint lazy = _any_lazy((input, other))
    if not (type(alpha) is int and alpha == 1):
        t = _promoted("add", TH_EXPR_ADD, input, other)
        fused = _fused(input, other, alpha, "add", t)
        if fused is not None:
            return finish(fused, lazy, out)
        other = _scaled(other, alpha, "alpha", "add", t, t)
    return finish(node(TH_EXPR_ADD, "add", input, other), lazy, out)


def sub(input, other, *, alpha=1, out=None):
    """input - alpha * other (a bool operand is refused whatever alpha is, as
    in torch).

    >>> th.sub(th.tensor([-1.5, 0.5, 2.0]), 1.0)
    tensor([-2.5000, -0.5000,  1.0000])
    """
    cdef THScalarType t
    cdef bint lazy = _any_lazy((input, other))
    if not (type(alpha) is int and alpha == 1):
        t = _promoted("sub", TH_EXPR_SUB, input, other)  # (bools refused before alpha hides them)
        fused = _fused(input, other, -alpha, "sub", t) if isinstance(alpha, numbers.Real) \
            else None
        if fused is not None:
            return finish(fused, lazy, out)
        other = _scaled(other, alpha, "alpha", "sub", t, t)
    return finish(node(TH_EXPR_SUB, "sub", input, other), lazy, out)


def div(input, other, *, rounding_mode=None, out=None):
    """input / other: true division (a float result), or rounded toward zero
    (rounding_mode='trunc') or down ('floor'), keeping an integral dtype.

    >>> th.div(th.tensor([-1.5, 0.5, 2.0]), 2)
    tensor([-0.7500,  0.2500,  1.0000])
    >>> th.div(th.tensor([-7, 7]), 2, rounding_mode='floor')
    tensor([-4,  3])
    """
    if rounding_mode is None:
        return apply(TH_EXPR_DIV, "div", out, input, other)
    if rounding_mode == "floor":
        return apply(TH_EXPR_FLOOR_DIVIDE, "div", out, input, other)
    if rounding_mode != "trunc":
        raise ArgumentError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' "
                            f"but found {rounding_mode!r}")
    floored = node(TH_EXPR_FLOOR_DIVIDE, "div", input, other)
    cdef THScalarType t = THExpr_dtype((<Expr>floored).cdata)
    if THScalarType_isFloatingPoint(t) or THScalarType_isComplex(t):
        e = node(TH_EXPR_TRUNC, "div", node(TH_EXPR_DIV, "div", input, other))
    else:  # integers: floor, plus one where a negative quotient left a remainder
        rem = node(TH_EXPR_REMAINDER, "div", input, other)
        # the signs are those of the operands converted to t, as the quotient
        # sees them: a -2 (a number or a wider 0-dim tensor) is 254 for uint8
        signs_differ = node(TH_EXPR_NE, "div",
                            node(TH_EXPR_LT, "div", _converted(input, t, "div"), 0),
                            node(TH_EXPR_LT, "div", _converted(other, t, "div"), 0))
        fix = node(TH_EXPR_LOGICAL_AND, "div", node(TH_EXPR_NE, "div", rem, 0), signs_differ)
        e = node(TH_EXPR_WHERE, "div", fix, floored + 1, floored)
    return finish(e, _any_lazy((input, other)), out)


def remainder(input, other, *, out=None):
    """Python's modulus: the result has the divisor's sign.

    >>> th.remainder(th.tensor([-7, 7]), 3)
    tensor([2, 1])
    """
    return apply(TH_EXPR_REMAINDER, "remainder", out, input, other)


def pow(input, exponent, *, out=None):
    """self ** exponent, broadcasting.

    >>> th.pow(th.tensor([-1.5, 0.5, 2.0]), 2)
    tensor([2.2500, 0.2500, 4.0000])
    """
    return apply(TH_EXPR_POW, "pow", out, input, exponent)


def _binary(THExprOp op, str doc):
    name = _op_name(op)

    def function(input, other, *, out=None):
        return apply(op, name, out, input, other)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    return function


mul = _binary(TH_EXPR_MUL, """input * other.

    >>> th.mul(th.tensor([-1.5, 0.5, 2.0]), 2)
    tensor([-3.,  1.,  4.])
    """)
floor_divide = _binary(TH_EXPR_FLOOR_DIVIDE, """input // other, rounded down.

    >>> th.floor_divide(th.tensor([-7, 7]), 2)
    tensor([-4,  3])
    """)
maximum = _binary(TH_EXPR_MAXIMUM, """The larger of the two (NaN propagates).

    >>> th.maximum(th.tensor([-1.5, 0.5, 2.0]), th.tensor(0.0))
    tensor([0.0000, 0.5000, 2.0000])
    """)
minimum = _binary(TH_EXPR_MINIMUM, """The smaller of the two (NaN propagates).

    >>> th.minimum(th.tensor([-1.5, 0.5, 2.0]), th.tensor(0.0))
    tensor([-1.5000,  0.0000,  0.0000])
    """)
atan2 = _binary(TH_EXPR_ATAN2, """atan(input / other) in the quadrant of (other, input).

    >>> th.atan2(th.tensor([1.0, -1.0]), th.tensor([-1.0, 1.0]))
    tensor([ 2.3562, -0.7854])
    """)
eq = _binary(TH_EXPR_EQ, """input == other (bool).

    >>> th.eq(th.tensor([-1.5, 0.5, 2.0]), 0.5)
    tensor([False,  True, False])
    """)
ne = _binary(TH_EXPR_NE, """input != other (bool).

    >>> th.ne(th.tensor([-1.5, 0.5, 2.0]), 0.5)
    tensor([ True, False,  True])
    """)
lt = _binary(TH_EXPR_LT, """input < other (bool).

    >>> th.lt(th.tensor([-1.5, 0.5, 2.0]), 0.5)
    tensor([ True, False, False])
    """)
le = _binary(TH_EXPR_LE, """input <= other (bool).

    >>> th.le(th.tensor([-1.5, 0.5, 2.0]), 0.5)
    tensor([ True,  True, False])
    """)
gt = _binary(TH_EXPR_GT, """input > other (bool).

    >>> th.gt(th.tensor([-1.5, 0.5, 2.0]), 0.5)
    tensor([False, False,  True])
    """)
ge = _binary(TH_EXPR_GE, """input >= other (bool).

    >>> th.ge(th.tensor([-1.5, 0.5, 2.0]), 0.5)
    tensor([False,  True,  True])
    """)
logical_and = _binary(TH_EXPR_LOGICAL_AND, """Both non-zero (bool).

    >>> th.logical_and(th.tensor([True, False, True]), th.tensor([1, 1, 0]))
    tensor([ True, False, False])
    """)
logical_or = _binary(TH_EXPR_LOGICAL_OR, """Either non-zero (bool).

    >>> th.logical_or(th.tensor([True, False, True]), th.tensor([0, 1, 0]))
    tensor([True, True, True])
    """)
logical_xor = _binary(TH_EXPR_LOGICAL_XOR, """Exactly one non-zero (bool).

    >>> th.logical_xor(th.tensor([True, False, True]), th.tensor([1, 1, 0]))
    tensor([False,  True,  True])
    """)
bitwise_and = _binary(TH_EXPR_BITWISE_AND, """input & other (integers, bools).

    >>> th.bitwise_and(th.tensor([6, 3, 5]), 3)
    tensor([2, 3, 1])
    """)
bitwise_or = _binary(TH_EXPR_BITWISE_OR, """input | other (integers, bools).

    >>> th.bitwise_or(th.tensor([6, 3, 5]), 3)
    tensor([7, 3, 7])
    """)
bitwise_xor = _binary(TH_EXPR_BITWISE_XOR, """input ^ other (integers, bools).

    >>> th.bitwise_xor(th.tensor([6, 3, 5]), 3)
    tensor([5, 0, 6])
    """)
bitwise_left_shift = _binary(TH_EXPR_BITWISE_LEFT_SHIFT, """input << other (integers; a count below 0 or of the width or more gives 0).

    >>> th.bitwise_left_shift(th.tensor([6, 3, 5]), 2)
    tensor([24, 12, 20])
    """)
bitwise_right_shift = _binary(TH_EXPR_BITWISE_RIGHT_SHIFT, """input >> other (integers; a count below 0 or of the width or more gives 0 or -1, the sign's fill).

    >>> th.bitwise_right_shift(th.tensor([-8, 8]), 2)
    tensor([-2,  2])
    """)
fmod = _binary(TH_EXPR_FMOD, """C's remainder of input / other: the sign of input (remainder takes other's).

    >>> th.fmod(th.tensor([-7, 7]), 3)
    tensor([-1,  1])
    """)
copysign = _binary(TH_EXPR_COPYSIGN, """input's magnitude with other's sign (a float result).

    >>> th.copysign(th.tensor([-1.5, 0.5, 2.0]), -1.0)
    tensor([-1.5000, -0.5000, -2.0000])
    """)
hypot = _binary(TH_EXPR_HYPOT, """sqrt(input ** 2 + other ** 2) without overflow (floats).

    >>> th.hypot(th.tensor([3.0, 5.0]), th.tensor([4.0, 12.0]))
    tensor([ 5., 13.])
    """)
logaddexp = _binary(TH_EXPR_LOGADDEXP, """log(exp(input) + exp(other)) without overflow.

    >>> th.logaddexp(th.tensor([1000.0, 0.0]), th.tensor([1000.0, 0.0]))
    tensor([1.0007e+03, 6.9315e-01])
    """)
logaddexp2 = _binary(TH_EXPR_LOGADDEXP2, """log2(2 ** input + 2 ** other) without overflow.

    >>> th.logaddexp2(th.tensor([3.0, 0.0]), th.tensor([3.0, 0.0]))
    tensor([4., 1.])
    """)
xlogy = _binary(TH_EXPR_XLOGY, """input * log(other): 0 where input is 0, NaN where other is NaN.

    >>> th.xlogy(th.tensor([0.0, 2.0]), th.tensor([0.0, 4.0]))
    tensor([0.0000, 2.7726])
    """)
fmax = _binary(TH_EXPR_FMAX, """The larger of the two, a NaN beside a number ignored.

    >>> th.fmax(th.tensor([1.0, float('nan')]), th.tensor([0.0, 2.0]))
    tensor([1., 2.])
    """)
fmin = _binary(TH_EXPR_FMIN, """The smaller of the two, a NaN beside a number ignored.

    >>> th.fmin(th.tensor([1.0, float('nan')]), th.tensor([0.0, 2.0]))
    tensor([0., 2.])
    """)


def polygamma(n, input, *, out=None):
    """The n-th derivative of digamma (n a whole number >= 0; polygamma(0, x)
    is digamma(x)).

    >>> th.polygamma(1, th.tensor([1.0, 2.0]))
    tensor([1.6449, 0.6449])
    """
    if not isinstance(n, int):
        raise TypeError(f"polygamma(): argument 'n' (position 1) must be int, not "
                        f"{type(n).__name__}")
    if n < 0:
        raise ArgumentError(f"polygamma(n, x) does not support negative n (got {n}).")
    lazy = isinstance(input, Expr)
    if n == 0:
        return finish(node(TH_EXPR_DIGAMMA, "polygamma", input), lazy, out)
    return finish(node(TH_EXPR_POLYGAMMA, "polygamma", n, input), lazy, out)


def lerp(input, end, weight, *, out=None):
    """input + weight * (end - input): end (and a tensor weight) of input's
    dtype, a float or complex one, as torch requires.

    >>> th.lerp(th.tensor([0.0, 10.0]), th.tensor([10.0, 20.0]), 0.25)
    tensor([ 2.5000, 12.5000])
    """
    for name, x in (("input", input), ("end", end)):
        if not isinstance(x, (Tensor, Expr)):
            raise TypeError(f"lerp(): argument '{name}' must be a th.Tensor or a th.Expr, "
                            f"not {type(x).__name__}")
    if not (input.dtype.is_floating_point or input.dtype.is_complex):
        raise UnsupportedDtype(f"lerp is not supported for {input.dtype.name} (floats and "
                               f"complex only, as torch)")
    if end.dtype is not input.dtype:
        raise DtypeError(f"lerp(): expected dtype {input.dtype.name} for `end` but got dtype "
                         f"{end.dtype.name}")
    if isinstance(weight, (Tensor, Expr)):
        if weight.dtype is not input.dtype:
            raise DtypeError(f"lerp(): expected dtype {input.dtype.name} for `weight` but got "
                             f"dtype {weight.dtype.name}")
    elif isinstance(weight, complex) and not input.dtype.is_complex:
        raise ArgumentError(f"lerp(): weight {weight} cannot be converted to "
                            f"{input.dtype.name} without overflow")
    return apply(TH_EXPR_LERP, "lerp", out, input, end, weight)


def where(condition, input=None, other=None, *, out=None):
    """input where condition (a bool tensor) holds, else other; where(condition)
    alone: nonzero(condition, as_tuple=True).

    >>> x = th.tensor([-1.5, 0.5, 2.0])
    >>> th.where(x > 0, x, 0.0)
    tensor([0.0000, 0.5000, 2.0000])
    """
    if input is None and other is None and out is None:
        from th._gather import nonzero
        return nonzero(condition, as_tuple=True)
    return apply(TH_EXPR_WHERE, "where", out, condition, input, other)


cdef bint _is_number(object x):
    """A Python number or a numpy scalar (np.int64, np.float32, np.bool_)."""
    return isinstance(x, numbers.Number) or (type(x).__module__ == "numpy"
                                             and getattr(x, "ndim", None) == 0)


def clamp(input, min=None, max=None, *, out=None):
    """input limited to [min, max] (either may be None; NaN stays NaN).

    >>> th.clamp(th.tensor([-1.5, 0.5, 2.0]), min=-1.0, max=1.0)
    tensor([-1.0000,  0.5000,  1.0000])
    """
    if min is None and max is None:
        raise ArgumentError("clamp: at least one of 'min' or 'max' must not be None")
    # torch's two signatures, bounds both tensors or both numbers: a number
    # beside a 0-dim tensor picks the numbers', which reads the tensor as its
    # number (its dtype does not promote the result)
    if _is_number(min) and isinstance(max, Tensor) and max.ndim == 0:
        max = max.item()
    elif _is_number(max) and isinstance(min, Tensor) and min.ndim == 0:
        min = min.item()
    if max is None:
        return finish(node(TH_EXPR_MAXIMUM, "clamp", input, min), _any_lazy((input, min)), out)
    if min is None:
        return finish(node(TH_EXPR_MINIMUM, "clamp", input, max), _any_lazy((input, max)), out)
    return apply(TH_EXPR_CLAMP, "clamp", out, input, min, max)


def clip(input, min=None, max=None, *, out=None):
    """clamp's alias.

    >>> th.clip(th.tensor([-1.5, 0.5, 2.0]), 0.0, 1.0)
    tensor([0.0000, 0.5000, 1.0000])
    """
    return clamp(input, min, max, out=out)


def addcmul(input, tensor1, tensor2, *, value=1, out=None):
    """input + value * tensor1 * tensor2 in the three operands' promoted
    dtype (torch's result_type of all three; float16 and bfloat16 computed
    in float32 and rounded once, as torch).

    >>> th.addcmul(th.ones(2), th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]), value=0.5)
    tensor([2.5000, 5.0000])
    """
    cdef THScalarType t = _promoted("addcmul", TH_EXPR_ADDCMUL, input, tensor1, tensor2)
    cdef THScalarType w = _opmath(t)
    e = node(TH_EXPR_FMA, "addcmul", _as_operand(input, t, w, "addcmul"),
             _scaled(_as_operand(tensor1, t, w, "addcmul"), value, "value", "addcmul", t, w),
             _as_operand(tensor2, t, w, "addcmul"))
    return finish(_as_type(e, t, "addcmul"), _any_lazy((input, tensor1, tensor2)), out)


def addcdiv(input, tensor1, tensor2, *, value=1, out=None):
    """input + value * tensor1 / tensor2 in the three operands' promoted
    dtype, (value * tensor1) / tensor2 as torch orders it (tensor1 and
    tensor2 both integral are refused, as torch refuses them).

    >>> th.addcdiv(th.ones(2), th.tensor([1.0, 2.0]), th.tensor([4.0, 4.0]), value=2)
    tensor([1.5000, 2.0000])
    """
    if all([isinstance(x, (Tensor, Expr)) and not (x.dtype.is_floating_point or x.dtype.is_complex)
            for x in (tensor1, tensor2)]):
        raise DtypeError("addcdiv: integer division with addcdiv is not supported (torch "
                         "refuses it too); use (tensor1 / tensor2) with th.add")
    cdef THScalarType t = _promoted("addcdiv", TH_EXPR_ADDCMUL, input, tensor1, tensor2)
    cdef THScalarType w = _opmath(t)
    quotient = node(TH_EXPR_DIV, "addcdiv",
                    _scaled(_as_operand(tensor1, t, w, "addcdiv"), value, "value", "addcdiv", t, w),
                    _as_operand(tensor2, t, w, "addcdiv"))
    e = node(TH_EXPR_ADD, "addcdiv", _as_operand(input, t, w, "addcdiv"), quotient)
    return finish(_as_type(e, t, "addcdiv"), _any_lazy((input, tensor1, tensor2)), out)


def _unary(THExprOp op, str doc):
    name = _op_name(op)

    def function(input, *, out=None):
        return finish(node(op, name, input), isinstance(input, Expr), out)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    return function


neg = _unary(TH_EXPR_NEG, """-input (refused for bool, as torch).

    >>> th.neg(th.tensor([-1.5, 0.5, 2.0]))
    tensor([ 1.5000, -0.5000, -2.0000])
    """)
negative = neg
abs = _unary(TH_EXPR_ABS, """|input| (the modulus of a complex, as a real).

    >>> th.abs(th.tensor([-1.5, 0.5, 2.0]))
    tensor([1.5000, 0.5000, 2.0000])
    """)
sign = _unary(TH_EXPR_SIGN, """-1, 0 or 1 by input's sign.

    >>> th.sign(th.tensor([-2.0, 0.0, 3.0]))
    tensor([-1.,  0.,  1.])
    """)
sqrt = _unary(TH_EXPR_SQRT, """The square root (NaN below 0 for reals).

    >>> th.sqrt(th.tensor([4.0, 2.0]))
    tensor([2.0000, 1.4142])
    """)
rsqrt = _unary(TH_EXPR_RSQRT, """1 / sqrt(input).

    >>> th.rsqrt(th.tensor([4.0, 0.25]))
    tensor([0.5000, 2.0000])
    """)
exp = _unary(TH_EXPR_EXP, """e ** input.

    >>> th.exp(th.tensor([0.25, 0.5]))
    tensor([1.2840, 1.6487])
    """)
log = _unary(TH_EXPR_LOG, """The natural logarithm.

    >>> th.log(th.tensor([0.25, 0.5]))
    tensor([-1.3863, -0.6931])
    """)
log1p = _unary(TH_EXPR_LOG1P, """log(1 + input), exact near 0.

    >>> th.log1p(th.tensor([1e-10, 1.0]))
    tensor([1.0000e-10, 6.9315e-01])
    """)
expm1 = _unary(TH_EXPR_EXPM1, """exp(input) - 1, exact near 0.

    >>> th.expm1(th.tensor([1e-10, 1.0]))
    tensor([1.0000e-10, 1.7183e+00])
    """)
sin = _unary(TH_EXPR_SIN, """The sine.

    >>> th.sin(th.tensor([0.25, 0.5]))
    tensor([0.2474, 0.4794])
    """)
cos = _unary(TH_EXPR_COS, """The cosine.

    >>> th.cos(th.tensor([0.25, 0.5]))
    tensor([0.9689, 0.8776])
    """)
tanh = _unary(TH_EXPR_TANH, """The hyperbolic tangent.

    >>> th.tanh(th.tensor([0.25, 0.5]))
    tensor([0.2449, 0.4621])
    """)
sigmoid = _unary(TH_EXPR_SIGMOID, """1 / (1 + exp(-input)).

    >>> th.sigmoid(th.tensor([-1.5, 0.5, 2.0]))
    tensor([0.1824, 0.6225, 0.8808])
    """)
floor = _unary(TH_EXPR_FLOOR, """Rounded down (integers as they are).

    >>> th.floor(th.tensor([-1.5, 0.5, 2.0]))
    tensor([-2.,  0.,  2.])
    """)
ceil = _unary(TH_EXPR_CEIL, """Rounded up (integers as they are).

    >>> th.ceil(th.tensor([-1.5, 0.5, 2.0]))
    tensor([-1.,  1.,  2.])
    """)
round = _unary(TH_EXPR_ROUND, """Rounded to the nearest integer, halves to even.

    >>> th.round(th.tensor([0.5, 1.5, 2.46]))
    tensor([0., 2., 2.])
    """)
trunc = _unary(TH_EXPR_TRUNC, """Rounded toward zero (integers as they are).

    >>> th.trunc(th.tensor([-1.5, 0.5, 2.0]))
    tensor([-1.,  0.,  2.])
    """)
reciprocal = _unary(TH_EXPR_RECIPROCAL, """1 / input (a float result for integers).

    >>> th.reciprocal(th.tensor([4.0, -0.5]))
    tensor([ 0.2500, -2.0000])
    """)
logical_not = _unary(TH_EXPR_LOGICAL_NOT, """input == 0 (bool).

    >>> th.logical_not(th.tensor([0.0, 2.0]))
    tensor([ True, False])
    """)
bitwise_not = _unary(TH_EXPR_BITWISE_NOT, """~input (the logical not for bools).

    >>> th.bitwise_not(th.tensor([0, 5, -1]))
    tensor([-1, -6,  0])
    """)
acos = _unary(TH_EXPR_ACOS, """The arc cosine (NaN beyond [-1, 1] for reals).

    >>> th.acos(th.tensor([0.25, 0.5]))
    tensor([1.3181, 1.0472])
    """)
asin = _unary(TH_EXPR_ASIN, """The arc sine (NaN beyond [-1, 1] for reals).

    >>> th.asin(th.tensor([0.25, 0.5]))
    tensor([0.2527, 0.5236])
    """)
atan = _unary(TH_EXPR_ATAN, """The arc tangent.

    >>> th.atan(th.tensor([0.25, 0.5]))
    tensor([0.2450, 0.4636])
    """)
arccos = acos
arcsin = asin
arctan = atan
cosh = _unary(TH_EXPR_COSH, """The hyperbolic cosine.

    >>> th.cosh(th.tensor([0.25, 0.5]))
    tensor([1.0314, 1.1276])
    """)
sinh = _unary(TH_EXPR_SINH, """The hyperbolic sine.

    >>> th.sinh(th.tensor([0.25, 0.5]))
    tensor([0.2526, 0.5211])
    """)
asinh = _unary(TH_EXPR_ASINH, """The inverse hyperbolic sine (C99's asinh; casinh for complex).

    >>> th.asinh(th.tensor([0.0, 1.0]))
    tensor([0.0000, 0.8814])
    """)
acosh = _unary(TH_EXPR_ACOSH, """The inverse hyperbolic cosine: NaN below 1 for real input.

    >>> th.acosh(th.tensor([1.0, 2.0]))
    tensor([0.0000, 1.3170])
    """)
atanh = _unary(TH_EXPR_ATANH, """The inverse hyperbolic tangent: +-inf at +-1, NaN beyond for
    real input.

    >>> th.atanh(th.tensor([0.0, 0.5]))
    tensor([0.0000, 0.5493])
    """)
arcsinh = asinh
arccosh = acosh
arctanh = atanh
tan = _unary(TH_EXPR_TAN, """The tangent.

    >>> th.tan(th.tensor([0.25, 0.5]))
    tensor([0.2553, 0.5463])
    """)
log2 = _unary(TH_EXPR_LOG2, """The base-2 logarithm.

    >>> th.log2(th.tensor([8.0, 0.5]))
    tensor([ 3., -1.])
    """)
log10 = _unary(TH_EXPR_LOG10, """The base-10 logarithm.

    >>> th.log10(th.tensor([1000.0, 0.5]))
    tensor([ 3.0000, -0.3010])
    """)
exp2 = _unary(TH_EXPR_EXP2, """2 ** input.

    >>> th.exp2(th.tensor([3.0, 0.5]))
    tensor([8.0000, 1.4142])
    """)
sinc = _unary(TH_EXPR_SINC, """sin(pi * input) / (pi * input), 1 at 0.

    >>> th.sinc(th.tensor([0.0, 0.5]))
    tensor([1.0000, 0.6366])
    """)
erf = _unary(TH_EXPR_ERF, """The error function (reals).

    >>> th.erf(th.tensor([0.25, 0.5]))
    tensor([0.2763, 0.5205])
    """)
erfc = _unary(TH_EXPR_ERFC, """1 - erf(input), exact where erf is near 1 (reals).

    >>> th.erfc(th.tensor([0.25, 0.5]))
    tensor([0.7237, 0.4795])
    """)
erfinv = _unary(TH_EXPR_ERFINV, """The inverse of erf: +-inf at +-1, NaN beyond (reals).

    >>> th.erfinv(th.tensor([0.25, 0.5]))
    tensor([0.2253, 0.4769])
    """)
lgamma = _unary(TH_EXPR_LGAMMA, """log(|gamma(input)|): inf at 0 and the negative integers.

    >>> th.lgamma(th.tensor([0.5, 4.0]))
    tensor([0.5724, 1.7918])
    """)
digamma = _unary(TH_EXPR_DIGAMMA, """The derivative of lgamma: -inf at 0, NaN at the negative integers (reals).

    >>> th.digamma(th.tensor([1.0, 2.5]))
    tensor([-0.5772,  0.7032])
    """)
frac = _unary(TH_EXPR_FRAC, """input - trunc(input), the sign of input (floats).

    >>> th.frac(th.tensor([-1.5, 0.5, 2.0]))
    tensor([-0.5000,  0.5000,  0.0000])
    """)


def _bool_test(THExprOp op, str doc):
    """A bool test of each element whose out= must be bool, as torch's."""
    name = _op_name(op)

    def function(input, *, out=None):
        if isinstance(out, Tensor) and out.dtype is not dtype_of(TH_BOOL):
            raise DtypeError(f"{name} does not support non-boolean outputs (out is "
                             f"{out.dtype.name}).")
        return finish(node(op, name, input), isinstance(input, Expr), out)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    return function


isposinf = _bool_test(TH_EXPR_ISPOSINF, """input == inf (bool; reals).

    >>> th.isposinf(th.tensor([float('inf'), float('-inf')]))
    tensor([ True, False])
    """)
isneginf = _bool_test(TH_EXPR_ISNEGINF, """input == -inf (bool; reals).

    >>> th.isneginf(th.tensor([float('inf'), float('-inf')]))
    tensor([False,  True])
    """)
signbit = _bool_test(TH_EXPR_SIGNBIT, """input's sign bit is set (bool: -0.0 and -NaN too; reals).

    >>> th.signbit(th.tensor([-0.0, 1.0, -2.0]))
    tensor([ True, False,  True])
    """)


def _predicate(THExprOp op, str doc):
    """A bool test of each element (torch's take no out=)."""
    name = _op_name(op)

    def function(input):
        return finish(node(op, name, input), isinstance(input, Expr), None)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    return function


isnan = _predicate(TH_EXPR_ISNAN, """input is NaN (bool; a complex when a part is).

    >>> th.isnan(th.tensor([1.0, float('nan')]))
    tensor([False,  True])
    """)
isinf = _predicate(TH_EXPR_ISINF, """input is +-inf (bool; a complex when a part is).

    >>> th.isinf(th.tensor([1.0, float('-inf')]))
    tensor([False,  True])
    """)
isfinite = _predicate(TH_EXPR_ISFINITE, """input is neither NaN nor infinite (bool).

    >>> th.isfinite(th.tensor([1.0, float('inf'), float('nan')]))
    tensor([ True, False, False])
    """)


def square(input, *, out=None):
    """input * input (pow(input, 2): a bool squares to int64, as torch).

    >>> th.square(th.tensor([-1.5, 0.5, 2.0]))
    tensor([2.2500, 0.2500, 4.0000])
    """
    return pow(input, 2, out=out)


cdef THScalarType _operand_dtype(object x, str fn) except *:
    """The dtype of x as an operand (TypeError when it is none)."""
    cdef THExpr *e = new_operand(x, fn)
    cdef THScalarType t = THExpr_dtype(e)
    THExpr_free(e)
    return t


cdef object _times_real(object input, double factor, str fn, object out):
    """input * factor in input's float dtype (integers and bools converted to
    float32 first; complex refused), as torch's deg2rad and rad2deg."""
    cdef THScalarType t = _operand_dtype(input, fn)
    if THScalarType_isComplex(t):
        raise UnsupportedDtype(f"{fn} is not supported for complex tensors.")
    x = input
    if not THScalarType_isFloatingPoint(t):
        x = _cast(input, TH_FLOAT32, fn)
    return finish(node(TH_EXPR_MUL, fn, x, factor), isinstance(input, Expr), out)


def deg2rad(input, *, out=None):
    """input degrees in radians (input * pi / 180).

    >>> th.deg2rad(th.tensor([90.0, 180.0]))
    tensor([1.5708, 3.1416])
    """
    return _times_real(input, math.pi / 180, "deg2rad", out)


def rad2deg(input, *, out=None):
    """input radians in degrees (input * 180 / pi).

    >>> th.rad2deg(th.tensor([1.0, 3.0]))
    tensor([ 57.2958, 171.8873])
    """
    return _times_real(input, 180 / math.pi, "rad2deg", out)


# the largest finite value of each float dtype: nan_to_num's default bounds
cdef dict _FLOAT_MAX = {TH_FLOAT16: 65504.0, TH_BFLOAT16: 3.3895313892515355e38,
                        TH_FLOAT32: 3.4028234663852886e38, TH_FLOAT64: 1.7976931348623157e308}


cdef double _real_number(object v, str name) except? -1:
    if isinstance(v, (Tensor, Expr)) or not isinstance(v, numbers.Real):
        if not (isinstance(v, Tensor) and v.ndim == 0 and not v.dtype.is_complex):
            raise TypeError(f"nan_to_num(): argument '{name}' must be a real number, not "
                            f"{type(v).__name__}")
    return float(v)


def nan_to_num(input, nan=0.0, posinf=None, neginf=None, *, out=None):
    """input with NaN replaced by nan, inf by posinf and -inf by neginf (by
    default the dtype's largest finite values; a complex's parts one by
    one); integers and bools as they are.

    >>> th.nan_to_num(th.tensor([float('nan'), float('inf'), 1.0]), posinf=9.0)
    tensor([0., 9., 1.])
    """
    cdef THScalarType t = _operand_dtype(input, "nan_to_num")
    cdef bint lazy_input = isinstance(input, Expr)
    if isinstance(out, Tensor) and out.dtype is not dtype_of(t):
        raise DtypeError(f"nan_to_num: dtype of out ({out.dtype.name}) should be the same as "
                         f"input's ({_name(t)}), as torch requires")
    if not THScalarType_isFloatingPoint(t) and not THScalarType_isComplex(t):
        return finish(_cast(input, t, "nan_to_num"), lazy_input, out)  # a copy (or the Expr)
    cdef THScalarType real = TH_FLOAT64 if t == TH_COMPLEX128 else (
        TH_FLOAT32 if t == TH_COMPLEX64 else t)
    cdef double big = _FLOAT_MAX[real]
    values = (_real_number(nan, "nan"), big if posinf is None else _real_number(posinf, "posinf"),
              -big if neginf is None else _real_number(neginf, "neginf"))
    if THScalarType_isFloatingPoint(t):
        return finish(_replace_non_finite(input, values), lazy_input, out)
    re = _replace_non_finite(node(TH_EXPR_REAL, "nan_to_num", input), values)
    im = _replace_non_finite(node(TH_EXPR_IMAG, "nan_to_num", input), values)
    return finish(node(TH_EXPR_COMPLEX, "nan_to_num", re, im), lazy_input, out)


def conj_physical(input, *, out=None):
    """The complex conjugate as a new tensor (a real input's values, copied).

    >>> th.conj_physical(th.tensor([1 + 2j]))
    tensor([1.-2.j])
    """
    cdef THScalarType t = _operand_dtype(input, "conj_physical")
    cdef bint lazy_input = isinstance(input, Expr)
    if not THScalarType_isComplex(t):
        return finish(_cast(input, t, "conj_physical"), lazy_input, out)
    im = node(TH_EXPR_NEG, "conj_physical", node(TH_EXPR_IMAG, "conj_physical", input))
    return finish(node(TH_EXPR_COMPLEX, "conj_physical", node(TH_EXPR_REAL, "conj_physical",
                                                              input), im), lazy_input, out)


def conj(input):
    """The complex conjugate: input itself for a real dtype, as torch's; for
    a complex one a new tensor (torch returns a view with its conjugate bit,
    which th does not have).

    >>> th.conj(th.tensor([1 + 2j]))
    tensor([1.-2.j])
    """
    if not THScalarType_isComplex(_operand_dtype(input, "conj")):
        return input
    return conj_physical(input)


cdef Expr _replace_non_finite(object x, tuple values):
    """x (real) with NaN, inf and -inf replaced by values' three numbers."""
    nan_value, high, low = values
    e = node(TH_EXPR_WHERE, "nan_to_num", node(TH_EXPR_ISNEGINF, "nan_to_num", x), low, x)
    e = node(TH_EXPR_WHERE, "nan_to_num", node(TH_EXPR_ISPOSINF, "nan_to_num", x), high, e)
    return node(TH_EXPR_WHERE, "nan_to_num", node(TH_EXPR_ISNAN, "nan_to_num", x), nan_value, e)


# ------------------------------------------------- whole-tensor tests
cdef bint all_true(Tensor t) except -1:
    """Every element of a bool tensor is true (True when it has none): TH's
    equal against one true element broadcast to t's shape. (th's reductions
    live elsewhere; this is the one __contains__ and allclose need.)"""
    cdef Tensor true = wrap_tensor(THTensor_newWithSize(TH_BOOL, 0, NULL, NULL))
    THTensor_fillInt64(true.cdata, 1)
    cdef Tensor spread = wrap_tensor(THTensor_newExpand(true.cdata, THTensor_nDimension(t.cdata),
                                                        THTensor_sizes(t.cdata)))
    return THTensor_equal(t.cdata, spread.cdata) == 1


def _contains(Tensor t, element):
    """element in t: (t == element).any(), as torch."""
    if not isinstance(element, (Tensor, bool, int, float, complex)):
        raise TypeError(f"Tensor.__contains__ only supports a th.Tensor or a number, got "
                        f"{type(element).__name__}")
    return not all_true(eval(node(TH_EXPR_NE, "__contains__", t, element)))


def equal(Tensor input, Tensor other):
    """True when both have the same shape and the same elements.

    >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
    >>> th.equal(t, t.clone())
    True
    """
    return THTensor_equal(input.cdata, other.cdata) == 1


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """|input - other| <= atol + rtol * |other| element-wise (equal values,
    infinities included, are close; NaNs only with equal_nan), as torch.

    >>> th.isclose(th.tensor([1.0, 2.0]), th.tensor([1.0 + 1e-09, 2.1]))
    tensor([ True, False])
    """
    for t in (input, other):
        if not isinstance(t, (Tensor, Expr)):
            raise TypeError(f"isclose(): expected th.Tensor arguments, got {type(t).__name__}")
    if input.dtype is not other.dtype:
        raise DtypeError(f"isclose(): expected both tensors to have the same dtype, got "
                         f"{input.dtype.name} and {other.dtype.name}")
    if rtol < 0 or atol < 0:
        raise ArgumentError(f"isclose(): rtol ({rtol}) and atol ({atol}) must be non-negative")
    same = node(TH_EXPR_EQ, "isclose", input, other)
    inexact = input.dtype.is_floating_point or input.dtype.is_complex
    if rtol != 0 or atol != 0:  # else equality alone, exact for any integer (as torch)
        x, y = input, other
        if not inexact:  # bools and integers: the gap in float32, as torch (no wrap)
            x, y = _cast(input, TH_FLOAT32, "isclose"), _cast(other, TH_FLOAT32, "isclose")
        gap = node(TH_EXPR_ABS, "isclose", node(TH_EXPR_SUB, "isclose", x, y))
        bound = node(TH_EXPR_ADD, "isclose", atol,
                     node(TH_EXPR_MUL, "isclose", rtol, node(TH_EXPR_ABS, "isclose", y)))
        # a finite gap within the bound (inf and -inf are not close, nor 1 and inf)
        near = node(TH_EXPR_LOGICAL_AND, "isclose", node(TH_EXPR_LT, "isclose", gap, INFINITY),
                    node(TH_EXPR_LE, "isclose", gap, bound))
        same = node(TH_EXPR_LOGICAL_OR, "isclose", same, near)
    if equal_nan and inexact:
        nans = node(TH_EXPR_LOGICAL_AND, "isclose", node(TH_EXPR_NE, "isclose", input, input),
                    node(TH_EXPR_NE, "isclose", other, other))
        same = node(TH_EXPR_LOGICAL_OR, "isclose", same, nans)
    return finish(same, _any_lazy((input, other)), None)


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """isclose(...) holds for every element (the shapes broadcast).

    >>> th.allclose(th.tensor([1.0, 2.0]), th.tensor([1.0 + 1e-09, 2.0]))
    True
    """
    return all_true(eval(isclose(input, other, rtol, atol, equal_nan)))


# ---------------------------------------------------------- torch's other names
absolute = abs
fix = trunc
not_equal = ne


def sgn(input, *, out=None):
    """sign() for real input; input / |input| (0 where input is 0) for complex input.

    >>> th.sgn(th.tensor([3 + 4j, 0j]))
    tensor([0.6000+0.8000j, 0.0000+0.0000j])
    """
    if not (isinstance(input, (Tensor, Expr)) and input.dtype.is_complex):
        return sign(input, out=out)
    z = eval(input)
    # each part divided by the modulus (real divisions, as torch's finite results:
    # a complex division by |z| + 0j rounds otherwise); an infinite part gives
    # NaN in that part only (torch: both parts NaN)
    from th._views import view_as_complex, view_as_real
    parts = view_as_real(z) / abs(z).unsqueeze(-1)
    return where(z == 0, 0, view_as_complex(parts), out=out)
