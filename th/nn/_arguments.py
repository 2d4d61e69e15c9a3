"""Arguments as torch.nn.functional parses them: an int or a sequence of
ints expanded to one per spatial dim (kernel_size=3 means (3, 3) for a 2-D
pooling), tensors checked by type; the pooling, padding, sampling and
normalization modules share these."""
import operator
from typing import Any, List, Sequence, Union

from th._tensor import Tensor

IntOrInts = Union[int, Sequence[int]]


def tensor_argument(fn: str, name: str, value: Any) -> Tensor:
    """value, a th.Tensor, or torch's TypeError naming the argument."""
    if not isinstance(value, Tensor):
        raise TypeError(f"{fn}(): argument '{name}' must be Tensor, not {type(value).__name__}")
    return value


def optional_tensor(fn: str, name: str, value: Any) -> "Tensor | None":
    return None if value is None else tensor_argument(fn, name, value)


def as_int(fn: str, name: str, value: Any) -> int:
    """An int (or an object with __index__; not a bool, not a float)."""
    if isinstance(value, bool) or isinstance(value, float):
        raise TypeError(f"{fn}(): argument '{name}' must be tuple of ints, "
                        f"but found element of type {type(value).__name__}")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{fn}(): argument '{name}' must be tuple of ints, not "
                        f"{type(value).__name__}") from None


def int_list(fn: str, name: str, value: Any) -> List[int]:
    """An int or a sequence of ints as a list (pad=, kernel_size=, ...)."""
    if isinstance(value, (tuple, list)):
        return [as_int(fn, name, v) for v in value]
    if isinstance(value, (bool, float, Tensor)) or not hasattr(value, "__index__"):
        raise TypeError(f"{fn}(): argument '{name}' must be tuple of ints, not "
                        f"{type(value).__name__}")
    return [operator.index(value)]


def expand_ints(fn: str, name: str, value: Any, n: int) -> List[int]:
    """An int, or a sequence of 1 or n ints, as n ints (torch's rule for
    kernel_size, stride, padding, dilation)."""
    values = int_list(fn, name, value)
    if len(values) == 1:
        return values * n
    if len(values) != n:
        from th._errors import ArgumentError
        raise ArgumentError(f"{fn}: {name} must either be a single int, or a tuple of {n} ints, "
                            f"but got {name}={values}")
    return values
