"""cimport th: a downstream Cython extension built against the *installed*
th (examples/cython_consumer), sharing th's one C core; and libTH.pxd
checked against include/TH and the symbols libTH.so exports."""
import ctypes
import os
import re
import sys

import numpy as np
import pytest

import th

from helpers import build_example

PACKAGE = os.path.dirname(os.path.abspath(th.__file__))
REALS = ["UInt8", "Int8", "Int16", "Int32", "Int64", "Float16", "Float32", "Float64", "Bool",
         "BFloat16", "Complex64", "Complex128", "UInt16", "UInt32", "UInt64"]


# ------------------------------------------------------------ the consumer
@pytest.fixture(scope="module")
def consumer(tmp_path_factory):
    """examples/cython_consumer built in a temporary folder (away from th's
    source tree) by its own setup.py, then imported."""
    build = build_example("cython_consumer", ("setup.py", "consumer.pyx"),
                          tmp_path_factory.mktemp("consumer"))
    sys.path.insert(0, str(build))
    try:
        import consumer
    finally:
        sys.path.remove(str(build))
    return consumer


def test_consumer_links_the_installed_core(consumer):
    """One libTH.so in the process, th's own: the consumer has no copy."""
    with open("/proc/self/maps") as maps:
        cores = {line.split()[-1] for line in maps if line.rstrip().endswith("libTH.so")}
    assert cores == {os.path.realpath(os.path.join(PACKAGE, "libTH.so"))}


def test_consumer_objects_are_counted_by_th(consumer):
    before = th.debug.live()
    t = consumer.ramp(4, 5)
    assert consumer.live_counts() == tuple(th.debug.live())  # the same counters
    assert th.debug.live() == (before.storages + 1, before.tensors + 1, before.bytes + 80)
    assert t.tolist()[1] == [5.0, 6.0, 7.0, 8.0, 9.0] and t.refcount == 1
    del t
    assert th.debug.live() == before


def test_consumer_views_and_copies(consumer):
    t = consumer.ramp(4, 5)
    expected = np.arange(20, dtype=np.float32).reshape(4, 5)[1:3, 1:4].sum()
    before = th.debug.live()
    assert consumer.block_sum(t, 1, 1, 2, 3) == expected
    assert th.debug.live() == before  # every view it made was freed
    shared = consumer.share(t)
    assert t.refcount == 2 and shared.is_set_to(t)
    del shared
    assert t.refcount == 1


def test_consumer_stealing_call(consumer):
    t = consumer.over_new_storage(3)
    assert t.tolist() == [7, 7, 7] and t.storage().refcount == 2  # t and the Storage object


def test_consumer_error_paths_free_what_they_took(consumer):
    t = consumer.ramp(4, 5)
    before = th.debug.live()
    with pytest.raises(ValueError, match="THTensor_newNarrow: length 2 from start 3"):
        consumer.block_sum(t, 3, 0, 2, 1)  # fails after the first view exists
    with pytest.raises(IndexError, match="THTensor_newNarrow: start 6 out of range for dim 1"):
        consumer.block_sum(t, 0, 6, 1, 0)
    assert th.debug.live() == before
    with pytest.raises(IndexError, match="start 10 out of range"):
        consumer.narrow_without_gil(t, 10, 1)  # raised from inside `with nogil:`
    assert consumer.narrow_without_gil(t, 1, 2).shape == (2, 5)


def test_consumer_typed_memoryviews(consumer):
    t = consumer.ramp(3, 4)
    assert consumer.row_sums(t).tolist() == np.arange(12.0).reshape(3, 4).sum(1).tolist()
    assert consumer.row_sums(t.t()).tolist() == np.arange(12.0).reshape(3, 4).sum(0).tolist()
    rc = t.storage().refcount
    consumer.scale_in_place(t[1:], 2.0)  # writes through a strided handle
    assert t.tolist()[2] == [16.0, 18.0, 20.0, 22.0] and t.tolist()[0] == [0.0, 1.0, 2.0, 3.0]
    assert t.storage().refcount == rc  # the handle's reference was released
    with pytest.raises(ValueError, match="Buffer dtype mismatch, expected 'float'"):
        consumer.row_sums(th.zeros(2, 2, dtype=th.int64))
    with pytest.raises(BufferError, match="share memory"):
        consumer.scale_in_place(th.zeros(1, 4).expand(3, 4), 2.0)  # writable handle refused


# ---------------------------------------------------- where things are
def test_build_locations_point_into_the_installed_package():
    assert th.get_include() == os.path.join(PACKAGE, "include")
    assert os.path.isfile(os.path.join(th.get_include(), "TH", "TH.h"))
    assert th.get_library_dirs() == [PACKAGE]
    assert os.path.isfile(os.path.join(PACKAGE, "libTH.so"))
    for pxd in ("__init__.pxd", "libTH.pxd", "_tensor.pxd", "_storage.pxd"):
        assert os.path.isfile(os.path.join(PACKAGE, pxd))


# ------------------------------------------------- libTH.pxd vs include/TH
# TH v0.4's own headers, besides THLegacy*.h (docs/LEGACY.md)
LEGACY_HEADERS = {"THHalf.h", "THLogAdd.h", "THRandom.h", "THTensorApply.h",
                  "THTensorDimApply.h"}


def header_names():
    """Every TH_API function and variable in the installed headers, with the
    typed (generic) families expanded."""
    names = set()
    for root, _, files in os.walk(os.path.join(th.get_include(), "TH")):
        for name in files:
            text = open(os.path.join(root, name)).read()
            if name in LEGACY_HEADERS or name.startswith("THLegacy"):
                # TH v0.4's typed API (docs/LEGACY.md): tests/legacy checks it;
                # Cython gets its boundary, THLegacy_*
                names.update(re.findall(r"TH_API[^;(]*?\b(THLegacy_\w+)\s*\(", text))
                continue
            for decl in re.findall(r"TH_API\s+([^;]*?)(?:\(|;)", text, re.S):
                names.add(re.findall(r"\w+", decl)[-1])
            for family, fn in re.findall(r"TH_API[^;]*?\b(THTensor|THStorage)_\((\w+)\)", text):
                names.update(f"TH{real}{family[2:]}_{fn}" for real in REALS)
    return ({n for n in names if n.startswith("TH") and not n.endswith("_")}  # not THTensor_(
            | inline_names())


def inline_names():
    """The typed handles' static inline functions (generic/THHandle.h, one
    family per dtype): declared for Cython, compiled into each caller, so not
    exported by libTH.so."""
    text = open(os.path.join(th.get_include(), "TH", "generic", "THHandle.h")).read()
    return {f"TH{real}Handle_{fn}" for real in REALS
            for fn in re.findall(r"^static inline[^;{]*?\bTHHandle_\((\w+)\)", text, re.M)}


def pxd_text():
    """libTH.pxd and th/_handle.pxd, whose declarations it cimports *."""
    return "".join(open(os.path.join(PACKAGE, name)).read() for name in ("libTH.pxd", "_handle.pxd"))


def pxd_names():
    text = pxd_text()
    functions = set(re.findall(r"^\s+[\w\s\*]*?\b(TH\w+)\s*\(", text, re.M))
    variables = set(re.findall(r"^\s+THAllocator\s+(TH\w+)\s*$", text, re.M))
    return functions | variables


def test_pxd_declares_every_public_name_and_nothing_else():
    headers, pxd = header_names(), pxd_names()
    assert len(headers) > 200
    assert headers - pxd == set(), "declared in include/TH but missing from libTH.pxd"
    assert pxd - headers == set(), "declared in libTH.pxd but not in include/TH"


def test_libth_exports_every_public_name():
    lib = ctypes.CDLL(os.path.join(PACKAGE, "libTH.so"))
    missing = [name for name in sorted(header_names() - inline_names()) if not hasattr(lib, name)]
    assert missing == []


def pxd_declarations():
    """name -> declaration text (joined over its lines) of each pxd function."""
    text = pxd_text()
    decls = {}
    for match in re.finditer(r"^(\s+[\w\s\*]*?\b(TH\w+)\s*\(.*?\)[^\n]*)", text, re.M | re.S):
        decls[match.group(2)] = " ".join(match.group(1).split())
    return decls


def test_pxd_exception_specs_follow_the_contract():
    """new* functions: except NULL; the typed getters: except? 0 (or except *
    for THHalf); nothing that returns a new reference is noexcept."""
    decls = pxd_declarations()
    news = [n for n in decls if re.search(r"_new\w*$", n)]
    assert len(news) >= 30
    for name in news:
        assert decls[name].endswith("except NULL"), decls[name]
    for name, decl in decls.items():
        if re.fullmatch(r"TH(UInt8|Int8|Int16|Int32|Int64|Float32|Float64|Bool|UInt16|UInt32|"
                        r"UInt64)(Tensor_get\dd|Storage_get)",
                        name):
            assert decl.endswith("except? 0"), decl
        if re.fullmatch(r"TH\w+Tensor_set\dd|TH\w+Storage_set|THTensor_(resizeNd|copy|fill)", name):
            assert decl.endswith("except -1"), decl
