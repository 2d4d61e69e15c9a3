"""Indexing with index tensors and masks, side by side with numpy and torch
on the same data in one process (4096 x 4096 float32):

1. x[mask] with a mask of x's shape, nonzero of the mask, masked_select;
2. gather along each dim (numpy: take_along_axis);
3. index_add_ and scatter_add_ of 4096 rows / of every element (numpy:
   np.add.at, unbuffered).

Target for each: never slower than both numpy and torch.

    PYTHONPATH=. python benchmarks/bench_index.py [--quick]
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import th  # noqa: E402
from bench_blas import three_way  # noqa: E402

try:
    import torch
except ImportError:  # pragma: no cover - torch is optional
    torch = None


def cases():
    """(label, th call, numpy call, torch call)"""
    rng = np.random.default_rng(0)
    a = rng.standard_normal((4096, 4096)).astype(np.float32)
    m = a > 0.5
    i = rng.integers(0, 4096, (4096, 4096))
    rows = rng.integers(0, 4096, 4096)
    t, tm, ti, tr = th.from_numpy(a), th.from_numpy(m), th.from_numpy(i), th.from_numpy(rows)
    p = pm = pi = pr = None
    if torch is not None:
        p, pm, pi, pr = (torch.from_numpy(x) for x in (a, m, i, rows))
    acc, pacc, nacc = th.zeros(4096, 4096), torch.zeros(4096, 4096) if torch else None, \
        np.zeros((4096, 4096), np.float32)
    return [
        ("x[mask] (mask of x's shape)", lambda: t[tm], lambda: a[m], lambda: p[pm]),
        ("nonzero of the mask", lambda: tm.nonzero(), lambda: np.argwhere(m),
         lambda: pm.nonzero()),
        ("masked_select", lambda: t.masked_select(tm), lambda: a[m],
         lambda: p.masked_select(pm)),
        ("gather(1)", lambda: t.gather(1, ti), lambda: np.take_along_axis(a, i, 1),
         lambda: p.gather(1, pi)),
        ("gather(0)", lambda: t.gather(0, ti), lambda: np.take_along_axis(a, i, 0),
         lambda: p.gather(0, pi)),
        ("index_add_ of 4096 rows", lambda: acc.index_add_(0, tr, t),
         lambda: np.add.at(nacc, rows, a), lambda: pacc.index_add_(0, pr, p)),
        ("scatter_add_(1) of every element", lambda: acc.scatter_add_(1, ti, t),
         lambda: np.add.at(nacc, (np.arange(4096)[:, None], i), a),
         lambda: pacc.scatter_add_(1, pi, p)),
    ]


def run(record=None, quick=False):
    """Prints each figure; record(label, ratio, target) (benchmarks/run.py's)
    returns the verdict text."""
    three_way([(label, ours, numpy_, torch_ if torch is not None else None)
               for label, ours, numpy_, torch_ in cases()], record, quick, width=36)

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    args = parser.parse_args(argv)
    print(f"numpy {np.__version__}, torch {torch.__version__ if torch else '-'}")
    run(quick=args.quick)


if __name__ == "__main__":
    main(sys.argv[1:])
