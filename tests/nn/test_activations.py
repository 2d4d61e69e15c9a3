"""th.nn.functional's activations (th/nn/_activations.py) against torch 2.13:
values, result dtypes and shapes over random shapes, every floating dtype,
NaN/inf, non-contiguous inputs, the in-place forms, integer inputs where
torch takes them, and torch's errors for the rest."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
import th.nn.functional as F
from nn_oracle import FLOATS, assert_matches, ints, pair, same_error, values

torch = pytest.importorskip("torch")
TF = torch.nn.functional

# (name, keyword arguments) of every element-wise activation
UNARY = [
    ("relu", {}), ("relu6", {}), ("leaky_relu", {}), ("leaky_relu", {"negative_slope": 0.2}),
    ("leaky_relu", {"negative_slope": 1.5}), ("leaky_relu", {"negative_slope": -0.5}),
    ("leaky_relu", {"negative_slope": 0.0}),
    ("elu", {}), ("elu", {"alpha": 0.5}), ("selu", {}), ("celu", {}), ("celu", {"alpha": 2.0}),
    ("gelu", {}), ("gelu", {"approximate": "tanh"}), ("silu", {}), ("mish", {}),
    ("softplus", {}), ("softplus", {"beta": 2.0, "threshold": 5.0}), ("softsign", {}),
    ("hardtanh", {}), ("hardtanh", {"min_val": -2.0, "max_val": 0.5}), ("hardsigmoid", {}),
    ("hardswish", {}), ("sigmoid", {}), ("tanh", {}), ("logsigmoid", {}),
    ("threshold", {"threshold": 0.5, "value": -3.0}),
]
# the activations torch gives an inplace= argument
INPLACE = [(n, kw) for n, kw in UNARY
           if n in {"relu", "relu6", "leaky_relu", "elu", "selu", "celu", "silu", "mish",
                    "hardtanh", "hardsigmoid", "hardswish", "threshold"}]
shapes = st.lists(st.integers(0, 5), min_size=0, max_size=3).map(tuple)
layouts = st.sampled_from(["contiguous", "transposed", "strided"])


def call(lib, name, x, kw):
    f = getattr(lib, name)
    if name == "threshold":
        return f(x, kw["threshold"], kw["value"], *([kw["inplace"]] if "inplace" in kw else []))
    return f(x, **kw)


@pytest.mark.parametrize("name,kw", UNARY, ids=[f"{n}{kw or ''}" for n, kw in UNARY])
@settings(max_examples=25)
@given(shape=shapes, dtype=st.sampled_from(FLOATS), seed=st.integers(0, 2**32 - 1),
       layout=layouts, special=st.booleans())
def test_matches_torch(name, kw, shape, dtype, seed, layout, special):
    ours, theirs = pair(values(shape, seed, special), dtype, layout)
    expected = call(TF, name, theirs, kw)
    if name == "gelu" and not kw and dtype in (th.float16, th.bfloat16, th.float32):
        # torch's vectorised float erf gives nan at +inf; th's gelu(+inf) is +inf, as
        # torch's own float64 kernel gives (its float16 one computes in float32)
        expected = torch.where(theirs == math.inf, theirs, expected)
    assert_matches(call(F, name, ours, kw), expected)


@pytest.mark.parametrize("name,kw", INPLACE, ids=[f"{n}{kw or ''}" for n, kw in INPLACE])
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "strided"])
def test_inplace_is_the_input(name, kw, layout):
    a = values((3, 4), 7, special=True)
    ours, theirs = pair(a, th.float32, layout)
    expected = call(F, name, ours, kw)
    result = call(F, name, ours, dict(kw, inplace=True))
    assert result is ours
    assert_matches(ours, call(TF, name, theirs, kw))
    assert_matches(ours, torch.from_numpy(np.array(expected.numpy())))


@pytest.mark.parametrize("name,args", [("relu_", ()), ("leaky_relu_", (0.3,)), ("elu_", (0.7,)),
                                       ("selu_", ()), ("celu_", (1.5,)),
                                       ("hardtanh_", (-0.5, 0.5)), ("threshold_", (0.1, 9.0))])
def test_underscore_forms(name, args):
    ours, theirs = pair(values((2, 5), 3, special=True), th.float64, "transposed")
    result = getattr(F, name)(ours, *args)
    assert result is ours
    getattr(TF, name)(theirs, *args)
    assert_matches(ours, theirs)


# ------------------------------------------------------------ integer inputs
INT_DTYPES = [th.int64, th.int32, th.int16, th.int8, th.uint8]


@pytest.mark.parametrize("dtype", INT_DTYPES + [th.bool, th.complex64])
@pytest.mark.parametrize("name,kw", UNARY, ids=[f"{n}{kw or ''}" for n, kw in UNARY])
def test_integer_and_bool_inputs(name, kw, dtype):
    """torch's result dtype where it takes the dtype, its exception class
    where not (complex results: test_complex_where_torch_takes_it)."""
    ours, theirs = ints(np.array([[-3, 0, 1], [2, 7, 5]]) if dtype != th.uint8
                        else np.array([[3, 0, 1], [2, 7, 5]]), dtype)
    if dtype == th.bool:
        ours, theirs = ours.to(th.bool), theirs.bool()
    try:
        expected = call(TF, name, theirs, kw)
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        with pytest.raises(type(e)):
            call(F, name, ours, kw)
        return
    if dtype == th.complex64:
        assert call(F, name, ours, kw).dtype == th.complex64
        return
    assert_matches(call(F, name, ours, kw), expected)


def test_integer_scalars_truncate_as_torch():
    ours, theirs = ints(np.array([-2, -1, 0, 1, 2, 3]), th.int64)
    for args in [(-0.5, 9), (1.5, 2.5), (-1.7, -4.9)]:
        assert_matches(F.threshold(ours, *args), TF.threshold(theirs, *args))
    for lo, hi in [(-1.5, 1.5), (-2.0, 0.9), (0.0, 6.0)]:
        assert_matches(F.hardtanh(ours, lo, hi), TF.hardtanh(theirs, lo, hi))


# ------------------------------------------------------------ glu
@settings(max_examples=40)
@given(shape=st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple),
       data=st.data(), dtype=st.sampled_from(FLOATS), seed=st.integers(0, 2**32 - 1),
       layout=layouts)
def test_glu(shape, data, dtype, seed, layout):
    dim = data.draw(st.integers(-len(shape), len(shape) - 1))
    shape = list(shape)
    shape[dim] *= 2
    ours, theirs = pair(values(tuple(shape), seed, True), dtype, layout)
    assert_matches(F.glu(ours, dim), TF.glu(theirs, dim))
    if dim == -1:
        assert_matches(F.glu(ours), TF.glu(theirs))


@pytest.mark.parametrize("shape,dim", [((2, 3), 1), ((), -1), ((2, 4), 2), ((2, 4), -3),
                                       ((5,), 0)])
def test_glu_errors(shape, dim):
    same_error(lambda L, x: L.glu(x, dim), (th.ones(*shape), torch.ones(shape)))


# ------------------------------------------------------------ errors and arguments
@pytest.mark.parametrize("call_", [
    lambda L, x: L.gelu(x, approximate="fast"),
    lambda L, x: L.celu(x, alpha=0.0),
    lambda L, x: L.hardtanh(x, 2.0, 1.0),
    lambda L, x: L.relu(x.bool()),
    lambda L, x: L.leaky_relu(x.long()),
    lambda L, x: L.hardtanh(x.to(torch.uint8 if L is TF else th.uint8), -1.0, 1.0),
    lambda L, x: L.elu(x.long(), inplace=True),
])
def test_errors_match_torch(call_):
    same_error(call_, (th.ones(3), torch.ones(3)))


def test_signatures_follow_torch():
    import inspect
    for name in ["relu", "relu6", "leaky_relu", "elu", "selu", "celu", "silu", "mish",
                 "hardtanh", "hardsigmoid", "hardswish", "threshold", "glu", "softsign"]:
        ours = list(inspect.signature(getattr(F, name)).parameters)
        theirs = list(inspect.signature(getattr(TF, name)).parameters)
        assert ours == theirs, name
    x = th.tensor([-1.0, 30.0])
    assert F.softplus(x, 1, 20).tolist() == F.softplus(x).tolist()
    assert F.softplus(x, beta=1.0, threshold=20.0)[1].item() == 30.0
    assert F.gelu(x, "none").tolist() == F.gelu(x, approximate="none").tolist()


def test_top_level_names():
    """torch's activations at top level (torch.relu, torch.selu, ...) are th's too."""
    ours, theirs = pair(values((4, 3), 11, True), th.float32, "transposed")
    for name in ["relu", "selu", "celu"]:
        assert_matches(getattr(th, name)(ours), getattr(torch, name)(theirs))
    assert_matches(th.threshold(ours, 0.1, 2.0), torch.threshold(theirs, 0.1, 2.0))
    for name in ["relu_", "selu_", "celu_"]:
        o, t = pair(values((4, 3), 12, True), th.float32, "strided")
        assert getattr(th, name)(o) is o
        getattr(torch, name)(t)
        assert_matches(o, t)


def test_one_pass_keeps_extremes():
    """The stable forms: softplus and logsigmoid never overflow, gelu of
    large magnitudes is x or 0, mish of -inf is nan as torch."""
    x = th.tensor([-1e30, -100.0, -20.0, 0.0, 20.0, 100.0, 1e30, -math.inf, math.inf])
    tx = torch.tensor(x.tolist())
    for name in ["softplus", "logsigmoid", "gelu", "mish", "silu", "selu", "elu", "celu",
                 "hardswish", "hardsigmoid"]:
        expected = getattr(TF, name)(tx)
        if name == "gelu":  # torch's float erf: nan at +inf (see test_matches_torch)
            expected = torch.where(tx == math.inf, tx, expected)
        assert_matches(getattr(F, name)(x), expected)
    assert_matches(F.gelu(x, approximate="tanh"), TF.gelu(tx, approximate="tanh"))


def test_tensor_relu_methods():
    """torch.Tensor has relu and relu_ (not the other activations)."""
    ours, theirs = pair(values((3, 4), 13, True), th.float32, "transposed")
    assert_matches(ours.relu(), theirs.relu())
    assert ours.relu_() is ours
    theirs.relu_()
    assert_matches(ours, theirs)
    i, ti = ints(np.array([-2, 0, 5]), th.int64)
    assert_matches(i.relu(), ti.relu())


@pytest.mark.parametrize("name", ["silu", "softsign", "sigmoid", "tanh"])
@pytest.mark.parametrize("np_dtype", [np.complex64, np.complex128])
def test_complex_where_torch_takes_it(name, np_dtype):
    rng = np.random.default_rng(5)
    z = (rng.standard_normal(7) + 1j * rng.standard_normal(7)).astype(np_dtype)
    ours = getattr(F, name)(th.from_numpy(z.copy()))
    theirs = getattr(TF, name)(torch.from_numpy(z.copy()))
    assert ours.dtype.name == str(theirs.dtype).split(".")[-1]
    np.testing.assert_allclose(ours.numpy(), theirs.numpy(),
                               rtol=1e-5 if np_dtype == np.complex64 else 1e-12)


@pytest.mark.parametrize("dtype", [th.float16, th.bfloat16])
def test_threshold_of_half_types_compares_in_float32(dtype):
    """A threshold between two float16 values is not rounded to either, as torch."""
    a = np.array([0.10004, 0.1, 0.3, 0.2999, -1.0, 2.0])
    ours, theirs = pair(a, dtype)
    for limit in [0.10003, 0.1, 0.2999, 0.29999]:
        assert_matches(F.threshold(ours, limit, 9.0), TF.threshold(theirs, limit, 9.0))


@pytest.mark.parametrize("slope", [0.0, 0.01, 1.0, 1.5, -0.5])
def test_leaky_relu_special_values(slope):
    """inf, NaN and the sign of zero, for every kind of slope (th takes a
    maximum for slopes in (0, 1], a where otherwise)."""
    v = [math.inf, -math.inf, math.nan, -0.0, 0.0, -2.0, 3.0]
    ours, theirs = F.leaky_relu(th.tensor(v), slope), TF.leaky_relu(torch.tensor(v), slope)
    assert_matches(ours, theirs)
    assert [math.copysign(1, z) for z in ours.tolist()[3:5]] == \
        [math.copysign(1, z) for z in theirs.tolist()[3:5]]
