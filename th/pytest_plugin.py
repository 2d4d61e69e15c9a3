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

``--th-leaks-repeat=WARMUPS:RUNS`` runs each test again, as CPython's
``regrtest -R`` does, and also checks Python memory blocks, open file
descriptors, the references held to existing objects and, with
``--th-leaks-heap``, the C heap's bytes: warm-up runs (at least WARMUPS,
until a run grows nothing, at most ``--th-leaks-max-warmups``), RUNS
counted runs, RUNS confirming runs when a count grew in each, then a
diagnosis run (th/_leaks_repeat.py). Only the test's setup, call and
teardown are measured (th/_leaks_phases.py), with CPython's caches emptied
first (th/_leaks_caches.py). ``--th-leaks-ignore=KIND,...`` switches checks
off: th, blocks, fds, refs, heap or a registered counter's name.

``@pytest.mark.th_leaks_exempt(reason="...")`` skips the check for a test.

The plugin takes over no protocol: it measures in the setup and report
hooks, so other plugins (rerunfailures, xdist, timeout, randomly) keep
working. Objects held by module-, class-, package- or session-scoped
fixtures are charged to the fixture, not to the test that set it up.
"""
import gc
import re
import sys
import warnings

import pytest
from th._leaks_caches import clear_caches
from th._leaks_counters import (ReferenceSum, grown, harness_object, heap_available, heap_bytes,
                                open_fds, type_census)
from th._leaks_phases import (SCOPED, drop_stale_finalizers, run_phases, scoped_finalizers,
                              unlogged)
from th._leaks_repeat import RepeatedRuns

# kinds of check, for --th-leaks-ignore (a registered counter's name works too)
TH, BLOCKS, FDS, REFS, HEAP = "th", "blocks", "fds", "refs", "heap"
# C heap growth below this per run is not a leak: pytest's own objects grow the
# heap by ~800 bytes a run in some runs of a clean test (tests/harness)
HEAP_FLOOR = 1024
TH_FIELDS = ("storages", "tensors", "bytes", "Python th.Tensor objects",
             "Python th.Storage objects")
PYTHON_FIELDS = {BLOCKS: "Python memory blocks", FDS: "open file descriptors",
                 REFS: "Python references", HEAP: "C heap bytes"}
MAX_WARMUPS = 20  # default cap on warm-up runs (docs/LEAKS.md)


def pytest_addoption(parser):
    group = parser.getgroup("th", "th leak checks")
    group.addoption("--th-leaks", action="store_true", default=False,
                    help="fail tests that leave th storages or tensors alive")
    group.addoption("--th-leaks-repeat", metavar="WARMUPS:RUNS", default=None,
                    help="run each test again: at least WARMUPS warm-ups (until one grows "
                         "nothing), RUNS counted runs, RUNS more to confirm; also checks Python "
                         "memory blocks, file descriptors, references and the C heap (implies "
                         "--th-leaks)")
    group.addoption("--th-leaks-heap", action="store_true", default=False,
                    help="repeat mode: also check the C heap's bytes in use (glibc's "
                         "mallinfo2), so that a leaked malloc() shows")
    group.addoption("--th-leaks-max-warmups", metavar="N", type=int, default=None,
                    help=f"repeat mode: at most N warm-up runs (default {MAX_WARMUPS}); a test "
                         "still growing then is reported as never settled, not as a leak")
    group.addoption("--th-leaks-track", action="store_true", default=None,
                    help="tracking mode while each test runs: leak reports name where "
                         "each object was created (slower object creation)")
    group.addoption("--th-leaks-rerun", action="store_true", default=False,
                    help="rerun a test that leaked once in tracking mode to find where its "
                         "objects were created (its body runs twice)")
    group.addoption("--th-leaks-ignore", metavar="KIND,...", default=None,
                    help="checks to skip: th, blocks, fds, refs, heap, or a registered counter")
    parser.addini("th_leaks", type="bool", default=False,
                  help="check every test for leaked th objects (as --th-leaks)")
    parser.addini("th_leaks_track", type="bool", default=False,
                  help="tracking mode while each test runs (as --th-leaks-track)")
    parser.addini("th_leaks_ignore", default="", help="as --th-leaks-ignore")
    parser.addini("th_leaks_heap", type="bool", default=False, help="as --th-leaks-heap")
    parser.addini("th_leaks_max_warmups", default=str(MAX_WARMUPS),
                  help="as --th-leaks-max-warmups")


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
            ignore={kind.strip() for kind in ignore.split(",") if kind.strip()},
            max_warmups=_max_warmups(config),
            heap=config.getoption("th_leaks_heap") or config.getini("th_leaks_heap"))
        config.pluginmanager.register(checker, "th-leak-checker")


def _parse_repeat(value):
    if value is None:
        return None
    match = re.fullmatch(r"(\d+):(\d+)", value)
    if not match or int(match.group(2)) < 1:
        raise pytest.UsageError(
            f"--th-leaks-repeat takes WARMUPS:RUNS with RUNS >= 1 (e.g. 2:3), got {value!r}")
    return int(match.group(1)), int(match.group(2))


def _max_warmups(config):
    value = config.getoption("th_leaks_max_warmups")
    value = config.getini("th_leaks_max_warmups") if value is None else value
    try:
        value = int(value)
    except ValueError:
        value = -1
    if value < 1:
        raise pytest.UsageError(f"--th-leaks-max-warmups takes a count >= 1, got {value!r}")
    return value


def _sub(a, b):
    return {key: a.get(key, 0) - b.get(key, 0) for key in {**a, **b}}


def _add(a, b):
    return {key: a.get(key, 0) + b.get(key, 0) for key in {**a, **b}}


NOTE = "th leak check note"  # a report section's title


class Run:
    """One run of a test, from its setup to its teardown report."""

    def __init__(self, diagnose=False, per_object=False):
        self.diagnose = diagnose       # tracking on, Python types counted
        self.per_object = per_object   # each summed object's reference count read too
        self.ok = True                 # setup and call passed
        self.fixture_delta = {}        # what higher-scoped fixtures took meanwhile
        self.fixture_serials = []      # (first, last) serials made by scoped fixtures
        self.before = {}
        self.first = 0
        self.census = None
        self.refcounts = None          # each counted object's reference count at the start
        self.refcounts_end = None      # and at the end (diagnosis runs: ReferenceSum.snapshot)
        self.types_before = None       # the census at the start (diagnosis runs)
        self.tracking_was = False
        self.delta = {}


class LeakChecker:
    def __init__(self, repeat=None, track=False, rerun=False, ignore=(), max_warmups=MAX_WARMUPS,
                 heap=False):
        import th  # only when the harness is on

        self.debug = th.debug
        self.repeat = repeat
        self.track = track
        self.rerun = rerun
        self.ignore = set(ignore)
        self.max_warmups = max_warmups
        self.python = repeat is not None  # Python-level checks: repeat mode only
        if not heap or not heap_available():  # optional: Python's own large blocks are
            self.ignore.add(HEAP)  # there too, and pytest's grow them (not glibc: none)
        self.references = None     # a release CPython's ReferenceSum (repeat mode)
        self.session_references = None
        self.run = None
        self.nextitem = None
        self.silent = False        # runs that are not reported: repeats, reruns
        self.bias = None           # Python blocks etc. of the measuring itself
        self.frozen = False        # gc.freeze() done (repeat mode)
        self.attributed = {}       # id(fixturedef) -> what its setup took
        self.notes = []            # (nodeid, text): tests never settled, in repeat mode

    # ------------------------------------------------------------ measuring
    def counts(self, references=None):
        """The counts now; references: the summed reference counts, taken by
        settle() (a release CPython's "Python references")."""
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
            if REFS in self.ignore:
                pass
            elif hasattr(sys, "gettotalrefcount"):  # a debug CPython's total: every object
                values[PYTHON_FIELDS[REFS]] = sys.gettotalrefcount()
            elif references is not None:
                values[PYTHON_FIELDS[REFS]] = references
            if HEAP not in self.ignore:
                values[PYTHON_FIELDS[HEAP]] = heap_bytes()
        return values

    th_keys = TH_FIELDS
    phases_boundary = (run_phases.__code__.co_filename, run_phases.__code__.co_firstlineno,
                       max(line for _, _, line in run_phases.__code__.co_lines() if line))
    blocks_key, fds_key, refs_key, heap_key = (PYTHON_FIELDS[k] for k in (BLOCKS, FDS, REFS, HEAP))

    @property
    def th_checked(self):
        return TH not in self.ignore

    def unbiased(self, delta):
        return _sub(delta, self.bias)

    def settle(self):
        """Before a measurement in repeat mode: CPython's caches emptied (as
        regrtest does) and garbage collected, so that only what the test
        keeps is counted; then the summed reference counts (right after the
        type cache is emptied: it holds references to attribute names)."""
        clear_caches()
        gc.collect()
        if self.references is not None and REFS not in self.ignore:
            return self.references.total()
        return None

    def start(self, run):
        """Before the test's setup: what is alive now."""
        self.run = run
        self.debug.pop_misuse_reports()  # not this test's
        run.tracking_was = self.debug.is_tracking()
        if run.diagnose or self.track:
            self.debug.set_tracking(True)
        if run.diagnose and self.python:
            run.census = type_census()
        references = self.settle() if self.python else None
        if run.per_object and references is not None:  # the same moment as the sum
            run.refcounts = self.references.snapshot()
        run.first = self.debug.last_serial()
        run.before = self.counts(references)
        if self.python:  # again, with the dicts alive at the end already there
            run.fixture_delta = dict.fromkeys(run.before, 0)
            run.before = self.counts(references)
        return run

    def finish(self, run):
        """After the test's teardown: what it left, less its fixtures'."""
        references = self.settle() if self.python else None  # cycles may hold objects
        if run.refcounts is not None:  # before the census below refers to every type
            run.refcounts_end = self.references.snapshot()
        run.delta = _sub(_sub(self.counts(references), run.before), run.fixture_delta)
        if not self.python and any(v > 0 for v in run.delta.values()):
            gc.collect()
            run.delta = _sub(_sub(self.counts(), run.before), run.fixture_delta)
        if run.census is not None:
            after = type_census()
            after[dict] -= 1  # run.census itself
            run.types_before, run.census = run.census, grown(after, run.census)
        if run.tracking_was != self.debug.is_tracking():
            self.debug.set_tracking(run.tracking_was)

    def references_kept(self, run):
        """[(growth, object)] of the objects whose reference counts are summed
        (the same set) that had more references at the end of diagnosis run
        than at its start, and still have now that the measuring is over: the
        references the harness held at the end (its frames, tracemalloc's
        table of file names, the run's dicts of counts) are gone by now, and
        what the harness holds now (the census of the types that grew) it did
        not hold at the end. Call it once, right after the run, with
        tracemalloc stopped and its snapshots dropped."""
        before, end = run.refcounts, run.refcounts_end
        run.refcounts = run.refcounts_end = run.before = run.delta = None  # names of counts
        self.settle()  # as at the start and end: caches emptied, garbage collected
        now = self.references.snapshot()
        run.types_before = None  # after the snapshot: it held each type at the start too
        return [(growth, obj) for growth, obj in self.references.grown_since(before, end, now)
                if not harness_object(obj)]

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
        if self.repeat and REFS not in self.ignore and not hasattr(sys, "gettotalrefcount"):
            gc.collect()  # the objects of pytest, plugins, collected modules: once
            self.session_references = self.references = ReferenceSum(
                gc.get_objects(), exclude=(*TH_FIELDS, *PYTHON_FIELDS.values()))
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
        if fixturedef.scope not in SCOPED or run is None:
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
        problem, note = self.misuse(), []
        if run.ok and report.passed and self.repeat:  # a failing test's traceback keeps
            found, note = self.judge_repeated(item, run)  # its locals alive
            problem += found
        elif run.ok and report.passed:
            problem += self.judge_once(item, run)
        if problem:
            attach(report, problem)
        elif note:
            report.sections.append((NOTE, "\n".join(note)))

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report):
        """Notes of tests not judged (never settled), for the summary; here
        they also arrive from xdist's workers."""
        self.notes += [(report.nodeid, text) for title, text in report.sections if title == NOTE]

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter):
        if self.notes:
            terminalreporter.section("th leak check: notes (not failures)")
            for nodeid, text in self.notes:
                terminalreporter.line(f"{nodeid}: {text}")

    def run_silently(self, item, run, nextitem, protocol=True):
        """Runs the test once more, unreported, measured around its setup,
        call and teardown only (no report made: pytest's reporting is not
        measured): its first failed report, or None. Without the protocol:
        what measuring itself costs."""
        saved, self.silent = self.run, True
        if hasattr(item, "_request"):  # as runtestprotocol leaves a Function
            item._request, item.funcargs = False, None
        try:
            with warnings.catch_warnings(record=True) as shown, unlogged(item.config):
                item._report_sections.clear()  # captured output, kept on the item
                finalizers = scoped_finalizers(item)
                self.start(run)
                failed = run_phases(item, nextitem) if protocol else None
                drop_stale_finalizers(finalizers)
                item._report_sections.clear()
                shown.clear()
                self.finish(run)
        finally:
            self.run, self.silent = saved, False
        return failed

    # ------------------------------------------------------------ judging
    def suspect(self, key, deltas):
        """regrtest's rules: a count that grew in every counted run; for file
        descriptors, any change; for the C heap, HEAP_FLOOR bytes or more."""
        if key == PYTHON_FIELDS[FDS]:
            return any(deltas)
        if key == PYTHON_FIELDS[HEAP]:
            return all(d >= HEAP_FLOOR for d in deltas)
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

    def judge_repeated(self, item, run):
        """The reported run was the first warm-up: the others, the counted
        and confirming runs follow, unreported (th/_leaks_repeat.py)."""
        if self.bias is None:  # what the measuring's own objects weigh: the median
            nulls = [Run() for _ in range(5)]  # of 4 after 1
            for null in nulls:
                self.run_silently(item, null, None, protocol=False)
            self.bias = {key: sorted(null.delta[key] for null in nulls[1:])[2]
                         for key in PYTHON_FIELDS.values() if key in nulls[0].delta}
        if self.session_references is not None:  # and what was made since (lazy imports...)
            self.references = self.session_references.extended(gc.get_objects())
        try:
            problem, note = RepeatedRuns(self, item, self.unbiased(run.delta)).judge()
        finally:
            self.references = self.session_references
        return problem, note


def attach(report, problem):
    """Fails the teardown report with problem (or adds it to its failure)."""
    text = "\n".join(problem)
    if report.passed:
        report.outcome = "failed"
        report.longrepr = text
    else:
        report.sections.append(("th leak check", text))
