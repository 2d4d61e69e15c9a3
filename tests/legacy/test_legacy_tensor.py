"""TH v0.4's typed tensor, storage and copy functions (generic/THTensor.h,
THStorage.h, THTensorCopy.h, THStorageCopy.h) with TH's semantics, called
through ctypes inside the TH boundary, for every TH type."""
import ctypes
from ctypes import c_char, c_double, c_float, c_int, c_int64, c_void_p as P

import numpy as np
import pytest

import th
import th.legacy
from legacy_capi import LIB, legacy_fn

TYPES = {"Byte": th.uint8, "Char": th.int8, "Short": th.int16, "Int": th.int32,
         "Long": th.int64, "Float": th.float32, "Double": th.float64, "Half": th.float16}
CTYPES = {"Byte": ctypes.c_uint8, "Char": ctypes.c_int8, "Short": ctypes.c_int16,
          "Int": ctypes.c_int32, "Long": ctypes.c_int64, "Float": c_float, "Double": c_double}


def T(real, name, restype, *argtypes):
    return legacy_fn(f"TH{real}Tensor_{name}", restype, *argtypes)


def S(real, name, restype, *argtypes):
    return legacy_fn(f"TH{real}Storage_{name}", restype, *argtypes)


def adopt(address):
    return th.legacy.adopt_tensor(address)


def long_storage(values):
    s = th.tensor(list(values), dtype=th.int64).storage()
    return s


@pytest.fixture(params=list(TYPES))
def real(request):
    return request.param


# ------------------------------------------------------------ fields

def test_fields_and_sizes(real):
    t = th.zeros(3, 4, dtype=TYPES[real])[1:, ::2]
    assert T(real, "nDimension", c_int, P)(t) == 2
    assert [T(real, "size", c_int64, P, c_int)(t, d) for d in (0, 1)] == [2, 2]
    assert [T(real, "stride", c_int64, P, c_int)(t, d) for d in (0, 1)] == [4, 2]
    assert T(real, "storageOffset", ctypes.c_ssize_t, P)(t) == 4
    assert T(real, "storage", P, P)(t) == t.storage()._cdata
    assert T(real, "data", P, P)(t) == t.data_ptr()
    assert T(real, "nElement", ctypes.c_ssize_t, P)(t) == 4
    with pytest.raises(th.Error, match=f"TH{real}Tensor_size: dimension 2 out of range of 2D"):
        T(real, "size", c_int64, P, c_int)(t, 2)
    with pytest.raises(th.Error, match="out of range"):
        T(real, "stride", c_int64, P, c_int)(t, -1)  # TH never wrapped dims


def test_size_and_stride_storages():
    t = th.zeros(2, 3, 4).transpose(0, 2)
    sizes = adopt_storage(T("Float", "newSizeOf", P, P)(t))
    strides = adopt_storage(T("Float", "newStrideOf", P, P)(t))
    assert sizes.tolist() == [4, 3, 2] and strides.tolist() == [1, 4, 12]
    assert sizes.refcount == 1 and sizes.dtype == th.int64


def adopt_storage(address):
    return th.legacy.adopt_storage(address)


def test_a_wrong_dtype_or_null_is_a_th_error():
    with pytest.raises(th.DtypeError, match="THFloatTensor_nDimension: self is a Double tensor"):
        T("Float", "nDimension", c_int, P)(th.zeros(2, dtype=th.float64))
    with pytest.raises(th.ArgumentError, match="THFloatTensor_nDimension: self is NULL"):
        T("Float", "nDimension", c_int, P)(None)
    with pytest.raises(th.DtypeError, match=r"is a bool tensor \(dtype bool\)"):
        T("Byte", "nDimension", c_int, P)(th.zeros(2, dtype=th.bool))


# ---------------------------------------------------------- creation

def test_new_has_no_dims_and_no_elements(real):
    t = adopt(T(real, "new", P)())
    assert t.dim() == 0 and t.dtype == TYPES[real] and t.refcount == 1
    assert T(real, "nElement", ctypes.c_ssize_t, P)(t) == 0  # TH: no dims, no elements


def test_new_with_size_and_tensor(real):
    a = adopt(T(real, "newWithSize2d", P, c_int64, c_int64)(2, 3))
    assert a.shape == (2, 3) and a.is_contiguous() and a.refcount == 1
    b = adopt(T(real, "newWithSize4d", P, c_int64, c_int64, c_int64, c_int64)(1, 2, 3, 4))
    assert b.shape == (1, 2, 3, 4)
    # sizes stop at the first size <= 0
    c = adopt(T(real, "newWithSize3d", P, c_int64, c_int64, c_int64)(2, 0, 5))
    assert c.shape == (2,)
    d = adopt(T(real, "newWithSize", P, P, P)(long_storage([2, 5]), long_storage([1, 2])))
    assert d.shape == (2, 5) and d.stride() == (1, 2)
    e = adopt(T(real, "newWithTensor", P, P)(a))
    assert e.shape == a.shape and e.storage().data_ptr() == a.storage().data_ptr()
    assert a.storage().refcount == 3  # a's, e's and the Python Storage object's


def test_new_with_storage_and_negative_strides_mean_contiguous():
    s = th.arange(24, dtype=th.float64).storage()
    t = adopt(T("Double", "newWithStorage2d", P, P, ctypes.c_ssize_t, c_int64, c_int64, c_int64,
                c_int64)(s, 2, 2, -1, 3, -1))
    assert t.shape == (2, 3) and t.stride() == (3, 1) and t.storage_offset() == 2
    assert t.tolist() == [[2, 3, 4], [5, 6, 7]]
    u = adopt(T("Double", "newWithStorage", P, P, ctypes.c_ssize_t, P, P)(
        s, 1, long_storage([3, 2]), long_storage([2, 7])))
    assert u.stride() == (2, 7) and u.tolist() == [[1, 8], [3, 10], [5, 12]]


def test_new_with_storage_grows_an_unshared_storage_only():
    s = th.Storage(3, dtype=th.float32)
    with pytest.raises(th.Error, match="shared|resiz"):
        # s is held by this Python object and the new tensor: th does not
        # reallocate it under the other holders (TH did)
        T("Float", "newWithStorage1d", P, P, ctypes.c_ssize_t, c_int64, c_int64)(s, 0, 10, 1)
    t = adopt(T("Float", "newWithStorage1d", P, P, ctypes.c_ssize_t, c_int64, c_int64)(
        None, 0, 10, 1))
    assert t.shape == (10,) and t.storage().size() == 10


def test_new_clone_contiguous(real):
    dtype = TYPES[real]
    x = th.arange(12, dtype=th.int64).to(dtype).reshape(3, 4).t()
    c = adopt(T(real, "newClone", P, P)(x))
    assert c.is_contiguous() and c.tolist() == x.tolist()
    assert c.storage().data_ptr() != x.storage().data_ptr()
    k = adopt(T(real, "newContiguous", P, P)(x))
    assert k.is_contiguous() and k.tolist() == x.tolist()
    y = th.zeros(3, dtype=dtype)
    same = adopt(T(real, "newContiguous", P, P)(y))  # TH: self, retained
    assert same._cdata == y._cdata and y.refcount == 2


def test_new_views(real):
    dtype = TYPES[real]
    x = th.arange(24, dtype=th.int64).to(dtype).reshape(2, 3, 4)
    n = adopt(T(real, "newNarrow", P, P, c_int, c_int64, c_int64)(x, 2, 1, 2))
    assert n.tolist() == x[:, :, 1:3].tolist()
    s = adopt(T(real, "newSelect", P, P, c_int, c_int64)(x, 1, 2))
    assert s.tolist() == x[:, 2].tolist()
    t = adopt(T(real, "newTranspose", P, P, c_int, c_int)(x, 0, 2))
    assert t.shape == (4, 3, 2) and t.tolist() == x.permute(2, 1, 0).tolist()
    u = adopt(T(real, "newUnfold", P, P, c_int, c_int64, c_int64)(x, 2, 2, 2))
    assert u.shape == (2, 3, 2, 2) and u.tolist() == x.unfold(2, 2, 2).tolist()
    v = adopt(T(real, "newView", P, P, P)(x, long_storage([4, -1])))
    assert v.shape == (4, 6) and v.tolist() == x.reshape(4, 6).tolist()


def test_view_errors_leak_nothing():
    x = th.zeros(3, 4)
    with pytest.raises(th.Error, match="newNarrow: size 3 from index 2 out of range"):
        T("Float", "newNarrow", P, P, c_int, c_int64, c_int64)(x, 1, 2, 3)
    with pytest.raises(th.Error, match="newSelect: cannot select on a vector"):
        T("Float", "newSelect", P, P, c_int, c_int64)(th.zeros(4), 0, 1)
    with pytest.raises(th.Error, match="view size is not compatible"):
        T("Float", "newView", P, P, P)(x.t(), long_storage([12]))
    with pytest.raises(th.Error, match="only one dimension can be inferred"):
        T("Float", "newView", P, P, P)(x, long_storage([-1, -1]))
    with pytest.raises(th.Error, match="invalid for input with 12 elements"):
        T("Float", "newView", P, P, P)(x, long_storage([5, -1]))
    with pytest.raises(th.Error, match="newUnfold: invalid step 0"):
        T("Float", "newUnfold", P, P, c_int, c_int64, c_int64)(x, 0, 1, 0)


# ------------------------------------------------------------ resize

def test_resize_rules(real):
    t = th.empty(0, dtype=TYPES[real])
    T(real, "resize2d", None, P, c_int64, c_int64)(t, 3, 4)
    assert t.shape == (3, 4) and t.storage().size() == 12
    T(real, "resize1d", None, P, c_int64)(t, 5)  # never shrinks the storage
    assert t.shape == (5,) and t.storage().size() == 12
    T(real, "resize3d", None, P, c_int64, c_int64, c_int64)(t, 2, 0, 4)
    assert t.dim() == 1 and t.shape == (2,)  # sizes stop at the first 0
    T(real, "resize5d", None, P, c_int64, c_int64, c_int64, c_int64, c_int64)(t, 1, 2, 1, 2, 3)
    assert t.shape == (1, 2, 1, 2, 3)
    T(real, "resize4d", None, P, c_int64, c_int64, c_int64, c_int64)(t, 0, 1, 1, 1)
    assert t.dim() == 0  # no elements: no dims
    T(real, "resize", None, P, P, P)(t, long_storage([2, 3]), long_storage([1, 2]))
    assert t.shape == (2, 3) and t.stride() == (1, 2)
    src = th.zeros(4, 1, 2, dtype=TYPES[real])
    T(real, "resizeAs", None, P, P)(t, src)
    assert t.shape == (4, 1, 2) and t.is_contiguous()
    sizes = (c_int64 * 2)(3, 3)
    strides = (c_int64 * 2)(-1, 3)
    T(real, "resizeNd", None, P, c_int, P, P)(t, 2, sizes, strides)
    assert t.shape == (3, 3) and t.stride() == (9, 3)  # -1: size[1] * stride[1], as TH


def test_resize_of_a_shared_storage_is_refused():
    t = th.zeros(2)
    view = t[:]
    with pytest.raises(th.Error, match="shared|resiz"):
        T("Float", "resize1d", None, P, c_int64)(t, 100)
    assert t.shape == (2,) and view.shape == (2,)


# ----------------------------------------------------------- setters

def test_set_and_set_storage(real):
    dtype = TYPES[real]
    a, b = th.zeros(2, 3, dtype=dtype), th.zeros(5, dtype=dtype)
    T(real, "set", None, P, P)(b, a)
    assert b.shape == (2, 3) and b.storage().data_ptr() == a.storage().data_ptr()
    assert T(real, "isSetTo", c_int, P, P)(b, a) == 1
    s = th.arange(10, dtype=th.int64).to(dtype).storage()
    sizes, strides = (c_int64 * 2)(3, 2), (c_int64 * 2)(3, 1)
    T(real, "setStorageNd", None, P, P, ctypes.c_ssize_t, c_int, P, P)(b, s, 1, 2, sizes, strides)
    assert b.tolist() == [[1, 2], [4, 5], [7, 8]]
    T(real, "setStorage1d", None, P, P, ctypes.c_ssize_t, c_int64, c_int64)(b, s, 2, 4, 2)
    assert b.tolist() == [2, 4, 6, 8]
    T(real, "setStorage", None, P, P, ctypes.c_ssize_t, P, P)(b, s, 0, long_storage([5]), None)
    assert b.tolist() == [0, 1, 2, 3, 4]
    with pytest.raises(th.Error, match="invalid storage offset -1"):
        T(real, "setStorage1d", None, P, P, ctypes.c_ssize_t, c_int64, c_int64)(b, s, -1, 2, 1)
    assert b.tolist() == [0, 1, 2, 3, 4]  # unchanged
    # from a tensor of more dims than a struct keeps inline (5, and TH's most, 64)
    for nd in (5, 64):
        many = th.zeros((1,) * nd, dtype=dtype)
        T(real, "setStorage1d", None, P, P, ctypes.c_ssize_t, c_int64, c_int64)(many, s, 2, 4, 2)
        assert many.tolist() == [2, 4, 6, 8]
        many = th.zeros((1,) * nd, dtype=dtype)
        sizes, strides = (c_int64 * nd)(*([1] * (nd - 1) + [3])), (c_int64 * nd)(*([1] * nd))
        T(real, "setStorageNd", None, P, P, ctypes.c_ssize_t, c_int, P, P)(many, s, 1, nd, sizes,
                                                                             strides)
        assert many.shape == (1,) * (nd - 1) + (3,) and many.flatten().tolist() == [1, 2, 3]


# --------------------------------------------------- in-place views

def test_in_place_views_write_self(real):
    dtype = TYPES[real]
    x = th.arange(24, dtype=th.int64).to(dtype).reshape(2, 3, 4)
    r = th.empty(0, dtype=dtype)
    T(real, "narrow", None, P, P, c_int, c_int64, c_int64)(r, x, 1, 1, 2)
    assert r.tolist() == x[:, 1:3].tolist()
    T(real, "select", None, P, P, c_int, c_int64)(r, None, 0, 1)  # src NULL: self
    assert r.tolist() == x[1, 1:3].tolist()
    T(real, "transpose", None, P, P, c_int, c_int)(r, None, 0, 1)
    assert r.tolist() == x[1, 1:3].t().tolist()
    T(real, "unfold", None, P, P, c_int, c_int64, c_int64)(r, x, 0, 1, 1)
    assert r.shape == (2, 3, 4, 1)
    T(real, "squeeze1d", None, P, P, c_int)(r, None, 3)
    assert r.shape == (2, 3, 4)
    T(real, "unsqueeze1d", None, P, P, c_int)(r, None, 3)
    assert r.shape == (2, 3, 4, 1) and r.stride()[3] == 1
    T(real, "squeeze", None, P, P)(r, None)
    assert r.shape == (2, 3, 4)


def test_squeeze_rules():
    ones = th.zeros(1, 1, 1)
    r = th.empty(0)
    T("Float", "squeeze", None, P, P)(r, ones)
    assert r.shape == (1,)  # TH: never 0 dims
    T("Float", "squeeze1d", None, P, P, c_int)(r, None, 0)
    assert r.shape == (1,)  # the last dim stays
    with pytest.raises(th.Error, match="cannot unsqueeze empty tensor"):
        T("Float", "unsqueeze1d", None, P, P, c_int)(r, adopt(T("Float", "new", P)()), 0)


# ----------------------------------------------------------- queries

def test_queries():
    a = th.zeros(2, 3)
    assert T("Float", "isContiguous", c_int, P)(a) == 1
    assert T("Float", "isContiguous", c_int, P)(a.t()) == 0
    assert T("Float", "isContiguous", c_int, P)(th.zeros(3, 1).t()) == 1  # size-1 dims ignored
    assert T("Float", "isSameSizeAs", c_int, P, P)(a, th.ones(2, 3)) == 1
    assert T("Float", "isSameSizeAs", c_int, P, P)(a, a.t()) == 0
    assert T("Float", "isSize", c_int, P, P)(a, long_storage([2, 3])) == 1
    assert T("Float", "isSize", c_int, P, P)(a, long_storage([3, 2])) == 0
    assert T("Float", "isSetTo", c_int, P, P)(a, a[:]) == 1
    assert T("Float", "isSetTo", c_int, P, P)(a, a[1:]) == 0


# --------------------------------------------------------- refcounts

def test_retain_free_and_free_copy_to():
    a = th.zeros(3)
    T("Float", "retain", None, P)(a)
    assert a.refcount == 2
    T("Float", "free", None, P)(a)
    assert a.refcount == 1
    T("Float", "free", None, P)(None)  # NULL: nothing
    src = adopt(T("Float", "newWithSize1d", P, c_int64)(3))
    src.fill_(7)
    T("Float", "retain", None, P)(src)  # the reference freeCopyTo takes
    dst = th.zeros(3)
    T("Float", "freeCopyTo", None, P, P)(src, dst)
    assert dst.tolist() == [7, 7, 7] and src.refcount == 1
    T("Float", "retain", None, P)(src)
    with pytest.raises(th.Error, match="inconsistent tensor size"):
        T("Float", "freeCopyTo", None, P, P)(src, th.zeros(2))
    assert src.refcount == 1  # taken even on error


# --------------------------------------------------- element access

@pytest.mark.parametrize("real", ["Byte", "Char", "Short", "Int", "Long", "Float", "Double"])
def test_get_set(real):
    dtype, ct = TYPES[real], CTYPES[real]
    shapes = {1: (3,), 2: (3, 2), 3: (2, 3, 2), 4: (2, 1, 3, 2)}
    for n, shape in shapes.items():
        t = th.zeros(*shape, dtype=dtype)
        index = tuple(s - 1 for s in shape)
        T(real, f"set{n}d", None, P, *[c_int64] * n, ct)(t, *index, 5)
        assert t[index].item() == 5
        assert T(real, f"get{n}d", ct, P, *[c_int64] * n)(t, *index) == 5
        bad = tuple(s if d == 0 else 0 for d, s in enumerate(shape))
        with pytest.raises(th.Error, match=f"TH{real}Tensor_get{n}d: index .* out of range"):
            T(real, f"get{n}d", ct, P, *[c_int64] * n)(t, *bad)
    with pytest.raises(th.Error, match="tensor must have 2 dimension"):
        T(real, "get2d", ct, P, c_int64, c_int64)(th.zeros(3, dtype=dtype), 0, 0)


# ----------------------------------------------------------- storages

def test_storage_functions(real):
    dtype = TYPES[real]
    s = th.legacy.adopt_storage(S(real, "newWithSize", P, ctypes.c_ssize_t)(4))
    assert s.size() == 4 and s.dtype == dtype and s.refcount == 1
    assert S(real, "size", ctypes.c_ssize_t, P)(s) == 4
    assert S(real, "data", P, P)(s) == s.data_ptr()
    assert S(real, "elementSize", ctypes.c_size_t)() == th.empty(0, dtype=dtype).element_size()
    if real != "Half":
        ct = CTYPES[real]
        S(real, "fill", None, P, ct)(s, 3)
        S(real, "set", None, P, ctypes.c_ssize_t, ct)(s, 1, 9)
        assert S(real, "get", ct, P, ctypes.c_ssize_t)(s, 1) == 9
        assert s.tolist() == [3, 9, 3, 3]
        with pytest.raises(th.Error, match="index 4 out of bounds"):
            S(real, "get", ct, P, ctypes.c_ssize_t)(s, 4)
        two = th.legacy.adopt_storage(S(real, "newWithSize2", P, ct, ct)(1, 2))
        assert two.tolist() == [1, 2]
        four = th.legacy.adopt_storage(S(real, "newWithSize4", P, ct, ct, ct, ct)(1, 2, 3, 4))
        assert four.tolist() == [1, 2, 3, 4]
    S(real, "resize", None, P, ctypes.c_ssize_t)(s, 6)
    assert s.size() == 6
    with pytest.raises(th.Error, match="shrinking a storage"):
        S(real, "resize", None, P, ctypes.c_ssize_t)(s, 2)
    assert s.size() == 6
    e = th.legacy.adopt_storage(S(real, "new", P)())
    assert e.size() == 0
    S(real, "retain", None, P)(e)
    S(real, "free", None, P)(e)
    assert e.refcount == 1


def test_storage_with_data_takes_it():
    alloc = legacy_fn("THAlloc", P, ctypes.c_ssize_t)
    data = alloc(3 * 8)
    ctypes.memmove(data, (c_double * 3)(1, 2, 3), 24)
    s = th.legacy.adopt_storage(S("Double", "newWithData", P, P, ctypes.c_ssize_t)(data, 3))
    assert s.tolist() == [1, 2, 3] and s.data_ptr() == data


def test_storage_swap_and_flags():
    a = th.legacy.adopt_storage(S("Float", "newWithSize3", P, c_float, c_float, c_float)(7, 8, 9))
    b = th.legacy.adopt_storage(S("Float", "newWithSize3", P, c_float, c_float, c_float)(1, 2, 3))
    S("Float", "swap", None, P, P)(a, b)
    assert a.tolist() == [1, 2, 3] and b.tolist() == [7, 8, 9]
    one = th.legacy.adopt_storage(S("Float", "newWithSize1", P, c_float)(1))
    with pytest.raises(th.Error, match="storages of 3 and 1 elements"):
        S("Float", "swap", None, P, P)(a, one)  # a tensor over a would point past one's data
    S("Float", "clearFlag", None, P, c_char)(a, b"\x02")  # TH_STORAGE_RESIZABLE
    with pytest.raises(th.Error, match="resizable"):
        S("Float", "resize", None, P, ctypes.c_ssize_t)(a, 5)
    S("Float", "setFlag", None, P, c_char)(a, b"\x02")
    S("Float", "resize", None, P, ctypes.c_ssize_t)(a, 5)
    assert a.size() == 5


# ------------------------------------------------------------- copies

@pytest.mark.parametrize("src", ["Byte", "Char", "Short", "Int", "Long", "Float", "Double", "Half"])
def test_copies_convert_every_pair(real, src):
    values = [0, 1, 2, 3, 4, 5]
    a = th.tensor(values, dtype=th.int64).to(TYPES[src]).reshape(2, 3)
    b = th.zeros(3, 2, dtype=TYPES[real])
    T(real, f"copy{src}", None, P, P)(b, a)
    assert b.reshape(-1).tolist() == values
    sa = th.tensor(values, dtype=th.int64).to(TYPES[src]).storage()
    sb = th.zeros(6, dtype=TYPES[real]).storage()
    S(real, f"copy{src}", None, P, P)(sb, sa)
    assert sb.tolist() == values


def test_copy_checks():
    with pytest.raises(th.Error, match="inconsistent tensor size: 3 elements into 4"):
        T("Float", "copy", None, P, P)(th.zeros(4), th.zeros(3))
    with pytest.raises(th.Error, match="src is a Float tensor"):
        T("Float", "copyDouble", None, P, P)(th.zeros(4), th.zeros(4))
    with pytest.raises(th.Error, match="size mismatch"):
        S("Float", "copy", None, P, P)(th.zeros(4).storage(), th.zeros(3).storage())
    s = th.zeros(3).storage()
    S("Float", "rawCopy", None, P, P)(s, (c_float * 3)(1, 2, 3))
    assert s.tolist() == [1, 2, 3]


def test_a_th_empty_tensor_is_a_zero_scalar_to_th():
    """TH's empty (0 dims) handed to th's own code: one element, zero, in
    bounds (th reads a 0-dim tensor's element)."""
    t = adopt(T("Float", "new", P)())
    assert T("Float", "nElement", ctypes.c_ssize_t, P)(t) == 0
    assert t.dim() == 0 and t.sum().item() == 0 and t.storage().size() == 1
    T("Float", "resize2d", None, P, c_int64, c_int64)(t, 2, 2)
    T("Float", "resize1d", None, P, c_int64)(t, 0)  # back to TH's empty
    assert t.dim() == 0 and t.storage().size() >= 1


@pytest.mark.parametrize("name, argtypes, args", [
    ("take", [P, P, P], lambda r, x: (r, x, th.tensor([0, 1, 2], dtype=th.int64))),
    ("maskedSelect", [P, P, P], lambda r, x: (r, x, th.ones(6, dtype=th.uint8))),
    ("match", [P, P, P, c_float], lambda r, x: (r, x.reshape(3, 2), x.reshape(3, 2), 1.0)),
])
def test_a_failing_resize_frees_what_was_made_first(name, argtypes, args):
    """The result's storage is shared (a view of base), so growing it is
    refused after the values were gathered: the leak check fails this test
    if the gathered values or copies are not freed on the way out."""
    base = th.zeros(1)
    r = base[0:1]
    x = th.arange(6.0)
    with pytest.raises(th.Error, match="shared"):
        T("Float", name, None, *argtypes)(*args(r, x))
    assert r.shape == (1,)
