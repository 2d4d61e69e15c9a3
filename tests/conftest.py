"""th's suite runs with th's leak harness on (pyproject.toml: th_leaks =
true): every test also fails if it leaves th storages or tensors alive."""
import importlib.metadata
import os

import pytest
from hypothesis import HealthCheck, settings

# An installed th registers its plugin by entry point; an in-place build run
# with `python -m pytest` (no install), or one with autoloading off, is checked
# all the same.
if (os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
        or "th" not in {ep.name for ep in importlib.metadata.entry_points(group="pytest11")}):
    pytest_plugins = ["th.pytest_plugin"]

settings.register_profile(
    "th", deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow]
)
# tox -e pyleaks repeats each test and compares reference counts: the same
# examples every time, none saved between runs
settings.register_profile(
    "pyleaks", deadline=None, max_examples=20, derandomize=True, database=None,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("TH_HYPOTHESIS_PROFILE", "th"))


# The oracles the tests compare th against (the test extras install them):
# a test that skips because one is missing checks nothing.
ORACLES = ("torch", "scipy", "ml_dtypes", "sklearn", "array_api_compat", "array_api_strict")


def oracle_skips(config):
    """{oracle: tests skipped for want of it} over the run so far."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    counts = dict.fromkeys(ORACLES, 0)
    for report in reporter.stats.get("skipped", []) if reporter else []:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        for oracle in ORACLES:
            if f"could not import '{oracle}" in reason:
                counts[oracle] += 1
    return counts


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    counts = oracle_skips(config)
    missing = ", ".join(f"{n} for want of {o}" for o, n in counts.items() if n)
    terminalreporter.write_line(f"oracle tests skipped: {sum(counts.values())}"
                                + (f" ({missing}; pip install '.[test]' installs them)"
                                   if missing else ""))


def pytest_sessionfinish(session, exitstatus):
    """th never leaves a shared memory object's name in /dev/shm: check it
    after the whole suite (multiprocessing tests included). Under CI (CI set)
    an oracle test skipped fails the run: CI installs every oracle."""
    from helpers import th_shm_entries

    left = th_shm_entries()
    if left:
        print(f"\nth left shared memory objects in /dev/shm: {left}")
        session.exitstatus = 1
    skipped = sum(oracle_skips(session.config).values())
    if os.environ.get("CI") and skipped:
        print(f"\nCI: {skipped} oracle tests skipped (the test extras' oracles must be installed)")
        session.exitstatus = 1


@pytest.fixture
def streams_from_4_mib():
    """Streaming stores from dsts of 4 MiB, for tests that reach the streamed
    paths with small tensors: by default they start at half the last-level
    cache (THDebug_streamMinBytes)."""
    from th import _testcapi as capi
    capi.set_stream_min_bytes(4 << 20)
    yield
    capi.set_stream_min_bytes(0)
