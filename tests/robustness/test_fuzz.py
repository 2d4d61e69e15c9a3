"""Bounded runs of the differential fuzzer (tests/fuzz.py): fixed seeds, a
few thousand ops against torch, and the same programs on th alone with
allocation failures injected (every failure a MemoryError, nothing left
alive). `tox -e fuzz` runs it long; see tests/fuzz.py for the lists of known
differences and of defects being fixed."""
import gc

import pytest

pytest.importorskip("torch")

import fuzz  # noqa: E402 - tests/ is on sys.path, as for helpers

import th  # noqa: E402


@pytest.mark.parametrize("seed", [101, 102, 103, 104])
def test_th_matches_torch(seed):
    report = fuzz.fuzz(ops=2000, seed=seed)
    assert report.ops >= 2000
    assert not report.failures, fuzz.summary(report, verbose=True)


@pytest.mark.parametrize("seed", [101, 104])
def test_allocation_failures_surface_as_memory_error(seed):
    gc.collect()
    before = th.debug.live()
    report = fuzz.fuzz(ops=3000, seed=seed, inject=True)
    gc.collect()
    assert report.inject_fired > 500, fuzz.summary(report)
    assert not report.problems, fuzz.summary(report)
    assert th.debug.live() == before


def test_a_mismatch_is_reported_with_a_reproducer(monkeypatch):
    """The comparison is live: a th op made wrong on purpose is caught, and
    the report says how to replay it."""
    real_neg = th.neg
    monkeypatch.setattr(th, "neg", lambda t, *a, **k: real_neg(t, *a, **k) + 1
                        if t.dtype not in (th.bool,) else real_neg(t, *a, **k))
    monkeypatch.setattr(fuzz, "OPS", {"unary": (1, _only_neg)})
    report = fuzz.fuzz(ops=200, seed=7)
    assert report.failures
    text = report.failures[0][1]
    assert "--replay" in text and "for L in (th, torch):" in text and "L.neg(" in text


def _only_neg(p):
    a = p.pick(lambda t: t.numel() > 0 and t.dtype in (th.float32, th.int64), dtype="float32")
    return fuzz.Call(f"r = L.neg({a})")


def test_cat_into_an_empty_aliased_out_is_run():
    # it overran the heap until cat refused an input that is the result
    case = fuzz.Case("cat", "r = L.cat([t0, t1], 0, out=t1)", ["float32"],
                     {"out_alias": True, "out_empty": True})
    assert not any(e.prevent and e.match(case) for e in fuzz.BEING_FIXED)
