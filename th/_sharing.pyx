"""Storages in files and in shared memory: Storage.from_file, share_memory_,
is_shared, and the descriptors th.multiprocessing passes between processes."""
import os

from libc.stdint cimport int64_t

cimport th._errors
from th._args cimport as_int64
from th._dtype cimport as_scalar_type
from th._storage cimport Storage, wrap_storage
from th.libTH cimport *


def storage_from_file(filename, bint shared=False, size=0, dtype=None):
    """A storage over a memory-mapped file: size elements (0: the whole
    file). shared=True writes through to the file (and creates or grows it,
    owner-only); shared=False is a private copy-on-write view of an existing
    file. A shared one keeps its descriptor open, so that th.multiprocessing
    can pass the mapping on (as it does shared memory) instead of a copy."""
    cdef bytes path = os.fsencode(filename)
    cdef int flags = (TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_KEEPFD if shared
                      else TH_ALLOCATOR_MAPPED_NOCREATE)
    return wrap_storage(THStorage_newWithMapping(
        <THScalarType>as_scalar_type(dtype, TH_FLOAT32), path, as_int64(size, "from_file(): size"),
        flags))


def move_to_shared_memory(Storage s not None):
    THStorage_moveToSharedMemory(s.cdata)


def is_shared(Storage s not None):
    return THStorage_isShared(s.cdata) != 0


def shared_fd(Storage s not None):
    """The descriptor of a shared mapping (shared memory or a file mapped
    shared; borrowed: the storage closes it), or -1 when it has none to pass
    on."""
    if THStorage_allocator(s.cdata) != &THMapAllocator:
        return -1
    return THMapAllocatorContext_fd(<THMapAllocatorContext *>THStorage_allocatorContext(s.cdata))


def storage_from_fd(int fd, int64_t size, dtype):
    """A storage over a shared mapping received as a descriptor (shared
    memory or a file), which it takes (and keeps, to pass it on again), also
    when this fails."""
    cdef THScalarType t
    try:
        t = <THScalarType>as_scalar_type(dtype, TH_FLOAT32)
    except BaseException:
        os.close(fd)
        raise
    return wrap_storage(THStorage_newWithMappingFd(
        t, NULL, fd, size,
        TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_KEEPFD))
