"""The examples in th's docstrings, looked at two ways (run by
tests/project/test_docstrings.py in a fresh interpreter):

    python docstring_examples.py missing   public names whose docstring has no example
    python docstring_examples.py torch     each example of a name torch also has, run
                                           with `th` naming torch: its output must be
                                           the one the docstring states

The second makes torch the oracle of the examples: th's reprs are torch's, so
an example that states th's output states torch's too, once torch's own
spellings (torch.float32, torch.Size([2, 3]), torch.return_types.max(...))
are read as th's. Each prints one JSON line.
"""
import doctest
import importlib
import inspect
import json
import pkgutil
import re
import sys
import warnings

import th

# the namespaces whose public names need an example, and torch's twin of each
NAMESPACES = {"th": "torch", "th.linalg": "torch.linalg", "th.nn.functional":
              "torch.nn.functional", "th.sparse": "torch.sparse", "th.debug": None,
              "th.special": "torch.special"}
# examples of names torch has that cannot give torch's output, and why
NOT_TORCHS = {
    "th.Tensor.cuda": "th refuses with th.Error; a torch without CUDA raises AssertionError",
    "th.Tensor.pin_memory": "th refuses with th.Error, a torch without an accelerator with its "
                            "own RuntimeError message",
}
SKIP_MODULES = {"th.__main__", "th.libTH", "th._testcapi", "th.pytest_plugin"}


def public_names(module):
    """A namespace's __all__, or the names it defines (th.debug has no __all__)."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n, v in vars(module).items() if not n.startswith("_")
                 and getattr(v, "__module__", None) == module.__name__]
    return names


def public_objects():
    """{id(object): "namespace.name"} for th's public functions and classes, and
    "th.Tensor.name" for the Tensor's public attributes."""
    names = {}
    for space in NAMESPACES:
        module = importlib.import_module(space)
        for name in public_names(module):
            obj = getattr(module, name)
            if callable(obj) and not inspect.ismodule(obj):
                names.setdefault(id(obj), f"{space}.{name}")
    return names


def tensor_attributes():
    return [n for n in dir(th.Tensor) if not n.startswith("_")]


def has_example(obj):
    return ">>>" in (getattr(obj, "__doc__", None) or "")


def missing():
    out = []
    for space in NAMESPACES:
        module = importlib.import_module(space)
        for name in public_names(module):
            obj = getattr(module, name)
            if callable(obj) and not inspect.ismodule(obj) and not has_example(obj):
                out.append(f"{space}.{name}")
    for name in tensor_attributes():
        if not has_example(th.Tensor.__dict__.get(name, getattr(th.Tensor, name))):
            out.append(f"th.Tensor.{name}")
    return out


def torch_twin(public, torch):
    """torch's object of the same public name, or None."""
    space, _, name = public.rpartition(".")
    if space == "th.Tensor":
        return getattr(torch.Tensor, name, None)
    if NAMESPACES[space] is None:
        return None
    module = importlib.import_module(NAMESPACES[space])
    return getattr(module, name, None)


class TorchOutput(doctest.OutputChecker):
    """Reads torch's output with th's spellings."""
    SIZE = re.compile(r"torch\.Size\(\[([^\]]*)\]\)")
    FIELD = re.compile(r",\n(?=[a-z_]+=)")

    def check_output(self, want, got, optionflags):
        got = re.sub(r"torch\.return_types\.(\w+)\(\n", r"\1(", got)
        got = self.FIELD.sub(", ", got)
        got = self.SIZE.sub(lambda m: "(" + m.group(1) + ("," if m.group(1) and
                                                          "," not in m.group(1) else "") + ")",
                            got)
        got = got.replace("torch.", "th.")
        return super().check_output(want, got, optionflags)


def torch_runs():
    import torch
    public = public_objects()
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(checker=TorchOutput(), optionflags=doctest.ELLIPSIS,
                                   verbose=False)
    failures, ran = {}, 0
    modules = ["th"] + [m.name for m in pkgutil.walk_packages(th.__path__, "th.")]
    for modname in modules:
        if modname in SKIP_MODULES:
            continue
        for test in finder.find(importlib.import_module(modname)):
            if not test.examples:
                continue
            parts = test.name.split(".")
            if "Tensor" in parts[:-1] and parts[-2] == "Tensor":
                name = "th.Tensor." + parts[-1]
            else:
                obj = test.globs.get(parts[-1]) if len(parts) > 1 else None
                name = public.get(id(obj)) if obj is not None else None
            if name is None or name in NOT_TORCHS or torch_twin(name, torch) is None:
                continue
            test.globs = {"th": torch}
            ran += 1
            report = []
            runner.run(test, out=report.append)
            if runner.failures:
                failures[name] = "".join(report)[-1500:]
            runner.failures = 0
    return {"ran": ran, "failures": failures}


if __name__ == "__main__":
    warnings.simplefilter("ignore")
    if sys.argv[1] == "missing":
        print(json.dumps(missing()))
    else:
        print(json.dumps(torch_runs()))
