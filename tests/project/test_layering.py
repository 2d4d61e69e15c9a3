"""The C core's layers (docs/ARCHITECTURE.md), read off the source: a file
may include the private headers of, and call the functions defined in, its
own layer and the layers below it only. core < engine < math, sparse (math
and sparse know nothing of each other) < legacy (TH v0.4's typed API); debug
stands beside them. The
Cython modules over the core cimport only each other.

The include graph comes from the `#include "layer/X.h"` lines; the call graph
from the calls in each .c file to functions defined in another (TH*/th_*
names, comments and strings left out)."""
import glob
import os
import re

import pytest

from helpers import ROOT

SRC = os.path.join(ROOT, "th", "src")
RANK = {"core": 0, "engine": 1, "math": 2, "sparse": 2, "legacy": 3}
# debug is beside the layers: every layer reports objects' births, deaths and
# checks to it (debug/THDebugImpl.h, which includes core's headers only), and
# its leak reports describe every kind of object (tensors, expressions,
# sparse tensors), so it may use every layer
BESIDE = "debug"
# Edges against the order, each with the reason it is allowed
ALLOWED = {
    ("engine/THExprEval.c", "math/THExprDot.c"):
        "an expression with a matrix product (th.lazy(a) @ b, mshadow's dot) is assigned "
        "where the engine assigns expressions; its evaluation lives with the BLAS products "
        "it calls (math/THTensorBlas.c)",
}
# the Cython modules over the core: they cimport nothing above it
CYTHON_CORE = {"_args", "_buffer", "_dtype", "_elements", "_errors", "_handle", "_indexing",
               "_shape", "_storage", "_tensor", "libTH"}


def layer_of(path):
    return path.split("/", 1)[0]


def violations(edges, allowed=ALLOWED):
    """The edges (user, used) that go against the layers: a lower layer using
    a higher one, math and sparse using each other, anything but core under
    debug's header. Returns (user, used) pairs."""
    bad = []
    for user, used in sorted(edges):
        a, b = layer_of(user), layer_of(used)
        if (user, used) in allowed or a == b or b == BESIDE:  # every layer reports to debug
            continue
        if a == BESIDE:  # debug's sources may look at every kind of object, its header not
            if user.endswith(".h") and b != "core":
                bad.append((user, used))
            continue
        if RANK[b] >= RANK[a]:
            bad.append((user, used))
    return bad


def _strip(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    return re.sub(r'"(\\.|[^"\\])*"', '""', text)


def _sources():
    paths = glob.glob(os.path.join(SRC, "*", "*.[ch]")) + glob.glob(
        os.path.join(SRC, "*", "generic", "*.c"))
    return {os.path.relpath(p, SRC).replace(os.sep, "/"): open(p).read() for p in paths}


def include_edges(sources):
    edges = set()
    for path, text in sources.items():
        for header in re.findall(r'^#include "([a-z]+/[^"]+)"', text, re.M):
            edges.add((path, header))
    return edges


def call_edges(sources):
    defined = {}
    for path, text in sources.items():
        if path.endswith(".c"):
            for name in re.findall(r"^[A-Za-z_][\w \*]*?[\s\*]((?:TH|th_)\w+)\s*\([^;{]*\)\s*\{",
                                   _strip(text), re.M):
                if not name.endswith("_"):  # THTensor_(name): a generic file's, per type
                    defined.setdefault(name, path)
    edges = set()
    for path, text in sources.items():
        if path.endswith(".c"):
            for name in set(re.findall(r"\b((?:TH|th_)\w+)\s*\(", _strip(text))):
                if defined.get(name, path) != path:
                    edges.add((path, defined[name]))
    return edges


@pytest.fixture(scope="module")
def sources():
    found = _sources()
    assert len(found) > 40, SRC
    return found


def test_every_file_is_in_a_layer(sources):
    assert {layer_of(p) for p in sources} == set(RANK) | {BESIDE}
    assert not glob.glob(os.path.join(SRC, "*.[ch]")), "a file outside the layer folders"


def test_no_include_goes_up_a_layer(sources):
    edges = include_edges(sources)
    assert ("engine/THTensorCopy.c", "core/THTensorImpl.h") in edges  # the graph is read
    assert violations(edges) == []
    # debug's header, which every layer includes, includes core only
    assert {layer_of(b) for a, b in edges if a == "debug/THDebugImpl.h"} <= {"core"}


def test_no_call_goes_up_a_layer(sources):
    edges = call_edges(sources)
    assert ("math/THTensorReduce.c", "core/THTensor.c") in edges  # the graph is read
    assert violations(edges) == []
    for edge in ALLOWED:  # an allowed edge that is gone is taken off the list
        assert edge in edges, edge


def test_the_rule_fails_on_a_wrong_edge():
    """The check itself, on synthetic graphs: each wrong direction is caught,
    and what the rule allows passes."""
    wrong = {("core/THTensor.c", "engine/THIterImpl.h"), ("engine/THCast.c", "math/THBlas.c"),
             ("math/THTensorReduce.c", "sparse/THSTensorImpl.h"),
             ("sparse/THSTensor.c", "math/THTensorBlas.c"),
             ("debug/THDebugImpl.h", "engine/THExprImpl.h")}
    right = {("engine/THCast.c", "core/THTensorImpl.h"), ("math/THTensorBlas.c", "engine/X.h"),
             ("sparse/THSTensorMath.c", "engine/THExprImpl.h"), ("core/THTensor.c", "debug/A.h"),
             ("debug/THDebug.c", "sparse/THSTensorImpl.h"), ("core/A.c", "core/B.h")}
    assert sorted(violations(wrong | right)) == sorted(wrong)
    assert violations({("engine/A.c", "math/B.c")}, {("engine/A.c", "math/B.c"): "why"}) == []


def _cimports(path):
    text = open(path).read()
    found = set(re.findall(r"^\s*from th\.(\w+) cimport", text, re.M))
    found |= set(re.findall(r"^\s*cimport th\.(\w+)", text, re.M))
    return found


def test_the_core_cython_modules_cimport_only_the_core():
    package = os.path.join(ROOT, "th")
    seen = set()
    for path in glob.glob(os.path.join(package, "*.pyx")) + glob.glob(os.path.join(package,
                                                                                   "*.pxd")):
        name = os.path.splitext(os.path.basename(path))[0]
        if name in CYTHON_CORE:
            seen.add(name)
            assert _cimports(path) <= CYTHON_CORE, (name, _cimports(path) - CYTHON_CORE)
    assert {"_tensor", "_storage", "_dtype"} <= seen
