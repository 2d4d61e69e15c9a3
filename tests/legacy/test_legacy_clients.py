"""TH-style C clients written for th (tests/legacy/clients/), compiled the
way torch.utils.ffi compiled real ones (-std=c99, #include <TH/TH.h>, GCC
14's default errors) and as C++, then run on th tensors through
th.legacy.call: typed calls, a generic file through TH's generator headers,
apply macros, struct field reads, and TH errors that arrive as Python
exceptions."""
import ctypes
import os
import shutil
import subprocess
import sysconfig
from ctypes import c_double, c_int, c_int64, c_void_p as P

import numpy as np
import pytest

import th
import th.legacy
from helpers import compiler_env

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "clients")
STRICT = ["-Werror=implicit-function-declaration", "-Werror=implicit-int",
          "-Werror=int-conversion", "-Werror=incompatible-pointer-types",
          "-Werror=return-type"]
TYPES = {"Byte": th.uint8, "Char": th.int8, "Short": th.int16, "Int": th.int32,
         "Long": th.int64, "Float": th.float32, "Double": th.float64}


def build(tmp_path, name, language):
    """clients/<name>.c as a shared library, compiled as C99 or C++11."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    cxx = shutil.which("g++") or shutil.which("c++") or shutil.which("clang++")
    if language == "cxx" and cxx is None:
        pytest.skip("no C++ compiler on this machine: the C++ build of the clients is left out")
    inc, lib = th.get_include(), th.get_library_dirs()[0]
    if language == "c":
        cmd = [cc, "-std=c99", *STRICT]
    else:
        cmd = [cxx, "-std=c++11", "-x", "c++", "-Wall", "-Werror=return-type"]
    out = tmp_path / f"{name}_{language}.so"
    cmd += ["-O2", "-fPIC", "-shared", "-I", HERE, "-I", inc, "-I", os.path.join(inc, "TH"),
            os.path.join(HERE, name + ".c"), "-L", lib, "-lTH", "-Wl,-rpath," + lib,
            "-o", str(out)]
    subprocess.run(cmd, check=True, env=compiler_env(), capture_output=True)
    return ctypes.CDLL(str(out))


def fn(lib, name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype, f.argtypes = restype, list(argtypes)
    return lambda *args: th.legacy.call(f, *args)


@pytest.fixture(scope="module", params=["c", "cxx"])
def language(request):
    return request.param


@pytest.fixture(scope="module")
def typed(tmp_path_factory, language):
    return build(tmp_path_factory.mktemp("typed"), "typed_ops", language)


@pytest.fixture(scope="module")
def kernels(tmp_path_factory, language):
    return build(tmp_path_factory.mktemp("kernels"), "kernels", language)


@pytest.fixture(scope="module")
def checks(tmp_path_factory, language):
    return build(tmp_path_factory.mktemp("checks"), "checks", language)


# ------------------------------------------------------------ typed calls

def test_narrow_transpose_copy_resize(typed):
    a = np.arange(20, dtype=np.float32).reshape(5, 4)
    out = th.empty(0)
    assert fn(typed, "rows_transposed", c_int, P, P, c_int, c_int)(th.tensor(a), out, 1, 3) == 1
    np.testing.assert_array_equal(out.numpy(), a[1:4].T * 2)


def test_narrow_out_of_range_is_an_exception(typed):
    with pytest.raises(th.Error, match="THFloatTensor_newNarrow.*out of range"):
        fn(typed, "rows_transposed", c_int, P, P, c_int, c_int)(th.zeros(5, 4), th.empty(0),
                                                                  3, 3)


def test_get_set_resize(typed):
    a = np.random.default_rng(0).random((3, 7))
    out = th.empty(0, dtype=th.float64)
    fn(typed, "row_sums", c_int, P, P)(th.tensor(a), out)
    np.testing.assert_allclose(out.numpy(), a.sum(1), rtol=1e-15)


def test_a_client_argcheck_reaches_python(typed):
    with pytest.raises(th.Error, match="invalid argument 1: 2D tensor expected, got 1D"):
        fn(typed, "row_sums", c_int, P, P)(th.zeros(3, dtype=th.float64),
                                           th.empty(0, dtype=th.float64))


def test_a_new_tensor_from_storage_is_owned_by_the_caller(typed):
    before = th.debug.live()
    address = fn(typed, "new_range", P, c_int64)(6)
    t = th.legacy.adopt_tensor(address)
    assert t.dtype == th.int64 and t.tolist() == list(range(6)) and t.refcount == 1
    assert t.storage().refcount == 2  # the tensor's and this object's
    del t
    assert th.debug.live() == before


def test_in_place_views_follow_th_rules(typed):
    sizes = (ctypes.c_int64 * 8)()
    # select(0, 0) of (1, 3, 1, 2) -> (3, 1, 2); squeeze -> (3, 2); unsqueeze1d(0) -> (1, 3, 2)
    n = fn(typed, "view_dims", c_int, P, ctypes.c_void_p)(th.zeros(1, 3, 1, 2), sizes)
    assert list(sizes[:n]) == [1, 3, 2]
    # squeeze of all ones keeps one dim: select(0, 0) of (2, 1, 1) -> (1, 1) -> (1,) -> (1, 1)
    n = fn(typed, "view_dims", c_int, P, ctypes.c_void_p)(th.zeros(2, 1, 1), sizes)
    assert list(sizes[:n]) == [1, 1]


def test_select_on_a_vector_is_refused_as_in_th(typed):
    with pytest.raises(th.Error, match="cannot select on a vector"):
        fn(typed, "view_dims", c_int, P, ctypes.c_void_p)(th.zeros(4), (ctypes.c_int64 * 8)())


def test_copy_pairs_elements_in_row_major_order(typed):
    src = th.tensor(np.arange(12, dtype=np.uint8).reshape(3, 4))
    out = th.zeros(2, 6)
    fn(typed, "bytes_to_floats", None, P, P)(src, out)
    np.testing.assert_array_equal(out.numpy(), np.arange(12).reshape(2, 6))
    with pytest.raises(th.Error, match="inconsistent tensor size"):
        fn(typed, "bytes_to_floats", None, P, P)(src, th.zeros(5))


def test_descriptions(typed):
    a, b = ctypes.create_string_buffer(64), ctypes.create_string_buffer(64)
    fn(typed, "describe", None, P, P, P)(th.zeros(2, 3), a, b)
    assert (a.value, b.value) == (b"torch.xTensor of size 2x3", b"[2 x 3]")


def test_size_helpers_as_th_v04(typed):
    """The answers and messages of TH v0.4's own (checked against it)."""
    out, err = (ctypes.c_int64 * 3)(), ctypes.create_string_buffer(128)
    f = fn(typed, "broadcast", c_int, c_int64, P, P)
    assert f(3, out, err) == 0 and list(out) == [2, 1, 3]
    assert f(5, out, err) == -1
    assert err.value == (b"The size of tensor a (3) must match the size of tensor b (5) at "
                         b"non-singleton dimension 2.")
    sizes, strides = (ctypes.c_int64 * 3)(), (ctypes.c_int64 * 3)()
    assert fn(typed, "expand", c_int, P, P, P)(sizes, strides, err) == 0
    assert (list(sizes), list(strides)) == ([2, 3, 4], [0, 1, 0])


# --------------------------------------------------------- generic files

@pytest.mark.parametrize("real", list(TYPES))
def test_apply2_over_every_type(kernels, real):
    dtype = TYPES[real]
    src = th.arange(12, dtype=dtype).reshape(3, 4).t()  # not contiguous
    out = th.empty(0, dtype=dtype)
    fn(kernels, f"kernels_affine{real}", None, P, P, c_double)(out, src, 2.0)
    want = (np.arange(12).reshape(3, 4).T * 2.0 + 1).astype(np.dtype(str(dtype).split(".")[1]))
    np.testing.assert_array_equal(out.numpy(), want)
    total = fn(kernels, f"kernels_total{real}", c_double, P)(src)
    assert total == 66


def test_apply_of_a_zero_dim_tensor_sees_no_elements(kernels):
    # TH had no scalars: a tensor with no dims has no elements
    assert fn(kernels, "kernels_totalFloat", c_double, P)(th.tensor(5.0)) == 0


@pytest.mark.parametrize("dim", [0, 1, 2])
def test_dim_apply(kernels, dim):
    a = np.random.default_rng(dim).integers(0, 9, (3, 4, 5)).astype(np.float64)
    t = th.tensor(a)
    fn(kernels, "kernels_cumsumDouble", None, P, c_int)(t, dim)
    np.testing.assert_array_equal(t.numpy(), np.cumsum(a, axis=dim))


def test_dim_apply_refuses_a_bad_dim(kernels):
    with pytest.raises(th.Error, match="invalid dimension 3"):
        fn(kernels, "kernels_cumsumDouble", None, P, c_int)(th.zeros(2, 2, dtype=th.float64), 3)


def test_field_reads(kernels):
    a = np.random.default_rng(1).random((4, 6)).astype(np.float32)
    t = th.tensor(a)[1:, ::2]  # offset and strides
    idx = th.empty(0, dtype=th.int64)
    fn(kernels, "kernels_argmax_rowsFloat", None, P, P)(idx, t)
    np.testing.assert_array_equal(idx.numpy(), a[1:, ::2].argmax(1))


def test_dim_apply3_and_a_client_error_that_frees_first(kernels):
    src = th.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    index = th.tensor([[2, 0], [1, 1]])
    out = th.empty(0)
    fn(kernels, "kernels_gatherFloat", None, P, P, P, c_int)(out, index, src, 1)
    assert out.tolist() == [[3.0, 1.0], [5.0, 5.0]]
    with pytest.raises(th.Error, match="index 7 out of range"):
        fn(kernels, "kernels_gatherFloat", None, P, P, P, c_int)(out, th.tensor([[7], [0]]),
                                                                  src, 1)
    with pytest.raises(th.Error, match="same size apart from dimension 1"):
        fn(kernels, "kernels_gatherFloat", None, P, P, P, c_int)(out, th.zeros(3, 1, dtype=th.int64),
                                                                  src, 1)


# -------------------------------------------------------------- failures

def test_argcheck_does_not_return(checks):
    t = th.zeros(3)
    f = fn(checks, "checked_positive", c_int, P, c_int)
    assert f(t, 4) == 4 and t.tolist() == [4.0] * 3
    with pytest.raises(th.Error, match="invalid argument 2: value must be positive, got -1"):
        f(t, -1)
    assert t.tolist() == [4.0] * 3  # the fill after the check never ran
    assert th.legacy.library().THLegacy_depth() == 0


def test_error_and_assert(checks):
    with pytest.raises(th.Error, match="client error 7"):
        fn(checks, "fails_with_error", c_int, c_int)(7)
    assert fn(checks, "fails_with_error", c_int, c_int)(0) == 0
    with pytest.raises(th.Error, match=r"Assertion `x == 1' failed. x is 2"):
        fn(checks, "fails_assert", c_int, c_int)(2)


def test_a_th_failure_inside_a_client(checks):
    f = fn(checks, "narrows", c_int, P, c_int64)
    assert f(th.zeros(4, 2), 3) == 2
    with pytest.raises(th.Error, match="THFloatTensor_newNarrow|THFloatTensor_narrow"):
        f(th.zeros(4, 2), 4)


def test_a_dtype_mismatch_is_a_th_error(checks):
    with pytest.raises(th.Error, match="not a THFloatTensor"):
        fn(checks, "checked_positive", c_int, P, c_int)(th.zeros(3, dtype=th.float64), 1)


def test_th_handler_runs_before_the_boundary(checks):
    with pytest.raises(th.Error, match="handled 3"):
        fn(checks, "with_handler", c_int, c_int)(3)
    assert checks.handled_count() == 1


def test_without_a_boundary_the_process_exits_as_th_did(tmp_path):
    """TH's default: print the message and exit; only a boundary turns a TH
    error into an exception."""
    import sys
    code = ("import ctypes, th, th.legacy\n"
            "lib = ctypes.CDLL(th.legacy.library()._name)\n"
            "lib.THFloatTensor_new.restype = ctypes.c_void_p\n"
            "lib.THFloatTensor_size.argtypes = [ctypes.c_void_p, ctypes.c_int]\n"
            "lib.THFloatTensor_size(ctypes.c_void_p(lib.THFloatTensor_new()), 3)\n"
            "print('not reached')\n")
    from helpers import th_on_path
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=th_on_path())
    assert r.returncode == 255 and "not reached" not in r.stdout
    assert "$ Error: invalid argument 2: THFloatTensor_size: dimension 3 out of range" in r.stderr


# ------------------------------------------------ modules on TH's math

@pytest.fixture(scope="module")
def modules(tmp_path_factory, language):
    return build(tmp_path_factory.mktemp("modules"), "modules", language)


@pytest.mark.parametrize("real", ["Float", "Double"])
def test_a_thnn_style_module_on_th_math(modules, real):
    dtype = TYPES[real]
    npt = np.float32 if real == "Float" else np.float64
    rng = np.random.default_rng(3)
    x, y = rng.random((4, 5)).astype(npt), rng.random((4, 5)).astype(npt)
    out = th.empty(0, dtype=dtype)
    fn(modules, f"nn_{real}mse_forward", None, P, P, P, c_int)(th.tensor(x), th.tensor(y), out, 1)
    np.testing.assert_allclose(out.numpy(), [((x - y) ** 2).mean()], rtol=1e-6)
    grad = th.empty(0, dtype=dtype)
    fn(modules, f"nn_{real}mse_backward", None, P, P, P, c_int)(th.tensor(x), th.tensor(y), grad, 1)
    np.testing.assert_allclose(grad.numpy(), 2 * (x - y) / x.size, rtol=1e-6)
    w, b = rng.random((3, 5)).astype(npt), rng.random(3).astype(npt)
    lin = th.empty(0, dtype=dtype)
    fn(modules, f"nn_{real}linear", None, P, P, P, P)(lin, th.tensor(x), th.tensor(w),
                                                      th.tensor(b))
    np.testing.assert_allclose(lin.numpy(), x @ w.T + b, rtol=1e-5)
    soft = th.empty(0, dtype=dtype)
    fn(modules, f"nn_{real}softmax", None, P, P)(soft, th.tensor(x))
    e = np.exp(x - x.max(1, keepdims=True))
    np.testing.assert_allclose(soft.numpy(), e / e.sum(1, keepdims=True), rtol=1e-6)
    with pytest.raises(th.Error, match=r"input and target differ in size: \[4 x 5\] and \[3\]"):
        fn(modules, f"nn_{real}mse_forward", None, P, P, P, c_int)(th.tensor(x), th.zeros(3, dtype=dtype),
                                                                    out, 1)


# ------------------------------------------------ loop and boundary rules

def test_continue_and_early_exit_in_apply(kernels):
    t = th.tensor([-1.0, 1.0, -2.0, 1.0, 1.0])
    assert fn(kernels, "kernels_positive_totalFloat", c_double, P)(t) == 3
    same = fn(kernels, "kernels_sameFloat", c_int, P, P)
    assert same(t, t.clone()) == 1
    u = t.clone()
    u[1] = 5
    assert same(t, u) == 0


def test_an_error_the_client_handles_stays_in_the_client(checks):
    assert fn(checks, "recovers", c_int)() == 42
    assert th.zeros(2).sum().item() == 0  # nothing pending


def test_a_handler_that_jumps_away_leaves_no_boundary(checks):
    assert fn(checks, "handler_jumps", c_int)() == 0
    with pytest.raises(th.Error, match="client error 5"):  # the next error still unwinds here
        fn(checks, "fails_with_error", c_int, c_int)(5)


def test_struct_arguments_and_results_are_refused():
    class Desc(ctypes.Structure):
        _fields_ = [("str", ctypes.c_char * 64)]

    f = ctypes.CDLL(th.legacy.library()._name).THFloatTensor_sizeDesc
    f.restype, f.argtypes = Desc, [P]
    with pytest.raises(TypeError, match="by value"):
        th.legacy.call(f, th.zeros(2))
