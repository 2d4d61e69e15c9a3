"""Copy th's runtime docstrings into its .pyi stubs, so that editors and
help() on a stub show the same text and examples (type checkers read the
stubs, never the compiled modules).

    python tools/stub_docstrings.py          rewrite the stubs in place
    python tools/stub_docstrings.py --check  list stubs whose docstrings differ (exit 1)

A stub function, class or property gets its runtime object's docstring,
less the signature line Cython's embedsignature puts first; of a
function's overloads, the first carries it. Run with the th to read on
PYTHONPATH (a built tree).
"""
import argparse
import ast
import importlib
import inspect
import os
import re
import sys

import th

PACKAGE = os.path.dirname(os.path.abspath(th.__file__))


def runtime_doc(obj, name):
    doc = inspect.getdoc(obj) if obj is not None else None
    if not doc:
        return None
    lines = doc.splitlines()
    if lines and re.match(rf"(\w+\.)?{re.escape(name)}\(.*\)", lines[0]):  # Cython's signature line
        lines = lines[1:]
        while lines and not lines[0].strip():
            lines = lines[1:]
    return "\n".join(lines).strip() or None


def member(owner, name):
    """The runtime object a stub names: a property's descriptor, not its value."""
    if inspect.isclass(owner):
        for klass in inspect.getmro(owner):
            if name in vars(klass):
                return vars(klass)[name]
        return None
    return getattr(owner, name, None)


def docstring_lines(doc, indent):
    body = doc.replace("\\", "\\\\").replace('"""', '\\"\\"\\"').splitlines()
    out = [indent + '"""' + body[0]]
    out += [(indent + line) if line.strip() else "" for line in body[1:]]
    if len(body) == 1:
        out[0] += '"""'
    else:
        out.append(indent + '"""')
    return out


ELLIPSIS = re.compile(r"^(.*?)\s*\.\.\.\s*(#.*)?$")


def edits(tree, runtime, lines):
    """(first line, last line, replacement lines) for each stub node whose
    docstring differs from its runtime object's (1-based, inclusive)."""
    out = []

    def visit(body, owner):
        seen = set()
        for node in body:
            if not isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                continue
            obj = member(owner, node.name)
            if isinstance(node, ast.ClassDef):
                if inspect.isclass(obj):
                    visit(node.body, obj)
            if node.name in seen:  # a later overload
                continue
            seen.add(node.name)
            if node.name.startswith("_") or obj is None:
                continue
            doc = runtime_doc(obj, node.name)
            if doc is None:
                continue
            first = node.body[0]
            has_doc = (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                       and isinstance(first.value.value, str))
            if has_doc and inspect.cleandoc(first.value.value) == doc:
                continue
            indent = " " * (node.col_offset + 4)
            new = docstring_lines(doc, indent)
            if has_doc:
                out.append((first.lineno, first.end_lineno, new, None))
            elif isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and first.value.value is Ellipsis and ELLIPSIS.match(lines[first.lineno - 1]):
                head, comment = ELLIPSIS.match(lines[first.lineno - 1]).groups()
                if not head.strip():  # a body on its own line: the docstring replaces it
                    out.append((first.lineno, first.lineno, new, None))
                else:  # "def f(...) -> T: ...  # why" becomes "def f(...) -> T:  # why" + the docstring
                    head += f"  {comment}" if comment else ""
                    out.append((first.lineno, first.lineno, [head] + new, None))
            else:  # a class body or a function with a body: insert before it
                out.append((first.lineno, first.lineno - 1, new, "insert"))

    visit(tree.body, runtime)
    return out


def process(path, write):
    rel = os.path.relpath(path, PACKAGE)[:-len(".pyi")].replace(os.sep, ".")
    modname = "th" if rel == "__init__" else "th." + rel.removesuffix(".__init__")
    runtime = importlib.import_module(modname)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.split("\n")
    changes = edits(ast.parse(text, path), runtime, lines)
    if write and changes:
        for start, end, new, how in sorted(changes, key=lambda c: c[0], reverse=True):
            if how == "insert":
                lines[start - 1:start - 1] = new
            else:
                lines[start - 1:end] = new
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
    return len(changes)


def stubs():
    for root, _, files in os.walk(PACKAGE):
        for name in sorted(files):
            if name.endswith(".pyi"):
                yield os.path.join(root, name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    stale = {path: n for path in stubs() if (n := process(path, not args.check))}
    if args.check:
        for path, n in stale.items():
            print(f"{os.path.relpath(path, PACKAGE)}: {n} docstrings differ from the runtime's")
        return 1 if stale else 0
    print(f"rewrote {len(stale)} stubs ({sum(stale.values())} docstrings)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
