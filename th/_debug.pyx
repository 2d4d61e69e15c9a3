"""C-level debugging state: live-object counts."""
from th.libTH cimport THGetLiveCounts, THLiveCounts


def live_counts():
    """(storages, tensors, bytes) alive in the C core right now."""
    cdef THLiveCounts c = THGetLiveCounts()
    return (c.storages, c.tensors, c.bytes)
