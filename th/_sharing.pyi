# Types of th._sharing (compiled): shared memory and mapped files.
from os import PathLike
from typing import Union

from th._dtype import _DTypeLike
from th._storage import Storage

def storage_from_file(filename: Union[str, bytes, PathLike[str], PathLike[bytes]],
                      shared: bool = False, size: int = 0, dtype: _DTypeLike = None) -> Storage:
    """A storage over a memory-mapped file: size elements (0: the whole
    file). shared=True writes through to the file (and creates or grows it,
    owner-only); shared=False is a private copy-on-write view of an existing
    file. A shared one keeps its descriptor open, so that th.multiprocessing
    can pass the mapping on (as it does shared memory) instead of a copy.
    """
def move_to_shared_memory(s: Storage) -> None: ...
def is_shared(s: Storage) -> bool: ...
def shared_fd(s: Storage) -> int:
    """The descriptor of a shared mapping (shared memory or a file mapped
    shared; borrowed: the storage closes it), or -1 when it has none to pass
    on.
    """
def storage_from_fd(fd: int, size: int, dtype: _DTypeLike) -> Storage:
    """A storage over a shared mapping received as a descriptor (shared
    memory or a file), which it takes (and keeps, to pass it on again), also
    when this fails.
    """
