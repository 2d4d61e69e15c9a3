"""th.index_copy, th.index_fill and th.dropout (th/_out_of_place.py)
against torch 2.13: the copies' values and dtypes over every dtype and
layout, the input untouched, dropout's mask on th's generator (the same as
th.nn.functional.dropout's for one seed; torch's generator differs, so
against torch only what does not depend on it), and bad arguments."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import th

from torch_compare import DTYPES, check, pair, tensor_pairs, torch


@given(tensor_pairs(dtypes=DTYPES, min_dims=1, max_dims=3, min_side=1), st.data())
def test_index_copy_and_index_fill_match_torch(tensors, data):
    a, b = tensors
    dim = data.draw(st.integers(-a.dim(), a.dim() - 1), label="dim")
    n = a.shape[dim]
    picks = data.draw(st.lists(st.integers(0, n - 1), unique=True, max_size=n), label="index")
    i, j = pair(np.array(picks, dtype=np.int64))
    shape = list(a.shape)
    shape[dim] = len(picks)
    rng = np.random.default_rng(0)
    src = (rng.integers(0, 5, shape) if not a.is_complex() else
           rng.standard_normal(shape) + 1j).astype(a.numpy().dtype)
    s, t = pair(src)
    before = a.clone()
    check(lambda: th.index_copy(a, dim, i, s), lambda: torch.index_copy(b, dim, j, t))
    value = data.draw(st.sampled_from([0, 1, True, 2.5]), label="value")
    check(lambda: th.index_fill(a, dim, i, value), lambda: torch.index_fill(b, dim, j, value))
    assert th.equal(a, before)  # out of place


@pytest.mark.parametrize("make", [
    lambda m: m.index_copy(m.zeros(3), 1, m.tensor([0]), m.ones(1)),
    lambda m: m.index_copy(m.zeros(3), 0, m.tensor([0]), m.ones(2)),
    lambda m: m.index_copy(m.zeros(3), 0, m.tensor([0.0]), m.ones(1)),
    lambda m: m.index_fill(m.zeros(3), 0, m.tensor([5]), 1.0),
    lambda m: m.index_fill(m.zeros(3, dtype=m.int64), 0, m.tensor([1]), 1.5),
    lambda m: m.index_fill(m.zeros(3), 0, m.tensor([1]), m.tensor(4.0)),
    lambda m: m.index_fill(m.zeros(3), 0, m.tensor([1]), m.tensor([4.0, 5.0])),
])
def test_index_copy_and_index_fill_refuse_as_torch(make):
    check(lambda: make(th), lambda: make(torch))


@pytest.mark.parametrize("p", [0.0, 0.3, 1.0])
def test_dropout_is_functional_dropout_on_ths_generator(p):
    x = th.arange(1.0, 201.0)
    th.manual_seed(3)
    r = th.dropout(x, p, True)
    th.manual_seed(3)
    e = th.nn.functional.dropout(x, p, True)
    assert th.equal(r, e)
    kept = r != 0
    np.testing.assert_allclose(r[kept].numpy(), x[kept].numpy() / (1 - p), rtol=1e-6)
    assert th.dropout(x, p, False) is x and torch.dropout(torch.ones(2), p, False) is not None


@pytest.mark.parametrize("make", [
    lambda m: m.dropout(m.ones(3), 1.5, True),
    lambda m: m.dropout(m.ones(3), -0.1, False),
    lambda m: m.dropout(m.ones(3, dtype=m.int64), 0.5, True),
    lambda m: m.dropout(m.ones(3), 1.0, True),
    lambda m: m.dropout(m.ones(3), 0.5),
])
def test_dropout_edges_and_refusals_match_torch(make):
    check(lambda: make(th), lambda: make(torch))
