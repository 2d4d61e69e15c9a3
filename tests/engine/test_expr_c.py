"""The expression API from plain C (tests/c/test_expr.c): ownership of nodes
and plans, Move on the error path, every allocation failing in turn, TH's
math names, tracking mode and the leak harness's th.expr counter."""
import subprocess

import pytest

from helpers import build_c_program


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    return build_c_program("test_expr.c", tmp_path_factory.mktemp("c") / "test_expr", "-lm")


def test_expr_c_api(program):
    result = subprocess.run([str(program)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "ok\n"
