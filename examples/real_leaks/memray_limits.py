"""pytest-memray's leak check on every test of this folder, for comparison
with th's: `python -m pytest --memray -p memray_limits --leak-limit "1 KB"`
(pytest-memray checks only tests marked limit_leaks, with a limit per
allocation site)."""
import pytest


def pytest_addoption(parser):
    parser.addoption("--leak-limit", default="1 KB",
                     help="the limit_leaks marker's limit, on every test")


def pytest_collection_modifyitems(config, items):
    for item in items:
        item.add_marker(pytest.mark.limit_leaks(config.getoption("leak_limit")))
