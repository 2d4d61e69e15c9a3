"""th's type stubs (th/*.pyi) say what the runtime has (tests/stub_check.py
compares them), mypy reads them (an example type-checks, with the types an
editor would show), and they ship with the package."""
import ast
import glob
import os
import re
import site
import subprocess
import sys
import textwrap

import pytest

import stub_check
from stub_check import P, PACKAGE
from test_readme import ROOT, TH_PATH


# ------------------------------------------- stubs against the runtime
def test_every_public_name_has_a_stub():
    missing = stub_check.missing_stubs()
    assert not missing, "names without a stub (add them to the .pyi named):\n  " + "\n  ".join(missing)


def test_every_stub_name_exists_at_runtime():
    extra = stub_check.stubs_without_runtime()
    assert not extra, "stubbed names missing at runtime:\n  " + "\n  ".join(extra)


def test_stub_signatures_match_the_runtime():
    problems = stub_check.signature_problems()
    assert not problems, "\n".join(problems)


def test_python_api_modules_are_annotated():
    """Modules typed inline (th/__init__.py, th/_broadcast.py) annotate
    every public function."""
    lines = stub_check.unannotated_functions()
    assert not lines, "\n".join(lines)


def test_the_checks_see_the_api():
    """The checks above look at the modules and members that matter."""
    stubbed = stub_check.stubbed_modules()
    assert {"th._tensor", "th._storage", "th._dtype", "th._factories", "th.debug"} <= set(stubbed)
    # the subpackages' modules too, typed inline (their stub would be th/nn/x.pyi)
    assert {"th.nn", "th.nn.functional", "th.nn._layers", "th.array_api", "th.array_api.linalg",
            "th.array_api._elementwise"} <= set(stub_check.module_names())
    assert stub_check.stub_path("th.nn") == os.path.join(PACKAGE, "nn", "__init__.pyi")
    assert stub_check.stub_path("th.nn.functional") == os.path.join(PACKAGE, "nn", "functional.pyi")
    assert {"view", "__getitem__", "__init__", "shape"} <= set(stub_check.public_members(stub_check.th.Tensor))
    assert stub_check.public_names(stub_check.th._dtype) == sorted(
        ["dtype", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64", "bool",
         "bfloat16", "complex64", "complex128", "uint16", "uint32", "uint64"])
    # Tensor's methods have readable signatures (embedsignature)
    assert stub_check.runtime_parameters(stub_check.th.Tensor.narrow) == [
        ("self", P.POSITIONAL_ONLY, False), ("dim", P.POSITIONAL_OR_KEYWORD, False),
        ("start", P.POSITIONAL_OR_KEYWORD, False), ("length", P.POSITIONAL_OR_KEYWORD, False)]


# ------------------------------------------------ the checker's rules
def stub_overloads(source):
    return [stub_check.parameters(f.args)[1:] for f in ast.parse(textwrap.dedent(source)).body]


VIEW = [("shape", P.VAR_POSITIONAL, False)]
NARROW = [("dim", P.POSITIONAL_OR_KEYWORD, False), ("start", P.POSITIONAL_OR_KEYWORD, False)]


def test_overloads_of_a_star_shape_pass():
    overloads = stub_overloads("""
        def view(self, *shape: int) -> T: ...
        def view(self, shape: Sequence[int], /) -> T: ...
    """)
    assert stub_check.compare_parameters("view", overloads, VIEW) == []


@pytest.mark.parametrize("stub, problem", [
    ("def view(self, shape: Sequence[int]) -> T: ...",
     "view: the stub's parameter 'shape' is not the runtime's (it has none by keyword)"),
    ("def view(self, *shape: int, dtype: int) -> T: ...",
     "view: the stub's parameter 'dtype' is not the runtime's"),
    ("def view(self, *shape: int, **kw: int) -> T: ...", "view: the stub takes **kw, the runtime does not"),
])
def test_a_keyword_the_runtime_refuses_is_reported(stub, problem):
    assert problem in "\n".join(stub_check.compare_parameters("view", stub_overloads(stub), VIEW))


@pytest.mark.parametrize("stub, problem", [
    ("def narrow(self, start: int, dim: int) -> T: ...",
     "narrow: 'start' is positional parameter 1 in the stub, not at runtime (dim, start)"),
    ("def narrow(self, dim: int) -> T: ...", "narrow: runtime parameters the stub lacks: start"),
    ("def narrow(self, dim: int, start: int = 0) -> T: ...",
     "narrow: 'start' is optional in the stub, required at runtime"),
    ("def narrow(self, dim: int, start: int, extra: int, /) -> T: ...",
     "narrow: the stub takes 3 positional arguments, the runtime 2"),
])
def test_order_defaults_and_arity_are_compared(stub, problem):
    assert problem in stub_check.compare_parameters("narrow", stub_overloads(stub), NARROW)


def test_signatures_are_read_from_embedded_docstrings():
    """The fallback for callables inspect cannot read: Cython's signature
    line, C types dropped."""
    class NoSignature:
        __doc__ = "Storage.resize_(self, int64_t size, dtype=None, *shape)\n\nResize."
        __signature__ = property(lambda self: (_ for _ in ()).throw(ValueError))

    assert stub_check.signature_from_doc(NoSignature) == [
        ("self", P.POSITIONAL_OR_KEYWORD, False), ("size", P.POSITIONAL_OR_KEYWORD, False),
        ("dtype", P.POSITIONAL_OR_KEYWORD, True), ("shape", P.VAR_POSITIONAL, False)]
    assert stub_check.signature_from_doc(print) is None  # no such line


# ------------------------------------------------------------ mypy
EXAMPLE = [  # (code, the type mypy reveals, or None)
    ("import th, th.debug", None),
    ("import th.multiprocessing as mp", None),
    ("t = th.zeros(2, 3)", None),
    ("t", "th._tensor.Tensor"),
    ("t.view(3, 2)", "th._tensor.Tensor"),
    ("t.view((3, 2)).reshape(shape=[6])[1:]", "th._tensor.Tensor"),
    ("t.size()", "tuple[int, ...]"),
    ("t.size(0)", "int"),
    ("t.dtype", "th._dtype.dtype"),
    ("th.long", "th._dtype.dtype"),
    ("t.storage()[0]", "bool | int | float"),
    ("th.debug.live()", "tuple[int, int, int, fallback=th.debug.Live]"),
    ("th.get_library_dirs()", "list[str]"),
    ("th.broadcast_shapes((2, 1), 3)", "tuple[int, ...]"),
    ("th.from_numpy(None).numel()", "int"),
    ("mp.get_context('spawn')", "multiprocessing.context.SpawnContext"),
]


def mypy_env():
    """MYPYPATH for the th being tested, unless it is installed (mypy then
    finds it in site-packages, which it refuses on MYPYPATH)."""
    installed = os.path.realpath(TH_PATH) in map(os.path.realpath, site.getsitepackages())
    return dict(os.environ, MYPYPATH="" if installed else TH_PATH)


def plain_type(revealed):
    """mypy 2's spelling of a revealed type (mypy 1 writes builtins.int,
    Union[a, b] and Tuple[...])."""
    revealed = re.sub(r"\bbuiltins\.", "", revealed).replace("Tuple[", "tuple[")
    return re.sub(r"Union\[([^\[\]]*)\]", lambda m: m.group(1).replace(", ", " | "), revealed)


def run_mypy(tmp_path, source):
    (tmp_path / "example.py").write_text(source)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", str(tmp_path / "cache"),
         "--show-error-codes", "example.py"],
        cwd=tmp_path, capture_output=True, text=True, env=mypy_env(), timeout=300)


def test_mypy_reads_the_stubs(tmp_path):
    """Checking a file that imports th used to stop with mypy's INTERNAL
    ERROR (th and th.debug deferring to each other over th's compiled
    modules, which it could not find); now it gives the stubs' types and
    no error, in the example or in th's own files."""
    pytest.importorskip("mypy")
    lines, expected = [], {}
    for code, revealed in EXAMPLE:
        lines += [f"reveal_type({code})" if revealed else code]
        if revealed:
            expected[str(len(lines))] = revealed
    result = run_mypy(tmp_path, "\n".join(lines) + "\n")
    revealed = {line: plain_type(t) for line, t in
                re.findall(r'^example\.py:(\d+): note: Revealed type is "(.*)"$', result.stdout, re.M)}
    assert (result.returncode, revealed) == (0, expected), result.stdout + result.stderr


def test_mypy_catches_misuse(tmp_path):
    pytest.importorskip("mypy")
    result = run_mypy(tmp_path, "import th\nth.zeros(2).view(shape=(2,))\nth.zeros(2).narrow(0, 1)\n")
    errors = re.findall(r"^example\.py:(\d+): error: .*\[([\w-]+)\]$", result.stdout, re.M)
    assert errors == [("2", "call-overload"), ("3", "call-arg")], result.stdout


# ------------------------------------------------------- packaging
def test_the_stubs_ship_in_the_package(tmp_path):
    """build_py (what a wheel holds) copies every .pyi with py.typed."""
    stubs = sorted(os.path.basename(p) for p in glob.glob(os.path.join(PACKAGE, "*.pyi")))
    assert len(stubs) >= 9
    if not os.path.exists(os.path.join(ROOT, "setup.py")):
        pytest.fail(f"no setup.py at {ROOT} to build the layout from")
    subprocess.run([sys.executable, "setup.py", "-q", "build_py", "-d", str(tmp_path)],
                   cwd=ROOT, check=True, capture_output=True)
    shipped = sorted(os.listdir(tmp_path / "th"))
    assert [s for s in stubs if s not in shipped] == [] and "py.typed" in shipped


def test_every_stub_parses_as_the_runtime_module_it_names():
    for path in glob.glob(os.path.join(PACKAGE, "*.pyi")):
        name = "th" if path.endswith("__init__.pyi") else "th." + os.path.basename(path)[:-4]
        assert name in stub_check.module_names(), f"{path} names no module of th"
        ast.parse(open(path).read(), path)


def test_stubs_carry_the_runtime_docstrings():
    """Editors show the stubs' docstrings: tools/stub_docstrings.py copies
    the runtime's into them, and a stub left behind fails here."""
    result = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "stub_docstrings.py"),
                             "--check"], cwd=TH_PATH, capture_output=True, text=True, timeout=300,
                            env=dict(os.environ, PYTHONPATH=TH_PATH))
    assert result.returncode == 0, ("stubs whose docstrings differ from the runtime's (run "
                                    "python tools/stub_docstrings.py):\n" + result.stdout
                                    + result.stderr)
