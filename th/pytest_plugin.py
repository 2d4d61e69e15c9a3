"""th's leak harness for pytest: the Golden Rule, checked on every test.

Turn it on with ``--th-leaks`` or the ini option ``th_leaks = true``. For
each test it compares th's live C objects (storages, tensors, bytes) and live
th Python objects before setup and after teardown; a test that leaves more
behind fails, even if its assertions passed, and the report lists each
leaked object with the C function and the Python line that created it (the
test is rerun once in tracking mode to find them). A double free reported
during a test fails it too.

``--th-leaks-repeat=WARMUPS:RUNS`` runs each test WARMUPS + RUNS times, as
CPython's ``regrtest -R`` does, and reports a leak only when every one of the
RUNS counted runs grew: a cache filled on the first run is not a leak.

``@pytest.mark.th_leaks_exempt(reason="...")`` skips the check for a test.

Objects held by module-, class-, package- or session-scoped fixtures are not
counted against the test that happened to set them up, nor their release in
favour of the test that tore them down. Leaks are judged on passing tests
only: a failing test's traceback keeps its locals alive.
"""
import gc
import re

import pytest
from _pytest.runner import runtestprotocol

_SCOPED = ("session", "package", "module", "class")


def pytest_addoption(parser):
    group = parser.getgroup("th", "th leak checks")
    group.addoption("--th-leaks", action="store_true", default=False,
                    help="fail tests that leave th storages or tensors alive")
    group.addoption("--th-leaks-repeat", metavar="WARMUPS:RUNS", default=None,
                    help="run each test WARMUPS+RUNS times and report a leak only when "
                         "every counted run grew (implies --th-leaks)")
    parser.addini("th_leaks", type="bool", default=False,
                  help="check every test for leaked th objects (as --th-leaks)")


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "th_leaks_exempt(reason): do not check this test for leaked th objects")
    repeat = config.getoption("th_leaks_repeat")
    if config.getoption("th_leaks") or config.getini("th_leaks") or repeat:
        config.pluginmanager.register(LeakChecker(_parse_repeat(repeat)), "th-leak-checker")


def _parse_repeat(value):
    if value is None:
        return None
    match = re.fullmatch(r"(\d+):(\d+)", value)
    if not match or int(match.group(2)) < 1:
        raise pytest.UsageError(
            f"--th-leaks-repeat takes WARMUPS:RUNS with RUNS >= 1 (e.g. 2:3), got {value!r}")
    return int(match.group(1)), int(match.group(2))


class Counts(tuple):
    """What th holds: C storages, tensors, bytes; Python Tensors, Storages."""

    FIELDS = ("storages", "tensors", "bytes", "Python th.Tensor objects",
              "Python th.Storage objects")

    def __new__(cls, values):
        return super().__new__(cls, values)

    def __sub__(self, other):
        return Counts(a - b for a, b in zip(self, other))

    def __add__(self, other):
        return Counts(a + b for a, b in zip(self, other))

    def grew(self):
        return any(v > 0 for v in self)

    def describe(self):
        return ", ".join(f"{name} {value:+d}" for name, value in zip(self.FIELDS, self) if value)


ZERO = Counts((0,) * 5)


class LeakChecker:
    def __init__(self, repeat):
        import th  # only when the harness is on

        self.debug = th.debug
        self.repeat = repeat
        # set while a test runs: what its higher-scoped fixtures took and gave back
        self.fixture_delta = ZERO
        self.fixture_serials = []  # (first, last) serials made by scoped fixtures
        self.attributed = {}       # id(fixturedef) -> Counts it was charged

    def counts(self):
        return Counts(tuple(self.debug.live()) + tuple(self.debug.live_wrappers()))

    # ------------------------------------------------------------ fixtures
    @pytest.hookimpl(hookwrapper=True)
    def pytest_fixture_setup(self, fixturedef, request):
        if fixturedef.scope not in _SCOPED:
            yield
            return
        before, first = self.counts(), self.debug.last_serial()
        yield
        delta = self.counts() - before
        self.fixture_delta = self.fixture_delta + delta
        self.fixture_serials.append((first, self.debug.last_serial()))
        self.attributed[id(fixturedef)] = delta

    @pytest.hookimpl
    def pytest_fixture_post_finalizer(self, fixturedef, request):
        delta = self.attributed.pop(id(fixturedef), None)
        if delta is not None:  # released after this hook: not this test's doing
            self.fixture_delta = self.fixture_delta - delta

    # ------------------------------------------------------------ tests
    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item, nextitem):
        if item.get_closest_marker("th_leaks_exempt"):
            return None  # pytest's own protocol
        ihook = item.ihook
        ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
        if self.repeat:
            reports, problem = self.run_repeated(item, nextitem)
        else:
            reports, problem = self.run_once(item, nextitem)
        if problem:
            attach(reports, problem)
        for report in reports:
            ihook.pytest_runtest_logreport(report=report)
        ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
        return True

    def measure(self, item, nextitem, collect):
        """Runs the test once: (reports, leaked Counts, first serial)."""
        self.fixture_delta = ZERO
        self.fixture_serials = []
        self.debug.pop_misuse_reports()  # not this test's
        if collect:
            gc.collect()
        before, first = self.counts(), self.debug.last_serial()
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
        leaked = self.counts() - before - self.fixture_delta
        if leaked.grew() or collect:  # garbage cycles may still hold objects
            gc.collect()
            leaked = self.counts() - before - self.fixture_delta
        return reports, leaked, first

    def run_once(self, item, nextitem):
        reports, leaked, first = self.measure(item, nextitem, collect=False)
        misuse = self.debug.pop_misuse_reports()
        problem = []
        if misuse:
            problem.append("th misuse reported during this test:")
            problem += [f"  {message}" for message in misuse]
        if leaked.grew() and all(r.passed for r in reports):
            problem.append(f"th leak check: this test left objects alive: {leaked.describe()}")
            problem += self.find_sites(item, nextitem)
        return reports, problem

    def run_repeated(self, item, nextitem):
        warmups, runs = self.repeat
        deltas, reports = [], []
        for i in range(warmups + runs):
            reports, leaked, first = self.measure(item, nextitem, collect=True)
            if not all(r.passed or r.skipped for r in reports):
                return reports, []  # the failure speaks for itself
            if i >= warmups:
                deltas.append(leaked)
        problem = []
        misuse = self.debug.pop_misuse_reports()
        if misuse:
            problem.append("th misuse reported during this test:")
            problem += [f"  {message}" for message in misuse]
        if all(delta.grew() for delta in deltas):
            problem.append(f"th leak check: every one of {runs} repeated runs (after {warmups} "
                           f"warm-ups) left objects alive: "
                           + "; ".join(delta.describe() for delta in deltas))
            problem += self.find_sites(item, nextitem)
        return reports, problem

    def find_sites(self, item, nextitem):
        """Reruns the test in tracking mode and lists what it left alive."""
        was_tracking = self.debug.is_tracking()
        with self.debug.tracking():
            _, leaked, first = self.measure(item, nextitem, collect=True)
            left = [obj for obj in self.debug.live_objects(since=first)
                    if not any(lo < obj.serial <= hi for lo, hi in self.fixture_serials)]
        if not left:
            return ["  (a rerun in tracking mode left nothing behind: a one-time cache, or "
                    "state from earlier tests? --th-leaks-repeat tells a cache from a leak)"]
        lines = ["  left alive (found by rerunning the test in tracking mode):"
                 if not was_tracking else "  left alive:"]
        return lines + [f"    {obj}" for obj in left]


def attach(reports, problem):
    """Fails the test's call report (or adds to its failure) with problem."""
    text = "\n".join(problem)
    call = next((r for r in reports if r.when == "call"), None) or reports[-1]
    if call.passed:
        call.outcome = "failed"
        call.longrepr = text
    else:
        call.sections.append(("th leak check", text))
