"""Matrix products, side by side with numpy and torch on the same
data and the same number of threads:

1. mm of two 2048x2048 float32: th.mm against numpy's @ (target <= 1.1x:
   the same OpenBLAS kernels, numpy's from scipy-openblas64, th's from
   scipy-openblas32) and torch.mm (no target).
2. addmm with beta = 1 in place (c.addmm_(a, b): one gemm with beta folded
   in) against mm into a preallocated out: for 2048^2 (no target) and for
   k = 16, where the product costs about one pass over c, so that a pass
   more would show (target <= 1.0x); and the out-of-place addmm (t copied
   into out first: one pass more, no target).
3. bmm of 64 x (256x256) float32 against torch.bmm (target <= 1.0x) and
   numpy's matmul (no target).
4. Vectors: M @ v and M.T @ v for a 4096x4096 float32 M, v @ M, and dot of
   two 16M float32 vectors, against numpy and torch (target: never slower
   than both; gemv and dot, where a gemm of one column packed all of M).

Each figure is the minimum over repeats of one call, the two sides of a
ratio run alternately (see compare()).

    PYTHONPATH=. python benchmarks/bench_blas.py [--quick] [--threads N]

benchmarks/run.py imports run().
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

MM_TARGET = 1.1  # th.mm / numpy @
ADDMM_TARGET = 1.0  # in-place addmm (beta 1) / mm into out
BMM_TARGET = 1.0  # th.bmm / torch.bmm


def compare(ours, theirs, repeat):
    """Minimum times of ours() and theirs(), run alternately with a pause
    after each call: on a busy machine the load drifts, and BLAS threads spin
    a little after a call, which would slow the next library down."""
    times = ([], [])
    for _ in range(repeat + 1):  # the first round warms up
        for fn, out in zip((ours, theirs), times):
            start = time.perf_counter()
            fn()
            out.append(time.perf_counter() - start)
            time.sleep(0.05)
    return min(times[0][1:]), min(times[1][1:])


def verdict(label, value, target):
    """The default record of a figure: "  ok" or "  MISSED" against its
    target (benchmarks/run.py passes its own, which also keeps them)."""
    return "" if target is None else ("  ok" if value <= target else "  MISSED")


def three_way(cases, record=None, quick=False, width=36):
    """For each (label, ours, numpy_, torch_) of cases: th against numpy and
    against torch (each pair run alternately by compare), and the verdict on
    th against the faster of the two (target: never slower than both)."""
    record = record or verdict
    repeat = 2 if quick else 5
    for label, ours, numpy_, torch_ in cases:
        t_th, t_np = compare(ours, numpy_, repeat)
        line = f"  {label:<{width}} th {t_th * 1e3:8.2f} ms  numpy {t_np * 1e3:8.2f} ms"
        if torch_ is not None:
            t_th2, t_torch = compare(ours, torch_, repeat)
            best = min(t_th, t_th2)
            line += (f"  torch {t_torch * 1e3:8.2f} ms  th/numpy {best / t_np:5.2f}x  "
                     f"th/torch {best / t_torch:5.2f}x")
            line += record(label + " (th/faster of numpy, torch)", best / min(t_np, t_torch), 1.0)
        print(line, flush=True)


def round_robin(cases, repeats):
    """For each (name, target, calls) of cases, calls a dict library ->
    call: the calls run round-robin (a load spike on a shared machine hits
    every library alike), and a line prints each library's minimum in ms,
    th's ratios to numpy and torch, and whether th is within every library
    named in target."""
    print(f"{'case':28} {'th':>8} {'numpy':>8} {'torch':>8}   th/numpy th/torch  target")
    for name, target, calls in cases:
        best = {k: float("inf") for k in calls}
        for _ in range(repeats):
            for k, f in calls.items():
                t0 = time.perf_counter()
                f()
                best[k] = min(best[k], time.perf_counter() - t0)
        t = {k: v * 1e3 for k, v in best.items()}
        ratios = [t["th"] / t[k] if k in t else float("nan") for k in ("numpy", "torch")]
        goal = " and ".join(f"<= {k}" for k in target) or "-"
        met = "" if not target else (" ok" if all(t["th"] <= t[k] for k in target if k in t)
                                     else " MISSED")
        print(f"{name:28} {t['th']:8.2f} {t['numpy']:8.2f} {t.get('torch', float('nan')):8.2f}"
              f"   {ratios[0]:8.2f} {ratios[1]:8.2f}  {goal}{met}")


def run(record=None, quick=False):
    """Prints each figure; record(label, ratio, target) (benchmarks/run.py's)
    returns the verdict text."""
    record = record or (lambda label, value, target: "" if target is None else (
        "  ok" if value <= target else "  MISSED"))
    repeat = 3 if quick else 7
    rng = np.random.default_rng(0)

    def line(label, ours, theirs, target):
        print(f"  {label:<44} th {ours * 1e3:8.2f} ms, other {theirs * 1e3:8.2f} ms "
              f"{ours / theirs:6.2f}x" + record(label, ours / theirs, target), flush=True)

    x = rng.standard_normal((2048, 2048), dtype=np.float32)
    y = rng.standard_normal((2048, 2048), dtype=np.float32)
    a, b = th.from_numpy(x), th.from_numpy(y)
    out, np_out = th.empty(2048, 2048), np.empty_like(x)
    line("mm 2048^2 float32 (th/numpy @)", *compare(
        lambda: th.mm(a, b, out=out), lambda: np.matmul(x, y, out=np_out), repeat), MM_TARGET)
    if torch is not None:
        tx, ty, t_out = torch.from_numpy(x), torch.from_numpy(y), torch.empty(2048, 2048)
        line("mm 2048^2 float32 (th/torch.mm)", *compare(
            lambda: th.mm(a, b, out=out), lambda: torch.mm(tx, ty, out=t_out), repeat), None)
    c = th.zeros(2048, 2048)
    line("addmm_ beta=1 in place (th addmm_/th mm)", *compare(
        lambda: c.addmm_(a, b), lambda: th.mm(a, b, out=out), repeat), None)
    # k = 16: the product costs about one pass over c, so a pass more shows
    thin_a, thin_b = th.from_numpy(x[:, :16].copy()), th.from_numpy(y[:16].copy())
    line("k=16: addmm_ beta=1 in place (th addmm_/th mm)", *compare(
        lambda: c.addmm_(thin_a, thin_b), lambda: th.mm(thin_a, thin_b, out=out), repeat),
        ADDMM_TARGET)
    line("k=16: addmm beta=1 out of place (th addmm/th mm)", *compare(
        lambda: th.addmm(c, thin_a, thin_b, out=out), lambda: th.mm(thin_a, thin_b, out=out),
        repeat), None)

    x3 = rng.standard_normal((64, 256, 256), dtype=np.float32)
    y3 = rng.standard_normal((64, 256, 256), dtype=np.float32)
    a3, b3 = th.from_numpy(x3), th.from_numpy(y3)
    if torch is not None:
        tx3, ty3 = torch.from_numpy(x3), torch.from_numpy(y3)
        line("bmm 64 x 256^2 float32 (th/torch.bmm)", *compare(
            lambda: th.bmm(a3, b3), lambda: torch.bmm(tx3, ty3), repeat), BMM_TARGET)
    line("bmm 64 x 256^2 float32 (th/numpy matmul)", *compare(
        lambda: th.bmm(a3, b3), lambda: np.matmul(x3, y3), repeat), None)

    m = rng.standard_normal((4096, 4096), dtype=np.float32)
    v = rng.standard_normal(4096, dtype=np.float32)
    u = rng.standard_normal(1 << 24, dtype=np.float32)
    w = rng.standard_normal(1 << 24, dtype=np.float32)
    tm, tv, tu, tw = (th.from_numpy(z) for z in (m, v, u, w))
    pm, pv, pu, pw = (torch.from_numpy(z) for z in (m, v, u, w)) if torch else (None,) * 4
    cases = [("M @ v, 4096^2 float32", lambda: tm @ tv, lambda: m @ v, lambda: pm @ pv),
             ("M.T @ v, 4096^2 float32", lambda: tm.T @ tv, lambda: m.T @ v,
              lambda: pm.T @ pv),
             ("v @ M, 4096^2 float32", lambda: tv @ tm, lambda: v @ m, lambda: pv @ pm),
             ("dot of 16M float32", lambda: th.dot(tu, tw), lambda: np.dot(u, w),
              lambda: torch.dot(pu, pw))]
    for label, ours, numpy_, torch_ in cases:
        t_th, t_np = compare(ours, numpy_, repeat)
        line(label + " (th/numpy)", t_th, t_np, None if torch else 1.0)
        if torch is not None:
            t_th2, t_torch = compare(ours, torch_, repeat)
            line(label + " (th/torch)", t_th2, t_torch, None)
            # the target: never slower than both
            record(label + " (th/faster of numpy, torch)",
                   min(t_th, t_th2) / min(t_np, t_torch), 1.0)

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument("--threads", type=int, default=th.get_num_threads(),
                        help="threads for th's (and so OpenBLAS's) and torch's work")
    args = parser.parse_args(argv)
    th.set_num_threads(args.threads)
    if torch is not None:
        torch.set_num_threads(args.threads)
    print(f"numpy {np.__version__}, torch {torch.__version__ if torch else '-'}, "
          f"{args.threads} threads (numpy's OpenBLAS: its default)")
    run(quick=args.quick)


if __name__ == "__main__":
    main(sys.argv[1:])
