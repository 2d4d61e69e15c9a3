"""th's leak harness for pytest: the Golden Rule, checked on every test.

Turn it on with ``--th-leaks`` or the ini option ``th_leaks = true``. For
each test it compares, before setup and after teardown, th's live C objects
(storages, tensors, bytes), the live th Python objects and every counter
registered with ``th.debug.register_counter`` / ``THDebug_registerCounter``;
a passing test that leaves more behind gets a failed teardown (pytest shows
"ERROR at teardown") naming what grew. A double free reported during a test
fails it too. docs/LEAKS.md describes every check, its cost and its limits.

``--th-leaks-track`` turns tracking mode on while each test runs: the report
lists each object left alive with the C function and Python line that made
it, and C objects are judged by what the test itself created (a test cannot
hide its leak by freeing an object an earlier test left). Without it, the
report says how to find the sites: ``--th-leaks-rerun`` reruns a leaking test
once in tracking mode (its body, side effects included, runs twice).

``--th-leaks-repeat=WARMUPS:RUNS`` runs each test WARMUPS + RUNS times, as
CPython's ``regrtest -R`` does, and also checks Python memory blocks, open
file descriptors and, on a debug CPython, the total reference count. The
first run is the one pytest reports; when every earlier counted run grew,
the last is a diagnosis run (tracking on, a census of Python object types).
``--th-leaks-ignore=KIND,...`` switches checks off: th, blocks, fds, refs or
a registered counter's name.

``@pytest.mark.th_leaks_exempt(reason="...")`` skips the check for a test.

The plugin takes over no protocol: it measures in the setup and report
hooks, so other plugins (rerunfailures, xdist, timeout, randomly) keep
working. Objects held by module-, class-, package- or session-scoped
fixtures are charged to the fixture, not to the test that set it up.
"""
import gc
import os
import re
import sys
import warnings

import pytest
from _pytest.runner import runtestprotocol

_SCOPED = ("session", "package", "module", "class")
# kinds of check, for --th-leaks-ignore (a registered counter's name works too)
TH, BLOCKS, FDS, REFS = "th", "blocks", "fds", "refs"
TH_FIELDS = ("storages", "tensors", "bytes", "Python th.Tensor objects",
             "Python th.Storage objects")
PYTHON_FIELDS = {BLOCKS: "Python memory blocks", FDS: "open file descriptors",
                 REFS: "Python references"}


def pytest_addoption(parser):
    group = parser.getgroup("th", "th leak checks")
    group.addoption("--th-leaks", action="store_true", default=False,
                    help="fail tests that leave th storages or tensors alive")
    group.addoption("--th-leaks-repeat", metavar="WARMUPS:RUNS", default=None,
                    help="run each test WARMUPS+RUNS times and report a leak only when "
                         "every counted run grew; also checks Python memory blocks, file "
                         "descriptors and (debug CPython) references (implies --th-leaks)")
    group.addoption("--th-leaks-track", action="store_true", default=None,
                    help="tracking mode while each test runs: leak reports name where "
                         "each object was created (slower object creation)")
    group.addoption("--th-leaks-rerun", action="store_true", default=False,
                    help="rerun a test that leaked once in tracking mode to find where its "
                         "objects were created (its body runs twice)")
    group.addoption("--th-leaks-ignore", metavar="KIND,...", default=None,
                    help="checks to skip: th, blocks, fds, refs, or a registered counter")
    parser.addini("th_leaks", type="bool", default=False,
                  help="check every test for leaked th objects (as --th-leaks)")
    parser.addini("th_leaks_track", type="bool", default=False,
                  help="tracking mode while each test runs (as --th-leaks-track)")
    parser.addini("th_leaks_ignore", default="", help="as --th-leaks-ignore")


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "th_leaks_exempt(reason): do not check this test for leaked th objects")
    repeat = config.getoption("th_leaks_repeat")
    if config.getoption("th_leaks") or config.getini("th_leaks") or repeat:
        track = config.getoption("th_leaks_track")
        ignore = config.getoption("th_leaks_ignore") or config.getini("th_leaks_ignore")
        checker = LeakChecker(
            repeat=_parse_repeat(repeat),
            track=config.getini("th_leaks_track") if track is None else track,
            rerun=config.getoption("th_leaks_rerun"),
            ignore={kind.strip() for kind in ignore.split(",") if kind.strip()})
        config.pluginmanager.register(checker, "th-leak-checker")


def _parse_repeat(value):
    if value is None:
        return None
    match = re.fullmatch(r"(\d+):(\d+)", value)
    if not match or int(match.group(2)) < 1:
        raise pytest.UsageError(
            f"--th-leaks-repeat takes WARMUPS:RUNS with RUNS >= 1 (e.g. 2:3), got {value!r}")
    return int(match.group(1)), int(match.group(2))


def _sub(a, b):
    return {key: a.get(key, 0) - b.get(key, 0) for key in {**a, **b}}


def _add(a, b):
    return {key: a.get(key, 0) + b.get(key, 0) for key in {**a, **b}}


def _signed(values):
    return " ".join(f"{v:+d}" for v in values)


def open_fds():
    """Open file descriptors of this process (as regrtest's fd_count)."""
    for path in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(path)) - 1  # listdir's own descriptor
        except OSError:
            continue
    count = 0
    for fd in range(256):  # a platform without either: the low descriptors
        try:
            os.fstat(fd)
            count += 1
        except OSError:
            pass
    return count


def _scoped_finalizers(item):
    """{higher-scoped FixtureDef: its finalizer count} for the item's fixtures."""
    defs = getattr(item, "_fixtureinfo", None)
    defs = [d for ds in (defs.name2fixturedefs.values() if defs else ()) for d in ds]
    return {d: len(d._finalizers) for d in defs
            if d.scope in _SCOPED and isinstance(getattr(d, "_finalizers", None), list)}


def _drop_stale_finalizers(counts):
    """pytest adds a function-scoped fixture's `finish` to each higher-scoped
    fixture it uses, on every run, and keeps it until that fixture ends (a
    no-op by then): memory that grows with each repeat (tmp_path does it).
    Drop those of a finished repeat, so they are not taken for a leak."""
    for fixturedef, count in counts.items():
        added = fixturedef._finalizers[count:]
        kept = [f for f in added if getattr(getattr(f, "func", None), "__self__", None)
                is None or getattr(f.func.__self__, "cached_result", 0) is not None]
        fixturedef._finalizers[count:] = kept


def type_census():
    """{type: live count} of the objects the garbage collector tracks."""
    counts = {}
    for obj in gc.get_objects():
        counts[type(obj)] = counts.get(type(obj), 0) + 1
    return counts


def _grown(after, before):
    """What grew from census before to after (a function of its own: a
    closure over a measuring function's locals would be measured too)."""
    return {t: n - before.get(t, 0) for t, n in after.items() if n > before.get(t, 0)}


def _type_name(t):
    return t.__qualname__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__qualname__}"


class Run:
    """One run of a test, from its setup to its teardown report."""

    def __init__(self, diagnose=False):
        self.diagnose = diagnose       # tracking on, Python types counted
        self.ok = True                 # setup and call passed
        self.fixture_delta = {}        # what higher-scoped fixtures took meanwhile
        self.fixture_serials = []      # (first, last) serials made by scoped fixtures
        self.before = {}
        self.first = 0
        self.census = None
        self.tracking_was = False
        self.delta = {}


class LeakChecker:
    def __init__(self, repeat=None, track=False, rerun=False, ignore=()):
        import th  # only when the harness is on

        self.debug = th.debug
        self.repeat = repeat
        self.track = track
        self.rerun = rerun
        self.ignore = set(ignore)
        self.python = repeat is not None  # Python-level checks: repeat mode only
        if not hasattr(sys, "gettotalrefcount"):
            self.ignore.add(REFS)  # a release CPython keeps no total
        self.run = None
        self.nextitem = None
        self.silent = False        # runs that are not reported: repeats, reruns
        self.bias = None           # Python blocks etc. of the measuring itself
        self.frozen = False        # gc.freeze() done (repeat mode)
        self.attributed = {}       # id(fixturedef) -> what its setup took

    # ------------------------------------------------------------ measuring
    def counts(self):
        values = {}
        if TH not in self.ignore:
            values.update(zip(TH_FIELDS, (*self.debug.live(), *self.debug.live_wrappers())))
        values.update((name, count) for name, count in self.debug.counters().items()
                      if name not in self.ignore)
        if self.python:
            if BLOCKS not in self.ignore:
                values[PYTHON_FIELDS[BLOCKS]] = sys.getallocatedblocks()
            if FDS not in self.ignore:
                values[PYTHON_FIELDS[FDS]] = open_fds()
            if REFS not in self.ignore:
                values[PYTHON_FIELDS[REFS]] = sys.gettotalrefcount()
        return values

    def start(self, run):
        """Before the test's setup: what is alive now."""
        self.run = run
        self.debug.pop_misuse_reports()  # not this test's
        run.tracking_was = self.debug.is_tracking()
        if run.diagnose or self.track:
            self.debug.set_tracking(True)
        if run.diagnose and self.python:
            run.census = type_census()
        if self.python:
            gc.collect()
        run.first = self.debug.last_serial()
        run.before = self.counts()
        if self.python:  # again, with the dicts alive at the end already there
            run.fixture_delta = dict.fromkeys(run.before, 0)
            run.before = self.counts()
        return run

    def finish(self, run):
        """After the test's teardown: what it left, less its fixtures'."""
        if self.python:
            gc.collect()  # garbage cycles may still hold objects
        run.delta = _sub(_sub(self.counts(), run.before), run.fixture_delta)
        if not self.python and any(v > 0 for v in run.delta.values()):
            gc.collect()
            run.delta = _sub(_sub(self.counts(), run.before), run.fixture_delta)
        if run.census is not None:
            after = type_census()
            after[dict] -= 1  # run.census itself
            run.census = _grown(after, run.census)
        if run.tracking_was != self.debug.is_tracking():
            self.debug.set_tracking(run.tracking_was)

    def created(self, run):
        """Tracked objects created during the run and still alive, less the
        scoped fixtures' (only when the run was tracked)."""
        return [obj for obj in self.debug.live_objects(since=run.first)
                if not any(lo < obj.serial <= hi for lo, hi in run.fixture_serials)]

    # ------------------------------------------------------------ session
    @pytest.hookimpl
    def pytest_collection_finish(self, session):
        """Repeat mode collects garbage twice a run: what exists now (pytest,
        plugins, the collected modules) is frozen out of those collections,
        which then scan only what the tests made (23 ms -> 0.4 ms a collect, measured)."""
        if self.repeat and hasattr(gc, "freeze"):
            gc.collect()
            gc.freeze()
            self.frozen = True

    @pytest.hookimpl
    def pytest_unconfigure(self, config):
        if self.frozen:
            gc.unfreeze()

    # ------------------------------------------------------------ fixtures
    @pytest.hookimpl(hookwrapper=True)
    def pytest_fixture_setup(self, fixturedef, request):
        run = self.run
        if fixturedef.scope not in _SCOPED or run is None:
            yield
            return
        before, first = self.counts(), self.debug.last_serial()
        yield
        delta = _sub(self.counts(), before)
        run.fixture_delta = _add(run.fixture_delta, delta)
        run.fixture_serials.append((first, self.debug.last_serial()))
        self.attributed[id(fixturedef)] = delta

    @pytest.hookimpl
    def pytest_fixture_post_finalizer(self, fixturedef, request):
        delta = self.attributed.pop(id(fixturedef), None)
        if delta is not None and self.run is not None:  # released after this hook
            self.run.fixture_delta = _sub(self.run.fixture_delta, delta)

    # ------------------------------------------------------------ tests
    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        self.nextitem = nextitem
        try:
            yield  # pytest's protocol, or another plugin's: it runs the test
        finally:
            self.run = None

    @pytest.hookimpl(hookwrapper=True, tryfirst=True)
    def pytest_runtest_setup(self, item):
        if not self.silent:  # a silent run is measured around its protocol
            exempt = item.get_closest_marker("th_leaks_exempt")
            self.run = None if exempt else self.start(Run())
        yield

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        run = self.run
        if run is None or self.silent:
            return
        report = outcome.get_result()
        if call.when != "teardown":
            run.ok = run.ok and report.passed
            return
        if hasattr(item, "funcargs"):
            item.funcargs = None  # as pytest leaves it right after: fixture values go
        self.finish(run)
        self.run = None
        problem = self.misuse()
        if run.ok and report.passed:  # a failing test's traceback keeps its locals alive
            problem += self.judge_repeated(item) if self.repeat else self.judge_once(item, run)
        if problem:
            attach(report, problem)

    def run_silently(self, item, run, nextitem, protocol=True):
        """Runs the test once more, unreported, measured around pytest's
        protocol (where nothing of the run is left): its first failed report,
        or None. Without the protocol: what measuring itself costs."""
        saved, self.silent = self.run, True
        if hasattr(item, "_request"):  # as runtestprotocol leaves a Function
            item._request, item.funcargs = False, None
        try:
            with warnings.catch_warnings(record=True) as shown:  # pytest keeps every one
                item._report_sections.clear()  # captured output, kept on the item
                finalizers = _scoped_finalizers(item)
                self.start(run)
                if protocol:
                    reports = runtestprotocol(item, nextitem=nextitem, log=False)
                    failed = next((r for r in reports if not r.passed), None)  # none kept
                    del reports
                else:
                    failed = None
                _drop_stale_finalizers(finalizers)
                item._report_sections.clear()
                shown.clear()
                self.finish(run)
        finally:
            self.run, self.silent = saved, False
        return failed

    # ------------------------------------------------------------ judging
    def suspect(self, key, deltas):
        """regrtest's rules: a count that grew in every counted run; for file
        descriptors, any change."""
        if key == PYTHON_FIELDS[FDS]:
            return any(deltas)
        return all(d > 0 for d in deltas)

    def misuse(self):
        reports = self.debug.pop_misuse_reports()
        return ["th misuse reported during this test:"] + [f"  {m}" for m in reports] \
            if reports else []

    def judge_once(self, item, run):
        grew = {key: v for key, v in run.delta.items() if v > 0}
        tracked = self.track or run.tracking_was
        created = self.created(run) if tracked and TH not in self.ignore else []
        if not grew and not created:
            return []
        lines = ["th leak check: this test left objects alive: "
                 + (", ".join(f"{key} {v:+d}" for key, v in grew.items()) or "no count grew")]
        if created and not any(grew.get(key, 0) > 0 for key in ("storages", "tensors")):
            lines.append(f"  {len(created)} object(s) it created are alive although the counts "
                         "did not grow (it freed objects an earlier test left)")
        if created:
            return lines + ["  left alive:"] + [f"    {obj}" for obj in created]
        th_grew = any(key in grew for key in TH_FIELDS)
        if tracked and th_grew:
            return lines + ["  no object created during this test is alive: an older storage "
                            "grew (a one-time cache? --th-leaks-repeat tells a cache from a leak)"]
        if th_grew and self.rerun:
            return lines + self.rerun_tracked(item)
        if th_grew:
            lines.append("  to see where each object was created: --th-leaks-track (tracking "
                         "mode for every test) or --th-leaks-rerun (reruns a leaking test: its "
                         "side effects happen twice)")
        return lines

    def rerun_tracked(self, item):
        """--th-leaks-rerun: the test once more, in tracking mode."""
        rerun = Run(diagnose=True)
        failed = self.run_silently(item, rerun, self.nextitem)
        if failed:
            return ["  the rerun in tracking mode failed:", f"    {failed.longreprtext}"]
        left = self.created(rerun)
        head = "  left alive by a rerun in tracking mode (--th-leaks-rerun: the test ran twice):"
        if left:
            return [head] + [f"    {obj}" for obj in left]
        if any(rerun.delta.get(key, 0) > 0 for key in TH_FIELDS):
            return ["  the rerun grew the counts again without leaving a new object alive: an "
                    "older storage grows on every run (not a one-time cache)"]
        return ["  (a rerun in tracking mode left nothing behind: a one-time cache, or state "
                "from earlier tests? --th-leaks-repeat tells a cache from a leak)"]

    def judge_repeated(self, item):
        """The reported run was the first warm-up (with 0 warm-ups, one more
        run): the other warm-ups and the counted runs follow, unreported."""
        warmups, runs = self.repeat
        total = max(warmups - 1, 0) + runs
        deltas = []
        if self.bias is None:  # what the measuring's own objects weigh: the median
            nulls = [Run() for _ in range(5)]  # of 4 after 1
            for null in nulls:
                self.run_silently(item, null, None, protocol=False)
            self.bias = {key: sorted(null.delta[key] for null in nulls[1:])[2]
                         for key in PYTHON_FIELDS.values() if key in nulls[0].delta}
        for i in range(total):
            counted = i >= total - runs
            last = i == total - 1
            diagnose = last and (not deltas or any(
                self.suspect(key, [d[key] for d in deltas]) for key in deltas[0]))
            run = Run(diagnose)
            failed = self.run_silently(item, run, item.parent)  # scoped fixtures stay
            if last or failed:  # as the reported run left them, for the next test
                item.session._setupstate.teardown_exact(self.nextitem)
            if failed:
                return [f"th leak check: run {i + 2} of {total + 1} (repeated by "
                        f"--th-leaks-repeat) failed in {failed.when}:", failed.longreprtext]
            if counted:
                deltas.append(_sub(run.delta, self.bias))
        leaked = [key for key in deltas[0] if self.suspect(key, [d[key] for d in deltas])]
        if not leaked:
            return []
        lines = [f"th leak check: every one of {runs} repeated runs (after {warmups} warm-ups) "
                 "grew:"]
        lines += [f"  {key}: {_signed(d[key] for d in deltas)}"
                  + (" (any change counts)" if key == PYTHON_FIELDS[FDS] else "")
                  for key in leaked]
        if not run.diagnose:
            return lines
        lines.append("  the last run was the diagnosis run (tracking on, Python types counted):")
        created = self.created(run) if TH not in self.ignore else []
        lines += [f"    left alive: {obj}" for obj in created]
        if not created and any(key in TH_FIELDS for key in leaked):
            lines.append("    no object created during it is alive, but the counts grew again: "
                         "an older storage grows on every run (not a one-time cache)")
        if run.census:
            grown = sorted(run.census.items(), key=lambda kv: (-kv[1], _type_name(kv[0])))
            lines.append("    Python objects whose live count grew: "
                         + ", ".join(f"{_type_name(t)} +{n}" for t, n in grown[:12]))
        elif any(key in leaked for key in (PYTHON_FIELDS[BLOCKS], PYTHON_FIELDS[REFS])):
            lines.append("    no type the garbage collector tracks grew: look for str, int, "
                         "bytes or a container's own memory")
        return lines


def attach(report, problem):
    """Fails the teardown report with problem (or adds it to its failure)."""
    text = "\n".join(problem)
    if report.passed:
        report.outcome = "failed"
        report.longrepr = text
    else:
        report.sections.append(("th leak check", text))
