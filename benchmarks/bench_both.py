"""Is th ever slower than both numpy and torch? Realistic work side by side in
one process, at 1 and 2 threads, and the count of cases where th is the
slowest of the three.

Families: element-wise chains (1M and 16M elements, eager and lazy), casts,
broadcasts and transposes, reductions over every dim of 2-d and 3-d tensors
(float32 and int64), indexing and views, products (matmul 64^2 to 2048^2,
bmm, mv, dot, sparse @ dense), creation, small-tensor per-call costs, and the
families of sort/scan, linalg, random, convolution and softmax.

Each case's three calls run round-robin (a load spike hits every library
alike), in an order that changes each round through the six (another
library's threads still spinning after its call slow whichever runs next),
and each library's minimum is kept. numpy has no threads of its own
outside BLAS; its BLAS follows --threads through threadpoolctl when that is
installed. A case is "slower than both" when th's minimum exceeds numpy's
and torch's; the count is printed twice, strictly and beyond a 10% noise
margin. Element-wise cases moving 64 MiB or more also print the share of a
plain copy's bandwidth they reach (bytes read + written over time, against
np.copyto of 64 MiB into an existing array on the same machine: the
single-pass limit).

    PYTHONPATH=. python benchmarks/bench_both.py [--quick] [--threads 1,2]
        [--family NAME ...] [--only-slow]
"""
import argparse
import contextlib
import itertools
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import th  # noqa: E402
import th.nn.functional as F  # noqa: E402

try:
    import torch
    import torch.nn.functional as TF
except ImportError:  # pragma: no cover - torch is the other side of every case
    sys.exit("bench_both needs torch (pip install torch==2.13.0)")

try:
    import threadpoolctl
except ImportError:  # pragma: no cover - numpy's BLAS keeps its own thread count
    threadpoolctl = None

BANDWIDTH_MIN_BYTES = 64 << 20  # smaller work runs from the caches: no bandwidth share
NOISE = 1.10  # th is "slower than both beyond noise" past this ratio to the slower of the two


class Case:
    """One piece of work done three ways. bytes_moved (element-wise cases
    only) is what a single pass reads and writes."""

    def __init__(self, family, name, th_call, np_call, torch_call, bytes_moved=None):
        self.family, self.name = family, name
        self.calls = {"th": th_call, "numpy": np_call, "torch": torch_call}
        self.bytes_moved = bytes_moved


def as_three(a):
    """The same values as a th tensor, the numpy array and a torch tensor
    (each owning its own copy: no library reads another's memory)."""
    a = np.ascontiguousarray(a)
    return th.from_numpy(a.copy()), a.copy(), torch.from_numpy(a.copy())


def rand(shape, dtype=np.float32, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind in "iu":
        return rng.integers(-1000, 1000, shape).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


def same(family, name, fn, arrays, np_fn=None, bytes_moved=None):
    """A case whose th and torch calls are the same code fn(module, *args);
    np_fn(np, *args) is numpy's (fn itself when omitted)."""
    t, n, p = zip(*arrays) if arrays else ((), (), ())
    np_fn = np_fn or fn
    return Case(family, name, lambda: fn(th, *t), lambda: np_fn(np, *n), lambda: fn(torch, *p),
                bytes_moved)


def elementwise(n, label):
    a, b, c = (as_three(rand(n, seed=s)) for s in range(3))
    acc = as_three(rand(n, seed=3))
    big = as_three(rand(n) * 100)
    f4 = 4 * n
    out = []
    out.append(same("elementwise", f"a*b + c {label}", lambda m, a, b, c: a * b + c, [a, b, c],
                    bytes_moved=4 * f4))
    out.append(Case("elementwise", f"lazy a*b + c {label}",
                    lambda: (th.lazy(a[0]) * b[0] + c[0]).eval(),
                    lambda: a[1] * b[1] + c[1], lambda: a[2] * b[2] + c[2], 4 * f4))
    out.append(same("elementwise", f"acc += b*c {label}", iadd_mul, [acc, b, c],
                    bytes_moved=4 * f4))
    out.append(same("elementwise", f"exp {label}", lambda m, a: m.exp(a), [a],
                    bytes_moved=2 * f4))
    out.append(same("elementwise", f"exp, overflowing {label}", lambda m, a: m.exp(a), [big],
                    bytes_moved=2 * f4))
    out.append(same("elementwise", f"6-op chain {label}", chain6, [a, b, c], bytes_moved=4 * f4))
    out.append(same("elementwise", f"a + 1 {label}", lambda m, a: a + 1, [a],
                    bytes_moved=2 * f4))
    return out


def iadd_mul(m, acc, b, c):
    acc += b * c


def chain6(m, a, b, c):
    return m.sqrt(m.abs(a * b + c)) * 2 - a


def casts(n, label):
    f32 = as_three(rand(n))
    i32 = as_three(rand(n, np.int32))
    f64 = as_three(rand(n, np.float64))
    out = []
    for src, dst, arr, per in [("float32", "float64", f32, 12), ("float64", "float32", f64, 12),
                               ("int32", "float32", i32, 8)]:
        t, n_, p = arr
        out.append(Case("casts", f"{src} -> {dst} {label}",
                        lambda t=t, d=dst: t.to(getattr(th, d)),
                        lambda n_=n_, d=dst: n_.astype(d),
                        lambda p=p, d=dst: p.to(getattr(torch, d)), per * n))
    t32, n32, p32 = f32
    t64, n64, p64 = f64
    out.append(Case("casts", f"float32 * float64 {label}", lambda: t32 * t64, lambda: n32 * n64,
                    lambda: p32 * p64, 24 * n))
    ti, ni, pi = i32
    out.append(Case("casts", f"int32 + float32 {label}", lambda: ti + t32, lambda: ni + n32,
                    lambda: pi + p32, 12 * n))
    return out


def broadcasts():
    A = as_three(rand((1024, 1024)))
    col = as_three(rand((1024, 1)))
    row = as_three(rand((1, 1024)))
    B = as_three(rand((2048, 2048)))
    C = as_three(rand((2048, 2048), seed=1))
    nbytes = 4 * 1024 * 1024
    return [
        same("broadcast", "A * col 1024^2", lambda m, a, c: a * c, [A, col],
             bytes_moved=2 * nbytes),
        same("broadcast", "A + row 1024^2", lambda m, a, r: a + r, [A, row],
             bytes_moved=2 * nbytes),
        same("broadcast", "B + C.T 2048^2", lambda m, b, c: b + c.T, [B, C],
             bytes_moved=12 * 2048 * 2048),
        same("broadcast", "B.T contiguous 2048^2", lambda m, b: m.ascontiguousarray(b.T)
             if m is np else b.T.contiguous(), [B], bytes_moved=8 * 2048 * 2048),
    ]


def amax_np(np_, a, dim):
    return a.max(axis=dim)


def reductions():
    out = []
    for shape in [(4096, 4096), (64, 256, 256), (16, 262144)]:
        tag = "x".join(map(str, shape))
        for dtype in (np.float32, np.int64):
            if dtype is np.int64 and shape == (16, 262144):
                continue
            arr = as_three(rand(shape, dtype))
            dn = np.dtype(dtype).name
            for dim in range(len(shape)):
                out.append(same("reduce", f"sum({dim}) {dn} {tag}",
                                lambda m, a, d=dim: a.sum(d), [arr],
                                np_fn=lambda m, a, d=dim: a.sum(d)))
                out.append(same("reduce", f"amax({dim}) {dn} {tag}",
                                lambda m, a, d=dim: m.amax(a, d), [arr],
                                np_fn=lambda m, a, d=dim: a.max(d)))
                if shape == (4096, 4096):
                    out.append(same("reduce", f"argmax({dim}) {dn} {tag}",
                                    lambda m, a, d=dim: m.argmax(a, d), [arr],
                                    np_fn=lambda m, a, d=dim: a.argmax(d)))
            if dtype is np.int64 and shape == (4096, 4096):
                out.append(same("reduce", f"mean(1, float64) int64 {tag}",
                                lambda m, a: a.mean(1, dtype=m.float64), [arr],
                                np_fn=lambda m, a: a.mean(1, dtype=m.float64)))
    # the other dtypes over every dim of a 3-d tensor
    for dtype in (np.float64, np.int32, np.uint8, np.float16):
        arr = as_three(rand((64, 256, 256), dtype))
        dn = np.dtype(dtype).name
        for dim in range(3):
            out.append(same("reduce", f"amax({dim}) {dn} 64x256x256",
                            lambda m, a, d=dim: m.amax(a, d), [arr],
                            np_fn=lambda m, a, d=dim: a.max(d)))
            op = "mean" if dtype is np.float16 else "sum"
            out.append(same("reduce", f"{op}({dim}) {dn} 64x256x256",
                            lambda m, a, d=dim, o=op: getattr(a, o)(d), [arr]))
    # short runs (argmax over classes) and few long rows
    for shape, dtype in (((100000, 10), np.float32), ((100000, 3), np.float32),
                         ((100000, 10), np.int64), ((3, 100000), np.float32)):
        arr = as_three(rand(shape, dtype))
        tag = f"{np.dtype(dtype).name} {shape[0]}x{shape[1]}"
        dim = 1 if shape[1] < shape[0] else 0
        out.append(same("reduce", f"argmax({dim}) {tag}", lambda m, a, d=dim: m.argmax(a, d),
                        [arr], np_fn=lambda m, a, d=dim: a.argmax(d)))
        out.append(same("reduce", f"amax({dim}) {tag}", lambda m, a, d=dim: m.amax(a, d),
                        [arr], np_fn=lambda m, a, d=dim: a.max(d)))
        out.append(same("reduce", f"sum({dim}) {tag}", lambda m, a, d=dim: a.sum(d), [arr]))
    # narrow matrices of the other dtypes: short runs, strided runs (dim 0 of
    # 100000x3), float16 results
    for shape, dtype, op, dim in (((100000, 3), np.float64, "sum", 1),
                                  ((100000, 3), np.float64, "mean", 1),
                                  ((100000, 3), np.float16, "sum", 1),
                                  ((100000, 3), np.float16, "argmax", 1),
                                  ((3, 100000), np.float16, "mean", 0),
                                  ((100000, 3), np.float32, "argmax", 0),
                                  ((100000, 3), np.uint8, "argmax", 0),
                                  ((16, 262144), np.float16, "amax", 1)):
        arr = as_three(rand(shape, dtype))
        out.append(same("reduce", f"{op}({dim}) {np.dtype(dtype).name} {shape[0]}x{shape[1]}",
                        lambda m, a, d=dim, o=op: getattr(m, o)(a, d), [arr]))
    T = as_three(rand((4096, 4096)))
    out.append(same("reduce", "sum(1) of transposed float32 4096^2", lambda m, a: a.T.sum(1), [T],
                    np_fn=lambda m, a: a.T.sum(1)))
    out.append(same("reduce", "sum() float32 16M", lambda m, a: a.sum(), [T]))
    out.append(same("reduce", "std(1) float32 4096^2", lambda m, a: a.std(1), [T],
                    np_fn=lambda m, a: a.std(1, ddof=1)))
    return out


def indexing():
    x = as_three(rand((64, 64)))
    X = as_three(rand((4096, 4096)))
    idx = as_three(np.random.default_rng(0).integers(0, 4096, 1024))
    return [
        same("index", "x.select(0, 5) 64^2", lambda m, a: a[5], [x]),
        same("index", "x[:, 1:3] 64^2", lambda m, a: a[:, 1:3], [x]),
        same("index", "x.T 64^2", lambda m, a: a.T, [x]),
        same("index", "x.view(-1) 64^2", lambda m, a: a.reshape(-1), [x]),
        same("index", "X[idx] 1024 rows of 4096^2", lambda m, a, i: a[i], [X, idx]),
        same("index", "X[:, idx] 1024 cols of 4096^2", lambda m, a, i: a[:, i], [X, idx]),
    ]


def products():
    out = []
    for n in (64, 256, 1024, 2048):
        A, B = as_three(rand((n, n))), as_three(rand((n, n), seed=1))
        out.append(same("products", f"mm {n}^2 float32", lambda m, a, b: a @ b, [A, B]))
    A, B = as_three(rand((64, 256, 256))), as_three(rand((64, 256, 256), seed=1))
    out.append(same("products", "bmm 64 x 256^2", lambda m, a, b: a @ b, [A, B]))
    M, v = as_three(rand((4096, 4096))), as_three(rand(4096))
    out.append(same("products", "mv 4096^2", lambda m, a, x: a @ x, [M, v]))
    u = as_three(rand(1 << 20))
    out.append(same("products", "dot 1M", lambda m, a: a @ a, [u]))
    # sparse (2000^2, nnz 200000) @ dense (2000, 64); scipy for numpy's side
    rng = np.random.default_rng(0)
    ind = rng.integers(0, 2000, (2, 200_000))
    val = rng.standard_normal(200_000).astype(np.float32)
    dense = as_three(rand((2000, 64)))
    s_th = th.sparse_coo_tensor(th.from_numpy(ind), th.from_numpy(val), (2000, 2000)).coalesce()
    s_to = torch.sparse_coo_tensor(torch.from_numpy(ind), torch.from_numpy(val),
                                   (2000, 2000)).coalesce()
    try:
        import scipy.sparse as sp
        s_np = sp.csr_array(sp.coo_array((val, (ind[0], ind[1])), shape=(2000, 2000)))
        np_call = lambda: s_np @ dense[1]  # noqa: E731
    except ImportError:  # pragma: no cover
        np_call = lambda: None  # noqa: E731
    out.append(Case("products", "sparse @ dense 2000^2 nnz 200k x 64",
                    lambda: th.mm(s_th, dense[0]), np_call, lambda: torch.mm(s_to, dense[2])))
    return out


def creation():
    n = 1 << 20
    lst = rand(n, np.float64).tolist()
    a = rand(n)
    return [
        same("creation", "zeros 1M", lambda m: m.zeros(n), []),
        same("creation", "ones 1M", lambda m: m.ones(n), []),
        same("creation", "full 1M", lambda m: m.full((n,), 2.5), []),
        same("creation", "empty(0)", lambda m: m.empty(0), []),
        same("creation", "arange 1M int64", lambda m: m.arange(n), []),
        same("creation", "arange 1M float64 by 1/n", lambda m: m.arange(0.0, 1.0, 1.0 / n,
                                                                       dtype=m.float64), []),
        same("creation", "linspace 1M float32", lambda m: m.linspace(0, 1, n, dtype=m.float32),
             []),
        Case("creation", "tensor(list of 1M floats)", lambda: th.tensor(lst),
             lambda: np.array(lst), lambda: torch.tensor(lst)),
        Case("creation", "from_numpy", lambda: th.from_numpy(a), lambda: a.view(),
             lambda: torch.from_numpy(a)),
        same("creation", "eye 1024", lambda m: m.eye(1024), []),
        same("creation", "triu_indices 1024", lambda m: m.triu_indices(1024, 1024), [],
             np_fn=lambda m: m.triu_indices(1024)),
    ]


def small():
    x, y = as_three(rand((8, 8))), as_three(rand((8, 8), seed=1))
    v, w, o = as_three(rand(16)), as_three(rand(16, seed=1)), as_three(rand(16, seed=2))
    return [
        same("small", "(8,8) a + b", lambda m, a, b: a + b, [x, y]),
        same("small", "(8,8) a * 2", lambda m, a: a * 2, [x]),
        same("small", "(8,8) sum()", lambda m, a: a.sum(), [x]),
        same("small", "(8,8) exp", lambda m, a: m.exp(a), [x]),
        same("small", "(8,8) a @ b", lambda m, a, b: a @ b, [x, y]),
        same("small", "add(out=) 16", lambda m, a, b, o: m.add(a, b, out=o), [v, w, o]),
        same("small", "(8,8) a[2:5]", lambda m, a: a[2:5], [x]),
    ]


def np_softmax(a, axis):
    e = np.exp(a - a.max(axis, keepdims=True))
    return e / e.sum(axis, keepdims=True)


def others():
    out = []
    S = as_three(rand(1 << 20))
    M = as_three(rand((1024, 1024)))
    out.append(same("sort/scan", "sort 1M float32", lambda m, a: m.sort(a), [S],
                    np_fn=lambda m, a: m.sort(a)))
    out.append(same("sort/scan", "sort(1) 1024^2", lambda m, a: m.sort(a, 1), [M],
                    np_fn=lambda m, a: m.sort(a, 1)))
    out.append(same("sort/scan", "argsort 1M", lambda m, a: m.argsort(a), [S]))
    out.append(same("sort/scan", "cumsum 1M", lambda m, a: m.cumsum(a, 0), [S]))
    out.append(same("sort/scan", "cumsum(0) 1024^2", lambda m, a: m.cumsum(a, 0), [M]))
    out.append(same("sort/scan", "cumsum(1) 1024^2", lambda m, a: m.cumsum(a, 1), [M]))
    out.append(same("sort/scan", "topk 10 of 1M", lambda m, a: m.topk(a, 10), [S],
                    np_fn=lambda m, a: m.partition(a, -10)[-10:]))
    A = as_three(rand((512, 512), np.float64) + 512 * np.eye(512))
    b = as_three(rand((512, 8), np.float64))
    spd = as_three(rand((512, 512), np.float64) @ rand((512, 512), np.float64).T
                   + 512 * np.eye(512))
    out.append(same("linalg", "solve 512", lambda m, a, b: m.linalg.solve(a, b), [A, b]))
    out.append(same("linalg", "inv 512", lambda m, a: m.linalg.inv(a), [A]))
    out.append(same("linalg", "cholesky 512", lambda m, a: m.linalg.cholesky(a), [spd]))
    out.append(same("linalg", "eigh 256", lambda m, a: m.linalg.eigh(a[:256, :256]), [spd]))
    out.append(same("linalg", "det 512", lambda m, a: m.linalg.det(a), [A]))
    out.append(same("linalg", "qr 512", lambda m, a: m.linalg.qr(a), [A]))
    gen = np.random.default_rng(0)
    out.append(Case("random", "rand 1M float32", lambda: th.rand(1 << 20),
                    lambda: gen.random(1 << 20, np.float32), lambda: torch.rand(1 << 20)))
    out.append(Case("random", "randn 1M float32", lambda: th.randn(1 << 20),
                    lambda: gen.standard_normal(1 << 20, np.float32),
                    lambda: torch.randn(1 << 20)))
    out.append(Case("random", "randint 1M", lambda: th.randint(0, 100, (1 << 20,)),
                    lambda: gen.integers(0, 100, 1 << 20), lambda: torch.randint(0, 100,
                                                                                 (1 << 20,))))
    out.append(Case("random", "randperm 1M", lambda: th.randperm(1 << 20),
                    lambda: gen.permutation(1 << 20), lambda: torch.randperm(1 << 20)))
    img = as_three(rand((8, 32, 64, 64)))
    ker = as_three(rand((64, 32, 3, 3)))
    t_img, n_img, p_img = img
    t_ker, n_ker, p_ker = ker

    def np_conv():  # numpy has no conv2d: one im2col matmul, as a numpy user writes it
        win = np.lib.stride_tricks.sliding_window_view(n_img, (3, 3), axis=(2, 3))
        return np.einsum("nchwij,kcij->nkhw", win, n_ker, optimize=True)
    out.append(Case("conv", "conv2d 8x32x64x64, 64x32x3x3", lambda: F.conv2d(t_img, t_ker),
                    np_conv, lambda: TF.conv2d(p_img, p_ker)))
    out.append(Case("conv", "max_pool2d 8x32x64x64, 2", lambda: F.max_pool2d(t_img, 2),
                    lambda: n_img.reshape(8, 32, 32, 2, 32, 2).max((3, 5)),
                    lambda: TF.max_pool2d(p_img, 2)))
    W = as_three(rand((4096, 1024)))
    narrow = as_three(rand((65536, 8)))
    out.append(same("softmax", "softmax(1) 4096x1024", lambda m, a: m.softmax(a, 1), [W],
                    np_fn=lambda m, a: np_softmax(a, 1)))
    out.append(same("softmax", "softmax(0) 4096x1024", lambda m, a: m.softmax(a, 0), [W],
                    np_fn=lambda m, a: np_softmax(a, 0)))
    out.append(same("softmax", "softmax(0) 65536x8", lambda m, a: m.softmax(a, 0), [narrow],
                    np_fn=lambda m, a: np_softmax(a, 0)))
    out.append(Case("softmax", "layer_norm 4096x1024",
                    lambda: F.layer_norm(W[0], (1024,)),
                    lambda: (W[1] - W[1].mean(1, keepdims=True)) / np.sqrt(
                        W[1].var(1, keepdims=True) + 1e-5),
                    lambda: TF.layer_norm(W[2], (1024,))))
    P = as_three(rand((1024, 16), np.float64))
    out.append(Case("linalg", "pdist 1024x16", lambda: th.pdist(P[0]),
                    lambda: pdist_np(P[1]), lambda: torch.pdist(P[2])))
    return out


def pdist_np(x):
    try:
        from scipy.spatial.distance import pdist
        return pdist(x)
    except ImportError:  # pragma: no cover
        i, j = np.triu_indices(len(x), 1)
        return np.sqrt(((x[i] - x[j]) ** 2).sum(1))


FAMILIES = {
    "elementwise": lambda: elementwise(1 << 20, "1M") + elementwise(1 << 24, "16M"),
    "casts": lambda: casts(1 << 20, "1M") + casts(1 << 24, "16M"),
    "broadcast": broadcasts,
    "reduce": reductions,
    "index": indexing,
    "products": products,
    "creation": creation,
    "small": small,
    "others": others,
}


@contextlib.contextmanager
def threads(n):
    before_th, before_torch = th.get_num_threads(), torch.get_num_threads()
    th.set_num_threads(n)
    torch.set_num_threads(n)
    limit = threadpoolctl.threadpool_limits(n) if threadpoolctl else contextlib.nullcontext()
    try:
        with limit:
            yield
    finally:
        th.set_num_threads(before_th)
        torch.set_num_threads(before_torch)


def timed(case, rounds, budget_s):
    """Each library's minimum in seconds, its calls run round-robin for
    rounds rounds, fewer if one round takes longer than budget_s / rounds."""
    best = {}
    for k, f in case.calls.items():  # warm (and time one call to size the rounds)
        t0 = time.perf_counter()
        f()
        best[k] = time.perf_counter() - t0
    one_round = sum(best.values())
    rounds = max(min(rounds, 6), min(rounds, int(budget_s / max(one_round, 1e-9))))
    inner = max(1, int(2e-4 / max(min(best.values()), 1e-9)))  # batch calls under 0.2 ms
    orders = list(itertools.permutations(case.calls))
    for r in range(rounds):
        # the order changes each round: a library whose threads still spin
        # after its call (OpenBLAS's, OpenMP's) slows whichever runs next, so
        # each runs first, and after each of the others, as often
        for k in orders[r % len(orders)]:
            f = case.calls[k]
            t0 = time.perf_counter()
            for _ in range(inner):
                f()
            best[k] = min(best[k], (time.perf_counter() - t0) / inner)
    return best


def copy_bandwidth():
    """Bytes read + written per second by np.copyto of 64 MiB: the single-pass limit."""
    src, dst = np.ones(1 << 24, np.float32), np.empty(1 << 24, np.float32)
    best = min(_time(lambda: np.copyto(dst, src)) for _ in range(10))
    return 2 * src.nbytes / best


def _time(f):
    t0 = time.perf_counter()
    f()
    return time.perf_counter() - t0


# ------------------------------------------------------------ memory per object
MEMORY_OBJECTS = [  # (what, th's, numpy's, torch's): made in a module with x, a 64x64 float32
    ("a new 4-element float32", "th.zeros(4)", "np.zeros(4, np.float32)", "torch.zeros(4)"),
    ("a new 100-element float32", "th.zeros(100)", "np.zeros(100, np.float32)",
     "torch.zeros(100)"),
    ("a 0-dim float32", "th.tensor(1.5)", "np.array(1.5, np.float32)", "torch.tensor(1.5)"),
    ("one view x[1:3]", "x[1:3]", "x[1:3]", "x[1:3]"),
    ("one view x[5]", "x[5]", "x[5]", "x[5]"),
]
MEMORY_LIBS = {"th": "import th\nx = th.zeros((64, 64), dtype=th.float32)",
               "numpy": "import numpy as np\nx = np.zeros((64, 64), np.float32)",
               "torch": "import torch\nx = torch.zeros((64, 64), dtype=torch.float32)"}
MEMORY_PROGRAM = """
{setup}
n = 200000
keep = [None] * n
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096
for i in range(1000):  # warm: the first objects fill caches and free lists
    keep[i] = {expr}
before = rss()
for i in range(n):
    keep[i] = {expr}
print((rss() - before) / n)
"""


def memory_per_object():
    """Heap bytes one more object costs (its Python object and everything
    it allocates: structs, dims, data), from the growth of a fresh
    process's resident memory over 200,000 of them kept alive. Linux only."""
    import subprocess

    if not os.path.exists("/proc/self/statm"):
        print("memory per object: needs /proc/self/statm (Linux)")
        return []
    larger = []
    print(f"\n== memory per object (bytes) ==\n{'object':42} {'th':>9} {'numpy':>9} {'torch':>9}")
    for what, *exprs in MEMORY_OBJECTS:
        got = {}
        for (name, setup), expr in zip(MEMORY_LIBS.items(), exprs):
            code = MEMORY_PROGRAM.format(setup=setup, expr=expr)
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                 env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
            got[name] = float(out.stdout) if out.returncode == 0 else float("nan")
        mark = "  LARGER THAN BOTH" if got["th"] > max(got["numpy"], got["torch"]) else ""
        if mark:
            larger.append(what)
        print(f"{what:42} {got['th']:9.0f} {got['numpy']:9.0f} {got['torch']:9.0f}{mark}")
    return larger


def fmt(s):
    return f"{s * 1e3:9.3f}" if s >= 1e-4 else f"{s * 1e6:7.2f}us"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds a case instead of 9")
    parser.add_argument("--threads", default="1,2", help="comma-separated thread counts")
    parser.add_argument("--family", nargs="*", choices=sorted(FAMILIES), default=sorted(FAMILIES))
    parser.add_argument("--memory", action="store_true",
                        help="also the heap bytes of small tensors and views, each in a fresh process")
    parser.add_argument("--only-slow", action="store_true",
                        help="print only the cases slower than both")
    args = parser.parse_args()
    rounds, budget = (3, 1.0) if args.quick else (9, 3.0)
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                if line.startswith("model name")), "?") if os.path.exists("/proc/cpuinfo") else "?"
    print(f"th {th.__version__}, numpy {np.__version__}, torch {torch.__version__}; "
          f"{cpu}, {os.cpu_count()} CPUs; times in ms unless marked")
    limit = copy_bandwidth()
    print(f"single-pass limit (np.copyto, 64 MiB): {limit / 1e9:.1f} GB/s")
    cases = [c for fam in args.family for c in FAMILIES[fam]()]
    slow, slow_noise, total, below90 = [], [], 0, []
    for n in (int(x) for x in args.threads.split(",")):
        print(f"\n== {n} thread{'s' if n > 1 else ''} ==")
        print(f"{'case':42} {'th':>9} {'numpy':>9} {'torch':>9}  th/np  th/torch")
        with threads(n):
            for case in cases:
                t = timed(case, rounds, budget)
                total += 1
                worst_other = max(t["numpy"], t["torch"])
                r = t["th"] / worst_other
                mark = ""
                if r > 1:
                    slow.append((n, case, t))
                    mark = "  SLOWER THAN BOTH" + ("" if r > NOISE else " (within noise)")
                    if r > NOISE:
                        slow_noise.append((n, case, t))
                if case.bytes_moved and case.bytes_moved >= BANDWIDTH_MIN_BYTES:
                    share = case.bytes_moved / t["th"] / limit
                    mark += f"  {share:4.0%} of copy bw"
                    if share < 0.9 and n == 1:
                        below90.append((case, share))
                if args.only_slow and not r > 1:
                    continue
                print(f"{case.name:42} {fmt(t['th'])} {fmt(t['numpy'])} {fmt(t['torch'])}"
                      f"  {t['th'] / t['numpy']:5.2f}  {t['th'] / t['torch']:5.2f}{mark}",
                      flush=True)
    print(f"\n{len(slow)} of {total} cases slower than both numpy and torch "
          f"({len(slow_noise)} by more than {NOISE - 1:.0%}):")
    for n, case, t in slow:
        print(f"  [{n}t] {case.family}: {case.name}: th {fmt(t['th'])}, "
              f"numpy {fmt(t['numpy'])}, torch {fmt(t['torch'])}")
    larger = memory_per_object() if args.memory else []
    if larger:
        print(f"{len(larger)} objects larger than both numpy's and torch's: " + ", ".join(larger))
    if below90:
        print(f"{len(below90)} memory-bound cases under 90% of the copy bandwidth (1 thread): "
              + ", ".join(f"{c.name} {s:.0%}" for c, s in below90))


if __name__ == "__main__":
    main()
