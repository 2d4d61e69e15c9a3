"""Loaded by .ci/pyleaks only (-p pyleaks_plugin): pytest-leaks 0.3.1 runs each
test's setup, call and teardown hooks itself, without pytest_runtest_makereport,
so pytest (8+)'s tmp_path teardown finds no entry under tmppath_result_key in
the item's stash and raises KeyError (the test errors). An empty entry before
each teardown gives tmp_path what a passed test's reports would (its directory
is removed), and the teardown deletes it again: nothing left over to count."""
import pytest
from _pytest.tmpdir import tmppath_result_key


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item):
    item.stash.setdefault(tmppath_result_key, {})
