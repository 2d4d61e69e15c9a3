"""Views and copies: th side by side with numpy (and torch when importable).

Measured, in one process and one run, on the same data (same sizes, dtypes and
bytes) in every library:

1. ``contiguous()`` of a transposed 4096x4096 float32 (numpy:
   ``np.ascontiguousarray(a.T)``), against a plain copy of the same bytes
   (th/torch: ``clone()`` of a contiguous tensor; numpy: ``a.copy()``); th's
   transposed/plain ratio is printed too (project target: <= 1.5x).
2. ``contiguous()`` of other strided inputs: every other column, a permuted
   3-d tensor, a slice narrowed along its last dim.
3. ``copy_`` into a preallocated 4096x4096 tensor, broadcasting a row or a
   column, and converting dtypes (numpy: ``np.copyto(dst, src,
   casting='unsafe')``).
4. Python-level view creation on a 64x64 float32 tensor, the view freed right
   away (``x.narrow(0, 1, 2)`` as a statement whose result is discarded), in
   ns per op (project target: <= 0.7x numpy's time).

Large copies report the minimum of a few single calls (after a warm-up call);
view creation reports the minimum over repeats of a tight ``timeit`` loop
(the statement is compiled into the loop: no extra function call per op).
th splits copies of more than a few MiB across th.get_num_threads() threads
(``--threads`` sets it); torch gets the same number of intra-op threads;
numpy runs on one. Nothing is asserted: the script prints.

Run from a built tree (``python setup.py build_ext --inplace``)::

    PYTHONPATH=. python benchmarks/bench_views.py [--quick] [--threads N]

``benchmarks/run.py`` (or anything else) can import ``CASES``, ``libraries()``
and ``run_case()``, or call ``main(argv)``.
"""
import argparse
import ctypes
import os
import platform
import sys
import time
import timeit
from dataclasses import dataclass
from typing import Callable


import numpy as np

import th

try:
    import torch
except ImportError:  # the torch column is left out
    torch = None

N = 4096  # side of the large square tensors
SMALL = 64  # side of the tensor whose views are timed


def best_ms(fn, repeat):
    """The fastest of repeat calls of fn, in ms (wall time)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1e3


# ---------------------------------------------------------------- libraries

class Lib:
    """One library's way of making data and doing each measured operation.
    th and torch share the torch-style API; NumpyLib overrides the rest."""

    def __init__(self, name, module):
        self.name = name
        self.module = module

    def version(self):
        return self.module.__version__

    def data(self, shape, dtype="float32"):
        """A new contiguous array holding the benchmark's standard values,
        byte for byte the same in every library (small integers: exact in
        every dtype measured, uint8 and float16 included)."""
        if dtype == "bfloat16":  # numpy has none: converted by the library itself
            return self.copy(self.empty(shape, dtype), self.data(shape))
        return self.from_numpy(reference_data(shape, dtype))

    def from_numpy(self, a):
        raise NotImplementedError

    def empty(self, shape, dtype="float32"):
        return self.module.empty(*shape, dtype=getattr(self.module, dtype))

    # views, each by the library's own idiom
    def t(self, x):
        return x.t()

    def permute(self, x, *dims):
        return x.permute(*dims)

    def narrow(self, x, dim, start, length):
        return x.narrow(dim, start, length)

    # copies
    def contiguous(self, x):
        return x.contiguous()

    def clone(self, x):
        return x.clone()

    def copy(self, dst, src):
        return dst.copy_(src)


class ThLib(Lib):
    def version(self):
        return f"{th.__version__} (threads={th.get_num_threads()})"

    def from_numpy(self, a):
        out = self.empty(a.shape, a.dtype.name)
        ctypes.memmove(out.data_ptr(), a.ctypes.data, a.nbytes)
        return out


class TorchLib(Lib):
    def version(self):
        return f"{torch.__version__} (threads={torch.get_num_threads()})"

    def from_numpy(self, a):
        return torch.from_numpy(a.copy())


class NumpyLib(Lib):
    def from_numpy(self, a):
        return a.copy()

    def empty(self, shape, dtype="float32"):
        return np.empty(shape, dtype=dtype)

    def t(self, x):
        return x.T

    def permute(self, x, *dims):
        return x.transpose(dims)

    def narrow(self, x, dim, start, length):
        index = [slice(None)] * x.ndim
        index[dim] = slice(start, start + length)
        return x[tuple(index)]

    def contiguous(self, x):
        return np.ascontiguousarray(x)

    def clone(self, x):
        return x.copy()

    def copy(self, dst, src):
        np.copyto(dst, src, casting="unsafe")
        return dst


def reference_data(shape, dtype):
    """The values every library gets: 0..250 repeating, in C order."""
    n = int(np.prod(shape))
    return (np.arange(n, dtype=np.int64) % 251).astype(dtype).reshape(shape)


def libraries():
    """th first, then numpy, then torch when it is importable."""
    libs = [ThLib("th", th), NumpyLib("numpy", np)]
    if torch is not None:
        libs.append(TorchLib("torch", torch))
    return libs


# -------------------------------------------------------------------- cases
@dataclass
class Case:
    """One measured operation. For a "copy" case, prepare(lib) returns a
    zero-argument callable doing the operation once (its inputs made in
    advance). For a "view" case, prepare(lib) returns (statement, namespace)
    for timeit, so that the statement runs inline in timeit's loop."""
    group: str
    name: str
    prepare: Callable
    kind: str = "copy"
    libs: tuple = ()  # the libraries that run it (all when empty)
    against: str = "numpy"  # the reference of its th/... ratio in run.py


def contiguous_of(make_view, shape=(N, N)):
    def prepare(lib):
        x = make_view(lib, lib.data(shape))
        return lambda: lib.contiguous(x)
    return prepare


def clone_of(shape=(N, N)):
    def prepare(lib):
        x = lib.data(shape)
        return lambda: lib.clone(x)
    return prepare


def copy_into(src_shape, src_dtype="float32", dst_dtype="float32", make_view=None):
    """dst.copy_(src) into a preallocated N x N dst; make_view(lib, src)
    turns the source into a view first (e.g. its transpose)."""
    def prepare(lib):
        dst = lib.empty((N, N), dst_dtype)
        src = lib.data(src_shape, src_dtype)
        if make_view is not None:
            src = make_view(lib, src)
        return lambda: lib.copy(dst, src)
    return prepare


def view_stmt(th_stmt, numpy_stmt=None):
    """th and torch run th_stmt; numpy runs numpy_stmt (default th_stmt)."""
    def prepare(lib):
        stmt = numpy_stmt if (numpy_stmt and isinstance(lib, NumpyLib)) else th_stmt
        return stmt, {"x": lib.data((SMALL, SMALL))}
    return prepare


TRANSPOSED = f"contiguous: {N}x{N} f32 transposed"
PLAIN = f"clone:      {N}x{N} f32 contiguous"
TRANSPOSED_INTO = f"copy_: transposed {N}x{N} f32 -> dst"
PLAIN_INTO = f"copy_: contiguous {N}x{N} f32 -> dst"

CASES = [
    # 1. transposed copy against a plain copy of the same bytes
    Case("transpose", TRANSPOSED, contiguous_of(lambda L, x: L.t(x))),
    Case("transpose", PLAIN, clone_of()),
    # ... and the same two copies into a preallocated dst: no allocation or
    # page faults, the copy loops alone
    Case("transpose", TRANSPOSED_INTO, copy_into((N, N), make_view=lambda L, x: L.t(x))),
    Case("transpose", PLAIN_INTO, copy_into((N, N))),
    # 2. other strided inputs
    Case("strided", f"contiguous: {N}x{N}[:, ::2]", contiguous_of(lambda L, x: x[:, ::2])),
    Case("strided", "contiguous: 256x256x64 permute(2, 0, 1)",
         contiguous_of(lambda L, x: L.permute(x, 2, 0, 1), shape=(256, 256, 64))),
    Case("strided", f"contiguous: {N}x{N} narrow(1, 1, {N - 2})",
         contiguous_of(lambda L, x: L.narrow(x, 1, 1, N - 2))),
    # 3. copy_ with broadcasting and with dtype conversion
    Case("copy_", f"copy_: row ({N},) -> {N}x{N} f32", copy_into((N,))),
    Case("copy_", f"copy_: col ({N}, 1) -> {N}x{N} f32", copy_into((N, 1))),
    *[Case("copy_", f"copy_: {src} -> {dst} {N}x{N}", copy_into((N, N), src, dst))
      for src, dst in [("float64", "float32"), ("int64", "float32"),
                       ("float32", "float16"), ("uint8", "float32")]],
    # 4. the dtypes other libraries bring: bfloat16 against torch (numpy has
    # none), complex against numpy
    *[Case("dtypes", f"copy_: {src} -> {dst} {N}x{N}", copy_into((N, N), src, dst),
           libs=libs, against=libs[-1])
      for src, dst, libs in [("float32", "bfloat16", ("th", "torch")),
                             ("bfloat16", "float32", ("th", "torch")),
                             ("complex64", "complex128", ("th", "numpy"))]],
    # 5. Python-level view creation (the view is freed at once)
    *[Case("views", name, view_stmt(*stmts), kind="view") for name, *stmts in [
        ("x.narrow(0, 1, 2)  | a[1:3]", "x.narrow(0, 1, 2)", "x[1:3]"),
        ("x.select(0, 5)     | a[5]", "x.select(0, 5)", "x[5]"),
        ("x.t()              | a.T", "x.t()", "x.T"),
        ("x.transpose(0, 1)  | a.transpose(1, 0)", "x.transpose(0, 1)", "x.transpose(1, 0)"),
        ("x[1:3]", "x[1:3]"),
        ("x[:, 1:3]", "x[:, 1:3]"),
        ("x[5]", "x[5]"),
        ("x.view(-1)         | a.reshape(-1)", "x.view(-1)", "x.reshape(-1)"),
    ]],
]


# ------------------------------------------------------------------- timing
@dataclass
class Settings:
    copy_repeat: int = 7  # single calls of a large copy (min reported)
    view_repeat: int = 7  # timeit repeats of a view loop (min reported)
    view_seconds: float = 0.05  # least duration of one view loop


QUICK = Settings(copy_repeat=3, view_repeat=3, view_seconds=0.01)


def time_call(fn, repeat, before=None):
    """Min ns of one call to fn, after a warm-up call. The result is freed
    after the clock stops: the time is the operation's, allocation included.
    before, when given, is called before each call, off the clock."""
    fn()
    best = None
    for _ in range(repeat):
        if before:
            before()
        start = time.perf_counter_ns()
        result = fn()
        elapsed = time.perf_counter_ns() - start
        del result
        best = elapsed if best is None else min(best, elapsed)
    return best


def time_stmt(stmt, namespace, repeat, seconds):
    """Min ns per execution of stmt over repeat loops of at least `seconds`
    each (the loop count chosen as timeit.autorange does)."""
    timer = timeit.Timer(stmt, globals=namespace)
    timer.timeit(number=1000)  # warm-up
    number = 1
    while True:
        for step in (1, 2, 5):
            n = number * step
            if timer.timeit(n) >= seconds:
                return min(timer.repeat(repeat, n)) / n * 1e9
        number *= 10


def run_case(case, lib, settings=None):
    """ns per operation of case in lib (None: a case lib does not run)."""
    if case.libs and lib.name not in case.libs:
        return None
    settings = settings or Settings()
    prepared = case.prepare(lib)
    if case.kind == "view":
        stmt, namespace = prepared
        return time_stmt(stmt, namespace, settings.view_repeat, settings.view_seconds)
    return time_call(prepared, settings.copy_repeat)


# ------------------------------------------------------------------- output
def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def print_header(libs, settings):
    print(f"machine: {cpu_model()}, {os.cpu_count()} CPUs, {platform.platform()}")
    print(f"python {platform.python_version()}; "
          + "; ".join(f"{lib.name} {lib.version()}" for lib in libs))
    # an older `pip install .` in site-packages shadows the tree's in-place
    # build when a script runs from benchmarks/: say which th is measured
    print(f"th from {os.path.dirname(th.__file__)}")
    if torch is None:
        print("torch not importable: no torch column")
    loop = time_stmt("pass", {}, settings.view_repeat, settings.view_seconds)
    print(f"copies: min of {settings.copy_repeat} calls; views: min of "
          f"{settings.view_repeat} loops of >= {settings.view_seconds * 1e3:g} ms, "
          f"empty loop {loop:.1f} ns/iter (included in the view times)")


def fmt_time(ns, kind):
    if ns is None:
        return "-"
    return f"{ns:.0f} ns" if kind == "view" else f"{ns / 1e6:.2f} ms"


def fmt_ratio(a, b):
    return f"{a / b:.2f}x" if a is not None and b else "-"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer, shorter repeats")
    parser.add_argument("--threads", type=int, default=th.get_num_threads(),
                        help="threads for th's long copies and torch's intra-op work "
                             "(default: th's default)")
    args = parser.parse_args(argv)
    settings = QUICK if args.quick else Settings()
    th.set_num_threads(args.threads)
    if torch is not None:
        torch.set_num_threads(args.threads)
    libs = libraries()
    others = [lib.name for lib in libs[1:]]  # th/numpy, th/torch
    print_header(libs, settings)

    width = max(len(c.name) for c in CASES)
    columns = [lib.name for lib in libs] + [f"th/{name}" for name in others]
    results = {}
    group = None
    for case in CASES:
        if case.group != group:
            group = case.group
            print(f"\n{'[' + group + ']':<{width}}" + "".join(f"{c:>12}" for c in columns))
        times = {lib.name: run_case(case, lib, settings) for lib in libs}
        results[case.name] = times
        cells = [fmt_time(times[lib.name], case.kind) for lib in libs]
        cells += [fmt_ratio(times["th"], times[name]) for name in others]
        print(f"{case.name:<{width}}" + "".join(f"{c:>12}" for c in cells), flush=True)

    print()
    for label, (transposed, plain) in [
            ("contiguous()/clone()", (TRANSPOSED, PLAIN)),
            ("copy_ into dst", (TRANSPOSED_INTO, PLAIN_INTO))]:
        print(f"transposed/plain, {label + ':':<22}" + ", ".join(
            f"{lib.name} {fmt_ratio(results[transposed][lib.name], results[plain][lib.name])}"
            for lib in libs) + ("  (project target for th: <= 1.5x)" if "clone" in label else ""))
    # th's result above reuses the block the last one freed (its pages
    # mapped); numpy's and torch's are fresh pages every time. The same
    # ratio with th's block cache emptied before each call:
    th_lib = libs[0]
    fresh = {name: time_call(case.prepare(th_lib), settings.copy_repeat, th.debug.empty_cache)
             for case in CASES if (name := case.name) in (TRANSPOSED, PLAIN)}
    print(f"th into fresh pages, contiguous()/clone(): "
          f"{fmt_ratio(fresh[TRANSPOSED], fresh[PLAIN])}")
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
