"""The smoke test of an installed release wheel (.ci/wheel, cibuildwheel's
test-command): run it with the venv's python, from outside the source tree.
It checks what the wheel promises: the demo runs, BLAS works with the
OpenBLAS of scipy-openblas32 installed in this environment (not another
one's, not a vendored copy), the shared objects search only relative to
themselves and carry no debug info, and the test-only modules are absent."""
import glob
import importlib.machinery
import importlib.util
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import elf_info  # noqa: E402 - beside this file


def main():
    import th

    package = os.path.dirname(os.path.abspath(th.__file__))
    assert package.startswith(sys.prefix + os.sep), f"th imported from {package}, not the venv"

    demo = subprocess.run([sys.executable, "-m", "th"], capture_output=True, text=True)
    assert demo.returncode == 0, demo.stderr

    a = th.arange(6, dtype=th.float32).reshape(2, 3)
    b = th.arange(12, dtype=th.float32).reshape(3, 4)
    # the product by hand: small integers, exact in float32
    expected = [[float(sum((i * 3 + k) * (k * 4 + j) for k in range(3))) for j in range(4)]
                for i in range(2)]
    assert th.mm(a, b).tolist() == expected, th.mm(a, b).tolist()

    with open("/proc/self/maps") as f:
        blas = {line.split(None, 5)[5].strip() for line in f
                if line.rstrip().endswith("/libscipy_openblas.so")}
    assert len(blas) == 1, blas
    site = os.path.dirname(package)
    assert blas == {os.path.join(site, "scipy_openblas32", "lib", "libscipy_openblas.so")}, blas
    assert not glob.glob(os.path.join(site, "thtensor.libs", "*openblas*")), "vendored OpenBLAS"

    objects = [os.path.join(package, "libTH.so")] + [
        p for suffix in importlib.machinery.EXTENSION_SUFFIXES
        for p in glob.glob(os.path.join(package, "_*" + suffix))]
    objects = sorted(set(objects))  # "_*.so" matches "_*.cpython-3*.so" too
    bad = [problem for path in objects for problem in elf_info.problems(path)]
    assert not bad, "\n".join(bad)

    assert importlib.util.find_spec("th._testcapi") is None, "a test-only module in the wheel"
    print(f"ok: th {package}, OpenBLAS {blas.pop()}, {len(objects)} shared objects")


if __name__ == "__main__":
    main()
