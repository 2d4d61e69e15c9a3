# Types of th._dlpack (compiled).
from typing import Any, Literal

from th._tensor import Tensor

DLPACK_VERSION: tuple[int, int]

def to_dlpack(t: Tensor, stream: Any = None, max_version: tuple[int, int] | None = None,
              dl_device: tuple[int, int] | None = None, copy: bool | None = None) -> Any:
    """The capsule behind Tensor.__dlpack__ (see there)."""
def dlpack_device() -> tuple[Literal[1], Literal[0]]: ...
def from_dlpack(obj: Any) -> Tensor:  # an object with __dlpack__, or a DLPack capsule
    """A tensor over the memory of a DLPack producer (numpy, torch, ...): an
    object with __dlpack__, or a DLPack capsule. No copy: a producer that
    flags its memory read-only (a versioned capsule) gives a read-only
    tensor (Tensor.is_readonly). The producer's memory is released when
    th's storage dies. A capsule th cannot take (a bad shape or strides, a dtype or
    device th lacks) is consumed all the same: its deleter is called, with
    no exception pending, before from_dlpack raises.

    >>> import numpy as np
    >>> th.from_dlpack(np.arange(3))
    tensor([0, 1, 2])
    """
