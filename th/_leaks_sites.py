"""Where a leaking test's memory was allocated: tracemalloc over the leak
harness's diagnosis run, each growing allocation charged to its innermost
frame outside the harness, pytest and pluggy (the test's own line, or the
library line that allocated)."""
import os
import tracemalloc

FRAMES = 32  # deep enough to climb out of pytest's and pluggy's frames
_HERE = os.path.dirname(os.path.abspath(__file__))
_SKIPPED = tuple(os.path.join(_HERE, name) for name in (
    "pytest_plugin.py", "_leaks_")) + (f"{os.sep}_pytest{os.sep}", f"{os.sep}pluggy{os.sep}",
                                       "<frozen importlib", f"{os.sep}tracemalloc.py",
                                       f"{os.sep}contextlib.py")


def _ours(filename, plugins=frozenset()):
    return (filename.startswith(_SKIPPED[:2]) or any(s in filename for s in _SKIPPED[2:])
            or filename in plugins)


def plugin_files(pluginmanager):
    """The files of pytest's plugins (pytest-xdist, rerunfailures...), not
    conftest.py files (a fixture there can be the test's leak)."""
    files = {getattr(plugin, "__file__", None) for plugin in pluginmanager.get_plugins()}
    return frozenset(f for f in files if f and os.path.basename(f) != "conftest.py")


class AllocationSites:
    """Started before a run and stopped after it: .top() names the sites
    whose live Python memory grew meanwhile."""

    def __init__(self):
        self.started = not tracemalloc.is_tracing()  # leave a user's tracing running
        if self.started:
            tracemalloc.start(FRAMES)
        self.before = tracemalloc.take_snapshot()
        self.after = None

    def stop(self):
        self.after = tracemalloc.take_snapshot()
        if self.started:
            tracemalloc.stop()

    def top(self, boundary, plugins=frozenset(), most=5):
        """[(file:line, blocks, bytes)] of the sites that grew most, by bytes,
        among the allocations made inside boundary (a (file, first line, last
        line) of the function that runs the test's phases): each charged to
        its innermost frame that is neither the harness's, pytest's nor one
        of the plugins'."""
        sites = {}
        for stat in self.after.compare_to(self.before, "traceback"):
            if stat.size_diff <= 0 and stat.count_diff <= 0:
                continue
            site = _site(stat.traceback, boundary, plugins)
            if site is not None:
                blocks, size = sites.get(site, (0, 0))
                sites[site] = (blocks + stat.count_diff, size + stat.size_diff)
        grown = [(key, b, s) for key, (b, s) in sites.items() if s > 0 or b > 0]
        return sorted(grown, key=lambda site: (-site[2], -site[1], site[0]))[:most]


def _site(traceback, boundary, plugins):
    """The innermost frame of traceback below boundary that is not the
    harness's or pytest's, as file:line; None for an allocation made outside
    boundary (the harness measuring) or by pytest alone."""
    filename, first, last = boundary
    frames = list(traceback)  # oldest first
    inside = next((i for i, f in enumerate(frames)
                   if f.filename == filename and first <= f.lineno <= last), None)
    if inside is None:
        return None
    frame = next((f for f in reversed(frames[inside + 1:]) if not _ours(f.filename, plugins)),
                 None)
    return None if frame is None else f"{_short(frame.filename)}:{frame.lineno}"


def _short(filename):
    """A path relative to the working directory when under it."""
    try:
        relative = os.path.relpath(filename)
    except ValueError:
        return filename
    return filename if relative.startswith("..") else relative
