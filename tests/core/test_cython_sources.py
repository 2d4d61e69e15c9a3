"""th's Cython sources make no generator, generator expression or closure
at run time. Cython 3.2 and 3.3 give each such object a reference to a type
shared by every Cython module and never give it back (they make the type
from a spec, a heap type, but release the reference only when the module
itself is built from specs): one leaked reference per call.
tests/core/test_binding_refs.py checks the calls; this checks the sources,
so a new generator expression fails here before it ships."""
import pathlib

import pytest
from Cython.Compiler.TreeFragment import parse_from_strings
from Cython.Compiler.Visitor import TreeVisitor

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = sorted([*ROOT.glob("th/*.pyx"), *ROOT.glob("examples/*/*.pyx"),
                  *ROOT.glob("benchmarks/*.pyx")])
# on purpose: the leaky example leaks
SOURCES = [p for p in SOURCES if p.parent.name != "leaky_extension"]
# functions run once per operator at import, each defining that operator's function
RUN_ONCE = {("_expr.pyx", name) for name in ("_binary", "_unary", "_bool_test", "_predicate")}


class _MadeAtRunTime(TreeVisitor):
    """Generator expressions, lambdas, functions with yield, and functions
    defined inside other functions (a new function object per call)."""

    def __init__(self, filename):
        super().__init__()
        self.filename, self.found, self.enclosing = filename, [], []

    def visit_Node(self, node):
        self.visitchildren(node)

    def visit_GeneratorExpressionNode(self, node):
        self.found.append((node.pos[1], "generator expression"))

    def visit_LambdaNode(self, node):
        self.found.append((node.pos[1], "lambda"))

    def visit_YieldExprNode(self, node):
        self.found.append((node.pos[1], "yield"))

    def visit_DefNode(self, node):
        outer = self.enclosing[-1] if self.enclosing else None
        if outer is not None and (self.filename, outer) not in RUN_ONCE:
            self.found.append((node.pos[1], f"def {node.name} inside {outer}"))
        self.enclosing.append(node.name)
        self.visitchildren(node)
        self.enclosing.pop()

    def visit_CFuncDefNode(self, node):
        declarator = node.declarator
        while not hasattr(declarator, "name"):  # through pointer and function declarators
            declarator = declarator.base
        self.enclosing.append(declarator.name)
        self.visitchildren(node)
        self.enclosing.pop()

    def _class(self, node):  # methods of a class are not nested functions
        saved, self.enclosing = self.enclosing, []
        self.visitchildren(node)
        self.enclosing = saved

    visit_PyClassDefNode = visit_CClassDefNode = _class


def made_at_run_time(path):
    tree = parse_from_strings(str(path), path.read_text())
    finder = _MadeAtRunTime(path.name)
    finder.visit(tree)
    return finder.found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_generators_or_closures_at_run_time(path):
    found = made_at_run_time(path)
    assert found == [], (f"{path.name}: " + "; ".join(f"line {line}: {what}" for line, what in found)
                         + " (use a list comprehension, or a class with __next__)")


def test_the_check_sees_each_kind(tmp_path):
    source = tmp_path / "kinds.pyx"
    source.write_text(
        "def f(xs):\n"
        "    a = any(x > 1 for x in xs)\n"
        "    g = lambda x: x\n"
        "    def inner():\n"
        "        return xs\n"
        "    return a, g, inner\n"
        "def rows(xs):\n"
        "    for x in xs:\n"
        "        yield x\n"
        "cdef class C:\n"
        "    def method(self):\n"
        "        return [x for x in range(3)]\n")
    kinds = [what for _, what in made_at_run_time(source)]
    assert kinds == ["generator expression", "lambda", "def inner inside f", "yield"]
