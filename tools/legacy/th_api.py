"""TH v0.4's C API as the preprocessor sees it, and th's coverage of it.

    python tools/legacy/th_api.py --reference TH_SRC   # rewrite th04_api.txt from TH v0.4
    python tools/legacy/th_api.py --table              # docs/LEGACY.md's status table
    python tools/legacy/th_api.py --write              # rewrite the generated parts of
                                                       # docs/LEGACY.md and docs/REFCOUNT.md

th04_api.txt lists every function TH v0.4's TH.h declares (one line per typed
name: "name|signature"), as gcc -E expands TH's own headers (TH_SRC: pytorch's
aten/src/TH at v0.4.0, with THGeneral.h made from THGeneral.h.in, see
tools/th_oracle/build.sh). th's declarations are read the same way from
include/TH/TH.h, and a name is implemented when libTH.so exports it. The
table and tests/legacy/test_legacy_api.py come from these, so they cannot drift
from the headers.
"""
import argparse
import ctypes
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
REFERENCE = os.path.join(HERE, "th04_api.txt")

# TH v0.4 names th does not provide, and why (docs/LEGACY.md)
OUT_OF_SCOPE = {
    "THFile": "torch7's serialisation (THFile, THDiskFile, THMemoryFile): use th's pickle, "
              "numpy or DLPack interop",
    "THDiskFile": "as THFile", "THMemoryFile": "as THFile",
    "THPipeFile": "as THFile",
    "THVector": "TH's internal SIMD kernels, not an API",
    "THAtomic": "TH's internal atomics: use C11 <stdatomic.h>",
    "THMapAllocatorContext": "TH's mmap allocator contexts: th's THStorage_newWithMapping "
                             "and THMapAllocator.h cover them, with th's signatures",
    "THRefcountedMapAllocator": "as THMapAllocatorContext",
}

_DECL = re.compile(r"\bextern\s+([^;{}]*?)\b([A-Za-z_]\w*)\s*\(([^;{}]*)\)\s*(?:__attribute__\s*\(\(.*?\)\)\s*)*;")
_ATTR = re.compile(r"__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)")


def _is_th_name(name):
    return bool(re.match(r"_?TH|TH_", name))


def _normalise(text):
    text = _ATTR.sub(" ", text)
    text = re.sub(r'\bextern\s+"C"', " ", text)
    text = re.sub(r"\b(extern|__restrict|struct)\b", " ", text)
    text = re.sub(r"\s*\*\s*", " *", text)
    return " ".join(text.split())


def _param_type(param):
    """A parameter's type, without its name ('const THFloatTensor *self' ->
    'const THFloatTensor *')."""
    param = _normalise(param)
    if "(*" in param:  # a function pointer: drop the name inside (*name)
        return re.sub(r"\(\s*\*\s*\w*\s*\)", "(*)", param)
    m = re.match(r"^(.*?)(\s*\**)\s*([A-Za-z_]\w*)$", param)
    keywords = {"int", "char", "float", "double", "void", "long", "short", "unsigned",
                "signed", "const", "bool", "_Bool"}
    if m and m.group(3) not in keywords and (m.group(1).strip() or m.group(2)):
        head = (m.group(1) + m.group(2)).strip()
        if head and not head.endswith("const") or m.group(2):
            return _normalise(head)
    return param


def declarations(preprocessed):
    """{name: 'ret name(types)'} of every TH function declared in text."""
    text = _ATTR.sub(" ", " ".join(preprocessed.split("\n")))
    out = {}
    for m in _DECL.finditer(text):
        ret, name, params = m.group(1), m.group(2), m.group(3)
        if not _is_th_name(name):
            continue
        ret = _normalise(_ATTR.sub(" ", ret).replace("__attribute__", " "))
        ret = " ".join(w for w in ret.split() if not w.startswith("(("))
        types = [_param_type(p) for p in _split_params(params)]
        if types == ["void"]:
            types = []
        out[name] = f"{ret} {name}({', '.join(types)})".replace(" *", "*")
    return out


def _split_params(params):
    depth, cur, parts = 0, "", []
    for ch in params:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


def preprocess(include_dirs, compiler="gcc"):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "api.c")
        with open(src, "w") as f:
            f.write("#include <TH/TH.h>\n")
        flags = sum((["-I", d, "-I", os.path.join(d, "TH")] for d in include_dirs), [])
        return subprocess.run([compiler, "-std=c99", "-E", "-P", *flags, src], check=True,
                              capture_output=True, text=True).stdout


def group(name):
    """TH's header family of a name, for the table."""
    m = re.match(r"TH(Byte|Char|Short|Int|Long|Float|Double|Half)(Tensor|Storage|Blas|Lapack|"
                 r"Vector)_(\w+)", name)
    if m:
        return m.group(2), m.group(3), m.group(1)
    for prefix in ("THRandom", "THGeneratorState", "THGenerator", "THLongStorage", "THSize",
                   "THLog", "THFile", "THDiskFile", "THMemoryFile", "THAtomic", "THMap",
                   "THRefcounted", "THAllocator", "TH_", "THHalf"):
        if name.startswith(prefix):
            return prefix.rstrip("_"), name, ""
    return "THGeneral", name, ""


def load_reference():
    ref = {}
    with open(REFERENCE) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                name, sig = line.rstrip("\n").split("|", 1)
                ref[name] = sig
    return ref


def th_declarations():
    return declarations(preprocess([os.path.join(ROOT, "include")]))


def exported(names, library=None):
    import th
    lib = ctypes.CDLL(library or os.path.join(os.path.dirname(th.__file__), "libTH.so"))
    return {n for n in names if hasattr(lib, n)}


def scope(name):
    fam = group(name)[0]
    for key, why in OUT_OF_SCOPE.items():
        if name.startswith(key) or "TH" + fam == key:
            return why
    return None


def status(ref, ours, have):
    """{name: (status, detail)}: 'ok', 'missing', 'signature', 'out of scope'."""
    out = {}
    for name, sig in ref.items():
        why = scope(name)
        if why:
            out[name] = ("out of scope", why)
        elif name not in ours:
            out[name] = ("undeclared", "")
        elif ours[name] != sig:
            out[name] = ("signature", ours[name])
        elif name not in have:
            out[name] = ("missing", "declared, not implemented yet")
        else:
            out[name] = ("ok", "")
    return out


def table(st):
    """Markdown: one row per TH function family (name without the type),
    with the types where it is implemented and where not."""
    rows = {}
    for name, (state, detail) in st.items():
        fam, short, typ = group(name)
        key = (fam, short)
        row = rows.setdefault(key, {"ok": [], "other": [], "detail": set()})
        if state == "ok":
            row["ok"].append(typ or "-")
        else:
            row["other"].append(typ or "-")
            row["detail"].add(f"{state}: {detail}" if detail else state)
    lines = ["| header | function | implemented for | not implemented for | note |",
             "|---|---|---|---|---|"]
    for (fam, short), row in sorted(rows.items()):
        lines.append(f"| {fam} | `{short}` | {' '.join(sorted(row['ok'])) or '—'} | "
                     f"{' '.join(sorted(row['other'])) or '—'} | "
                     f"{'; '.join(sorted(row['detail']))} |")
    return "\n".join(lines)


def summary(st):
    counts = {}
    for state, _ in st.values():
        counts[state] = counts.get(state, 0) + 1
    total = len(st)
    parts = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
    return f"{total} typed names in TH v0.4's TH.h: {parts}."


# ------------------------------------------------------- REFCOUNT.md rows

GENERIC = os.path.join(ROOT, "include", "TH", "generic")
LEGACY_FILES = [  # (header, the TH types it is generated for)
    ("THLegacyStorage.h", "Byte Char Short Int Long Float Double Half"),
    ("THLegacyStorageCopy.h", "Byte Char Short Int Long Float Double Half"),
    ("THLegacyTensor.h", "Byte Char Short Int Long Float Double Half"),
    ("THLegacyTensorCopy.h", "Byte Char Short Int Long Float Double Half"),
    ("THLegacyTensorMath.h", "Byte Char Short Int Long Float Double (TH's guards narrow some)"),
    ("THLegacyTensorRandom.h", "Byte Char Short Int Long Float Double (TH's guards narrow some)"),
    ("THLegacyTensorConv.h", "Byte Char Short Int Long Float Double"),
    ("THLegacyTensorLapack.h", "Float Double"),
    ("THLegacyBlas.h", "Byte Char Short Int Long Float Double"),
    ("THLegacyLapack.h", "Float Double"),
]
NON_GENERIC = ["THLegacyGeneral.h", "THLegacy.h", "THHalf.h", "THLogAdd.h", "THRandom.h"]


def _api_decls(text):
    """(return type, name, parameter text) of each TH_API declaration."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    out = []
    for m in re.finditer(r"TH_API\s+([^;]*?)\b((?:THTensor_|THStorage_|THBlas_|THLapack_)\(\w+\)|"
                         r"\w+)\s*\(((?:[^;()]|\([^;()]*\))*)\)\s*(?:__attribute__[^;]*)?;", text):
        ret = " ".join(m.group(1).replace("TH_NO_RETURN", "").split())
        out.append((ret, m.group(2), " ".join(m.group(3).split())))
    return out


def _generic_name(name):
    m = re.match(r"TH(Tensor|Storage|Blas|Lapack)_\((\w+)\)", name)
    return f"TH<Real>{m.group(1)}_{m.group(2)}" if m else name


def _param_names(params):
    names = []
    for p in _split_params(params):
        p = p.strip()
        if p in ("void", ""):
            continue
        m = re.search(r"\(\s*\*\s*(\w+)\s*\)", p) or re.search(r"(\w+)\s*(\[\])?$", p)
        names.append(m.group(1) if m else p)
    return names


# non-generic functions that cannot fail
CANNOT_FAIL = {"THFree", "THGetNumCores", "THInferNumThreads", "THHeapUpdate",
               "_THSizeDesc", "THGenerator_free"}


def _ownership(ret, name, params):
    short = name.split("_", 1)[-1].rstrip(")")
    is_ptr = "*" in ret
    objects = re.search(r"(Tensor|Storage|Generator|GeneratorState)\b", ret)
    if ret == "void":
        returns = "void"
    elif is_ptr and objects and (short.startswith("new") or short in ("new",) or
                                 name in ("THGenerator_new", "THGenerator_copy",
                                          "THGeneratorState_copy")):
        returns = "new reference"
    elif is_ptr:
        returns = f"borrowed `{ret}`"
    else:
        returns = ret
    args = "borrowed"
    if short == "freeCopyTo":
        args = "`self` stolen (freed after the copy, also on error); `dst` borrowed"
    elif short == "free" and not name.startswith("THGenerator"):
        args = "one reference released (NULL: nothing)"
    elif short == "retain":
        args = "one reference added"
    elif name == "THGenerator_free":
        args = "the generator released"
    elif short == "newWithData" or short == "newWithDataAndAllocator":
        args = "`data` taken (freed with the storage)"
    error = "TH error (does not return)"
    if name in CANNOT_FAIL or re.match(r"TH_|THLog|THExp|THSize_|THSet|THLegacy_(depth|floatArg)",
                                       name):
        error = "—"
    elif name.startswith("THLegacy_") or name in ("THLongStorage_inferSize2",
                                                 "THLongStorage_inferSizeN",
                                                 "THLongStorage_inferExpandGeometry"):
        error = "-1" + (" (message in error_buffer)" if "inferSize" in name or "Expand" in name
                        else " (th's last error)")
    return returns, args, error


def refcount_rows():
    lines = ["TH v0.4's typed API (docs/LEGACY.md), generated from its headers by",
             "`tools/legacy/th_api.py`. `<Real>` is TH's type name (`THFloatTensor_narrow`,",
             "`THLongStorage_newWithSize`, ...); each header lists the types it is generated",
             "for. A failing call raises a TH error, which does not return (it unwinds to the",
             "innermost `THLegacy_protect`).", ""]
    for header, types in LEGACY_FILES:
        path = os.path.join(GENERIC, header)
        if not os.path.exists(path):
            continue
        lines += [f"`generic/{header}` ({types}):", "",
                  "| Function | Returns | Arguments | Error |", "|---|---|---|---|"]
        for ret, name, params in _api_decls(open(path).read()):
            gname = _generic_name(name)
            returns, args, error = _ownership(ret, name, params)
            lines.append(f"| `{gname}({', '.join(_param_names(params))})` | {returns} | {args} | "
                         f"{error} |")
        lines.append("")
    for header in NON_GENERIC:
        path = os.path.join(ROOT, "include", "TH", header)
        if not os.path.exists(path):
            continue
        decls = _api_decls(open(path).read())
        if not decls:
            continue
        lines += [f"`{header}`:", "", "| Function | Returns | Arguments | Error |",
                  "|---|---|---|---|"]
        for ret, name, params in decls:
            returns, args, error = _ownership(ret, name, params)
            if name in ("THAlloc", "THRealloc"):
                returns = "new memory (THFree it)"
            if name == "THFree":
                args = "`ptr` freed"
            if name == "THRealloc":
                args = "`ptr` taken (use the result)"
            if name in ("_THError",):
                returns = "does not return"
            lines.append(f"| `{name}({', '.join(_param_names(params))})` | {returns} | {args} | "
                         f"{error} |")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n\n" + macro_rows()


# The function-like macros of the legacy headers: what each hands back and
# what it does with its arguments (none takes or gives a reference)
MACRO_HEADERS = ["THLegacyGeneral.h", "THLegacy.h", "THHalf.h", "THTensorApply.h",
                 "THTensorDimApply.h", "THLegacyGenerateOne.h", "THGenerateFloatType.h",
                 "THGenerateHalfType.h"]
MACRO_ROWS = [
    (r"THError$|THArgError$", "does not return", "—", "TH error (does not return)"),
    (r"THArgCheckWithCleanup$", "void", "`cleanup` runs before the error",
     "TH error when the condition fails"),
    (r"THArgCheck$|THAssert$|THAssertMsg$", "void", "—", "TH error when the condition fails"),
    (r"THTensor_fastGet\dd$", "the element (an lvalue)", "`self` borrowed; no check", "—"),
    (r"THTensor_fastSet\dd$", "the value", "`self` borrowed; no check", "—"),
    (r"TH_STORAGE_GET$|TH_STORAGE_SET$|TH_LEGACY_AT$", "the element / first element",
     "borrowed; no check", "—"),
    (r"TH_TENSOR_(DIM_)?APPLY", "void (runs CODE per element or slice)",
     "tensors borrowed; DIM_APPLY's counter is THAlloc'd and THFree'd by the macro",
     "TH error (sizes or dim)"),
    (r"TH_(DIM_)?APPLY_\w*_$", "internal step of the apply macros", "borrowed", "—"),
]


def macro_rows():
    names = []
    for header in MACRO_HEADERS:
        text = open(os.path.join(ROOT, "include", "TH", header)).read()
        for name, params in re.findall(r"^#define (\w+)\(([^)]*)\)", text, re.M):
            if (name, params) not in names:
                names.append((name, params))
    lines = ["Macros of these headers (none takes or gives a reference):", "",
             "| Macro | Gives | Arguments | Error |", "|---|---|---|---|"]
    for name, params in names:
        gives, args, error = "a value or name (pure text)", "—", "—"
        for pattern, g, a_, e in MACRO_ROWS:
            if re.match(pattern, name):
                gives, args, error = g, a_, e
                break
        lines.append(f"| `{name}({', '.join(p.strip() for p in params.split(','))})` | {gives} | "
                     f"{args} | {error} |")
    return "\n".join(lines) + "\n"


def replace_between(path, marker, body):
    text = open(path).read()
    start = f"<!-- {marker}: generated by tools/legacy/th_api.py; do not edit -->"
    end = f"<!-- /{marker} -->"
    i, j = text.index(start) + len(start), text.index(end)
    new = text[:i] + "\n" + body.rstrip() + "\n" + text[j:]
    if new != text:
        with open(path, "w") as f:
            f.write(new)


def generated_table():
    ref = load_reference()
    ours = th_declarations()
    st = status(ref, ours, exported(ours))
    return summary(st) + "\n\n" + table(st) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reference", metavar="TH_SRC",
                    help="rewrite th04_api.txt from TH v0.4's aten/src (with THGeneral.h)")
    ap.add_argument("--table", action="store_true", help="print LEGACY.md's status table")
    ap.add_argument("--write", action="store_true",
                    help="rewrite the generated parts of docs/LEGACY.md and docs/REFCOUNT.md")
    args = ap.parse_args()
    if args.reference:
        ref = declarations(preprocess([args.reference]))
        with open(REFERENCE, "w") as f:
            f.write("# TH v0.4's C API (generated by tools/legacy/th_api.py --reference)\n")
            for name in sorted(ref):
                f.write(f"{name}|{ref[name]}\n")
        print(f"{len(ref)} names written to {REFERENCE}")
    if args.table:
        print(generated_table())
    if args.write:
        replace_between(os.path.join(ROOT, "docs", "LEGACY.md"), "legacy-status",
                        generated_table())
        replace_between(os.path.join(ROOT, "docs", "REFCOUNT.md"), "legacy-refcount",
                        refcount_rows())


if __name__ == "__main__":
    sys.exit(main())
