"""A test run again inside pytest by the leak harness, unreported: its
setup, call and teardown through pytest's hooks with nothing logged, and
what pytest keeps per run of a test undone."""
import contextlib

from _pytest.runner import CallInfo, get_reraise_exceptions

SCOPED = ("session", "package", "module", "class")  # fixture scopes wider than a test

def scoped_finalizers(item):
    """{higher-scoped FixtureDef: its finalizer count} for the item's fixtures."""
    defs = getattr(item, "_fixtureinfo", None)
    defs = [d for ds in (defs.name2fixturedefs.values() if defs else ()) for d in ds]
    return {d: len(d._finalizers) for d in defs
            if d.scope in SCOPED and isinstance(getattr(d, "_finalizers", None), list)}


def drop_stale_finalizers(counts):
    """pytest adds a function-scoped fixture's `finish` to each higher-scoped
    fixture it uses, on every run, and keeps it until that fixture ends (a
    no-op by then): memory that grows with each repeat (tmp_path does it).
    Drop those of a finished repeat, so they are not taken for a leak."""
    for fixturedef, count in counts.items():
        added = fixturedef._finalizers[count:]
        kept = [f for f in added if getattr(getattr(f, "func", None), "__self__", None)
                is None or getattr(f.func.__self__, "cached_result", 0) is not None]
        fixturedef._finalizers[count:] = kept


def run_phases(item, nextitem):
    """The test's setup, call (when set up) and teardown through pytest's
    hooks (the capture and logging plugins' wrappers included); each
    phase's report is made but not logged (pytest's reporting, which keeps
    them, is no part of what is measured). The first failed phase's report,
    or None."""
    if hasattr(item, "_request") and not item._request:
        item._initrequest()
    ihook, reraise = item.ihook, get_reraise_exceptions(item.config)
    failed = None
    for when in ("setup", "call", "teardown"):
        if when == "call" and failed is not None:
            continue
        hook = getattr(ihook, f"pytest_runtest_{when}")
        kwargs = {"nextitem": nextitem} if when == "teardown" else {}
        call = CallInfo.from_call(lambda: hook(item=item, **kwargs), when=when, reraise=reraise)
        # made and dropped (no pytest_runtest_logreport): plugins keep state by it (tmp_path)
        report = ihook.pytest_runtest_makereport(item=item, call=call)
        if failed is None and not report.passed:
            failed = report
        del call, report  # a traceback would keep the test's locals alive
    if hasattr(item, "_request"):  # as runtestprotocol leaves it
        item._request, item.funcargs = False, None
    return failed


@contextlib.contextmanager
def unlogged(config):
    """No pytest_runtest_logreport hook runs meanwhile: what a repeated run
    logs itself (pytest's subtests, unittest's subTest) is not kept by the
    terminal reporter, junitxml... and so never shows as growth. (Through
    the hook's implementation list, which the per-directory hook proxies
    read too.)"""
    caller = getattr(config.hook, "pytest_runtest_logreport", None)
    impls = getattr(caller, "_hookimpls", None)
    if not isinstance(impls, list):
        yield
        return
    caller._hookimpls = []
    try:
        yield
    finally:
        caller._hookimpls = impls
