"""torch 2.13's everyday Tensor methods and their function forms that are
other names or small compositions (byte/char/short, type_as, ndimension,
absolute, fix, negative, not_equal, sgn, vdot, t_, resize_as_, sum_to_size,
fill_diagonal_, apply_, map_, unsafe_chunk/split, layout, the lazy-conjugate
queries), against torch computed here: values, dtypes, shapes, errors."""
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
from torch_compare import DTYPES, assert_same, check, pair, tensor_pairs

torch = pytest.importorskip("torch")


@settings(max_examples=40, deadline=None)
@given(tensor_pairs(dtypes=DTYPES, max_dims=3))
def test_dtype_casts_and_type_as_are_torchs(ab):
    a, b = ab
    for name in ("byte", "char", "short"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # complex to real: torch warns
            check(lambda: getattr(a, name)(), lambda: getattr(b, name)())
    for other in (th.ones(1, dtype=th.int8), th.ones(1, dtype=th.float64)):
        t_other = torch.ones(1, dtype=getattr(torch, str(other.dtype).split(".")[-1]))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            check(lambda: a.type_as(other), lambda: b.type_as(t_other))
    assert a.ndimension() == b.ndimension()
    with pytest.raises(TypeError, match="must be Tensor"):
        a.type_as(th.float32)


@settings(max_examples=40, deadline=None)
@given(tensor_pairs(dtypes=[d for d in DTYPES if d != th.bool], max_dims=3))
def test_other_names_are_torchs(ab):
    a, b = ab
    for name in ("absolute", "fix", "negative", "sgn"):
        # complex sgn: torch's vector lanes take |z| otherwise than its scalar path (an ulp)
        tol = {"rtol": 2e-7} if name == "sgn" and a.dtype.is_complex else {}
        check(lambda: getattr(th, name)(a), lambda: getattr(torch, name)(b), **tol)
        check(lambda: getattr(a, name)(), lambda: getattr(b, name)(), **tol)
        if not (name == "absolute" and a.dtype.is_complex):  # docs/TORCH.md: th takes it
            check(lambda: getattr(a.clone(), name + "_")(),
                  lambda: getattr(b.clone(), name + "_")(), **tol)
    check(lambda: th.not_equal(a, a.flip(0) if a.ndim else a),
          lambda: torch.not_equal(b, b.flip(0) if b.ndim else b))
    check(lambda: a.not_equal(1), lambda: b.not_equal(1))
    check(lambda: a.clone().not_equal_(1), lambda: b.clone().not_equal_(1))


def test_sgn_of_complex_is_z_over_its_modulus():
    z = np.array([3 + 4j, 0j, -2 + 0j, 1e-30 + 1e-30j, -5j], dtype=np.complex128)
    for dtype in (np.complex64, np.complex128):
        a, b = pair(z.astype(dtype))
        check(lambda: th.sgn(a), lambda: torch.sgn(b), rtol=1e-6)
        check(lambda: th.eval(th.sgn(th.lazy(a))), lambda: torch.sgn(b), rtol=1e-6)


@pytest.mark.parametrize("x, y", [
    ([1 + 2j, 3j], [2 + 0j, 1 + 1j]), ([1.0, 2.0], [3.0, 4.0]), ([1, 2], [3, 4]),
    ([1.0, 2.0], [3.0]), ([[1.0]], [[2.0]])])
def test_vdot_conjugates_the_first_as_torch(x, y):
    a, b = th.tensor(x), torch.tensor(x)
    c, d = th.tensor(y), torch.tensor(y)
    check(lambda: th.vdot(a, c), lambda: torch.vdot(b, d))
    check(lambda: a.vdot(c), lambda: b.vdot(d))
    check(lambda: th.vdot(a, c.double()), lambda: torch.vdot(b, d.double()))


@pytest.mark.parametrize("shape", [(), (3,), (2, 3), (2, 3, 4)])
def test_t_in_place_is_torchs(shape):
    a, b = pair(np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape))
    result, expected = th.Tensor.t_, torch.Tensor.t_
    got = check(lambda: result(a), lambda: expected(b), geometry=True)
    if got is not None:
        assert got is a and a.shape == tuple(b.shape)


@pytest.mark.parametrize("size", [(1, 3), (3,), (2, 1), (1, 1), (2, 3), ((1, 3),), (4, 1, 3),
                                  (2, 2), (6,), (1, 2, 3)])
def test_sum_to_size_is_torchs(size):
    a, b = pair(np.arange(6, dtype=np.float64).reshape(2, 3))
    check(lambda: a.sum_to_size(*size), lambda: b.sum_to_size(*size))


@pytest.mark.parametrize("shape", [(3, 3), (2, 5), (7, 3), (4, 3), (3, 3, 3), (2, 2, 2, 2),
                                   (3, 3, 2), (3,), (0, 0)])
@pytest.mark.parametrize("wrap", [False, True])
def test_fill_diagonal_is_torchs(shape, wrap):
    a, b = pair(np.zeros(shape, dtype=np.float32))
    check(lambda: a.fill_diagonal_(5, wrap=wrap), lambda: b.fill_diagonal_(5, wrap=wrap))
    c, d = pair(np.zeros(shape, dtype=np.float32).T.copy())  # a transposed geometry
    if len(shape) == 2:
        c, d = c.t(), d.t()
        check(lambda: c.fill_diagonal_(2.5, wrap=wrap), lambda: d.fill_diagonal_(2.5, wrap=wrap))


def test_resize_as_apply_and_map_are_torchs():
    a, b = pair(np.arange(4, dtype=np.float32))
    check(lambda: a.resize_as_(th.ones(2, 2)), lambda: b.resize_as_(torch.ones(2, 2)))
    check(lambda: a.apply_(lambda v: v * 2 + 1), lambda: b.apply_(lambda v: v * 2 + 1))
    i, j = pair(np.arange(3))
    check(lambda: i.apply_(lambda v: v / 2), lambda: j.apply_(lambda v: v / 2))  # cast back
    check(lambda: a.map_(th.tensor([10.0, 20.0]), lambda x, y: x + y),
          lambda: b.map_(torch.tensor([10.0, 20.0]), lambda x, y: x + y))
    with pytest.raises(RuntimeError):
        a.map_(th.ones(3), lambda x, y: x)  # does not broadcast
    with pytest.raises(TypeError, match="must be Tensor"):
        a.map_([1.0], lambda x, y: x)


def test_unsafe_forms_layout_and_the_lazy_queries():
    a, b = pair(np.arange(5))
    check(lambda: a.unsafe_chunk(2), lambda: b.unsafe_chunk(2))
    check(lambda: a.unsafe_split(2), lambda: b.unsafe_split(2))
    check(lambda: a.unsafe_split([2, 3]), lambda: b.unsafe_split([2, 3]))  # TypeError
    assert repr(a.layout) == "th.strided" and a.layout is th.strided
    assert a.to_sparse().layout is th.sparse_coo
    assert str(b.layout) == "torch.strided" and str(b.to_sparse().layout) == "torch.sparse_coo"
    assert a.to_dense() is a and b.to_dense() is b
    for name in ("is_conj", "is_neg", "is_pinned"):
        assert getattr(a, name)() is getattr(b, name)() is False
    assert a.resolve_conj() is a and a.resolve_neg() is a and a.is_meta is b.is_meta is False
    with pytest.raises(RuntimeError, match="accelerator"):
        a.pin_memory()
