"""Reductions: th against numpy and torch (when importable) on the
same float32 data, one run side by side.

Targets: sum() of 16M float32 at most numpy's time (memory is streamed
once); sum(dim=0) and sum(dim=1) of a 4096x4096 float32 and of its
transpose at most numpy's and torch's. Other reductions are printed without
a target. Each case is called round-robin with the others (so a load spike
on a shared machine hits every library alike), minimum of the repeats in
ms. th and torch run on th.get_num_threads() threads; numpy on one. Nothing
is asserted: the script prints.

    PYTHONPATH=. python benchmarks/bench_reduce.py [--quick] [--threads N]
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import th  # noqa: E402
from bench_blas import round_robin  # noqa: E402

try:
    import torch
except ImportError:  # pragma: no cover - torch is optional
    torch = None


def cases(n_flat, n_side):
    rng = np.random.default_rng(0)
    flat = rng.random(n_flat, dtype=np.float32)
    m = rng.random((n_side, n_side), dtype=np.float32)
    libs = {"numpy": (flat, m), "th": (th.from_numpy(flat), th.from_numpy(m))}
    if torch is not None:
        libs["torch"] = (torch.from_numpy(flat), torch.from_numpy(m))
    out = []

    def add(name, target, calls):
        out.append((name, target, calls))

    add(f"sum() {n_flat >> 20}M", ("numpy",),
        {k: (lambda f=f: f.sum()) for k, (f, _) in libs.items()})
    for label, view in [("M", lambda x: x), ("M.T", lambda x: x.T)]:
        for dim in (0, 1):
            calls = {}
            for k, (_, x) in libs.items():
                v = view(x)
                calls[k] = (lambda v=v, d=dim: v.sum(axis=d)) if k == "numpy" else \
                    (lambda v=v, d=dim: v.sum(d))
            add(f"{label}.sum({dim}) {n_side}^2", ("numpy", "torch"), calls)
    others = {
        "mean(1)": (lambda x: x.mean(axis=1), lambda x: x.mean(1)),
        "max(0) + indices": (lambda x: (x.max(axis=0), x.argmax(axis=0)), lambda x: x.max(0)),
        "var(1)": (lambda x: x.var(axis=1, ddof=1), lambda x: x.var(1)),
        "norm(dim=0)": (lambda x: np.linalg.norm(x, axis=0), lambda x: x.norm(dim=0)),
        "any()": (lambda x: x.any(), lambda x: x.any()),
    }
    for name, (np_call, call) in others.items():
        add(f"M.{name}", (), {k: (lambda x=x, f=np_call if k == "numpy" else call: f(x))
                              for k, (_, x) in libs.items()})
    # few long rows: a result as long as the input's rows (the rows walk
    # with a state per result, and how each band is written)
    rows = flat.reshape(16, -1)
    rows_libs = {"numpy": rows, "th": th.from_numpy(rows)}
    if torch is not None:
        rows_libs["torch"] = torch.from_numpy(rows)
    for name, (np_call, call) in {
            "sum(0)": (lambda x: x.sum(axis=0), lambda x: x.sum(0)),
            "amax(0)": (lambda x: x.max(axis=0), lambda x: x.amax(0))}.items():
        add(f"R.{name} R {rows.shape[0]}x{rows.shape[1] >> 10}K", (),
            {k: (lambda x=x, f=np_call if k == "numpy" else call: f(x))
             for k, x in rows_libs.items()})
    add(f"M.amax(0) {n_side}^2", (), {k: (lambda x=x: x.max(axis=0)) if k == "numpy" else
                                      (lambda x=x: x.amax(0)) for k, (_, x) in libs.items()})
    return out


def run(quick=False, threads=None):
    if threads:
        th.set_num_threads(threads)
    if torch is not None:
        torch.set_num_threads(th.get_num_threads())
    repeats = 5 if quick else 25
    print(f"reductions, float32, minimum of {repeats} (ms); th and torch on "
          f"{th.get_num_threads()} threads, numpy on 1")
    round_robin(cases(1 << 24, 4096), repeats)

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--threads", type=int)
    args = parser.parse_args()
    run(args.quick, args.threads)
