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


# pytest-randomly (when installed) shuffles and reseeds every run; the child
# runs here depend on their order, except in the pairing test that wants it
NO_RANDOMLY = ["-p", "no:randomly"]


def plugin_args():
    """-p for the plugin unless it is installed (registered by entry point)."""
    names = {ep.name for ep in importlib.metadata.entry_points(group="pytest11")}
    return [] if "th" in names else ["-p", "th.pytest_plugin"]


def run(pytester, source, *args, tests=()):
    """Runs the given tests (names in test_sample.py; all if none) of source."""
    pytester.makepyfile(test_sample=source)
    selected = [f"test_sample.py::{name}" for name in tests] or ["test_sample.py"]
    return pytester.runpytest_subprocess(*plugin_args(), "-p", "no:cacheprovider",
                                         *NO_RANDOMLY, *args, *selected)


def test_leaking_test_fails_its_teardown_and_says_how_to_find_the_sites(pytester):
    result = run(pytester, LEAKY, "--th-leaks", tests=["test_leaks"])
    result.assert_outcomes(passed=1, errors=1)  # the call passed; the teardown check failed
    result.stdout.fnmatch_lines([
        "*ERROR at teardown of test_leaks*",
        "*th leak check: this test left objects alive: storages +1, tensors +1, bytes +12, "
        "Python th.Tensor objects +1",
        "*--th-leaks-track (tracking mode for every test) or --th-leaks-rerun*",
    ])
    assert result.ret == 1


def test_track_option_names_each_object_and_where_it_was_created(pytester):
    for args in (["--th-leaks", "--th-leaks-track"], ["-o", "th_leaks_track=true", "--th-leaks"]):
        result = run(pytester, LEAKY, *args, tests=["test_leaks"])
        result.assert_outcomes(passed=1, errors=1)
        result.stdout.fnmatch_lines([
            "*left alive:",
            "*storage float32 [[]3[]] (refcount 1) created by THTensor_newWithSize at test_sample.py:8",
            "*tensor float32 [[]3[]] (refcount 1) created by THTensor_newWithSize at test_sample.py:8",
        ])


SIDE_EFFECTS = """
import th

KEEP = []
CALLS = []

def test_leaks_and_counts():
    CALLS.append(1)
    KEEP.append(th.empty(3))

def test_sees_one_call():
    assert CALLS == [1]
"""


def test_the_body_runs_once_unless_a_rerun_is_asked_for(pytester):
    """A test with side effects changes nothing for later tests under
    --th-leaks; --th-leaks-rerun says that it ran the test twice."""
    once = run(pytester, SIDE_EFFECTS, "--th-leaks", "--th-leaks-track")
    once.assert_outcomes(passed=2, errors=1)
    rerun = run(pytester, SIDE_EFFECTS, "--th-leaks", "--th-leaks-rerun")
    rerun.assert_outcomes(passed=1, failed=1, errors=1)
    rerun.stdout.fnmatch_lines([
        "*left alive by a rerun in tracking mode (--th-leaks-rerun: the test ran twice):",
        "*tensor float32 [[]3[]] (refcount 1) created by THTensor_newWithSize at test_sample.py:8",
        "*assert [[]1, 1[]] == [[]1[]]*",
    ])


SWAP = """
import pytest
import th

KEEP = []

@pytest.mark.th_leaks_exempt(reason="leaves one behind for the next test")
def test_leaves_one():
    KEEP.append(th.empty(3))

def test_frees_it_and_leaks_its_own():
    KEEP[0] = th.empty(3)
"""


def test_a_leak_hidden_by_freeing_an_older_object(pytester):
    """The counts net to zero: tracking judges what the test itself created;
    without it the plain counts cannot tell (docs/LEAKS.md says so)."""
    tracked = run(pytester, SWAP, "--th-leaks", "--th-leaks-track")
    tracked.assert_outcomes(passed=2, errors=1)
    tracked.stdout.fnmatch_lines([
        "*this test left objects alive: no count grew",
        "*2 object(s) it created are alive although the counts did not grow (it freed objects "
        "an earlier test left)",
        "*tensor float32 [[]3[]] (refcount 1) created by THTensor_newWithSize at test_sample.py:11",
    ])
    counts_only = run(pytester, SWAP, "--th-leaks")
    counts_only.assert_outcomes(passed=2)


def test_clean_tests_and_scoped_fixtures_pass(pytester):
    result = run(pytester, LEAKY, "--th-leaks", tests=["test_clean", "test_uses_module_fixture",
                                                       "test_exempt", "test_prints_and_warns"])
    result.assert_outcomes(passed=4, warnings=1)
    assert result.ret == 0


def test_ini_option_turns_it_on(pytester):
    pytester.makeini("[pytest]\nth_leaks = true\n")
    result = run(pytester, LEAKY, tests=["test_leaks"])
    result.assert_outcomes(passed=1, errors=1)


def test_off_by_default(pytester):
    result = run(pytester, LEAKY, tests=["test_leaks"])
    result.assert_outcomes(passed=1)


def test_repeat_mode_tells_a_cache_from_a_leak(pytester):
    once = run(pytester, LEAKY, "--th-leaks", "--th-leaks-track",
               tests=["test_cache_filled_once"])
    once.assert_outcomes(passed=1, errors=1)  # a single run cannot tell
    once.stdout.fnmatch_lines(["*tensor float32 [[]2[]]*test_sample.py:17"])
    repeated = run(pytester, LEAKY, "--th-leaks-repeat=1:3",
                   tests=["test_cache_filled_once", "test_leaks"])
    repeated.assert_outcomes(passed=2, errors=1)
    repeated.stdout.fnmatch_lines([
        "*ERROR at teardown of test_leaks*",
        "*every one of 3 counted runs and of 3 confirming runs (after * warm-ups) grew:",
        "*storages: +1 +1 +1 | +1 +1 +1",
        "*diagnosis (one more run: th tracking, Python types, tracemalloc):",
        "*left alive: tensor float32 [[]3[]] (refcount 1) created by THTensor_newWithSize at "
        "test_sample.py:8",
    ])


PYTHON_LEAKS = """
import os
import pytest
import th

KEEP = []
FILES = []
GROWING = th.Storage(1)
CACHE = {}

class Node:
    def __init__(self):
        self.me = self

def test_python_object():
    KEEP.append(object())

def test_cycle():
    KEEP.append(Node())

def test_file_left_open():
    FILES.append(open(os.devnull))

def test_growing_storage():
    GROWING.resize_(len(GROWING) + 4)

def test_cache():
    CACHE.setdefault("zeros", th.zeros(4))

def test_clean():
    t = th.arange(6).view(2, 3)
    assert repr(t.t().contiguous()).startswith("tensor")

@pytest.fixture(scope="module")
def shared():
    return th.ones(5)

def test_module_fixture(shared):
    assert shared.numel() == 5
"""


def test_repeat_mode_checks_python_blocks_and_descriptors_and_names_types(pytester):
    result = run(pytester, PYTHON_LEAKS, "--th-leaks-repeat=2:3")
    result.assert_outcomes(passed=7, errors=4)
    out = result.stdout.str()
    for name in ("test_cache", "test_clean", "test_module_fixture"):
        assert f"ERROR at teardown of {name} " not in out
    result.stdout.fnmatch_lines([
        "*ERROR at teardown of test_python_object*",
        "*Python memory blocks: +1 +1 +1 | +1 +1 +1",
        "*no type the garbage collector tracks grew*",
        "*Python memory allocated and still alive, by site (tracemalloc):",
        "*test_sample.py:15: +1 blocks, +16 B",  # KEEP.append(object())
        "*ERROR at teardown of test_cycle*",
        "*Python memory blocks: +* +* +* | +* +* +*",
        "*Python objects whose live count grew: test_sample.Node +1",
        "*test_sample.py:18: +2 blocks, +* B",
        "*ERROR at teardown of test_file_left_open*",
        "*open file descriptors: +1 +1 +1 | +1 +1 +1 (any change counts)",
        "*Python objects whose live count grew:*_io.TextIOWrapper +1*",
        "*test_sample.py:21: +* blocks, +* B",
        "*descriptors opened and left open: * -> /dev/null",
        "*ERROR at teardown of test_growing_storage*",
        "*bytes: +16 +16 +16 | +16 +16 +16",
        "*no object created during it is alive, but the counts grew again: an older storage "
        "grows on every run (not a one-time cache)",
    ])


def test_each_kind_of_check_can_be_switched_off(pytester):
    result = run(pytester, PYTHON_LEAKS, "--th-leaks-repeat=1:2",
                 "--th-leaks-ignore=blocks,fds,refs,heap",
                 tests=["test_python_object", "test_file_left_open", "test_growing_storage"])
    result.assert_outcomes(passed=3, errors=1)
    result.stdout.fnmatch_lines(["*ERROR at teardown of test_growing_storage*"])
    pytester.makeini("[pytest]\nth_leaks_ignore = th\n")
    result = run(pytester, PYTHON_LEAKS, "--th-leaks-repeat=1:2", tests=["test_growing_storage"])
    result.assert_outcomes(passed=1)


# sys.gettotalrefcount exists on a debug CPython only: a stand-in that grows
# by 3 on each call of a leaking test shows what the check reports
REFS_CONFTEST = """
import sys
GROWTH = [0]
sys.gettotalrefcount = lambda: 1000 + GROWTH[0]
"""
REFS = "import conftest\n\ndef test_refs():\n    conftest.GROWTH[0] += 3\n"
COUNTER = """
import th

WIDGETS = []
th.debug.register_counter("widgets", lambda: len(WIDGETS))

def test_makes_a_widget():
    WIDGETS.append(object())

def test_clean():
    WIDGETS.append(object())
    WIDGETS.pop()
"""


@pytest.mark.parametrize("conftest, source, mode, passed, line, kind", [
    (REFS_CONFTEST, REFS, "--th-leaks-repeat=1:2", 1, "*Python references: +3 +3 | +3 +3", "refs"),
    (None, COUNTER, "--th-leaks", 2, "*this test left objects alive: widgets +1", "widgets"),
], ids=["debug CPython refcount", "registered counter"])
def test_a_check_reports_growth_and_can_be_switched_off(pytester, conftest, source, mode, passed,
                                                        line, kind):
    if conftest:
        pytester.makeconftest(conftest)
    result = run(pytester, source, mode)
    result.assert_outcomes(passed=passed, errors=1)
    result.stdout.fnmatch_lines([line])
    result = run(pytester, source, mode, f"--th-leaks-ignore={kind}")
    result.assert_outcomes(passed=passed)


def test_a_test_that_fails_when_repeated_is_reported(pytester):
    source = "RUNS = []\n\ndef test_once_only():\n    RUNS.append(1)\n    assert len(RUNS) == 1\n"
    result = run(pytester, source, "--th-leaks-repeat=1:1")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*th leak check: run 2 (repeated by --th-leaks-repeat) "
                                 "failed in call:*"])


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
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines([
        "*th misuse reported during this test:*",
        "*THTensor_free: tensor 0x* (float32 [[]2[]]) was already freed; it was created by "
        "THTensor_newWithSize at *test_sample.py:6*",
    ])


def test_works_with_xdist(pytester):
    pytest.importorskip("xdist")
    result = run(pytester, LEAKY, "--th-leaks", "--th-leaks-track", "-n", "2",
                 tests=["test_leaks", "test_clean"])
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines(["*created by THTensor_newWithSize at test_sample.py:8*"])


FLAKY = """
import pytest
import th

RUNS = []
KEEP = []

@pytest.mark.flaky(reruns=2)
def test_passes_on_the_third_try():
    RUNS.append(1)
    assert len(RUNS) == 3

@pytest.mark.flaky(reruns=1)
def test_leaks_every_time():
    KEEP.append(th.empty(3))
"""


def test_works_with_rerunfailures(pytester):
    """Its protocol runs: a flaky test is rerun, and a leak (a failed
    teardown) is rerun too, then reported."""
    pytest.importorskip("pytest_rerunfailures")
    result = run(pytester, FLAKY, "--th-leaks")
    outcomes = result.parseoutcomes()
    assert (outcomes["passed"], outcomes["rerun"], outcomes["errors"]) == (3, 3, 1), outcomes
    result.stdout.fnmatch_lines(["*ERROR at teardown of test_leaks_every_time*"])


def test_works_with_timeout(pytester):
    pytest.importorskip("pytest_timeout")
    source = LEAKY + "\n\ndef test_slow():\n    import time\n    time.sleep(30)\n"
    result = run(pytester, source, "--th-leaks", "--timeout=2",
                 tests=["test_slow", "test_leaks", "test_clean"])
    result.assert_outcomes(passed=2, failed=1, errors=1)
    result.stdout.fnmatch_lines(["*ERROR at teardown of test_leaks*", "*Failed: Timeout (>2.0s) from pytest-timeout*"])
    result.stdout.fnmatch_lines(["*ERROR at teardown of test_leaks*"])


def test_works_with_randomly(pytester):
    pytest.importorskip("pytest_randomly")
    pytester.makepyfile(test_sample=LEAKY)
    for seed in ("1", "2"):
        result = pytester.runpytest_subprocess(*plugin_args(), "-p", "no:cacheprovider",
                                               "-p", "randomly", f"--randomly-seed={seed}",
                                               "--th-leaks", "test_sample.py")
        result.assert_outcomes(passed=6, errors=2, warnings=1)  # test_leaks, the cache
        result.stdout.fnmatch_lines([f"*Using --randomly-seed={seed}*"])


def test_failing_test_is_not_also_blamed_for_its_traceback(pytester):
    source = "import th\n\ndef test_fails():\n    t = th.empty(2)\n    assert t.numel() == 3\n"
    result = run(pytester, source, "--th-leaks")
    result.assert_outcomes(failed=1)
    assert "th leak check" not in result.stdout.str()
