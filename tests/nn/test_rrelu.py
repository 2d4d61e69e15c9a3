"""rrelu (th/nn/_activations.py): torch.nn.functional.rrelu and rrelu_,
torch.rrelu and torch.rrelu_ against torch 2.13. Not training, the slope is
(lower + upper) / 2; training, th draws torch's very slopes: th's generator
is torch's (tests/math/test_random.py), and rrelu draws as torch's CPU
kernel does (one float64 uniform per element <= 0, in row-major order), so
th and torch seeded alike give the same numbers and leave their generators
in the same state."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
import th.nn.functional as F
from torch_compare import assert_same, check, pair, tensor_pairs

torch = pytest.importorskip("torch")
TF = torch.nn.functional

FLOATS = [th.float32, th.float64, th.float16]
BOUNDS = st.sampled_from([(1 / 8, 1 / 3), (0.1, 0.1), (0.0, 1.0), (-1.0, -0.5), (0.3, 2.5)])


def with_specials(a, b, seed):
    """a, b with some elements NaN, +-inf, +-0.0 (the same in both)."""
    if not b.numel():
        return a, b
    rng = np.random.default_rng(seed)
    vals = np.asarray(b.numpy()).copy()
    mask = rng.random(vals.shape) < 0.2
    vals[mask] = rng.choice([math.nan, math.inf, -math.inf, 0.0, -0.0], size=int(mask.sum()))
    return pair(vals)


@settings(max_examples=50, deadline=None)
@given(tensor_pairs(dtypes=FLOATS, max_dims=3), BOUNDS, st.integers(0, 1000))
def test_rrelu_not_training_is_torchs(ab, bounds, seed):
    a, b = with_specials(*ab, seed)
    lo, hi = bounds
    check(lambda: F.rrelu(a, lo, hi), lambda: TF.rrelu(b, lo, hi))
    check(lambda: th.rrelu(a, lo, hi, False), lambda: torch.rrelu(b, lo, hi, False))
    x, y = a.clone(), b.clone()
    check(lambda: F.rrelu_(x, lo, hi), lambda: TF.rrelu_(y, lo, hi))
    assert_same(x, y)


@settings(max_examples=50, deadline=None)
@given(tensor_pairs(dtypes=[th.float32, th.float64], max_dims=3), BOUNDS, st.integers(0, 1000),
       st.integers(0, 2 ** 32))
def test_rrelu_training_draws_torchs_slopes(ab, bounds, seed, gen_seed):
    a, b = with_specials(*ab, seed)
    lo, hi = bounds
    th.manual_seed(gen_seed)
    torch.manual_seed(gen_seed)
    check(lambda: F.rrelu(a, lo, hi, training=True), lambda: TF.rrelu(b, lo, hi, training=True))
    # the generators are left alike: as many draws on both
    assert th.rand(3).tolist() == torch.rand(3).tolist()
    x, y = a.clone(), b.clone()
    r = F.rrelu(x, lo, hi, True, inplace=True)
    e = TF.rrelu(y, lo, hi, True, inplace=True)
    assert r is x and e is y
    assert_same(x, y)
    g, h = th.Generator().manual_seed(seed), torch.Generator().manual_seed(seed)
    check(lambda: th.rrelu(a, lo, hi, True, g), lambda: torch.rrelu(b, lo, hi, True, h))
    check(lambda: th.rrelu_(a.clone(), lo, hi, True, generator=g),
          lambda: torch.rrelu_(b.clone(), lo, hi, True, generator=h))


def test_rrelu_training_in_bfloat16_is_torchs():
    values = np.random.default_rng(0).standard_normal(40).astype(np.float32)
    a = th.from_numpy(values.copy()).to(th.bfloat16)
    b = torch.from_numpy(values.copy()).to(torch.bfloat16)
    th.manual_seed(7)
    torch.manual_seed(7)
    r, e = F.rrelu(a, training=True), TF.rrelu(b, training=True)
    assert r.dtype == th.bfloat16
    assert r.to(th.float32).tolist() == e.float().tolist()


def test_rrelu_training_slopes_lie_between_the_bounds():
    x = -th.ones(20000)
    y = F.rrelu(x, 0.2, 0.6, training=True)
    slopes = -y
    assert float(slopes.min()) >= 0.2 and float(slopes.max()) <= 0.6
    assert abs(float(slopes.mean()) - 0.4) < 0.01
    assert len(set(slopes.tolist())) > 19000  # one draw per element


@pytest.mark.parametrize("call", [
    lambda lib, f, x: f.rrelu(x, 0.5, 0.1),                      # lower > upper
    lambda lib, f, x: f.rrelu(x, 0.5, 0.1, training=True),
    lambda lib, f, x: f.rrelu(x.long()),                         # integers
    lambda lib, f, x: f.rrelu(x.long(), training=True),
    lambda lib, f, x: f.rrelu(x.to(lib.complex64)),              # complex
    lambda lib, f, x: f.rrelu(x.to(lib.complex64), training=True),
    lambda lib, f, x: f.rrelu(x.to(lib.float16), training=True),  # no float16 CPU kernel
    lambda lib, f, x: f.rrelu(x.to(lib.bool)),
    lambda lib, f, x: f.rrelu(1.0),                              # not a tensor
    lambda lib, f, x: lib.rrelu(x, 0.5, 0.1),
    lambda lib, f, x: lib.rrelu_(x.long()),
])
def test_rrelu_refuses_what_torch_refuses(call):
    a, b = pair(np.array([1.0, -2.0], dtype=np.float32))
    check(lambda: call(th, F, a), lambda: call(torch, TF, b))


def test_rrelu_takes_tensor_bounds_and_keeps_the_input():
    a, b = pair(np.array([1.0, -2.0, 0.0], dtype=np.float64))
    check(lambda: F.rrelu(a, lower=th.tensor(0.1)), lambda: TF.rrelu(b, lower=torch.tensor(0.1)))
    before = a.clone()
    F.rrelu(a, training=True)
    assert th.equal(a, before)
