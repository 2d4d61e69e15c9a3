"""th's suite runs with th's leak harness on (pyproject.toml: th_leaks =
true): every test also fails if it leaves th storages or tensors alive."""
import importlib.metadata
import os

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


def pytest_sessionfinish(session, exitstatus):
    """th never leaves a shared memory object's name in /dev/shm: check it
    after the whole suite (multiprocessing tests included)."""
    from helpers import th_shm_entries

    left = th_shm_entries()
    if left:
        print(f"\nth left shared memory objects in /dev/shm: {left}")
        session.exitstatus = 1
