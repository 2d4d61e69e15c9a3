"""The copy kernels behind contiguous(), clone() and copy_(): tiled and SIMD
transposes, threads for long copies, broadcast fills and casts, checked
element for element against numpy on shapes that hit every edge of the
tiles (sizes not multiples of 4, 8 or the tile)."""
import warnings

import numpy as np
import pytest

import th
from th import _testcapi as capi

from helpers import ALL_DTYPES, NUMPY_DTYPES


# the streamed paths at the sizes these tests use (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("streams_from_4_mib")


def base(shape, dtype):
    """th and numpy tensors holding 0, 1, 2, ... converted to dtype."""
    n = int(np.prod(shape))
    t = th.empty(*shape, dtype=dtype)
    t.copy_(th.arange(n).view(*shape))
    return t, np.arange(n).reshape(shape).astype(NUMPY_DTYPES[dtype])


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("shape", [(8, 8), (7, 9), (33, 65), (64, 3), (130, 260)])
def test_transposed_contiguous(dtype, shape):
    t, a = base(shape, dtype)
    c = t.t().contiguous()
    assert c.is_contiguous() and c.shape == a.T.shape
    assert c.tolist() == np.ascontiguousarray(a.T).tolist()


@pytest.mark.parametrize("dtype", [th.float32, th.int64, th.uint8, th.float16, th.complex128,
                                   th.complex64, th.uint16])
def test_transposed_copy_into_strided_dst(dtype):
    t, a = base((40, 24), dtype)
    dst = th.zeros(24, 40, dtype=dtype).t()  # a transposed destination
    dst.copy_(t)
    assert dst.tolist() == a.tolist()
    dst2 = th.zeros(40, 48, dtype=dtype)[:, ::2]  # a strided destination
    dst2.copy_(t.t().t())
    assert dst2.tolist() == a.tolist()


@pytest.mark.parametrize("perm", [(2, 0, 1), (1, 2, 0), (2, 1, 0)])
def test_permuted_3d_contiguous(perm):
    t, a = base((12, 17, 20), th.float32)
    assert t.permute(*perm).contiguous().tolist() == np.ascontiguousarray(a.transpose(perm)).tolist()


@pytest.mark.parametrize("src_dtype", ALL_DTYPES)
@pytest.mark.parametrize("dst_dtype", [th.float32, th.int16, th.float16, th.bool, th.complex128,
                                       th.uint32])
def test_transposed_conversion(src_dtype, dst_dtype):
    t, a = base((37, 70), src_dtype)
    dst = th.empty(70, 37, dtype=dst_dtype)
    dst.copy_(t.t())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", np.exceptions.ComplexWarning)  # complex -> real
        expect = a.T.astype(NUMPY_DTYPES[dst_dtype])
    assert dst.tolist() == expect.tolist()


def test_long_copies_use_threads_and_match():
    """4096 x 1024 float32 (16 MiB) is above the threading threshold."""
    t, a = base((1024, 4096), th.float32)
    for threads in (1, 2, 3):
        th.set_num_threads(threads)
        try:
            assert th.get_num_threads() == threads
            c = t.t().contiguous()
            assert c.shape == (4096, 1024)
            assert c[::511, ::127].tolist() == a.T[::511, ::127].tolist()
            np.testing.assert_array_equal(np.array(c[4095].tolist()), a.T[4095])
            np.testing.assert_array_equal(np.array(c[:, 1023].tolist()), a.T[:, 1023])
            whole = t.clone()
            np.testing.assert_array_equal(np.array(whole[1023].tolist()), a[1023])
        finally:
            th.set_num_threads(0)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_large_transposed_copy_into_existing_dst(threads):
    """A float32 transpose into an existing dst of 4 MiB or more streams
    whole 16x16 blocks to dst when its rows are 64-byte aligned, and leaves
    the ragged edges (and unaligned dsts) to the tiled kernel: every element
    and every byte around dst checked against numpy."""
    t, a = base((1040, 1030), th.float32)
    th.set_num_threads(threads)
    try:
        dst = th.empty(1030, 1040)  # aligned rows; 1030 = 64 blocks of 16 + 6 rows
        dst.copy_(t.t())
        np.testing.assert_array_equal(np.asarray(dst), a.T)

        big = th.full((1100, 1056), -1.0)  # aligned rows and start; 1027 = 64 * 16 + 3 columns
        inner = big[3:1033, 16:1043]
        inner.copy_(t[:1027].t())
        expect = np.full((1100, 1056), -1.0, dtype=np.float32)
        expect[3:1033, 16:1043] = a[:1027].T
        np.testing.assert_array_equal(np.asarray(big), expect)

        skewed = big[3:1033, 1:1028]  # rows start 4 bytes past a cache line
        skewed.copy_(t[:1027].t())
        expect[3:1033, 1:1028] = a[:1027].T
        np.testing.assert_array_equal(np.asarray(big), expect)
    finally:
        th.set_num_threads(0)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("skew", [0, 1, 3, 4, 12, 15])
def test_large_transposed_copy_from_a_source_off_its_cache_lines(skew, threads):
    """The streamed transpose moves dst's first rows apart until src's rows
    start on a cache line (numpy's large blocks start 16 bytes into a page):
    sources that start skew elements past a line, against numpy."""
    flat = th.arange(1040 * 1030 + 16, dtype=th.float32)
    src = flat[skew:skew + 1040 * 1030].view(1040, 1030)
    th.set_num_threads(threads)
    try:
        dst = th.empty(1030, 1040)
        dst.copy_(src.t())
        expect = np.arange(skew, skew + 1040 * 1030, dtype=np.float32).reshape(1040, 1030).T
        np.testing.assert_array_equal(np.asarray(dst), expect)
        fresh = src.t().contiguous()
        assert fresh.stride() == (1040, 1)
        np.testing.assert_array_equal(np.asarray(fresh), expect)
    finally:
        th.set_num_threads(0)


def test_broadcast_column_and_row():
    col = th.arange(5, dtype=th.float32).view(5, 1)
    row = th.arange(7, dtype=th.float32)
    dst = th.empty(5, 7)
    assert dst.copy_(col).tolist() == np.broadcast_to(np.arange(5.0).reshape(5, 1), (5, 7)).tolist()
    assert dst.copy_(row).tolist() == np.broadcast_to(np.arange(7.0), (5, 7)).tolist()
    scalar = th.tensor(3, dtype=th.int8)
    assert th.empty(2, 3, dtype=th.float64).copy_(scalar).tolist() == [[3.0] * 3] * 2


def test_float32_to_float16_vector_path_matches_scalar():
    """Contiguous float32 -> float16 runs take the F16C path (where the CPU
    has it): its results, bit for bit, are those of the element loop that
    strided copies use, NaN payloads, overflow, subnormals and ties included."""
    import struct

    bits = [0x7F800001, 0xFFC00001, 0x7FA00000, 0x7FFFFFFF, 0x7F800000, 0xFF800000,
            0x477FE000, 0x477FEFFF, 0x477FF000, 0x33800000, 0x33000000, 0x33000001,
            0x80000000, 0x00000001, 0x3F800000, 0x3F801000, 0x3F803000, 0xC2F6E979]
    values = [struct.unpack("<f", struct.pack("<I", b))[0] for b in bits]
    src = th.tensor(values * 3 + [1.5, -2.25, 3.0], dtype=th.float32)  # 57: groups of 8 + a tail
    fast = th.empty(len(src), dtype=th.float16)
    fast.copy_(src)
    strided = th.empty(len(src), 2, dtype=th.float16)
    strided[:, 0] = src
    def as_bits(t):
        return bytes(memoryview(t.contiguous()).cast("B"))

    assert as_bits(fast) == as_bits(strided[:, 0])


def test_float64_to_float16_rounds_once_as_numpy():
    """Contiguous float64 -> float16 runs round to float32 to odd, then by F16C
    (where the CPU has it): numpy's correctly rounded bits for every value
    halfway between two float16s and the doubles beside it, overflow,
    subnormals, signed zeros and infinities; a group of 8 holding a NaN goes
    element by element (the strided loop's bits, payloads kept as numpy)."""
    halves = np.arange(0, 0x7C00, dtype=np.uint16).view(np.float16)
    below = halves[:-1].astype(np.float64)
    middle = (below + halves[1:].astype(np.float64)) / 2
    rng = np.random.default_rng(5)
    values = np.concatenate([
        middle, np.nextafter(middle, np.inf), np.nextafter(middle, -np.inf), below,
        [65504.0, 65519.999, 65520.0, 65520.00001, 1e300, 4e38, 2.0 ** -25,
         2.0 ** -25 * (1 + 2.0 ** -52), 2.0 ** -26, 5e-324, 1e-310, 0.0, np.inf],
        rng.standard_normal(4096) * 10.0 ** rng.integers(-9, 6, 4096)])
    values = np.concatenate([values, -values])
    with np.errstate(over="ignore"):
        expected = values.astype(np.float16).view(np.uint16)
    fast = th.from_numpy(values).to(th.float16)
    np.testing.assert_array_equal(fast.numpy().view(np.uint16), expected)
    strided = th.empty(len(values), 2, dtype=th.float16)
    strided[:, 1] = th.from_numpy(values)
    np.testing.assert_array_equal(strided[:, 1].contiguous().numpy().view(np.uint16), expected)
    with_nans = values[:24].copy()
    with_nans[[3, 9]] = [np.nan, -np.nan]
    bits = th.from_numpy(with_nans).to(th.float16).numpy().view(np.uint16)
    np.testing.assert_array_equal(bits, with_nans.astype(np.float16).view(np.uint16))


@pytest.mark.parametrize("dtype", [th.float16, th.bfloat16])
def test_half_float_copies_keep_every_bit_pattern(dtype):
    """A half float copied into its own dtype keeps its 16 bits (NaN payloads,
    signalling NaNs, subnormals), strided or not, as numpy's copies do."""
    bits = np.arange(65536, dtype=np.uint16)
    t = th.from_numpy(bits).view(dtype)
    np.testing.assert_array_equal(t[::3].contiguous().view(th.uint16).numpy(), bits[::3])
    holder = th.empty(65536, 2, dtype=dtype)
    holder[:, 0] = t
    np.testing.assert_array_equal(holder[:, 0].contiguous().view(th.uint16).numpy(), bits)


@pytest.mark.parametrize("threads", [1, 3])
@pytest.mark.parametrize("src_dtype,dst_dtype", [(th.complex64, th.complex128),
                                                 (th.float32, th.float64)])
def test_large_widening_copies_into_existing_dst(src_dtype, dst_dtype, threads):
    """float32 -> float64 and complex64 -> complex128 into an existing dst of
    4 MiB or more stream their stores (from a 32-byte boundary on): every
    element, and the elements around dst, checked against numpy."""
    n = 300_001
    src_np = (np.arange(n) * (1 - 0.5j if src_dtype.is_complex else 1) / 7).astype(
        NUMPY_DTYPES[src_dtype])
    src_np[5] = np.nan
    th.set_num_threads(threads)
    try:
        for offset in (0, 1, 3):  # dst starting on and off a 32-byte boundary
            big = th.full((n + 4,), -1.0, dtype=dst_dtype)
            big[offset:offset + n].copy_(th.from_numpy(src_np))
            expect = np.full(n + 4, -1.0, dtype=NUMPY_DTYPES[dst_dtype])
            expect[offset:offset + n] = src_np
            np.testing.assert_array_equal(np.asarray(big), expect)
    finally:
        th.set_num_threads(0)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("src_dtype, dst_dtype", [
    (th.int64, th.float32), (th.uint8, th.float64), (th.int32, th.int16),
    (th.float64, th.complex128), (th.float16, th.float32), (th.float32, th.int64),
    (th.float32, th.float64), (th.complex64, th.complex128)])
def test_big_casting_copies_stream_into_dst_exactly(src_dtype, dst_dtype, threads):
    """A cast into 4 MiB or more of dst is converted a chunk at a time and
    streamed out as whole cache lines, each run's partial lines at either
    end written directly (float to integer conversions are not streamed):
    dsts 0, 1 and 3 elements past a cache line, rows that lie apart (rows
    of less than 1 KiB are converted in place); every element and every
    byte around dst numpy's."""
    esz = th.tensor([], dtype=dst_dtype).element_size()
    streams = not (src_dtype.is_floating_point and not dst_dtype.is_floating_point
                   and not dst_dtype.is_complex)
    n = (4 << 20) // esz + 77
    src = np.random.default_rng(0).integers(-50, 50, n).astype(NUMPY_DTYPES[src_dtype])
    ts = th.from_numpy(src)
    th.set_num_threads(threads)
    try:
        for skip in (0, 1, 3):  # th's storages start on a cache line
            before = capi.streamed_runs()
            big = th.full((n + 8,), 7, dtype=dst_dtype)
            big[skip:skip + n].copy_(ts)
            assert (capi.streamed_runs() > before) == streams
            expect = np.full(n + 8, 7, dtype=NUMPY_DTYPES[dst_dtype])
            expect[skip:skip + n] = src
            np.testing.assert_array_equal(big.numpy(), expect)
        for cols in (999, 3):
            rows = (4 << 20) // (esz * cols) + 1  # dst of 4 MiB or more
            part = th.from_numpy(np.resize(src, rows * cols).reshape(rows, cols))
            before = capi.streamed_runs()
            big = th.full((rows, cols + 5), 7, dtype=dst_dtype)
            big[:, 1:cols + 1].copy_(part)
            assert (capi.streamed_runs() > before) == (streams and cols == 999)
            expect = np.full((rows, cols + 5), 7, dtype=NUMPY_DTYPES[dst_dtype])
            expect[:, 1:cols + 1] = part.numpy()
            np.testing.assert_array_equal(big.numpy(), expect)
    finally:
        th.set_num_threads(0)


def test_streaming_starts_at_half_the_last_level_cache_up_to_16_mib_by_default():
    capi.set_stream_min_bytes(0)
    l3 = 0
    for index in range(8):  # the unified level-3 cache's size, as sysfs gives it
        base = f"/sys/devices/system/cpu/cpu0/cache/index{index}/"
        try:
            with open(base + "level") as f:
                level = int(f.read())
            with open(base + "size") as f:
                size = f.read().strip()
        except OSError:
            continue
        if level == 3:
            l3 = int(size[:-1]) * {"K": 1 << 10, "M": 1 << 20}[size[-1]]
    assert capi.stream_min_bytes() == max(4 << 20, min(l3 // 2, 16 << 20))
    capi.set_stream_min_bytes(12345)
    assert capi.stream_min_bytes() == 12345
    capi.set_stream_min_bytes(-1)
    assert capi.stream_min_bytes() == max(4 << 20, min(l3 // 2, 16 << 20))
