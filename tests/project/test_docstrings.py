"""The examples in th's docstrings (th.debug's first) pass as doctests, in a
fresh interpreter: they state absolute live counts, which hold for a reader
trying them, not inside a test process where fixtures hold objects."""
import json
import subprocess
import sys

from test_readme import TH_PATH

RUN_DOCTESTS = """
import doctest, importlib, json, pkgutil, th
results = {}
# every module, those of subpackages (th.nn.*) too
for name in ["th"] + [m.name for m in pkgutil.walk_packages(th.__path__, "th.")]:
    # th.__main__ runs the demo when imported; th.libTH is the C core
    if name not in ("th.__main__", "th.libTH"):
        results[name] = tuple(doctest.testmod(importlib.import_module(name)))
print(json.dumps(results))
"""


def test_docstring_examples_pass():
    result = subprocess.run([sys.executable, "-c", RUN_DOCTESTS], cwd=TH_PATH,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    *report, summary = result.stdout.splitlines()
    results = json.loads(summary)
    assert "th._tensor" in results and "th.debug" in results  # every module was looked at
    assert {name: r for name, r in results.items() if r[0]} == {}, "\n".join(report)
    assert results["th.debug"][1] >= 4  # its examples ran
