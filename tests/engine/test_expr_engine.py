"""The expression engine's geometry and programs, against numpy:
tiles of a transposed operand (8x8 transposes, casts column by column, the
ragged edges), operands and destinations whose rows lie apart (read and
written where they lie), the fused x + y*z pass (bit for bit what the two
kernels give), and copy and fill, which are stores through the same engine."""
import math
from contextlib import nullcontext

import numpy as np
import pytest

import th
from th import _testcapi as capi
from helpers import NUMPY_DTYPES


# the streamed paths at the sizes these tests use (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("streams_from_4_mib")

# sizes around the 8x8 transposes and the 64x64 tiles
SHAPES = [(8, 8), (67, 131), (64, 64), (130, 9), (9, 300), (260, 256)]


def numbers(shape, dtype, seed):
    """numpy values of dtype (small integers, so every dtype holds them)."""
    rng = np.random.default_rng(seed)
    return rng.integers(-9, 10, size=shape).astype(NUMPY_DTYPES[dtype])


def floats(shape, dtype, seed):
    """numpy floats of dtype with rounding in every product."""
    return np.random.default_rng(seed).standard_normal(shape).astype(NUMPY_DTYPES[dtype])


@pytest.mark.parametrize("dtype", [th.float32, th.int32, th.float64, th.float16, th.complex64,
                                   th.uint8])
@pytest.mark.parametrize("shape", SHAPES)
def test_transposed_operand_against_numpy(dtype, shape):
    a, b = numbers(shape, dtype, 1), numbers(shape[::-1], dtype, 2)
    r = th.eval(th.lazy(th.from_numpy(a)) + th.from_numpy(b).T)
    assert r.shape == shape and r.is_contiguous()
    np.testing.assert_array_equal(r.numpy(), a + b.T)


@pytest.mark.parametrize("shape", SHAPES)
def test_transposed_operand_of_another_dtype(shape):
    a, b = numbers(shape, th.float32, 1), numbers(shape[::-1], th.int32, 2)
    r = th.eval(th.lazy(th.from_numpy(a)) * th.from_numpy(b).T - 1)
    assert r.dtype is th.float32
    np.testing.assert_array_equal(r.numpy(), a * b.T - 1)


@pytest.mark.parametrize("saver", ["=", "+="])
def test_transposed_operand_into_rows_apart(saver):
    # dst, a and b.T are all views whose rows lie apart; cols >= 64
    big = numbers((200, 300), th.float32, 0)
    a = numbers((150, 280), th.float32, 1)
    b = numbers((290, 160), th.float32, 2)
    dst = th.from_numpy(big.copy())
    view = dst[10:160, 5:205]
    e = th.lazy(th.from_numpy(a)[:, 40:240]) * 2 + th.from_numpy(b)[50:250, 3:153].T
    expected = big.copy()
    if saver == "=":
        view[...] = e
        expected[10:160, 5:205] = a[:, 40:240] * 2 + b[50:250, 3:153].T
    else:
        view += e
        expected[10:160, 5:205] += a[:, 40:240] * 2 + b[50:250, 3:153].T
    np.testing.assert_array_equal(dst.numpy(), expected)


@pytest.mark.parametrize("cols", [5, 63, 64, 100, 2047, 3000])
def test_rows_apart_with_a_broadcast_row(cols):
    A, B = numbers((40, 4000), th.float32, 1), numbers((40, 4000), th.float32, 2)
    row = numbers((cols,), th.float32, 3)
    out = th.zeros(40, 4000)
    th.eval(th.lazy(th.from_numpy(A)[:, :cols]) * th.from_numpy(B)[:, 1:cols + 1] +
            th.from_numpy(row), out=out[:, 7:cols + 7])
    expected = np.zeros((40, 4000), np.float32)
    expected[:, 7:cols + 7] = A[:, :cols] * B[:, 1:cols + 1] + row
    np.testing.assert_array_equal(out.numpy(), expected)


@pytest.mark.parametrize("col_dtype", [th.float32, th.int16, th.float64, th.uint8, th.complex64])
@pytest.mark.parametrize("cols", [1, 7, 64, 1000])
def test_a_broadcast_column_is_one_value_a_row(col_dtype, cols):
    """An operand of stride 0 along the rows (A * col) is spread a row at a
    time, cast from its own dtype first; against numpy on the same data."""
    A = numbers((50, cols), th.float32, 1)
    col = (numbers((50, 1), th.float64, 2) * 10).astype(np.dtype(col_dtype.name))
    got = th.from_numpy(A) * th.from_numpy(col)
    expected = A * col
    assert got.dtype.name == str(expected.dtype)
    np.testing.assert_array_equal(got.numpy(), expected)
    strided = th.from_numpy(np.repeat(col, 3, axis=0))[::3]  # a column apart in memory
    np.testing.assert_array_equal((th.from_numpy(A) + strided).numpy(), A + col)


@pytest.mark.parametrize("dtype", [th.float32, th.float64, th.complex64, th.complex128])
@pytest.mark.parametrize("form", ["x + y*z", "y*z + x", "y*z + 2", "x += y*z + 2"])
def test_fused_multiply_add_is_the_two_kernels_bit_for_bit(dtype, form):
    # x + y*z runs as one addcmul pass: the product is rounded before the add
    # (no FMA), exactly as th's mul kernel then its add kernel; for the real
    # dtypes also exactly numpy's multiply then add (numpy's complex multiply
    # may use FMA: not an oracle for those bits)
    x, y, z = (floats((4099,), dtype, s) for s in range(3))
    if dtype in (th.complex64, th.complex128):
        x, y, z = (v + 1j * floats((4099,), dtype, s + 5) for s, v in enumerate((x, y, z)))
    X, Y, Z = (th.from_numpy(v.copy()) for v in (x, y, z))
    product = th.eval(th.lazy(Y) * Z)  # the mul kernel alone
    two = th.tensor(2, dtype=dtype)
    if form == "x + y*z":
        got, two_kernels, expected = th.eval(th.lazy(X) + th.lazy(Y) * Z), X + product, x + y * z
    elif form == "y*z + x":
        got, two_kernels, expected = th.eval(th.lazy(Y) * Z + X), product + X, y * z + x
    elif form == "y*z + 2":
        got, two_kernels = th.eval(th.lazy(Y) * Z + 2), product + two
        expected = y * z + np.array(2, y.dtype)
    else:
        two_kernels = X + (product + two)
        expected = x + (y * z + np.array(2, y.dtype))
        X += th.lazy(Y) * Z + 2
        got = X
    assert got.numpy().tobytes() == two_kernels.numpy().tobytes()
    if dtype in (th.float32, th.float64):
        assert got.numpy().tobytes() == expected.tobytes()


@pytest.mark.parametrize("dtype", [th.int32, th.int64, th.uint8])
def test_fused_multiply_add_wraps_as_integers_do(dtype):
    info = np.iinfo(NUMPY_DTYPES[dtype])
    y = np.array([info.max, info.max // 2 + 3, 7, info.min], NUMPY_DTYPES[dtype])
    z = np.array([3, 5, info.max, 2], NUMPY_DTYPES[dtype])
    x = np.array([info.max, 1, info.min, info.max], NUMPY_DTYPES[dtype])
    with np.errstate(over="ignore"):
        expected = x + y * z
    got = th.eval(th.lazy(th.from_numpy(x)) + th.lazy(th.from_numpy(y)) * th.from_numpy(z))
    np.testing.assert_array_equal(got.numpy(), expected)


def test_fused_multiply_add_of_half_rounds_once():
    # float16 computes in float32 and rounds on store: y*z is not rounded to
    # float16 before the add, fused or not
    y, z, x = (floats((999,), th.float32, s) * 40 for s in range(3))
    Y, Z, X = (th.from_numpy(v.astype(np.float16)) for v in (y, z, x))
    y, z, x = (v.astype(np.float16).astype(np.float32) for v in (y, z, x))
    got = th.eval(th.lazy(X) + th.lazy(Y) * Z)
    assert got.dtype is th.float16
    assert got.numpy().tobytes() == (x + y * z).astype(np.float16).tobytes()


def test_a_product_of_another_dtype_is_not_fused_wrongly():
    # int32 * int32 wraps in int32 before the float64 add: no fusion in float64
    big = np.array([2**31 - 1, 65536], np.int32)
    y = th.from_numpy(big)
    x = th.from_numpy(np.array([0.5, 0.5]))
    got = th.eval(th.lazy(x) + th.lazy(y) * y)
    with np.errstate(over="ignore"):
        expected = np.array([0.5, 0.5]) + (big * big).astype(np.float64)
    np.testing.assert_array_equal(got.numpy(), expected)


# ------------------------------------------- copy and fill through the engine

@pytest.mark.parametrize("dtype", [th.float32, th.int16, th.complex128, th.bool])
def test_copy_from_an_overlapping_transpose(dtype):
    a = numbers((37, 37), dtype, 4)
    t = th.from_numpy(a.copy())
    t.copy_(t.T)  # reads all of src first: the engine's snapshot
    np.testing.assert_array_equal(t.numpy(), a.T)
    t = th.from_numpy(a.copy())
    t[1:].copy_(t[:-1].T[:, :36].T)  # shifted and overlapping
    expected = a.copy()
    expected[1:] = a[:-1].T[:, :36].T
    np.testing.assert_array_equal(t.numpy(), expected)


def test_copy_and_fill_keep_refcounts_and_hold_nothing():
    src, dst = th.ones(5, 6), th.zeros(6, 5)
    before = (src.refcount, dst.refcount, src.storage().refcount, dst.storage().refcount)
    plans = th.debug.counters()["th.expr_plans"]
    dst.copy_(src.T)
    dst.fill_(3)
    dst.t().copy_(src)
    c = src.T.clone()
    assert c.tolist() == src.T.tolist()
    after = (src.refcount, dst.refcount, src.storage().refcount, dst.storage().refcount)
    assert after == before
    assert th.debug.counters()["th.expr_plans"] == plans


def test_fill_of_a_broadcast_view_and_of_every_dtype():
    t = th.zeros(3).expand(4, 3)  # shared elements: a fill is still well defined
    t.fill_(2)
    assert t.tolist() == [[2.0] * 3] * 4
    for dtype in NUMPY_DTYPES:
        u = th.empty(3, 5, dtype=dtype)[:, ::2]
        u.fill_(1)
        assert u.tolist() == np.ones((3, 3), NUMPY_DTYPES[dtype]).tolist()


def test_copy_refusals_keep_their_messages():
    with pytest.raises(RuntimeError, match="cannot be broadcast"):  # torch's class
        th.zeros(2, 3).copy_(th.zeros(4))
    with pytest.raises(RuntimeError, match="share memory"):
        th.zeros(3).expand(2, 3).copy_(th.ones(2, 3))
    with pytest.raises(ValueError, match="300 cannot be converted to uint8"):
        th.zeros(2, dtype=th.uint8).fill_(300)


@pytest.mark.parametrize("dtype", [th.float16, th.bfloat16])
def test_operands_of_another_dtype_are_rounded_to_half_first(dtype):
    # torch converts the uint16 (or the Python number) to float16 before the
    # op: 65528 is inf there, though float32, where float16 computes, holds it
    h = th.tensor([7.0, 1.0], dtype=dtype)
    u = th.tensor([8, 65528], dtype=th.uint16)
    big = 70000 if dtype is th.float16 else 3.4e38 * 2  # inf in both
    lazy = th.eval(2 + ((2 + th.lazy(h)) - (-th.lazy(u))))
    eager = 2 + ((2 + h) - (-u))
    assert lazy.tolist() == eager.tolist()
    assert th.eval(th.lazy(h) + big - 1).tolist() == [math.inf, math.inf] == (h + big - 1).tolist()
    if dtype is th.float16:
        assert math.isinf(lazy.tolist()[0]) and th.eval(th.lazy(h) + u).tolist()[1] == math.inf


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_half_mul_and_div_read_a_one_element_second_operand_at_float32(dtype):
    """torch 2.13's mul, div (every rounding mode) and floor division of
    float16/bfloat16 read a second operand of one element (a Python number,
    a 0-dim or [1] tensor of another dtype) at float32; everything else
    (add, sub, pow, a first operand: 0.001 / t, torch.mul(0-dim, t)) rounds it
    to float16 first. Bit for bit against torch."""
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(5)
    values = [-1.3056640625, -math.inf, 16376.0, 0.0, 3.0] + list(rng.uniform(-3, 3, 20))
    seconds = [0.001, 1 / 3, 1.0009765625 + 2**-12, 70000.0, -1543929816, 7]
    cases = {
        "mul": lambda L, a, s: a * s, "rmul": lambda L, a, s: s * a,
        "div": lambda L, a, s: a / s, "rdiv": lambda L, a, s: s / a,
        "trunc": lambda L, a, s: L.div(a, s, rounding_mode="trunc"),
        "floor": lambda L, a, s: L.div(a, s, rounding_mode="floor"),
        "floordiv": lambda L, a, s: a // s, "add": lambda L, a, s: a + s,
        "sub": lambda L, a, s: a - s, "pow": lambda L, a, s: L.pow(a, s),
        "mul_": lambda L, a, s: a.clone().mul_(s), "div_": lambda L, a, s: a.clone().div_(s),
        "mul_out": lambda L, a, s: L.mul(a, s, out=L.empty(len(values), dtype=a.dtype)),
    }

    def second(L, v, how):
        if how == "number":
            return v
        dt = L.int64 if isinstance(v, int) else L.float64
        return L.tensor(v, dtype=dt) if how == "0-dim" else L.tensor([v], dtype=L.int32
                                                                          if dt == L.int64
                                                                          else L.float32)
    for name, f in cases.items():
        for v in seconds:
            for how in ("number", "0-dim", "[1]"):
                if how == "[1]" and (not isinstance(v, int) or name.endswith("_")):
                    continue  # a [1] float64 tensor makes the result float64
                try:
                    want = f(torch, torch.tensor(values, dtype=getattr(torch, dtype)),
                             second(torch, v, how))
                except RuntimeError:  # f16 - 70000: torch refuses, th gives inf
                    continue
                got = f(th, th.tensor(values, dtype=getattr(th, dtype)), second(th, v, how))
                assert str(got.dtype)[3:] == str(want.dtype)[6:], (name, v, how)
                np.testing.assert_array_equal(np.array(got.float().tolist()),
                                              want.float().numpy(), err_msg=f"{name} {v} {how}")


@pytest.mark.parametrize("shape", [(5000,), (70, 300), (3, 1, 257)])
def test_one_element_for_all_is_read_once(shape):
    """An operand broadcast from one element (a 0-d tensor, x.sum(), a size-1
    view) is converted and spread once per chunk instead of gathered for
    every box: the values of numpy, also through a cast and into itself."""
    rng = np.random.default_rng(3)
    a = rng.random(shape).astype(np.float32) + 0.5
    x = th.from_numpy(a.copy())
    np.testing.assert_allclose((x / x.sum()).numpy(), a / a.sum(dtype=np.float32), rtol=1e-6)
    seven = th.tensor(7, dtype=th.int64)  # a 0-d int64: float32 result, cast once
    np.testing.assert_array_equal((x * seven).numpy(), a * np.float32(7))
    one = x.reshape(-1)[:1].view(*([1] * len(shape)))  # a size-1 view of x's own storage
    expected = a - a.reshape(-1)[0]
    x -= one  # x[0] is read before x is written: numpy's answer
    np.testing.assert_array_equal(x.numpy(), expected)
    assert x.reshape(-1)[0].item() == 0.0


@pytest.mark.parametrize("n", [0, 1, 17, 65536, 65537])  # up to 65536: the kernel without a plan
def test_small_operations_without_a_plan_are_numpys(n):
    rng = np.random.default_rng(n)
    a, b = (rng.standard_normal(n).astype(np.float32) for _ in range(2))
    x, y = th.from_numpy(a.copy()), th.from_numpy(b.copy())
    np.testing.assert_array_equal((x * y).numpy(), a * b)
    np.testing.assert_array_equal((1 - x).numpy(), np.float32(1) - a)  # scalar first
    np.testing.assert_array_equal((x / 3).numpy(), a / np.float32(3))
    np.testing.assert_array_equal((x > y).numpy(), a > b)
    np.testing.assert_allclose(th.exp(x).numpy(), np.exp(a), rtol=4e-7)
    r = th.empty(n)
    assert th.sub(x, y, out=r) is r
    np.testing.assert_array_equal(r.numpy(), a - b)
    x.mul_(x)  # in place: out is exactly the operand
    np.testing.assert_array_equal(x.numpy(), a * a)
    if n > 1:  # out overlapping an operand one element apart: buffered, numpy's answer
        z = th.from_numpy(a.copy())
        th.add(z[:-1], z[1:], out=z[1:])
        expected = a.copy()
        expected[1:] = a[:-1] + a[1:]
        np.testing.assert_array_equal(z.numpy(), expected)
    i = th.arange(n, dtype=th.int32)
    with pytest.raises(RuntimeError, match="ZeroDivisionError") if n else nullcontext():
        i // th.zeros(n, dtype=th.int32)
    assert (i // 7).tolist() == [v // 7 for v in range(n)]


# boxes are sized to what a program buffers (256 to 8192 elements): lengths
# on either side of those edges, long rows and rows several to a box
EDGES = [(255,), (257,), (511,), (1025,), (8193,), (20011,), (3, 700), (37, 41)]


@pytest.mark.parametrize("dtype", [th.uint8, th.float32, th.float64, th.complex128])
@pytest.mark.parametrize("shape", EDGES)
def test_buffered_programs_across_box_edges(dtype, shape):
    """A chain of ops (its steps buffered), an operand of another dtype
    (gathered and cast) and a += saver, over lengths that end boxes short
    and rows that share a box: numpy's values at every element."""
    x, y = numbers(shape, dtype, 1), numbers(shape, dtype, 2)
    h = numbers(shape, th.int16, 3)  # converted into dtype's register
    tx, ty, th16 = th.from_numpy(x.copy()), th.from_numpy(y), th.from_numpy(h)
    chain = th.eval(-(th.lazy(tx) + ty) * ty + th16)
    np.testing.assert_array_equal(chain.numpy(), -(x + y) * y + h)
    tx += th.lazy(ty) * ty + 2
    np.testing.assert_array_equal(tx.numpy(), (x + (y * y + 2)).astype(x.dtype))


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("dtype", [th.uint8, th.float16, th.float32, th.float64, th.complex128])
def test_big_results_are_streamed_into_dst_exactly(dtype, threads):
    """A result of 4 MiB or more that no operand reads is streamed into dst
    a cache line at a time, with each run's partial lines at either end
    written directly: dsts that start 0 to 3 elements past a line, rows that
    lie apart and end short of a line, short rows packed into one run, and
    a program whose last op reads a cast operand. Every element of dst, and
    every byte around it, is numpy's. Results computed in another dtype and
    cast into dst are not streamed: float16 (float32), and uint8 * uint8 +
    int16 (int16)."""
    esz = th.tensor([], dtype=dtype).element_size()
    streams = dtype not in (th.uint8, th.float16)  # x * y + h
    streams_add = dtype != th.float16  # x + y
    n = (4 << 20) // esz + 77
    x, y = numbers((n,), dtype, 1), numbers((n,), dtype, 2)
    h = numbers((n,), th.int16, 3)
    tx, ty, th16 = th.from_numpy(x), th.from_numpy(y), th.from_numpy(h)
    th.set_num_threads(threads)
    try:
        for skip in (0, 1, 3):  # th's storages start on a cache line
            before = capi.streamed_runs()
            big = th.full((n + 8,), 7, dtype=dtype)
            th.eval(th.lazy(tx) * ty + th16, out=big[skip:skip + n])
            assert (capi.streamed_runs() > before) == streams
            expect = np.full(n + 8, 7, dtype=x.dtype)
            expect[skip:skip + n] = x * y + h
            np.testing.assert_array_equal(big.numpy(), expect)
        for cols in (1100, 3):  # rows apart, each ending mid-line: a run per row of 1 KiB or more
            rows = (4 << 20) // (esz * cols) + 1  # dst of 4 MiB or more
            rx, ry = numbers((rows, cols), dtype, 4), numbers((rows, cols), dtype, 5)
            before = capi.streamed_runs()
            big = th.full((rows, cols + 5), 7, dtype=dtype)
            th.eval(th.lazy(th.from_numpy(rx)) + th.from_numpy(ry), out=big[:, 2:cols + 2])
            assert (capi.streamed_runs() > before) == (streams_add and cols == 1100)
            expect = np.full((rows, cols + 5), 7, dtype=x.dtype)
            expect[:, 2:cols + 2] = rx + ry
            np.testing.assert_array_equal(big.numpy(), expect)
        rows = n // 3  # rows of 3 with a broadcast row: dst's rows back to back, one run
        rx, row = x[:rows * 3].reshape(rows, 3), y[:3]
        before = capi.streamed_runs()
        r = th.eval(th.lazy(th.from_numpy(rx)) + th.from_numpy(row))
        assert (capi.streamed_runs() > before) == streams_add
        np.testing.assert_array_equal(r.numpy(), rx + row)
    finally:
        th.set_num_threads(0)
