"""CPython's caches, emptied before each measurement of the leak harness's
repeat mode, as CPython's own leak hunter does (regrtest -R: dash_R_cleanup
in Lib/test/libregrtest/refleak.py and clear_caches in utils.py): a cache a
test fills is then emptied on both sides of a run and never shows as growth."""
import sys


def _module(name):
    return sys.modules.get(name)  # a cache of a module nobody imported is empty


def clear_caches():
    """Empties the caches regrtest empties (the warnings registries, re's,
    linecache's, struct's, typing's, the ABC caches, the type attribute
    cache...); restores nothing (regrtest also restores registries a test
    changed: a test that changes them changes them on every run alike)."""
    for module in list(sys.modules.values()):
        try:
            if "__warningregistry__" in getattr(module, "__dict__", {}):
                del module.__warningregistry__
        except (AttributeError, TypeError):
            pass
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        try:  # buffered output holds objects until flushed
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass
    cleanups = {
        "re": lambda m: m.purge(),
        "_strptime": lambda m: m._regex_cache.clear(),
        "urllib.parse": lambda m: m.clear_cache(),
        "linecache": lambda m: m.clearcache(),
        "filecmp": lambda m: m._cache.clear(),
        "struct": lambda m: m._clearcache(),
        "ctypes": lambda m: m._reset_cache(),
        "typing": lambda m: [f() for f in m._cleanups],
        "fnmatch": lambda m: m._compile_pattern.cache_clear(),
        "urllib.request": lambda m: m.urlcleanup(),
        "doctest": lambda m: setattr(m, "master", None),
    }
    for name, clear in cleanups.items():
        module = _module(name)
        if module is not None:
            try:
                clear(module)
            except Exception:  # another Python's internals: skip what differs
                pass
    _clear_abc_caches()
    sys._clear_type_cache()  # last: the calls above can change types


def _clear_abc_caches():
    """The positive and negative isinstance caches of collections.abc's ABCs
    and their subclasses (each isinstance() check against a new class adds to
    them)."""
    abc = _module("collections.abc")
    if abc is None:
        return
    for name in abc.__all__:
        cls = getattr(abc, name, None)
        if not hasattr(cls, "_abc_caches_clear"):
            continue
        for sub in [cls, *type.__subclasses__(cls)]:
            clear = getattr(sub, "_abc_caches_clear", None)
            if clear is not None:
                try:
                    clear()
                except TypeError:
                    pass
