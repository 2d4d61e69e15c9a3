"""th through a Dask cluster, side by side with numpy and torch: a gather of
256 MiB from a worker process to the client, and a client.scatter of 256 MiB
to it (direct), over distributed's TCP comm (a LocalCluster with one worker
process). The gather is timed twice: through the scheduler (Future.result's
route) and direct from the worker. "th (pickle)" is th without its serializer
(th/_dask.py unregistered on the client and the worker): distributed's
fallback, pickle protocol 5 with out-of-band buffers, as before th had one.

Each figure is the minimum over repeats (ms); the array is made on the worker
once per library (gather) or on the client (scatter). Nothing is asserted:
the script prints each time and its ratio to numpy's.

    PYTHONPATH=. python benchmarks/bench_dask.py [--quick] [--mib N]
"""
import argparse
import os
import sys

import numpy as np
import torch

import th

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_views import best_ms  # noqa: E402
from distributed import Client, LocalCluster, wait

LIBS = ["numpy", "torch", "th", "th (pickle)"]


def make(lib, nbytes):
    n = nbytes // 4
    if lib == "numpy":
        return np.arange(n, dtype=np.float32)
    if lib == "torch":
        return torch.arange(n, dtype=torch.float32)
    return th.arange(n, dtype=th.float32)


def use_th_serializer(on):
    """Registers (on) or removes th's distributed serializers in this process."""
    from distributed.protocol.serialize import dask_deserialize, dask_serialize

    import th._dask
    for dispatch in (dask_serialize, dask_deserialize):
        for cls in (th.Tensor, th.Storage):
            dispatch._lookup.pop(cls, None)
    if on:
        th._dask._register_distributed()





def gather_ms(client, lib, nbytes, repeats):
    """(through the scheduler, Future.result's route here; direct from the worker)"""
    future = client.submit(make, lib, nbytes, pure=False)
    wait(future)
    ms = (best_ms(future.result, repeats),
          best_ms(lambda: client.gather(future, direct=True), repeats))
    future.release()
    return ms


def scatter_ms(client, lib, nbytes, repeats):
    data = make(lib, nbytes)

    def once():
        future = client.scatter(data, direct=True)
        wait(future)
        future.release()
    return best_ms(once, repeats)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument("--mib", type=int, default=256, help="MiB per transfer")
    args = parser.parse_args()
    nbytes, repeats = args.mib << 20, 3 if args.quick else 7
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                      dashboard_address="127.0.0.1:0", silence_logs=40) as cluster, \
            Client(cluster) as client:
        results = {}
        for lib in LIBS:
            pickled = lib == "th (pickle)"
            use_th_serializer(not pickled)
            client.run(use_th_serializer, not pickled)
            results[lib] = (*gather_ms(client, lib.split()[0], nbytes, repeats),
                            scatter_ms(client, lib.split()[0], nbytes, repeats))
    print(f"{args.mib} MiB float32, LocalCluster(n_workers=1, processes=True), "
          f"minimum of {repeats} (ms)")
    columns = ["gather", "direct", "scatter"]  # gather: through the scheduler
    print(f"{'':<12}" + "".join(f"{c:>10}{'/numpy':>8}" for c in columns))
    for lib, times in results.items():
        print(f"{lib:<12}" + "".join(f"{t:>10.1f}{t / n:>8.2f}"
                                     for t, n in zip(times, results["numpy"])))


if __name__ == "__main__":
    main()
