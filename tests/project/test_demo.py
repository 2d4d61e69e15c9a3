"""The README's first command runs the demo; it must end with nothing alive."""
import os
import subprocess
import sys

import pytest

from helpers import BLOCK_NUMPY, ROOT, th_on_path


def test_demo_runs_and_leaves_nothing_alive(tmp_path):
    # run from an empty directory, with the th under test on the path
    result = subprocess.run([sys.executable, "-m", "th"], capture_output=True, text=True,
                            cwd=tmp_path, env=th_on_path())
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "t and v share one storage:" in out and "True" in out
    written = next(line for line in out.splitlines() if line.startswith("after v.fill_(-1)"))
    assert written.endswith("[8.0, 9.0, -1.0, -1.0]")  # the view wrote into t
    assert "storage refcount (t, v and s hold one each):   3" in out
    assert out.rstrip().endswith("Live(storages=0, tensors=0, bytes=0)")


def test_demo_runs_from_the_source_root():
    # the README's first command is run where a user who just cloned stands:
    # the source tree's th/ comes first on sys.path there and must import
    root = ROOT
    if not os.path.exists(os.path.join(root, "setup.py")):
        pytest.skip("the tests run outside a source tree")
    result = subprocess.run([sys.executable, "-m", "th"], capture_output=True, text=True,
                            cwd=root)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip().endswith("Live(storages=0, tensors=0, bytes=0)")


WITHOUT_NUMPY = BLOCK_NUMPY + """
import th, th.nn.functional as F, th.linalg, th.sparse, th.array_api, th.serialization, io
t = th.arange(6.0).view(2, 3)
assert F.softmax(t, 1).shape == (2, 3) and th.linalg.det(th.eye(2)).item() == 1.0
buf = io.BytesIO()
th.save({"t": t}, buf)
buf.seek(0)
assert th.equal(th.load(buf)["t"], t)
print("ok")
"""


def test_th_runs_without_numpy(tmp_path):
    # th needs scipy-openblas32 at run time and nothing else: importing every
    # public namespace and using it must not reach for numpy, scipy or torch
    result = subprocess.run([sys.executable, "-c", WITHOUT_NUMPY], cwd=tmp_path, env=th_on_path(),
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr
