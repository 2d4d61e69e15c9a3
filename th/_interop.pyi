# Types of th._interop (compiled). numpy is optional: arrays are Any here.
from typing import Any

from th._dtype import _DTypeLike
from th._tensor import Tensor

def from_numpy(a: Any) -> Tensor: ...
def asarray(obj: Any, dtype: _DTypeLike = None, copy: bool | None = None) -> Tensor: ...
