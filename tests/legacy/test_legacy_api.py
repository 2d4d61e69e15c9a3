"""TH v0.4's API in th's headers (tools/legacy/th_api.py): every function of
TH v0.4's TH.h that th provides is declared with TH's exact signature (as the
preprocessor expands both headers) and exported by libTH.so, and the
generated parts of docs/LEGACY.md and docs/REFCOUNT.md are current."""
import os
import sys

import pytest

from helpers import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools", "legacy"))
import th_api  # noqa: E402

# the generic families, each exported for every type TH declares it for
DONE = ("THLegacyTensor.h", "THLegacyStorage.h", "THLegacyTensorCopy.h",
        "THLegacyStorageCopy.h", "THLegacyTensorLapack.h", "THLegacyTensorConv.h",
        "THLegacyBlas.h", "THLegacyTensorRandom.h", "THLegacyTensorMath.h")


@pytest.fixture(scope="module")
def api():
    ref = th_api.load_reference()
    ours = th_api.th_declarations()
    return ref, ours, th_api.status(ref, ours, th_api.exported(ours))


def test_the_reference_is_th_v04s_whole_api(api):
    ref, _, st = api
    assert len(ref) == 2426
    # the generic families times their types, as TH's guards give them
    assert sum(1 for n in ref if n.startswith("THFloatTensor_")) == 305
    assert {"THFloatTensor_narrow", "THLongTensor_sort", "THDoubleTensor_gesv",
            "THByteTensor_conv2Dmv", "THHalfStorage_newWithSize", "THIntTensor_copyDouble",
            "THRandom_normal", "_THArgCheck", "THLongStorage_newInferSize"} <= set(ref)


def test_no_signature_differs_from_th(api):
    _, ours, st = api
    wrong = {n: d for n, (s, d) in st.items() if s == "signature"}
    assert wrong == {}


def test_every_name_in_scope_is_declared(api):
    _, _, st = api
    assert sorted(n for n, (s, _) in st.items() if s == "undeclared") == []


def test_every_name_in_scope_is_implemented(api):
    _, _, st = api
    assert sorted(n for n, (s, _) in st.items() if s not in ("ok", "out of scope")) == []


@pytest.mark.parametrize("header", DONE)
def test_finished_families_are_exported_for_every_type(api, header):
    ref, ours, st = api
    text = open(os.path.join(ROOT, "include", "TH", "generic", header)).read()
    families = {d[1] for d in th_api._api_decls(text)}  # THTensor_(narrow), ...
    names = [n for n in ref if th_api.group(n)[0] in ("Tensor", "Storage", "Blas")
             and f"TH{th_api.group(n)[0]}_({th_api.group(n)[1]})" in families]
    assert names
    missing = [n for n in names if st[n][0] != "ok"]
    assert missing == []


def test_out_of_scope_is_only_files_vectors_atomics_and_map_contexts(api):
    _, _, st = api
    out = {th_api.group(n)[0] for n, (s, _) in st.items() if s == "out of scope"}
    assert out <= {"THFile", "THDiskFile", "THMemoryFile", "Vector", "THAtomic", "THMap",
                   "THRefcounted", "THGeneral"}  # THGeneral: THPipeFile_new


def test_generated_docs_are_current():
    legacy = open(os.path.join(ROOT, "docs", "LEGACY.md")).read()
    assert th_api.generated_table().strip() in legacy, (
        "docs/LEGACY.md's table is stale: run python tools/legacy/th_api.py --write")
    refcount = open(os.path.join(ROOT, "docs", "REFCOUNT.md")).read()
    assert th_api.refcount_rows().strip() in refcount, (
        "docs/REFCOUNT.md's legacy rows are stale: run python tools/legacy/th_api.py --write")


def test_every_legacy_declaration_has_c_linkage():
    """TH_API (extern "C" in C++, exported): a declaration without it would
    be a mangled, hidden name to a C++ client."""
    import glob
    import re
    for path in glob.glob(os.path.join(ROOT, "include", "TH", "generic", "THLegacy*.h")):
        text = re.sub(r"/\*.*?\*/", "", open(path).read(), flags=re.S)
        for decl in re.findall(r"^[A-Za-z][^;#]*?\)\s*;", text, re.M):
            assert decl.startswith("TH_API"), (os.path.basename(path), decl)
