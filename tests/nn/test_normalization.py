"""batch_norm, instance_norm and group_norm (th/nn/_normalization.py)
against torch 2.13: outputs and the running statistics torch updates in
place (training, momentum, unbiased running variance), evaluation with
running statistics, weight and bias, random shapes, float32/float64,
non-contiguous inputs; torch's exception classes for bad arguments."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import th
import th.nn.functional as F

torch = pytest.importorskip("torch")
TF = torch.nn.functional

from nn_compare import as_th, to_torch  # noqa: E402 - after the oracle's skip


def close(ours, theirs, dtype):
    assert tuple(ours.shape) == tuple(theirs.shape)
    assert str(ours.dtype).split(".")[-1] == str(theirs.dtype).split(".")[-1]
    tol = 2e-5 if dtype == np.float32 else 1e-11
    np.testing.assert_allclose(np.array(ours.numpy()), theirs.numpy(), rtol=tol, atol=tol)


def compare(name, x, *tensors, **kw):
    """F.<name>(x, *tensors, **kw) in th and torch (copies of the tensors,
    which the functions may update in place): the outputs and the updated
    tensors agree, or both raise the same exception class."""
    ours_args = [t.clone() if isinstance(t, th.Tensor) else t for t in tensors]
    theirs_args = [to_torch(t) for t in tensors]
    try:
        theirs = getattr(TF, name)(to_torch(x), *theirs_args, **kw)
    except Exception as e:  # noqa: BLE001 - torch's class is the expectation
        with pytest.raises(type(e)):
            getattr(F, name)(x, *ours_args, **kw)
        return False
    ours = getattr(F, name)(x, *ours_args, **kw)
    dtype = np.float32 if x.dtype == th.float32 else np.float64
    close(ours, theirs, dtype)
    for o, t in zip(ours_args, theirs_args):
        if isinstance(o, th.Tensor):
            close(o, t, dtype)
    return True


def draw(data, dtype, min_dims=2):
    ndim = data.draw(st.integers(min_dims, 4))
    shape = data.draw(st.lists(st.integers(1, 5), min_size=ndim, max_size=ndim))
    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 16)))
    x = as_th(rng.standard_normal(shape).astype(dtype) * 3 + 1, data.draw(st.booleans()))
    c = shape[1]

    def vector(positive=False):
        if not data.draw(st.booleans()):
            return None
        v = rng.standard_normal(c).astype(dtype)
        return th.from_numpy(np.abs(v) + 0.5 if positive else v)
    return x, c, vector, rng


@settings(max_examples=150)
@given(st.sampled_from([np.float32, np.float64]), st.booleans(), st.data())
def test_batch_norm_matches_torch(dtype, training, data):
    x, c, vector, _ = draw(data, dtype)
    running_mean, running_var = vector(), vector(positive=True)
    if not training and (running_mean is None or running_var is None):
        running_mean, running_var = th.zeros(c, dtype=x.dtype), th.ones(c, dtype=x.dtype)
    kw = {"training": training, "momentum": data.draw(st.sampled_from([0.1, 0.5, 1.0, 0.0])),
          "eps": data.draw(st.sampled_from([1e-5, 1e-3]))}
    compare("batch_norm", x, running_mean, running_var, vector(), vector(), **kw)


@settings(max_examples=150)
@given(st.sampled_from([np.float32, np.float64]), st.booleans(), st.data())
def test_instance_norm_matches_torch(dtype, use_input_stats, data):
    x, c, vector, _ = draw(data, dtype, min_dims=3)
    running_mean, running_var = vector(), vector(positive=True)
    if not use_input_stats and (running_mean is None or running_var is None):
        running_mean, running_var = th.zeros(c, dtype=x.dtype), th.ones(c, dtype=x.dtype)
    compare("instance_norm", x, running_mean, running_var, vector(), vector(),
            use_input_stats=use_input_stats, momentum=data.draw(st.sampled_from([0.1, 0.7])))


@settings(max_examples=150)
@given(st.sampled_from([np.float32, np.float64]), st.data())
def test_group_norm_matches_torch(dtype, data):
    x, c, vector, _ = draw(data, dtype)
    groups = data.draw(st.sampled_from([g for g in range(1, c + 1) if c % g == 0]))
    eps = data.draw(st.sampled_from([1e-5, 0.1]))
    if c // groups * int(np.prod(x.shape[2:])) == 1:
        # one-element groups: x - mean is torch's rounding noise times 1 / sqrt(eps)
        eps = 0.1
    compare("group_norm", x, groups, vector(), vector(), eps=eps)


def test_running_statistics_update_in_place():
    x = th.tensor([[1.0, 2.0], [3.0, 6.0]], dtype=th.float64)
    mean, var = th.zeros(2, dtype=th.float64), th.ones(2, dtype=th.float64)
    view_of_mean = mean[:]
    F.batch_norm(x, mean, var, training=True, momentum=0.5)
    assert view_of_mean.tolist() == [1.0, 2.0]
    assert var.tolist() == pytest.approx([0.5 + 0.5 * 2.0, 0.5 + 0.5 * 8.0])
    F.batch_norm(x, mean, var)  # evaluation leaves them alone
    assert mean.tolist() == [1.0, 2.0]


def test_examples():
    compare("batch_norm", th.ones(0, 6), th.zeros(6), th.ones(6))
    compare("batch_norm", th.ones(0, 6, 3), th.zeros(6), th.ones(6), training=True)
    compare("batch_norm", th.ones(2, 6, 4), None, None, training=True)
    compare("group_norm", th.ones(2, 6), 3)
    compare("group_norm", th.ones(0, 6, 4), 3)
    compare("group_norm", th.ones(2, 6, 0), 3)
    compare("instance_norm", th.randn(2, 6, 4), th.zeros(6), th.ones(6), use_input_stats=False)


def test_errors_match_torch():
    x = th.randn(2, 6, 4)
    compare("group_norm", x, 4)
    compare("group_norm", th.randn(6), 3)
    compare("group_norm", x, 3, th.ones(5))
    compare("group_norm", x, 0)
    compare("group_norm", th.arange(12).view(2, 6), 3)
    compare("batch_norm", x, None, None)
    compare("batch_norm", th.randn(1, 6), None, None, training=True)
    compare("batch_norm", th.randn(1, 3, 1), None, None, training=True)
    compare("batch_norm", x, th.zeros(5), th.ones(5))
    compare("batch_norm", x, th.zeros(5), th.ones(5), training=True)
    compare("batch_norm", x, th.zeros(6), th.ones(6), th.ones(5))
    compare("batch_norm", th.randn(6), th.zeros(6), th.ones(6))
    compare("batch_norm", th.arange(12).view(2, 6), th.zeros(6), th.ones(6))
    compare("batch_norm", x, th.zeros(6), th.ones(6), training=True, momentum=None)
    compare("instance_norm", th.randn(2, 6, 1))
    compare("instance_norm", th.randn(2, 6))
    compare("instance_norm", th.randn(6))
    compare("instance_norm", x, use_input_stats=False)
    compare("instance_norm", x, th.zeros(5), th.ones(5))
    compare("instance_norm", x, None, None, th.ones(5))
    compare("instance_norm", th.arange(24).view(2, 3, 4))
    with pytest.raises(TypeError, match="Tensor"):
        F.group_norm([1.0, 2.0], 1)


def test_docstring_examples_run():
    import doctest

    import th.nn._normalization as module
    result = doctest.testmod(module)
    assert result.attempted and not result.failed


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_half_precision_norms_match_torch(dtype):
    """float16 and bfloat16 normalize in float32 and round once (group_norm
    as torch's bit for bit; batch and instance norm within a unit of the
    last place)."""
    a = np.random.default_rng(0).standard_normal((2, 6, 5)).astype(np.float32)
    x, y = th.from_numpy(a).to(getattr(th, dtype)), torch.from_numpy(a).to(getattr(torch, dtype))
    ulp = 2.0 ** -10 if dtype == "float16" else 2.0 ** -7
    for name, args, kw in [("group_norm", (3,), {}), ("instance_norm", (), {}),
                           ("batch_norm", (None, None), {"training": True})]:
        ours = getattr(F, name)(x, *args, **kw)
        theirs = getattr(TF, name)(y, *args, **kw).float().numpy()
        assert ours.dtype == x.dtype
        np.testing.assert_allclose(ours.to(th.float32).numpy(), theirs, rtol=ulp, atol=ulp)
