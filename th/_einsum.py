"""Tensor contractions: th.einsum (torch's equation and sublist forms,
ellipsis broadcasting), th.tensordot, th.outer / th.ger and th.inner.

einsum contracts its operands two at a time through th's BLAS products
(th.bmm / th.mm over permuted, reshaped operands). The pair contracted next
is chosen greedily, the one whose result is smallest relative to its inputs
(opt_einsum's "greedy" path), so a chain such as 'ij,jk,kl->il' never
builds a needlessly large intermediate and nothing forms the outer product
of all operands. A label found in one operand only and not in the output is
summed out first. Sums outside the products promote integers as th.sum does
(torch's einsum does the same, or refuses the mixed dtypes that follow)."""
import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Union

from th._errors import ArgumentError, Error

if TYPE_CHECKING:
    from th._tensor import Tensor

# torch's sublist labels: 0..25 are 'A'..'Z', 26..51 are 'a'..'z'
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _tensor_class() -> "type[Tensor]":
    from th._tensor import Tensor
    return Tensor


# ------------------------------------------------------------ parsing
def _sublist_equation(args: tuple) -> "tuple[str, list]":
    """einsum(op0, sub0, op1, sub1, ..., [out]) as an equation and its operands."""
    operands, terms = list(args[0::2]), []
    subscripts = list(args[1::2])
    output = None
    if len(args) % 2 == 1:  # the last argument is the output sublist
        output = operands.pop()
    for i, sub in enumerate(subscripts + ([output] if output is not None else [])):
        term = ""
        for label in sub:
            if label is Ellipsis:
                term += "..."
                continue
            try:
                index = operator.index(label)
            except TypeError:
                raise TypeError(f"einsum(): expected subscripts to be integers or Ellipsis, "
                                f"got {type(label).__name__}") from None
            if not 0 <= index < 52:
                raise Error(f"einsum(): subscript in subscript list is not within the valid "
                            f"range [0, 52), got {index}")
            term += _LETTERS[index]
        terms.append(term)
    if output is None:
        return ",".join(terms), operands
    return ",".join(terms[:-1]) + "->" + terms[-1], operands


def _parse_term(term: str, where: str) -> "list[str]":
    """A term's labels, '...' as one label of its own."""
    labels, i = [], 0
    while i < len(term):
        if term.startswith("...", i):
            if "..." in labels:
                raise Error(f"einsum(): found '.' for {where} that is not part of any ellipsis")
            labels.append("...")
            i += 3
        elif term[i] in _LETTERS:
            labels.append(term[i])
            i += 1
        elif term[i] == ".":
            raise Error(f"einsum(): found '.' for {where} that is not part of any ellipsis")
        else:
            raise Error(f"einsum(): invalid subscript given at index {i} in the equation "
                        f"string, subscripts must be in [a-zA-Z]")
    return labels


# --------------------------------------------------------- the operands
class _Operand:
    """A tensor whose dim i carries label labels[i], every label distinct."""
    __slots__ = ("tensor", "labels")

    def __init__(self, tensor: "Tensor", labels: "list[Any]") -> None:
        self.tensor, self.labels = tensor, labels

    def size(self, label: Any) -> int:
        return int(self.tensor.shape[self.labels.index(label)])

    def numel(self) -> int:
        n = 1
        for s in self.tensor.shape:
            n *= s
        return n

    def sum_out(self, labels: "set[Any]") -> "_Operand":
        """The operand summed over labels (th.sum's dtype promotion)."""
        dims = tuple(i for i, lab in enumerate(self.labels) if lab in labels)
        if not dims:
            return self
        return _Operand(self.tensor.sum(dims),
                        [lab for lab in self.labels if lab not in labels])

    def arranged(self, order: "list[Any]") -> "Tensor":
        """The tensor with dims in order (labels it lacks as size-1 dims)."""
        t = self.tensor.permute([self.labels.index(lab) for lab in order if lab in self.labels])
        shape = [self.size(lab) if lab in self.labels else 1 for lab in order]
        return t.reshape(shape) if len(shape) != t.dim() else t


def _diagonalised(tensor: "Tensor", labels: "list[Any]") -> _Operand:
    """A label repeated within one operand takes the diagonal of its dims."""
    labels = list(labels)
    while len(set(labels)) != len(labels):
        seen: "dict[Any, int]" = {}
        for j, lab in enumerate(labels):
            if lab in seen:
                i = seen[lab]
                if tensor.shape[i] != tensor.shape[j]:
                    raise Error(f"einsum(): subscript {lab} is repeated for operand but the "
                                f"sizes don't match, {tensor.shape[i]} != {tensor.shape[j]}")
                tensor = tensor.diagonal(0, i, j)  # the diagonal goes last
                labels = [x for k, x in enumerate(labels) if k not in (i, j)] + [lab]
                break
            seen[lab] = j
    return _Operand(tensor, labels)


def _pair_result(a: _Operand, b: _Operand, keep: "set[Any]") -> "tuple[list[Any], int]":
    """The labels and element count of contracting a with b, keeping keep."""
    labels = [lab for lab in a.labels if lab in keep]
    labels += [lab for lab in b.labels if lab in keep and lab not in a.labels]
    n = 1
    for lab in labels:
        n *= max(a.size(lab) if lab in a.labels else 1, b.size(lab) if lab in b.labels else 1)
    return labels, n


def _contract(a: _Operand, b: _Operand, keep: "set[Any]") -> _Operand:
    """a times b summed over the labels they share that keep lacks, through
    one batched BLAS product (or an element-wise product when nothing is
    summed)."""
    a = a.sum_out({lab for lab in a.labels if lab not in keep and lab not in b.labels})
    b = b.sum_out({lab for lab in b.labels if lab not in keep and lab not in a.labels})
    shared = [lab for lab in a.labels if lab in b.labels]
    summed = [lab for lab in shared if lab not in keep]
    # a size-1 dim summed against a longer one: sum the longer side first
    for lab in summed:
        if a.size(lab) != b.size(lab):
            if a.size(lab) == 1:
                b = _Operand(b.tensor.sum(b.labels.index(lab), keepdim=True), b.labels)
            else:
                a = _Operand(a.tensor.sum(a.labels.index(lab), keepdim=True), a.labels)
    if a.tensor.dtype != b.tensor.dtype:
        from th._combine import _promote
        dtype = _promote(a.tensor.dtype, b.tensor.dtype)
        a, b = _Operand(a.tensor.to(dtype), a.labels), _Operand(b.tensor.to(dtype), b.labels)
    batch = [lab for lab in shared if lab in keep]
    left = [lab for lab in a.labels if lab not in shared]
    right = [lab for lab in b.labels if lab not in shared]
    if not summed:  # an element-wise (outer) product, broadcast
        order = batch + left + right
        return _Operand(a.arranged(order) * b.arranged(order), order)
    sizes = {lab: max(a.size(lab) if lab in a.labels else 1, b.size(lab) if lab in b.labels
                      else 1) for lab in batch + left + right + summed}

    def count(labels: "list[Any]") -> int:
        n = 1
        for lab in labels:
            n *= sizes[lab]
        return n
    nb, m, k, n = count(batch), count(left), count(summed), count(right)
    ta = a.arranged(batch + left + summed)
    tb = b.arranged(batch + summed + right)
    # a batch dim of size 1 on one side: broadcast it
    ta = ta.expand([sizes[lab] for lab in batch] + list(ta.shape[len(batch):]))
    tb = tb.expand([sizes[lab] for lab in batch] + list(tb.shape[len(batch):]))
    from th._linalg import bmm, mm
    if nb == 1:
        product = mm(ta.reshape(m, k), tb.reshape(k, n))
    else:
        product = bmm(ta.reshape(nb, m, k), tb.reshape(nb, k, n))
    return _Operand(product.view([sizes[lab] for lab in batch + left + right]),
                    batch + left + right)


def _greedy_pair(operands: "list[_Operand]", output: "list[Any]") -> "tuple[int, int]":
    """The pair to contract next: the one whose result is smallest against
    its inputs (opt_einsum's greedy cost), pairs sharing a label first; with
    none sharing, the two smallest operands."""
    best, best_key = (0, 1), None
    for i in range(len(operands)):
        for j in range(i + 1, len(operands)):
            a, b = operands[i], operands[j]
            keep = _kept(operands, (i, j), output)
            _, size = _pair_result(a, b, keep)
            shares = bool(set(a.labels) & set(b.labels))
            key = (not shares, size - a.numel() - b.numel() if shares
                   else a.numel() + b.numel())
            if best_key is None or key < best_key:
                best, best_key = (i, j), key
    return best


def _kept(operands: "list[_Operand]", pair: "tuple[int, int]", output: "list[Any]") -> "set[Any]":
    """The labels a contraction of pair must keep: the output's and those of
    the other operands."""
    keep = set(output)
    for k, other in enumerate(operands):
        if k not in pair:
            keep.update(other.labels)
    return keep


def einsum(*args: Any) -> "Tensor":
    """Sums of products of the operands' elements, as an equation of labels
    says: 'ij,jk->ik' is a matrix product, 'bij,bjk->bik' a batched one,
    'ii->i' a diagonal, 'ii' a trace, '...ij->...ji' a transpose of the
    last two dims. Without '->' the output is the labels found once, in
    alphabetical order (upper case first). Also einsum(equation, [operands])
    and torch's sublist form einsum(op0, [0, 1], op1, [1, 2], [0, 2]).

    >>> import th
    >>> a, b = th.ones(2, 3), th.ones(3, 4)
    >>> th.einsum('ij,jk->ik', a, b).shape
    (2, 4)
    >>> th.einsum('ii', th.eye(3)).item()
    3.0
    >>> th.einsum(a, [0, 1], b, [1, 2], [0, 2]).shape
    (2, 4)
    """
    from th._tensor import Tensor
    if len(args) < 2:
        raise ArgumentError("einsum(): must specify the equation string and at least one operand, "
                        "or at least one operand and its subscripts list")
    if isinstance(args[0], str):
        equation, operands = args[0], list(args[1:])
        if len(operands) == 1 and isinstance(operands[0], (tuple, list)):
            operands = list(operands[0])
    elif isinstance(args[0], Tensor):
        equation, operands = _sublist_equation(args)
    else:
        raise TypeError(f"einsum(): the equation must be a str, not {type(args[0]).__name__}")
    for i, op in enumerate(operands):
        if not isinstance(op, Tensor):
            raise TypeError(f"einsum(): operand {i} must be a Tensor, not {type(op).__name__}")
    if not operands:
        raise Error("einsum(): must provide at least one operand")
    equation = equation.replace(" ", "")
    lhs, arrow, rhs = equation.partition("->")
    terms = lhs.split(",")
    if len(terms) != len(operands):
        raise Error("einsum(): more operands were provided than specified in the equation"
                    if len(operands) > len(terms) else
                    "einsum(): fewer operands were provided than specified in the equation")
    # the labels of each operand's dims; an ellipsis stands for numbered dims
    labelled, ellipsis_dims = [], 0
    for i, (term, op) in enumerate(zip(terms, operands)):
        labels: "list[Any]" = _parse_term(term, f"operand {i}")
        named = len(labels) - ("..." in labels)
        if ("..." in labels and op.dim() < named) or ("..." not in labels and op.dim() != named):
            raise Error(f"einsum(): the number of subscripts in the equation ({named}) "
                        + ("is more than the number of dimensions" if "..." in labels else
                           "does not match the number of dimensions")
                        + f" ({op.dim()}) for operand {i}"
                        + ("" if "..." in labels else " and no ellipsis was given"))
        if "..." in labels:
            k = labels.index("...")
            span = op.dim() - named
            ellipsis_dims = max(ellipsis_dims, span)
            # ellipsis dims are right-aligned across operands: number them from the end
            labels = labels[:k] + [("...", span - e) for e in range(span)] + labels[k + 1:]
        labelled.append(labels)
    ellipsis = [("...", ellipsis_dims - e) for e in range(ellipsis_dims)]
    counts: "dict[Any, int]" = {}
    for labels in labelled:
        for lab in labels:
            counts[lab] = counts.get(lab, 0) + 1
    if arrow:
        out_terms = _parse_term(rhs, "the output")
        output: "list[Any]" = []
        for lab in out_terms:
            if lab == "...":
                output += ellipsis
                continue
            if lab in output:
                raise Error(f"einsum(): output subscript {lab} appears more than once in the "
                            f"output")
            if lab not in counts:
                raise Error(f"einsum(): output subscript {lab} does not appear in the equation "
                            f"for any input operand")
            output.append(lab)
    else:
        output = ellipsis + sorted(lab for lab, n in counts.items()
                                   if n == 1 and not isinstance(lab, tuple))
    # sizes must agree (or be 1, which broadcasts)
    sizes: "dict[Any, int]" = {}
    for labels, op in zip(labelled, operands):
        for lab, size in zip(labels, op.shape):
            known = sizes.get(lab, 1)
            if known != 1 and size != 1 and size != known:
                raise Error(f"einsum(): operands do not broadcast with remapped shapes "
                            f"(original->remapped): {_shapes(operands)}")
            sizes[lab] = size if known == 1 else known
    work = [_diagonalised(op, labels) for op, labels in zip(operands, labelled)]
    if len(work) == 1:  # a view where torch's is one; a sum where labels go
        result = work[0].sum_out({lab for lab in work[0].labels if lab not in output})
    else:
        work = [w.sum_out({lab for lab in w.labels if counts[lab] == 1 and lab not in output})
                for w in work]
        while len(work) > 1:
            i, j = _greedy_pair(work, output)
            merged = _contract(work[i], work[j], _kept(work, (i, j), output))
            work = [w for k, w in enumerate(work) if k not in (i, j)] + [merged]
        result = work[0].sum_out({lab for lab in work[0].labels if lab not in output})
    # output labels no operand kept at full size (a size-1 broadcast) expand
    tensor = result.arranged(output)
    want = [sizes[lab] for lab in output]
    return tensor.expand(want) if list(tensor.shape) != want else tensor


def _shapes(operands: "list[Tensor]") -> str:
    return ", ".join(f"[{', '.join(map(str, op.shape))}]" for op in operands)


# ------------------------------------------------------------ tensordot
def tensordot(a: "Tensor", b: "Tensor",
              dims: "Union[int, Sequence[Sequence[int]], Sequence[int], Tensor]" = 2,
              out: "Tensor | None" = None) -> "Tensor":
    """a and b contracted over dims: the last dims of a with the first of b
    (an int: how many), or a's dims dims[0] with b's dims dims[1]. The
    result has a's remaining dims, then b's.

    >>> import th
    >>> th.tensordot(th.ones(2, 3, 4), th.ones(3, 4, 5)).shape
    (2, 5)
    >>> th.tensordot(th.ones(2, 3), th.ones(3, 2), dims=([1, 0], [0, 1])).item()
    6.0
    """
    from th._tensor import Tensor
    for name, t in (("a", a), ("b", b)):
        if not isinstance(t, Tensor):
            raise TypeError(f"tensordot(): argument '{name}' must be Tensor, "
                            f"not {type(t).__name__}")
    spec: Any = dims  # (typed loosely: torch takes many forms)
    if isinstance(spec, Tensor):
        spec = spec.item() if spec.dim() == 0 else spec.tolist()
    dims_a: Any
    dims_b: Any
    if hasattr(type(spec), "__index__"):
        n = operator.index(spec)
        if n < 0:
            raise Error(f"tensordot expects dims >= 0, but got dims={n}")
        if n > a.dim() or n > b.dim():
            raise Error(f"tensordot expects dims < ndim_a or ndim_b, but got dims={n}")
        dims_a, dims_b = list(range(a.dim() - n, a.dim())), list(range(n))
    else:
        if not isinstance(spec, (tuple, list)):
            raise Error(f"tensordot expects dims to be int or tuple[list[int], list[int]] or "
                        f"list[list[int]] containing two lists, but got dims={spec}")
        if len(spec) != 2:
            raise ArgumentError(f"not enough values to unpack (expected 2, got {len(spec)})"
                                if len(spec) < 2 else
                                f"too many values to unpack (expected 2, got {len(spec)})")
        dims_a, dims_b = spec
        for name, given in (("dims_self", dims_a), ("dims_other", dims_b)):
            if not isinstance(given, (tuple, list, Tensor)):
                raise TypeError(f"tensordot(): argument '{name}' must be tuple of ints, "
                                f"not {type(given).__name__}")
        dims_a = dims_a.tolist() if isinstance(dims_a, Tensor) else list(dims_a)
        dims_b = dims_b.tolist() if isinstance(dims_b, Tensor) else list(dims_b)
        if len(dims_a) != len(dims_b):
            raise Error("both dimension lists should have same length")
    from th._combine import _wrap
    dims_a = [_wrap("tensordot", operator.index(d), a.dim()) for d in dims_a]
    dims_b = [_wrap("tensordot", operator.index(d), b.dim()) for d in dims_b]
    for da, db in zip(dims_a, dims_b):
        if a.shape[da] != b.shape[db]:
            raise Error(f"contracted dimensions need to match, but first has size "
                        f"{a.shape[da]} in dim {da} and second has size {b.shape[db]} in "
                        f"dim {db}")
    if a.dtype != b.dtype:
        raise Error("both inputs should have same dtype")
    free_a = [d for d in range(a.dim()) if d not in dims_a]
    free_b = [d for d in range(b.dim()) if d not in dims_b]
    m = k = n = 1
    for d in free_a:
        m *= a.shape[d]
    for d in dims_a:
        k *= a.shape[d]
    for d in free_b:
        n *= b.shape[d]
    from th._linalg import mm
    result = mm(a.permute(free_a + dims_a).reshape(m, k),
                b.permute(dims_b + free_b).reshape(k, n))
    result = result.view([a.shape[d] for d in free_a] + [b.shape[d] for d in free_b])
    if out is not None:
        out.resize_(result.shape).copy_(result)
        return out
    return result


# ------------------------------------------------------- outer, inner
def outer(input: "Tensor", vec2: "Tensor") -> "Tensor":
    """The outer product of two 1-dim tensors: out[i][j] = input[i] * vec2[j].

    >>> import th
    >>> th.outer(th.tensor([1, 2]), th.tensor([3, 4, 5])).tolist()
    [[3, 4, 5], [6, 8, 10]]
    """
    for name, t in (("input", input), ("vec2", vec2)):
        if not isinstance(t, _tensor_class()):
            raise TypeError(f"outer(): argument '{name}' must be Tensor, "
                            f"not {type(t).__name__}")
        if t.dim() != 1:
            raise Error(f"outer: Expected 1-D argument {name if name == 'vec2' else 'self'}, "
                        f"but got {t.dim()}-D")
    return input.reshape(-1, 1) * vec2


def ger(input: "Tensor", vec2: "Tensor") -> "Tensor":
    """outer's older name.

    >>> import th
    >>> th.ger(th.tensor([1, 2]), th.tensor([3])).tolist()
    [[3], [6]]
    """
    return outer(input, vec2)


def inner(input: "Tensor", other: "Tensor") -> "Tensor":
    """Sums of products over the last dim of both (a number times a tensor
    when either is 0-dim); the result has input's other dims, then other's.

    >>> import th
    >>> th.inner(th.tensor([1., 2.]), th.tensor([3., 4.])).item()
    11.0
    >>> th.inner(th.ones(2, 3), th.ones(4, 3)).shape
    (2, 4)
    """
    for name, t in (("input", input), ("other", other)):
        if not isinstance(t, _tensor_class()):
            raise TypeError(f"inner(): argument '{name}' must be Tensor, "
                            f"not {type(t).__name__}")
    if input.dim() == 0 or other.dim() == 0:
        return input * other
    if input.shape[-1] != other.shape[-1]:
        raise Error(f"inner() the last dimension must match on both input tensors but got "
                    f"shapes {list(input.shape)} and {list(other.shape)}")
    return tensordot(input, other, ([-1], [-1]))
