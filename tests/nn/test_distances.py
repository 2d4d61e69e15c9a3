"""normalize, cosine_similarity and pairwise_distance (th/nn/_distances.py)
against torch 2.13: values, dtypes and shapes over random shapes,
broadcasting, dims, norms, layouts; torch's errors."""
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
import th.nn.functional as F
from nn_oracle import assert_matches, ints, pair, same_error, values

torch = pytest.importorskip("torch")
TF = torch.nn.functional
DTYPES = [th.float32, th.float64, th.float16, th.bfloat16]
shapes = st.lists(st.integers(1, 5), min_size=1, max_size=3).map(tuple)
layouts = st.sampled_from(["contiguous", "transposed", "strided"])
# reductions: float16/bfloat16 accumulate in float32 in both, in different orders
LOOSE = {th.float64: (1e-10, 1e-12), th.float32: (1e-5, 1e-6), th.float16: (4e-3, 4e-3),
         th.bfloat16: (3e-2, 3e-2)}


@settings(max_examples=60)
@given(shape=shapes, data=st.data(), dtype=st.sampled_from(DTYPES),
       p=st.sampled_from([2.0, 1.0, 3.0, math.inf, 0.5]), seed=st.integers(0, 2**32 - 1),
       layout=layouts, zeros=st.booleans())
def test_normalize(shape, data, dtype, p, seed, layout, zeros):
    dim = data.draw(st.integers(-len(shape), len(shape) - 1))
    a = values(shape, seed) * (0 if zeros else 1)
    ours, theirs = pair(a, dtype, layout)
    assert_matches(F.normalize(ours, p, dim), TF.normalize(theirs, p, dim), LOOSE[dtype])


def test_normalize_defaults_out_and_errors():
    ours, theirs = pair(values((3, 4), 1), th.float32, "transposed")
    assert_matches(F.normalize(ours), TF.normalize(theirs))
    assert_matches(F.normalize(ours, eps=10.0), TF.normalize(theirs, eps=10.0))
    out = th.empty(3, 4)
    assert F.normalize(ours, out=out) is out
    assert_matches(out, TF.normalize(theirs))
    for call_ in [lambda L, x: L.normalize(x.long()), lambda L, x: L.normalize(x[0])]:
        same_error(call_, (ours, theirs))


@settings(max_examples=60)
@given(shape=shapes, data=st.data(), dtype=st.sampled_from(DTYPES),
       seed=st.integers(0, 2**32 - 1), layout=layouts)
def test_cosine_similarity(shape, data, dtype, seed, layout):
    dim = data.draw(st.integers(-len(shape), len(shape) - 1))
    # x2 broadcast against x1: some of its dims 1
    shape2 = tuple(s if data.draw(st.booleans()) else 1 for s in shape)
    x1, t1 = pair(values(shape, seed), dtype, layout)
    x2, t2 = pair(values(shape2, seed + 1), dtype)
    assert_matches(F.cosine_similarity(x1, x2, dim), TF.cosine_similarity(t1, t2, dim),
                   LOOSE[dtype])
    if len(shape) > 1:
        assert_matches(F.cosine_similarity(x1, x2), TF.cosine_similarity(t1, t2), LOOSE[dtype])
        assert_matches(th.cosine_similarity(x1, x2), torch.cosine_similarity(t1, t2),
                       LOOSE[dtype])


def test_cosine_similarity_cases():
    zero, tzero = pair(values((2, 3), 1) * 0, th.float32)
    one, tone = pair(values((2, 3), 2), th.float32)
    assert_matches(F.cosine_similarity(zero, one), TF.cosine_similarity(tzero, tone))
    a, ta = pair(values((2, 3), 3), th.float64)
    assert_matches(F.cosine_similarity(one, a), TF.cosine_similarity(tone, ta))  # promotes
    assert_matches(F.cosine_similarity(one, one, eps=100.0),
                   TF.cosine_similarity(tone, tone, eps=100.0))
    v, tv = pair(values((3,), 4), th.float32)
    assert_matches(F.cosine_similarity(v, v, dim=0), TF.cosine_similarity(tv, tv, dim=0))
    i, ti = ints([[1, 2, 3]], th.int64)
    for call_ in [lambda L, x, y, n: L.cosine_similarity(n, n),
                  lambda L, x, y, n: L.cosine_similarity(x, y[..., :2]),
                  lambda L, x, y, n: L.cosine_similarity(x, y, dim=3)]:
        # messages: th's broadcast error words its shapes its own way
        same_error(call_, (one, tone), (one, tone), (i, ti), message=False)


@settings(max_examples=60)
@given(shape=shapes, data=st.data(), dtype=st.sampled_from(DTYPES),
       p=st.sampled_from([2.0, 1.0, 3.0, math.inf, 0.0]), seed=st.integers(0, 2**32 - 1),
       layout=layouts, keepdim=st.booleans())
def test_pairwise_distance(shape, data, dtype, p, seed, layout, keepdim):
    shape2 = tuple(s if data.draw(st.booleans()) else 1 for s in shape)
    x1, t1 = pair(values(shape, seed), dtype, layout)
    x2, t2 = pair(values(shape2, seed + 1), dtype)
    assert_matches(F.pairwise_distance(x1, x2, p, keepdim=keepdim),
                   TF.pairwise_distance(t1, t2, p, keepdim=keepdim), LOOSE[dtype])
    assert_matches(th.pairwise_distance(x1, x2, p, 0.5),
                   torch.pairwise_distance(t1, t2, p, 0.5), LOOSE[dtype])


def test_pairwise_distance_integers_and_scalars():
    a, ta = ints([[1, 2], [3, 5]], th.int64)
    b, tb = ints([[0, 0], [1, 1]], th.int64)
    assert_matches(F.pairwise_distance(a, b), TF.pairwise_distance(ta, tb))
    s, ts = pair(values((), 1), th.float32)
    assert_matches(F.pairwise_distance(s, s), TF.pairwise_distance(ts, ts))
