"""Random numbers (THGenerator.h, THTensorRandom.h, th._random): for one seed
th draws torch 2.13's numbers bit for bit, its state loads into torch and
back, one generator is safe to share between threads, and bad input is
refused as torch refuses it."""
import ctypes
import os
import threading

import numpy as np
import pytest

import th

from helpers import LAYOUTS, laid_out

torch = pytest.importorskip("torch")

FLOATS = ["float16", "bfloat16", "float32", "float64", "complex64", "complex128"]
REALS = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
         "float64"]


def both(fn, seed=7):
    """fn(lib, generator) for th and torch, each with a generator seeded seed."""
    return [fn(lib, lib.Generator().manual_seed(seed)) for lib in (th, torch)]


def same(a, b):
    return np.array_equal(np.array(a, dtype=complex), np.array(b, dtype=complex), equal_nan=True)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("bounds", [(0, 1), (-2, 3), (0.1, 0.7), (-1e3, 1e3), (0.99, 1.0)])
def test_uniform_is_torchs_bit_for_bit(dtype, layout, bounds):
    got = both(lambda lib, g: laid_out(lib, dtype, layout).uniform_(*bounds, generator=g)
               .tolist())
    assert same(*got)


def test_float32_draws_across_the_generators_twists_are_torchs():
    # float32 uniforms are tempered a block of state words at a time, between the
    # 624-word twists: sizes that end on, before and after a twist, other draws between
    def draws(lib, g):
        out = []
        for n in (1, 622, 1, 624, 625, 1247, 3, 5000):
            out.append(lib.rand(n, generator=g).tolist())
            out.append(lib.randn(2, generator=g).tolist())
            out.append(lib.rand(1, dtype=lib.float64, generator=g).tolist())
        return out
    ours, theirs = both(draws)
    assert all(same(a, b) for a, b in zip(ours, theirs))


@pytest.mark.parametrize("dtype", FLOATS)
def test_rand_and_the_default_generator_are_torchs(dtype):
    got = []
    for lib in (th, torch):
        lib.manual_seed(1234)
        got.append((lib.rand(3, 4, dtype=getattr(lib, dtype)).tolist(),
                    lib.rand((2, 2), dtype=getattr(lib, dtype)).tolist(),
                    lib.initial_seed()))
    assert same(got[0][0], got[1][0]) and same(got[0][1], got[1][1])
    assert got[0][2] == got[1][2] == 1234


@pytest.mark.parametrize("dtype", REALS)
@pytest.mark.parametrize("bounds", [(0, 2), (-5, 5), (3, 100), (0, 2 ** 33), (-2 ** 40, 2 ** 40),
                                    (0, 65504), (-2 ** 62, 2 ** 62), (0, 2 ** 28 - 1),
                                    (-3, 2 ** 28 - 3), (-2 ** 30, 2 ** 30),
                                    # bounds float32 rounds together: the fuzzer found the
                                    # empty range dividing by zero (SIGFPE), torch refuses it
                                    (-2 ** 31, -2 ** 31 + 100)])
def test_random_from_to_is_torchs_or_refused_as_torch(dtype, bounds):
    results = []
    for lib in (th, torch):
        g = lib.Generator().manual_seed(4)
        try:
            with np.errstate(all="ignore"):
                results.append(laid_out(lib, dtype, "transposed").random_(*bounds, generator=g)
                               .tolist())
        except RuntimeError:
            results.append(None)
    if results[1] is None:
        assert results[0] is None
    else:
        assert same(*results)


@pytest.mark.parametrize("dtype", REALS)
def test_random_without_a_range_is_torchs(dtype):
    assert same(*both(lambda lib, g: lib.empty(50, dtype=getattr(lib, dtype)).random_(
        generator=g).tolist()))


def test_randint_and_randperm_are_torchs():
    for args in [(10, (7,)), (-3, 3, (2, 3)), (3, 10, (4, 5)), (0, 2 ** 40, (5,))]:
        a, b = both(lambda lib, g: lib.randint(*args, generator=g).tolist())
        assert a == b, args
    for n in [0, 1, 2, 10, 1000]:
        for dtype in ["int64", "int32", "float32", "uint8"]:
            if dtype == "uint8" and n > 256:
                continue
            a, b = both(lambda lib, g: lib.randperm(n, generator=g, dtype=getattr(lib, dtype))
                        .tolist())
            assert a == b, (n, dtype)
    like = th.zeros(2, 3, dtype=th.int16)
    assert th.randint_like(like, 5).dtype is th.int16 and th.rand_like(th.zeros(2)).shape == (2,)


# int64 draws reduce 32-bit draws below a range of 2^28, pairs of them (the
# first the high half) from 2^28: ranges on both sides, negative lows
RANDINT_BOUNDS = [(0, 1), (0, 2), (-7, 93), (0, 2 ** 16), (-2 ** 27, 2 ** 27 - 1),
                  (0, 2 ** 28 - 1), (-5, 2 ** 28 - 5), (0, 2 ** 28), (-3, 2 ** 28 - 2),
                  (-2 ** 31, 2 ** 31), (-2 ** 40, 3), (0, 2 ** 62 + 12345)]


@pytest.mark.parametrize("low, high", RANDINT_BOUNDS)
def test_randint_across_twists_at_an_odd_offset_is_torchs(low, high):
    # randint tempers and reduces a block of state words at a time, between
    # twists: after 7 draws the 1M's blocks start off a twist (and 64-bit
    # draws' pairs straddle one)
    def draws(lib):
        lib.manual_seed(2024)
        return [lib.randint(low, high, (n,)).numpy().copy() for n in (7, 1 << 20, 3)]
    ours, theirs = draws(th), draws(torch)
    assert all(np.array_equal(a, b) for a, b in zip(ours, theirs))
    assert ours[1].min() >= low and ours[1].max() < high


INTS = ["bool", "uint8", "int8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]


@pytest.mark.parametrize("dtype", INTS)
def test_randint_into_every_integer_dtype_is_torchs(dtype):
    if dtype == "bool":
        lo, hi = 0, 1
    else:
        lo, hi = torch.iinfo(getattr(torch, dtype)).min, torch.iinfo(getattr(torch, dtype)).max
    bounds = {(0, 2), (max(lo, -100), min(hi + 1, 100)), (lo, min(hi, 2 ** 63 - 2) + 1),
              (0, min(hi, 2 ** 28 - 1)), (max(lo, -2 ** 30), min(hi, 2 ** 28 + 7))}
    for low, high in sorted(bounds):
        def draws(lib):
            lib.manual_seed(99)
            return [lib.randint(low, high, (n,), dtype=getattr(lib, dtype)).tolist()
                    for n in (7, 1300)]
        assert draws(th) == draws(torch), (low, high)


def temper(y):
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680
    y ^= (y << 15) & 0xefc60000
    return y ^ (y >> 18)


def untemper(y):
    """The state word mt19937 tempers into the draw y."""
    y ^= y >> 18
    y ^= (y << 15) & 0xefc60000
    x = y
    for _ in range(5):  # each round fixes 7 more low bits of y ^= (y << 7) & mask
        x = y ^ ((x << 7) & 0x9d2c5680)
    x &= 0xffffffff
    y = x
    for _ in range(3):  # and 11 more high bits of y ^= y >> 11
        x = y ^ (x >> 11)
    return x


def drawing(lib, draws):
    """A generator of lib whose next 32-bit draws are draws (fewer than 624):
    the state words torch's state holds (uint64 each, from byte 24), untempered."""
    g = lib.Generator().manual_seed(3)
    lib.rand(1, generator=g)  # twisted: the next draws come from the words after the first
    raw = bytearray(g.get_state().numpy().tobytes())
    first = int.from_bytes(raw[16:24], "little")  # torch's layout: seed, left, seeded, next
    for i, y in enumerate(draws):
        raw[24 + 8 * (first + i):32 + 8 * (first + i)] = untemper(y).to_bytes(8, "little")
    return g.set_state(lib.from_numpy(np.frombuffer(bytes(raw), dtype=np.uint8).copy()))


# 49 * (1.0 / 49) < 1: a whole quotient that division in doubles takes one too low
@pytest.mark.parametrize("low, high", RANDINT_BOUNDS + [(0, 3), (-9, 40), (0, 2 ** 27),
                                                        (1, 2 ** 28), (0, 2 ** 32),
                                                        (0, 2 ** 32 + 1)])
def test_randint_of_the_edge_draws_is_the_exact_remainder(low, high):
    r = high - low
    assert all(temper(untemper(y)) == y for y in (0, 1, 2 ** 32 - 1, 0x9d2c5680, r % 2 ** 32))
    top = 2 ** 32 - 1
    draws = [0, 1, top, top - 1, 2 ** 31, 2 ** 31 - 1, r - 1, r, r + 1, top // r * r,
             top // r * r - 1, r * 2 ** 4, 3 * r - 1] + list(range(r - 3, r + 3))
    draws = [y for y in draws if 0 <= y <= top]
    rng = np.random.default_rng(r)
    draws += [int(y) for y in rng.integers(0, 2 ** 32, 40)] + [top, 0]
    draws = draws[:len(draws) // 2 * 2]
    if r < 2 ** 28:
        values = [y % r + low for y in draws]
    else:  # 64 bits a draw, the first word the high half
        values = [(draws[i] << 32 | draws[i + 1]) % r + low for i in range(0, len(draws), 2)]
    for lib in (th, torch):
        assert lib.randint(low, high, (len(values),), generator=drawing(lib, draws)).tolist() \
            == values, lib.__name__


@pytest.mark.parametrize("dtype", REALS)
def test_random_without_a_range_of_the_edge_draws_is_torchs(dtype):
    # the dtype's count of values (2, 128, 2^8 + 1, ..., 2^63) divides them
    draws = [0, 1, 2 ** 32 - 1, 2 ** 32 - 2, 2 ** 31, 2 ** 31 - 1, 2 ** 24, 2 ** 24 + 1, 256,
             257, 2048, 2049, 32768, 65535] + list(range(2 ** 31 - 3, 2 ** 31 + 3))
    got = [lib.empty(len(draws), dtype=getattr(lib, dtype)).random_(
        generator=drawing(lib, draws)).tolist() for lib in (th, torch)]
    assert same(*got)


def test_states_load_into_torch_and_back():
    g = torch.Generator().manual_seed(11)
    torch.rand(700, generator=g)  # past a twist of the state
    ours = th.Generator().set_state(th.from_numpy(g.get_state().numpy()))
    assert th.rand(5, generator=ours).tolist() == torch.rand(5, generator=g).tolist()
    ours.manual_seed(12)
    th.rand(999, generator=ours)
    state = ours.get_state()
    assert state.dtype is th.uint8 and state.shape == (5056,)
    theirs = torch.Generator().set_state(torch.from_numpy(state.numpy().copy()))
    assert th.rand(5, generator=ours).tolist() == torch.rand(5, generator=theirs).tolist()
    assert theirs.initial_seed() == 12
    before = th.get_rng_state()
    first = th.rand(3).tolist()
    th.set_rng_state(before)
    assert th.rand(3).tolist() == first


def test_seeds_as_torch_reads_them():
    assert th.Generator().initial_seed() == torch.Generator().initial_seed() == 67280421310721
    for seed in [0, 2 ** 64 - 1, -1, -(2 ** 63)]:
        a, b = both(lambda lib, g: lib.rand(3, generator=g).tolist(), seed)
        assert a == b
    with pytest.raises(ValueError):
        th.Generator().manual_seed(2 ** 64)
    with pytest.raises(TypeError):
        th.Generator().manual_seed(1.5)
    fresh = th.Generator()
    seed = fresh.seed()
    assert 0 <= seed < 2 ** 53 and fresh.initial_seed() == seed


@pytest.mark.parametrize("call, error, match", [
    (lambda: th.zeros(3, dtype=th.int32).uniform_(), NotImplementedError, "uniform_"),
    (lambda: th.zeros(3).uniform_(2, 1), RuntimeError, "from=2 > to=1"),
    (lambda: th.zeros(3, dtype=th.float16).uniform_(-7e4, 7e4), ValueError, "float16"),
    (lambda: th.zeros(3, dtype=th.uint32).random_(), NotImplementedError, "uint32"),
    (lambda: th.zeros(3, dtype=th.uint8).random_(0, 300), ValueError, "does not fit uint8"),
    (lambda: th.zeros(3).random_(5, 5), RuntimeError, "from=5 >= to=5"),
    (lambda: th.zeros(3).expand(2, 3).uniform_(), RuntimeError, "share memory"),
    (lambda: th.randperm(-1), ValueError, "non-negative"),
    (lambda: th.randperm(300, dtype=th.uint8), ValueError, "cannot hold"),
    (lambda: th.rand(2, generator="seed"), TypeError, "th.Generator"),
    (lambda: th.Generator().set_state(th.zeros(10, dtype=th.uint8)), ValueError, "5056"),
    (lambda: th.Generator().set_state(th.zeros(5056)), TypeError, "uint8"),
    (lambda: th.Generator().set_state(th.zeros(5056, dtype=th.uint8)), ValueError,
     "invalid mt19937 state"),
])
def test_bad_input_is_refused_and_draws_nothing(call, error, match):
    th.manual_seed(3)
    with pytest.raises(error, match=match):
        call()
    assert th.rand(2).tolist() == torch.rand(2, generator=torch.Generator().manual_seed(3)).tolist()


def test_a_state_whose_draws_would_pass_the_array_is_refused():
    """left + next beyond 625 would read state[624] before the next twist."""
    g = th.Generator().manual_seed(1)
    state = g.get_state()
    raw = bytearray(state.numpy().tobytes())
    left_at, next_at = 8, 16  # torch's layout: seed, left (int32), seeded, next (uint64), ...
    good = bytes(raw)
    raw[left_at:left_at + 4] = (624).to_bytes(4, "little")
    raw[next_at:next_at + 8] = (624).to_bytes(8, "little")
    with pytest.raises(ValueError, match="invalid mt19937 state"):
        g.set_state(th.tensor(list(raw), dtype=th.uint8))
    g.set_state(th.tensor(list(good), dtype=th.uint8))  # the untouched state is taken


def test_one_generator_shared_by_threads_gives_whole_fills():
    """Each fill holds the generator's lock: four threads drawing 20000 each
    take four runs of the stream, whole and in some order."""
    g = th.Generator().manual_seed(5)
    results = [None] * 4

    def work(i):
        results[i] = th.rand(20000, generator=g).tolist()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stream = torch.rand(80000, generator=torch.Generator().manual_seed(5)).tolist()
    runs = [stream[k:k + 20000] for k in range(0, 80000, 20000)]
    assert sorted(map(tuple, results)) == sorted(map(tuple, runs))


def test_the_c_generator_is_reference_counted():
    lib = ctypes.PyDLL(os.path.join(os.path.dirname(th.__file__), "libTH.so"))
    lib.THGenerator_newWithSeed.restype = ctypes.c_void_p
    lib.THGenerator_newWithSeed.argtypes = [ctypes.c_uint64]
    lib.THGenerator_newClone.restype = ctypes.c_void_p
    lib.THGenerator_newClone.argtypes = [ctypes.c_void_p]
    for name in ("THGenerator_retain", "THGenerator_free"):
        getattr(lib, name).argtypes = [ctypes.c_void_p]
    lib.THGenerator_refcount.restype = ctypes.c_int64
    lib.THGenerator_refcount.argtypes = [ctypes.c_void_p]
    lib.THGenerator_random.restype = ctypes.c_uint32
    lib.THGenerator_random.argtypes = [ctypes.c_void_p]
    lib.THGenerator_random64.restype = ctypes.c_uint64
    lib.THGenerator_random64.argtypes = [ctypes.c_void_p]
    g = lib.THGenerator_newWithSeed(7)
    assert lib.THGenerator_refcount(g) == 1
    lib.THGenerator_retain(g)
    assert lib.THGenerator_refcount(g) == 2
    lib.THGenerator_free(g)
    first = lib.THGenerator_random(g)
    clone = lib.THGenerator_newClone(g)  # the same position, its own stream
    assert lib.THGenerator_refcount(clone) == 1
    assert lib.THGenerator_random64(clone) == lib.THGenerator_random64(g)
    lib.THGenerator_free(clone)
    lib.THGenerator_free(g)
    # torch's random() is the low 24 bits rand() scales
    assert first & 0xffffff == int(torch.rand(1, generator=torch.Generator().manual_seed(7))
                                   .item() * 2 ** 24)


def test_a_refused_allocation_is_a_memory_error_and_leaks_nothing():
    before = th.debug.live()
    for make in (lambda: th.randperm(100, dtype=th.int32), lambda: th.rand(10),
                 lambda: th.Generator()):
        with th.debug.fail_allocations(after=1):
            with pytest.raises(MemoryError):
                make()
    assert th.debug.live() == before
