"""The distribution's name and licence: the name the docs tell users to
install is the one pyproject.toml builds, and the licence file is the one
the metadata names. th's shared objects find each other and OpenBLAS only
relative to themselves (a wheel must not search the build machine's dirs);
the release configuration (cibuildwheel, .ci/wheel) agrees with itself.
Building and installing the wheel itself is `tox -e wheel` (.ci/wheel)."""
import glob
import importlib.machinery
import importlib.util
import os
import re
import shutil
import subprocess
import sysconfig

import pytest

import th
from helpers import ROOT, compiler_env

spec = importlib.util.spec_from_file_location("elf_info", os.path.join(ROOT, "tools", "elf_info.py"))
elf_info = importlib.util.module_from_spec(spec)
spec.loader.exec_module(elf_info)

tomllib = pytest.importorskip("tomllib")  # Python 3.11+


def pyproject():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)


def read(*path):
    with open(os.path.join(ROOT, *path)) as f:
        return f.read()


def test_the_docs_name_the_distribution_pyproject_builds():
    name = pyproject()["project"]["name"]
    assert name != "th"  # another project's name on the package index
    assert f"`{name}`" in read("README.md")
    cython = read("docs", "CYTHON.md")
    requires = re.search(r"requires = \[(.*)\]", cython)
    assert requires and f'"{name}"' in requires.group(1)
    for example in ("cython_consumer", "leaky_extension"):
        assert re.search(rf"pip install {name}\b", read("examples", example, "setup.py"))


def test_the_licence_file_is_the_one_the_metadata_names():
    project = pyproject()["project"]
    assert project["license"] == "BSD-3-Clause"
    assert project["license-files"] == ["LICENSE"]
    text = read("LICENSE")
    assert text.startswith("BSD 3-Clause License")
    assert "Neither the name of the copyright holder" in text  # clause 3
    assert re.search(r"^include LICENSE\b", read("MANIFEST.in"), re.M)


# ------------------------------------------------------- the ELF files
PACKAGE = os.path.dirname(os.path.abspath(th.__file__))
MODULES = sorted({p for suffix in importlib.machinery.EXTENSION_SUFFIXES
                  for p in glob.glob(os.path.join(PACKAGE, "_*" + suffix))})


def link_shared_object(tmp_path, name, *flags):
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        pytest.fail(f"no C compiler ({cc}) to build the reader's oracle")
    source = tmp_path / "f.c"
    source.write_text("#include <math.h>\ndouble f(double x) { return sqrt(x); }\n")
    out = tmp_path / name
    subprocess.run([cc, "-shared", "-fPIC", *flags, str(source), "-o", str(out), "-lm"],
                   check=True, env=compiler_env())
    return str(out)


def test_the_elf_reader_reads_what_the_linker_wrote(tmp_path):
    runpath = link_shared_object(tmp_path, "runpath.so", "-g0", "-Wl,--enable-new-dtags",
                                 "-Wl,-rpath,/opt/abs:$ORIGIN/../rel")
    info = elf_info.read_elf(runpath)
    assert info.runpath == ["/opt/abs", "$ORIGIN/../rel"] and info.rpath == []
    assert "libm.so.6" in info.needed
    assert not [s for s in info.sections if s.startswith(".debug_")]
    assert elf_info.problems(runpath) == [
        f"{runpath}: RUNPATH entry '/opt/abs' is not relative to $ORIGIN"]

    rpath = link_shared_object(tmp_path, "rpath.so", "-g", "-Wl,--disable-new-dtags",
                               "-Wl,-rpath,$ORIGIN")
    info = elf_info.read_elf(rpath)
    assert info.rpath == ["$ORIGIN"] and info.runpath == []
    assert ".debug_info" in info.sections
    has_rpath, not_stripped = elf_info.problems(rpath)
    assert has_rpath == f"{rpath}: has an RPATH ['$ORIGIN'], not a RUNPATH"
    assert not_stripped.startswith(f"{rpath}: not stripped (") and ".debug_info" in not_stripped


def test_the_elf_reader_refuses_what_is_not_elf(tmp_path):
    path = tmp_path / "text.so"
    path.write_text("not a shared object")
    with pytest.raises(ValueError, match="is not an ELF file"):
        elf_info.read_elf(str(path))


def test_th_searches_for_libraries_only_relative_to_itself():
    """No build machine's directory in a RUNPATH (one made a wheel in a clean
    venv load another venv's OpenBLAS), no RPATH (searched before
    LD_LIBRARY_PATH): the modules find libTH.so beside them, libTH.so finds
    OpenBLAS in the site-packages th is installed in."""
    assert len(MODULES) >= 20, MODULES
    for module in MODULES:
        info = elf_info.read_elf(module)
        assert (info.runpath, info.rpath) == (["$ORIGIN"], []), module
        assert "libTH.so" in info.needed, module
    core = elf_info.read_elf(os.path.join(PACKAGE, "libTH.so"))
    assert core.rpath == [] and "libscipy_openblas.so" in core.needed
    assert core.runpath[0] == "$ORIGIN/../scipy_openblas32/lib"
    assert all(p.startswith("$ORIGIN/") for p in core.runpath), core.runpath


def test_the_openblas_loaded_is_the_scipy_openblas32_python_imports():
    import scipy_openblas32

    expected = os.path.realpath(os.path.join(scipy_openblas32.get_lib_dir(),
                                             "libscipy_openblas.so"))
    th.mm(th.ones(2, 2), th.ones(2, 2))  # BLAS in use
    with open("/proc/self/maps") as f:
        loaded = {os.path.realpath(line.split(None, 5)[5].strip())
                  for line in f if line.rstrip().endswith("/libscipy_openblas.so")}
    assert loaded == {expected}  # numpy's own copy (libscipy_openblas64_) may be there too


# ---------------------------------------------- the release configuration
def test_the_release_builds_agree_on_what_a_wheel_holds():
    """cibuildwheel (other Pythons, other machines) and .ci/wheel (this one)
    leave out the test-only modules, keep OpenBLAS the dependency's (not a
    vendored second copy) and run the same smoke test."""
    config = pyproject()["tool"]["cibuildwheel"]
    assert config["build"].split() == [f"cp3{minor}-manylinux_*" for minor in range(9, 14)]
    assert config["linux"]["archs"] == ["x86_64", "aarch64"]
    assert config["environment"]["TH_TEST_MODULES"] == "0"
    assert "--exclude 'libscipy_openblas*.so'" in config["linux"]["repair-wheel-command"]
    assert "tools/wheel_smoke.py" in config["test-command"]
    script = read(".ci", "wheel")
    assert "TH_TEST_MODULES=0 " in script
    assert "--exclude 'libscipy_openblas*.so'" in script
    assert "tools/wheel_smoke.py" in script
    assert "bash {toxinidir}/.ci/wheel" in read("tox.ini")
