"""Expressions from a downstream Cython extension (cimport th,
examples/cython_consumer): built and evaluated without the GIL, errors
raised from inside `with nogil:`, nothing left alive on any path."""
import sys

import numpy as np
import pytest

import th

from helpers import build_example


@pytest.fixture(scope="module")
def consumer(tmp_path_factory):
    build = build_example("cython_consumer", ("setup.py", "consumer.pyx"),
                          tmp_path_factory.mktemp("consumer_expr"))
    sys.path.insert(0, str(build))
    try:
        import consumer
    finally:
        sys.path.remove(str(build))
    return consumer


def test_fused_add_without_the_gil(consumer):
    a = th.ones(4, 3)
    b = th.arange(12, dtype=th.float32).view(4, 3)
    c = th.tensor([1.0, 2.0, 3.0])
    live = th.debug.live()
    assert consumer.fused_add(a, b, c) is a
    assert th.debug.live() == live
    expected = 1 + np.arange(12, dtype=np.float32).reshape(4, 3) * [1, 2, 3] + 2
    assert a.tolist() == expected.tolist()


def test_fused_add_error_paths_free_every_node(consumer):
    a = th.ones(4, 3)
    live, nodes = th.debug.live(), th.debug.counters().get("th.expr")
    with pytest.raises(ValueError):
        consumer.fused_add(a, th.ones(4, 3), th.ones(5))  # b * c does not broadcast
    with pytest.raises(RuntimeError, match="doesn't match the broadcast shape"):
        consumer.fused_add(a, th.ones(2, 4, 3), th.ones(3))  # larger than a
    with pytest.raises(TypeError):
        consumer.fused_add(th.ones(2, dtype=th.int64), th.ones(2), th.ones(2))  # float into int
    assert th.debug.live() == live and th.debug.counters().get("th.expr") == nodes
    assert a.tolist() == [[1.0] * 3] * 4


def test_expr_objects_from_cython(consumer):
    x = th.tensor([1.0, 2.0])
    e = consumer.lazy_sum(th.lazy(x) * 2, x)
    assert isinstance(e, th.Expr) and e.eval().tolist() == [3.0, 6.0]
    with pytest.raises(ValueError):
        consumer.lazy_sum(th.lazy(x), th.ones(3))  # the Move form frees both operands
    del e
