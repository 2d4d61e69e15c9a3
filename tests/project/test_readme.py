"""The documentation's examples run as written: every ```python block of
README.md and docs/*.md, in order, in one fresh interpreter per file, in a
temporary directory, with the values their comments state checked
(tests/doc_examples.py); README's C example compiles against the installed
th and runs."""
import glob
import os
import shutil
import subprocess
import sys
import sysconfig

import pytest

import th

import doc_examples
from helpers import ROOT, compiler_env


README = os.path.join(ROOT, "README.md")
DOCS = [README] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
# the directory th is imported from, for the child interpreters
TH_PATH = os.path.dirname(os.path.dirname(os.path.abspath(th.__file__)))


def run_examples(path, cwd):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([TH_PATH, os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, doc_examples.__file__, path], cwd=cwd,
                          capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize("path", DOCS, ids=os.path.basename)
def test_python_examples_run_as_written(path, tmp_path):
    result = run_examples(path, tmp_path)
    assert result.returncode == 0, result.stderr
    left_out = result.stdout.splitlines()
    if left_out:
        pytest.skip("; ".join(left_out))


def test_readme_has_python_examples_and_marks_only_what_cannot_run():
    """The runner sees README's examples (a renamed fence would silently drop
    them); only optional modules keep one from running."""
    blocks = doc_examples.code_blocks(README, "python")
    assert len(blocks) >= 2
    assert all(not b.skip for b in blocks)
    assert {m for b in blocks for m in b.requires} <= {"numpy", "torch"}


# --------------------------------------------------- the runner's checks
def write_markdown(tmp_path, code, marker=""):
    path = tmp_path / "doc.md"
    path.write_text(f"# t\n\n{marker}\n```python\n{code}```\n")
    return str(path)


def test_a_wrong_stated_value_fails_naming_the_line(tmp_path):
    path = write_markdown(tmp_path, "x = 2\nx + 1        # 4: three, really\n")
    result = run_examples(path, tmp_path)
    assert result.returncode != 0
    assert f"{path}:6: the comment says 4, the value is 3" in result.stderr


def test_a_stated_repr_is_compared_as_text(tmp_path):
    ok = write_markdown(tmp_path, "import th\nth.debug.live()   # Live(storages=0, tensors=0, bytes=0)\n")
    assert run_examples(ok, tmp_path).returncode == 0
    bad = write_markdown(tmp_path, "import th\nth.debug.live()   # Live(storages=1, tensors=0, bytes=0)\n")
    assert "the value is Live(storages=0, tensors=0, bytes=0)" in run_examples(bad, tmp_path).stderr


def test_prose_comments_are_not_claims():
    assert doc_examples.stated_value("# writes into t") is None
    assert doc_examples.stated_value("# ours") is None
    assert doc_examples.stated_value("# no copy: t keeps a alive") is None
    assert doc_examples.stated_value("# (2, 2), (4, 2), 4") == "(2, 2), (4, 2), 4"
    assert doc_examples.stated_value("# 3: t, v and s") == "3"
    assert doc_examples.stated_value("# {1: 2}") == "{1: 2}"


def test_markers_skip_or_require(tmp_path):
    skipped = write_markdown(tmp_path, "raise SystemExit(3)\n", "<!-- doc-test: skip: a template -->")
    assert run_examples(skipped, tmp_path).returncode == 0
    missing = write_markdown(tmp_path, "import no_such_module_here\n",
                             "<!-- doc-test: requires no_such_module_here -->")
    result = run_examples(missing, tmp_path)
    assert result.returncode == 0
    assert result.stdout == f"left out {missing}:5 (needs no_such_module_here)\n"


# -------------------------------------------------------- the C example
def test_readme_c_example_compiles_and_runs(tmp_path):
    (block,) = doc_examples.code_blocks(README, "c")
    source = tmp_path / "example.c"
    source.write_text(block.code)
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        pytest.fail(f"no C compiler ({cc}) to build README's C example")
    libdir = th.get_library_dirs()[0]
    binary = tmp_path / "example"
    subprocess.run([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", str(source), "-I", th.get_include(),
                    "-L", libdir, "-lTH", "-Wl,-rpath," + libdir, "-o", str(binary)],
                   check=True, env=compiler_env())
    result = subprocess.run([str(binary)], capture_output=True, text=True)
    assert (result.returncode, result.stdout, result.stderr) == (0, "2.5\n", "")
