"""What the leak harness's repeat mode counts besides th's own objects: open
file descriptors, bytes in use in the C heap (glibc), the references held to
the objects that exist, the live objects by type."""
import array
import ctypes
import gc
import itertools
import os
import reprlib
import sys
import types


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


def fd_targets():
    """{descriptor: what it is open on} ("/dev/null", "pipe:[123]",
    "socket:[45]"), from /proc/self/fd; {} where there is none."""
    targets = {}
    try:
        fds = os.listdir("/proc/self/fd")
    except OSError:
        return targets
    for name in fds:
        try:
            targets[int(name)] = os.readlink(f"/proc/self/fd/{name}")
        except OSError:  # listdir's own descriptor, closed by now
            pass
    return targets


class _Mallinfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


def _mallinfo2():
    try:
        function = ctypes.CDLL(None).mallinfo2  # glibc >= 2.33
    except (AttributeError, OSError):
        return None
    function.restype = _Mallinfo2
    function.argtypes = []
    return function


_MALLINFO2 = _mallinfo2()


def heap_available():
    """Whether the C heap can be measured (glibc's mallinfo2)."""
    return _MALLINFO2 is not None


def heap_bytes():
    """Bytes in use in the C heap, every malloc arena and mmap'ed chunk
    (uordblks + hblkhd). Python's small objects live in pymalloc's own
    mmap'ed arenas and are not in it: a leaked malloc() is, and so are
    Python's larger blocks (over 512 bytes)."""
    info = _MALLINFO2()
    return info.uordblks + info.hblkhd


class ReferenceSum:
    """The summed reference counts of a fixed set of objects: on a release
    CPython (no sys.gettotalrefcount), a reference leaked to an object that
    already exists (an incref without a decref: no memory grows) shows as
    growth of the sum. The set is every object the garbage collector tracks
    and what they refer to directly (str, bytes and other untracked objects,
    b'' among them), taken at a given moment, less numbers, None and the
    booleans; the sum holds one reference to each while it exists.

    On CPython 3.12+ immortal objects (None, small ints, b'', interned
    strings) keep a fixed count: references leaked to them are not seen,
    and cost nothing there."""

    # numbers, None and booleans are referred to by every count the harness
    # keeps: their counts move with the values measured, not with a leak
    NOISE = (int, float, complex, type(None))

    def __init__(self, objects, exclude=()):
        """exclude: objects the harness itself refers to as it measures
        (the names of the counts)."""
        self.excluded = {id(obj) for obj in exclude}
        seen = {id(obj) for obj in objects} | self.excluded
        found = [obj for obj in objects
                 if not isinstance(obj, self.NOISE) and id(obj) not in self.excluded]
        for obj in objects:
            for ref in gc.get_referents(obj):
                if id(ref) not in seen and not gc.is_tracked(ref):
                    seen.add(id(ref))
                    if not isinstance(ref, self.NOISE):
                        found.append(ref)
        self.objects = found
        self.extra = []   # objects made since, for one test (extended)
        self.ids = None   # of objects and excluded, when extended

    def extended(self, objects):
        """This set and the given objects (tracked ones: their untracked
        referents are mostly in this set already), in a list of their own: a
        copy of this set's list would be a large object for every garbage
        collection to scan (this one's was made before gc.freeze())."""
        if self.ids is None:  # once: a few hundred thousand ids
            self.ids = {id(obj) for obj in self.objects} | self.excluded
        both = ReferenceSum(())
        both.excluded, both.objects = self.excluded, self.objects
        both.extra = [obj for obj in objects
                      if id(obj) not in self.ids and not isinstance(obj, self.NOISE)]
        return both

    def total(self):
        return sum(map(sys.getrefcount, self.objects)) + sum(map(sys.getrefcount, self.extra))

    def snapshot(self):
        """Each object's reference count, in the set's order (the set keeps
        its objects alive: a position names the same object in every
        snapshot), as bytes of int64s: bytes is a static type that no
        instance refers to and the collector does not track, so a snapshot
        changes no count in the set and no type census."""
        counts = array.array("q", list(map(sys.getrefcount, self.objects)))  # from a list:
        counts.extend(list(map(sys.getrefcount, self.extra)))  # 2.0 ms, not 2.9 from a map
        return counts.tobytes()

    def grown_since(self, before, *afters):
        """[(growth, object)] of the objects whose count is higher in each
        of the snapshots afters than in snapshot before, by the least of
        those growths."""
        before, first, *others = (memoryview(counts).cast("q") for counts in (before, *afters))
        found = []
        for i in itertools.compress(itertools.count(), map(int.__lt__, before, first)):
            growth = min(after[i] for after in (first, *others)) - before[i]
            if growth > 0:
                n = len(self.objects)
                found.append((growth, self.objects[i] if i < n else self.extra[i - n]))
        return found


HARNESS_MODULES = ("th.pytest_plugin", "th._leaks_")  # a name, or a prefix ending in _
_HARNESS_FILES = tuple(os.path.join(os.path.dirname(os.path.abspath(__file__)), name)
                       for name in ("pytest_plugin.py", "_leaks_"))


def _harness_module(name):
    return isinstance(name, str) and (name == HARNESS_MODULES[0]
                                      or name.startswith(HARNESS_MODULES[1]))


def harness_object(obj):
    """Whether obj is the leak harness's own: one of its functions, classes,
    code objects or modules, or an instance of one of its classes."""
    try:  # a metaclass's attributes can raise: then it is not the harness's
        if isinstance(obj, types.CodeType):
            return obj.co_filename.startswith(_HARNESS_FILES)
        if isinstance(obj, types.ModuleType):
            return _harness_module(obj.__name__)
        if isinstance(obj, (type, types.FunctionType)) and _harness_module(obj.__module__):
            return True
        return _harness_module(type(obj).__module__)
    except Exception:
        return False


def type_census():
    """{type: live count} of the objects the garbage collector tracks."""
    counts = {}
    for obj in gc.get_objects():
        counts[type(obj)] = counts.get(type(obj), 0) + 1
    return counts


def grown(after, before):
    """What grew from census before to after (a function of its own: a
    closure over a measuring function's locals would be measured too)."""
    return {t: n - before.get(t, 0) for t, n in after.items() if n > before.get(t, 0)}


def type_name(t):
    """module.qualname (qualname for builtins). From the type's C name where
    those are not strings (Cython's shared metatype has a __module__ member
    for its instances, which shadows its own) or cannot be read."""
    try:
        module, qualname = t.__module__, t.__qualname__
    except Exception:
        module = qualname = None
    if not (isinstance(module, str) and isinstance(qualname, str)):
        text = type.__repr__(t)  # "<class 'tp_name'>" when __module__ is not a str
        return text[len("<class '"):-2] if text.startswith("<class '") else text
    return qualname if module == "builtins" else f"{module}.{qualname}"


class _ShortRepr(reprlib.Repr):
    def __init__(self):
        super().__init__()
        self.maxstring = self.maxother = self.maxlong = 60
        self.maxlevel = 2

    def repr_bytes(self, obj, level):  # reprlib has none: a slice, not a huge repr
        return repr(obj[:self.maxstring]) + ("..." if len(obj) > self.maxstring else "")

    repr_bytearray = repr_bytes


_SHORT = _ShortRepr()


def short_repr(obj, limit=80):
    """A repr of obj on one line of at most limit characters, which never
    raises: reprlib's (it stops early in large containers, so a huge one
    costs little), or what its type and address say when repr fails."""
    try:
        text = _SHORT.repr(obj)
    except Exception as error:  # a repr that fails, or a container whose len() does
        text = f"<{type_name(type(obj))} object at {id(obj):#x}: repr raised {type(error).__name__}>"
    text = " ".join(text.split()) if isinstance(text, str) else "<repr is not a str>"
    return text if len(text) <= limit else text[:limit - 3] + "..."
