"""The C core's process-wide state: live-object counts and copy threads."""
from th.libTH cimport THGetLiveCounts, THGetNumThreads, THLiveCounts, THSetNumThreads


def live_counts():
    """(storages, tensors, bytes) alive in the C core right now."""
    cdef THLiveCounts c = THGetLiveCounts()
    return (c.storages, c.tensors, c.bytes)


def get_num_threads():
    """Threads a long copy is split across (TH_NUM_THREADS, else the CPUs, at most 8)."""
    return THGetNumThreads()


def set_num_threads(int n):
    """Use n threads for long copies from now on (n < 1: back to the default)."""
    THSetNumThreads(n)
