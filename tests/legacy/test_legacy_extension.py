"""examples/legacy_extension: a Cython extension calling TH-style C code
inside THLegacy_protect, built against th as a downstream project would."""
import importlib
import sys

import pytest

import th
from helpers import build_example


@pytest.fixture(scope="module")
def legacy_ext(tmp_path_factory):
    build = build_example("legacy_extension", ["addmul.c", "addmul.h", "legacy_ext.pyx",
                                               "setup.py"],
                          tmp_path_factory.mktemp("legacy_ext"))
    sys.path.insert(0, str(build))
    try:
        yield importlib.import_module("legacy_ext")
    finally:
        sys.path.remove(str(build))


def test_the_c_code_runs_on_th_tensors(legacy_ext):
    a, b = th.arange(6.0).reshape(2, 3), th.full((2, 3), 2.0)
    out = legacy_ext.addmul(a, b, th.empty(0))
    assert out.tolist() == [[1, 3, 5], [7, 9, 11]] and out.refcount == 1


def test_a_th_argcheck_in_the_c_code_is_a_python_exception(legacy_ext):
    out = th.zeros(2)
    with pytest.raises(th.Error, match=r"invalid argument 2: a \[2\] and b \[3\] differ in size"):
        legacy_ext.addmul(th.ones(2), th.ones(3), out)
    assert out.tolist() == [0, 0]
    # and the next call works: the boundary is gone
    assert legacy_ext.addmul(th.ones(2), th.ones(2), out).tolist() == [2, 2]


def test_a_wrong_dtype_is_a_python_exception(legacy_ext):
    with pytest.raises(th.Error, match="not a THFloatTensor"):
        legacy_ext.addmul(th.ones(2, dtype=th.float64), th.ones(2), th.empty(0))
