"""th.linalg.lu, th.lu_unpack, ldl_factor(_ex), ldl_solve, tensorinv,
tensorsolve and vecdot: torch 2.13 the oracle for values (LAPACK's own
factors: same routine, same data, so close to torch's), dtypes, shapes and
errors; numpy for the invariants (P L U = A, A X = B); batches, empty
batches and 0 x 0 matrices, singular inputs, bad inputs; and the C functions
under them (THTensor_luUnpack, THTensor_sytrf, THTensor_sytrs): ownership,
in-place results and errors that free what they took."""
import ctypes

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import th
from th import _lapack

from test_lapack import (DTYPES, LAYOUTS, NP, SETTINGS, TORCH, _ptr, assert_close, np_of,
                         random_matrix, to_th, tol)
from test_lapack import _lib as _lapack_lib

torch = pytest.importorskip("torch")

FROM_TORCH = {v: k for k, v in TORCH.items()}


def t_of(a):
    """torch's copy of a numpy array."""
    return torch.from_numpy(np.ascontiguousarray(a).copy())


def same_error(call, torch_call, cls=RuntimeError):
    """th's call and torch's raise cls with one message."""
    with pytest.raises(cls) as e:
        call()
    with pytest.raises(cls) as te:
        torch_call()
    assert str(e.value) == str(te.value)
    return e.value


def symmetric(shape, dtype, seed, hermitian):
    """A symmetric (hermitian: Hermitian) indefinite matrix batch."""
    a = random_matrix(shape, dtype, seed, "none")
    at = np.swapaxes(a, -1, -2)
    return (a + (np.conj(at) if hermitian else at)).astype(NP[dtype])


# ---------------------------------------------------------------------- lu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 5), (2, 4, 6), (3, 6, 4), (2, 1, 3, 3)])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_lu_is_torchs_and_rebuilds_a(dtype, shape, layout):
    a = random_matrix(shape, dtype, 1)
    P, L, U = th.linalg.lu(to_th(a, layout))
    tp, tl, tu = torch.linalg.lu(t_of(a))
    for ours, theirs in ((P, tp), (L, tl), (U, tu)):
        assert ours.dtype is dtype and ours.shape == tuple(theirs.shape)
        assert ours.stride() == theirs.stride()
    np.testing.assert_array_equal(np_of(P), tp.numpy())
    assert_close(L, tl.numpy(), dtype)
    assert_close(U, tu.numpy(), dtype)
    assert_close(th.matmul(th.matmul(P, L), U), a, dtype)
    assert type(th.linalg.lu(to_th(a))).__name__ == "linalg_lu"


@pytest.mark.parametrize("dtype", DTYPES)
def test_lu_unpack_of_lu_factor_is_torchs(dtype):
    a = random_matrix((3, 5, 4), dtype, 2)
    LU, piv = th.linalg.lu_factor(to_th(a))
    tLU, tpiv = torch.linalg.lu_factor(t_of(a))
    for data in (True, False):
        for pivots in (True, False):
            ours = th.lu_unpack(LU, piv, data, pivots)
            theirs = torch.lu_unpack(tLU, tpiv, unpack_data=data, unpack_pivots=pivots)
            assert type(ours).__name__ == type(theirs).__name__ == "lu_unpack"
            for o, t in zip(ours, theirs):
                assert o.shape == tuple(t.shape) and o.dtype is dtype
                if t.numel():
                    assert_close(o, t.numpy(), dtype)
    # pivots broadcast over LU's batch (torch takes them but reads past
    # them: its P differs from that of the expanded pivots)
    P, _, _ = th.lu_unpack(LU, piv[0])
    tP, _, _ = torch.lu_unpack(tLU, tpiv[0].expand(3, 4).contiguous())
    np.testing.assert_array_equal(np_of(P), tP.numpy())
    assert th.lu_unpack is th.linalg.lu_unpack


def test_lu_of_singular_and_empty_matrices_as_torch():
    singular = np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [0.0, 0.0, 0.0]])
    for ours, theirs in zip(th.linalg.lu(to_th(singular)), torch.linalg.lu(t_of(singular))):
        np.testing.assert_allclose(np_of(ours), theirs.numpy(), atol=1e-15)
    for shape in [(0, 0), (3, 0, 0), (0, 3, 3), (2, 0, 3), (2, 3, 0), (0, 2, 4)]:
        ours, theirs = th.linalg.lu(th.zeros(shape)), torch.linalg.lu(torch.zeros(shape))
        for o, t in zip(ours, theirs):
            assert o.shape == tuple(t.shape)
            np.testing.assert_array_equal(np_of(o), t.numpy())
        LU, piv = th.linalg.lu_factor(th.zeros(shape))
        for o, t in zip(th.lu_unpack(LU, piv), torch.lu_unpack(*torch.linalg.lu_factor(
                torch.zeros(shape)))):
            assert o.shape == tuple(t.shape)
            np.testing.assert_array_equal(np_of(o), t.numpy())


def test_lu_and_lu_unpack_errors_as_torch():
    same_error(lambda: th.linalg.lu(th.ones(3)), lambda: torch.linalg.lu(torch.ones(3)))
    same_error(lambda: th.linalg.lu(th.ones(3, 3), pivot=False),
               lambda: torch.linalg.lu(torch.ones(3, 3), pivot=False))
    for dtype, tdtype in ((th.int64, torch.int64), (th.float16, torch.float16),
                          (th.bool, torch.bool)):
        same_error(lambda: th.linalg.lu(th.ones(3, 3).to(dtype)),
                   lambda: torch.linalg.lu(torch.ones(3, 3).to(tdtype)), NotImplementedError)
    LU, piv = th.linalg.lu_factor(th.eye(3))
    tLU, tpiv = torch.linalg.lu_factor(torch.eye(3))
    same_error(lambda: th.lu_unpack(th.ones(3), piv), lambda: torch.lu_unpack(torch.ones(3), tpiv))
    same_error(lambda: th.lu_unpack(LU, piv.to(th.int64)),
               lambda: torch.lu_unpack(tLU, tpiv.long()))
    same_error(lambda: th.lu_unpack(LU, piv * 5), lambda: torch.lu_unpack(tLU, tpiv * 5))
    same_error(lambda: th.lu_unpack(LU, piv - 1), lambda: torch.lu_unpack(tLU, tpiv - 1))
    # torch reads out of bounds for these (undefined); th refuses them
    with pytest.raises(RuntimeError, match=r"Expected LU_pivots.size\(-1\) to be min\(m, n\) = 3"):
        th.lu_unpack(LU, piv[:2])
    with pytest.raises(RuntimeError, match="to broadcast to LU_data's"):
        th.lu_unpack(LU, piv.expand(2, 3))
    with pytest.raises(RuntimeError, match="Expected a floating point or complex tensor"):
        th.lu_unpack(LU.to(th.int64), piv)
    with pytest.raises(TypeError, match="must be Tensor"):
        th.linalg.lu([[1.0]])


def test_lu_and_lu_unpack_out():
    a = random_matrix((2, 3, 4), th.float64, 3)
    out = (th.empty(0, dtype=th.float64), th.empty(0, dtype=th.float64),
           th.empty(0, dtype=th.float64))
    result = th.linalg.lu(to_th(a), out=out)
    assert all(r is o for r, o in zip(result, out))
    for o, t in zip(out, torch.linalg.lu(t_of(a))):
        assert_close(o, t.numpy(), th.float64)
    out2 = tuple(th.empty(0, dtype=th.float64) for _ in range(3))
    th.lu_unpack(*th.linalg.lu_factor(to_th(a)), out=out2)
    for o, r in zip(out2, result):
        np.testing.assert_array_equal(np_of(o), np_of(r))
    with pytest.raises(RuntimeError, match="Expected out tensor to have dtype Double"):
        th.linalg.lu(to_th(a), out=(out[0], out[1], th.empty(0)))


@SETTINGS
@given(batch=st.lists(st.integers(0, 3), max_size=2), m=st.integers(0, 6), n=st.integers(0, 6),
       dtype=st.sampled_from(DTYPES), layout=st.sampled_from(LAYOUTS), seed=st.integers(0, 1000))
def test_lu_over_shapes(batch, m, n, dtype, layout, seed):
    a = random_matrix(tuple(batch) + (m, n), dtype, seed)
    ours, theirs = th.linalg.lu(to_th(a, layout)), torch.linalg.lu(t_of(a))
    for o, t in zip(ours, theirs):
        assert o.shape == tuple(t.shape)
        assert o.stride() == t.stride() or not o.numel()  # an empty one's strides say nothing
    if a.size:
        np.testing.assert_array_equal(np_of(ours.P), theirs.P.numpy())
        assert_close(th.matmul(th.matmul(ours.P, ours.L), ours.U), a, dtype)


# --------------------------------------------------------------------- LDL
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("hermitian", [False, True])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_ldl_factor_is_torchs_and_ldl_solve_solves(dtype, hermitian, layout):
    a = symmetric((3, 5, 5), dtype, 4, hermitian)
    LD, piv = th.linalg.ldl_factor(to_th(a, layout), hermitian=hermitian)
    tLD, tpiv = torch.linalg.ldl_factor(t_of(a), hermitian=hermitian)
    assert LD.dtype is dtype and piv.dtype is th.int32
    assert (LD.shape, LD.stride()) == (tuple(tLD.shape), tLD.stride())
    assert (piv.shape, piv.stride()) == (tuple(tpiv.shape), tpiv.stride())
    assert np_of(piv).tolist() == tpiv.tolist()
    assert_close(LD, tLD.numpy(), dtype, cond=100)
    b = random_matrix((3, 5, 2), dtype, 5)
    x = th.linalg.ldl_solve(LD, piv, to_th(b, layout), hermitian=hermitian)
    tx = torch.linalg.ldl_solve(tLD, tpiv, t_of(b), hermitian=hermitian)
    assert x.dtype is dtype and (x.shape, x.stride()) == (tuple(tx.shape), tx.stride())
    assert_close(x, np.linalg.solve(a, b), dtype, cond=1e3)
    assert_close(x, tx.numpy(), dtype, cond=1e3)
    LD2, piv2, info = th.linalg.ldl_factor_ex(to_th(a), hermitian=hermitian)
    assert type(th.linalg.ldl_factor_ex(to_th(a))).__name__ == "linalg_ldl_factor_ex"
    assert info.tolist() == [0, 0, 0] and info.dtype is th.int32
    np.testing.assert_array_equal(np_of(LD2), np_of(LD))


@pytest.mark.parametrize("dtype", DTYPES)
def test_ldl_reads_only_the_lower_triangle(dtype):
    a = symmetric((4, 4), dtype, 6, False)
    junk = a.copy()
    junk[np.triu_indices(4, 1)] = 99
    LD, piv = th.linalg.ldl_factor(to_th(junk))
    LD0, piv0 = th.linalg.ldl_factor(to_th(a))
    np.testing.assert_array_equal(np_of(LD), np_of(LD0))
    assert np.all(np.triu(np_of(LD), 1) == 0)


def test_ldl_solve_broadcasts_and_takes_int64_pivots_as_torch():
    a = symmetric((4, 4), th.float64, 7, False)
    b = random_matrix((2, 3, 4, 2), th.float64, 8)
    LD, piv = th.linalg.ldl_factor(to_th(a))
    tLD, tpiv = torch.linalg.ldl_factor(t_of(a))
    x = th.linalg.ldl_solve(LD, piv, to_th(b))
    tx = torch.linalg.ldl_solve(tLD, tpiv, t_of(b))
    assert x.shape == tuple(tx.shape) == (2, 3, 4, 2)
    assert_close(x, tx.numpy(), th.float64, cond=1e3)
    x = th.linalg.ldl_solve(LD.expand(3, 4, 4), piv.to(th.int64).expand(3, 4), to_th(b[0]))
    assert_close(x, np.linalg.solve(a, b[0]), th.float64, cond=1e3)
    out = th.empty(0, dtype=th.float64)
    assert th.linalg.ldl_solve(LD, piv, to_th(b[0, 0]), out=out) is out
    assert_close(out, np.linalg.solve(a, b[0, 0]), th.float64, cond=1e3)


def test_ldl_of_singular_and_empty_matrices():
    # torch raises an internal assert for a singular D; th raises LinAlgError
    with pytest.raises(th.linalg.LinAlgError, match=r"^torch.linalg.ldl_factor: The "
                       r"factorization could not be completed because the input is singular "
                       r"\(D\[1,1\] is exactly zero\).$"):
        th.linalg.ldl_factor(th.zeros(3, 3))
    with pytest.raises(th.linalg.LinAlgError, match=r"\(Batch element 1\)"):
        th.linalg.ldl_factor(th.stack([th.eye(3), th.zeros(3, 3)]))
    with pytest.raises(th.linalg.LinAlgError, match="ldl_factor_ex"):
        th.linalg.ldl_factor_ex(th.zeros(3, 3), check_errors=True)
    for ours, theirs in zip(th.linalg.ldl_factor_ex(th.zeros(3, 3)),
                            torch.linalg.ldl_factor_ex(torch.zeros(3, 3))):
        np.testing.assert_array_equal(np_of(ours), theirs.numpy())
    for shape in [(0, 0), (2, 0, 0), (0, 3, 3)]:
        for o, t in zip(th.linalg.ldl_factor_ex(th.zeros(shape)),
                        torch.linalg.ldl_factor_ex(torch.zeros(shape))):
            assert o.shape == tuple(t.shape) and o.dtype is FROM_TORCH[t.dtype]
    x = th.linalg.ldl_solve(th.zeros(0, 0), th.zeros(0, dtype=th.int32), th.zeros(0, 2))
    assert x.shape == (0, 2)


def test_ldl_errors_as_torch():
    for shape, dtype in [((3, 4), th.float32), ((3,), th.float32), ((3, 3), th.int64)]:
        same_error(lambda: th.linalg.ldl_factor(th.ones(shape).to(dtype)),
                   lambda: torch.linalg.ldl_factor(torch.ones(shape).to(TORCH[dtype])))
    same_error(lambda: th.linalg.ldl_factor(th.ones(3, 3).to(th.float16)),
               lambda: torch.linalg.ldl_factor(torch.ones(3, 3).half()), NotImplementedError)
    c = symmetric((3, 3), th.complex128, 9, True)
    LD, piv = th.linalg.ldl_factor(to_th(c))
    tLD, tpiv = torch.linalg.ldl_factor(t_of(c))
    ones = th.ones(3, 1, dtype=th.complex128)
    tones = torch.ones(3, 1, dtype=torch.complex128)
    same_error(lambda: th.linalg.ldl_solve(LD, piv, th.ones(3, 1)),
               lambda: torch.linalg.ldl_solve(tLD, tpiv, torch.ones(3, 1)))
    same_error(lambda: th.linalg.ldl_solve(LD, piv, ones[:, 0]),
               lambda: torch.linalg.ldl_solve(tLD, tpiv, tones[:, 0]), IndexError)
    same_error(lambda: th.linalg.ldl_solve(LD, piv, th.ones(4, 1, dtype=th.complex128)),
               lambda: torch.linalg.ldl_solve(tLD, tpiv, torch.ones(4, 1, dtype=torch.complex128)))
    same_error(lambda: th.linalg.ldl_solve(LD, piv[:2], ones),
               lambda: torch.linalg.ldl_solve(tLD, tpiv[:2], tones))
    same_error(lambda: th.linalg.ldl_solve(LD[:2], piv, ones),
               lambda: torch.linalg.ldl_solve(tLD[:2], tpiv, tones))
    with pytest.raises(RuntimeError, match="Expected pivots to be integers. Got Float"):
        th.linalg.ldl_solve(LD, piv.to(th.float32), ones)
    # pivots LAPACK could not have given: refused before LAPACK reads past the matrix
    for bad in ([1, 2, 4], [0, 2, 3], [-2, 2, 3], [1, -3, -2]):
        with pytest.raises(ValueError, match="pivots must be sytrf's pivots of 3 x 3"):
            th.linalg.ldl_solve(LD, th.tensor(bad, dtype=th.int32), ones)


@SETTINGS
@given(batch=st.lists(st.integers(0, 3), max_size=2), n=st.integers(0, 6),
       k=st.integers(0, 3), dtype=st.sampled_from(DTYPES), hermitian=st.booleans(),
       layout=st.sampled_from(LAYOUTS), seed=st.integers(0, 1000))
def test_ldl_over_shapes(batch, n, k, dtype, hermitian, layout, seed):
    a = symmetric(tuple(batch) + (n, n), dtype, seed, hermitian)
    b = random_matrix(tuple(batch) + (n, k), dtype, seed + 1)
    LD, piv, info = th.linalg.ldl_factor_ex(to_th(a, layout), hermitian=hermitian)
    tLD, tpiv, tinfo = torch.linalg.ldl_factor_ex(t_of(a), hermitian=hermitian)
    assert np_of(piv).tolist() == tpiv.tolist()
    assert np_of(info).tolist() == tinfo.tolist()
    assert LD.shape == tuple(tLD.shape)
    x = th.linalg.ldl_solve(LD, piv, to_th(b, layout), hermitian=hermitian)
    assert x.shape == b.shape
    if a.size and b.size and not np_of(info).any():
        cond = np.linalg.cond(a.reshape(-1, n, n)).max()
        if cond < 1e4:
            assert_close(x, np.linalg.solve(a, b), dtype, cond=cond * 10)


# ------------------------------------------------ tensorinv, tensorsolve, vecdot
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape, ind", [((4, 6, 8, 3), 2), ((6, 2, 3), 1), ((2, 3, 6), 2),
                                        ((5, 5), 1)])
def test_tensorinv_is_torchs(dtype, shape, ind):
    n = int(np.prod(shape[:ind]))
    a = random_matrix((n, n), dtype, 10).reshape(shape)
    ours = th.linalg.tensorinv(to_th(a), ind=ind)
    theirs = torch.linalg.tensorinv(t_of(a), ind=ind)
    assert ours.shape == tuple(theirs.shape) and ours.dtype is dtype
    assert_close(ours, theirs.numpy(), dtype)
    out = th.empty(0, dtype=dtype)
    assert th.linalg.tensorinv(to_th(a), ind, out=out) is out
    assert out.shape == ours.shape


def test_tensorinv_errors_and_empty_as_torch():
    same_error(lambda: th.linalg.tensorinv(th.ones(2, 3, 4), ind=1),
               lambda: torch.linalg.tensorinv(torch.ones(2, 3, 4), ind=1))
    same_error(lambda: th.linalg.tensorinv(th.ones(4, 6, 8, 3), ind=0),
               lambda: torch.linalg.tensorinv(torch.ones(4, 6, 8, 3), ind=0))
    error = same_error(lambda: th.linalg.tensorinv(th.zeros(4, 2, 2), ind=1),
                       lambda: torch.linalg.tensorinv(torch.zeros(4, 2, 2), ind=1))
    assert isinstance(error, th.linalg.LinAlgError)
    for dtype in (th.int64, th.float16):
        same_error(lambda: th.linalg.tensorinv(th.ones(4, 2, 2).to(dtype), ind=1),
                   lambda: torch.linalg.tensorinv(torch.ones(4, 2, 2).to(TORCH.get(
                       dtype, torch.float16)), ind=1))
    assert th.linalg.tensorinv(th.zeros(0, 0), ind=1).shape == (0, 0)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape, bshape, dims", [((6, 2, 3), (6,), None), ((2, 3, 6), (2, 3), None),
                                                 ((6, 2, 3), (2, 3), (0,)),
                                                 ((2, 3, 2, 3), (2, 3), (0, 1))])
def test_tensorsolve_is_torchs(dtype, shape, bshape, dims):
    n = int(np.prod(bshape))
    a = random_matrix((n, n), dtype, 11).reshape(shape)
    b = random_matrix(bshape, dtype, 12)
    ours = th.linalg.tensorsolve(to_th(a), to_th(b), dims)
    theirs = torch.linalg.tensorsolve(t_of(a), t_of(b), dims)
    assert ours.shape == tuple(theirs.shape) and ours.dtype is dtype
    assert_close(ours, theirs.numpy(), dtype, cond=100)
    out = th.empty(0, dtype=dtype)
    assert th.linalg.tensorsolve(to_th(a), to_th(b), dims, out=out) is out


def test_tensorsolve_errors_as_torch():
    same_error(lambda: th.linalg.tensorsolve(th.ones(2, 3, 6), th.ones(6)),
               lambda: torch.linalg.tensorsolve(torch.ones(2, 3, 6), torch.ones(6)))
    error = same_error(lambda: th.linalg.tensorsolve(th.zeros(6, 2, 3), th.ones(6)),
                       lambda: torch.linalg.tensorsolve(torch.zeros(6, 2, 3), torch.ones(6)))
    assert isinstance(error, th.linalg.LinAlgError)
    same_error(lambda: th.linalg.tensorsolve(th.ones(6, 2, 3), th.ones(6, dtype=th.float64)),
               lambda: torch.linalg.tensorsolve(torch.ones(6, 2, 3),
                                                torch.ones(6, dtype=torch.float64)))
    same_error(lambda: th.linalg.tensorsolve(th.eye(6).reshape(6, 2, 3), th.ones(6), dims=(0,)),
               lambda: torch.linalg.tensorsolve(torch.eye(6).reshape(6, 2, 3), torch.ones(6),
                                                dims=(0,)))
    with pytest.raises(IndexError):
        th.linalg.tensorsolve(th.eye(6).reshape(6, 2, 3), th.ones(6), dims=(5,))


@pytest.mark.parametrize("dtype", DTYPES + [th.float16])
@pytest.mark.parametrize("xs, ys, dim", [((3,), (3,), -1), ((2, 3), (3,), -1), ((2, 3), (3,), 0),
                                         ((4, 1, 5), (3, 5), -1), ((), (), -1),
                                         ((0, 3), (3,), -1), ((2, 0), (2, 0), -1)])
def test_vecdot_is_torchs(dtype, xs, ys, dim):
    rng = np.random.default_rng(13)
    np_dtype = NP.get(dtype, np.float16)
    x = (rng.standard_normal(xs) + (1j * rng.standard_normal(xs) if dtype.is_complex else 0))
    y = (rng.standard_normal(ys) + (1j * rng.standard_normal(ys) if dtype.is_complex else 0))
    x, y = np.asarray(x).astype(np_dtype), np.asarray(y).astype(np_dtype)
    ours = th.linalg.vecdot(th.from_numpy(x), th.from_numpy(y), dim=dim)
    theirs = torch.linalg.vecdot(t_of(x), t_of(y), dim=dim)
    assert ours.shape == tuple(theirs.shape) and ours.dtype is dtype
    eps = 1e-2 if dtype is th.float16 else tol(dtype)
    np.testing.assert_allclose(np_of(ours), theirs.numpy(), rtol=eps, atol=eps)


def test_vecdot_conjugates_x_and_errors_as_torch():
    x = th.tensor([1 + 2j, 3 - 1j])
    y = th.tensor([2 - 1j, 1j])
    assert th.linalg.vecdot(x, y).item() == (np.vdot([1 + 2j, 3 - 1j], [2 - 1j, 1j])).item()
    out = th.empty(0, dtype=th.complex64)
    assert th.linalg.vecdot(x, y, out=out) is out and out.shape == ()
    same_error(lambda: th.linalg.vecdot(th.ones(3), th.ones(3, dtype=th.float64)),
               lambda: torch.linalg.vecdot(torch.ones(3), torch.ones(3, dtype=torch.float64)))
    same_error(lambda: th.linalg.vecdot(th.ones(3), th.ones(4)),
               lambda: torch.linalg.vecdot(torch.ones(3), torch.ones(4)))
    for dtype in (th.int64, th.bool):
        same_error(lambda: th.linalg.vecdot(th.ones(3).to(dtype), th.ones(3).to(dtype)),
                   lambda: torch.linalg.vecdot(torch.ones(3).to(TORCH.get(dtype, torch.bool)),
                                               torch.ones(3).to(TORCH.get(dtype, torch.bool))))
    with pytest.raises(IndexError):
        th.linalg.vecdot(th.ones(2, 3), th.ones(3), dim=2)


# ------------------------------------------------ the C API through ctypes
def _lib():
    P, INT = ctypes.c_void_p, ctypes.c_int
    return _lapack_lib(("THTensor_luUnpack", [P] * 5), ("THTensor_sytrf", [P, P, P, P, INT]),
                       ("THTensor_sytrs", [P, P, P, P, INT]))


def test_c_functions_borrow_their_arguments_and_resize_results():
    lib = _lib()
    a = to_th(random_matrix((2, 4, 3), th.float64, 20))
    LU, piv, _ = _lapack.getrf(a)
    p, lo, u = (th.empty(0, dtype=th.float64) for _ in range(3))
    before = [t.refcount for t in (p, lo, u, LU, piv)]
    live = th.debug.live()
    assert lib.THTensor_luUnpack(_ptr(p), _ptr(lo), _ptr(u), _ptr(LU), _ptr(piv)) == 0
    after = th.debug.live()  # the results grew: more bytes, no more objects
    assert (after.storages, after.tensors) == (live.storages, live.tensors)
    assert [t.refcount for t in (p, lo, u, LU, piv)] == before
    assert (p.shape, lo.shape, u.shape) == ((2, 4, 4), (2, 4, 3), (2, 3, 3))
    np.testing.assert_allclose(np_of(th.matmul(th.matmul(p, lo), u)), np_of(a), atol=1e-14)
    # L and U alone, pivots NULL
    l2, u2 = th.empty(0, dtype=th.float64), th.empty(0, dtype=th.float64)
    assert lib.THTensor_luUnpack(None, _ptr(l2), _ptr(u2), _ptr(LU), None) == 0
    np.testing.assert_array_equal(np_of(l2), np_of(lo))
    # a result that is LU itself: LU read before it is resized
    square = _lapack.getrf(to_th(random_matrix((3, 3), th.float64, 21)))
    LU3, piv3 = square[0].clone(), square[1]
    expected = th.linalg.lu(to_th(random_matrix((3, 3), th.float64, 21))).U
    assert lib.THTensor_luUnpack(None, None, _ptr(LU3), _ptr(LU3), _ptr(piv3)) == 0
    np.testing.assert_allclose(np_of(LU3), np_of(expected), atol=1e-14)
    # sytrf and sytrs into given tensors, in place
    s = to_th(symmetric((2, 4, 4), th.float64, 22, False), "transposed")
    ld, pv, info = th.empty(0, dtype=th.float64), th.empty(0, dtype=th.int32), \
        th.empty(0, dtype=th.int32)
    assert lib.THTensor_sytrf(_ptr(ld), _ptr(pv), _ptr(info), _ptr(s), 0) == 0
    storage = s.storage().data_ptr()
    pv2 = th.empty(0, dtype=th.int32)
    assert lib.THTensor_sytrf(_ptr(s), _ptr(pv2), None, _ptr(s), 0) == 0
    assert s.storage().data_ptr() == storage
    np.testing.assert_array_equal(np_of(s), np_of(ld))
    b = to_th(random_matrix((2, 4, 2), th.float64, 23))
    x = th.empty(0, dtype=th.float64)
    assert lib.THTensor_sytrs(_ptr(x), _ptr(ld), _ptr(pv), _ptr(b), 0) == 0
    np.testing.assert_allclose(np_of(x), np_of(_lapack.sytrs(ld, pv, b)))
    assert [t.refcount for t in (ld, pv, b, x)] == [1, 1, 1, 1]


def test_c_errors_free_what_they_took():
    lib = _lib()
    live = th.debug.live()
    a = th.tensor([[[1.0, 0], [0, 1]], [[0.0, 0], [0, 0]]])
    r, piv, w = th.empty(0), th.empty(0, dtype=th.int32), th.empty(0, dtype=th.float64)
    with pytest.raises(RuntimeError, match=r"THTensor_sytrf: \(Batch element 1\): The "
                                           r"factorization could not be completed"):
        lib.THTensor_sytrf(_ptr(r), _ptr(piv), None, _ptr(a), 0)
    with pytest.raises(ValueError, match="THTensor_sytrf: A is NULL"):
        lib.THTensor_sytrf(_ptr(r), _ptr(piv), None, None, 0)
    with pytest.raises(ValueError, match="THTensor_sytrf: pivots is NULL"):
        lib.THTensor_sytrf(_ptr(r), None, None, _ptr(a), 0)
    with pytest.raises(RuntimeError, match="Expected LD to have dtype float32, but got float64"):
        lib.THTensor_sytrf(_ptr(w), _ptr(piv), None, _ptr(a), 0)
    with pytest.raises(ValueError, match="THTensor_luUnpack: pivots is NULL"):
        lib.THTensor_luUnpack(_ptr(r), None, None, _ptr(a), None)
    # operands held by a name: a temporary's address would outlive it
    wrong, zeros, longs = (th.ones(2, 3, dtype=th.int32), th.zeros(2, 2, dtype=th.int32),
                           th.ones(2, 2, dtype=th.int64))
    with pytest.raises(RuntimeError, match="pivots must be an int32 tensor of LU's batch shape"):
        lib.THTensor_luUnpack(_ptr(r), None, None, _ptr(a), _ptr(wrong))
    with pytest.raises(ValueError, match=r"THTensor_luUnpack: pivots must be in \[1, 2\]"):
        lib.THTensor_luUnpack(_ptr(r), None, None, _ptr(a), _ptr(zeros))
    with pytest.raises(TypeError, match="Expected a floating point or complex tensor"):
        lib.THTensor_luUnpack(None, _ptr(r), None, _ptr(longs), None)
    ld, pv = _lapack.sytrf(th.eye(2).expand(2, 2, 2))[:2]
    b, b3, b64 = th.ones(2, 2, 1), th.ones(2, 3, 1), th.ones(2, 2, 1, dtype=th.float64)
    pv0 = pv[0]
    with pytest.raises(RuntimeError, match="pivots must be an int32 tensor of LD's batch shape"):
        lib.THTensor_sytrs(_ptr(r), _ptr(ld), _ptr(pv0), _ptr(b), 0)
    with pytest.raises(RuntimeError, match="Incompatible shapes"):
        lib.THTensor_sytrs(_ptr(r), _ptr(ld), _ptr(pv), _ptr(b3), 0)
    with pytest.raises(RuntimeError, match="Expected LD and B to have the same dtype"):
        lib.THTensor_sytrs(_ptr(r), _ptr(ld), _ptr(pv), _ptr(b64), 0)
    with pytest.raises(ValueError, match="X is NULL"):
        lib.THTensor_sytrs(None, _ptr(ld), _ptr(pv), _ptr(b), 0)
    del wrong, zeros, longs, b, b3, b64, pv0
    del a, r, piv, w, ld, pv
    assert th.debug.live() == live


# ------------------------------- small real systems (THTensorLapack.c's SMALL_N)
@SETTINGS
@given(batch=st.lists(st.integers(0, 3), max_size=2), n=st.integers(1, 18),
       k=st.integers(0, 3), dtype=st.sampled_from([th.float32, th.float64]),
       layout=st.sampled_from(LAYOUTS), scale=st.sampled_from([1.0, 1e-300, 1e300]),
       seed=st.integers(0, 1000))
def test_small_solve_and_inv_are_lapacks_within_its_accuracy(batch, n, k, dtype, layout, scale,
                                                             seed):
    """n <= 16 real systems run th's own getf2 and substitutions instead of
    OpenBLAS: numpy's (LAPACK's) results within LAPACK's error bound, on both
    sides of the size limit, in every layout (the transposed solve of a
    row-major A and the plain one of a copy); scales near the dtype's
    limits (reciprocal or division of a pivot)."""
    if dtype is th.float32:
        scale = {1e-300: 1e-30, 1e300: 1e30}.get(scale, scale)
    a = random_matrix(tuple(batch) + (n, n), dtype, seed, "none")
    a = (a * scale).astype(NP[dtype])
    b = random_matrix(tuple(batch) + (n, k), dtype, seed + 1)
    x, info = th.linalg.solve_ex(to_th(a, layout), to_th(b, layout))
    inverse, info2 = th.linalg.inv_ex(to_th(a, layout))
    assert np_of(info).tolist() == np_of(info2).tolist() == np.zeros(batch, np.int32).tolist()
    if not a.size:
        return
    wide = a.astype(np.float64)
    cond = float(np.linalg.cond(wide.reshape(-1, n, n)).max())
    if cond > 1e5:
        return
    expected = np.linalg.solve(wide, b.astype(np.float64))
    got = np_of(x).astype(np.float64)
    eps = np.finfo(NP[dtype]).eps
    # LAPACK's backward-stable bound, as a forward error: n eps cond |x|
    bound = 10 * n * eps * cond * max(1.0, float(np.abs(expected).max(initial=0)))
    assert np.abs(got - expected).max(initial=0) <= bound
    inv_expected = np.linalg.inv(wide)
    assert np.abs(np_of(inverse) - inv_expected).max() <= 10 * n * eps * cond * float(
        np.abs(inv_expected).max())


@pytest.mark.parametrize("dtype", [th.float32, th.float64])
@pytest.mark.parametrize("n", [3, 16, 17])
def test_small_solve_info_and_factors_are_getrfs(dtype, n):
    """A zero pivot: the info getrf gives (the first zero on U's diagonal)
    and no solve; the LU and pivots a solve hands back are getrf's."""
    a = random_matrix((3, n, n), dtype, 30)
    a[1][:, 1] = 0  # a zero column: U[2, 2] is zero
    a[2][:, n - 1] = a[2][:, 0] * 2  # dependent columns: rounding may hide it, as in LAPACK
    B = to_th(random_matrix((3, n, 2), dtype, 31))
    for layout in ("contiguous", "transposed"):
        # a row-major A is factored as it lies (its transpose, for LAPACK);
        # a singular one again as A, so that info is A's, as torch's
        A = to_th(a, layout)
        # (the third, singular in exact arithmetic, may round to a nonzero
        # pivot on either side: only its info's being 0 or n is sure)
        getrf_info = np_of(_lapack.getrf(A)[2]).tolist()
        solve_info = np_of(th.linalg.solve_ex(A, B).info).tolist()
        inv_info = np_of(th.linalg.inv_ex(A).info).tolist()
        assert solve_info[:2] == inv_info[:2] == getrf_info[:2] == [0, 2]
        assert solve_info[2] == inv_info[2] and solve_info[2] in (0, n)
    A = to_th(a)
    lib = _lapack_lib()
    lu, piv, x = th.empty(0, dtype=dtype), th.empty(0, dtype=th.int32), th.empty(0, dtype=dtype)
    info = th.empty(0, dtype=th.int32)
    assert lib.THTensor_gesv(_ptr(x), _ptr(lu), _ptr(piv), _ptr(info), _ptr(B), _ptr(A)) == 0
    LU, pivots, _ = _lapack.getrf(A)
    assert np_of(piv)[0].tolist() == np_of(pivots)[0].tolist()
    np.testing.assert_allclose(np_of(lu)[0], np_of(LU)[0], rtol=tol(dtype, 100),
                               atol=tol(dtype, 100))
