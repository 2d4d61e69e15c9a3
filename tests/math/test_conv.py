"""Convolution (THTensorConv.h, th._conv, th.nn.functional): torch 2.13's
values, shapes, dtypes and errors for conv1d, conv2d and conv3d over
batches, groups, strides, padding (ints, 'valid', 'same'), dilation,
unbatched and non-contiguous inputs; the C function's result handling
(through ctypes) and docs/CONV.md's C example."""
import ctypes
import os
import subprocess
import warnings

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import th
import th.nn.functional as F

torch = pytest.importorskip("torch")
TF = torch.nn.functional

TOL = {"float32": dict(rtol=1e-5, atol=1e-5), "float64": dict(rtol=1e-12, atol=1e-12),
       "complex64": dict(rtol=1e-5, atol=1e-5), "float16": dict(rtol=1e-2, atol=1e-2),
       "bfloat16": dict(rtol=2e-2, atol=5e-2), "int64": dict(rtol=0, atol=0),
       "int32": dict(rtol=0, atol=0)}


def values(t):
    return np.array(t.tolist(), dtype=complex)


def run_both(n, x, w, b=None, dtype="float64", **kw):
    """conv{n}d on the numpy arrays x, w, b in th and in torch."""
    def conv(lib, fn):
        def tensor(a):
            if a is None:
                return None
            return lib.tensor(a.ravel().tolist(), dtype=getattr(lib, dtype)).reshape(a.shape)
        return fn(tensor(x), tensor(w), tensor(b), **kw)
    return conv(th, getattr(F, f"conv{n}d")), conv(torch, getattr(TF, f"conv{n}d"))


def assert_close(ours, theirs, dtype="float64"):
    assert tuple(ours.shape) == tuple(theirs.shape)
    assert str(ours.dtype).split(".")[-1] == str(theirs.dtype).split(".")[-1]
    if ours.numel():
        np.testing.assert_allclose(values(ours), values(theirs.to(
            torch.complex128 if theirs.is_complex() else torch.float64)), **TOL[dtype])


def operands(seed, xs, ws, bias=True, ints=False):
    rng = np.random.default_rng(seed)
    if ints:
        return (rng.integers(-5, 6, xs), rng.integers(-5, 6, ws),
                rng.integers(-5, 6, ws[0]) if bias else None)
    return (rng.standard_normal(xs), rng.standard_normal(ws),
            rng.standard_normal(ws[0]) if bias else None)


# ------------------------------------------------------------- values

CASES = [  # n, input shape, weight shape, kwargs
    (1, (2, 3, 9), (4, 3, 3), {}),
    (1, (2, 4, 11), (6, 2, 4), dict(stride=3, padding=2, dilation=2, groups=2)),
    (1, (3, 10), (5, 3, 2), dict(padding=(1,))),  # unbatched
    (2, (2, 3, 7, 8), (4, 3, 3, 3), dict(padding=1)),
    (2, (2, 4, 7, 8), (6, 2, 3, 2), dict(stride=(2, 1), padding=(1, 2), dilation=(2, 1),
                                         groups=2)),
    (2, (1, 6, 9, 9), (6, 1, 3, 3), dict(groups=6, stride=2)),  # depthwise
    (2, (2, 8, 5, 6), (4, 8, 1, 1), {}),  # pointwise: the input as it lies
    (2, (2, 8, 5, 6), (4, 8, 1, 1), dict(stride=2)),
    (2, (3, 6, 7), (2, 3, 2, 4), dict(padding="valid")),  # unbatched
    (2, (2, 3, 7, 6), (4, 3, 3, 3), dict(padding="same")),
    (2, (2, 3, 7, 6), (4, 3, 4, 2), dict(padding="same", dilation=(1, 3))),
    (2, (2, 3, 7, 6), (4, 3, 4, 2), dict(padding="same")),  # asymmetric: one more at the end
    (2, (2, 3, 4, 4), (2, 3, 5, 5), dict(padding=1)),  # kernel == padded input
    (3, (2, 2, 5, 6, 7), (4, 2, 2, 3, 3), dict(stride=2, padding=1)),
    (3, (2, 4, 4, 5, 6), (4, 2, 3, 1, 2), dict(dilation=(1, 2, 2), groups=2, padding=(1, 0, 1))),
    (3, (3, 4, 5, 4), (2, 3, 2, 2, 2), {}),  # unbatched
]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n, xs, ws, kw", CASES)
def test_values_are_torchs(n, xs, ws, kw, dtype):
    x, w, b = operands(0, xs, ws)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # 'same' of an even kernel: both warn
        for bias in (b, None):
            ours, theirs = run_both(n, x, w, bias, dtype, **kw)
            assert_close(ours, theirs, dtype)


@pytest.mark.parametrize("dtype", ["int64", "int32", "float16", "bfloat16", "complex64"])
def test_other_dtypes_as_torch(dtype):
    """torch 2.13 computes these on the CPU; th's product does (int64 exact,
    the halves summing in float32); where torch refuses, so must th."""
    x, w, b = operands(1, (2, 4, 6, 5), (4, 2, 3, 2), ints=dtype.startswith("int"))
    try:
        theirs = TF.conv2d(*(torch.tensor(a.tolist(), dtype=getattr(torch, dtype))
                             for a in (x, w, b)), padding=1, groups=2)
    except (RuntimeError, NotImplementedError) as e:
        with pytest.raises(type(e)):
            F.conv2d(*(th.tensor(a.tolist(), dtype=getattr(th, dtype)) for a in (x, w, b)),
                     padding=1, groups=2)
        return
    ours = F.conv2d(*(th.tensor(a.tolist(), dtype=getattr(th, dtype)) for a in (x, w, b)),
                    padding=1, groups=2)
    assert_close(ours, theirs, dtype)


TORCH_NAMES = {"bool": "Bool", "uint16": "UInt16", "uint32": "UInt32", "uint64": "UInt64",
               "int8": "Char", "uint8": "Byte", "int16": "Short", "int32": "Int"}


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("transposed", [False, True])
@pytest.mark.parametrize("dtype", ["bool", "uint16", "uint32", "uint64", "int8", "uint8",
                                   "int16", "int32"])
def test_refused_dtypes_are_torchs(n, transposed, dtype):
    """Where torch 2.13 refuses a dtype, th does, with torch's message (the
    dtype under th's name); where torch computes it, th does too."""
    name = f"conv_transpose{n}d" if transposed else f"conv{n}d"
    shapes = (1, 2) + (3,) * n, (2, 2) + (2,) * n
    try:
        getattr(TF, name)(*(torch.ones(s).to(getattr(torch, dtype)) for s in shapes))
    except NotImplementedError as e:
        message = str(e).replace(f"'{TORCH_NAMES[dtype]}'", dtype)
        with pytest.raises(NotImplementedError) as ours:
            getattr(F, name)(*(th.ones(s, dtype=getattr(th, dtype)) for s in shapes))
        assert message in str(ours.value)
        return
    got = getattr(F, name)(*(th.ones(s, dtype=getattr(th, dtype)) for s in shapes))
    assert got.tolist() == getattr(TF, name)(*(torch.ones(s).to(getattr(torch, dtype))
                                                for s in shapes)).tolist()


def test_empty_batches_as_torch():
    x, w, b = operands(2, (0, 3, 5, 5), (8, 3, 3, 3))
    ours, theirs = run_both(2, x, w, b, "float32")
    assert_close(ours, theirs, "float32")


def test_no_input_channels_sum_to_the_bias():
    """Zero input channels: each output is an empty sum plus the bias, of
    shape (N, C_out, *out). torch 2.13 returns (N, 0, *out) here (its
    empty-input shortcut takes the input's channel count); docs/CONV.md
    lists the difference."""
    r = F.conv2d(th.ones(2, 0, 5, 5), th.ones(4, 0, 3, 3), th.arange(4.0))
    assert r.shape == (2, 4, 3, 3)
    assert r[1, :, 2, 2].tolist() == [0.0, 1.0, 2.0, 3.0]
    assert F.conv1d(th.ones(1, 0, 4, dtype=th.int64), th.ones(2, 0, 2, dtype=th.int64)).tolist() \
        == [[[0, 0, 0], [0, 0, 0]]]
    assert tuple(TF.conv2d(torch.ones(2, 0, 5, 5), torch.ones(4, 0, 3, 3)).shape) == (2, 0, 3, 3)


def test_the_result_is_new_contiguous_and_of_the_inputs_dtype():
    x, w = th.ones(2, 3, 6, 6, dtype=th.float64), th.ones(4, 3, 3, 3, dtype=th.float64)
    r = F.conv2d(x, w, stride=2)
    assert r.dtype is th.float64 and r.is_contiguous() and r.shape == (2, 4, 2, 2)
    assert r.refcount == 1
    assert x.refcount == 1 and w.refcount == 1


# ---------------------------------------------------------- hypothesis

@st.composite
def convolutions(draw):
    n = draw(st.integers(1, 3))
    groups = draw(st.integers(1, 3))
    cin, cout = groups * draw(st.integers(1, 3)), groups * draw(st.integers(1, 3))
    kernel = [draw(st.integers(1, 3)) for _ in range(n)]
    stride = [draw(st.integers(1, 3)) for _ in range(n)]
    padding = [draw(st.integers(0, 2)) for _ in range(n)]
    dilation = [draw(st.integers(1, 2)) for _ in range(n)]
    spatial = [max(1, (k - 1) * d + 1 - 2 * p) + draw(st.integers(0, 5))
               for k, d, p in zip(kernel, dilation, padding)]
    batch = draw(st.sampled_from([None, 1, 2, 3]))
    layout = draw(st.sampled_from(["contiguous", "transposed", "strided"]))
    bias = draw(st.booleans())
    dtype = draw(st.sampled_from(["float32", "float64"]))
    xs = ([batch] if batch else []) + [cin] + spatial
    ws = [cout, cin // groups] + kernel
    return n, xs, ws, dict(stride=stride, padding=padding, dilation=dilation, groups=groups), \
        layout, bias, dtype


def laid_out(lib, a, layout, dtype):
    """a as a tensor of lib that is transposed (its last two dims swapped
    back from a contiguous transpose) or strided (every other element)."""
    dt = getattr(lib, dtype)
    if layout == "transposed" and a.ndim >= 2:
        return lib.tensor(np.swapaxes(a, -1, -2).tolist(), dtype=dt).transpose(-1, -2)
    if layout == "strided":
        wide = np.zeros(a.shape[:-1] + (2 * a.shape[-1],), dtype=a.dtype)
        wide[..., ::2] = a
        return lib.tensor(wide.tolist(), dtype=dt)[..., ::2]
    return lib.tensor(a.tolist(), dtype=dt)


@settings(max_examples=150, deadline=None)
@given(convolutions(), st.integers(0, 2**32 - 1))
def test_random_convolutions_are_torchs(case, seed):
    n, xs, ws, kw, layout, bias, dtype = case
    x, w, b = operands(seed, xs, ws, bias)
    ours_x, theirs_x = laid_out(th, x, layout, dtype), laid_out(torch, x, layout, dtype)
    ours_w, theirs_w = laid_out(th, w, layout, dtype), laid_out(torch, w, layout, dtype)
    assert not (layout != "contiguous" and ours_x.is_contiguous() and xs[-1] > 1
                and xs[-2] > 1)
    ours_b = None if b is None else th.tensor(b.tolist(), dtype=getattr(th, dtype))
    theirs_b = None if b is None else torch.tensor(b.tolist(), dtype=getattr(torch, dtype))
    ours = getattr(F, f"conv{n}d")(ours_x, ours_w, ours_b, **kw)
    theirs = getattr(TF, f"conv{n}d")(theirs_x, theirs_w, theirs_b, **kw)
    assert_close(ours, theirs, dtype)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 3), st.integers(1, 6), st.integers(1, 3), st.integers(4, 9),
       st.integers(0, 2**32 - 1))
def test_same_padding_keeps_the_size_as_torch(n, k, d, size, seed):
    x, w, b = operands(seed, (2, 2) + (size,) * n, (3, 2) + (k,) * n)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        ours, theirs = run_both(n, x, w, b, "float64", padding="same", dilation=d)
    assert_close(ours, theirs)
    assert tuple(ours.shape[2:]) == (size,) * n


def test_same_padding_of_an_even_kernel_warns_as_torch():
    with pytest.warns(UserWarning, match="zero-padded copy"):
        F.conv1d(th.ones(1, 1, 5), th.ones(1, 1, 2), padding="same")


# -------------------------------------------------------------- errors

def both_raise(call):
    """call(lib, F) raises in torch and in th: th's error of torch's family."""
    with pytest.raises(Exception) as theirs:
        call(torch, TF)
    with pytest.raises(Exception) as ours:
        call(th, F)
    expected = type(theirs.value)
    assert isinstance(ours.value, expected) or (
        expected is RuntimeError and isinstance(ours.value, RuntimeError)), (
        ours.value, theirs.value)
    return str(ours.value)


def ones(lib, *shape, dtype="float32"):
    return lib.ones(*shape, dtype=getattr(lib, dtype))


ERRORS = [  # call, part of th's message
    (lambda L, f: f.conv2d(ones(L, 1, 4, 5, 5), ones(L, 8, 3, 3, 3)),
     "Given groups=1, weight of size [8, 3, 3, 3], expected input[1, 4, 5, 5] to have 3 "
     "channels, but got 4 channels instead"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 2, 2), ones(L, 8, 3, 3, 3)),
     "Calculated padded input size per channel: (2 x 2). Kernel size: (3 x 3). Kernel size "
     "can't be greater than actual input size"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 3, 3), dilation=3),
     "Kernel size: (7 x 7)"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 3, 3), padding=-1),
     "negative padding is not supported"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 3, 3), stride=0),
     "non-positive stride is not supported"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 3, 3), dilation=0),
     "dilation should be greater than zero, but got [0, 0]"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 3, 3), groups=0),
     "non-positive groups is not supported"),
    (lambda L, f: f.conv2d(ones(L, 1, 4, 5, 5), ones(L, 3, 2, 3, 3), groups=2),
     "expected weight to be divisible by 2 at dimension 0"),
    (lambda L, f: f.conv2d(ones(L, 1, 4, 5, 5), ones(L, 1, 1, 3, 3), groups=4),
     "expected weight to be at least 4 at dimension 0"),
    (lambda L, f: f.conv2d(ones(L, 3, 5), ones(L, 8, 3, 3, 3)),
     "Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [3, 5]"),
    (lambda L, f: f.conv1d(ones(L, 1, 1, 3, 5), ones(L, 8, 3, 3)),
     "Expected 2D (unbatched) or 3D (batched) input to conv1d"),
    (lambda L, f: f.conv3d(ones(L, 1, 3, 5, 5, 5), ones(L, 8, 3, 3, 3)), "weight"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 3, 3), ones(L, 3)),
     "expected bias to be 1-dimensional with 8 elements, but got bias of size [3] instead"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 3, 3), ones(L, 8, 1)),
     "but got bias of size [8, 1] instead"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 0, 3)),
     "kernel size should be greater than zero"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 3, 3, dtype="float64")),
     "same dtype"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 3, 3), ones(L, 8, dtype="float64")),
     "Input type (float32) and bias type (float64) should be the same"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 3, 3), padding="same", stride=2),
     "padding='same' is not supported for strided convolutions"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 3, 3), padding="foo"),
     "Invalid padding string: 'foo'"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 3, 3), stride=(1, 1, 1)),
     "expected stride to be a single integer value or a list of 2 values"),
    (lambda L, f: f.conv1d(ones(L, 1, 3, 5), ones(L, 8, 3, 3), padding=(1, 1)),
     "expected padding to be a single integer value or a list of 1 values"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 3, 3), stride=1.5), "stride"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 3, 3), dilation=(1, 2.0)),
     "dilation"),
    (lambda L, f: f.conv2d([[1.0]], ones(L, 8, 3, 3, 3)), "input"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), "w"), "weight"),
    (lambda L, f: f.conv2d(ones(L, 1, 3, 5, 5), ones(L, 8, 3, 3, 3), groups=1.0), "groups"),
]


@pytest.mark.parametrize("call, match", ERRORS)
def test_bad_arguments_raise_torchs_errors(call, match):
    before = th.debug.live()
    message = both_raise(call)
    assert match in message
    assert th.debug.live() == before


def test_a_stride_list_of_one_value_is_expanded_as_torch():
    x, w, b = operands(3, (1, 2, 7, 7), (3, 2, 3, 3))
    ours, theirs = run_both(2, x, w, b, stride=[2], padding=[1], dilation=(2,))
    assert_close(ours, theirs)


# ----------------------------------------------------------- ownership

def test_live_counts_and_refcounts_are_unchanged():
    x = th.ones(2, 4, 9, 9)
    w, b = th.ones(6, 2, 3, 3), th.ones(6)
    xt = x.transpose(2, 3)
    before = th.debug.live()
    for _ in range(3):
        for args in [dict(), dict(padding="same"), dict(stride=2, groups=2), dict(padding=(2, 1))]:
            kw = dict(args)
            groups = kw.pop("groups", 2)
            r = F.conv2d(xt, w, b, groups=groups, **kw)
            assert r.refcount == 1
            del r
        F.conv2d(x.to(th.int64), w.to(th.int64), b.to(th.int64), groups=2)
        with pytest.raises(RuntimeError):
            F.conv2d(x, w, th.ones(5), groups=2)
    assert th.debug.live() == before
    assert (x.refcount, xt.refcount, w.refcount, b.refcount) == (1, 1, 1, 1)


def test_threads_give_the_same_values():
    """The items split across threads or run on one: the same floats."""
    x, w, b = operands(4, (8, 4, 12, 12), (8, 4, 3, 3))
    tx, tw, tb = (th.tensor(a.tolist(), dtype=th.float64) for a in (x, w, b))
    threads = th.get_num_threads()
    try:
        th.set_num_threads(1)
        one = F.conv2d(tx, tw, tb, padding=1)
        th.set_num_threads(2)
        two = F.conv2d(tx, tw, tb, padding=1)
    finally:
        th.set_num_threads(threads)
    assert one.tolist() == two.tolist()


# ------------------------------------------------ the C API through ctypes

def _lib():
    lib = ctypes.PyDLL(os.path.join(os.path.dirname(th.__file__), "libTH.so"))
    P, INT, L = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int64)
    lib.THTensor_convNd.argtypes = [P, P, P, P, INT, L, L, L, ctypes.c_int64]
    lib.THTensor_convNd.restype = INT
    return lib


def _ptr(t):
    from th import _testcapi
    return None if t is None else _testcapi.tensor_address(t)


def _ints(*v):
    return (ctypes.c_int64 * len(v))(*v)


def test_c_results_in_place_aside_and_resized():
    lib = _lib()
    x, w, b = operands(5, (2, 3, 5, 5), (3, 3, 1, 1))
    tx, tw, tb = (th.tensor(a.tolist(), dtype=th.float64) for a in (x, w, b))
    expected = TF.conv2d(*(torch.tensor(a) for a in (x, w, b)))
    one, zero = _ints(1, 1), _ints(0, 0)
    # an output over the input (same shape: a pointwise kernel) is computed aside
    alias = tx.clone()
    assert lib.THTensor_convNd(_ptr(alias), _ptr(alias), _ptr(tw), _ptr(tb), 2, one, zero, one,
                               1) == 0
    np.testing.assert_allclose(values(alias).real, expected.numpy(), rtol=1e-12)
    # a non-contiguous output of the shape is written where it lies
    out = th.zeros(2, 3, 5, 5, dtype=th.float64).transpose(2, 3)
    storage = out.storage().data_ptr()
    assert lib.THTensor_convNd(_ptr(out), _ptr(tx), _ptr(tw), _ptr(tb), 2, one, zero, one, 1) == 0
    assert out.storage().data_ptr() == storage and out.stride() == (75, 25, 1, 5)
    np.testing.assert_allclose(values(out).real, expected.numpy(), rtol=1e-12)
    # an output of another shape is resized; one of another dtype refused
    out = th.zeros(7, dtype=th.float64)
    assert lib.THTensor_convNd(_ptr(out), _ptr(tx), _ptr(tw), None, 2, one, zero, one, 1) == 0
    assert out.shape == (2, 3, 5, 5)
    floats = th.zeros(1)
    with pytest.raises(TypeError, match="output to have dtype float64"):
        lib.THTensor_convNd(_ptr(floats), _ptr(tx), _ptr(tw), None, 2, one, zero, one, 1)
    with pytest.raises(ValueError, match="nSpatial"):
        lib.THTensor_convNd(_ptr(out), _ptr(tx), _ptr(tw), None, 4, one, zero, one, 1)
    shared = th.zeros(1, dtype=th.float64).expand(2, 3, 5, 5)
    with pytest.raises(RuntimeError, match="share memory"):
        lib.THTensor_convNd(_ptr(shared), _ptr(tx), _ptr(tw), None, 2, one, zero, one, 1)


def test_conv_md_c_examples_compile_and_run(tmp_path):
    """docs/CONV.md's C programs: a 2-d convolution into a given result and
    TH's conv2Dmul, all freed."""
    import doc_examples
    from helpers import ROOT, build_c_program

    blocks = doc_examples.code_blocks(os.path.join(ROOT, "docs", "CONV.md"), "c")
    outputs = ["1 4 4: 54 1\n", "4 4: 2 8\n"]
    assert len(blocks) == len(outputs)
    for i, (block, output) in enumerate(zip(blocks, outputs)):
        source = tmp_path / f"conv{i}.c"
        source.write_text(block.code)
        binary = build_c_program(str(source), tmp_path / f"conv{i}")
        result = subprocess.run([str(binary)], capture_output=True, text=True)
        assert (result.returncode, result.stdout, result.stderr) == (0, output, "")


# ------------------------------------------------- transposed convolution

def run_transposed(n, x, w, b=None, dtype="float64", layout="contiguous", **kw):
    def conv(lib, fn):
        return fn(laid_out(lib, x, layout, dtype), laid_out(lib, w, layout, dtype),
                  None if b is None else lib.tensor(b.tolist(), dtype=getattr(lib, dtype)), **kw)
    return (conv(th, getattr(F, f"conv_transpose{n}d")),
            conv(torch, getattr(TF, f"conv_transpose{n}d")))


TRANSPOSED = [  # n, input shape, weight shape (C_in, C_out / groups, *kernel), kwargs
    (1, (2, 3, 7), (3, 4, 3), dict(stride=2, padding=1, output_padding=1)),
    (1, (3, 6), (3, 2, 4), {}),  # unbatched
    (2, (2, 3, 5, 6), (3, 4, 3, 3), {}),
    (2, (2, 4, 5, 6), (4, 3, 3, 2), dict(stride=(2, 3), padding=(1, 0), output_padding=(1, 2),
                                         dilation=(1, 2), groups=2)),
    (2, (3, 5, 6), (3, 4, 1, 1), dict(stride=2)),  # unbatched, pointwise
    (2, (2, 3, 5, 5), (3, 2, 3, 3), dict(padding=3)),  # output 1 x 1... and more
    (3, (2, 2, 3, 4, 5), (2, 2, 2, 3, 2), dict(stride=2, groups=2)),
    (3, (2, 3, 3, 3), (2, 3, 2, 2, 2), dict(dilation=2, padding=1)),  # unbatched
]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n, xs, ws, kw", TRANSPOSED)
def test_transposed_values_are_torchs(n, xs, ws, kw, dtype):
    rng = np.random.default_rng(6)
    x, w = rng.standard_normal(xs), rng.standard_normal(ws)
    b = rng.standard_normal(ws[1] * kw.get("groups", 1))
    for bias in (b, None):
        assert_close(*run_transposed(n, x, w, bias, dtype, **kw), dtype)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 3), st.integers(1, 3), st.integers(1, 3), st.integers(1, 3),
       st.data(), st.sampled_from(["contiguous", "transposed", "strided"]),
       st.sampled_from(["float32", "float64"]), st.booleans(), st.integers(0, 2**32 - 1))
def test_random_transposed_convolutions_are_torchs(n, groups, cig, cog, data, layout, dtype,
                                                    bias, seed):
    kernel = [data.draw(st.integers(1, 3)) for _ in range(n)]
    stride = [data.draw(st.integers(1, 3)) for _ in range(n)]
    dilation = [data.draw(st.integers(1, 2)) for _ in range(n)]
    output_padding = [data.draw(st.integers(0, max(s, d) - 1)) for s, d in zip(stride, dilation)]
    spatial = [data.draw(st.integers(1, 5)) for _ in range(n)]
    padding = [data.draw(st.integers(0, ((i - 1) * s + d * (k - 1)) // 2))  # output >= 1
               for i, s, d, k in zip(spatial, stride, dilation, kernel)]
    batch = data.draw(st.sampled_from([None, 1, 3]))
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(([batch] if batch else []) + [groups * cig] + spatial)
    w = rng.standard_normal([groups * cig, cog] + kernel)
    b = rng.standard_normal(groups * cog) if bias else None
    assert_close(*run_transposed(n, x, w, b, dtype, layout, stride=stride, padding=padding,
                                 output_padding=output_padding, dilation=dilation,
                                 groups=groups), dtype)


TRANSPOSED_ERRORS = [
    (lambda L, f: f.conv_transpose2d(ones(L, 1, 5, 5, 5), ones(L, 4, 3, 3, 3)),
     "Given transposed=1, weight of size [4, 3, 3, 3], expected input[1, 5, 5, 5] to have 4 "
     "channels, but got 5 channels instead"),
    (lambda L, f: f.conv_transpose2d(ones(L, 1, 4, 5, 5), ones(L, 4, 3, 3, 3), output_padding=1),
     "output padding must be smaller than either stride or dilation"),
    (lambda L, f: f.conv_transpose2d(ones(L, 1, 4, 5, 5), ones(L, 4, 3, 3, 3), ones(L, 4)),
     "expected bias to be 1-dimensional with 3 elements, but got bias of size [4] instead"),
    (lambda L, f: f.conv_transpose2d(ones(L, 1, 4, 5, 5), ones(L, 3, 3, 3, 3), groups=2),
     "expected weight to be divisible by 2 at dimension 0"),
    (lambda L, f: f.conv_transpose2d(ones(L, 1, 4, 5, 5), ones(L, 4, 3, 3, 3), padding=4),
     "Output size is too small"),
    (lambda L, f: f.conv_transpose2d(ones(L, 1, 4, 5, 5), ones(L, 4, 3, 3, 3), stride=0),
     "non-positive stride is not supported"),
    (lambda L, f: f.conv_transpose1d(ones(L, 4, 5, 5, 5), ones(L, 4, 3, 3)),
     "Expected 2D (unbatched) or 3D (batched) input to conv_transpose1d"),
    (lambda L, f: f.conv_transpose2d(ones(L, 1, 4, 5, 5), ones(L, 4, 3, 3, 3), padding="same"),
     "padding"),
]


@pytest.mark.parametrize("call, match", TRANSPOSED_ERRORS)
def test_transposed_bad_arguments_raise_torchs_errors(call, match):
    before = th.debug.live()
    message = both_raise(call)
    assert match in message
    assert th.debug.live() == before


TOL_T = dict(TOL, complex128=dict(rtol=1e-12, atol=1e-12),
             # computed in float32 and rounded once; torch rounds each step in the
             # half type (a few of its ulps apart where col2im adds up overlaps)
             float16=dict(rtol=4e-3, atol=2e-2), bfloat16=dict(rtol=3e-2, atol=1.5e-1))


def transposed_operands(rng, dtype, xs, ws, cout):
    if dtype == "int64":  # big enough to wrap in products and sums
        return (rng.integers(-2**40, 2**40, xs), rng.integers(-2**40, 2**40, ws),
                rng.integers(-2**62, 2**62, cout))
    if dtype.startswith("complex"):
        return tuple(rng.standard_normal(s) + 1j * rng.standard_normal(s) for s in (xs, ws, cout))
    return tuple(rng.standard_normal(s) for s in (xs, ws, cout))


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "complex64", "complex128", "int64"])
@pytest.mark.parametrize("n, xs, ws, kw", TRANSPOSED)
def test_transposed_other_dtypes_are_torchs(n, xs, ws, kw, dtype):
    """The dtypes torch 2.13 computes beyond float32 and float64: the complex
    ones in BLAS, int64 exactly (wrapping as torch's), the halves through
    float32 within the half type's rounding."""
    rng = np.random.default_rng(8)
    x, w, b = transposed_operands(rng, dtype, xs, ws, ws[1] * kw.get("groups", 1))
    for bias in (b, None):
        ours, theirs = run_transposed(n, x, w, bias, dtype, **kw)
        assert tuple(ours.shape) == tuple(theirs.shape) and str(ours.dtype) == f"th.{dtype}"
        if dtype == "int64":
            assert ours.tolist() == theirs.tolist()
        else:
            np.testing.assert_allclose(values(ours), values(theirs.to(
                torch.complex128 if theirs.is_complex() else torch.float64)), **TOL_T[dtype])


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 3), st.integers(1, 2), st.data(),
       st.sampled_from(["contiguous", "transposed", "strided"]),
       st.sampled_from(["float16", "bfloat16", "complex64", "complex128", "int64"]),
       st.booleans(), st.integers(0, 2**32 - 1))
def test_random_transposed_convolutions_of_other_dtypes_are_torchs(n, groups, data, layout,
                                                                   dtype, bias, seed):
    kernel = [data.draw(st.integers(1, 3)) for _ in range(n)]
    stride = [data.draw(st.integers(1, 2)) for _ in range(n)]
    spatial = [data.draw(st.integers(1, 4)) for _ in range(n)]
    rng = np.random.default_rng(seed)
    x, w, b = transposed_operands(rng, dtype, [2, groups * 2] + spatial,
                                  [groups * 2, 3] + kernel, groups * 3)
    ours, theirs = run_transposed(n, x, w, b if bias else None, dtype, layout, stride=stride,
                                  groups=groups)
    if dtype == "int64":
        assert ours.tolist() == theirs.tolist()
    else:
        np.testing.assert_allclose(values(ours), values(theirs.to(
            torch.complex128 if theirs.is_complex() else torch.float64)), **TOL_T[dtype])


def test_transposed_is_the_adjoint_of_conv():
    """<conv(x, w), y> == <x, conv_transpose(y, w)> (same stride, padding,
    dilation, groups; output_padding making the shapes meet)."""
    rng = np.random.default_rng(7)
    x = th.tensor(rng.standard_normal((2, 4, 9, 8)).tolist(), dtype=th.float64)
    w = th.tensor(rng.standard_normal((6, 2, 3, 2)).tolist(), dtype=th.float64)
    kw = dict(stride=(2, 3), padding=(1, 1), dilation=(2, 1), groups=2)
    y = F.conv2d(x, w, **kw)
    z = th.tensor(rng.standard_normal(tuple(y.shape)).tolist(), dtype=th.float64)
    back = F.conv_transpose2d(z, w, output_padding=(0, 2), **kw)
    assert back.shape == x.shape
    assert abs((y * z).sum().item() - (x * back).sum().item()) < 1e-9


def test_transposed_live_counts_unchanged():
    x, w, b = th.ones(2, 4, 5, 5), th.ones(4, 3, 3, 3), th.ones(6)
    before = th.debug.live()
    for _ in range(3):
        F.conv_transpose2d(x.transpose(2, 3), w, b, stride=2, groups=2)
        with pytest.raises(RuntimeError):
            F.conv_transpose2d(x, w, th.ones(5), groups=2)
    assert th.debug.live() == before
