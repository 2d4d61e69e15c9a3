"""Single operations on 64K elements (in L2), side by side with numpy and
torch in one process, one thread each: where a kernel, not memory, decides
the time (transcendentals, pow, where, clamp, floor division, reductions,
casts), and the per-call cost that a plan adds. Each figure is the minimum
over repeats of the mean over a batch of calls (time.perf_counter), in
microseconds, with the ratios th/numpy and th/torch; rows where th is more
than 15% slower than the faster of the two are marked "<<".

    PYTHONPATH=. python benchmarks/bench_kernels.py [--quick]
"""
import argparse
import os
import time

import numpy as np

import th
from bench_expr import per_call

try:
    import torch
except ImportError:
    torch = None

N = 1 << 16


def best(fn, number, repeat):
    """Microseconds per call (bench_expr's per_call, in wall time)."""
    return per_call(fn, number, repeat, time.perf_counter) * 1e6


def arrays():
    rng = np.random.default_rng(0)
    return {"f": rng.random(N, dtype=np.float32) + 0.5, "g": rng.random(N, dtype=np.float32) + 0.5,
            "d": rng.random(N) + 0.5, "i": rng.integers(1, 100, N, dtype=np.int32),
            "j": rng.integers(1, 100, N, dtype=np.int32), "b": rng.random(N) > 0.5,
            "h": (rng.random(N) + 0.5).astype(np.float16),
            "m": rng.random((256, 256), dtype=np.float32)}


def cases():
    """(name, fn(X, lib)): X the arrays in the library's type, lib its module."""
    def np_or(numpy_fn, other):
        return lambda X, L: numpy_fn(X, L) if L is np else other(X, L)
    return [
        ("f + g", lambda X, L: X["f"] + X["g"]),
        ("f / g", lambda X, L: X["f"] / X["g"]),
        ("f ** 2", lambda X, L: X["f"] ** 2),
        ("f ** 0.5", lambda X, L: X["f"] ** 0.5),
        ("f ** g", lambda X, L: X["f"] ** X["g"]),
        ("f > g", lambda X, L: X["f"] > X["g"]),
        ("i // j", lambda X, L: X["i"] // X["j"]),
        ("f // g", lambda X, L: X["f"] // X["g"]),
        ("f % g", lambda X, L: X["f"] % X["g"]),
        ("h + h (float16)", lambda X, L: X["h"] + X["h"]),
        ("where(b, f, g)", lambda X, L: L.where(X["b"], X["f"], X["g"])),
        ("clamp(f, .6, 1.2)", np_or(lambda X, L: np.clip(X["f"], 0.6, 1.2),
                                    lambda X, L: L.clamp(X["f"], 0.6, 1.2))),
        ("maximum(f, g)", lambda X, L: L.maximum(X["f"], X["g"])),
        ("f / f.sum()", lambda X, L: X["f"] / X["f"].sum()),
        ("sqrt(f)", lambda X, L: L.sqrt(X["f"])),
        ("exp(f)", lambda X, L: L.exp(X["f"])),
        ("log(f)", lambda X, L: L.log(X["f"])),
        ("sin(f)", lambda X, L: L.sin(X["f"])),
        ("tanh(f)", lambda X, L: L.tanh(X["f"])),
        ("exp(d) (float64)", lambda X, L: L.exp(X["d"])),
        ("f.sum()", lambda X, L: X["f"].sum()),
        ("f.max()", lambda X, L: X["f"].max()),
        ("f.argmax()", lambda X, L: X["f"].argmax()),
        ("f.std()", lambda X, L: X["f"].std()),
        ("i.sum()", lambda X, L: X["i"].sum()),
        ("b.sum()", lambda X, L: X["b"].sum()),
        ("m.sum(0) 256^2", lambda X, L: X["m"].sum(0)),
        ("m.sum(1) 256^2", lambda X, L: X["m"].sum(1)),
        ("f.double()", np_or(lambda X, L: X["f"].astype(np.float64), lambda X, L: X["f"].double())),
        ("i.float()", np_or(lambda X, L: X["i"].astype(np.float32), lambda X, L: X["i"].float())),
    ]


def main(quick=False):
    number, repeat = (30, 3) if quick else (200, 5)
    th.set_num_threads(1)
    if torch:
        torch.set_num_threads(1)
    a = arrays()
    libs = {"th": ({k: th.from_numpy(v) for k, v in a.items()}, th), "numpy": (a, np)}
    if torch:
        libs["torch"] = ({k: torch.from_numpy(v) for k, v in a.items()}, torch)
    print(f"## Kernels: {N} elements, 1 thread, microseconds per call")
    print(f"th from {os.path.dirname(th.__file__)}")
    print(f"{'case':<20}" + "".join(f"{k:>9}" for k in libs) + "  th/numpy" +
          ("  th/torch" if torch else ""))
    for name, fn in cases():
        t = {k: best(lambda X=X, L=L: fn(X, L), number, repeat) for k, (X, L) in libs.items()}
        others = [t[k] for k in libs if k != "th"]
        mark = "  <<" if t["th"] > 1.15 * min(others) else ""
        print(f"{name:<20}" + "".join(f"{t[k]:>9.2f}" for k in libs) +
              f"{t['th'] / t['numpy']:>10.2f}" +
              (f"{t['th'] / t['torch']:>10.2f}" if torch else "") + mark)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    main(parser.parse_args().quick)
