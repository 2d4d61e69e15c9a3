"""The tests of th.nn.functional compare with torch's: the same values in
both libraries (th's and torch's copies of one numpy array, any layout) and
a comparison of results by dtype, shape, NaN pattern and value within each
dtype's tolerance."""
import warnings

import numpy as np
import pytest

import th

torch = pytest.importorskip("torch")

FLOATS = [th.float32, th.float64, th.float16, th.bfloat16]
# how far th's composed expressions may be from torch's vectorised kernels
# (different exp/erf/log1p approximations; float16 and bfloat16 round once)
TOLERANCE = {th.float64: (1e-10, 1e-12), th.float32: (2e-5, 2e-6),
             th.float16: (2e-3, 2e-3), th.bfloat16: (1.6e-2, 1.6e-2)}


def torch_dtype(dtype):
    return getattr(torch, dtype.name)


def values(shape, seed, special=False, scale=3.0):
    """float64 values of shape: normal * scale, and with special, NaN, +-inf,
    0, -0 and large magnitudes sprinkled in."""
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape) * scale
    if special and a.size:
        flat = a.reshape(-1)
        picks = rng.integers(0, flat.size, size=max(1, flat.size // 4))
        flat[picks] = rng.choice([np.nan, np.inf, -np.inf, 0.0, -0.0, 60.0, -60.0, 1e4, -1e4],
                                 size=picks.size)
    return a


def pair(a, dtype, layout="contiguous"):
    """(th tensor, torch tensor) holding the numpy array a in dtype, th's in
    layout: 'contiguous', 'transposed' (a transposed copy's view) or
    'strided' (every other element of a wider tensor)."""
    ours = th.from_numpy(np.array(a, order="C")).to(dtype)
    if layout == "transposed" and a.ndim >= 2:
        ours = th.from_numpy(np.array(np.swapaxes(a, -1, -2), order="C")).to(dtype)
        ours = ours.transpose(-1, -2)
    elif layout == "strided" and a.ndim >= 1:
        wide = np.repeat(a, 2, axis=-1)
        ours = th.from_numpy(np.array(wide, order="C")).to(dtype)[..., ::2]
    theirs = torch.from_numpy(np.array(a, dtype=np.float64)).to(torch_dtype(dtype))
    return ours, theirs


def ints(a, dtype):
    """(th, torch) integer tensors of the numpy integer array a."""
    a = np.array(a, dtype=np.int64, order="C")
    return th.from_numpy(a).to(dtype), torch.from_numpy(a.copy()).to(torch_dtype(dtype))


def to_numpy(x):
    """float64 (or int64/bool) numpy copy of a th or torch tensor."""
    if isinstance(x, th.Tensor):
        if x.dtype.is_floating_point:
            return np.array(x.to(th.float64).numpy())
        return np.array(x.to(th.int64).numpy()) if x.dtype != th.bool else np.array(x.numpy())
    if x.dtype.is_floating_point:
        return x.double().numpy()
    return x.numpy() if x.dtype == torch.bool else x.long().numpy()


def assert_matches(ours, theirs, tolerance=None):
    """ours (th) equals theirs (torch): dtype, shape, NaN pattern, values."""
    assert isinstance(ours, th.Tensor), type(ours)
    assert ours.dtype.name == str(theirs.dtype).split(".")[-1], (ours.dtype, theirs.dtype)
    assert tuple(ours.shape) == tuple(theirs.shape), (ours.shape, theirs.shape)
    a, b = to_numpy(ours), to_numpy(theirs)
    if ours.dtype.is_floating_point:
        rtol, atol = tolerance or TOLERANCE[ours.dtype]
        np.testing.assert_allclose(a, b, rtol=rtol, atol=atol, equal_nan=True)
    else:
        np.testing.assert_array_equal(a, b)


def same_error(call_, *pairs, message=True):
    """call_(torch.nn.functional, torch's operands) and call_(th.nn.functional,
    th's) raise the same class, and the same message unless message is False
    or torch's names a torch.Size (th writes shapes as tuples); pairs are
    (th, torch) operands. Warnings on the way are not the point: ignored."""
    import th.nn.functional as F
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(Exception) as expected:
            call_(torch.nn.functional, *[b for _, b in pairs])
        with pytest.raises(type(expected.value)) as got:
            call_(F, *[a for a, _ in pairs])
    if message and "torch.Size" not in str(expected.value):
        assert str(got.value) == str(expected.value)
