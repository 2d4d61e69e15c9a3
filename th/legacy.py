"""Calling C code written against PyTorch's legacy TH (docs/LEGACY.md).

A TH-style function takes TH-typed pointers (THFloatTensor *, ...): pass a
th.Tensor of the matching dtype (ctypes sends its THTensor *, see
Tensor._as_parameter_). TH's errors do not return; `call` runs the function
inside a THLegacy_protect boundary, so a THError or a failing THArgCheck in
it arrives here as a Python exception (th.Error's kinds) instead of ending
the process.

    lib = ctypes.CDLL("./my_lib.so")
    lib.my_lib_add_forward.argtypes = [ctypes.c_void_p] * 3
    lib.my_lib_add_forward.restype = ctypes.c_int
    th.legacy.call(lib.my_lib_add_forward, a, b, out)

From Cython or C, wrap the call in THLegacy_protect (TH/THLegacyGeneral.h).
"""
import ctypes
import os

import th

__all__ = ["adopt_storage", "adopt_tensor", "call", "library"]

_FLOATING = (ctypes.c_float, ctypes.c_double)


def library() -> ctypes.PyDLL:
    """libTH.so, loaded with the GIL held during calls (ctypes.PyDLL): th's
    error handler sets the Python exception of a failing call."""
    global _lib
    if _lib is None:
        here = os.path.dirname(os.path.abspath(__file__))
        lib = ctypes.PyDLL(os.path.join(here, "libTH.so"))
        lib.THLegacy_call.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int64),
                                      ctypes.c_int, ctypes.POINTER(ctypes.c_double),
                                      ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
        lib.THLegacy_call.restype = ctypes.c_int
        lib.THLegacy_floatArg.argtypes = [ctypes.c_float]
        lib.THLegacy_floatArg.restype = ctypes.c_double
        _lib = lib
    return _lib


_lib = None


def adopt_tensor(address: int) -> "th.Tensor":
    """The th.Tensor of a THTensor * (an int, as a ctypes function with
    restype c_void_p returns it) that a TH function returned as a new
    reference (THFloatTensor_new*, ...): the Python object takes that
    reference, so do not free it yourself. Any dtype."""
    from th._tensor import _adopt_tensor
    return _adopt_tensor(address or 0)


def adopt_storage(address: int) -> "th.Storage":
    """As adopt_tensor, for a THStorage * (THFloatStorage_new*, ...)."""
    from th._storage import _adopt_storage
    return _adopt_storage(address or 0)


def _integer(kind, value):
    """An integer-class argument as the int64 its register carries."""
    if value is None:
        return 0
    if hasattr(value, "_as_parameter_"):
        value = value._as_parameter_
    if isinstance(value, ctypes.c_void_p):
        return value.value or 0
    if isinstance(value, ctypes._Pointer) or isinstance(value, ctypes.Array):
        return ctypes.cast(value, ctypes.c_void_p).value or 0
    if isinstance(value, ctypes._SimpleCData):
        value = value.value
    if kind is not None and issubclass(kind, ctypes._SimpleCData) and kind not in (
            ctypes.c_void_p, ctypes.c_char_p):
        value = kind(value).value  # wraps as C converts
    if isinstance(value, bytes):
        if kind is ctypes.c_char and len(value) == 1:
            return value[0]
        raise TypeError("pass bytes as a ctypes buffer (ctypes.create_string_buffer)")
    return ctypes.c_int64(int(value)).value


def call(fn: ctypes._CFuncPtr, *args: object) -> object:
    """fn(*args) inside a TH error boundary; returns fn's result.

    fn is a ctypes function with argtypes (pointers, integers, c_float,
    c_double; at most 6 integer-class and 8 floating) and restype set. A TH
    error raised inside fn is raised here (RuntimeError for THError and
    THArgCheck, the kind th gives for a failing th call). x86-64 and AArch64
    only (their calling conventions pass such arguments by class)."""
    for kind in list(getattr(fn, "argtypes", None) or []) + [getattr(fn, "restype", None)]:
        if isinstance(kind, type) and issubclass(kind, (ctypes.Structure, ctypes.Union)):
            raise TypeError(f"{getattr(fn, '__name__', 'fn')}: a struct or union passed or "
                            "returned by value cannot travel by register class; call it from "
                            "C or Cython inside THLegacy_protect")
    kinds = getattr(fn, "argtypes", None)
    if kinds is None:
        raise TypeError("set fn.argtypes first: each argument's C type decides how it travels")
    if len(kinds) != len(args):
        raise TypeError(f"{getattr(fn, '__name__', 'fn')} takes {len(kinds)} arguments, "
                        f"{len(args)} given")
    lib = library()
    ints, floats = [], []
    for kind, value in zip(kinds, args):
        if kind is ctypes.c_float:
            floats.append(lib.THLegacy_floatArg(float(value)))
        elif kind is ctypes.c_double:
            floats.append(float(value))
        else:
            ints.append(_integer(kind, value))
    restype = fn.restype
    floating = restype in _FLOATING
    result = ctypes.c_double() if floating else ctypes.c_int64()
    address = ctypes.cast(fn, ctypes.c_void_p).value
    int_array = (ctypes.c_int64 * max(len(ints), 1))(*ints)
    float_array = (ctypes.c_double * max(len(floats), 1))(*floats)
    rc = lib.THLegacy_call(address, int_array, len(ints), float_array, len(floats),
                           int(floating), ctypes.byref(result))
    if rc != 0:  # a failure raises above (th's handler set it); this is a guard
        raise RuntimeError("th.legacy.call: the call failed without an error set")
    if restype is None:
        return None
    if restype is ctypes.c_float:
        return ctypes.cast(ctypes.pointer(result), ctypes.POINTER(ctypes.c_float)).contents.value
    if floating:
        return result.value
    if restype is ctypes.c_void_p:
        return result.value or None
    return restype(result.value).value if issubclass(restype, ctypes._SimpleCData) else result.value
