"""TH v0.4's C API as the preprocessor sees it, and th's coverage of it.

    python tools/legacy/th_api.py --reference TH_SRC   # rewrite th04_api.txt from TH v0.4
    python tools/legacy/th_api.py --table              # docs/LEGACY.md's status table

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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reference", metavar="TH_SRC",
                    help="rewrite th04_api.txt from TH v0.4's aten/src (with THGeneral.h)")
    ap.add_argument("--table", action="store_true", help="print LEGACY.md's status table")
    args = ap.parse_args()
    if args.reference:
        ref = declarations(preprocess([args.reference]))
        with open(REFERENCE, "w") as f:
            f.write("# TH v0.4's C API (generated by tools/legacy/th_api.py --reference)\n")
            for name in sorted(ref):
                f.write(f"{name}|{ref[name]}\n")
        print(f"{len(ref)} names written to {REFERENCE}")
    if args.table:
        ref = load_reference()
        ours = th_declarations()
        st = status(ref, ours, exported(ours))
        print(summary(st))
        print()
        print(table(st))


if __name__ == "__main__":
    sys.exit(main())
