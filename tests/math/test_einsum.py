"""th.einsum, th.tensordot, th.outer / th.ger and th.inner against torch
2.13: random equations (repeated labels, ellipses, broadcasting size-1 dims,
implicit and explicit outputs) over non-contiguous operands, the sublist
form, the contraction order of chains, and errors."""
import string

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

import th
from th import _einsum

from torch_compare import FLOATS, check, pair, tensor_pairs, torch

TOLERANCE = dict(rtol=1e-4, atol=1e-4)


def operand(data, shape, dtype):
    """A (th, torch) pair of the given shape and dtype, often not contiguous."""
    a, b = data.draw(tensor_pairs(dtypes=[dtype], min_dims=len(shape), max_dims=len(shape),
                                  min_side=6, max_side=6))
    index = tuple(slice(0, s) for s in shape)
    return a[index], b[index]


@st.composite
def equations(draw):
    """(equation, shapes of the operands): 1 to 4 operands over a few labels,
    a label sometimes repeated in one operand, sometimes size 1 where it is
    larger elsewhere, an ellipsis sometimes, the output explicit or not."""
    letters = draw(st.sampled_from(["abcde", "ijkAB"]))
    sizes = {c: draw(st.integers(1, 4)) for c in letters}
    n = draw(st.integers(1, 4))
    ellipsis = draw(st.booleans())
    batch = draw(st.lists(st.integers(1, 3), max_size=2)) if ellipsis else []
    terms, shapes = [], []
    for _ in range(n):
        labels = draw(st.lists(st.sampled_from(letters), max_size=3))
        shape = [sizes[c] if draw(st.integers(0, 5)) else 1 for c in labels]
        for c in set(labels):  # a repeated label: one size for its dims
            at = [i for i, x in enumerate(labels) if x == c]
            for i in at:
                shape[i] = shape[at[0]]
        term = "".join(labels)
        if ellipsis and draw(st.booleans()):
            k = draw(st.integers(0, len(labels)))
            mine = batch[len(batch) - draw(st.integers(0, len(batch))):]
            mine = [s if draw(st.integers(0, 3)) else 1 for s in mine]
            term = term[:k] + "..." + term[k:]
            shape = shape[:k] + mine + shape[k:]
        terms.append(term)
        shapes.append(shape)
    equation = ",".join(terms)
    if draw(st.booleans()):
        used = sorted(set("".join(terms).replace(".", "")))
        out = draw(st.permutations(used))[:draw(st.integers(0, len(used)))]
        out = "".join(out)
        if "..." in equation and draw(st.booleans()):
            k = draw(st.integers(0, len(out)))
            out = out[:k] + "..." + out[k:]
        equation += "->" + out
    return equation, shapes


@given(equations(), st.sampled_from(FLOATS + [th.complex64, th.int64]), st.data())
def test_einsum_matches_torch(spec, dtype, data):
    equation, shapes = spec
    note(f"{equation} {shapes}")
    ops = [operand(data, s, dtype) for s in shapes]
    check(lambda: th.einsum(equation, *[a for a, _ in ops]),
          lambda: torch.einsum(equation, *[b for _, b in ops]), **TOLERANCE)
    check(lambda: th.einsum(equation, [a for a, _ in ops]),
          lambda: torch.einsum(equation, [b for _, b in ops]), **TOLERANCE)


def letters_to_sublist(term):
    out, i = [], 0
    while i < len(term):
        if term.startswith("...", i):
            out.append(Ellipsis)
            i += 3
        else:
            out.append(string.ascii_letters.index(term[i]) + 26
                       if term[i].islower() else string.ascii_uppercase.index(term[i]))
            i += 1
    return out


@given(equations(), st.data())
def test_einsum_sublist_form_matches_torch(spec, data):
    equation, shapes = spec
    ops = [operand(data, s, th.float64) for s in shapes]
    lhs, _, rhs = equation.partition("->")
    th_args, torch_args = [], []
    for (a, b), term in zip(ops, lhs.split(",")):
        th_args += [a, letters_to_sublist(term)]
        torch_args += [b, letters_to_sublist(term)]
    if "->" in equation:
        th_args.append(letters_to_sublist(rhs))
        torch_args.append(letters_to_sublist(rhs))
    check(lambda: th.einsum(*th_args), lambda: torch.einsum(*torch_args), **TOLERANCE)


@pytest.mark.parametrize("equation, shapes", [
    ("ij,jk->ik", [(3, 4), (4, 5)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
    ("bhqd,bhkd->bhqk", [(2, 3, 4, 5), (2, 3, 6, 5)]),
    ("ij,jk,kl->il", [(3, 4), (4, 5), (5, 2)]),
    ("ii->i", [(4, 4)]),
    ("ii", [(4, 4)]),
    ("i,i", [(4,), (4,)]),
    ("i,j->ij", [(2,), (3,)]),
    ("...ij->...ji", [(2, 3, 4)]),
    ("ij...,jk...->ik...", [(2, 3, 5), (3, 4, 5)]),
    ("bn,anm,bm->ba", [(2, 3), (4, 3, 5), (2, 5)]),
    ("iij->j", [(3, 3, 2)]),
    ("ij,ij->", [(0, 3), (0, 3)]),
    ("Ab,bA", [(2, 3), (3, 2)]),
    ("i,i,i->i", [(1,), (3,), (1,)]),
    ("ij->", [(2, 3)]),
])
@pytest.mark.parametrize("dtype", [th.float32, th.float64, th.int64, th.complex128])
def test_einsum_typical_equations(equation, shapes, dtype):
    rng = np.random.default_rng(0)
    ops = [pair((rng.standard_normal(s) * 3).astype(str(dtype).split(".")[-1])) for s in shapes]
    check(lambda: th.einsum(equation, *[a for a, _ in ops]),
          lambda: torch.einsum(equation, *[b for _, b in ops]), **TOLERANCE)


def test_einsum_errors():
    a, b = pair(np.ones((2, 3)))
    c, d = pair(np.ones((4, 5)))
    for th_args, torch_args in [
            (("ij,jk", a, c), ("ij,jk", b, d)),  # sizes do not broadcast
            (("ij", a, a), ("ij", b, b)),  # more operands
            (("ij,jk", a), ("ij,jk", b)),  # fewer operands
            (("ijk", a), ("ijk", b)),  # dims
            (("i", a), ("i", b)),
            (("ij->ii", a), ("ij->ii", b)),
            (("ij->k", a), ("ij->k", b)),
            (("i.j", a), ("i.j", b)),
            (("i1", a), ("i1", b)),
            (("ii", a), ("ii", b)),  # a repeated label of two sizes
            (("......", a), ("......", b)),
            (("ij->",), ("ij->",))]:
        check(lambda: th.einsum(*th_args), lambda: torch.einsum(*torch_args))
    with pytest.raises(ValueError):
        th.einsum()
    with pytest.raises(TypeError):
        th.einsum("ij", [[1.0]])
    with pytest.raises(th.Error):
        th.einsum(a, [0, 60])


def test_einsum_chain_is_contracted_in_a_cheap_order(monkeypatch):
    """ij,jk,kl with a thin middle: the (jk, kl) pair goes first, and no
    intermediate grows beyond the operands' scale (never an outer product of
    all three)."""
    sizes = []
    contract = _einsum._contract

    def spy(a, b, keep):
        result = contract(a, b, keep)
        sizes.append(result.tensor.numel())
        return result
    monkeypatch.setattr(_einsum, "_contract", spy)
    x, y, z = th.ones(200, 2), th.ones(2, 200), th.ones(200, 2)
    r = th.einsum("ij,jk,kl->il", x, y, z)
    assert r.shape == (200, 2) and sizes == [4, 400]
    assert r[0, 0].item() == 400.0
    sizes.clear()
    th.einsum("ab,cd,bc->ad", th.ones(50, 3), th.ones(3, 50), th.ones(3, 3))
    assert sizes == [150, 2500]  # a thin pair first; nothing beyond the output's size


# ------------------------------------------------------------ tensordot
@given(st.data())
def test_tensordot_matches_torch(data):
    shape = data.draw(st.lists(st.integers(1, 4), min_size=0, max_size=4), label="a's shape")
    k = data.draw(st.integers(0, len(shape)), label="contracted")
    rest = data.draw(st.lists(st.integers(1, 4), max_size=2), label="b's own dims")
    dtype = data.draw(st.sampled_from(FLOATS + [th.int64]))
    a, b = operand(data, shape, dtype)
    c, d = operand(data, shape[len(shape) - k:] + rest, dtype)
    check(lambda: th.tensordot(a, c, k), lambda: torch.tensordot(b, d, k), **TOLERANCE)
    # the same contraction as lists, in a shuffled order
    order = data.draw(st.permutations(range(k)), label="order")
    dims_a = [len(shape) - k + i for i in order]
    dims_b = [i - (1 if data.draw(st.booleans()) else 0) * (k + len(rest)) for i in order]
    check(lambda: th.tensordot(a, c, (dims_a, dims_b)),
          lambda: torch.tensordot(b, d, (dims_a, dims_b)), **TOLERANCE)
    check(lambda: th.tensordot(a, c, [dims_a, dims_b]),
          lambda: torch.tensordot(b, d, [dims_a, dims_b]), **TOLERANCE)


def test_tensordot_errors_and_out():
    a, b = pair(np.ones((2, 3)))
    c, d = pair(np.ones((4, 2)))
    for dims in (3, -1, ([0], [0]), ([1], [0]), ([0, 1], [0]), ([5], [0])):
        check(lambda: th.tensordot(a, c, dims), lambda: torch.tensordot(b, d, dims))
    check(lambda: th.tensordot(a, c, ([0], [1])), lambda: torch.tensordot(b, d, ([0], [1])))
    for dims in ((0, 1), ([0],), "ab", ([0], [1], [2])):
        check(lambda: th.tensordot(a, c, dims), lambda: torch.tensordot(b, d, dims))
    check(lambda: th.tensordot(a, c.double(), 1), lambda: torch.tensordot(b, d.double(), 1))
    out = th.empty(0, dtype=th.float64)
    assert th.tensordot(a, c, ([0], [1]), out=out) is out and out.shape == (3, 4)


# --------------------------------------------------------- outer, inner
@given(tensor_pairs(max_dims=3, max_side=4), tensor_pairs(max_dims=3, max_side=4))
def test_outer_and_ger_match_torch(x, y):
    (a, b), (c, d) = x, y
    if a.dtype != c.dtype:
        c, d = c.to(a.dtype), d.to(b.dtype)
    check(lambda: th.outer(a, c), lambda: torch.outer(b, d), **TOLERANCE)
    check(lambda: th.ger(a, c), lambda: torch.ger(b, d), **TOLERANCE)
    check(lambda: a.outer(c), lambda: b.outer(d), **TOLERANCE)
    check(lambda: a.ger(c), lambda: b.ger(d), **TOLERANCE)


@given(st.data())
def test_inner_matches_torch(data):
    dtype = data.draw(st.sampled_from(FLOATS + [th.int64, th.complex64]))
    shape_a = data.draw(st.lists(st.integers(1, 3), max_size=3))
    shape_b = data.draw(st.lists(st.integers(1, 3), max_size=3))
    if shape_a and shape_b and data.draw(st.booleans()):
        shape_b[-1] = shape_a[-1]
    a, b = operand(data, shape_a, dtype)
    c, d = operand(data, shape_b, dtype)
    check(lambda: th.inner(a, c), lambda: torch.inner(b, d), **TOLERANCE)
    check(lambda: a.inner(c), lambda: b.inner(d), **TOLERANCE)
