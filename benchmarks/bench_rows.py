"""The fused row kernels: th against numpy and torch on the same data, one
run side by side, at 1 and 2 threads.

Targets: th.softmax, th.log_softmax and th.nn.functional.layer_norm over
a (4096, 1024) float32 tensor along the last dim at most torch's time, at
1 and 2 threads (th.set_num_threads / torch.set_num_threads). numpy's
columns are the composed forms (scipy.special.softmax and log_softmax when
scipy is importable, else max, exp, sum and divide; layer_norm as mean, var
and the affine step), on one thread. Also printed without a target:
logsumexp, rms_norm, softmax along dim 0, and a bfloat16 softmax. Each
case is called round-robin with the others, minimum of the repeats in ms.
Nothing is asserted: the script prints.

    PYTHONPATH=. python benchmarks/bench_rows.py [--quick] [--threads N]
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import th  # noqa: E402
import th.nn.functional as F  # noqa: E402
from bench_blas import round_robin  # noqa: E402

try:
    import torch
except ImportError:  # pragma: no cover - torch is optional
    torch = None
try:
    import scipy.special as special
except ImportError:  # pragma: no cover
    special = None


def np_softmax(a, axis=-1):
    if special is not None:
        return special.softmax(a, axis=axis)
    e = np.exp(a - a.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def np_log_softmax(a, axis=-1):
    if special is not None:
        return special.log_softmax(a, axis=axis)
    s = a - a.max(axis=axis, keepdims=True)
    return s - np.log(np.exp(s).sum(axis=axis, keepdims=True))


def np_logsumexp(a, axis=-1):
    if special is not None:
        return special.logsumexp(a, axis=axis)
    m = a.max(axis=axis, keepdims=True)
    return (np.log(np.exp(a - m).sum(axis=axis, keepdims=True)) + m).squeeze(axis)


def np_layer_norm(a, w, b, eps=1e-5):
    mean = a.mean(-1, keepdims=True)
    var = a.var(-1, keepdims=True)
    return (a - mean) / np.sqrt(var + eps) * w + b


def np_rms_norm(a, w, eps=1.1920928955078125e-07):
    return a / np.sqrt((a * a).mean(-1, keepdims=True) + eps) * w


def cases(rows, cols):
    rng = np.random.default_rng(0)
    x = rng.standard_normal((rows, cols), dtype=np.float32)
    w = rng.standard_normal(cols, dtype=np.float32)
    b = rng.standard_normal(cols, dtype=np.float32)
    libs = {"numpy": (x, w, b), "th": tuple(th.from_numpy(a) for a in (x, w, b))}
    libs["th"] += (libs["th"][0].to(th.bfloat16),)
    if torch is not None:
        libs["torch"] = tuple(torch.from_numpy(a) for a in (x, w, b))
        libs["torch"] += (libs["torch"][0].to(torch.bfloat16),)
    nf = torch.nn.functional if torch is not None else None
    out = []

    def add(name, target, np_call, th_call, torch_call):
        calls = {"numpy": lambda: np_call(*libs["numpy"]), "th": lambda: th_call(*libs["th"])}
        if torch is not None:
            calls["torch"] = lambda: torch_call(*libs["torch"])
        out.append((name, target, calls))

    shape = f"({rows}, {cols})"
    add(f"softmax {shape}", ("torch",), lambda x, w, b: np_softmax(x),
        lambda x, *_: th.softmax(x, -1), lambda x, *_: torch.softmax(x, -1))
    add(f"log_softmax {shape}", ("torch",), lambda x, w, b: np_log_softmax(x),
        lambda x, *_: th.log_softmax(x, -1), lambda x, *_: torch.log_softmax(x, -1))
    add(f"layer_norm {shape}", ("torch",), np_layer_norm,
        lambda x, w, b, _: F.layer_norm(x, (cols,), w, b),
        lambda x, w, b, _: nf.layer_norm(x, (cols,), w, b))
    add(f"logsumexp {shape}", (), lambda x, w, b: np_logsumexp(x),
        lambda x, *_: th.logsumexp(x, -1), lambda x, *_: torch.logsumexp(x, -1))
    add(f"rms_norm {shape}", (), lambda x, w, b: np_rms_norm(x, w),
        lambda x, w, b, _: F.rms_norm(x, (cols,), w),
        lambda x, w, b, _: nf.rms_norm(x, (cols,), w))
    add(f"softmax(dim=0) {shape}", (), lambda x, w, b: np_softmax(x, 0),
        lambda x, *_: th.softmax(x, 0), lambda x, *_: torch.softmax(x, 0))
    add(f"softmax bf16 {shape}", (), lambda x, w, b: np_softmax(x),
        lambda x, w, b, h: th.softmax(h, -1), lambda x, w, b, h: torch.softmax(h, -1))
    return out


def run(quick=False, threads=None):
    repeats = 3 if quick else 10
    for n in ([threads] if threads else [1, 2]):
        th.set_num_threads(n)
        if torch is not None:
            torch.set_num_threads(n)
        print(f"row kernels, minimum of {repeats} (ms); th and torch on {n} thread(s), "
              "numpy (composed) on 1")
        round_robin(cases(4096, 1024), repeats)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--threads", type=int)
    args = parser.parse_args()
    run(args.quick, args.threads)
