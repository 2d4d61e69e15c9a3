"""Python reference counts through the Cython layer: calling a binding must
not keep references to its arguments, to th's dtype objects, to Cython's
shared types or to its result. numpy-free, so `tox -e pyleaks` (pytest-leaks on a debug CPython)
checks these modules by default: numpy's own debug build shows reference
growth of its own."""
import gc
import sys

import pytest

import th
from th import _testcapi as capi


def make():
    return th.arange(24, dtype=th.float32).view(2, 3, 4)


# name -> operation on a fresh 2x3x4 float32 tensor (returns something new)
OPERATIONS = {
    "shape": lambda t: t.shape,
    "size()": lambda t: t.size(),
    "size(1)": lambda t: t.size(1),
    "stride()": lambda t: t.stride(),
    "dtype": lambda t: t.dtype,
    "storage()": lambda t: t.storage(),
    "tolist": lambda t: t.tolist(),
    "item": lambda t: t[0, 0, 0].item(),
    "repr": repr,
    "narrow": lambda t: t.narrow(1, 1, 2),
    "select": lambda t: t.select(0, 1),
    "transpose": lambda t: t.transpose(0, 2),
    "t": lambda t: t[0].t(),
    "T": lambda t: t.T,
    "permute": lambda t: t.permute(2, 0, 1),
    "unfold": lambda t: t.unfold(2, 2, 1),
    "expand": lambda t: t[:, :1].expand(2, 3, 4),
    "view": lambda t: t.view(-1),
    "reshape (copy)": lambda t: t.transpose(0, 2).reshape(-1),
    "flatten": lambda t: t.flatten(1),
    "squeeze": lambda t: t[:1].squeeze(0),
    "unsqueeze": lambda t: t.unsqueeze(0),
    "as_strided": lambda t: t.as_strided((2, 2), (1, 2)),
    "diagonal": lambda t: t.diagonal(0, 1, 2),
    "getitem tuple": lambda t: t[0, 1:, None, ::2],
    "getitem ...": lambda t: t[..., 1],
    "contiguous": lambda t: t.transpose(0, 1).contiguous(),
    "clone": lambda t: t.clone(),
    "copy_": lambda t: t.copy_(t.clone()),
    "fill_": lambda t: t.fill_(1.5),
    "setitem": lambda t: t.__setitem__((0, 1), th.ones(4)),
    "setitem list": lambda t: t.__setitem__((0, 1), [1, 2, 3, 4]),
    "broadcast_tensors": lambda t: th.broadcast_tensors(t, t[:1]),
    "tensor(t)": th.tensor,
    "zeros": lambda t: th.zeros(2, dtype=th.int8),
    "full": lambda t: th.full((2,), 3.5),
    "arange": lambda t: th.arange(5),
    "tensor(list)": lambda t: th.tensor([[1, 2], [3, 4]]),
    "Storage": lambda t: th.Storage([1, 2, 3], dtype=th.int16),
    "live": lambda t: th.debug.live(),
    # calls whose bindings once ran generator expressions (tests/core/test_cython_sources.py)
    "unbind": lambda t: t.unbind(1),
    "iter": lambda t: list(t),
    "chunk (empty)": lambda t: t[:, :0].chunk(2, 1),
    "split_with_sizes": lambda t: t.split([1, 2], 1),
    "unflatten": lambda t: t.unflatten(2, (2, -1)),
    "sum_to_size": lambda t: t.sum_to_size(1, 3, 1),
    "getitem list": lambda t: t[[0, 1], 1],
    "getitem mask": lambda t: t[t > 3],
    "getitem ... and list": lambda t: t[..., [0, 2]],
    "getitem negative step": lambda t: t[:, ::-1],
    "setitem index list": lambda t: t.__setitem__(([0, 1], 1), 0.5),
    "meshgrid": lambda t: th.meshgrid(t[0, 0], t[0, 1], indexing="ij"),
    "arange (floats)": lambda t: th.arange(0.0, 1.0, 0.25),
    "addcdiv": lambda t: th.addcdiv(t, t, t + 1),
    "quantile": lambda t: th.quantile(t, 0.5, dim=1, keepdim=True),
    "unique (dim)": lambda t: th.unique(t[0], dim=0),
}


def cython_shared_types():
    """Cython's generator, coroutine and function types, shared by every
    Cython module (the _cython_3_x module): Cython 3.2 and 3.3 leak one
    reference to the type for each instance made at run time."""
    return [o for o in gc.get_objects()  # (no attribute read: torch deprecates some)
            if issubclass(type(o), type) and type.__repr__(o).startswith("<class '_cython_")]


@pytest.mark.parametrize("name", list(OPERATIONS))
def test_bindings_keep_no_references(name):
    op = OPERATIONS[name]
    t = make()
    op(t)  # the first call may import or cache
    held = [t, th.float32, th.int8, th.int16, th.int64] + cython_shared_types()
    before = [sys.getrefcount(x) for x in held]
    for _ in range(50):
        result = op(t)
        del result
    after = [sys.getrefcount(x) for x in held]
    assert {repr(x): a - b for x, a, b in zip(held, after, before) if a != b} == {}


@pytest.mark.parametrize("name", ["narrow", "view", "clone", "storage()", "tensor(list)"])
def test_new_objects_are_held_only_by_the_caller(name):
    t = make()
    result = OPERATIONS[name](t)
    assert sys.getrefcount(result) == 2  # `result` and getrefcount's argument


def test_errors_keep_no_references():
    t = make()
    before = sys.getrefcount(t)
    for _ in range(50):
        with pytest.raises(IndexError):
            t.select(0, 5)
        with pytest.raises(ValueError):
            t.view(5, 5)
        with pytest.raises(IndexError):
            t[0, 0, 0, 0]
        with pytest.raises(TypeError):
            th.tensor(["x"])
    assert sys.getrefcount(t) == before


def test_capi_wrappers_keep_no_references():
    t = make()
    s = th.Storage(6)
    before = (sys.getrefcount(t), sys.getrefcount(s))
    for _ in range(50):
        capi.new_with_tensor(t)
        capi.new_contiguous(t)
        capi.new_with_storage_nd(s, 0, [2, 3])
        capi.inplace("narrow", th.empty(0), t, 0, 0, 1)
    assert (sys.getrefcount(t), sys.getrefcount(s)) == before
