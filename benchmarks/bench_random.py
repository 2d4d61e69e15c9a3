"""Random fills, side by side with torch (the same stream: mt19937, the same
transforms) and numpy (its default Generator: PCG64, other algorithms, so a
comparison of throughput only), on the same sizes in one process:

1. rand, randn and randint of 16M float32 / int64; exponential_ and
   bernoulli_ of 16M; randperm of 4M; multinomial of 100000 draws from 1000
   categories, with replacement, and of 1000 of 100000 without.

Target for each: never slower than both numpy and torch. Fills are serial
in every library (one generator stream, its order fixed), so the figures
are the cost of a draw and its transform.

    PYTHONPATH=. python benchmarks/bench_random.py [--quick]
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

N = 1 << 24


def cases():
    """(label, th call, numpy call, torch call)"""
    rng = np.random.default_rng(0)
    t32, t64, ti = th.empty(N), th.empty(N, dtype=th.float64), th.empty(N, dtype=th.int64)
    p32 = torch.empty(N) if torch else None
    p64 = torch.empty(N, dtype=torch.float64) if torch else None
    a32, a64 = np.empty(N, np.float32), np.empty(N)
    weights = rng.random(1000)
    wide = rng.random(100000)
    tw, pw = th.tensor(weights), torch.tensor(weights) if torch else None
    tw2, pw2 = th.tensor(wide), torch.tensor(wide) if torch else None
    return [
        ("rand 16M float32", lambda: t32.uniform_(), lambda: rng.random(out=a32, dtype=np.float32),
         lambda: p32.uniform_()),
        ("randn 16M float32", lambda: t32.normal_(),
         lambda: rng.standard_normal(out=a32, dtype=np.float32), lambda: p32.normal_()),
        ("randn 16M float64", lambda: t64.normal_(), lambda: rng.standard_normal(out=a64),
         lambda: p64.normal_()),
        ("randint 16M int64 [0, 1000)", lambda: ti.random_(0, 1000),
         lambda: rng.integers(0, 1000, N), lambda: torch.randint(0, 1000, (N,))),
        ("exponential_ 16M float64", lambda: t64.exponential_(),
         lambda: rng.standard_exponential(out=a64), lambda: p64.exponential_()),
        ("bernoulli_ 16M float32 p=0.3", lambda: t32.bernoulli_(0.3),
         lambda: rng.random(N) < 0.3, lambda: p32.bernoulli_(0.3)),
        ("randperm 4M", lambda: th.randperm(1 << 22), lambda: rng.permutation(1 << 22),
         lambda: torch.randperm(1 << 22)),
        ("multinomial 1000 categories, 100000 with replacement",
         lambda: th.multinomial(tw, 100000, True),
         lambda: rng.choice(1000, 100000, p=weights / weights.sum()),
         lambda: torch.multinomial(pw, 100000, True)),
        ("multinomial 100000 categories, 1000 without",
         lambda: th.multinomial(tw2, 1000),
         lambda: rng.choice(100000, 1000, replace=False, p=wide / wide.sum()),
         lambda: torch.multinomial(pw2, 1000)),
    ]


def run(record=None, quick=False):
    """Prints each figure; record(label, ratio, target) (benchmarks/run.py's)
    returns the verdict text."""
    three_way([(label, ours, numpy_, torch_ if torch is not None else None)
               for label, ours, numpy_, torch_ in cases()], record, quick, width=52)

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    args = parser.parse_args(argv)
    print(f"numpy {np.__version__}, torch {torch.__version__ if torch else '-'}")
    run(quick=args.quick)


if __name__ == "__main__":
    main(sys.argv[1:])
