"""Typed handles (include/TH/THHandle.h): from C (tests/c/test_handle.c) and
from a downstream Cython extension (examples/handles, built against the
installed th), against numpy over the same memory."""
import os
import subprocess
import sys
import sysconfig

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th

import doc_examples
from helpers import ROOT, build_c_program, build_example, compiler_env, to_numpy


HANDLES_MD = os.path.join(ROOT, "docs", "HANDLES.md")


def test_pure_c_user_of_handles(tmp_path):
    program = build_c_program("test_handle.c", tmp_path / "test_handle")
    result = subprocess.run([str(program)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "ok\n"


def test_docs_c_example_compiles_and_prints_what_the_docs_say(tmp_path):
    (block,) = doc_examples.code_blocks(HANDLES_MD, "c")
    (tmp_path / "example.c").write_text(block.code)
    binary = tmp_path / "example"
    libdir = th.get_library_dirs()[0]
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    subprocess.run([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", str(tmp_path / "example.c"),
                    "-I", th.get_include(), "-L", libdir, "-lTH", "-Wl,-rpath," + libdir,
                    "-o", str(binary)], check=True, env=compiler_env())
    result = subprocess.run([str(binary)], capture_output=True, text=True)
    (printed,) = doc_examples.code_blocks(HANDLES_MD, "text")
    assert (result.returncode, result.stdout, result.stderr) == (0, printed.code, "")


def test_docs_cython_example_is_the_tested_example():
    (block,) = doc_examples.code_blocks(HANDLES_MD, "cython")
    source = open(os.path.join(ROOT, "examples", "handles", "handles.pyx")).read()
    for chunk in block.code.split("\n\n\n"):
        assert chunk.strip() in source


@pytest.fixture(scope="module")
def handles(tmp_path_factory):
    """examples/handles built away from th's source tree, then imported."""
    build = build_example("handles", ("setup.py", "handles.pyx"), tmp_path_factory.mktemp("handles"))
    sys.path.insert(0, str(build))
    try:
        import handles
    finally:
        sys.path.remove(str(build))
    return handles


# a 2-dim float32 view: a base of rows x cols, maybe transposed, then sliced
views = st.tuples(st.integers(1, 9), st.integers(1, 9), st.booleans(),
                  st.integers(0, 3), st.integers(1, 3), st.integers(0, 3), st.integers(1, 3))


def make_view(rows, cols, transpose, start0, step0, start1, step1):
    base = th.tensor(np.arange(rows * cols, dtype=np.float32).reshape(rows, cols) - 7.5)
    v = base.t() if transpose else base
    return base, v[start0::step0, start1::step1]


def numpy_view(a, rows, cols, transpose, start0, step0, start1, step1):
    """make_view's view, of numpy's a."""
    return (a.T if transpose else a)[start0::step0, start1::step1]


@settings(max_examples=60, deadline=None)
@given(views)
def test_handle_reads_and_writes_a_strided_view_as_numpy_does(handles, params):
    base, v = make_view(*params)
    oracle = to_numpy(base)
    expected = numpy_view(oracle, *params)
    ndim, sizes, strides, address = handles.geometry(v)
    assert (ndim, sizes, strides) == (2, expected.shape, v.stride())
    for size, stride, np_stride in zip(sizes, strides, expected.strides):
        assert size <= 1 or stride * 4 == np_stride  # an empty or size-1 dim's stride is free
    assert address == v.data_ptr()  # the storage offset is applied
    assert handles.total(v) == pytest.approx(float(expected.astype(np.float64).sum()))
    for index in [(0, 0), (v.shape[0] - 1, v.shape[1] - 1)] if v.numel() else []:
        assert handles.get(v, index) == expected[index]
    storage_rc, tensor_rc, live = v.storage().refcount, v.refcount, th.debug.live()
    handles.scale(v, -2.0)
    assert (v.storage().refcount, v.refcount) == (storage_rc, tensor_rc)  # nothing retained
    assert th.debug.live() == live
    expected *= -2.0
    assert np.array_equal(to_numpy(base), oracle)  # v's elements changed, and only they


def test_handle_of_every_dimensionality_through_atN(handles):
    for shape in [(), (5,), (2, 3), (2, 3, 4), (2, 1, 3, 2, 2)]:
        t = th.zeros(*shape, dtype=th.int64).transpose(0, -1) if shape else th.zeros(
            (), dtype=th.int64)
        handles.ramp(t)
        assert np.array_equal(to_numpy(t), np.arange(t.numel()).reshape(t.shape))


def test_handle_of_the_wrong_dtype_is_a_type_error_and_leaks_nothing(handles):
    t = th.zeros(2, 3, dtype=th.float64)
    live, rc = th.debug.live(), t.refcount
    with pytest.raises(TypeError, match="THFloat32Handle_init: tensor has dtype float64, not float32"):
        handles.total(t)
    with pytest.raises(TypeError, match="THInt64Handle_init: tensor has dtype float64, not int64"):
        handles.ramp(t)
    assert th.debug.live() == live and t.refcount == rc


def test_checked_access_reports_index_and_value_errors(handles):
    t = th.arange(12, dtype=th.float32).view(3, 4).t()  # 4 x 3
    assert handles.get(t, (3, 2)) == 11.0
    with pytest.raises(IndexError, match=r"THFloat32Handle_checkedAt: index 3 out of range for dim 1 "
                                         r"of size 3"):
        handles.get(t, (0, 3))
    with pytest.raises(IndexError, match="index -1 out of range for dim 0 of size 4"):
        handles.get(t, (-1, 0))  # not wrapped, as TH's typed getters
    with pytest.raises(ValueError, match="THFloat32Handle_checkedAt: 1 indices for a 2-dim tensor"):
        handles.get(t, (0,))
    with pytest.raises(ValueError, match="expected a 2-dim tensor, got 1 dims"):
        handles.total(th.zeros(3))


def test_handle_sees_an_empty_tensor_and_a_scalar(handles):
    assert handles.total(th.zeros(0, 3)) == 0.0
    assert handles.get(th.tensor(2.5), ()) == 2.5


def test_handle_declarations_follow_the_error_contract():
    """init: except -1; checkedAt: except NULL; the unchecked accessors:
    noexcept (one each per dtype, 15 dtypes)."""
    import re

    from test_cython_api import pxd_declarations

    decls = {n: d for n, d in pxd_declarations().items() if re.fullmatch(r"TH\w+Handle_\w+", n)}
    assert len(decls) == 15 * 8
    for name, decl in decls.items():
        spec = {"init": "except -1", "checkedAt": "except NULL"}.get(name.rsplit("_", 1)[1],
                                                                     "noexcept")
        assert decl.endswith(spec), decl
