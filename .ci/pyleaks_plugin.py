"""Loaded by .ci/pyleaks only (-p pyleaks_plugin): two mends for pytest-leaks
0.3.1 under pytest 9, which runs each test's setup, call and teardown hooks
itself, without pytest_runtest_makereport."""
import pytest
from _pytest.tmpdir import tmppath_result_key


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item):
    # tmp_path's teardown looks up the test's reports under tmppath_result_key
    # (KeyError: the test errors): an empty entry gives it what a passed test's
    # reports would (its directory is removed), and the teardown deletes it again
    item.stash.setdefault(tmppath_result_key, {})


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    # a test that skips or fails during the repeats is reported without its
    # teardown ever run, and every later test then errors at setup ("previous
    # item was not torn down properly"): tear down what is left of it first
    # (a no-op after a normal teardown)
    item.session._setupstate.teardown_exact(item)
