"""The README's first command runs the demo; it must end with nothing alive."""
import subprocess
import sys


def test_demo_runs_and_leaves_nothing_alive(tmp_path):
    # run from an empty directory so the installed package is the one used
    result = subprocess.run([sys.executable, "-m", "th"], capture_output=True, text=True,
                            cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "t and v share one storage:" in out and "True" in out
    written = next(line for line in out.splitlines() if line.startswith("after v.fill_(-1)"))
    assert written.endswith("[8.0, 9.0, -1.0, -1.0]")  # the view wrote into t
    assert "storage refcount (t, v and s hold one each):   3" in out
    assert out.rstrip().endswith("Live(storages=0, tensors=0, bytes=0)")
