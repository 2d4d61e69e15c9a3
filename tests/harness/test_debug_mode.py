"""Debug mode keeps its promise (docs/REFCOUNT.md, "Misuse"): in tracking
mode a use after free is a RuntimeError naming the creation site, never a
crash, also when what was freed is the storage a live tensor lends
(THStorage_free(THTensor_storage(t))); the environment switches
TH_DEBUG_TRACKING and TH_NO_CACHE work for a C program with no Python; with
the caches off valgrind and AddressSanitizer see a use after free of a
struct that the caches hide."""
import copy
import gc
import glob
import inspect
import os
import pickle
import platform
import shutil
import subprocess
import sys

import numpy as np
import pytest

import th
from th import _testcapi as capi

from helpers import ROOT, build_c_program, compiler_env

# th built with TH_SANITIZE=address (tox -e asan preloads the runtime): it
# keeps no struct cache, whatever TH_NO_CACHE says
ASAN_BUILD = "libasan" in os.environ.get("LD_PRELOAD", "")

# each tensor whose storage is over-released is freed once more by its
# Python object: reported through sys.unraisablehook (a pytest warning)
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


@pytest.fixture
def dead_storage():
    """In tracking mode for the whole test: dead_storage(t) over-releases
    the storage t lends and returns t. Each such tensor's own free of its
    storage is then a misuse, reported once, checked at teardown."""
    made = 0

    def over_release(t):
        nonlocal made
        capi.tensor_storage_free(t)
        made += 1
        return t

    with th.debug.tracking():  # until the tensors are gone: the quarantine holds their storages
        yield over_release
        gc.collect()  # tracebacks of the expected errors hold the tensors
        reports = th.debug.pop_misuse_reports()
    assert len(reports) == made, reports
    for report in reports:
        assert report.startswith("THStorage_free: storage 0x") and "was already freed" in report


def freed_storage_message(function, line, shape="2, 3"):
    """The error for a use of a tensor whose storage is dead: it names the C
    function, the storage, where the storage was created and the tensor."""
    return (rf"^{function}: use of freed storage 0x[0-9a-f]+ \(float32\); it was created by "
            rf"THTensor_newWithSize at .*test_debug_mode\.py:{line}; "
            rf"the tensor 0x[0-9a-f]+ \(float32 \[{shape}\]\) still views it$")


def _line_below():
    return inspect.currentframe().f_back.f_lineno + 1


PYTHON_PATHS = {
    # the paths that crashed or read freed memory: data read through a
    # snapshot (tolist, repr, clone), written (fill_), viewed (t[0]), exported
    "tolist": (lambda t: t.tolist(), "THTensor_newWithTensor"),
    "clone": (lambda t: t.clone(), "THTensor_newClone"),
    "fill_ int": (lambda t: t.fill_(1), "THTensor_fillInt64"),
    "fill_ float": (lambda t: t.fill_(0.5), "THTensor_fill"),
    "zero_": (lambda t: t.zero_(), "THTensor_fillInt64"),
    "t[0]": (lambda t: t[0], "THTensor_newSelect"),
    "t[0, 1]": (lambda t: t[0, 1], "THTensor_newSelect"),
    "t[0] = 1": (lambda t: t.__setitem__(0, 1), "THTensor_newSelect"),
    "t[:] = other": (lambda t: t.__setitem__(slice(None), th.ones(3)), "THTensor_newSlice"),
    "copy_ into": (lambda t: t.copy_(th.ones(2, 3)), "THTensor_copy"),
    "copy_ from": (lambda t: th.ones(2, 3).copy_(t), "THTensor_copy"),
    "repr": (repr, None),  # None: whichever checked call comes first
    "str": (str, None),
    "numpy()": (lambda t: t.numpy(), "THDebug_checkTensor"),
    "np.asarray": (np.asarray, "THDebug_checkTensor"),
    "memoryview": (memoryview, "THDebug_checkTensor"),
    "__dlpack__": (lambda t: t.__dlpack__(), "THDebug_checkTensor"),
    "storage()": (lambda t: t.storage(), "THDebug_checkTensor"),
    "data_ptr": (lambda t: t.data_ptr(), "THDebug_checkTensor"),
    "pickle": (pickle.dumps, None),
    "deepcopy": (copy.deepcopy, None),
    "narrow": (lambda t: t.narrow(0, 0, 1), "THTensor_newNarrow"),
    "view": (lambda t: t.view(6), "THTensor_newView"),
    "reshape": (lambda t: t.reshape(3, 2), "THTensor_newReshape"),
}


@pytest.mark.parametrize("path", list(PYTHON_PATHS))
def test_python_use_of_a_tensor_over_a_freed_storage_is_an_error(dead_storage, path):
    call, function = PYTHON_PATHS[path]
    line = _line_below()
    t = dead_storage(th.zeros(2, 3))
    with pytest.raises(RuntimeError, match=freed_storage_message(function or r"\w+", line)):
        call(t)
    assert t.refcount == 1 and t.shape == (2, 3)


@pytest.mark.parametrize("call", [lambda t: t.item(), float, int, bool])
def test_reading_the_one_element_of_a_tensor_over_a_freed_storage_is_an_error(dead_storage, call):
    line = _line_below()
    t = dead_storage(th.zeros(1))
    with pytest.raises(RuntimeError, match=freed_storage_message("THDebug_checkTensor", line, "1")):
        call(t)


def _inplace_cases():
    """TH's in-place view setters: (name, args after self and src)."""
    return [("narrow", (0, 0, 1)), ("select", (0, 0)), ("transpose", (0, 1)),
            ("unfold", (0, 1, 1)), ("squeeze", ()), ("squeeze1d", (0,)), ("unsqueeze1d", (0,)),
            ("slice", (0, 0, 1, 1))]


C_ENTRY_POINTS = [
    # (C function named in the error, call with a tensor t over a dead
    # storage and a healthy one of the same shape)
    ("THDebug_checkTensor", lambda t, ok: capi.check_tensor(t)),
    ("THTensor_newWithTensor", lambda t, ok: capi.new_with_tensor(t)),
    ("THTensor_newClone", lambda t, ok: capi.new_clone(t)),
    ("THTensor_newContiguous", lambda t, ok: capi.new_contiguous(t)),
    ("THTensor_newReshape", lambda t, ok: capi.new_reshape(t, (3, 2))),
    ("THTensor_newNarrow", lambda t, ok: t.narrow(0, 0, 1)),
    ("THTensor_newSelect", lambda t, ok: t.select(0, 0)),
    ("THTensor_newTranspose", lambda t, ok: t.transpose(0, 1)),
    ("THTensor_newPermute", lambda t, ok: t.permute(1, 0)),
    ("THTensor_newUnfold", lambda t, ok: t.unfold(0, 1, 1)),
    ("THTensor_newExpand", lambda t, ok: t.expand(4, 2, 3)),
    ("THTensor_newView", lambda t, ok: t.view(6)),
    ("THTensor_newSqueeze", lambda t, ok: t.squeeze()),
    ("THTensor_newSqueeze1d", lambda t, ok: t.squeeze(0)),
    ("THTensor_newUnsqueeze1d", lambda t, ok: t.unsqueeze(0)),
    ("THTensor_newSlice", lambda t, ok: t[0:1]),
    ("THTensor_newAsStrided", lambda t, ok: t.as_strided((2,), (1,))),
    ("THTensor_newDiagonal", lambda t, ok: t.diagonal()),
    ("THTensor_fill", lambda t, ok: t.fill_(0.5)),
    ("THTensor_fillInt64", lambda t, ok: t.fill_(1)),
    ("THTensor_copy", lambda t, ok: capi.copy(t, ok)),
    ("THTensor_copy", lambda t, ok: capi.copy(ok, t)),
    ("THTensor_freeCopyTo", lambda t, ok: capi.free_copy_to(t, ok)),
    ("THTensor_copy", lambda t, ok: capi.free_copy_to(ok, t)),
    ("THTensor_resizeNd", lambda t, ok: capi.resize_nd(t, (3, 2))),
    ("THTensor_resizeAs", lambda t, ok: capi.resize_as(ok, t)),
    ("THTensor_resizeNd", lambda t, ok: capi.resize_as(t, th.zeros(3, 2))),
    ("THTensor_setStorageNd", lambda t, ok: capi.set_storage_nd(t, ok.storage(), 0, (2, 3))),
    ("THTensor_set", lambda t, ok: t.set_(ok)),
    ("THTensor_set", lambda t, ok: ok.set_(t)),
    ("THTensor_size", lambda t, ok: t.size(0)),
    ("THTensor_stride", lambda t, ok: t.stride(0)),
    ("THFloat32Tensor_data", lambda t, ok: capi.typed_data_is(t, "Float")),
    ("THFloat32Tensor_get2d", lambda t, ok: capi.typed_get(t, "Float", 0, 0)),
    ("THFloat32Tensor_set2d", lambda t, ok: capi.typed_set(t, "Float", 1.0, 0, 0)),
    # joins, flip and gather family: every tensor argument, input or result
    ("THTensor_newCatArray", lambda t, ok: th.cat([ok, t])),
    ("THTensor_newCatArray", lambda t, ok: th.cat([t, ok], 1)),
    ("THTensor_catArray", lambda t, ok: th.cat([ok[:1], ok[1:]], out=t)),
    ("THTensor_catArray", lambda t, ok: th.cat([ok, t], out=th.empty(4, 3))),
    ("THTensor_newStackArray", lambda t, ok: th.stack([ok, t])),
    ("THTensor_stackArray", lambda t, ok: th.stack([ok[0], ok[1]], out=t)),
    ("THTensor_newFlip", lambda t, ok: t.flip(0)),
    ("THTensor_newIndexSelect", lambda t, ok: t.index_select(0, th.tensor([0]))),
    ("THTensor_newGather", lambda t, ok: t.gather(0, th.tensor([[0]]))),
    ("THTensor_scatter", lambda t, ok: t.scatter_(0, th.tensor([[0]]), ok)),
    ("THTensor_scatter", lambda t, ok: ok.clone().scatter_(0, th.tensor([[0]]), t)),
    ("THTensor_scatterFillElement", lambda t, ok: t.scatter_(0, th.tensor([[0]]), 1 + 0j)),
    ("THTensor_indexCopy", lambda t, ok: t.index_copy_(0, th.tensor([0, 1]), ok)),
    ("THTensor_indexCopy", lambda t, ok: ok.clone().index_copy_(0, th.tensor([0, 1]), t)),
    ("THTensor_indexFill", lambda t, ok: t.index_fill_(0, th.tensor([0]), 0.5)),
    ("THTensor_maskedFillInt64", lambda t, ok: t.masked_fill_(th.tensor([True, False, True]), 1)),
    ("THTensor_newMaskedSelect", lambda t, ok: t.masked_select(th.tensor([True, False, True]))),
    ("THTensor_newNonzero", lambda t, ok: t.nonzero()),
    ("THTensor_newIndex", lambda t, ok: capi.new_index(t, [th.tensor([0]), None])),
    ("THTensor_indexPut", lambda t, ok: ok.clone().__setitem__(th.tensor([0, 1]), t)),
    ("THTensor_indexSelect",
     lambda t, ok: capi.into_result("indexSelect", t, ok, 0, th.tensor([0]))),
    ("THTensor_gather",
     lambda t, ok: capi.into_result("gather", ok.clone(), t, 0, th.tensor([[0]]))),
    ("THTensor_maskedSelect",
     lambda t, ok: capi.into_result("maskedSelect", t, ok, th.tensor([True, False, True]))),
] + [(f"THTensor_{name}", lambda t, ok, name=name, args=args: capi.inplace(name, t, None, *args))
     for name, args in _inplace_cases()] + [
    (f"THTensor_{name}", lambda t, ok, name=name, args=args: capi.inplace(name, ok, t, *args))
    for name, args in _inplace_cases()]


@pytest.mark.parametrize("function, call", C_ENTRY_POINTS,
                         ids=[f"{i}-{f}" for i, (f, _) in enumerate(C_ENTRY_POINTS)])
def test_every_checked_c_entry_point_checks_the_tensors_storage(dead_storage, function, call):
    """Each C function with an error return that checks a tensor checks the
    storage it lends too, reports the error as itself, and changes nothing:
    the healthy tensor keeps its geometry and storage, no reference moves."""
    ok = th.arange(6, dtype=th.float32).view(2, 3)
    line = _line_below()
    t = dead_storage(th.zeros(2, 3))
    ok_storage_refs = ok.storage().refcount
    with pytest.raises(RuntimeError, match=freed_storage_message(function, line)):
        call(t, ok)
    assert t.refcount == 1 and t.shape == (2, 3) and t.stride() == (3, 1)
    assert ok.refcount == 1 and ok.storage().refcount == ok_storage_refs
    assert ok.shape == (2, 3) and ok.tolist() == [[0, 1, 2], [3, 4, 5]]


@pytest.mark.parametrize("release, message, report", [
    # made before tracking, freed in it: quarantined all the same, no site
    (capi.tensor_storage_free,
     r"^THTensor_newClone: use of freed storage 0x\w+ \(float32\); it was created by code run "
     r"before tracking was turned on; the tensor 0x\w+ \(float32 \[2\]\) still views it$",
     "THStorage_free: storage"),
    # a freed tensor is named itself, not its storage
    (capi.tensor_free,
     r"^THTensor_newClone: use of freed tensor 0x\w+ \(float32 \[2\]\); it was created by code "
     r"run before tracking was turned on$",
     "THTensor_free: tensor"),
])
def test_objects_made_before_tracking_are_reported_without_a_site(release, message, report):
    t = th.zeros(2)
    with th.debug.tracking():
        release(t)
        with pytest.raises(RuntimeError, match=message):
            capi.new_clone(t)
        del t
        (reported,) = th.debug.pop_misuse_reports()
        assert reported.startswith(report) and "was already freed" in reported


# ------------------------------------------------------------ C programs

@pytest.fixture(scope="module")
def debug_env_program(tmp_path_factory):
    return build_c_program("test_debug_env.c", tmp_path_factory.mktemp("c") / "test_debug_env")


def switched_env(**switches):
    """The environment with no th switch set but the given ones."""
    environ = {k: v for k, v in os.environ.items()
               if k not in ("TH_DEBUG_TRACKING", "TH_NO_CACHE")}
    return {**environ, **switches}


def run_program(program, mode, *prefix, **switches):
    """Runs program MODE (under prefix, e.g. valgrind) with the switches."""
    return subprocess.run([*prefix, str(program), mode], capture_output=True, text=True,
                          env=switched_env(**switches), timeout=120)


@pytest.mark.parametrize("switches, mode", [
    ({"TH_DEBUG_TRACKING": "1"}, "tracking-on"), ({"TH_DEBUG_TRACKING": "yes"}, "tracking-on"),
    ({}, "tracking-off"), ({"TH_DEBUG_TRACKING": ""}, "tracking-off"),
    ({"TH_DEBUG_TRACKING": "0"}, "tracking-off"),
    ({"TH_NO_CACHE": "1"}, "not-caching"), ({}, "caching"), ({"TH_NO_CACHE": "0"}, "caching"),
])
def test_the_switches_work_in_a_c_program(debug_env_program, switches, mode):
    if ASAN_BUILD and mode == "caching":
        mode = "not-caching"
    result = run_program(debug_env_program, mode, **switches)
    assert (result.returncode, result.stdout) == (0, "ok\n"), result.stderr


PYTHON_CHILD = """
import th
t = th.zeros(3)
del t
big = th.empty(1 << 21)  # 8 MiB
del big
cached = th.debug.cached()
print(th.debug.is_tracking(), th.debug.is_caching(), cached.structs > 0, cached.wrappers > 0,
      cached.block_bytes > 0)
"""


@pytest.mark.parametrize("env, expected", [
    ({}, "False True True True True"),
    ({"TH_DEBUG_TRACKING": "1"}, "True True False True True"),  # quarantined, not cached
    ({"TH_NO_CACHE": "1"}, "False False False False False"),
])
def test_the_switches_reach_python(env, expected):
    """Read by the C core at load: th.debug reports them, and with
    TH_NO_CACHE the th.Tensor freelist and the block cache stay empty too."""
    if ASAN_BUILD:  # nothing cached
        expected = expected.split()[0] + " False False False False"
    if platform.libc_ver()[0] != "glibc":  # no block cache (it needs malloc_usable_size)
        expected = expected[:expected.rindex(" ")] + " False"
    result = subprocess.run([sys.executable, "-c", PYTHON_CHILD], capture_output=True,
                            text=True, cwd=ROOT, env=switched_env(**env), timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout == expected + "\n"


def test_cached_counts_follow_the_struct_caches():
    """In this process (caches on unless the suite runs under TH_NO_CACHE or
    ASan) th.debug.cached() counts the structs kept as they come and go."""
    if not th.debug.is_caching():
        assert th.debug.cached() == (0, 0, 0)
        return
    before = th.debug.cached()
    t = th.zeros(3)
    during = th.debug.cached()
    del t
    assert th.debug.cached().structs == during.structs + 2  # the tensor's and storage's
    assert before.structs >= during.structs


@pytest.fixture(scope="module")
def valgrind():
    path = shutil.which("valgrind")
    if path is None:
        pytest.skip("valgrind is not installed")
    return path


def test_valgrind_sees_a_use_after_free_of_a_struct_only_with_th_no_cache(debug_env_program,
                                                                          valgrind):
    """A freed tensor read again: with the caches on its struct is only
    parked in the thread's cache, which valgrind cannot tell from a live
    block; with TH_NO_CACHE=1 the struct goes back to malloc and the read is
    an invalid read of a block free'd by THTensor_free."""
    if ASAN_BUILD:
        pytest.skip("th is built with ASan, which valgrind cannot run (ASan checks it instead)")
    cmd = (valgrind, "-q", "--error-exitcode=99")
    hidden = run_program(debug_env_program, "use-after-free", *cmd)
    assert hidden.returncode == 0 and "Invalid read" not in hidden.stderr, hidden.stderr
    seen = run_program(debug_env_program, "use-after-free", *cmd, TH_NO_CACHE="1")
    assert seen.returncode == 99, seen.stderr
    assert "Invalid read of size 4" in seen.stderr and "THTensor_nDimension" in seen.stderr
    assert "block of size 72 free'd" in seen.stderr  # a 1-dim tensor's struct
    assert "alloc'd" in seen.stderr and "THTensor_newWithSize1d" in seen.stderr


def test_asan_libth_reports_a_use_after_free_of_a_struct(tmp_path):
    """docs/REFCOUNT.md's way for a C program: libTH built with
    -fsanitize=address (which keeps no struct cache), the program too."""
    cc = os.environ.get("CC", "gcc")
    libasan = subprocess.run([cc, "-print-file-name=libasan.so"], capture_output=True,
                             text=True).stdout.strip()
    if not os.path.isabs(libasan):
        pytest.fail(f"{cc} has no AddressSanitizer runtime (libasan.so)")
    sources = sorted(glob.glob(os.path.join(ROOT, "th", "src", "*", "*.c")))
    import scipy_openblas32 as blas  # th's dependency (the products link its OpenBLAS)
    # the documented command, at -O0 to build quickly
    subprocess.run([cc, "-shared", "-fPIC", "-std=c11", "-pthread", "-O0", "-g",
                    "-fsanitize=address", "-fno-omit-frame-pointer",
                    "-I", os.path.join(ROOT, "include"), "-I", os.path.join(ROOT, "th", "src"),
                    "-I", blas.get_include_dir(), *sources, "-L", blas.get_lib_dir(),
                    "-lscipy_openblas", "-Wl,-rpath," + blas.get_lib_dir(),
                    "-lm", "-o", str(tmp_path / "libTH.so")],
                   check=True, env=compiler_env())
    program = build_c_program("test_debug_env.c", tmp_path / "test_debug_env",
                              "-fsanitize=address", "-g", include=os.path.join(ROOT, "include"),
                              libdir=str(tmp_path))
    env = {"ASAN_OPTIONS": "detect_leaks=0"}
    assert run_program(program, "not-caching", **env).stdout == "ok\n"  # ASan: no cache
    result = run_program(program, "use-after-free", **env)
    assert result.returncode != 0
    assert "ERROR: AddressSanitizer: heap-use-after-free" in result.stderr
    assert "in THTensor_nDimension" in result.stderr and "in THTensor_free" in result.stderr
