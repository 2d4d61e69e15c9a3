# Types of th._errors (compiled): importing it installs th's error handler.
MAX_MISUSE_REPORTS: int

def pop_misuse_reports() -> list[str]:
    """The misuse reports recorded since the last call, oldest first."""

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
class OutOfRange(Error, IndexError):
    """An index or a dim out of range.

    >>> try:
    ...     th.zeros(2)[5]
    ... except IndexError as e:
    ...     print(type(e).__name__)
    ...
    OutOfRange
    """
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
