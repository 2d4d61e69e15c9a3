from th.libTH cimport THExpr

cdef class Expr:
    # One reference to the C expression node, owned by this object; never
    # NULL once made (th.lazy, operators, th's functions on an Expr).
    cdef THExpr *cdata

# A th.Expr owning cdata: steals the caller's reference (also on error).
cdef Expr wrap_expr(THExpr *cdata)

# A new reference to the node of an operand: a th.Tensor (a leaf), a th.Expr
# (its node), a Python or numpy number (a weak scalar, as torch takes them).
# TypeError naming fn for anything else.
cdef THExpr *new_operand(object value, str fn) except NULL
