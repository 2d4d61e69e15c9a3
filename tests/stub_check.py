"""Compare th's .pyi stubs with the runtime objects they describe (used by
tests/project/test_stubs.py; plain ast and inspect, no mypy).

Each stubbed module's public names (those not starting with "_" that the
module defines, not imports) and each stubbed class's members (public names
and protocol dunders such as __getitem__ or __add__) must have a stub, and
every name a stub declares must exist at runtime. Parameters must agree
where the runtime signature can be read: from inspect (Cython's
embedsignature makes that work for compiled functions) or else from the
signature line Cython puts at the head of a docstring. Overloads must
together cover the runtime's parameters; a stub parameter callers may pass
by keyword must have the runtime's name and position.
"""
import ast
import importlib
import importlib.machinery
import importlib.util
import inspect
import os
import pkgutil
import re
import types

import th

PACKAGE = os.path.dirname(os.path.abspath(th.__file__))
P = inspect.Parameter

# modules of th that are no API: they need no stub and no annotations
NOT_API = {
    "th.__main__": "the demo (python -m th)",
    "th.libTH": "the C core, not a Python module",
    "th._testcapi": "the tests' door into the C API",
    "th.pytest_plugin": "a pytest plugin, called by pytest",
    **{f"th._leaks_{part}": "the pytest plugin's parts"
       for part in ("caches", "counters", "phases", "repeat", "sites")},
    "th._format": "repr's helper", "th._pickle": "pickle's helpers",
}
# dunders of a class that are no API of their own: Python's or Cython's
# machinery, pickling, and __delitem__, the slot wrapper Cython adds beside
# __setitem__ (deleting raises NotImplementedError). Dunders every object
# has (__repr__, __eq__, __hash__, ...) are left out too, except __init__.
NOT_API_DUNDERS = {
    "__doc__", "__module__", "__dict__", "__weakref__", "__slots__", "__annotations__",
    "__orig_bases__", "__match_args__", "__getnewargs__", "__pyx_vtable__",
    "__reduce_cython__", "__setstate_cython__", "__delitem__", "__hash__",
    "__firstlineno__", "__static_attributes__", "__annotate__", "__annotations_cache__",
}


# ------------------------------------------------------------ the runtime
def module_names():
    """th and its modules, those of its subpackages (th.nn.*, th.array_api.*) included, less
    those that are no API."""
    names = ["th"] + [m.name for m in pkgutil.walk_packages(th.__path__, "th.")]
    return [n for n in names if n not in NOT_API]


def stub_path(module_name):
    """th/x.pyi for th.x, th/nn/x.pyi for th.nn.x, th/nn/__init__.pyi for th.nn."""
    parts = module_name.split(".")[1:]
    spec = importlib.util.find_spec(module_name)
    if not parts or spec.submodule_search_locations is not None:
        parts.append("__init__")
    return os.path.join(PACKAGE, *parts) + ".pyi"


def is_compiled(module_name):
    origin = importlib.util.find_spec(module_name).origin or ""
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def defined_here(module, value):
    """Whether a module-level value is the module's own (not an import)."""
    if isinstance(value, types.ModuleType):
        return False
    return getattr(value, "__module__", module.__name__) == module.__name__


def public_names(module):
    return sorted(n for n, v in vars(module).items()
                  if not n.startswith("_") and defined_here(module, v))


def is_api_dunder(name):
    return name not in NOT_API_DUNDERS and (name == "__init__" or name not in vars(object))


def public_members(cls):
    return sorted(n for n in vars(cls)
                  if (is_api_dunder(n) if n.startswith("__") and n.endswith("__")
                      else not n.startswith("_")))


def assigned_in_init(cls, name):
    """An instance attribute that cls.__init__ sets (self.name = ...)."""
    code = getattr(vars(cls).get("__init__"), "__code__", None)
    return code is not None and name in code.co_names


# --------------------------------------------------------------- the stubs
def stub_names(body):
    """{name: [nodes]} for a stub module's or class's body (a function's
    overloads are several nodes)."""
    names = {}
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.setdefault(node.name, []).append(node)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = [node]
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    names[target.id] = [node]
        elif isinstance(node, ast.ImportFrom):  # "import x as x": a re-export
            for alias in node.names:
                if alias.asname == alias.name:
                    names[alias.name] = [node]
    return {n: nodes for n, nodes in names.items()
            if not n.startswith("_") or (n.startswith("__") and n.endswith("__"))}


def parse_stub(path):
    with open(path, encoding="utf-8") as f:
        return stub_names(ast.parse(f.read(), path).body)


def decorators(node):
    return {d.id if isinstance(d, ast.Name) else getattr(d, "attr", "")
            for d in getattr(node, "decorator_list", [])}


def parameters(args):
    """[(name, kind, has_default)] of an ast.arguments."""
    positional = args.posonlyargs + args.args
    first_default = len(positional) - len(args.defaults)
    out = []
    for i, a in enumerate(positional):
        # a name like __x is positional-only, by the stubs' older convention
        posonly = i < len(args.posonlyargs) or (a.arg.startswith("__") and not a.arg.endswith("__"))
        out.append((a.arg, P.POSITIONAL_ONLY if posonly else P.POSITIONAL_OR_KEYWORD,
                    i >= first_default))
    if args.vararg:
        out.append((args.vararg.arg, P.VAR_POSITIONAL, False))
    out += [(a.arg, P.KEYWORD_ONLY, d is not None) for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    if args.kwarg:
        out.append((args.kwarg.arg, P.VAR_KEYWORD, False))
    return out


# ----------------------------------------------------- runtime signatures
def signature_from_doc(obj):
    """The parameters of the "name(int64_t size, dtype=None)" line Cython's
    embedsignature puts at the head of a docstring, C types dropped; None
    when there is no such line."""
    first = (getattr(obj, "__doc__", None) or "").lstrip().split("\n", 1)[0]
    match = re.fullmatch(r"[\w.]*\((.*)\)(\s*->.*)?", first.strip())
    if not match:
        return None
    pieces = []
    for piece in filter(None, (p.strip() for p in match.group(1).split(","))):
        declaration, eq, default = piece.partition("=")
        pieces.append(declaration.split()[-1] + eq + default if declaration.split() else piece)
    try:
        tree = ast.parse(f"def f({', '.join(pieces)}): pass")
    except SyntaxError:
        return None
    return [(n, k, d) for n, k, d in parameters(tree.body[0].args)]


def runtime_parameters(obj):
    """[(name, kind, has_default)] of a runtime callable, or None when its
    signature cannot be read or says nothing (*args, **kwargs)."""
    try:
        params = [(p.name, p.kind, p.default is not p.empty)
                  for p in inspect.signature(obj).parameters.values()]
    except (ValueError, TypeError):
        params = signature_from_doc(obj)
    if params is None or [k for _, k, _ in params if k != P.POSITIONAL_ONLY] == [
            P.VAR_POSITIONAL, P.VAR_KEYWORD]:
        return None
    return params


def compare_parameters(where, overloads, runtime):
    """Problems between a stub's overloads and the runtime's parameters
    (both without self)."""
    keyword = {n: (k, d) for n, k, d in runtime if k in (P.POSITIONAL_OR_KEYWORD, P.KEYWORD_ONLY)}
    positional = [n for n, k, _ in runtime if k in (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD)]
    kinds = {k for _, k, _ in runtime}
    problems, covered = [], set()
    for params in overloads:
        index = 0
        for name, kind, has_default in params:
            if kind in (P.VAR_POSITIONAL, P.VAR_KEYWORD):
                if kind not in kinds:
                    problems.append(f"{where}: the stub takes {'*' if kind == P.VAR_POSITIONAL else '**'}"
                                    f"{name}, the runtime does not")
                continue
            if kind == P.POSITIONAL_ONLY:
                if index >= len(positional) and P.VAR_POSITIONAL not in kinds:
                    problems.append(f"{where}: the stub takes {index + 1} positional arguments, "
                                    f"the runtime {len(positional)}")
            elif name not in keyword:
                if P.VAR_KEYWORD not in kinds:
                    problems.append(f"{where}: the stub's parameter {name!r} is not the runtime's "
                                    f"(it has {', '.join(keyword) or 'none by keyword'})")
            else:
                covered.add(name)
                if kind == P.POSITIONAL_OR_KEYWORD and positional[index:index + 1] != [name]:
                    problems.append(f"{where}: {name!r} is positional parameter {index + 1} in the "
                                    f"stub, not at runtime ({', '.join(positional)})")
                if has_default and not keyword[name][1]:
                    problems.append(f"{where}: {name!r} is optional in the stub, required at runtime")
            index += kind != P.KEYWORD_ONLY
    missing = [n for n in keyword if n not in covered]
    if missing:
        problems.append(f"{where}: runtime parameters the stub lacks: {', '.join(missing)}")
    return problems


def function_problems(where, nodes, runtime, method):
    """Problems of one stubbed function (its overloads) against runtime."""
    funcs = [n for n in nodes if isinstance(n, ast.FunctionDef)]
    if not funcs:
        return []
    is_property = "property" in decorators(funcs[0])
    runtime_is_data = not callable(runtime) or isinstance(runtime, (property, types.GetSetDescriptorType,
                                                                   types.MemberDescriptorType))
    if is_property != runtime_is_data:
        return [f"{where}: a {'property' if is_property else 'method'} in the stub, "
                f"{'an attribute' if runtime_is_data else 'a method'} at runtime"]
    if is_property:
        return []
    static = isinstance(runtime, staticmethod)
    params = runtime_parameters(runtime.__func__ if static else runtime)
    if params is None:
        return []
    if static != ("staticmethod" in decorators(funcs[0])):
        return [f"{where}: static in {'the runtime' if static else 'the stub'} only"]
    drop_self = method and not static
    overloads = [parameters(f.args)[drop_self:] for f in funcs if "overload" in decorators(f)] or [
        parameters(funcs[-1].args)[drop_self:]]
    return compare_parameters(where, overloads, params[drop_self:])


# ------------------------------------------------------------ the checks
def stubbed_modules():
    return [m for m in module_names() if os.path.exists(stub_path(m))]


def missing_stubs():
    """Names at runtime without a stub, one line each."""
    lines = []
    for name in module_names():
        module = importlib.import_module(name)
        if not os.path.exists(stub_path(name)):
            if is_compiled(name) and public_names(module):
                lines.append(f"{name}: the whole module (write {os.path.relpath(stub_path(name))})")
            continue
        stub, where = parse_stub(stub_path(name)), os.path.relpath(stub_path(name))
        lines += [f"{name}.{n}  ({where})" for n in public_names(module) if n not in stub]
        for cls_name, nodes in stub.items():
            cls = getattr(module, cls_name, None)
            if isinstance(nodes[0], ast.ClassDef) and isinstance(cls, type):
                members = stub_names(nodes[0].body)
                lines += [f"{name}.{cls_name}.{m}  ({where})" for m in public_members(cls)
                          if m not in members]
    return lines


def stub_entries():
    """(qualified name, runtime module, stub name, its nodes) of every name
    the stubs declare."""
    for name in stubbed_modules():
        module = importlib.import_module(name)
        for stub_name, nodes in parse_stub(stub_path(name)).items():
            yield f"{name}.{stub_name}", module, stub_name, nodes


def stubs_without_runtime():
    """Names the stubs declare that do not exist at runtime."""
    lines = []
    for where, module, stub_name, nodes in stub_entries():
        if not hasattr(module, stub_name):
            lines.append(where)
        elif isinstance(nodes[0], ast.ClassDef):
            cls = getattr(module, stub_name)
            lines += [f"{where}.{m}" for m, member in stub_names(nodes[0].body).items()
                      if not hasattr(cls, m) and not (isinstance(member[0], ast.AnnAssign)
                                                      and assigned_in_init(cls, m))]
    return lines


def signature_problems():
    problems = []
    for where, module, stub_name, nodes in stub_entries():
        runtime = getattr(module, stub_name, None)
        if runtime is None:
            continue
        if isinstance(nodes[0], ast.ClassDef):
            for m, member in stub_names(nodes[0].body).items():
                if hasattr(runtime, m):
                    problems += function_problems(f"{where}.{m}", member,
                                                  inspect.getattr_static(runtime, m), True)
        else:
            problems += function_problems(where, nodes, runtime, False)
    return problems


def unannotated_functions():
    """Public functions of API modules typed inline (no stub) that lack
    annotations."""
    lines = []
    for name in module_names():
        module = importlib.import_module(name)
        if os.path.exists(stub_path(name)) or is_compiled(name):
            continue
        for n in public_names(module):
            value = getattr(module, n)
            if inspect.isfunction(value):
                sig = inspect.signature(value)
                bare = [p.name for p in sig.parameters.values() if p.annotation is p.empty]
                if sig.return_annotation is sig.empty:
                    bare.append("the return")
                if bare:
                    lines.append(f"{name}.{n}: annotate {', '.join(bare)}")
    return lines
