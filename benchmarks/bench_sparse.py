"""Sparse COO against torch.sparse and scipy, side by side in one run.

1. coalesce of a 100000 x 100000 float32 tensor with nnz = 1,000,000 and ~10%
   duplicates, unsorted: th (1 and 2 threads) against torch's coalesce (same
   threads), scipy's sum_duplicates and tocsr. Target: th <= 0.3x torch on
   one thread, faster again on two.
2. The same with hybrid values (nnz x 16).
3. to_dense of a 2000 x 2000 float32 tensor with nnz = 200,000 (unsorted):
   th against torch and scipy's toarray, and allocating and touching the
   result alone (numpy zeros + a write per page). Target: th <= scipy.
4. to_dense of the hybrid 2000 x 2000 x 16 tensor.

Times are minimums over repeats; the first call of each is a warm-up.

    PYTHONPATH=. python benchmarks/bench_sparse.py [--repeat N]
"""
import argparse
import os
import sys

import numpy as np

import th

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_views as bv  # noqa: E402

COALESCE_TARGET = 0.3  # th / torch, one thread
TO_DENSE_TARGET = 1.0  # th / scipy


def best(f, repeat):
    f()  # warm
    return bv.best_ms(f, repeat)


def coo_case(rng, n, nnz, dup_fraction, dense=()):
    fresh = nnz - int(nnz * dup_fraction)
    indices = rng.integers(0, n, (2, fresh))
    indices = np.concatenate([indices, indices[:, rng.integers(0, fresh, nnz - fresh)]], 1)
    indices = np.ascontiguousarray(indices[:, rng.permutation(nnz)])
    values = rng.standard_normal((nnz,) + dense).astype(np.float32)
    return indices, values


def row(name, ms, ref=None, target=None):
    ratio = f"{ms / ref:6.2f}x" if ref else ""
    goal = f"(target <= {target}x)" if target else ""
    print(f"  {name:<44} {ms:9.2f} ms {ratio} {goal}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    try:
        import torch
    except ImportError:
        torch = None
    try:
        import scipy.sparse as sp
    except ImportError:
        sp = None
    rng = np.random.default_rng(0)
    threads_before = th.get_num_threads()

    for title, dense in [("coalesce 100000^2, nnz 1e6, ~10% duplicates", ()),
                         ("coalesce, hybrid values nnz x 16", (16,))]:
        print(title)
        indices, values = coo_case(rng, 100000, 1_000_000, 0.1, dense)
        size = (100000, 100000) + dense
        s = th.sparse_coo_tensor(th.from_numpy(indices), th.from_numpy(values), size)
        t = torch.sparse_coo_tensor(torch.from_numpy(indices), torch.from_numpy(values), size,
                                    check_invariants=False) if torch else None
        for threads in (1, 2):
            th.set_num_threads(threads)
            ours = best(lambda: s.coalesce(), args.repeat)
            if torch:
                torch.set_num_threads(threads)
                theirs = best(lambda: t.coalesce(), args.repeat)
                row(f"torch coalesce ({threads} thread{'s' * (threads > 1)})", theirs)
                row(f"th coalesce ({threads} thread{'s' * (threads > 1)})", ours, theirs,
                    COALESCE_TARGET if threads == 1 else None)
            else:
                row(f"th coalesce ({threads} threads)", ours)
        if sp and not dense:
            m = sp.coo_array((values, (indices[0], indices[1])), shape=size)
            row("scipy sum_duplicates (on a copy)", best(lambda: m.copy().sum_duplicates(),
                                                         max(2, args.repeat // 2)))
            row("scipy tocsr", best(lambda: m.tocsr(), args.repeat))
        row("floor: memcpy of indices + values", best(
            lambda: (indices.copy(), values.copy()), args.repeat))
    th.set_num_threads(1)
    if torch:
        torch.set_num_threads(1)

    for title, dense in [("to_dense 2000^2, nnz 200000", ()),
                         ("to_dense hybrid 2000^2 x 16, nnz 200000", (16,))]:
        print(title + " (1 thread)")
        indices = rng.integers(0, 2000, (2, 200_000))
        values = rng.standard_normal((200_000,) + dense).astype(np.float32)
        size = (2000, 2000) + dense
        s = th.sparse_coo_tensor(th.from_numpy(indices), th.from_numpy(values), size)
        ref = None
        if sp and not dense:
            m = sp.coo_array((values, (indices[0], indices[1])), shape=size)
            ref = best(lambda: m.toarray(), args.repeat)
            row("scipy toarray", ref)
        if torch:
            t = torch.sparse_coo_tensor(torch.from_numpy(indices), torch.from_numpy(values), size,
                                        check_invariants=False)
            row("torch to_dense", best(lambda: t.to_dense(), args.repeat))
        row("th to_dense", best(lambda: s.to_dense(), args.repeat), ref,
            TO_DENSE_TARGET if ref else None)
        page = 4096 // 4
        row("floor: numpy zeros + a write per page",
            best(lambda: np.zeros(size, np.float32).reshape(-1)[::page].fill(1), args.repeat))
    th.set_num_threads(threads_before)


if __name__ == "__main__":
    main()
