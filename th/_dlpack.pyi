# Types of th._dlpack (compiled).
from typing import Any, Literal

from th._tensor import Tensor

DLPACK_VERSION: tuple[int, int]

def to_dlpack(t: Tensor, stream: Any = None, max_version: tuple[int, int] | None = None,
              dl_device: tuple[int, int] | None = None, copy: bool | None = None) -> Any: ...
def dlpack_device() -> tuple[Literal[1], Literal[0]]: ...
def from_dlpack(obj: Any) -> Tensor: ...  # an object with __dlpack__, or a DLPack capsule
