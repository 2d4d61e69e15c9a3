"""The leak harness's repeat mode (--th-leaks-repeat): the runs of one test
after the one pytest reports, and the verdict.

1. Warm-up: runs until one grows nothing (or grows steadily, as a leak
   does), at least WARMUPS and at most the cap (--th-leaks-max-warmups). A
   test still growing irregularly at the cap is reported as never settled,
   with its growth curve, and not judged.
2. Counted runs: RUNS runs judged by regrtest's rules (a count that grew in
   every run; for descriptors, any change).
3. Confirmation: a suspected count must grow again by the same rule in RUNS
   more runs before the test fails (a count that grew by chance in a row of
   runs rarely does it twice).
4. Diagnosis: one more run of a leaking test, with th's tracking mode, a
   census of Python types, tracemalloc and the descriptors' targets, to say
   what grew and where it was allocated; when references grew, each summed
   object's reference count too, to name those given references not given
   back (LeakChecker.references_kept)."""
from th._leaks_counters import fd_targets, short_repr, type_name
from th._leaks_sites import AllocationSites, plugin_files

MOST_OBJECTS = 5  # objects named by their references given and not given back
STEADY = 3  # equal-or-rising growth in this many warm-ups in a row: a leak's rhythm


def _signed(values):
    return " ".join(f"{v:+d}" for v in values)


def _settled(curve, key):
    """Whether count key is done warming up: it did not grow in the last run,
    or it grew in each of the last STEADY runs without shrinking (a leak's
    steady growth, which no warm-up ends)."""
    last = curve[-1].get(key, 0)
    if last <= 0:
        return True
    tail = [d.get(key, 0) for d in curve[-STEADY:]]
    return len(tail) == STEADY and min(tail) >= 1 and tail[-1] >= tail[0]


class RepeatedRuns:
    """The runs of one test after its reported run; .judge() says whether it
    leaked (lines for a failed teardown) or never settled (lines for a note)."""

    def __init__(self, checker, item, first_delta):
        self.checker = checker
        self.item = item
        self.warmups, self.runs = checker.repeat
        self.cap = max(checker.max_warmups, self.warmups, 1)
        self.curve = [first_delta]  # growth per warm-up, the reported run first
        self.made = 1               # runs so far, the reported one included

    def one_run(self, diagnose=False, per_object=False):
        """Runs the test once more: its growth, or raises _Failed."""
        from th.pytest_plugin import Run

        run = Run(diagnose, per_object)
        failed = self.checker.run_silently(self.item, run, self.item.parent)  # scoped fixtures stay
        self.made += 1
        if failed:
            raise _Failed(self.made, failed)
        return run

    def delta(self):
        return self.checker.unbiased(self.one_run().delta)

    def judge(self):
        """(problem lines, note lines)."""
        try:
            return self._judge()
        except _Failed as failure:
            return [f"th leak check: run {failure.number} (repeated by --th-leaks-repeat) "
                    f"failed in {failure.report.when}:", failure.report.longreprtext], []
        finally:  # scoped fixtures as the reported run left them, for the next test
            if self.made > 1:
                self.item.session._setupstate.teardown_exact(self.checker.nextitem)

    def _judge(self):
        keys = list(self.curve[0])
        while len(self.curve) < max(self.warmups, 1) or not all(
                _settled(self.curve, key) for key in keys):
            if len(self.curve) >= self.cap:
                return [], self.never_settled(keys)
            self.curve.append(self.delta())
        counted = [self.delta() for _ in range(self.runs)]
        suspects = [key for key in keys if self.checker.suspect(key, [d[key] for d in counted])]
        if not suspects:
            return [], []
        confirming = [self.delta() for _ in range(self.runs)]
        leaked = [key for key in suspects
                  if self.checker.suspect(key, [d[key] for d in confirming])]
        if not leaked:
            return [], [f"th leak check: grew in every one of {self.runs} counted runs but not "
                        f"in {self.runs} more (not a leak): "
                        + "; ".join(f"{key}: {_signed(d[key] for d in counted)} | "
                                    f"{_signed(d[key] for d in confirming)}" for key in suspects)]
        lines = [f"th leak check: every one of {self.runs} counted runs and of {self.runs} "
                 f"confirming runs (after {len(self.curve)} warm-ups) grew:"]
        lines += [f"  {key}: {_signed(d[key] for d in counted)} | "
                  f"{_signed(d[key] for d in confirming)}"
                  + (" (any change counts)" if key == self.checker.fds_key else "")
                  for key in leaked]
        return lines + self.diagnose(leaked), []

    def never_settled(self, keys):
        growing = [key for key in keys if not _settled(self.curve, key)]
        return [f"th leak check: not judged: still growing irregularly after {len(self.curve)} "
                "warm-up runs (the cap, --th-leaks-max-warmups); growth per run:"] + [
            f"  {key}: {_signed(d[key] for d in self.curve)}" for key in growing]

    def diagnose(self, leaked):
        """One more run, watched closely: what it left and where."""
        sites = AllocationSites()
        fds = fd_targets()
        try:
            run = self.one_run(diagnose=True, per_object=self.checker.refs_key in leaked)
            new_fds = {fd: target for fd, target in fd_targets().items() if fds.get(fd) != target}
        finally:
            sites.stop()
        checker = self.checker
        top = sites.top(checker.phases_boundary, plugin_files(self.item.config.pluginmanager))
        sites = None  # its snapshots refer to file names: gone before references are read
        kept = checker.references_kept(run) if run.refcounts is not None else []
        lines = ["  diagnosis (one more run: th tracking, Python types, tracemalloc):"]
        created = checker.created(run) if checker.th_checked else []
        lines += [f"    left alive: {obj}" for obj in created]
        if not created and any(key in checker.th_keys for key in leaked):
            lines.append("    no object created during it is alive, but the counts grew again: "
                         "an older storage grows on every run (not a one-time cache)")
        named = sorted((run.census or {}).items(), key=lambda kv: (-kv[1], type_name(kv[0])))
        if named:
            lines.append("    Python objects whose live count grew: "
                         + ", ".join(f"{type_name(t)} +{n}" for t, n in named[:12]))
        elif any(key in leaked for key in (checker.blocks_key, checker.refs_key)):
            lines.append("    no type the garbage collector tracks grew: str, int, bytes, a "
                         "container's own memory, or memory no object owns")
        if top:
            lines.append("    Python memory allocated and still alive, by site (tracemalloc):")
            lines += [f"      {site}: +{blocks} blocks, +{size} B" for site, blocks, size in top]
        if new_fds:
            lines.append("    descriptors opened and left open: " + ", ".join(
                f"{fd} -> {target}" for fd, target in sorted(new_fds.items())))
        if checker.heap_key in leaked:
            lines.append("    C heap bytes grew: what the sites above do not account for was "
                         "allocated by malloc() outside Python's allocator (tracemalloc cannot "
                         "see it; valgrind or heaptrack can)")
        if checker.refs_key in leaked and checker.blocks_key not in leaked:
            lines.append("    references grew without memory: an object that already existed "
                         "was given a reference nobody gives back (an incref without decref)")
        if checker.refs_key in leaked and kept:
            kept.sort(key=lambda grown: -grown[0])  # stable: the set's order among equals
            lines.append("    references given and not given back, by object: " + " ; ".join(
                f"+{growth} {type_name(type(obj))} {short_repr(obj)}"
                for growth, obj in kept[:MOST_OBJECTS])
                + (f" ; and {len(kept) - MOST_OBJECTS} more" if len(kept) > MOST_OBJECTS else ""))
        return lines


class _Failed(Exception):
    def __init__(self, number, report):
        super().__init__(number)
        self.number, self.report = number, report
