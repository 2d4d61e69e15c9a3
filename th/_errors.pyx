"""The Python side of th's error contract.

Importing this module installs, as th's process-wide default error handler, a
handler that turns each C error into the matching Python exception carrying
the C message. Every C function then returns its error value and Cython's
``except NULL`` / ``except -1`` propagates the exception, also from inside
``with nogil:`` blocks (the handler takes the GIL itself)."""
from cpython.exc cimport PyErr_Fetch, PyErr_Restore, PyErr_SetObject, PyErr_WriteUnraisable
from cpython.ref cimport PyObject
from cpython.unicode cimport PyUnicode_DecodeUTF8
from libc.string cimport strlen

from th.libTH cimport (THErrorInfo, THSetDefaultErrorInfoHandler, TH_ERROR_INDEX,
                       TH_ERROR_MEMORY, TH_ERROR_OS, TH_ERROR_TYPE, TH_ERROR_UNSUPPORTED,
                       TH_ERROR_VALUE)


# Misuse reports (unraisable: double frees, retains of freed objects) since
# the last pop_misuse_reports(), for the leak harness to show; bounded.
_misuse_reports = []
MAX_MISUSE_REPORTS = 100
# sys.unraisablehook's "Exception ignored in: ..." for those reports
_UNRAISABLE_CONTEXT = "th's C core (a free or retain, which cannot raise)"


def pop_misuse_reports():
    """The misuse reports recorded since the last call, oldest first."""
    reports = _misuse_reports[:]
    del _misuse_reports[:]
    return reports


class Error(RuntimeError):
    """A call th refuses. A RuntimeError, the class torch raises for most
    refusals, so code written for torch catches it; the subclasses are also
    the builtin class that names the kind of mistake (as numpy's AxisError is
    both a ValueError and an IndexError).

    >>> try:
    ...     th.zeros(2).view(3)
    ... except RuntimeError as e:
    ...     print(isinstance(e, th.Error), type(e).__name__)
    ...
    True ArgumentError
    """
    __module__ = "th"


class ArgumentError(Error, ValueError):
    """A shape or a value th cannot take: operands that do not broadcast, a
    size that does not fit a view, a value the dtype cannot hold.

    >>> try:
    ...     th.ones(2) + th.ones(3)
    ... except ValueError as e:
    ...     print(type(e).__name__)
    ...
    ArgumentError
    """
    __module__ = "th"


class DtypeError(Error, TypeError):
    """A dtype th cannot take: a result that cannot be cast into out=, an op
    the dtype does not support.

    >>> try:
    ...     th.zeros(2, dtype=th.int64).add_(0.5)
    ... except TypeError as e:
    ...     print(type(e).__name__)
    ...
    DtypeError
    """
    __module__ = "th"


class OutOfRange(Error, IndexError):
    """An index or a dim out of range.

    >>> try:
    ...     th.zeros(2)[5]
    ... except IndexError as e:
    ...     print(type(e).__name__)
    ...
    OutOfRange
    """
    __module__ = "th"


class UnsupportedDtype(DtypeError, NotImplementedError):
    """An op the operands' dtype does not implement (floor of complex,
    bitwise_and of floats): a NotImplementedError too, as torch raises.

    >>> try:
    ...     th.floor(th.tensor([1j]))
    ... except NotImplementedError as e:
    ...     print(type(e).__name__)
    ...
    UnsupportedDtype
    """
    __module__ = "th"


cdef object exception_type(int kind):
    if kind == TH_ERROR_INDEX:
        return OutOfRange
    if kind == TH_ERROR_VALUE:
        return ArgumentError
    if kind == TH_ERROR_TYPE:
        return DtypeError
    if kind == TH_ERROR_MEMORY:
        return MemoryError
    if kind == TH_ERROR_OS:
        return OSError
    if kind == TH_ERROR_UNSUPPORTED:
        return UnsupportedDtype
    return Error


cdef void python_error_handler(const THErrorInfo *error, void *data) noexcept with gil:
    cdef PyObject *pending_type
    cdef PyObject *pending_value
    cdef PyObject *pending_tb
    message = PyUnicode_DecodeUTF8(error.message, strlen(error.message), "replace")
    exc = exception_type(error.kind)
    if error.kind == TH_ERROR_OS:  # OSError(errno, ...) picks FileNotFoundError & co.
        exc_value = OSError(error.os_errno, message)
        PyErr_SetObject(type(exc_value), exc_value)
        return
    if not error.unraisable:
        PyErr_SetObject(exc, message)
        return
    # The reporting function (a free or retain) has no error return: record
    # it, report it through sys.unraisablehook and leave any pending
    # exception as it was.
    if len(_misuse_reports) < MAX_MISUSE_REPORTS:
        _misuse_reports.append(message)
    PyErr_Fetch(&pending_type, &pending_value, &pending_tb)
    PyErr_SetObject(exc, message)
    PyErr_WriteUnraisable(_UNRAISABLE_CONTEXT)
    PyErr_Restore(pending_type, pending_value, pending_tb)


THSetDefaultErrorInfoHandler(python_error_handler, NULL)
