"""tests/legacy/legacy_shim.c built into a shared library against libTH,
once per session: calls of TH functions with more arguments than
th.legacy.call passes, through th.legacy.call (TH errors as exceptions)."""
import ctypes
import os
import shutil
import subprocess
import sysconfig
import tempfile

import numpy as np

import th
import th.legacy

FLAGS = ["-std=c99", "-Werror=implicit-function-declaration",
         "-Werror=incompatible-pointer-types", "-Werror=int-conversion", "-Wall", "-Werror"]
_LIB = None


def library():
    global _LIB
    if _LIB is None:
        import pytest
        cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
        if shutil.which(cc) is None:
            pytest.fail(f"no C compiler ({cc}) to build the shim")
        here = os.path.dirname(os.path.abspath(__file__))
        out = os.path.join(tempfile.mkdtemp(prefix="th_legacy_shim"), "legacy_shim.so")
        libdir = th.get_library_dirs()[0]
        env = dict(os.environ)
        if env.get("LD_PRELOAD"):
            env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
        subprocess.run([cc, *FLAGS, "-shared", "-fPIC", os.path.join(here, "legacy_shim.c"),
                        "-I", th.get_include(), "-L", libdir, "-lTH", "-Wl,-rpath," + libdir,
                        "-o", out], check=True, env=env)
        _LIB = ctypes.CDLL(out)
    return _LIB


def _arrays(ints, reals, ptrs):
    i = (ctypes.c_int64 * max(len(ints), 1))(*[int(v) for v in ints])
    d = (ctypes.c_double * max(len(reals), 1))(*[float(v) for v in reals])
    p = (ctypes.c_void_p * max(len(ptrs), 1))(*[_address(v) for v in ptrs])
    return i, d, p


def _address(v):
    if v is None:
        return None
    if isinstance(v, np.ndarray):
        return v.ctypes.data
    if hasattr(v, "_as_parameter_"):
        v = v._as_parameter_
    if isinstance(v, ctypes.c_void_p):
        return v.value
    return int(v)


def call(name, ints, reals, ptrs, *extra):
    """shim `name`(*extra, ints, reals, ptrs[, vf, xc]) inside the TH boundary."""
    fn = getattr(library(), name)
    i, d, p = _arrays(ints, reals, ptrs)
    lead = [e for e in extra if isinstance(e, int)]
    tail = [ctypes.create_string_buffer(e) for e in extra if isinstance(e, bytes)]
    fn.argtypes = [ctypes.c_int] * len(lead) + [ctypes.c_void_p] * (3 + len(tail))
    fn.restype = None
    return th.legacy.call(fn, *lead, i, d, p, *tail)
