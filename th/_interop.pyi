# Types of th._interop (compiled). numpy is optional: arrays are Any here.
from typing import Any

from th._dtype import _DTypeLike
from th._tensor import Tensor

def from_numpy(a: Any) -> Tensor: ...
def asarray(obj: Any, dtype: _DTypeLike = None, copy: bool | None = None) -> Tensor: ...

# the loader of pickled storages (protocol 5 hands it a PickleBuffer)
def storage_from_buffer(obj: Any, dtype: Any, size: int) -> Any: ...
