"""Every figure of th's performance targets, side by side in one run.

1. Python-level view creation on a 64x64 float32 tensor (bench_views' "views"
   cases: th, numpy, torch), each target <= 0.7x numpy's time.
2. Python-level object costs: th.empty(0) against np.empty(0) (target <=
   1.0x), and the memory of one view against a numpy view (target <= 1.13x:
   the C struct carries TH v0.4's public size and stride pointers, 16 bytes
   that legacy C code reads; docs/LEGACY.md).
3. C-level costs from a Cython module (benchmarks/bench_capi.pyx) built now,
   in a temporary directory, against the imported th the way
   examples/cython_consumer does: retain+free, newNarrow+free (target <= 50
   ns), newWithSize2d+free, and a retain/free storm from 2 threads.
4. Copies (bench_views): contiguous() of a transposed 4096x4096 float32
   against clone() of a contiguous one (target <= 1.5x), and copy_ with
   broadcasting and dtype conversion against np.copyto (target <= 1.0x);
   copy_ of 16M elements float32 <-> bfloat16 against torch's and complex64
   -> complex128 against numpy's (target <= 1.0x).
5. Handles (benchmarks/bench_handle.pyx): summing and scaling a
   2-dim float32 tensor through a raw float pointer, a THFloat32Handle's at2
   and a typed memoryview float[:, :]; target handle/raw <= 1.05x.
6. Joins (bench_cat): th.cat / th.stack of three tensors against
   numpy.concatenate / numpy.stack and torch.cat / torch.stack (no target).
7. Products (bench_blas): mm of 2048^2 float32 against numpy's @ (target
   <= 1.1x), addmm_ with beta 1 against mm (<= 1.0x), bmm of 64 x 256^2
   against torch.bmm (<= 1.0x).

Times are minimums over repeats (see bench_views for how each is taken);
nothing is asserted, every figure is printed with its ratio and target.

    PYTHONPATH=. python benchmarks/run.py [--quick] [--threads N]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import numpy as np  # noqa: E402

import bench_blas  # noqa: E402
import bench_cat  # noqa: E402
import bench_views as bv  # noqa: E402
import th  # noqa: E402

VIEW_TARGET = 0.7  # th/numpy time, each view case with a numpy counterpart
VIEW_TARGETS = {  # bench_views case name -> target (cases not listed: no target)
    name: VIEW_TARGET for name in [
        "x.narrow(0, 1, 2)  | a[1:3]", "x.select(0, 5)     | a[5]", "x.t()              | a.T",
        "x[1:3]", "x[:, 1:3]", "x[5]", "x.view(-1)         | a.reshape(-1)"]}
NARROW_FREE_TARGET_NS = 50.0
TRANSPOSE_TARGET = 1.5  # contiguous() of a transpose / clone()
COPY_TARGET = 1.0  # th/numpy for the copy_ cases
HANDLE_TARGET = 1.05  # a loop through THFloat32Handle_at2 / the same loop over a raw pointer

CAPI_SETUP = '''\
from Cython.Build import cythonize
from setuptools import Extension, setup

import th

extension = Extension(
    "bench_capi",
    ["bench_capi.pyx"],
    include_dirs=[th.get_include()],
    library_dirs=th.get_library_dirs(),
    runtime_library_dirs=th.get_library_dirs(),
    libraries=["TH"],
)
setup(name="th-bench-capi", ext_modules=cythonize([extension], language_level=3, quiet=True))
'''


# ---------------------------------------------------------------- output
results = []  # (label, ok or None) of every figure that has a target


def verdict(ok):
    return "" if ok is None else ("  ok" if ok else "  MISSED")


def record(label, value, target, lower_is_better=True):
    ok = None if target is None else (value <= target if lower_is_better else value >= target)
    if ok is not None:
        results.append((label, ok))
    return verdict(ok)


def section(title):
    print(f"\n[{title}]")


# ----------------------------------------------------------------- views
def run_views(libs, settings):
    section("views: 64x64 float32, ns per op, the view freed at once "
            f"(target th/numpy <= {VIEW_TARGET}x)")
    names = [lib.name for lib in libs]
    width = max(len(c.name) for c in bv.CASES if c.kind == "view")
    print(f"{'':<{width}}" + "".join(f"{n:>10}" for n in names) + f"{'th/numpy':>10}"
          + (f"{'th/torch':>10}" if "torch" in names else ""))
    for case in bv.CASES:
        if case.kind != "view":
            continue
        t = {lib.name: bv.run_case(case, lib, settings) for lib in libs}
        ratio = t["th"] / t["numpy"]
        cells = [f"{t[n]:.0f} ns" for n in names] + [f"{ratio:.2f}x"]
        if "torch" in names:
            cells.append(f"{t['th'] / t['torch']:.2f}x")
        print(f"{case.name:<{width}}" + "".join(f"{c:>10}" for c in cells)
              + record(case.name.split("|")[0].strip(), ratio, VIEW_TARGETS.get(case.name)),
              flush=True)


# --------------------------------------------------------------- objects
def time_stmt(stmt, namespace, settings):
    return bv.time_stmt(stmt, namespace, settings.view_repeat, settings.view_seconds)


def view_bytes_th(capi, x):
    """The Python object (sys.getsizeof) plus the C struct it points to (its
    heap block's usable size: sizes and strides are inline up to 4 dims)."""
    v = x[1:3]
    return sys.getsizeof(v), capi.tensor_struct_bytes(v)


def run_objects(capi, settings):
    section("objects")
    ns = {"th": th, "np": np}
    t_th = time_stmt("th.empty(0)", ns, settings)
    t_np = time_stmt("np.empty(0)", ns, settings)
    ratio = t_th / t_np
    print(f"th.empty(0) {t_th:.0f} ns, np.empty(0) {t_np:.0f} ns: {ratio:.2f}x (target <= 1.0x)"
          + record("th.empty(0) time", ratio, 1.0))

    obj, struct = view_bytes_th(capi, th.empty(64, 64))
    a = np.empty((64, 64), dtype=np.float32)[1:3]
    np_total = sys.getsizeof(a)
    ratio = (obj + struct) / np_total
    print(f"one view x[1:3] of a 64x64 float32: th {obj + struct} bytes (Python object {obj} "
          f"+ C struct {struct}), numpy {np_total} bytes (sys.getsizeof: object "
          f"{type(a).__basicsize__} + dims/strides {np_total - type(a).__basicsize__}): "
          f"{ratio:.2f}x (target <= 1.13x)" + record("memory of one view", ratio, 1.13))
    print("  (shared parts not counted: th's storage, numpy's base array and dtype)")


# --------------------------------------------------------------- C level
def build_capi(build_dir, name="bench_capi"):
    """benchmarks/<name>.pyx built in build_dir against the imported th."""
    shutil.copy(os.path.join(HERE, name + ".pyx"), build_dir)
    with open(os.path.join(build_dir, "setup.py"), "w") as f:
        f.write(CAPI_SETUP.replace("bench_capi", name))
    env = dict(os.environ)
    # the build must see the th this process imported
    package_parent = os.path.dirname(os.path.dirname(os.path.abspath(th.__file__)))
    env["PYTHONPATH"] = os.pathsep.join([package_parent] + ([env["PYTHONPATH"]]
                                                            if env.get("PYTHONPATH") else []))
    result = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=build_dir,
                            capture_output=True, text=True, env=env)
    if result.returncode != 0:
        sys.exit(f"building {name} failed:\n" + result.stdout + result.stderr)
    sys.path.insert(0, build_dir)
    try:
        return __import__(name)
    finally:
        sys.path.remove(build_dir)


def best(fn, repeat):
    return min(fn() for _ in range(repeat))


def run_capi(capi, quick):
    n = 100_000 if quick else 1_000_000
    repeat = 5 if quick else 21
    section(f"C level: Cython calls into libTH.so, ns per operation (min of {repeat} "
            f"loops of {n})")
    x = th.empty(64, 64)
    rows = [
        ("THTensor_retain + THTensor_free", best(lambda: capi.retain_free(x, n), repeat), None),
        ("THTensor_newNarrow + THTensor_free", best(lambda: capi.narrow_free(x, n), repeat),
         NARROW_FREE_TARGET_NS),
        ("THTensor_newTranspose + THTensor_free", best(lambda: capi.transpose_free(x, n), repeat),
         None),
        ("THTensor_newWithSize2d(64, 64) + free", best(lambda: capi.new2d_free(64, 64, n), repeat),
         None),
        ("THTensor_newWithSize2d(0, 0) + free", best(lambda: capi.new2d_free(0, 0, n), repeat),
         None),
        ("retain + free storm, 2 threads, one tensor",
         best(lambda: capi.retain_free_storm(x, n, 2), max(3, repeat // 4)), None),
    ]
    width = max(len(r[0]) for r in rows)
    for label, ns, target in rows:
        note = f"  (target <= {target:g} ns)" if target else ""
        if label.startswith("retain + free storm"):
            note = "  (per retain+free pair in each thread, both running at once)"
        print(f"{label:<{width}} {ns:7.1f} ns{note}" + record(label, ns, target))


# --------------------------------------------------------------- handles
HANDLE_KINDS = ("raw", "handle", "memoryview")


def time_loops(bench, op, t, loops, rounds):
    """{kind: ns per pass}: the minimum over rounds, each round running the
    three kinds in turn (the order rotating), so that a busy moment of the
    machine hits all three alike."""
    times = {kind: [] for kind in HANDLE_KINDS}
    for r in range(rounds):
        for kind in HANDLE_KINDS[r % 3:] + HANDLE_KINDS[:r % 3]:
            fn = getattr(bench, f"{op}_{kind}")
            times[kind].append(fn(t, loops)[0] if op == "sum" else fn(t, 1.0, loops))
    return {kind: min(ns) for kind, ns in times.items()}


def run_handles(bench, quick):
    rounds = 5 if quick else 21
    section(f"handles: a loop over a 2-dim float32 tensor, us per pass (min of {rounds} rounds); "
            f"target handle/raw <= {HANDLE_TARGET}x")
    print(f"{'':<30}" + "".join(f"{k:>12}" for k in HANDLE_KINDS) + f"{'handle/raw':>12}"
          + f"{'memview/raw':>12}")
    for rows, cols, transposed, loops in [(2048, 2048, False, 1), (2048, 2048, True, 1),
                                          (64, 64, False, 200), (64, 64, True, 200)]:
        t = th.ones(rows, cols)
        t = t.t() if transposed else t
        for op in ("sum", "scale"):
            ns = time_loops(bench, op, t, loops, rounds)
            label = f"{op} {rows}x{cols}{' transposed' if transposed else ''}"
            ratio = ns["handle"] / ns["raw"]
            print(f"{label:<30}" + "".join(f"{ns[k] / 1e3:>9.1f} us" for k in HANDLE_KINDS)
                  + f"{ratio:>11.2f}x{ns['memoryview'] / ns['raw']:>11.2f}x"
                  + record(f"handle {label}", ratio, HANDLE_TARGET), flush=True)
    x = th.ones(64, 64)
    n = 100_000 if quick else 1_000_000
    print(f"set-up: THFloat32Handle_init {best(lambda: bench.handle_init(x, n), 5):.1f} ns, "
          f"float[:, :] acquire + release {best(lambda: bench.memoryview_acquire(x, n // 10), 5):.1f} ns")


# ---------------------------------------------------------------- copies
def run_copies(libs, settings):
    section("copies: ms per call (min of repeats)")
    names = [lib.name for lib in libs]
    width = max(len(c.name) for c in bv.CASES if c.kind == "copy")
    print(f"{'':<{width}}" + "".join(f"{n:>11}" for n in names) + f"{'th/numpy':>10}")
    times = {}
    for case in bv.CASES:
        if case.kind != "copy" or case.group not in ("transpose", "copy_"):
            continue
        t = {lib.name: bv.run_case(case, lib, settings) for lib in libs}
        times[case.name] = t
        ratio = t["th"] / t["numpy"]
        target = COPY_TARGET if case.group == "copy_" else None
        print(f"{case.name:<{width}}" + "".join(f"{t[n] / 1e6:>8.2f} ms" for n in names)
              + f"{ratio:>9.2f}x" + record(case.name, ratio, target), flush=True)
    run_dtype_copies(libs, settings)
    ratio = times[bv.TRANSPOSED]["th"] / times[bv.PLAIN]["th"]
    print(f"th contiguous() of the transpose / clone(): {ratio:.2f}x "
          f"(target <= {TRANSPOSE_TARGET}x)"
          + record("contiguous() transposed / clone()", ratio, TRANSPOSE_TARGET))


def run_dtype_copies(libs, settings):
    """The new dtypes' conversions, each against its reference library
    (torch for bfloat16, which numpy lacks; numpy for complex)."""
    by_name = {lib.name: lib for lib in libs}
    for case in bv.CASES:
        if case.group != "dtypes" or case.against not in by_name:
            continue
        th_ns = bv.run_case(case, by_name["th"], settings)
        ref_ns = bv.run_case(case, by_name[case.against], settings)
        label = f"{case.name} (th/{case.against})"
        print(f"{case.name:<{len(case.name)}}   th {th_ns / 1e6:.2f} ms, {case.against} "
              f"{ref_ns / 1e6:.2f} ms {th_ns / ref_ns:>8.2f}x"
              + record(label, th_ns / ref_ns, COPY_TARGET), flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer, shorter repeats")
    parser.add_argument("--threads", type=int, default=th.get_num_threads(),
                        help="threads for th's long copies and torch's intra-op work")
    args = parser.parse_args(argv)
    settings = bv.QUICK if args.quick else bv.Settings()
    th.set_num_threads(args.threads)
    if bv.torch is not None:
        bv.torch.set_num_threads(args.threads)
    libs = bv.libraries()
    bv.print_header(libs, settings)
    print(f"cython {__import__('Cython').__version__}")

    build_dir = tempfile.mkdtemp(prefix="th-bench-capi-")
    try:
        capi = build_capi(build_dir)
        run_views(libs, settings)
        run_objects(capi, settings)
        run_capi(capi, args.quick)
        run_handles(build_capi(build_dir, "bench_handle"), args.quick)
        run_copies(libs, settings)
        section("joins: th.cat / stack, np.concatenate / stack, torch.cat / stack (no target)")
        bench_cat.run(libs, settings)
        section("products: th.mm / addmm_ / bmm against numpy and torch")
        bench_blas.run(record, args.quick)
    finally:
        shutil.rmtree(build_dir, ignore_errors=True)

    missed = [label for label, ok in results if not ok]
    print(f"\ntargets met: {len(results) - len(missed)} of {len(results)}"
          + (f"; missed: {', '.join(missed)}" if missed else ""))
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
