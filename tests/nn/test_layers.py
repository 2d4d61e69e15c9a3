"""th.nn.functional's layer functions (th/nn/_layers.py) against torch 2.13:
linear, bilinear, embedding and one_hot by value, dtype, shape and error;
dropout and its feature forms by their statistics (th's random stream is
its own generator's), scaling, identities and errors."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
import th.nn.functional as F
from nn_oracle import assert_matches, ints, pair, same_error, values

torch = pytest.importorskip("torch")
TF = torch.nn.functional
MATMUL_FLOATS = [th.float32, th.float64]
batch_shapes = st.lists(st.integers(0, 4), min_size=0, max_size=2).map(tuple)
layouts = st.sampled_from(["contiguous", "transposed", "strided"])
BLAS = {th.float32: (1e-5, 1e-5), th.float64: (1e-12, 1e-12)}


# ------------------------------------------------------------ linear, bilinear
@settings(max_examples=60)
@given(batch=batch_shapes, n_in=st.integers(1, 6), n_out=st.integers(1, 5),
       dtype=st.sampled_from(MATMUL_FLOATS), bias=st.sampled_from(["none", "vector", "scalar"]),
       layout=layouts, seed=st.integers(0, 2**32 - 1))
def test_linear(batch, n_in, n_out, dtype, bias, layout, seed):
    x, tx = pair(values(batch + (n_in,), seed), dtype, layout)
    w, tw = pair(values((n_out, n_in), seed + 1), dtype, layout)
    b, tb = (None, None) if bias == "none" else pair(
        values((n_out,) if bias == "vector" else (), seed + 2), dtype)
    assert_matches(F.linear(x, w, b), TF.linear(tx, tw, tb), BLAS[dtype])
    # a vector weight: one output per row
    v, tv = pair(values((n_in,), seed + 3), dtype)
    assert_matches(F.linear(x, v), TF.linear(tx, tv), BLAS[dtype])


def test_linear_integers_and_errors():
    x, tx = ints(np.arange(6).reshape(2, 3), th.int64)
    w, tw = ints(np.arange(12).reshape(4, 3), th.int64)
    assert_matches(F.linear(x, w), TF.linear(tx, tw))
    for args in [(th.ones(2, 3), th.ones(4, 5)), (th.ones(()), th.ones(4, 3)),
                 (th.ones(2, 3), th.ones(4, 3, dtype=th.float64))]:
        with pytest.raises(RuntimeError):
            F.linear(*args)
    with pytest.raises(RuntimeError):
        F.linear(th.ones(2, 3), th.ones(4, 3), th.ones(3))


@settings(max_examples=40)
@given(batch=batch_shapes, n1=st.integers(1, 4), n2=st.integers(1, 4), n_out=st.integers(1, 4),
       dtype=st.sampled_from(MATMUL_FLOATS), bias=st.booleans(), layout=layouts,
       seed=st.integers(0, 2**32 - 1))
def test_bilinear(batch, n1, n2, n_out, dtype, bias, layout, seed):
    x1, t1 = pair(values(batch + (n1,), seed), dtype, layout)
    x2, t2 = pair(values(batch + (n2,), seed + 1), dtype, layout)
    w, tw = pair(values((n_out, n1, n2), seed + 2), dtype, layout)
    b, tb = pair(values((n_out,), seed + 3), dtype) if bias else (None, None)
    assert_matches(F.bilinear(x1, x2, w, b), TF.bilinear(t1, t2, tw, tb), BLAS[dtype])


@pytest.mark.parametrize("shapes", [
    ((2, 3), (2, 4), (5, 3, 3), None), ((2, 3), (3, 4), (5, 3, 4), None),
    ((2, 3), (2, 2, 4), (5, 3, 4), None), ((2, 3), (2, 4), (5, 2, 4), None),
    ((2, 3), (2, 4), (5, 3, 4), (4,)),
])
def test_bilinear_errors(shapes):
    a, b, w, bias = shapes
    operands = [(th.ones(*s), torch.ones(s)) for s in (a, b, w) + ((bias,) if bias else ())]
    same_error(lambda L, *args: L.bilinear(*args), *operands)


# ------------------------------------------------------------ dropout
def test_dropout_statistics_and_scaling():
    th.manual_seed(0)
    x = th.ones(200_000)
    for p in (0.1, 0.5, 0.8):
        y = F.dropout(x, p)
        kept = (y != 0).sum().item() / x.numel()
        # within 5 standard deviations of 1 - p
        assert abs(kept - (1 - p)) < 5 * math.sqrt(p * (1 - p) / x.numel())
        survivors = th.masked_select(y, y != 0)
        expected = TF.dropout(torch.ones(1), p, training=True)  # some entry kept or not
        scale = float(np.float32(1.0) / np.float32(1 - p))
        assert th.all(survivors == scale).item(), scale
        assert expected.dtype == torch.float32
    assert x.tolist()[:3] == [1.0, 1.0, 1.0]  # not in place


@pytest.mark.parametrize("dtype", [th.float32, th.float64, th.float16, th.bfloat16])
def test_dropout_keeps_dtype_and_layout_of_values(dtype):
    th.manual_seed(1)
    a = values((6, 7), 5)
    ours, theirs = pair(a, dtype, "transposed")
    y = F.dropout(ours, 0.3)
    assert y.dtype == dtype and y.shape == ours.shape
    scaled, _ = pair(a / 0.7, th.float64)
    kept = y != 0
    got = th.masked_select(y.to(th.float64), kept)
    want = th.masked_select((ours.to(th.float64) * (1 / 0.7)), kept)
    tol = {th.float16: 2e-3, th.bfloat16: 2e-2}.get(dtype, 1e-6)
    assert th.allclose(got, want, rtol=tol, atol=tol)


def test_dropout_identities():
    x = th.ones(3)
    t = torch.ones(3)
    assert F.dropout(x, training=False) is x and TF.dropout(t, training=False) is t
    assert F.dropout(x, p=0.0) is x and TF.dropout(t, p=0.0) is t
    assert F.dropout(x, 0.5, False, True) is x
    assert_matches(F.dropout(x, p=1.0), TF.dropout(t, p=1.0))
    y = th.ones(4)
    assert F.dropout(y, p=1.0, inplace=True) is y and y.tolist() == [0.0] * 4
    z = th.ones(1000)
    assert F.dropout(z, 0.5, inplace=True) is z and set(z.tolist()) <= {0.0, 2.0}
    i, ti = ints(np.arange(3), th.int64)
    assert_matches(F.dropout(i, p=0.0), TF.dropout(ti, p=0.0))
    assert_matches(F.dropout(i, p=1.0), TF.dropout(ti, p=1.0))
    assert F.dropout(th.ones(0, 3), 0.5).shape == (0, 3)


@pytest.mark.parametrize("call_", [
    lambda L, x: L.dropout(x, p=1.5), lambda L, x: L.dropout(x, p=-0.1),
    lambda L, x: L.dropout(x.long(), p=0.5),
    lambda L, x: L.dropout1d(x, 0.5), lambda L, x: L.dropout2d(x, p=2.0),
])
def test_dropout_errors(call_):
    same_error(call_, (th.ones(3), torch.ones(3)))


@pytest.mark.parametrize("name,shape,lead", [
    ("dropout1d", (4, 6, 5), 2), ("dropout1d", (6, 5), 1), ("dropout2d", (4, 6, 3, 3), 2),
    ("dropout3d", (2, 6, 2, 2, 2), 2), ("dropout3d", (6, 2, 2, 2), 1)])
def test_feature_dropout_zeroes_whole_channels(name, shape, lead):
    """lead: the dims that name one channel (sample and channel, or channel)."""
    th.manual_seed(3)
    x = th.ones(*shape)
    y = getattr(F, name)(x, 0.5)
    assert y.shape == x.shape
    assert y.dtype == th.float32 and getattr(TF, name)(torch.ones(shape), 0.5).dtype == torch.float32
    for row in y.reshape(math.prod(shape[:lead]), -1).tolist():
        assert set(row) in ({0.0}, {2.0})
    assert getattr(F, name)(x, 0.5, training=False) is x
    z = th.ones(*shape)
    assert getattr(F, name)(z, 0.5, inplace=True) is z


# ------------------------------------------------------------ embedding, one_hot
@settings(max_examples=40)
@given(idx_shape=batch_shapes, n=st.integers(1, 6), dim=st.integers(1, 4),
       dtype=st.sampled_from([th.float32, th.float64, th.float16, th.bfloat16, th.int64]),
       index_dtype=st.sampled_from([th.int64, th.int32]), seed=st.integers(0, 2**32 - 1),
       layout=layouts)
def test_embedding(idx_shape, n, dim, dtype, index_dtype, seed, layout):
    rng = np.random.default_rng(seed)
    idx, tidx = ints(rng.integers(0, n, size=idx_shape), index_dtype)
    if dtype == th.int64:
        w, tw = ints(rng.integers(-9, 9, size=(n, dim)), dtype)
    else:
        w, tw = pair(values((n, dim), seed), dtype, layout)
    assert_matches(F.embedding(idx, w), TF.embedding(tidx, tw))
    assert_matches(F.embedding(idx, w, padding_idx=0), TF.embedding(tidx, tw, padding_idx=0))


@pytest.mark.parametrize("norm_type", [2.0, 1.0, 3.0])
def test_embedding_max_norm_renormalises_weight_in_place(norm_type):
    w, tw = pair(values((5, 3), 4), th.float32)
    idx, tidx = ints(np.array([[0, 2], [2, 4]]), th.int64)
    assert_matches(F.embedding(idx, w, max_norm=1.5, norm_type=norm_type),
                   TF.embedding(tidx, tw, max_norm=1.5, norm_type=norm_type))
    assert_matches(w, tw)  # the rows looked up were rescaled in place, the others not


@pytest.mark.parametrize("call_", [
    lambda L, x, w: L.embedding(x, w, padding_idx=5),
    lambda L, x, w: L.embedding(x, w, padding_idx=-6),
    lambda L, x, w: L.embedding(x.float(), w),
    lambda L, x, w: L.embedding(x + 4, w),
])
def test_embedding_errors(call_):
    same_error(call_, (th.tensor([0, 1]), torch.tensor([0, 1])), (th.ones(4, 2), torch.ones(4, 2)),
               message=False)


@settings(max_examples=40)
@given(shape=batch_shapes, n=st.integers(1, 6), extra=st.integers(-1, 3),
       seed=st.integers(0, 2**32 - 1))
def test_one_hot(shape, n, extra, seed):
    a = np.random.default_rng(seed).integers(0, n, size=shape)
    ours, theirs = ints(a, th.int64)
    classes = -1 if extra == -1 else n + extra
    if a.size == 0 and classes == -1:
        classes = n
    assert_matches(F.one_hot(ours, classes), TF.one_hot(theirs, classes))
    if a.size:
        assert_matches(F.one_hot(ours), TF.one_hot(theirs))


@pytest.mark.parametrize("data,classes", [([0, 3], 2), ([-1, 0], -1), ([], -1)])
def test_one_hot_errors(data, classes):
    same_error(lambda L, x: L.one_hot(x, classes),
               (th.tensor(data, dtype=th.int64), torch.tensor(data, dtype=torch.int64)))
    with pytest.raises(RuntimeError, match="LongTensor"):
        F.one_hot(th.tensor([0, 1], dtype=th.int32))


@pytest.mark.parametrize("name,shape", [("dropout2d", (5,)), ("dropout2d", (2, 3)),
                                        ("dropout3d", (3,)), ("dropout3d", (2, 3, 4))])
def test_feature_dropout_other_ranks_as_torch(name, shape):
    """torch warns for these ranks and reads them as it does: a 1-D input to
    dropout2d is refused, dropout3d reads anything not 5-D as one sample."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            theirs = getattr(TF, name)(torch.ones(shape), 0.5)
        except Exception as e:  # noqa: BLE001 - the class is what is compared
            with pytest.raises(type(e)) as got:
                getattr(F, name)(th.ones(*shape), 0.5)
            assert str(got.value) == str(e)
            return
        with pytest.warns(UserWarning):
            ours = getattr(F, name)(th.ones(*shape), 0.5)
    assert ours.shape == tuple(theirs.shape)
