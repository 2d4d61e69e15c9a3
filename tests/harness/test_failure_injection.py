"""The Golden Rule on every error path: each public operation is run with its
1st, 2nd, ... allocation failing in turn; every failure must raise
MemoryError and leave the live counts exactly as they were (what the
operation took before failing, it freed), and the objects it was given
unchanged."""
import atexit
import copy
import os
import pickle
import tempfile

import numpy as np
import pytest

import th
from th import _lapack
from th import _testcapi as capi

import test_conv_planes as conv_planes


def t234():
    return (th.arange(24, dtype=th.float32).view(2, 3, 4),)


def seven_dims():
    return (th.zeros(1, 1, 1, 1, 1, 2, 3),)


def storage_and_tensor():
    return th.Storage(12), th.empty(0)


def array():
    return (np.arange(24, dtype=np.float32).reshape(2, 3, 4),)


def coo_parts():
    """Indices with duplicates and hybrid values (nnz x 2)."""
    return th.tensor([[2, 0, 2, 1], [3, 1, 3, 0]]), th.arange(8, dtype=th.float32).view(4, 2)


def a_coo():
    return (th.sparse_coo_tensor(*coo_parts(), (3, 4, 2)),)


def spd():
    """A batch of 2 symmetric positive-definite 3 x 3 float64 matrices, laid
    out row-major (LAPACK reads column-major: most routines copy them)."""
    a = th.arange(18, dtype=th.float64).view(2, 3, 3) / 10
    eye = th.tensor([[1.0, 0, 0], [0, 1, 0], [0, 0, 1]], dtype=th.float64)
    return ((a @ a.mT + 3 * eye).contiguous(),)


def quietly(fn, *args, **kwargs):
    """fn(*args, **kwargs) without its warnings (conv's 'same' of an even kernel)."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


def conv_operands():
    """input (2, 4, 5, 6), weight (4, 4, 3, 3), bias (4), float64."""
    return (th.arange(240, dtype=th.float64).view(2, 4, 5, 6) / 100,
            th.arange(144, dtype=th.float64).view(4, 4, 3, 3) / 50, th.ones(4, dtype=th.float64))


def planes_operands():
    """r, input (3, 3, 3), kernel (4, 3, 2, 2), float64 (TH's conv2Dmv)."""
    return (th.zeros(0, dtype=th.float64), th.arange(27, dtype=th.float64).view(3, 3, 3),
            th.arange(48, dtype=th.float64).view(4, 3, 2, 2))


def warmed(setup, action):
    """(setup, action), the setup running action once: the engine allocates
    a thread's scratch buffer on its first use, which the counted run would
    see and the failing runs not."""
    def warm():
        args = setup()
        action(*args)
        return args
    return warm, action


_FILES = tempfile.TemporaryDirectory(prefix="th-failure-")
atexit.register(_FILES.cleanup)
_file_count = iter(range(1 << 30))


def a_file():
    """A path no file has yet (the shared mapping creates it)."""
    return (os.path.join(_FILES.name, f"data{next(_file_count)}.bin"),)


# name -> (setup: makes the arguments, untimed; action: the operation)
CASES = {
    "empty": (tuple, lambda: th.empty(2, 3)),
    "zeros": (tuple, lambda: th.zeros(5, dtype=th.int8)),
    "full": (tuple, lambda: th.full((2, 2), 3)),
    "arange": (tuple, lambda: th.arange(10)),
    "tensor": (tuple, lambda: th.tensor([[1, 2], [3, 4]])),
    "tensor of a tensor": (t234, lambda t: th.tensor(t)),
    "Storage(n)": (tuple, lambda: th.Storage(4)),
    "Storage(values)": (tuple, lambda: th.Storage([1, 2, 3])),
    "Tensor(sizes)": (tuple, lambda: th.Tensor(2, 3)),
    "Tensor(storage)": (lambda: (th.Storage(3),), lambda s: th.Tensor(s)),
    "narrow": (t234, lambda t: t.narrow(1, 1, 2)),
    "select": (t234, lambda t: t.select(0, 1)),
    "transpose": (t234, lambda t: t.transpose(0, 2)),
    "t": (lambda: (th.empty(2, 3),), lambda t: t.t()),
    "T": (t234, lambda t: t.T),
    "permute": (t234, lambda t: t.permute(2, 0, 1)),
    "unfold": (t234, lambda t: t.unfold(2, 2, 1)),
    "expand": (lambda: (th.empty(3, 1),), lambda t: t.expand(2, 3, 4)),
    "expand_as": (lambda: (th.empty(1, 4), th.empty(3, 4)), lambda a, b: a.expand_as(b)),
    "view": (t234, lambda t: t.view(6, 4)),
    "reshape (a view)": (t234, lambda t: t.reshape(-1)),
    "reshape (a copy)": (t234, lambda t: t.transpose(0, 2).reshape(-1)),
    "squeeze": (lambda: (th.empty(1, 3, 1),), lambda t: t.squeeze()),
    "squeeze(dim)": (lambda: (th.empty(1, 3, 1),), lambda t: t.squeeze(2)),
    "unsqueeze": (t234, lambda t: t.unsqueeze(1)),
    "unsqueeze past the inline dims": (seven_dims, lambda t: t.unsqueeze(0)),
    "flatten": (t234, lambda t: t.flatten(1)),
    "as_strided": (t234, lambda t: t.as_strided((2, 2), (1, 2))),
    "diagonal": (t234, lambda t: t.diagonal(0, 1, 2)),
    "index int": (t234, lambda t: t[1]),
    "index slice": (t234, lambda t: t[1:]),
    "index tuple": (t234, lambda t: t[0, 1:, None, ::2]),
    "index ...": (t234, lambda t: t[..., 1]),
    "contiguous (a copy)": (t234, lambda t: t.transpose(0, 1).contiguous()),
    "clone": (t234, lambda t: t.clone()),
    "copy_ overlapping": (t234, lambda t: t[1:].copy_(t[:-1])),
    "setitem scalar": (t234, lambda t: t.__setitem__((0, slice(None)), 5.0)),
    "setitem tensor": (t234, lambda t: t.__setitem__(1, th.ones(3, 4))),
    "resize_ (storage grows)": (lambda: (th.empty(2),), lambda t: t.resize_(5, 5)),
    "resize_ (past the inline dims)": (lambda: (th.empty(2),), lambda t: t.resize_(1, 1, 1, 1, 1, 2)),
    "set_": (seven_dims, lambda t: th.empty(0).set_(t)),
    "Storage.resize_": (lambda: (th.Storage(3),), lambda s: s.resize_(10)),
    "broadcast_tensors": (lambda: (th.empty(3, 1), th.empty(4)), th.broadcast_tensors),
    "copy_ with dtype conversion": (lambda: (th.empty(2, 3, 4, dtype=th.int16),) + t234(),
                                    lambda d, s: d.copy_(s.transpose(0, 1).transpose(0, 1))),
    # interop and sharing (fill_, numpy(), a DLPack export and share_memory_
    # allocate nothing through th: there is no allocation of theirs to fail);
    # tox -e pyleaks leaves out the cases named "numpy" (numpy's debug build
    # grows reference counts by itself)
    "from_numpy": (array, th.from_numpy),
    "asarray (a view of numpy)": (array, th.asarray),
    "asarray (a copy of numpy)": (array, lambda a: th.asarray(a[:, :, ::-1])),
    "from_dlpack (numpy)": (array, th.from_dlpack),
    "pickle": (t234, lambda t: pickle.loads(pickle.dumps(t[1:]))),
    "deepcopy": (t234, lambda t: copy.deepcopy([t, t[0]])),
    "Storage.from_file": (a_file, lambda p: th.Storage.from_file(p, shared=True, size=12)),
    # the C API, through th._testcapi
    "newWithStorageNd": (lambda: (th.Storage(6),), lambda s: capi.new_with_storage_nd(s, 0, [2, 3])),
    "newWithStorageNdMove": (lambda: (th.Storage(6),),
                             lambda s: capi.new_with_storage_nd_move(s, 0, [1] * 6)),
    "newWithSize (strided)": (tuple, lambda: capi.new_with_size_nd(th.int16, [2, 3], [1, 2])),
    "newWithSize4d": (tuple, lambda: capi.new_with_size_1d_to_4d(th.uint8, 1, 2, 3, 4)),
    "newWithTensor": (seven_dims, capi.new_with_tensor),
    "newContiguous": (t234, lambda t: capi.new_contiguous(t.transpose(0, 1))),
    "newReshape": (t234, lambda t: capi.new_reshape(t.transpose(1, 2), [24])),
    "in-place unsqueeze1d": (lambda: (th.empty(1, 2, 3, 4),),
                             lambda t: capi.inplace("unsqueeze1d", t, None, 0)),
    "setStorageNd (more dims)": (storage_and_tensor,
                                 lambda s, t: capi.set_storage_nd(t, s, 0, [1, 1, 1, 2, 2, 3])),
    "resizeNd": (lambda: (th.empty(2),), lambda t: capi.resize_nd(t, [4, 4])),
    "freeCopyTo (broadcast, dtype, overlap)": (
        lambda: (th.ones(3),), lambda t: capi.free_copy_to(t[:2], t[1:])),
    "newWithDataAndAllocator": (tuple, lambda: capi.storage_adopting_data(th.int32, 4)),
    # the gather family and advanced indexing (THTensorIndex.h)
    "index_select": (t234, lambda t: t.index_select(1, th.tensor([2, 0]))),
    "gather": (t234, lambda t: t.gather(2, th.tensor([[[3, 0]]]))),
    "masked_select": (t234, lambda t: t.masked_select(th.tensor([True, False, True, True]))),
    "nonzero": (t234, lambda t: t.nonzero()),
    "scatter_ (src is self)": (t234, lambda t: t.scatter_(2, th.tensor([[[3, 0]]]), t)),
    "index_copy_ (src is self)": (t234, lambda t: t.index_copy_(0, th.tensor([1, 0]), t)),
    "index_fill_": (t234, lambda t: t.index_fill_(1, th.tensor([-1]), 0)),
    "masked_fill_": (t234, lambda t: t.masked_fill_(th.tensor([True, False, True, True]), 0)),
    "scatter_add_ (float16: float32 copies)": (lambda: (th.zeros(3, 4, dtype=th.float16),),
                                               lambda t: t.scatter_add_(0, th.tensor([[2, 0]]),
                                                                        th.ones(1, 2, dtype=th.float16))),
    "scatter_reduce_ (mean)": warmed(t234, lambda t: t.scatter_reduce_(2, th.tensor([[[3, 0]]]),
                                                                 t[:, :, :2], "mean")),
    "index_add_ (src is self)": (t234, lambda t: t.index_add_(0, th.tensor([1, 0]), t, alpha=2)),
    "index_put_ (accumulate)": (t234, lambda t: t.index_put_((th.tensor([1, 1]),), t[0], True)),
    "put_": warmed(t234, lambda t: t.put_(th.tensor([-1, 3]), th.ones(2), True)),
    "take": warmed(t234, lambda t: t.take(th.tensor([[5, -2]]))),
    "masked_scatter_": warmed(t234, lambda t: t.masked_scatter_(th.tensor([True, False, True, False]),
                                                          th.arange(30.0))),
    "index_select (result form)": (lambda: (th.empty(0),) + t234(),
                                   lambda r, t: capi.into_result("indexSelect", r, t, 0, th.tensor([1]))),
    "getitem (advanced)": (t234, lambda t: t[[1, 0], :, [2, 3]]),
    "getitem (mask)": (t234, lambda t: t[:, th.tensor([True, False, True])]),
    "setitem (advanced, values copied)": (t234, lambda t: t.__setitem__(([0, 1], 0), t[:, 1])),
    # reshaping helpers, joins and flip
    "movedim": (t234, lambda t: t.movedim((0, 1), (2, 0))),
    "mT": (t234, lambda t: t.mT),
    "unflatten": (t234, lambda t: t.unflatten(2, (2, 2))),
    "chunk": (t234, lambda t: t.chunk(3, 2)),
    "split (sizes)": (t234, lambda t: t.split([1, 2], 1)),
    "unbind": (t234, lambda t: t.unbind(1)),
    "flip": (t234, lambda t: t.flip(0, 2)),
    "flip past the inline dims": (seven_dims, lambda t: t.flip(-1)),
    "flip (long: without the GIL)": (lambda: (th.zeros(256, 256),), lambda t: t.flip(1)),
    "cat (mixed dtypes)": (lambda: t234() + (th.ones(2, 3, 1, dtype=th.int8),),
                           lambda a, b: th.cat([a, b], 2)),
    "cat into out= (resized)": (lambda: t234() + (th.empty(1, dtype=th.float64),),
                               lambda a, out: th.cat([a, a], out=out)),
    "stack": (t234, lambda t: th.stack([t, t.flip(0)], -1)),
    "stack past the inline dims": (seven_dims, lambda t: th.stack([t, t])),
    "stackArray into a result": (lambda: t234() + (th.empty(0),),
                                 lambda a, r: capi.join_array("stackArray", r, [a, a], 1)),
    "empty_like (strided)": (t234, lambda t: th.empty_like(t.permute(2, 0, 1))),
    "full_like": (t234, lambda t: th.full_like(t, 2, dtype=th.int16)),
    # random numbers (THGenerator.h, THTensorRandom.h)
    "Generator": (tuple, th.Generator),
    "rand": (tuple, lambda: th.rand(3, 4)),
    "randperm (int32)": (tuple, lambda: th.randperm(50, dtype=th.int32)),
    "randn": (tuple, lambda: th.randn(40)),
    "normal(tensor, tensor) (broadcast)": warmed(
        lambda: (th.ones(4, 1), th.ones(3, dtype=th.float64)), th.normal),
    "normal(number, tensor)": warmed(lambda: (th.ones(3),), lambda s: th.normal(2.0, s)),
    "bernoulli (tensor p)": (lambda: (th.full((2, 3), 0.5),), th.bernoulli),
    "poisson": (t234, th.poisson),
    "_standard_gamma": (t234, th._standard_gamma),
    "multinomial": (lambda: (th.rand(3, 40),), lambda p: th.multinomial(p, 4)),
    "multinomial (replacement)": (lambda: (th.rand(3, 40),),
                                  lambda p: th.multinomial(p, 4, True)),
    # factories and the structure of matrices (THTensorFactories.h)
    "eye": (tuple, lambda: th.eye(3, 4)),
    "linspace": (tuple, lambda: th.linspace(0, 1, 50, dtype=th.float16)),
    "logspace": (tuple, lambda: th.logspace(0, 1, 50)),
    "diag (of a vector)": (lambda: (th.arange(3.0),), lambda t: th.diag(t, 1)),
    "tril (batched, transposed)": (t234, lambda t: th.tril(t.transpose(1, 2), -1)),
    "triu_": (t234, lambda t: t.triu_(1)),
    "trace": (t234, lambda t: th.trace(t[0])),
    "cross (broadcast)": warmed(lambda: (th.ones(4, 3), th.ones(1, 3)), th.cross),
    "dist": warmed(t234, lambda t: th.dist(t, t[0])),
    "renorm": warmed(t234, lambda t: th.renorm(t, 2, 1, 1.0)),
    "diag_embed": (t234, lambda t: th.diag_embed(t, 1)),
    "kron": warmed(lambda: (th.ones(2, 3), th.ones(2, 2)), th.kron),
    "vander": warmed(lambda: (th.arange(4.0),), th.vander),
    # LAPACK (THTensorLapack.h): every routine, batched, inputs in a layout
    # that needs a copy
    **{f"linalg.{name}": warmed(spd, action) for name, action in {
        "solve": lambda a: th.linalg.solve(a, a[..., 0]),
        "solve_ex": lambda a: th.linalg.solve_ex(a, a.mT),
        "inv": th.linalg.inv, "inv_ex": th.linalg.inv_ex, "det": th.linalg.det,
        "slogdet": th.linalg.slogdet, "cholesky": th.linalg.cholesky,
        "cholesky_ex (upper)": lambda a: th.linalg.cholesky_ex(a, upper=True),
        "cholesky_inverse": th.linalg.cholesky_inverse,
        "solve_triangular": lambda a: th.linalg.solve_triangular(a, a, upper=True, left=False),
        "lu_factor": th.linalg.lu_factor,
        "lu_solve": lambda a: th.linalg.lu_solve(*th.linalg.lu_factor(a), a),
        "qr": th.linalg.qr, "qr (complete)": lambda a: th.linalg.qr(a[..., :2], "complete"),
        "eigh": th.linalg.eigh, "eigvalsh": th.linalg.eigvalsh, "eig": th.linalg.eig,
        "svd": th.linalg.svd, "svdvals": th.linalg.svdvals,
        "lstsq (gelsy)": lambda a: th.linalg.lstsq(a, a),
        "lstsq (gelsd)": lambda a: th.linalg.lstsq(a[..., :2], a, driver="gelsd"),
        "lstsq (gels)": lambda a: th.linalg.lstsq(a[..., :2], a, driver="gels"),
        "householder_product": lambda a: th.linalg.householder_product(*_lapack.geqrf(a)),
        "ormqr": lambda a: _lapack.ormqr(*_lapack.geqrf(a), a, False, True),
        "pinv": th.linalg.pinv,
        "pstrf": lambda a: _lapack.pstrf(a, True),
        "lu": th.linalg.lu,
        "lu (wide)": lambda a: th.linalg.lu(a[..., :2, :]),
        "lu_unpack (broadcast pivots)": lambda a: th.lu_unpack(a.mT, th.linalg.lu_factor(a)[1][0]),
        "ldl_factor (transposed)": lambda a: th.linalg.ldl_factor(a.mT),
        "ldl_solve": lambda a: th.linalg.ldl_solve(*th.linalg.ldl_factor(a), a[0]),
        "tensorinv": lambda a: th.linalg.tensorinv(a[0].reshape(3, 3, 1), 1),
        "tensorsolve": lambda a: th.linalg.tensorsolve(a[0], a[1, 0]),
        "vecdot": lambda a: th.linalg.vecdot(a, a[0], dim=0),
    }.items()},
    # convolution (THTensorConv.h): BLAS items, the generic product (int64,
    # bias), a non-contiguous input, the asymmetric 'same' padding
    **{f"conv {name}": warmed(conv_operands, action) for name, action in {
        "conv2d": lambda x, w, b: th.nn.functional.conv2d(x, w, b, padding=1),
        "conv2d (groups, strided, transposed input)": lambda x, w, b: th.nn.functional.conv2d(
            x.transpose(2, 3), w[:, :2], None, stride=2, groups=2),
        "conv2d (int64)": lambda x, w, b: th.nn.functional.conv2d(
            x.to(th.int64), w.to(th.int64), b.to(th.int64)),
        "conv1d (same, even kernel)": lambda x, w, b: quietly(
            th.nn.functional.conv1d, x[:, :, 0], w[:, :, 0, :2], b, padding="same"),
        "conv3d": lambda x, w, b: th.nn.functional.conv3d(x[:, :, None], w[:, :, None], b),
        "conv_transpose2d (groups, strided, transposed input)":
            lambda x, w, b: th.nn.functional.conv_transpose2d(
                x.transpose(2, 3), w[:, :2], th.ones(4, dtype=th.float64), stride=2,
                output_padding=1, groups=2),
        "conv_transpose1d (unbatched)": lambda x, w, b: th.nn.functional.conv_transpose1d(
            x[0, :, 0], w[:, :, 0], b, padding=1),
        "conv_transpose2d (float16: float32 copies)": lambda x, w, b:
            th.nn.functional.conv_transpose2d(x.to(th.float16), w.to(th.float16),
                                              b.to(th.float16), stride=2),
        "conv_transpose2d (complex128, int64)": lambda x, w, b: (
            th.nn.functional.conv_transpose2d(x.to(th.complex128), w.to(th.complex128)),
            th.nn.functional.conv_transpose2d(x.to(th.int64), w.to(th.int64), b.to(th.int64))),
    }.items()},
    # TH's plane convolutions (THTensorConv.h): operands read aside (a
    # transposed kernel, an input under the result), a result computed aside
    **{f"TH {name}": (planes_operands, action) for name, action in {
        "conv2Dmv": lambda r, t, k: conv_planes.call("conv2Dmv", r, 0.5, 1.0, t, k.mT, (1, 1)),
        "conv2Dmm (full, result not contiguous)": lambda r, t, k: conv_planes.call(
            "conv2Dmm", th.zeros(1, 4, 5, 7, dtype=th.float64).mT, 1.0, 2.0, t[None], k,
            (1, 1), b"F", b"C"),
        "conv2Dger (result over the input)": lambda r, t, k: conv_planes.call(
            "conv2Dger", t, 0.0, 1.0, t[:, :1, :1], k[0, :, :1, :1], (1, 1)),
    }.items()},
    # sparse COO (THSTensor.h)
    "sparse_coo_tensor": (coo_parts, lambda i, v: th.sparse_coo_tensor(i, v, (3, 4, 2))),
    "sparse_coo_tensor (size inferred)": (coo_parts, th.sparse_coo_tensor),
    "sparse coalesce": (a_coo, lambda s: s.coalesce()),
    "sparse coalesce (wide sizes)": (lambda: (th.sparse_coo_tensor(
        th.tensor([[1 << 40, 0, 1 << 40], [3, 1 << 20, 3]]), th.ones(3)),), lambda s: s.coalesce()),
    "sparse to_dense": (a_coo, lambda s: s.to_dense()),
    "sparse clone": (a_coo, lambda s: s.clone()),
    "sparse transpose": (a_coo, lambda s: s.transpose(0, 1)),
    "sparse zero_": (a_coo, lambda s: s.zero_()),
    "sparse _indices": (a_coo, lambda s: s._indices()),
    "sparse * 2": warmed(a_coo, lambda s: s * 2),
    "sparse / 2": warmed(a_coo, lambda s: s / 2),
    "sparse + sparse": warmed(a_coo, lambda s: s + s),
    "sparse - sparse": warmed(a_coo, lambda s: s - s),
    "dense + sparse": warmed(a_coo, lambda s: th.ones(3, 4, 2) + s),
    "sparse - dense": warmed(a_coo, lambda s: s - th.ones(3, 4, 2)),
    "sparse.sum": (a_coo, th.sparse.sum),
    "sparse.sum(dims)": (a_coo, lambda s: th.sparse.sum(s, (1, 2))),
    "sparse.mm": (lambda: (th.sparse_coo_tensor(th.tensor([[0, 1, 0], [1, 0, 1]]), th.ones(3),
                                                (2, 2)), th.ones(2, 3)), th.sparse.mm),
    "to_sparse": (t234, lambda t: t.to_sparse(2)),
    "sparse pickle": (a_coo, lambda s: pickle.loads(pickle.dumps(s))),
    "sparse set": (lambda: (capi.sparse_new_with_dims(th.float32, 1, 0, [4]), th.tensor([[3, 1]]),
                            th.ones(2)), capi.sparse_set),
    "sparse copy": (lambda: (capi.sparse_new_with_size(th.float32, [1]),) + a_coo(),
                    capi.sparse_copy),
    "sparse resizeNd (new dims)": (lambda: (capi.sparse_new_with_size(th.float32, [1]),),
                                   lambda s: capi.sparse_resize(s, 1, 1, [2, 3])),
    "sparse newWithDims": (tuple, lambda: capi.sparse_new_with_dims(th.int8, 2, 1, [2, 3, 4])),
    # sorting, selection and scans (THTensorSort.h, THTensorScan.h)
    "sort": (t234, lambda t: t.sort(1)),
    "sort (long row, threads)": (lambda: (th.arange(300000, 0, -1, dtype=th.float32),),
                                 lambda t: t.sort(descending=True)),
    "sort into the input (aside)": (lambda: t234() + (th.empty(0, dtype=th.int64),),
                                    lambda t, ix: th.sort(t, 0, out=(t, ix))),
    "argsort of a transposed view": (t234, lambda t: t.transpose(0, 2).argsort(1)),
    "topk": (t234, lambda t: th.topk(t, 2, 2)),
    "kthvalue": (t234, lambda t: th.kthvalue(t, 2, 1, keepdim=True)),
    "median()": (t234, lambda t: t.median()),
    "nanmedian(dim)": (t234, lambda t: t.nanmedian(0)),
    "mode": (t234, lambda t: t.mode(1)),
    "msort": (t234, th.msort),
    "cumsum (int64 promotion)": (lambda: (th.arange(24, dtype=th.int16).view(2, 3, 4),),
                                 lambda t: t.cumsum(1)),
    "cumsum into another view of the input (aside)": (
        t234, lambda t: th.cumsum(t, 2, out=t.view(2, 4, 3).transpose(1, 2))),
    "cumprod_ (dtype= converts)": (t234, lambda t: t.cumprod_(0, dtype=th.float64)),
    "cummax": (t234, lambda t: t.cummax(2)),
    "cummin into out=": (lambda: t234() + (th.empty(0), th.empty(0, dtype=th.int64)),
                         lambda t, v, i: th.cummin(t, 1, out=(v, i))),
    "logcumsumexp": (t234, lambda t: t.logcumsumexp(-1)),
    "logcumsumexp (complex64)": (lambda: (th.arange(24.0).view(2, 3, 4).to(th.complex64),),
                                 lambda t: t.logcumsumexp(1)),
    "topk of a few (filtered rows)": (lambda: (th.arange(4096.0).view(2, 2048),),
                                      lambda t: th.topk(t, 5, 1)),
    "searchsorted (sorter, rows)": (t234, lambda t: th.searchsorted(
        t, t[:, :, 1:], sorter=t.argsort(-1), right=True)),
    "bucketize (int32)": (t234, lambda t: th.bucketize(t, th.tensor([1.0, 5.0]), out_int32=True)),
    "bincount (weights)": (lambda: (th.tensor([1, 4, 1]), th.tensor([0.5, 1.0, 2.0])),
                           lambda x, w: th.bincount(x, w, minlength=7)),
    "histc": (t234, lambda t: th.histc(t, 5)),
    "unique (inverse, counts)": warmed(t234, lambda t: th.unique(
        t.remainder(5), return_inverse=True, return_counts=True)),
    "unique(dim)": warmed(t234, lambda t: th.unique(t.remainder(2), dim=2)),
    "unique_consecutive": warmed(t234, lambda t: th.unique_consecutive(t, return_counts=True)),
    "diff (n=2, prepend)": warmed(t234, lambda t: th.diff(t, 2, 1, prepend=t)),
    "quantile": warmed(t234, lambda t: th.quantile(t, th.tensor([0.2, 0.7]), 1)),
    "nanquantile (nearest)": warmed(t234, lambda t: th.nanquantile(t, 0.5, interpolation="nearest")),
    # element-wise math and expressions
    # (warmed: the engine's per-thread buffers grow on first use, see warmed)
    "a * b + c (a temporary reused)": warmed(
        t234, lambda t: t * t.transpose(0, 1).transpose(0, 1) + 2),
    "a += lazy(b) * c + 2": warmed(t234, lambda t: t.__iadd__(th.lazy(t[1]) * t[0] + 2)),
    "add into out= (resized)": warmed(lambda: t234() + (th.empty(0, dtype=th.float64),),
                                      lambda t, out: th.add(t, t[0], alpha=2, out=out)),
    "setitem of an Expr (overlapping)": warmed(
        t234, lambda t: t.__setitem__(1, th.lazy(t[0]) * 2)),
    "div rounding_mode='trunc' (integers)": warmed(
        lambda: (th.arange(-6, 6).view(3, 4),), lambda t: th.div(t, 5, rounding_mode="trunc")),
    "isclose": warmed(t234, lambda t: th.isclose(t, t.flip(0), equal_nan=True)),
    "contains": warmed(t234, lambda t: 5 in t),
    "to(float64)": warmed(t234, lambda t: t.transpose(0, 2).to(th.float64)),
    # the augmented assignments with no saver: a op b, then stored
    **{f"x {op}= y": warmed(lambda: (th.arange(1, 13, dtype=th.int64).view(3, 4),
                                     th.arange(1, 5, dtype=th.int64)),
                            lambda x, y, op=op: exec(f"x {op}= y", {}, {"x": x, "y": y}))
       for op in ("//", "%", "**", "&", "|", "^")},
    "x //= 3": warmed(lambda: (th.arange(1, 13).view(3, 4),), lambda x: x.__ifloordiv__(3)),
    "out *= lazy(a) @ b (a product computed apart)": warmed(
        lambda: (th.ones(2, 3), th.ones(3, 2), th.ones(2, 2)),
        lambda a, b, out: out.__imul__((th.lazy(a) + 1) @ b)),
}


def geometry(args):
    return [(a.shape, a.stride(), a.storage_offset(), len(a.storage())) if isinstance(a, th.Tensor)
            else (a.shape, a._nnz(), a.is_coalesced()) if isinstance(a, th.SparseTensor)
            else len(a) for a in args]


@pytest.mark.parametrize("name", list(CASES))
def test_every_failing_allocation_is_freed(name):
    setup, action = CASES[name]
    args = setup()
    with th.debug.count_allocations() as counted:
        result = action(*args)
    del result, args
    assert counted.allocations >= 1, f"{name} made no allocation to fail"
    for k in range(1, counted.allocations + 1):
        args = setup()
        shapes = geometry(args)
        before = th.debug.live()
        with th.debug.fail_allocations(after=k) as failure:
            with pytest.raises(MemoryError, match="failed to allocate|out of memory"):
                action(*args)
        assert failure.fired and failure.allocations == k
        assert th.debug.live() == before, f"{name}: allocation {k} of {counted.allocations}"
        assert geometry(args) == shapes, f"{name} changed its arguments on failure"
        del args


def test_fail_allocations_checks_its_argument():
    with pytest.raises(ValueError, match="after must be >= 1"):
        with th.debug.fail_allocations(after=0):
            pass


def test_a_failure_not_reached_does_not_fire():
    with th.debug.fail_allocations(after=1000) as failure:
        t = th.empty(2)
    assert not failure.fired and failure.allocations == 3
    del t
    with th.debug.fail_allocations(after=1):
        pass
    t = th.empty(2)  # disarmed on exit
    assert t.shape == (2,)
