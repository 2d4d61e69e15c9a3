"""TH's typed API through ctypes, for tests: every call goes through
th.legacy.call (a TH error boundary), so a TH error is a Python exception.

    f = legacy_fn("THFloatTensor_narrow", None, P, P, c_int, c_int64, c_int64)
    f(t, None, 0, 1, 2)
"""
import ctypes
from ctypes import c_void_p as P  # noqa: F401  (re-exported for tests)

import th
import th.legacy

LIB = ctypes.CDLL(th.legacy.library()._name)


def legacy_fn(name, restype, *argtypes):
    """A callable for libTH's `name` that runs inside the TH boundary."""
    fn = getattr(LIB, name)
    fn.restype = restype
    fn.argtypes = list(argtypes)

    def call(*args):
        return th.legacy.call(fn, *args)

    call.__name__ = name
    return call


def from_address(address, refcount_owned=True):
    """The th.Tensor of a THTensor * a TH function returned (a new
    reference): the Python object takes that reference."""
    return th._testcapi.tensor_from_address(address, refcount_owned)
