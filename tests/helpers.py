"""Shared helpers for th's tests."""
import os

import numpy as np

import th

# the source tree's root (tests/ is in it)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# th dtype -> numpy dtype, for every th dtype
NUMPY_DTYPES = {
    th.uint8: np.uint8,
    th.int8: np.int8,
    th.int16: np.int16,
    th.int32: np.int32,
    th.int64: np.int64,
    th.float16: np.float16,
    th.float32: np.float32,
    th.float64: np.float64,
    th.bool: np.bool_,
    th.complex64: np.complex64,
    th.complex128: np.complex128,
    th.uint16: np.uint16,
    th.uint32: np.uint32,
    th.uint64: np.uint64,
}
ALL_DTYPES = list(NUMPY_DTYPES)  # every dtype numpy has
EVERY_DTYPE = ALL_DTYPES + [th.bfloat16]  # bfloat16: numpy has none (ml_dtypes does)


# the start of a child Python's script in which th's optional imports fail, as
# where they are not installed (th must run without them)
BLOCK_NUMPY = """
import sys

class NoNumpy:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("numpy", "scipy", "torch", "ml_dtypes"):
            raise ImportError(f"{name} is not installed here")

sys.meta_path.insert(0, NoNumpy())
"""


def to_numpy(t):
    """A numpy copy of t's values (through tolist, independent of th's kernels)."""
    return np.array(t.tolist(), dtype=NUMPY_DTYPES[t.dtype]).reshape(t.shape)


def storage_view(t):
    """numpy's view of t: t's storage as an array, then as_strided with t's
    geometry. The oracle for shapes, strides and values of th views."""
    storage = np.array(t.storage().tolist(), dtype=NUMPY_DTYPES[t.dtype])
    itemsize = storage.itemsize
    return np.lib.stride_tricks.as_strided(
        storage[t.storage_offset():],
        shape=t.shape,
        strides=[s * itemsize for s in t.stride()],
    )


def th_on_path():
    """The environment for a child Python that must import the th under test
    (the installed package, or an in-place build run with python -m pytest)."""
    import th

    root = os.path.dirname(os.path.dirname(os.path.abspath(th.__file__)))
    path = [root] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(path))


def compiler_env():
    """The environment for running a build from a test. Under `tox -e asan`
    the sanitizer runtime is preloaded into every process (Python needs it to
    import th's instrumented modules): leak detection is turned off for the
    build, which would otherwise report the compiler's own leaks and fail."""
    env = th_on_path()
    if env.get("LD_PRELOAD"):
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
    return env


def build_c_program(source, out, *flags, include=None, libdir=None):
    """Compiles and links tests/c/<source> against libTH (th's own, or the
    one in libdir) into out; returns out. flags go to the compiler too."""
    import shutil
    import subprocess
    import sysconfig

    import pytest

    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        pytest.fail(f"no C compiler ({cc}) to build the pure-C test")
    libdir = libdir or th.get_library_dirs()[0]
    cmd = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", *flags,
           os.path.join(os.path.dirname(os.path.abspath(__file__)), "c", source),
           "-I", include or th.get_include(), "-L", libdir, "-lTH", "-Wl,-rpath," + libdir,
           "-pthread", "-o", str(out)]
    subprocess.run(cmd, check=True, env=compiler_env())
    return out


def build_example(name, files, build):
    """examples/<name> built in the folder build (away from th's source tree)
    by its own setup.py, as a downstream project builds against th."""
    import shutil
    import subprocess
    import sys

    example = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                           "examples", name)
    for file in files:
        shutil.copy(os.path.join(example, file), build)
    result = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=build,
                            capture_output=True, text=True, env=compiler_env())
    assert result.returncode == 0, result.stdout + result.stderr
    return build


def fill_range(tensor, start, stop, value):
    """A child process's work in the multiprocessing tests (importable by name
    in a spawned child: tests/ is on its sys.path)."""
    tensor[start:stop] = value


def th_shm_entries():
    """th's entries in /dev/shm (there should never be any: th removes a
    shared memory object's name as soon as it exists)."""
    try:
        return sorted(name for name in os.listdir("/dev/shm") if name.startswith("th_"))
    except FileNotFoundError:
        return []


def run_with_address_space(code, headroom):
    """Runs code in a child Python that imported th and then limited its
    address space (RLIMIT_AS) to what it maps plus headroom bytes: an
    allocation past that is refused by the system on any machine, however
    much memory it has or overcommits. Returns the completed process (its
    stdout and stderr text). Not under ASan, whose shadow memory needs far
    more address space than any limit leaves."""
    import subprocess
    import sys
    import textwrap

    prologue = textwrap.dedent(f"""
        import resource
        import th
        mapped = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (mapped + {int(headroom)},) * 2)
    """)
    return subprocess.run([sys.executable, "-c", prologue + textwrap.dedent(code)],
                          env=th_on_path(), capture_output=True, text=True, timeout=120)


LAYOUTS = ["contiguous", "transposed", "permuted", "sliced"]


def laid_out(lib, dtype, layout):
    """An uninitialised tensor of 4x6x5 elements of th or torch (lib) laid
    out as layout says: the element orders random fills must follow."""
    t = lib.empty(4, 6, 5, dtype=getattr(lib, dtype))
    return {"contiguous": t, "transposed": t.transpose(0, 2), "permuted": t.permute(1, 2, 0),
            "sliced": t[:, 1:5:2]}[layout]


def best_time(fn, repeat=7, number=20):
    """fn's fastest time per call, in seconds, over repeat rounds of number
    calls (the least disturbed by other work on a shared machine)."""
    import time
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return min(times)
