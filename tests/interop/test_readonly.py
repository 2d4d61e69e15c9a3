"""Read-only memory viewed without a copy (TH_STORAGE_READONLY): every source
of read-only memory (bytes, a read-only memoryview, a non-writeable numpy
array, a read-only mmap, a read-only DLPack capsule, an out-of-band pickle
buffer) gives a tensor over that very memory, flagged read-only; its views
inherit the flag; every write path refuses it and leaves the memory as it
was; every read works and matches numpy."""
import copy
import ctypes
import mmap
import pickle
import subprocess
import sys
import weakref

import numpy as np
import pytest

import th
import th.nn.functional as F
from th import _testcapi

READONLY = "views read-only memory"


def readonly_array(shape=(3, 4), dtype=np.float64):
    a = (np.arange(int(np.prod(shape)), dtype=dtype) + 1).reshape(shape)
    a.flags.writeable = False
    return a


def address(a):
    return a.__array_interface__["data"][0]


# ------------------------------------------------------------ every source

def test_from_numpy_shares_a_non_writeable_array():
    a = readonly_array()
    t = th.from_numpy(a)
    assert t.is_readonly() and t.storage().is_readonly()
    assert t.data_ptr() == address(a) and t.tolist() == a.tolist()
    assert sys.getrefcount(a) == 3  # a, the argument, and the tensor's export
    del t
    assert sys.getrefcount(a) == 2


def test_a_writable_array_stays_writable():
    a = np.arange(3.0)
    t = th.from_numpy(a)
    assert not t.is_readonly()
    t.add_(1)
    assert a.tolist() == [1.0, 2.0, 3.0]


@pytest.mark.parametrize("make", [
    lambda: b"\x01\x02\x03\x04\x05\x06\x07\x08",
    lambda: memoryview(bytearray(range(1, 9))).toreadonly(),
    lambda: memoryview(b"\x01\x02\x03\x04\x05\x06\x07\x08"),
], ids=["bytes", "readonly-memoryview-of-bytearray", "memoryview-of-bytes"])
def test_frombuffer_shares_read_only_memory(make):
    source = make()
    t = th.frombuffer(source, dtype=th.uint8)
    assert t.is_readonly() and t.tolist() == list(range(1, 9))
    with memoryview(source) as m:
        assert t.data_ptr() == np.frombuffer(m, np.uint8).ctypes.data  # no copy
    with pytest.raises(RuntimeError, match=READONLY):
        t.fill_(0)
    assert bytes(source) == bytes(range(1, 9))


def test_frombuffer_matches_torch():
    torch = pytest.importorskip("torch")
    data = bytes(range(16))
    for kwargs in [dict(dtype=th.int32), dict(dtype=th.int16, count=3, offset=2),
                   dict(dtype=th.float64, offset=8)]:
        t = th.frombuffer(data, **kwargs)
        tk = dict(kwargs, dtype=getattr(torch, str(kwargs["dtype"])[3:]))
        expected = torch.frombuffer(bytearray(data), **tk)
        assert t.tolist() == expected.tolist() and t.is_readonly()
    writable = bytearray(data)
    t = th.frombuffer(writable, dtype=th.uint8, offset=4, count=2)
    t.fill_(9)  # a writable buffer: shared and written through
    assert not t.is_readonly() and list(writable[3:7]) == [3, 9, 9, 6]
    for bad in [dict(count=0), dict(offset=16), dict(offset=-1), dict(count=17),
                dict(dtype=th.int64, offset=4, count=-1)]:
        kwargs = dict(dict(dtype=th.uint8), **bad)
        with pytest.raises(ValueError, match="frombuffer"):
            th.frombuffer(data, **kwargs)
        tk = dict(kwargs, dtype=getattr(torch, str(kwargs["dtype"])[3:]))
        with pytest.raises(ValueError):
            torch.frombuffer(bytearray(data), **tk)
    with pytest.raises(ValueError, match="frombuffer"):
        th.frombuffer(b"", dtype=th.uint8)


def test_frombuffer_refuses_misaligned_and_strided_buffers():
    with pytest.raises(ValueError, match="aligned"):
        th.frombuffer(b"\x00" * 16, dtype=th.int32, offset=1, count=2)
    with pytest.raises(ValueError, match="contiguous"):
        th.frombuffer(np.arange(8.0)[::2], dtype=th.float64)


def test_asarray_shares_read_only_buffers():
    a = readonly_array()
    t = th.asarray(a)
    assert t.is_readonly() and t.data_ptr() == address(a)
    assert th.asarray(a, copy=False).is_readonly()
    c = th.asarray(a, copy=True)
    assert not c.is_readonly() and c.data_ptr() != address(a)
    data = b"\x00\x00\x80\x3f"  # 1.0f
    assert th.asarray(memoryview(data).cast("f")).tolist() == [1.0]


def test_a_read_only_mmap_of_a_file(tmp_path):
    path = tmp_path / "data.bin"
    np.arange(1000, dtype=np.float32).tofile(path)
    with open(path, "rb") as f:
        m = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    t = th.frombuffer(m, dtype=th.float32)
    u = th.asarray(np.frombuffer(m, np.float32).reshape(10, 100))
    assert t.is_readonly() and u.is_readonly() and u.data_ptr() == t.data_ptr()
    assert t.sum().item() == sum(range(1000)) and u[3, 7].item() == 307
    with pytest.raises(RuntimeError, match=READONLY):
        u.mul_(2)
    with pytest.raises(BufferError):
        m.close()  # the tensors hold exports of the mapping
    del t, u
    m.close()


def test_dlpack_read_only_capsules_are_shared():
    a = readonly_array()
    t = th.from_dlpack(a)  # numpy flags a versioned capsule read-only
    assert t.is_readonly() and t.data_ptr() == address(a)
    torch = pytest.importorskip("torch")
    back = torch.from_dlpack(t)  # th exports it versioned, flagged read-only
    assert back.data_ptr() == address(a) and back.tolist() == a.tolist()
    del back
    with pytest.raises(BufferError, match="read-only"):
        t.__dlpack__()  # a legacy capsule cannot say read-only: numpy's refusal
    with pytest.raises(BufferError, match="readonly"):
        a.__dlpack__()
    c = th.from_dlpack(t.__dlpack__(copy=True))  # a copy: writable, legacy capsule or not
    assert not c.is_readonly() and c.data_ptr() != address(a) and c.tolist() == a.tolist()


def test_pickle_protocol_5_views_read_only_out_of_band_buffers():
    t = th.arange(12.0).view(3, 4)
    buffers = []
    data = pickle.dumps(t, protocol=5, buffer_callback=buffers.append)
    readonly = [memoryview(b.raw()).toreadonly() for b in buffers]  # an object store's
    u = pickle.loads(data, buffers=readonly)
    assert u.is_readonly() and u.tolist() == t.tolist()
    assert u.data_ptr() == np.frombuffer(readonly[0], np.uint8).ctypes.data
    with pytest.raises(RuntimeError, match=READONLY):
        u[0, 0] = 5
    w = pickle.loads(data, buffers=buffers)  # writable buffers: shared writable
    assert not w.is_readonly() and w.data_ptr() == t.data_ptr()


def test_pickled_read_only_tensors_load_writable_in_band():
    t = th.from_numpy(readonly_array())
    for protocol in (2, 4, 5):
        u = pickle.loads(pickle.dumps(t, protocol=protocol))
        assert not u.is_readonly() and u.tolist() == t.tolist()
    assert not copy.deepcopy(t).is_readonly()


# -------------------------------------------------------- views and reads

VIEWS = {
    "getitem": lambda t: t[1],
    "slice": lambda t: t[:, 1:3],
    "transpose": lambda t: t.t(),
    "view": lambda t: t.view(12),
    "reshape": lambda t: t.reshape(2, 6),
    "expand": lambda t: t[0:1].expand(5, 4),
    "unfold": lambda t: t.unfold(1, 2, 1),
    "diagonal": lambda t: t.diagonal(),
    "as_strided": lambda t: t.as_strided((2, 2), (1, 4)),
    "storage": lambda t: th.empty(0, dtype=th.float64).set_(t.storage()),
    "detach": lambda t: t.detach(),
    "view_dtype": lambda t: t.view(th.int64),
    "real": lambda t: th.view_as_real(th.from_numpy(readonly_array((4,), np.complex128))),
}


@pytest.mark.parametrize("name", VIEWS)
def test_views_inherit_the_flag(name):
    t = th.from_numpy(readonly_array())
    v = VIEWS[name](t)
    assert v.is_readonly()
    with pytest.raises(RuntimeError, match=READONLY):
        v.zero_()
    assert (t.numpy() == readonly_array()).all()


READS = {  # th's read, numpy's
    "sum": (lambda t: t.sum(0), lambda a: a.sum(0)),
    "mean": (lambda t: t.mean(1), lambda a: a.mean(1)),
    "max": (lambda t: t.max(), lambda a: a.max()),
    "cumsum": (lambda t: t.cumsum(1), lambda a: a.cumsum(1)),
    "matmul": (lambda t: t @ t.T, lambda a: a @ a.T),
    "exp": (lambda t: t.exp(), np.exp),
    "add": (lambda t: t + t, lambda a: a + a),
    "sort": (lambda t: t.sort(1, descending=True)[0], lambda a: -np.sort(-a, 1)),
    "transpose-copy": (lambda t: t.T.contiguous(), lambda a: np.ascontiguousarray(a.T)),
    "getitem-advanced": (lambda t: t[[0, 2]], lambda a: a[[0, 2]]),
    "mask": (lambda t: t[t > 4], lambda a: a[a > 4]),
    "inv": (lambda t: th.linalg.inv(t[:, :3]), lambda a: np.linalg.inv(a[:, :3])),
    "to-float32": (lambda t: t.to(th.float32), lambda a: a.astype(np.float32)),
    "where": (lambda t: th.where(t > 3, t, -t), lambda a: np.where(a > 3, a, -a)),
}


@pytest.mark.parametrize("name", READS)
def test_reads_match_numpy(name):
    a = readonly_array() ** 1.5  # (invertible)
    a.flags.writeable = False
    t = th.from_numpy(a)
    got, expected = READS[name][0](t), READS[name][1](a)
    np.testing.assert_allclose(np.asarray(got), expected, rtol=1e-12)
    assert not got.is_readonly()


def test_copies_are_writable_and_reads_export_read_only():
    t = th.from_numpy(readonly_array())
    for c in (t.clone(), t.t().contiguous(), t.to(th.float32), t.float(), th.clone(t),
              th.asarray(t, copy=True)):
        assert not c.is_readonly()
        c.fill_(1)
    assert t.contiguous() is t  # no copy: the same read-only tensor
    n = t.numpy()
    assert not n.flags.writeable and address(n) == t.data_ptr()
    assert not np.asarray(t[1:]).flags.writeable
    with memoryview(t) as m:
        assert m.readonly and m.tolist() == t.tolist()
    get_buffer = ctypes.pythonapi.PyObject_GetBuffer
    get_buffer.argtypes = [ctypes.py_object, ctypes.c_void_p, ctypes.c_int]
    view = ctypes.create_string_buffer(256)  # room for a Py_buffer
    with pytest.raises(BufferError, match="read-only"):
        get_buffer(t, view, 1)  # PyBUF_WRITABLE
    assert (t.numpy() == readonly_array()).all()


# ---------------------------------------------------------- every write

def _m(shape):
    return th.arange(float(np.prod(shape)), dtype=th.float64).view(shape) / 10


def _i(shape):
    return th.zeros(shape, dtype=th.int64)


# each takes a read-only float64 (3, 4) tensor and writes into it (or a view)
WRITES = {
    # the element-wise engine, in place
    "add_": lambda r: r.add_(1), "sub_": lambda r: r.sub_(r), "mul_": lambda r: r.mul_(2),
    "div_": lambda r: r.div_(2), "pow_": lambda r: r.pow_(2), "neg_": lambda r: r.neg_(),
    "exp_": lambda r: r.exp_(), "sqrt_": lambda r: r.sqrt_(), "clamp_": lambda r: r.clamp_(0, 1),
    "addcmul_": lambda r: r.addcmul_(r, r), "addcdiv_": lambda r: r.addcdiv_(r, r),
    "lerp_": lambda r: r.lerp_(_m((3, 4)), 0.5), "nan_to_num_": lambda r: r.nan_to_num_(),
    "sigmoid_": lambda r: r.sigmoid_(), "tril_": lambda r: r.tril_(), "triu_": lambda r: r.triu_(),
    "eq_": lambda r: r.eq_(1), "round_": lambda r: r.round_(), "sign_": lambda r: r.sign_(),
    "relu_": lambda r: r.relu_(), "th.relu_": lambda r: th.relu_(r),
    "F.relu-inplace": lambda r: F.relu(r, inplace=True),
    "F.threshold_": lambda r: F.threshold_(r, 1.0, 0.0),
    "iadd": lambda r: r.__iadd__(1), "imul-view": lambda r: r[1].__imul__(2),
    "itruediv": lambda r: r.__itruediv__(2),
    "lazy-setitem": lambda r: r.__setitem__(slice(1, None), th.lazy(r[:-1]) * 10),
    "lazy-exp-out": lambda r: th.exp(th.lazy(_m((3, 4))) + 1, out=r),
    # copies and fills
    "copy_": lambda r: r.copy_(_m((3, 4))), "copy_-broadcast": lambda r: r.copy_(_m((4,))),
    "copy_-dtype": lambda r: r.copy_(_i((3, 4))), "fill_": lambda r: r.fill_(0),
    "zero_": lambda r: r.zero_(), "fill_-view": lambda r: r[:, 1].fill_(0),
    "fill_-complex": lambda r: th.from_numpy(readonly_array((2,), np.complex64)).fill_(1j),
    "fill_-int": lambda r: th.from_numpy(readonly_array((2,), np.int64)).fill_(2 ** 40),
    # setitem
    "setitem-int": lambda r: r.__setitem__(0, 1.0),
    "setitem-slice": lambda r: r.__setitem__(slice(None), _m((3, 4))),
    "setitem-ellipsis": lambda r: r.__setitem__(Ellipsis, 0.0),
    "setitem-element": lambda r: r.__setitem__((1, 2), 5.0),
    "setitem-mask": lambda r: r.__setitem__(r > 3, 0.0),
    "setitem-index": lambda r: r.__setitem__(th.tensor([0, 2]), 0.0),
    "setitem-index-tensor": lambda r: r.__setitem__((th.tensor([0, 1]), th.tensor([1, 2])),
                                                    th.tensor([7.0, 8.0], dtype=th.float64)),
    "setitem-list": lambda r: r.__setitem__([0, 1], 0.0),
    # index, scatter and mask families
    "index_put_": lambda r: r.index_put_((th.tensor([0]),), th.tensor(1.0, dtype=th.float64)),
    "index_put_-accumulate": lambda r: r.index_put_(
        (th.tensor([0, 0]),), th.tensor(1.0, dtype=th.float64), accumulate=True),
    "index_add_": lambda r: r.index_add_(0, th.tensor([1]), _m((1, 4))),
    "index_copy_": lambda r: r.index_copy_(0, th.tensor([1]), _m((1, 4))),
    "index_fill_": lambda r: r.index_fill_(1, th.tensor([0]), 0.0),
    "masked_fill_": lambda r: r.masked_fill_(r > 2, 0.0),
    "masked_scatter_": lambda r: r.masked_scatter_(r > 2, _m((3, 4))),
    "scatter_": lambda r: r.scatter_(1, _i((3, 1)), 0.0),
    "scatter_-src": lambda r: r.scatter_(1, _i((3, 1)), _m((3, 1))),
    "scatter_add_": lambda r: r.scatter_add_(1, _i((3, 1)), _m((3, 1))),
    "scatter_reduce_": lambda r: r.scatter_reduce_(1, _i((3, 1)), _m((3, 1)), "amax"),
    "put_": lambda r: r.put_(th.tensor([0]), th.tensor([9.0], dtype=th.float64)),
    # random fills
    "uniform_": lambda r: r.uniform_(), "normal_": lambda r: r.normal_(),
    "bernoulli_": lambda r: r.bernoulli_(0.5), "exponential_": lambda r: r.exponential_(),
    "random_": lambda r: r.random_(0, 5), "cauchy_": lambda r: r.cauchy_(),
    "log_normal_": lambda r: r.log_normal_(), "geometric_": lambda r: r.geometric_(0.5),
    # out= of the element-wise, reduction, scan, sort, BLAS, LAPACK, index families
    "add-out": lambda r: th.add(_m((3, 4)), 1, out=r),
    "exp-out": lambda r: th.exp(_m((3, 4)), out=r),
    "where-out": lambda r: th.where(_m((3, 4)) > 0.5, 1.0, _m((3, 4)), out=r),
    "sum-out": lambda r: th.sum(_m((5, 4)), 0, out=r[0]),
    "sum-out-resized": lambda r: th.sum(_m((5, 4)), 0, out=r),
    "mean-out": lambda r: th.mean(_m((3, 5)), 1, out=r[:, 0]),
    "amax-out": lambda r: th.amax(_m((3, 5)), 1, out=r[:, 0]),
    "max-out": lambda r: th.max(_m((3, 5)), 1, out=(r[:, 0], _i(3))),
    "cumsum-out": lambda r: th.cumsum(_m((3, 4)), 1, out=r),
    "cumsum_": lambda r: r.cumsum_(0),
    "sort-out": lambda r: th.sort(_m((3, 4)), 1, out=(r, _i((3, 4)))),
    "topk-out": lambda r: th.topk(_m((3, 4)), 2, out=(r[:, :2], _i((3, 2)))),
    "mm-out": lambda r: th.mm(_m((3, 2)), _m((2, 4)), out=r),
    "matmul-out": lambda r: th.matmul(_m((3, 2)), _m((2, 4)), out=r),
    "mv-out": lambda r: th.mv(_m((4, 3)), _m((3,)), out=r[0]),
    "addmm_": lambda r: r.addmm_(_m((3, 2)), _m((2, 4))),
    "addmv_": lambda r: r[0].addmv_(_m((4, 3)), _m((3,))),
    "addr_": lambda r: r.addr_(_m((3,)), _m((4,))),
    "baddbmm_": lambda r: r.view(1, 3, 4).baddbmm_(_m((1, 3, 2)), _m((1, 2, 4))),
    "inv-out": lambda r: th.linalg.inv(_m((3, 3)) + th.eye(3, dtype=th.float64), out=r[:, :3]),
    "solve-out": lambda r: th.linalg.solve(th.eye(3, dtype=th.float64), _m((3, 4)), out=r),
    "cholesky-out": lambda r: th.linalg.cholesky(th.eye(3, dtype=th.float64), out=r[:, :3]),
    "cat-out": lambda r: th.cat([_m((1, 4)), _m((2, 4))], out=r),
    "stack-out": lambda r: th.stack([_m((4,))] * 3, out=r),
    "linspace-out": lambda r: th.linspace(0, 1, 4, out=r[0]),
    "logspace-out": lambda r: th.logspace(0, 1, 4, out=r[0]),
    "eye-out": lambda r: th.eye(3, 4, out=r),
    "normal-out": lambda r: th.normal(_m((3, 4)), 1.0, out=r),
    "clamp-out": lambda r: th.clamp(_m((3, 4)), 0, 1, out=r),
    "tril-out": lambda r: th.tril(_m((3, 4)), out=r),
    "diag-out": lambda r: th.diag(_m((4, 4)), out=r[0]),
    "round-out": lambda r: th.round(_m((3, 4)), out=r),
    "lerp-out": lambda r: th.lerp(_m((3, 4)), _m((3, 4)), 0.5, out=r),
    "cross-out": lambda r: th.cross(_m((4, 3)), _m((4, 3)), dim=1, out=r.t()),
    "prod-out": lambda r: th.prod(_m((3, 5)), 1, out=r[:, 0]),
    "std-out": lambda r: th.std(_m((3, 5)), 1, out=r[:, 0]),
    "logsumexp-out": lambda r: th.logsumexp(_m((3, 5)), 1, out=r[:, 0]),
    "cumprod-out": lambda r: th.cumprod(_m((3, 4)), 1, out=r),
    "median-out": lambda r: th.median(_m((3, 5)), 1, out=(r[:, 0], _i(3))),
    "kthvalue-out": lambda r: th.kthvalue(_m((3, 5)), 2, 1, out=(r[:, 0], _i(3))),
    "mode-out": lambda r: th.mode(_m((3, 5)), 1, out=(r[:, 0], _i(3))),
    "histc-out": lambda r: th.histc(_m((10,)), 4, out=r[0]),
    "bmm-out": lambda r: th.bmm(_m((1, 3, 2)), _m((1, 2, 4)), out=r.view(1, 3, 4)),
    "dot-out": lambda r: th.dot(_m((3,)), _m((3,)), out=r[0, 0]),
    "det-out": lambda r: th.linalg.det(th.eye(3, dtype=th.float64), out=r[0, 0]),
    "qr-out": lambda r: th.linalg.qr(_m((3, 3)), out=(r[:, :3], _m((3, 3)))),
    "eigh-out": lambda r: th.linalg.eigh(th.eye(3, dtype=th.float64), out=(r[0, :3], _m((3, 3)))),
    "svd-out": lambda r: th.linalg.svd(_m((3, 3)), out=(_m((3, 3)), r[0, :3], _m((3, 3)))),
    "norm-out": lambda r: th.linalg.norm(_m((3, 4)), dim=1, out=r[:, 0]),
    "matrix_power-out": lambda r: th.linalg.matrix_power(_m((3, 3)), 2, out=r[:, :3]),
    "pinv-out": lambda r: th.linalg.pinv(_m((3, 4)), out=r.t()),
    "lu_factor-out": lambda r: th.linalg.lu_factor(_m((3, 3)) + th.eye(3, dtype=th.float64),
                                                   out=(r[:, :3], th.zeros(3, dtype=th.int32))),
    "vecdot-out": lambda r: th.linalg.vecdot(_m((3, 4)), _m((3, 4)), out=r[:, 0]),
    # conv, writing into an out= where th has one; in-place nn functions
    "F.dropout-inplace": lambda r: F.dropout(r, 0.5, training=True, inplace=True),
    "F.leaky_relu-inplace": lambda r: F.leaky_relu(r, inplace=True),
    "F.hardtanh-inplace": lambda r: F.hardtanh(r, inplace=True),
    # geometry: resize_ (any size) and set_ growing into the memory
    "resize_-grow": lambda r: r.resize_(100), "resize_-shrink": lambda r: r.resize_(2),
    "resize_-same": lambda r: r.resize_(3, 4),
    "set_-then-fill": lambda r: th.empty(0, dtype=th.float64).set_(r.storage()).fill_(0),
    # sharing moves the data
    "share_memory_": lambda r: r.share_memory_(),
    "storage-share_memory_": lambda r: r.storage().share_memory_(),
    # the storage's own writes
    "storage-fill_": lambda r: r.storage().fill_(0),
    "storage-setitem": lambda r: r.storage().__setitem__(0, 5.0),
    "storage-resize_": lambda r: r.storage().resize_(3),
}


@pytest.mark.parametrize("name", WRITES)
def test_every_write_path_refuses_read_only_memory(name):
    a = readonly_array()
    r = th.from_numpy(a)
    with pytest.raises(RuntimeError, match=READONLY) as info:
        WRITES[name](r)
    assert ".clone()" in str(info.value)  # says how to get a writable copy
    assert (a == readonly_array()).all()  # untouched
    assert r.shape == (3, 4) and r.data_ptr() == address(a)


def _ro(shape, dtype=np.float64):
    a = np.zeros(shape, dtype)
    a.flags.writeable = False
    return th.from_numpy(a)


def _eye():
    return th.eye(3, dtype=th.float64)


# out= of other dtypes and shapes: each writes into the read-only tensor(s) it makes
OTHER_WRITES = {
    "bucketize-out": lambda: th.bucketize(_m((5,)), th.tensor([0.2, 0.5], dtype=th.float64),
                                          out=_ro(5, np.int64)),
    "searchsorted-out": lambda: th.searchsorted(th.tensor([0.2, 0.5], dtype=th.float64),
                                                _m((5,)), out=_ro(5, np.int64)),
    "cummax-out-values": lambda: th.cummax(_m((5,)), 0, out=(_ro(5), _i(5))),
    "cummax-out-indices": lambda: th.cummax(_m((5,)), 0, out=(_m((5,)), _ro(5, np.int64))),
    "argmax-out": lambda: th.argmax(_m((3, 4)), 1, out=_ro(3, np.int64)),
    "max-out-indices": lambda: th.max(_m((3, 4)), 1, out=(_m((3,)), _ro(3, np.int64))),
    "sort-out-indices": lambda: th.sort(_m((3, 4)), 1, out=(_m((3, 4)), _ro((3, 4), np.int64))),
    "all-out": lambda: th.all(_m((3, 4)) > 0.5, 1, out=_ro(3, np.bool_)),
    "eq-out": lambda: th.eq(_m((3,)), _m((3,)), out=_ro(3, np.bool_)),
    "var-out": lambda: th.var(_m((3, 4)), 1, out=_ro(3)),
    "norm-out": lambda: th.norm(_m((3, 4)), dim=1, out=_ro(3)),
    "logcumsumexp-out": lambda: th.logcumsumexp(_m((3, 4)), 1, out=_ro((3, 4))),
    "sigmoid-out": lambda: th.sigmoid(_m((3,)), out=_ro(3)),
    "slogdet-out": lambda: th.linalg.slogdet(_eye(), out=(_ro(()), _ro(()))),
    "eigvalsh-out": lambda: th.linalg.eigvalsh(_eye(), out=_ro(3)),
    "lu-out": lambda: th.linalg.lu(_eye(), out=(_ro((3, 3)), _ro((3, 3)), _ro((3, 3)))),
    "cholesky_ex-out-info": lambda: th.linalg.cholesky_ex(_eye(),
                                                          out=(_m((3, 3)), _ro((), np.int32))),
    "tensordot-out": lambda: th.tensordot(_m((3, 4)), _m((4, 2)), 1, out=_ro((3, 2))),
    "multinomial-out": lambda: th.multinomial(th.ones(4), 2, out=_ro(2, np.int64)),
    "normal-tensors-out": lambda: th.normal(_m((3,)), _m((3,)) + 1, out=_ro(3)),
    "bernoulli-out": lambda: th.bernoulli(_m((3,)), out=_ro(3)),
    "sparse-mm-out": lambda: th.mm(_eye().to_sparse(), _m((3, 3)), out=_ro((3, 3))),
    "F.normalize-out": lambda: F.normalize(_m((3, 4)), out=_ro((3, 4))),
    "cumsum-int-out": lambda: th.cumsum(th.ones(4, dtype=th.int64), 0, out=_ro(4, np.int64)),
    "polygamma-out": lambda: th.polygamma(1, _m((3,)) + 1, out=_ro(3)),
    "xlogy-out": lambda: th.xlogy(_m((3,)), _m((3,)), out=_ro(3)),
    "bool-setitem": lambda: _ro(3, np.bool_).__setitem__(0, True),
    "complex-mul_": lambda: _ro(3, np.complex128).mul_(2j),
    "int-random_": lambda: _ro(3, np.int32).random_(),
    "uint8-bitwise_not_": lambda: _ro(3, np.uint8).bitwise_not_(),
    "float16-add_": lambda: _ro(3, np.float16).add_(1),
}


@pytest.mark.parametrize("name", OTHER_WRITES)
def test_out_of_every_dtype_refuses_read_only_memory(name):
    with pytest.raises(RuntimeError, match=READONLY):
        OTHER_WRITES[name]()


@pytest.mark.parametrize("name", ["add_", "fill_", "setitem-mask", "index_put_", "sort-out",
                                  "mm-out", "uniform_", "resize_-shrink", "storage-fill_"])
def test_the_same_writes_work_on_a_writable_copy(name):
    r = th.from_numpy(readonly_array()).clone()
    WRITES[name](r)


def test_errors_name_the_function():
    r = th.from_numpy(readonly_array())
    for f, fn in [(lambda: r.copy_(r), "THTensor_copy"), (lambda: r.add_(1), "THTensor_assign"),
                  (lambda: r.uniform_(), "THTensor_uniform"),
                  (lambda: th.mm(_m((3, 2)), _m((2, 4)), out=r), "THTensor_mm"),
                  (lambda: r.storage().__setitem__(0, 1.0), "Storage.__setitem__"),
                  (lambda: r.resize_(5), "THTensor_resizeNd")]:
        with pytest.raises(RuntimeError, match=f"^{fn}: .*{READONLY}"):
            f()


def test_the_flag_cannot_be_cleared():
    r = th.from_numpy(readonly_array())
    _testcapi.storage_clear_flag(r.storage(), _testcapi.STORAGE_READONLY)
    assert r.is_readonly()


def test_numpy_writes_through_an_export_are_refused():
    r = th.from_numpy(readonly_array())
    with pytest.raises(RuntimeError, match=READONLY):
        np.add(r, 1, out=r)  # th computes the ufuncs it maps
    with pytest.raises(ValueError, match="read-only"):
        np.cbrt(r, out=r)  # numpy computes into the tensor's (read-only) array
    with pytest.raises(ValueError, match="read-only"):
        r.numpy()[0, 0] = 1
    assert (r.numpy() == readonly_array()).all()


def test_the_exporter_lives_as_long_as_any_view():
    a = readonly_array()
    alive = weakref.ref(a)
    t = th.from_numpy(a)
    v = t[1:].t()
    del a, t
    assert alive() is not None  # the storage's export holds the array
    assert v.tolist() == readonly_array()[1:].T.tolist()
    del v
    assert alive() is None


def test_live_counts_return():
    before = th.debug.live()
    a = readonly_array()
    t = th.from_numpy(a)
    views = [t[1], t.t(), t.view(12)]
    with pytest.raises(RuntimeError):
        views[0].fill_(0)
    del t, views
    assert th.debug.live() == before


# ----------------------------------------------------------- the C API

def test_c_callers_are_refused_too(tmp_path):
    from helpers import build_c_program
    program = build_c_program("test_readonly.c", tmp_path / "test_readonly")
    result = subprocess.run([str(program)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "ok\n"


# th's C entry points the Python methods do not reach (TH's result forms)
C_WRITES = {
    "indexSelect": lambda r: _testcapi.into_result("indexSelect", r, _m((5, 4)), 0,
                                                   th.tensor([0, 1, 2])),
    "gather": lambda r: _testcapi.into_result("gather", r, _m((3, 4)), 1, _i((3, 4))),
    "maskedSelect": lambda r: _testcapi.into_result("maskedSelect", r.view(12), _m((3, 4)),
                                                    th.ones(3, 4, dtype=th.bool)),
    "scatterFill": lambda r: _testcapi.fill_double("scatterFill", r, _i((3, 1)), 1, 0.5),
    "indexFill": lambda r: _testcapi.fill_double("indexFill", r, th.tensor([0]), 0, 0.5),
    "maskedFill": lambda r: _testcapi.fill_double("maskedFill", r, th.ones(3, 4, dtype=th.bool),
                                                  0.5),
    "catArray": lambda r: _testcapi.join_array("catArray", r, [_m((1, 4)), _m((2, 4))], 0),
    "stackArray": lambda r: _testcapi.join_array("stackArray", r, [_m((4,))] * 3, 0),
    "addmv": lambda r: _testcapi.add_product("addmv", r[0], 0, _m((4,)), 1, _m((4, 3)), _m((3,))),
    "addr": lambda r: _testcapi.add_product("addr", r, 0, _m((3, 4)), 1, _m((3,)), _m((4,))),
    "addbmm": lambda r: _testcapi.add_product("addbmm", r, 0, _m((3, 4)), 1, _m((2, 3, 2)),
                                              _m((2, 2, 4))),
    "resizeAs": lambda r: _testcapi.resize_as(r, _m((2,))),
    "typed_set": lambda r: _testcapi.typed_set(_float32(r), "Float", 5.0, 0, 0),
    "storage_typed_set": lambda r: _testcapi.storage_typed_set(_float32(r).storage(), "Float", 0,
                                                               5.0),
    "storage_swap": lambda r: _testcapi.storage_swap(r.storage(), th.Storage(12, dtype=th.float64)),
}


def _float32(r):
    """r's memory as float32 (the typed test entry points take TH's Float)."""
    return r.view(th.float32)


@pytest.mark.parametrize("name", C_WRITES)
def test_c_entry_points_refuse_read_only_memory(name):
    a = readonly_array()
    r = th.from_numpy(a)
    with pytest.raises(RuntimeError, match=READONLY):
        C_WRITES[name](r)
    assert (a == readonly_array()).all()
