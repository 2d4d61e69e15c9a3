"""out= given a strided view of the result's shape (every other element of
a bigger buffer, a transposed matrix): the results land in the view's
elements, as torch's, and the rest of the buffer is untouched. A resize of
a tensor that has the sizes already keeps its strides (torch's resize_);
one that makes it contiguous writes the view's first elements instead."""
import numpy as np
import pytest

import th

torch = pytest.importorskip("torch")

X = np.array([[0.1, 0.5, 0.2, 0.9], [0.3, 0.3, 0.8, 0.1], [0.7, 0.2, 0.6, 0.4]], np.float32)
V4 = np.array([1.0, -1.0, 2.0, 0.5], np.float32)


def sparse(lib):
    return lib.sparse_coo_tensor(lib.tensor([[0, 1, 2], [1, 0, 3]]), lib.tensor([1.0, 2.0, 3.0]),
                                 (3, 4))


CASES = {  # the call, its result's shape and dtype (seeded: th's streams are torch's)
    "logsumexp": (lambda lib, out: lib.logsumexp(lib.tensor(X), 1, out=out), (3,), "float32"),
    "special.logsumexp": (lambda lib, out: lib.special.logsumexp(lib.tensor(X), 1, out=out),
                          (3,), "float32"),
    "quantile": (lambda lib, out: lib.quantile(lib.tensor(X), 0.5, dim=1, out=out), (3,),
                 "float32"),
    "nanquantile": (lambda lib, out: lib.nanquantile(lib.tensor(X), 0.5, dim=1, out=out), (3,),
                    "float32"),
    "tensordot": (lambda lib, out: lib.tensordot(lib.tensor(X), lib.tensor(V4), dims=1,
                                                 out=out), (3,), "float32"),
    "addr into float64": (lambda lib, out: lib.addr(lib.zeros(2, 2), lib.tensor([1.0, 2.0]),
                                                   lib.tensor([3.0, 4.0]), out=out),
                          (2, 2), "float64"),
    "sparse @ dense": (lambda lib, out: lib.mm(sparse(lib), lib.ones(4, 2), out=out), (3, 2),
                       "float32"),
    "normal(tensor, number)": (lambda lib, out: lib.normal(lib.zeros(3, 4), 1.0, out=out),
                               (3, 4), "float32"),
    "normal(number, tensor)": (lambda lib, out: lib.normal(0.5, lib.ones(3, 4), out=out),
                               (3, 4), "float32"),
    "normal(tensor, tensor)": (lambda lib, out: lib.normal(lib.zeros(3, 4), lib.ones(3, 4),
                                                           out=out), (3, 4), "float32"),
    "normal(number, number, size)": (lambda lib, out: lib.normal(0.0, 1.0, (3, 4), out=out),
                                     (3, 4), "float32"),
    "bernoulli": (lambda lib, out: lib.bernoulli(lib.full((3, 4), 0.5), out=out), (3, 4),
                  "float32"),
    "multinomial": (lambda lib, out: lib.multinomial(lib.ones(3, 4), 3, out=out), (3, 3),
                    "int64"),
    "multinomial with replacement": (
        lambda lib, out: lib.multinomial(lib.ones(4), 3, replacement=True, out=out), (3,),
        "int64"),
}


def strided_views(lib, shape, dtype):
    """Bases and their views of shape: every other element of the last dim,
    and (2-dim) a transposed matrix."""
    base = lib.zeros(shape[:-1] + (2 * shape[-1],), dtype=getattr(lib, dtype))
    yield base, base[..., ::2]
    if len(shape) == 2:
        base = lib.zeros(shape[::-1], dtype=getattr(lib, dtype))
        yield base, base.t()


@pytest.mark.parametrize("name", list(CASES))
def test_results_land_in_a_strided_outs_elements_as_torchs(name):
    call, shape, dtype = CASES[name]
    for (ours, out), (theirs, tout) in zip(strided_views(th, shape, dtype),
                                           strided_views(torch, shape, dtype)):
        th.manual_seed(0), torch.manual_seed(0)
        call(th, out), call(torch, tout)
        assert out.stride() == tuple(tout.stride())
        np.testing.assert_allclose(np.array(ours.tolist()), np.array(theirs.tolist()),
                                   rtol=1e-6, atol=1e-7)


def test_resize_to_the_same_sizes_keeps_the_strides_as_torchs():
    for lib in (th, torch):
        t = lib.zeros(10)[::2]
        assert t.resize_(5).stride() == (2,)
        m = lib.zeros(4, 3).t()
        assert m.resize_(3, 4).stride() == (1, 3)
        assert m.resize_as_(lib.ones(3, 4)).stride() == (1, 3)
        assert m.resize_(2, 6).stride() == (6, 1)  # other sizes: contiguous
    frozen = np.zeros(4, np.float32)
    frozen.flags.writeable = False
    with pytest.raises(RuntimeError, match="read-only"):  # kept sizes or not: to be written
        th.from_numpy(frozen).resize_(4)
