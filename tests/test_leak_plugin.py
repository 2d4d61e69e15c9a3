"""The leak harness (th/pytest_plugin.py) on small test files run by
pytester in a subprocess, so that what they leak stays out of this run."""
import importlib.metadata

import pytest

from helpers import th_on_path

pytest_plugins = ["pytester"]

LEAKY = """
import pytest
import th

KEEP = []
CACHE = []

def test_leaks():
    KEEP.append(th.empty(3))

def test_clean():
    t = th.empty(3)
    v = t[1:]
    assert v.shape == (2,)

def test_cache_filled_once():
    if not CACHE:
        CACHE.append(th.zeros(2))

@pytest.fixture(scope="module")
def shared():
    return th.ones(5)

def test_uses_module_fixture(shared):
    assert shared.numel() == 5

@pytest.mark.th_leaks_exempt(reason="keeps a tensor on purpose")
def test_exempt():
    KEEP.append(th.empty(1))

def test_prints_and_warns():
    import warnings
    print("some output")
    warnings.warn("a warning")
    t = th.empty(4)
    assert t.numel() == 4
"""


@pytest.fixture(autouse=True)
def th_importable(monkeypatch):
    """The subprocess runs import the th under test."""
    monkeypatch.setenv("PYTHONPATH", th_on_path()["PYTHONPATH"])


def plugin_args():
    """-p for the plugin unless it is installed (registered by entry point)."""
    names = {ep.name for ep in importlib.metadata.entry_points(group="pytest11")}
    return [] if "th" in names else ["-p", "th.pytest_plugin"]


def run(pytester, source, *args, tests=()):
    """Runs the given tests (names in test_sample.py; all if none) of source."""
    pytester.makepyfile(test_sample=source)
    selected = [f"test_sample.py::{name}" for name in tests] or ["test_sample.py"]
    return pytester.runpytest_subprocess(*plugin_args(), "-p", "no:cacheprovider", *args,
                                         *selected)


def test_leaking_test_fails_and_names_what_and_where(pytester):
    result = run(pytester, LEAKY, "--th-leaks", tests=["test_leaks"])
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "*th leak check: this test left objects alive: storages +1, tensors +1, bytes +12*",
        "*storage float32 [[]3[]] (refcount 1) created by THTensor_newWithSize at test_sample.py:8",
        "*tensor float32 [[]3[]] (refcount 1) created by THTensor_newWithSize at test_sample.py:8",
    ])
    assert result.ret == 1


def test_clean_tests_and_scoped_fixtures_pass(pytester):
    result = run(pytester, LEAKY, "--th-leaks", tests=["test_clean", "test_uses_module_fixture",
                                                       "test_exempt", "test_prints_and_warns"])
    result.assert_outcomes(passed=4, warnings=1)
    assert result.ret == 0


def test_ini_option_turns_it_on(pytester):
    pytester.makeini("[pytest]\nth_leaks = true\n")
    result = run(pytester, LEAKY, tests=["test_leaks"])
    result.assert_outcomes(failed=1)


def test_off_by_default(pytester):
    result = run(pytester, LEAKY, tests=["test_leaks"])
    result.assert_outcomes(passed=1)


def test_repeat_mode_tells_a_cache_from_a_leak(pytester):
    once = run(pytester, LEAKY, "--th-leaks", tests=["test_cache_filled_once"])
    once.assert_outcomes(failed=1)  # a single run cannot tell
    once.stdout.fnmatch_lines(["*one-time cache*--th-leaks-repeat*"])
    repeated = run(pytester, LEAKY, "--th-leaks-repeat=1:3",
                   tests=["test_cache_filled_once", "test_leaks"])
    repeated.assert_outcomes(passed=1, failed=1)
    repeated.stdout.fnmatch_lines(["*every one of 3 repeated runs (after 1 warm-ups)*"])


def test_bad_repeat_value_is_a_usage_error(pytester):
    result = run(pytester, LEAKY, "--th-leaks-repeat=3")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--th-leaks-repeat takes WARMUPS:RUNS*"])


DOUBLE_FREE = """
import th
from th import _testcapi as capi

def test_double_free():
    with th.debug.tracking():
        t = th.empty(2)
        capi.tensor_free(t)  # the Python object's reference, freed behind its back
        del t                # the object frees it again
"""


def test_double_free_is_reported(pytester):
    result = run(pytester, DOUBLE_FREE, "--th-leaks")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "*th misuse reported during this test:*",
        "*THTensor_free: tensor 0x* (float32 [[]2[]]) was already freed; it was created by "
        "THTensor_newWithSize at *test_sample.py:6*",
    ])


def test_works_with_xdist(pytester):
    pytest.importorskip("xdist")
    result = run(pytester, LEAKY, "--th-leaks", "-n", "2", tests=["test_leaks", "test_clean"])
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*created by THTensor_newWithSize at test_sample.py:8*"])


def test_failing_test_is_not_also_blamed_for_its_traceback(pytester):
    source = "import th\n\ndef test_fails():\n    t = th.empty(2)\n    assert t.numel() == 3\n"
    result = run(pytester, source, "--th-leaks")
    result.assert_outcomes(failed=1)
    assert "th leak check" not in result.stdout.str()
