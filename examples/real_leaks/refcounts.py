"""The leaks measured without th: each test of this folder run 100 times
(after one warm-up) and the reference counts of the objects the two leaks
are known to hit compared before and after (sys.getrefcount). The oracle for
which tests leak with the installed releases: `python refcounts.py`."""
import sys

import numpy as np
import zstandard

import test_numpy_scalar_str
import test_zstd_decompressobj

CALLS = 100
WATCHED = {f"dtype {t.__name__}": np.dtype(t) for t in (np.int32, np.int64, np.float64)}
WATCHED["b''"] = b""


def growth(test):
    test()  # warm-up: caches, lazily made objects
    before = {name: sys.getrefcount(obj) for name, obj in WATCHED.items()}
    for _ in range(CALLS):
        test()
    return {name: sys.getrefcount(obj) - before[name] for name, obj in WATCHED.items()}


def main():
    print(f"numpy {np.__version__}, zstandard {zstandard.__version__}: "
          f"references gained over {CALLS} calls of each test")
    leaking = []
    for module in (test_numpy_scalar_str, test_zstd_decompressobj):
        for name in sorted(n for n in vars(module) if n.startswith("test_")):
            grown = {k: v for k, v in growth(getattr(module, name)).items() if v}
            nodeid = f"{module.__name__}.py::{name}"
            print(f"  {nodeid}: " + (", ".join(f"{k} {v:+d}" for k, v in grown.items())
                                     or "none"))
            leaking += [nodeid] if grown else []
    print("leaking:", " ".join(leaking) or "none")


if __name__ == "__main__":
    main()
