"""interpolate, unfold and fold (th/nn/_sampling.py) against torch 2.13:
nearest and nearest-exact bit for bit (1-, 2- and 3-d, sizes and scale
factors, float32/float64), linear/bilinear/trilinear bit for bit (torch's
generic and channels-last kernels, their fmas emulated; many channels
within rounding), bicubic within rounding, area; unfold and fold bit for bit over random
geometries; torch's exception classes for bad arguments."""
import json
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import th
import th.nn.functional as F

torch = pytest.importorskip("torch")
TF = torch.nn.functional

from nn_compare import as_th, compare, to_torch  # noqa: E402 - after the oracle's skip
from helpers import BLOCK_NUMPY, th_on_path  # noqa: E402


def draw_image(n, data, dtype, low=1, high=9):
    shape = [data.draw(st.integers(0, 2)), data.draw(st.integers(1, 3))] + \
        data.draw(st.lists(st.integers(low, high), min_size=n, max_size=n))
    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 16)))
    return as_th(rng.standard_normal(shape).astype(dtype), data.draw(st.booleans()))


def draw_resize(n, data, high=20):
    if data.draw(st.booleans()):
        size = data.draw(st.lists(st.integers(1, high), min_size=n, max_size=n))
        return {"size": size if n > 1 or data.draw(st.booleans()) else size[0]}
    scales = data.draw(st.lists(st.floats(0.3, 4.0), min_size=n, max_size=n))
    kw = {"scale_factor": scales if data.draw(st.booleans()) else scales[0]}
    if data.draw(st.booleans()):
        kw["recompute_scale_factor"] = data.draw(st.booleans())
    return kw


@settings(max_examples=200)
@given(st.sampled_from([1, 2, 3]), st.sampled_from(["nearest", "nearest-exact"]),
       st.sampled_from([np.float32, np.float64]), st.data())
def test_nearest_is_torch_bit_for_bit(n, mode, dtype, data):
    x = draw_image(n, data, dtype, high=9 if n < 3 else 5)
    compare("interpolate", x, mode=mode, **draw_resize(n, data, 150 if n == 2 else 12))



@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_nearest_exact_index_of_the_generic_kernel(dtype):
    """torch's generic kernel (a 2-d output with H + W > 128, 1-d and 3-d)
    takes floorf(source + 0.5) with the linear modes' source index, its fma
    contracted: (27 + 0.5) * float(4 / 110) is just below 1, yet the index
    is 1 there (as the small-output kernel's floorf((o + 0.5) * scale) is not)."""
    for shape, size in [((1, 1, 1, 4), (19, 110)), ((1, 1, 1, 2), (100, 107)),
                        ((1, 1, 4), 110), ((1, 1, 2, 2, 2), (3, 3, 41))]:
        x = as_th(np.arange(np.prod(shape), dtype=dtype).reshape(shape))
        compare("interpolate", x, size=size, mode="nearest-exact")

@settings(max_examples=200)
@given(st.sampled_from([1, 2, 3]), st.booleans(), st.sampled_from([np.float32, np.float64]),
       st.data())
def test_linear_modes_match_torch(n, align_corners, dtype, data):
    mode = {1: "linear", 2: "bilinear", 3: "trilinear"}[n]
    x = draw_image(n, data, dtype, high=9 if n < 3 else 5)
    kw = draw_resize(n, data, 150 if n == 2 else 12)
    try:
        theirs = TF.interpolate(to_torch(x), mode=mode, align_corners=align_corners, **kw)
    except RuntimeError:
        compare("interpolate", x, mode=mode, align_corners=align_corners, **kw)
        return
    # bit for bit: torch's kernels with their fmas, fewer channels than its vectors hold
    assert theirs.shape[1] < 4
    compare("interpolate", x, mode=mode, align_corners=align_corners, **kw)


@settings(max_examples=100)
@given(st.booleans(), st.sampled_from([np.float32, np.float64]), st.data())
def test_bicubic_matches_torch(align_corners, dtype, data):
    """Within rounding: torch's contracted kernel rounds a few ulp apart."""
    x = draw_image(2, data, dtype)
    kw = draw_resize(2, data, 40)
    compare("interpolate", x, mode="bicubic", align_corners=align_corners, exact=False, **kw)


@settings(max_examples=100)
@given(st.sampled_from([1, 2]), st.sampled_from([np.float32, np.float64]), st.data())
def test_area_matches_torch(n, dtype, data):
    x = draw_image(n, data, dtype)
    kw = draw_resize(n, data)
    kw.pop("recompute_scale_factor", None)
    theirs = TF.interpolate(to_torch(x), mode="area", **kw).numpy()
    ours = F.interpolate(x, mode="area", **kw)
    assert tuple(ours.shape) == theirs.shape
    np.testing.assert_allclose(np.array(ours.numpy()), theirs, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("channels", [3, 9])
def test_bilinear_kernels(dtype, channels):
    """torch's generic kernel (H + W > 128) and channels-last kernel (small
    outputs; channels-last inputs of more than 3 channels): bit for bit but
    for the channels torch's vector loop takes."""
    a = np.random.default_rng(0).standard_normal((2, channels, 37, 41)).astype(dtype)
    last = th.from_numpy(np.ascontiguousarray(a.transpose(0, 2, 3, 1))).permute(0, 3, 1, 2)
    for x in (th.from_numpy(a), last):
        for kw in ({"size": (70, 90)}, {"scale_factor": 2.3}, {"size": (130, 3)},
                   {"size": (5, 13)}, {"scale_factor": 0.5}):
            for align_corners in (False, True):
                ours = F.interpolate(x, mode="bilinear", align_corners=align_corners, **kw)
                theirs = TF.interpolate(to_torch(x), mode="bilinear",
                                        align_corners=align_corners, **kw).numpy()
                vector = 8 if dtype == np.float32 else 4
                generic = sum(theirs.shape[-2:]) > 128 and not (x is last and channels > 3)
                exact = theirs.shape[1] if generic else theirs.shape[1] // vector * vector
                o = np.array(ours.numpy())
                np.testing.assert_array_equal(o[:, exact:] if not generic else o,
                                              theirs[:, exact:] if not generic else theirs)
                np.testing.assert_allclose(o, theirs, rtol=1e-6 if dtype == np.float32 else 1e-14,
                                           atol=1e-6 if dtype == np.float32 else 1e-14)


def test_interpolate_errors_match_torch():
    x3, x4 = th.ones(1, 2, 4), th.ones(1, 2, 4, 4)
    compare("interpolate", x3, size=3, align_corners=True)
    compare("interpolate", x3, size=3, scale_factor=2.0)
    compare("interpolate", x3)
    compare("interpolate", x3, size=(2, 2))
    compare("interpolate", x3, scale_factor=(2.0, 2.0))
    compare("interpolate", x4, size=(3.0, 2))
    compare("interpolate", x3, size=3, recompute_scale_factor=True)
    compare("interpolate", x3, size=3, mode="bilinear")
    compare("interpolate", x4, size=3, mode="linear")
    compare("interpolate", x4, size=3, mode="trilinear")
    compare("interpolate", x4, size=3, mode="foo")
    compare("interpolate", th.ones(2, 4), size=3)
    compare("interpolate", x4, size=3, antialias=True)
    compare("interpolate", x3, size=0)
    compare("interpolate", x3, scale_factor=0.1)
    compare("interpolate", th.ones(1, 0, 4), size=3)
    compare("interpolate", th.ones(1, 2, 0), size=3)
    compare("interpolate", th.ones(0, 2, 4), size=3)
    compare("interpolate", th.arange(8).view(1, 2, 4), scale_factor=2)
    compare("interpolate", th.arange(8).view(1, 2, 4).to(th.uint8), scale_factor=2)
    compare("interpolate", th.arange(8).view(1, 2, 4).to(th.uint8), scale_factor=2, mode="linear")
    compare("interpolate", x3, size=3, mode="bicubic")
    with pytest.raises(NotImplementedError):
        F.interpolate(x4, size=3, mode="bilinear", antialias=True)
    with pytest.raises(TypeError, match="Tensor"):
        F.interpolate([1.0], size=3)


@settings(max_examples=150)
@given(st.sampled_from([np.float32, np.float64]), st.data())
def test_unfold_and_fold_match_torch(dtype, data):
    batched = data.draw(st.booleans())
    c = data.draw(st.integers(1, 3))
    spatial = data.draw(st.lists(st.integers(1, 8), min_size=2, max_size=2))
    k = data.draw(st.lists(st.integers(1, 3), min_size=2, max_size=2))
    d = data.draw(st.lists(st.integers(1, 2), min_size=2, max_size=2))
    p = data.draw(st.lists(st.integers(0, 2), min_size=2, max_size=2))
    s = data.draw(st.lists(st.integers(1, 3), min_size=2, max_size=2))
    shape = ([data.draw(st.integers(0, 2))] if batched else []) + [c] + spatial
    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 16)))
    x = as_th(rng.standard_normal(shape).astype(dtype), data.draw(st.booleans()))
    if not compare("unfold", x, k, d, p, s):
        return
    cols = TF.unfold(to_torch(x), k, d, p, s)
    compare("fold", as_th(cols.numpy(), data.draw(st.booleans())), spatial, k, d, p, s)


def test_fold_unfold_errors_match_torch():
    x = th.ones(1, 2, 5, 5)
    for args, kw in [((0,), {}), ((6,), {}), ((2,), {"padding": -1}), ((2,), {"stride": 0}),
                     ((2,), {"dilation": 0}), (((2, 2, 2),), {})]:
        compare("unfold", x, *args, **kw)
    compare("unfold", th.ones(5, 5), 2)
    compare("unfold", th.ones(1, 1, 2, 5, 5), 2)
    compare("unfold", th.ones(1, 0, 5, 5), 2)
    compare("unfold", th.arange(50).view(1, 2, 5, 5), 2)
    c = th.ones(1, 8, 16)
    compare("fold", c[None], (5, 5), 2)
    compare("fold", th.ones(1, 7, 16), (5, 5), 2)
    compare("fold", th.ones(1, 8, 15), (5, 5), 2)
    compare("fold", c, (5, 5, 5), 2)
    compare("fold", c, 5, 2)
    compare("fold", c, 1, 2)
    compare("fold", th.arange(128).view(1, 8, 16), (5, 5), 2)


def test_docstring_examples_run():
    import doctest

    import th.nn._sampling as module
    result = doctest.testmod(module)
    assert result.attempted and not result.failed


# every mode, both dtypes, torch's generic, small-output and channels-last bilinear kernels
EVERY_MODE = """
import json, th, th.nn.functional as F

def image(*shape, dtype=th.float32):
    n = 1
    for s in shape:
        n *= s
    return (th.arange(n, dtype=th.float64) * 0.7548776662466927).sin().view(*shape).to(dtype)

cases = []
for dtype in (th.float32, th.float64):
    x1, x2, x3 = image(2, 3, 7, dtype=dtype), image(2, 3, 5, 6, dtype=dtype), \\
        image(1, 2, 3, 4, 5, dtype=dtype)
    last = image(1, 6, 5, 9, 5, dtype=dtype).permute(0, 1, 4, 2, 3)[..., 0]  # channels-last
    cases += [(x1, dict(size=11, mode="nearest")), (x2, dict(scale_factor=2.5, mode="nearest")),
              (x3, dict(size=(4, 2, 9), mode="nearest")),
              (x2, dict(size=(9, 4), mode="nearest-exact")),
              (x1, dict(scale_factor=1.7, mode="linear")),
              (x1, dict(size=4, mode="linear", align_corners=True)),
              (x2, dict(size=(11, 8), mode="bilinear")),
              (x2, dict(size=(100, 40), mode="bilinear", align_corners=True)),
              (last, dict(scale_factor=(1.5, 0.7), mode="bilinear")),
              (x3, dict(scale_factor=(2, 1.5, 0.6), mode="trilinear")),
              (x2, dict(size=(7, 9), mode="bicubic")), (x2, dict(size=(3, 4), mode="area"))]
results = [[kw, F.interpolate(x, **kw).tolist()] for x, kw in cases]
"""

WITHOUT_NUMPY = BLOCK_NUMPY + EVERY_MODE + """
print(json.dumps(results))
"""


def test_every_mode_runs_without_numpy(tmp_path):
    # interpolate computes torch's indices and weights in Python floats and th tensors:
    # with numpy, scipy and torch blocked it gives the values it gives with them
    result = subprocess.run([sys.executable, "-c", WITHOUT_NUMPY], cwd=tmp_path,
                            env=th_on_path(), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    blocked = json.loads(result.stdout)
    here = {}
    exec(EVERY_MODE, here)
    assert blocked == json.loads(json.dumps(here["results"]))
    for (x, kw), (_, values) in zip(here["cases"], blocked):
        theirs = TF.interpolate(to_torch(x), **kw).numpy()
        np.testing.assert_allclose(values, theirs, rtol=1e-6, atol=1e-6)
