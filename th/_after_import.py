"""Running a function once a module has been imported, for th's support of
libraries it must not import itself (dask, distributed, joblib: seconds of
import time, and numpy): Python has no post-import hook, so a finder first
on sys.meta_path catches the module's import, lets the other finders find
it, and runs the function right after the module's code."""
from __future__ import annotations

import importlib.util
import sys
from typing import Any, Callable


class _AfterImport:
    """A one-shot sys.meta_path finder for one module name."""

    def __init__(self, name: str, then: Callable[[], None]) -> None:
        self.name, self.then = name, then

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)  # the other finders' spec
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        exec_module = spec.loader.exec_module

        def exec_then(module: Any) -> None:
            exec_module(module)
            self.then()

        spec.loader.exec_module = exec_then  # type: ignore[method-assign]
        return spec


def after_import(name: str, then: Callable[[], None]) -> None:
    """then() now if module name is imported already, else right after it is."""
    if name in sys.modules:
        then()
    elif not any(isinstance(f, _AfterImport) and f.name == name and f.then == then
                 for f in sys.meta_path):
        sys.meta_path.insert(0, _AfterImport(name, then))


def pending(name: str) -> bool:
    """Whether a function waits for module name's import."""
    return any(isinstance(f, _AfterImport) and f.name == name for f in sys.meta_path)
