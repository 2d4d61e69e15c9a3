"""The examples in th's docstrings pass as doctests, in a fresh interpreter:
they state absolute live counts, which hold for a reader trying them, not
inside a test process where fixtures hold objects. Every public name has
one, and an example of a name torch also has gives torch's output
(tests/docstring_examples.py)."""
import json
import os
import subprocess
import sys

import pytest

from test_readme import TH_PATH

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "docstring_examples.py")

RUN_DOCTESTS = """
import doctest, importlib, json, pkgutil, th
results = {}
# every module, those of subpackages (th.nn.*) too
for name in ["th"] + [m.name for m in pkgutil.walk_packages(th.__path__, "th.")]:
    # th.__main__ runs the demo when imported; th.libTH is the C core
    if name not in ("th.__main__", "th.libTH"):
        results[name] = tuple(doctest.testmod(importlib.import_module(name),
                                              extraglobs={"th": th}))
print(json.dumps(results))
"""


def test_docstring_examples_pass():
    result = subprocess.run([sys.executable, "-c", RUN_DOCTESTS], cwd=TH_PATH,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    *report, summary = result.stdout.splitlines()
    results = json.loads(summary)
    assert "th._tensor" in results and "th.debug" in results  # every module was looked at
    assert {name: r for name, r in results.items() if r[0]} == {}, "\n".join(report)
    assert results["th.debug"][1] >= 4  # its examples ran
    assert results["th._tensor"][1] >= 500  # each Tensor method's


def run_examples_script(mode):
    result = subprocess.run([sys.executable, EXAMPLES, mode], cwd=TH_PATH, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])


def test_every_public_name_has_an_example():
    missing = run_examples_script("missing")
    assert missing == [], "public names whose docstring has no >>> example:\n  " + \
        "\n  ".join(missing)


def test_examples_give_torchs_output():
    """torch as the oracle of the examples: each one of a name torch also has,
    run with th naming torch, prints what the docstring states."""
    pytest.importorskip("torch")
    report = run_examples_script("torch")
    assert report["ran"] >= 500  # Tensor methods, th's functions, th.linalg ...
    assert report["failures"] == {}, "\n".join(report["failures"].values())
