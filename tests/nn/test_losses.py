"""th.nn.functional's losses (th/nn/_losses.py) against torch 2.13: values,
result dtypes and shapes for every reduction over random shapes, float
dtypes, layouts, weights, ignored targets and label smoothing; torch's
errors (class and message) for bad shapes, dtypes, reductions and targets."""
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
import th.nn.functional as F
from nn_oracle import assert_matches, ints, pair, same_error, values

torch = pytest.importorskip("torch")
TF = torch.nn.functional
DTYPES = [th.float32, th.float64, th.float16, th.bfloat16]
REDUCTIONS = ["none", "mean", "sum"]
shapes = st.lists(st.integers(0, 5), min_size=0, max_size=3).map(tuple)
layouts = st.sampled_from(["contiguous", "transposed", "strided"])
# sums of many terms: torch and th add in different orders
LOOSE = {th.float64: (1e-10, 1e-10), th.float32: (2e-5, 2e-5), th.float16: (1e-2, 1e-2),
         th.bfloat16: (5e-2, 5e-2)}


def quiet(f, *args, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args, **kw)


# ------------------------------------------------------------ regression losses
REGRESSION = [("mse_loss", {}), ("l1_loss", {}), ("smooth_l1_loss", {}),
              ("smooth_l1_loss", {"beta": 0.5}), ("smooth_l1_loss", {"beta": 0.0}),
              ("huber_loss", {}), ("huber_loss", {"delta": 2.5})]


@pytest.mark.parametrize("name,kw", REGRESSION, ids=[f"{n}{kw or ''}" for n, kw in REGRESSION])
@settings(max_examples=25)
@given(shape=shapes, dtype=st.sampled_from(DTYPES), reduction=st.sampled_from(REDUCTIONS),
       seed=st.integers(0, 2**32 - 1), layout=layouts, special=st.booleans(),
       broadcast=st.booleans())
def test_regression(name, kw, shape, dtype, reduction, seed, layout, special, broadcast):
    x, tx = pair(values(shape, seed, special), dtype, layout)
    tshape = shape[1:] if broadcast and shape else shape
    y, ty = pair(values(tshape, seed + 1), dtype)
    assert_matches(quiet(getattr(F, name), x, y, reduction=reduction, **kw),
                   quiet(getattr(TF, name), tx, ty, reduction=reduction, **kw), LOOSE[dtype])


@pytest.mark.parametrize("name", ["mse_loss", "l1_loss", "huber_loss"])
@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_regression_weight(name, reduction):
    x, tx = pair(values((3, 4), 1), th.float32, "transposed")
    y, ty = pair(values((3, 4), 2), th.float32)
    w, tw = pair(np.abs(values((3, 4), 3)), th.float32)
    assert_matches(getattr(F, name)(x, y, reduction=reduction, weight=w),
                   getattr(TF, name)(tx, ty, reduction=reduction, weight=tw))


def test_regression_mixed_dtypes_and_legacy_arguments():
    x, tx = pair(values((3, 4), 1), th.float32)
    y, ty = pair(values((3, 4), 2), th.float64)
    for name in ["mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss"]:
        assert_matches(getattr(F, name)(x, y), getattr(TF, name)(tx, ty))
    for size_average, reduce in [(False, None), (None, False), (True, True), (False, True)]:
        with pytest.warns(UserWarning, match="size_average and reduce"):
            ours = F.mse_loss(x, y, size_average, reduce)
        assert_matches(ours, quiet(TF.mse_loss, tx, ty, size_average, reduce))
    with pytest.warns(UserWarning, match="target size"):
        F.mse_loss(x, y[0])


@pytest.mark.parametrize("call_", [
    lambda L, x, y, i: L.mse_loss(x, y, reduction="mena"),
    lambda L, x, y, i: L.l1_loss(x, y, reduction="avg"),
    lambda L, x, y, i: L.mse_loss(x, y[..., :2]),
    lambda L, x, y, i: L.mse_loss(i, i),
    lambda L, x, y, i: L.smooth_l1_loss(x, y, beta=-1.0),
    lambda L, x, y, i: L.smooth_l1_loss(i, i),
    lambda L, x, y, i: L.huber_loss(x, y, delta=0.0),
    lambda L, x, y, i: L.huber_loss(i, i),
    lambda L, x, y, i: L.huber_loss(x, y, reduction="x"),
    lambda L, x, y, i: L.mse_loss(x, y, weight=x[0]),
    lambda L, x, y, i: L.mse_loss(x, y, reduction="x", weight=x),
    lambda L, x, y, i: L.l1_loss(i.bool(), i.bool()),
])
def test_regression_errors(call_):
    same_error(call_, pair(values((2, 3), 1), th.float32), pair(values((2, 3), 2), th.float32),
               ints(np.ones((2, 3)), th.int64))


# ------------------------------------------------------------ binary
@settings(max_examples=60)
@given(shape=shapes, dtype=st.sampled_from(DTYPES), reduction=st.sampled_from(REDUCTIONS),
       seed=st.integers(0, 2**32 - 1), layout=layouts, weight=st.sampled_from([None, "full",
                                                                              "last"]),
       edges=st.booleans())
def test_binary_cross_entropy(shape, dtype, reduction, seed, layout, weight, edges):
    rng = np.random.default_rng(seed)
    p = rng.uniform(0, 1, shape)
    if edges and p.size:  # probabilities 0 and 1: the logs clamped at -100
        p.reshape(-1)[:: 2] = rng.choice([0.0, 1.0], size=p.reshape(-1)[::2].size)
    x, tx = pair(p, dtype, layout)
    y, ty = pair(rng.uniform(0, 1, shape), dtype)
    w, tw = None, None
    if weight is not None:
        w, tw = pair(rng.uniform(0, 2, shape if weight == "full" else shape[-1:]), dtype)
    assert_matches(F.binary_cross_entropy(x, y, w, reduction=reduction),
                   TF.binary_cross_entropy(tx, ty, tw, reduction=reduction), LOOSE[dtype])


@settings(max_examples=60)
@given(shape=shapes, dtype=st.sampled_from(DTYPES), reduction=st.sampled_from(REDUCTIONS),
       seed=st.integers(0, 2**32 - 1), layout=layouts, weight=st.booleans(),
       pos_weight=st.booleans(), special=st.booleans())
def test_binary_cross_entropy_with_logits(shape, dtype, reduction, seed, layout, weight,
                                          pos_weight, special):
    rng = np.random.default_rng(seed)
    x, tx = pair(values(shape, seed, special), dtype, layout)
    y, ty = pair(rng.uniform(0, 1, shape), dtype)
    w, tw = pair(rng.uniform(0, 2, shape), dtype) if weight else (None, None)
    pw, tpw = pair(rng.uniform(0, 3, shape[-1:]), dtype) if pos_weight else (None, None)
    assert_matches(F.binary_cross_entropy_with_logits(x, y, w, reduction=reduction,
                                                      pos_weight=pw),
                   TF.binary_cross_entropy_with_logits(tx, ty, tw, reduction=reduction,
                                                       pos_weight=tpw), LOOSE[dtype])


@pytest.mark.parametrize("call_", [
    lambda L, x, y, i: L.binary_cross_entropy(x * 2, y),
    lambda L, x, y, i: L.binary_cross_entropy(x, y[0]),
    lambda L, x, y, i: L.binary_cross_entropy(x, y.double()),
    lambda L, x, y, i: L.binary_cross_entropy(x, i),
    lambda L, x, y, i: L.binary_cross_entropy(i, i),
    lambda L, x, y, i: L.binary_cross_entropy(x, y, reduction="all"),
    lambda L, x, y, i: L.binary_cross_entropy_with_logits(x, y[0]),
    lambda L, x, y, i: L.binary_cross_entropy_with_logits(i, i),
    lambda L, x, y, i: L.binary_cross_entropy_with_logits(x, y, reduction="all"),
])
def test_binary_errors(call_):
    same_error(call_, pair(np.full((2, 3), 0.75), th.float32),
               pair(np.full((2, 3), 0.5), th.float32), ints(np.ones((2, 3)), th.int64))


def test_binary_cross_entropy_nan_input_is_refused():
    same_error(lambda L, x: L.binary_cross_entropy(x, x), pair(np.array([np.nan]), th.float32))


def test_bce_with_logits_mixed_dtypes():
    x, tx = pair(values((3,), 1), th.float32)
    y, ty = pair(np.array([0.0, 1.0, 0.5]), th.float64)
    # float64, but log-sigmoid computed in float32 (1 ulp apart from torch's there)
    assert_matches(F.binary_cross_entropy_with_logits(x, y),
                   TF.binary_cross_entropy_with_logits(tx, ty), (1e-6, 1e-7))


# ------------------------------------------------------------ kl_div
@settings(max_examples=60)
@given(shape=shapes, dtype=st.sampled_from(DTYPES),
       reduction=st.sampled_from(REDUCTIONS + ["batchmean"]), seed=st.integers(0, 2**32 - 1),
       layout=layouts, log_target=st.booleans(), zeros=st.booleans())
def test_kl_div(shape, dtype, reduction, seed, layout, log_target, zeros):
    rng = np.random.default_rng(seed)
    x, tx = pair(np.log(rng.uniform(0.01, 1, shape)), dtype, layout)
    t = rng.uniform(0, 1, shape)
    if zeros and t.size:
        t.reshape(-1)[::3] = 0.0  # 0 log 0 = 0
    with np.errstate(divide="ignore"):  # log 0 = -inf: a log-target of probability 0
        y, ty = pair(np.log(t) if log_target else t, dtype)
    assert_matches(quiet(F.kl_div, x, y, reduction=reduction, log_target=log_target),
                   quiet(TF.kl_div, tx, ty, reduction=reduction, log_target=log_target),
                   LOOSE[dtype])


def test_kl_div_warnings_and_errors():
    x, tx = pair(values((2, 3), 1), th.float32)
    with pytest.warns(UserWarning, match="batchmean"):
        F.kl_div(x, x)
    same_error(lambda L, a: L.kl_div(a, a, reduction="avg"), (x, tx))
    same_error(lambda L, a: L.kl_div(a, a), ints(np.ones(3), th.int64))
    s, ts = pair(np.array(0.3), th.float32)
    assert_matches(F.kl_div(s, s, reduction="batchmean"), TF.kl_div(ts, ts, reduction="batchmean"))
    y, ty = pair(values((2, 3), 2), th.float64)
    assert_matches(quiet(F.kl_div, x, y), quiet(TF.kl_div, tx, ty))


# ------------------------------------------------------------ nll_loss, cross_entropy
def classification_case(rng, batch, spatial, n_classes, dtype, layout, ignore, weight):
    """(input pair, target pair, weight pair) for class-index losses."""
    shape = ((batch, n_classes) if batch is not None else (n_classes,)) + spatial
    x = pair(rng.standard_normal(shape) * 3, dtype, layout)
    tshape = ((batch,) if batch is not None else ()) + spatial
    target = rng.integers(0, n_classes, size=tshape)
    if ignore and target.size:
        target.reshape(-1)[::3] = ignore
    t = ints(target, th.int64)
    w = pair(rng.uniform(0.1, 2, n_classes), dtype) if weight else (None, None)
    return x, t, w


case_args = dict(batch=st.one_of(st.none(), st.integers(0, 4)),
                 spatial=st.lists(st.integers(1, 3), max_size=2).map(tuple),
                 n_classes=st.integers(1, 5), dtype=st.sampled_from(DTYPES),
                 layout=layouts, ignore=st.sampled_from([0, -100, 2]), weight=st.booleans(),
                 reduction=st.sampled_from(REDUCTIONS), seed=st.integers(0, 2**32 - 1))


@settings(max_examples=80)
@given(**case_args)
def test_nll_loss(batch, spatial, n_classes, dtype, layout, ignore, weight, reduction, seed):
    if batch is None:
        spatial = ()
    (x, tx), (t, tt), (w, tw) = classification_case(np.random.default_rng(seed), batch,
                                                    spatial, n_classes, dtype, layout,
                                                    ignore, weight)
    kw = dict(reduction=reduction, ignore_index=-100 if ignore == 0 else ignore)
    assert_matches(F.nll_loss(x, t, w, **kw), TF.nll_loss(tx, tt, tw, **kw), LOOSE[dtype])


@settings(max_examples=80)
@given(label_smoothing=st.sampled_from([0.0, 0.1, 1.0]), **case_args)
def test_cross_entropy_class_indices(batch, spatial, n_classes, dtype, layout, ignore, weight,
                                     reduction, seed, label_smoothing):
    if batch is None:
        spatial = ()
    (x, tx), (t, tt), (w, tw) = classification_case(np.random.default_rng(seed), batch,
                                                    spatial, n_classes, dtype, layout,
                                                    ignore, weight)
    kw = dict(reduction=reduction, ignore_index=-100 if ignore == 0 else ignore,
              label_smoothing=label_smoothing)
    assert_matches(F.cross_entropy(x, t, w, **kw), TF.cross_entropy(tx, tt, tw, **kw),
                   LOOSE[dtype])


@settings(max_examples=60)
@given(batch=st.one_of(st.none(), st.integers(0, 4)),
       spatial=st.lists(st.integers(1, 3), max_size=2).map(tuple), n_classes=st.integers(1, 5),
       dtype=st.sampled_from(DTYPES), layout=layouts, weight=st.booleans(),
       reduction=st.sampled_from(REDUCTIONS), seed=st.integers(0, 2**32 - 1),
       label_smoothing=st.sampled_from([0.0, 0.2]))
def test_cross_entropy_class_probabilities(batch, spatial, n_classes, dtype, layout, weight,
                                           reduction, seed, label_smoothing):
    rng = np.random.default_rng(seed)
    shape = ((batch, n_classes) + spatial) if batch is not None else (n_classes,)
    x, tx = pair(rng.standard_normal(shape) * 3, dtype, layout)
    p = rng.uniform(0, 1, shape)
    y, ty = pair(p / p.sum(axis=0 if batch is None else 1, keepdims=True), dtype)
    w, tw = pair(rng.uniform(0.1, 2, n_classes), dtype) if weight else (None, None)
    kw = dict(reduction=reduction, label_smoothing=label_smoothing)
    assert_matches(F.cross_entropy(x, y, w, **kw), TF.cross_entropy(tx, ty, tw, **kw),
                   LOOSE[dtype])


def test_cross_entropy_extremes_and_legacy():
    x, tx = pair(np.array([[1e4, -1e4, 0.0], [-np.inf, 0.0, 1.0], [np.inf, 0.0, 0.0]]),
                 th.float32)
    t, tt = ints(np.array([0, 1, 2]), th.int64)
    for reduction in REDUCTIONS:
        assert_matches(F.cross_entropy(x, t, reduction=reduction),
                       TF.cross_entropy(tx, tt, reduction=reduction))
    with pytest.warns(UserWarning, match="size_average"):
        ours = F.cross_entropy(x[:2], t[:2], None, False)
    assert_matches(ours, quiet(TF.cross_entropy, tx[:2], tt[:2], None, False))
    every, tevery = ints(np.full(3, -100), th.int64)
    y, ty = pair(values((3, 4), 1), th.float32)
    for reduction in REDUCTIONS:  # every target ignored: mean is 0/0
        assert_matches(F.nll_loss(y, every, reduction=reduction),
                       TF.nll_loss(ty, tevery, reduction=reduction))
    b, tb = ints(np.array([0, 1, 3]), th.uint8)
    assert_matches(F.nll_loss(y, b), TF.nll_loss(ty, tb))


@pytest.mark.parametrize("call_", [
    lambda L, x, t, w: L.nll_loss(x, t + 3),
    lambda L, x, t, w: L.nll_loss(x, t - 1),
    lambda L, x, t, w: L.cross_entropy(x, t * 5),
    lambda L, x, t, w: L.nll_loss(x, t.int()),
    lambda L, x, t, w: L.nll_loss(x, t.float()),
    lambda L, x, t, w: L.nll_loss(x, t, weight=w.double()),
    lambda L, x, t, w: L.nll_loss(x, t, weight=w[:2]),
    lambda L, x, t, w: L.nll_loss(x, t[:2]),
    lambda L, x, t, w: L.nll_loss(x, t, reduction="foo"),
    lambda L, x, t, w: L.cross_entropy(x, t, reduction="foo"),
    lambda L, x, t, w: L.nll_loss(x[0, 0], t[0]),
    lambda L, x, t, w: L.nll_loss(x.unsqueeze(-1).expand(3, 4, 2), t.unsqueeze(-1).expand(3, 5)),
    lambda L, x, t, w: L.nll_loss(x.long(), t),
    lambda L, x, t, w: L.nll_loss(x[0], t),
    lambda L, x, t, w: L.cross_entropy(x.long(), t),
    lambda L, x, t, w: L.cross_entropy(x, t, label_smoothing=1.5),
    lambda L, x, t, w: L.cross_entropy(x, t.unsqueeze(1).expand(3, 4).long()),
    lambda L, x, t, w: L.cross_entropy(x, x, weight=w[:3]),
    lambda L, x, t, w: L.cross_entropy(x, x[:, :3]),
    lambda L, x, t, w: L.cross_entropy(x[0, 0], t[0]),
])
def test_classification_errors(call_):
    same_error(call_, pair(values((3, 4), 1), th.float32), ints(np.array([0, 1, 3]), th.int64),
               pair(np.ones(4), th.float32))


def test_nll_loss_out_of_bounds_target_names_it():
    with pytest.raises(IndexError, match="Target 5 is out of bounds."):
        F.nll_loss(th.zeros(3, 4), th.tensor([0, 5, 1]))
    with pytest.raises(th.OutOfRange):
        F.cross_entropy(th.zeros(2, 3), th.tensor([-1, 0]))
