"""th.einsum side by side with torch.einsum and numpy.einsum (its default,
which contracts left to right without BLAS for most equations, and
optimize=True, which picks a path and uses tensordot/BLAS), on the same
float32 data and the same number of threads:

1. 'ij,jk->ik' of two 1024x1024 (a matrix product),
2. 'bij,bjk->bik' of 32 x (128x128) (a batched product),
3. 'bhqd,bhkd->bhqk' of (8, 8, 256, 64) (attention scores: the second
   operand transposed),
4. 'ij,jk,kl->il' with shapes (1024, 16), (16, 1024), (1024, 16): the
   order matters (left to right builds a 1024x1024 intermediate; (jk, kl)
   first costs 64 times less),
5. 'ii->i' of 2048x2048 (a diagonal: a view in th and torch).

No targets: the figures are th's time over each library's (lower is
better). Each figure is the minimum over repeats, the libraries run
round-robin so that a load spike hits them alike.

    PYTHONPATH=. python benchmarks/bench_einsum.py [--quick] [--threads N]
"""
import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import th  # noqa: E402

try:
    import torch
except ImportError:  # pragma: no cover - torch is optional
    torch = None

CASES = [
    ("ij,jk->ik", [(1024, 1024), (1024, 1024)]),
    ("bij,bjk->bik", [(32, 128, 128), (32, 128, 128)]),
    ("bhqd,bhkd->bhqk", [(8, 8, 256, 64), (8, 8, 256, 64)]),
    ("ij,jk,kl->il", [(1024, 16), (16, 1024), (1024, 16)]),
    ("ii->i", [(2048, 2048)]),
]


def best_times(calls, repeats):
    """{name: minimum seconds} of each call, run round-robin."""
    best = {k: float("inf") for k in calls}
    for _ in range(repeats + 1):  # the first round warms up
        for name, fn in calls.items():
            start = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def run(quick=False):
    rng = np.random.default_rng(0)
    repeats = 2 if quick else 5
    libs = ["th", "numpy", "numpy opt"] + (["torch"] if torch is not None else [])
    print(f"einsum, float32, {th.get_num_threads()} thread(s); times in ms, then th's time "
          f"over each")
    print(f"{'equation':18}" + "".join(f"{k:>11}" for k in libs)
          + "".join(f"{'th/' + k:>13}" for k in libs[1:]))
    for equation, shapes in CASES:
        arrays = [rng.standard_normal(s, dtype=np.float32) for s in shapes]
        ours = [th.from_numpy(a) for a in arrays]
        calls = {
            "th": lambda: th.einsum(equation, *ours),
            "numpy": lambda: np.einsum(equation, *arrays),
            "numpy opt": lambda: np.einsum(equation, *arrays, optimize=True),
        }
        if torch is not None:
            theirs = [torch.from_numpy(a) for a in arrays]
            calls["torch"] = lambda: torch.einsum(equation, *theirs)
        expected = np.einsum(equation, *arrays, optimize=True)
        got = np.asarray(th.einsum(equation, *ours))
        # a wrong answer is no figure
        np.testing.assert_allclose(got, expected, rtol=1e-3, atol=1e-2)
        t = best_times(calls, repeats)
        print(f"{equation:18}" + "".join(f"{t[k] * 1e3:11.3f}" for k in libs)
              + "".join(f"{t['th'] / t[k]:12.2f}x" for k in libs[1:]), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args()
    if args.threads:
        th.set_num_threads(args.threads)
        if torch is not None:
            torch.set_num_threads(args.threads)
    run(args.quick)


if __name__ == "__main__":
    main()
