"""Ray's object store with th tensors, side by side with numpy arrays and
torch tensors (when importable) of the same bytes, in one process and one
local Ray instance:

- ray.put of 1 GiB (float32): one copy into the store for all three;
- ray.get of it: th and numpy map the store (a read-only view, no copy);
  torch copies (torch.Tensor has no out-of-band pickling of its own);
- a task that receives the 1 GiB object by reference and returns one element;
- ray.put of a 10-element view of the 1 GiB tensor (th and torch ship a
  view's storage as they pickle it; numpy ships the view's elements).

Times are minimums over repeats, in ms. Nothing is asserted: the script prints.

    PYTHONPATH=. python benchmarks/bench_ray.py [--quick]
"""
import argparse
import os
import sys

import numpy as np
import ray

import th

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_views import best_ms  # noqa: E402

GiB = 1 << 30





@ray.remote
def last_element(x):
    return float(x[-1])


def libraries():
    libs = {"th": lambda n: th.ones(n, dtype=th.float32),
            "numpy": lambda n: np.ones(n, dtype=np.float32)}
    try:
        import torch
        libs["torch"] = lambda n: torch.ones(n, dtype=torch.float32)
    except ImportError:
        pass
    return libs


def measure(x, repeat):
    """One library's row: x (1 GiB) through the store, and a view of it."""
    ref = ray.put(x)
    ray.get(last_element.remote(ref))  # the worker started, the code shipped
    view = x[1000:1010]
    view_ref = ray.put(view)
    return {
        "ray.put": best_ms(lambda: ray.put(x), repeat),
        "ray.get": best_ms(lambda: ray.get(ref), repeat),
        "task(ref)": best_ms(lambda: ray.get(last_element.remote(ref)), repeat),
        "put view (ms)": best_ms(lambda: ray.put(view), repeat),
        "view bytes": ray.experimental.get_object_locations([view_ref])[view_ref]["object_size"],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="256 MiB, fewer repeats")
    args = parser.parse_args()
    nbytes = GiB // 4 if args.quick else GiB
    repeat = 2 if args.quick else 3
    ray.init(num_cpus=1, include_dashboard=False, logging_level="ERROR",
             object_store_memory=4 * nbytes + GiB)
    for _ in range(3):  # the store's pages touched once: the first library is not charged
        ray.put(np.zeros(nbytes, dtype=np.uint8))
    rows = {name: measure(make(nbytes // 4), repeat) for name, make in libraries().items()}
    ray.shutdown()
    names = list(rows)
    print(f"Ray object store, {nbytes >> 20} MiB float32 (times in ms)")
    print(f"{'':<16}" + "".join(f"{n:>14}" for n in names)
          + "".join(f"{'th/' + n:>12}" for n in names[1:]))
    for key in rows["th"]:
        values = [rows[n][key] for n in names]
        line = f"{key:<16}" + "".join(f"{v:>14.3f}" if isinstance(v, float) else f"{v:>14}"
                                      for v in values)
        if isinstance(values[0], float):
            line += "".join(f"{values[0] / v:>12.2f}" for v in values[1:])
        print(line)


if __name__ == "__main__":
    main()
