"""Reductions of a lazy expression (th.sum(th.lazy(a) * b): one pass, no product in memory)
against th's eager form (th.sum(a * b): the product made, then summed), numpy ((a*b).sum(),
np.einsum, np.dot) and torch ((a*b).sum(), torch.dot), on 2^24 float32 elements summed whole
and on a (4096, 4096) float32 pair summed over dim 1.

Figures are the minimum over rounds that call every contender once in turn (this VM's memory
bandwidth drifts within a run), as times in ms and as ratios to th's lazy form (above 1: slower
than th.sum(th.lazy(a) * b)). One thread (thread CPU time: every library runs on the calling
thread) and, with --threads 2, wall time with two threads for th and torch (numpy's (a*b).sum()
is single-threaded; np.dot uses OpenBLAS's threads).

    PYTHONPATH=. python benchmarks/bench_expr_reduce.py [--quick] [--threads 2]
"""
import argparse
import os
import platform
import time

import numpy as np

import th
from bench_expr import interleaved  # (the script's directory is on sys.path)

try:
    import torch
except ImportError:
    torch = None


def machine():
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}"


def cases():
    n = 1 << 24
    rng = np.random.default_rng(0)
    na, nb = rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32)
    a, b = th.from_numpy(na), th.from_numpy(nb)
    nA, nB = na.reshape(4096, 4096), nb.reshape(4096, 4096)
    A, B = a.reshape(4096, 4096), b.reshape(4096, 4096)
    whole = {
        "th.sum(th.lazy(a) * b)": lambda: th.sum(th.lazy(a) * b),
        "th.sum(a * b)": lambda: th.sum(a * b),
        "numpy (a * b).sum()": lambda: (na * nb).sum(),
        "np.einsum('i,i->', a, b)": lambda: np.einsum("i,i->", na, nb),
        "np.dot(a, b)": lambda: np.dot(na, nb),
    }
    rows = {
        "th.sum(th.lazy(A) * B, 1)": lambda: th.sum(th.lazy(A) * B, 1),
        "th.sum(A * B, 1)": lambda: th.sum(A * B, 1),
        "numpy (A * B).sum(1)": lambda: (nA * nB).sum(1),
        "np.einsum('ij,ij->i', A, B)": lambda: np.einsum("ij,ij->i", nA, nB),
    }
    if torch is not None:
        ta, tb = torch.from_numpy(na), torch.from_numpy(nb)
        tA, tB = ta.reshape(4096, 4096), tb.reshape(4096, 4096)
        whole["torch (a * b).sum()"] = lambda: (ta * tb).sum()
        whole["torch.dot(a, b)"] = lambda: torch.dot(ta, tb)
        rows["torch (A * B).sum(1)"] = lambda: (tA * tB).sum(1)
    return {"2^24 float32, summed whole": whole, "(4096, 4096) float32, sum(dim=1)": rows}


def report(title, times):
    base = next(iter(times.values()))
    print(f"\n{title}")
    for name, t in times.items():
        print(f"  {name:32s} {t * 1e3:8.2f} ms   {t / base:5.2f}x")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds instead of 10")
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    repeat = 3 if args.quick else 10
    th.set_num_threads(args.threads)
    if torch is not None:
        torch.set_num_threads(args.threads)
    clock = time.thread_time if args.threads == 1 else time.perf_counter
    print(f"machine: {machine()}")
    print(f"threads: {args.threads} ({'thread CPU time' if args.threads == 1 else 'wall time'}), "
          f"minimum of {repeat} interleaved rounds; ratios to th's lazy form")
    for title, fns in cases().items():
        report(title, interleaved(fns, repeat, clock))


if __name__ == "__main__":
    main()
